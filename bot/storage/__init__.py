"""Persistent state: the only package in Jantaku that speaks SQL.

:class:`Store` keeps guild settings (``store.guilds``), each player's auto options
(``store.players``), games with their seats and the ordered action log each game is rebuilt from
(``store.games``), lobbies, table messages and panels (``store.tables``), per-hand and final
results with Plackett-Luce ratings (``store.results``), and answers the leaderboards, stats and
history (``store.stats``), in one SQLite file (the default: aiosqlite, WAL, one writer and a few
readers) or one PostgreSQL database (asyncpg; several bot processes may share it). The schema lives
in numbered ``migrations/<dialect>/*.sql`` files, the version recorded in the database. Everything
crosses the boundary as the frozen dataclasses of :mod:`bot.storage.models`, built from rows in
:mod:`bot.storage.rows`.

Start-up recovery, in outline::

    async with Store.open(settings.database) as store:
        for game in await store.games.unfinished():
            engine_game = replay(await store.games.record(game.id))  # the exact state, mid-hand
            ...                                                    # re-post the table and carry on
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
from bot.storage.games import GameLog
from bot.storage.guilds import Guilds
from bot.storage.hands import HandEntry, HandTracker
from bot.storage.models import (
    PERIODS,
    PICTURE_LOCALES,
    AutoOptions,
    ChipTotals,
    FinalResult,
    GameRow,
    GameStatus,
    GameSummary,
    GuildSettings,
    HandResult,
    HandRow,
    LeaderboardRow,
    LobbyRow,
    PanelHandle,
    Period,
    PlayerRating,
    PlayerSeat,
    PlayerStats,
    ScoreTotals,
    UnreadableLobby,
)
from bot.storage.players import Players
from bot.storage.results import Results
from bot.storage.stats import StatsQueries
from bot.storage.store import LEADERBOARD_ORDERS, Clock, Store, database_path
from bot.storage.tables import OpenTables

__all__ = [
    "DATABASE_ERRORS",
    "LEADERBOARD_ORDERS",
    "PERIODS",
    "PICTURE_LOCALES",
    "ActionOrderError",
    "AutoOptions",
    "ChannelBusyError",
    "ChipTotals",
    "Clock",
    "ConstraintError",
    "FinalResult",
    "GameLog",
    "GameNotFoundError",
    "GameRow",
    "GameStateError",
    "GameStatus",
    "GameSummary",
    "GuildSettings",
    "Guilds",
    "HandEntry",
    "HandResult",
    "HandRow",
    "HandTracker",
    "LeaderboardRow",
    "LobbyRow",
    "OpenTables",
    "PanelHandle",
    "Period",
    "PlayerRating",
    "PlayerSeat",
    "PlayerStats",
    "Players",
    "Results",
    "SchemaVersionError",
    "ScoreTotals",
    "StatsQueries",
    "StorageError",
    "Store",
    "UnreadableLobby",
    "database_path",
    "is_refusal",
]
