"""Fu (符), baseline B3: sets, pair and wait, then the base, menzen-ron and tsumo fu.

The scorer sums the fu of sets, the pair and the wait for each reading and wait (``set_fu`` in
:class:`~bot.engine.yaku.base.Facts`) and :meth:`FuRules.total` finishes it.

>>> FuRules().total(0, closed=True, tsumo=True)  # 平和 tsumo
20
>>> FuRules().total(0, closed=False, tsumo=False)  # an open hand with no fu
30
>>> FuRules().total(triplet_fu(27, concealed=True, kan=False), closed=True, tsumo=False)
40
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.tiles import YAOCHU

__all__ = ["WAIT_FU", "FuRules", "triplet_fu"]

WAIT_FU = 2
"""嵌張, 辺張 and 単騎 waits."""


def triplet_fu(kind: int, *, concealed: bool, kan: bool) -> int:
    """Fu of a triplet or kan: 2 for an open simple triplet, doubled for 么九, concealed and kan."""
    fu = 2
    if kind in YAOCHU:
        fu *= 2
    if concealed:
        fu *= 2
    if kan:
        fu *= 4
    return fu


@dataclass(frozen=True, slots=True)
class FuRules:
    """The fu rules that differ between rule sets (defaults: baseline B3 as ``mahjong`` scores it)."""

    pairs_shape: int = 25
    """Fu of a 七対子-type hand, whatever else it holds."""
    valued_pair: int = 2
    """A pair of a dragon, the seat wind or the round wind."""
    double_wind_pair: int = 4
    """A pair of a wind that is both the seat and the round wind (some rules say 2)."""
    pinfu_tsumo: bool = False
    """Give the 2 tsumo fu to a closed hand with no other fu (平和 tsumo becomes 30)."""
    open_pinfu: bool = True
    """An open hand with no fu scores 30, so no 1-han 20-fu hand exists."""

    def pair_fu(self, kind: int, seat_wind: int, round_wind: int) -> int:
        """Fu of the pair (a kind from 1m to 中): dragons, the seat wind and the round wind score."""
        if kind >= 31:
            return self.valued_pair
        if kind < 27:
            return 0
        if kind == seat_wind:
            return self.double_wind_pair if kind == round_wind else self.valued_pair
        return self.valued_pair if kind == round_wind else 0

    def total(self, set_fu: int, *, closed: bool, tsumo: bool) -> int:
        """Finish the fu of a regular reading, rounded up to 10."""
        with_fu, without_fu = self.additions(closed=closed, tsumo=tsumo)
        return -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10

    def additions(self, *, closed: bool, tsumo: bool) -> tuple[int, int]:
        """Fu added to ``set_fu`` before rounding: when it is positive, and when it is 0.

        Base 20 (30 for a closed ron), 2 for tsumo, except that a closed hand with no fu gets
        no tsumo fu (平和 tsumo, 20) and an open one 2 fu "for nothing" (30).
        """
        base = 20 if tsumo or not closed else 30
        with_fu = base + (2 if tsumo else 0)
        without_fu = 2 if tsumo and self.pinfu_tsumo else 0
        if not closed and not without_fu and self.open_pinfu:
            without_fu += 2
        return with_fu, base + without_fu

    def pair_table(self, seat_wind: int, round_wind: int) -> tuple[int, ...]:
        """Pair fu of every kind from 1m to 中 for one seat and round wind."""
        return tuple(self.pair_fu(kind, seat_wind, round_wind) for kind in range(34))
