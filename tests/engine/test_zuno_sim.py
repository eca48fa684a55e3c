"""CPU-only ずーの: at least 100 hands with tiles, points, chips and hidden tiles checked after every action."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.engine.sim import check_invariants, simulate
from bot.engine.variants.zuno import ZunoGame
from bot.engine.variants.zuno.state import ZunoRiver


@pytest.mark.slow
def test_100_hands_of_zuno_keep_every_invariant() -> None:
    summary = simulate("zuno", games=30, seed=1)
    report = summary.to_json()
    assert report["ok"], report["violations"]
    assert "chips_conserved" in report["invariants"]
    assert summary.hands >= 100 and summary.ron > 0 and summary.tsumo > 0
    assert summary.checks == summary.actions


def test_the_check_catches_a_leaked_packet_and_lost_chips() -> None:
    game = ZunoGame(seed=2)
    assert check_invariants(game, 100_000) == []
    game.chips[0] += 1
    assert any("chips" in problem for problem in check_invariants(game, 100_000))
    # The start player's packet counts as its concealed tiles: were it not, its view would leak it.
    game = ZunoGame(seed=2)
    assert game.seats[0].packet
    game.concealed_tiles = lambda seat: list(game.seats[seat].concealed)  # type: ignore[method-assign]
    assert any("seat 0 view shows" in problem for problem in check_invariants(game, 100_000))
    # A tile in two places at once.
    game = ZunoGame(seed=2)
    game.seats[2].river.append(ZunoRiver(game.seats[1].concealed[0], round=1))
    assert any("tiles" in problem for problem in check_invariants(game, 100_000))


def test_sim_cli_zuno_prints_one_json_summary() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.sim", "--variant", "zuno", "--games", "1", "--seed", "5"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    summary = json.loads(completed.stdout)
    assert summary["variant"] == "zuno" and summary["ok"] and summary["hands"] >= 1
