"""Whole チンイツゲーム games by CPUs: the 108 tiles a hand plays out of the game's 180 (its sim
invariants and replays, kans past four tiles included, are in ``test_games.py``)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.events import HandEnded
from bot.engine.game import Kan, SetAside
from bot.engine.sim import check_invariants
from bot.engine.tiles import Kind, Suit, suit_of
from bot.engine.variants.chinitsu import ChinitsuGame


@pytest.mark.slow
def test_cpu_games_keep_every_invariant_and_each_hand_plays_108_tiles_of_one_suit() -> None:
    """The sim's invariants after every action (each of the 180 tile ids in one place, points
    and chips conserved, no concealed face in another seat's view, legal defaults), and per
    hand: 108 tiles in play, the other suit's 72 in the box, the suit alternating from pinzu."""
    hands = pulls = kans = 0
    outcomes: Counter[str] = Counter()
    # At least six games and twenty hands, however short the CPUs' games turn out.
    for number in range(12):
        if number >= 6 and hands >= 20:
            break
        game = ChinitsuGame(seed=500 + number)
        cpus = [CpuPlayer(game.shapes, game.tiles, seed=number * 3 + seat) for seat in range(3)]
        suits: list[Suit] = []
        while game.outcome() is None:
            if not suits or len(suits) == game.hand_index:
                in_play = set(game.all_tile_locations()) - set(game.wall.box)
                assert len(in_play) == 108
                numbers = {suit_of(game.kinds[tile]) for tile in in_play if game.kinds[tile] < Kind.EAST}
                assert numbers == {Suit.MAN, game.suit}
                assert {suit_of(game.kinds[tile]) for tile in game.wall.box} == {Suit.PIN, Suit.SOU} - {game.suit}
                suits.append(game.suit)
            decision = game.decisions()[0]
            action = cpus[decision.seat].choose(game.view(decision.seat), decision.actions)
            pulls += isinstance(action, SetAside)
            kans += isinstance(action, Kan)
            for event in game.apply(action):
                hands += isinstance(event, HandEnded)
            assert check_invariants(game) == []
        outcome = game.outcome()
        assert outcome is not None
        outcomes[outcome.reason] += 1
        assert suits == [Suit.PIN if index % 2 == 0 else Suit.SOU for index in range(len(suits))]
        assert sum(game.chips) == 0 and sorted(outcome.placements) == [1, 2, 3]
    assert hands >= 20 and pulls > 20 and kans > 0
    assert set(outcomes) <= {"ドボン", "あがりやめ", "返り東場", "終局"}, outcomes
