"""The SQLite backend: one writer connection and a small pool of readers on one WAL file.

Writes run in ``BEGIN IMMEDIATE`` transactions on the writer, behind an asyncio lock, so two
coroutines never interleave statements on it and a read inside a write (a game's row while its
action is logged) sees that write's own uncommitted rows. Every read instead borrows a free
reader (``PRAGMA query_only``) and runs in its own snapshot transaction: WAL lets a reader see the
last committed state while a write is open, and lets a write commit while a read is still
running, so a slow leaderboard never holds up a table's next action and a slow write never holds
up ``/mahjong stats``. A ``:memory:`` database exists only inside its one connection, so it gets
no readers: its reads run on the writer, behind the same lock as the writes (as every read does
with ``readers=0``).

>>> database_path("sqlite:///data/jantaku.sqlite3")
'data/jantaku.sqlite3'
>>> database_path("sqlite:////var/lib/jantaku/jantaku.sqlite3")
'/var/lib/jantaku/jantaku.sqlite3'
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.errors import ConstraintError, StorageError
from bot.storage.schema import Migration, migrate
from bot.storage.sql import NO_PARAMS, SQLITE, Dialect, Params, Row

__all__ = ["BUSY_TIMEOUT_MS", "DEFAULT_READERS", "SqliteBackend", "SqliteConnection", "database_path"]

BUSY_TIMEOUT_MS = 5_000
"""How long a write waits for another connection's lock before giving up."""

DEFAULT_READERS = 2
"""Reads that run at once beside the writer: a leaderboard and a stats command together; a third waits its turn."""

MIN_SQLITE = (3, 37, 0)
"""STRICT tables arrived in SQLite 3.37."""


def database_path(target: str | os.PathLike[str]) -> str:
    """The SQLite file for a filesystem path or a ``sqlite:///`` URL (``:memory:`` passes through).

    URLs follow SQLAlchemy: three slashes then a relative path, four for an absolute one.
    """
    if isinstance(target, os.PathLike):
        return os.fspath(target)
    if "://" not in target:
        return target
    scheme, _, rest = target.partition("://")
    if scheme != "sqlite":
        raise ValueError(
            f"unsupported database URL scheme {scheme!r}: use sqlite:///data/jantaku.sqlite3 "
            "or postgresql://user@host/database"
        )
    if not rest.startswith("/") or len(rest) < 2:
        raise ValueError(f"write SQLite URLs as sqlite:///relative/path or sqlite:////absolute/path, not {target!r}")
    return rest[1:]


class SqliteConnection:
    """One transaction on an aiosqlite connection."""

    dialect: Dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, sql: str, params: Params = NO_PARAMS) -> list[Row]:
        async with self.db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def fetchrow(self, sql: str, params: Params = NO_PARAMS) -> Row | None:
        try:
            async with self.db.execute(sql, params) as cursor:
                row: Row | None = await cursor.fetchone()
                return row
        except sqlite3.IntegrityError as error:  # INSERT ... RETURNING
            raise ConstraintError(str(error)) from error

    async def execute(self, sql: str, params: Params = NO_PARAMS) -> int:
        try:
            cursor = await self.db.execute(sql, params)
        except sqlite3.IntegrityError as error:
            raise ConstraintError(str(error)) from error
        return cursor.rowcount

    async def executemany(self, sql: str, params: Iterable[Params]) -> None:
        try:
            await self.db.executemany(sql, list(params))
        except sqlite3.IntegrityError as error:
            raise ConstraintError(str(error)) from error

    async def lock(self, key: str) -> None:
        # BEGIN IMMEDIATE already holds the database's one write lock.
        return None


@asynccontextmanager
async def _snapshot(db: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    # One transaction for the whole read, so its several SELECTs agree with each other; rolled
    # back, never committed, because a read has nothing to keep.
    try:
        await db.execute("BEGIN")
        yield db
    finally:
        # Even when in_transaction says there is nothing to end: a read cancelled while its BEGIN
        # was still queued would hand its reader to the next read inside that transaction.
        # aiosqlite runs a connection's statements in order, so this ROLLBACK follows the BEGIN.
        with contextlib.suppress(sqlite3.Error):
            await db.execute("ROLLBACK")


async def _wal_mode(db: aiosqlite.Connection) -> None:
    """Put the database in WAL mode. Processes that open one new file at the same moment (a
    deployment starting) contend for it, and SQLite answers that contention "database is locked"
    at once, without its busy handler: so it is tried again, for as long as the busy timeout."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY or loop.time() >= give_up:
                raise
        await asyncio.sleep(0.01)  # the other process finishes its switch in a moment


class SqliteBackend:
    """One SQLite database: ``db`` writes; ``readers`` only ever read, lent to one read at a time."""

    dialect: Dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection, *, path: str, readers: Sequence[aiosqlite.Connection] = ()) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._readers = tuple(readers)
        self._free: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in self._readers:
            self._free.put_nowait(reader)
        self._reads = 0
        """Reads begun on the pool and not yet ended, including those still waiting for a reader."""
        self._no_reads = asyncio.Event()
        self._no_reads.set()
        self._closed = False
        self.path = path
        """The database file (or ``:memory:``)."""

    @property
    def description(self) -> str:
        return f"SQLite {self.path}"

    @classmethod
    async def connect(
        cls, target: str | os.PathLike[str], *, migrations: Sequence[Migration], readers: int = DEFAULT_READERS
    ) -> SqliteBackend:
        """Open (creating if needed) and migrate the database file.

        ``readers`` is how many reads can run at once beside the writer; 0 puts every read on the
        writer connection, behind its lock. A ``:memory:`` database always gets 0, since another
        connection would open a second, empty database.
        """
        if readers < 0:
            raise ValueError(f"readers must be 0 or more, not {readers}")
        if sqlite3.sqlite_version_info < MIN_SQLITE:
            raise StorageError(
                f"SQLite {sqlite3.sqlite_version} is too old; Jantaku needs {'.'.join(map(str, MIN_SQLITE))} or newer"
            )
        path = database_path(target)
        if path == ":memory:":
            readers = 0
        else:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        opened: list[aiosqlite.Connection] = []
        try:
            db = await cls._open_connection(path, opened)
            await db.execute("PRAGMA foreign_keys = ON")
            await _wal_mode(db)
            # FULL fsyncs the WAL at every commit: an action the players saw survives a power
            # cut, not only a crash of the process. Actions are a few per second at most.
            await db.execute("PRAGMA synchronous = FULL")
            await migrate(db, migrations)
            # Readers open after the migrations, so none of them ever sees an older schema.
            pool = [await cls._open_connection(path, opened) for _ in range(readers)]
            for reader in pool:
                # A write slipped into a read-only method fails loudly on a reader, instead of waiting
                # for the writer's lock and then vanishing in the read's rollback.
                await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            for connection in opened:
                await connection.close()
            raise
        return cls(db, path=path, readers=pool)

    @staticmethod
    async def _open_connection(path: str, opened: list[aiosqlite.Connection]) -> aiosqlite.Connection:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so sqlite3 never opens a hidden
        # transaction that would keep an action uncommitted after append_action returns (or, on
        # a reader, keep an old snapshot alive between reads).
        db = await aiosqlite.connect(path, isolation_level=None)
        opened.append(db)
        db.row_factory = aiosqlite.Row
        # Readers need it too: in WAL a read can still meet SQLITE_BUSY for a moment, while another
        # connection recovers the WAL index or restarts the log.
        await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
        return db

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        # Waiting for the reads rather than taking every reader off the queue: a read already
        # queued for a reader must still get one, and a close() that competed for them could win.
        await self._no_reads.wait()
        for reader in self._readers:
            await reader.close()
        async with self._lock:
            await self._db.close()

    def _check_open(self) -> None:
        # Without this a read after close() would wait forever for a reader that never comes back.
        if self._closed:
            raise ValueError("the store is closed")

    @asynccontextmanager
    async def write(self) -> AsyncIterator[SqliteConnection]:
        self._check_open()
        async with self._lock:
            try:
                # IMMEDIATE takes the write lock up front, so a second process waits at BEGIN
                # (busy_timeout) instead of failing halfway through our statements. Inside the
                # try: a task cancelled while its BEGIN is still queued leaves that BEGIN to run,
                # and without the ROLLBACK below every later write would fail to begin.
                await self._db.execute("BEGIN IMMEDIATE")
                yield SqliteConnection(self._db)
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        # Even when in_transaction says there is none: a BEGIN cancelled while queued has not run
        # yet. aiosqlite runs a connection's statements in order, so the ROLLBACK comes after it.
        # A COMMIT or BEGIN that had already finished (or failed) leaves no transaction, and the
        # ROLLBACK's error is dropped: the original error, or the cancellation, is the caller's.
        with contextlib.suppress(sqlite3.Error):
            await self._db.execute("ROLLBACK")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteConnection]:
        self._check_open()
        if not self._readers:
            async with self._lock, _snapshot(self._db) as db:
                yield SqliteConnection(db)
            return
        self._reads += 1
        self._no_reads.clear()
        try:
            reader = await self._free.get()
            try:
                async with _snapshot(reader) as db:
                    yield SqliteConnection(db)
            finally:
                self._free.put_nowait(reader)
        finally:
            self._reads -= 1
            if not self._reads:
                self._no_reads.set()
