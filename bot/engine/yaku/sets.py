"""Yaku of how the hand splits into runs, triplets and pairs: they differ between readings."""

from __future__ import annotations

from bot.engine.shapes import Shape
from bot.engine.yaku.base import Facts, Feature, Reading, Scope, Yaku
from bot.engine.yaku.context import WinContext

__all__ = [
    "Chanta",
    "Chiitoitsu",
    "Iipeikou",
    "Ittsu",
    "Junchan",
    "Pinfu",
    "Ryanpeikou",
    "Sanankou",
    "Sanshoku",
    "SanshokuDoukou",
    "Toitoi",
]

_REGULAR = Shape.REGULAR
_PAIRS = Shape.PAIRS
_RANKS = 0x1FF  # one suit's nine ranks in a compact mask
_STRAIGHT = 0b001001001  # runs starting on 1, 4 and 7


class Pinfu(Yaku):
    """平和: closed, and no fu beyond the base: four runs, a pair that scores no fu, a two-sided wait."""

    name = "平和"
    en = "Pinfu"
    scope = Scope.WAIT
    excludes = Feature.OPEN | Feature.MELDS | Feature.TRIPLET_FORCED
    reading_exact = True
    reading_requires = Reading.NO_FU

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.closed and not facts.set_fu and facts.shape is _REGULAR


class Iipeikou(Yaku):
    """一盃口: two identical concealed runs (二盃口 drops it)."""

    name = "一盃口"
    en = "Pure double sequence"
    scope = Scope.READING
    requires = Feature.TWIN_RUNS
    excludes = Feature.OPEN
    reading_exact = True
    reading_requires = Reading.TWIN_RUNS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.twin_runs >= 1


class Ryanpeikou(Yaku):
    """二盃口: two pairs of identical concealed runs."""

    name = "二盃口"
    en = "Twice pure double sequence"
    scope = Scope.READING
    supersedes = (Iipeikou,)
    requires = Feature.TWIN_RUNS
    excludes = Feature.OPEN
    reading_exact = True
    reading_requires = Reading.TWIN_RUNS2

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.twin_runs >= 2


class Sanshoku(Yaku):
    """三色同順: the same run in all three number suits."""

    name = "三色同順"
    en = "Mixed triple sequence"
    scope = Scope.READING
    requires = Feature.MAN_RUN | Feature.PIN_RUN | Feature.SOU_RUN
    reading_exact = True
    reading_requires = Reading.SAME_RUNS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        runs = facts.runs
        return runs & (runs >> 9) & (runs >> 18) & _RANKS != 0


class Ittsu(Yaku):
    """一気通貫: 123, 456 and 789 of one suit."""

    name = "一気通貫"
    en = "Pure straight"
    scope = Scope.READING
    requires = Feature.STRAIGHT
    reading_exact = True
    reading_requires = Reading.STRAIGHT

    def count(self, facts: Facts, ctx: WinContext) -> int:
        runs = facts.runs
        return (
            runs & _STRAIGHT == _STRAIGHT
            or (runs >> 9) & _STRAIGHT == _STRAIGHT
            or (runs >> 18) & _STRAIGHT == _STRAIGHT
        )


class Chanta(Yaku):
    """混全帯么九: every set and the pair hold a terminal or an honour, with at least one run."""

    name = "混全帯么九"
    en = "Half outside hand"
    scope = Scope.READING
    requires = Feature.YAOCHU
    excludes = Feature.MIDDLE
    reading_exact = True
    reading_requires = Reading.RUNS
    reading_excludes = Reading.INNER

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.all_yaochu and facts.run_count > 0


class Junchan(Yaku):
    """純全帯么九: every set and the pair hold a terminal, with at least one run (drops 混全帯么九)."""

    name = "純全帯么九"
    en = "Fully outside hand"
    scope = Scope.READING
    supersedes = (Chanta,)
    excludes = Feature.MIDDLE | Feature.HONOR
    reading_exact = True
    reading_requires = Reading.RUNS
    reading_excludes = Reading.NON_TERMINAL

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.all_terminal and facts.run_count > 0


class Chiitoitsu(Yaku):
    """七対子: seven different pairs (the variant's pairs shape)."""

    name = "七対子"
    en = "Seven pairs"
    scope = Scope.READING
    requires = Feature.PAIRS_SHAPE
    reading_exact = True
    reading_requires = Reading.SPECIAL

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _PAIRS


class Toitoi(Yaku):
    """対々和: every set a triplet or a kan."""

    name = "対々和"
    en = "All triplets"
    scope = Scope.READING
    excludes = Feature.RUN_FORCED
    reading_exact = True
    reading_excludes = Reading.RUNS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.run_count and facts.shape is _REGULAR


class Sanankou(Yaku):
    """三暗刻: three concealed triplets or kans (a triplet completed by a ron is not concealed)."""

    name = "三暗刻"
    en = "Three concealed triplets"
    scope = Scope.WAIT
    requires = Feature.CONCEALED3
    reading_exact = True
    reading_requires = Reading.CONCEALED3

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.concealed_triplets == 3


class SanshokuDoukou(Yaku):
    """三色同刻: triplets (or kans) of the same number in all three suits."""

    name = "三色同刻"
    en = "Triple triplets"
    scope = Scope.READING
    requires = Feature.MAN_TRIPLET | Feature.PIN_TRIPLET | Feature.SOU_TRIPLET
    reading_exact = True
    reading_requires = Reading.SAME_TRIPLETS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        triplets = facts.triplets
        return triplets & (triplets >> 9) & (triplets >> 18) & _RANKS != 0
