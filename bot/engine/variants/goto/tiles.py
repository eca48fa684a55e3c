"""5等三麻's tile set: 124 tiles, the sanma 108 with 黒黒赤金 fives, 白ポッチ and 16 flowers."""

from __future__ import annotations

from bot.engine.tiles import Kind, Tile, TileSet, standard_kinds

__all__ = ["goto_tileset"]


def goto_tileset(pocchi: int = 1) -> TileSet:
    """124 tiles (seed 003).

    The sanma 108 (1m/9m only) with 5p and 5s as 黒黒赤金, ``pocchi`` dotted 白 (白ポッチ, one by
    GTS-A10), and four of each season flower.
    """
    if not 0 <= pocchi <= 4:
        raise ValueError("between 0 and 4 of the 白 can be 白ポッチ")
    tiles: list[Tile] = []
    for kind in standard_kinds(manzu=(Kind.M1, Kind.M9)):
        if kind in (Kind.P5, Kind.S5):
            tiles += [Tile(kind), Tile(kind), Tile(kind, red=True), Tile(kind, gold=True)]
        elif kind == Kind.WHITE:
            tiles += [Tile(kind, pocchi=copy < pocchi) for copy in range(4)]
        else:
            tiles += [Tile(kind)] * 4
    for flower in range(Kind.SPRING, Kind.WINTER + 1):
        tiles += [Tile(flower)] * 4
    return TileSet("goto", tuple(tiles))
