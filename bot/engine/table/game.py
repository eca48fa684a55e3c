"""The base every variant's game subclasses: it owns the bookkeeping and the contract, the
variant supplies its rules through a few hooks.

:class:`TableGame` keeps what every variant keeps — settings, seed, sequence number, tiles and
shape rules, the seats, the ledger of points and chips, the history of scores, the outcome —
and implements the protocol of :class:`bot.engine.game.Game` on top of three hooks:

``_start_hand()``
    deal a hand (and record it in ``pending_events``): :meth:`_shuffle` lays out the wall the
    variant declares (``dead_wall``), :meth:`_deal` deals every seat its ``hand_size``, and
    :meth:`rig` builds a chosen deal for tests the same way for every variant;
``_seat_actions(seat)`` and ``decisions()``
    what each seat may do now;
``_apply(action)``
    carry out one legal action (``apply`` has already checked it).

Everything else has a working default a variant may refine, each concern in a mixin of its own
module on :class:`~bot.engine.table.base.TableBase` (the declarations, state and shared hooks):
the tiles of a hand and their accounting (:mod:`~bot.engine.table.accounting`), the deal and
``rig`` (:mod:`~bot.engine.table.dealing`), what a win is made of and its result cards
(:mod:`~bot.engine.table.winning`), the end of a hand and of the game
(:mod:`~bot.engine.table.ending`), views, furiten and hints (:mod:`~bot.engine.table.views`).
Here are the set-up, the protocol with its apply loop, free actions (a vote to end, a time
limit) and the state hash (:mod:`~bot.engine.table.state_hash`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, cast

from bot.engine.events import Event, TimeRanOut
from bot.engine.game import (
    Action,
    Decision,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    TimeUp,
    Unclaimed,
    VoteEnd,
)
from bot.engine.scoring import ScoringRules, han_prices
from bot.engine.shapes import ShapeRules
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.table.dealing import Dealing
from bot.engine.table.ending import Ending
from bot.engine.table.ledger import Ledger
from bot.engine.table.settings import StartPointsSettings
from bot.engine.table.state_hash import state_digest
from bot.engine.table.views import TableViews
from bot.engine.table.winning import Winning
from bot.engine.tiles import Kind, TileSet
from bot.engine.views import DrawView, WinView

__all__ = ["TableGame", "VariantScorer"]


class VariantScorer(Protocol):
    """What the table reads of a variant's scorer: the rules it scores by, whose points table
    prices a hand for the CPU players (:attr:`TableGame.han_prices`)."""

    @property
    def rules(self) -> ScoringRules:
        """How the variant scores a win."""
        ...


class TableGame(
    Dealing[SettingsT, SeatT], Winning[SettingsT, SeatT], Ending[SettingsT, SeatT], TableViews[SettingsT, SeatT]
):
    """One game of a variant, from the first deal to the final standings."""

    derived: ClassVar[frozenset[str]] = frozenset()
    """Attributes a variant computes from its settings or caches: not part of the state hash."""
    scorer: VariantScorer
    """The variant's scorer, built by :meth:`_setup`."""
    _NOT_STATE: ClassVar[frozenset[str]] = frozenset(
        {"settings", "tileset", "tiles", "kinds", "shapes", "scorer", "pending_events", "last_results"}
    )

    def __init__(self, settings: SettingsT | None = None, *, seed: int = 0, players: int | None = None) -> None:
        count = self.table_size.most if players is None else players
        if count not in self.table_size:
            raise ValueError(self.table_size.rule(self.title))
        self.settings = settings or cast(SettingsT, self.settings_class())
        self.seed = seed
        self.sequence = 0
        self.revision = 0
        self._players = count
        self.tileset = self._tileset()
        self.tiles = self.tileset.tiles
        self.kinds = tuple(tile.kind for tile in self.tiles)
        self.shapes = self._shapes()
        self.ledger = Ledger.start(self._starting_points())
        self.history = [tuple(self.ledger.points)]
        self.hand_index = 0
        self.dealer = 0
        self.honba = 0
        self.round_wind = Kind.EAST
        self.hand_start_points = tuple(self.ledger.points)
        self.hand_start_chips = tuple(self.ledger.chips)
        self.seating = tuple(range(count))
        self.votes = set()
        self.time_up = False
        self._outcome = None
        self.last_results = ()
        self.pending_events = []
        self._setup()
        self.first_dealer = self.dealer
        self._start_hand()

    # --- hooks: the set-up ----------------------------------------------------------------------------

    def _tileset(self) -> TileSet:
        """The physical tiles of one hand."""
        raise NotImplementedError

    def _shapes(self) -> ShapeRules:
        """Which hands win, over this tile set: by default the regular shape, plain 七対子 and 国士."""
        return ShapeRules(limits=self.tileset.copies())

    def _starting_points(self) -> list[int]:
        """Every seat's points before the first hand: the settings' ``start_points`` where the
        variant has them (:class:`~bot.engine.table.settings.StartPointsSettings`), else none."""
        start = self.settings.start_points if isinstance(self.settings, StartPointsSettings) else 0
        return [start] * self._players

    def _setup(self) -> None:
        """The variant's :attr:`scorer`, and anything else it sets up once per game (the seating,
        the first dealer)."""

    # --- hooks: the loop ------------------------------------------------------------------------------

    def _seat_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do about its own decision (or its locked-in choice), free actions aside."""
        raise NotImplementedError

    def decisions(self) -> tuple[Decision, ...]:
        """Every seat that must act now, with its options and default."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out one legal action of a seat's decision."""
        raise NotImplementedError

    # --- the registry's hooks ---------------------------------------------------------------------

    @classmethod
    def settings_from_json(cls, data: dict[str, Any]) -> SettingsT:
        """Parse table settings."""
        return cast(SettingsT, cls.settings_class.from_json(data))

    def settings_json(self) -> dict[str, Any]:
        """The table settings as JSON values."""
        return self.settings.to_json()

    # --- the protocol -----------------------------------------------------------------------------

    @property
    def wall_digest(self) -> str | None:
        """The current hand's commitment to its wall (see :class:`~bot.engine.table.wall.Wall`)."""
        return self.wall.digest

    @property
    def time_limit_seconds(self) -> float | None:
        """How long after the start the host's clock sends time-up, or None for no limit."""
        return None

    @property
    def han_prices(self) -> tuple[int, ...]:
        """A non-dealer's ron by han in the points table of the variant's scorer."""
        return han_prices(self.scorer.rules)

    def free_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do at any moment, whether or not it is deciding (a vote to end)."""
        return ()

    def locked_in(self, seat: int) -> bool:
        """Whether the seat has made this round's choice and may only change it (ずーの)."""
        return False

    def unclaimed(self) -> Unclaimed | None:
        """How play goes on if the open claim window passes (see :meth:`Game.unclaimed`): no
        window by default."""
        return None

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now: its decision's options, then the free actions and time-up."""
        if self._outcome is not None:
            return ()
        return self._seat_actions(seat) + self._any_time_actions(seat)

    def _any_time_actions(self, seat: int) -> tuple[Action, ...]:
        if not 0 <= seat < self._players:
            return ()
        actions = self.free_actions(seat)
        if self.time_limit_seconds is not None:
            actions += (TimeUp(seat),)
        return actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one seat's choice and return what happened; raises :class:`RulesError` if it is
        not allowed (before changing anything)."""
        if self._outcome is not None:
            raise NotYourTurnError("the game is over")
        own = self._seat_actions(action.seat)
        free = isinstance(action, VoteEnd | TimeUp)
        if not free and not own:
            raise NotYourTurnError("it is not your turn to act")
        if action not in own and action not in self._any_time_actions(action.seat):
            raise IllegalActionError(f"{action.kind} is not allowed now")
        self.pending_events = []
        if isinstance(action, VoteEnd):
            self._vote(action)
        elif isinstance(action, TimeUp):
            self.time_up = True
            self.pending_events.append(TimeRanOut(action.seat))
        else:
            self._apply(action)
        self.sequence += 1
        self.revision += 1
        events, self.pending_events = self.pending_events, []
        return events

    def outcome(self) -> Outcome | None:
        """None while the game runs."""
        return self._outcome

    @property
    def last_result(self) -> WinView | DrawView | None:
        """The last hand's first result card."""
        return self.last_results[0] if self.last_results else None

    def expected_points_total(self) -> int:
        """What the points must add up to now (see :class:`~bot.engine.table.ledger.Ledger`)."""
        return self.ledger.expected_total

    def state_hash(self) -> str:
        """A digest of every attribute that defines the state (so none can be forgotten)."""
        skip = self._NOT_STATE | self.derived
        # A method patched onto the instance is no state.
        return state_digest(
            (name, value) for name, value in vars(self).items() if name not in skip and not callable(value)
        )
