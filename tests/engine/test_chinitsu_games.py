"""Whole チンイツゲーム games by CPUs: the 108 tiles a hand plays out of the game's 180 (its sim
invariants and replays, kans past four tiles included, are in ``test_games.py``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.events import HandEnded
from bot.engine.game import Kan, Ron, SetAside
from bot.engine.sim import check_invariants
from bot.engine.table.turns import Phase
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
    for number in range(10):
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


def _ron_agrees_with_furiten(game: ChinitsuGame) -> list[bool]:
    """In a claim window, every seat that has not answered and whose hand the tile on offer
    completes is offered a ron exactly when its view says it is not furiten (a win it may not take
    for want of a yaku makes it furiten for the go-around). Returns, for each seat checked,
    whether it was offered the ron."""
    window = game.window
    if game.phase != Phase.CLAIMS or window.tile is None:
        return []
    offers: list[bool] = []
    for seat in range(game.players):
        if seat == window.from_seat or seat in window.done:
            continue
        if game.kinds[window.tile] not in game.shapes.waits(game.seats[seat].board):
            continue
        offered = any(isinstance(action, Ron) for action in game.legal_actions(seat))
        assert offered == (not game.view(seat).furiten), (game.seed, game.hand_index, seat, game.legal_actions(seat))
        offers.append(offered)
    return offers


@pytest.mark.slow
def test_view_furiten_agrees_with_the_ron_offered_on_every_tile_that_completes_a_hand() -> None:
    """「フリテンは一切不可」「※大明カンの場合はフリテンではありません」: whatever the seats do, the view's
    furiten is what the engine refuses. Seeded CPUs, which take a legal action at random one time
    in three (a pass, a pon or a 大明カン in place of a ron, a discard into furiten)."""
    offers: Counter[bool] = Counter()
    for number in range(10):
        game = ChinitsuGame(seed=900 + number)
        cpus = [CpuPlayer(game.shapes, game.tiles, seed=number * 3 + seat) for seat in range(3)]
        rng = random.Random(number)
        while game.outcome() is None and game.hand_index < 12:
            offers.update(_ron_agrees_with_furiten(game))
            decision = game.decisions()[0]
            if rng.random() < 0.3:
                action = rng.choice(decision.actions)
            else:
                action = cpus[decision.seat].choose(game.view(decision.seat), decision.actions)
            game.apply(action)
    # Both sides of the agreement came up: rons offered, and rons refused to a furiten hand.
    assert offers[True] >= 10 and offers[False] >= 3, offers
