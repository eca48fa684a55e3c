"""Points, chips and the deposits on the table, with the totals they must keep."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Ledger", "split_noten_penalty"]


def split_noten_penalty(tenpai: Sequence[bool], penalty: int) -> list[int]:
    """「ノーテン罰符は場に…」: the no-ten seats pay ``penalty`` in all, shared among them, and the
    tenpai seats share it; nothing moves when everyone or nobody is tenpai.

    >>> split_noten_penalty([True, False, False], 4_000), split_noten_penalty([True, True, False], 48)
    ([4000, -2000, -2000], [24, 24, -48])
    """
    ready = sum(tenpai)
    if not 0 < ready < len(tenpai):
        return [0] * len(tenpai)
    return [penalty // ready if is_ready else -penalty // (len(tenpai) - ready) for is_ready in tenpai]


@dataclass
class Ledger:
    """Every seat's points and chips, and the points lying on the table (riichi sticks).

    Points move between seats, into ``deposits`` and out again, so ``sum(points) + deposits``
    stays at ``total`` — plus whatever a variant ``created`` from nothing (いなげ's tsumo adds
    to the winner and takes from nobody). Chips are a second ledger that always sums to zero.

    >>> ledger = Ledger.start([25_000] * 4)
    >>> ledger.deposit(0, 1_000); ledger.pay([0, 3_000, -3_000, 0]); ledger.points, ledger.deposits
    ([24000, 28000, 22000, 25000], 1000)
    >>> ledger.balanced
    True
    """

    points: list[int]
    chips: list[int]
    total: int
    deposits: int = 0
    created: int = 0
    """Points that came from no seat's pocket (いなげ's tsumo and 流し満貫)."""

    @classmethod
    def start(cls, points: Sequence[int], *, deposits: int = 0) -> Ledger:
        """A ledger at the start of a game (or of a rigged hand)."""
        return cls(list(points), [0] * len(points), sum(points) + deposits, deposits=deposits)

    def pay(self, points: Sequence[int], chips: Sequence[int] = ()) -> None:
        """Apply one settlement, seat by seat."""
        for seat, change in enumerate(points):
            self.points[seat] += change
        for seat, change in enumerate(chips):
            self.chips[seat] += change

    def create(self, seat: int, points: int) -> None:
        """Give ``seat`` points nobody pays."""
        self.points[seat] += points
        self.created += points

    def deposit(self, seat: int, points: int) -> None:
        """``seat`` puts points on the table (a riichi stick)."""
        self.points[seat] -= points
        self.deposits += points

    def refund(self, seat: int, points: int) -> None:
        """Hand a deposit back to the seat that made it."""
        self.points[seat] += points
        self.deposits -= points

    def release(self) -> int:
        """Take every deposit off the table, for a settlement to hand to its winner."""
        taken, self.deposits = self.deposits, 0
        return taken

    def collect(self, seat: int) -> int:
        """``seat`` takes every deposit on the table; returns how much."""
        taken, self.deposits = self.deposits, 0
        self.points[seat] += taken
        return taken

    @property
    def expected_total(self) -> int:
        """What ``sum(points)`` must be now."""
        return self.total + self.created - self.deposits

    @property
    def balanced(self) -> bool:
        """Whether no point and no chip was lost or made up."""
        return sum(self.points) == self.expected_total and sum(self.chips) == 0
