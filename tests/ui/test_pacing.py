"""The Discord side's pacing: channel requests share one rate limit."""

from __future__ import annotations

import time

from bot.ui.pacing import RateLimiter


async def test_rate_limiter_spaces_requests() -> None:
    limiter = RateLimiter(50.0, burst=5)
    started = time.monotonic()
    for _ in range(15):
        await limiter.acquire()
    assert time.monotonic() - started >= 10 / 50 * 0.9
