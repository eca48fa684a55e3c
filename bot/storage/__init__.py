"""Persistent state: the only package in Jantaku that speaks SQL.

:class:`Store` keeps guild settings, games and their seats, the ordered action log each game is
rebuilt from, per-hand and final results, and Plackett-Luce ratings, in one SQLite file (the
default: aiosqlite, WAL, one writer and a few readers) or one PostgreSQL database (asyncpg;
several bot processes may share it). The schema lives in numbered ``migrations/<dialect>/*.sql``
files, the version recorded in the database. Everything crosses the boundary as the frozen
dataclasses of :mod:`bot.storage.models`, built from rows in :mod:`bot.storage.rows`.

Start-up recovery, in outline::

    async with Store.open(settings.database) as store:
        for game in await store.unfinished_games():
            engine_game = replay(await store.record(game.id))   # the exact state, mid-hand
            ...                                                  # re-post the table and carry on
"""

from bot.storage.errors import (
    DATABASE_ERRORS,
    ActionOrderError,
    ChannelBusyError,
    ConstraintError,
    GameNotFoundError,
    GameStateError,
    SchemaVersionError,
    StorageError,
    is_refusal,
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
    "DATABASE_ERRORS",
    "LEADERBOARD_ORDERS",
    "PERIODS",
    "ActionOrderError",
    "ChannelBusyError",
    "ChipTotals",
    "Clock",
    "ConstraintError",
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
    "is_refusal",
]
