"""The deal: the hand's shuffle and wall as the variant declares them, the tiles dealt to every
seat, the event of a hand just dealt, and :meth:`Dealing.rig`, which builds a chosen deal from the
same declarations for every variant's tests."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Concatenate, ParamSpec, TypeVar

from bot.engine.events import HandStarted
from bot.engine.table.accounting import TileAccounting
from bot.engine.table.base import SeatT, SettingsT, TableBase
from bot.engine.table.ledger import Ledger
from bot.engine.table.seats import Seat
from bot.engine.table.wall import DeadWall, TileReserve, Wall, shuffled

__all__ = ["Dealing", "rigging"]

P = ParamSpec("P")
R = TypeVar("R")
GameT = TypeVar("GameT", bound="TableBase[Any, Any]")


def rigging(method: Callable[Concatenate[GameT, P], R]) -> Callable[Concatenate[GameT, P], R]:
    """Marks a method that sets the state outside :meth:`TableGame.apply` (``rig``, for tests and
    puzzles): it moves ``revision``, so whoever keeps views of the game knows they are stale."""

    @functools.wraps(method)
    def changed(self: GameT, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        finally:
            self.revision += 1

    return changed


class Dealing(TileAccounting[SettingsT, SeatT]):
    """How a hand is dealt: what the variant declares, and the shuffle, wall and deal built from it."""

    seat_class: ClassVar[type[Seat]] = Seat
    hand_size: ClassVar[int] = 13
    """The tiles dealt to each seat."""
    deal_whole_hands: ClassVar[bool] = False
    """Each seat takes its whole hand at once (ずーの, いなげ), not a tile at a time round the table."""
    dead_wall: ClassVar[DeadWall | None] = None
    """Where the dead wall lies and what it holds (None: every tile is live)."""

    def _playing(self) -> Sequence[int] | None:
        """The ids this hand plays, when it plays only some of the game's tiles (the others stay
        in ``Wall.box``); None: all of them."""
        return None

    def _hand_rng(self) -> random.Random:
        """The RNG of the current hand: every random thing a hand does comes from it, in order."""
        return random.Random(f"{self.variant}:{self.seed}:hand:{self.hand_index}")

    def _shuffle(self, order: Sequence[int] | None = None) -> random.Random:
        """Shuffle the tiles this hand plays (or take a rigged ``order``), commit to them and lay
        out the wall, its dead wall as the variant declares it; returns the hand's RNG, for
        whatever else the hand rolls after it."""
        rng = self._hand_rng()
        playing = self._playing()
        tiles, salt = shuffled(len(self.tiles) if playing is None else playing, rng, order)
        box = () if playing is None else sorted(set(range(len(self.tiles))) - set(playing))
        self.wall = Wall.laid_out(tiles, salt, self.dead_wall, box=box)
        return rng

    def _new_seats(self) -> list[SeatT]:
        seats: list[SeatT] = [self.seat_class() for _ in range(self._players)]  # type: ignore[misc]
        return seats

    def _dealing_order(self) -> list[int]:
        """The seats from the dealer round the table."""
        return [(self.dealer + offset) % self._players for offset in range(self._players)]

    def _deal(self) -> None:
        """Give every seat a new hand of ``hand_size`` tiles from the live wall, from the dealer
        round the table (a tile at a time, or each seat's whole hand at once), and remember the
        points and chips the hand starts from."""
        self.seats = self._new_seats()
        self.hand_start_points = tuple(self.points)
        self.hand_start_chips = tuple(self.chips)
        order = self._dealing_order()
        rounds = [order] * self.hand_size
        if self.deal_whole_hands:
            rounds = [[seat] * self.hand_size for seat in order]
        for seats in rounds:
            for seat in seats:
                self._take(self.seats[seat], self.wall.draw())

    def _dealt_order(self, hands: Sequence[Sequence[int]]) -> list[int]:
        """The wall order that :meth:`_deal` turns into ``hands`` (seat 0's first): for :meth:`rig`."""
        order = self._dealing_order()
        if self.deal_whole_hands:
            return [tile for seat in order for tile in hands[seat]]
        return [hands[seat][turn] for turn in range(self.hand_size) for seat in order]

    def _hand_started(self) -> HandStarted:
        """The event of a hand just dealt: its round, dealer, wall commitment, points, chips (in a
        variant with chips), honba, deposits and the indicators face up."""
        return HandStarted(
            self.hand_index,
            self.round_label,
            self.dealer,
            self.wall.digest,
            tuple(self.points),
            chips=tuple(self.chips) if self.has_chips else (),
            honba=self.honba,
            deposits=self.deposits,
            dora_indicators=tuple(self.wall.dora),
        )

    @rigging
    def rig(
        self,
        hands: Sequence[str],
        draws: str = "",
        *,
        rinshan: str = "",
        dora: str = "",
        ura: str = "",
        dealer: int | None = None,
        honba: int | None = None,
        points: Sequence[int] | None = None,
        deposits: int | None = None,
    ) -> None:
        """Restart the current hand from chosen tiles (for tests and puzzles).

        ``hands`` are every seat's dealt tiles in mpsz notation, seat 0 first; ``draws`` the next
        live tiles in the order they are drawn (the dealer's first draw first); ``rinshan`` (in
        the order drawn), ``dora`` and ``ura`` fill the dead wall, where the variant has one
        (the first indicators are face up at once). Whatever is not named is filled with the
        other tiles, the live wall in tile-id order, so every tile still exists once. ``dealer``,
        ``honba``, ``points`` and ``deposits`` (riichi sticks on the table) set the table first.
        """
        if dealer is not None:
            self.dealer = dealer
        if honba is not None:
            self.honba = honba
        if points is not None or deposits is not None:
            on_table = self.deposits if deposits is None else deposits
            scores = list(self.points if points is None else points)
            self.ledger = Ledger(scores, list(self.chips), sum(scores) + on_table)
            self.ledger.deposits = on_table
        reserve = TileReserve(self.tiles)
        playing = self._playing()
        if playing is not None:
            plays = set(playing)
            reserve.free = [tile for tile in reserve.free if tile in plays]
        dealt = [reserve.take_all(text) for text in hands]
        if len(dealt) != self._players or any(len(tiles) != self.hand_size for tiles in dealt):
            raise ValueError(f"rig needs {self._players} hands of {self.hand_size} tiles")
        drawn = reserve.take_all(draws)
        layout = self.dead_wall or DeadWall(rinshan=0, indicators=0, ura=0)
        dead = [
            *reserve.take_padded(rinshan, layout.rinshan, "rinshan"),
            *reserve.take_padded(dora, layout.indicators, "dora"),
            *reserve.take_padded(ura, layout.ura, "ura"),
        ]
        live = [*self._dealt_order(dealt), *drawn, *reserve.free]
        self._start_hand([*dead, *live] if layout.first else [*live, *dead])
