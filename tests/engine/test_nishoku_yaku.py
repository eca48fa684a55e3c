"""二色麻雀's yaku table (seed item 「アガリ役」): one test per yaku, hands in tile notation.

△ = closed only, ▼ = one han less when open; 小役満 = 24,000 and 大役満 = 30,000 on a ron.
"""

from __future__ import annotations

from typing import Unpack

import pytest

from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import HandScore, NoWin, score_hand
from bot.engine.shapes import hand
from bot.engine.tiles import Kind, parse_kinds
from bot.engine.variants.nishoku import NishokuGame
from bot.engine.yaku.context import WinContext
from tests.engine.situation import Situation, win_context

RULES = NishokuGame(seed=0).scorer.rules


def score(tiles: str, win: str, *, melds: tuple[Meld, ...] = (), **situation: Unpack[Situation]) -> HandScore:
    result = score_hand(win_context(tiles, win, melds=melds, **situation), RULES)
    assert isinstance(result, HandScore), result
    return result


def yaku(result: HandScore) -> dict[str, int]:
    return {hit.name: hit.yakuman or hit.han for hit in result.yaku}


def pon(tiles: str) -> Meld:
    return Meld(MeldType.PON, parse_kinds(tiles)[0])


def test_menzen_tsumo_123p456p789s555z44s_closed_only() -> None:
    assert yaku(score("123p456p789s555z44s", "4s", tsumo=True, seat_wind=Kind.SOUTH))["門前清自摸和"] == 1


def test_chiitoitsu_1133p5577s11z2288p_is_one_han() -> None:
    result = score("1133p5577s1122z88p", "8p", seat_wind=Kind.WEST, round_wind=Kind.SOUTH)
    assert yaku(result) == {"七対子": 1}
    assert result.total == 1_500


def test_chiitoitsu_combines_with_honitsu_1133557799p1122z() -> None:
    assert yaku(score("1133557799p1122z", "2z", seat_wind=Kind.WEST)) == {"七対子": 1, "混一色": 3}


def test_riichi_is_closed_only() -> None:
    assert yaku(score("123p456p789s555z44s", "4s", riichi=True, seat_wind=Kind.SOUTH))["立直"] == 1


def test_shin_pinfu_123p456p789p234s55s_any_wait() -> None:
    # 55s tanki: the old 平和 would need a two-sided wait; 新ピンフ takes any wait.
    assert yaku(score("123p456p789p234s55s", "5s"))["新ピンフ"] == 1


def test_shin_pinfu_needs_no_honour_at_all() -> None:
    assert "新ピンフ" not in yaku(
        score("123p456p789p234s55z", "5z", seat_wind=Kind.NORTH, round_wind=Kind.NORTH, riichi=True)
    )


def test_shin_pinfu_open_is_zero_han() -> None:
    result = score("123p456p234s55s", "5s", melds=(Meld(MeldType.PON, Kind.P9),), tsumo=True, haitei=True)
    assert "新ピンフ" not in yaku(result)


def test_iipeikou_112233p456p789s55s() -> None:
    assert yaku(score("112233p456p789s55s", "5s"))["一盃口"] == 1


def test_tanyao_open_allowed_234p567p345s88s_pon_666s() -> None:
    result = score("234p567p345s88s", "8s", melds=(pon("666s"),))
    assert yaku(result) == {"断么九": 1}


def test_yakuhai_dragon_seat_and_round_wind() -> None:
    assert yaku(score("123p456p789s555z44s", "4s", seat_wind=Kind.SOUTH))["役牌 白"] == 1
    double_east = yaku(score("123p456p789s111z44s", "4s", seat_wind=Kind.EAST, round_wind=Kind.EAST))
    assert sum(han for name, han in double_east.items() if name not in ("門前清自摸和",)) == 2  # ダブ風


def test_haitei_and_houtei() -> None:
    assert yaku(score("123p456p789s555z44s", "4s", tsumo=True, haitei=True, seat_wind=Kind.SOUTH))["海底摸月"] == 1
    assert yaku(score("123p456p789s555z44s", "4s", houtei=True, seat_wind=Kind.SOUTH))["河底撈魚"] == 1


@pytest.mark.parametrize(("name", "closed", "open_"), [("一気通貫", 2, 1), ("混全帯么九", 2, 1)])
def test_two_han_yaku_lose_one_when_open(name: str, closed: int, open_: int) -> None:
    if name == "一気通貫":
        closed_hand, open_hand, melds = "123456789p234s55s", "123456789p55s", (pon("777s"),)
        win = "5s"
    else:
        closed_hand, open_hand, melds = "123p789p123s99s111z", "123p789p99s111z", (pon("999p"),)
        win = "9s"
    assert yaku(score(closed_hand, win, seat_wind=Kind.SOUTH, riichi=True))[name] == closed
    assert yaku(score(open_hand, win, melds=melds, seat_wind=Kind.SOUTH))[name] == open_


def test_shousangen_555z666z77z_plus_dragon_yakuhai() -> None:
    result = yaku(score("555z666z77z123p456p", "7z"))
    assert result["小三元"] == 2 and result["役牌 白"] == 1 and result["役牌 發"] == 1


def test_toitoi_and_sanankou() -> None:
    result = yaku(score("222p444s888p99s", "9s", melds=(pon("666s"),), seat_wind=Kind.SOUTH))
    assert result["対々和"] == 2 and result["三暗刻"] == 2


def test_double_riichi_two_han() -> None:
    assert yaku(score("123p456p789s555z44s", "4s", riichi=True, double_riichi=True))["ダブル立直"] == 2


@pytest.mark.parametrize(
    ("tiles", "win", "name", "han"),
    [
        ("123p789p123s789s11s", "1s", "純全帯么九", 3),
        ("123456p777p11z222z", "1z", "混一色", 3),
        ("111p999p111s99s111z", "1z", "混老頭", 3),
        ("123p456p789p11p789p", "1p", "清一色", 6),
    ],
)
def test_three_and_six_han_yaku(tiles: str, win: str, name: str, han: int) -> None:
    assert yaku(score(tiles, win, seat_wind=Kind.WEST, round_wind=Kind.SOUTH))[name] == han


def test_honroutou_is_three_closed_two_open() -> None:
    result = score("111p999p99s111z", "1z", melds=(pon("111s"),), seat_wind=Kind.WEST, round_wind=Kind.SOUTH)
    assert yaku(result)["混老頭"] == 2


def test_ryanpeikou_112233p778899s55s() -> None:
    assert yaku(score("112233p778899s55s", "5s"))["二盃口"] == 3


def test_small_yakuman_daisangen_24000() -> None:
    result = score("555z666z777z123p44s", "4s")
    assert yaku(result) == {"大三元": 4} and result.total == 24_000


def test_small_yakuman_suuankou_closed_tsumo() -> None:
    assert yaku(score("222p444p666s888s55z", "5z", tsumo=True))["四暗刻"] == 4


def test_small_yakuman_shousuushii() -> None:
    assert yaku(score("111z222z333z44z123p", "4z"))["小四喜"] == 4


def test_small_yakuman_tenchiho_first_draw() -> None:
    assert yaku(score("123p456p789s555z44s", "4s", tsumo=True, dealer=True, tenhou=True))["天和"] == 4
    assert yaku(score("123p456p789s555z44s", "4s", tsumo=True, chiihou=True))["地和"] == 4


@pytest.mark.parametrize(
    ("tiles", "win", "name"),
    [
        ("111z222z333z444z55p", "5p", "大四喜"),
        ("223344s666s888s22s", "2s", "緑一色"),
        ("111z222z555z666z77z", "7z", "字一色"),
        ("11123455678999p", "5p", "九蓮宝燈"),
    ],
)
def test_big_yakuman_30000(tiles: str, win: str, name: str) -> None:
    result = score(tiles, win)
    assert yaku(result)[name] == 5
    assert result.total >= 30_000


def test_ryuuiisou_does_not_need_hatsu() -> None:
    assert "緑一色" in yaku(score("223344s666s888s22s", "2s"))


def test_chuuren_open_is_just_chinitsu() -> None:
    result = score("11123455678p", "5p", melds=(pon("999p"),))
    assert "九蓮宝燈" not in yaku(result) and yaku(result)["清一色"] == 5


def test_double_yakuman_add_daisangen_tsuuiisou() -> None:
    result = score("555z666z777z111z22z", "2z", tsumo=True)
    assert result.yakuman >= 9  # 大三元 4 + 字一色 5 (+ 四暗刻 4 closed tsumo)
    assert result.total == result.yakuman * 6_000


def test_absent_yaku_ippatsu_pinfu_sanshoku_kokushi() -> None:
    result = yaku(score("234p234s567p567s88p", "8p", riichi=True, ippatsu=True))
    assert "一発" not in result and "平和" not in result and "三色同順" not in result
    ctx = WinContext(concealed=hand("19p19s1234567z1z"), win_tile=Kind.EAST)
    assert isinstance(score_hand(ctx, RULES), NoWin)


def test_red_five_is_dora_not_a_yaku() -> None:
    ctx = WinContext(concealed=hand("123p456p789s44s66s"), win_tile=Kind.S6, red_dora=1)
    assert isinstance(score_hand(ctx, RULES), NoWin)
