"""One TableActor per channel: the only code that touches a running game.

Everything that can change a game (a click, a timer, a CPU's turn, "I'm back", a cancel) is a
message in the actor's inbox, handled one at a time by the actor's task. There are no locks in
the cogs and no races between two simultaneous clicks: the second one finds the decision gone
and gets a :class:`~bot.runtime.errors.StaleClick`.

An accepted action is checked against the seat's legal actions, **committed to the store, and
only then applied** to the engine and shown: a crash at any point either loses an action no one
saw or replays one everyone saw (:mod:`bot.runtime.moves`). The presenter draws only from the
snapshots the actor hands it (:mod:`bot.runtime.snapshot`), so it only ever shows committed
actions.

The actor is built in three layers, one module each: :class:`~bot.runtime.table.TableState`
(what the table is now, its decisions and clocks), :class:`~bot.runtime.moves.MovingTable`
(playing a move, pausing while the store refuses writes) and :class:`TableActor` here (the
inbox: requests, timeouts, CPU turns).

Every pending decision carries the sequence number at which it appeared; its buttons carry the
same number. A seat's number stays the same while its options do (a claim it still has to
answer while another seat passes), so simultaneous decisions do not invalidate each other.
"""

from __future__ import annotations

import asyncio
import logging

from bot.engine.game import Action, TimeUp, VoteEnd
from bot.runtime.clocks import SeatState
from bot.runtime.customid import ActionId, action_args
from bot.runtime.errors import (
    GameOver,
    InvalidButton,
    NotAuto,
    NotYourTurn,
    StaleClick,
    TablePaused,
)
from bot.runtime.messages import (
    Act,
    Auto,
    Back,
    Cancel,
    FreeAct,
    Reconsider,
    Request,
    Retry,
    Stop,
    TimeLimit,
    Timeout,
)
from bot.runtime.moves import MovingTable
from bot.runtime.presenting import TablePresenter
from bot.storage import (
    GameStatus,
)

__all__ = ["SeatState", "TableActor"]

log = logging.getLogger(__name__)


def _casts_vote(action: Action) -> bool:
    """A free action the actor may play for an absent player: anything but taking a vote back."""
    return not isinstance(action, VoteEnd) or action.end


class TableActor(MovingTable):
    """Owns one running game: its engine state, timers, CPU turns and action log; everything
    that changes it comes through its inbox, one message at a time."""

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

    async def come_back(self, user_id: int) -> int:
        """Take a seat off autopilot; returns the seat."""
        return await self._ask(Back(user_id, asyncio.get_running_loop().create_future()))

    async def cancel(self, by: str) -> int:
        """Cancel the game (the cog checked who may); returns the game id."""
        return await self._ask(Cancel(by, asyncio.get_running_loop().create_future()))

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
                        result = await self._handle_request(message)
                    except Exception as error:
                        if not message.future.done():
                            message.future.set_exception(error)
                    else:
                        if not message.future.done():
                            message.future.set_result(result)
                elif isinstance(message, Timeout):
                    await self._handle_timeout(message)
                elif isinstance(message, TimeLimit):
                    await self._handle_time_up()
                elif isinstance(message, FreeAct):
                    await self._handle_free(message)
                elif isinstance(message, Retry):
                    await self._handle_retry()
                elif isinstance(message, Reconsider):
                    await self._handle_reconsider(message)
                else:
                    await self._handle_auto(message)
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

    async def _handle_request(self, message: Request) -> int:
        if self.finished:
            raise GameOver()
        if isinstance(message, Cancel):
            await self.store.games.finish(self.game_id, GameStatus.CANCELLED, reason=f"cancelled by {message.by}")
            self._finish()
            self.presenter.cancelled(self.snapshot(), message.by)
            return self.game_id
        seat = self.seat_of(message.user_id)
        state = self.seats[seat]
        if self._outage is not None:
            # Nothing can be stored, so nothing may change: not a move, not autopilot.
            raise TablePaused()
        if isinstance(message, Back):
            if not state.auto:
                raise NotAuto()
            state.auto = False
            state.timeouts = 0
            decision = self._decisions.get(seat)
            if decision is not None:
                self._arm(seat, decision.seq, pause=0.0)
            snapshot = self.snapshot()
            self.presenter.table_changed(snapshot)
            self.presenter.panels_changed(snapshot, (seat,))
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
                self.clocks.spend_bank(seat)
        await self._play(seat, action, human=True, free=free)
        return seat

    async def _handle_free(self, message: FreeAct) -> None:
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

    async def _handle_timeout(self, message: Timeout) -> None:
        decision = self._decisions.get(message.seat)
        state = self.seats[message.seat]
        if decision is None or decision.seq != message.seq or not state.clocked or self._outage is not None:
            # The seat answered in time, or the timer belongs to an older decision, or it rang
            # just as the table paused (the pause stopped that clock; _resume restarts it).
            return
        if not message.retry and self.clocks.time_out(message.seat):
            self.presenter.notice("went_auto", name=state.player.name)
        await self._play_or_retry(message.seat, decision, decision.default)

    async def _handle_auto(self, message: Auto) -> None:
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

    async def _handle_reconsider(self, message: Reconsider) -> None:
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
