"""The store: the only code in Jantaku that speaks SQL.

One :class:`Store` opens one :class:`~bot.storage.sql.Backend` (SQLite, :mod:`bot.storage.sqlite`,
the default: one file, one writer and a few readers; or PostgreSQL, :mod:`bot.storage.postgres`,
for several processes on one database) and closes it. What it keeps is cut into parts, each the
queries of one kind of thing, all on that backend through one :class:`~bot.storage.access.Access`:

==================  ===========================================================================
``store.guilds``    :class:`~bot.storage.guilds.Guilds`: each guild's table defaults
``store.players``   :class:`~bot.storage.players.Players`: each player's auto options, per guild
``store.games``     :class:`~bot.storage.games.GameLog`: games, their seats, the action log, records
``store.tables``    :class:`~bot.storage.tables.OpenTables`: lobbies, table messages, panels
``store.results``   :class:`~bot.storage.results.Results`: hands, final results, ratings, ends shown
``store.stats``     :class:`~bot.storage.stats.StatsQueries`: leaderboards, player stats, history
==================  ===========================================================================

The SQL is written once in what both databases share, with ``:name`` parameters; a write is one
transaction on ``backend.write()``, a read one snapshot on ``backend.read()``. Rows become the
frozen dataclasses of :mod:`bot.storage.models` in :mod:`bot.storage.rows`.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from bot.storage.access import Access, Clock, utc_now
from bot.storage.games import GameLog
from bot.storage.guilds import Guilds
from bot.storage.players import Players
from bot.storage.postgres import PostgresBackend, is_postgres_url
from bot.storage.results import Results
from bot.storage.schema import Migration, load_migrations
from bot.storage.sql import Backend
from bot.storage.sqlite import DEFAULT_READERS, SqliteBackend, database_path
from bot.storage.stats import LEADERBOARD_ORDERS, StatsQueries
from bot.storage.tables import OpenTables

__all__ = ["LEADERBOARD_ORDERS", "Clock", "Store", "database_path", "utc_now"]


class Store:
    """Jantaku's persistent state, in SQLite or PostgreSQL.

    Open it with ``async with Store.open("sqlite:///data/jantaku.sqlite3") as store:`` (or a
    ``postgresql://`` URL), or ``store = await Store.connect(...)`` and later ``await
    store.close()`` where a context manager does not fit (``setup_hook``); then ask the part
    that keeps what you need: ``await store.games.append_action(game_id, seq, action)``.
    """

    def __init__(self, backend: Backend, *, clock: Clock = utc_now) -> None:
        self.backend = backend
        """Where the data lives: the store's one way to the database."""
        access = Access(backend, clock)
        self.guilds = Guilds(access)
        """Each guild's table defaults."""
        self.players = Players(access)
        """Each player's auto options, per guild."""
        self.games = GameLog(access)
        """Games, their seats and their action logs."""
        self.tables = OpenTables(access)
        """Open lobbies, table messages and panels."""
        self.results = Results(access)
        """Hands, final results and ratings."""
        self.stats = StatsQueries(access)
        """Leaderboards, player stats and history."""

    # --- opening and closing --------------------------------------------------------------------

    @classmethod
    async def connect(
        cls,
        target: str | os.PathLike[str],
        *,
        clock: Clock = utc_now,
        migrations: Sequence[Migration] | None = None,
        readers: int = DEFAULT_READERS,
    ) -> Store:
        """Open (creating if needed) and migrate the database at ``target``: a file path, a
        ``sqlite:///`` URL, or a ``postgresql://`` URL.

        ``readers`` is, for SQLite, how many reads can run at once beside the writer (see
        :class:`~bot.storage.sqlite.SqliteBackend`); PostgreSQL sizes its pool from the URL's
        ``pool_size`` instead. ``migrations`` replaces the package's own, for tests of the
        migration machinery.
        """
        backend: Backend
        if is_postgres_url(target):
            assert isinstance(target, str)
            backend = await PostgresBackend.connect(
                target, migrations=load_migrations(dialect="postgresql") if migrations is None else migrations
            )
        else:
            backend = await SqliteBackend.connect(
                target,
                migrations=load_migrations(dialect="sqlite") if migrations is None else migrations,
                readers=readers,
            )
        return cls(backend, clock=clock)

    @classmethod
    @asynccontextmanager
    async def open(
        cls,
        target: str | os.PathLike[str],
        *,
        clock: Clock = utc_now,
        migrations: Sequence[Migration] | None = None,
        readers: int = DEFAULT_READERS,
    ) -> AsyncIterator[Store]:
        """``async with Store.open(path_or_url) as store:``: connect, and close on the way out."""
        store = await cls.connect(target, clock=clock, migrations=migrations, readers=readers)
        try:
            yield store
        finally:
            await store.close()

    async def close(self) -> None:
        """Close every connection, waiting for the reads and the write in flight; closing twice is harmless."""
        await self.backend.close()
