"""二色麻雀's yaku table and flat points table (seed items 24' and 25).

The yaku are the shared riichi classes with the seed's values (△ closed only, ▼ one han less
when open) plus 新ピンフ; 小役満 weigh 4 and 大役満 5 in units of 6,000, so adding them gives
the spec's double-yakuman values (NIS-A4).

>>> ron_points(3, 0), ron_points(0, 4), ron_points(0, 9)
(6000, 24000, 54000)
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import yaku
from bot.engine.scoring import Payment, PointsTable, Scorer, ScoringRules
from bot.engine.shapes import ShapeRules
from bot.engine.yaku.base import HONOR_PRESENT, Facts, Feature, Scope, Wait, Yaku
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.table import STANDARD_YAKU, YakuTable, YakuValue

__all__ = ["NISHOKU_YAKU", "NishokuPoints", "NishokuScorer", "ShinPinfu", "ShinPinfuTwoSided", "ron_points"]

SMALL_YAKUMAN = 4
"""小役満 pays 24,000 = 4 × 6,000."""
BIG_YAKUMAN = 5
"""大役満 pays 30,000 = 5 × 6,000."""
YAKUMAN_UNIT = 6_000
RON_BY_HAN = (0, 1_500, 3_000, 6_000, 9_000, 12_000, 15_000, 18_000, 21_000, 24_000, 27_000, 30_000)
"""「得点システム」: the ron value for 1-11 han (11+ han pays 30,000)."""


class ShinPinfu(Yaku):
    """新ピンフ: four runs and a number-tile pair, no honour tile at all; any wait (NIS-A2)."""

    name = "新ピンフ"
    en = "New pinfu"
    scope = Scope.WAIT
    excludes = Feature.OPEN

    def count(self, facts: Facts, ctx: WinContext) -> int:
        # Four runs (melds included) can only be the regular shape, so no shape test is needed.
        return facts.run_count == 4 and 0 <= facts.pair < 27 and not facts.present & HONOR_PRESENT


class ShinPinfuTwoSided(ShinPinfu):
    """新ピンフ read strictly: as :class:`ShinPinfu`, and won on a two-sided wait."""

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return super().count(facts, ctx) and facts.wait is Wait.RYANMEN


_han = YakuValue.han

# Absent by the seed: 一発, the old 平和, 三色, 国士, 清老頭, kans and their yaku, 人和, and the
# "double" forms of single yakuman (「純正でなくても可」 only widens チューレン).
_ABSENT = (
    yaku.Ippatsu,
    yaku.Pinfu,
    yaku.Sanshoku,
    yaku.SanshokuDoukou,
    yaku.Sankantsu,
    yaku.Rinshan,
    yaku.Chankan,
    yaku.Kokushi,
    yaku.Kokushi13,
    yaku.Chinroutou,
    yaku.Suukantsu,
    yaku.SuuankouTanki,
    yaku.ChuurenJunsei,
)


def nishoku_yaku(*, shin_pinfu_any_wait: bool = True) -> YakuTable:
    """The seed's table: 「△印は門前和了時のみ。▼印は副露 一翻下がり」."""
    shin_pinfu: type[Yaku] = ShinPinfu if shin_pinfu_any_wait else ShinPinfuTwoSided
    return STANDARD_YAKU.without(*_ABSENT).with_values(
        {
            yaku.Chiitoitsu: _han(1),  # △（2）チートイ — 1 han here
            yaku.Iipeikou: _han(1),  # ▼（5）: 1 closed, 0 open
            yaku.Ittsu: _han(2, 1),
            yaku.Chanta: _han(2, 1),
            yaku.Shousangen: _han(2, 2),
            yaku.Toitoi: _han(2, 2),
            yaku.Sanankou: _han(2, 2),
            yaku.DoubleRiichi: _han(2),
            yaku.Junchan: _han(3, 2),
            yaku.Honitsu: _han(3, 2),
            yaku.Ryanpeikou: _han(3),
            yaku.Honroutou: _han(3, 2),  # ▼（4）ホンロートー: 3 here, not the usual 2
            yaku.Chinitsu: _han(6, 5),
            yaku.Tenhou: YakuValue.weight(SMALL_YAKUMAN, closed_only=True),
            yaku.Chiihou: YakuValue.weight(SMALL_YAKUMAN, closed_only=True),
            yaku.Daisangen: YakuValue.weight(SMALL_YAKUMAN),
            yaku.Suuankou: YakuValue.weight(SMALL_YAKUMAN, closed_only=True),
            yaku.Shousuushii: YakuValue.weight(SMALL_YAKUMAN),
            yaku.Daisuushii: YakuValue.weight(BIG_YAKUMAN),
            yaku.Ryuuiisou: YakuValue.weight(BIG_YAKUMAN),
            yaku.Tsuuiisou: YakuValue.weight(BIG_YAKUMAN),
            yaku.Chuuren: YakuValue.weight(BIG_YAKUMAN, closed_only=True),
            shin_pinfu: _han(1),  # ▼（4）新ピンフ: 1 closed, 0 open
        }
    )


NISHOKU_YAKU = nishoku_yaku()


def ron_points(han: int, yakuman: int, *, add_yakuman: bool = True) -> int:
    """The ron value; a tsumo collects a third of it from each of the other three."""
    if yakuman:
        total = yakuman * YAKUMAN_UNIT
        return total if add_yakuman else min(total, BIG_YAKUMAN * YAKUMAN_UNIT)
    return RON_BY_HAN[min(han, len(RON_BY_HAN) - 1)]


def limit_name(han: int, yakuman: int) -> str:
    """小役満, 大役満, 複合役満 (several yakuman), or empty."""
    if not yakuman:
        return "11翻以上" if han >= 11 else ""
    if yakuman == SMALL_YAKUMAN:
        return "小役満"
    if yakuman == BIG_YAKUMAN:
        return "大役満"
    return "複合役満"


@dataclass(frozen=True, slots=True)
class NishokuPoints(PointsTable):
    """「座位による得点差ナシ」: one flat table; a tsumo is the ron value split three ways."""

    honba_ron: int = 0
    honba_tsumo: int = 0
    deposit: int = 0
    add_yakuman: bool = True
    uses_fu: bool = False
    """There is no fu in 二色麻雀's points: a score shows none."""

    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        value = ron_points(han, yakuman, add_yakuman=self.add_yakuman)
        name = limit_name(han, yakuman)
        if not tsumo:
            return Payment(value, 0, 0, value, name)
        share = value // (players - 1)
        # The dealer pays the same share as everyone else: there is no dealer bonus.
        return Payment(0, 0 if dealer else share, share, share * (players - 1), name)


class NishokuScorer(Scorer):
    """Scores a 二色麻雀 win, or says it is none (not complete, or no yaku)."""

    def __init__(self, shapes: ShapeRules, *, shin_pinfu_any_wait: bool = True, add_double_yakuman: bool = True):
        super().__init__(
            ScoringRules(
                shapes=shapes,
                yaku=NISHOKU_YAKU if shin_pinfu_any_wait else nishoku_yaku(shin_pinfu_any_wait=False),
                points=NishokuPoints(add_yakuman=add_double_yakuman),
                ura_dora=False,
                nuki_kind=None,
            )
        )
