"""What every part of the store shares: the backend, the clock, and the order of each key's writes.

The store is cut into parts by what they keep (:mod:`bot.storage.guilds`,
:mod:`bot.storage.games`, :mod:`bot.storage.tables`, :mod:`bot.storage.results`,
:mod:`bot.storage.stats`); all of them reach the database through one :class:`Access`, so a
write of a game's panel and a write of its action still queue behind each other (they share the
key ``game:<id>``), whichever part asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from bot.storage.sql import Backend, Connection

__all__ = ["Access", "Clock", "json_text", "timestamp", "utc_now"]

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


def timestamp(moment: datetime) -> int:
    """A moment as the schema stores it: whole Unix seconds."""
    return int(moment.timestamp())


def json_text(value: Mapping[str, Any]) -> str:
    """A JSON column's text.

    >>> json_text({"b": 1, "a": "東"})
    '{"a":"東","b":1}'
    """
    # Sorted and compact so equal actions are equal text; NaN is not JSON and would fail json_valid.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class _KeyedLocks:
    """One FIFO lock per key, kept only while someone holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


class Access:
    """The store's one way to its database, shared by all its parts."""

    def __init__(self, backend: Backend, clock: Clock) -> None:
        self.backend = backend
        self.clock = clock
        self._ordered = _KeyedLocks()

    @asynccontextmanager
    async def write(self, key: str) -> AsyncIterator[Connection]:
        """A write transaction, after every earlier write of this process on the same ``key``.

        SQLite's one writer runs a process's writes in the order they were asked for; a
        PostgreSQL pool runs them side by side, and two writes of one lobby, panel or game could
        otherwise commit in either order (the older state last) or both insert a new row. Writes
        of different keys still run at once. (Across processes, the database's own keys and
        :meth:`Connection.lock` do this work.)
        """
        async with self._ordered.hold(key), self.backend.write() as db:
            yield db

    def read(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """A read-only snapshot."""
        return self.backend.read()

    def now(self) -> int:
        """The clock's time, as the schema stores it."""
        return timestamp(self.clock())
