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
(「リーチのみのあがりは本役満扱いとする」, CHN-A9). :func:`sakizuke_allows` is 完全先付け
(「後ヅケ無し、確定１翻縛り。ただし面前王手飛車は有効」, CHN-A3) for the game to ask before a win.

>>> from bot.engine.shapes import hand
>>> scorer = ChinitsuScorer()
>>> result = scorer.score(WinContext(hand("111222333p456p99p"), win_tile=Kind.P9, riichi=True))
>>> [(hit.name, hit.han) for hit in result.yaku], result.total
([('立直', 1), ('三暗刻', 2), ('三連刻', 2), ('清一色', 6)], 24000)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
from bot.engine.shapes import Shape
from bot.engine.tiles import Kind
from bot.engine.variants.chinitsu.points import ChinitsuPoints
from bot.engine.variants.chinitsu.shapes import chinitsu_shapes
from bot.engine.yaku.base import (
    MAN_PRESENT,
    PIN_PRESENT,
    SOU_PRESENT,
    WINDS,
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
from bot.engine.yaku.sets import Chiitoitsu, Pinfu, Sanshoku, SanshokuDoukou
from bot.engine.yaku.situational import DoubleRiichi, Riichi
from bot.engine.yaku.table import STANDARD_YAKU, YakuTable, YakuValue
from bot.engine.yaku.yakuman import Chinroutou, Daisuushii, Kokushi, Kokushi13, Shousuushii, Tsuuiisou

if TYPE_CHECKING:
    from bot.engine.variants.chinitsu.settings import ChinitsuSettings

__all__ = [
    "CHINITSU_YAKU",
    "NAGASHI",
    "NORTH_IN_HAND",
    "NORTH_YAKU",
    "ONE_BACK",
    "RIICHI_ONLY",
    "ChinitsuScorer",
    "Daisharin",
    "KokushiAllKinds",
    "Manhon",
    "RonPinfu",
    "SanFuu",
    "Sanrenkou",
    "Seiisou",
    "Shousharin",
    "Suurenkou",
    "chinitsu_yaku",
    "sakizuke_allows",
]

ONE_BACK = "one_back"
"""The :attr:`WinContext.flags` entry for 背一色: every tile of the hand and its melds has one
back colour (pulled 北 aside). The game knows the backs; the scorer does not."""

RIICHI_ONLY = YakuHit("リーチのみ", "Riichi only", 0, 1)
"""The score line of a win whose only yaku is riichi (a 本役満)."""
NAGASHI = YakuHit("流し", "Nagashi", 0, 1)
"""流し (本役満) at an exhaustive draw: the game decides it; :meth:`ChinitsuScorer.nagashi` pays it."""
NORTH_IN_HAND = "北 in hand is usable only for 国士無双, 字一色 and 四喜和"
"""The :class:`NoWin` reason of a complete hand that holds 北 outside those yakuman."""

_REGULAR = Shape.REGULAR
_PAIRS = Shape.PAIRS
_KOKUSHI = Shape.KOKUSHI
_RANKS = 0x1FF
# 大車輪: 22 33 44 55 66 77 88 of the pinzu or the souzu, as count boards.
_WHEELS = tuple(sum(2 << (4 * (start + rank)) for rank in range(1, 8)) for start in (Kind.P1, Kind.S1))


def _consecutive(triplets: int, length: int) -> bool:
    """Whether one number suit holds triplets (or kans) of ``length`` consecutive numbers."""
    for suit in range(3):
        ranks = triplets >> (9 * suit) & _RANKS
        run = ranks
        for step in range(1, length):
            run &= ranks >> step
        if run:
            return True
    return False


# --- the seed's yaku ------------------------------------------------------------------------------


class RonPinfu(Pinfu):
    """平和 on a ron only: 「ツモ平和はありません」 (門前清自摸和 still counts on a tsumo)."""

    excludes = Pinfu.excludes | Feature.TSUMO


class SanFuu(Yaku):
    """三風 (三風刻): triplets or kans of three winds, 2 han (「三風…→2翻」); 小四喜 drops it."""

    name = "三風"
    en = "Three wind triplets"
    scope = Scope.HAND
    requires = Feature.WIND_TRIPLETS3
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return (facts.honor_triplets & WINDS).bit_count() == 3


class Sanrenkou(Yaku):
    """三連刻: triplets of three consecutive numbers of one suit, 2 han (「三連刻」→2翻)."""

    name = "三連刻"
    en = "Three consecutive triplets"
    scope = Scope.READING

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _REGULAR and _consecutive(facts.triplets, 3)


class Shousharin(Yaku):
    """小車輪: a closed 混一色 七対子 (one number suit and honours), 6 han in place of 混一色 and
    七対子 (「小車輪」→6翻; CHN-A11, 5等's 「メンホン七対子、6翻」)."""

    name = "小車輪"
    en = "Little wheels"
    scope = Scope.READING
    supersedes = (Honitsu, Chiitoitsu)
    requires = Feature.PAIRS_SHAPE | Feature.HONOR | Feature.NUMBER
    excludes = Feature.MULTI_SUIT | Feature.MELDS
    reading_exact = True
    reading_requires = Reading.SPECIAL

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _PAIRS


class Daisharin(Yakuman):
    """大車輪: 七対子 of exactly 22 33 44 55 66 77 88 of the hand's suit (souzu's 大竹林 alike)."""

    name = "大車輪"
    en = "Big wheels"
    scope = Scope.HAND
    requires = Feature.PAIRS_SHAPE
    excludes = Feature.MELDS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.board in _WHEELS


class Manhon(Yakuman):
    """萬混 (萬子の混一色): only 1m, 9m and honours; open allowed (「萬混」→本役満)."""

    name = "萬混"
    en = "Manzu half flush"
    scope = Scope.HAND
    requires = Feature.MAN
    excludes = Feature.PIN | Feature.SOU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        # Four sets and a pair cannot come from 1m and 9m alone: honours are always there.
        return bool(facts.present & MAN_PRESENT) and not facts.present & (PIN_PRESENT | SOU_PRESENT)


class Suurenkou(Yakuman):
    """四連刻: triplets of four consecutive numbers of one suit (「四連刻」→本役満)."""

    name = "四連刻"
    en = "Four consecutive triplets"
    scope = Scope.READING
    supersedes = (Sanrenkou,)

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _REGULAR and _consecutive(facts.triplets, 4)


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


def sakizuke_allows(scorer: ChinitsuScorer, contexts_by_wait: Mapping[int, WinContext]) -> bool:
    """完全先付け (CHN-A3): may a hand with these waits win at all?

    ``contexts_by_wait`` holds, for every wait of the hand, the win being made as if on that
    tile: the same situation (ron or tsumo, riichi, 海底…) with that winning tile. An open
    hand needs a yaku (not dora) common to every wait; a closed one some yaku on each wait,
    which may differ (面前王手飛車). Riichi holds on every wait, and 門前清自摸和 on every wait
    of a tsumo, so both count; a wait that would be no win (北 misused) has no yaku.
    """
    contexts = list(contexts_by_wait.values())
    if not contexts:
        return False
    names = [scorer.yaku_names(ctx) for ctx in contexts]
    if any(ctx.is_open for ctx in contexts):
        return bool(frozenset.intersection(*names))
    return all(names)
