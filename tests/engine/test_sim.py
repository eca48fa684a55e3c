"""CPU-only games: at least 200 hands with every invariant checked after every action."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.engine.sim import check_invariants, simulate
from bot.engine.variants.nishoku import NishokuGame


@pytest.mark.slow
def test_200_hands_of_nishoku_keep_every_invariant() -> None:
    summary = simulate("nishoku", games=14, seed=1)
    report = summary.to_json()
    assert report["ok"], report["violations"]
    assert summary.hands >= 200
    assert summary.wins > 50 and summary.ron > 0 and summary.tsumo > 0
    assert summary.checks == summary.actions


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


def test_sim_cli_prints_one_json_summary() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.sim", "--variant", "nishoku", "--games", "1", "--seed", "5"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    summary = json.loads(completed.stdout)
    assert summary["games"] == 1 and summary["ok"] and summary["hands"] >= 1
    assert {"hands_per_second", "avg_turns_per_hand", "invariants"} <= set(summary)


def test_sim_cli_rejects_an_unknown_variant() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.sim", "--variant", "mystery"], capture_output=True, text=True, check=False
    )
    assert completed.returncode == 2 and "unknown variant" in completed.stdout


def test_the_invariant_check_catches_a_default_that_is_not_legal() -> None:
    from bot.engine.game import Decision, Discard

    game = NishokuGame(seed=3)
    assert check_invariants(game, 200_000) == []
    decision = game.decisions()[0]
    illegal = Discard(
        decision.seat, next(t for t in range(len(game.tiles)) if Discard(decision.seat, t) not in decision.actions)
    )
    game.decisions = lambda: (Decision(decision.seat, decision.actions, illegal),)  # type: ignore[method-assign]
    assert any("default" in problem for problem in check_invariants(game, 200_000))
