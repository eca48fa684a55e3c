"""ずーの's yaku table and scorer: the baseline 4-player table with 切り上げ満貫 (「30符4翻は切り上げ
満貫」), plus 零発, the one yaku of its own: 2 han instead of 一発 for a ron in the declaration
round's simultaneous discard. Honba pay chips, not points (「300でも1500でもなくチップ1枚」), so
the points table adds nothing per honba.
"""

from __future__ import annotations

from bot.engine.scoring import Scorer, ScoringRules, StandardPoints
from bot.engine.shapes import ShapeRules
from bot.engine.yaku.base import Facts, Feature, Scope, Yaku
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.situational import Ippatsu
from bot.engine.yaku.table import STANDARD_YAKU, YakuValue

__all__ = ["ZERO_HATSU", "ZUNO_YAKU", "Zerohatsu", "ZunoScorer"]

ZERO_HATSU = "zerohatsu"
"""The :attr:`WinContext.flags` entry that marks a 零発 ron."""


class Zerohatsu(Yaku):
    """零発: a riichi declarer's ron in the declaration round's 一斉打牌 (2 han, replaces 一発)."""

    name = "零発"
    en = "Zero-hatsu"
    scope = Scope.HAND
    requires = Feature.RIICHI
    supersedes = (Ippatsu,)

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ZERO_HATSU in ctx.flags and not ctx.tsumo


ZUNO_YAKU = STANDARD_YAKU.inserted(Ippatsu, {Zerohatsu: YakuValue.han(2)})
"""Baseline B2 (single yakuman) plus 零発, listed right after 一発."""


class ZunoScorer(Scorer):
    """Scores a ずーの win, or says it is none (not complete, or no yaku)."""

    def __init__(self, shapes: ShapeRules) -> None:
        # Honba are chips here, and deposits are settled by the game (sticks of 1,000 and 10,000).
        super().__init__(
            ScoringRules(
                shapes=shapes,
                yaku=ZUNO_YAKU,
                points=StandardPoints(honba_ron=0, honba_tsumo=0, deposit=0),
                kiriage=True,
                nuki_kind=None,
            )
        )
