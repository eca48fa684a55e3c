"""Turn a game's events into per-hand results for :meth:`Results.record_hand <bot.storage.results.Results.record_hand>`.

The engine reports a hand as it happens, in the typed events every variant shares
(:mod:`bot.engine.events`): :class:`HandStarted` (index and round label), :class:`Discarded`
events whose ``riichi`` flag marks a declaration, then :class:`HandEnded` with its wins (winner,
who dealt in, han, points) or its draw (tenpai per seat), and the points each seat gained or lost.
A :class:`HandTracker` follows them and yields one :class:`HandEntry` each time a hand ends; it
never needs to know the variant.

The first hand's ``HandStarted`` happens while the game is built, before any ``apply``, so the
tracker starts at hand 0 with the label the game shows then. To rebuild a tracker after a
restart, feed it the events of re-applying the logged actions to a fresh game; recording the
same hand again is harmless because :meth:`Results.record_hand <bot.storage.results.Results.record_hand>` replaces it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine.events import Discarded, Event, HandEnded, HandStarted
from bot.engine.game import Game
from bot.storage.models import HandResult

__all__ = ["HandEntry", "HandTracker"]


@dataclass(frozen=True)
class HandEntry:
    """A finished hand, ready for :meth:`Results.record_hand <bot.storage.results.Results.record_hand>`."""

    hand_index: int
    label: str
    result: HandResult


class HandTracker:
    """Follows one game's events and reports each hand as it ends."""

    def __init__(self, players: int, *, label: str = "", hand_index: int = 0) -> None:
        self.players = players
        self.hand_index = hand_index
        self.label = label
        self._riichi: list[int] = []

    @classmethod
    def for_game(cls, game: Game) -> HandTracker:
        """A tracker for a freshly built game, labelled with its first hand's round."""
        return cls(game.players, label=game.public_view().round_label)

    def feed(self, events: Iterable[Event]) -> list[HandEntry]:
        """Take the events of one ``apply``; returns the hands they finished (usually none)."""
        finished: list[HandEntry] = []
        for event in events:
            if isinstance(event, HandStarted):
                self.hand_index = event.hand
                self.label = event.round
                self._riichi = []
            elif isinstance(event, Discarded) and event.riichi:
                self._riichi.append(event.seat)
            elif isinstance(event, HandEnded):
                finished.append(HandEntry(self.hand_index, self.label, self._result(event)))
        return finished

    def _result(self, hand: HandEnded) -> HandResult:
        riichi = tuple(sorted(self._riichi))
        if not hand.wins:
            tenpai = hand.draw.tenpai if hand.draw is not None else ()
            ready = tuple(seat for seat, is_ready in enumerate(tenpai) if is_ready)
            return HandResult(winner=None, from_seat=None, changes=hand.changes, riichi=riichi, tenpai=ready)
        # Several wins in one hand (a double ron, ずーの's round): each winner's points add up.
        points: dict[int, int] = {}
        for win in hand.wins:
            points[win.winner] = points.get(win.winner, 0) + win.points
        first = hand.wins[0]
        dealt_in = [win.from_seat for win in hand.wins if win.from_seat is not None]
        return HandResult(
            winner=first.winner,
            from_seat=first.from_seat,
            han=first.han,
            points=first.points,
            changes=hand.changes,
            riichi=riichi,
            winners=tuple(points),
            dealt_in=tuple(dict.fromkeys(dealt_in)),
            win_points=tuple(points.values()),
            tsumo=tuple(dict.fromkeys(win.winner for win in hand.wins if win.from_seat is None)),
        )
