"""``python -m bot.engine.calc --variant zuno``: 零発, ポッチ, イナズマ, 割れ目, 一枚場 and the chips."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.engine.calc_json import CalcJson, calc_refusal, run_calc


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, CalcJson]:
    return run_calc(capsys, "--variant", "zuno", *args)


READY = ["--hand", "234m456p678s99p11s9p", "--win", "9p", "--seat", "S"]
"""A non-dealer's riichi-only シャンポン, ronned on 9p: 1 han 40 fu."""


def test_calc_zerohatsu_is_2_han_and_2_chips(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, *READY, "--ron", "--riichi", "--zerohatsu")
    assert code == 0
    assert [(y["name"], y["han"]) for y in out["yaku"]] == [("立直", 1), ("零発", 2)]
    assert out["total"] == 5_200 and out["chips"] == {
        "discarder": 2,
        "total": 2,
        "items": {"赤": 0, "一発": 0, "裏": 0, "零発": 2, "一枚場": 0},
        "multiplier": 1,
    }


def test_calc_pocchi_white_stands_for_1s(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["--hand", "234m456p678s99p11s5z", "--win", "5z", "--seat", "S"]
    code, out = run(capsys, *hand, "--tsumo", "--riichi", "--ippatsu", "--pocchi", "1s")
    assert code == 0 and out["pocchi"] == "1s"
    assert out["payments"] == {"dealer": 2_000, "each_other": 1_000}
    assert out["chips"]["each"] == 1 and out["chips"]["total"] == 3
    code, out = run(capsys, *hand, "--tsumo", "--riichi", "--pocchi", "1s")
    assert code == 2 and "ippatsu" in str(out["error"])


def test_calc_pocchi_cannot_be_a_fifth_copy(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["--hand", "1111223344777m5z", "--win", "5z", "--tsumo", "--riichi", "--ippatsu"]
    code, out = run(capsys, *hand, "--pocchi", "1m")
    assert code == 2 and "fifth" in str(out["error"])
    code, out = run(capsys, *hand, "--pocchi", "4m")
    assert code == 0


def test_calc_inazuma_wareme_and_honba_double_up(capsys: pytest.CaptureFixture[str]) -> None:
    code, plain = run(capsys, *READY, "--ron", "--riichi", "--ippatsu", "--ura", "8p")
    assert code == 0 and plain["total"] == 8_000 and plain["chips"]["discarder"] == 4
    code, out = run(capsys, *READY, "--ron", "--riichi", "--ippatsu", "--ura", "8p", "--inazuma", "--wareme")
    # イナズマ and 割れ目 multiply: ×4 on the points and on the chips.
    assert out["total"] == 4 * 8_000 and out["payments"] == {"discarder": 32_000}
    assert out["chips"]["discarder"] == 16 and out["chips"]["multiplier"] == 4
    code, out = run(capsys, *READY, "--ron", "--riichi", "--honba", "3")
    # 一枚場: honba are chips, not points.
    assert out["total"] == 1_300 and out["chips"]["items"]["一枚場"] == 3


def test_calc_kiriage_30fu_4han(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--hand", "234m406p34567s88s2s", "--win", "2s", "--ron", "--dora", "1m", "--seat", "S")
    assert code == 0 and (out["han"], out["fu"], out["total"], out["limit"]) == (4, 30, 8_000, "満貫")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--variant", "riichi", *READY, "--ron", "--zerohatsu"], "ずーの"),
        (["--variant", "nishoku", "--hand", "234567p345678s99s", "--win", "2p", "--ron", "--honba", "1"], "ずーの"),
        (["--variant", "zuno", *READY, "--tsumo", "--riichi", "--zerohatsu"], "--ron --riichi"),
        (["--variant", "zuno", *READY, "--ron", "--pocchi", "1s"], "ippatsu"),
        (["--variant", "zuno", "--hand", "234m456p678s99p11s", "--win", "9p", "--ron"], "a win has 14"),
    ],
)
def test_calc_zuno_errors(capsys: pytest.CaptureFixture[str], args: list[str], fragment: str) -> None:
    assert fragment in calc_refusal(capsys, *args)


@pytest.mark.slow
def test_calc_zuno_module_entry_point() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.calc", "--variant", "zuno", *READY, "--ron", "--riichi", "--zerohatsu"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0 and json.loads(completed.stdout)["chips"]["total"] == 2
