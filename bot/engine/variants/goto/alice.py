"""冬's アリス and 半チューリップ (spec §4.6): tiles flipped one by one until one matches nothing.

「冬: 和了時アリス(現物1枚につき門前2枚・副露1枚、途切れるまで続行)」: each flipped tile pays, from
each payer, 2 chips (closed hand) or 1 (open) per tile of its kind in the winning hand; the run
ends at the first tile that matches nothing, or when no tile is left to flip. 「※即ツモor白ポッチ
ツモ時は半チューリップ(現物+上or下1枚につき2枚)」: after an ippatsu tsumo or a 白ポッチ tsumo each
flip also counts one neighbour of its kind (the better of up and down, the bot choosing for the
winner), 2 chips a tile; 「即ポは半チューリップでストック1回」: the 即ポ's stock is a free flip
after the first miss (GTS-A6). A flipped 北 or flower is a miss (GTS-A15).

The game gives the flip sequence (§4.6: the dead-wall tiles where the next kan indicators would
be, the rest of the dead wall, then the live wall from its end), so a replay flips the same tiles.

>>> from bot.engine.shapes import hand
>>> run = alice(hand("111p555s999m11z22z"), [Kind.P1, Kind.S5, Kind.P2], closed=True)
>>> [(flip.matches, flip.chips) for flip in run.flips], run.chips
([(3, 6), (3, 6), (0, 0)], 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.shapes import count_of
from bot.engine.tiles import Kind, Suit, kind_of, suit_of

__all__ = ["AliceRun", "Flip", "alice", "neighbours"]

_WINDS = (Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH)
_DRAGONS = (Kind.WHITE, Kind.GREEN, Kind.RED)


@dataclass(frozen=True, slots=True)
class Flip:
    """One flipped tile: its position in the sequence, its kind, the winning hand's tiles it
    matched (with the chosen neighbour on a 半チューリップ) and its chips from each payer."""

    position: int
    kind: int
    matches: int
    chips: int
    stocked: bool = False


@dataclass(frozen=True, slots=True)
class AliceRun:
    """A whole run: アリス or 半チューリップ, the flips in order, the chips from each payer."""

    half_tulip: bool
    flips: tuple[Flip, ...]

    @property
    def chips(self) -> int:
        return sum(flip.chips for flip in self.flips)

    @property
    def name(self) -> str:
        return "半チューリップ" if self.half_tulip else "アリス"


def neighbours(kind: int) -> tuple[int, int]:
    """The kinds one up and one down, wrapping as dora do: 1↔9 in p and s, 1m↔9m (sanma has no
    2m–8m), 東→南→西→北→東, 白→發→中→白.

    >>> [neighbours(kind) for kind in (Kind.P1, Kind.M9, Kind.NORTH, Kind.WHITE)] == [
    ...     (Kind.P2, Kind.P9), (Kind.M1, Kind.M1), (Kind.EAST, Kind.WEST), (Kind.GREEN, Kind.RED)]
    True
    """
    for cycle in (_WINDS, _DRAGONS):
        if kind in cycle:
            index = cycle.index(kind)
            return cycle[(index + 1) % len(cycle)], cycle[(index - 1) % len(cycle)]
    suit = suit_of(kind)
    if suit is Suit.MAN:
        other = Kind.M9 if kind == Kind.M1 else Kind.M1
        return other, other
    number = kind - kind_of(suit, 1) + 1
    return kind_of(suit, number % 9 + 1), kind_of(suit, (number - 2) % 9 + 1)


def _matches(board: int, kind: int, half_tulip: bool) -> int:
    if kind >= Kind.SPRING or kind == Kind.NORTH:
        return 0
    own = count_of(board, kind)
    if not half_tulip:
        return own
    up, down = neighbours(kind)
    return own + max(count_of(board, up), count_of(board, down))


def alice(board: int, sequence: Sequence[int], *, closed: bool, half_tulip: bool = False, stock: int = 0) -> AliceRun:
    """Flip ``sequence`` (kinds, in order) against the winning hand's ``board`` (every tile of
    it: concealed, melds and the winning tile). ``stock`` free flips follow the first miss.

    >>> from bot.engine.shapes import hand
    >>> run = alice(hand("123p456p789s11m555z"), [Kind.P4, Kind.S3, Kind.WHITE], closed=False,
    ...             half_tulip=True, stock=1)
    >>> [(flip.matches, flip.chips, flip.stocked) for flip in run.flips]
    [(2, 4, False), (0, 0, False), (3, 6, True)]
    """
    flips: list[Flip] = []
    per_tile = 2 if closed or half_tulip else 1
    stocks = stock
    stocked = False
    for position, kind in enumerate(sequence):
        matched = _matches(board, kind, half_tulip)
        flips.append(Flip(position, kind, matched, matched * per_tile, stocked))
        stocked = False
        if not matched:
            if not stocks:
                break
            stocks -= 1
            stocked = True
    return AliceRun(half_tulip, tuple(flips))
