"""When the store refuses writes: the writes it refused, kept in order and tried again later.

A full disk, a database another process holds past the busy timeout, a PostgreSQL server gone
away: a refusal that may pass (:func:`bot.storage.is_refusal`). The actor pauses its table while
an :class:`Outage` lasts (every clock stopped, clicks answered with ``TablePaused``) and tries
the kept writes again after ``retry_seconds``, doubling up to ``retry_max_seconds``; when they
land, the table carries on (see :meth:`bot.runtime.pausing.TablePause.hold`).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.runtime.clocks import Timer
from bot.runtime.options import RuntimeOptions
from bot.storage import DATABASE_ERRORS, is_refusal

__all__ = ["STORE_ERRORS", "Outage", "Unsaved", "write_now"]

log = logging.getLogger(__name__)

STORE_ERRORS: tuple[type[Exception], ...] = (*DATABASE_ERRORS, ValueError)
"""What a write to the store may raise (ValueError: the store is closed, or a bad argument)."""


@dataclass
class Unsaved:
    """A write the store refused, kept to try again while the table waits."""

    write: Callable[[], Awaitable[object]]
    then: Callable[[object], Awaitable[None]] | None = None
    """What follows once it is written: given what ``write`` returned, or None when it was given
    up (it failed for a reason that waiting does not cure)."""


async def write_now(
    game_id: int,
    what: str,
    write: Callable[[], Awaitable[object]],
    then: Callable[[object], Awaitable[None]] | None = None,
) -> bool:
    """Write a hand's or the game's result and run ``then`` with what the write returned: True
    once done with it, False if the store refused it (the caller keeps it). One that fails for
    another reason is logged and given up (``then`` gets None): recovery records results again."""
    try:
        result = await write()
    except STORE_ERRORS as error:
        if not is_refusal(error):
            log.exception("table %s: could not record %s", game_id, what)
            if then is not None:
                await then(None)
            return True
        log.error("table %s: the store refused %s: %s", game_id, what, error)
        return False
    if then is not None:
        await then(result)
    return True


@dataclass
class Outage:
    """A table paused because the store refuses writes."""

    delay: float
    """Seconds before the next try; doubles after each refusal."""
    writes: deque[Unsaved] = field(default_factory=deque)
    """The refused writes, oldest first; they are tried again in this order."""
    stopped: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Seats whose clock was stopped: when (RuntimeOptions.clock), and the seconds they had left."""
    timer: Timer | None = None
    """The next try."""
    time_up: bool = False
    """The table's time limit ran out during the pause: ended once it carries on."""

    async def write_kept(self, *, game_id: int, options: RuntimeOptions) -> list[tuple[Unsaved, object]] | None:
        """Try the kept writes again, oldest first. Once all are written, returns each with what
        it returned (None for one given up: waiting does not cure every failure, and the table
        must not pause forever); None while the store still refuses, the next try ``delay``
        seconds on, which doubles."""
        written: list[tuple[Unsaved, object]] = []
        while self.writes:
            unsaved = self.writes[0]
            try:
                result = await unsaved.write()
            except STORE_ERRORS as error:
                if is_refusal(error):
                    self.delay = min(self.delay * 2, max(options.retry_max_seconds, options.retry_seconds))
                    log.warning(
                        "table %s: the store still refuses writes (%s); next try in %.1f s", game_id, error, self.delay
                    )
                    return None
                log.error("table %s: giving up a write the store will not take: %s", game_id, error)
                result = None
            self.writes.popleft()
            written.append((unsaved, result))
        return written
