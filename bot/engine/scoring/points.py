"""Points tables: han, fu and yakuman weight into payments, one table per scoring system; the
baseline's :class:`StandardPoints`."""

from __future__ import annotations

import abc
from dataclasses import dataclass

from bot.engine.scoring.results import Payment

__all__ = ["PointsTable", "StandardPoints"]


class PointsTable(abc.ABC):
    """Turns han, fu and yakuman weight into payments; one per scoring system.

    ``honba_ron`` is added to a ron per honba, ``honba_tsumo`` to each tsumo payment per honba,
    and ``deposit`` is the value of one riichi stick. :meth:`payment` must be a pure function
    of its arguments: the scorer asks once per distinct question and remembers the answer.
    """

    honba_ron: int = 300
    honba_tsumo: int = 100
    deposit: int = 1000

    @property
    def uses_fu(self) -> bool:
        """Whether a score's fu mean anything to this table, so a result shows them (二色麻雀's flat
        table has none)."""
        return True

    @abc.abstractmethod
    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        """The payments for a win of ``han`` han and ``fu`` fu, or of ``yakuman`` weight;
        ``players`` counts the winner and everyone who pays a tsumo."""


_YAKUMAN_NAMES = ("役満", "ダブル役満", "トリプル役満", "四倍役満", "五倍役満", "六倍役満")


@dataclass(frozen=True, slots=True)
class StandardPoints(PointsTable):
    """Baseline B4: base points ``fu × 2^(han+2)``, limits from 満貫, payments rounded up to 100.

    ``kazoe`` scores 13 han and more as a yakuman (else as 三倍満); ``yakuman_cap`` caps the
    total yakuman weight (6, as ``mahjong`` does). A ron adds ``honba_ron`` per honba, a tsumo
    ``honba_tsumo`` per honba to each payment; a riichi stick is worth ``deposit``.

    >>> StandardPoints().payment(3, 30, 0, dealer=False, tsumo=False, players=4, kiriage=False)
    Payment(ron=3900, tsumo_dealer=0, tsumo_non_dealer=0, total=3900, limit='')
    >>> StandardPoints().payment(0, None, 1, dealer=True, tsumo=True, players=4, kiriage=False).tsumo_non_dealer
    16000
    """

    honba_ron: int = 300
    honba_tsumo: int = 100
    deposit: int = 1000
    kazoe: bool = True
    yakuman_cap: int = 6

    def base_points(self, han: int, fu: int | None, yakuman: int, *, kiriage: bool = False) -> tuple[int, str]:
        """The base points ``b`` and the limit's name."""
        if yakuman:
            weight = min(yakuman, self.yakuman_cap)
            return 8000 * weight, _YAKUMAN_NAMES[min(weight, len(_YAKUMAN_NAMES)) - 1]
        if han >= 5:
            if han >= 13:
                return (8000, "数え役満") if self.kazoe else (6000, "三倍満")
            if han >= 11:
                return 6000, "三倍満"
            if han >= 8:
                return 4000, "倍満"
            if han >= 6:
                return 3000, "跳満"
            return 2000, "満貫"
        base = (fu or 0) << (han + 2)
        if base >= 2000 or (kiriage and base == 1920):
            return 2000, "満貫"
        return base, ""

    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        base, limit = self.base_points(han, fu, yakuman, kiriage=kiriage)
        if not tsumo:
            ron = -(-base * (6 if dealer else 4) // 100) * 100
            return Payment(ron, 0, 0, ron, limit)
        if dealer:
            each = -(-base * 2 // 100) * 100
            return Payment(0, 0, each, each * (players - 1), limit)
        from_dealer = -(-base * 2 // 100) * 100
        each = -(-base // 100) * 100
        return Payment(0, from_dealer, each, from_dealer + each * (players - 2), limit)
