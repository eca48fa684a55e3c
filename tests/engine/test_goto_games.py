"""Whole 5等三麻 games by CPUs through the simulator: dice thrown from anywhere but the seed make a
replay part ways with the game, and the simulator says so (its CPU games with every invariant,
and its replays, are in ``test_games.py``)."""

from __future__ import annotations

import random

import pytest

from bot.engine.sim import simulate
from bot.engine.variants.goto.game import GotoGame


@pytest.mark.slow
def test_sim_catches_dice_that_a_replay_would_not_roll_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice thrown from an RNG outside the seed: the played game and its replay part ways, and the
    simulator says so. The outside RNG is seeded too (the replay draws on from where the game left
    it), so the test plays the same games every run."""
    fresh = random.Random(11)
    monkeypatch.setattr(GotoGame, "_dice_rng", lambda game, win: random.Random(fresh.random()))
    summary = simulate("goto", games=6, seed=3)
    assert any("replayed game differs" in violation for violation in summary.violations), summary.violations
