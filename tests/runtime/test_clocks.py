"""The table's clocks run on an injectable scheduler: a ManualClock reaches a deadline at once."""

from __future__ import annotations

import asyncio

from bot.engine.variants import new_game
from bot.runtime import RuntimeOptions, TableActor, TableTimers
from bot.runtime.clocks import ManualClock
from bot.storage import Store
from tests.runtime.tables import humans, start_table


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
    """Let the actor handle what the clock posted (a store write takes a few loop turns)."""
    for _ in range(50):
        await asyncio.sleep(0.001)
