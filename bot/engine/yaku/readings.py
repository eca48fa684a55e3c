"""Readings of a complete hand, as the facts yaku read, memoised one suit block at a time.

The splitting itself is :meth:`bot.engine.shapes.ShapeRules.decompositions`'; this module asks
it once per distinct suit block (a board holding only that block, plus a stand-in pair when the
block has none) and keeps, for each way to split the block, the few numbers a reading is made
of: its runs and triplets as bitmasks, its pair, the 么九 flags, the fu of its concealed
triplets, and how a winning tile in it may have been waited on. A whole reading is then four
block splits combined with ``|`` and ``+``, and a block seen once is never split again.
"""

from __future__ import annotations

from collections import Counter

from bot.engine.shapes import Group, Shape, ShapeRules, tile_count
from bot.engine.tiles import TERMINALS, YAOCHU
from bot.engine.yaku.base import Wait
from bot.engine.yaku.fu import WAIT_FU, triplet_fu

__all__ = ["BLOCK_SHIFTS", "BlockSplit", "BlockTable", "WaitOption", "block_tables"]

BLOCK_SHIFTS = (0, 36, 72, 108)
"""Bit offset of the man, pin, sou and honour blocks in a count board."""
_BLOCK_MASKS = ((1 << 36) - 1, (1 << 36) - 1, (1 << 36) - 1, (1 << 28) - 1)
_STAND_IN_PAIR = (27, 27, 27, 0)  # a pair outside the block: East for suits, 1m for honours

WaitOption = tuple[Wait, int, int, int]
"""``(wait, fu, ron_fu, ron_triplet)``: the wait, its fu, and on a ron the fu change and the
concealed triplet lost (a 双碰 won by ron makes its triplet an open one)."""


class BlockSplit:
    """One way to split one block into sets and at most one pair, reduced to numbers."""

    __slots__ = (
        "all_terminal",
        "all_yaochu",
        "pair",
        "run_count",
        "runs",
        "triplet_count",
        "triplet_fu",
        "triplets",
        "twins",
        "waits",
    )

    def __init__(self, groups: tuple[Group, ...], pair: int) -> None:
        run_kinds = [group.kind for group in groups if group.is_run]
        triplet_kinds = [group.kind for group in groups if not group.is_run]
        self.runs = sum(1 << kind for kind in set(run_kinds))
        self.run_count = len(run_kinds)
        self.twins = sum(count // 2 for count in Counter(run_kinds).values())
        self.triplets = sum(1 << kind for kind in set(triplet_kinds))
        self.triplet_count = len(triplet_kinds)
        self.pair = pair
        outer_runs = [kind % 9 in (0, 6) for kind in run_kinds]
        self.all_yaochu = all(outer_runs) and all(kind in YAOCHU for kind in (*triplet_kinds, *_pair_of(pair)))
        self.all_terminal = all(outer_runs) and all(kind in TERMINALS for kind in (*triplet_kinds, *_pair_of(pair)))
        self.triplet_fu = sum(triplet_fu(kind, concealed=True, kan=False) for kind in triplet_kinds)
        waits: dict[int, list[WaitOption]] = {}
        for kind in run_kinds:
            for tile in (kind, kind + 1, kind + 2):
                _add(waits, tile, _run_wait(kind, tile))
        for kind in triplet_kinds:
            lost = triplet_fu(kind, concealed=True, kan=False) - triplet_fu(kind, concealed=False, kan=False)
            _add(waits, kind, (Wait.SHANPON, 0, -lost, 1))
        if pair >= 0:
            _add(waits, pair, (Wait.TANKI, WAIT_FU, 0, 0))
        self.waits = {tile: tuple(options) for tile, options in waits.items()}

    def __repr__(self) -> str:
        return f"BlockSplit(runs={self.runs:#x}, triplets={self.triplets:#x}, pair={self.pair})"


def _pair_of(pair: int) -> tuple[int, ...]:
    return (pair,) if pair >= 0 else ()


def _run_wait(start: int, tile: int) -> WaitOption:
    if tile == start + 1:
        return (Wait.KANCHAN, WAIT_FU, 0, 0)
    rank = start % 9
    if (tile == start and rank == 6) or (tile == start + 2 and rank == 0):
        return (Wait.PENCHAN, WAIT_FU, 0, 0)
    return (Wait.RYANMEN, 0, 0, 0)


def _add(waits: dict[int, list[WaitOption]], tile: int, option: WaitOption) -> None:
    options = waits.setdefault(tile, [])
    if option not in options:
        options.append(option)


BlockEntry = tuple[int, tuple[BlockSplit, ...]]
"""``(status, splits)``: status 0 complete without a pair, 1 with one pair, 8 not complete."""


class BlockTable(dict[int, BlockEntry]):
    """Block key (that block's 4-bit fields) -> its status and splits, filled on demand."""

    def __init__(self, shapes: ShapeRules, block: int) -> None:
        super().__init__()
        self.shapes = shapes
        self.block = block

    def __missing__(self, key: int) -> BlockEntry:
        board = key << BLOCK_SHIFTS[self.block]
        tiles = tile_count(board)
        entry: BlockEntry = (8, ())
        if tiles % 3 != 1:
            has_pair = tiles % 3 == 2
            stand_in = -1 if has_pair else _STAND_IN_PAIR[self.block]
            probe = board if has_pair else board + (2 << (4 * stand_in))
            splits = tuple(
                BlockSplit(reading.sets, reading.pair if has_pair else -1)
                for reading in self.shapes.decompositions(probe)
                if reading.shape is Shape.REGULAR
            )
            if splits:
                entry = (1 if has_pair else 0, splits)
        self[key] = entry
        return entry


def block_tables(shapes: ShapeRules) -> tuple[BlockTable, BlockTable, BlockTable, BlockTable]:
    """Fresh memo tables for the man, pin, sou and honour blocks of one variant's shapes."""
    return (BlockTable(shapes, 0), BlockTable(shapes, 1), BlockTable(shapes, 2), BlockTable(shapes, 3))
