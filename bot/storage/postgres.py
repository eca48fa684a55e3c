"""The PostgreSQL backend (asyncpg): a pool of connections shared by reads and writes.

Several bot processes share one database, each owning its own guilds' tables (a sharded
deployment, ``docs/deploying.md``). What keeps them from stepping on each other is the database's,
not a lock in one process: a write is one READ COMMITTED transaction on a pooled connection; the
action log's primary key ``(game_id, seq)`` takes a sequence number exactly once, whoever races
for it; a read-then-write that a unique key cannot guard (a rating, a guild's settings) first
takes a transaction-scoped advisory lock on its key (:meth:`PostgresConnection.lock`), so the
second writer waits and reads what the first wrote. Reads are REPEATABLE READ, READ ONLY
transactions: their several queries see one snapshot, as on SQLite.

The URL is asyncpg's (``postgresql://user:password@host:port/database``), plus one parameter of
ours, ``pool_size`` (connections this process may open; default :data:`DEFAULT_POOL_SIZE`), which
is taken off before asyncpg sees the URL.

Migrations are :mod:`bot.storage.schema`'s numbered files for this dialect, recorded one row per
version in ``schema_migrations``, each applied in its own transaction under an advisory lock, so
two processes starting together migrate once.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeAlias
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.errors import ConstraintError, SchemaVersionError
from bot.storage.schema import Migration, check_not_newer
from bot.storage.sql import NO_PARAMS, POSTGRESQL, Dialect, Params, Row, positional

__all__ = ["DEFAULT_POOL_SIZE", "PostgresBackend", "PostgresConnection", "is_postgres_url", "redacted", "split_url"]

DEFAULT_POOL_SIZE = 10
"""Connections one process may hold: its tables' writes and its commands' reads at once. Ten is
plenty for a few hundred tables (a write holds one for about a millisecond)."""

AnyConnection: TypeAlias = "asyncpg.Connection[Any] | PoolConnectionProxy[Any]"
"""A connection of asyncpg's, on its own or lent by a pool."""

_MIGRATION_LOCK = 0x4A414E54  # "JANT": the advisory lock key that serialises migrations
_STATUS_COUNT = re.compile(r"(\d+)$")


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def split_url(url: str) -> tuple[str, int]:
    """asyncpg's URL without our ``pool_size``, and the pool size (validated).

    >>> split_url("postgresql://bot@db/jantaku?pool_size=4&sslmode=require")
    ('postgresql://bot@db/jantaku?sslmode=require', 4)
    """
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    size = DEFAULT_POOL_SIZE
    kept: list[tuple[str, str]] = []
    for key, value in query:
        if key != "pool_size":
            kept.append((key, value))
            continue
        if not value.isdigit() or not 1 <= int(value) <= 1000:
            raise ValueError(f"pool_size in the database URL must be a whole number from 1 to 1000, not {value!r}")
        size = int(value)
    return urlunsplit(parts._replace(query=urlencode(kept))), size


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs.

    >>> redacted("postgresql://bot:hunter2@db:5432/jantaku?pool_size=4")
    'postgresql://bot:***@db:5432/jantaku?pool_size=4'
    >>> redacted("sqlite:///data/jantaku.sqlite3")
    'sqlite:///data/jantaku.sqlite3'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def _described(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return f"PostgreSQL {user}{host}{port}{parts.path}"


class PostgresConnection:
    """One transaction on a pooled asyncpg connection."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, connection: AnyConnection) -> None:
        self.connection = connection

    async def fetch(self, sql: str, params: Params = NO_PARAMS) -> list[Row]:
        text, names = positional(sql)
        try:
            return list(await self.connection.fetch(text, *(params[name] for name in names)))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error

    async def fetchrow(self, sql: str, params: Params = NO_PARAMS) -> Row | None:
        text, names = positional(sql)
        try:
            row: Row | None = await self.connection.fetchrow(text, *(params[name] for name in names))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error
        return row

    async def execute(self, sql: str, params: Params = NO_PARAMS) -> int:
        text, names = positional(sql)
        try:
            status = await self.connection.execute(text, *(params[name] for name in names))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error
        # "INSERT 0 1", "UPDATE 3", "DELETE 0": the count is the last number.
        found = _STATUS_COUNT.search(status)
        return int(found.group(1)) if found else 0

    async def executemany(self, sql: str, params: Iterable[Params]) -> None:
        text, names = positional(sql)
        rows = [tuple(values[name] for name in names) for values in params]
        if not rows:
            return
        try:
            await self.connection.executemany(text, rows)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error

    async def lock(self, key: str) -> None:
        await self.connection.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key)


class PostgresBackend:
    """A PostgreSQL database behind an asyncpg pool."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool[Any], *, description: str) -> None:
        self.pool = pool
        self._description = description
        self._closed = False

    @property
    def description(self) -> str:
        return self._description

    @classmethod
    async def connect(
        cls, url: str, *, migrations: Sequence[Migration], pool_size: int | None = None
    ) -> PostgresBackend:
        """Connect a pool to ``url`` and migrate the database."""
        dsn, size = split_url(url)
        if pool_size is not None:
            size = pool_size
        pool: asyncpg.Pool[Any] = await asyncpg.create_pool(
            dsn, min_size=min(2, size), max_size=size, server_settings={"application_name": "jantaku"}
        )
        try:
            async with pool.acquire() as connection:
                await migrate(connection, migrations)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, description=_described(dsn))

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        # Waits for every connection to come back to the pool: the write in flight commits first.
        await self.pool.close()

    def _check_open(self) -> None:
        if self._closed:
            raise ValueError("the store is closed")

    @asynccontextmanager
    async def write(self) -> AsyncIterator[PostgresConnection]:
        self._check_open()
        async with self.pool.acquire() as connection, connection.transaction():
            yield PostgresConnection(connection)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresConnection]:
        self._check_open()
        async with (
            self.pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresConnection(connection)


async def schema_version(connection: AnyConnection) -> int:
    """The newest migration recorded in the database (0 for an empty one)."""
    exists = await connection.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not exists:
        return 0
    return int(await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


async def migrate(connection: AnyConnection, migrations: Sequence[Migration]) -> int:
    """Bring the database up to the newest migration; returns the version it ends at."""
    latest = migrations[-1].version if migrations else 0
    check_not_newer(await schema_version(connection), latest)
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY,
                name       TEXT    NOT NULL,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )
            """
        )
    current = 0
    for migration in migrations:
        try:
            async with connection.transaction():
                # Under the lock, re-read: another process may have migrated since we looked.
                await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                current = await schema_version(connection)
                check_not_newer(current, latest)
                if migration.version <= current:
                    continue
                # Without arguments asyncpg sends the whole file as one simple query: every
                # statement in it runs, inside this transaction.
                await connection.execute(migration.sql)
                await connection.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", migration.version, migration.name
                )
        except asyncpg.PostgresError as error:
            raise SchemaVersionError(f"migration {migration.filename} failed: {error}") from error
        current = migration.version
    return max(current, await schema_version(connection))
