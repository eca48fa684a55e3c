"""What the table shows: each seat's public part, the rules the public view announces, who may be
said to be deciding, and a hand's furiten and hints (waits and the tiles still live for them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.engine.shapes import pack, tile_count
from bot.engine.table.accounting import TileAccounting
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.tiles import Back
from bot.engine.views import PublicView, RiverTile, SeatPublic, SeatView

__all__ = ["TableViews", "public_deciding"]


def public_deciding(
    deciding: Sequence[int], players: int, *, claim_phase: bool, actor: int | None = None
) -> tuple[int, ...]:
    """Who the table may be told is deciding.

    During a claim window the real list would tell everyone which seats can ron or call, so
    the public sees every seat but the one whose tile is on offer (``actor``) instead.
    """
    if not claim_phase:
        return tuple(deciding)
    return tuple(seat for seat in range(players) if seat != actor)


class TableViews(TileAccounting[SettingsT, SeatT]):
    """The views of the table and of each seat, furiten and hints."""

    noten_riichi: ClassVar[bool] = False
    """Riichi may be declared without tenpai (shown in the public view)."""
    strict_furiten: ClassVar[bool] = False
    """Furiten blocks tsumo too and makes a hand no-ten (shown in the public view)."""
    flower_dora: ClassVar[bool] = True
    """A flower set aside counts a han (shown in the public view)."""

    # --- views ----------------------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        """What everyone may see."""
        raise NotImplementedError

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see."""
        raise NotImplementedError

    def _seat_public(self, index: int, *, wind: int | None, dealer: bool) -> SeatPublic:
        """What everyone sees of one seat: points, river, melds, tiles set aside, how many tiles
        it hides, riichi, and chips where the variant has them."""
        seat = self.seats[index]
        return SeatPublic(
            seat=index,
            wind=wind,
            points=self.points[index],
            chips=self.chips[index] if self.has_chips else None,
            river=tuple(
                RiverTile(self.tiles[e.tile], riichi=e.riichi, called=e.called, tsumogiri=e.tsumogiri, order=e.order)
                for e in seat.river
            ),
            melds=tuple(self._meld_view(meld) for meld in seat.melds),
            set_aside=self._faces(seat.set_aside),
            concealed_count=len(seat.concealed),
            concealed_backs=self._concealed_backs(index),
            has_drawn=seat.drawn is not None,
            riichi=seat.riichi,
            dealer=dealer,
        )

    def _concealed_backs(self, seat: int) -> tuple[Back | None, ...]:
        """The back colours of a seat's standing tiles where the variant shows them (none)."""
        return ()

    def _final_hand(self) -> bool:
        """Whether the game ends with this hand unless its result carries it on (see
        :attr:`PublicView.final_hand`); a variant whose end is never scheduled says no."""
        return False

    def _vote_note(self) -> str:
        return f"終了投票 {len(self.votes)}/{self._players}" if self.votes else ""

    # --- furiten and hints ----------------------------------------------------------------------------

    def _note_missed_win(self, seat_index: int) -> None:
        """Passing a win: furiten until the seat's next discard, and for good once in riichi."""
        seat = self.seats[seat_index]
        seat.temporary_furiten = True
        if seat.riichi:
            seat.riichi_furiten = True

    def _furiten(self, seat_index: int, waits: Sequence[int]) -> bool:
        """Furiten: a wait in the seat's own river, a win passed this go-around, or one passed
        in riichi."""
        seat = self.seats[seat_index]
        if seat.temporary_furiten or seat.riichi_furiten:
            return True
        river_kinds = {self.kinds[entry.tile] for entry in seat.river}
        return any(kind in river_kinds for kind in waits)

    def _visible_board(self, seat_index: int) -> int:
        """Every tile ``seat_index`` can see outside its own hand (counted against its waits)."""
        return pack(self.kinds[tile] for tile in self.public_tiles())

    def _hand_hints(self, seat_index: int, board: int) -> tuple[tuple[int, ...], dict[int, int], bool]:
        """For a hand waiting on its next tile: the waits and live counts when the table shows
        hints, and whether the seat is furiten (shown always: it decides whether ron is legal)."""
        if tile_count(board) % 3 != 1:
            return (), {}, False
        waits = self.shapes.waits(board)
        furiten = bool(waits) and self._furiten(seat_index, waits)
        if not self.settings.hints:
            return (), {}, furiten
        return tuple(waits), self.shapes.ukeire(board, self._visible_board(seat_index)), furiten
