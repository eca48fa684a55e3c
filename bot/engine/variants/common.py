"""Pieces every variant shares: table settings as JSON, the digests behind fair play, and the
hand bookkeeping every variant's game does the same way (:class:`VariantGame`)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from bot.engine.game import Outcome
from bot.engine.melds import Meld
from bot.engine.shapes import ShapeRules, add_tile, pack, tile_count
from bot.engine.tiles import Tile
from bot.engine.views import MeldView, RiverTile, SeatPublic

__all__ = ["HandSeat", "TableSettings", "VariantGame", "public_deciding", "state_digest", "wall_digest"]


class TableSettings:
    """Mixin for a variant's frozen settings dataclass: JSON out and in, unknown keys named.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Demo(TableSettings):
    ...     title = "demo"
    ...     hands: int = 4
    >>> Demo.from_json({"hands": 2}).to_json()
    {'hands': 2}
    >>> Demo.from_json({"hand": 2})
    Traceback (most recent call last):
    ...
    ValueError: unknown demo settings: hand
    """

    title: ClassVar[str] = ""
    """The variant's name, for error messages."""

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON values."""
        return dataclasses.asdict(self)  # type: ignore[call-overload, no-any-return]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Build settings from JSON; unknown keys are an error that names them."""
        known = {field.name for field in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown {cls.title} settings: {', '.join(sorted(unknown))}")
        return cls(**data)


def wall_digest(order: Sequence[int], salt: str) -> str:
    """Published when a hand starts; anyone can check it once the order and salt are revealed."""
    return hashlib.sha256(f"{salt}:{','.join(map(str, order))}".encode()).hexdigest()


def state_digest(parts: object) -> str:
    """A digest of a state's canonical parts (their ``repr`` is deterministic: ints, tuples, lists)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def public_deciding(
    deciding: Sequence[int], players: int, *, claim_phase: bool, actor: int | None = None
) -> tuple[int, ...]:
    """Who the table may be told is deciding.

    During a claim window the real list would tell everyone which seats can ron or call, so
    the public sees every seat but the one whose tile is on offer (``actor``) instead.
    """
    if not claim_phase:
        return tuple(deciding)
    return tuple(seat for seat in range(players) if seat != actor)


class HandSeat(Protocol):
    """What :class:`VariantGame` needs of a variant's seat: its concealed tiles, as ids and as a
    count board kept in step, and its furiten flags."""

    concealed: list[int]
    board: int
    drawn: int | None
    river: list[Any]
    melds: list[Meld]
    riichi: bool
    temporary_furiten: bool
    riichi_furiten: bool


class _HasHints(Protocol):
    @property
    def hints(self) -> bool: ...

    def to_json(self) -> dict[str, Any]: ...


SettingsT = TypeVar("SettingsT", bound=_HasHints)
SeatT = TypeVar("SeatT", bound=HandSeat)


class VariantGame(Generic[SettingsT, SeatT]):
    """Bookkeeping every variant does the same way; a variant subclasses it (with its settings and
    seat classes) and keeps its own rules. The registry hooks live here too."""

    settings_class: ClassVar[type[TableSettings]]
    """The variant's settings dataclass (a :class:`TableSettings`)."""

    settings: SettingsT
    seats: list[SeatT]
    tiles: tuple[Tile, ...]
    kinds: tuple[int, ...]
    shapes: ShapeRules
    points: list[int]
    _outcome: Outcome | None

    # --- the registry's hooks ---------------------------------------------------------------------

    @classmethod
    def settings_from_json(cls, data: dict[str, Any]) -> SettingsT:
        """Parse table settings."""
        return cast(SettingsT, cls.settings_class.from_json(data))

    def settings_json(self) -> dict[str, Any]:
        """The table settings as JSON values."""
        return self.settings.to_json()

    def outcome(self) -> Outcome | None:
        """None while the game runs."""
        return self._outcome

    # --- tiles in and out of a hand ---------------------------------------------------------------

    def _take(self, seat: SeatT, tile: int) -> None:
        seat.concealed.append(tile)
        seat.board = add_tile(seat.board, self.kinds[tile])

    def _give(self, seat: SeatT, tile: int) -> None:
        seat.concealed.remove(tile)
        seat.board -= 1 << (4 * self.kinds[tile])

    def _sort_key(self, tile: int) -> tuple[int, bool, int]:
        """Hand order: by kind, a red five after its plain copies, then by id (stable)."""
        face = self.tiles[tile]
        return (face.kind, face.red, tile)

    def _note_missed_win(self, seat_index: int) -> None:
        """Passing a win: furiten until the seat's next discard, and for good once in riichi."""
        seat = self.seats[seat_index]
        seat.temporary_furiten = True
        if seat.riichi:
            seat.riichi_furiten = True

    # --- what a seat's own view adds --------------------------------------------------------------

    def _meld_view(self, meld: Meld) -> MeldView:
        tiles = tuple(self.tiles[t] for t in meld.tiles)
        called = meld.tiles.index(meld.called) if meld.called is not None else None
        return MeldView(meld.type, tiles, called_index=called, from_seat=meld.from_seat)

    def _seat_public(self, index: int, *, wind: int | None, dealer: bool, **extra: Any) -> SeatPublic:
        """What everyone sees of one seat: points, river, melds, how many tiles it hides, riichi
        (``extra``: a variant's own fields, such as chips or set-aside tiles)."""
        seat = self.seats[index]
        return SeatPublic(
            seat=index,
            wind=wind,
            points=self.points[index],
            river=tuple(
                RiverTile(self.tiles[e.tile], riichi=e.riichi, called=e.called, tsumogiri=e.tsumogiri)
                for e in seat.river
            ),
            melds=tuple(self._meld_view(meld) for meld in seat.melds),
            concealed_count=len(seat.concealed),
            has_drawn=seat.drawn is not None,
            riichi=seat.riichi,
            dealer=dealer,
            **extra,
        )

    def _furiten(self, seat_index: int, waits: Sequence[int]) -> bool:
        """Furiten: a wait in the seat's own river, a win passed this go-around, or one passed
        in riichi (every variant here has these three; 二色麻雀 adds nothing)."""
        seat = self.seats[seat_index]
        if seat.temporary_furiten or seat.riichi_furiten:
            return True
        river_kinds = {self.kinds[entry.tile] for entry in seat.river}
        return any(kind in river_kinds for kind in waits)

    def public_tiles(self) -> list[int]:
        """Tile ids anyone may see (each variant says which)."""
        raise NotImplementedError

    def _visible_board(self, seat_index: int) -> int:
        """Every tile ``seat_index`` can see outside its own hand (counted against its waits)."""
        return pack(self.kinds[tile] for tile in self.public_tiles())

    def _hand_hints(self, seat_index: int, board: int) -> tuple[tuple[int, ...], dict[int, int], bool]:
        """For a hand waiting on its next tile: the waits and live counts when the table shows
        hints, and whether the seat is furiten (shown always: it decides whether ron is legal)."""
        if tile_count(board) % 3 != 1:
            return (), {}, False
        waits = self.shapes.waits(board)
        furiten = bool(waits) and self._furiten(seat_index, waits)
        if not self.settings.hints:
            return (), {}, furiten
        return tuple(waits), self.shapes.ukeire(board, self._visible_board(seat_index)), furiten
