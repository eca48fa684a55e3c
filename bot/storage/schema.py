"""Numbered ``.sql`` migrations, one folder per dialect, applied in order.

A migration is a file ``migrations/<dialect>/NNNN_description.sql``; both dialects have the same
numbers and names, each written in its own SQL (``tests/storage/test_schema.py`` checks the two
end at the same tables and columns). Version ``N`` runs only when the database is below ``N``; it
runs in one transaction that also records ``N``, so a failed migration leaves the database
exactly as it was. SQLite records the version in ``PRAGMA user_version`` (here); PostgreSQL in a
``schema_migrations`` table (:mod:`bot.storage.postgres`). A database whose version is above
every known migration was written by a newer Jantaku and is refused.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

import aiosqlite

from bot.storage.errors import SchemaVersionError

__all__ = ["Migration", "check_not_newer", "load_migrations", "migrate", "split_statements", "user_version"]

_FILENAME = re.compile(r"^(?P<version>\d{4})_(?P<name>[a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    """One schema step."""

    version: int
    name: str
    sql: str

    @property
    def filename(self) -> str:
        """The file it came from, for error messages."""
        return f"{self.version:04d}_{self.name}.sql"


def load_migrations(directory: Traversable | None = None, *, dialect: str = "sqlite") -> tuple[Migration, ...]:
    """Every migration in ``directory`` (by default the package's own for ``dialect``), by version.

    Versions must run 1, 2, 3, ... without gaps: a gap would mean a file went missing, and
    skipping it would leave a schema no version number describes.
    """
    folder = directory if directory is not None else resources.files("bot.storage").joinpath("migrations", dialect)
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _FILENAME.match(entry.name)
        if match is None:
            if entry.name.endswith(".sql"):
                raise SchemaVersionError(f"migration file {entry.name!r} is not named NNNN_description.sql")
            continue
        found.append(Migration(int(match["version"]), match["name"], entry.read_text("utf-8")))
    found.sort(key=lambda migration: migration.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise SchemaVersionError(
                f"migrations must be numbered 1, 2, 3, ...: expected {expected}, found {migration.filename}"
            )
    return tuple(found)


def split_statements(sql: str) -> list[str]:
    """Split a script into statements, respecting strings, comments and trigger bodies.

    ``executescript`` would do this for us, but it commits any open transaction first, which
    would break the one-transaction-per-migration guarantee.

    >>> split_statements("CREATE TABLE a (x TEXT DEFAULT ';'); -- note; more\\nCREATE TABLE b (y);")
    ["CREATE TABLE a (x TEXT DEFAULT ';');", '-- note; more\\nCREATE TABLE b (y);']
    """
    statements: list[str] = []
    buffer = ""
    for piece in sql.split(";")[:-1]:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    # Whatever follows the last semicolon is a final statement unless it is only comments; a
    # truly unfinished statement fails when it runs, inside the migration's transaction.
    rest = (buffer + sql.split(";")[-1]).strip()
    if any(line.strip() and not line.strip().startswith("--") for line in rest.splitlines()):
        statements.append(rest)
    return statements


def check_not_newer(current: int, latest: int) -> None:
    """Refuse a database written by a newer release than this one."""
    if current > latest:
        raise SchemaVersionError(
            f"the database is at schema version {current}, but this Jantaku only knows versions up to "
            f"{latest}: it was written by a newer release. Upgrade the bot, or restore a backup made "
            "with this release."
        )


async def user_version(db: aiosqlite.Connection) -> int:
    """The schema version stored in the database header."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row is not None else 0


async def migrate(db: aiosqlite.Connection, migrations: Sequence[Migration]) -> int:
    """Bring the database up to the newest migration; returns the version it ends at.

    ``db`` must be in autocommit mode (``isolation_level=None``) so that the explicit
    transactions here are the only ones.
    """
    latest = migrations[-1].version if migrations else 0
    current = await user_version(db)
    check_not_newer(current, latest)
    for migration in migrations:
        if migration.version <= current:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            # Re-read under the write lock: another process may have migrated since we looked.
            current = await user_version(db)
            if migration.version <= current:
                await db.execute("ROLLBACK")
                continue
            for statement in split_statements(migration.sql):
                await db.execute(statement)
            # PRAGMA takes no bound parameters; the version is an int we parsed ourselves.
            await db.execute(f"PRAGMA user_version = {migration.version:d}")
        except BaseException as error:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise SchemaVersionError(f"migration {migration.filename} failed: {error}") from error
            raise
        await db.execute("COMMIT")
        current = migration.version
    return current
