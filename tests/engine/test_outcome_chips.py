"""The final chips (祝儀) every variant reports: a chip variant's outcome and GameOver carry each
seat's chips; a variant without chips reports none, so nothing downstream shows a zero ledger."""

from __future__ import annotations

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.events import GameOver
from bot.engine.variants import VARIANTS, Variant, new_game


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.variant)
def test_the_outcome_carries_the_final_chips_of_a_chip_variant_only(variant: Variant) -> None:
    game = new_game(variant.variant, {}, seed=7)
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(game.players)]
    over: list[GameOver] = []
    while game.outcome() is None:
        decision = game.decisions()[0]
        events = game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
        over += [event for event in events if isinstance(event, GameOver)]
    outcome = game.outcome()
    assert outcome is not None
    (event,) = over
    expected = tuple(game.chips) if variant.has_chips else ()
    assert outcome.chips == event.chips == expected
    if variant.has_chips:
        assert len(outcome.chips) == game.players and sum(outcome.chips) == 0
