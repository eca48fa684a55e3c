"""The tiles of one hand not yet in play: the live wall, the dead wall's replacement tiles and
dora indicators, and the commitment that lets players check the shuffle afterwards."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine.tiles import Tile, parse_tiles

__all__ = ["DeadWall", "TileReserve", "Wall", "shuffled", "wall_digest"]


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


@dataclass(frozen=True)
class DeadWall:
    """Where a variant's dead wall lies in the dealt order and what it holds: ``rinshan``
    replacement tiles (drawn from the first), then ``indicators`` dora indicators (the first
    ``revealed`` face up at the deal), then the ``ura`` under them. It is cut off the end of the
    order, or (``first``) off its start before the deal, as いなげ sets out its two indicators.

    >>> DeadWall().size, DeadWall(rinshan=0, indicators=1, ura=1, first=True).size
    (14, 2)
    """

    rinshan: int = 4
    indicators: int = 5
    ura: int = 5
    revealed: int = 1
    first: bool = False

    @property
    def size(self) -> int:
        """How many tiles the dead wall takes from the order."""
        return self.rinshan + self.indicators + self.ura

    def cut(self, order: Sequence[int]) -> tuple[list[int], list[int]]:
        """The order split into what is dealt and drawn, and the dead wall's tiles (replacement
        tiles, indicators, ura) in the order a rigged deal names them."""
        if self.first:
            return list(order[self.size :]), list(order[: self.size])
        split = len(order) - self.size
        return list(order[:split]), list(order[split:])


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
    def laid_out(
        cls, order: Sequence[int], salt: str, dead_wall: DeadWall | None = None, *, box: Sequence[int] = ()
    ) -> Wall:
        """A wall to deal ``order`` from its start (the order the digest commits to), its dead
        wall cut off as ``dead_wall`` lays it out (none: every tile is live); ``box`` holds the
        game's tiles the hand does not play."""
        digest = wall_digest(order, salt)
        if dead_wall is None:
            return cls(live=list(order)[::-1], salt=salt, digest=digest, box=list(box))
        live, dead = dead_wall.cut(order)
        indicators = dead_wall.rinshan + dead_wall.indicators
        return cls(
            live=live[::-1],
            salt=salt,
            digest=digest,
            rinshan=dead[: dead_wall.rinshan][::-1],
            indicators=dead[dead_wall.rinshan : indicators],
            ura=dead[indicators:],
            revealed=dead_wall.revealed,
            box=list(box),
        )

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
