"""One TableActor per channel: the only code that touches a running game.

Everything that can change a game (a click, a timer, a CPU's turn, "I'm back", a cancel) is a
message in the actor's inbox, handled one at a time by the actor's task. There are no locks in
the cogs and no races between two simultaneous clicks: the second one finds the decision gone
and gets a :class:`~bot.runtime.errors.StaleClick`.

An accepted action is checked against the seat's legal actions, **committed to the store, and
only then applied** to the engine and shown: a crash at any point either loses an action no one
saw or replays one everyone saw. The presenter reads the actor's state whenever it draws, so it
only ever shows committed actions.

Every pending decision carries the sequence number at which it appeared; its buttons carry the
same number. A seat's number stays the same while its options do (a claim it still has to
answer while another seat passes), so simultaneous decisions do not invalidate each other.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from bot.engine.ai import CpuPlayer
from bot.engine.events import Event, HandEnded, HandStarted, VoteCast, WallRevealed
from bot.engine.game import Action, Game, Outcome, TimeUp, Unclaimed, VoteEnd, action_to_json
from bot.engine.record import replay
from bot.engine.tiles import Tile
from bot.engine.views import DrawView, PublicView, SeatView, WinView
from bot.runtime.customid import ActionId
from bot.runtime.errors import (
    GameOver,
    InvalidButton,
    MoveKept,
    NotAuto,
    NotSeated,
    NotYourTurn,
    SaveFailed,
    StaleClick,
    TablePaused,
)
from bot.runtime.numbering import Offer, Offers, next_offers
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.panel import Decision, action_args, declarations, public_table_view
from bot.storage import (
    DATABASE_ERRORS,
    ActionOrderError,
    GameStatus,
    GameSummary,
    HandEntry,
    HandTracker,
    PlayerSeat,
    Store,
    is_refusal,
)

__all__ = ["NullPresenter", "SeatState", "TableActor", "TablePresenter"]

log = logging.getLogger(__name__)

T = TypeVar("T")


class TablePresenter(Protocol):
    """What the actor tells the outside world. Every call returns at once; the presenter does
    its Discord work in its own task, reading the actor's (committed) state when it draws."""

    def table_changed(self) -> None:
        """The public table changed: redraw it (coalesced)."""

    def panels_changed(self, seats: Collection[int], *, exclude: int | None = None) -> None:
        """These seats' private panels may be out of date (``exclude`` answers its own click)."""

    def hand_ended(self, entry: HandEntry, results: Sequence[ResultCard], reveal: WallRevealed | None = None) -> None:
        """A hand ended: show its result cards (``results``: one WinView per win, several when
        one discard or one round paid several winners; or its DrawView) and the wall's salt
        (``reveal``), which lets anyone check the hash shown at its start."""

    def notice(self, key: str, **params: Any) -> None:
        """Post a short public notice (an i18n key)."""

    def game_over(self, outcome: Outcome, summary: GameSummary | None) -> None:
        """The game finished normally: final table and standings."""

    def cancelled(self, by: str) -> None:
        """The game was cancelled."""


class NullPresenter:
    """Shows nothing: for an actor before its presenter is attached, and for tests."""

    def table_changed(self) -> None:
        """Ignore."""

    def panels_changed(self, seats: Collection[int], *, exclude: int | None = None) -> None:
        """Ignore."""

    def hand_ended(self, entry: HandEntry, results: Sequence[ResultCard], reveal: WallRevealed | None = None) -> None:
        """Ignore."""

    def notice(self, key: str, **params: Any) -> None:
        """Ignore."""

    def game_over(self, outcome: Outcome, summary: GameSummary | None) -> None:
        """Ignore."""

    def cancelled(self, by: str) -> None:
        """Ignore."""


@dataclass
class SeatState:
    """Runtime facts about one seat that the engine does not track."""

    player: PlayerSeat
    bank: float
    cpu: CpuPlayer | None = None
    auto: bool = False
    """On autopilot after timing out too often, until the player presses "I'm back"."""
    timeouts: int = 0
    """Consecutive timeouts; acting in time resets it."""
    started: float = 0.0
    """When the current decision's clock started (RuntimeOptions.clock)."""
    charged: float = 0.0
    """Bank seconds already charged for the current decision."""
    allowance: float = 0.0
    """Bank seconds the current decision may use (less than ``bank`` under a shared deadline)."""
    timer: asyncio.TimerHandle | None = None

    @property
    def clocked(self) -> bool:
        """Whether someone waits on this seat's clock (a human not on autopilot)."""
        return not self.player.is_cpu and not self.auto


ResultCard = WinView | DrawView
"""A hand's result as a picture: a win card, or the draw card."""


def _follow(tracked: dict[int, Decision], offers: Mapping[int, Offer]) -> set[int]:
    """Bring clock-less offers (switches, free actions) in line; returns seats whose changed."""
    changed = {seat for seat in tracked.keys() | offers.keys() if _offered(tracked.get(seat)) != offers.get(seat)}
    for seat in changed:
        tracked.pop(seat, None)
        if (offer := offers.get(seat)) is not None:
            tracked[seat] = Decision(seat, offer.seq, offer.actions, offer.default, None)
    return changed


def _offered(decision: Decision | None) -> Offer | None:
    return None if decision is None else Offer(decision.seq, decision.actions, decision.default)


def _casts_vote(action: Action) -> bool:
    """A free action the actor may play for an absent player: anything but taking a vote back."""
    return not isinstance(action, VoteEnd) or action.end


def _narrowed(old: Sequence[Action], new: Sequence[Action]) -> bool:
    """Whether ``new`` is ``old`` less some options: the rest of one choice, not a new one."""
    return len(new) < len(old) and set(new) <= set(old)


_STORE_ERRORS: tuple[type[Exception], ...] = (*DATABASE_ERRORS, ValueError)
"""What a write to the store may raise (ValueError: the store is closed, or a bad argument)."""


@dataclass
class _Unsaved:
    """A write the store refused, kept to try again while the table waits."""

    write: Callable[[], Awaitable[object]]
    then: Callable[[object], Awaitable[None]] | None = None
    """What follows once it is written: given what ``write`` returned, or None when it was given
    up (it failed for a reason that waiting does not cure)."""


@dataclass
class _Outage:
    """The table is paused because the store refuses writes (see :meth:`TableActor._hold`)."""

    delay: float
    """Seconds before the next try; doubles after each refusal."""
    writes: deque[_Unsaved] = field(default_factory=deque)
    """The refused writes, oldest first; they are tried again in this order."""
    stopped: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Seats whose clock was stopped: when (RuntimeOptions.clock), and the seconds they had left."""
    timer: asyncio.TimerHandle | None = None
    time_up: bool = False
    """The table's time limit ran out during the pause: ended once it carries on."""


# --- inbox messages -------------------------------------------------------------------------------


@dataclass
class _Act:
    user_id: int
    button: ActionId
    future: asyncio.Future[int]


@dataclass
class _Back:
    user_id: int
    future: asyncio.Future[int]


@dataclass
class _Cancel:
    by: str
    future: asyncio.Future[int]


@dataclass
class _Auto:
    seat: int
    seq: int


@dataclass
class _Reconsider:
    """A riichi was declared while a CPU's choice stood locked in (ずーの): its second look."""

    seat: int
    seq: int


@dataclass
class _Timeout:
    seat: int
    seq: int
    retry: bool = False
    """Playing the default failed to save last time; this is another try, not another timeout."""


@dataclass
class _FreeAct:
    """A CPU's (or an absent player's) free action, e.g. agreeing to the others' vote to end."""

    seat: int
    kind: str


@dataclass
class _TimeUp:
    """The table's time limit ran out (いなげ's timed games)."""


@dataclass
class _Retry:
    """Try the writes the store refused again (see :meth:`TableActor._hold`)."""


@dataclass
class _Stop:
    future: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


_Message = _Act | _Back | _Cancel | _Auto | _Reconsider | _Timeout | _TimeUp | _FreeAct | _Retry | _Stop


class TableActor:
    """Owns one running game: its engine state, timers, CPU turns and action log."""

    def __init__(
        self,
        *,
        game_id: int,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: Game,
        players: Sequence[PlayerSeat],
        store: Store,
        options: RuntimeOptions,
        timers: TableTimers,
        tracker: HandTracker | None = None,
        locale: str | None = None,
        on_finished: Callable[[TableActor], None] | None = None,
        started_at: float | None = None,
        banks: Mapping[int, float] | None = None,
        offers: Offers | None = None,
    ) -> None:
        if len(players) != game.players:
            raise ValueError(f"{len(players)} players for a {game.players}-seat game")
        self.game_id = game_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.host_id = host_id
        self.game = game
        self.store = store
        self.options = options
        self.timers = timers
        self.locale = locale
        self.started_at = options.wall_clock() if started_at is None else started_at
        """Unix time the game began (a timed game ends that long after it, across restarts)."""
        self.tracker = tracker or HandTracker.for_game(game)
        self.presenter: TablePresenter = NullPresenter()
        self.finished = False
        self.seats = [
            SeatState(
                player,
                bank=min(timers.bank_seconds, (banks or {}).get(seat, timers.bank_seconds)),
                cpu=CpuPlayer.for_game(game, seed=game.seed * 8 + seat) if player.is_cpu else None,
            )
            for seat, player in enumerate(players)
        ]
        self._on_finished = on_finished
        self.offers = offers or Offers()
        """Every seat's offers as last numbered (a recovered game brings those its log numbers:
        see :mod:`bot.runtime.numbering`)."""
        self._decisions: dict[int, Decision] = {}
        self._switches: dict[int, Decision] = {}
        """Seats that already chose but may still change their choice (ずーの's locked discards):
        not in the engine's decisions, so no clock and no CPU turn, but their buttons work."""
        self._locked_against: dict[int, frozenset[int]] = {}
        """Locked-in CPU seats and the other seats that were in riichi when each last chose."""
        self._free: dict[int, Decision] = {}
        """Actions a seat may take at any moment besides its decision (いなげ's vote to end):
        they run on no clock and do not end the seat's decision."""
        self._time_limit: asyncio.TimerHandle | None = None
        self._declared = declarations(game.public_view())
        """Every seat's riichi and melds as last shown (see :func:`~bot.runtime.panel.declarations`)."""
        self._inbox: asyncio.Queue[_Message] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._views: dict[object, Any] = {}
        """Views built since the game last moved (see :meth:`_cached`)."""
        self._views_of: tuple[int, int] = (id(game), -1)
        self._outage: _Outage | None = None
        """Set while the store refuses writes: the table is paused (see :meth:`_hold`)."""

    # --- reading the state (for the presenter and the cogs) ----------------------------------------

    @property
    def title(self) -> str:
        """The variant's display name."""
        return self.game.title

    @property
    def names(self) -> tuple[str, ...]:
        """Display names by seat."""
        return tuple(state.player.name for state in self.seats)

    @property
    def tiles(self) -> Sequence[Tile]:
        """Faces of the variant's physical tiles, by tile id."""
        return self.game.tiles

    @property
    def sequence(self) -> int:
        """How many actions the game has taken."""
        return self.game.sequence

    def seat_of(self, user_id: int) -> int:
        """The seat a user plays; raises :class:`NotSeated`."""
        for seat, state in enumerate(self.seats):
            if state.player.user_id == user_id:
                return seat
        raise NotSeated()

    def is_seated(self, user_id: int) -> bool:
        """Whether the user plays at this table."""
        return any(state.player.user_id == user_id for state in self.seats)

    def decision(self, seat: int) -> Decision | None:
        """The seat's pending decision, if any (or the choices a locked-in seat may switch to),
        with the actions it may take at any moment added; those share the decision's number."""
        decision = self._decisions.get(seat) or self._switches.get(seat)
        free = self._free.get(seat)
        if free is None:
            return decision
        if decision is None:
            return free
        # Free actions are matched by what they are, not by number (see _handle_request), so a
        # vote does not make the seat's other buttons stale.
        return dataclasses.replace(decision, actions=decision.actions + free.actions)

    def decisions(self) -> tuple[Decision, ...]:
        """Every pending decision, by seat."""
        return tuple(self._decisions[seat] for seat in sorted(self._decisions))

    @property
    def paused(self) -> bool:
        """Whether the table waits for the store to take its writes again."""
        return self._outage is not None

    def auto_seats(self) -> tuple[int, ...]:
        """Seats on autopilot."""
        return tuple(seat for seat, state in enumerate(self.seats) if state.auto)

    def _cached(self, key: object, build: Callable[[], T]) -> T:
        """A view of the game as it is now, built once for every reader of it.

        The presenter, the panels and the cogs ask for the same views many times between two
        moves (every table redraw, every panel's key check); the engine only changes in
        ``apply`` (or a test's rigged deal), which moves ``revision``, and a rebuilt game
        (:meth:`_take_back`) is a new object, so the pair says when a view is stale.
        """
        now = (id(self.game), self.game.revision)
        if now != self._views_of:
            self._views.clear()
            self._views_of = now
        if key not in self._views:
            self._views[key] = build()
        return cast(T, self._views[key])

    def _game_public(self) -> PublicView:
        return self._cached("public", self.game.public_view)

    def public_view(self) -> PublicView:
        """The table as the channel may see it (see :func:`~bot.runtime.panel.public_table_view`)."""
        deadline = min((d.deadline for d in self._decisions.values() if d.deadline is not None), default=None)
        auto = self.auto_seats()
        return self._cached(
            ("table", deadline, auto),
            lambda: public_table_view(self._game_public(), deadline=deadline, auto=auto, unclaimed=self._unclaimed()),
        )

    def _unclaimed(self) -> Unclaimed | None:
        return self._cached("unclaimed", self.game.unclaimed)

    def seat_view(self, seat: int) -> SeatView:
        """One seat's private view, with the same public part as :meth:`public_view`."""
        public = self.public_view()
        # By identity: the public view is itself cached (and kept alive) until the game moves.
        return self._cached(
            ("seat", seat, id(public)), lambda: dataclasses.replace(self.game.view(seat), public=public)
        )

    def waiting_for(self) -> tuple[str, ...]:
        """Names of the people the table waits on, for a panel; claim deciders stay anonymous.

        It reads the table as the channel sees it: during a claim window, the seat that plays on
        if nobody claims, as though no window were open (naming nobody then would tell that one
        is). A CPU's turn names nobody: a waiting panel then reads the same through a run of CPU
        moves and costs no edit each (the table message shows whose turn it is)."""
        public = self.public_view()
        if public.turn is not None and not self.seats[public.turn].player.is_cpu:
            return (self.names[public.turn],)
        return ()

    # --- lifecycle -------------------------------------------------------------------------------

    def start(self, presenter: TablePresenter) -> None:
        """Attach the presenter, arm the clocks and CPU turns, and start handling the inbox."""
        self.presenter = presenter
        self._task = asyncio.create_task(self._run(), name=f"table-{self.game_id}")
        self._sync_decisions(acted=None, pause=0.0)
        limit = self.game.time_limit_seconds
        if limit is not None:
            left = max(0.0, self.started_at + float(limit) - self.options.wall_clock())
            self._time_limit = asyncio.get_running_loop().call_later(left, self._post, _TimeUp())

    async def stop(self) -> None:
        """Stop the actor (bot shutdown); the game stays running in the store."""
        if self._task is None or self._task.done():
            self._cancel_timers()
            return
        message = _Stop()
        self._inbox.put_nowait(message)
        await asyncio.shield(message.future)
        await self._task

    def _post(self, message: _Message) -> None:
        if self._task is not None and not self._task.done():
            self._inbox.put_nowait(message)

    async def _ask(self, message: _Act | _Back | _Cancel) -> int:
        if self.finished or self._task is None or self._task.done():
            raise GameOver()
        self._inbox.put_nowait(message)
        return await message.future

    # --- requests --------------------------------------------------------------------------------

    async def act(self, user_id: int, button: ActionId) -> int:
        """Play the action a button stands for; returns the clicker's seat.

        Raises :class:`NotSeated`, :class:`StaleClick`, :class:`InvalidButton` (a button this
        seat was never offered), :class:`GameOver` or :class:`SaveFailed`; none changes anything.
        """
        return await self._ask(_Act(user_id, button, asyncio.get_running_loop().create_future()))

    async def come_back(self, user_id: int) -> int:
        """Take a seat off autopilot; returns the seat."""
        return await self._ask(_Back(user_id, asyncio.get_running_loop().create_future()))

    async def cancel(self, by: str) -> int:
        """Cancel the game (the cog checked who may); returns the game id."""
        return await self._ask(_Cancel(by, asyncio.get_running_loop().create_future()))

    # --- the inbox loop --------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            message = await self._inbox.get()
            if isinstance(message, _Stop):
                self._cancel_timers()
                self._fail_waiting()
                message.future.set_result(None)
                return
            try:
                if isinstance(message, _Act | _Back | _Cancel):
                    try:
                        result = await self._handle_request(message)
                    except Exception as error:
                        if not message.future.done():
                            message.future.set_exception(error)
                    else:
                        if not message.future.done():
                            message.future.set_result(result)
                elif isinstance(message, _Timeout):
                    await self._handle_timeout(message)
                elif isinstance(message, _TimeUp):
                    await self._handle_time_up()
                elif isinstance(message, _FreeAct):
                    await self._handle_free(message)
                elif isinstance(message, _Retry):
                    await self._handle_retry()
                elif isinstance(message, _Reconsider):
                    await self._handle_reconsider(message)
                else:
                    await self._handle_auto(message)
            except Exception:
                log.exception("table %s: failed to handle %r", self.game_id, type(message).__name__)
            if self.finished:
                self._cancel_timers()
                self._fail_waiting()
                return

    def _fail_waiting(self) -> None:
        while not self._inbox.empty():
            message = self._inbox.get_nowait()
            if isinstance(message, _Act | _Back | _Cancel) and not message.future.done():
                message.future.set_exception(GameOver())
            elif isinstance(message, _Stop):
                message.future.set_result(None)

    async def _handle_request(self, message: _Act | _Back | _Cancel) -> int:
        if self.finished:
            raise GameOver()
        if isinstance(message, _Cancel):
            await self.store.games.finish(self.game_id, GameStatus.CANCELLED, reason=f"cancelled by {message.by}")
            self._finish()
            self.presenter.cancelled(message.by)
            return self.game_id
        seat = self.seat_of(message.user_id)
        state = self.seats[seat]
        if self._outage is not None:
            # Nothing can be stored, so nothing may change: not a move, not autopilot.
            raise TablePaused()
        if isinstance(message, _Back):
            if not state.auto:
                raise NotAuto()
            state.auto = False
            state.timeouts = 0
            decision = self._decisions.get(seat)
            if decision is not None:
                self._arm(seat, decision.seq, pause=0.0)
            self.presenter.table_changed()
            self.presenter.panels_changed((seat,))
            return seat
        button = message.button
        if button.game != self.game_id:
            raise InvalidButton()
        decision = self.decision(seat)
        free_actions = self._free[seat].actions if seat in self._free else ()
        action = next((a for a in free_actions if a.kind == button.kind and action_args(a) == button.args), None)
        free = action is not None
        if action is None and any(a.kind == button.kind for a in free_actions):
            # The other side of a free choice (a vote already cast, a double click): stale.
            raise StaleClick(seq=button.seq, current=decision.seq if decision is not None else self.game.sequence)
        if action is None:
            # A free action is what it says whatever the panel's number (a vote clicked just as
            # the seat's turn came); anything else must come from the current decision.
            if decision is None and button.seq == self.game.sequence:
                raise NotYourTurn()  # a current button, but the move is someone else's
            if decision is None or decision.seq != button.seq:
                current = decision.seq if decision is not None else self.game.sequence
                raise StaleClick(seq=button.seq, current=current)
            action = next(
                (a for a in decision.actions if a.kind == button.kind and action_args(a) == button.args),
                None,
            )
        if action is None:
            # Well-formed and current, but not one of the buttons this seat was given: forged.
            raise InvalidButton()
        if state.auto and not free:
            # Clicking an action is as good as "I'm back".
            state.auto = False
        if not free:
            state.timeouts = 0
            if seat in self._decisions:  # a switch runs on no clock, so it costs no bank
                self._spend_bank(seat)
        await self._play(seat, action, human=True, free=free)
        return seat

    async def _handle_free(self, message: _FreeAct) -> None:
        free = self._free.get(message.seat)
        if self.finished or free is None or self.seats[message.seat].clocked or self._outage is not None:
            return  # (after a pause, _resume follows the votes again)
        action = next((a for a in free.actions if a.kind == message.kind and _casts_vote(a)), None)
        if action is not None:
            await self._play(message.seat, action, human=False, free=True)

    async def _handle_time_up(self) -> None:
        if self.finished or self.game.time_limit_seconds is None:
            return
        if self._outage is not None:
            self._outage.time_up = True  # the table's time ends once it can be stored
            return
        for seat in range(len(self.seats)):
            action = next((a for a in self.game.legal_actions(seat) if isinstance(a, TimeUp)), None)
            if action is not None:
                self.presenter.notice("time_up")
                await self._play(seat, action, human=False, free=True)
                return

    async def _handle_timeout(self, message: _Timeout) -> None:
        decision = self._decisions.get(message.seat)
        state = self.seats[message.seat]
        if decision is None or decision.seq != message.seq or not state.clocked or self._outage is not None:
            # The seat answered in time, or the timer belongs to an older decision, or it rang
            # just as the table paused (the pause stopped that clock; _resume restarts it).
            return
        if not message.retry:
            state.timeouts += 1
            # The bank this decision was allowed is gone (all of it, unless a shared deadline
            # allowed less than the seat had).
            state.bank = max(0.0, state.bank - state.allowance)
            if state.timeouts >= self.options.timeouts_before_autoplay:
                state.auto = True
                self.presenter.notice("went_auto", name=state.player.name)
        await self._play_or_retry(message.seat, decision, decision.default)

    async def _handle_auto(self, message: _Auto) -> None:
        decision = self._decisions.get(message.seat)
        state = self.seats[message.seat]
        if decision is None or decision.seq != message.seq or state.clocked or self._outage is not None:
            return  # (a CPU turn posted as the table paused is armed again by _resume)
        action = decision.default
        if state.cpu is not None:
            try:
                action = state.cpu.choose(self.game.view(message.seat), decision.actions)
            except Exception:
                # A CPU bug must not stop the table: play the decision's default instead.
                log.exception("table %s: the CPU in seat %d failed to choose", self.game_id, message.seat)
        await self._play_or_retry(message.seat, decision, action)

    async def _handle_reconsider(self, message: _Reconsider) -> None:
        switch = self._switches.get(message.seat)
        cpu = self.seats[message.seat].cpu
        if switch is None or switch.seq != message.seq or cpu is None or self._outage is not None:
            return  # it was switched or revealed meanwhile, or the table paused: the lock stands
        try:
            action = cpu.reconsider(self.game.view(message.seat), switch.actions)
        except Exception:
            log.exception("table %s: the CPU in seat %d failed to reconsider", self.game_id, message.seat)
            return
        if action is None:
            return
        if action not in switch.actions:
            log.error("table %s: the CPU in seat %d switched to an illegal %s", self.game_id, message.seat, action.kind)
            return
        await self._play(message.seat, action, human=False)

    def _recheck_locks(self) -> None:
        """A CPU locked in during a simultaneous phase looks again once a riichi is declared
        after it chose, as a player at the keyboard could switch to a safer tile."""
        in_riichi = frozenset(seat.seat for seat in self._game_public().seats if seat.riichi)
        for seat in [seat for seat in self._locked_against if seat not in self._switches]:
            del self._locked_against[seat]
        for seat, switch in self._switches.items():
            if self.seats[seat].cpu is None:
                continue
            against = in_riichi - {seat}
            if self._locked_against.setdefault(seat, against) != against:
                self._locked_against[seat] = against
                self._post(_Reconsider(seat, switch.seq))

    async def _play_or_retry(self, seat: int, decision: Decision, action: Action) -> None:
        """Play a move nobody clicked (a CPU's, a timeout's). If the store cannot take it, try
        again shortly: no one is there to click again, and the table must not wait forever."""
        try:
            await self._play(seat, action, human=False)
        except SaveFailed:
            state = self.seats[seat]
            retry = _Timeout(seat, decision.seq, retry=True) if state.clocked else _Auto(seat, decision.seq)
            state.timer = asyncio.get_running_loop().call_later(self.options.retry_seconds, self._post, retry)

    # --- playing an action -------------------------------------------------------------------------

    async def _play(
        self, seat: int, action: Action, *, human: bool, free: bool = False, refused: frozenset[Action] = frozenset()
    ) -> None:
        """Check, commit, apply, then show: the order that makes every shown action survive a
        crash, and keeps every stored game replayable.

        Only an action the engine lists as legal is stored. Should the engine still refuse it
        once stored (a bug), the action is taken back out of the log and the game rebuilt from
        the log, so the store never keeps a move that does not replay; a move nobody clicked is
        then replaced by a legal one, so the table goes on.

        A ``free`` action (a vote, time-up) is no answer to the seat's decision: the decision
        and its clock carry on."""
        if action not in self.game.legal_actions(seat):
            if human:
                raise InvalidButton()
            # Log the kind only: an action's tiles are hidden information.
            log.error(
                "table %s: seat %d was handed an illegal %s; playing a legal move", self.game_id, seat, action.kind
            )
            fallback = self._fallback(seat, refused=refused | {action})
            if fallback is None or free:
                return
            action = fallback
        seq = self.game.sequence
        state = self.seats[seat]
        bank = None if state.player.is_cpu else state.bank
        try:
            await self.store.games.append_action(self.game_id, seq, action_to_json(action), bank=bank)
        except _STORE_ERRORS as error:
            log.error("table %s: could not log action %d: %s", self.game_id, seq, error)
            if not is_refusal(error):
                raise SaveFailed() from error
            # The store refuses writes for now: keep this very action (its number, its bank) and
            # try it again with the table paused; nothing is applied or shown until it is stored.
            self._hold(
                _Unsaved(
                    functools.partial(self._append_again, seq, action, bank),
                    functools.partial(self._play_stored, seat, action, seq, human=human, free=free, refused=refused),
                )
            )
            if human:
                raise MoveKept() from error
            return
        await self._apply_stored(seat, action, seq, human=human, free=free, refused=refused)

    async def _apply_stored(
        self, seat: int, action: Action, seq: int, *, human: bool, free: bool, refused: frozenset[Action]
    ) -> None:
        """Apply an action already committed as number ``seq``, then show it (see :meth:`_play`)."""
        try:
            events = self.game.apply(action)
        except Exception:
            log.exception(
                "table %s: the engine refused action %d (%s) after it was saved", self.game_id, seq, action.kind
            )
            await self._take_back(seq)
            if human:
                raise InvalidButton() from None
            refused |= {action}
            fallback = None if free else self._fallback(seat, refused=refused)
            if fallback is not None:
                await self._play(seat, fallback, human=False, refused=refused)
            return
        await self._after(events, seat, human=human, free=free)

    def _fallback(self, seat: int, *, refused: Collection[Action]) -> Action | None:
        """A legal move for a seat whose chosen one was refused: its default if that is legal,
        else its first legal action not refused yet."""
        legal = self.game.legal_actions(seat)
        decision = self._decisions.get(seat)
        candidates = ([decision.default] if decision is not None else []) + list(legal)
        return next((action for action in candidates if action not in refused and action in legal), None)

    async def _append_again(self, seq: int, action: Action, bank: float | None) -> int:
        """Store a refused action again, as the same number with the same bank.

        The log takes one action per number, so this can never store it twice; but a try that
        reported an error may still have landed, and then the log already holds this very
        action at ``seq``: that is the write done, not a reason to drop the move."""
        try:
            await self.store.games.append_action(self.game_id, seq, action_to_json(action), bank=bank)
        except ActionOrderError:
            logged = await self.store.games.actions(self.game_id)
            if len(logged) != seq + 1 or logged[seq] != json.loads(json.dumps(action_to_json(action))):
                raise
            log.info("table %s: action %d had been stored after all", self.game_id, seq)
        return seq

    async def _play_stored(
        self,
        seat: int,
        action: Action,
        seq: int,
        stored: object,
        *,
        human: bool,
        free: bool,
        refused: frozenset[Action],
    ) -> None:
        """Play a held action once the store took it (``stored`` is None if it was given up)."""
        if stored is None:
            return  # not stored, so not played: the seat's decision is still open
        try:
            await self._apply_stored(seat, action, seq, human=human, free=free, refused=refused)
        except InvalidButton:
            # The engine refused a stored move (a bug); it was taken back out of the log and the
            # seat's decision is open again. Its click was answered long ago.
            log.error("table %s: seat %d's kept move was refused once stored", self.game_id, seat)
        if human:
            self.presenter.panels_changed((seat,))  # its click was answered before it was played

    async def _take_back(self, seq: int) -> None:
        """Remove a stored action the engine refused and rebuild the game from the log, which
        undoes whatever the failed ``apply`` changed half-way."""
        await self.store.games.retract_action(self.game_id, seq)
        self.game = replay(await self.store.games.record(self.game_id))

    async def _after(self, events: list[Event], seat: int, *, human: bool, free: bool = False) -> None:
        now_declared = declarations(self._game_public())
        declared, self._declared = now_declared != self._declared, now_declared
        entries = self.tracker.feed(events)
        for entry in entries:
            record = functools.partial(
                self.store.results.record_hand, self.game_id, entry.hand_index, entry.label, entry.result
            )
            await self._save_result(f"hand {entry.hand_index}", record)
        reveals = {event.hand: event for event in events if isinstance(event, WallRevealed)}
        cards = [card for event in events if isinstance(event, HandEnded) for card in event.cards]
        for entry in entries:
            self.presenter.hand_ended(entry, cards, reveals.get(entry.hand_index))
        self._announce(events)
        outcome = self.game.outcome()
        if outcome is not None:

            async def finish(summary: object) -> None:
                # Given up (None): the game stays "running" in the store and recovery finishes it
                # on the next start.
                self._finish()
                self.presenter.game_over(outcome, summary if isinstance(summary, GameSummary) else None)

            final = functools.partial(self.store.results.record_final, self.game_id, outcome)
            if not await self._save_result("the final result", final, then=finish):
                self.presenter.table_changed()  # the last move is stored: show it while waiting
                self._stop_clocks()
            return
        new_hand = any(isinstance(event, HandStarted) for event in events)
        changed = self._sync_decisions(acted=None if free else seat, pause=self.options.hand_pause if entries else 0.0)
        self._recheck_locks()
        if any(isinstance(event, VoteCast) and event.end for event in events):
            self._follow_votes()
        if self._outage is not None:
            self._stop_clocks()  # a result is waiting for the store: the clocks just armed wait too
        if not self._claims_answered_at_once():
            self.presenter.table_changed()
        # A declaration (riichi, a call, a kan) is public at once: every panel shows it.
        panels = range(len(self.seats)) if new_hand or declared else changed | {seat}
        self.presenter.panels_changed(panels, exclude=seat if human else None)

    # --- the store refusing writes: pause, try again, carry on ----------------------------------------

    async def _save_result(
        self,
        what: str,
        write: Callable[[], Awaitable[object]],
        then: Callable[[object], Awaitable[None]] | None = None,
    ) -> bool:
        """Write a hand's or the game's result and run ``then`` with what the write returned.

        A write the store refuses is kept, with ``then``, and tried again while the table waits
        (False); so is one that comes while an earlier one waits, so they land in order. One that
        fails for another reason is logged and given up: recovery records results again."""
        if self._outage is None:
            try:
                result = await write()
            except _STORE_ERRORS as error:
                if not is_refusal(error):
                    log.exception("table %s: could not record %s", self.game_id, what)
                    if then is not None:
                        await then(None)
                    return True
                log.error("table %s: the store refused %s: %s", self.game_id, what, error)
            else:
                if then is not None:
                    await then(result)
                return True
        self._hold(_Unsaved(write, then))
        return False

    def _hold(self, unsaved: _Unsaved) -> None:
        """Keep a write the store refused and pause the table until it lands: a public notice,
        every clock stopped (nobody's time runs out, no bank is charged), clicks answered with
        :class:`TablePaused`; it is tried again after ``retry_seconds``, doubling each time."""
        if self._outage is None:
            self._outage = _Outage(delay=self.options.retry_seconds)
            self._outage.timer = asyncio.get_running_loop().call_later(self._outage.delay, self._post, _Retry())
            self.presenter.notice("store_paused")
        self._outage.writes.append(unsaved)
        self._stop_clocks()

    def _stop_clocks(self) -> None:
        """Stop every running clock and CPU turn, remembering the seconds each seat had left."""
        outage = self._outage
        if outage is None:
            return
        now, wall = self.options.clock(), self.options.wall_clock()
        stopped: list[int] = []
        for seat, decision in list(self._decisions.items()):
            self._disarm(seat)
            if decision.deadline is not None:
                outage.stopped[seat] = (now, max(0.0, decision.deadline - wall))
                # No countdown on the table or the panels while nothing can be played.
                self._decisions[seat] = dataclasses.replace(decision, deadline=None)
                stopped.append(seat)
        if stopped:
            self.presenter.table_changed()
            self.presenter.panels_changed(stopped)

    async def _handle_retry(self) -> None:
        outage = self._outage
        if outage is None or self.finished:
            return
        outage.timer = None
        written: list[tuple[_Unsaved, object]] = []
        while outage.writes:
            unsaved = outage.writes[0]
            try:
                result = await unsaved.write()
            except _STORE_ERRORS as error:
                if is_refusal(error):
                    outage.delay = min(
                        outage.delay * 2, max(self.options.retry_max_seconds, self.options.retry_seconds)
                    )
                    log.warning(
                        "table %s: the store still refuses writes (%s); next try in %.1f s",
                        self.game_id,
                        error,
                        outage.delay,
                    )
                    outage.timer = asyncio.get_running_loop().call_later(outage.delay, self._post, _Retry())
                    return
                # Waiting does not cure this one (a bug): give it up rather than pause forever.
                log.error("table %s: giving up a write the store will not take: %s", self.game_id, error)
                result = None
            outage.writes.popleft()
            written.append((unsaved, result))
        self._resume()
        for unsaved, result in written:
            if unsaved.then is not None:
                await unsaved.then(result)

    def _resume(self) -> None:
        """The store takes writes again: restart every clock with the seconds its seat had left
        (the pause charged to nobody's bank), and the CPUs' turns."""
        outage, self._outage = self._outage, None
        if outage is None:
            return
        if outage.timer is not None:
            outage.timer.cancel()
        self.presenter.notice("store_resumed")
        now, wall = self.options.clock(), self.options.wall_clock()
        for seat, decision in list(self._decisions.items()):
            state = self.seats[seat]
            stopped = outage.stopped.get(seat)
            if stopped is not None and state.clocked:
                stopped_at, left = stopped
                state.started += now - stopped_at  # the thinking time excludes the pause
                self._arm(seat, decision.seq, pause=0.0, deadline=wall + left, continuing=True)
            else:
                self._arm(seat, decision.seq, pause=0.0)
        if outage.time_up:
            self._post(_TimeUp())
        self._follow_votes()
        self.presenter.table_changed()
        self.presenter.panels_changed(tuple(outage.stopped))

    def _announce(self, events: Sequence[Event]) -> None:
        """Public notices for what changes no tile: votes to end, and the time limit."""
        for event in events:
            if isinstance(event, VoteCast):
                key = "vote_end_cast" if event.end else "vote_end_withdrawn"
                self.presenter.notice(key, name=self.names[event.seat], votes=event.votes, needed=len(self.seats))

    def _follow_votes(self) -> None:
        """CPUs and seats on autopilot agree to end once every player at the keyboard has voted,
        so that nobody who is not there holds the table hostage."""
        present = [seat for seat, state in enumerate(self.seats) if state.clocked]
        if any(self._wants_vote(seat) for seat in present):
            return
        for seat, state in enumerate(self.seats):
            if not state.clocked and self._wants_vote(seat):
                self._inbox.put_nowait(_FreeAct(seat, "vote_end"))

    def _wants_vote(self, seat: int) -> bool:
        free = self._free.get(seat)
        return free is not None and any(isinstance(a, VoteEnd) and a.end for a in free.actions)

    def _finish(self) -> None:
        self.finished = True
        self._cancel_timers()
        self._decisions.clear()
        self._switches.clear()
        self._locked_against.clear()
        self._free.clear()
        if self._on_finished is not None:
            self._on_finished(self)

    # --- decisions, clocks and CPU turns --------------------------------------------------------------

    def _sync_decisions(self, *, acted: int | None, pause: float) -> set[int]:
        """Bring the tracked decisions in line with the engine's; returns seats whose changed."""
        offers = next_offers(self.offers, self.game, acted=acted)
        self.offers = offers
        changed: set[int] = set()
        continuing: dict[int, float] = {}
        for seat, old in list(self._decisions.items()):
            new = offers.decisions.get(seat)
            if new is None or (new.seq, new.actions, new.default) != (old.seq, old.actions, old.default):
                narrowed = new is not None and seat == acted and _narrowed(old.actions, new.actions)
                if narrowed and old.deadline is not None:
                    # ずーの's multi-ron: each pick leaves the rest of the same choice, which keeps
                    # the one deadline the round shares instead of starting a fresh clock.
                    continuing[seat] = old.deadline
                self._disarm(seat)
                del self._decisions[seat]
                changed.add(seat)
        opened = [seat for seat in offers.decisions if seat not in self._decisions]
        # Seats asked at the same moment (two claims on one discard, ずーの's simultaneous phases)
        # share one deadline: the turn's seconds plus the smallest bank among them.
        clocked = [seat for seat in opened if self.seats[seat].clocked and seat not in continuing]
        shared = None
        if len(clocked) > 1:
            limit = min(self.timers.limit(bank=self.seats[seat].bank) for seat in clocked)
            shared = self.options.wall_clock() + pause + limit
        for seat in opened:
            new = offers.decisions[seat]
            self._decisions[seat] = Decision(seat, new.seq, new.actions, new.default, None)
            if seat in continuing:
                self._arm(seat, new.seq, pause=pause, deadline=continuing[seat], continuing=True)
            else:
                self._arm(seat, new.seq, pause=pause, deadline=shared)
            changed.add(seat)
        return changed | _follow(self._switches, offers.switches) | _follow(self._free, offers.free)

    def _claims_answered_at_once(self) -> bool:
        """Whether a claim window just opened that only CPUs (or seats on autopilot) answer: they
        answer at once (see :meth:`_arm`), and the table is redrawn after their answers, so the
        channel never sees a window nobody had to wait for (it would tell that someone can
        claim), and sees the next move as soon as it would have without one."""
        return (
            bool(self._decisions)
            and self._unclaimed() is not None
            and not any(self.seats[seat].clocked for seat in self._decisions)
        )

    def _arm(
        self, seat: int, seq: int, *, pause: float, deadline: float | None = None, continuing: bool = False
    ) -> None:
        """Start the seat's clock (a human) or schedule its move (a CPU or autopilot).

        ``deadline`` (Unix time) replaces the seat's own limit: one shared with the seats asked
        at the same moment, or (``continuing``) that of a choice made in several clicks, whose
        clock keeps running."""
        self._disarm(seat)
        state = self.seats[seat]
        loop = asyncio.get_running_loop()
        if not continuing or not state.clocked:
            state.started = self.options.clock() + pause
            state.charged = 0.0
        decision = self._decisions[seat]
        if state.clocked and deadline is not None:
            left = max(0.0, deadline - self.options.wall_clock())
            state.timer = loop.call_later(left, self._post, _Timeout(seat, seq))
            if not continuing:
                state.allowance = min(state.bank, max(0.0, left - pause - self.timers.turn_seconds))
        elif state.clocked:
            state.allowance = state.bank
            limit = self.timers.limit(bank=state.bank)
            deadline = self.options.wall_clock() + pause + limit
            state.timer = loop.call_later(pause + limit, self._post, _Timeout(seat, seq))
        else:
            deadline = None
            # A claim window opens only when some seat can claim: a CPU that took its time over
            # one would tell the table so. It answers at once; its own turns keep the delay.
            delay = pause + (0.0 if self._unclaimed() is not None else self.options.cpu_delay)
            message = _Auto(seat, seq)
            state.timer = loop.call_later(delay, self._post, message) if delay > 0 else None
            if delay <= 0:
                self._post(message)
        self._decisions[seat] = dataclasses.replace(decision, deadline=deadline)

    def _disarm(self, seat: int) -> None:
        state = self.seats[seat]
        if state.timer is not None:
            state.timer.cancel()
            state.timer = None

    def _cancel_timers(self) -> None:
        for seat in range(len(self.seats)):
            self._disarm(seat)
        if self._outage is not None and self._outage.timer is not None:
            self._outage.timer.cancel()
            self._outage.timer = None
        if self._time_limit is not None:
            self._time_limit.cancel()
            self._time_limit = None

    def _spend_bank(self, seat: int) -> None:
        """Charge the time a seat used beyond the turn's own seconds to its bank."""
        state = self.seats[seat]
        over = max(0.0, self.options.clock() - state.started - self.timers.turn_seconds)
        # A choice made in several clicks is charged once for the same seconds.
        state.bank = max(0.0, state.bank - max(0.0, over - state.charged))
        state.charged = max(state.charged, over)
