"""Whole いなげ麻雀 games: a vote is part of the record, and the sim's check catches a created point
and a shown ura (its CPU games and replays, at 2 and 3 players, are in ``test_games.py``)."""

from __future__ import annotations

from bot.engine.record import GameRecord, replay
from bot.engine.sim import check_invariants
from bot.engine.variants.inage import InageGame, VoteEnd


def test_a_vote_is_part_of_the_record() -> None:
    game = InageGame(seed=5)
    record = GameRecord("inage", game.settings_json(), seed=5, players=3)
    for seat in range(3):
        game.apply(VoteEnd(seat, True))
        record = record.with_action(VoteEnd(seat, True))
    rebuilt = replay(GameRecord.from_json(record.to_json()))
    assert rebuilt.outcome() == game.outcome() and rebuilt.state_hash() == game.state_hash()


def test_the_check_catches_a_created_point_and_a_shown_ura() -> None:
    game = InageGame(seed=2)
    assert check_invariants(game, 0) == []
    game.points[0] += 8  # a tsumo that was never recorded as created
    assert any("points" in problem for problem in check_invariants(game, 0))
    game = InageGame(seed=2)
    game.wall.indicators.append(game.wall.ura[0])
    game.wall.revealed += 1  # the ura turned face up while still lying face down
    assert any("tiles" in problem for problem in check_invariants(game, 0))
