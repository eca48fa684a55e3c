"""What the runtime asks of whatever shows a table, declared here so the runtime needs no Discord.

The actor tells a :class:`TablePresenter` what changed; every call returns at once. The registry
also runs each presenter's life (:class:`RunningPresenter`) and builds them with the factory it
is given (:class:`PresenterFactory`): :mod:`bot.ui` provides the Discord one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from bot.engine.events import WallRevealed
from bot.engine.game import Outcome
from bot.engine.views import DrawView, WinView
from bot.runtime.snapshot import TableSnapshot
from bot.storage import GameSummary, HandEntry, PanelHandle

__all__ = ["NullPresenter", "PresenterFactory", "ResultCard", "RunningPresenter", "TablePresenter"]

ResultCard = WinView | DrawView
"""A hand's result as a picture: a win card, or the draw card."""


class TablePresenter(Protocol):
    """What the actor tells the outside world. Every call returns at once; the presenter does
    its Discord work in its own tasks, drawing from the latest :class:`TableSnapshot` it was
    handed (only ever committed state), never from the actor."""

    def show(self, snapshot: TableSnapshot) -> None:
        """The table is now ``snapshot``; nothing need be redrawn for it (the calls below say
        what must)."""

    def table_changed(self, snapshot: TableSnapshot) -> None:
        """The public table changed: redraw it (coalesced)."""

    def panels_changed(self, snapshot: TableSnapshot, seats: Collection[int], *, exclude: int | None = None) -> None:
        """These seats' private panels may be out of date (``exclude`` answers its own click)."""

    def hand_ended(self, entry: HandEntry, results: Sequence[ResultCard], reveal: WallRevealed | None = None) -> None:
        """A hand ended: show its result cards (``results``: one WinView per win, several when
        one discard or one round paid several winners; or its DrawView) and the wall's salt
        (``reveal``), which lets anyone check the hash shown at its start."""

    def notice(self, key: str, **params: Any) -> None:
        """Post a short public notice (an i18n key)."""

    def game_over(self, snapshot: TableSnapshot, outcome: Outcome, summary: GameSummary | None) -> None:
        """The game finished normally: final table and standings."""

    def cancelled(self, snapshot: TableSnapshot, by: str) -> None:
        """The game was cancelled."""


class RunningPresenter(TablePresenter, Protocol):
    """A presenter as the registry runs it: started with its table, given the panels a restart
    left open, drained and closed at the end."""

    def start(self, *, notice: str | None = None, resumed: bool = False) -> None:
        """Post the table message (``resumed``: the game carries on after a restart)."""

    def restore_panels(self, handles: Mapping[int, PanelHandle]) -> None:
        """Take up the panels the process before the restart left open."""

    async def drain(self, timeout: float = 10.0) -> None:  # noqa: ASYNC109 - a plain bound for shutdown
        """Wait until everything queued so far has been shown."""

    async def close(self) -> None:
        """Stop showing (shutdown, or the end shown)."""


P_co = TypeVar("P_co", bound=RunningPresenter, covariant=True)


class PresenterFactory(Protocol[P_co]):
    """Builds the presenter of a table (one per running game, or per finished game whose end is
    still to be shown)."""

    def __call__(self, snapshot: TableSnapshot, *, message_id: int | None, dm_panels: bool) -> P_co:
        """A presenter for the table ``snapshot`` shows, whose message (if any) is ``message_id``."""
        ...


class NullPresenter:
    """Shows nothing: for an actor before its presenter is attached, and for tests."""

    def show(self, snapshot: TableSnapshot) -> None:
        """Ignore."""

    def table_changed(self, snapshot: TableSnapshot) -> None:
        """Ignore."""

    def panels_changed(self, snapshot: TableSnapshot, seats: Collection[int], *, exclude: int | None = None) -> None:
        """Ignore."""

    def hand_ended(self, entry: HandEntry, results: Sequence[ResultCard], reveal: WallRevealed | None = None) -> None:
        """Ignore."""

    def notice(self, key: str, **params: Any) -> None:
        """Ignore."""

    def game_over(self, snapshot: TableSnapshot, outcome: Outcome, summary: GameSummary | None) -> None:
        """Ignore."""

    def cancelled(self, snapshot: TableSnapshot, by: str) -> None:
        """Ignore."""
