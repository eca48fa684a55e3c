"""What every calculator checks of the tiles it was given (no more copies of a kind than the
variant's set holds, a hand of the size a win has), and what every three-player table refuses
(チンイツゲーム, 5等三麻: their sets have no 2m–8m, nobody sits North, 北 is pulled)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from bot.engine.calculator.request import CalcError, CalcRequest
from bot.engine.tiles import Kind, Suit, kind_name, suit_of

__all__ = ["THREE_PLAYER_SEATS", "check_hand_size", "check_three_player_table", "check_tile_limits", "check_two_manzu"]

THREE_PLAYER_SEATS = frozenset({Kind.EAST, Kind.SOUTH, Kind.WEST})
"""Where three players sit: there is no North seat."""


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


def check_three_player_table(
    request: CalcRequest, *, nuki: int, honba: int, rounds: Collection[int], round_rule: str
) -> None:
    """Refuse what a three-player table that pulls 北 never has: more 北 pulled than the set
    holds (``nuki``), negative honba, the North seat, and a round it does not play (``round_rule``
    says which it does)."""
    if not 0 <= nuki <= 4:
        raise CalcError("--nuki: between 0 and 4 北 can be pulled")
    if honba < 0:
        raise CalcError("--honba cannot be negative")
    if request.seat not in THREE_PLAYER_SEATS:
        raise CalcError("--seat: three players sit East, South and West (there is no North seat)")
    if request.round not in rounds:
        raise CalcError(f"--round: {round_rule}")


def check_two_manzu(kinds: Iterable[int], variant: str) -> None:
    """Refuse 2m–8m, which a three-player set leaves out (its manzu are 1m and 9m)."""
    for kind in sorted(set(kinds)):
        if suit_of(kind) is Suit.MAN and kind not in (Kind.M1, Kind.M9):
            raise CalcError(f"{kind_name(kind)}: the {variant} set has no 2m–8m (its manzu are 1m and 9m)")
