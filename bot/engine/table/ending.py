"""The end of a hand and of the game: the hand reported with what it moved, the wall revealed, the
next deal; the game's end (by its rules or by a vote), written once for every variant, which says
only what it adds (:meth:`Ending._settle_game`, :meth:`Ending._final_scores`,
:meth:`Ending._game_over`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bot.engine.events import ExhaustiveDraw, GameOver, HandEnded, VoteCast, WallRevealed, Win
from bot.engine.game import Outcome, VoteEnd, placements_by_points
from bot.engine.table.base import SeatT, SettingsT, TableBase
from bot.engine.views import DrawView, WinView

__all__ = ["ENDED", "Ending"]

ENDED = "ended"
"""The phase of every variant between the end of a hand and the next deal (or the game's end)."""


class Ending(TableBase[SettingsT, SeatT]):
    """How a hand ends and the next is dealt, and how the game ends."""

    hand_ended_event: ClassVar[type[HandEnded]] = HandEnded
    """The event that reports the end of a hand: a variant that reports more subclasses
    :class:`HandEnded` and passes its fields to :meth:`_hand_ended`."""

    # --- the end of a hand ------------------------------------------------------------------------------

    def _changes_since_deal(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What the hand has moved so far, seat by seat: points, and chips in a variant with them."""
        points = tuple(now - start for now, start in zip(self.points, self.hand_start_points, strict=True))
        if not self.has_chips:
            return points, ()
        return points, tuple(now - start for now, start in zip(self.chips, self.hand_start_chips, strict=True))

    def _hand_ended(
        self,
        cards: Sequence[WinView | DrawView],
        *,
        wins: Sequence[Win] = (),
        draw: ExhaustiveDraw | None = None,
        **extra: Any,
    ) -> None:
        """Report the end of the hand: its wins or draw, the cards to show, what it moved, and
        the fields of the variant's own :attr:`hand_ended_event` (``extra``)."""
        changes, chip_changes = self._changes_since_deal()
        self.last_results = tuple(cards)
        self.pending_events.append(
            self.hand_ended_event(
                self.hand_index,
                self.round_label,
                changes,
                wins=tuple(wins),
                draw=draw,
                chip_changes=chip_changes,
                cards=tuple(cards),
                **extra,
            )
        )

    def _reveal_wall(self) -> None:
        self.pending_events.append(WallRevealed(self.hand_index, self.wall.salt, self.wall.digest))

    def _close_hand(self) -> None:
        """The hand is over: reveal its wall, record the scores, count it; the table waits
        (phase ``ended``) until the next deal or the end of the game."""
        self._reveal_wall()
        self.history.append(tuple(self.points))
        self.hand_index += 1
        self.phase = ENDED

    def _next_hand(self) -> None:
        """Deal the next hand, keeping the events of the one that just ended first."""
        events = self.pending_events
        self._start_hand()
        self.pending_events = events + self.pending_events

    # --- the end of the game ----------------------------------------------------------------------------

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

    def _vote(self, action: VoteEnd) -> None:
        """A seat votes to end the game, or takes its vote back; when every seat has voted, the
        game ends at once."""
        if action.end:
            self.votes.add(action.seat)
        else:
            self.votes.discard(action.seat)
        self.pending_events.append(VoteCast(action.seat, action.end, len(self.votes)))
        if len(self.votes) == self._players:
            # Everyone agreed: stop now; the hand in progress is not scored.
            self._reveal_wall()
            self._finish("投票で終了")
