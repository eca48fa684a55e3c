"""いなげ麻雀's tile set: 112 tiles, 2m-8m removed and the four flowers added."""

from __future__ import annotations

from bot.engine.tiles import Kind, Tile, TileSet, four_each, standard_kinds

__all__ = ["inage_tileset"]


def inage_tileset() -> TileSet:
    """112 tiles: four of each kind but 2m-8m, and one of each flower (seed 000)."""
    flowers = [Tile(kind) for kind in range(Kind.SPRING, Kind.WINTER + 1)]
    return TileSet("inage", tuple(four_each(standard_kinds(manzu=(Kind.M1, Kind.M9))) + flowers))
