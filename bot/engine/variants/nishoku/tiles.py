"""二色麻雀's tile set: 100 tiles, every manzu removed."""

from __future__ import annotations

from bot.engine.tiles import Kind, TileSet, four_each, standard_kinds

__all__ = ["nishoku_tileset"]


def nishoku_tileset(red_5p: int = 1, red_5s: int = 1) -> TileSet:
    """100 tiles, every manzu removed; red fives per the table (NIS-A1: 1 and 1)."""
    for count in (red_5p, red_5s):
        if not 0 <= count <= 4:
            raise ValueError("a suit has between 0 and 4 red fives")
    tiles = four_each(standard_kinds(manzu=()), red_fives={Kind.P5: red_5p, Kind.S5: red_5s})
    return TileSet("nishoku", tuple(tiles))
