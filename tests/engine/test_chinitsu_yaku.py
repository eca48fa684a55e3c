"""チンイツゲーム's scoring (seed 002, spec §3.5–3.11): shapes, yaku, the points tables, chips,
完全先付け. One test per rule, hands in tile notation; the seed's tables are checked row by row.
"""

from __future__ import annotations

import dataclasses
from typing import Unpack

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from bench.score import Deal, mahjong_inputs, random_deals
from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import HandScore, NoWin, score_hand
from bot.engine.shapes import add_tile, hand, unpack
from bot.engine.tiles import Kind, Suit, dora_after, format_kinds, parse_kinds
from bot.engine.variants.chinitsu.payments import WinChips, nagashi_chips, win_chips
from bot.engine.variants.chinitsu.points import (
    ChinitsuPoints,
    honba_share,
    kanji_number,
    limit_name,
    multiple,
)
from bot.engine.variants.chinitsu.settings import ChinitsuSettings
from bot.engine.variants.chinitsu.shapes import chinitsu_limits, chinitsu_shapes
from bot.engine.variants.chinitsu.yaku import (
    CHINITSU_YAKU,
    NORTH_IN_HAND,
    ONE_BACK,
    ChinitsuScorer,
    sakizuke_allows,
)
from bot.engine.yaku import Sanshoku, SanshokuDoukou
from bot.engine.yaku.context import WinContext
from tests.engine.situation import Situation
from tests.engine.situation import win_context as ctx
from tests.engine.test_scoring_vs_mahjong import MAHJONG_NAMES

SCORER = ChinitsuScorer()
BACK = frozenset({ONE_BACK})


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def score(
    tiles: str,
    win: str,
    *,
    melds: tuple[Meld, ...] = (),
    scorer: ChinitsuScorer = SCORER,
    **situation: Unpack[Situation],
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


def payment(han: int, *, dealer: bool, tsumo: bool, yakuman: int = 0, **table: bool) -> tuple[int, int, int, int]:
    paid = ChinitsuPoints(**table).payment(han, None, yakuman, dealer=dealer, tsumo=tsumo, players=3, kiriage=False)
    return paid.ron, paid.tsumo_dealer, paid.tsumo_non_dealer, paid.total


# --- tiles and shapes ---------------------------------------------------------------------------------


def test_set_limits_1p_9p_1s_9s_eight_1m_9m_1z_7z_four_2m_8m_none() -> None:
    limits = chinitsu_shapes().limits
    assert [limits[kind(tile)] for tile in ("1p", "9p", "1s", "9s", "1m", "9m", "4z", "7z", "2m", "8m", "1f")] == [
        8,
        8,
        8,
        8,
        4,
        4,
        4,
        4,
        0,
        0,
        0,
    ]
    # One hand's 108 tiles: its suit ×8, the other suit set aside.
    assert sum(chinitsu_limits(Suit.PIN)) == 108 and chinitsu_limits(Suit.PIN)[Kind.S1] == 0
    assert sum(chinitsu_limits()) == 180


def test_seven_pairs_11111111335577p_uses_1p_as_four_pairs() -> None:
    assert chinitsu_shapes().is_agari(hand("11111111335577p"))
    assert yaku(score("11111111335577p", "7p")) == {"七対子": 2, "清一色": 6}


def test_seven_pairs_off_11113333557799p_two_kinds_four_times_at_most() -> None:
    shapes = chinitsu_shapes(repeated_pairs=False)
    assert shapes.is_agari(hand("11113333557799p"))
    assert not shapes.is_agari(hand("11113333555599p"))  # three kinds used four times
    assert not shapes.is_agari(hand("11111111335577p"))  # one kind used eight times
    off = ChinitsuScorer(repeated_pairs=False)
    assert off.score(ctx("11111111335577p", "7p")) is None
    assert yaku(score("11113333557799p", "7p", scorer=off)) == {"七対子": 2, "清一色": 6}


def test_kokushi_19m19p1234567z111z_all_11_kinds_plus_3() -> None:
    result = score("19m19p1234567z111z", "2z")
    assert yaku(result) == {"国士無双": 1} and result.total == 32_000
    assert not chinitsu_shapes().is_agari(hand("19m19p123456z1111z"))  # 中 missing


def test_kokushi_all_kinds_wait_19m19p1234567z11z_on_1z_is_single_yakuman() -> None:
    # The 13 tiles 19m19p1234567z11z hold all 11 kinds: every 么九 wins (the seed's 「国士13面待ち」).
    board = hand("19m19p1234567z11z")
    assert format_kinds(chinitsu_shapes(suit=Suit.PIN).waits(board)) == "19m19p1234567z"
    result = score("19m19p1234567z111z", "1z")
    assert yaku(result) == {"国士無双十三面待ち": 1} and result.yakuman == 1


def test_kokushi_off_19m19p1234567z111z_is_no_win() -> None:
    off = ChinitsuScorer(kokushi=False)
    assert off.evaluate(ctx("19m19p1234567z111z", "2z")) == NoWin(NoWin.NOT_COMPLETE)


def test_game_set_lists_19s_as_kokushi_waits_the_hands_own_set_does_not() -> None:
    # 1m missing: the whole set's shapes also take 1s or 9s as the 11th kind, tiles set aside
    # this hand; the hand's own shapes (suit=) wait on 1m only.
    board = hand("9m19p1234567z111z")
    assert format_kinds(chinitsu_shapes().waits(board)) == "1m19s"
    assert format_kinds(chinitsu_shapes(suit=Suit.PIN).waits(board)) == "1m"


def test_fifth_copy_wait_1111p234p567p789p_wins_on_1p() -> None:
    board = hand("1111p234p567p789p")
    assert kind("1p") in chinitsu_shapes().waits(board, formal=False)
    result = score("11111p234p567p789p", "1p")
    assert yaku(result)["清一色"] == 6


def test_ukeire_counts_8_copies_1112345678999p() -> None:
    board = hand("1112345678999p")
    accepted = chinitsu_shapes(suit=Suit.PIN).ukeire(board)
    # 九蓮宝燈's shape: all nine ranks, each with 8 minus what is held left.
    held = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    assert accepted == {kind(f"{rank}p"): 8 - count for rank, count in zip(range(1, 10), held, strict=True)}


def test_a_5th_copy_wait_1111p234p567p789p_is_live_until_all_8_are_seen() -> None:
    # The hand holds four 1p: the other four are its live wait, and it is dead once all are seen.
    board = hand("1111p234p567p789p")
    shapes = chinitsu_shapes(suit=Suit.PIN)
    assert shapes.ukeire(board)[kind("1p")] == 4
    assert shapes.ukeire(board, hand("111p"))[kind("1p")] == 1
    assert shapes.ukeire(board, hand("1111p")).get(kind("1p"), 0) == 0


# --- dora -------------------------------------------------------------------------------------------------


def test_dora_order_1m_9m_wrap_and_9p_1p_9s_1s_4z_1z_7z_5z() -> None:
    pairs = [("1m", "9m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("4z", "1z"), ("7z", "5z"), ("3p", "4p")]
    assert [(indicator, format_kinds([dora_after(kind(indicator), sanma=True)])) for indicator, _ in pairs] == pairs


def test_dora_indicator_1m_counts_999m_in_123p456p789p999m55p() -> None:
    result = score("123p456p789p999m55p", "5p", riichi=True, dora_indicators=(Kind.M1,))
    assert yaku(result)["ドラ"] == 3


def test_nuki_north_counts_1_each_and_double_under_a_3z_indicator() -> None:
    plain = score("123p456p789p999m55p", "5p", riichi=True, nuki_dora=2, red_dora=2)
    assert yaku(plain)["抜きドラ"] == 2 and yaku(plain)["赤ドラ"] == 2
    pointed = score("123p456p789p999m55p", "5p", riichi=True, nuki_dora=2, dora_indicators=(Kind.WEST,))
    assert yaku(pointed)["抜きドラ"] == 2 and yaku(pointed)["ドラ"] == 2


def test_dora_never_make_a_win_123p678p789p111m99m_dora_1m() -> None:
    assert SCORER.evaluate(ctx("123p678p789p111m99m", "2p", dora_indicators=(Kind.M9,))) == NoWin(NoWin.NO_YAKU)


# --- the baseline yaku with the sanma changes ------------------------------------------------------


def test_no_sanshoku_doujun_or_doukou_in_the_table() -> None:
    assert Sanshoku not in CHINITSU_YAKU and SanshokuDoukou not in CHINITSU_YAKU


def test_tanyao_234p456p678p345p88p_closed_only() -> None:
    assert yaku(score("234p456p678p345p88p", "8p"))["断么九"] == 1
    opened = score("456p678p345p88p", "8p", melds=(pon("222p"),))
    assert "断么九" not in yaku(opened) and yaku(opened)["清一色"] == 5


def test_pinfu_123p456p789p234p99m_on_ron_only_tsumo_is_menzen_tsumo() -> None:
    ron = score("123p456p789p234p99m", "4p")
    assert yaku(ron) == {"平和": 1, "一気通貫": 2}
    tsumo = score("123p456p789p234p99m", "4p", tsumo=True)
    assert yaku(tsumo) == {"門前清自摸和": 1, "一気通貫": 2}


def test_no_pinfu_tsumo_gives_30_fu_under_fu_scoring_123p456p789p234p99m() -> None:
    fu = ChinitsuScorer(fu_scoring=True)
    tsumo = score("123p456p789p234p99m", "4p", tsumo=True, scorer=fu)
    assert (tsumo.han, tsumo.fu) == (3, 30)


def test_sanfuu_111z222z333z123p55p_is_2_han() -> None:
    result = score("111z222z333z123p55p", "5p", seat_wind=Kind.WEST, round_wind=Kind.SOUTH)
    assert yaku(result)["三風"] == 2


def test_sanfuu_open_pon_111z_222z_333z_is_2_han() -> None:
    result = score("333z123p55p", "5p", melds=(pon("111z"), pon("222z")), seat_wind=Kind.WEST, round_wind=Kind.SOUTH)
    assert yaku(result)["三風"] == 2


def test_sanrenkou_111222333p789p99m_is_2_han() -> None:
    assert yaku(score("111222333p789p99m", "9m")) == {"三暗刻": 2, "三連刻": 2}


def test_sanrenkou_open_pon_111p_222p_333p456p99m_is_2_han() -> None:
    result = score("333p456p99m", "9m", melds=(pon("111p"), pon("222p")))
    assert yaku(result) == {"三連刻": 2}


def test_sanrenkou_pon_111p_111222333p99m_counts_a_doubled_triplet_once() -> None:
    # 8 copies: 111p twice, then 222p 333p; still three consecutive numbers, not four.
    result = yaku(score("111222333p99m", "9m", melds=(pon("111p"),)))
    assert result["三連刻"] == 2 and "四連刻" not in result


def test_shousharin_1133p5577p112233z_is_6_han_replacing_honitsu_and_chiitoitsu() -> None:
    assert yaku(score("1133p5577p112233z", "3z")) == {"小車輪": 6}


def test_shousharin_needs_honours_1133557799p1177p_is_chinitsu_chiitoitsu() -> None:
    assert yaku(score("11335577991177p", "7p")) == {"七対子": 2, "清一色": 6}


# --- the seed's 本役満 and the standard yakuman ---------------------------------------------------------


def test_daisharin_22334455667788p_is_yakuman() -> None:
    assert yaku(score("22334455667788p", "8p")) == {"大車輪": 1}
    assert yaku(score("22334455667788s", "8s")) == {"大車輪": 1}  # souzu's 大竹林 alike


def test_manhon_open_pon_111m_999m111z222z33z_is_yakuman() -> None:
    result = score("999m111z222z33z", "3z", melds=(pon("111m"),), seat_wind=Kind.SOUTH, round_wind=Kind.SOUTH)
    assert yaku(result) == {"萬混": 1} and result.total == 32_000


def test_suurenkou_111222333444p55p_tsumo_stacks_with_suuankou() -> None:
    result = score("111222333444p55p", "5p", tsumo=True)
    assert yaku(result) == {"四暗刻単騎": 1, "四連刻": 1} and result.yakuman == 2


def test_suurenkou_open_pon_444p_111222333p55p_is_yakuman() -> None:
    result = score("111222333p55p", "5p", melds=(pon("444p"),))
    assert yaku(result) == {"四連刻": 1}


def test_seiisou_B123456789p_B111p_B22z_is_double_yakuman() -> None:
    result = score("123456789p111p22z", "2z", flags=BACK)
    assert yaku(result) == {"背一色": 2} and result.yakuman == 2 and result.total == 64_000


def test_seiisou_open_pon_Y555p_Y123p789p999p11z_allowed() -> None:
    result = score("123p789p999p11z", "1z", melds=(pon("555p"),), flags=BACK)
    assert yaku(result) == {"背一色": 2}


def test_seiisou_stacks_with_suuankou_B111p333p555p777p99p_triple() -> None:
    result = score("111p333p555p777p99p", "7p", tsumo=True, flags=BACK)
    assert yaku(result) == {"四暗刻": 1, "背一色": 2} and result.yakuman == 3 and result.limit == "トリプル役満"


def test_suuankou_tanki_111p333p555p777p9p_is_not_a_double() -> None:
    result = score("111p333p555p777p99p", "9p")
    assert yaku(result) == {"四暗刻単騎": 1} and result.yakuman == 1


def test_daisangen_555z666z777z123p44p_is_yakuman() -> None:
    assert yaku(score("555z666z777z123p44p", "4p")) == {"大三元": 1}


def test_daisuushii_pon_111z_222z333z444z55p_is_not_a_double() -> None:
    result = score("222z333z444z55p", "5p", melds=(pon("111z"),))
    assert yaku(result) == {"大四喜": 1} and result.yakuman == 1


def test_shousuushii_with_north_pair_111z222z333z44z123p() -> None:
    assert yaku(score("111z222z333z44z123p", "3p")) == {"小四喜": 1}


def test_tsuuiisou_with_north_pair_111z555z666z777z44z_stacks_with_daisangen() -> None:
    result = score("111z555z666z777z44z", "1z")
    assert yaku(result) == {"大三元": 1, "字一色": 1} and result.yakuman == 2


def test_ryuuiisou_234s234s666s888s66z_souzu_only() -> None:
    assert yaku(score("234s234s666s888s66z", "6z")) == {"緑一色": 1}


def test_chuuren_11123455678999p_and_junsei_are_single() -> None:
    assert yaku(score("11123455678999p", "5p")) == {"純正九蓮宝燈": 1}
    result = score("11123455678999p", "2p")
    assert yaku(result) == {"九蓮宝燈": 1} and result.yakuman == 1


def test_suukantsu_with_kans_of_5_8_4_and_4_tiles_11p() -> None:
    kans = (
        meld(MeldType.ANKAN, "22222p"),
        meld(MeldType.MINKAN, "44444444p"),
        meld(MeldType.ANKAN, "6666p"),
        meld(MeldType.KAKAN, "8888p"),
    )
    result = score("11p", "1p", melds=kans, tsumo=True)
    assert yaku(result) == {"四槓子": 1}


def test_sankantsu_counts_an_extended_kan_once_55555p_6666p_7777p() -> None:
    kans = (meld(MeldType.MINKAN, "55555p"), meld(MeldType.MINKAN, "6666p"), meld(MeldType.MINKAN, "7777p"))
    result = score("123p99p", "9p", melds=kans)
    assert yaku(result)["三槓子"] == 2


def test_tenhou_and_chiihou_123p456p789p111m99m() -> None:
    assert yaku(score("123p456p789p111m99m", "9m", tsumo=True, tenhou=True, dealer=True)) == {"天和": 1}
    assert yaku(score("123p456p789p111m99m", "9m", tsumo=True, chiihou=True, seat_wind=Kind.SOUTH)) == {"地和": 1}


def test_different_yakuman_stack_B111p222p333p444p55p_suuankou_suurenkou_seiisou_is_quadruple() -> None:
    result = score("111p222p333p444p55p", "4p", tsumo=True, flags=BACK)
    assert yaku(result) == {"四暗刻": 1, "四連刻": 1, "背一色": 2}
    assert result.yakuman == 4 and result.limit == "四倍役満" and result.total == 128_000


def test_nagashi_pays_a_yakuman_tsumo_12000_20000_and_chips_5_each() -> None:
    child = SCORER.nagashi(dealer=False)
    assert (child.tsumo_non_dealer, child.tsumo_dealer, child.total) == (12_000, 20_000, 32_000)
    assert SCORER.nagashi(dealer=True).tsumo_non_dealer == 24_000
    assert nagashi_chips().per_payer() == {"each": 5}


# --- 北 in hand ------------------------------------------------------------------------------------------


def test_north_pair_123p456p789p111m44z_is_no_win() -> None:
    assert SCORER.evaluate(ctx("123p456p789p111m44z", "4z", riichi=True)) == NoWin(NORTH_IN_HAND)
    # The same hand with 西 for the pair is an ordinary win.
    assert SCORER.score(ctx("123p456p789p111m33z", "3z", riichi=True)) is not None


def test_north_triplet_in_sanfuu_111z222z444z123p55p_is_no_win() -> None:
    assert SCORER.score(ctx("111z222z444z123p55p", "5p")) is None


def test_north_is_usable_for_kokushi_tsuuiisou_and_suushii() -> None:
    assert yaku(score("19m19p1234567z444z", "2z")) == {"国士無双": 1}
    assert "字一色" in yaku(score("111z444z555z666z77z", "4z"))
    assert yaku(score("111z222z444z33z123p", "3p")) == {"小四喜": 1}


def test_north_in_a_chiitoitsu_1122334455p44z66z_is_no_win() -> None:
    assert SCORER.score(ctx("1122334455p4466z", "6z")) is None


# --- リーチのみ ---------------------------------------------------------------------------------------------


def test_riichi_only_123p678p789p111m99m_ron_is_yakuman() -> None:
    result = score("123p678p789p111m99m", "2p", riichi=True, dealer=True)
    assert yaku(result) == {"リーチのみ": 1} and result.yakuman == 1 and result.total == 48_000


def test_riichi_only_double_riichi_123p678p789p111m99m_is_yakuman() -> None:
    assert yaku(score("123p678p789p111m99m", "2p", riichi=True, double_riichi=True)) == {"リーチのみ": 1}


def test_riichi_only_with_a_dora_of_any_kind_is_plain_riichi() -> None:
    for dora in ({"dora_indicators": (Kind.M9,)}, {"red_dora": 1}, {"nuki_dora": 1}, {"ura_indicators": (Kind.P6,)}):
        result = score("123p678p789p111m99m", "2p", riichi=True, **dora)
        assert result.yakuman == 0 and yaku(result)["立直"] == 1, dora


def test_riichi_only_tsumo_or_ippatsu_is_not_riichi_only() -> None:
    assert yaku(score("123p678p789p111m99m", "2p", riichi=True, tsumo=True)) == {"立直": 1, "門前清自摸和": 1}
    assert yaku(score("123p678p789p111m99m", "2p", riichi=True, ippatsu=True)) == {"立直": 1, "一発": 1}


def test_riichi_only_lenient_allows_dora_123p678p789p111m99m() -> None:
    lenient = ChinitsuScorer(riichi_only_strict=False)
    result = score("123p678p789p111m99m", "2p", scorer=lenient, riichi=True, dora_indicators=(Kind.M9,))
    assert yaku(result) == {"リーチのみ": 1}


# --- points (§3.10) ---------------------------------------------------------------------------------------

# 「子供がツモった場合」: han, 点数, 子供の支払い, 親の支払い
CHILD_TSUMO_ROWS = [
    (4, 8_000, 3_000, 5_000),
    (5, 8_000, 3_000, 5_000),
    (6, 12_000, 4_000, 8_000),
    (7, 12_000, 4_000, 8_000),
    (8, 16_000, 6_000, 10_000),
    (10, 16_000, 6_000, 10_000),
    (11, 24_000, 8_000, 16_000),
    (13, 24_000, 8_000, 16_000),
    (14, 32_000, 12_000, 20_000),
    (15, 32_000, 12_000, 20_000),
    (16, 40_000, 15_000, 25_000),
    (17, 40_000, 15_000, 25_000),
    (18, 48_000, 18_000, 30_000),
    (19, 48_000, 18_000, 30_000),
    (20, 56_000, 21_000, 35_000),
    (21, 56_000, 21_000, 35_000),
]
# 「親がツモった場合」: han, 点数, 子供の支払い
DEALER_TSUMO_ROWS = [
    (4, 12_000, 6_000),
    (6, 18_000, 9_000),
    (8, 24_000, 12_000),
    (11, 36_000, 18_000),
    (14, 48_000, 24_000),
    (16, 60_000, 30_000),
    (18, 72_000, 36_000),
    (20, 84_000, 42_000),
]


@pytest.mark.parametrize(("han", "value", "child", "dealer"), CHILD_TSUMO_ROWS)
def test_child_tsumo_table_row(han: int, value: int, child: int, dealer: int) -> None:
    assert payment(han, dealer=False, tsumo=True) == (0, dealer, child, value)
    # A ron is worth the row's 点数: full value either way.
    assert payment(han, dealer=False, tsumo=False) == (value, 0, 0, value)


@pytest.mark.parametrize(("han", "value", "child"), DEALER_TSUMO_ROWS)
def test_dealer_tsumo_table_row(han: int, value: int, child: int) -> None:
    assert payment(han, dealer=True, tsumo=True) == (0, 0, child, value)
    assert payment(han, dealer=True, tsumo=False) == (value, 0, 0, value)


def test_n_baiman_formula_rows_n_times_8000_3000_5000_and_12000_6000() -> None:
    for n in range(4, 31):
        han = 14 + 2 * (n - 4)
        assert payment(han, dealer=False, tsumo=True) == (0, n * 5_000, n * 3_000, n * 8_000)
        assert payment(han + 1, dealer=True, tsumo=True) == (0, 0, n * 6_000, n * 12_000)


def test_46_47_han_is_nijuubaiman_n_20() -> None:
    for han in (46, 47):
        assert multiple(han) == 2 * 20
        paid = ChinitsuPoints().payment(han, None, 0, dealer=False, tsumo=False, players=3, kiriage=False)
        assert (paid.ron, paid.limit) == (160_000, "二十倍満")
    assert limit_name(multiple(48)) == "二十一倍満"


def test_printed_tsumo_rows_off_haneman_4500_7500_sanbaiman_9000_15000() -> None:
    assert payment(6, dealer=False, tsumo=True, printed_tsumo_rows=False) == (0, 7_500, 4_500, 12_000)
    assert payment(11, dealer=False, tsumo=True, printed_tsumo_rows=False) == (0, 15_000, 9_000, 24_000)


def test_limit_names_of_every_row() -> None:
    names = {han: limit_name(multiple(han)) for han in (4, 6, 8, 11, 14, 16, 18, 20, 22, 32, 46)}
    assert names == {
        4: "満貫",
        6: "跳満",
        8: "倍満",
        11: "三倍満",
        14: "数え役満",
        16: "五倍満",
        18: "六倍満",
        20: "七倍満",
        22: "八倍満",
        32: "十三倍満",
        46: "二十倍満",
    }
    assert limit_name(8, counted=False) == "四倍満"
    numbers = [kanji_number(number) for number in (1, 10, 14, 20, 99, 101)]
    assert numbers == ["一", "十", "十四", "二十", "九十九", "百一"]


def test_fu_less_1_to_3_han_child_ron_1000_2000_4000_dealer_2000_3000_6000() -> None:
    assert [payment(han, dealer=False, tsumo=False)[0] for han in (1, 2, 3)] == [1_000, 2_000, 4_000]
    assert [payment(han, dealer=True, tsumo=False)[0] for han in (1, 2, 3)] == [2_000, 3_000, 6_000]


def test_fu_less_tsumo_1000_1000_then_1000_2000_then_2000_3000_dealer_1000_2000_3000() -> None:
    # (other child, dealer) on a child's tsumo: 3/8 and 5/8 of the ron, rounded up to 1,000.
    assert [payment(han, dealer=False, tsumo=True)[1:3] for han in (1, 2, 3)] == [
        (1_000, 1_000),
        (2_000, 1_000),
        (3_000, 2_000),
    ]
    assert [payment(han, dealer=True, tsumo=True)[2] for han in (1, 2, 3)] == [1_000, 2_000, 3_000]


def test_fu_scoring_1_han_40_fu_ron_1300_and_3_han_70_fu_is_mangan() -> None:
    table = ChinitsuPoints(fu_scoring=True)
    assert table.payment(1, 40, 0, dealer=False, tsumo=False, players=3, kiriage=False).ron == 1_300
    assert table.payment(2, 30, 0, dealer=True, tsumo=False, players=3, kiriage=False).ron == 2_900
    # Child tsumo, full value: 3/8 and 5/8 of 2,000 (2 han 30 fu), rounded up to 100.
    paid = table.payment(2, 30, 0, dealer=False, tsumo=True, players=3, kiriage=False)
    assert (paid.tsumo_non_dealer, paid.tsumo_dealer) == (800, 1_300)
    mangan = table.payment(3, 70, 0, dealer=False, tsumo=False, players=3, kiriage=False)
    assert (mangan.ron, mangan.limit) == (8_000, "満貫")


def test_four_han_is_always_mangan_123p678p789p111m99m_riichi_dora_3() -> None:
    result = score("123p678p789p111m99m", "2p", riichi=True, dora_indicators=(Kind.M1, Kind.P8))
    assert result.han == 4 and (result.total, result.limit) == (8_000, "満貫")


def test_yakuman_row_32000_48000_per_yakuman_whatever_the_han() -> None:
    assert payment(0, dealer=False, tsumo=False, yakuman=1) == (32_000, 0, 0, 32_000)
    assert payment(0, dealer=True, tsumo=False, yakuman=1) == (48_000, 0, 0, 48_000)
    assert payment(0, dealer=False, tsumo=True, yakuman=2) == (0, 40_000, 24_000, 64_000)
    # A 本役満 with riichi, ippatsu and many dora is still paid as one yakuman.
    result = score("555z666z777z123p44p", "4p", riichi=True, ippatsu=True, dora_indicators=(Kind.P3,) * 4)
    assert result.yakuman == 1 and result.total == 32_000


def test_kazoe_yakuman_from_14_han_is_not_a_honyakuman() -> None:
    result = score("123p456p789p222p88p", "8p", riichi=True, dora_indicators=(Kind.P1, Kind.P7), red_dora=1)
    assert (result.han, result.limit, result.yakuman, result.total) == (17, "五倍満", 0, 40_000)
    assert win_chips(ctx("123p456p789p222p88p", "8p", riichi=True), result).yakuman == 0


def test_seed_example_riichi_ippatsu_tsumo_chinitsu_ittsu_dora_10_is_nanabaiman() -> None:
    # 「リーチ、一発、ツモ、清一色、一通、ドラ10の場合…あがったのは七倍満」: 11 han + 10 dora = 21.
    result = score(
        "123p456p789p222p88p",
        "8p",
        tsumo=True,
        riichi=True,
        ippatsu=True,
        dora_indicators=(Kind.P1, Kind.P7, Kind.P2, Kind.P3),
        red_dora=1,
    )
    assert yaku(result) == {"立直": 1, "一発": 1, "門前清自摸和": 1, "一気通貫": 2, "清一色": 6, "ドラ": 9, "赤ドラ": 1}
    assert (result.han, result.limit) == (21, "七倍満")
    assert (result.tsumo_non_dealer, result.tsumo_dealer, result.total) == (21_000, 35_000, 56_000)


def test_seed_dealer_14_baiman_all_84000_each() -> None:
    # 「親の10個あがり（14倍満）の15枚オール…168000点」: 14倍満 from the dealer, 84,000 from each child.
    han = 14 + 2 * (14 - 4)
    assert payment(han, dealer=True, tsumo=True) == (0, 0, 84_000, 168_000)


def test_honba_are_not_in_the_table_1000_each_in_all() -> None:
    result = score("123p456p789p111m99m", "9m", riichi=True, ippatsu=True, honba=3, riichi_sticks=2)
    assert result.honba == 0 and result.deposits == 2_000
    assert (honba_share(3, tsumo=False), honba_share(3, tsumo=True), honba_share(3, tsumo=True, each_payer=True)) == (
        3_000,
        1_500,
        3_000,
    )


# --- chips (§3.11) ---------------------------------------------------------------------------------------


def test_chips_ippatsu_and_2_ura_ron_123p456p789p111m99m_discarder_pays_3() -> None:
    win = ctx("123p456p789p111m99m", "9m", riichi=True, ippatsu=True, ura_indicators=(Kind.M1,))
    chips = win_chips(win, SCORER.score(win) or pytest.fail("no win"))
    assert (chips.ippatsu, chips.ura, chips.yakuman) == (1, 2, 0)
    assert chips.per_payer() == {"discarder": 3, "other": 0} and chips.total == 3


def test_chips_tsumo_each_of_the_two_pays_ippatsu_and_ura() -> None:
    win = ctx("123p456p789p111m99m", "9m", riichi=True, ippatsu=True, tsumo=True, ura_indicators=(Kind.P8,))
    chips = win_chips(win, SCORER.score(win) or pytest.fail("no win"))
    assert chips.per_payer() == {"each": 2} and chips.total == 4


def test_chips_yakuman_5_from_both_on_a_ron_555z666z777z123p44p() -> None:
    win = ctx("555z666z777z123p44p", "4p")
    chips = win_chips(win, SCORER.score(win) or pytest.fail("no win"))
    assert chips.per_payer() == {"discarder": 5, "other": 5} and chips.total == 10
    assert chips.owed(discarder=False) == 5


def test_chips_seiisou_10_from_each_B123456789p_B111p_B22z() -> None:
    win = ctx("123456789p111p22z", "2z", tsumo=True, flags=BACK)
    chips = win_chips(win, SCORER.score(win) or pytest.fail("no win"))
    assert chips.per_payer() == {"each": 10} and chips.total == 20


def test_chips_red_fives_none_and_ura_only_for_riichi_555p() -> None:
    win = ctx("123p456p789p555p99m", "9m", red_dora=3, ura_indicators=(Kind.P4,), dora_indicators=(Kind.P4,))
    result = SCORER.score(win) or pytest.fail("no win")
    assert win.ura_dora(sanma=True, nuki_kind=Kind.NORTH) == 0 and win_chips(win, result) == WinChips(tsumo=False)


def test_chips_ura_counts_pulled_north_under_a_3z_ura_indicator() -> None:
    win = ctx("123p456p789p111m99m", "9m", riichi=True, nuki_dora=2, ura_indicators=(Kind.WEST,))
    assert win.ura_dora(sanma=True, nuki_kind=Kind.NORTH) == 2


def test_chips_setting_off_pays_none() -> None:
    win = ctx("555z666z777z123p44p", "4p", riichi=True, ippatsu=True)
    result = SCORER.score(win) or pytest.fail("no win")
    assert win_chips(win, result, ChinitsuSettings(chips=False)).total == 0


# --- 完全先付け (CHN-A3) ----------------------------------------------------------------------------------


def waits_of(tiles: str, *, melds: tuple[Meld, ...] = (), **situation: Unpack[Situation]) -> dict[int, WinContext]:
    """The contexts of a win on each wait of a 13-tile (plus melds) hand."""
    board = hand(tiles)
    return {
        wait: WinContext(concealed=add_tile(board, wait), win_tile=wait, melds=melds, **situation)
        for wait in chinitsu_shapes(suit=Suit.PIN).waits(board)
    }


def test_sakizuke_open_pon_111m_123p456p78p99p_ittsu_on_9p_only_is_atozuke() -> None:
    assert not sakizuke_allows(SCORER, waits_of("123p456p78p99p", melds=(pon("111m"),)))


def test_sakizuke_open_pon_111p_123p456p78p99p_chinitsu_on_both_waits() -> None:
    assert sakizuke_allows(SCORER, waits_of("123p456p78p99p", melds=(pon("111p"),)))


def test_sakizuke_open_pon_555z_666z_77z11z123p_haku_holds_on_daisangen_wait_too() -> None:
    # 7z makes 大三元, 1z 小三元: both hands hold 役牌 白 and 發.
    melds = (pon("555z"), pon("666z"))
    assert sakizuke_allows(SCORER, waits_of("77z11z123p", melds=melds, seat_wind=Kind.SOUTH))


def test_sakizuke_closed_dama_123p456p78p111m99m_ron_needs_yaku_on_6p_too() -> None:
    assert not sakizuke_allows(SCORER, waits_of("123p456p78p111m99m"))
    # Riichi covers every wait; 門前清自摸和 every wait of a tsumo.
    assert sakizuke_allows(SCORER, waits_of("123p456p78p111m99m", riichi=True))
    assert sakizuke_allows(SCORER, waits_of("123p456p78p111m99m", tsumo=True))


def test_sakizuke_closed_menzen_outehisha_111999m78889p11z_different_yaku_per_wait() -> None:
    contexts = waits_of("111999m78889p11z")
    assert format_kinds(contexts) == "8p1z"
    assert [sorted(SCORER.yaku_names(win)) for win in contexts.values()] == [["三暗刻"], ["役牌 場風", "役牌 自風"]]
    assert sakizuke_allows(SCORER, contexts)


def test_sakizuke_dora_are_no_yaku_123p456p78p111m99m_with_dora() -> None:
    assert not sakizuke_allows(SCORER, waits_of("123p456p78p111m99m", dora_indicators=(Kind.M9, Kind.P5)))


def test_yaku_names_keep_superseded_yaku_11223344556677p() -> None:
    names = SCORER.yaku_names(ctx("11223344556677p", "7p"))
    assert {"二盃口", "一盃口", "清一色", "混一色"} <= names and "ドラ" not in names


# --- the scorer against the shared one -------------------------------------------------------------------


def test_scorer_uses_sanma_rules_3_players_north_nuki() -> None:
    rules = SCORER.rules
    assert (rules.players, rules.sanma_dora, rules.nuki_kind) == (3, True, Kind.NORTH)
    assert isinstance(score_hand(ctx("123p456p789p111m99m", "9m", riichi=True), rules), HandScore)


# --- ordinary hands against mahjong, where the rules coincide ----------------------------------------

# Yaku mahjong does not have, or values differently here: such a hand is left out of the comparison.
CHINITSU_ONLY = frozenset(
    {"三風", "三連刻", "小車輪", "大車輪", "萬混", "四連刻", "背一色", "リーチのみ", "国士無双十三面待ち"}
)
_CHINITSU_KINDS = frozenset({Kind.M1, Kind.M9, *range(Kind.P1, Kind.S9 + 1), *range(Kind.EAST, Kind.RED + 1)})


def _as_chinitsu(deal: Deal) -> Deal | None:
    """The deal as a チンイツゲーム hand with at most 4 of a kind (what mahjong can hold), or None.

    One number suit plus 1m 9m and honours, no 北 (a different rule), no manzu indicator (1m
    points to 9m here, to 2m in mahjong); seats E S W and rounds E S, 北 and 西 moved over."""
    win = deal.ctx
    kinds = {kind for kind in range(34) if win.concealed >> (4 * kind) & 0xF}
    kinds |= {tile for meld in win.melds for tile in meld.kinds()}
    suits = {tile // 9 for tile in kinds if Kind.P1 <= tile <= Kind.S9}
    indicators = win.dora_indicators + win.ura_indicators
    if not kinds <= _CHINITSU_KINDS or Kind.NORTH in kinds or len(suits) > 1 or any(i <= Kind.M9 for i in indicators):
        return None
    seat = Kind.WEST if win.seat_wind == Kind.NORTH else win.seat_wind
    round_wind = win.round_wind if win.round_wind in (Kind.EAST, Kind.SOUTH) else Kind.SOUTH
    config = {**deal.config, "player_wind": seat, "round_wind": round_wind}
    return dataclasses.replace(deal, ctx=dataclasses.replace(win, seat_wind=seat, round_wind=round_wind), config=config)


SKIPPED = "skipped"


def _against_mahjong(deal: Deal) -> str | None:
    """None when mahjong agrees on the yaku and han, :data:`SKIPPED` when the hand has a rule of
    ours mahjong lacks, else the difference."""
    tiles, win, melds, dora, _, ura = mahjong_inputs(deal)
    options = OptionalRules(has_open_tanyao=False, has_aka_dora=True, has_double_yakuman=False)
    theirs = HandCalculator.estimate_hand_value(
        tiles, win, melds, dora, HandConfig(options=options, **deal.config), ura_dora_indicators=ura
    )
    ours = SCORER.evaluate(deal.ctx)
    if theirs.error:
        return None if ours == NoWin(theirs.error.replace("_", " ")) else f"{deal.ctx}: {theirs.error} / {ours}"
    if not isinstance(ours, HandScore):
        return f"{deal.ctx}: {theirs} / {ours}"
    assert theirs.yaku is not None and theirs.han is not None
    their_names = {MAHJONG_NAMES[type(hit).__name__] for hit in theirs.yaku}
    our_names = {hit.name for hit in ours.yaku}
    # 七対子 with four of a kind as two pairs (「8枚使い」) and ツモ平和 are rules of their own here.
    repeated_pairs = "七対子" in our_names and any(count == 4 for count in unpack(deal.ctx.concealed))
    if our_names & CHINITSU_ONLY or repeated_pairs or (deal.ctx.tsumo and "平和" in their_names):
        return SKIPPED
    yakuman = any(hit.is_yakuman for hit in theirs.yaku)
    expected = (0 if yakuman else theirs.han, theirs.han // 13 if yakuman else 0, sorted(their_names))
    actual = (ours.han, ours.yakuman, sorted(hit.name for hit in ours.yaku))
    return None if expected == actual else f"{deal.ctx}\n  mahjong: {expected}\n  ours: {actual}"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_ordinary_hands_match_mahjong_yaku_and_han(seed: int) -> None:
    deals = [fit for deal in random_deals(6000, 900 + seed) if (fit := _as_chinitsu(deal)) is not None]
    results = [_against_mahjong(deal) for deal in deals]
    mismatches = [result for result in results if result is not None and result != SKIPPED]
    assert mismatches == [], "\n".join(mismatches[:5])
    # About 600 hands fit a チンイツゲーム set; nearly all of them have only rules both share.
    assert results.count(None) > 500
