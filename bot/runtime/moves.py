"""Playing a move: check, commit to the store, apply, then show.

An accepted action is checked against the seat's legal actions, **committed to the store, and
only then applied** to the engine and shown: a crash at any point either loses an action no one
saw or replays one everyone saw. A write the store refuses pauses the table
(:mod:`bot.runtime.pausing`) with the move kept: it is applied and shown only once stored.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Collection, Sequence

from bot.engine.events import Event, HandEnded, HandStarted, VoteCast, WallRevealed
from bot.engine.game import Action, action_to_json
from bot.engine.record import replay
from bot.runtime.clocks import SeatState
from bot.runtime.decisions import DecisionBook
from bot.runtime.errors import InvalidButton, MoveKept, SaveFailed
from bot.runtime.hold import STORE_ERRORS, Unsaved
from bot.runtime.messages import Message
from bot.runtime.options import RuntimeOptions
from bot.runtime.pausing import TablePause
from bot.runtime.snapshot import TableInfo, declarations
from bot.runtime.views import TableShow, TableViews
from bot.storage import ActionOrderError, GameSummary, HandTracker, Store, is_refusal

__all__ = ["MovePipeline"]

log = logging.getLogger(__name__)


class MovePipeline:
    """Plays one table's moves, from any seat: a click's, a CPU's, a timeout's (see :meth:`play`).

    ``finish`` ends the table once its final result is stored; ``post`` puts a message in the
    table's inbox (a CPU's second look, an absent player's vote)."""

    def __init__(
        self,
        *,
        info: TableInfo,
        views: TableViews,
        book: DecisionBook,
        seats: Sequence[SeatState],
        store: Store,
        tracker: HandTracker,
        pause: TablePause,
        show: TableShow,
        options: RuntimeOptions,
        post: Callable[[Message], None],
        finish: Callable[[], None],
    ) -> None:
        self._info = info
        self._views = views
        self._book = book
        self._seats = seats
        self._store = store
        self._tracker = tracker
        self._pause = pause
        self._show = show
        self._options = options
        self._post = post
        self._finish = finish
        self._declared = declarations(views.game.public_view())
        """Every seat's riichi and melds as last shown (see :func:`~bot.runtime.snapshot.declarations`)."""

    async def play(
        self, seat: int, action: Action, *, human: bool, free: bool = False, refused: frozenset[Action] = frozenset()
    ) -> None:
        """Check, commit, apply, then show: the order that makes every shown action survive a
        crash, and keeps every stored game replayable.

        Only an action the engine lists as legal is stored. Should the engine still refuse it
        once stored (a bug), the action is taken back out of the log and the game rebuilt from
        the log, so the store never keeps a move that does not replay; a move nobody clicked is
        then replaced by a legal one, so the table goes on.

        A ``free`` action (a vote, time-up) is no answer to the seat's decision: the decision
        and its clock carry on. Raises :class:`InvalidButton` (``human``: a move the rules do not
        allow), :class:`SaveFailed`, or :class:`MoveKept` (``human``: the store refused it for now,
        and it is played once stored)."""
        game_id, game = self._info.game_id, self._views.game
        if action not in game.legal_actions(seat):
            if human:
                raise InvalidButton()
            # Log the kind only: an action's tiles are hidden information.
            log.error("table %s: seat %d was handed an illegal %s; playing a legal move", game_id, seat, action.kind)
            fallback = self._fallback(seat, refused=refused | {action})
            if fallback is None or free:
                return
            action = fallback
        seq = game.sequence
        state = self._seats[seat]
        bank = None if state.player.is_cpu else state.bank
        try:
            await self._store.games.append_action(game_id, seq, action_to_json(action), bank=bank)
        except STORE_ERRORS as error:
            log.error("table %s: could not log action %d: %s", game_id, seq, error)
            if not is_refusal(error):
                raise SaveFailed() from error
            # The store refuses writes for now: keep this very action (its number, its bank) and
            # try it again with the table paused; nothing is applied or shown until it is stored.
            self._pause.hold(
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
        """Apply an action already committed as number ``seq``, then show it (see :meth:`play`)."""
        try:
            events = self._views.game.apply(action)
        except Exception:
            log.exception(
                "table %s: the engine refused action %d (%s) after it was saved", self._info.game_id, seq, action.kind
            )
            await self._take_back(seq)
            if human:
                raise InvalidButton() from None
            refused |= {action}
            fallback = None if free else self._fallback(seat, refused=refused)
            if fallback is not None:
                await self.play(seat, fallback, human=False, refused=refused)
            return
        # The game moved: from now on the presenter draws from this move (a redraw already
        # under way while the results are stored would otherwise read a stale snapshot).
        self._show.presenter.show(self._show.snapshot())
        await self._after(events, seat, human=human, free=free)

    def _fallback(self, seat: int, *, refused: Collection[Action]) -> Action | None:
        """A legal move for a seat whose chosen one was refused: its default if that is legal,
        else its first legal action not refused yet."""
        legal = self._views.game.legal_actions(seat)
        decision = self._book.pending(seat)
        candidates = ([decision.default] if decision is not None else []) + list(legal)
        return next((action for action in candidates if action not in refused and action in legal), None)

    async def _append_again(self, seq: int, action: Action, bank: float | None) -> int:
        """Store a refused action again, as the same number with the same bank.

        The log takes one action per number, so this can never store it twice; but a try that
        reported an error may still have landed, and then the log already holds this very
        action at ``seq``: that is the write done, not a reason to drop the move."""
        game_id = self._info.game_id
        try:
            await self._store.games.append_action(game_id, seq, action_to_json(action), bank=bank)
        except ActionOrderError:
            logged = await self._store.games.actions(game_id)
            if len(logged) != seq + 1 or logged[seq] != json.loads(json.dumps(action_to_json(action))):
                raise
            log.info("table %s: action %d had been stored after all", game_id, seq)
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
            log.error("table %s: seat %d's kept move was refused once stored", self._info.game_id, seat)
        if human:
            # Its click was answered before it was played.
            self._show.presenter.panels_changed(self._show.snapshot(), (seat,))

    async def _take_back(self, seq: int) -> None:
        """Remove a stored action the engine refused and rebuild the game from the log, which
        undoes whatever the failed ``apply`` changed half-way."""
        game_id = self._info.game_id
        await self._store.games.retract_action(game_id, seq)
        self._views.game = replay(await self._store.games.record(game_id))

    async def _after(self, events: list[Event], seat: int, *, human: bool, free: bool = False) -> None:
        """Show what the move did and carry the table on: results stored and shown, the game
        finished, or its decisions brought in line and the table and panels redrawn."""
        game_id, presenter = self._info.game_id, self._show.presenter
        now_declared = declarations(self._views.public())
        declared, self._declared = now_declared != self._declared, now_declared
        entries = self._tracker.feed(events)
        for entry in entries:
            record = functools.partial(
                self._store.results.record_hand, game_id, entry.hand_index, entry.label, entry.result
            )
            await self._pause.save_result(f"hand {entry.hand_index}", record)
        reveals = {event.hand: event for event in events if isinstance(event, WallRevealed)}
        cards = [card for event in events if isinstance(event, HandEnded) for card in event.cards]
        for entry in entries:
            presenter.hand_ended(entry, cards, reveals.get(entry.hand_index))
        self._announce(events)
        outcome = self._views.game.outcome()
        if outcome is not None:

            async def finish(summary: object) -> None:
                # Given up (None): the game stays "running" in the store and recovery finishes it
                # on the next start.
                self._finish()
                presenter.game_over(
                    self._show.snapshot(), outcome, summary if isinstance(summary, GameSummary) else None
                )

            final = functools.partial(self._store.results.record_final, game_id, outcome)
            if not await self._pause.save_result("the final result", final, then=finish):
                presenter.table_changed(self._show.snapshot())  # the last move is stored: show it while waiting
                self._pause.stop_clocks()
            return
        new_hand = any(isinstance(event, HandStarted) for event in events)
        pause = self._options.hand_pause if entries else 0.0
        changed = self._book.sync(self._views.game, acted=None if free else seat, pause=pause)
        in_riichi = frozenset(other.seat for other in self._views.public().seats if other.riichi)
        for look in self._book.reconsiderations(in_riichi):
            self._post(look)
        if any(isinstance(event, VoteCast) and event.end for event in events):
            for vote in self._book.votes_to_follow():
                self._post(vote)
        # A result waiting for the store stops the clocks just armed too.
        self._pause.stop_clocks()
        snapshot = self._show.snapshot()
        if not self._book.answered_at_once():
            presenter.table_changed(snapshot)
        # A declaration (riichi, a call, a kan) is public at once: every panel shows it. A seat
        # whose new decision its auto options answer is not asked: its panel is redrawn once that
        # move is played, as after a CPU's.
        changed -= self._book.automatic_seats()
        panels = range(len(self._seats)) if new_hand or declared else changed | {seat}
        presenter.panels_changed(snapshot, panels, exclude=seat if human else None)

    def _announce(self, events: Sequence[Event]) -> None:
        """Public notices for what changes no tile: votes to end."""
        for event in events:
            if isinstance(event, VoteCast):
                key = "vote_end_cast" if event.end else "vote_end_withdrawn"
                self._show.presenter.notice(
                    key, name=self._info.names[event.seat], votes=event.votes, needed=len(self._seats)
                )
