"""Yakuman, including the "upgraded" forms a table may weight double (or not)."""

from __future__ import annotations

from bot.engine.shapes import Shape
from bot.engine.tiles import Kind
from bot.engine.yaku.base import (
    DRAGONS,
    GREEN_PRESENT,
    HONOR_PRESENT,
    SIMPLE_PRESENT,
    SUIT_PRESENT,
    TERMINAL_PRESENT,
    WINDS,
    Facts,
    Feature,
    Reading,
    Scope,
    Wait,
    Yakuman,
)
from bot.engine.yaku.context import WinContext

__all__ = [
    "Chiihou",
    "Chinroutou",
    "Chuuren",
    "ChuurenJunsei",
    "Daisangen",
    "Daisuushii",
    "Kokushi",
    "Kokushi13",
    "RenhouYakuman",
    "Ryuuiisou",
    "Shousuushii",
    "Suuankou",
    "SuuankouTanki",
    "Suukantsu",
    "Tenhou",
    "Tsuuiisou",
]

_NUMBER_PRESENT = SIMPLE_PRESENT | TERMINAL_PRESENT
_SUIT_FIELDS = (1 << 36) - 1
# 1112345678999 in one suit's nine 4-bit fields
_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_NINE_GATES = sum(count << (4 * rank) for rank, count in enumerate(_GATES))
_EAST = int(Kind.EAST)
_NORTH = int(Kind.NORTH)
_KOKUSHI = Shape.KOKUSHI
_TANKI = Wait.TANKI


class Kokushi(Yakuman):
    """国士無双: one of every terminal and honour, one of them paired."""

    name = "国士無双"
    en = "Thirteen orphans"
    scope = Scope.READING
    requires = Feature.KOKUSHI_SHAPE
    reading_exact = True
    reading_requires = Reading.SPECIAL

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _KOKUSHI


class Kokushi13(Yakuman):
    """国士無双十三面待ち: 国士無双 waiting on all thirteen kinds (the winning tile is the pair)."""

    name = "国士無双十三面待ち"
    en = "Thirteen orphans, 13-sided wait"
    scope = Scope.READING
    supersedes = (Kokushi,)
    requires = Feature.KOKUSHI_SHAPE
    reading_exact = True
    reading_requires = Reading.SPECIAL

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _KOKUSHI and facts.win_count == 2


class Suuankou(Yakuman):
    """四暗刻: four concealed triplets or kans."""

    name = "四暗刻"
    en = "Four concealed triplets"
    scope = Scope.WAIT
    requires = Feature.CONCEALED4
    excludes = Feature.OPEN
    reading_exact = True
    reading_requires = Reading.CONCEALED4

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.concealed_triplets == 4


class SuuankouTanki(Yakuman):
    """四暗刻単騎: 四暗刻 won on the pair."""

    name = "四暗刻単騎"
    en = "Four concealed triplets, single wait"
    scope = Scope.WAIT
    supersedes = (Suuankou,)
    requires = Feature.CONCEALED4
    excludes = Feature.OPEN
    reading_exact = True
    reading_requires = Reading.CONCEALED4 | Reading.TANKI

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.concealed_triplets == 4 and facts.wait is _TANKI


class Daisangen(Yakuman):
    """大三元: triplets or kans of all three dragons."""

    name = "大三元"
    en = "Big three dragons"
    scope = Scope.HAND
    requires = Feature.DRAGON_TRIPLETS3
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets & DRAGONS == DRAGONS


class Shousuushii(Yakuman):
    """小四喜: three wind triplets (or kans) and a wind pair."""

    name = "小四喜"
    en = "Little four winds"
    scope = Scope.HAND
    requires = Feature.WIND_TRIPLETS3 | Feature.WIND_PAIR
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return _EAST <= facts.honor_pair <= _NORTH and (facts.honor_triplets & WINDS).bit_count() == 3


class Daisuushii(Yakuman):
    """大四喜: triplets or kans of all four winds."""

    name = "大四喜"
    en = "Big four winds"
    scope = Scope.HAND
    requires = Feature.WIND_TRIPLETS4
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets & WINDS == WINDS


class Tsuuiisou(Yakuman):
    """字一色: only honours (七対子 shape included)."""

    name = "字一色"
    en = "All honours"
    scope = Scope.HAND
    excludes = Feature.MAN | Feature.PIN | Feature.SOU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & _NUMBER_PRESENT


class Ryuuiisou(Yakuman):
    """緑一色: only 2s 3s 4s 6s 8s and 發 (發 not required)."""

    name = "緑一色"
    en = "All green"
    scope = Scope.HAND
    excludes = Feature.NOT_GREEN
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & ~GREEN_PRESENT


class Chinroutou(Yakuman):
    """清老頭: only terminals."""

    name = "清老頭"
    en = "All terminals"
    scope = Scope.HAND
    excludes = Feature.SIMPLE | Feature.HONOR
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & (SIMPLE_PRESENT | HONOR_PRESENT)


def _nine_gates_suit(facts: Facts) -> int:
    """The suit (0-2) of a closed 九蓮宝燈 with no declared set, or -1."""
    present = facts.present
    if facts.melds or present & HONOR_PRESENT:
        return -1
    for suit, mask in enumerate(SUIT_PRESENT):
        if present & mask == present:
            counts = facts.board >> (36 * suit) & _SUIT_FIELDS
            if any((counts >> (4 * rank)) & 0xF < need for rank, need in enumerate(_GATES)):
                return -1
            # Every field holds at least 1112345678999's count, so the difference is exact:
            # it must be one tile.
            extra = counts - _NINE_GATES
            return suit if extra.bit_count() == 1 and (extra.bit_length() - 1) % 4 == 0 else -1
    return -1


class Chuuren(Yakuman):
    """九蓮宝燈: 1112345678999 of one suit plus any tile of it, closed, with no kan."""

    name = "九蓮宝燈"
    en = "Nine gates"
    scope = Scope.HAND
    requires = Feature.STRAIGHT
    excludes = Feature.MELDS | Feature.HONOR | Feature.MULTI_SUIT

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return _nine_gates_suit(facts) >= 0


class ChuurenJunsei(Yakuman):
    """純正九蓮宝燈: 九蓮宝燈 where the winning tile is the extra one (a nine-sided wait)."""

    name = "純正九蓮宝燈"
    en = "True nine gates"
    scope = Scope.HAND
    supersedes = (Chuuren,)
    requires = Feature.STRAIGHT
    excludes = Feature.MELDS | Feature.HONOR | Feature.MULTI_SUIT

    def count(self, facts: Facts, ctx: WinContext) -> int:
        suit = _nine_gates_suit(facts)
        if suit < 0 or facts.win_kind // 9 != suit:
            return False
        return (facts.board - (1 << (4 * facts.win_kind))) >> (36 * suit) & _SUIT_FIELDS == _NINE_GATES


class Suukantsu(Yakuman):
    """四槓子: four kans."""

    name = "四槓子"
    en = "Four kans"
    scope = Scope.HAND
    requires = Feature.KANS4
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.kans == 4


class Tenhou(Yakuman):
    """天和: the dealer wins on the dealt hand."""

    name = "天和"
    en = "Blessing of heaven"
    scope = Scope.HAND
    requires = Feature.TENHOU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.tenhou and ctx.tsumo


class Chiihou(Yakuman):
    """地和: a non-dealer wins on their first draw, with no call before it."""

    name = "地和"
    en = "Blessing of earth"
    scope = Scope.HAND
    requires = Feature.CHIIHOU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.chiihou and ctx.tsumo


class RenhouYakuman(Yakuman):
    """人和 (as a yakuman): a non-dealer's ron before their first draw, no call before it."""

    name = "人和"
    en = "Blessing of man"
    scope = Scope.HAND
    requires = Feature.RENHOU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.renhou and not ctx.tsumo
