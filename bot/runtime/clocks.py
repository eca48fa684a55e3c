"""A table's clocks: each seat's turn and time bank, the CPUs' turns, and what schedules them.

Every timer of a table goes through a :class:`Scheduler` (``RuntimeOptions.scheduler``): the
event loop's ``call_later`` in the bot (:class:`LoopScheduler`), or a :class:`ManualClock` that a
test moves by hand, so a deadline can be reached without waiting for it, and is never reached
because the machine was slow. The presenter's pauses between edits wait on the same scheduler
(:func:`sleep`):

>>> clock = ManualClock()
>>> rang = []
>>> timer = clock.call_later(5.0, lambda: rang.append(clock.monotonic()))
>>> clock.advance(4.0); rang
[]
>>> clock.advance(1.0); rang
[1005.0]
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import itertools
import weakref
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from bot.engine.ai import CpuPlayer
from bot.runtime.messages import Auto, Message, Timeout, TurnOver
from bot.storage import AutoOptions, PlayerSeat

if TYPE_CHECKING:
    from bot.runtime.options import RuntimeOptions, TableTimers

__all__ = ["LoopScheduler", "ManualClock", "Scheduler", "SeatState", "TableClocks", "Timer", "asleep", "sleep"]


class Timer(Protocol):
    """A scheduled call that can be called off (``asyncio.TimerHandle`` is one)."""

    def cancel(self) -> None:
        """Do not make the call (nothing happens if it was made already)."""


class Scheduler(Protocol):
    """Calls a function after a delay, in seconds."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` once ``delay`` seconds have passed."""
        ...


class LoopScheduler:
    """The running event loop's timers: what the bot runs on."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        """``loop.call_later`` on the running loop."""
        return asyncio.get_running_loop().call_later(delay, callback)


_ASLEEP: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
"""Tasks inside :func:`sleep`."""


def asleep(task: asyncio.Task[Any]) -> bool:
    """Whether ``task`` waits in :func:`sleep`: it has nothing to do until its scheduler's time
    passes (or its event is set). A test on a :class:`ManualClock` counts it as idle."""
    return task in _ASLEEP


async def sleep(scheduler: Scheduler, seconds: float, *, until: asyncio.Event | None = None) -> None:
    """Wait ``seconds`` of ``scheduler``'s time, or less if ``until`` is set first: on a
    :class:`LoopScheduler` what ``asyncio.sleep`` (or ``wait_for(until.wait(), seconds)``) does;
    on a :class:`ManualClock`, until a test advances it that far.

    >>> async def paced(clock: ManualClock) -> list[str]:
    ...     done: list[str] = []
    ...     async def edit() -> None:
    ...         await sleep(clock, 1.0)
    ...         done.append("edited")
    ...     task = asyncio.create_task(edit())
    ...     await asyncio.sleep(0)
    ...     clock.advance(0.5)
    ...     await asyncio.sleep(0)
    ...     done.append("half-way")
    ...     clock.advance(0.5)
    ...     await task
    ...     return done
    >>> asyncio.run(paced(ManualClock()))
    ['half-way', 'edited']
    """
    loop = asyncio.get_running_loop()
    rang: asyncio.Future[object] = loop.create_future()

    def ring() -> None:
        if not rang.done():
            rang.set_result(None)

    timer = scheduler.call_later(seconds, ring)
    waits: list[asyncio.Future[object]] = [rang]
    if until is not None:
        waits.append(asyncio.ensure_future(until.wait()))
    task = asyncio.current_task()
    if task is not None:
        _ASLEEP.add(task)
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if task is not None:
            _ASLEEP.discard(task)
        timer.cancel()
        for wait in waits:
            wait.cancel()


@dataclass(eq=False)
class _ManualTimer:
    clock: ManualClock
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock for tests: the monotonic and wall time the runtime reads and the timers it sets,
    all moved only by :meth:`advance`, which makes every call that falls due, in order.

    Give all three to a table: ``RuntimeOptions(clock=c.monotonic, wall_clock=c.time, scheduler=c)``.
    """

    def __init__(self, start: float = 1000.0, *, wall_start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._wall_offset = wall_start - start
        self._due: list[tuple[float, int, _ManualTimer, Callable[[], None]]] = []
        self._order = itertools.count()

    def monotonic(self) -> float:
        """Seconds from some fixed point (``RuntimeOptions.clock``)."""
        return self._now

    def time(self) -> float:
        """Unix time (``RuntimeOptions.wall_clock``)."""
        return self._now + self._wall_offset

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` when the clock has been advanced ``delay`` seconds past now; one that
        is due now already is called at the running loop's next turn, as ``loop.call_later``
        would (without a running loop, at the next :meth:`advance`)."""
        if delay <= 0:
            with contextlib.suppress(RuntimeError):
                return asyncio.get_running_loop().call_soon(callback)
        timer = _ManualTimer(self)
        heapq.heappush(self._due, (self._now + max(0.0, delay), next(self._order), timer, callback))
        return timer

    @property
    def pending(self) -> int:
        """Calls still to come (not called off)."""
        return sum(not timer.cancelled for _, _, timer, _ in self._due)

    @property
    def next_due(self) -> float | None:
        """When (:meth:`monotonic`) the next call still to come falls due; None when none is."""
        return min((when for when, _, timer, _ in self._due if not timer.cancelled), default=None)

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on, making each call that falls due at its own time."""
        until = self._now + seconds
        while self._due and self._due[0][0] <= until:
            when, _, timer, callback = heapq.heappop(self._due)
            self._now = max(self._now, when)
            if not timer.cancelled:
                callback()
        self._now = until


@dataclass
class SeatState:
    """Runtime facts about one seat that the engine does not track."""

    player: PlayerSeat
    bank: float
    cpu: CpuPlayer | None = None
    auto: bool = False
    """On autopilot after timing out too often, until the player presses "I'm back"."""
    timeouts: int = 0
    """Consecutive timeouts; acting in time resets it."""
    started: float = 0.0
    """When the current decision's clock started (RuntimeOptions.clock)."""
    charged: float = 0.0
    """Bank seconds already charged for the current decision."""
    allowance: float = 0.0
    """Bank seconds the current decision may use (less than ``bank`` under a shared deadline)."""
    timer: Timer | None = field(default=None, repr=False)
    turn_timer: Timer | None = field(default=None, repr=False)
    """Rings when the turn's own seconds run out and the bank starts (a human with bank to spend)."""
    auto_options: AutoOptions = field(default_factory=AutoOptions)
    """The player's auto options (their panel's ⚙ Auto buttons): moves played without a click."""
    locale: str | None = None
    """The language the player chose for their panel (its 🌐 button); None: their client's."""

    @property
    def clocked(self) -> bool:
        """Whether someone waits on this seat's clock (a human not on autopilot)."""
        return not self.player.is_cpu and not self.auto


class TableClocks:
    """The clocks of one table's seats: a human's turn and bank, a CPU's (or autopilot's) turn.

    What runs out arrives in the actor's inbox (``post``): a :class:`~bot.runtime.messages.Timeout`
    for a human, an :class:`~bot.runtime.messages.Auto` for a CPU or a seat on autopilot."""

    def __init__(
        self,
        seats: Sequence[SeatState],
        *,
        options: RuntimeOptions,
        timers: TableTimers,
        post: Callable[[Message], None],
    ) -> None:
        self._seats = seats
        self._options = options
        self._timers = timers
        self._post = post

    def later(self, delay: float, message: Message) -> Timer:
        """Post ``message`` to the inbox after ``delay`` seconds."""
        return self._options.scheduler.call_later(delay, functools.partial(self._post, message))

    def shared_deadline(self, seats: Collection[int], *, pause: float) -> float | None:
        """The one deadline of seats asked at the same moment (two claims on one discard, ずーの's
        simultaneous phases): the turn's seconds plus the smallest bank among them; None for a
        single seat, which runs on its own limit."""
        if len(seats) <= 1:
            return None
        limit = min(self._timers.limit(bank=self._seats[seat].bank) for seat in seats)
        return self._options.wall_clock() + pause + limit

    def arm(
        self,
        seat: int,
        seq: int,
        *,
        pause: float,
        claim_window: bool,
        deadline: float | None = None,
        continuing: bool = False,
        automatic: bool = False,
    ) -> float | None:
        """Start the seat's clock (a human) or schedule its move (a CPU, autopilot, or a move the
        player's auto options make: ``automatic``); returns the deadline (Unix time) its decision
        shows, None when nobody waits on a clock.

        ``deadline`` replaces the seat's own limit: one shared with the seats asked at the same
        moment, or (``continuing``) that of a choice made in several clicks, whose clock keeps
        running. ``claim_window``: the decision answers a claim window, which a CPU answers at
        once (one that took its time over it would tell the table that someone can claim).
        An ``automatic`` move keeps a CPU's pace: at once in a claim window (a player passing by
        hand is no quicker to see), after ``cpu_delay`` on the seat's own turn."""
        self.disarm(seat)
        state = self._seats[seat]
        options = self._options
        waits = state.clocked and not automatic
        if not continuing or not waits:
            state.started = options.clock() + pause
            state.charged = 0.0
        if waits and deadline is not None:
            left = max(0.0, deadline - options.wall_clock())
            state.timer = self.later(left, Timeout(seat, seq))
            if not continuing:
                state.allowance = min(state.bank, max(0.0, left - pause - self._timers.turn_seconds))
            self._ring_turn_end(seat, seq, deadline)
            return deadline
        if waits:
            state.allowance = state.bank
            limit = self._timers.limit(bank=state.bank)
            state.timer = self.later(pause + limit, Timeout(seat, seq))
            shown = options.wall_clock() + pause + limit
            self._ring_turn_end(seat, seq, shown)
            return shown
        # Its own turns keep the delay, so people can follow.
        delay = pause + (0.0 if claim_window else options.cpu_delay)
        message = Auto(seat, seq)
        state.timer = self.later(delay, message) if delay > 0 else None
        if delay <= 0:
            self._post(message)
        return None

    def _ring_turn_end(self, seat: int, seq: int, deadline: float) -> None:
        """Post :class:`TurnOver` when the turn's own seconds of the decision run out, if its
        bank runs after them (before ``deadline``) and they have not run out already."""
        turn_ends = min(deadline, self.turn_ends(seat))
        left = turn_ends - self._options.wall_clock()
        if left > 0 and turn_ends < deadline:
            self._seats[seat].turn_timer = self.later(left, TurnOver(seat, seq))

    def now(self) -> float:
        """Unix time now (``RuntimeOptions.wall_clock``)."""
        return self._options.wall_clock()

    def turn_ends(self, seat: int) -> float:
        """When (Unix time) the turn's own seconds of the seat's current decision run out; after
        that its bank runs. A choice made in several clicks, or one whose clock was stopped and
        restarted, keeps the start it had (:meth:`arm` with ``continuing``)."""
        options = self._options
        ends = self._seats[seat].started + self._timers.turn_seconds
        return options.wall_clock() + ends - options.clock()

    def disarm(self, seat: int) -> None:
        """Stop the seat's clock or its pending CPU turn."""
        state = self._seats[seat]
        for timer in (state.timer, state.turn_timer):
            if timer is not None:
                timer.cancel()
        state.timer = state.turn_timer = None

    def disarm_all(self) -> None:
        """Stop every seat's clock and CPU turn."""
        for seat in range(len(self._seats)):
            self.disarm(seat)

    def spend_bank(self, seat: int) -> None:
        """Charge the time a seat used beyond the turn's own seconds to its bank."""
        state = self._seats[seat]
        over = max(0.0, self._options.clock() - state.started - self._timers.turn_seconds)
        # A choice made in several clicks is charged once for the same seconds.
        state.bank = max(0.0, state.bank - max(0.0, over - state.charged))
        state.charged = max(state.charged, over)

    def time_out(self, seat: int) -> bool:
        """The seat let its decision run out: the bank it was allowed is gone (all of it, unless a
        shared deadline allowed less than it had). Returns whether it goes on autopilot now."""
        state = self._seats[seat]
        state.timeouts += 1
        state.bank = max(0.0, state.bank - state.allowance)
        if state.timeouts >= self._options.timeouts_before_autoplay:
            state.auto = True
            return True
        return False
