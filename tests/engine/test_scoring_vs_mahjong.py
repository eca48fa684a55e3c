"""Our scorer against `mahjong`'s ``HandCalculator.estimate_hand_value`` on seeded random wins.

Every hand from :func:`bench.score.random_deals` (regular hands with chi, pon and every kind of
kan, 七対子, 国士無双, 九蓮宝燈; tsumo and ron; dealer or not; riichi, ippatsu, 海底, 嶺上…
where consistent; dora, ura and red fives; honba and riichi sticks) must give the same han, fu,
payments and yaku as mahjong, and no yaku must be a :class:`NoWin` for us too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from mahjong.hand_calculating.hand import HandCalculator

from bench.score import Deal, mahjong_inputs, random_deals
from bot.engine.scoring import STANDARD_RULES, HandScore, NoWin, ScoringRules, score_hand
from bot.engine.yaku import STANDARD_YAKU, STANDARD_YAKU_DOUBLES, Renhou, YakuValue

# mahjong's yaku class names -> our kanji names
MAHJONG_NAMES = {
    "Tsumo": "門前清自摸和",
    "Riichi": "立直",
    "DaburuRiichi": "ダブル立直",
    "Ippatsu": "一発",
    "Chankan": "槍槓",
    "Rinshan": "嶺上開花",
    "Haitei": "海底摸月",
    "Houtei": "河底撈魚",
    "Renhou": "人和",
    "Pinfu": "平和",
    "Tanyao": "断么九",
    "Iipeiko": "一盃口",
    "Haku": "役牌 白",
    "Hatsu": "役牌 發",
    "Chun": "役牌 中",
    **{f"SeatWind{wind}": "役牌 自風" for wind in ("East", "South", "West", "North")},
    **{f"RoundWind{wind}": "役牌 場風" for wind in ("East", "South", "West", "North")},
    "Sanshoku": "三色同順",
    "Ittsu": "一気通貫",
    "Chantai": "混全帯么九",
    "Honroto": "混老頭",
    "Toitoi": "対々和",
    "Sanankou": "三暗刻",
    "SanKantsu": "三槓子",
    "SanshokuDoukou": "三色同刻",
    "Chiitoitsu": "七対子",
    "Shosangen": "小三元",
    "Honitsu": "混一色",
    "Junchan": "純全帯么九",
    "Ryanpeikou": "二盃口",
    "Chinitsu": "清一色",
    "KokushiMusou": "国士無双",
    "DaburuKokushiMusou": "国士無双十三面待ち",
    "ChuurenPoutou": "九蓮宝燈",
    "DaburuChuurenPoutou": "純正九蓮宝燈",
    "Suuankou": "四暗刻",
    "SuuankouTanki": "四暗刻単騎",
    "Daisangen": "大三元",
    "Shousuushii": "小四喜",
    "DaiSuushii": "大四喜",
    "Ryuuiisou": "緑一色",
    "Suukantsu": "四槓子",
    "Tsuuiisou": "字一色",
    "Chinroutou": "清老頭",
    "Tenhou": "天和",
    "Chiihou": "地和",
    "Dora": "ドラ",
    "AkaDora": "赤ドラ",
    "UraDora": "裏ドラ",
}


@dataclass
class Tally:
    """What a batch covered, and what did not match."""

    wins: int = 0
    yakuman: int = 0
    no_yaku: int = 0
    mismatches: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Scored:
    """What the two scorers are compared on: ``ron`` for a ron, ``tsumo`` (the dealer's payment,
    0 for a dealer's tsumo, and each other's) for a tsumo."""

    han: int
    fu: int | None
    yakuman: int
    received: int
    yaku: list[str]
    ron: int | None = None
    tsumo: tuple[int, int] | None = None


def compare(deal: Deal, rules: ScoringRules, *, kiriage: bool = False, doubles: bool = False) -> str | None:
    """None when we agree with mahjong on this deal, else a description of the difference."""
    tiles, win, melds, dora, config, ura = mahjong_inputs(deal, kiriage=kiriage, double_yakuman=doubles)
    theirs = HandCalculator.estimate_hand_value(tiles, win, melds, dora, config, ura_dora_indicators=ura)
    ours = score_hand(deal.ctx, rules)
    if theirs.error:
        if ours == NoWin(theirs.error.replace("_", " ")):
            return None
        return f"{deal.ctx}\n  mahjong: {theirs.error}\n  ours: {ours}"
    if not isinstance(ours, HandScore):
        return f"{deal.ctx}\n  mahjong: {theirs}\n  ours: {ours}"
    cost, han, their_yaku = theirs.cost, theirs.han, theirs.yaku
    assert cost is not None and han is not None and their_yaku is not None, "a hand without an error is scored"
    yakuman = any(yaku.is_yakuman for yaku in their_yaku)
    ron: int | None = None
    tsumo: tuple[int, int] | None = None
    if not deal.ctx.tsumo:
        ron = cost["main"]
    elif deal.ctx.dealer:
        tsumo = (0, cost["additional"])
    else:
        tsumo = (cost["main"], cost["additional"])
    expected = Scored(
        han=han if not yakuman else 0,
        fu=theirs.fu if not yakuman else None,
        yakuman=han // 13 if yakuman else 0,
        received=cost["total"],
        yaku=sorted(MAHJONG_NAMES[type(yaku).__name__] for yaku in their_yaku),
        ron=ron,
        tsumo=tsumo,
    )
    actual = Scored(
        han=ours.han,
        fu=ours.fu,
        yakuman=ours.yakuman,
        received=ours.received,
        yaku=sorted(hit.name for hit in ours.yaku),
        ron=ours.ron if ron is not None else None,
        tsumo=(ours.tsumo_dealer, ours.tsumo_non_dealer) if tsumo is not None else None,
    )
    if actual == expected:
        return None
    return f"{deal.ctx}\n  mahjong: {expected}\n  ours: {actual}"


def run_batch(deals: list[Deal], rules: ScoringRules, **options: bool) -> Tally:
    tally = Tally()
    for deal in deals:
        difference = compare(deal, rules, **options)
        if difference:
            tally.mismatches.append(difference)
        result = score_hand(deal.ctx, rules)
        if isinstance(result, NoWin):
            tally.no_yaku += 1
        elif result.yakuman:
            tally.yakuman += 1
        else:
            tally.wins += 1
    return tally


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_standard_rules_match_mahjong(seed: int) -> None:
    """600 hands per seed, 6,000 in all: STANDARD_RULES against mahjong's defaults plus red fives,
    open tanyao and single yakuman."""
    tally = run_batch(random_deals(600, seed), STANDARD_RULES)
    assert tally.mismatches == [], "\n".join(tally.mismatches[:5])
    assert tally.wins > 400
    assert tally.yakuman > 20
    assert tally.no_yaku > 20


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 103))
def test_derived_table_with_doubles_kiriage_and_renhou_match_mahjong(seed: int) -> None:
    """A derived table (double yakuman, 人和 as 5 han) with kiriage, against the same options."""
    table = STANDARD_YAKU_DOUBLES.with_values({Renhou: YakuValue.han(5)})
    rules = ScoringRules(yaku=table, kiriage=True)
    tally = run_batch(random_deals(500, seed, renhou=True), rules, kiriage=True, doubles=True)
    assert tally.mismatches == [], "\n".join(tally.mismatches[:5])


@pytest.mark.slow
def test_every_standard_yaku_comes_up_in_the_cross_check() -> None:
    """The generator is only useful if it reaches every yaku of the table."""
    seen: set[str] = set()
    for deal in random_deals(6000, 0):
        result = score_hand(deal.ctx, STANDARD_RULES)
        if isinstance(result, HandScore):
            seen.update(hit.name for hit in result.yaku)
    table_names = {STANDARD_YAKU.yaku[index].name for index in range(len(STANDARD_YAKU))}
    assert table_names - seen == set()
