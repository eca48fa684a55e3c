"""Whole 5等三麻 games by CPUs through the simulator: every invariant after every action, and a
replay of each game's log that must end in the same state (dice and Alice from the seed)."""

from __future__ import annotations

import random

import pytest

from bot.engine.sim import simulate
from bot.engine.variants.goto.game import GotoGame


def test_sim_summary_of_goto_games_is_ok() -> None:
    summary = simulate("goto", games=5, seed=3)
    report = summary.to_json()
    assert report["ok"], report["violations"]
    assert "replays_identically" in report["invariants"]
    assert summary.checks == summary.actions and summary.hands >= 10 and summary.wins > summary.draws


@pytest.mark.slow
def test_sim_catches_dice_that_a_replay_would_not_roll_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice thrown from an unseeded RNG: the played game and its replay part ways, and the
    simulator says so."""
    fresh = random.Random()
    monkeypatch.setattr(GotoGame, "_dice_rng", lambda game, win: random.Random(fresh.random()))
    summary = simulate("goto", games=6, seed=3)
    assert any("replayed game differs" in violation for violation in summary.violations), summary.violations
