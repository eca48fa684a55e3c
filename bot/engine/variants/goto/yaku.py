"""5等三麻's yaku table and scorer (seed 003 「[特殊役]」, spec §4.3, §4.4, §4.6, §4.9).

The baseline sanma table (no 三色同順: there is no 2m–8m; 三色同刻 of 1s or 9s stays) with the
seed's changes: 「三風・三連刻(2翻)」, 「小車輪(メンホン七対子、6翻)」, 「アメリカ七対子(4枚使い七対子は
4翻、8枚使いは8翻、12枚使いは12翻)」, 「チャンタ(門前4翻、副露2翻)」, 「純チャン(門前6翻、副露3翻)」,
「混老頭(門前・副露ともに4翻…)」 and the yakuman 「四連刻・大車輪・萬子の混一色・立直のみ出和了・人和・
流し(役満)」; the open riichi is worth 2 han (GTS-A8). Different yakuman add up
(「純粋な役満の複合でダブル役満」); an upgraded form (四暗刻単騎, 国士無双十三面待ち, 純正九蓮宝燈) is
one yakuman under its own name (the dice table tells them apart).

:class:`GotoScorer` adds what no yaku class can say: 北 may stay in a hand only for 国士無双,
小四喜 and 大四喜 (「国士無双と小四喜・大四喜以外では手牌使用禁止(字一色でも使用禁止)」), so any other
hand holding one is no win; four 北 pulled count 8 dora (「4北抜くとドラ8扱い」); 秋 doubles the
red and gold fives (「秋: 5p5sの赤金が2飜扱い」); and a ron whose only yaku is riichi, with no dora of
any kind and no 一発, is a 役満 (立直のみ出和了, GTS-A14).

>>> from bot.engine.scoring import StandardPoints
>>> from bot.engine.shapes import hand
>>> scorer = GotoScorer(StandardPoints())
>>> result = scorer.evaluate(WinContext(hand("111m111p111s777z99p"), win_tile=Kind.RED))
>>> [(hit.name, hit.han) for hit in result.yaku]
[('役牌 中', 1), ('対々和', 2), ('三暗刻', 2), ('三色同刻', 2), ('混老頭', 4)]
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from bot.engine.scoring import (
    HandScore,
    NoWin,
    PointsTable,
    Scorer,
    ScoringRules,
    north_misused,
    riichi_only,
)
from bot.engine.shapes import Shape
from bot.engine.tiles import Kind, dora_after
from bot.engine.variants.goto.points import GotoPoints
from bot.engine.variants.goto.shapes import goto_shapes
from bot.engine.yaku.base import Facts, Feature, Scope, Yaku, YakuHit
from bot.engine.yaku.composition import Honitsu, Honroutou
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.local import (
    NAGASHI,
    Daisharin,
    Manhon,
    SanFuu,
    Sanrenkou,
    Shousharin,
    Suurenkou,
)
from bot.engine.yaku.sets import Chanta, Chiitoitsu, Junchan, Sanshoku
from bot.engine.yaku.situational import DoubleRiichi, Riichi
from bot.engine.yaku.table import STANDARD_YAKU, YakuTable, YakuValue
from bot.engine.yaku.yakuman import Daisuushii, Kokushi, Kokushi13, RenhouYakuman, Shousuushii

if TYPE_CHECKING:
    from bot.engine.variants.goto.settings import GotoSettings

__all__ = [
    "AUTUMN",
    "GOTO_YAKU",
    "NAGASHI",
    "NORTH_IN_HAND",
    "NORTH_YAKU",
    "OPEN_RIICHI",
    "RIICHI_ONLY_RON",
    "AmericanChiitoitsu",
    "GotoScorer",
    "GotoShousharin",
    "OpenDoubleRiichi",
    "OpenRiichi",
    "goto_yaku",
]

OPEN_RIICHI = "open_riichi"
"""The :attr:`WinContext.flags` entry of a win after an open riichi (オープン立直), with
``riichi`` or ``double_riichi`` set as usual."""
AUTUMN = "autumn"
"""The :attr:`WinContext.flags` entry of a win whose winner holds 秋 (pulled, or shown as an
indicator, §4.3): each red and gold five (``red_dora``) counts 2 han."""

RIICHI_ONLY_RON = YakuHit("立直のみ出和了", "Riichi-only ron", 0, 1)
"""The score line of a ron whose only yaku is riichi (a 役満)."""
NORTH_IN_HAND = "北 in hand is usable only for 国士無双, 小四喜 and 大四喜"
"""The :class:`NoWin` reason of a complete hand that holds 北 outside those yakuman."""

_PAIRS = Shape.PAIRS
_FOURS = sum(1 << (4 * kind + 2) for kind in range(Kind.SPRING))
"""The bit that is set in a kind's count field when it holds all four copies."""


# --- the seed's yaku ------------------------------------------------------------------------------


class OpenRiichi(Yaku):
    """オープン立直: a riichi that showed its waits (GTS-A8: 2 han, in place of 立直's 1)."""

    name = "オープン立直"
    en = "Open riichi"
    scope = Scope.HAND
    supersedes = (Riichi,)
    requires = Feature.RIICHI

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.riichi and not ctx.double_riichi and OPEN_RIICHI in ctx.flags


class OpenDoubleRiichi(Yaku):
    """オープンダブル立直: a ダブル立直 that showed its waits (one han above ダブル立直's, GTS-A8)."""

    name = "オープンダブル立直"
    en = "Open double riichi"
    scope = Scope.HAND
    supersedes = (Riichi, DoubleRiichi, OpenRiichi)
    requires = Feature.DOUBLE_RIICHI

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.double_riichi and OPEN_RIICHI in ctx.flags


class AmericanChiitoitsu(Yaku):
    """アメリカ七対子: 七対子 in which a kind's four tiles make two pairs, 4 han per such kind
    (「4枚使い七対子は4翻、8枚使いは8翻、12枚使いは12翻」), in place of 七対子's 2."""

    name = "アメリカ七対子"
    en = "American seven pairs"
    scope = Scope.READING
    supersedes = (Chiitoitsu,)
    requires = Feature.PAIRS_SHAPE
    excludes = Feature.MELDS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return (facts.board & _FOURS).bit_count() if facts.shape is _PAIRS else 0


class GotoShousharin(Shousharin):
    """小車輪 (メンホン七対子, 6 han) without a kind used four times: with one, アメリカ七対子 and
    混一色 (at least 4 + 3) are worth more, and the higher is taken [recommended]."""

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _PAIRS and not facts.board & _FOURS


# --- the table --------------------------------------------------------------------------------------

_han = YakuValue.han
_yakuman = YakuValue.weight

NORTH_YAKU = frozenset(cls.name for cls in (Kokushi, Kokushi13, Shousuushii, Daisuushii))
"""The yaku a hand holding 北 must have to be a win (not 字一色: 「字一色でも使用禁止」)."""


def goto_yaku(*, open_riichi_han: int = 2) -> YakuTable:
    """The table: the baseline sanma values (kuitan: [baseline], the seed is silent; no 三色同順,
    三色同刻 of 1s or 9s stays) with the seed's changes, its yaku among the ones they belong
    with; ``open_riichi_han`` is GTS-A8's value of an open riichi (an open ダブル立直 one more)."""
    return (
        STANDARD_YAKU.without(Sanshoku)
        .inserted(DoubleRiichi, {OpenRiichi: _han(open_riichi_han), OpenDoubleRiichi: _han(open_riichi_han + 1)})
        .inserted(Chiitoitsu, {AmericanChiitoitsu: _han(4)})  # per kind used four times
        # 「三風・三連刻(2翻)」: one value, kept open like the other triplet yaku.
        .inserted(Honroutou, {SanFuu: _han(2, 2), Sanrenkou: _han(2, 2)})
        .inserted(Honitsu, {GotoShousharin: _han(6)})
        .with_values(
            {
                Chanta: _han(4, 2),  # 「チャンタ(門前4翻、副露2翻)」
                Honroutou: _han(4, 4),  # 「混老頭(門前・副露ともに4翻…)」
                Junchan: _han(6, 3),  # 「純チャン(門前6翻、副露3翻)」
                RenhouYakuman: _yakuman(closed_only=True),
                Suurenkou: _yakuman(),
                Daisharin: _yakuman(closed_only=True),
                Manhon: _yakuman(),
            }
        )
    )


GOTO_YAKU = goto_yaku()
"""The default table (open riichi 2 han)."""

_RIICHI_NAMES = frozenset(cls.name for cls in (Riichi, DoubleRiichi, OpenRiichi, OpenDoubleRiichi))


# --- the scorer ------------------------------------------------------------------------------------


class GotoScorer(Scorer):
    """Scores a 5等三麻 win, or says it is none (not complete, no yaku, 北 misused).

    ``points`` is the points table (5等's own, or any other for tests). The context's
    ``red_dora`` counts the hand's red and gold fives (1 dora each: 秋 makes them 2, so without it
    they are 1), ``nuki_dora`` the 北 the winner pulled, and ``flags`` holds :data:`OPEN_RIICHI`
    and :data:`AUTUMN`. Flowers never reach the scorer: pulled, they are effects, and as
    indicators they point to no tile a hand can hold.
    """

    def __init__(
        self,
        points: PointsTable | None = None,
        *,
        open_riichi_han: int = 2,
        riichi_only_strict: bool = True,
        four_north_dora: int = 8,
    ) -> None:
        self.riichi_only_strict = riichi_only_strict
        """GTS-A14: 立直のみ出和了 needs no dora of any kind (off: dora allowed)."""
        self.four_north_dora = four_north_dora
        """「4北抜くとドラ8扱い」: what four pulled 北 count."""
        # The 北 dora are worked out here (four count 8), so the shared scorer counts them as given.
        super().__init__(
            ScoringRules(
                shapes=goto_shapes(),
                yaku=goto_yaku(open_riichi_han=open_riichi_han),
                points=GotoPoints() if points is None else points,
                players=3,
                sanma_dora=True,
                nuki_kind=None,
            )
        )

    @classmethod
    def from_settings(cls, settings: GotoSettings, points: PointsTable | None = None) -> GotoScorer:
        """The scorer for a table's settings and points table (by default 5等's, :class:`GotoPoints`)."""
        return cls(
            points,
            open_riichi_han=settings.open_riichi_han,
            riichi_only_strict=settings.riichi_only_strict,
            four_north_dora=settings.four_north_dora,
        )

    def north_dora(self, ctx: WinContext) -> int:
        """The dora the pulled 北 are worth: one each (four: :attr:`four_north_dora`), and the
        pulled count again for each indicator pointing to 北 (ura ones for a riichi hand)."""
        pulled = ctx.nuki_dora
        if not pulled:
            return 0
        count = self.four_north_dora if pulled == 4 else pulled
        indicators = ctx.dora_indicators + (ctx.ura_indicators if ctx.riichi or ctx.double_riichi else ())
        return count + pulled * sum(dora_after(indicator, sanma=True) == Kind.NORTH for indicator in indicators)

    def evaluate(self, ctx: WinContext) -> HandScore | NoWin:
        """The score, or why there is none: :attr:`NoWin.NOT_COMPLETE`, :attr:`NoWin.NO_YAKU`
        (dora never make the minimum) or :data:`NORTH_IN_HAND`. A ron whose one yaku is riichi
        (ダブル or オープン too), with no dora when strict, is 立直のみ出和了, a 役満."""
        red = 2 * ctx.red_dora if AUTUMN in ctx.flags else ctx.red_dora
        result = super().evaluate(dataclasses.replace(ctx, red_dora=red, nuki_dora=self.north_dora(ctx)))
        if isinstance(result, NoWin):
            return result
        if north_misused(ctx, result, NORTH_YAKU):
            return NoWin(NORTH_IN_HAND)
        if not ctx.tsumo and not result.yakuman and riichi_only(result, _RIICHI_NAMES, strict=self.riichi_only_strict):
            return self.yakuman_hand(RIICHI_ONLY_RON, dealer=ctx.dealer, tsumo=False, of=result)
        return result

    def nagashi(self, *, dealer: bool) -> HandScore:
        """流し (満貫, here a 役満) of the dealer or a child, paid as a yakuman tsumo."""
        return self.yakuman_hand(NAGASHI, dealer=dealer, tsumo=True)
