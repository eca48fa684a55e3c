"""ローカル役: the house yaku both sanma variants play (チンイツゲーム and 5等三麻), one class each.

Each variant's table gives them its own value (チンイツゲーム: 「「三風・三連刻」→2翻、「小車輪」→6翻、
「大車輪・萬混・流し・四連刻」→本役満」; 5等三麻 alike, 大車輪 closed only); the classes say only
what a hand must be.
"""

from __future__ import annotations

from bot.engine.shapes import Shape
from bot.engine.tiles import Kind
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
from bot.engine.yaku.composition import Honitsu
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.sets import Chiitoitsu

__all__ = ["NAGASHI", "Daisharin", "Manhon", "SanFuu", "Sanrenkou", "Shousharin", "Suurenkou"]

NAGASHI = YakuHit("流し", "Nagashi", 0, 1)
"""流し (本役満) at an exhaustive draw: the game decides it, and its scorer pays it as a yakuman."""

_REGULAR = Shape.REGULAR
_PAIRS = Shape.PAIRS
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
