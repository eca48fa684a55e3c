"""The calc CLI: JSON out, exit 0 for a win, exit 2 with {"error"} for anything else."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.engine.calc import parse_melds
from bot.engine.calculator import CalcError
from bot.engine.melds import MeldType
from tests.engine.calc_json import calc_refusal, run_calc


def test_issue_example_nishoku_ron_riichi(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_calc(
        capsys, "--variant", "nishoku", "--hand", "234567p345678s99s", "--win", "2p", "--ron", "--riichi"
    )
    assert code == 0
    names = {y["name"] for y in out["yaku"]}
    assert names == {"立直", "新ピンフ"}  # 99s are terminals: no 断么九
    assert out["fu"] is None and out["total"] == out["payments"]["discarder"]


def test_standard_riichi_has_fu_and_split_tsumo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_calc(capsys, "--hand", "123m456p789s11122z", "--win", "2z", "--tsumo", "--seat", "S")
    assert code == 0 and out["fu"] and "dealer" in out["payments"]


def test_melds_and_dora(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_calc(
        capsys,
        "--hand",
        "234p567s88s",
        "--win",
        "8s",
        "--ron",
        "--melds",
        "pon:777z,chi:345m",
        "--dora",
        "6s",
        "--seat",
        "W",
    )
    assert code == 0
    assert {y["name"] for y in out["yaku"]} >= {"役牌 中", "ドラ"}


def test_kan_is_an_open_kan_like_minkan(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["--hand", "234p567s88s123m", "--win", "8s", "--ron", "--seat", "W"]
    code, kan = run_calc(capsys, *hand, "--melds", "kan:7777z")
    assert code == 0
    code, minkan = run_calc(capsys, *hand, "--melds", "minkan:7777z")
    assert code == 0 and kan == minkan and kan["fu"] == 40  # 20 + 16 (open 中 kan) + 2 (tanki)


def test_kans_have_4_tiles_unless_the_variant_allows_more() -> None:
    with pytest.raises(CalcError, match="a kan has 4 tiles, 'kan:55555p' has 5"):
        parse_melds("kan:55555p")
    melds = parse_melds("kan:55555p,ankan:11111111p,pon:999p", max_kan=8)
    assert [(meld_type, len(tiles)) for meld_type, tiles in melds] == [
        (MeldType.MINKAN, 5),
        (MeldType.ANKAN, 8),
        (MeldType.PON, 3),
    ]
    with pytest.raises(CalcError, match="4 to 8 tiles, 'ankan:111p' has 3"):
        parse_melds("ankan:111p", max_kan=8)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--hand", "123m456p789s11235z", "--win", "3z", "--ron"], "not a complete hand"),
        (["--variant", "nishoku", "--hand", "123p456p789s44s666s", "--win", "6s", "--ron"], "no yaku"),
        (["--hand", "123m456p789s1123z", "--win", "3z", "--ron"], "a win has 14"),
        (["--variant", "nishoku", "--hand", "123m456p789s11122z", "--win", "2z", "--ron"], "1m"),
        (["--hand", "123m456p789s11122z", "--win", "5z", "--ron"], "not in --hand"),
        (["--hand", "12x", "--win", "1m", "--ron"], "position 2"),
        (["--hand", "123m", "--win", "1m"], "--ron"),
        (["--hand", "123m456p789s11122z", "--win", "2z", "--ron", "--melds", "pon:123m"], "not 3 of a kind"),
        (["--variant", "mystery", "--hand", "11z", "--win", "1z", "--ron"], "unknown variant"),
    ],
)
def test_errors_are_json_with_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], fragment: str) -> None:
    assert fragment in calc_refusal(capsys, *args)


@pytest.mark.slow
def test_module_entry_point() -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.engine.calc",
            "--variant",
            "nishoku",
            "--hand",
            "234567p345678s99s",
            "--win",
            "2p",
            "--ron",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0 and json.loads(completed.stdout)["han"] == 1
