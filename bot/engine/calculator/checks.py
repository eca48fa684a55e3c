"""What every calculator checks of the tiles it was given: no more copies of a kind than the
variant's set holds, and a hand of the size a win has."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.calculator.request import CalcError
from bot.engine.tiles import kind_name

__all__ = ["check_hand_size", "check_tile_limits"]


def check_tile_limits(kinds: Iterable[int], limits: Sequence[int], variant: str, note: str = "") -> None:
    """Refuse more copies of a kind than the variant's set has (``note`` says more, if anything)."""
    held = list(kinds)
    for kind in set(held):
        if held.count(kind) > limits[kind]:
            raise CalcError(f"{held.count(kind)} × {kind_name(kind)}: the {variant} set has {limits[kind]}{note}")


def check_hand_size(count: int, melds: int, *, sets: int = 4, what: str = "a win") -> None:
    """Refuse a hand that is not ``sets`` sets and a pair with its melds (``what``: whose win)."""
    size = 3 * (sets - melds) + 2
    if count != size:
        raise CalcError(f"--hand has {count} tiles; with {melds} melds {what} has {size}")
