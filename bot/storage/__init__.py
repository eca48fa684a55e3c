"""Persistent state: the only package in Jantaku that speaks SQL.

:class:`Store` keeps guild settings, games and their seats, the ordered action log each game is
rebuilt from, per-hand and final results, and Plackett-Luce ratings, in one SQLite database
(aiosqlite, WAL: one writer connection, and reader connections so that reads and writes never
wait for each other). The schema lives in numbered ``migrations/NNNN_*.sql`` files tracked by
``PRAGMA user_version``. Everything crosses the boundary as the frozen dataclasses of
:mod:`bot.storage.models`, built from rows in :mod:`bot.storage.rows`.

Start-up recovery, in outline::

    async with Store.open(settings.database) as store:
        for game in await store.unfinished_games():
            engine_game = replay(await store.record(game.id))   # the exact state, mid-hand
            ...                                                  # re-post the table and carry on
"""

from bot.storage.errors import (
    ActionOrderError,
    ChannelBusyError,
    GameNotFoundError,
    GameStateError,
    SchemaVersionError,
    StorageError,
)
from bot.storage.hands import HandEntry, HandTracker
from bot.storage.models import (
    PERIODS,
    ChipTotals,
    FinalResult,
    GameRow,
    GameStatus,
    GameSummary,
    GuildSettings,
    HandResult,
    HandRow,
    LeaderboardRow,
    PanelHandle,
    Period,
    PlayerRating,
    PlayerSeat,
    PlayerStats,
)
from bot.storage.store import LEADERBOARD_ORDERS, Clock, Store, database_path

__all__ = [
    "LEADERBOARD_ORDERS",
    "PERIODS",
    "ActionOrderError",
    "ChannelBusyError",
    "ChipTotals",
    "Clock",
    "FinalResult",
    "GameNotFoundError",
    "GameRow",
    "GameStateError",
    "GameStatus",
    "GameSummary",
    "GuildSettings",
    "HandEntry",
    "HandResult",
    "HandRow",
    "HandTracker",
    "LeaderboardRow",
    "PanelHandle",
    "Period",
    "PlayerRating",
    "PlayerSeat",
    "PlayerStats",
    "SchemaVersionError",
    "StorageError",
    "Store",
    "database_path",
]
