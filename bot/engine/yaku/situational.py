"""Yaku of the situation: how and when the hand was won, not what it holds."""

from __future__ import annotations

from bot.engine.yaku.base import Facts, Feature, Scope, Yaku
from bot.engine.yaku.context import WinContext

__all__ = [
    "Chankan",
    "DoubleRiichi",
    "Haitei",
    "Houtei",
    "Ippatsu",
    "MenzenTsumo",
    "Renhou",
    "Riichi",
    "Rinshan",
]


class Riichi(Yaku):
    """立直: a declared riichi (a ダブル立直 counts here too, and then drops it)."""

    name = "立直"
    en = "Riichi"
    scope = Scope.HAND
    requires = Feature.RIICHI
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.riichi or ctx.double_riichi


class DoubleRiichi(Yaku):
    """ダブル立直: riichi declared on the first discard, before any call."""

    name = "ダブル立直"
    en = "Double riichi"
    scope = Scope.HAND
    supersedes = (Riichi,)
    requires = Feature.DOUBLE_RIICHI
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.double_riichi


class Ippatsu(Yaku):
    """一発: a win within one go-around of riichi, with no call in between."""

    name = "一発"
    en = "Ippatsu"
    scope = Scope.HAND
    requires = Feature.IPPATSU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.ippatsu


class MenzenTsumo(Yaku):
    """門前清自摸和: a self-drawn win with a closed hand."""

    name = "門前清自摸和"
    en = "Fully concealed hand"
    scope = Scope.HAND
    requires = Feature.TSUMO
    excludes = Feature.OPEN
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.tsumo and facts.closed


class Rinshan(Yaku):
    """嶺上開花: a win on the replacement tile drawn after a kan."""

    name = "嶺上開花"
    en = "After a kan"
    scope = Scope.HAND
    requires = Feature.RINSHAN
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.rinshan and ctx.tsumo


class Chankan(Yaku):
    """槍槓: a ron on the tile another player adds to a pon (加槓)."""

    name = "槍槓"
    en = "Robbing a kan"
    scope = Scope.HAND
    requires = Feature.CHANKAN
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.chankan and not ctx.tsumo


class Haitei(Yaku):
    """海底摸月: a self-drawn win on the last tile of the wall."""

    name = "海底摸月"
    en = "Under the sea"
    scope = Scope.HAND
    requires = Feature.HAITEI
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.haitei and ctx.tsumo


class Houtei(Yaku):
    """河底撈魚: a ron on the last discard of the hand."""

    name = "河底撈魚"
    en = "Under the river"
    scope = Scope.HAND
    requires = Feature.HOUTEI
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.houtei and not ctx.tsumo


class Renhou(Yaku):
    """人和: a non-dealer's ron before their first draw, no call before it (optional; see also
    :class:`~bot.engine.yaku.yakuman.RenhouYakuman`)."""

    name = "人和"
    en = "Blessing of man"
    scope = Scope.HAND
    requires = Feature.RENHOU
    exact = True

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.renhou and not ctx.tsumo
