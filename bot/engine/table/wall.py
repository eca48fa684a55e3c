"""The tiles of one hand not yet in play: the live wall, the dead wall's replacement tiles and
dora indicators, and the commitment that lets players check the shuffle afterwards."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine.tiles import Tile, parse_tiles

__all__ = ["TileReserve", "Wall", "shuffled", "wall_digest"]


def wall_digest(order: Sequence[int], salt: str) -> str:
    """Published when a hand starts; anyone can check it once the order and salt are revealed."""
    return hashlib.sha256(f"{salt}:{','.join(map(str, order))}".encode()).hexdigest()


def shuffled(
    tiles: int | Sequence[int], rng: random.Random, order: Sequence[int] | None = None
) -> tuple[list[int], str]:
    """A hand's tile order (``order`` when a test rigged one) and the salt of its commitment,
    both drawn from the hand's own RNG, in that order, so a replay deals the same. ``tiles`` is
    how many tiles a hand plays (ids 0 to n−1), or the ids themselves when a hand plays only
    some of the game's tiles (チンイツゲーム's suit of the hand)."""
    if order is not None:
        chosen = list(order)
    else:
        chosen = list(range(tiles)) if isinstance(tiles, int) else list(tiles)
        rng.shuffle(chosen)
    return chosen, f"{rng.getrandbits(64):016x}"


@dataclass
class Wall:
    """What a hand draws from. Every list is taken from its end (``live[-1]`` is the next tile).

    ``indicators`` are the dora indicators set aside, the first ``revealed`` of them face up;
    ``ura`` lie under them. ``filler`` holds live tiles moved to the dead wall to keep its size
    (ずーの). The ``order`` the hand was dealt from, and the ``salt``, make ``digest``.
    """

    live: list[int]
    salt: str
    digest: str
    rinshan: list[int] = field(default_factory=list)
    indicators: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)
    revealed: int = 0
    filler: list[int] = field(default_factory=list)
    box: list[int] = field(default_factory=list)
    """The game's tiles this hand does not play (チンイツゲーム's other suit)."""

    @classmethod
    def committed(cls, order: Sequence[int], salt: str) -> Wall:
        """A wall to deal ``order`` from its start (the order the digest commits to)."""
        return cls(live=list(order)[::-1], salt=salt, digest=wall_digest(order, salt))

    def draw(self) -> int:
        """The next live tile."""
        return self.live.pop()

    @property
    def dora(self) -> list[int]:
        """The indicators face up."""
        return self.indicators[: self.revealed]

    def hidden(self) -> list[int]:
        """Every tile of the wall nobody may see yet."""
        return [*self.live, *self.rinshan, *self.indicators[self.revealed :], *self.ura, *self.filler, *self.box]


class TileReserve:
    """Tiles not yet placed by a rigged deal: tests name faces, the reserve hands out ids.

    >>> from bot.engine.tiles import four_each, parse_kinds
    >>> reserve = TileReserve(four_each(parse_kinds("1p2p3p")))
    >>> reserve.take_all("1p1p"), reserve.take_any()
    ([0, 1], 11)
    """

    def __init__(self, tiles: Sequence[Tile]) -> None:
        self._tiles = tiles
        self.free = list(range(len(tiles)))

    def take(self, face: Tile) -> int:
        """The lowest free id of ``face``. A face written without a back colour takes either
        back, and a plain five names the red one in a set whose fives are all red
        (チンイツゲーム's), so a test writes ``1p`` and ``5p`` there as anywhere else."""
        for index, tile in enumerate(self.free):
            if self._matches(self._tiles[tile], face):
                return self.free.pop(index)
        raise ValueError(f"no {face} left to rig")

    def _matches(self, tile: Tile, face: Tile) -> bool:
        if tile == face:
            return True
        if (tile.kind, tile.gold, tile.pocchi) != (face.kind, face.gold, face.pocchi):
            return False
        if face.back is not None and tile.back != face.back:
            return False
        if tile.red == face.red:
            return True
        # Written plain, red: only where the set has no plain copy of this five at all.
        return tile.red and not any(t.kind == face.kind and not t.red and not t.gold for t in self._tiles)

    def take_all(self, text: str) -> list[int]:
        """Ids for every tile of an mpsz string, in order."""
        return [self.take(face) for face in parse_tiles(text)]

    def take_any(self) -> int:
        """Any free tile (the highest id): for what a test leaves unrigged."""
        return self.free.pop()

    def take_padded(self, text: str, size: int, what: str) -> list[int]:
        """Exactly ``size`` ids: the tiles of ``text`` in order, then any free ones (a part of the
        dead wall a test fills only in part); more than ``size`` is refused, naming ``what``."""
        tiles = self.take_all(text)
        if len(tiles) > size:
            raise ValueError(f"{what} holds {size} tiles, not {len(tiles)}")
        while len(tiles) < size:
            tiles.append(self.take_any())
        return tiles
