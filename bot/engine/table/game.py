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

Everything else has a working default a variant may refine: views, free actions (a vote to end,
a time limit), furiten, hints, tile accounting, the state hash (derived from the game's own
fields rather than listed by hand), what a win is made of (:meth:`_win_context`, with the
situational flags of :meth:`_situation`) and the end of the game (:meth:`_finish`, with the
variant's final settlement, scores and event).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import operator
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Concatenate, Generic, ParamSpec, TypeVar, cast

from bot.engine.events import (
    Event,
    ExhaustiveDraw,
    GameOver,
    HandEnded,
    HandStarted,
    TimeRanOut,
    VoteCast,
    WallRevealed,
    Win,
)
from bot.engine.game import (
    Action,
    Decision,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    TimeUp,
    Unclaimed,
    VoteEnd,
    placements_by_points,
)
from bot.engine.melds import Meld
from bot.engine.scoring import HandScore, ScoringRules, han_prices
from bot.engine.shapes import ShapeRules, add_tile, pack, tile_count
from bot.engine.table.claims import ClaimSource
from bot.engine.table.ledger import Ledger
from bot.engine.table.seats import Seat
from bot.engine.table.settings import TableSettings
from bot.engine.table.wall import DeadWall, TileReserve, Wall, shuffled
from bot.engine.tiles import Back, Kind, Tile, TileSet
from bot.engine.variant_ui import VariantUI
from bot.engine.views import DrawView, MeldView, PublicView, RiverTile, SeatPublic, SeatView, WinView, YakuLine
from bot.engine.yaku.context import WinContext

__all__ = ["ENDED", "TableGame", "public_deciding"]

SettingsT = TypeVar("SettingsT", bound=TableSettings)
ENDED = "ended"
"""The phase of every variant between the end of a hand and the next deal (or the game's end)."""
SeatT = TypeVar("SeatT", bound=Seat)


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


_SCALARS = frozenset({int, str, bool, float, type(None)})
_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]] | None] = {}
"""Per class: a getter of all its dataclass fields at once (None for anything else)."""


def _fields_of(kind: type) -> Callable[[Any], tuple[Any, ...]] | None:
    if kind not in _FIELDS:
        names = [f.name for f in dataclasses.fields(kind)] if dataclasses.is_dataclass(kind) else []
        if not names:
            _FIELDS[kind] = None
        else:
            # attrgetter of one name returns the value itself, not a 1-tuple: name it twice.
            _FIELDS[kind] = operator.attrgetter(*names, *names[:1] * (len(names) == 1))
    return _FIELDS[kind]


def _canonical(value: Any) -> Any:
    """A form of the state whose ``repr`` is the same for equal states: dataclasses by field,
    dicts and sets in sorted order (their iteration order depends on how they were filled)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        # Walls and hands are long lists of tile ids: kept as they are, their repr is canonical.
        if all(type(item) in _SCALARS for item in value):
            return value
        return tuple([_canonical(item) for item in value])
    fields = _fields_of(kind)
    if fields is not None:
        return (kind.__name__, *[item if type(item) in _SCALARS else _canonical(item) for item in fields(value)])
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return tuple(sorted((_canonical(key), _canonical(item)) for key, item in value.items()))
    if isinstance(value, set | frozenset):
        return tuple(sorted(_canonical(item) for item in value))
    if isinstance(value, list | tuple):
        return tuple(_canonical(item) for item in value)
    return value


P = ParamSpec("P")
R = TypeVar("R")
GameT = TypeVar("GameT", bound="TableGame[Any, Any]")


def rigging(method: Callable[Concatenate[GameT, P], R]) -> Callable[Concatenate[GameT, P], R]:
    """Marks a method that sets the state outside :meth:`TableGame.apply` (``rig``, for tests and
    puzzles): it moves ``revision``, so whoever keeps views of the game knows they are stale."""

    @functools.wraps(method)
    def changed(self: GameT, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        finally:
            self.revision += 1

    return changed


class TableGame(Generic[SettingsT, SeatT]):
    """One game of a variant, from the first deal to the final standings."""

    # --- what the registry reads (each variant sets these) -----------------------------------------

    variant: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    players_rule: ClassVar[str] = ""
    """What to tell someone who asks for another number of players."""
    settings_class: ClassVar[type[TableSettings]]
    ui: ClassVar[VariantUI] = VariantUI()
    """How the variant is presented (texts, panel pages, rules summary, calc); set in its ``ui.py``."""
    seat_class: ClassVar[type[Seat]] = Seat
    has_chips: ClassVar[bool] = False
    """Chips are shown on the table (ずーの's 祝儀); otherwise the chip ledger stays at zero."""
    noten_riichi: ClassVar[bool] = False
    """Riichi may be declared without tenpai (shown in the public view)."""
    strict_furiten: ClassVar[bool] = False
    """Furiten blocks tsumo too and makes a hand no-ten (shown in the public view)."""
    flower_dora: ClassVar[bool] = True
    """A flower set aside counts a han (shown in the public view)."""
    hand_size: ClassVar[int] = 13
    """The tiles dealt to each seat."""
    deal_whole_hands: ClassVar[bool] = False
    """Each seat takes its whole hand at once (ずーの, いなげ), not a tile at a time round the table."""
    dead_wall: ClassVar[DeadWall | None] = None
    """Where the dead wall lies and what it holds (None: every tile is live)."""
    derived: ClassVar[frozenset[str]] = frozenset()
    """Attributes a variant computes from its settings or caches: not part of the state hash."""
    _NOT_STATE: ClassVar[frozenset[str]] = frozenset(
        {"settings", "tileset", "tiles", "kinds", "shapes", "scorer", "pending_events", "last_results"}
    )

    settings: SettingsT
    seats: list[SeatT]
    wall: Wall
    phase: str

    def __init__(self, settings: SettingsT | None = None, *, seed: int = 0, players: int | None = None) -> None:
        count = self.max_players if players is None else players
        if not self.min_players <= count <= self.max_players:
            raise ValueError(self.players_rule or f"{self.title} is played by {self.min_players}-{self.max_players}")
        self.settings = settings or cast(SettingsT, self.settings_class())
        self.seed = seed
        self.sequence = 0
        self.revision = 0
        self._players = count
        self.tileset: TileSet = self._tileset()
        self.tiles: tuple[Tile, ...] = self.tileset.tiles
        self.kinds: tuple[int, ...] = tuple(tile.kind for tile in self.tiles)
        self.shapes: ShapeRules = self._shapes()
        self.ledger = Ledger.start(self._starting_points())
        self.history: list[tuple[int, ...]] = [tuple(self.ledger.points)]
        self.hand_index = 0
        self.dealer = 0
        """The seat that deals the hand (or, in a variant without a dealer, starts it)."""
        self.honba = 0
        """The hand's repeat counters (本場); 0 in a variant that keeps none."""
        self.round_wind: int = Kind.EAST
        """The prevailing wind (東 in a variant without wind rounds)."""
        self.hand_start_points: tuple[int, ...] = tuple(self.ledger.points)
        self.hand_start_chips: tuple[int, ...] = tuple(self.ledger.chips)
        self.seating: tuple[int, ...] = tuple(range(count))
        """``seating[s]`` is the lobby's player who sits in seat ``s`` (by default, the join order)."""
        self.votes: set[int] = set()
        self.time_up = False
        self._outcome: Outcome | None = None
        self.last_results: tuple[WinView | DrawView, ...] = ()
        self.pending_events: list[Event] = []
        self._setup()
        self.first_dealer = self.dealer
        """The seat that dealt the first hand: ties in the final placements go towards it."""
        self._start_hand()

    # --- hooks ------------------------------------------------------------------------------------

    def _tileset(self) -> TileSet:
        """The physical tiles of one hand."""
        raise NotImplementedError

    def _shapes(self) -> ShapeRules:
        """Which hands win, over this tile set."""
        return ShapeRules(limits=self.tileset.copies())

    def _starting_points(self) -> list[int]:
        """Every seat's points before the first hand."""
        return [0] * self._players

    def _setup(self) -> None:
        """Anything else the variant sets up once per game (a scorer, the seating)."""

    def _scoring_rules(self) -> ScoringRules:
        """How the variant scores a win (its points table prices a hand for the CPU players)."""
        return ScoringRules()

    def _start_hand(self, order: Sequence[int] | None = None) -> None:
        """Deal hand number ``hand_index`` (its events go to ``pending_events``), from a rigged
        ``order`` when one is given (:meth:`rig`)."""
        raise NotImplementedError

    def _playing(self) -> Sequence[int] | None:
        """The ids this hand plays, when it plays only some of the game's tiles (the others stay
        in ``Wall.box``); None: all of them."""
        return None

    def _seat_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do about its own decision (or its locked-in choice), free actions aside."""
        raise NotImplementedError

    def decisions(self) -> tuple[Decision, ...]:
        """Every seat that must act now, with its options and default."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out one legal action of a seat's decision."""
        raise NotImplementedError

    def seat_wind(self, seat: int) -> int | None:
        """The seat's wind this hand: 東 for the dealer, then round the table (None in a variant
        without winds)."""
        return Kind.EAST + (seat - self.dealer) % self._players

    def _last_draw(self) -> bool:
        """Whether the wall has no draw left: a tsumo now is 海底, a ron on a discard 河底."""
        return not self.wall.live

    def _replacement_draw(self, seat: int) -> bool:
        """Whether ``seat``'s drawn tile replaced a kan (嶺上開花); there are no kans by default."""
        return False

    def _first_turn(self, seat: int) -> bool:
        """Whether ``seat`` has not yet discarded in an uninterrupted first go-around (天和, 地和,
        人和); never, by default."""
        return False

    def _waiting_hand(self, seat: int) -> tuple[int, list[int]]:
        """The seat's hand as a ron would complete it: its board and its concealed tiles."""
        state = self.seats[seat]
        return state.board, list(state.concealed)

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
        """A non-dealer's ron by han in the points table of :meth:`_scoring_rules`."""
        return han_prices(self._scoring_rules())

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
        parts = [
            (name, _canonical(value))
            for name, value in sorted(vars(self).items())
            if name not in skip and not callable(value)  # a method patched onto the instance is no state
        ]
        return hashlib.sha256(repr(parts).encode()).hexdigest()

    # --- the end of a game by agreement ---------------------------------------------------------------

    def _vote(self, action: VoteEnd) -> None:
        if action.end:
            self.votes.add(action.seat)
        else:
            self.votes.discard(action.seat)
        self.pending_events.append(VoteCast(action.seat, action.end, len(self.votes)))
        if len(self.votes) == self._players:
            # Everyone agreed: stop now; the hand in progress is not scored.
            self._reveal_wall()
            self._finish("投票で終了")

    # --- hands and games ending ---------------------------------------------------------------------

    def _hand_rng(self) -> random.Random:
        """The RNG of the current hand: every random thing a hand does comes from it, in order."""
        return random.Random(f"{self.variant}:{self.seed}:hand:{self.hand_index}")

    def _shuffle(self, order: Sequence[int] | None = None) -> random.Random:
        """Shuffle the tiles this hand plays (or take a rigged ``order``), commit to them and lay
        out the wall, its dead wall as the variant declares it; returns the hand's RNG, for
        whatever else the hand rolls after it."""
        rng = self._hand_rng()
        playing = self._playing()
        tiles, salt = shuffled(len(self.tiles) if playing is None else playing, rng, order)
        box = () if playing is None else sorted(set(range(len(self.tiles))) - set(playing))
        self.wall = Wall.laid_out(tiles, salt, self.dead_wall, box=box)
        return rng

    def _new_seats(self) -> list[SeatT]:
        seats: list[SeatT] = [self.seat_class() for _ in range(self._players)]  # type: ignore[misc]
        return seats

    def _dealing_order(self) -> list[int]:
        """The seats from the dealer round the table."""
        return [(self.dealer + offset) % self._players for offset in range(self._players)]

    def _deal(self) -> None:
        """Give every seat a new hand of ``hand_size`` tiles from the live wall, from the dealer
        round the table (a tile at a time, or each seat's whole hand at once), and remember the
        points and chips the hand starts from."""
        self.seats = self._new_seats()
        self.hand_start_points = tuple(self.points)
        self.hand_start_chips = tuple(self.chips)
        order = self._dealing_order()
        rounds = [order] * self.hand_size
        if self.deal_whole_hands:
            rounds = [[seat] * self.hand_size for seat in order]
        for seats in rounds:
            for seat in seats:
                self._take(self.seats[seat], self.wall.draw())

    def _dealt_order(self, hands: Sequence[Sequence[int]]) -> list[int]:
        """The wall order that :meth:`_deal` turns into ``hands`` (seat 0's first): for :meth:`rig`."""
        order = self._dealing_order()
        if self.deal_whole_hands:
            return [tile for seat in order for tile in hands[seat]]
        return [hands[seat][turn] for turn in range(self.hand_size) for seat in order]

    def _hand_started(self) -> HandStarted:
        """The event of a hand just dealt: its round, dealer, wall commitment, points, chips (in a
        variant with chips), honba, deposits and the indicators face up."""
        return HandStarted(
            self.hand_index,
            self.round_label,
            self.dealer,
            self.wall.digest,
            tuple(self.points),
            chips=tuple(self.chips) if self.has_chips else (),
            honba=self.honba,
            deposits=self.deposits,
            dora_indicators=tuple(self.wall.dora),
        )

    @rigging
    def rig(
        self,
        hands: Sequence[str],
        draws: str = "",
        *,
        rinshan: str = "",
        dora: str = "",
        ura: str = "",
        dealer: int | None = None,
        honba: int | None = None,
        points: Sequence[int] | None = None,
        deposits: int | None = None,
    ) -> None:
        """Restart the current hand from chosen tiles (for tests and puzzles).

        ``hands`` are every seat's dealt tiles in mpsz notation, seat 0 first; ``draws`` the next
        live tiles in the order they are drawn (the dealer's first draw first); ``rinshan`` (in
        the order drawn), ``dora`` and ``ura`` fill the dead wall, where the variant has one
        (the first indicators are face up at once). Whatever is not named is filled with the
        other tiles, the live wall in tile-id order, so every tile still exists once. ``dealer``,
        ``honba``, ``points`` and ``deposits`` (riichi sticks on the table) set the table first.
        """
        if dealer is not None:
            self.dealer = dealer
        if honba is not None:
            self.honba = honba
        if points is not None or deposits is not None:
            on_table = self.deposits if deposits is None else deposits
            scores = list(self.points if points is None else points)
            self.ledger = Ledger(scores, list(self.chips), sum(scores) + on_table)
            self.ledger.deposits = on_table
        reserve = TileReserve(self.tiles)
        playing = self._playing()
        if playing is not None:
            plays = set(playing)
            reserve.free = [tile for tile in reserve.free if tile in plays]
        dealt = [reserve.take_all(text) for text in hands]
        if len(dealt) != self._players or any(len(tiles) != self.hand_size for tiles in dealt):
            raise ValueError(f"rig needs {self._players} hands of {self.hand_size} tiles")
        drawn = reserve.take_all(draws)
        layout = self.dead_wall or DeadWall(rinshan=0, indicators=0, ura=0)
        dead = [
            *reserve.take_padded(rinshan, layout.rinshan, "rinshan"),
            *reserve.take_padded(dora, layout.indicators, "dora"),
            *reserve.take_padded(ura, layout.ura, "ura"),
        ]
        live = [*self._dealt_order(dealt), *drawn, *reserve.free]
        self._start_hand([*dead, *live] if layout.first else [*live, *dead])

    def _reveal_wall(self) -> None:
        self.pending_events.append(WallRevealed(self.hand_index, self.wall.salt, self.wall.digest))

    def _close_hand(self) -> None:
        """The hand is over: reveal its wall, record the scores, count it; the table waits
        (phase ``ended``) until the next deal or the end of the game."""
        self._reveal_wall()
        self.history.append(tuple(self.points))
        self.hand_index += 1
        self.phase = ENDED

    def _finish(self, reason: str) -> None:
        """End the game: the variant's last settlement (:meth:`_settle_game`), placements by
        points with ties to the seat nearer the first dealer, its final scores
        (:meth:`_final_scores`), the outcome and the game-over event (:meth:`_game_over`)."""
        self._settle_game()
        placements = placements_by_points(self.points, first_dealer=self.first_dealer)
        scores = self._final_scores(placements)
        chips = tuple(self.chips) if self.has_chips else ()
        self._outcome = Outcome(
            points=tuple(self.points),
            placements=placements,
            final_scores=scores,
            hands_played=self.hand_index,
            reason=reason,
            chips=chips,
        )
        self.pending_events.append(self._game_over(placements, reason, chips, scores))

    def _settle_game(self) -> None:
        """What is paid once the game is over, before the standings (nothing by default)."""

    def _final_scores(self, placements: tuple[int, ...]) -> tuple[float, ...]:
        """Every seat's final score, where the variant keeps one beside its points (none)."""
        return ()

    def _game_over(
        self, placements: tuple[int, ...], reason: str, chips: tuple[int, ...], scores: tuple[float, ...]
    ) -> GameOver:
        """The event that ends the game (a variant may report more in a subclass of its own)."""
        return GameOver(tuple(self.points), placements, reason, chips=chips, final_scores=scores)

    @property
    def round_label(self) -> str:
        """For example 東1局 or 第3局."""
        raise NotImplementedError

    def _changes_since_deal(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What the hand has moved so far, seat by seat: points, and chips in a variant with them."""
        points = tuple(now - start for now, start in zip(self.points, self.hand_start_points, strict=True))
        if not self.has_chips:
            return points, ()
        return points, tuple(now - start for now, start in zip(self.chips, self.hand_start_chips, strict=True))

    def _hand_ended(
        self, cards: Sequence[WinView | DrawView], *, wins: Sequence[Win] = (), draw: ExhaustiveDraw | None = None
    ) -> None:
        """Report the end of the hand: its wins or draw, the cards to show, and what it moved."""
        changes, chip_changes = self._changes_since_deal()
        self.last_results = tuple(cards)
        self.pending_events.append(
            HandEnded(
                self.hand_index,
                self.round_label,
                changes,
                wins=tuple(wins),
                draw=draw,
                chip_changes=chip_changes,
                cards=tuple(cards),
            )
        )

    def _win_card(
        self,
        winner: int,
        from_seat: int | None,
        hand: Iterable[int],
        tile: int,
        yaku: Sequence[YakuLine],
        *,
        han: int,
        points: int,
        point_changes: Sequence[int],
        limit: str = "",
        fu: int | None = None,
        **extra: Any,
    ) -> WinView:
        """A win's result card (``hand`` without the winning tile; ``extra``: indicators, chips)."""
        return WinView(
            variant=self.variant,
            round_label=self.round_label,
            winner=winner,
            from_seat=from_seat,
            hand=self._faces(self._sorted(hand)),
            win_tile=self.tiles[tile],
            melds=tuple(self._meld_view(meld) for meld in self.seats[winner].melds),
            yaku=tuple(yaku),
            han=han,
            fu=fu,
            points=points,
            point_changes=tuple(point_changes),
            limit_name=limit,
            **extra,
        )

    def _hand_owed(self, score: HandScore, payer: int, *, from_seat: int | None) -> int:
        """What ``payer`` owes for a win's hand, before honba, sticks and chips: on a ron the
        discarder the ron value and the others nothing; on a tsumo the dealer the dealer's share
        and every other seat theirs."""
        if from_seat is not None:
            return score.ron if payer == from_seat else 0
        return score.tsumo_dealer if payer == self.dealer else score.tsumo_non_dealer

    def _win_result(
        self,
        winner: int,
        from_seat: int | None,
        tile: int,
        hand: Sequence[int],
        yaku: Sequence[YakuLine],
        *,
        han: int,
        points: int,
        point_changes: Sequence[int],
        chip_changes: Sequence[int] = (),
        fu: int | None = None,
        yakuman: int = 0,
        limit: str = "",
        ura: Sequence[int] = (),
        whole: Sequence[int] | None = None,
        **card: Any,
    ) -> tuple[WinView, Win]:
        """A win's result card and its record, from the same facts: ``hand`` without the winning
        ``tile`` (``whole``: the hand the record keeps, by default the two together), the
        indicators face up and the ``ura`` shown; ``card``: what only the card shows (chips
        itemised, flips, dice)."""
        view = self._win_card(
            winner,
            from_seat,
            hand,
            tile,
            yaku,
            han=han,
            fu=fu,
            points=points,
            point_changes=point_changes,
            limit=limit,
            chip_changes=tuple(chip_changes),
            dora_indicators=self._faces(self.wall.dora),
            ura_indicators=self._faces(ura),
            **card,
        )
        record = Win(
            winner,
            from_seat,
            tile,
            tuple(self._sorted([*hand, tile] if whole is None else whole)),
            han,
            points,
            tuple(yaku),
            tuple(point_changes),
            chip_changes=tuple(chip_changes),
            fu=fu,
            yakuman=yakuman,
            limit=limit,
            ura_indicators=tuple(ura),
        )
        return view, record

    def _draw_card(
        self, tenpai: Sequence[bool], changes: Sequence[int], *, show_melds: bool = False, **extra: Any
    ) -> tuple[DrawView, ExhaustiveDraw]:
        """An exhaustive draw's card and record: tenpai hands shown, the others hidden, and every
        seat's melds where the variant shows them (``show_melds``)."""
        hands = tuple(
            tuple(self._sorted(seat.concealed)) if tenpai[index] else None for index, seat in enumerate(self.seats)
        )
        card = DrawView(
            variant=self.variant,
            round_label=self.round_label,
            tenpai=tuple(tenpai),
            hands=tuple(None if hand is None else self._faces(hand) for hand in hands),
            melds=tuple(
                tuple(self._meld_view(meld) for meld in seat.melds) if show_melds else () for seat in self.seats
            ),
            point_changes=tuple(changes),
            **extra,
        )
        return card, ExhaustiveDraw(tuple(tenpai), hands)

    def _next_hand(self) -> None:
        """Deal the next hand, keeping the events of the one that just ended first."""
        events = self.pending_events
        self._start_hand()
        self.pending_events = events + self.pending_events

    # --- tiles in and out of a hand -----------------------------------------------------------------

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

    def _sorted(self, tiles: Iterable[int]) -> list[int]:
        return sorted(tiles, key=self._sort_key)

    def _distinct_faces(
        self, tiles: Iterable[int], *, prefer: Iterable[int | None] = (), keep_order: bool = False
    ) -> list[int]:
        """One tile id per distinct face, preferring the ids in ``prefer`` (the drawn tile), in
        hand order (or, ``keep_order``, in the order given)."""
        tiles = list(tiles)
        chosen: dict[Tile, int] = {}
        for tile in prefer:
            if tile is not None and tile in tiles:
                chosen.setdefault(self.tiles[tile], tile)
        for tile in tiles if keep_order else self._sorted(tiles):
            chosen.setdefault(self.tiles[tile], tile)
        if keep_order:
            return [tile for tile in tiles if chosen[self.tiles[tile]] == tile]
        return self._sorted(chosen.values())

    def _face_pairs(self, tiles: Sequence[int]) -> list[tuple[int, int]]:
        """Pairs of tiles, one per distinct pair of faces (a red five makes its own pair)."""
        pairs: dict[tuple[Tile, Tile], tuple[int, int]] = {}
        ordered = self._sorted(tiles)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                pairs.setdefault((self.tiles[a], self.tiles[b]), (a, b))
        return list(pairs.values())

    def _held(self, seat: SeatT, kind: int) -> list[int]:
        """The seat's concealed tiles of one kind, in hand order."""
        return self._sorted(tile for tile in seat.concealed if self.kinds[tile] == kind)

    # --- furiten and hints ----------------------------------------------------------------------------

    def _note_missed_win(self, seat_index: int) -> None:
        """Passing a win: furiten until the seat's next discard, and for good once in riichi."""
        seat = self.seats[seat_index]
        seat.temporary_furiten = True
        if seat.riichi:
            seat.riichi_furiten = True

    def _furiten(self, seat_index: int, waits: Sequence[int]) -> bool:
        """Furiten: a wait in the seat's own river, a win passed this go-around, or one passed
        in riichi."""
        seat = self.seats[seat_index]
        if seat.temporary_furiten or seat.riichi_furiten:
            return True
        river_kinds = {self.kinds[entry.tile] for entry in seat.river}
        return any(kind in river_kinds for kind in waits)

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

    # --- winning ----------------------------------------------------------------------------------------

    def _win_context(
        self,
        seat_index: int,
        tile: int,
        *,
        tsumo: bool,
        how: str,
        as_kind: int | None = None,
        ippatsu: bool | None = None,
        honba: int | None = None,
        flags: frozenset[str] = frozenset(),
    ) -> WinContext:
        """What the scorer needs to know of ``seat_index`` winning on ``tile`` (``how``: ``tsumo``
        or the claim source), or of a tile standing for ``as_kind`` (a wild tile, another wait):
        its hand (a ron completes :meth:`_waiting_hand`), melds, winds, riichi and 一発 (unless
        ``ippatsu`` says otherwise), indicators, the 北 it pulled, the table's honba (unless
        ``honba`` says otherwise), the variant's ``flags`` and the situation
        (:meth:`_situation`). Red fives are counted over the concealed tiles, the winning one
        included, and the melds."""
        seat = self.seats[seat_index]
        kind = self.kinds[tile] if as_kind is None else as_kind
        if tsumo:
            board, tiles = seat.board, list(seat.concealed)
            if as_kind is not None:
                board = add_tile(board - (1 << (4 * self.kinds[tile])), as_kind)
        else:
            board, tiles = self._waiting_hand(seat_index)
            board, tiles = add_tile(board, kind), [*tiles, tile]
        every = [*tiles, *(t for meld in seat.melds for t in meld.tiles)]
        wind = self.seat_wind(seat_index)
        ctx = WinContext(
            concealed=board,
            win_tile=kind,
            melds=tuple(seat.melds),
            tsumo=tsumo,
            seat_wind=Kind.EAST if wind is None else wind,
            round_wind=self.round_wind,
            dealer=seat_index == self.dealer,
            riichi=seat.riichi,
            double_riichi=seat.double_riichi,
            ippatsu=seat.riichi and seat.ippatsu if ippatsu is None else ippatsu,
            dora_indicators=tuple(self.kinds[indicator] for indicator in self.wall.dora),
            ura_indicators=tuple(self.kinds[indicator] for indicator in self.wall.ura[: self.wall.revealed]),
            red_dora=sum(self.tiles[t].red for t in every),
            nuki_dora=sum(self.kinds[t] == Kind.NORTH for t in seat.set_aside),
            honba=self.honba if honba is None else honba,
            flags=flags,
        )
        return self._situation(ctx, seat_index, how=how)

    def _situation(self, ctx: WinContext, seat: int, *, how: str) -> WinContext:
        """``ctx`` (``seat`` winning, ``how``: ``tsumo`` or the claim source) with the flags of the
        situational yaku, from :meth:`_last_draw`, :meth:`_replacement_draw` and
        :meth:`_first_turn`: 海底 on the last draw (not on a replacement tile), 河底 on the last
        discard, 嶺上開花, 搶槓 on an added kan, 天和 and 地和 on a tsumo in the first
        go-around. A variant overrides it for what it rules otherwise (人和, 海底 on a
        replacement tile)."""
        tsumo = ctx.tsumo
        last = self._last_draw()
        rinshan = tsumo and self._replacement_draw(seat)
        first = tsumo and self._first_turn(seat)
        return dataclasses.replace(
            ctx,
            haitei=tsumo and last and not rinshan,
            houtei=not tsumo and how == ClaimSource.DISCARD and last,
            rinshan=rinshan,
            chankan=how == ClaimSource.KAKAN,
            tenhou=first and ctx.dealer,
            chiihou=first and not ctx.dealer,
        )

    # --- views ----------------------------------------------------------------------------------------

    def _meld_view(self, meld: Meld) -> MeldView:
        tiles = tuple(self.tiles[t] for t in meld.tiles)
        called = meld.tiles.index(meld.called) if meld.called is not None else None
        return MeldView(meld.type, tiles, called_index=called, from_seat=meld.from_seat)

    def _faces(self, tiles: Iterable[int]) -> tuple[Tile, ...]:
        return tuple(self.tiles[tile] for tile in tiles)

    def _seat_public(self, index: int, *, wind: int | None, dealer: bool) -> SeatPublic:
        """What everyone sees of one seat: points, river, melds, tiles set aside, how many tiles
        it hides, riichi, and chips where the variant has them."""
        seat = self.seats[index]
        return SeatPublic(
            seat=index,
            wind=wind,
            points=self.points[index],
            chips=self.chips[index] if self.has_chips else None,
            river=tuple(
                RiverTile(self.tiles[e.tile], riichi=e.riichi, called=e.called, tsumogiri=e.tsumogiri, order=e.order)
                for e in seat.river
            ),
            melds=tuple(self._meld_view(meld) for meld in seat.melds),
            set_aside=self._faces(seat.set_aside),
            concealed_count=len(seat.concealed),
            concealed_backs=self._concealed_backs(index),
            has_drawn=seat.drawn is not None,
            riichi=seat.riichi,
            dealer=dealer,
        )

    def _concealed_backs(self, seat: int) -> tuple[Back | None, ...]:
        """The back colours of a seat's standing tiles where the variant shows them (none)."""
        return ()

    def public_view(self) -> PublicView:
        """What everyone may see."""
        raise NotImplementedError

    def _final_hand(self) -> bool:
        """Whether the game ends with this hand unless its result carries it on (see
        :attr:`PublicView.final_hand`); a variant whose end is never scheduled says no."""
        return False

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see."""
        raise NotImplementedError

    def _vote_note(self) -> str:
        return f"終了投票 {len(self.votes)}/{self._players}" if self.votes else ""

    # --- tile accounting (the simulator's invariants) -------------------------------------------------

    def public_tiles(self) -> list[int]:
        """Tile ids anyone may see: rivers (a claimed tile sits in its meld), melds, tiles set
        aside, the dora indicators face up."""
        tiles = [entry.tile for seat in self.seats for entry in seat.river if not entry.called]
        tiles += [tile for seat in self.seats for meld in seat.melds for tile in meld.tiles]
        tiles += [tile for seat in self.seats for tile in seat.set_aside]
        return tiles + self.wall.dora

    def concealed_tiles(self, seat_index: int) -> list[int]:
        """Tile ids only ``seat_index`` may see."""
        return list(self.seats[seat_index].concealed)

    def all_tile_locations(self) -> list[int]:
        """Every tile id wherever it is now: each exactly once."""
        tiles = self.wall.hidden()
        for index in range(self._players):
            tiles += self.concealed_tiles(index)
        return tiles + self.public_tiles()
