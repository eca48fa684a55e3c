"""One TableActor per channel: the only code that touches a running game.

Everything that can change a game (a click, a timer, a CPU's turn, "I'm back", a cancel) is a
message in the actor's inbox, handled one at a time by the actor's task. There are no locks in
the click handlers and no races between two simultaneous clicks: the second one finds the
decision gone and gets a :class:`~bot.runtime.errors.StaleClick`.

An accepted action is checked against the seat's legal actions, **committed to the store, and
only then applied** to the engine and shown: a crash at any point either loses an action no one
saw or replays one everyone saw (:mod:`bot.runtime.moves`). The presenter draws only from the
snapshots the actor hands it (:mod:`bot.runtime.snapshot`), so it only ever shows committed
actions.

The actor is the inbox; what it does with each message is the work of parts it composes, each
with one job:

* :class:`~bot.runtime.decisions.DecisionBook`: the decisions the table waits on, switches and
  free actions, numbered as recovery numbers them, each on its clock
  (:class:`~bot.runtime.clocks.TableClocks`);
* :class:`~bot.runtime.views.TableViews`: the game, its views built once per move, the snapshot;
* :class:`~bot.runtime.moves.MovePipeline`: check, commit, apply, show a move;
* :class:`~bot.runtime.pausing.TablePause`: the table paused while the store refuses writes;
* :class:`~bot.runtime.autoplay.Autoplay`: the moves nobody clicks (timeouts, CPU turns, votes,
  the moves players' auto options make: :mod:`bot.runtime.auto_moves`).

Every pending decision carries the sequence number at which it appeared; its buttons carry the
same number. A seat's number stays the same while its options do (a claim it still has to
answer while another seat passes), so simultaneous decisions do not invalidate each other.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence

from bot.engine.ai import CpuPlayer
from bot.engine.game import Game
from bot.engine.tiles import Tile
from bot.engine.views import PublicView, SeatView
from bot.runtime.auto_moves import AutoOption, toggled
from bot.runtime.autoplay import Autoplay
from bot.runtime.clocks import SeatState, TableClocks, Timer
from bot.runtime.customid import ActionId
from bot.runtime.decisions import Decision, DecisionBook
from bot.runtime.errors import GameOver, InvalidButton, NotSeated, SaveFailed, TablePaused
from bot.runtime.hold import STORE_ERRORS
from bot.runtime.messages import (
    Act,
    Back,
    Cancel,
    Message,
    Request,
    Retry,
    SetLocale,
    Stop,
    TimeLimit,
    ToggleAuto,
)
from bot.runtime.moves import MovePipeline
from bot.runtime.numbering import Offers
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.pausing import TablePause
from bot.runtime.presenting import NullPresenter, TablePresenter
from bot.runtime.snapshot import TableInfo, TableSnapshot
from bot.runtime.views import TableViews
from bot.storage import AutoOptions, GameStatus, HandTracker, PlayerSeat, Store

__all__ = ["SeatState", "TableActor"]

log = logging.getLogger(__name__)


class TableActor:
    """Owns one running game: its engine state, timers, CPU turns and action log; everything
    that changes it comes through its inbox, one message at a time."""

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
        auto_options: Mapping[int, AutoOptions] | None = None,
    ) -> None:
        """``auto_options``: each human player's remembered auto options, by user id (the
        defaults for anyone missing)."""
        if len(players) != game.players:
            raise ValueError(f"{len(players)} players for a {game.players}-seat game")
        self.game_id = game_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.host_id = host_id
        self.options = options
        """How the table paces itself (its parts and clocks keep the options they were built with)."""
        self.timers = timers
        """The table's clock: seconds a turn and each seat's bank (the clocks keep the timers they
        were built with)."""
        self.started_at = options.wall_clock() if started_at is None else started_at
        """Unix time the game began (a timed game ends that long after it, across restarts)."""
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
                auto_options=AutoOptions()
                if player.user_id is None
                else (auto_options or {}).get(player.user_id, AutoOptions()),
            )
            for seat, player in enumerate(players)
        ]
        self.clocks = TableClocks(self.seats, options=options, timers=timers, post=self._post)
        """Every seat's clock and CPU turn."""
        self._book = DecisionBook(
            self.seats,
            self.clocks,
            claim_window=lambda: self._views.unclaimed() is not None,
            seat_view=lambda seat: self._views.own(seat),
            offers=offers,
        )
        self._views = TableViews(game, self.info, self.seats, self._book)
        self._pause = TablePause(
            game_id=game_id, book=self._book, clocks=self.clocks, options=options, show=self, post=self._post
        )
        self._moves = MovePipeline(
            info=self.info,
            views=self._views,
            book=self._book,
            seats=self.seats,
            store=store,
            tracker=tracker or HandTracker.for_game(game),
            pause=self._pause,
            show=self,
            options=options,
            post=self._post,
            finish=self._finish,
        )
        self._autoplay = Autoplay(
            game_id=game_id,
            views=self._views,
            book=self._book,
            seats=self.seats,
            clocks=self.clocks,
            pause=self._pause,
            moves=self._moves,
            show=self,
            options=options,
        )
        self._store = store
        self._on_finished = on_finished
        self._time_limit: Timer | None = None
        """A timed game's end (see :meth:`start`)."""
        self._inbox: asyncio.Queue[Message] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._handling = False
        """A message taken from the inbox is being handled."""

    # --- what the table is now -----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game (a new object when it was rebuilt from its log)."""
        return self._views.game

    @property
    def names(self) -> tuple[str, ...]:
        """Display names by seat."""
        return self.info.names

    @property
    def tiles(self) -> Sequence[Tile]:
        """Faces of the variant's physical tiles, by tile id."""
        return self.info.tiles

    @property
    def sequence(self) -> int:
        """How many actions the game has taken."""
        return self._views.game.sequence

    @property
    def idle(self) -> bool:
        """Whether the actor has nothing in hand: no message waits in its inbox or is being
        handled (or it has stopped). Tests wait for this before they check that nothing happened."""
        return self._task is None or self._task.done() or (self._inbox.empty() and not self._handling)

    @property
    def paused(self) -> bool:
        """Whether the table waits for the store to take its writes again."""
        return self._pause.paused

    def seat_of(self, user_id: int) -> int:
        """The seat a user plays; raises :class:`NotSeated`."""
        for seat, state in enumerate(self.seats):
            if state.player.user_id == user_id:
                return seat
        raise NotSeated()

    def decision(self, seat: int) -> Decision | None:
        """The seat's pending decision, if any (see :meth:`DecisionBook.decision`)."""
        return self._book.decision(seat)

    def decisions(self) -> tuple[Decision, ...]:
        """Every pending decision, by seat."""
        return self._book.decisions()

    def public_view(self) -> PublicView:
        """The table as the channel may see it (see :func:`~bot.runtime.snapshot.public_table_view`)."""
        return self._views.table()

    def seat_view(self, seat: int) -> SeatView:
        """One seat's private view, with the same public part as :meth:`public_view`."""
        return self._views.seat(seat)

    def snapshot(self) -> TableSnapshot:
        """The table as it is now, for the presenter (see :meth:`TableViews.snapshot`)."""
        return self._views.snapshot(paused=self._pause.paused, finished=self.finished)

    def _sync_decisions(self, *, acted: int | None, pause: float) -> set[int]:
        """Bring the decisions in line with the engine's; returns seats whose changed (tests call
        it after rigging a deal)."""
        return self._book.sync(self._views.game, acted=acted, pause=pause)

    # --- the inbox -----------------------------------------------------------------------------------

    def start(self, presenter: TablePresenter) -> None:
        """Attach the presenter, arm the clocks and CPU turns, and start handling the inbox."""
        self.presenter = presenter
        self._task = asyncio.create_task(self._run(), name=f"table-{self.game_id}")
        self._sync_decisions(acted=None, pause=0.0)
        limit = self.game.time_limit_seconds
        if limit is not None:
            left = max(0.0, self.started_at + float(limit) - self.options.wall_clock())
            self._time_limit = self.clocks.later(left, TimeLimit())
        self.presenter.show(self.snapshot())  # with the decisions just armed

    async def stop(self) -> None:
        """Stop the actor (bot shutdown); the game stays running in the store."""
        if self._task is None or self._task.done():
            self._cancel_timers()
            return
        message = Stop()
        self._inbox.put_nowait(message)
        await asyncio.shield(message.future)
        await self._task

    async def _ask(self, message: Request) -> int:
        if self.finished or self._task is None or self._task.done():
            raise GameOver()
        self._inbox.put_nowait(message)
        return await message.future

    async def act(self, user_id: int, button: ActionId) -> int:
        """Play the action a button stands for; returns the clicker's seat.

        Raises :class:`NotSeated`, :class:`StaleClick`, :class:`InvalidButton` (a button this
        seat was never offered), :class:`GameOver` or :class:`SaveFailed`; none changes anything.
        """
        return await self._ask(Act(user_id, button, asyncio.get_running_loop().create_future()))

    async def toggle_auto(self, user_id: int, option: AutoOption) -> int:
        """Switch one of the clicker's auto options, remembered for the guild (stored first);
        their pending decision follows at once. Returns the seat; raises :class:`NotSeated`,
        :class:`TablePaused`, :class:`SaveFailed` or :class:`GameOver`, none of which changes
        anything."""
        return await self._ask(ToggleAuto(user_id, option, asyncio.get_running_loop().create_future()))

    async def set_locale(self, user_id: int, locale: str) -> int:
        """Show the clicker's panel in ``locale`` from now on, whatever their client's language
        (the table keeps the choice while it runs); the presenter draws the panel from the
        snapshot that carries it. Returns the seat; raises :class:`NotSeated` or
        :class:`GameOver`."""
        return await self._ask(SetLocale(user_id, locale, asyncio.get_running_loop().create_future()))

    async def come_back(self, user_id: int) -> int:
        """Take a seat off autopilot; returns the seat."""
        return await self._ask(Back(user_id, asyncio.get_running_loop().create_future()))

    async def cancel(self, by: str) -> int:
        """Cancel the game (the caller checked who may); returns the game id."""
        return await self._ask(Cancel(by, asyncio.get_running_loop().create_future()))

    def _post(self, message: Message) -> None:
        if self._task is not None and not self._task.done():
            self._inbox.put_nowait(message)

    async def _run(self) -> None:
        while True:
            message = await self._inbox.get()
            self._handling = True
            if isinstance(message, Stop):
                self._cancel_timers()
                self._fail_waiting()
                message.future.set_result(None)
                return
            try:
                if isinstance(message, Request):
                    try:
                        result = await self._request(message)
                    except Exception as error:
                        if not message.future.done():
                            message.future.set_exception(error)
                    else:
                        if not message.future.done():
                            message.future.set_result(result)
                elif self.finished:
                    pass  # a finished table plays nothing more (and stops after this message)
                elif isinstance(message, Retry):
                    await self._pause.retry()
                else:
                    await self._autoplay.take(message)
            except Exception:
                log.exception("table %s: failed to handle %r", self.game_id, type(message).__name__)
            # Whatever the message changed, the presenter draws from it from now on.
            self.presenter.show(self.snapshot())
            self._handling = False
            if self.finished:
                self._cancel_timers()
                self._fail_waiting()
                return

    def _fail_waiting(self) -> None:
        while not self._inbox.empty():
            message = self._inbox.get_nowait()
            if isinstance(message, Request) and not message.future.done():
                message.future.set_exception(GameOver())
            elif isinstance(message, Stop):
                message.future.set_result(None)

    async def _request(self, message: Request) -> int:
        """Check a click, "I'm back" or a cancel, then play it; returns the seat (the game id for
        a cancel)."""
        if self.finished:
            raise GameOver()
        if isinstance(message, Cancel):
            await self._store.games.finish(self.game_id, GameStatus.CANCELLED, reason=f"cancelled by {message.by}")
            self._finish()
            self.presenter.cancelled(self.snapshot(), message.by)
            return self.game_id
        seat = self.seat_of(message.user_id)
        state = self.seats[seat]
        if isinstance(message, SetLocale):
            # Nothing stored and nothing played: a paused table changes language too. The
            # snapshot handed on after this message carries it; the click is answered from that.
            state.locale = message.locale
            return seat
        if self._pause.paused:
            # Nothing can be stored, so nothing may change: not a move, not autopilot.
            raise TablePaused()
        if isinstance(message, Back):
            self._autoplay.come_back(seat)
            return seat
        if isinstance(message, ToggleAuto):
            await self._toggle_auto(seat, message.option)
            return seat
        if message.button.game != self.game_id:
            raise InvalidButton()
        action, free = self._book.action_for(seat, message.button, self._views.game.sequence)
        if state.auto and not free:
            # Clicking an action is as good as "I'm back".
            state.auto = False
        if not free:
            state.timeouts = 0
            if self._book.pending(seat) is not None:  # a switch runs on no clock, so it costs no bank
                self.clocks.spend_bank(seat)
        await self._moves.play(seat, action, human=True, free=free)
        return seat

    async def _toggle_auto(self, seat: int, option: AutoOption) -> None:
        state = self.seats[seat]
        options = toggled(state.auto_options, option)
        user_id = state.player.user_id
        if user_id is None:
            raise NotSeated()  # (a CPU's seat has no player to click)
        try:
            await self._store.players.set_auto_options(self.guild_id, user_id, options)
        except STORE_ERRORS as error:
            log.error("table %s: could not store seat %d's auto options: %s", self.game_id, seat, error)
            raise SaveFailed() from error
        state.auto_options = options
        if self._book.options_changed(seat):
            # Its clock stopped (an automatic move is on its way) or started: the table shows it.
            self.presenter.table_changed(self.snapshot())

    # --- the end -------------------------------------------------------------------------------------

    def _finish(self) -> None:
        self.finished = True
        self._cancel_timers()
        self._book.clear()
        if self._on_finished is not None:
            self._on_finished(self)

    def _cancel_timers(self) -> None:
        self.clocks.disarm_all()
        self._pause.cancel()
        if self._time_limit is not None:
            self._time_limit.cancel()
            self._time_limit = None
