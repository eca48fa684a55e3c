"""The CPU in 5等三麻: it pulls flowers and 北, wins with 白ポッチ after riichi, declares open
riichi now and then, rolls its dice, and only ever plays legal actions (the CPU picks from them).

Twelve seeded CPU games, counted by what the CPUs did and what the result cards show; the
白ポッチ win on a rigged wall (a riichi seat draws it seldom).
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.events import HandEnded, TileSetAside
from bot.engine.game import Riichi, Tsumo
from bot.engine.tiles import NUM_STANDARD_KINDS, Kind
from bot.engine.variants.goto.actions import OpenRiichi, RollDice
from bot.engine.variants.goto.game import GotoGame
from tests.engine.test_goto import riichi_then_pocchi


@pytest.fixture(scope="module")
def seen() -> Counter[str]:
    """What twelve CPU games did."""
    counts: Counter[str] = Counter()
    for seed in range(12):
        game = GotoGame(seed=seed)
        cpus = [CpuPlayer(game.shapes, game.tiles, seed=seed * 3 + seat) for seat in range(3)]
        while game.outcome() is None:
            decision = game.decisions()[0]
            action = cpus[decision.seat].choose(game.view(decision.seat), decision.actions)
            assert action in decision.actions
            if isinstance(action, OpenRiichi):
                counts["open riichi"] += 1
            elif isinstance(action, Riichi):
                counts["riichi"] += 1
            elif isinstance(action, RollDice):
                counts["roll"] += 1
            for event in game.apply(action):
                if isinstance(event, TileSetAside):
                    counts["north" if game.kinds[event.tile] == Kind.NORTH else "flower"] += 1
                if isinstance(event, HandEnded):
                    for card in event.cards:
                        counts["alice"] += bool(getattr(card, "flips", ()))
        # A flower never stays in a CPU's hand at the end of a game: it is always pulled.
        for seat in game.seats:
            assert not any(game.kinds[t] >= NUM_STANDARD_KINDS for t in seat.concealed)
    return counts


@pytest.mark.slow
def test_cpu_pulls_flowers_and_north(seen: Counter[str]) -> None:
    assert seen["flower"] > 100 and seen["north"] > 20, seen


@pytest.mark.slow
def test_cpu_declares_open_riichi_sometimes_and_plain_riichi_more_often(seen: Counter[str]) -> None:
    assert 0 < seen["open riichi"] < seen["riichi"], seen


def test_cpu_in_riichi_on_23456789p678s99s_wins_with_the_wild_pocchi_it_draws() -> None:
    game = riichi_then_pocchi(ippatsu=False)
    (decision,) = game.decisions()
    cpu = CpuPlayer.for_game(game, seed=0)
    assert cpu.choose(game.view(0), decision.actions) == Tsumo(0)


@pytest.mark.slow
def test_cpu_rolls_its_dice_and_runs_alice(seen: Counter[str]) -> None:
    assert seen["roll"] > 0 and seen["alice"] > 0, seen
