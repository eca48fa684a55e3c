"""いなげ麻雀's yaku (「手役解説」), 早見表, dora and discard yaku (「捨牌役について」), in tile notation."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from typing import Unpack

import pytest

from bot.engine.game import Discard, Pon, Riichi, Ron, SetAside
from bot.engine.melds import Meld, MeldType
from bot.engine.shapes import FIVE_PAIRS_AND_A_HALF, INAGE_KOKUSHI, ShapeRules, hand
from bot.engine.tiles import parse_kind, parse_kinds
from bot.engine.variants.inage.discards import DiscardRules, discard_yaku
from bot.engine.variants.inage.tiles import inage_tileset
from bot.engine.variants.inage.yaku import INAGE_YAKU, HanTable, InageScore, InageScorer, InageWin
from tests.engine.calc_json import CalcJson, calc_refusal, run_calc
from tests.engine.rigging import act, discard_drawn, has, win_card
from tests.engine.situation import WinFlags
from tests.engine.test_inage import game_with, pass_all

SHAPES = ShapeRules(limits=inage_tileset().copies(), pairs=FIVE_PAIRS_AND_A_HALF, kokushi=INAGE_KOKUSHI)
SCORER = InageScorer(SHAPES)
MELDS = {"pon": MeldType.PON, "ankan": MeldType.ANKAN, "minkan": MeldType.MINKAN, "kakan": MeldType.KAKAN}


class InageFlags(WinFlags, total=False):
    """How an :class:`InageWin` was won: the flags of every variant, and 槍ドラ."""

    yaridora: bool


def score(
    tiles: str,
    win: str,
    melds: str = "",
    scorer: InageScorer = SCORER,
    *,
    dora_indicators: str = "",
    ura_indicators: str = "",
    set_aside: str = "",
    river: str = "",
    riichi_at: int | None = None,
    **flags: Unpack[InageFlags],
) -> InageScore | None:
    """Score ``tiles`` (the concealed tiles, winning tile included) with melds like ``pon:5z,ankan:1p``;
    the indicators and the tiles set aside in tile notation, and the discard yaku of ``river``
    (riichi declared on its tile ``riichi_at``)."""
    declared = tuple(
        Meld(MELDS[name], parse_kind(tile))
        for name, _, tile in (part.partition(":") for part in melds.split(",") if part)
    )
    return scorer.score(
        InageWin(
            hand(tiles),
            parse_kind(win),
            declared,
            dora_indicators=tuple(parse_kinds(dora_indicators)),
            ura_indicators=tuple(parse_kinds(ura_indicators)),
            set_aside=tuple(parse_kinds(set_aside)),
            discards=discard_yaku(parse_kinds(river), riichi_at) if river else (),
            **flags,
        )
    )


def won(result: InageScore | None) -> InageScore:
    """A score that must be a win."""
    assert result is not None, "not a win"
    return result


def names(result: InageScore | None) -> dict[str, int]:
    return {line.name: line.yakuman * 1000 + line.han for line in won(result).yaku}


def test_the_tests_flags_are_every_field_of_an_inage_win_score_writes_as_a_flag() -> None:
    written = {"concealed", "win_tile", "melds", "dora_indicators", "ura_indicators", "set_aside", "discards"}
    assert set(InageFlags.__annotations__) == {field.name for field in dataclasses.fields(InageWin)} - written


# --- the 早見表 ------------------------------------------------------------------------------------


def test_one_han_is_8_points_ippan_mangan() -> None:
    # 「１飜のみのばあいを１飜満貫といい、８点」: 泣いて中のみ、ドラなし.
    result = score("234p567s88s", "8s", melds="pon:7z")
    assert names(result) == {"役牌 中": 1} and result is not None and result.points == 8
    assert result.limit == "一飜満貫"


def test_16_han_is_40_and_20_han_is_80_then_4_a_han() -> None:
    table = HanTable()
    assert table.points(16) == 40  # 「１６飜（４０点）」
    assert [table.points(han) for han in (20, 21, 30)] == [80, 84, 120]  # 「１飜につき４点で、どこまでも伸びる」
    assert [table.points(han) for han in range(1, 20)] == [8, 12, 12] + [16] * 4 + [24] * 4 + [32] * 4 + [40] * 4


def test_points_table_is_a_table_setting() -> None:
    table = HanTable.parse("1:8,2:10,5:20", kazoe_from=10, per_han=3)
    assert [table.points(han) for han in (1, 2, 4, 5, 9, 10)] == [8, 10, 10, 20, 20, 30]
    with pytest.raises(ValueError, match="start at 1 han"):
        HanTable.parse("2:8")


def test_no_fu_only_han() -> None:
    # 「符の概念がありません」: the same han scores the same, whatever the sets.
    open_pon = score("234p567s88s", "8s", melds="pon:7z")
    closed_triplet = score("234p567s777z88s", "8s", riichi=True)
    assert open_pon is not None and closed_triplet is not None
    assert open_pon.points == 8 and closed_triplet.han == 2 and closed_triplet.points == 12


# --- 手役解説, in the seed's order ----------------------------------------------------------------------


def test_gotoitsu_han_1133p5577s11z9m_is_a_shape_worth_0() -> None:
    assert score("1133p5577s11z9m", "9m") is None  # 0 han: it needs another yaku
    result = score("1133p5577s11z9m", "9m", tsumo=True)
    assert names(result) == {"五対子半": 0, "門前清自摸和": 1}


def test_gotoitsu_han_single_may_be_a_flower_1133p5577s11z1f() -> None:
    assert "五対子半" in names(score("1133p5577s11z1f", "1f", tsumo=True))


def test_nishoku_doujun_345p345s_1_open_too() -> None:
    assert names(score("345p345s678p22s", "2s", riichi=True))["二色同順"] == 1
    assert names(score("345p345s22s", "2s", melds="pon:5z"))["二色同順"] == 1


def test_nakiryuu_ron_with_two_open_melds() -> None:
    assert names(score("234p88s", "8s", melds="pon:5z,pon:6p"))["哭竜和"] == 1
    assert "哭竜和" not in names(score("234p88s", "8s", melds="pon:5z,pon:6p", tsumo=True))
    assert "哭竜和" not in names(score("234p567s88s", "8s", melds="pon:5z"))


def test_sanren_toitsu_556677p1133s9m() -> None:
    assert names(score("556677p1133s9m", "9m", riichi=True)) == {"五対子半": 0, "立直": 1, "三連対子": 1}


def test_ankan_2_han_each() -> None:
    result = score("234p567s88s", "8s", melds="ankan:1p", tsumo=True)
    assert names(result)["暗槓"] == 2


def test_kokushi_119m19p19s1234z_2_han() -> None:
    result = score("119m19p19s1234z", "4z", tsumo=True)
    assert names(result) == {"門前清自摸和": 1, "国士無双": 2}  # 混老頭 is part of the shape


def test_yaridora_3_han_on_a_set_aside_west() -> None:
    assert names(score("123p456p789s33z", "3z", riichi=True, yaridora=True))["槍ドラ"] == 3


def test_nianko_111p222s345p99m_3_han() -> None:
    assert names(score("111p222s345p99m", "9m", riichi=True))["二暗刻"] == 3
    # A triplet completed by a ron is open.
    assert "二暗刻" not in names(score("11p222s345p999m", "9m", riichi=True))


def test_yonren_toitsu_55667788p11s9m_replaces_sanren() -> None:
    assert names(score("55667788p11s9m", "9m", riichi=True)) == {"五対子半": 0, "立直": 1, "四連対子": 4}


def test_sanshoku_doutoi_11m11p11s3355p9s_4() -> None:
    assert names(score("11m11p11s3355p9s", "9s", riichi=True))["三色同対"] == 4


def test_shousangen_555z666z77z_4_plus_its_yakuhai() -> None:
    lines = names(score("555z666z77z123p", "3p", riichi=True))
    assert lines["小三元"] == 4 and lines["役牌 白"] == 1 and lines["役牌 發"] == 1


def test_sanshoku_doukou_111m111p111s_6_closed_5_open() -> None:
    closed = names(score("111m111p11s55p1s", "1s", riichi=True))
    assert closed["三色同刻"] == 6
    opened = names(score("111p11s55p1s", "1s", melds="pon:1m"))
    assert opened["三色同刻"] == 5


def test_nikantsu_two_kans_6() -> None:
    lines = names(score("123p99s", "9s", melds="minkan:5p,minkan:7s"))
    assert lines["二槓子"] == 6 and lines["哭竜和"] == 1


def test_ittsu_123456789p_6_closed_only() -> None:
    assert names(score("123456789p55s", "5s", riichi=True))["一気通貫"] == 6


def test_juusan_futou_and_tenhou_are_yonbaiman_32() -> None:
    result = score("123p456p789s11z", "1z", tsumo=True, tenhou=True)
    assert result is not None and result.points == 32 and "天和" in names(result)
    big = score("123456789p11p", "1p", tsumo=True, chiihou=True, dora_indicators="9p9p9p")
    assert big is not None and big.points > 32  # max(32, the table value of the other han)


def test_riichi_only_yonbaiman_123p456p789s11z() -> None:
    result = score("123p456p789s11z", "1z", riichi=True)
    assert names(result) == {"立直": 1, "リーのみ": 0} and result is not None and result.points == 32
    # 「表・裏・横・花ドラなし、{ツモ}{二色}{五対子半}もなし、捨て牌役は{リーチ}後でさえ作ってはならない」
    assert won(score("123p456p789s11z", "1z", riichi=True, dora_indicators="6s")).points == 12
    assert won(score("123p456p789s11z", "1z", riichi=True, ura_indicators="6s")).points == 12
    assert won(score("123p456p789s11z", "1z", riichi=True, set_aside="3z")).points == 12
    assert won(score("123p456p789s11z", "1z", riichi=True, set_aside="1f")).points == 12
    assert won(score("123p456p789s11z", "1z", riichi=True, tsumo=True)).points == 12
    assert won(score("123p456p789s11z", "1z", riichi=True, river="2s9m2s", riichi_at=1)).points == 16
    assert "リーのみ" not in names(score("1133p5577s11z9m", "9m", riichi=True))


def test_sanrenkou_555666777p_yakuman_closed_6_open() -> None:
    closed = score("555666p77p11z7p", "7p", riichi=True)
    assert closed is not None and closed.yakuman == 1 and "三連刻" in names(closed)
    opened = names(score("666777p11z", "1z", melds="pon:5p"))
    assert opened["三連刻"] == 6
    # 「面前でツモれば自動的にダブル役満」.
    assert won(score("555666777p11z", "1z", tsumo=True)).yakuman >= 2


def test_sanrenkou_or_three_identical_runs_scores_the_higher_reading() -> None:
    # 111222333p reads as 三連刻 or as 123p ×3; the yakuman reading wins.
    result = score("111222333p55s", "5s", riichi=True)
    assert result is not None and result.yakuman >= 1


def test_shikai_kairei_four_flowers_needs_a_yaku() -> None:
    result = score("123p456p789s11z", "1z", riichi=True, set_aside="1234f")
    assert names(result) == {"四華開嶺": 1000} and result is not None and result.points == 80
    assert score("123p456p789s11z", "1z", set_aside="1234f") is None
    double = score("555666777p11z", "1z", tsumo=True, set_aside="1234f")
    assert double is not None and double.yakuman == 4  # 三連刻 + 三暗刻単騎 (2) + 四華開嶺


def test_goren_toitsu_4455667788p9m_yakuman() -> None:
    assert names(score("4455667788p9m", "9m", riichi=True)) == {"五連対子": 1000}


def test_haitei_and_houtei_are_yakuman() -> None:
    assert names(score("234p567s88s", "8s", melds="pon:7z", tsumo=True, haitei=True)) == {"海底撈月": 1000}
    assert names(score("234p567s88s", "8s", melds="pon:7z", houtei=True)) == {"河底撈魚": 1000}


def test_sanankou_111p333s777p55s_yakuman() -> None:
    assert names(score("111p333s777p55s", "7p", tsumo=True)) == {"三暗刻": 1000}


def test_ryuuiisou_needs_6z() -> None:
    assert "緑一色" in names(score("234s234s666z88s", "8s", riichi=True))
    assert "緑一色" not in names(score("234s234s666s88s", "8s", riichi=True))


def test_kokuiisou_222333z44z_pon_111z_is_triple_yakuman() -> None:
    result = score("222333z44z", "4z", melds="pon:1z")
    assert names(result) == {"黒一色": 1000, "字一色": 1000, "小四喜": 1000}
    assert result is not None and result.points == 240


def test_sanankou_tanki_111p333s777p5s_double() -> None:
    result = score("111p333s777p55s", "5s", riichi=True)
    assert names(result) == {"三暗刻単騎": 2000} and result is not None and result.points == 160


def test_sankantsu_double_yakuman() -> None:
    result = score("55s", "5s", melds="minkan:1p,minkan:2p,ankan:9s")
    assert "三槓子" in names(result) and result is not None and result.yakuman >= 2


# --- the ordinary yaku the seed takes for granted ---------------------------------------------------------


def test_east_111z_and_south_222z_always_yakuhai_west_north_never() -> None:
    assert names(score("234p567s88s", "8s", melds="pon:1z")) == {"役牌 東": 1}
    assert names(score("234p567s88s", "8s", melds="pon:2z")) == {"役牌 南": 1}
    assert score("234p567s88s", "8s", melds="pon:3z") is None
    assert score("234p567s88s", "8s", melds="pon:4z") is None


def test_pinfu_refuses_an_east_pair_not_a_west_pair() -> None:
    assert "平和" in names(score("234p567s234s33z", "2s", riichi=True))
    assert "平和" not in names(score("234p567s234s11z", "2s", riichi=True))


def test_ordinary_yaku_riichi_ippatsu_tsumo_tanyao_chinitsu() -> None:
    lines = names(score("234567p23455p", "2p", riichi=True, ippatsu=True, tsumo=True))
    assert {"立直", "一発", "門前清自摸和", "断么九", "清一色"} <= set(lines)
    assert names(score("234p567s23455s", "2s", double_riichi=True))["ダブル立直"] == 2


def test_ordinary_yaku_chanta_toitoi_honroutou_honitsu_junchan_rinshan() -> None:
    assert names(score("123p789s11z", "1z", melds="pon:5z"))["混全帯么九"] == 1
    assert names(score("123p789s999p11z", "1z", riichi=True))["混全帯么九"] == 2
    lines = names(score("111999p11z", "1z", melds="pon:9s"))
    assert lines["対々和"] == 2 and lines["混老頭"] == 2
    assert names(score("123456p11z", "1z", melds="pon:9p"))["混一色"] == 2
    assert names(score("123p789s111m99p", "9p", riichi=True))["純全帯么九"] == 3
    assert names(score("234p567s88s", "8s", melds="ankan:1p", tsumo=True, rinshan=True))["嶺上開花"] == 1


def test_standard_yakuman_daisangen_tsuuiisou_shousuushii_chinroutou() -> None:
    assert "大三元" in names(score("555666777z11p", "1p", riichi=True))
    assert "字一色" in names(score("111z222z66z", "6z", melds="pon:7z"))
    assert "小四喜" in names(score("111222z33z", "3z", melds="pon:4z"))
    assert "清老頭" in names(score("111999m111p99s", "9s", riichi=True))


def test_a_flower_in_hand_is_no_simple_2233p4455s66s1f() -> None:
    assert "断么九" in names(score("2233p4455s66s7p", "7p", riichi=True))
    assert "断么九" not in names(score("2233p4455s66s1f", "1f", riichi=True))


def test_every_yaku_has_a_value_in_the_table() -> None:
    assert len(INAGE_YAKU) >= 40
    assert all(value.closed or value.open for _, value in INAGE_YAKU.entries)


# --- dora -------------------------------------------------------------------------------------------------


def test_dora_order_1m_points_to_9m_and_flowers_wrap() -> None:
    assert names(score("234p567s99m", "9m", melds="pon:7z", dora_indicators="1m"))["ドラ"] == 2
    assert names(score("234p567s11m", "1m", melds="pon:7z", dora_indicators="9m"))["ドラ"] == 2
    assert names(score("1133p5577s11z2f", "2f", tsumo=True, dora_indicators="1f"))["ドラ"] == 1


def test_ura_dora_only_in_riichi() -> None:
    assert names(score("234p567s23455s", "2s", riichi=True, ura_indicators="1p"))["裏ドラ"] == 1
    assert "裏ドラ" not in names(score("234p567s88s", "8s", melds="pon:7z", ura_indicators="1p"))


def test_yokodora_set_aside_3z4z_and_flowers_kept_3z_is_no_dora() -> None:
    result = names(score("234p567s88s", "8s", melds="pon:7z", set_aside="34z1f"))
    assert result["横ドラ"] == 2 and result["花ドラ"] == 1
    # 「自分の手の中に入れて使ってもいいんですが（この場合ドラにはならない）」.
    assert "横ドラ" not in names(score("234p333z88s", "8s", melds="pon:7z"))
    # A set-aside tile is not counted against the indicators as well.
    assert "ドラ" not in names(score("234p567s88s", "8s", melds="pon:7z", set_aside="3z", dora_indicators="2z"))


def test_one_han_minimum_dora_alone_does_not_win() -> None:
    assert score("234p567s88s", "8s", melds="pon:9s", dora_indicators="7s8s") is None
    lenient = InageScorer(SHAPES, dora_counts=True)
    assert score("234p567s88s", "8s", melds="pon:9s", scorer=lenient, dora_indicators="7s8s") is not None


def test_discard_yaku_count_as_yaku_for_the_minimum() -> None:
    result = score("234p567s88s", "8s", melds="pon:9s", river="151z")
    assert names(result) == {"トマト": 3}


# --- 捨牌役 ---------------------------------------------------------------------------------------------


def blocks(river: str, riichi_at: int | None = None, rules: DiscardRules | None = None) -> list[tuple[str, int, str]]:
    found = discard_yaku(parse_kinds(river), riichi_at, rules=rules or DiscardRules())
    return [(block.name, block.han, block.tiles) for block in found]


def test_tomato_151z_3_han() -> None:
    assert blocks("151z3p") == [("トマト", 3, "151z")]  # 「東白東」; tiles after the block are ignored


def test_takeyabu_yaketa_6257526z_7_han() -> None:
    assert blocks("6257526z") == [("竹薮焼けた", 7, "6257526z")]  # 「發南白中白南發」


def test_tomato_takeyabu_yaketa_chained_10_han() -> None:
    assert blocks("1516257526z") == [("トマト", 3, "151z"), ("竹薮焼けた", 7, "6257526z")]


def test_garbage_at_the_head_1z4z6z2z7z2z6z_gives_nothing() -> None:
    assert blocks("1462726z") == []  # 「東北發南中南發」


def test_shinbunshi_5_and_watashi_makemashita_wa_9() -> None:
    assert blocks("12321p") == [("新聞紙", 5, "12321p")]
    assert blocks("123454321s") == [("私負けましたわ", 9, "123454321s")]


def test_palindromes_of_even_length_are_a_setting_1551z() -> None:
    assert blocks("1551z") == [("4字回文", 4, "1551z")]
    assert blocks("1551z", rules=DiscardRules(even_palindromes=False)) == []


def test_tonnanshaapei_1234z_6_han() -> None:
    assert blocks("1234z9p") == [("東南西北", 6, "1234z")]


def test_hakuhatsuchun_567z_2_han() -> None:
    assert blocks("567z") == [("白發中", 2, "567z")]


def test_manpinsou_1m1p1s_3_han_in_that_order_only() -> None:
    assert blocks("1m1p1s") == [("万筒索三色", 3, "1m1p1s")]
    assert blocks("9m9p9s") == [("万筒索三色", 3, "9m9p9s")]
    assert blocks("1p1m1s") == []  # 「この順番でなければいけません」


def test_a_second_chain_after_riichi_1z_then_567z() -> None:
    # The first discard starts nothing; the riichi tile is 9s; 白發中 follows it.
    assert blocks("1z9s567z", riichi_at=1) == [("白發中", 2, "567z")]
    assert blocks("1z9s567z") == []
    assert blocks("1z567z", riichi_at=1, rules=DiscardRules(chain_from_declaration=True)) == [("白發中", 2, "567z")]


def test_mane_man_copies_of_an_earlier_river_125z() -> None:
    mine = parse_kinds("125z9s")
    theirs = parse_kinds("125z7s")
    found = discard_yaku(mine, times=[2, 5, 8, 11], others=[(0, theirs, [1, 4, 7, 10])])
    assert [(b.name, b.han, b.copied_from) for b in found] == [("真似満", 3, 0)]
    # Each copied tile must have been discarded first: a later "copy" is no copy.
    assert discard_yaku(mine, times=[1, 4, 7, 10], others=[(0, theirs, [2, 5, 8, 11])]) == ()
    assert discard_yaku(parse_kinds("12z"), times=[2, 5], others=[(0, theirs, [1, 4])]) == ()  # k ≥ 3


def test_discard_yaku_count_the_called_tiles_151z_with_5z_ponned() -> None:
    # 「食われても並べさえすれば付く」: 白 is ponned out of seat 0's river, and still counts.
    game = game_with(["1z5z1z", "55z", ""], draws="8s7s6s" + "8p7p6p" + "9s")
    act(game, 0, Discard, "1z")
    pass_all(game)
    discard_drawn(game, 1)
    pass_all(game)
    discard_drawn(game, 2)
    pass_all(game)
    act(game, 0, Discard, "5z")
    act(game, 1, Pon)
    game.apply(game.decisions()[0].default)
    pass_all(game)
    discard_drawn(game, 2)
    pass_all(game)
    act(game, 0, Discard, "1z")
    assert game.seats[0].river[1].called
    assert [(b.name, b.han) for b in game._discard_yaku(0)] == [("トマト", 3)]


def test_mane_man_in_play_seat_1_copies_seat_0() -> None:
    game = game_with(["125z", "125z", ""], draws="8s7s6s" + "8p7p6p" + "9s9p")
    for tile in ("1z", "2z", "5z"):
        act(game, 0, Discard, tile)
        pass_all(game)
        act(game, 1, Discard, tile)
        pass_all(game)
        discard_drawn(game, 2)
        pass_all(game)
    assert [(b.name, b.han) for b in game._discard_yaku(1)] == [("真似満", 3)]
    assert game._discard_yaku(0) == ()  # the starter can never copy anyone


def test_win_card_names_each_discard_yaku_and_shows_its_run() -> None:
    # Seat 1 throws 東 白 東 (the last as its riichi tile) and wins by ron: the card shows トマト 東白東.
    draws = "8p" + "8s" + "6s" + "6p" + "9s" + "2s" + "4s" + "3s" + "9m"
    game = game_with(["", "123p456p11z5z7s", "3s"], draws=draws)
    for discard in ("1z", "5z"):
        discard_drawn(game, 0)
        pass_all(game)
        act(game, 1, Discard, discard)
        pass_all(game)
        discard_drawn(game, 2)
        pass_all(game)
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Riichi, "1z")
    pass_all(game)
    act(game, 2, Discard, "3s")
    assert has(game, 1, Ron)
    act(game, 1, Ron)
    line = next(line for line in win_card(game).yaku if line.name == "トマト")
    assert line.han == 3 and line.detail == "東白東"


def test_set_aside_1f_can_be_ronned_without_yaridora() -> None:
    # Five pairs wait on every other kind, so seat 1 declares with a third 東 (no furiten) and the
    # others only throw tiles the pairs cannot use.
    game = game_with(["", "1133p5577s11z", ""], draws="3p" + "1z" + "5s" + "1f")
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Riichi, "1z")
    pass_all(game)
    discard_drawn(game, 2)
    pass_all(game)
    act(game, 0, SetAside, "1f")
    assert has(game, 1, Ron) and not has(game, 1, Pon)
    act(game, 1, Ron)
    lines = [line.name for line in win_card(game).yaku]
    assert "五対子半" in lines and "槍ドラ" not in lines


# --- the calc CLI ---------------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, CalcJson]:
    return run_calc(capsys, "--variant", "inage", *args)


def test_calc_inage_river_riichi_at_and_set_aside(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        capsys, "--hand", "123p456p789s11z", "--win", "1z", "--ron", "--riichi",
        "--river", "1z5z1z3p", "--riichi-at", "3", "--set-aside", "1f3z",
    )  # fmt: skip
    assert code == 0 and out["fu"] is None
    lines = {y["name"]: y for y in out["yaku"]}
    assert lines["トマト"]["han"] == 3 and lines["トマト"]["detail"] == "東白東"
    assert lines["横ドラ"]["han"] == 1 and lines["花ドラ"]["han"] == 1
    assert out["han"] == 6 and out["total"] == 16 and out["payments"] == {"discarder": 16}


def test_calc_inage_robbed_set_aside_is_yaridora(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--hand", "123p456p789s33z", "--win", "3z", "--ron", "--riichi", "--robbed-set-aside")
    assert code == 0 and {"name": "槍ドラ", "en": "Robbing a side dora", "han": 3} in out["yaku"]


def test_calc_inage_tsumo_nobody_pays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--hand", "123p456p789s11z", "--win", "1z", "--tsumo")
    assert code == 0 and out["total"] == 8 and out["payments"] == {}


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--hand", "123p456p789s1z", "--win", "1z", "--tsumo"], "has 11"),
        (["--hand", "456p789s11z", "--win", "1z", "--ron", "--melds", "pon:111p"], "no yaku"),
        (["--hand", "123p456p789s12z", "--win", "1z", "--tsumo"], "not a complete hand"),
        (["--hand", "123p456p789s33z", "--win", "3z", "--tsumo", "--robbed-set-aside"], "槍ドラ"),
        (["--hand", "123p456p789s11z", "--win", "1z", "--tsumo", "--river", "1z", "--riichi-at", "0"], "--riichi-at"),
        (["--hand", "123m456p789s11z", "--win", "1z", "--ron", "--riichi"], "2m"),
    ],
)
def test_calc_inage_errors(capsys: pytest.CaptureFixture[str], args: list[str], fragment: str) -> None:
    assert fragment in calc_refusal(capsys, "--variant", "inage", *args)


@pytest.mark.slow
def test_calc_inage_module_entry_point() -> None:
    hand = ["--hand", "123p456p789s33z", "--win", "3z", "--ron", "--riichi", "--robbed-set-aside"]
    flags = ["--river", "1z5z1z3p", "--riichi-at", "3", "--set-aside", "1f"]
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.calc", "--variant", "inage", *hand, *flags],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert json.loads(completed.stdout)["total"] == 24  # 立直 1 + トマト 3 + 槍ドラ 3 + 花ドラ 1 = 8 han
