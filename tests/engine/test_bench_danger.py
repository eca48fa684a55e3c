"""``python -m bench.danger``: the fit recovers known weights, and a tiny real run reads every
discard made against a riichi, none of them a deal-in on a tile it called safe."""

from __future__ import annotations

import json
import random

import pytest

from bench.cpu import adapt_lineup, play_game, rotated
from bench.danger import PARTS, DangerWatch, Estimate, calibration, fit_multipliers, main, watch_games


@pytest.mark.slow
def test_the_fit_recovers_multipliers_that_made_the_deal_ins() -> None:
    # Estimates with two parts whose true rates are 3x and 0.5x what they say: the fit finds that.
    rng = random.Random(5)
    truth = {"two_sided": 3.0, "closed": 0.5}
    estimates = []
    for _ in range(30_000):
        parts = [0.0] * len(PARTS)
        # A tile whose danger comes from one kind of wait, the other, or both (a middle tile).
        for name in rng.choice([("two_sided",), ("closed",), tuple(truth)]):
            parts[PARTS.index(name)] = rng.uniform(0.0, 4.0)
        rate = sum(truth[name] * parts[PARTS.index(name)] for name in truth) / 100
        estimates.append(Estimate(tuple(parts), "simple", rng.random() < rate))
    fitted = fit_multipliers(estimates)
    for name, factor in truth.items():
        assert fitted[PARTS.index(name)] == pytest.approx(factor, rel=0.15), name
    assert fitted[PARTS.index("honour")] == 1.0, "a part no discard had stays at 1"


def test_calibration_buckets_count_every_estimate_once() -> None:
    estimates = [
        Estimate((0.0,) * len(PARTS), "honour", False),
        Estimate((2.0, *(0.0,) * (len(PARTS) - 1)), "simple", True),
    ]
    buckets = calibration(estimates)
    assert [(b.low, b.discards, b.dealt_in) for b in buckets] == [(0.0, 1, 0), (1.5, 1, 1)]
    assert buckets[1].actual == 100.0 and buckets[1].predicted == 2.0


@pytest.mark.slow
def test_a_tiny_nishoku_run_reads_every_discard_against_a_riichi_and_none_called_safe_dealt_in() -> None:
    seats = adapt_lineup("CGGG", 4)
    watch = DangerWatch()
    against_riichi = 0
    for number in range(3):
        watch.new_game()
        result = play_game("nishoku", 4, rotated(seats, number), number, 3, watcher=watch)
        against_riichi += sum(sum(seat.against_riichi) for seat in result.results)
    assert against_riichi > 100
    assert len(watch.estimates) == against_riichi, "one estimate per discard bench.cpu counts against a riichi"
    assert any(e.dealt_in for e in watch.estimates)
    assert not any(e.dealt_in and e.predicted == 0 for e in watch.estimates), "a 現物 dealt in"
    assert watch_games("nishoku", 4, "CGGG", 3, 3) == watch.estimates, "the same games, the same reading"


def test_zuno_discards_are_read_once_they_reach_the_river(capsys: pytest.CaptureFixture[str]) -> None:
    # The simultaneous discards lock in and may switch: only the tile that reaches the river counts.
    assert main(["--variant", "zuno", "--games", "2", "--seed", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["discards"] > 0 and summary["dealt_in"] <= summary["discards"]
    assert sum(bucket["discards"] for bucket in summary["buckets"]) == summary["discards"]
    assert set(summary["multipliers"]) == set(PARTS)


def test_bad_arguments_exit_2() -> None:
    with pytest.raises(SystemExit) as raised:
        main(["--variant", "nishoku", "--players", "9"])
    assert raised.value.code == 2
    with pytest.raises(SystemExit) as raised:
        main(["--variant", "inage", "--lineup", "CQ"])
    assert raised.value.code == 2
