"""How dangerous each tile is against the riichi hands at a table, read from one seat's view.

The estimate is a deal-in chance in percent per riichi hand, built from the wait shapes that
could still take the tile, each weighted by how often such waits occur (the weights reproduce
the well-known Tenhou figures: a middle tile no one has cut deals in about one time in eight, a
suji terminal about one in seventy, an honour with two copies out about one in a hundred):

* 現物 (genbutsu): the riichi hand's own discards, and every tile anyone discarded after the
  declaration that it let pass (a riichi hand that passes its winning tile is furiten for good),
  are safe: 0.
* 筋 (suji): a two-sided wait on the tile is dead when its other side is 現物.
* 壁 (kabe) and one-chance: a shape needs its tiles; with every copy of a neighbour in sight
  (rivers, melds, indicators, set aside, the seat's own hand) that shape cannot exist, with one
  copy left it is unlikely.
* Pairs and single waits on the tile itself, and honours, by how many copies are still unseen.
* An open riichi's waits (shown to the table) are known exactly.

Only the view is read (what the seat may see); the copies per kind come from the variant's
:class:`~bot.engine.shapes.ShapeRules`, so eight-copy sets and missing suits count right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.shapes import ShapeRules, count_of, pack
from bot.engine.tiles import NUM_STANDARD_KINDS, is_honor
from bot.engine.views import SeatPublic, SeatView

__all__ = ["Threat", "TileDanger", "read_threats"]

# Deal-in weight (percent) of each kind of wait that could take the tile, while it is live.
TWO_SIDED = 4.5
"""両面: 34 waiting on 2 or 5, the most common riichi wait."""
CLOSED = 1.0
"""嵌張 (13 waiting on 2) and 辺張 (12 waiting on 3)."""
PAIR_BY_UNSEEN = (0.0, 0.5, 1.2, 1.8)
"""シャンポン and 単騎 on a number, by unseen copies (0, 1, 2, 3+)."""
HONOUR_BY_UNSEEN = (0.0, 0.8, 2.5, 5.5)
"""An honour can only be waited on as a pair or alone, but such waits are common."""
ONE_CHANCE = 0.35
"""How much of a shape is left when only one copy of a tile it needs is unseen."""


@dataclass(frozen=True, slots=True)
class Threat:
    """One riichi hand, as the seat reading the table sees it."""

    seat: int
    dealer: bool
    safe: frozenset[int]
    """Kinds that cannot deal in to it: its discards and what it let pass since declaring."""
    open_waits: tuple[int, ...] | None = None
    """Its waits, when the variant shows them (an open riichi)."""


@dataclass(frozen=True, slots=True)
class TileDanger:
    """Deal-in estimates for every kind against every riichi hand at the table."""

    threats: tuple[Threat, ...]
    unseen: tuple[int, ...]
    """Copies of each kind the reading seat cannot see (not in its hand nor anywhere public)."""
    shapes: ShapeRules

    def __bool__(self) -> bool:
        return bool(self.threats)

    def percent(self, kind: int) -> float:
        """The chance (percent, summed over the riichi hands) that discarding ``kind`` deals in."""
        return sum(self.against(threat, kind) for threat in self.threats)

    def against(self, threat: Threat, kind: int) -> float:
        """The chance (percent) that discarding ``kind`` deals in to ``threat``."""
        if kind >= NUM_STANDARD_KINDS or kind in threat.safe:
            return 0.0
        if threat.open_waits is not None:
            return 100.0 if kind in threat.open_waits else 0.0
        unseen = self.unseen
        if is_honor(kind):
            return HONOUR_BY_UNSEEN[min(unseen[kind], 3)]
        danger = PAIR_BY_UNSEEN[min(unseen[kind], 3)]
        rank = kind % 9 + 1
        # The two shapes beside the tile: (k+1, k+2) and (k-2, k-1). Each is two-sided when the
        # run can also end on the far side (k+3 or k-3), which must then not be 現物.
        for near, far, other_end, edge in ((1, 2, 3, rank <= 6), (-1, -2, -3, rank >= 4)):
            if not 1 <= rank + far <= 9:
                continue
            live = self._shape_chance(kind + near, kind + far)
            if not live:
                continue
            if edge and self.shapes.limits[kind + other_end] > 0:
                if kind + other_end not in threat.safe:
                    danger += TWO_SIDED * live
            else:
                danger += CLOSED * live
        if 2 <= rank <= 8:
            danger += CLOSED * self._shape_chance(kind - 1, kind + 1)
        return danger

    def _shape_chance(self, first: int, second: int) -> float:
        """How likely a riichi hand holds both tiles of a shape (1, less with one copy left, 0)."""
        if self.shapes.limits[first] == 0 or self.shapes.limits[second] == 0:
            return 0.0
        least = min(self.unseen[first], self.unseen[second])
        return 0.0 if least == 0 else ONE_CHANCE if least == 1 else 1.0


def visible_board(view: SeatView) -> int:
    """Every tile the seat sees outside its hand: rivers, melds, indicators, tiles set aside."""
    public = view.public
    kinds = [entry.tile.kind for seat in public.seats for entry in seat.river if not entry.called]
    kinds += [tile.kind for seat in public.seats for meld in seat.melds for tile in meld.tiles]
    kinds += [tile.kind for tile in public.dora_indicators]
    kinds += [tile.kind for seat in public.seats for tile in seat.set_aside]
    return pack(kinds)


def _threat(reader: int, seat: SeatPublic, seats: Sequence[SeatPublic]) -> Threat:
    safe = {entry.tile.kind for entry in seat.river}
    declared = next((entry.order for entry in seat.river if entry.riichi), None)
    if declared is not None:
        # Discarded after the declaration and not won on: furiten for the rest of the hand.
        safe |= {entry.tile.kind for other in seats for entry in other.river if entry.order > declared}
    return Threat(
        seat=seat.seat,
        dealer=seat.dealer,
        safe=frozenset(safe),
        open_waits=seat.open_waits or None,
    )


def read_threats(view: SeatView, shapes: ShapeRules, hand_board: int) -> TileDanger:
    """The danger of every tile to ``view``'s seat, whose hand is ``hand_board``."""
    seats = view.public.seats
    threats = tuple(_threat(view.seat, seat, seats) for seat in seats if seat.riichi and seat.seat != view.seat)
    seen = visible_board(view) + hand_board
    unseen = tuple(max(0, shapes.limits[kind] - count_of(seen, kind)) for kind in range(NUM_STANDARD_KINDS))
    return TileDanger(threats, unseen, shapes)
