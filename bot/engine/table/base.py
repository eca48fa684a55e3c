"""What every part of the table reads: the variant's declarations, the state of a game, and the
hooks of the round and the hand.

:class:`TableBase` is the root of the hand engine's base class. Each concern of the table is a
mixin on it in a module of its own — the tiles of a hand (:mod:`~bot.engine.table.accounting`),
the deal (:mod:`~bot.engine.table.dealing`), a win (:mod:`~bot.engine.table.winning`), the end
of a hand and of the game (:mod:`~bot.engine.table.ending`), the views
(:mod:`~bot.engine.table.views`) — and :class:`~bot.engine.table.game.TableGame` puts them
together with the protocol and its apply loop. Everything here is declared once so that every
mixin may read it and ``mypy --strict`` checks each one on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, TypeVar

from bot.engine.events import Event
from bot.engine.game import Outcome
from bot.engine.shapes import ShapeRules
from bot.engine.table.ledger import Ledger
from bot.engine.table.seats import Seat, TableSize
from bot.engine.table.settings import TableSettings
from bot.engine.table.wall import Wall
from bot.engine.tiles import Kind, Tile, TileSet
from bot.engine.variant_ui import VariantUI
from bot.engine.views import DrawView, WinView

__all__ = ["SeatT", "SettingsT", "TableBase", "hand_label"]

SettingsT = TypeVar("SettingsT", bound=TableSettings)
SeatT = TypeVar("SeatT", bound=Seat)


def hand_label(wind: int, number: int) -> str:
    """A hand's name in a round of winds, as the table shows it (:attr:`TableBase.round_label`).

    >>> hand_label(Kind.EAST, 1), hand_label(Kind.NORTH, 4)
    ('東1局', '北4局')
    """
    return f"{'東南西北'[wind - Kind.EAST]}{number}局"


class TableBase(Generic[SettingsT, SeatT]):
    """The declarations, state and shared hooks of one game of a variant."""

    # --- what the registry reads (each variant sets these) -----------------------------------------

    variant: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    table_size: ClassVar[TableSize]
    """How many players the variant seats."""
    settings_class: ClassVar[type[TableSettings]]
    ui: ClassVar[VariantUI] = VariantUI()
    """How the variant is presented (texts, panel pages, rules summary, calc); set in its ``ui.py``."""
    has_chips: ClassVar[bool] = False
    """Chips are shown on the table (ずーの's 祝儀); otherwise the chip ledger stays at zero."""

    # --- the state of a game (set up by TableGame.__init__) ---------------------------------------

    settings: SettingsT
    seed: int
    sequence: int
    """How many actions the game has applied."""
    revision: int
    """Moves whenever the state changes (an action, or a rig): views of an older one are stale."""
    _players: int
    tileset: TileSet
    tiles: tuple[Tile, ...]
    """Each tile id's face."""
    kinds: tuple[int, ...]
    """Each tile id's kind."""
    shapes: ShapeRules
    ledger: Ledger
    history: list[tuple[int, ...]]
    """Every seat's points before the first hand and after each hand."""
    hand_index: int
    dealer: int
    """The seat that deals the hand (or, in a variant without a dealer, starts it)."""
    honba: int
    """The hand's repeat counters (本場); 0 in a variant that keeps none."""
    round_wind: int
    """The prevailing wind (東 in a variant without wind rounds)."""
    hand_start_points: tuple[int, ...]
    hand_start_chips: tuple[int, ...]
    seating: tuple[int, ...]
    """``seating[s]`` is the lobby's player who sits in seat ``s`` (by default, the join order)."""
    first_dealer: int
    """The seat that dealt the first hand: ties in the final placements go towards it."""
    votes: set[int]
    time_up: bool
    _outcome: Outcome | None
    last_results: tuple[WinView | DrawView, ...]
    pending_events: list[Event]
    """What the action being applied has caused so far (:meth:`TableGame.apply` returns them)."""
    seats: list[SeatT]
    wall: Wall
    phase: str

    # --- the protocol's figures every part reads ------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return self._players

    @property
    def points(self) -> list[int]:
        """Every seat's points."""
        return self.ledger.points

    @property
    def chips(self) -> list[int]:
        """Every seat's chips (all zero in a variant without them)."""
        return self.ledger.chips

    @property
    def deposits(self) -> int:
        """Points lying on the table (riichi sticks)."""
        return self.ledger.deposits

    # --- hooks: the hand and the round ---------------------------------------------------------------

    def _start_hand(self, order: Sequence[int] | None = None) -> None:
        """Deal hand number ``hand_index`` (its events go to ``pending_events``), from a rigged
        ``order`` when one is given (:meth:`~bot.engine.table.dealing.Dealing.rig`)."""
        raise NotImplementedError

    @property
    def round_label(self) -> str:
        """For example 東1局 or 第3局."""
        raise NotImplementedError

    def seat_wind(self, seat: int) -> int | None:
        """The seat's wind this hand: 東 for the dealer, then round the table (None in a variant
        without winds)."""
        return Kind.EAST + (seat - self.dealer) % self._players
