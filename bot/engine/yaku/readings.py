"""Readings of a complete hand, as the facts yaku read, memoised one suit block at a time.

The splitting itself is :meth:`bot.engine.shapes.ShapeRules.decompositions`'; this module asks
it once per distinct suit block (a board holding only that block, plus a stand-in pair when the
block has none) and keeps, for each way to split the block, the few numbers a reading is made
of. A whole reading is then four block splits (and the declared sets) combined: their run and
triplet masks with ``|`` and their counts with a single ``+``, because the counts are packed
into one int, 4 or 8 bits a field (see the ``*_SHIFT`` constants). A block seen once is never
split again, and no memo here is keyed by a whole hand.
"""

from __future__ import annotations

from bot.engine.shapes import Group, Shape, ShapeRules, tile_count
from bot.engine.tiles import NUM_KINDS, TERMINALS, YAOCHU
from bot.engine.yaku.base import Feature, Wait, present_features
from bot.engine.yaku.fu import WAIT_FU, triplet_fu

__all__ = [
    "BLOCK_SHIFTS",
    "CONCEALED_SHIFT",
    "KANS_SHIFT",
    "NOT_TERMINAL_SHIFT",
    "NOT_YAOCHU_SHIFT",
    "OPEN_SHIFT",
    "PAIR_SHIFT",
    "RUN_COUNT_SHIFT",
    "SET_FU_SHIFT",
    "TRIPLETS_SHIFT",
    "TRIPLET_COUNT_SHIFT",
    "TWINS_SHIFT",
    "BlockEntry",
    "BlockSplit",
    "BlockTable",
    "WaitOption",
    "block_tables",
    "honor_features",
    "meld_sums",
]

BLOCK_SHIFTS = (0, 36, 72, 108)
"""Bit offset of the man, pin, sou and honour blocks in a count board."""
_STAND_IN_PAIR = (27, 27, 27, 0)  # a pair outside the block: East for suits, 1m for honours
_ONES = sum(1 << (4 * kind) for kind in range(NUM_KINDS))

# Fields of the packed, additive "sums" of a block split or a declared set.
RUN_COUNT_SHIFT = 0
TRIPLET_COUNT_SHIFT = 4
TWINS_SHIFT = 8
SET_FU_SHIFT = 12  # 8 bits: fu of concealed triplets and of declared sets
NOT_YAOCHU_SHIFT = 20  # sets (and the pair) holding no terminal or honour
NOT_TERMINAL_SHIFT = 24  # sets (and the pair) holding no terminal
PAIR_SHIFT = 28  # 6 bits: the pair's kind + 1 (0: no pair)
CONCEALED_SHIFT = 34  # concealed triplets and kans
KANS_SHIFT = 38
OPEN_SHIFT = 42  # open melds
TRIPLETS_SHIFT = 32
"""``rt`` masks hold runs in bits 0-26 and triplets from this bit on."""

_SUIT_RUN = (int(Feature.MAN_RUN), int(Feature.PIN_RUN), int(Feature.SOU_RUN))
_SUIT_TRIPLET = (int(Feature.MAN_TRIPLET), int(Feature.PIN_TRIPLET), int(Feature.SOU_TRIPLET))
_F_TWIN_RUNS = int(Feature.TWIN_RUNS)
_F_RUN_FORCED = int(Feature.RUN_FORCED)
_F_TRIPLET_FORCED = int(Feature.TRIPLET_FORCED)

WaitOption = tuple[Wait, int, int, int]
"""``(wait, fu, ron_fu, ron_triplet)``: the wait, its fu, and on a ron the fu change and the
concealed triplet lost (a 双碰 won by ron makes its triplet an open one)."""


class BlockSplit:
    """One way to split one block into sets and at most one pair, reduced to numbers.

    ``rt`` is the run mask with the triplet mask above it (:data:`TRIPLETS_SHIFT`); ``sums``
    the packed counts; ``waits`` maps each kind in the block to how a winning tile of that
    kind may have been waited on.
    """

    __slots__ = ("pair", "rt", "runs", "sums", "triplets", "waits")

    def __init__(self, groups: tuple[Group, ...], pair: int) -> None:
        runs = triplets = inner = not_yaochu = not_terminal = fu = run_count = triplet_count = 0
        waits: dict[int, list[WaitOption]] = {}
        for kind, is_run in groups:
            if is_run:
                run_count += 1
                runs |= 1 << kind
                if kind % 9 not in (0, 6):
                    inner += 1
                for tile in (kind, kind + 1, kind + 2):
                    _add(waits, tile, _run_wait(kind, tile))
            else:
                triplet_count += 1
                triplets |= 1 << kind
                closed_fu = triplet_fu(kind, concealed=True, kan=False)
                fu += closed_fu
                not_yaochu += kind not in YAOCHU
                not_terminal += kind not in TERMINALS
                _add(waits, kind, (_SHANPON, 0, closed_fu // 2 - closed_fu, 1))
        if pair >= 0:
            not_yaochu += pair not in YAOCHU
            not_terminal += pair not in TERMINALS
            _add(waits, pair, _TANKI_WAIT)
        self.runs = runs
        self.triplets = triplets
        self.pair = pair
        self.rt = runs | triplets << TRIPLETS_SHIFT
        self.sums = (
            run_count << RUN_COUNT_SHIFT
            | triplet_count << TRIPLET_COUNT_SHIFT
            | _twin_pairs(groups) << TWINS_SHIFT
            | fu << SET_FU_SHIFT
            | (not_yaochu + inner) << NOT_YAOCHU_SHIFT
            | (not_terminal + inner) << NOT_TERMINAL_SHIFT
            | (pair + 1) << PAIR_SHIFT
            | triplet_count << CONCEALED_SHIFT
        )
        self.waits = {tile: tuple(options) for tile, options in waits.items()}

    @property
    def run_count(self) -> int:
        return self.sums >> RUN_COUNT_SHIFT & 0xF

    @property
    def triplet_count(self) -> int:
        return self.sums >> TRIPLET_COUNT_SHIFT & 0xF

    def __repr__(self) -> str:
        return f"BlockSplit(runs={self.runs:#x}, triplets={self.triplets:#x}, pair={self.pair})"


def _twin_pairs(groups: tuple[Group, ...]) -> int:
    """Pairs of identical runs (four of one run are two pairs)."""
    runs = [kind for kind, is_run in groups if is_run]
    return sum(runs.count(kind) // 2 for kind in set(runs))


_SHANPON = Wait.SHANPON
_TANKI_WAIT: WaitOption = (Wait.TANKI, WAIT_FU, 0, 0)
_RYANMEN_WAIT: WaitOption = (Wait.RYANMEN, 0, 0, 0)
_KANCHAN_WAIT: WaitOption = (Wait.KANCHAN, WAIT_FU, 0, 0)
_PENCHAN_WAIT: WaitOption = (Wait.PENCHAN, WAIT_FU, 0, 0)


def _run_wait(start: int, tile: int) -> WaitOption:
    if tile == start + 1:
        return _KANCHAN_WAIT
    rank = start % 9
    if (tile == start and rank == 6) or (tile == start + 2 and rank == 0):
        return _PENCHAN_WAIT
    return _RYANMEN_WAIT


def _add(waits: dict[int, list[WaitOption]], tile: int, option: WaitOption) -> None:
    options = waits.setdefault(tile, [])
    if option not in options:
        options.append(option)


def meld_sums(kind: int, *, run: bool, kan: bool, is_open: bool) -> int:
    """The packed sums of one declared set."""
    if run:
        inner = int(kind % 9 not in (0, 6))
        sums = 1 << RUN_COUNT_SHIFT | inner << NOT_YAOCHU_SHIFT | inner << NOT_TERMINAL_SHIFT
    else:
        sums = (
            1 << TRIPLET_COUNT_SHIFT
            | triplet_fu(kind, concealed=not is_open, kan=kan) << SET_FU_SHIFT
            | int(kind not in YAOCHU) << NOT_YAOCHU_SHIFT
            | int(kind not in TERMINALS) << NOT_TERMINAL_SHIFT
            | int(kan) << KANS_SHIFT
            | int(not is_open) << CONCEALED_SHIFT
        )
    return sums | int(is_open) << OPEN_SHIFT


BlockEntry = tuple[int, tuple[BlockSplit, ...], int, int]
"""``(counts, splits, features, honor_features)``.

``counts`` is additive: the status in bits 0-7 (0 complete without a pair, 1 with one pair, 8
not complete; four blocks sum to 1 exactly when the hand is complete) and the most concealed
triplets any split holds from bit 8. ``features`` are the block's
:class:`~bot.engine.yaku.base.Feature` flags (its tiles', and what its splits may or must
hold); ``honor_features`` those of its honour triplets and pair (:func:`honor_features`).
"""


def honor_features(triplets: int, pair: int) -> int:
    """Feature flags of honour triplets (a compact mask, bit k for kind k) and the pair's kind."""
    features = Feature(0)
    for kind, flag in ((31, Feature.WHITE_TRIPLET), (32, Feature.GREEN_TRIPLET), (33, Feature.RED_TRIPLET)):
        if triplets >> kind & 1:
            features |= flag
    dragons = (triplets >> 31 & 0b111).bit_count()
    winds = (triplets >> 27 & 0b1111).bit_count()
    features |= {2: Feature.DRAGON_TRIPLETS2, 3: Feature.DRAGON_TRIPLETS3}.get(dragons, Feature(0))
    features |= {3: Feature.WIND_TRIPLETS3, 4: Feature.WIND_TRIPLETS4}.get(winds, Feature(0))
    if 31 <= pair <= 33:
        features |= Feature.DRAGON_PAIR
    elif 27 <= pair <= 30:
        features |= Feature.WIND_PAIR
    return int(features)


class BlockTable(dict[int, BlockEntry]):
    """Block key (that block's 4-bit fields) -> its :data:`BlockEntry`, filled on demand."""

    def __init__(self, shapes: ShapeRules, block: int) -> None:
        super().__init__()
        self.shapes = shapes
        self.block = block

    def __missing__(self, key: int) -> BlockEntry:
        board = key << BLOCK_SHIFTS[self.block]
        tiles = tile_count(board)
        present = (board | board >> 1 | board >> 2 | board >> 3) & _ONES
        features = int(present_features(present))
        entry: BlockEntry = (8, (), features, 0)
        if tiles % 3 != 1:
            has_pair = tiles % 3 == 2
            probe = board if has_pair else board + (2 << (4 * _STAND_IN_PAIR[self.block]))
            splits = tuple(
                BlockSplit(reading.sets, reading.pair if has_pair else -1)
                for reading in self.shapes.decompositions(probe)
                if reading.shape is Shape.REGULAR
            )
            if splits:
                features |= self._split_features(splits)
                concealed = max(split.triplet_count for split in splits)
                # Honours form no runs, so an honour block splits one way only.
                honors = honor_features(splits[0].triplets, splits[0].pair) if self.block == 3 else 0
                entry = ((1 if has_pair else 0) | concealed << 8, splits, features, honors)
        self[key] = entry
        return entry

    def _split_features(self, splits: tuple[BlockSplit, ...]) -> int:
        features = 0
        if self.block < 3:
            if any(split.runs for split in splits):
                features |= _SUIT_RUN[self.block]
            if any(split.triplets for split in splits):
                features |= _SUIT_TRIPLET[self.block]
        if any(split.sums >> TWINS_SHIFT & 0xF for split in splits):
            features |= _F_TWIN_RUNS
        if all(split.runs for split in splits):
            features |= _F_RUN_FORCED
        if all(split.triplets for split in splits):
            features |= _F_TRIPLET_FORCED
        return features


def block_tables(shapes: ShapeRules) -> tuple[BlockTable, BlockTable, BlockTable, BlockTable]:
    """Fresh memo tables for the man, pin, sou and honour blocks of one variant's shapes."""
    return (BlockTable(shapes, 0), BlockTable(shapes, 1), BlockTable(shapes, 2), BlockTable(shapes, 3))
