"""The decision book on its own: what a table waits on, numbered and on its clocks (a ManualClock
here), which action a button stands for, and what CPUs and absent players join in."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.engine.game import Action, Discard, Game, VoteEnd
from bot.engine.variants import new_game
from bot.engine.variants.inage import InageGame, InageSettings
from bot.runtime.clocks import ManualClock, SeatState, TableClocks
from bot.runtime.customid import ActionId, action_args
from bot.runtime.decisions import Decision, DecisionBook
from bot.runtime.errors import InvalidButton, NotYourTurn, StaleClick
from bot.runtime.messages import FreeAct, Message, Timeout, TurnOver
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.storage import PlayerSeat
from tests.engine.rigging import as_table

CLAIMS = (["4678p1234567z11s", "123456789s1123p", "123456789s1123p", "5599p6688s12345z"], "7z")
"""A deal where the dealer's 4p may be ronned by seats 1 and 2 at once."""


@dataclass
class Table:
    """A book with its seats and clocks, and what its clocks posted."""

    game: Game
    clock: ManualClock
    seats: list[SeatState]
    book: DecisionBook
    posted: list[Message] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game, *, cpus: frozenset[int] = frozenset(), banks: tuple[float, ...] = ()) -> Table:
        clock = ManualClock()
        options = RuntimeOptions(cpu_delay=1.0, clock=clock.monotonic, wall_clock=clock.time, scheduler=clock)
        seats = [
            SeatState(
                PlayerSeat.cpu(f"CPU {seat}") if seat in cpus else PlayerSeat.human(100 + seat, f"P{seat}"),
                bank=banks[seat] if banks else 20.0,
            )
            for seat in range(game.players)
        ]
        posted: list[Message] = []
        clocks = TableClocks(seats, options=options, timers=TableTimers(10, 20), post=posted.append)
        book = DecisionBook(seats, clocks, claim_window=lambda: game.unclaimed() is not None, seat_view=game.view)
        return cls(game, clock, seats, book, posted)

    def button(self, seat: int, action: Action, seq: int | None = None) -> ActionId:
        decision = self.book.decision(seat)
        assert decision is not None
        return ActionId(0, decision.seq if seq is None else seq, action.kind, action_args(action))


def _claims() -> Table:
    game = new_game("nishoku", {"hands": 1}, seed=11)
    as_table(game).rig(*CLAIMS)
    table = Table.of(game, banks=(20.0, 20.0, 5.0, 20.0))
    table.book.sync(game, acted=None, pause=0.0)
    four_pin = next(a for a in game.legal_actions(0) if isinstance(a, Discard) and game.tiles[a.tile].kind == 12)
    game.apply(four_pin)
    table.book.sync(game, acted=0, pause=0.0)
    return table


def test_seats_asked_at_once_share_a_number_and_a_deadline_and_keep_both_when_the_other_passes() -> None:
    table = _claims()
    one, two = table.book.decisions()
    assert (one.seat, two.seat) == (1, 2) and one.seq == two.seq == table.game.sequence
    # One deadline: the turn's 10 s plus the smaller bank (seat 2's 5 s).
    assert one.deadline == two.deadline == table.clock.time() + 15
    # The turn's own seconds end together too: the panels show the turn and the bank after it apart.
    assert one.turn_ends == two.turn_ends == table.clock.time() + 10
    assert table.book.earliest_deadline() == one.deadline
    table.game.apply(next(a for a in one.actions if a.kind == "pass"))
    assert table.book.sync(table.game, acted=1, pause=0.0) == {1}
    assert table.book.decisions() == (two,)


def test_a_button_stands_for_its_action_only_while_its_decision_is_current() -> None:
    table = _claims()
    book, sequence = table.book, table.game.sequence
    claim = book.decision(2)
    assert claim is not None
    ron = next(a for a in claim.actions if a.kind == "ron")
    assert book.action_for(2, table.button(2, ron), sequence) == (ron, False)
    with pytest.raises(StaleClick):
        book.action_for(2, table.button(2, ron, seq=sequence - 1), sequence)
    with pytest.raises(NotYourTurn):  # a current button, but seat 3 has no move now
        book.action_for(3, ActionId(0, sequence, "pass"), sequence)
    with pytest.raises(InvalidButton):  # current, but never offered: forged
        book.action_for(2, ActionId(0, sequence, "discard", (1,)), sequence)


def test_a_vote_counts_whatever_the_panels_number_and_its_other_side_is_then_stale() -> None:
    game = InageGame(InageSettings(end="vote"), seed=6, players=2)
    table = Table.of(game)
    table.book.sync(game, acted=None, pause=0.0)
    seat = table.book.decisions()[0].seat
    vote = next(a for a in table.book.free_actions(seat) if isinstance(a, VoteEnd))
    old_panel = table.button(seat, vote, seq=999)
    assert table.book.action_for(seat, old_panel, game.sequence) == (vote, True)
    game.apply(vote)
    table.book.sync(game, acted=None, pause=0.0)
    with pytest.raises(StaleClick):
        table.book.action_for(seat, old_panel, game.sequence)
    turn = table.book.pending(seat)
    assert turn is not None and turn.seq == 0, "a vote leaves the seat's turn and its number alone"


def test_stopped_clocks_run_out_nobody_and_restart_with_the_seconds_left() -> None:
    table = _claims()
    (deadline,) = {d.deadline for d in table.book.decisions()}
    assert deadline is not None
    table.clock.advance(4.0)
    now, wall = table.clock.monotonic(), table.clock.time()
    stopped = table.book.stop_clocks(now=now, wall=wall)
    assert stopped == {1: (now, 11.0), 2: (now, 11.0)}
    assert [(d.deadline, d.turn_ends) for d in table.book.decisions()] == [(None, None)] * 2
    table.clock.advance(60.0)  # a long pause: nothing runs out, not even the turn's seconds
    assert table.posted == []
    table.book.restart_clocks(stopped, now=table.clock.monotonic(), wall=table.clock.time())
    assert [d.deadline for d in table.book.decisions()] == [table.clock.time() + 11.0] * 2
    # The 4 s thought before the pause still count against the turn's 10: 6 are left of it.
    assert [d.turn_ends for d in table.book.decisions()] == [table.clock.time() + 6.0] * 2
    table.clock.advance(11.0)
    assert sorted(m.seat for m in table.posted if isinstance(m, Timeout)) == [1, 2]


def _dealer_turn(bank: float) -> tuple[Table, Decision]:
    """The dealer's first turn, with ``bank`` seconds of bank, on its clock (10 s a turn)."""
    game = new_game("nishoku", {"hands": 1}, seed=11)
    as_table(game).rig(*CLAIMS)
    table = Table.of(game, banks=(bank, 20.0, 20.0, 20.0))
    table.book.sync(game, acted=None, pause=0.0)
    (turn,) = table.book.decisions()
    assert turn.seat == 0
    return table, turn


def test_a_seat_s_own_clock_shows_its_turn_then_its_whole_bank() -> None:
    table, turn = _dealer_turn(7.5)
    assert (turn.turn_ends, turn.deadline) == (table.clock.time() + 10, table.clock.time() + 17.5)
    # When the turn's 10 s are gone the clock says so (the panel then shows the bank running).
    table.clock.advance(9.9)
    assert table.posted == []
    table.clock.advance(0.1)
    assert table.posted == [TurnOver(0, turn.seq)]
    assert not table.book.turn_over(0, turn.seq - 1), "an older decision's"
    assert table.book.turn_over(0, turn.seq)
    now = table.book.pending(0)
    assert now is not None and now.turn_ends == table.clock.time() and now.deadline == turn.deadline
    table.clock.advance(7.5)
    assert table.posted == [TurnOver(0, turn.seq), Timeout(0, turn.seq)]


def test_no_turn_over_rings_for_a_seat_with_no_bank_left() -> None:
    table, turn = _dealer_turn(0.0)
    assert turn.turn_ends == turn.deadline
    table.clock.advance(10.0)
    assert table.posted == [Timeout(0, turn.seq)]


def test_absent_seats_vote_to_end_once_every_present_player_has() -> None:
    game = InageGame(InageSettings(end="vote"), seed=6, players=3)
    table = Table.of(game, cpus=frozenset({2}))
    table.book.sync(game, acted=None, pause=0.0)
    for seat in (0, 1):
        assert table.book.votes_to_follow() == []
        game.apply(next(a for a in table.book.free_actions(seat) if isinstance(a, VoteEnd)))
        table.book.sync(game, acted=None, pause=0.0)
    assert table.book.votes_to_follow() == [FreeAct(2, "vote_end")]


def test_a_finished_table_waits_on_nothing() -> None:
    table = _claims()
    table.book.clear()
    assert table.book.decisions() == () and table.book.decision(1) is None and table.book.free_actions(1) == ()
