"""How tests wait: for an event, or for a predicate on state no event announces, never for a
stretch of time. Every bound is :data:`PATIENCE`, a guard against a hang that no passing test
comes near however loaded the machine (the fake Discord's waits use the same)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.sandbox.fakediscord import PATIENCE

__all__ = ["PATIENCE", "eventually"]

POLL = 0.01
"""Seconds between two looks at state that no event announces (the loop runs other tasks meanwhile)."""


async def eventually(predicate: Callable[[], object], what: str = "it") -> None:
    """Until ``predicate()`` holds: state another task of this loop changes (an actor's game, a
    store's count of reads) and no event announces. Bounded only against a hang."""
    try:
        async with asyncio.timeout(PATIENCE):
            while not predicate():  # noqa: ASYNC110 - another task's state, which no event announces
                await asyncio.sleep(POLL)
    except TimeoutError:
        raise AssertionError(f"still waiting for {what} after {PATIENCE} s") from None
