"""The calc's チンイツゲーム scorer (:data:`CHINITSU_CALC`): backs, 4–8 tile kans, 抜きドラ, honba,
chips and the errors, through the shared CLI and the registry's entry."""

from __future__ import annotations

import pytest

from bot.engine import calc
from bot.engine.variants.chinitsu.calc import CHINITSU_CALC
from tests.engine.calc_json import CalcJson, calc_refusal, calc_win, yaku_by_name


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> CalcJson:
    return calc_win(capsys, "--variant", "chinitsu", *args)


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    return calc_refusal(capsys, "--variant", "chinitsu", *args)


RIICHI_ONLY = ["--hand", "123p678p789p111m99m", "--win", "2p", "--seat", "S", "--riichi"]
"""A child's riichi with no other yaku and no dora: リーチのみ, a 本役満."""


def test_calc_riichi_only_123p678p789p111m99m_ron_is_a_yakuman_with_chips(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *RIICHI_ONLY, "--ron")
    assert yaku_by_name(out) == {"リーチのみ": 1} and out["yakuman"] == 1 and out["fu"] is None
    assert out["total"] == 32_000 and out["payments"] == {"discarder": 32_000}
    assert out["chips"] == {
        "discarder": 5,
        "other": 5,
        "total": 10,
        "items": {"一発": 0, "裏ドラ": 0, "本役満": 5},
    }


def test_calc_riichi_only_lost_to_a_pulled_north(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *RIICHI_ONLY, "--ron", "--nuki", "1")
    assert yaku_by_name(out) == {"立直": 1, "抜きドラ": 1} and out["yakuman"] == 0 and out["total"] == 2_000


def test_calc_seiisou_B123456789p_B111p_B22z_is_double_yakuman(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "B123456789pB111pB22z", "--win", "B2z", "--ron", "--seat", "S")
    assert yaku_by_name(out) == {"背一色": 2} and out["yakuman"] == 2 and out["total"] == 64_000
    assert out["chips"]["other"] == 10


def test_calc_seiisou_needs_every_back_shown_and_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    mixed = ok(capsys, "--hand", "B123456789pY111pB22z", "--win", "B2z", "--ron", "--seat", "S")
    unknown = ok(capsys, "--hand", "B123456789p111p22z", "--win", "2z", "--ron", "--seat", "S")
    assert mixed["yakuman"] == unknown["yakuman"] == 0


def test_calc_seiisou_open_kan_Y5555p_counts_meld_backs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hand", "Y123789999pY11z", "--win", "Y1z", "--ron", "--seat", "S"]
    out = ok(capsys, *args, "--melds", "kan:Y5555p")
    assert yaku_by_name(out) == {"背一色": 2}
    out = ok(capsys, *args, "--melds", "kan:B5555p")
    assert out["yakuman"] == 0


def test_calc_win_7p_without_a_back_is_B7p_of_B23456778999p_pon_B111p(capsys: pytest.CaptureFixture[str]) -> None:
    # 「背一色…鳴いてあがってもOKです」: the winning tile written 7p is the hand's blue 7p.
    args = ["--hand", "B23456778999p", "--melds", "pon:B111p", "--ron", "--seat", "S"]
    written = ok(capsys, *args, "--win", "7p")
    assert written == ok(capsys, *args, "--win", "B7p") and yaku_by_name(written) == {"背一色": 2}
    assert "Y7p is not in --hand" in refused(capsys, *args, "--win", "Y7p")


def test_calc_sakizuke_open_pon_111m_23467899p555z_ron_5z_is_refused_9p_has_no_haku(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 「後ヅケ無し、確定１翻縛り」: 役牌 白 holds on the 5z only, the 9p of the same wait has no yaku, so the
    # game refuses the win; with 111p, 混一色 holds on both.
    args = ["--hand", "23467899p555z", "--win", "5z", "--ron", "--seat", "S"]
    assert "no yaku common to every wait" in refused(capsys, *args, "--melds", "pon:111m")
    assert yaku_by_name(ok(capsys, *args, "--melds", "pon:111p")) == {"役牌 白": 1, "混一色": 2}


def test_calc_sakizuke_closed_dama_123p456p789p111m99m_ron_9p_is_refused_3p_6p_have_no_yaku(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 「ただし面前王手飛車は有効」: a closed hand needs a yaku on each wait; riichi holds on every one.
    args = ["--hand", "123p456p789p111m99m", "--win", "9p", "--ron", "--seat", "S"]
    assert "no ron while 3p 6p has no yaku" in refused(capsys, *args)
    assert "一気通貫" in yaku_by_name(ok(capsys, *args, "--riichi"))


def test_calc_seiisou_cannot_hold_an_honour_triplet_B111z(capsys: pytest.CaptureFixture[str]) -> None:
    # 2 blue and 2 yellow of each honour (and of 1m, 9m): one back colour has no triplet of them,
    # nor a kan past four of a number tile.
    error = refused(capsys, "--hand", "B123456789pB11122z", "--win", "B2z", "--ron")
    assert error == "3 × blue 1z: the チンイツゲーム set has 2"
    error = refused(capsys, "--hand", "B12378999pB11z", "--win", "B1z", "--ron", "--melds", "kan:B55555p")
    assert error == "5 × blue 5p: the チンイツゲーム set has 4"


def test_calc_kan_55555p_every_five_is_red(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "123p789p44p111z", "--win", "4p", "--ron", "--seat", "S", "--melds", "kan:55555p")
    assert yaku_by_name(out)["赤ドラ"] == 5 and yaku_by_name(out)["混一色"] == 2 and "清一色" not in yaku_by_name(out)


def test_calc_ankan_11111111p_8_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "234p567p789p99p", "--win", "9p", "--tsumo", "--melds", "ankan:11111111p")
    assert yaku_by_name(out)["清一色"] == 6 and yaku_by_name(out)["門前清自摸和"] == 1


def test_calc_nuki_2_and_a_3z_indicator_make_4_dora(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *RIICHI_ONLY, "--ron", "--nuki", "2", "--dora", "3z")
    assert yaku_by_name(out) == {"立直": 1, "ドラ": 2, "抜きドラ": 2} and out["limit"] == "満貫"


def test_calc_several_dora_and_ura_indicators_in_one_string(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *RIICHI_ONLY, "--ron", "--dora", "1m9m", "--ura", "8p6p")
    assert yaku_by_name(out) == {"立直": 1, "ドラ": 5, "裏ドラ": 3}
    assert out["chips"]["items"]["裏ドラ"] == 3


def test_calc_honba_3_ron_adds_3000_tsumo_1500_each_500(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *RIICHI_ONLY, "--ron", "--honba", "3")
    assert out["total"] == 35_000 and out["honba"] == 3_000 and out["payments"] == {"discarder": 35_000}
    out = ok(capsys, *RIICHI_ONLY, "--tsumo", "--honba", "3")
    # Riichi and tsumo: 2 han, 1,000 / 2,000, and 500 a payer for 3 honba.
    assert out["payments"] == {"dealer": 3_500, "each_other": 2_500} and out["total"] == 6_000


def test_calc_seed_example_21_han_tsumo_is_nanabaiman(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hand", "123p456p789p222p88p", "--win", "8p", "--tsumo", "--riichi", "--ippatsu", "--seat", "S"]
    out = ok(capsys, *args, "--dora", "1p7p2p3p")
    assert (out["han"], out["limit"], out["total"]) == (21, "七倍満", 56_000)
    assert out["payments"] == {"dealer": 35_000, "each_other": 21_000}
    assert out["chips"] == {"each": 1, "total": 2, "items": {"一発": 1, "裏ドラ": 0, "本役満": 0}}


def test_calc_dealer_yakuman_tsumo_24000_each(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "555z666z777z123p44p", "--win", "4p", "--tsumo")
    assert out["payments"] == {"each": 24_000} and out["total"] == 48_000 and out["chips"]["total"] == 10


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--hand", "111111111p23p44p5p", "--win", "5p"], "9 × 1p: the チンイツゲーム set has 8"),
        (["--hand", "123p456p789p55555z", "--win", "5z"], "5 × 5z: the チンイツゲーム set has 4"),
        (["--hand", "123p456p789p1111z", "--win", "1z", "--nuki", "1", "--melds", ""], "a チンイツゲーム win has 14"),
        (["--hand", "123p456p789p111m44z", "--win", "4z", "--riichi"], "北 in hand is usable only for"),
        (["--hand", "123p456p789p234m99m", "--win", "9m"], "no 2m–8m"),
        (["--hand", "123p456p789s111m99m", "--win", "9m"], "one number suit"),
        (["--hand", "123p456p789p111m9m", "--win", "9m"], "a チンイツゲーム win has 14"),
        (["--hand", "B11111p234p789p99m", "--win", "9m"], "5 × blue 1p: the チンイツゲーム set has 4"),
        (["--hand", "123p456p789p111m44z", "--win", "4z", "--nuki", "3"], "5 × 4z"),
        (["--hand", "123p678p789p111m99m", "--win", "2p", "--nuki", "5"], "--nuki"),
        (["--hand", "123p678p789p111m99m", "--win", "2p", "--seat", "N"], "no North seat"),
        (["--hand", "123p678p789p111m99m", "--win", "2p", "--round", "W"], "East and South"),
        (["--hand", "123p99p", "--win", "9p", "--melds", "kan:555555555p,pon:111z,pon:222z"], "4 to 8 tiles"),
        (["--hand", "123p678p789p111m99m", "--win", "2p", "--dora", "11111111p"], "counting the indicators"),
        (["--hand", "123p678p789p111m99m", "--win", "2p"], "no yaku"),
        (["--hand", "123p678p789p111m19m", "--win", "2p"], "not a complete hand"),
    ],
)
def test_calc_chinitsu_errors(capsys: pytest.CaptureFixture[str], args: list[str], fragment: str) -> None:
    assert fragment in refused(capsys, *args, "--ron")


def test_calc_chinitsu_options_are_refused_elsewhere(capsys: pytest.CaptureFixture[str]) -> None:
    refusal = calc_refusal(
        capsys, "--variant", "riichi", "--hand", "123m456p789s11122z", "--win", "2z", "--ron", "--nuki", "1"
    )
    assert "チンイツゲーム" in refusal


def test_calc_chinitsu_calculator_directly_on_a_request() -> None:
    request = calc.parse_args(["--variant", "chinitsu", *RIICHI_ONLY, "--ron"])
    assert request.options == {"nuki": 0, "honba": 0}
    result = CHINITSU_CALC.calculate(request)
    assert result.yakuman == 1 and result.chips is not None and result.chips.total == 10
