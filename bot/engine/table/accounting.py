"""The tiles of a hand: into a seat's hand and out of it, their faces and order, and where every
tile of the game is (the simulator checks each is there exactly once)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.melds import Meld
from bot.engine.shapes import add_tile
from bot.engine.table.base import SeatT, SettingsT, TableBase
from bot.engine.tiles import Tile
from bot.engine.views import MeldView

__all__ = ["TileAccounting"]


class TileAccounting(TableBase[SettingsT, SeatT]):
    """Tile ids in and out of hands, as faces and in hand order, and the table's tile accounting."""

    # --- tiles in and out of a hand -----------------------------------------------------------------

    def _take(self, seat: SeatT, tile: int) -> None:
        seat.concealed.append(tile)
        seat.board = add_tile(seat.board, self.kinds[tile])

    def _give(self, seat: SeatT, tile: int) -> None:
        seat.concealed.remove(tile)
        seat.board -= 1 << (4 * self.kinds[tile])

    def _held(self, seat: SeatT, kind: int) -> list[int]:
        """The seat's concealed tiles of one kind, in hand order."""
        return self._sorted(tile for tile in seat.concealed if self.kinds[tile] == kind)

    # --- faces and order --------------------------------------------------------------------------------

    def _sort_key(self, tile: int) -> tuple[int, bool, int]:
        """Hand order: by kind, a red five after its plain copies, then by id (stable)."""
        face = self.tiles[tile]
        return (face.kind, face.red, tile)

    def _sorted(self, tiles: Iterable[int]) -> list[int]:
        return sorted(tiles, key=self._sort_key)

    def _faces(self, tiles: Iterable[int]) -> tuple[Tile, ...]:
        return tuple(self.tiles[tile] for tile in tiles)

    def _meld_view(self, meld: Meld) -> MeldView:
        tiles = tuple(self.tiles[t] for t in meld.tiles)
        called = meld.tiles.index(meld.called) if meld.called is not None else None
        return MeldView(meld.type, tiles, called_index=called, from_seat=meld.from_seat)

    def _distinct_faces(
        self, tiles: Iterable[int], *, prefer: Iterable[int | None] = (), keep_order: bool = False
    ) -> list[int]:
        """One tile id per distinct face, preferring the ids in ``prefer`` (the drawn tile), in
        hand order (or, ``keep_order``, in the order given)."""
        tiles = list(tiles)
        chosen: dict[Tile, int] = {}
        for tile in prefer:
            if tile is not None and tile in tiles:
                chosen.setdefault(self.tiles[tile], tile)
        for tile in tiles if keep_order else self._sorted(tiles):
            chosen.setdefault(self.tiles[tile], tile)
        if keep_order:
            return [tile for tile in tiles if chosen[self.tiles[tile]] == tile]
        return self._sorted(chosen.values())

    def _face_pairs(self, tiles: Sequence[int]) -> list[tuple[int, int]]:
        """Pairs of tiles, one per distinct pair of faces (a red five makes its own pair)."""
        pairs: dict[tuple[Tile, Tile], tuple[int, int]] = {}
        ordered = self._sorted(tiles)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                pairs.setdefault((self.tiles[a], self.tiles[b]), (a, b))
        return list(pairs.values())

    # --- tile accounting (the simulator's invariants) -------------------------------------------------

    def public_tiles(self) -> list[int]:
        """Tile ids anyone may see: rivers (a claimed tile sits in its meld), melds, tiles set
        aside, the dora indicators face up."""
        tiles = [entry.tile for seat in self.seats for entry in seat.river if not entry.called]
        tiles += [tile for seat in self.seats for meld in seat.melds for tile in meld.tiles]
        tiles += [tile for seat in self.seats for tile in seat.set_aside]
        return tiles + self.wall.dora

    def concealed_tiles(self, seat_index: int) -> list[int]:
        """Tile ids only ``seat_index`` may see."""
        return list(self.seats[seat_index].concealed)

    def all_tile_locations(self) -> list[int]:
        """Every tile id wherever it is now: each exactly once."""
        tiles = self.wall.hidden()
        for index in range(self._players):
            tiles += self.concealed_tiles(index)
        return tiles + self.public_tiles()
