"""Small shared helpers: snowflakes, the controllable clock, JSON responses, PNG sniffing."""

from __future__ import annotations

import asyncio
import itertools
import json
import struct
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from bot.runtime.clocks import ManualClock, Timer

DISCORD_EPOCH_MS = 1_420_070_400_000
PATIENCE = 120.0
"""How long the fake's waits (:meth:`FakeDiscord.wait_for`, ``InteractionRecord.wait_response``,
``running_bot``) wait before calling it a hang: a bound no passing test comes near however loaded
the machine, never a measure of how fast the bot is."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class SnowflakeFactory:
    """Unique, increasing Discord snowflakes; optionally ones that land on a given shard."""

    def __init__(self) -> None:
        self._last_ms = 0
        self._increment = itertools.count()
        self.last = 0
        """The last id made."""

    def next(self, *, shard: int | None = None, shard_count: int = 1) -> int:
        ms = max(int(time.time() * 1000) - DISCORD_EPOCH_MS, self._last_ms)
        if shard is not None and shard_count > 1:
            # Discord routes a guild to shard (guild_id >> 22) % shard_count.
            ms += (shard - ms) % shard_count
        self._last_ms = ms
        self.last = (ms << 22) | (next(self._increment) & 0x3FFFFF)
        return self.last

    def resume_after(self, last: int) -> None:
        """Go on from ``last``, an id an earlier run made: every id from now on is larger (a
        persisted world, see :mod:`.persistence`)."""
        self.last = last
        self._last_ms = max(self._last_ms, last >> 22)
        self._increment = itertools.count((last & 0x3FFFFF) + 1)


class FakeClock:
    """Discord's time, as the fake keeps it: interaction deadlines, token lifetimes, timestamps.

    By default the machine's own (monotonic and wall time) plus an offset that tests move forward
    with :meth:`advance`. Given a :class:`~bot.runtime.clocks.ManualClock`, it is that clock's
    time, which only :meth:`advance` moves: a test that hands the same clock to the bot
    (``RuntimeOptions(clock=..., wall_clock=..., scheduler=...)``, see ``tests/e2e/helpers.py``)
    then runs Discord and every timer of the bot on one time that a slow machine cannot move.
    The fake's own timers (:meth:`call_later`) run on it too.
    """

    def __init__(self, manual: ManualClock | None = None) -> None:
        self.manual = manual
        self.offset = 0.0

    def now(self) -> float:
        """Monotonic seconds (only differences mean anything)."""
        if self.manual is not None:
            return self.manual.monotonic()
        return time.monotonic() + self.offset

    def time(self) -> float:
        """Unix time."""
        if self.manual is not None:
            return self.manual.time()
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on (a manual clock makes each call that falls due meanwhile)."""
        if seconds < 0:
            raise ValueError("the fake clock only moves forward")
        if self.manual is not None:
            self.manual.advance(seconds)
        else:
            self.offset += seconds

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` once ``delay`` seconds of this clock have passed."""
        if self.manual is not None:
            return self.manual.call_later(delay, callback)
        return asyncio.get_running_loop().call_later(delay, callback)

    def utcnow(self) -> datetime:
        return datetime.fromtimestamp(self.time(), UTC)

    def iso(self) -> str:
        return self.utcnow().isoformat()


def json_response(body: Any, status: int = 200) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json``.

    discord.py's ``json_or_text`` compares the header for equality, so aiohttp's default
    ``application/json; charset=utf-8`` would make it treat every body as a string.
    """
    return web.Response(body=json.dumps(body).encode(), status=status, headers={"Content-Type": "application/json"})


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR chunk, or None when ``data`` is not a PNG."""
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def snowflake_or_none(value: Any) -> int | None:
    """A snowflake given as int or digit string; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else an empty dict (for bodies of unknown shape)."""
    return value if isinstance(value, dict) else {}


def as_int(value: Any) -> int:
    """An integer field such as ``flags`` or ``type``; 0 when absent or of the wrong type."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
