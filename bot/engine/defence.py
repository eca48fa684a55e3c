"""How dangerous each tile is against the riichi hands at a table, read from one seat's view.

The estimate is a deal-in chance in percent per riichi hand, built from the wait shapes that
could still take the tile, each weighted by how often such waits occur. The weights began as the
well-known Tenhou figures (a middle tile no one has cut deals in about one time in eight, a suji
terminal about one in seventy) and are now fitted by ``python -m bench.danger`` to the deal-ins
of the bench's games, where a riichi comes on the first tenpai whatever its wait, as at most
casual tables: there closed waits are about four times, and pair and single waits about three
times, as common as among Tenhou's riichi hands, and the Tenhou weights called half the deal-ins
that happened (in 二色麻雀 and いなげ麻雀 alike; two-sided waits and honours fitted near them):

* 現物 (genbutsu): the riichi hand's own discards, and every tile anyone discarded after the
  declaration that it let pass (a riichi hand that passes its winning tile is furiten for good),
  are safe: 0.
* 筋 (suji): a two-sided wait on the tile is dead when its other side is 現物.
* 壁 (kabe) and one-chance: a shape needs its tiles; with every copy of a neighbour in sight
  (rivers, melds, indicators, set aside, the seat's own hand) that shape cannot exist, with one
  copy left it is unlikely.
* Pairs and single waits on the tile itself, and honours, by how many copies are still unseen.
* 国士無双 (thirteen orphans), where the variant has it: a hand that waits on terminals and
  honours it need not hold, so a count that rules out a pair says nothing against it. How likely
  a riichi hand is one comes from how often the shape is the nearest at the deal and from what
  the hand discarded up to its declaration (such a hand throws simples).
* An open riichi's waits (shown to the table) are known exactly.
* Where the rules allow a riichi without tenpai (二色麻雀), the chance is scaled by how likely
  the riichi hand is ready. With nothing known of the player that grows with how late it
  declared (on the first discards an honest hand is almost never tenpai); then it follows what
  the player's riichi hands did this game (:class:`RiichiHistory`): an honest riichi wins about
  two times in five, a bluffer's next to never.

Only the view is read (what the seat may see); the copies per kind come from the variant's
:class:`~bot.engine.shapes.ShapeRules`, so eight-copy sets and missing suits count right.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine.shapes import KokushiForm, PairsForm, ShapeRules, count_of, pack
from bot.engine.tiles import NUM_STANDARD_KINDS, YAOCHU, is_honor
from bot.engine.views import SeatPublic, SeatView

__all__ = [
    "DangerParts",
    "RiichiHistory",
    "Threat",
    "TileDanger",
    "hand_board",
    "kokushi_prior",
    "read_threats",
    "visible_board",
]

# Deal-in weight (percent) of each kind of wait that could take the tile, while it is live.
TWO_SIDED = 4.5
"""両面: 34 waiting on 2 or 5, the most common riichi wait (fitted 0.8-1.35 times this)."""
CLOSED = 4.0
"""嵌張 (13 waiting on 2) and 辺張 (12 waiting on 3): fitted 4.05-4.74 times Tenhou's 1.0."""
PAIR_BY_UNSEEN = (0.0, 1.4, 3.2, 4.9)
"""シャンポン and 単騎 on a number, by unseen copies (0, 1, 2, 3+): fitted 2.63-2.97 times
Tenhou's (0, 0.5, 1.2, 1.8)."""
HONOUR_BY_UNSEEN = (0.0, 1.1, 3.5, 7.7)
"""An honour can only be waited on as a pair or alone, but such waits are common: fitted
1.37-1.54 times Tenhou's (0, 0.8, 2.5, 5.5)."""
ONE_CHANCE = 0.35
"""How much of a shape is left when only one copy of a tile it needs is unseen."""
NOTEN_READY_FIRST = 0.3
NOTEN_READY_PER_DISCARD = 0.07
"""Where riichi needs no tenpai: the chance a riichi hand is ready, by its declaration's place in
its river (0.3 on the first discard, 0.72 on the 7th, certain from the 11th)."""
KOKUSHI_WAIT = 0.5
"""The share of terminal and honour kinds a 国士無双 tenpai waits on, about half either way: one
holding its kinds as singles waits to pair any of them (10 of 13 in いなげ麻雀), one with its
pair waits on the kinds it lacks (4 of 13 there; 1 of 13 in the usual form, or all 13)."""
KOKUSHI_ORPHAN_SHARE = 0.15
PLAIN_ORPHAN_SHARE = 0.5
"""Terminals and honours among the discards a hand makes up to its riichi: a 国士無双 hand's
and any other's. Measured 0.11-0.14 and 0.56-0.63 over GREEDY's riichi hands in いなげ麻雀,
then drawn together, since a hand's discards are not independent draws: with these, a river
of seven simples makes a riichi hand there about as likely 国士無双 as it is found to be."""
KOKUSHI_DEALS = 3000
"""Random deals :func:`kokushi_prior` reads (the same ones every time)."""


@dataclass(frozen=True, slots=True)
class Threat:
    """One riichi hand, as the seat reading the table sees it."""

    seat: int
    safe: frozenset[int]
    """Kinds that cannot deal in to it: its discards and what it let pass since declaring."""
    open_waits: tuple[int, ...] | None = None
    """Its waits, when the variant shows them (an open riichi)."""
    ready: float = 1.0
    """The chance it is tenpai at all (below 1 only where riichi does not require it)."""
    kokushi: float = 0.0
    """The chance that, ready, it waits on 国士無双 (0 where the variant has no such shape)."""


@dataclass(frozen=True, slots=True)
class DangerParts:
    """One tile's deal-in chance (percent) against one riichi hand, by the kind of wait that
    would take it: what :meth:`TileDanger.against` adds up, and what ``bench.danger`` weighs
    against the deal-ins that happened."""

    two_sided: float = 0.0
    closed: float = 0.0
    """嵌張 and 辺張."""
    pair: float = 0.0
    """シャンポン and 単騎 on a number."""
    honour: float = 0.0
    kokushi: float = 0.0
    known: float = 0.0
    """An open riichi's shown waits: 100 on them."""

    @property
    def total(self) -> float:
        return self.two_sided + self.closed + self.pair + self.honour + self.kokushi + self.known


NO_DANGER = DangerParts()


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
        plain, kokushi = self._mixture(threat, kind)
        return plain * sum(self._shapes_on(threat, kind)) + kokushi

    def parts(self, threat: Threat, kind: int) -> DangerParts:
        """:meth:`against`, by the kind of wait each part of it comes from."""
        if kind >= NUM_STANDARD_KINDS or kind in threat.safe:
            return NO_DANGER
        if threat.open_waits is not None:
            return DangerParts(known=100.0) if kind in threat.open_waits else NO_DANGER
        plain, kokushi = self._mixture(threat, kind)
        two_sided, closed, pair = self._shapes_on(threat, kind)
        if is_honor(kind):
            return DangerParts(honour=plain * pair, kokushi=kokushi)
        return DangerParts(plain * two_sided, plain * closed, plain * pair, kokushi=kokushi)

    @staticmethod
    def _mixture(threat: Threat, kind: int) -> tuple[float, float]:
        """What the ordinary shapes weigh in a live tile's chance (the hand is ready and not
        国士無双), and the 国士無双 part of that chance (percent)."""
        kokushi = threat.ready * threat.kokushi * KOKUSHI_WAIT * 100 if kind in YAOCHU else 0.0
        return threat.ready * (1 - threat.kokushi), kokushi

    def _shapes_on(self, threat: Threat, kind: int) -> tuple[float, float, float]:
        """The chance (percent) that a ready hand waits on ``kind`` (a number or an honour) with
        a two-sided wait, a closed one, and a pair or single (an honour has only the last)."""
        unseen = self.unseen
        if is_honor(kind):
            return 0.0, 0.0, HONOUR_BY_UNSEEN[min(unseen[kind], 3)]
        pair = PAIR_BY_UNSEEN[min(unseen[kind], 3)]
        two_sided = closed = 0.0
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
                    two_sided += TWO_SIDED * live
            else:
                closed += CLOSED * live
        if 2 <= rank <= 8:
            closed += CLOSED * self._shape_chance(kind - 1, kind + 1)
        return two_sided, closed, pair

    def _shape_chance(self, first: int, second: int) -> float:
        """How likely a riichi hand holds both tiles of a shape (1, less with one copy left, 0)."""
        if self.shapes.limits[first] == 0 or self.shapes.limits[second] == 0:
            return 0.0
        least = min(self.unseen[first], self.unseen[second])
        return 0.0 if least == 0 else ONE_CHANCE if least == 1 else 1.0


def hand_board(view: SeatView) -> int:
    """The seat's concealed tiles, the drawn one included, as a count board."""
    return pack(tile.kind for tile in (*view.hand, *([view.drawn] if view.drawn is not None else [])))


def visible_board(view: SeatView) -> int:
    """Every tile the seat sees outside its hand: rivers, melds, indicators, tiles set aside."""
    public = view.public
    kinds = [entry.tile.kind for seat in public.seats for entry in seat.river if not entry.called]
    kinds += [tile.kind for seat in public.seats for meld in seat.melds for tile in meld.tiles]
    kinds += [tile.kind for tile in public.dora_indicators]
    kinds += [tile.kind for seat in public.seats for tile in seat.set_aside]
    return pack(kinds)


HONEST_RIICHI_WINS = 0.4
"""How often a ready riichi hand wins (about that at Tenhou)."""
BLUFF_RIICHI_WINS = 0.02
"""How often a bluffing riichi (not tenpai when declared) still wins."""


@dataclass
class RiichiHistory:
    """What one seat has seen of the others' riichi hands this game, from its successive views:
    how many hands each declared riichi in, and how many of those it won (its points rose when
    the next hand began). Only where riichi needs no tenpai does it change an estimate."""

    declared: Counter[int] = field(default_factory=Counter)
    won: Counter[int] = field(default_factory=Counter)
    _hand: tuple[str, int, int] | None = None
    _tiles_left: int = 0
    _riichi: set[int] = field(default_factory=set)
    _points: tuple[int, ...] = ()

    def observe(self, view: SeatView) -> None:
        """Take in one view; call it with every view the seat decides on, in order."""
        public = view.public
        dealer = next((seat.seat for seat in public.seats if seat.dealer), -1)
        hand = (public.round_label, public.honba, dealer)
        points = tuple(seat.points for seat in public.seats)
        if self._hand is not None and (hand != self._hand or public.tiles_left > self._tiles_left):
            for seat in self._riichi:
                self.declared[seat] += 1
                if seat < len(points) and seat < len(self._points) and points[seat] > self._points[seat]:
                    self.won[seat] += 1
            self._riichi = set()
        self._hand, self._tiles_left, self._points = hand, public.tiles_left, points
        self._riichi |= {seat.seat for seat in public.seats if seat.riichi}

    def ready(self, seat: int, by_timing: float) -> float:
        """The chance ``seat``'s riichi is ready: the timing guess, weighed by Bayes against its
        record (each riichi hand won is twenty times likelier from an honest player, each not
        won about two thirds as likely)."""
        hands, won = self.declared[seat], self.won[seat]
        prior = min(by_timing, 0.95)
        odds = prior / (1 - prior)
        odds *= (HONEST_RIICHI_WINS / BLUFF_RIICHI_WINS) ** won
        odds *= ((1 - HONEST_RIICHI_WINS) / (1 - BLUFF_RIICHI_WINS)) ** (hands - won)
        return min(1.0, odds / (1 + odds))


_KOKUSHI_PRIORS: dict[tuple[tuple[int, ...], PairsForm | None, KokushiForm], float] = {}


def kokushi_prior(shapes: ShapeRules) -> float:
    """How often 国士無双 is the shape a hand goes for: the share of random deals (its size less
    one tile, from the variant's tiles) from which it is the nearest shape and at most three
    from tenpai. About 3% in いなげ麻雀's 11-tile form, 0.1% in the usual 14-tile one; 0 where
    the variant has none. Worked out once per set of shapes and process (20-40 ms; a CPU player
    asks for it when it is made), from the same deals each time."""
    form = shapes.kokushi
    if form is None:
        return 0.0
    key = (shapes.limits, shapes.pairs, form)
    prior = _KOKUSHI_PRIORS.get(key)
    if prior is None:
        pool = [kind for kind in range(NUM_STANDARD_KINDS) for _ in range(shapes.limits[kind])]
        deals = random.Random(0)
        nearest = 0
        for _ in range(KOKUSHI_DEALS):
            board = pack(deals.sample(pool, form.size - 1))
            kokushi = shapes.kokushi_shanten(board)
            nearest += kokushi <= 3 and kokushi < min(shapes.regular_shanten(board), shapes.pairs_shanten(board))
        prior = _KOKUSHI_PRIORS[key] = max(nearest, 1) / KOKUSHI_DEALS
    return prior


def _kokushi_chance(seat: SeatPublic, shapes: ShapeRules, unseen: Sequence[int], declared: int) -> float:
    """The chance that a ready riichi hand is 国士無双: none for an open hand, nor when fewer
    terminal and honour kinds are unseen than the shape holds at tenpai; otherwise the prior,
    weighed by the hand's choices up to its declaration (each simple thrown, each terminal or
    honour kept back, counts for it)."""
    form = shapes.kokushi
    if form is None or seat.melds:
        return 0.0
    if sum(1 for kind in YAOCHU if unseen[kind]) < form.distinct - 1:
        return 0.0
    prior = kokushi_prior(shapes)
    odds = prior / (1 - prior)
    for entry in seat.river:
        if entry.order > declared or entry.tile.kind >= NUM_STANDARD_KINDS:
            continue
        if entry.tile.kind in YAOCHU:
            odds *= KOKUSHI_ORPHAN_SHARE / PLAIN_ORPHAN_SHARE
        else:
            odds *= (1 - KOKUSHI_ORPHAN_SHARE) / (1 - PLAIN_ORPHAN_SHARE)
    return odds / (1 + odds)


def _threat(
    seat: SeatPublic,
    seats: Sequence[SeatPublic],
    shapes: ShapeRules,
    unseen: Sequence[int],
    *,
    noten_riichi: bool,
    history: RiichiHistory | None,
) -> Threat:
    safe = {entry.tile.kind for entry in seat.river}
    place = next((index for index, entry in enumerate(seat.river, start=1) if entry.riichi), None)
    kokushi = 0.0
    ready = 1.0
    if place is not None:
        declared = seat.river[place - 1].order
        if noten_riichi:
            ready = min(1.0, NOTEN_READY_FIRST + NOTEN_READY_PER_DISCARD * (place - 1))
            if history is not None:
                ready = history.ready(seat.seat, ready)
        # Discarded after the declaration and not won on: furiten for the rest of the hand.
        safe |= {entry.tile.kind for other in seats for entry in other.river if entry.order > declared}
        kokushi = _kokushi_chance(seat, shapes, unseen, declared)
    return Threat(
        seat=seat.seat,
        safe=frozenset(safe),
        open_waits=seat.open_waits or None,
        ready=ready,
        kokushi=kokushi,
    )


def read_threats(
    view: SeatView,
    shapes: ShapeRules,
    held: int,
    history: RiichiHistory | None = None,
    visible: int | None = None,
) -> TileDanger:
    """The danger of every tile to ``view``'s seat, whose hand is the board ``held`` (with what
    it has seen of the others' riichi hands, where that matters; ``visible`` is
    :func:`visible_board` of the view, when the caller has it already)."""
    seats = view.public.seats
    noten = view.public.noten_riichi
    seen = (visible_board(view) if visible is None else visible) + held
    unseen = tuple(max(0, shapes.limits[kind] - count_of(seen, kind)) for kind in range(NUM_STANDARD_KINDS))
    threats = tuple(
        _threat(seat, seats, shapes, unseen, noten_riichi=noten, history=history)
        for seat in seats
        if seat.riichi and seat.seat != view.seat
    )
    return TileDanger(threats, unseen, shapes)
