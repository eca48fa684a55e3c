"""チンイツゲーム's tile sets: one hand's 108 tiles, and the whole game's 180 (both suits ×8)."""

from __future__ import annotations

from bot.engine.tiles import Back, Kind, Suit, Tile, TileSet, kind_of

__all__ = ["chinitsu_game_tileset", "chinitsu_tileset"]


def chinitsu_tileset(suit: Suit) -> TileSet:
    """One hand: 108 tiles, the active suit ×8 with every 5 red (seed 002).

    1m, 9m and the honours ×4 (2 blue, 2 yellow); the active suit 1-9 ×8 (4 blue, 4 yellow).
    """
    if suit not in (Suit.PIN, Suit.SOU):
        raise ValueError("the chinitsu game alternates pinzu and souzu hands")
    tiles: list[Tile] = []
    for kind in (Kind.M1, Kind.M9, *range(Kind.EAST, Kind.RED + 1)):
        for back in (Back.BLUE, Back.YELLOW):
            tiles += [Tile(kind, back=back)] * 2
    for rank in range(1, 10):
        kind = kind_of(suit, rank)
        for back in (Back.BLUE, Back.YELLOW):
            tiles += [Tile(kind, red=(rank == 5), back=back)] * 4
    return TileSet(f"chinitsu-{suit.value}", tuple(tiles))


def chinitsu_game_tileset() -> TileSet:
    """A whole game: 180 tiles, both suits ×8, of which each hand plays 108.

    Tile ids stay the same for the whole game (the runtime and the CPUs map ids to faces once):
    1m, 9m and the honours first (36), then the pinzu (72), then the souzu (72); a hand of one
    suit leaves the other suit's 72 in the box.
    """
    pinzu = chinitsu_tileset(Suit.PIN).tiles
    souzu = chinitsu_tileset(Suit.SOU).tiles
    others = pinzu[:36]
    return TileSet("chinitsu", (*others, *pinzu[36:], *souzu[36:]))
