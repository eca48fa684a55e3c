"""Every river tile's public ``order``: when it was discarded among the hand's discards, which
tells a defending player what a riichi hand let pass (bot.engine.defence)."""

from __future__ import annotations

import itertools

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.events import HandEnded
from bot.engine.game import Game
from bot.engine.variants import new_game


def rivers(game: Game) -> list[list[tuple[int, int]]]:
    return [[(entry.order, entry.tile.kind) for entry in seat.river] for seat in game.public_view().seats]


def rivers_after(game: Game, actions: int) -> list[list[tuple[int, int]]]:
    """Every seat's (order, tile kind) river after up to ``actions`` CPU actions of the first hand."""
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(game.players)]
    seen = rivers(game)
    for _ in range(actions):
        decision = game.decisions()[0]
        events = game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
        if any(isinstance(event, HandEnded) for event in events) or game.outcome() is not None:
            break
        seen = rivers(game)
    return seen


@pytest.mark.parametrize(
    ("variant", "players"), [("nishoku", 4), ("inage", 3), ("inage", 2), ("chinitsu", 3), ("goto", 3)]
)
def test_turn_based_discards_are_numbered_one_by_one_across_the_table(variant: str, players: int) -> None:
    rivers = rivers_after(new_game(variant, {}, seed=5, players=players), 40)
    orders = sorted(order for river in rivers for order, _ in river)
    assert orders == list(range(1, len(orders) + 1))
    assert all(earlier < later for river in rivers for (earlier, _), (later, _) in itertools.pairwise(river))


def test_zuno_simultaneous_discards_share_their_rounds_order() -> None:
    rivers = rivers_after(new_game("zuno", {}, seed=5), 120)
    firsts = {river[0][0] for river in rivers if river}
    assert len([river for river in rivers if river]) >= 2 and len(firsts) == 1
    assert all(earlier <= later for river in rivers for (earlier, _), (later, _) in itertools.pairwise(river))
