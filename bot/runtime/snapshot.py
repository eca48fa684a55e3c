"""The table as the runtime hands it to whoever shows it: an immutable snapshot per change.

The actor hands its presenter a :class:`TableSnapshot` with every change it tells it of, and the
presenter draws from the latest one it was handed, never from the actor: the click path runs one
way (router -> actor -> presenter), and nothing the presenter shows can be half of a move. What
never changes while a table runs (ids, names, tiles, language) is its :class:`TableInfo`.

:func:`public_table_view` is the public view as the channel may see it (that calls are open, never
who may make one); :func:`declarations` are the public facts every panel shows as they happen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from bot.engine.game import Unclaimed
from bot.engine.table.turns import Phase
from bot.engine.tiles import Tile
from bot.engine.views import PublicView, SeatView
from bot.runtime.decisions import Decision
from bot.storage import AutoOptions, PlayerSeat

__all__ = ["SeatViews", "StaleSnapshot", "TableInfo", "TableSnapshot", "declarations", "public_table_view"]


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What a running table is and stays: where it plays, who sits where, its tiles."""

    game_id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    title: str
    """The variant's display name."""
    players: tuple[PlayerSeat, ...]
    """Who sits in each seat."""
    tiles: Sequence[Tile]
    """Faces of the variant's physical tiles, by tile id."""
    locale: str | None
    """The language of the table's public messages (the lobby's)."""

    @property
    def names(self) -> tuple[str, ...]:
        """Display names by seat."""
        return tuple(player.name for player in self.players)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play (each has a private panel)."""
        return tuple(seat for seat, player in enumerate(self.players) if not player.is_cpu)

    @property
    def host_seat(self) -> int | None:
        """The seat of the player who opened the table, if seated."""
        return next((seat for seat, player in enumerate(self.players) if player.user_id == self.host_id), None)


class StaleSnapshot(RuntimeError):
    """A snapshot's seat view was read after the game had moved on: a bug (the presenter reads
    only the latest snapshot, and the actor hands it one whenever the game moves)."""


class SeatViews(Mapping[int, SeatView]):
    """The human seats' views of one move, each built the first time it is read and then kept.

    A seat's view is the dearest part of a snapshot (the engine works out its waits and hints),
    and most moves redraw one panel or two, so the others are never built."""

    def __init__(self, seats: Sequence[int], build: Callable[[int], SeatView]) -> None:
        self._seats = tuple(seats)
        self._build = build
        self._built: dict[int, SeatView] = {}

    def __getitem__(self, seat: int) -> SeatView:
        if seat not in self._seats:
            raise KeyError(seat)
        view = self._built.get(seat)
        if view is None:
            view = self._built[seat] = self._build(seat)
        return view

    def __iter__(self) -> Iterator[int]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)


@dataclass(frozen=True, slots=True, eq=False)
class TableSnapshot:
    """The table at one moment, as whoever shows it may draw it (see the module docstring).

    Views are the actor's, built once per move and shared by every snapshot of that move; a
    snapshot is handed on only when something in it changed."""

    info: TableInfo
    sequence: int
    """How many actions the game has taken."""
    table: PublicView
    """The table as the channel may see it (:func:`public_table_view`)."""
    seats: Mapping[int, SeatView]
    """Each human seat's private view, with the same public part as ``table`` (built when first
    read: see :class:`SeatViews`)."""
    decisions: Mapping[int, Decision]
    """Each seat's pending decision (or the choices a locked-in seat may switch to), with the
    actions it may take at any moment added; none its player's auto options answer (see
    :meth:`~bot.runtime.decisions.DecisionBook.offered`)."""
    deciding: tuple[Decision, ...]
    """The decisions the table waits on (the engine's), by seat, with their deadlines."""
    auto: tuple[int, ...]
    """Seats on autopilot."""
    auto_options: tuple[AutoOptions, ...]
    """Each seat's player's auto options, by seat (a CPU's are the defaults, and unused)."""
    waiting_for: tuple[str, ...]
    """Names of the people the table waits on, for a panel (claim deciders stay anonymous)."""
    paused: bool
    """The table waits for the store to take its writes again."""
    finished: bool
    wall_digest: str | None
    """The hash of the hand's wall, shown while the hand is played."""
    history: tuple[tuple[int, ...], ...]
    """Every seat's points after each hand so far."""
    locales: tuple[str | None, ...] = ()
    """The language each seat's player chose for their panel, by seat (None: their client's)."""

    def decision(self, seat: int) -> Decision | None:
        """The seat's pending decision, if any."""
        return self.decisions.get(seat)

    def locale(self, seat: int) -> str | None:
        """The language the seat's player chose for their panel, if they chose one."""
        return self.locales[seat] if seat < len(self.locales) else None


def public_table_view(
    view: PublicView, *, deadline: float | None, auto: Sequence[int], unclaimed: Unclaimed | None = None
) -> PublicView:
    """The public view as the channel may see it.

    During claims the engine lists every seat that may call the tile in ``deciding``; showing
    that would tell everyone who holds a pair of it or waits on it. So while a claim window is
    open (``unclaimed``, the game's :meth:`~bot.engine.game.Game.unclaimed`) the table says only
    that calls are open (phase ``claims``) and on whose tile (``calls_on``, public as the tile
    is): nobody on turn, nobody highlighted, and no clock, since the clock shown would be a
    claimant's (the deadline of a turn plus that player's bank, which differs from seat to seat
    and would tell who).

    That a window is open tells as much as a CPU that paused over one would (one opens only when
    some seat can take the tile), so the channel sees a window only where it has to wait for one:
    the actor answers a window only CPUs, seats on autopilot or players' auto options answer at
    once and redraws the table after the answers (``DecisionBook.answered_at_once``), so such a
    window is never drawn and looks like a discard nobody can claim. Where a player at the
    keyboard may claim, the table waits for them, which a player sees whatever the table says;
    it says "calls open" rather than name the seat that plays on, which is not the one deciding.
    """
    if unclaimed is not None:
        view = dataclasses.replace(view, phase=Phase.CLAIMS, turn=None, deciding=(), calls_on=unclaimed.offered_by)
        deadline = None
    deciding = (view.turn,) if view.turn is not None and view.turn in view.deciding else ()
    seats = tuple(dataclasses.replace(seat, auto_played=seat.seat in auto) for seat in view.seats)
    return dataclasses.replace(view, deciding=deciding, deadline=deadline, seats=seats)


def declarations(view: PublicView) -> tuple[tuple[bool, int], ...]:
    """Each seat's riichi and meld count: the public facts a panel must show as they happen."""
    return tuple((seat.riichi, len(seat.melds)) for seat in view.seats)
