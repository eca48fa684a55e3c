"""The running game and what it looks like now: its views, built once per move, and the snapshot
of the table handed to the presenter (:mod:`bot.runtime.snapshot`).

The presenter, the panels and the click handlers ask for the same views many times between two
moves (every table redraw, every panel's key check); the engine only changes in ``apply`` (or a
test's rigged deal), which moves ``revision``, and a game rebuilt from its log is a new object,
so the pair says when a view is stale.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, cast

from bot.engine.game import Game, Unclaimed
from bot.engine.views import PublicView, SeatView
from bot.runtime.clocks import SeatState
from bot.runtime.decisions import DecisionBook
from bot.runtime.presenting import TablePresenter
from bot.runtime.snapshot import SeatViews, StaleSnapshot, TableInfo, TableSnapshot, public_table_view

__all__ = ["TableShow", "TableViews"]

T = TypeVar("T")


class TableShow(Protocol):
    """What the parts that move or pause a table show it through (the actor is one): its
    presenter, and the table as it is now."""

    @property
    def presenter(self) -> TablePresenter:
        """Who shows the table."""
        ...

    def snapshot(self) -> TableSnapshot:
        """The table as it is now, for the presenter."""
        ...


class TableViews:
    """The game a table plays (replaced when it is rebuilt from its log) and its views, cached
    until the game moves."""

    def __init__(self, game: Game, info: TableInfo, seats: Sequence[SeatState], book: DecisionBook) -> None:
        self.game = game
        self._info = info
        self._seats = seats
        self._book = book
        self._views: dict[object, Any] = {}
        """Views built since the game last moved (see :meth:`_cached`)."""
        self._views_of: tuple[int, int] = (id(game), -1)

    def _cached(self, key: object, build: Callable[[], T]) -> T:
        """A view of the game as it is now, built once for every reader of it."""
        now = (id(self.game), self.game.revision)
        if now != self._views_of:
            self._views.clear()
            self._views_of = now
        if key not in self._views:
            self._views[key] = build()
        return cast(T, self._views[key])

    def public(self) -> PublicView:
        """The engine's public view (with what the channel may not see: who may claim)."""
        return self._cached("public", self.game.public_view)

    def unclaimed(self) -> Unclaimed | None:
        """While a claim window is open, where play goes on if nobody claims."""
        return self._cached("unclaimed", self.game.unclaimed)

    def table(self) -> PublicView:
        """The table as the channel may see it (see :func:`~bot.runtime.snapshot.public_table_view`)."""
        deadline = self._book.earliest_deadline()
        auto = self.auto_seats()
        return self._cached(
            ("table", deadline, auto),
            lambda: public_table_view(self.public(), deadline=deadline, auto=auto, unclaimed=self.unclaimed()),
        )

    def seat(self, seat: int) -> SeatView:
        """One seat's private view, with the same public part as :meth:`table`."""
        return self._seat(seat, self.table())

    def own(self, seat: int) -> SeatView:
        """One seat's private view as the engine gives it (its public part the engine's too): what
        the seat's auto options read while the table's clocks are still being armed."""
        return self._cached(("own", seat), lambda: self.game.view(seat))

    def _seat(self, seat: int, table: PublicView) -> SeatView:
        # By identity: the public view is itself cached (and kept alive) until the game moves.
        return self._cached(("seat", seat, id(table)), lambda: dataclasses.replace(self.own(seat), public=table))

    def auto_seats(self) -> tuple[int, ...]:
        """Seats on autopilot."""
        return tuple(seat for seat, state in enumerate(self._seats) if state.auto)

    def waiting_for(self) -> tuple[str, ...]:
        """Names of the people the table waits on, for a panel; claim deciders stay anonymous.

        It reads the table as the channel sees it: during a claim window the table says calls are
        open and puts nobody on turn, so it names nobody (a claimant's name would tell who may
        call). A CPU's turn names nobody: a waiting panel then reads the same through a run of CPU
        moves and costs no edit each (the table message shows whose turn it is)."""
        table = self.table()
        if table.turn is not None and not self._seats[table.turn].player.is_cpu:
            return (self._info.names[table.turn],)
        return ()

    def snapshot(self, *, paused: bool, finished: bool) -> TableSnapshot:
        """The table as it is now, for the presenter (see :mod:`bot.runtime.snapshot`).

        Cheap: its views are the ones cached for this move, and a seat's view is built only when
        it is first read (most moves redraw one panel or two). It is read before the game moves
        again: the presenter reads the latest snapshot it was handed, and the actor hands it one
        as soon as the game moves (see :mod:`bot.runtime.moves`)."""
        game, revision, table = self.game, self.game.revision, self.table()

        def seat_view(seat: int) -> SeatView:
            if self.game is not game or game.revision != revision:
                raise StaleSnapshot(f"table {self._info.game_id}: seat {seat}'s view read after the game moved on")
            return self._seat(seat, table)

        book = self._book
        return TableSnapshot(
            info=self._info,
            sequence=game.sequence,
            table=table,
            seats=SeatViews(self._info.humans, seat_view),
            decisions={seat: found for seat in range(len(self._seats)) if (found := book.offered(seat)) is not None},
            deciding=book.decisions(),
            auto=self.auto_seats(),
            auto_options=tuple(state.auto_options for state in self._seats),
            waiting_for=self.waiting_for(),
            paused=paused,
            finished=finished,
            wall_digest=game.wall_digest,
            history=tuple(game.history),
            locales=tuple(state.locale for state in self._seats),
        )
