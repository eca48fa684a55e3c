"""チンイツゲーム's yaku table and scorer (spec §3.5, §3.7–3.10).

The baseline table with the sanma changes (no 三色同順 or 三色同刻: a hand has one number suit;
断么九 closed only: 「喰いタンヤオ…無し」; no 平和 on a tsumo: 「ツモ平和はありません」), the seed's
special yaku (「「三風・三連刻」→2翻、「小車輪」→6翻、「大車輪・萬混・流し・四連刻」→本役満」),
背一色 (a ダブル役満), 国士無双 over the 11 么九 kinds and リーチのみ as a 本役満. Yakuman stack,
but the "upgraded" forms (四暗刻単騎, 国士 on every kind, 純正九蓮宝燈, 大四喜) are single:
「複合役満は認めますが、四暗刻単騎待ちなどはダブル役満にはなりません」.

:class:`ChinitsuScorer` adds what no yaku class can say: 北 may stay in a hand only for 国士,
字一色 and 四喜和 (「国士・字一色・四喜和のみ手牌使用可能」), so any other hand holding one is no
win; and a win whose only yaku is riichi, with no dora of any kind, is paid as a 本役満
(「リーチのみのあがりは本役満扱いとする」, CHN-A9). :func:`sakizuke_refusal` is 完全先付け
(「後ヅケ無し、確定１翻縛り。ただし面前王手飛車は有効」, CHN-A3), the one check the game asks before a
win and the calc before it scores one.

>>> from bot.engine.shapes import hand
>>> scorer = ChinitsuScorer()
>>> result = scorer.score(WinContext(hand("111222333p456p99p"), win_tile=Kind.P9, riichi=True))
>>> [(hit.name, hit.han) for hit in result.yaku], result.total
([('立直', 1), ('三暗刻', 2), ('三連刻', 2), ('清一色', 6)], 24000)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.engine.scoring import (
    DORA_LINES,
    HandScore,
    NoWin,
    Scorer,
    ScoringRules,
    north_misused,
    riichi_only,
    score_hand,
)
from bot.engine.shapes import Shape, ShapeRules, add_tile, remove_tile
from bot.engine.tiles import Kind, kind_name
from bot.engine.variants.chinitsu.points import ChinitsuPoints
from bot.engine.variants.chinitsu.shapes import chinitsu_shapes
from bot.engine.yaku.base import (
    Facts,
    Feature,
    Reading,
    Scope,
    Yaku,
    YakuHit,
    Yakuman,
)
from bot.engine.yaku.composition import Honitsu, Honroutou, Tanyao
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.fu import FuRules
from bot.engine.yaku.local import NAGASHI, Daisharin, Manhon, SanFuu, Sanrenkou, Shousharin, Suurenkou
from bot.engine.yaku.sets import Pinfu, Sanshoku, SanshokuDoukou
from bot.engine.yaku.situational import DoubleRiichi, Riichi
from bot.engine.yaku.table import STANDARD_YAKU, YakuTable, YakuValue
from bot.engine.yaku.yakuman import Chinroutou, Daisuushii, Kokushi, Kokushi13, Shousuushii, Tsuuiisou

if TYPE_CHECKING:
    from bot.engine.variants.chinitsu.settings import ChinitsuSettings

__all__ = [
    "CHINITSU_YAKU",
    "NORTH_IN_HAND",
    "NORTH_YAKU",
    "ONE_BACK",
    "RIICHI_ONLY",
    "ChinitsuScorer",
    "KokushiAllKinds",
    "RonPinfu",
    "Seiisou",
    "chinitsu_yaku",
    "contexts_by_wait",
    "sakizuke_allows",
    "sakizuke_refusal",
]

ONE_BACK = "one_back"
"""The :attr:`WinContext.flags` entry for 背一色: every tile of the hand and its melds has one
back colour (pulled 北 aside). The game knows the backs; the scorer does not."""

RIICHI_ONLY = YakuHit("リーチのみ", "Riichi only", 0, 1)
"""The score line of a win whose only yaku is riichi (a 本役満)."""
NORTH_IN_HAND = "北 in hand is usable only for 国士無双, 字一色 and 四喜和"
"""The :class:`NoWin` reason of a complete hand that holds 北 outside those yakuman."""

_KOKUSHI = Shape.KOKUSHI
# --- the seed's yaku ------------------------------------------------------------------------------


class RonPinfu(Pinfu):
    """平和 on a ron only: 「ツモ平和はありません」 (門前清自摸和 still counts on a tsumo)."""

    excludes = Pinfu.excludes | Feature.TSUMO


class Seiisou(Yakuman):
    """背一色 (セイーソー): every tile of the hand and its melds has the same back, pulled 北 aside,
    open or closed; a ダブル役満 (「背一色（セイーソー）というダブル役満があり…抜きドラの北は無視して良く、
    鳴いてあがってもOKです」). The game says so with :data:`ONE_BACK`."""

    name = "背一色"
    en = "One back colour"
    scope = Scope.HAND

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ONE_BACK in ctx.flags


class KokushiAllKinds(Yakuman):
    """国士無双十三面待ち, here the wait on all 11 么九 kinds (the seed's 「国士13面待ち」): the 13 tiles
    before the win held every kind. A single yakuman, named for the hand (CHN-A5)."""

    name = "国士無双十三面待ち"
    en = "Thirteen orphans, all-kinds wait"
    scope = Scope.READING
    supersedes = (Kokushi,)
    requires = Feature.KOKUSHI_SHAPE
    reading_exact = True
    reading_requires = Reading.SPECIAL

    def count(self, facts: Facts, ctx: WinContext) -> int:
        # The winning kind is still held without the winning tile: every kind was there.
        return facts.shape is _KOKUSHI and facts.win_count >= 2


# --- the table --------------------------------------------------------------------------------------

_han = YakuValue.han
_yakuman = YakuValue.weight

NORTH_YAKU = frozenset(cls.name for cls in (Kokushi, KokushiAllKinds, Tsuuiisou, Shousuushii, Daisuushii))
"""The yaku a hand holding 北 must have to be a win: 「国士・字一色・四喜和のみ手牌使用可能」."""


def chinitsu_yaku(*, kokushi: bool = True) -> YakuTable:
    """The table: the baseline's (one suit: no 三色; 清老頭 cannot be made of four terminal kinds;
    the souzu hand's 緑一色, and 四槓子 though 「四槓流れはありません」), 平和 on a ron only,
    断么九 closed only (「喰いタンヤオ…無し」), the seed's yaku among the ones they belong with
    (三風 and 三連刻 keep their 2 han open, as the other triplet yaku do), 国士無双 over the 11 么九
    kinds, every yakuman single but 背一色 (``kokushi`` off: no 国士無双, CHN-A5's setting)."""
    table = (
        STANDARD_YAKU.inserted(Pinfu, {RonPinfu: _han(1)})
        .inserted(Honroutou, {SanFuu: _han(2, 2), Sanrenkou: _han(2, 2)})
        .inserted(Honitsu, {Shousharin: _han(6)})
        .inserted(Kokushi, {KokushiAllKinds: _yakuman(closed_only=True)})
        .without(Pinfu, Sanshoku, SanshokuDoukou, Kokushi13, Chinroutou)
        .with_values(
            {
                Tanyao: _han(1),
                Daisharin: _yakuman(closed_only=True),
                Manhon: _yakuman(),
                Suurenkou: _yakuman(),
                Seiisou: _yakuman(2),
            }
        )
    )
    return table if kokushi else table.without(Kokushi, KokushiAllKinds)


CHINITSU_YAKU = chinitsu_yaku()
"""The default table (国士無双 on). 清老頭 is absent: four terminal kinds cannot make it."""


# --- the scorer ------------------------------------------------------------------------------------


def _lines_without_dora(score: HandScore) -> tuple[YakuHit, ...]:
    return tuple(hit for hit in score.yaku if hit.name not in DORA_LINES)


class ChinitsuScorer(Scorer):
    """Scores a チンイツゲーム win, or says it is none (not complete, no yaku, 北 misused).

    Build it from the table's settings with :meth:`from_settings`. The context's ``red_dora``
    counts the hand's fives of the active suit (all red), ``nuki_dora`` the pulled 北, and
    ``flags`` holds :data:`ONE_BACK` for 背一色.
    """

    def __init__(
        self,
        *,
        repeated_pairs: bool = True,
        kokushi: bool = True,
        riichi_only_strict: bool = True,
        fu_scoring: bool = False,
        printed_tsumo_rows: bool = True,
    ) -> None:
        self.riichi_only_strict = riichi_only_strict
        """CHN-A9: リーチのみ needs no dora of any kind (off: dora allowed)."""
        table = chinitsu_yaku(kokushi=kokushi)
        shapes = chinitsu_shapes(repeated_pairs=repeated_pairs, kokushi=kokushi)
        points = ChinitsuPoints(fu_scoring=fu_scoring, printed_tsumo_rows=printed_tsumo_rows)
        # No ツモ平和: a closed hand with no fu keeps its 2 tsumo fu (30 fu), which only matters
        # with fu scoring.
        fu = FuRules(pinfu_tsumo=True)

        def rules(yaku: YakuTable) -> ScoringRules:
            return ScoringRules(
                shapes=shapes, yaku=yaku, points=points, fu=fu, players=3, sanma_dora=True, nuki_kind=Kind.NORTH
            )

        super().__init__(rules(table))
        # The same table without yakuman: what else a yakuman hand holds, for 完全先付け.
        self._plain = rules(table.without(*(cls for cls in table if cls.is_yakuman)))
        self._implied = _implied_names(table)

    @classmethod
    def from_settings(cls, settings: ChinitsuSettings) -> ChinitsuScorer:
        """The scorer for a table's settings."""
        return cls(
            repeated_pairs=settings.repeated_pairs,
            kokushi=settings.kokushi,
            riichi_only_strict=settings.riichi_only_strict,
            fu_scoring=settings.fu_scoring,
            printed_tsumo_rows=settings.printed_tsumo_rows,
        )

    @property
    def points(self) -> ChinitsuPoints:
        """The points table."""
        points = self.rules.points
        assert isinstance(points, ChinitsuPoints)
        return points

    def evaluate(self, ctx: WinContext) -> HandScore | NoWin:
        """The score, or why there is none: :attr:`NoWin.NOT_COMPLETE`, :attr:`NoWin.NO_YAKU`
        (dora never make the minimum) or :data:`NORTH_IN_HAND`. 「リーチのみ」 (ダブル立直 too):
        riichi the one yaku, no dora either when strict, is paid as a 本役満."""
        result = super().evaluate(ctx)
        if isinstance(result, NoWin):
            return result
        if north_misused(ctx, result, NORTH_YAKU):
            return NoWin(NORTH_IN_HAND)
        riichi = (Riichi.name, DoubleRiichi.name)
        if not result.yakuman and riichi_only(result, riichi, strict=self.riichi_only_strict):
            return self.yakuman_hand(RIICHI_ONLY, dealer=ctx.dealer, tsumo=ctx.tsumo, of=result)
        return result

    def yaku_names(self, ctx: WinContext) -> frozenset[str]:
        """The yaku (no dora) a win would have, for 完全先付け; empty when it is no win.

        A yakuman hand keeps the yaku the yakuman drop (an open 大三元 still holds 役牌 白), and
        a yaku brings those it supersedes (清一色 holds 混一色), so two waits share a yaku when
        both hands hold it, whatever else one of them is worth.
        """
        result = self.evaluate(ctx)
        if isinstance(result, NoWin):
            return frozenset()
        names = {hit.name for hit in _lines_without_dora(result)}
        if result.yakuman:
            plain = score_hand(ctx, self._plain)
            if isinstance(plain, HandScore):
                names.update(hit.name for hit in _lines_without_dora(plain))
        for name in list(names):
            names |= self._implied.get(name, frozenset())
        return frozenset(names)

    def nagashi(self, *, dealer: bool) -> HandScore:
        """流し (本役満) of the dealer or a child, paid as a yakuman tsumo [recommended]."""
        return self.yakuman_hand(NAGASHI, dealer=dealer, tsumo=True)


def _implied_names(table: YakuTable) -> dict[str, frozenset[str]]:
    """Per yaku name, the names of every yaku it supersedes, directly or through another."""

    def below(cls: type[Yaku]) -> Iterable[type[Yaku]]:
        for dropped in cls.supersedes:
            yield dropped
            yield from below(dropped)

    return {cls.name: frozenset(dropped.name for dropped in below(cls)) for cls in table if cls.supersedes}


def contexts_by_wait(ctx: WinContext, shapes: ShapeRules) -> dict[int, WinContext]:
    """For each wait of the hand ``ctx`` completes (its tiles but the winning one, waits as
    ``shapes`` count them), the same win made on that wait instead: the same situation (ron or
    tsumo, riichi, 海底, flags…) with that tile in the hand and as the winning tile."""
    rest = remove_tile(ctx.concealed, ctx.win_tile)
    return {kind: replace(ctx, concealed=add_tile(rest, kind), win_tile=kind) for kind in shapes.waits(rest)}


def sakizuke_refusal(scorer: ChinitsuScorer, by_wait: Mapping[int, WinContext]) -> str:
    """完全先付け (CHN-A3): why a hand with these waits may not win, or "" when it may. The game
    asks it before every win and says it in a waiting hand's note; the calc refuses with it.

    ``by_wait`` holds, for every wait of the hand, the win being made as if on that
    tile (:func:`contexts_by_wait`). An open hand needs a yaku (not dora) common to every
    wait; a closed one some yaku on each wait, which may differ (面前王手飛車). Riichi holds on
    every wait, and 門前清自摸和 on every wait of a tsumo, so both count; a wait that would be
    no win (北 misused) has no yaku.
    """
    if not by_wait:
        return "完全先付け: the hand waits on nothing"
    yaku = {kind: scorer.yaku_names(ctx) for kind, ctx in by_wait.items()}
    if any(ctx.is_open for ctx in by_wait.values()):
        if frozenset.intersection(*yaku.values()):
            return ""
        return "完全先付け: no yaku common to every wait, no win (鳴いた手は全待ちに同じ役が必要)"
    bare = [kind for kind, names in yaku.items() if not names]
    if not bare:
        return ""
    win = "tsumo" if next(iter(by_wait.values())).tsumo else "ron"
    names = " ".join(kind_name(kind) for kind in bare)
    return f"完全先付け: no {win} while {names} has no yaku — riichi or a yaku on every wait (全待ちに役が必要)"


def sakizuke_allows(scorer: ChinitsuScorer, by_wait: Mapping[int, WinContext]) -> bool:
    """完全先付け (CHN-A3): may a hand with these waits win at all (:func:`sakizuke_refusal`)?"""
    return not sakizuke_refusal(scorer, by_wait)
