"""The simulator's invariant check catches a broken game, and its CLI refuses an unknown variant
(every variant's CPU games, checked after every action, are in ``test_games.py``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.engine.sim import check_invariants
from bot.engine.variants.nishoku import NishokuGame


def test_the_invariant_check_catches_a_leak_and_a_lost_tile() -> None:
    game = NishokuGame(seed=2)
    assert check_invariants(game, 200_000) == []
    # A tile taken out of the wall without going anywhere is a lost tile.
    game.wall.live.pop()
    assert any("tiles" in problem for problem in check_invariants(game, 200_000))
    game = NishokuGame(seed=2)
    game.points[0] += 100
    assert any("points" in problem for problem in check_invariants(game, 200_000))
    # Put another seat's concealed tile in a river without removing it from the hand.
    game = NishokuGame(seed=2)
    stolen = game.seats[1].concealed[0]
    from bot.engine.table import RiverEntry

    game.seats[2].river.append(RiverEntry(stolen))
    assert check_invariants(game, 200_000)


@pytest.mark.slow
def test_sim_cli_rejects_an_unknown_variant() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.sim", "--variant", "mystery"], capture_output=True, text=True, check=False
    )
    assert completed.returncode == 2 and "unknown variant" in completed.stdout


def test_the_invariant_check_catches_a_default_that_is_not_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.engine.game import Decision, Discard

    game = NishokuGame(seed=3)
    assert check_invariants(game, 200_000) == []
    decision = game.decisions()[0]
    illegal = Discard(
        decision.seat, next(t for t in range(len(game.tiles)) if Discard(decision.seat, t) not in decision.actions)
    )
    monkeypatch.setattr(game, "decisions", lambda: (Decision(decision.seat, decision.actions, illegal),))
    assert any("default" in problem for problem in check_invariants(game, 200_000))
