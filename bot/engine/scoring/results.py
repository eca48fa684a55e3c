"""What scoring a win gives: the payment a points table sets, the scored hand, or why there is
no win; and the score lines that count dora, not yaku."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from bot.engine.views import YakuLine
from bot.engine.yaku.base import YakuHit

__all__ = ["DORA_LINES", "DORA_NAMES", "HandScore", "NoWin", "Payment"]


class Payment(NamedTuple):
    """What a points table says a win is worth, before honba and riichi sticks.

    On a ron the discarder pays ``ron``. On a tsumo the dealer pays ``tsumo_dealer`` (0 when the
    winner is the dealer) and each other player ``tsumo_non_dealer``. ``total`` is what the
    winner receives; ``limit`` names the limit hand (``"満貫"``…) or is empty.
    """

    ron: int
    tsumo_dealer: int
    tsumo_non_dealer: int
    total: int
    limit: str = ""


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored win.

    ``han`` counts yaku and dora (0 for a yakuman hand, whose weight is ``yakuman``); ``fu``
    is None for a yakuman hand. ``yaku`` lists the yaku in table order, then the dora.
    ``payment`` says who pays what for the hand (its fields are also readable here:
    ``score.ron``, ``score.total``…); ``honba`` and ``deposits`` are what the winner receives
    on top of ``total`` (:attr:`received`).
    """

    han: int
    fu: int | None
    yaku: tuple[YakuHit, ...]
    yakuman: int
    payment: Payment
    honba: int = 0
    deposits: int = 0

    @property
    def ron(self) -> int:
        """What the discarder pays on a ron (before honba)."""
        return self.payment.ron

    @property
    def tsumo_dealer(self) -> int:
        """What the dealer pays on a non-dealer's tsumo (before honba)."""
        return self.payment.tsumo_dealer

    @property
    def tsumo_non_dealer(self) -> int:
        """What each non-dealer pays on a tsumo (before honba)."""
        return self.payment.tsumo_non_dealer

    @property
    def total(self) -> int:
        """What the winner receives for the hand, before honba and riichi sticks."""
        return self.payment.total

    @property
    def limit(self) -> str:
        """The limit hand's name (``"満貫"``, ``"役満"``…), or empty."""
        return self.payment.limit

    @property
    def received(self) -> int:
        """Everything the winner receives: the hand, honba and the riichi sticks."""
        return self.payment.total + self.honba + self.deposits

    def lines(self) -> tuple[YakuLine, ...]:
        """The yaku (and dora) as a result card lists them."""
        return tuple(YakuLine(hit.name, hit.en, hit.han, hit.yakuman) for hit in self.yaku)


@dataclass(frozen=True, slots=True)
class NoWin:
    """Why a hand scores nothing: :attr:`NOT_COMPLETE` or :attr:`NO_YAKU`."""

    reason: str

    NOT_COMPLETE: ClassVar[str] = "not a complete hand"
    NO_YAKU: ClassVar[str] = "no yaku"


DORA_NAMES = (("ドラ", "Dora"), ("裏ドラ", "Ura dora"), ("赤ドラ", "Red five"), ("抜きドラ", "Nuki dora"))
"""The dora lines' names in Japanese and English, in the order a score lists them."""
DORA_LINES = frozenset(name for name, _ in DORA_NAMES)
"""The names of the score lines that count dora, not yaku (they follow the yaku in
:attr:`HandScore.yaku`)."""
