"""Talking to Discord at a pace it accepts, and again when it had a bad moment.

:class:`RateLimiter` spaces every table's channel requests below Discord's global limit;
:func:`retrying` sends a request that is safe to repeat again after a transient failure, and
:func:`new_nonce` gives a post the one nonce all its attempts carry.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import aiohttp
import discord

__all__ = ["NO_MENTIONS", "RETRY_DELAYS", "TRANSIENT", "RateLimiter", "new_nonce", "retrying"]

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
TRANSIENT = (discord.DiscordServerError, aiohttp.ClientError, asyncio.TimeoutError)
"""Failures that say nothing about the request itself: Discord had a bad moment (a 503, which
discord.py does not retry, or a 5xx it gave up on) or the connection dropped."""
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Pauses before sending a channel post or edit again after a transient failure."""

T = TypeVar("T")


async def retrying(what: str, call: Callable[[], Awaitable[T]], files: Sequence[discord.File] = ()) -> T:
    """``call()``, again after a transient failure (a few times, then the failure is raised).

    Only for requests that are safe to repeat: edits and deletes, and posts that carry a
    nonce with ``enforce_nonce`` (discord.py sends it whenever a nonce is given), which
    Discord answers with the message it already created when an earlier attempt took effect.
    """
    for delay in RETRY_DELAYS:
        try:
            return await call()
        except TRANSIENT as error:
            log.info("%s failed (%r); again in %.0f ms", what, error, delay * 1000)
        await asyncio.sleep(delay)
        for file in files:
            file.reset()
    return await call()


def new_nonce() -> int:
    """A message nonce: the same for every attempt of one post (Discord's limit is 25 characters)."""
    return secrets.randbits(63)


class RateLimiter:
    """A token bucket shared by every table's channel requests (Discord's global limit is
    50 requests per second per bot; interaction responses do not count)."""

    def __init__(self, rate: float, *, burst: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst if burst is not None else max(1.0, rate)
        self._tokens = self.burst
        self._clock = clock
        self._last = clock()
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        """Wait for a request slot."""
        if self.rate <= 0:
            return
        async with self._lock:
            while True:
                now = self._clock()
                self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
                self._last = now
                if self._tokens >= 1:
                    self._tokens -= 1
                    return
                await asyncio.sleep((1 - self._tokens) / self.rate)
