"""Turn a game's events into per-hand results for :meth:`Store.record_hand`.

The engine reports a hand as it happens: ``hand_start`` (index and round label), ``discard``
events whose ``riichi`` flag marks a declaration, then ``win`` (winner, from, han, points,
changes) or ``exhaustive_draw`` (tenpai per seat, changes). A :class:`HandTracker` follows those
events and yields one :class:`HandEntry` each time a hand ends.

The first hand's ``hand_start`` happens while the game is built, before any ``apply``, so the
tracker starts at hand 0 with the label the game shows then. To rebuild a tracker after a
restart, feed it the events of re-applying the logged actions to a fresh game; recording the
same hand again is harmless because :meth:`Store.record_hand` replaces it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine.game import Event, Game
from bot.storage.models import HandResult

__all__ = ["HandEntry", "HandTracker"]


@dataclass(frozen=True)
class HandEntry:
    """A finished hand, ready for :meth:`Store.record_hand`."""

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
            data = event.data
            if event.type == "hand_start":
                self.hand_index = int(data["hand"])
                self.label = str(data.get("round", self.label))
                self._riichi = []
            elif event.type == "discard" and data.get("riichi"):
                self._riichi.append(int(data["seat"]))
            elif event.type == "win":
                from_seat = data.get("from")
                winner = int(data["winner"])
                # Several wins in one hand: ずーの lists each ("wins"), いなげ the seats ("winners").
                wins = data.get("wins") or [{"winner": winner, "from": from_seat, "points": data.get("points", 0)}]
                points: dict[int, int] = {}
                for win in wins:
                    points[int(win["winner"])] = points.get(int(win["winner"]), 0) + int(win.get("points", 0))
                winners = list(points)
                dealt_in = [int(w["from"]) for w in wins if w.get("from") is not None]
                tsumo = [int(w["winner"]) for w in wins if w.get("from") is None]
                result = HandResult(
                    winner=winner,
                    from_seat=None if from_seat is None else int(from_seat),
                    han=int(data.get("han", 0)),
                    points=int(data.get("points", 0)),
                    changes=tuple(int(change) for change in data["changes"]),
                    riichi=tuple(sorted(self._riichi)),
                    winners=tuple(winners),
                    dealt_in=tuple(dict.fromkeys(dealt_in)),
                    win_points=tuple(points.values()),
                    tsumo=tuple(dict.fromkeys(tsumo)),
                )
                finished.append(HandEntry(self.hand_index, self.label, result))
            elif event.type == "exhaustive_draw":
                tenpai = tuple(seat for seat, ready in enumerate(data.get("tenpai", ())) if ready)
                changes = tuple(int(change) for change in data.get("changes", [0] * self.players))
                result = HandResult(
                    winner=None, from_seat=None, changes=changes, riichi=tuple(sorted(self._riichi)), tenpai=tenpai
                )
                finished.append(HandEntry(self.hand_index, self.label, result))
        return finished
