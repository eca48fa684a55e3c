"""チンイツゲーム's winning shapes over its tile set: pinzu and souzu ×8, 1m 9m and honours ×4.

The game keeps one tile set for the whole game holding both number suits (180 tiles) and plays
108 of them each hand, the other suit set aside: 「ピンズとソーズは一〜九を使用し、各8枚」
「1局1局をピンズだらけとソーズだらけを交互に行います」. Shapes are those of the baseline plus
two: 七対子 may use a kind up to four times (「七対子は8枚使いまであり」, CHN-A2) and 国士無双 is
14 么九 tiles holding all 11 kinds the hand's set has (CHN-A5).

>>> from bot.engine.shapes import hand
>>> shapes = chinitsu_shapes()
>>> shapes.limits[Kind.P1], shapes.limits[Kind.S9], shapes.limits[Kind.M1], shapes.limits[Kind.M2]
(8, 8, 4, 0)
>>> shapes.is_agari(hand("11112233445566p"))  # 1p used four times: two of the seven pairs
True
"""

from __future__ import annotations

import functools

from bot.engine.shapes import CHINITSU_KOKUSHI, SEVEN_PAIRS_REPEATED, PairsForm, ShapeRules
from bot.engine.tiles import NUM_KINDS, Kind, Suit

__all__ = ["PAIRS_TWO_DOUBLED", "chinitsu_limits", "chinitsu_shapes"]

NUMBER_COPIES = 8
"""Each pinzu and souzu kind: 4 blue and 4 yellow."""
OTHER_COPIES = 4
"""1m, 9m and each honour: 2 blue and 2 yellow."""

PAIRS_TWO_DOUBLED = PairsForm("七対子", pairs=7, repeats=True, doubled=2)
"""CHN-A2's alternative (``repeated_pairs`` off): two kinds may be used four times, no more."""

_SUIT_START = {Suit.PIN: Kind.P1, Suit.SOU: Kind.S1}


def chinitsu_limits(suit: Suit | None = None) -> tuple[int, ...]:
    """Copies of each kind: the whole game's set (``suit`` None: both number suits ×8), or one
    hand's 108 tiles (that suit ×8, the other absent)."""
    if suit is not None and suit not in _SUIT_START:
        raise ValueError("the chinitsu game alternates pinzu and souzu hands")
    limits = [0] * NUM_KINDS
    for kind in (Kind.M1, Kind.M9, *range(Kind.EAST, Kind.RED + 1)):
        limits[kind] = OTHER_COPIES
    for start in (_SUIT_START[suit],) if suit is not None else _SUIT_START.values():
        for kind in range(start, start + 9):
            limits[kind] = NUMBER_COPIES
    return tuple(limits)


@functools.cache
def chinitsu_shapes(*, repeated_pairs: bool = True, kokushi: bool = True, suit: Suit | None = None) -> ShapeRules:
    """The shapes of the game's tile set (``suit`` None), or of one hand's (``suit`` the active
    suit).

    ``repeated_pairs`` (CHN-A2): a kind may make up to four pairs of 七対子; off, at most two
    kinds may make two. ``kokushi`` (CHN-A5): 14 么九 tiles holding all 11 kinds; off, none.

    A hand only ever holds one number suit, so over the whole set a hand's shape is the same as
    over its own 108 tiles, with one exception: the other suit's 1 and 9 are 么九 kinds the
    whole set has, so :meth:`~bot.engine.shapes.ShapeRules.waits` and ``ukeire`` of a hand one
    tile short of 国士 also list them (tiles set aside this hand). Ask the hand's own shapes
    (``suit=``) for waits, tenpai and ukeire; the scorer may use either.
    """
    return ShapeRules(
        limits=chinitsu_limits(suit),
        pairs=SEVEN_PAIRS_REPEATED if repeated_pairs else PAIRS_TWO_DOUBLED,
        kokushi=CHINITSU_KOKUSHI if kokushi else None,
    )
