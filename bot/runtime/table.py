"""The state of one running table: its game, seats, decisions and clocks, and what it shows.

:class:`TableState` is the part of :class:`~bot.runtime.actor.TableActor` that says what the table
is now (views cached per move, the snapshot handed to the presenter) and keeps the decisions it
waits on in line with the engine's, each with its clock (:mod:`bot.runtime.clocks`). It never
moves the game: :mod:`bot.runtime.moves` does, on the inbox's orders (:mod:`bot.runtime.actor`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self, TypeVar, cast

from bot.engine.ai import CpuPlayer
from bot.engine.game import Action, Game, Unclaimed, VoteEnd
from bot.engine.tiles import Tile
from bot.engine.views import PublicView, SeatView
from bot.runtime.clocks import SeatState, TableClocks, Timer
from bot.runtime.decisions import Decision
from bot.runtime.errors import (
    NotSeated,
)
from bot.runtime.hold import Outage
from bot.runtime.messages import (
    FreeAct,
    Message,
    Reconsider,
)
from bot.runtime.numbering import Offer, Offers, next_offers
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.presenting import NullPresenter, TablePresenter
from bot.runtime.snapshot import SeatViews, StaleSnapshot, TableInfo, TableSnapshot, declarations, public_table_view
from bot.storage import (
    HandTracker,
    PlayerSeat,
    Store,
)

__all__ = ["TableState"]

log = logging.getLogger(__name__)

T = TypeVar("T")


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


def _narrowed(old: Sequence[Action], new: Sequence[Action]) -> bool:
    """Whether ``new`` is ``old`` less some options: the rest of one choice, not a new one."""
    return len(new) < len(old) and set(new) <= set(old)


class TableState:
    """One running game: its engine state, seats, decisions, clocks and views."""

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
        on_finished: Callable[[Self], None] | None = None,
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
        self.info = TableInfo(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            variant=game.variant,
            title=game.title,
            players=tuple(players),
            tiles=game.tiles,
            locale=locale,
        )
        """What the table is and stays, for whoever shows it."""
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
        self.clocks = TableClocks(self.seats, options=options, timers=timers, post=self._post)
        """Every seat's clock and CPU turn."""
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
        self._time_limit: Timer | None = None
        self._declared = declarations(game.public_view())
        """Every seat's riichi and melds as last shown (see :func:`~bot.runtime.snapshot.declarations`)."""
        self._inbox: asyncio.Queue[Message] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._handling = False
        """A message taken from the inbox is being handled."""
        self._views: dict[object, Any] = {}
        """Views built since the game last moved (see :meth:`_cached`)."""
        self._views_of: tuple[int, int] = (id(game), -1)
        self._outage: Outage | None = None
        """Set while the store refuses writes: the table is paused (see :meth:`_hold`)."""

    @property
    def title(self) -> str:
        """The variant's display name."""
        return self.game.title

    @property
    def names(self) -> tuple[str, ...]:
        """Display names by seat."""
        return self.info.names

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
    def idle(self) -> bool:
        """Whether the actor has nothing in hand: no message waits in its inbox or is being
        handled (or it has stopped). Tests wait for this before they check that nothing happened."""
        return self._task is None or self._task.done() or (self._inbox.empty() and not self._handling)

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
        """The table as the channel may see it (see :func:`~bot.runtime.snapshot.public_table_view`)."""
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
        return self._seat_view(seat, self.public_view())

    def _seat_view(self, seat: int, public: PublicView) -> SeatView:
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

    def snapshot(self) -> TableSnapshot:
        """The table as it is now, for the presenter (see :mod:`bot.runtime.snapshot`).

        Cheap: its views are the ones cached for this move (see :meth:`_cached`), and a seat's
        view is built only when it is first read (most moves redraw one panel or two). It is read
        before the game moves again: the presenter reads the latest snapshot it was handed, and
        the actor hands it one as soon as the game moves (see :meth:`_apply_stored`)."""
        game, revision, table = self.game, self.game.revision, self.public_view()

        def seat_view(seat: int) -> SeatView:
            if self.game is not game or game.revision != revision:
                raise StaleSnapshot(f"table {self.game_id}: seat {seat}'s view read after the game moved on")
            return self._seat_view(seat, table)

        return TableSnapshot(
            info=self.info,
            sequence=game.sequence,
            table=table,
            seats=SeatViews(self.info.humans, seat_view),
            decisions={seat: found for seat in range(len(self.seats)) if (found := self.decision(seat)) is not None},
            deciding=self.decisions(),
            auto=self.auto_seats(),
            waiting_for=self.waiting_for(),
            paused=self.paused,
            finished=self.finished,
            wall_digest=game.wall_digest,
            history=tuple(game.history),
        )

    def _post(self, message: Message) -> None:
        if self._task is not None and not self._task.done():
            self._inbox.put_nowait(message)

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
                self.clocks.disarm(seat)
                del self._decisions[seat]
                changed.add(seat)
        opened = [seat for seat in offers.decisions if seat not in self._decisions]
        # Seats asked at the same moment (two claims on one discard, ずーの's simultaneous phases)
        # share one deadline: the turn's seconds plus the smallest bank among them.
        clocked = [seat for seat in opened if self.seats[seat].clocked and seat not in continuing]
        shared = self.clocks.shared_deadline(clocked, pause=pause)
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
        """Start the seat's clock or schedule its CPU turn (see :meth:`TableClocks.arm`), and
        show the decision's deadline."""
        decision = self._decisions[seat]
        shown = self.clocks.arm(
            seat, seq, pause=pause, claim_window=self._unclaimed() is not None, deadline=deadline, continuing=continuing
        )
        self._decisions[seat] = dataclasses.replace(decision, deadline=shown)

    def _cancel_timers(self) -> None:
        self.clocks.disarm_all()
        if self._outage is not None and self._outage.timer is not None:
            self._outage.timer.cancel()
            self._outage.timer = None
        if self._time_limit is not None:
            self._time_limit.cancel()
            self._time_limit = None

    def _follow_votes(self) -> None:
        """CPUs and seats on autopilot agree to end once every player at the keyboard has voted,
        so that nobody who is not there holds the table hostage."""
        present = [seat for seat, state in enumerate(self.seats) if state.clocked]
        if any(self._wants_vote(seat) for seat in present):
            return
        for seat, state in enumerate(self.seats):
            if not state.clocked and self._wants_vote(seat):
                self._inbox.put_nowait(FreeAct(seat, "vote_end"))

    def _wants_vote(self, seat: int) -> bool:
        free = self._free.get(seat)
        return free is not None and any(isinstance(a, VoteEnd) and a.end for a in free.actions)

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
                self._post(Reconsider(seat, switch.seq))

    def _finish(self: Self) -> None:
        self.finished = True
        self._cancel_timers()
        self._decisions.clear()
        self._switches.clear()
        self._locked_against.clear()
        self._free.clear()
        if self._on_finished is not None:
            self._on_finished(self)
