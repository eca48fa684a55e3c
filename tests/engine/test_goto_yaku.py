"""5等三麻's settings, shapes and yaku (seed 003, spec §4.1, §4.3, §4.9): one test per rule, hands in
tile notation, asserting yaku names, han and yakuman (points are the points table's business: the
baseline table stands in for it here).
"""

from __future__ import annotations

import re
from typing import Unpack

import pytest
from mahjong.hand_calculating.hand import HandCalculator

from bench.score import Deal, mahjong_inputs, random_deals
from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import HandScore, NoWin, StandardPoints
from bot.engine.shapes import hand
from bot.engine.tiles import Kind, parse_kinds
from bot.engine.variants.goto.points import GotoPoints
from bot.engine.variants.goto.settings import GotoSettings
from bot.engine.variants.goto.shapes import goto_limits, goto_shapes
from bot.engine.variants.goto.tiles import goto_tileset
from bot.engine.variants.goto.yaku import (
    AUTUMN,
    GOTO_YAKU,
    NORTH_IN_HAND,
    OPEN_RIICHI,
    GotoScorer,
)
from bot.engine.yaku import Sanshoku
from bot.engine.yaku.context import WinContext
from tests.engine.situation import Situation
from tests.engine.situation import win_context as ctx
from tests.engine.test_scoring_vs_mahjong import MAHJONG_NAMES

SCORER = GotoScorer(StandardPoints())


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def score(
    tiles: str, win: str, *, melds: tuple[Meld, ...] = (), scorer: GotoScorer = SCORER, **situation: Unpack[Situation]
) -> HandScore:
    result = scorer.evaluate(ctx(tiles, win, melds=melds, **situation))
    assert isinstance(result, HandScore), result
    return result


def yaku(result: HandScore) -> dict[str, int]:
    return {hit.name: hit.yakuman or hit.han for hit in result.yaku}


def meld(meld_type: MeldType, tiles: str) -> Meld:
    kinds = parse_kinds(tiles)
    return Meld(meld_type, min(kinds), size=len(kinds))


def pon(tiles: str) -> Meld:
    return meld(MeldType.PON, tiles)


# --- settings -------------------------------------------------------------------------------------


def test_settings_defaults_35000_start_40000_return_open_riichi_2_han_2000_deposit() -> None:
    settings = GotoSettings()
    assert (settings.start_points, settings.return_points) == (35_000, 40_000)
    assert (settings.open_riichi, settings.open_riichi_han, settings.open_riichi_deposit) == (True, 2, 2_000)
    assert (settings.honba_points, settings.noten_points) == (2_000, 4_000)
    assert (settings.red_chips, settings.gold_chips, settings.north_chips, settings.four_north_dora) == (1, 2, 1, 8)
    assert (settings.shubarii, settings.monzen_all_star) == (False, False)
    assert GotoSettings.from_json(settings.to_json()) == settings


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"start_points": 0}, "start_points must be positive, not 0"),
        ({"start_points": 45_000}, "return_points (40000) must be at least start_points (45000)"),
        ({"gold_chips": -1}, "gold_chips cannot be negative (-1)"),
        ({"rank_second_chips": 25}, "rank_second_chips (25) cannot exceed rank_top_chips (20)"),
        ({"honba_points": 1_500}, "honba_points must be a multiple of 1,000 and not negative, not 1500"),
        ({"open_riichi_han": 0}, "open_riichi_han must be at least 1, not 0"),
        ({"indicator_slots": 6}, "indicator_slots must be 2 to 5 (two are always shown), not 6"),
        ({"pocchi_tiles": 5}, "pocchi_tiles must be 0 to 4 (there are four 白), not 5"),
        ({"four_north_dora": 3}, "four_north_dora must be at least 4 (one per 北), not 3"),
        ({"big_top_points": 40_000}, "big_top_points (40000) must be above return_points (40000)"),
    ],
)
def test_settings_reject_bad_values_with_a_message(values: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        GotoSettings.from_json(values)


def test_settings_unknown_key_is_named() -> None:
    with pytest.raises(ValueError, match="unknown 5等三麻 settings: spring"):
        GotoSettings.from_json({"spring": 1})


# --- shapes -------------------------------------------------------------------------------------------


def test_limits_1m_9m_1p_9s_4z_four_2m_8m_and_flowers_none() -> None:
    limits = goto_limits()
    tiles = ("1m", "9m", "1p", "5p", "9s", "4z", "5z", "2m", "8m")
    assert [limits[kind(tile)] for tile in tiles] == [4, 4, 4, 4, 4, 4, 4, 0, 0]
    assert [limits[flower] for flower in range(Kind.SPRING, Kind.WINTER + 1)] == [0, 0, 0, 0]
    assert sum(limits) == 108 == len(goto_tileset()) - 16


def test_flowers_are_never_part_of_a_hand_123p456p789p11m_with_a_flower() -> None:
    board = hand("123p456p789p11m99s") + (1 << (4 * Kind.SPRING)) - (1 << (4 * Kind.S9))
    assert not goto_shapes().is_agari(board)
    assert goto_shapes().is_agari(hand("123p456p789p11m999s"))


def test_pocchi_0z_is_a_haku_for_shapes_123p456p789p11m_505z() -> None:
    # 白ポッチ ("0z") parses as 白: a board counts kinds.
    assert hand("123p456p789p11m055z") == hand("123p456p789p11m555z")
    assert yaku(score("123p456p789p11m055z", "5z", riichi=True)) == {"立直": 1, "役牌 白": 1, "一気通貫": 2}


def test_red_0p_and_gold_g5s_are_fives_for_shapes() -> None:
    assert hand("340p4g6s") == hand("345p456s")


def test_kokushi_19m19p19s1234567z_plus_1z_13_kinds() -> None:
    assert yaku(score("19m19p19s12345677z", "1z")) == {"国士無双": 1}
    assert not goto_shapes().is_agari(hand("19m19p19s1234566z8s"))


def test_kokushi_13_wait_19m19p19s1234567z11z_on_1z() -> None:
    result = score("19m19p19s11234567z", "1z")
    assert yaku(result) == {"国士無双十三面待ち": 1} and result.yakuman == 1


# --- yaku ---------------------------------------------------------------------------------------------


def test_table_has_no_sanshoku_doujun_and_keeps_doukou_111m111p111s() -> None:
    assert Sanshoku not in GOTO_YAKU
    assert yaku(score("111m111p111s234p55s", "5s", riichi=True))["三色同刻"] == 2


def test_sanfuu_111z222z333z123p55s_is_2_han() -> None:
    assert yaku(score("111z222z333z123p55s", "5s")) == {"三風": 2, "三暗刻": 2, "役牌 自風": 1, "役牌 場風": 1}


def test_sanfuu_open_pon_111z_222z_333z_is_2_han() -> None:
    assert yaku(score("222z333z123p55s", "5s", melds=(pon("111z"),)))["三風"] == 2


def test_sanrenkou_222333444p789s99m_is_2_han() -> None:
    assert yaku(score("222333444p789s99m", "9m", riichi=True)) == {"立直": 1, "三暗刻": 2, "三連刻": 2}


def test_sanrenkou_open_pon_111p_222p333p456s99m_is_2_han() -> None:
    assert yaku(score("222p333p456s99m", "9m", melds=(pon("111p"),)))["三連刻"] == 2


def test_shousharin_1133p5577p112233z_is_6_han_replacing_honitsu_and_chiitoitsu() -> None:
    assert yaku(score("1133p5577p112233z", "3z")) == {"小車輪": 6}


def test_shousharin_with_a_kind_used_four_times_1111p5577p1133z_is_american_and_honitsu() -> None:
    # アメリカ七対子 4 + 混一色 3 = 7 beats 小車輪's 6 [recommended: the higher is taken].
    assert yaku(score("1111p5577p113355z", "5z")) == {"アメリカ七対子": 4, "混一色": 3}


def test_chiitoitsu_1133p5577s1199m11z_is_2_han() -> None:
    assert yaku(score("1133p5577s1199m11z", "1z")) == {"七対子": 2}


def test_american_chiitoitsu_1111p3355p7799s11z_one_kind_four_is_4_han() -> None:
    assert yaku(score("1111p3355p7799s11z", "1z")) == {"アメリカ七対子": 4}


def test_american_chiitoitsu_1111p3333p7799s11z_two_kinds_four_is_8_han() -> None:
    assert yaku(score("1111p3333p7799s11z", "1z")) == {"アメリカ七対子": 8}


def test_american_chiitoitsu_1111p3333s7777s11z_three_kinds_four_is_12_han() -> None:
    assert yaku(score("1111p3333s7777s11z", "1z")) == {"アメリカ七対子": 12}


def test_american_chiitoitsu_22223333444455p_beats_the_ryanpeikou_reading() -> None:
    # Also 234p ×4 and 55p (二盃口 清一色); the pairs reading pays more and is kept.
    assert yaku(score("22223333444455p", "5p", riichi=True)) == {
        "立直": 1,
        "断么九": 1,
        "アメリカ七対子": 12,
        "清一色": 6,
    }


def test_chanta_123p789p333z999s11m_closed_4_open_2() -> None:
    assert yaku(score("123p789p333z999s11m", "1m", riichi=True)) == {"立直": 1, "混全帯么九": 4}
    assert yaku(score("123p789p999s11m", "1m", melds=(pon("555z"),))) == {"役牌 白": 1, "混全帯么九": 2}


def test_junchan_123p789p999s789s11m_closed_6_open_3() -> None:
    assert yaku(score("123p789p999s789s11m", "1m", riichi=True)) == {"立直": 1, "純全帯么九": 6}
    assert yaku(score("123p789p789s11m", "1m", melds=(pon("999s"),))) == {"純全帯么九": 3}


def test_honroutou_111m999p111s999s11z_closed_and_open_4() -> None:
    closed = score("111m999p111s999s11z", "9s")
    assert yaku(closed) == {"対々和": 2, "三暗刻": 2, "混老頭": 4}
    opened = score("999p111s999s11z", "9s", melds=(pon("111m"),))
    assert yaku(opened)["混老頭"] == 4


def test_honroutou_chiitoitsu_1199m1199p11s1122z_is_4_plus_2() -> None:
    assert yaku(score("1199m1199p11s1122z", "2z")) == {"七対子": 2, "混老頭": 4}


def test_open_riichi_123p456p789p11m999s_is_2_han() -> None:
    flags = frozenset({OPEN_RIICHI})
    assert yaku(score("123p456p789p11m999s", "1m", riichi=True, tsumo=True, flags=flags)) == {
        "オープン立直": 2,
        "門前清自摸和": 1,
        "一気通貫": 2,
    }


def test_open_double_riichi_is_3_han_and_the_han_is_a_setting() -> None:
    flags = frozenset({OPEN_RIICHI})
    result = score("123p456p789p11m999s", "1m", double_riichi=True, tsumo=True, flags=flags)
    assert yaku(result)["オープンダブル立直"] == 3 and "ダブル立直" not in yaku(result)
    three = GotoScorer.from_settings(GotoSettings(open_riichi_han=3), StandardPoints())
    assert (
        yaku(score("123p456p789p11m999s", "1m", riichi=True, tsumo=True, flags=flags, scorer=three))["オープン立直"]
        == 3
    )


# --- yakuman ------------------------------------------------------------------------------------------


def test_suurenkou_111222333444p55s_is_yakuman_with_suuankou_tanki() -> None:
    assert yaku(score("111222333444p55s", "5s", tsumo=True)) == {"四暗刻単騎": 1, "四連刻": 1}


def test_suurenkou_open_pon_444p_111222333p55s_is_yakuman() -> None:
    assert yaku(score("111222333p55s", "5s", melds=(pon("444p"),))) == {"四連刻": 1}


def test_daisharin_22334455667788p_is_yakuman() -> None:
    assert yaku(score("22334455667788p", "8p")) == {"大車輪": 1}
    assert yaku(score("22334455667788s", "8s")) == {"大車輪": 1}


def test_manzu_honitsu_111m999m111z222z33z_open_allowed() -> None:
    assert yaku(score("999m222z333z11z", "1z", melds=(pon("111m"),)))["萬混"] == 1


def test_riichi_only_ron_123p456p789s111m99s_is_yakuman() -> None:
    result = score("123p456p789s111m99s", "9s", riichi=True)
    assert yaku(result) == {"立直のみ出和了": 1} and result.yakuman == 1


def test_riichi_only_open_or_double_riichi_counts_too() -> None:
    flags = frozenset({OPEN_RIICHI})
    assert yaku(score("123p456p789s111m99s", "9s", riichi=True, flags=flags)) == {"立直のみ出和了": 1}
    assert yaku(score("123p456p789s111m99s", "9s", double_riichi=True)) == {"立直のみ出和了": 1}


def test_riichi_only_needs_a_ron_no_ippatsu_and_no_dora_of_any_kind() -> None:
    assert yaku(score("123p456p789s111m99s", "9s", riichi=True, tsumo=True)) == {"立直": 1, "門前清自摸和": 1}
    assert yaku(score("123p456p789s111m99s", "9s", riichi=True, ippatsu=True)) == {"立直": 1, "一発": 1}
    with_dora = (
        Situation(riichi=True, red_dora=1),
        Situation(riichi=True, nuki_dora=1),
        Situation(riichi=True, dora_indicators=(kind("1p"),)),
    )
    for riichi_and_dora in with_dora:
        assert "立直のみ出和了" not in yaku(score("123p456p789s111m99s", "9s", **riichi_and_dora))
    ura = score("123p456p789s111m99s", "9s", riichi=True, ura_indicators=(kind("8s"),))
    assert yaku(ura) == {"立直": 1, "裏ドラ": 3}


def test_riichi_only_lenient_allows_dora() -> None:
    lenient = GotoScorer.from_settings(GotoSettings(riichi_only_strict=False), StandardPoints())
    assert yaku(score("123p456p789s111m99s", "9s", riichi=True, red_dora=1, scorer=lenient)) == {"立直のみ出和了": 1}


def test_renhou_123p456p789s111m99s_ron_is_yakuman() -> None:
    assert yaku(score("123p456p789s111m99s", "9s", renhou=True)) == {"人和": 1}


def test_nagashi_is_a_yakuman_tsumo() -> None:
    result = SCORER.nagashi(dealer=False)
    assert yaku(result) == {"流し": 1} and result.yakuman == 1
    assert result.payment == StandardPoints().payment(0, None, 1, dealer=False, tsumo=True, players=3, kiriage=False)


def test_different_yakuman_add_up_111222333444p55s_tenhou() -> None:
    result = score("111222333444p55s", "5s", tsumo=True, dealer=True, tenhou=True)
    assert yaku(result) == {"四暗刻単騎": 1, "四連刻": 1, "天和": 1} and result.yakuman == 3


def test_suuankou_tanki_111p333p555s999s1z_is_single() -> None:
    result = score("111p333p555s999s11z", "1z", tsumo=True)
    assert yaku(result) == {"四暗刻単騎": 1} and result.yakuman == 1


def test_chinroutou_111m999m111p999p11s_is_yakuman() -> None:
    assert yaku(score("111m999m111p999p11s", "1s", riichi=True))["清老頭"] == 1


# --- 北, dora and flowers -------------------------------------------------------------------------------


def test_north_pair_123p456p789s111m44z_is_no_win() -> None:
    assert SCORER.evaluate(ctx("123p456p789s111m44z", "4z", riichi=True)) == NoWin(NORTH_IN_HAND)


def test_north_triplet_in_sanfuu_111z222z444z123p55p_is_no_win() -> None:
    assert SCORER.evaluate(ctx("111z222z444z123p55p", "5p")) == NoWin(NORTH_IN_HAND)


def test_north_in_tsuuiisou_111z555z666z777z44z_is_no_win() -> None:
    # 「字一色でも使用禁止」: even with 大三元 beside it.
    assert SCORER.evaluate(ctx("111z555z666z777z44z", "4z")) == NoWin(NORTH_IN_HAND)


def test_north_is_usable_for_kokushi_shousuushii_and_daisuushii() -> None:
    assert yaku(score("19m19p19s12345677z", "4z")) == {"国士無双": 1}
    assert yaku(score("111z222z333z44z123p", "3p")) == {"小四喜": 1}
    assert yaku(score("222z333z444z55p", "5p", melds=(pon("111z"),))) == {"大四喜": 1}


def test_red_and_gold_fives_1_dora_each_autumn_makes_them_2() -> None:
    assert yaku(score("340p456s789p11m999s", "1m", riichi=True, red_dora=2))["赤ドラ"] == 2
    autumn = frozenset({AUTUMN})
    assert yaku(score("340p456s789p11m999s", "1m", riichi=True, red_dora=2, flags=autumn))["赤ドラ"] == 4


def test_north_pulled_1_each_4_count_8() -> None:
    assert yaku(score("123p456p789s111m99s", "9s", riichi=True, nuki_dora=3))["抜きドラ"] == 3
    assert yaku(score("123p456p789s111m99s", "9s", riichi=True, nuki_dora=4))["抜きドラ"] == 8


def test_north_pulled_under_a_3z_indicator_counts_again() -> None:
    result = score("123p456p789s111m99s", "9s", riichi=True, nuki_dora=2, dora_indicators=(kind("3z"),))
    assert yaku(result)["抜きドラ"] == 4
    four = score("123p456p789s111m99s", "9s", riichi=True, nuki_dora=4, ura_indicators=(kind("3z"),))
    assert yaku(four)["抜きドラ"] == 12


def test_dora_order_1m_points_to_9m_in_123p456p789s999m11z() -> None:
    assert yaku(score("123p456p789s999m11z", "1z", riichi=True, dora_indicators=(kind("1m"),)))["ドラ"] == 3


def test_flower_indicator_gives_no_dora() -> None:
    result = score("123p456p789s111m99s", "9s", riichi=True, tsumo=True, dora_indicators=(Kind.SPRING, Kind.WINTER))
    assert "ドラ" not in yaku(result)


def test_dora_never_make_a_win_123p678p789s111m99s() -> None:
    assert SCORER.evaluate(ctx("123p678p789s111m99s", "9s", red_dora=2, nuki_dora=4)) == NoWin(NoWin.NO_YAKU)


# --- ordinary hands against mahjong, where the rules coincide ----------------------------------------

# Yaku mahjong does not have, or values differently here: such a hand is left out of the comparison.
GOTO_ONLY = frozenset(
    {
        "三風",
        "三連刻",
        "小車輪",
        "アメリカ七対子",
        "混全帯么九",
        "純全帯么九",
        "混老頭",
        "四連刻",
        "大車輪",
        "萬混",
        "立直のみ出和了",
    }
)
_SANMA_KINDS = frozenset({Kind.M1, Kind.M9, *range(Kind.P1, Kind.S9 + 1), *range(Kind.EAST, Kind.RED + 1)})


def _fits_goto(deal: Deal) -> bool:
    """A sanma hand (1m 9m, pinzu, souzu, honours; no chi) without 北 (a rule of its own here)
    and without a manzu indicator (1m points to 9m here, to 2m in mahjong)."""
    win = deal.ctx
    kinds = {kind for kind in range(34) if win.concealed >> (4 * kind) & 0xF}
    kinds |= {tile for meld in win.melds for tile in meld.kinds()}
    indicators = win.dora_indicators + win.ura_indicators
    return (
        kinds <= _SANMA_KINDS
        and Kind.NORTH not in kinds
        and all(meld.type is not MeldType.CHI for meld in win.melds)
        and not any(indicator <= Kind.M9 for indicator in indicators)
    )


SKIPPED = "skipped"


def _against_mahjong(deal: Deal) -> str | None:
    """None when mahjong agrees on the yaku and han, :data:`SKIPPED` when the hand has a rule of
    ours mahjong lacks, else the difference."""
    tiles, win, melds, dora, config, ura = mahjong_inputs(deal)
    theirs = HandCalculator.estimate_hand_value(tiles, win, melds, dora, config, ura_dora_indicators=ura)
    ours = SCORER.evaluate(deal.ctx)
    if theirs.error:
        return None if ours == NoWin(theirs.error.replace("_", " ")) else f"{deal.ctx}: {theirs.error} / {ours}"
    if not isinstance(ours, HandScore):
        return f"{deal.ctx}: {theirs} / {ours}"
    assert theirs.yaku is not None and theirs.han is not None
    our_names = {hit.name for hit in ours.yaku}
    if our_names & GOTO_ONLY:
        return SKIPPED
    their_names = {MAHJONG_NAMES[type(hit).__name__] for hit in theirs.yaku}
    yakuman = any(hit.is_yakuman for hit in theirs.yaku)
    expected = (0 if yakuman else theirs.han, theirs.han // 13 if yakuman else 0, sorted(their_names))
    actual = (ours.han, ours.yakuman, sorted(our_names))
    return None if expected == actual else f"{deal.ctx}\n  mahjong: {expected}\n  ours: {actual}"


@pytest.mark.slow
def test_ordinary_hands_match_mahjong_yaku_and_han() -> None:
    results = [_against_mahjong(deal) for deal in random_deals(20_000, 903) if _fits_goto(deal)]
    mismatches = [result for result in results if result is not None and result != SKIPPED]
    assert mismatches == [], "\n".join(mismatches[:5])
    # About 2,600 hands fit the sanma set without 北; some 2,000 have only rules both share.
    assert results.count(None) > 1_800


def test_the_default_scorer_pays_by_the_goto_table_123p456p789p111s99s_riichi_tsumo() -> None:
    # Riichi, tsumo and 一気通貫 (4 han): the scorer's payment is GotoPoints's, not the baseline's.
    scorer = GotoScorer.from_settings(GotoSettings())
    ctx = WinContext(hand("123p456p789p111s99s"), win_tile=Kind.S9, tsumo=True, riichi=True)
    result = scorer.score(ctx)
    assert result is not None
    expected = GotoPoints().payment(
        result.han, result.fu, result.yakuman, dealer=False, tsumo=True, players=3, kiriage=False
    )
    assert result.payment == expected
    assert result.payment != StandardPoints().payment(
        result.han, result.fu, result.yakuman, dealer=False, tsumo=True, players=3, kiriage=False
    )
