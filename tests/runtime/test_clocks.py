"""The table's clocks run on an injectable scheduler: a ManualClock reaches a deadline at once, and
what sleeps on it (the presenter's edit spacing) wakes when it passes."""

from __future__ import annotations

import asyncio

from bot.engine.variants import new_game
from bot.runtime import RuntimeOptions, TableActor, TableTimers
from bot.runtime.clocks import ManualClock, asleep, sleep
from bot.storage import Store
from tests.runtime.tables import humans, start_table
from tests.waiting import eventually


def test_a_manual_clock_calls_what_falls_due_in_order_and_not_what_was_called_off() -> None:
    clock = ManualClock()
    calls: list[tuple[str, float]] = []
    clock.call_later(3.0, lambda: calls.append(("b", clock.monotonic())))
    clock.call_later(1.0, lambda: calls.append(("a", clock.monotonic())))
    clock.call_later(2.0, lambda: calls.append(("never", clock.monotonic()))).cancel()
    start, wall = clock.monotonic(), clock.time()
    clock.advance(2.5)
    assert calls == [("a", start + 1.0)] and clock.pending == 1
    clock.advance(0.5)
    assert calls == [("a", start + 1.0), ("b", start + 3.0)]
    assert clock.time() - wall == clock.monotonic() - start == 3.0


async def test_a_seat_times_out_when_the_clock_passes_its_deadline_and_not_before(store: Store) -> None:
    """A human's turn of 10 s with 5 s of bank: nothing at 14.9 s, the default played at 15 s,
    its bank spent, without waiting 15 seconds."""
    clock = ManualClock()
    options = RuntimeOptions(cpu_delay=0, hand_pause=0, clock=clock.monotonic, wall_clock=clock.time, scheduler=clock)
    game = new_game("nishoku", {}, seed=5, players=4)
    actor = await start_table(
        store, game, humans(4), timers=TableTimers(turn_seconds=10, bank_seconds=5), options=options
    )
    try:
        (decision,) = actor.decisions()
        assert decision.deadline == clock.time() + 15
        clock.advance(14.9)
        await _settle(actor)
        assert actor.sequence == 0 and actor.decision(decision.seat) == decision
        clock.advance(0.1)
        await _settle(actor)
        assert actor.sequence == 1  # the default (tsumogiri) was played for the seat
        assert actor.seats[decision.seat].bank == 0.0 and actor.seats[decision.seat].timeouts == 1
        assert not actor.seats[decision.seat].auto  # one timeout is not yet autopilot
    finally:
        await actor.stop()


async def _settle(actor: TableActor) -> None:
    """Until the actor has handled what the clock posted (its store write included)."""
    await eventually(lambda: actor.idle, "the actor to handle what the clock posted")


async def test_a_call_due_now_is_made_at_the_loops_next_turn_without_the_clock_moving() -> None:
    """As ``loop.call_later(0, ...)`` does: nothing needs to pass for what is due already."""
    clock = ManualClock()
    made: list[float] = []
    clock.call_later(0.0, lambda: made.append(clock.monotonic()))
    clock.call_later(-1.0, lambda: made.append(clock.monotonic()))
    assert made == [] and clock.next_due is None
    await asyncio.sleep(0)
    assert made == [1000.0, 1000.0]


async def test_sleep_ends_when_the_clock_passes_it_or_its_event_is_set_and_is_asleep_meanwhile() -> None:
    clock = ManualClock()
    woken = asyncio.Event()
    timed = asyncio.create_task(sleep(clock, 2.0))
    early = asyncio.create_task(sleep(clock, 60.0, until=woken))
    await asyncio.sleep(0)
    assert asleep(timed) and asleep(early) and clock.next_due == 1002.0
    clock.advance(1.9)
    await asyncio.sleep(0)
    assert not timed.done()
    clock.advance(0.1)
    await timed
    woken.set()
    await early
    assert not asleep(timed) and not asleep(early)
    assert clock.pending == 0, "a sleep that ended calls its timer off"
