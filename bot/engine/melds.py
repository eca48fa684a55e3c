"""Called and declared sets: chi, pon and the three kinds of kan."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.engine.tiles import kind_name

__all__ = ["Meld", "MeldType"]


class MeldType(enum.Enum):
    """How a set was made."""

    CHI = "chi"
    """A run claimed from the player before you."""
    PON = "pon"
    """A triplet claimed from any player's discard."""
    ANKAN = "ankan"
    """A concealed kan: four of a kind from your own hand (not an open meld)."""
    MINKAN = "minkan"
    """大明槓: three in hand plus another player's discard."""
    KAKAN = "kakan"
    """加槓: a fourth tile added to your own pon."""


@dataclass(frozen=True, slots=True)
class Meld:
    """One set on the table.

    ``kind`` is the lowest kind for a chi and the kind for pon and kans. ``tiles`` are the
    physical tile ids when the meld comes from a game (empty in the calculator), ``called`` the
    id taken from another player and ``from_seat`` whose discard it was. チンイツゲーム extends
    a kan past four tiles, so ``size`` may exceed 4 there.
    """

    type: MeldType
    kind: int
    tiles: tuple[int, ...] = ()
    called: int | None = None
    from_seat: int | None = None
    size: int = 0

    def __post_init__(self) -> None:
        if not self.size:
            object.__setattr__(self, "size", 4 if self.is_kan else 3)

    @property
    def is_open(self) -> bool:
        """Every meld but a concealed kan opens the hand."""
        return self.type is not MeldType.ANKAN

    @property
    def is_kan(self) -> bool:
        """Any of the three kans."""
        return self.type in (MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN)

    @property
    def is_run(self) -> bool:
        """A chi."""
        return self.type is MeldType.CHI

    def kinds(self) -> tuple[int, ...]:
        """The kind of every tile in the meld, in order."""
        if self.is_run:
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,) * self.size

    def __str__(self) -> str:
        return f"{self.type.value}:{''.join(kind_name(k)[0] for k in self.kinds())}{kind_name(self.kind)[1]}"
