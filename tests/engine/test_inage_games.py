"""Whole いなげ麻雀 games: exact replays, CPU-only games with every invariant checked, the sim CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.engine.record import GameRecord, replay
from bot.engine.sim import check_invariants, simulate
from bot.engine.variants.inage import InageGame, VoteEnd
from tests.engine import replays


@pytest.mark.slow
def test_replay_of_300_hands_matches_the_state_hash_after_every_action() -> None:
    hands = actions = seed = 0
    kinds: set[str] = set()
    while hands < 300:
        record, hashes = replays.play_recorded("inage", seed, 3 if seed % 3 else 2, pass_rate=0.6)
        game, replayed = replays.replayed_hashes(record)
        assert replayed == hashes
        hands += game.hand_index  # type: ignore[attr-defined]
        actions += len(record.actions)
        kinds |= {data["type"] for data in record.actions}
        seed += 1
    assert hands >= 300 and actions > 5_000
    assert {"set_aside", "kan", "pon", "riichi", "ron", "tsumo"} <= kinds


def test_a_vote_is_part_of_the_record() -> None:
    game = InageGame(seed=5)
    record = GameRecord("inage", game.settings_json(), seed=5, players=3)
    for seat in range(3):
        game.apply(VoteEnd(seat, True))
        record = record.with_action(VoteEnd(seat, True))
    rebuilt = replay(GameRecord.from_json(record.to_json()))
    assert rebuilt.outcome() == game.outcome() and rebuilt.state_hash() == game.state_hash()


@pytest.mark.slow
def test_117_cpu_hands_2p_and_3p_keep_every_invariant() -> None:
    hands = 0
    for players, games in ((3, 9), (2, 4)):
        summary = simulate("inage", games=games, seed=1, players=players)
        report = summary.to_json()
        assert report["ok"], report["violations"]
        assert summary.checks == summary.actions
        assert summary.ron > 0 and summary.tsumo > 0
        hands += summary.hands
    assert hands >= 100


def test_the_check_catches_a_created_point_and_a_shown_ura() -> None:
    game = InageGame(seed=2)
    assert check_invariants(game, 0) == []
    game.points[0] += 8  # a tsumo that was never recorded as created
    assert any("points" in problem for problem in check_invariants(game, 0))
    game = InageGame(seed=2)
    game.wall.indicators.append(game.wall.ura[0])
    game.wall.revealed += 1  # the ura turned face up while still lying face down
    assert any("tiles" in problem for problem in check_invariants(game, 0))


@pytest.mark.parametrize("players", ["2", "3"])
def test_sim_cli_inage(players: str) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.sim", "--variant", "inage", "--players", players, "--games", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    summary = json.loads(completed.stdout)
    assert summary["variant"] == "inage" and summary["ok"] and summary["hands"] >= 1
