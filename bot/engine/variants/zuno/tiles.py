"""ずーの's tile set: the standard 136 tiles with one red five of each suit."""

from __future__ import annotations

from bot.engine.tiles import Kind, TileSet, four_each, standard_kinds

__all__ = ["zuno_tileset"]


def zuno_tileset() -> TileSet:
    """The standard 136 tiles with one red 5m, 5p and 5s (seed 001)."""
    kinds = standard_kinds(manzu=range(Kind.M1, Kind.M9 + 1))
    return TileSet("zuno", tuple(four_each(kinds, red_fives={Kind.M5: 1, Kind.P5: 1, Kind.S5: 1})))
