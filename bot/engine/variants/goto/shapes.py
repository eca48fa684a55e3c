"""5等三麻's winning shapes over its 124 tiles (seed 003, spec §4.1, §4.3, §4.9).

The sanma 108 (1m and 9m, no 2m–8m) with four of each kind; the 16 flowers and the pulled 北
are never part of a shape (flowers are pulled at once, 北 stays only for the yakuman that allow
it, which :mod:`.yaku` checks). 白ポッチ is a 白 here: a board counts kinds, not tiles. The red
and gold fives are fives. 国士無双 is the usual 13 kinds, which sanma has (1m 9m 1p 9p 1s 9s and
the seven honours). 七対子 may use a kind's four tiles as two pairs: that is アメリカ七対子
(「4枚使い七対子は4翻、8枚使いは8翻、12枚使いは12翻」), so the pairs form repeats kinds.

>>> from bot.engine.shapes import hand
>>> shapes = goto_shapes()
>>> shapes.limits[Kind.M1], shapes.limits[Kind.M2], shapes.limits[Kind.P5], shapes.limits[Kind.SPRING]
(4, 0, 4, 0)
>>> shapes.is_agari(hand("11112233445566p"))  # 1p's four tiles as two pairs
True
"""

from __future__ import annotations

import functools

from bot.engine.shapes import SEVEN_PAIRS_REPEATED, THIRTEEN_ORPHANS, ShapeRules
from bot.engine.tiles import NUM_KINDS, Kind
from bot.engine.variants.goto.tiles import goto_tileset

__all__ = ["AMERICAN_PAIRS", "goto_limits", "goto_shapes"]

AMERICAN_PAIRS = SEVEN_PAIRS_REPEATED
"""七対子 where a kind may give two pairs (its four tiles): アメリカ七対子 needs no other form."""


@functools.cache
def goto_limits() -> tuple[int, ...]:
    """Copies of each kind a hand can hold: the tile set's, flowers at 0 (never in a hand)."""
    limits = [0] * NUM_KINDS
    for tile in goto_tileset().tiles:
        if tile.kind < Kind.SPRING:
            limits[tile.kind] += 1
    return tuple(limits)


@functools.cache
def goto_shapes() -> ShapeRules:
    """The shapes: sets and a pair, 七対子 with repeated kinds, and 13-kind 国士無双."""
    return ShapeRules(limits=goto_limits(), pairs=AMERICAN_PAIRS, kokushi=THIRTEEN_ORPHANS)
