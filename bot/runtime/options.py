"""Knobs of the runtime (pacing, clocks, limits) and of one table (its timers)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.engine.table import Range, allowed, allowed_values
from bot.runtime.clocks import LoopScheduler, Scheduler

__all__ = ["TIMER_RANGES", "Clock", "RuntimeOptions", "TableTimers"]

Clock = Callable[[], float]
"""Seconds from some fixed point; only differences are used."""


@dataclass(frozen=True)
class TableTimers:
    """A table's clock: every decision gets ``turn_seconds``, then eats into the seat's bank.

    >>> TableTimers(turn_seconds=10, bank_seconds=20).limit(bank=5.0)
    15.0
    """

    turn_seconds: float = field(default=30.0, metadata=allowed(5, 600))
    """Seconds for each decision: at least 5, time to read the panel and click."""
    bank_seconds: float = field(default=60.0, metadata=allowed(0, 1800))
    """Extra seconds a seat may spend over the whole game, beyond the turn's."""

    # The ranges are what a player may choose (``/mahjong new``, ``/mahjong settings``); the
    # checks below are what the clock needs, so tests may run a table on a 50 ms clock.
    def __post_init__(self) -> None:
        if self.turn_seconds <= 0:
            raise ValueError("turn_seconds must be positive")
        if self.bank_seconds < 0:
            raise ValueError("bank_seconds cannot be negative")

    def limit(self, *, bank: float) -> float:
        """Seconds a seat with ``bank`` seconds left may think about one decision."""
        return self.turn_seconds + max(0.0, bank)


TIMER_RANGES: dict[str, Range] = {
    name: value for name, value in allowed_values(TableTimers).items() if isinstance(value, Range)
}
"""``turn_seconds`` and ``bank_seconds`` -> the whole seconds a table or a server may choose."""


@dataclass(frozen=True)
class RuntimeOptions:
    """How the runtime paces and protects itself. Tests set the delays to zero."""

    cpu_delay: float = 1.2
    """Seconds a CPU (or a player on autopilot) waits before acting, so people can follow."""
    hand_pause: float = 4.0
    """Seconds between a hand's result and the next hand's first clock."""
    min_edit_interval: float = 1.0
    """At most one edit of a table message per this many seconds (Discord throttles edits of one
    message); changes in between are coalesced and the latest state wins. Waited on ``scheduler``."""
    channel_requests_per_second: float = 40.0
    """Shared budget for channel requests (edits, posts, DMs) below Discord's global 50/s;
    interaction responses are exempt from that limit and do not use it."""
    ack_budget: float = 0.15
    """If answering an interaction would take longer than this, defer it first and answer through
    the deferred response (Discord's limit is 3 s; a quick acknowledgement keeps buttons snappy)."""
    render_workers: int = 2
    """Processes (or threads) that draw images: one for panels (clicks are waiting), the rest for
    tables and cards (see :mod:`bot.runtime.rendering`)."""
    render_processes: bool = True
    """Draw in worker processes, so drawing never competes with the event loop for the GIL."""
    freeze_heap: bool = True
    """After start-up, move every object loaded so far out of the cyclic collector's sight
    (``gc.freeze``): the engine's shape tables alone made a full collection stop the event loop
    for about 100 ms. Tests that start many bots in one process turn it off."""
    token_lifetime: float = 15 * 60.0
    """Interaction tokens last 15 minutes."""
    token_margin: float = 30.0
    """Stop using a token this long before it expires, so an edit never races the expiry."""
    timeouts_before_autoplay: int = 2
    retry_seconds: float = 1.0
    """When the store refuses a write, the table pauses and tries it again after this long,
    doubling the wait each time (up to ``retry_max_seconds``); a move nobody clicked that fails
    for another reason is tried again after this too."""
    retry_max_seconds: float = 30.0
    """The longest wait between two tries of a write the store refuses."""
    clock: Clock = field(default=time.monotonic)
    """Measures token ages and thinking time; tests swap in the fake Discord's clock."""
    wall_clock: Clock = field(default=time.time)
    """Unix time, for the deadlines shown as Discord timestamps."""
    scheduler: Scheduler = field(default_factory=LoopScheduler)
    """Sets every table's timers (turns, CPU moves, store retries, a timed game's end) and times
    the presenter's edit spacing (``min_edit_interval``); tests drive them all with a
    :class:`~bot.runtime.clocks.ManualClock` (as ``clock`` and ``wall_clock`` too), so that no
    deadline passes unless the test moves the clock."""

    @property
    def token_usable_for(self) -> float:
        """How long after an interaction its token may still be used."""
        return self.token_lifetime - self.token_margin
