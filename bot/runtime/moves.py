"""Playing a move: check, commit to the store, apply, then show; and pausing while the store
refuses writes.

An accepted action is checked against the seat's legal actions, **committed to the store, and
only then applied** to the engine and shown: a crash at any point either loses an action no one
saw or replays one everyone saw. A write the store refuses pauses the table (:mod:`bot.runtime.hold`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence

from bot.engine.events import Event, HandEnded, HandStarted, VoteCast, WallRevealed
from bot.engine.game import Action, action_to_json
from bot.engine.record import replay
from bot.runtime.decisions import Decision
from bot.runtime.errors import (
    InvalidButton,
    MoveKept,
    SaveFailed,
)
from bot.runtime.hold import STORE_ERRORS, Outage, Unsaved, write_now
from bot.runtime.messages import (
    Auto,
    Retry,
    TimeLimit,
    Timeout,
)
from bot.runtime.snapshot import declarations
from bot.runtime.table import TableState
from bot.storage import (
    ActionOrderError,
    GameSummary,
    is_refusal,
)

__all__ = ["MovingTable"]

log = logging.getLogger(__name__)


class MovingTable(TableState):
    """A table that plays moves (the inbox's handlers call :meth:`_play`)."""

    async def _play_or_retry(self, seat: int, decision: Decision, action: Action) -> None:
        """Play a move nobody clicked (a CPU's, a timeout's). If the store cannot take it, try
        again shortly: no one is there to click again, and the table must not wait forever."""
        try:
            await self._play(seat, action, human=False)
        except SaveFailed:
            state = self.seats[seat]
            retry = Timeout(seat, decision.seq, retry=True) if state.clocked else Auto(seat, decision.seq)
            state.timer = self.clocks.later(self.options.retry_seconds, retry)

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
        except STORE_ERRORS as error:
            log.error("table %s: could not log action %d: %s", self.game_id, seq, error)
            if not is_refusal(error):
                raise SaveFailed() from error
            # The store refuses writes for now: keep this very action (its number, its bank) and
            # try it again with the table paused; nothing is applied or shown until it is stored.
            self._hold(
                Unsaved(
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
        # The game moved: from now on the presenter draws from this move (a redraw already
        # under way while the results are stored would otherwise read a stale snapshot).
        self.presenter.show(self.snapshot())
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
            self.presenter.panels_changed(self.snapshot(), (seat,))  # its click was answered before it was played

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
                self.presenter.game_over(
                    self.snapshot(), outcome, summary if isinstance(summary, GameSummary) else None
                )

            final = functools.partial(self.store.results.record_final, self.game_id, outcome)
            if not await self._save_result("the final result", final, then=finish):
                self.presenter.table_changed(self.snapshot())  # the last move is stored: show it while waiting
                self._stop_clocks()
            return
        new_hand = any(isinstance(event, HandStarted) for event in events)
        changed = self._sync_decisions(acted=None if free else seat, pause=self.options.hand_pause if entries else 0.0)
        self._recheck_locks()
        if any(isinstance(event, VoteCast) and event.end for event in events):
            self._follow_votes()
        if self._outage is not None:
            self._stop_clocks()  # a result is waiting for the store: the clocks just armed wait too
        snapshot = self.snapshot()
        if not self._claims_answered_at_once():
            self.presenter.table_changed(snapshot)
        # A declaration (riichi, a call, a kan) is public at once: every panel shows it.
        panels = range(len(self.seats)) if new_hand or declared else changed | {seat}
        self.presenter.panels_changed(snapshot, panels, exclude=seat if human else None)

    def _announce(self, events: Sequence[Event]) -> None:
        """Public notices for what changes no tile: votes to end, and the time limit."""
        for event in events:
            if isinstance(event, VoteCast):
                key = "vote_end_cast" if event.end else "vote_end_withdrawn"
                self.presenter.notice(key, name=self.names[event.seat], votes=event.votes, needed=len(self.seats))

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
        if self._outage is None and await write_now(self.game_id, what, write, then):
            return True
        self._hold(Unsaved(write, then))
        return False

    def _hold(self, unsaved: Unsaved) -> None:
        """Keep a write the store refused and pause the table until it lands: a public notice,
        every clock stopped (nobody's time runs out, no bank is charged), clicks answered with
        :class:`TablePaused`; it is tried again after ``retry_seconds``, doubling each time."""
        if self._outage is None:
            self._outage = Outage(delay=self.options.retry_seconds)
            self._outage.timer = self.clocks.later(self._outage.delay, Retry())
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
            self.clocks.disarm(seat)
            if decision.deadline is not None:
                outage.stopped[seat] = (now, max(0.0, decision.deadline - wall))
                # No countdown on the table or the panels while nothing can be played.
                self._decisions[seat] = dataclasses.replace(decision, deadline=None)
                stopped.append(seat)
        if stopped:
            snapshot = self.snapshot()
            self.presenter.table_changed(snapshot)
            self.presenter.panels_changed(snapshot, stopped)

    async def _handle_retry(self) -> None:
        outage = self._outage
        if outage is None or self.finished:
            return
        outage.timer = None
        written = await outage.write_kept(game_id=self.game_id, options=self.options)
        if written is None:
            outage.timer = self.clocks.later(outage.delay, Retry())
            return
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
            self._post(TimeLimit())
        self._follow_votes()
        snapshot = self.snapshot()
        self.presenter.table_changed(snapshot)
        self.presenter.panels_changed(snapshot, tuple(outage.stopped))
