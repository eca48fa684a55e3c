"""The Game protocol every variant implements, with its actions, events and decisions.

A game is a state machine. At every moment :meth:`Game.decisions` says which seats must act
and what each may do; several seats may decide at once (ron and pon claims, ずーの's
simultaneous phases). :meth:`Game.apply` takes one seat's chosen action and returns the events
it caused. Every decision has a default, taken when its deadline passes.

A game is fully defined by its variant, settings, seed and the accepted actions in order
(see :mod:`bot.engine.record`): randomness only ever comes from RNGs derived from the seed.

Actions and events are small frozen dataclasses that serialise to JSON and back:

>>> action_from_json(action_to_json(Discard(seat=2, tile=17)))
Discard(seat=2, tile=17)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from bot.engine.events import Event, jsonable
from bot.engine.shapes import ShapeRules
from bot.engine.tiles import Tile
from bot.engine.views import DrawView, PublicView, SeatView, WinView

__all__ = [
    "Action",
    "Chi",
    "Decision",
    "Discard",
    "Game",
    "IllegalActionError",
    "Kan",
    "NotYourTurnError",
    "Outcome",
    "Pass",
    "Pick",
    "Pon",
    "Riichi",
    "Ron",
    "RulesError",
    "SetAside",
    "TimeUp",
    "Tsumo",
    "Unclaimed",
    "VoteEnd",
    "action_from_json",
    "action_to_json",
]


class RulesError(ValueError):
    """A player tried something the rules forbid; ``str(error)`` is safe to show them."""


class NotYourTurnError(RulesError):
    """The seat has no decision to make right now."""


class IllegalActionError(RulesError):
    """The seat may act, but not like that."""


# --- actions ---------------------------------------------------------------------------------

_ACTIONS: dict[str, type[Action]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """Something one seat chooses to do. Tiles are physical tile ids of the variant's set."""

    kind: ClassVar[str] = "action"
    seat: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # No super() here: dataclass(slots=True) rebuilds each class, which breaks the
        # zero-argument super() cell; object.__init_subclass__ does nothing anyway.
        if cls.__dict__.get("kind") and cls.kind != "action":
            _ACTIONS[cls.kind] = cls


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a tile from the hand."""

    kind: ClassVar[str] = "discard"
    tile: int


@dataclass(frozen=True, slots=True)
class Riichi(Action):
    """Declare riichi by discarding ``tile`` sideways."""

    kind: ClassVar[str] = "riichi"
    cpu_share: ClassVar[float] = 0.0
    """How often a CPU that riichis on a tile declares this kind of riichi (a subclass: 5等三麻's
    open riichi) rather than the plain one; 0 never."""
    payout: ClassVar[float] = 1.0
    """What a win after this declaration is paid, as a multiple of a plain riichi's win."""
    stake: ClassVar[int] = 0
    """Points this declaration puts down beyond a plain riichi's stick, lost unless the hand wins."""
    tile: int


@dataclass(frozen=True, slots=True)
class Tsumo(Action):
    """Win on the tile just drawn."""

    kind: ClassVar[str] = "tsumo"


@dataclass(frozen=True, slots=True)
class Ron(Action):
    """Win on another player's discard."""

    kind: ClassVar[str] = "ron"


@dataclass(frozen=True, slots=True)
class Pon(Action):
    """Claim the discard with two matching tiles from the hand."""

    kind: ClassVar[str] = "pon"
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Chi(Action):
    """Claim the previous seat's discard into a run with two tiles from the hand."""

    kind: ClassVar[str] = "chi"
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Kan(Action):
    """Declare a kan with ``tiles`` from the hand: four for a concealed kan, one added to your
    own pon, or three with the discard on offer (the game knows which from the situation)."""

    kind: ClassVar[str] = "kan"
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SetAside(Action):
    """Put a tile from the hand beside it instead of in the river (横ドラ, 抜きドラ, flowers)."""

    kind: ClassVar[str] = "set_aside"
    tile: int


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Take one of the tiles on offer into the hand (ずーの's draft), passing the rest on."""

    kind: ClassVar[str] = "pick"
    tile: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline every claim on offer."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class VoteEnd(Action):
    """Vote to end the game now (``end``), or take a vote back; a free action, any seat, any time."""

    kind: ClassVar[str] = "vote_end"
    end: bool = True


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """The table's time is up (sent by the host's clock): the game ends with the current hand."""

    kind: ClassVar[str] = "time_up"


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": kind, ...fields}`` with tuples as lists."""
    return {"type": action.kind, **jsonable(dataclasses.asdict(action))}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Rebuild an action; raises :class:`IllegalActionError` for anything malformed."""
    try:
        cls = _ACTIONS[data["type"]]
        fields = {field.name: data[field.name] for field in dataclasses.fields(cls)}
    except (KeyError, TypeError) as error:
        raise IllegalActionError(f"malformed action {dict(data)!r}") from error
    for field in dataclasses.fields(cls):
        value = fields[field.name]
        if isinstance(value, list):
            fields[field.name] = tuple(value)
        elif not isinstance(value, int | str | bool | None):
            raise IllegalActionError(f"malformed action field {field.name}={value!r}")
    return cls(**fields)


# --- decisions and outcome -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """One seat's pending choice: what it may do and what happens if it does not answer."""

    seat: int
    actions: tuple[Action, ...]
    default: Action


@dataclass(frozen=True, slots=True)
class Unclaimed:
    """How play goes on if an open claim window passes: the phase (a public view's ``phase``)
    and the seat that plays on (the next to draw; the seat whose tile was set aside or added to
    a kan; ずーの's next start player), or None."""

    phase: str
    turn: int | None
    offered_by: int | None = None
    """The seat whose tile the window offers (the discarder; the seat that set a tile aside or
    added it to a kan), public as the tile is; None when it offers several seats' tiles at once
    (ずーの's revealed discards). The table says whose tile calls are open on, never who may call."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: final points, placements (1-based), any final scores and, in a
    variant with chips (祝儀), every seat's chips."""

    points: tuple[int, ...]
    placements: tuple[int, ...]
    final_scores: tuple[float, ...] = ()
    hands_played: int = 0
    reason: str = ""
    chips: tuple[int, ...] = ()
    """Every seat's chips at the end; empty in a variant without them."""


class Game(Protocol):
    """What every variant's game offers the runtime, the CPU players, the simulator and the tests.

    This is the whole contract: nothing outside the engine reads a game through anything else.
    Variants get every member from :class:`bot.engine.table.TableGame`; the optional ones (a time
    limit, free actions, switchable locked-in choices) have defaults that mean "not in this variant".
    """

    variant: ClassVar[str]
    title: ClassVar[str]
    seed: int
    sequence: int
    """Increments with every action; a seat's buttons carry the number of its decision."""
    revision: int
    """Moves whenever a view could change: every action, and a rigged deal (tests, puzzles).
    Whoever keeps a view of the game rebuilds it when this moves."""
    tiles: tuple[Tile, ...]
    """The face of every physical tile, by tile id."""
    shapes: ShapeRules
    """Which hands win, over the variant's tile set (the CPU players read it)."""
    history: list[tuple[int, ...]]
    """Every seat's points at the start and after each hand."""
    seating: tuple[int, ...]
    """``seating[s]``: which lobby player sits in seat ``s`` (the engine may draw seats)."""
    last_results: tuple[WinView | DrawView, ...]
    """The result cards of the hand that ended last."""

    @property
    def players(self) -> int:
        """How many seats the table has."""
        ...

    @property
    def points(self) -> list[int]:
        """Every seat's points now."""
        ...

    @property
    def chips(self) -> list[int]:
        """Every seat's chips (zeros in a variant without them)."""
        ...

    @property
    def wall_digest(self) -> str | None:
        """The current hand's commitment to its wall, shown while it is played."""
        ...

    @property
    def time_limit_seconds(self) -> float | None:
        """Seconds after the game's start at which the host sends :class:`TimeUp`, or None."""
        ...

    @property
    def han_prices(self) -> tuple[int, ...]:
        """What a non-dealer's ron is worth by han in this game's points table (index = han,
        the last entry for any more): the price the CPU players set on a hand."""
        ...

    def decisions(self) -> tuple[Decision, ...]:
        """Every seat that must act now, with its options and default."""
        ...

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now (empty when it has nothing to decide)."""
        ...

    def free_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do at any moment besides its decision (いなげ's vote to end)."""
        ...

    def locked_in(self, seat: int) -> bool:
        """Whether the seat has made a simultaneous choice it may still switch (ずーの)."""
        ...

    def unclaimed(self) -> Unclaimed | None:
        """While seats answer a claim window (a discard, a tile set aside, an added kan; ずーの's
        revealed discards): how play goes on if nobody claims; None when no window is open.

        A window opens only when some seat can take the tile, so the table never shows who may
        take it: where it has to wait for a person it says that calls are open on this tile,
        else it shows nothing of the window (the runtime's ``public_table_view``)."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply one seat's choice; raises :class:`RulesError` if it is not allowed."""
        ...

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see."""
        ...

    def public_view(self) -> PublicView:
        """What everyone may see."""
        ...

    def outcome(self) -> Outcome | None:
        """None while the game is running."""
        ...

    def state_hash(self) -> str:
        """A digest of the whole state, equal for equal states (used to check replays)."""
        ...

    def settings_json(self) -> dict[str, Any]:
        """The table settings as JSON values (enough to rebuild the game)."""
        ...

    def expected_points_total(self) -> int:
        """What ``sum(points)`` must be now (the simulator checks it after every action)."""
        ...

    def public_tiles(self) -> list[int]:
        """Tile ids anyone may see."""
        ...

    def concealed_tiles(self, seat: int) -> list[int]:
        """Tile ids only ``seat`` may see."""
        ...

    def all_tile_locations(self) -> list[int]:
        """Every tile id wherever it is now, each once."""
        ...


def placements_by_points(points: Sequence[int], first_dealer: int = 0) -> tuple[int, ...]:
    """1-based places; ties go to the seat nearer the first dealer in turn order."""
    players = len(points)
    order = sorted(range(players), key=lambda seat: (-points[seat], (seat - first_dealer) % players))
    places = [0] * players
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return tuple(places)
