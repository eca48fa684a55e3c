"""What the store needs of a database, and the two dialects it speaks.

The store's SQL is written once, with ``:name`` parameters, in the subset SQLite and PostgreSQL
share; a :class:`Backend` runs it. The few things the two spell differently go through the
:class:`Dialect` (membership in a list of values, given as one parameter). A backend lends a
:class:`Connection` for one transaction at a time: :meth:`Backend.write` for a read-write one,
:meth:`Backend.read` for a consistent snapshot that writes nothing.

>>> positional("SELECT * FROM t WHERE a = :a AND (:b IS NULL OR b = :b) AND c = ':a'")
("SELECT * FROM t WHERE a = $1 AND ($2 IS NULL OR b = $2) AND c = ':a'", ('a', 'b'))
>>> SQLITE.one_of("g.id", "ids"), POSTGRESQL.one_of("g.id", "ids")
('g.id IN (SELECT value FROM json_each(:ids))', 'g.id = ANY(:ids)')
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, Protocol

__all__ = ["POSTGRESQL", "SQLITE", "Backend", "Connection", "Dialect", "Params", "Row", "positional"]

Params = Mapping[str, Any]
NO_PARAMS: Params = {}


class Row(Protocol):
    """A result row, by column name or position (``sqlite3.Row`` and ``asyncpg.Record`` both are)."""

    def __getitem__(self, key: int | str, /) -> Any: ...


@dataclass(frozen=True)
class Dialect:
    """How one database spells what the other spells differently."""

    name: Literal["sqlite", "postgresql"]

    def one_of(self, expression: str, param: str) -> str:
        """``expression`` is one of the values in the list parameter ``param`` (see :meth:`values`).

        One parameter however long the list: no statement text that grows with it, so no cache of
        prepared statements fills up with near-copies.
        """
        if self.name == "sqlite":
            return f"{expression} IN (SELECT value FROM json_each(:{param}))"
        return f"{expression} = ANY(:{param})"

    def values(self, items: Collection[int | str]) -> Any:
        """A list of values as the parameter :meth:`one_of` reads: JSON text for SQLite, an array
        for PostgreSQL."""
        return json.dumps(list(items)) if self.name == "sqlite" else list(items)


SQLITE = Dialect("sqlite")
POSTGRESQL = Dialect("postgresql")


class Connection(Protocol):
    """One open transaction of a backend's. Statements use ``:name`` parameters."""

    @property
    def dialect(self) -> Dialect:
        """Which SQL this connection speaks."""
        ...

    async def fetch(self, sql: str, params: Params = NO_PARAMS) -> list[Row]:
        """Every row of a query."""
        ...

    async def fetchrow(self, sql: str, params: Params = NO_PARAMS) -> Row | None:
        """The first row of a query, or None."""
        ...

    async def execute(self, sql: str, params: Params = NO_PARAMS) -> int:
        """Run a statement; returns how many rows it inserted, changed or deleted."""
        ...

    async def executemany(self, sql: str, params: Iterable[Params]) -> None:
        """Run a statement once per set of parameters."""
        ...

    async def lock(self, key: str) -> None:
        """Hold ``key`` until the transaction ends, against every other connection to the database
        (other processes included): a read-then-write under the same key never interleaves with
        another. A no-op where writes are serialised anyway (SQLite's one writer)."""
        ...


class Backend(Protocol):
    """An open database: connections lent one transaction at a time."""

    @property
    def dialect(self) -> Dialect:
        """Which SQL the database speaks."""
        ...

    @property
    def description(self) -> str:
        """Where the data lives, for logs (never a password)."""
        ...

    def write(self) -> AbstractAsyncContextManager[Connection]:
        """A read-write transaction, committed when the block ends and rolled back if it raises."""
        ...

    def read(self) -> AbstractAsyncContextManager[Connection]:
        """A snapshot of the last committed state, whose several queries agree with each other."""
        ...

    async def close(self) -> None:
        """Wait for the transactions in flight, then close every connection; twice is harmless."""
        ...


_PARAMETER = re.compile(r"'(?:[^']|'')*'|--[^\n]*|(?<![:\w]):([A-Za-z_]\w*)")


@lru_cache(maxsize=512)
def positional(sql: str) -> tuple[str, tuple[str, ...]]:
    """``:name`` parameters as PostgreSQL's ``$1, $2, ...``, and the names in that order (a name
    used twice is one parameter). Quoted strings and comments are left alone, and so are ``::``
    casts."""
    names: list[str] = []

    def number(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:
            return match.group(0)
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    return _PARAMETER.sub(number, sql), tuple(names)
