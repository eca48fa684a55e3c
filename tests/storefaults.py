"""Real write refusals for a :class:`~bot.storage.Store`, made at the SQLite level.

Nothing of ours is mocked: the store's own writer connection meets the errors SQLite raises when
the disk is full or another process holds the database.

* **A full disk.** ``PRAGMA max_page_count`` caps how large the database may grow; it belongs to
  a connection, so it is set on the store's writer, just above the file's current size. A write
  that fits in the pages already there would still succeed, so which write runs out of room would
  depend on how full the last page happens to be; to make it exact, a trigger (created through a
  second connection) gives every insert into the chosen table a large blob of ballast, which
  needs more pages than the limit leaves: that insert, and its whole transaction, fails with
  SQLITE_FULL ("database or disk is full"). :meth:`StoreFaults.free_disk` lifts the limit and
  drops the trigger and its ballast.
* **A locked database.** A second connection holding ``BEGIN EXCLUSIVE`` makes the writer's
  ``BEGIN IMMEDIATE`` wait out its busy timeout, then fail with SQLITE_BUSY ("database is
  locked"). The store waits 5 s; :meth:`StoreFaults.busy_timeout` shortens that for a test (or
  lengthens it, for a lock that must be let go before it refuses anything however slow the
  machine), and :meth:`StoreFaults.writer_waits` tells when a write has begun waiting for the
  lock, so a test lets go of it then rather than after guessing a time.

The store's private writer and lock are used here, and only here: a page limit and a busy timeout
are settings of one connection, so they can only be given to the connection that writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.storage import Store
from bot.storage.sqlite import SqliteBackend

__all__ = ["StoreFaults"]

BALLAST_TABLE = "fault_ballast"


class StoreFaults:
    """Makes a store refuse writes for real, and lets it write again."""

    def __init__(self, store: Store) -> None:
        if not isinstance(store.backend, SqliteBackend):
            raise ValueError(f"these faults are SQLite's; the store is on {store.backend.description}")
        if store.backend.path == ":memory:":
            raise ValueError("faults need a database file that a second connection can open")
        self.store = store
        self.backend = store.backend
        self._other = sqlite3.connect(store.backend.path, isolation_level=None, check_same_thread=False)
        self._other.execute("PRAGMA busy_timeout = 10000")
        self._triggers: list[str] = []
        self._max_pages: int | None = None
        self._locked = False
        self._began = asyncio.Event()
        """Set when the writer starts a transaction while :meth:`lock` holds the database."""

    def close(self) -> None:
        """Close the second connection (ending a lock it still holds)."""
        self._other.close()

    @asynccontextmanager
    async def _writer_idle(self) -> AsyncIterator[None]:
        # Between two of the store's transactions, so none is left half-way by what we do.
        async with self.backend._lock:  # private: see the module docstring
            yield

    async def _writer_pragma(self, pragma: str) -> int:
        async with self.backend._db.execute(f"PRAGMA {pragma}") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row is not None else 0

    # --- a full disk -------------------------------------------------------------------------------

    async def fill_disk(
        self, table: str = "actions", *, when: str = "1", event: str = "INSERT", spare_pages: int = 8
    ) -> None:
        """From now on the database cannot grow beyond a few pages, and every ``event`` (INSERT or
        UPDATE) on ``table`` for which the SQL condition ``when`` holds (on ``NEW``, and ``OLD``
        for an update) needs more than that: it fails with SQLITE_FULL. Other writes still fit in
        the ``spare_pages``."""
        async with self._writer_idle():
            page_size = self._other.execute("PRAGMA page_size").fetchone()[0]
            self._other.execute(f"CREATE TABLE IF NOT EXISTS {BALLAST_TABLE} (blob BLOB NOT NULL)")
            trigger = f"fault_full_{table}_{len(self._triggers)}"
            self._other.execute(
                f"""
                CREATE TRIGGER {trigger} AFTER {event} ON {table} WHEN {when}
                BEGIN INSERT INTO {BALLAST_TABLE} VALUES (zeroblob({(spare_pages + 8) * page_size})); END
                """
            )
            self._triggers.append(trigger)
            if self._max_pages is None:
                self._max_pages = await self._writer_pragma("max_page_count")
            pages = await self._writer_pragma("page_count")
            await self._writer_pragma(f"max_page_count = {pages + spare_pages}")

    async def free_disk(self) -> None:
        """Room again: the writer's page limit back to what it was, the triggers and ballast gone."""
        async with self._writer_idle():
            if self._max_pages is not None:
                await self._writer_pragma(f"max_page_count = {self._max_pages}")
                self._max_pages = None
            for trigger in self._triggers:
                self._other.execute(f"DROP TRIGGER IF EXISTS {trigger}")
            self._triggers.clear()
            self._other.execute(f"DROP TABLE IF EXISTS {BALLAST_TABLE}")

    # --- a locked database ---------------------------------------------------------------------------

    async def busy_timeout(self, seconds: float) -> None:
        """How long the store's writer waits for a lock before it gives up."""
        async with self._writer_idle():
            await self._writer_pragma(f"busy_timeout = {round(seconds * 1000):d}")

    async def lock(self) -> None:
        """Hold the database as another process would: the store's writes wait, then fail."""
        loop = asyncio.get_running_loop()

        def traced(statement: str) -> None:  # on the writer's thread, as each statement starts
            if statement.startswith("BEGIN"):
                loop.call_soon_threadsafe(self._began.set)

        async with self._writer_idle():
            await asyncio.to_thread(self._other.execute, "BEGIN EXCLUSIVE")
            self._began.clear()
            await self.backend._db.set_trace_callback(traced)
        self._locked = True

    async def writer_waits(self) -> None:
        """Wait until the store's writer has begun a transaction since :meth:`lock`: it now waits
        for the lock (out to its busy timeout), so letting go of it now shows a lock that only
        delayed a write."""
        assert self._locked, "nothing holds the database"
        await self._began.wait()

    async def unlock(self) -> None:
        """Let go of the lock taken by :meth:`lock`."""
        if self._locked:
            await asyncio.to_thread(self._other.execute, "ROLLBACK")
            self._locked = False
            with contextlib.suppress(ValueError):  # the store was closed meanwhile: nothing to trace
                # sqlite3 takes None to stop tracing; aiosqlite's stub only admits a callable.
                await self.backend._db.set_trace_callback(None)  # type: ignore[arg-type]
