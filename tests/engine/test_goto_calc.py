"""The calc's 5等三麻 scorer (:data:`GOTO_CALC`): rounded-up points and honba, flowers pulled and
shown as indicators, 北, 白ポッチ, open riichi, chips, dice and the refusals, through the shared CLI
(the last test runs ``python -m bot.engine.calc`` itself)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine import calc
from bot.engine.variants import VARIANTS
from bot.engine.variants.goto import GOTO
from bot.engine.variants.goto.calc import GOTO_CALC, calculate_goto
from tests.engine.calc_json import CalcJson, ChipsJson, calc_refusal, calc_win, yaku_by_name

ROOT = Path(__file__).resolve().parents[2]


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> CalcJson:
    return calc_win(capsys, "--variant", "goto", *args)


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    return calc_refusal(capsys, "--variant", "goto", *args)


def chips(out: CalcJson) -> ChipsJson:
    return out["chips"]


def items(out: CalcJson) -> dict[str, int]:
    return chips(out)["items"]


CHILD = ["--seat", "S"]
PLAIN = ["--hand", "123p456p789s111m99s", "--win", "9s", *CHILD]
"""A child's closed hand with no yaku of its own: riichi makes it a win."""
RED = ["--hand", "123p406p789s111m99s", "--win", "9s", *CHILD]
"""The same with a red 0p."""
GOLD = ["--hand", "123p4g6p789s111m99s", "--win", "9s", *CHILD]
"""The same with a gold 5p (``g``)."""


# --- points ------------------------------------------------------------------------------------------


def test_ron_5200_rounds_up_to_6000_123p406p789s111m99s_riichi_red_dora_9p(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, *RED, "--ron", "--riichi", "--dora", "9p")
    assert yaku_by_name(out) == {"立直": 1, "ドラ": 1, "赤ドラ": 1} and (out["han"], out["fu"]) == (3, 40)
    assert out["total"] == 6_000 and out["payments"] == {"discarder": 6_000} and out["limit"] == ""
    assert out["rank"] == {"tier": "below", "han": 3, "fu": 40}
    assert chips(out) == {"discarder": 1, "other": 0, "total": 1, "items": {"赤": 1}}
    assert out["dice"] == 0 and out["dice_items"] == {} and out["seasons"] == {} and out["flowers"] == 0


def test_child_tsumo_700_1300_is_2000_3000_123p456p789s111m99s_riichi(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi")
    assert yaku_by_name(out) == {"立直": 1, "門前清自摸和": 1} and (out["han"], out["fu"]) == (2, 40)
    assert out["payments"] == {"dealer": 3_000, "each_other": 2_000} and out["total"] == 5_000


def test_dealer_ron_mangan_12000_dealer_123p456p789s111m99s_riichi_dora_8s_9p(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--hand", "123p456p789s111m99s", "--win", "9s", "--ron", "--riichi", "--dora", "8s9p"]
    out = ok(capsys, *args, "--dealer")
    assert out["limit"] == "満貫" and out["total"] == 12_000 and out["payments"] == {"discarder": 12_000}
    assert ok(capsys, *args)["total"] == 12_000  # seat East is the dealer without --dealer too
    out = ok(capsys, *args[:-4], "--tsumo", "--riichi", "--dora", "8s")
    assert out["limit"] == "満貫" and out["payments"] == {"each": 5_000} and out["total"] == 10_000


def test_honba_1_child_mangan_ron_8000_is_10000_tsumo_3000_5000_is_4000_6000(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, *PLAIN, "--ron", "--riichi", "--dora", "8s9p", "--honba", "1")
    assert out["limit"] == "満貫" and out["payments"] == {"discarder": 10_000}
    assert out["total"] == 10_000 and out["honba"] == 2_000
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--dora", "8s", "--honba", "1")
    assert out["limit"] == "満貫" and out["payments"] == {"dealer": 6_000, "each_other": 4_000}
    assert out["total"] == 10_000 and out["honba"] == 2_000
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--dora", "8s", "--honba", "3")
    assert out["payments"] == {"dealer": 8_000, "each_other": 6_000} and out["total"] == 14_000


def test_sanbaiman_11_han_ron_234p567p888p22233p_3_chips_from_each_opponent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, "--hand", "234p567p888p22233p", "--win", "3p", *CHILD, "--ron", "--riichi", "--dora", "7p")
    assert out["han"] == 11 and out["limit"] == "三倍満" and out["total"] == 24_000
    assert chips(out) == {"discarder": 3, "other": 3, "total": 6, "items": {"三倍満": 3}}


def test_kazoe_16_han_tsumo_234p567p888p22233p_dora_1p7p_is_5_plus_2_chips_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--hand", "234p567p888p22233p", "--win", "3p", *CHILD, "--tsumo", "--riichi", "--dora", "1p7p"]
    out = ok(capsys, *args)
    assert out["han"] == 16 and out["limit"] == "数え役満" and out["yakuman"] == 0
    assert out["payments"] == {"dealer": 17_000, "each_other": 9_000}
    assert chips(out) == {"each": 7, "total": 14, "items": {"数え役満": 5, "14翻超え": 2}}
    # 夏: 五倍満, and 3 han more for the chips: 19 - 14 = 5 (the seed's example), and a roll.
    out = ok(capsys, *args, "--flowers", "2f")
    assert out["limit"] == "五倍満" and out["payments"] == {"dealer": 21_000, "each_other": 11_000}
    assert items(out) == {"五倍満": 10, "14翻超え": 5} and out["dice_items"] == {"五倍満": 1}


# --- 夏 and 秋 ---------------------------------------------------------------------------------------


def test_summer_2f_below_mangan_adds_a_han_2_han_40_fu_tsumo_is_3000_4000(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--flowers", "2f")
    # The seed's example: 1,300-2,600 → 2,000-3,000 → 3,000-4,000.
    assert out["han"] == 2 and out["rank"] == {"tier": "below", "han": 3, "fu": 40}
    assert out["payments"] == {"dealer": 4_000, "each_other": 3_000} and out["total"] == 7_000
    assert out["seasons"] == {"summer": 1} and out["flowers"] == 1 and out["dice"] == 0


def test_summer_2f_raises_mangan_to_haneman_4000_7000_123p456p789s111m99s_dora_8s(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = [*PLAIN, "--tsumo", "--riichi", "--dora", "8s"]
    assert ok(capsys, *args)["limit"] == "満貫"
    out = ok(capsys, *args, "--flowers", "2f")
    assert out["limit"] == "跳満" and out["rank"]["tier"] == "haneman"
    assert out["payments"] == {"dealer": 7_000, "each_other": 4_000} and out["total"] == 11_000
    out = ok(capsys, *args, "--flowers", "2f2f")  # summers stack (GTS-A4)
    assert out["limit"] == "倍満" and out["seasons"] == {"summer": 2}


def test_autumn_3f_doubles_red_0p_and_gold_gp_han_not_their_chips(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *RED, "--ron", "--riichi", "--dora", "9p", "--flowers", "3f")
    assert yaku_by_name(out)["赤ドラ"] == 2 and out["limit"] == "満貫" and out["total"] == 8_000
    assert items(out) == {"赤": 1} and out["seasons"] == {"autumn": 1}
    out = ok(capsys, *GOLD, "--ron", "--riichi", "--dora", "9p")
    assert yaku_by_name(out)["赤ドラ"] == 1 and out["total"] == 6_000 and items(out) == {"金": 2}
    out = ok(capsys, *GOLD, "--ron", "--riichi", "--dora", "9p", "--flowers", "3f")
    assert yaku_by_name(out)["赤ドラ"] == 2 and out["total"] == 8_000 and items(out) == {"金": 2}


def test_gold_g5p_is_a_gold_and_a_plain_5p_123pg55p789s111m99s(capsys: pytest.CaptureFixture[str]) -> None:
    # "g5p" is two tiles: the gold 5p and a plain one (g is the gold five's digit).
    out = ok(capsys, "--hand", "123pg55p789s111m99s", "--win", "9s", *CHILD, "--ron", "--riichi")
    assert yaku_by_name(out)["赤ドラ"] == 1 and items(out) == {"金": 2}


def test_red_and_gold_in_an_open_hand_pon_0pg5p_pon_555z_count_chips(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "123p111m99s", "--win", "9s", *CHILD, "--ron", "--melds", "pon:0pg5p,pon:555z")
    assert yaku_by_name(out) == {"役牌 白": 1, "赤ドラ": 2} and items(out) == {"赤": 1, "金": 2}


# --- flowers shown as indicators, 春 ----------------------------------------------------------------------


def test_flower_indicator_3f_omote_gives_autumn_to_the_winner_without_pulling(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, *RED, "--ron", "--riichi", "--dora", "9p3f")
    assert yaku_by_name(out) == {"立直": 1, "ドラ": 1, "赤ドラ": 2} and out["total"] == 8_000
    assert out["seasons"] == {"autumn": 1} and out["flowers"] == 0


def test_flower_ura_indicator_3f_only_for_a_riichi_winner_555z_pon_123p406p789s99s(
    capsys: pytest.CaptureFixture[str],
) -> None:
    open_hand = ["--hand", "123p406p789s99s", "--win", "9s", *CHILD, "--ron", "--melds", "pon:555z"]
    out = ok(capsys, *open_hand, "--ura", "3f")
    assert yaku_by_name(out)["赤ドラ"] == 1 and out["seasons"] == {}
    out = ok(capsys, *open_hand, "--dora", "3f")
    assert yaku_by_name(out)["赤ドラ"] == 2 and out["seasons"] == {"autumn": 1}
    out = ok(capsys, *RED, "--ron", "--riichi", "--dora", "9p", "--ura", "3f")
    assert yaku_by_name(out)["赤ドラ"] == 2 and out["seasons"] == {"autumn": 1}


def test_flower_indicators_never_make_4_flowers_1f1f1f_pulled_and_a_1f_indicator(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--flowers", "1f1f1f", "--dora", "1f")
    assert out["dice"] == 0 and out["flowers"] == 3 and out["seasons"] == {"spring": 4}
    # Four Springs, each F = 3 pulled flowers (the indicator is not pulled) from each opponent.
    assert items(out) == {"春": 12} and chips(out)["each"] == 12


def test_spring_1f_pays_flowers_pulled_from_each_opponent_1f2f3f_is_3_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--flowers", "1f2f3f")
    assert items(out) == {"春": 3} and chips(out) == {"each": 3, "total": 6, "items": {"春": 3}}
    out = ok(capsys, *RED, "--ron", "--riichi", "--flowers", "1f3f")
    # On a ron too, Spring pays from each opponent; the red five only from the discarder.
    assert chips(out) == {"discarder": 3, "other": 2, "total": 5, "items": {"赤": 1, "春": 2}}
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--flowers", "1f1f")
    assert items(out) == {"春": 4}
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--flowers", "2f3f", "--dora", "1f")
    assert items(out) == {"春": 2} and out["seasons"] == {"spring": 1, "summer": 1, "autumn": 1}


def test_winter_4f_names_the_flips_alice_or_half_tulip_on_a_pocchi_tsumo(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--ron", "--riichi", "--flowers", "4f")
    assert out["alice"] == "アリス" and out["seasons"] == {"winter": 1}
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--ippatsu", "--flowers", "4f")
    assert out["alice"] == "半チューリップ"
    assert "alice" not in ok(capsys, *PLAIN, "--ron", "--riichi")


# --- 北 -----------------------------------------------------------------------------------------------


def test_north_nuki_1_is_a_dora_and_a_chip_4_north_8_dora_4_chips_and_a_roll(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, *PLAIN, "--ron", "--riichi", "--nuki", "1")
    # A pulled 北 is a dora: not 立直のみ出和了 any more.
    assert yaku_by_name(out) == {"立直": 1, "抜きドラ": 1} and items(out) == {"北": 1} and out["total"] == 3_000
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--nuki", "4")
    assert yaku_by_name(out)["抜きドラ"] == 8 and items(out) == {"北": 4} and out["dice_items"] == {"4北": 1}


def test_north_44z_in_123p456p789s111m44z_is_no_win(capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(capsys, "--hand", "123p456p789s111m44z", "--win", "4z", *CHILD, "--tsumo", "--riichi")
    assert "北 in hand is usable only for" in error


def test_north_in_kokushi_19m19p19s12345677z_tsumo_on_4z_is_a_yakuman_and_a_roll(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, "--hand", "19m19p19s12345677z", "--win", "4z", *CHILD, "--tsumo")
    assert yaku_by_name(out) == {"国士無双": 1} and out["total"] == 26_000 and out["dice"] == 1
    assert chips(out) == {"each": 5, "total": 10, "items": {"役満": 5}}


# --- riichi, open riichi, 白ポッチ -----------------------------------------------------------------------


def test_riichi_only_ron_123p456p789s111m99s_is_a_yakuman_32000_and_5_chips_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, *PLAIN, "--ron", "--riichi")
    assert yaku_by_name(out) == {"立直のみ出和了": 1} and out["total"] == 32_000 and out["limit"] == "役満"
    assert chips(out) == {"discarder": 5, "other": 5, "total": 10, "items": {"役満": 5}} and out["dice"] == 1


def test_open_riichi_is_2_han_123p456p789s111m99s_tsumo_3000_4000(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--open-riichi")  # implies riichi
    assert yaku_by_name(out) == {"オープン立直": 2, "門前清自摸和": 1} and out["han"] == 3
    assert out["payments"] == {"dealer": 4_000, "each_other": 3_000}
    out = ok(capsys, *PLAIN, "--tsumo", "--open-riichi", "--double-riichi")
    assert yaku_by_name(out) == {"オープンダブル立直": 3, "門前清自摸和": 1}
    assert yaku_by_name(ok(capsys, *PLAIN, "--tsumo", "--double-riichi")) == {"ダブル立直": 2, "門前清自摸和": 1}


def test_open_riichi_ron_alone_is_riichi_only_ron_yakuman(capsys: pytest.CaptureFixture[str]) -> None:
    assert yaku_by_name(ok(capsys, *PLAIN, "--ron", "--open-riichi")) == {"立直のみ出和了": 1}


def test_ippatsu_ron_1_chip_and_ura_1_chip_each_ura_8s_under_789s99s(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--ron", "--riichi", "--ippatsu", "--ura", "8s")
    # 789s and 99s: three 9s under the 8s.
    assert yaku_by_name(out) == {"立直": 1, "一発": 1, "裏ドラ": 3}
    assert chips(out) == {"discarder": 4, "other": 0, "total": 4, "items": {"一発": 1, "裏ドラ": 3}}
    # Ura only count for a riichi winner: this hand's 白 is its yaku.
    out = ok(capsys, "--hand", "123p456p789s99s", "--win", "9s", *CHILD, "--ron", "--melds", "pon:555z", "--ura", "8s")
    assert "裏ドラ" not in yaku_by_name(out) and items(out) == {}


def test_pocchi_tsumo_as_9s_123p456p789s111m99s_is_1_chip_from_each(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--pocchi", "9s")
    assert yaku_by_name(out) == {"立直": 1, "門前清自摸和": 1} and out["pocchi"] == "9s"
    assert chips(out) == {"each": 1, "total": 2, "items": {"白ポッチツモ": 1}} and out["dice"] == 0
    # The 0z itself as --win, as in ずーの's calc: the same win.
    same = ok(capsys, "--hand", "123p456p789s111m9s0z", "--win", "0z", *CHILD, "--tsumo", "--riichi", "--pocchi", "9s")
    assert same == out


def test_soku_pocchi_ippatsu_tsumo_is_3_plus_ippatsu_1_chips_and_a_roll(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--ippatsu", "--pocchi", "9s")
    assert yaku_by_name(out) == {"立直": 1, "一発": 1, "門前清自摸和": 1}
    assert chips(out) == {"each": 4, "total": 8, "items": {"一発": 1, "即ポッチ": 3}}
    assert out["dice"] == 1 and out["dice_items"] == {"即ポッチ": 1}


def test_pocchi_as_a_fourth_copy_1111p_is_allowed_not_a_fifth(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hand", "111p123p789s111m99s", "--win", "1p", *CHILD, "--tsumo", "--riichi", "--pocchi", "1p"]
    assert ok(capsys, *args)["pocchi"] == "1p"
    fifth = "5 × 1p: the 5等三麻 set has 4 (the 白ポッチ cannot be a fifth copy)"
    args = ["--hand", "11111p23p789s11m99s", "--win", "1p", *CHILD, "--tsumo", "--riichi", "--pocchi", "1p"]
    assert refused(capsys, *args) == fifth
    args = ["--hand", "1111p23p789s111m9s0z", "--win", "0z", *CHILD, "--tsumo", "--riichi", "--pocchi", "1p"]
    assert refused(capsys, *args) == fifth


# --- situations ---------------------------------------------------------------------------------------


def test_seat_w_round_s_222z_is_round_wind_1300_rounds_up_to_2000(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "123p456p789s222z99s", "--win", "9s", "--seat", "W", "--round", "S", "--ron")
    assert yaku_by_name(out) == {"役牌 場風": 1} and (out["han"], out["fu"]) == (1, 40) and out["total"] == 2_000


def test_sudden_death_round_w_seat_w_333z_is_both_winds(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "123p456p789s333z99s", "--win", "9s", "--seat", "W", "--round", "W", "--ron")
    assert yaku_by_name(out) == {"役牌 自風": 1, "役牌 場風": 1}


def test_haitei_houtei_rinshan_chankan_are_one_han_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert yaku_by_name(ok(capsys, *PLAIN, "--tsumo", "--haitei"))["海底摸月"] == 1
    assert yaku_by_name(ok(capsys, *PLAIN, "--ron", "--houtei"))["河底撈魚"] == 1
    assert yaku_by_name(ok(capsys, *PLAIN, "--ron", "--chankan"))["槍槓"] == 1
    kan = ["--hand", "456p789s111m99s", "--win", "9s", *CHILD, "--melds", "ankan:1111p"]
    out = ok(capsys, *kan, "--tsumo", "--rinshan")
    assert yaku_by_name(out) == {"門前清自摸和": 1, "嶺上開花": 1}


def test_first_turn_tenhou_chiihou_renhou_are_yakuman_with_2_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["--hand", "123p456p789s111m99s", "--win", "9s"]
    out = ok(capsys, *hand, "--tsumo", "--first-turn")
    assert yaku_by_name(out) == {"天和": 1} and out["payments"] == {"each": 17_000} and out["dice"] == 2
    out = ok(capsys, *hand, *CHILD, "--tsumo", "--first-turn")
    assert yaku_by_name(out) == {"地和": 1} and out["dice"] == 2
    out = ok(capsys, *hand, *CHILD, "--ron", "--first-turn")
    assert yaku_by_name(out) == {"人和": 1} and out["total"] == 32_000 and out["dice"] == 2


# --- dice ---------------------------------------------------------------------------------------------


def test_dice_suuankou_tanki_111p333p777s999s11z_tsumo_is_2_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "--hand", "111p333p777s999s11z", "--win", "1z", *CHILD, "--tsumo")
    assert yaku_by_name(out) == {"四暗刻単騎": 1} and out["dice"] == 2 and out["dice_items"] == {"四暗刻単騎": 2}
    assert out["payments"] == {"dealer": 17_000, "each_other": 9_000} and items(out) == {"役満": 5}


def test_dice_4_flowers_pulled_3f3f3f3f_is_1_roll(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--flowers", "3f3f3f3f")
    assert out["dice"] == 1 and out["dice_items"] == {"4華": 1} and out["flowers"] == 4
    assert out["seasons"] == {"autumn": 4}


def test_dice_4_north_4_flowers_is_the_jackpot_100_chips_all_and_2_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi", "--nuki", "4", "--flowers", "3f3f3f3f")
    assert out["dice"] == 2 and out["dice_items"] == {"4北4華": 2}
    assert chips(out) == {"each": 104, "total": 208, "items": {"北": 4, "4北4華": 100}}


def test_dice_none_for_an_ordinary_win_is_printed_as_0(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, *PLAIN, "--tsumo", "--riichi")
    assert out["dice"] == 0 and out["dice_items"] == {}


# --- refusals -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # the 124 tiles
        (["--hand", "11111p23p789s11m99s", "--win", "9s"], "5 × 1p: the 5等三麻 set has 4"),
        (["--hand", "123p456p789s11m1f99s", "--win", "9s"], "1f: flowers are pulled, never part of a hand"),
        (["--hand", "123p456p789s234m99s", "--win", "9s"], "2m: the 5等三麻 set has no 2m–8m"),
        (["--hand", "123p555p789s111m99s", "--win", "9s"], "3 × plain 5p: the 5等三麻 set has 2"),
        (["--hand", "123p005p789s111m99s", "--win", "9s"], "2 × red 5p: the 5等三麻 set has 1"),
        (["--hand", "123pgg5p789s111m99s", "--win", "9s"], "2 × gold 5p: the 5等三麻 set has 1"),
        (["--hand", "123p456p789s005z99s", "--win", "9s"], "2 × the 白ポッチ: the 5等三麻 set has 1"),
        (["--hand", "123p456p789s5555z9s", "--win", "9s"], "4 × plain 5z: the 5等三麻 set has 3"),
        (
            ["--hand", "123p456p789s111m99s", "--win", "9s", "--dora", "9s9s"],
            "5 × 9s: the 5等三麻 set has 4 (counting the indicators",
        ),
        (["--hand", "123p456p789s111m44z", "--win", "4z", "--nuki", "3"], "counting the indicators, the pulled 北"),
        (["--hand", "B123p456p789s111m99s", "--win", "9s"], "no coloured backs"),
        # flowers
        (["--flowers", "1f1f1f1f1f"], "--flowers: 5 × 1f, the 5等三麻 set has 4 of a season"),
        (["--flowers", "1f1f1f1f", "--dora", "1f"], "5 × 1f: the 5等三麻 set has 4 (counting the indicators"),
        (["--flowers", "1f5p"], "--flowers: 5p is not a flower"),
        (["--flowers", "9f"], "--flowers:"),
        # 白ポッチ
        (["--pocchi", "9s"], "--pocchi: the 白ポッチ is wild only on a riichi player's tsumo"),
        (["--pocchi", "9s", "--tsumo"], "--pocchi: the 白ポッチ is wild only on a riichi player's tsumo"),
        (["--pocchi", "1p", "--tsumo", "--riichi"], "--pocchi: --win must be the tile the 白ポッチ stands for (1p)"),
        (["--pocchi", "1f", "--tsumo", "--riichi"], "--pocchi: the 白ポッチ stands for a tile of the hand"),
        (["--pocchi", "9s9s", "--tsumo", "--riichi"], "--pocchi: give exactly one tile"),
        # the situation
        (["--nuki", "5"], "--nuki: between 0 and 4"),
        (["--honba", "-1"], "--honba cannot be negative"),
        (["--seat", "N"], "there is no North seat"),
        (["--round", "N"], "--round:"),
        (["--dealer"], "--dealer: the dealer sits East"),
        (["--ippatsu"], "一発 (--ippatsu) needs a riichi"),
        (["--haitei"], "海底 (--haitei) is a tsumo on the last tile: not with --ron"),
        (["--houtei", "--tsumo", "--riichi"], "河底 (--houtei) is a ron on the last discard: not with --tsumo"),
        (["--dora", "1p1p2p2p3p3p"], "--dora: at most 5 indicators"),
        # the hand
        (["--hand", "123p456p789s111m9s", "--win", "9s"], "--hand has 13 tiles; with 0 melds a 5等三麻 win has 14"),
        (["--hand", "123p456p789s119m99s", "--win", "9s", "--riichi"], "not a complete hand"),
        (["--hand", "123p456p789s111m99s", "--win", "9s"], "no yaku"),
        (["--hand", "99s", "--win", "9s", "--melds", "kan:1111z,kan:2222z,kan:3333z,kan:5555z"], "3 at most"),
        (["--hand", "123p456p111m99s", "--win", "9s", "--melds", "chi:789s"], "no chi"),
    ],
)
def test_refusals(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    base = ["--hand", "123p456p789s111m99s", "--win", "9s"] if "--hand" not in args else []
    way = [] if "--tsumo" in args else ["--ron"]
    error = refused(capsys, *base, "--seat", "E" if "--seat" in args else "S", *args, *way)
    assert message in error, error


def test_dealer_first_turn_ron_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "人和 (--first-turn with --ron) is a non-dealer's win" in refused(
        capsys, *PLAIN[:4], "--ron", "--first-turn"
    )


def test_pocchi_for_a_red_five_is_refused_it_stands_for_a_plain_5p(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hand", "123p406p789s111m99s", "--win", "0p", *CHILD, "--tsumo", "--riichi", "--pocchi", "5p"]
    assert refused(capsys, *args) == "--pocchi: the 白ポッチ stands for a plain 5p, not 0p"


def test_pocchi_with_a_second_0z_in_the_hand_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hand", "123p456p789s111m0z9s", "--win", "9s"]
    error = refused(capsys, *args, *CHILD, "--tsumo", "--riichi", "--pocchi", "9s")
    assert error.startswith("2 × the 白ポッチ: the 5等三麻 set has 1")


def test_goto_options_are_refused_for_other_variants(capsys: pytest.CaptureFixture[str]) -> None:
    for option in (["--flowers", "1f"], ["--open-riichi"]):
        refusal = calc_refusal(
            capsys, "--variant", "riichi", "--hand", "123m456p789s11122z", "--win", "2z", "--ron", *option
        )
        assert refusal == f"{option[0]} is a 5等三麻 rule (--variant goto)"


# --- the calculator itself, and the registered CLI -------------------------------------------------------


def test_calculator_directly_on_a_request_has_the_defaults() -> None:
    request = calc.parse_args(["--variant", "goto", *PLAIN, "--ron", "--riichi"])
    assert request.options == {"nuki": 0, "flowers": None, "open-riichi": False, "pocchi": None, "honba": 0}
    result = calculate_goto(request)
    assert result.yakuman == 1 and result.chips is not None and result.chips.total == 10
    assert GOTO_CALC.calculate(request) == result
    assert GOTO.calc is GOTO_CALC


@pytest.mark.slow
def test_registered_cli_python_m_bot_engine_calc_variant_goto() -> None:
    (registered,) = (variant for variant in VARIANTS if variant.variant == "goto")
    assert registered is GOTO and registered.calc is GOTO_CALC and "goto" in calc.CALC_VARIANTS
    argv = ["--variant", "goto", *PLAIN, "--tsumo", "--riichi", "--flowers", "2f"]
    done = subprocess.run(
        [sys.executable, "-m", "bot.engine.calc", *argv], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["payments"] == {"dealer": 4_000, "each_other": 3_000}
