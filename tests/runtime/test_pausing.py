"""The pause on its own: a write the store refuses stops the table's clocks and is tried again,
ever later, until it lands; then the clocks restart from what was left and what followed the
write runs, in order."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.engine.variants import new_game
from bot.runtime.clocks import ManualClock, SeatState, TableClocks
from bot.runtime.decisions import DecisionBook
from bot.runtime.messages import Message, Retry, TimeLimit
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.pausing import TablePause
from bot.runtime.presenting import NullPresenter
from bot.runtime.snapshot import TableInfo, TableSnapshot
from bot.runtime.views import TableViews
from bot.storage import PlayerSeat


@dataclass
class Recorder(NullPresenter):
    """Keeps the notices and how many times the table and the panels were redrawn."""

    notices: list[str] = field(default_factory=list)
    redraws: int = 0

    def notice(self, key: str, **params: object) -> None:
        self.notices.append(key)

    def table_changed(self, snapshot: TableSnapshot) -> None:
        self.redraws += 1


class Table:
    """A table with one decision on its clock, and its pause, shown as the actor would show it."""

    def __init__(self) -> None:
        self.game = new_game("nishoku", {"hands": 1}, seed=3)
        players = tuple(PlayerSeat.human(100 + seat, f"P{seat}") for seat in range(4))
        seats = [SeatState(player, bank=5.0) for player in players]
        self.clock = ManualClock()
        options = RuntimeOptions(
            retry_seconds=1.0,
            retry_max_seconds=3.0,
            clock=self.clock.monotonic,
            wall_clock=self.clock.time,
            scheduler=self.clock,
        )
        self.presenter = Recorder()
        self.posted: list[Message] = []
        clocks = TableClocks(seats, options=options, timers=TableTimers(10, 5), post=self.posted.append)
        self.book = DecisionBook(seats, clocks, claim_window=lambda: False, seat_view=self.game.view)
        info = TableInfo(1, 2, 3, 100, self.game.variant, self.game.title, players, self.game.tiles, None)
        self.views = TableViews(self.game, info, seats, self.book)
        self.pause = TablePause(
            game_id=1, book=self.book, clocks=clocks, options=options, show=self, post=self.posted.append
        )
        self.book.sync(self.game, acted=None, pause=0.0)

    def snapshot(self) -> TableSnapshot:
        return self.views.snapshot(paused=self.pause.paused, finished=False)

    def deadline(self) -> float | None:
        (decision,) = self.book.decisions()
        return decision.deadline


def refused(times: int, result: object) -> Callable[[], Awaitable[object]]:
    """A write the store refuses ``times`` times (a full disk), then takes."""
    left = [times]

    async def write() -> object:
        if left[0] > 0:
            left[0] -= 1
            raise sqlite3.OperationalError("database or disk is full")
        return result

    return write


async def test_a_refused_write_pauses_the_table_and_is_tried_again_later_and_later_until_it_lands() -> None:
    table = Table()
    assert table.deadline() == table.clock.time() + 15  # the turn's 10 s and the 5 s bank
    table.clock.advance(3.0)
    landed: list[object] = []

    async def then(result: object) -> None:
        landed.append(result)

    assert not await table.pause.save_result("hand 0", refused(3, "stored"), then=then)
    assert table.snapshot().paused and table.presenter.notices == ["store_paused"] and table.deadline() is None
    assert table.presenter.redraws == 1  # the table without its countdown
    for wait in (1.0, 2.0, 3.0):  # doubling, up to retry_max_seconds
        table.clock.advance(wait - 0.01)
        assert table.posted == []
        table.clock.advance(0.01)
        assert table.posted == [Retry()]
        table.posted.clear()
        await table.pause.retry()
    assert landed == ["stored"] and not table.snapshot().paused
    assert table.presenter.notices == ["store_paused", "store_resumed"] and table.presenter.redraws == 2
    assert table.deadline() == table.clock.time() + 12  # the 12 s it had left, the pause charged to nobody


async def test_writes_kept_during_a_pause_land_in_the_order_they_came() -> None:
    table = Table()
    landed: list[object] = []

    async def then(result: object) -> None:
        landed.append(result)

    assert not await table.pause.save_result("hand 0", refused(1, "first"), then=then)
    assert not await table.pause.save_result("hand 1", refused(0, "second"), then=then)  # kept behind the first
    table.clock.advance(1.0)
    await table.pause.retry()
    assert landed == ["first", "second"]


async def test_a_time_limit_reached_during_a_pause_ends_the_table_once_it_carries_on() -> None:
    table = Table()
    assert not table.pause.end_time_after()
    await table.pause.save_result("hand 0", refused(1, None))
    assert table.pause.end_time_after()
    table.clock.advance(1.0)
    table.posted.clear()
    await table.pause.retry()
    assert table.posted == [TimeLimit()]
