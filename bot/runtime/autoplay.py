"""The moves nobody clicks: a clock that ran out, a CPU's turn (or a seat's on autopilot), a move
a player's auto options make (:mod:`bot.runtime.auto_moves`), a locked-in CPU's second look, an
absent player's vote, and the end of a timed table; and taking a seat off autopilot ("I'm back").

A timeout and autopilot respect the player's auto options: they play the decision's automatic
move where it has one (a win with auto-win on), else its default (the drawn tile, pass).

Each arrives in the actor's inbox from the table's clocks (:mod:`bot.runtime.clocks`) or from
the table itself, and is played through the same pipeline as a click (:mod:`bot.runtime.moves`).
A message that comes too late (the seat answered meanwhile, the table paused) plays nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.engine.game import Action, TimeUp, VoteEnd
from bot.runtime.clocks import SeatState, TableClocks
from bot.runtime.decisions import Decision, DecisionBook
from bot.runtime.errors import NotAuto, SaveFailed
from bot.runtime.messages import Auto, FreeAct, Reconsider, TimeLimit, Timeout, TurnOver
from bot.runtime.moves import MovePipeline
from bot.runtime.options import RuntimeOptions
from bot.runtime.pausing import TablePause
from bot.runtime.views import TableShow, TableViews

__all__ = ["Autoplay"]

log = logging.getLogger(__name__)


def _casts_vote(action: Action) -> bool:
    """A free action the actor may play for an absent player: anything but taking a vote back."""
    return not isinstance(action, VoteEnd) or action.end


class Autoplay:
    """Plays one table's moves that nobody clicked."""

    def __init__(
        self,
        *,
        game_id: int,
        views: TableViews,
        book: DecisionBook,
        seats: Sequence[SeatState],
        clocks: TableClocks,
        pause: TablePause,
        moves: MovePipeline,
        show: TableShow,
        options: RuntimeOptions,
    ) -> None:
        self._game_id = game_id
        self._views = views
        self._book = book
        self._seats = seats
        self._clocks = clocks
        self._pause = pause
        self._moves = moves
        self._show = show
        self._options = options

    async def take(self, message: Timeout | TurnOver | Auto | Reconsider | FreeAct | TimeLimit) -> None:
        """Play what a message from the table's clocks or from the table itself calls for."""
        if isinstance(message, Timeout):
            await self.timeout(message)
        elif isinstance(message, TurnOver):
            self.turn_over(message)
        elif isinstance(message, Auto):
            await self.turn(message)
        elif isinstance(message, Reconsider):
            await self.reconsider(message)
        elif isinstance(message, FreeAct):
            await self.vote(message)
        elif isinstance(message, TimeLimit):
            await self.time_up()

    def turn_over(self, message: TurnOver) -> None:
        """A decision's turn seconds ran out: its player's panel says that the bank runs now (a
        private edit; the table's countdown already runs to the whole deadline)."""
        if not self._pause.paused and self._book.turn_over(message.seat, message.seq):
            self._show.presenter.panels_changed(self._show.snapshot(), (message.seat,))

    def come_back(self, seat: int) -> None:
        """ "I'm back": take the seat off autopilot; its decision waits for its player again, on
        the player's clock. Raises :class:`NotAuto` for a seat that was not on autopilot."""
        state = self._seats[seat]
        if not state.auto:
            raise NotAuto()
        state.auto = False
        state.timeouts = 0
        if self._book.pending(seat) is not None:
            self._book.arm(seat, pause=0.0)
        snapshot = self._show.snapshot()
        self._show.presenter.table_changed(snapshot)
        self._show.presenter.panels_changed(snapshot, (seat,))

    async def timeout(self, message: Timeout) -> None:
        """A seat's clock ran out: play what its player's auto options say, else its decision's
        default (two in a row: autopilot)."""
        decision = self._book.pending(message.seat)
        state = self._seats[message.seat]
        if decision is None or decision.seq != message.seq or not state.clocked or self._pause.paused:
            # The seat answered in time, or the timer belongs to an older decision, or it rang
            # just as the table paused (the pause stopped that clock; resuming restarts it).
            return
        if not message.retry and self._clocks.time_out(message.seat):
            self._show.presenter.notice("went_auto", name=state.player.name)
        await self._play_or_retry(message.seat, decision, decision.unattended)

    async def turn(self, message: Auto) -> None:
        """A CPU's turn, a seat's on autopilot (its automatic move or its default), or a move a
        player's auto options make."""
        decision = self._book.pending(message.seat)
        state = self._seats[message.seat]
        if decision is None or decision.seq != message.seq or self._book.waits_on(message.seat) or self._pause.paused:
            # (a CPU turn posted as the table paused is armed again when it resumes; an automatic
            # move its player switched off meanwhile waits for a click)
            return
        action = decision.unattended
        if state.cpu is not None:
            try:
                action = state.cpu.choose(self._views.game.view(message.seat), decision.actions)
            except Exception:
                # A CPU bug must not stop the table: play the decision's default instead.
                log.exception("table %s: the CPU in seat %d failed to choose", self._game_id, message.seat)
        await self._play_or_retry(message.seat, decision, action)

    async def reconsider(self, message: Reconsider) -> None:
        """A locked-in CPU's second look after a riichi: it may switch its lock."""
        switch = self._book.switch(message.seat)
        cpu = self._seats[message.seat].cpu
        if switch is None or switch.seq != message.seq or cpu is None or self._pause.paused:
            return  # it was switched or revealed meanwhile, or the table paused: the lock stands
        try:
            action = cpu.reconsider(self._views.game.view(message.seat), switch.actions)
        except Exception:
            log.exception("table %s: the CPU in seat %d failed to reconsider", self._game_id, message.seat)
            return
        if action is None:
            return
        if action not in switch.actions:
            log.error(
                "table %s: the CPU in seat %d switched to an illegal %s", self._game_id, message.seat, action.kind
            )
            return
        await self._moves.play(message.seat, action, human=False)

    async def vote(self, message: FreeAct) -> None:
        """An absent player's (or a CPU's) free action: agreeing to the others' vote to end."""
        free = self._book.free_actions(message.seat)
        if not free or self._seats[message.seat].clocked or self._pause.paused:
            return  # (after a pause, resuming follows the votes again)
        action = next((a for a in free if a.kind == message.kind and _casts_vote(a)), None)
        if action is not None:
            await self._moves.play(message.seat, action, human=False, free=True)

    async def time_up(self) -> None:
        """The table's time limit ran out (once it can be stored, if it is paused)."""
        game = self._views.game
        if game.time_limit_seconds is None or self._pause.end_time_after():
            return
        for seat in range(len(self._seats)):
            action = next((a for a in game.legal_actions(seat) if isinstance(a, TimeUp)), None)
            if action is not None:
                self._show.presenter.notice("time_up")
                await self._moves.play(seat, action, human=False, free=True)
                return

    async def _play_or_retry(self, seat: int, decision: Decision, action: Action) -> None:
        """Play a move nobody clicked. If the store cannot take it, try again shortly: no one is
        there to click again, and the table must not wait forever."""
        try:
            await self._moves.play(seat, action, human=False)
        except SaveFailed:
            state = self._seats[seat]
            retry = Timeout(seat, decision.seq, retry=True) if self._book.waits_on(seat) else Auto(seat, decision.seq)
            state.timer = self._clocks.later(self._options.retry_seconds, retry)
