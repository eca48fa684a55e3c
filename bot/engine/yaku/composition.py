"""Yaku of which tiles the hand holds, the same in every reading of it."""

from __future__ import annotations

from bot.engine.tiles import Kind
from bot.engine.yaku.base import (
    DRAGONS,
    HONOR_PRESENT,
    MAN_PRESENT,
    PIN_PRESENT,
    SIMPLE_PRESENT,
    SOU_PRESENT,
    YAOCHU_PRESENT,
    Facts,
    Feature,
    Scope,
    Yaku,
)
from bot.engine.yaku.context import WinContext

# Plain ints: reading an enum member off its class costs more than the test itself.
_WHITE, _GREEN, _RED = int(Kind.WHITE), int(Kind.GREEN), int(Kind.RED)

__all__ = [
    "Chinitsu",
    "Chun",
    "Haku",
    "Hatsu",
    "Honitsu",
    "Honroutou",
    "RoundWind",
    "Sankantsu",
    "SeatWind",
    "Shousangen",
    "Tanyao",
]


class Tanyao(Yaku):
    """断么九: only 2-8 of the number suits, anywhere in the hand."""

    name = "断么九"
    en = "All simples"
    scope = Scope.HAND
    excludes = Feature.YAOCHU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & YAOCHU_PRESENT


def _suits(present: int) -> int:
    """How many of the three number suits appear."""
    return (present & MAN_PRESENT != 0) + (present & PIN_PRESENT != 0) + (present & SOU_PRESENT != 0)


class Honitsu(Yaku):
    """混一色: one number suit, with or without honours (清一色 drops it)."""

    name = "混一色"
    en = "Half flush"
    scope = Scope.HAND
    requires = Feature.NUMBER
    excludes = Feature.MULTI_SUIT
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return _suits(facts.present) == 1


class Chinitsu(Yaku):
    """清一色: one number suit and no honour."""

    name = "清一色"
    en = "Full flush"
    scope = Scope.HAND
    supersedes = (Honitsu,)
    excludes = Feature.MULTI_SUIT | Feature.HONOR
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & HONOR_PRESENT and _suits(facts.present) == 1


class Honroutou(Yaku):
    """混老頭: only terminals and honours."""

    name = "混老頭"
    en = "All terminals and honours"
    scope = Scope.HAND
    excludes = Feature.SIMPLE
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & SIMPLE_PRESENT


class Haku(Yaku):
    """役牌 白: a triplet or kan of 白."""

    name = "役牌 白"
    en = "White dragon"
    scope = Scope.HAND
    requires = Feature.WHITE_TRIPLET
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets >> _WHITE & 1


class Hatsu(Yaku):
    """役牌 發: a triplet or kan of 發."""

    name = "役牌 發"
    en = "Green dragon"
    scope = Scope.HAND
    requires = Feature.GREEN_TRIPLET
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets >> _GREEN & 1


class Chun(Yaku):
    """役牌 中: a triplet or kan of 中."""

    name = "役牌 中"
    en = "Red dragon"
    scope = Scope.HAND
    requires = Feature.RED_TRIPLET
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets >> _RED & 1


class SeatWind(Yaku):
    """役牌 自風: a triplet or kan of the winner's seat wind."""

    name = "役牌 自風"
    en = "Seat wind"
    scope = Scope.HAND
    requires = Feature.SEAT_TRIPLET
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets >> ctx.seat_wind & 1


class RoundWind(Yaku):
    """役牌 場風: a triplet or kan of the round wind."""

    name = "役牌 場風"
    en = "Round wind"
    scope = Scope.HAND
    requires = Feature.ROUND_TRIPLET
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets >> ctx.round_wind & 1


class Shousangen(Yaku):
    """小三元: two dragon triplets (or kans) and a dragon pair."""

    name = "小三元"
    en = "Little three dragons"
    scope = Scope.HAND
    requires = Feature.DRAGON_TRIPLETS2 | Feature.DRAGON_PAIR
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_pair >= _WHITE and (facts.honor_triplets & DRAGONS).bit_count() == 2


class Sankantsu(Yaku):
    """三槓子: three kans, concealed or open."""

    name = "三槓子"
    en = "Three kans"
    scope = Scope.HAND
    requires = Feature.KANS3
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.kans == 3
