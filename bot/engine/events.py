"""What happened: the typed events :meth:`Game.apply` returns.

Every event is a small frozen dataclass. The ones here are shared by every variant, and they are
what the runtime, the store and the statistics read — a hand starting, a draw, a discard, a call,
a hand ending with its wins or its draw, the game ending — so no reader needs to know which
variant it is reading. A variant adds its own events (ずーの's draft and locks, いなげ's deal) by
subclassing :class:`Event` in its package; readers that do not know them skip them.

An event is public unless it is a :class:`PrivateEvent`: then only its ``seat`` may see it (a
drawn tile, a dealt hand). ``data`` is the event's fields as JSON values, with ``from`` for
``from_seat``:

>>> event = Discarded(seat=2, tile=17, tsumogiri=True)
>>> event.type, event.visible_to, event.data["tile"]
('discard', None, 17)
>>> TileDrawn(seat=1, tile=40).visible_to
(1,)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.engine.melds import MeldType
from bot.engine.views import DrawView, WinView, YakuLine

__all__ = [
    "Called",
    "Discarded",
    "DoraRevealed",
    "Drew",
    "Event",
    "ExhaustiveDraw",
    "GameOver",
    "HandEnded",
    "HandStarted",
    "KakanDeclared",
    "PrivateEvent",
    "TileDrawn",
    "TileSetAside",
    "TimeRanOut",
    "VoteCast",
    "WallRevealed",
    "Win",
    "event_to_json",
    "jsonable",
]

_RENAMED = {"from_seat": "from"}
"""JSON names of fields whose natural name is a Python keyword."""


def jsonable(value: Any) -> Any:
    """Plain JSON values: tuples as lists, enums as their values, dataclasses as dicts."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {_RENAMED.get(f.name, f.name): jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Subclasses name their ``type`` and say whether they are private."""

    type: ClassVar[str] = "event"

    @property
    def visible_to(self) -> tuple[int, ...] | None:
        """The seats that may see the event (None: everyone)."""
        return None

    def visible(self, seat: int | None) -> bool:
        """Whether this seat (None: a spectator) may see the event."""
        visible_to = self.visible_to
        return visible_to is None or (seat is not None and seat in visible_to)

    @property
    def data(self) -> dict[str, Any]:
        """The fields as JSON values."""
        data: dict[str, Any] = jsonable(self)
        return data


@dataclass(frozen=True, slots=True)
class PrivateEvent(Event):
    """An event only its ``seat`` may see (a drawn tile, a dealt hand, a locked-in choice)."""

    seat: int

    @property
    def visible_to(self) -> tuple[int, ...] | None:
        """Only the seat itself."""
        return (self.seat,)


def event_to_json(event: Event) -> dict[str, Any]:
    """A JSON-ready dict of an event."""
    visible_to = event.visible_to
    return {"type": event.type, "data": event.data, "visible_to": list(visible_to) if visible_to else None}


# --- a hand from start to end -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand was dealt. ``wall_sha256`` commits to the wall's order (revealed when it ends)."""

    type: ClassVar[str] = "hand_start"
    hand: int
    round: str
    dealer: int
    """The dealer, or the hand's first player where a variant has no dealer (いなげ)."""
    wall_sha256: str
    points: tuple[int, ...]
    chips: tuple[int, ...] = ()
    honba: int = 0
    deposits: int = 0
    dice: tuple[int, ...] = ()
    dora_indicators: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TileDrawn(PrivateEvent):
    """The tile a seat drew (only that seat sees it)."""

    type: ClassVar[str] = "draw"
    tile: int
    replacement: bool = False
    """A replacement tile (after a kan or a tile set aside)."""


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A seat drew a tile (what everyone sees of it)."""

    type: ClassVar[str] = "drew"
    seat: int
    tiles_left: int
    replacement: bool = False


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A tile went to a river; ``riichi`` marks the declaration tile."""

    type: ClassVar[str] = "discard"
    seat: int
    tile: int
    riichi: bool = False
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True)
class TileSetAside(Event):
    """A tile was put beside the hand instead of in the river (flowers, 横ドラ, 抜きドラ)."""

    type: ClassVar[str] = "set_aside"
    seat: int
    tile: int
    deal: bool = False
    """Set aside from the dealt hand, before play began."""


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A meld was made: a claim on another seat's tile, or a kan from the seat's own hand."""

    type: ClassVar[str] = "call"
    seat: int
    meld: MeldType
    tiles: tuple[int, ...]
    """Every tile of the meld as it now stands."""
    from_seat: int | None = None
    """Whose tile was claimed (None for a kan from the hand)."""
    called: int | None = None
    """The claimed tile."""
    source: str = "hand"
    """Where the claimed tile lay: ``discard``, ``set_aside``, or ``hand`` when nothing was claimed."""


@dataclass(frozen=True, slots=True)
class KakanDeclared(Event):
    """A seat is adding ``tile`` to its pon; the others may rob it (槍槓) before it stands."""

    type: ClassVar[str] = "kakan_declared"
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class DoraRevealed(Event):
    """A new dora indicator was turned over (after a kan)."""

    type: ClassVar[str] = "dora"
    indicator: int
    indicators: tuple[int, ...]
    """Every indicator now face up."""


@dataclass(frozen=True, slots=True)
class Win:
    """One win of a hand, as the store and statistics read it."""

    winner: int
    from_seat: int | None
    """The seat that dealt in, or None for a tsumo (or a win nobody paid for)."""
    tile: int
    hand: tuple[int, ...]
    """The winner's concealed tiles with the winning tile, in hand order."""
    han: int
    points: int
    """What the winner received for this win."""
    yaku: tuple[YakuLine, ...]
    point_changes: tuple[int, ...]
    """What this win moved, seat by seat."""
    chip_changes: tuple[int, ...] = ()
    fu: int | None = None
    yakuman: int = 0
    limit: str = ""
    ura_indicators: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ExhaustiveDraw:
    """How a drawn hand ended: who was tenpai and their hands."""

    tenpai: tuple[bool, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    """Each tenpai seat's concealed tiles, in hand order (None for a hand that stays hidden)."""


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """A hand is over: its wins (several when one discard or round paid several winners) or its
    draw, and what changed hands over the whole hand. ``cards`` are the result cards to show."""

    type: ClassVar[str] = "hand_end"
    hand: int
    round: str
    changes: tuple[int, ...]
    wins: tuple[Win, ...] = ()
    draw: ExhaustiveDraw | None = None
    chip_changes: tuple[int, ...] = ()
    cards: tuple[WinView | DrawView, ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        """The fields as JSON values; the cards (pictures' input, tile faces) are left out."""
        data = jsonable(dataclasses.replace(self, cards=()))
        del data["cards"]
        return dict(data)


@dataclass(frozen=True, slots=True)
class WallRevealed(Event):
    """The hand is over and the salt behind ``wall_sha256`` is public: anyone can check the wall."""

    type: ClassVar[str] = "wall_revealed"
    hand: int
    salt: str
    wall_sha256: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended."""

    type: ClassVar[str] = "game_end"
    points: tuple[int, ...]
    placements: tuple[int, ...]
    reason: str
    chips: tuple[int, ...] = ()
    final_scores: tuple[float, ...] = ()


# --- actions any seat may take at any time ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VoteCast(Event):
    """A seat voted to end the game (``end``) or took its vote back; ``votes`` are cast so far."""

    type: ClassVar[str] = "vote_end"
    seat: int
    end: bool
    votes: int


@dataclass(frozen=True, slots=True)
class TimeRanOut(Event):
    """The table's time limit ran out; the game ends with the hand in play."""

    type: ClassVar[str] = "time_up"
    seat: int
