"""One test per yaku, named after its example hand in tile notation, plus fu, dora and points.

Hands are written with the winning tile included (as :class:`WinContext` wants it) and the
winning tile again after the underscore; declared sets follow as ``pon:777z``-style strings.
"""

from __future__ import annotations

import dataclasses
from typing import Unpack

import pytest

from bench.score import random_deals
from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import STANDARD_RULES, HandScore, NoWin, ScoringRules, StandardPoints, score_hand
from bot.engine.shapes import pack
from bot.engine.tiles import Kind, parse_kind, parse_kinds, parse_tiles
from bot.engine.yaku import (
    STANDARD_YAKU,
    STANDARD_YAKU_DOUBLES,
    Chiitoitsu,
    Chun,
    Facts,
    Feature,
    Haku,
    Hatsu,
    Ippatsu,
    Pinfu,
    Renhou,
    RenhouYakuman,
    Scope,
    Tanyao,
    WinContext,
    Yaku,
    YakuTable,
    YakuValue,
    readings,
)
from tests.engine.situation import Situation

# --- helpers ----------------------------------------------------------------------------------------


def meld(text: str) -> Meld:
    """``"pon:777z"``, ``"chi:123m"``, ``"ankan:1111z"``, ``"minkan:5555p"``, ``"kakan:9999s"``."""
    kind, tiles = text.split(":")
    return Meld(MeldType(kind), min(parse_kinds(tiles)))


def win(
    concealed: str, tile: str, *melds: str, rules: ScoringRules = STANDARD_RULES, **situation: Unpack[Situation]
) -> HandScore | NoWin:
    """Score ``concealed`` (winning tile included) won on ``tile``; red fives (0) count as dora
    (unless ``situation`` says how many)."""
    reds = sum(t.red for text in (concealed, *(m.split(":")[1] for m in melds)) for t in parse_tiles(text))
    ctx_fields: Situation = {"red_dora": reds, **situation}
    ctx = dataclasses.replace(
        _BASE,
        concealed=pack(parse_kinds(concealed)),
        win_tile=parse_kind(tile),
        melds=tuple(meld(text) for text in melds),
        **ctx_fields,
    )
    return score_hand(ctx, rules)


_BASE = WinContext(0, 0, seat_wind=Kind.SOUTH, round_wind=Kind.EAST)


def scored(result: HandScore | NoWin) -> HandScore:
    assert isinstance(result, HandScore), result
    return result


def yaku(result: HandScore | NoWin) -> dict[str, int]:
    """Yaku name -> han (or yakuman weight), dora excluded."""
    return {hit.name: hit.han or hit.yakuman for hit in scored(result).yaku if "ドラ" not in hit.name}


# --- situation yaku -----------------------------------------------------------------------------------


def test_the_tests_situation_is_every_field_of_a_win_context_but_its_tiles() -> None:
    fields = {field.name for field in dataclasses.fields(WinContext)}
    assert set(Situation.__annotations__) == fields - {"concealed", "win_tile", "melds"}


def test_riichi_123m456p789s23499s_ron_4s() -> None:
    assert yaku(win("123m456p789s23499s", "4s", riichi=True)) == {"立直": 1, "平和": 1}


def test_double_riichi_123m456p789s23499s_drops_riichi() -> None:
    assert yaku(win("123m456p789s23499s", "4s", riichi=True, double_riichi=True)) == {"ダブル立直": 2, "平和": 1}


def test_ippatsu_123m456p789s23499s_ron_4s() -> None:
    assert yaku(win("123m456p789s23499s", "4s", riichi=True, ippatsu=True))["一発"] == 1


def test_menzen_tsumo_123m456p789s23499s_tsumo_4s() -> None:
    result = scored(win("123m456p789s23499s", "4s", tsumo=True))
    assert yaku(result) == {"門前清自摸和": 1, "平和": 1}
    assert result.fu == 20  # 平和 tsumo


def test_menzen_tsumo_not_for_an_open_hand_456p789s23499s_chi_123m() -> None:
    assert win("456p789s23499s", "4s", "chi:123m", tsumo=True) == NoWin(NoWin.NO_YAKU)


def test_rinshan_123m456p23499s_ankan_1111z_tsumo() -> None:
    result = yaku(win("123m456p23499s", "4s", "ankan:1111z", tsumo=True, rinshan=True))
    assert result["嶺上開花"] == 1


def test_chankan_234567m234p45666s_ron_4s() -> None:
    assert yaku(win("234567m234p45666s", "4s", chankan=True)) == {"槍槓": 1, "断么九": 1, "平和": 1}


def test_haitei_and_houtei_234567m234p45666s() -> None:
    assert yaku(win("234567m234p45666s", "4s", tsumo=True, haitei=True))["海底摸月"] == 1
    assert yaku(win("234567m234p45666s", "4s", houtei=True))["河底撈魚"] == 1


def test_tenhou_and_chiihou_123m456p789s23499s_are_yakuman() -> None:
    assert yaku(win("123m456p789s23499s", "4s", tsumo=True, tenhou=True, dealer=True, seat_wind=Kind.EAST)) == {
        "天和": 1
    }
    assert yaku(win("123m456p789s23499s", "4s", tsumo=True, chiihou=True)) == {"地和": 1}


def test_renhou_is_optional_123m456p789s23499s_ron_4s() -> None:
    assert yaku(win("123m456p789s23499s", "4s", renhou=True)) == {"平和": 1}  # not in STANDARD_YAKU
    mangan = ScoringRules(yaku=STANDARD_YAKU.with_values({Renhou: YakuValue.han(5)}))
    assert yaku(win("123m456p789s23499s", "4s", rules=mangan, renhou=True)) == {"人和": 5, "平和": 1}
    yakuman = ScoringRules(yaku=STANDARD_YAKU.with_values({RenhouYakuman: YakuValue.weight()}))
    assert yaku(win("123m456p789s23499s", "4s", rules=yakuman, renhou=True)) == {"人和": 1}


# --- yaku of the tiles ----------------------------------------------------------------------------------


def test_tanyao_234567m23455s666p_ron() -> None:
    result = scored(win("234567m23455s666p", "5s"))
    assert yaku(result) == {"断么九": 1}
    assert (result.han, result.fu, result.ron) == (1, 40, 1300)  # mahjong's own docstring example


def test_tanyao_open_234567m55s666p_chi_234s() -> None:
    assert yaku(win("234567m55s666p", "5s", "chi:234s")) == {"断么九": 1}


def test_tanyao_not_with_a_terminal_123m456p234567s55s() -> None:
    assert "断么九" not in yaku(win("123m456p234567s55s", "5s", riichi=True))


def test_haku_123m456p789s11s555z_ron_1s() -> None:
    assert yaku(win("123m456p789s11s555z", "1s")) == {"役牌 白": 1}


def test_hatsu_and_chun_123m456p11s_pon_666z_pon_777z() -> None:
    assert yaku(win("123m456p11s", "1s", "pon:666z", "pon:777z")) == {"役牌 發": 1, "役牌 中": 1}


def test_seat_wind_123m456p789s11s222z_as_south() -> None:
    assert yaku(win("123m456p789s11s222z", "1s", seat_wind=Kind.SOUTH)) == {"役牌 自風": 1}


def test_round_wind_123m456p789s11s111z_in_the_east_round() -> None:
    assert yaku(win("123m456p789s11s111z", "1s", seat_wind=Kind.SOUTH)) == {"役牌 場風": 1}


def test_double_wind_123m456p789s11s111z_as_east_in_east_counts_twice() -> None:
    result = yaku(win("123m456p789s11s111z", "1s", seat_wind=Kind.EAST, dealer=True))
    assert result == {"役牌 自風": 1, "役牌 場風": 1}


def test_north_is_no_yakuhai_123m456p789s11s444z() -> None:
    assert win("123m456p789s11s444z", "1s") == NoWin(NoWin.NO_YAKU)


def test_shousangen_123m456p55z666z777z_ron() -> None:
    result = yaku(win("123m456p55z666z777z", "7z"))
    assert result == {"小三元": 2, "役牌 發": 1, "役牌 中": 1}


def test_honroutou_11z333z_pon_111m_pon_999p_pon_999s() -> None:
    result = yaku(win("11z333z", "3z", "pon:111m", "pon:999p", "pon:999s"))
    assert result == {"混老頭": 2, "対々和": 2}


def test_honitsu_123m345m678m999m55z_closed_3_open_2() -> None:
    assert yaku(win("123m345m678m999m55z", "5z")) == {"混一色": 3}
    assert yaku(win("345m678m999m55z", "5z", "chi:123m")) == {"混一色": 2}


def test_chinitsu_123345567789m99m_drops_honitsu() -> None:
    assert yaku(win("12334556778999m", "9m")) == {"清一色": 6, "平和": 1}
    assert yaku(win("345567789m99m", "9m", "chi:123m")) == {"清一色": 5}


def test_sankantsu_55p_ankan_1111m_minkan_2222p_kakan_3333s_pon_777z() -> None:
    result = yaku(win("55p", "5p", "ankan:1111m", "minkan:2222p", "kakan:3333s", "pon:777z"))
    assert result["三槓子"] == 2
    assert result["対々和"] == 2


# --- yaku of the reading ----------------------------------------------------------------------------------


def test_pinfu_123m456p789s23499s_ron_4s() -> None:
    result = scored(win("123m456p789s23499s", "4s", riichi=True))
    assert yaku(result)["平和"] == 1
    assert result.fu == 30


def test_pinfu_not_on_a_kanchan_123m456p789s23499s_ron_3s() -> None:
    result = scored(win("123m456p789s23499s", "3s", riichi=True))
    assert yaku(result) == {"立直": 1}
    assert result.fu == 40


def test_pinfu_not_with_a_yakuhai_pair_123m456p789s234s55z() -> None:
    assert "平和" not in yaku(win("123m456p789s234s55z", "4s", riichi=True))


def test_pinfu_reads_the_best_wait_34555m456p789s234s_ron_5m() -> None:
    # The 5m is a tanki on 55m or the two-sided end of 34m: the two-sided wait scores more.
    assert yaku(win("34555m456p789s234s", "5m", riichi=True)) == {"立直": 1, "平和": 1}


def test_iipeikou_112233m456p789s55s_ron_1m() -> None:
    assert yaku(win("112233m456p789s55s", "1m")) == {"一盃口": 1, "平和": 1}
    assert yaku(win("112233m456p789s55s", "3m")) == {"一盃口": 1}  # 12m-3m is an edge wait


def test_iipeikou_is_closed_only_112233m789s55s_chi_456p() -> None:
    assert win("112233m789s55s", "3m", "chi:456p") == NoWin(NoWin.NO_YAKU)


def test_ryanpeikou_112233m556677p99s_drops_iipeikou_and_beats_chiitoitsu() -> None:
    assert yaku(win("112233m556677p99s", "9s")) == {"二盃口": 3}


def test_sanshoku_123m123p12345699s_closed_2_open_1() -> None:
    assert yaku(win("123m123p12345699s", "9s")) == {"三色同順": 2}
    assert yaku(win("123p12345699s", "9s", "chi:123m")) == {"三色同順": 1}


def test_ittsu_123456789m234p55s_closed_2_open_1() -> None:
    assert yaku(win("123456789m234p55s", "5s")) == {"一気通貫": 2}
    assert yaku(win("456789m234p55s", "5s", "chi:123m")) == {"一気通貫": 1}


def test_chanta_123m789p123s999s11z_ron_1z() -> None:
    assert yaku(win("123m789p123s999s11z", "1z")) == {"混全帯么九": 2}


def test_junchan_123m789p123s999s11m_drops_chanta() -> None:
    assert yaku(win("11123m789p123s999s", "1m")) == {"純全帯么九": 3}
    assert yaku(win("11123m789p999s", "1m", "chi:123s")) == {"純全帯么九": 2}


def test_chiitoitsu_1133m2255p4477s66z_ron_6z() -> None:
    result = scored(win("1133m2255p4477s66z", "6z"))
    assert yaku(result) == {"七対子": 2}
    assert result.fu == 25


def test_toitoi_55s_pon_111m_pon_333p_pon_777z_pon_999s() -> None:
    assert yaku(win("55s", "5s", "pon:111m", "pon:333p", "pon:777z", "pon:999s")) == {"対々和": 2, "役牌 中": 1}


def test_sanankou_111m333p555s789m22s_tsumo() -> None:
    assert yaku(win("111m333p555s789m22s", "9m", tsumo=True)) == {"三暗刻": 2, "門前清自摸和": 1}


def test_sanankou_not_when_the_ron_completes_a_triplet_111m333p555s789m22s_ron_5s() -> None:
    assert win("111m333p555s789m22s", "5s") == NoWin(NoWin.NO_YAKU)


def test_sanshoku_doukou_222m222p222s789m55z() -> None:
    assert yaku(win("222m222p222s789m55z", "5z", riichi=True)) == {"立直": 1, "三色同刻": 2, "三暗刻": 2}
    assert yaku(win("789m55z", "5z", "pon:222m", "pon:222p", "pon:222s")) == {"三色同刻": 2}


# --- yakuman --------------------------------------------------------------------------------------------


def test_kokushi_19m19p19s12345677z_ron_1m() -> None:
    assert yaku(win("19m19p19s12345677z", "1m")) == {"国士無双": 1}


def test_kokushi_13_sided_19m19p19s12345677z_ron_7z() -> None:
    assert yaku(win("19m19p19s12345677z", "7z")) == {"国士無双十三面待ち": 1}
    doubles = ScoringRules(yaku=STANDARD_YAKU_DOUBLES)
    assert yaku(win("19m19p19s12345677z", "7z", rules=doubles)) == {"国士無双十三面待ち": 2}


def test_suuankou_111m333p555s777s22z_tsumo() -> None:
    result = scored(win("111m333p555s777s22z", "7s", tsumo=True))
    assert yaku(result) == {"四暗刻": 1}
    assert (result.han, result.fu, result.yakuman, result.limit) == (0, None, 1, "役満")


def test_suuankou_not_on_a_shanpon_ron_111m333p555s777s22z_ron_7s() -> None:
    assert yaku(win("111m333p555s777s22z", "7s")) == {"三暗刻": 2, "対々和": 2}


def test_suuankou_tanki_111m333p555s777s22z_ron_2z() -> None:
    assert yaku(win("111m333p555s777s22z", "2z")) == {"四暗刻単騎": 1}


def test_daisangen_123m44p555z666z777z() -> None:
    assert yaku(win("123m44p555z666z777z", "4p")) == {"大三元": 1}


def test_tsuuiisou_555z66z_pon_111z_pon_222z_pon_333z() -> None:
    assert yaku(win("555z66z", "6z", "pon:111z", "pon:222z", "pon:333z")) == {"字一色": 1}


def test_tsuuiisou_seven_pairs_11223344556677z() -> None:
    assert yaku(win("11223344556677z", "7z")) == {"字一色": 1}


def test_shousuushii_123m111z222z333z44z() -> None:
    assert yaku(win("123m111z222z333z44z", "4z")) == {"小四喜": 1}


def test_daisuushii_55m444z_pon_111z_pon_222z_pon_333z() -> None:
    melds = ("pon:111z", "pon:222z", "pon:333z")
    assert yaku(win("55m444z", "5m", *melds)) == {"大四喜": 1}
    doubles = ScoringRules(yaku=STANDARD_YAKU_DOUBLES)
    assert yaku(win("55m444z", "5m", *melds, rules=doubles)) == {"大四喜": 2}


def test_ryuuiisou_223344s666s888s66z_hatsu_not_required() -> None:
    assert yaku(win("223344s666s888s66z", "6z")) == {"緑一色": 1}
    assert yaku(win("223344s234s88s", "8s", "pon:666s")) == {"緑一色": 1}


def test_chinroutou_999p11s_pon_111m_pon_999m_pon_111p() -> None:
    assert yaku(win("999p11s", "1s", "pon:111m", "pon:999m", "pon:111p")) == {"清老頭": 1}


def test_chuuren_11123455678999m_ron_8m() -> None:
    assert yaku(win("11123455678999m", "8m")) == {"九蓮宝燈": 1}


def test_chuuren_junsei_11123455678999m_ron_5m() -> None:
    assert yaku(win("11123455678999m", "5m")) == {"純正九蓮宝燈": 1}


def test_chuuren_needs_a_closed_hand_11456789999m_chi_123m_is_chinitsu() -> None:
    assert yaku(win("11456789999m", "8m", "chi:123m")) == {"清一色": 5, "一気通貫": 1}


def test_suukantsu_55p_four_kans() -> None:
    result = yaku(win("55p", "5p", "ankan:1111m", "minkan:2222p", "kakan:3333s", "minkan:7777z"))
    assert result == {"四槓子": 1}


def test_yakuman_drops_every_other_yaku_and_dora() -> None:
    result = scored(win("111m333p555s777s22z", "7s", tsumo=True, riichi=True, dora_indicators=(0,)))
    assert [hit.name for hit in result.yaku] == ["四暗刻"]


# --- no win ----------------------------------------------------------------------------------------------


def test_not_a_complete_hand_123m456p789s23399s() -> None:
    assert win("123m456p789s23399s", "3s") == NoWin(NoWin.NOT_COMPLETE)


def test_dora_alone_is_no_yaku_123m456p789s11z234m() -> None:
    assert win("123m456p789s11z234m", "2m", dora_indicators=(0, 0), red_dora=1) == NoWin(NoWin.NO_YAKU)


def test_winning_tile_must_be_in_the_hand() -> None:
    with pytest.raises(ValueError, match="not among the concealed tiles"):
        win("123m456p789s23499s", "1z")


# --- fu --------------------------------------------------------------------------------------------------


def test_open_pinfu_shape_ron_is_30_fu_456p678s23455s_chi_234m() -> None:
    result = scored(win("456p678s23455s", "2s", "chi:234m"))
    assert (yaku(result), result.fu) == ({"断么九": 1}, 30)


def test_double_wind_pair_is_4_fu_123m456p789s234s11z() -> None:
    # closed ron 30 + 4 (double wind pair) = 34 -> 40
    assert scored(win("123m456p789s234s11z", "4s", riichi=True, seat_wind=Kind.EAST, dealer=True)).fu == 40


def test_kans_fu_55p_ankan_1111z() -> None:
    # 20 + 10 (menzen ron) + 32 (closed yaochu kan) + 2 (tanki) = 64 -> 70 fu
    result = scored(win("123m456p789s55p", "5p", "ankan:1111z", riichi=True))
    assert result.fu == 70


# --- dora and points -----------------------------------------------------------------------------------


def test_dora_ura_and_red_are_separate_lines() -> None:
    result = scored(
        win("123m456p789s23499s", "4s", riichi=True, dora_indicators=(Kind.S8,), ura_indicators=(Kind.M1,), red_dora=1)
    )
    lines = {hit.name: hit.han for hit in result.yaku}
    assert (lines["ドラ"], lines["裏ドラ"], lines["赤ドラ"]) == (3, 1, 1)  # three 9s; 2m; the red five
    assert result.han == 2 + 5


def test_ura_counts_only_with_riichi() -> None:
    result = scored(win("123m456p789s23499s", "4s", tsumo=True, ura_indicators=(Kind.M1,)))
    assert "裏ドラ" not in {hit.name for hit in result.yaku}


def test_nuki_dora_counts_the_pulled_tiles_and_north_as_dora() -> None:
    result = scored(win("123m456p789s23499s", "4s", riichi=True, nuki_dora=2, dora_indicators=(Kind.WEST,)))
    lines = {hit.name: hit.han for hit in result.yaku}
    assert lines == {"立直": 1, "平和": 1, "ドラ": 2, "抜きドラ": 2}


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "tsumo", "expected"),
    [
        (1, 30, False, False, (1000, 0, 0, 1000)),
        (3, 30, False, False, (3900, 0, 0, 3900)),
        (4, 30, False, False, (7700, 0, 0, 7700)),
        (1, 30, False, True, (0, 500, 300, 1100)),
        (2, 20, False, True, (0, 700, 400, 1500)),
        (4, 30, True, False, (11600, 0, 0, 11600)),
        (3, 30, True, True, (0, 0, 2000, 6000)),
        (5, 30, False, False, (8000, 0, 0, 8000)),
        (6, 30, False, True, (0, 6000, 3000, 12000)),
        (8, 30, True, False, (24000, 0, 0, 24000)),
        (11, 30, False, False, (24000, 0, 0, 24000)),
        (13, 30, False, False, (32000, 0, 0, 32000)),
    ],
)
def test_standard_points(han: int, fu: int, dealer: bool, tsumo: bool, expected: tuple[int, int, int, int]) -> None:
    payment = StandardPoints().payment(han, fu, 0, dealer=dealer, tsumo=tsumo, players=4, kiriage=False)
    assert (payment.ron, payment.tsumo_dealer, payment.tsumo_non_dealer, payment.total) == expected


def test_kiriage_mangan_4_han_30_fu() -> None:
    assert StandardPoints().payment(4, 30, 0, dealer=False, tsumo=False, players=4, kiriage=True).ron == 8000
    assert StandardPoints().payment(3, 60, 0, dealer=False, tsumo=False, players=4, kiriage=True).ron == 8000


def test_double_yakuman_weights_add_up() -> None:
    assert StandardPoints().payment(0, None, 2, dealer=False, tsumo=False, players=4, kiriage=False).ron == 64000
    kazoe = StandardPoints(kazoe=False).payment(14, 30, 0, dealer=False, tsumo=False, players=4, kiriage=False)
    assert kazoe.ron == 24000


def test_honba_and_riichi_sticks_go_to_the_winner() -> None:
    ron = scored(win("123m456p789s23499s", "4s", riichi=True, honba=2, riichi_sticks=3))
    assert (ron.total, ron.honba, ron.deposits, ron.received) == (2000, 600, 3000, 5600)
    tsumo = scored(win("123m456p789s23499s", "4s", riichi=True, tsumo=True, honba=1))
    assert (tsumo.tsumo_dealer, tsumo.tsumo_non_dealer, tsumo.honba) == (1300, 700, 300)


# --- tables -----------------------------------------------------------------------------------------------


def test_a_variant_derives_its_table() -> None:
    class NewPinfu(Yaku):
        """新ピンフ: four runs and a number pair, any wait (a variant's own yaku)."""

        name = "新ピンフ"
        en = "New pinfu"
        scope = Scope.WAIT
        excludes = Feature.OPEN

        def count(self, facts: Facts, ctx: WinContext) -> int:
            return facts.run_count == 4 and 0 <= facts.pair < 27

    table = STANDARD_YAKU.without(Pinfu, Ippatsu).with_values(
        {Chiitoitsu: YakuValue.han(1), NewPinfu: YakuValue.han(1)}
    )
    assert Pinfu not in table
    assert NewPinfu in table
    assert table[Chiitoitsu].closed == 1
    rules = ScoringRules(yaku=table)
    assert yaku(win("123m456p789s23499s", "3s", rules=rules)) == {"新ピンフ": 1}  # a kanchan is fine
    assert yaku(win("1133m2255p4477s66z", "6z", rules=rules)) == {"七対子": 1}


def test_a_table_rejects_a_yakuman_valued_in_han_and_a_duplicate() -> None:
    with pytest.raises(ValueError, match="needs a yakuman weight"):
        STANDARD_YAKU.with_values({RenhouYakuman: YakuValue.han(5)})
    with pytest.raises(ValueError, match="needs han"):
        YakuTable.of({Tanyao: YakuValue.weight()})
    with pytest.raises(ValueError, match="twice"):
        YakuTable(((Tanyao, YakuValue.han(1)), (Tanyao, YakuValue.han(1))))


def _ungated(cls: type[Yaku]) -> type[Yaku]:
    """The same yaku with no gate at all (nor a reading gate): always asked."""
    return type(
        cls.__name__, (cls,), {"requires": Feature(0), "excludes": Feature(0), "exact": False, "reading_exact": False}
    )


@pytest.mark.slow
def test_gates_never_change_a_score() -> None:
    """Every gate (every exact gate and every reading gate) is only a shortcut: with none, all
    6,000 hands score alike."""
    for table in (STANDARD_YAKU, STANDARD_YAKU_DOUBLES):
        ungated = ScoringRules(yaku=YakuTable(tuple((_ungated(cls), table[cls]) for cls in table)))
        gated = ScoringRules(yaku=table)
        for deal in random_deals(3000, 42):
            assert score_hand(deal.ctx, gated) == score_hand(deal.ctx, ungated), deal.ctx


def test_split_reading_flags_built_a_rank_at_a_time_match_their_sums() -> None:
    """Each memoised split adds its Reading flags up rank by rank; they are what its sums say."""
    for deal in random_deals(2000, 43):
        score_hand(deal.ctx, STANDARD_RULES)
    for memo in (readings.RANK_SPLITS, readings._HONOR_SPLITS):
        for splits in memo.values():
            for split in splits:
                assert split.reading == readings.reading_flags(split.sums), split.groups


def test_a_table_without_chiitoitsu_still_scores_a_pairs_hand_with_riichi() -> None:
    rules = ScoringRules(yaku=STANDARD_YAKU.without(Chiitoitsu))
    assert yaku(win("1133m2255p4477s66z", "6z", rules=rules, riichi=True)) == {"立直": 1}
    assert win("1133m2255p4477s66z", "6z", rules=rules) == NoWin(NoWin.NO_YAKU)


@pytest.mark.parametrize("cls", [*STANDARD_YAKU, Renhou, RenhouYakuman], ids=lambda cls: cls.__name__)
def test_every_yaku_has_its_names_and_kanji_in_its_docstring(cls: type[Yaku]) -> None:
    assert cls.name
    assert cls.en
    assert cls.__doc__ is not None
    assert cls.__doc__.startswith(cls.name)


def test_a_yaku_may_apply_several_times_123m456p11s_pon_666z_pon_777z() -> None:
    class DragonTriplets(Yaku):
        """三元牌: one han per dragon triplet (a variant's way to write 役牌)."""

        name = "三元牌"
        en = "Dragon triplets"
        scope = Scope.HAND

        def count(self, facts: Facts, ctx: WinContext) -> int:
            return (facts.honor_triplets >> 31 & 0b111).bit_count()

    table = STANDARD_YAKU.without(Haku, Hatsu, Chun).with_values({DragonTriplets: YakuValue.han(1, 1)})
    result = scored(win("123m456p11s", "1s", "pon:666z", "pon:777z", rules=ScoringRules(yaku=table)))
    assert yaku(result) == {"三元牌": 2}
    assert result.han == 2


def test_sanma_rules_three_players_and_1m_points_to_9m() -> None:
    sanma = ScoringRules(players=3, sanma_dora=True)
    result = scored(win("111m999p123s789s55z", "5z", rules=sanma, tsumo=True, riichi=True, dora_indicators=(Kind.M1,)))
    lines = {hit.name: hit.han for hit in result.yaku}
    assert "ドラ" not in lines  # 1m -> 9m, and the hand holds no 9m
    result = scored(
        win("999m111p123s789s55z", "5z", rules=sanma, tsumo=True, riichi=True, dora_indicators=(Kind.M1,), honba=1)
    )
    assert {hit.name: hit.han for hit in result.yaku}["ドラ"] == 3
    assert result.total == result.tsumo_dealer + result.tsumo_non_dealer  # one other payer
    assert result.honba == 200


def test_kiriage_through_score_hand_123m456p789s23499s_riichi_ippatsu_dora() -> None:
    # 立直 一発 平和 + 1 ドラ = 4 han 30 fu (non-dealer ron 7,700; 8,000 with kiriage)
    context = Situation(riichi=True, ippatsu=True, dora_indicators=(Kind.M1,))
    plain = scored(win("123m456p789s23499s", "4s", **context))
    rounded = scored(win("123m456p789s23499s", "4s", rules=ScoringRules(kiriage=True), **context))
    assert (plain.han, plain.fu, plain.ron, rounded.ron, rounded.limit) == (4, 30, 7700, 8000, "満貫")


def test_pulled_tiles_without_a_kind_count_once_each() -> None:
    flat = ScoringRules(nuki_kind=None)
    result = scored(win("123m456p789s23499s", "4s", rules=flat, riichi=True, nuki_dora=2, dora_indicators=(Kind.WEST,)))
    assert {hit.name: hit.han for hit in result.yaku} == {"立直": 1, "平和": 1, "抜きドラ": 2}
