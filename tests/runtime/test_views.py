"""The table's views on their own: each built once a move for every reader, a game rebuilt from
its log seen afresh, and a snapshot that refuses a seat view once the game has moved on."""

from __future__ import annotations

import pytest

from bot.engine.game import Game
from bot.engine.variants import new_game
from bot.runtime.clocks import ManualClock, SeatState, TableClocks
from bot.runtime.decisions import DecisionBook
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.snapshot import StaleSnapshot, TableInfo
from bot.runtime.views import TableViews
from bot.storage import PlayerSeat


def _views(game: Game, *, cpus: frozenset[int] = frozenset()) -> TableViews:
    players = tuple(
        PlayerSeat.cpu(f"CPU {seat}") if seat in cpus else PlayerSeat.human(100 + seat, f"P{seat}")
        for seat in range(game.players)
    )
    seats = [SeatState(player, bank=0.0) for player in players]
    clock = ManualClock()
    options = RuntimeOptions(clock=clock.monotonic, wall_clock=clock.time, scheduler=clock)
    clocks = TableClocks(seats, options=options, timers=TableTimers(10, 0), post=lambda message: None)
    book = DecisionBook(seats, clocks, claim_window=lambda: game.unclaimed() is not None, seat_view=game.view)
    info = TableInfo(1, 2, 3, 100, game.variant, game.title, players, game.tiles, None)
    views = TableViews(game, info, seats, book)
    book.sync(game, acted=None, pause=0.0)
    return views


def _move(game: Game) -> None:
    game.apply(game.decisions()[0].default)


def test_each_view_is_built_once_a_move_for_every_reader() -> None:
    game = new_game("nishoku", {"hands": 1}, seed=3)
    views = _views(game)
    table, seat = views.table(), views.seat(0)
    assert views.table() is table and views.seat(0) is seat and seat.public is table
    _move(game)
    assert views.table() is not table and views.seat(0) is not seat


def test_a_game_rebuilt_from_its_log_is_seen_afresh_at_the_same_revision() -> None:
    game = new_game("nishoku", {"hands": 1}, seed=3)
    views = _views(game)
    table = views.table()
    views.game = new_game("nishoku", {"hands": 1}, seed=3)
    assert views.game.revision == game.revision and views.table() is not table


def test_a_snapshot_keeps_a_seat_view_for_its_move_and_refuses_it_after() -> None:
    game = new_game("nishoku", {"hands": 1}, seed=3)
    views = _views(game)
    before = views.snapshot(paused=False, finished=False)
    assert before.seats[1] is before.seats[1] is views.seat(1)
    assert before.sequence == 0 and [d.seat for d in before.deciding] == [d.seat for d in game.decisions()]
    stale = views.snapshot(paused=True, finished=False)
    _move(game)
    with pytest.raises(StaleSnapshot):
        stale.seats[2]
    assert stale.paused and views.snapshot(paused=False, finished=False).seats[2].public.seats


def test_a_panel_waits_for_a_person_by_name_and_for_a_cpu_in_silence() -> None:
    game = new_game("nishoku", {"hands": 1}, seed=3)
    turn = game.public_view().turn
    assert turn is not None
    assert _views(game).waiting_for() == (f"P{turn}",)
    assert _views(game, cpus=frozenset({turn})).waiting_for() == ()
