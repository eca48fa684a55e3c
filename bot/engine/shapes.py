"""Hand analysis for every variant: shanten, agari, decompositions, waits and ukeire.

A hand is a *count board*: one int holding 4 bits per tile kind (kind ``k`` at bits ``4k..4k+3``),
the way python-chess keeps a bitboard. Adding a tile is ``hand + (1 << 4 * k)``; a whole suit is
one shift and one mask, which is what makes the table look-ups cheap.

Shanten uses the table-DP method (tomohxx; Nyanten): for each suit the 9 counts index a table
of distance vectors, ``vector[pair * 5 + sets]`` = the fewest tiles to add so that suit holds
``sets`` sets and ``pair`` pairs without any kind exceeding its copy limit. Vectors are combined
suit by suit with a min-plus product. Every vector is interned to a small id, so combining two
suits is one dictionary look-up once warm. The standard 4-copy suit table is generated ahead
of time (``python -m bot.engine.tablegen``) and shipped in ``bot/engine/data``; other copy
limits (8 copies, missing suits, 5th-tile waits) fill their tables on demand.

>>> from bot.engine.tiles import format_kinds
>>> rules = STANDARD
>>> rules.shanten(hand("123m456p789s1122z"))
0
>>> format_kinds(rules.waits(hand("123m456p789s1122z")))
'12z'
"""

from __future__ import annotations

import enum
import functools
import itertools
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import NamedTuple

from bot.engine.tiles import NUM_KINDS, YAOCHU, parse_kinds

__all__ = [
    "CHINITSU_KOKUSHI",
    "FIVE_PAIRS_AND_A_HALF",
    "INAGE_KOKUSHI",
    "SEVEN_PAIRS",
    "SEVEN_PAIRS_REPEATED",
    "STANDARD",
    "THIRTEEN_ORPHANS",
    "Decomposition",
    "Group",
    "KokushiForm",
    "PairsForm",
    "Shape",
    "ShapeRules",
    "add_tile",
    "count_of",
    "hand",
    "pack",
    "pack_counts",
    "remove_tile",
    "tile_count",
    "unpack",
]

BITS = 4
FIELD_MASK = 0xF
ONE_PER_KIND = sum(1 << (BITS * kind) for kind in range(NUM_KINDS))
SUIT_MASK = (1 << (BITS * 9)) - 1
HONOR_MASK = (1 << (BITS * 7)) - 1
HONOR_SHIFT = BITS * 27
FLOWER_SHIFT = BITS * 34
MAX_SETS = 4
INFINITE = 64


# --- count boards -------------------------------------------------------------------------


def pack(kinds: Iterable[int]) -> int:
    """Build a count board from kinds (``[0, 0, 27]`` -> two 1m and an East)."""
    board = 0
    for kind in kinds:
        board += 1 << (BITS * kind)
    return board


def pack_counts(counts: Sequence[int]) -> int:
    """Build a count board from a list of counts indexed by kind (34 or 38 long)."""
    board = 0
    for kind, count in enumerate(counts):
        if count:
            if not 0 <= count <= FIELD_MASK:
                raise ValueError(f"{count} copies of kind {kind} do not fit a count board")
            board |= count << (BITS * kind)
    return board


def unpack(board: int) -> list[int]:
    """Return the counts of every kind (length :data:`~bot.engine.tiles.NUM_KINDS`)."""
    return [(board >> (BITS * kind)) & FIELD_MASK for kind in range(NUM_KINDS)]


def hand(text: str) -> int:
    """Parse mpsz notation straight into a count board (red/gold/back attributes dropped)."""
    return pack(parse_kinds(text))


def count_of(board: int, kind: int) -> int:
    """How many tiles of ``kind`` the board holds."""
    return (board >> (BITS * kind)) & FIELD_MASK


def add_tile(board: int, kind: int) -> int:
    """Return the board with one more tile of ``kind``."""
    return board + (1 << (BITS * kind))


def remove_tile(board: int, kind: int) -> int:
    """Return the board with one tile of ``kind`` fewer; raises if there is none."""
    if not (board >> (BITS * kind)) & FIELD_MASK:
        raise ValueError(f"no tile of kind {kind} to remove")
    return board - (1 << (BITS * kind))


def tile_count(board: int) -> int:
    """Total number of tiles on the board."""
    # Fold 4-bit fields into 8-bit ones so the multiply below cannot overflow a field.
    bytes_ = (board & _EVEN_NIBBLES) + ((board >> 4) & _EVEN_NIBBLES)
    return ((bytes_ * _BYTE_ONES) >> (8 * (_BYTE_FIELDS - 1))) & 0xFF


_BYTE_FIELDS = (NUM_KINDS + 1) // 2
_EVEN_NIBBLES = sum(0xF << (8 * i) for i in range(_BYTE_FIELDS))
_BYTE_ONES = sum(1 << (8 * i) for i in range(_BYTE_FIELDS))


def _mask_of(kinds: Iterable[int]) -> int:
    """One bit (the low bit of its field) per kind."""
    return sum(1 << (BITS * kind) for kind in set(kinds))


def _present(board: int) -> int:
    """Low bit of each field set where the count is at least 1."""
    return (board | (board >> 1) | (board >> 2) | (board >> 3)) & ONE_PER_KIND


def _at_least_two(board: int) -> int:
    """Low bit of each field set where the count is at least 2."""
    return ((board >> 1) | (board >> 2) | (board >> 3)) & ONE_PER_KIND


def _field_sum(board: int, mask: int) -> int:
    """Sum of the fields selected by ``mask`` (one low bit per selected field)."""
    return (
        (board & mask).bit_count()
        + 2 * ((board >> 1) & mask).bit_count()
        + 4 * ((board >> 2) & mask).bit_count()
        + 8 * ((board >> 3) & mask).bit_count()
    )


# --- distance vectors ------------------------------------------------------------------------
#
# A vector is 10 costs (index pair * 5 + sets) followed by the block's tile count. Counting the
# tiles inside the vector lets the combined vector say how many sets the whole hand needs, so a
# shanten call never has to count tiles separately. Vectors are interned to ids.

_vectors: list[tuple[int, ...]] = []
_vector_ids: dict[tuple[int, ...], int] = {}
# Per vector id: the shanten of a whole hand with that vector; the tile count; and the block
# status (0 complete without a pair, 1 complete with one pair, 8 not complete), which is exact
# whenever no count exceeds the table's copy limit.
_regular_shanten: list[int] = []
_tile_counts: list[int] = []
_status: list[int] = []
ID_SHIFT = 20


def _intern(vector: tuple[int, ...]) -> int:
    vector_id = _vector_ids.get(vector)
    if vector_id is None:
        vector_id = len(_vectors)
        _vectors.append(vector)
        _vector_ids[vector] = vector_id
        tiles = vector[10]
        sets = min(tiles // 3, MAX_SETS)
        _regular_shanten.append(vector[5 + sets] - 1)
        _tile_counts.append(tiles)
        if tiles > 3 * MAX_SETS + 2:
            _status.append(8)
        elif tiles % 3 == 0 and vector[tiles // 3] == 0:
            _status.append(0)
        elif tiles % 3 == 2 and vector[5 + tiles // 3] == 0:
            _status.append(1)
        else:
            _status.append(8)
    return vector_id


class _MergeTable(dict[int, int]):
    """Min-plus product of two interned vectors, keyed by ``left << ID_SHIFT | right``."""

    def __missing__(self, key: int) -> int:
        left = _vectors[key >> ID_SHIFT]
        right = _vectors[key & ((1 << ID_SHIFT) - 1)]
        out = [INFINITE] * 10
        for s1 in range(MAX_SETS + 1):
            l0 = left[s1]
            l1 = left[5 + s1]
            for s2 in range(MAX_SETS + 1 - s1):
                r0 = right[s2]
                r1 = right[5 + s2]
                total = l0 + r0
                if total < out[s1 + s2]:
                    out[s1 + s2] = total
                total = min(l1 + r0, l0 + r1)
                if total < out[5 + s1 + s2]:
                    out[5 + s1 + s2] = total
        merged = (*(min(cost, INFINITE) for cost in out), left[10] + right[10])
        vector_id = _intern(merged)
        self[key] = vector_id
        return vector_id


_merge = _MergeTable()


_State = tuple[int, int, int, int]  # sets, pair, runs opened one rank back, two ranks back


def advance(states: dict[_State, int], held: int, cap: int, *, may_open_runs: bool) -> dict[_State, int]:
    """One rank of the block DP: open runs, triplets and at most one pair at this rank.

    Each state carries (sets, pair, runs started one rank back, runs started two ranks back)
    with the fewest tiles added so far; a rank never asks for more than ``cap`` copies.
    """
    next_states: dict[_State, int] = {}
    for (sets, pair, open1, open2), cost in states.items():
        carried = open1 + open2
        if carried > cap:
            continue
        most_runs = MAX_SETS - sets if may_open_runs else 0
        for new_runs in range(most_runs + 1):
            with_runs = carried + new_runs
            if with_runs > cap:
                break
            for triplets in range((cap - with_runs) // 3 + 1):
                if sets + new_runs + triplets > MAX_SETS:
                    break
                for new_pair in (0, 1) if pair == 0 else (0,):
                    need = with_runs + 3 * triplets + 2 * new_pair
                    if need > cap:
                        break
                    total = cost + (need - held if need > held else 0)
                    key = (sets + new_runs + triplets, pair + new_pair, new_runs, open1)
                    if total < next_states.get(key, INFINITE):
                        next_states[key] = total
    return next_states


def finish(states: dict[_State, int]) -> tuple[int, ...]:
    """The 10 costs of a block once every rank is processed (no run left half-open)."""
    vector = [INFINITE] * 10
    for (sets, pair, open1, open2), cost in states.items():
        if open1 == 0 and open2 == 0 and cost < vector[pair * 5 + sets]:
            vector[pair * 5 + sets] = cost
    return tuple(vector)


START: dict[_State, int] = {(0, 0, 0, 0): 0}


def block_vector(counts: Sequence[int], caps: Sequence[int], *, runs: bool) -> tuple[int, ...]:
    """Distance vector of one block (a number suit with ``runs``, or the honours without)."""
    states = START
    size = len(counts)
    for rank in range(size):
        states = advance(states, counts[rank], caps[rank], may_open_runs=runs and rank <= size - 3)
    return (*finish(states), sum(counts))


PREFIX_STATES_KEPT = 30_000
"""How many partial DP states a block table keeps (a few KB each) before it starts afresh."""


class _BlockTable(dict[int, int]):
    """Block key (the block's 4-bit fields) -> vector id, filled on demand.

    Blocks with no shipped table (8 copies a kind: チンイツゲーム) are computed as the hands come.
    The hands a game asks about differ from each other in a rank or two (a discard, a draw, each
    tile of an ukeire count), so the DP states after each prefix of ranks are kept and shared:
    measured on CPU games' own blocks, about 2.7× faster than starting every block from rank 0.
    """

    def __init__(self, caps: tuple[int, ...], runs: bool) -> None:
        super().__init__()
        self.caps = caps
        self.runs = runs
        self._prefixes: dict[tuple[int, int], dict[_State, int]] = {}

    def __missing__(self, key: int) -> int:
        size = len(self.caps)
        if len(self._prefixes) > PREFIX_STATES_KEPT:
            self._prefixes.clear()
        states = START
        for rank in range(size):
            prefix = (rank, key & ((1 << (BITS * (rank + 1))) - 1))
            known = self._prefixes.get(prefix)
            if known is None:
                held = (key >> (BITS * rank)) & FIELD_MASK
                known = advance(states, held, self.caps[rank], may_open_runs=self.runs and rank <= size - 3)
                if rank < size - 1:
                    self._prefixes[prefix] = known
            states = known
        tiles = sum((key >> (BITS * rank)) & FIELD_MASK for rank in range(size))
        vector_id = _intern((*finish(states), tiles))
        self[key] = vector_id
        return vector_id


_block_tables: dict[tuple[tuple[int, ...], bool], _BlockTable] = {}

STANDARD_SUIT_CAPS = (4,) * 9
SUIT_TABLE_FILE = "suit4.bin"


def _block_table(caps: tuple[int, ...], runs: bool) -> _BlockTable:
    table = _block_tables.get((caps, runs))
    if table is None:
        table = _BlockTable(caps, runs)
        if runs and caps == STANDARD_SUIT_CAPS:
            _load_standard_suit_table(table)
        _block_tables[(caps, runs)] = table
    return table


def standard_suit_keys() -> Iterator[tuple[int, int]]:
    """Every 4-copy suit block with at most 14 tiles, in the shipped table's order.

    Yields ``(key, tiles)``: the block's count-board key and its tile count.
    """

    def walk(rank: int, key: int, tiles: int) -> Iterator[tuple[int, int]]:
        if rank == 9:
            yield key, tiles
            return
        for count in range(min(4, 14 - tiles) + 1):
            yield from walk(rank + 1, key | (count << (BITS * rank)), tiles + count)

    return walk(0, 0, 0)


def _load_standard_suit_table(table: _BlockTable) -> None:
    """Fill the 4-copy suit table from the shipped file (silently lazy if it is missing)."""
    try:
        packed = resources.files("bot.engine.data").joinpath(SUIT_TABLE_FILE).read_bytes()
    except (FileNotFoundError, ModuleNotFoundError):
        return
    data = zlib.decompress(packed)
    distinct = data[0] | (data[1] << 8)
    costs = [tuple(data[2 + 10 * i : 12 + 10 * i]) for i in range(distinct)]
    indices = memoryview(data)[2 + 10 * distinct :]
    interned: dict[tuple[int, int], int] = {}
    for (key, tiles), index in zip(standard_suit_keys(), indices, strict=True):
        vector_id = interned.get((index, tiles))
        if vector_id is None:
            vector_id = interned[(index, tiles)] = _intern((*costs[index], tiles))
        table[key] = vector_id
        # With at most 4 copies "complete" reads straight off the vector, so the shape
        # tables never need to split a standard block.
        _SUIT_STATUS[key] = _status[vector_id]


# --- complete blocks, decompositions and waits ----------------------------------------------


class Group(NamedTuple):
    """A set inside a decomposition: a run ``kind, kind+1, kind+2`` or a triplet of ``kind``."""

    kind: int
    is_run: bool

    def kinds(self) -> tuple[int, int, int]:
        """The three kinds of the set."""
        if self.is_run:
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind, self.kind, self.kind)


# A block split: (groups, pair kind or -1), with kinds already absolute.
_BlockSplit = tuple[tuple[Group, ...], int]


def _split_block(counts: list[int], offset: int, runs: bool) -> list[_BlockSplit]:
    """Every way to use all tiles of a block as sets plus at most one pair."""
    results: list[_BlockSplit] = []

    def walk(rank: int, groups: list[Group], pair: int) -> None:
        while rank < len(counts) and counts[rank] == 0:
            rank += 1
        if rank == len(counts):
            results.append((tuple(groups), pair))
            return
        if pair < 0 and counts[rank] >= 2:
            counts[rank] -= 2
            walk(rank, groups, offset + rank)
            counts[rank] += 2
        if counts[rank] >= 3:
            counts[rank] -= 3
            groups.append(Group(offset + rank, False))
            walk(rank, groups, pair)
            groups.pop()
            counts[rank] += 3
        if runs and rank + 2 < len(counts) and counts[rank + 1] and counts[rank + 2]:
            for step in range(3):
                counts[rank + step] -= 1
            groups.append(Group(offset + rank, True))
            walk(rank, groups, pair)
            groups.pop()
            for step in range(3):
                counts[rank + step] += 1

    walk(0, [], -1)
    return sorted(set(results))


class _SplitTable(dict[int, tuple[_BlockSplit, ...]]):
    """Block key -> every complete split of it (empty when it cannot be completed)."""

    def __init__(self, offset: int, size: int, runs: bool) -> None:
        super().__init__()
        self.offset = offset
        self.size = size
        self.runs = runs

    def __missing__(self, key: int) -> tuple[_BlockSplit, ...]:
        counts = [(key >> (BITS * i)) & FIELD_MASK for i in range(self.size)]
        splits = tuple(_split_block(counts, self.offset, self.runs))
        self[key] = splits
        return splits


class _StatusTable(dict[int, int]):
    """Block key -> 0 complete without a pair, 1 complete with one pair, 8 not complete.

    Summing the four blocks' statuses gives exactly 1 only for a complete hand.
    """

    def __init__(self, splits: _SplitTable) -> None:
        super().__init__()
        self.splits = splits

    def __missing__(self, key: int) -> int:
        splits = self.splits[key]
        # All splits of one block agree on having a pair: it follows from the tile count.
        status = (1 if splits[0][1] >= 0 else 0) if splits else 8
        self[key] = status
        return status


_SUIT_SPLITS = (_SplitTable(0, 9, True), _SplitTable(9, 9, True), _SplitTable(18, 9, True))
_HONOR_SPLITS = _SplitTable(27, 7, False)
# Completeness does not depend on which suit a block is, so one table serves all three.
_SUIT_STATUS = _StatusTable(_SUIT_SPLITS[0])


class _HonorStatusTable(dict[int, int]):
    """Honours form no runs: each count must be triplets, plus one pair in at most one kind."""

    def __missing__(self, key: int) -> int:
        remainders = [((key >> (BITS * i)) & FIELD_MASK) % 3 for i in range(7)]
        pairs = remainders.count(2)
        status = pairs if 1 not in remainders and pairs <= 1 else 8
        self[key] = status
        return status


_HONOR_STATUS = _HonorStatusTable()


class _WaitTable(dict[int, tuple[int, int]]):
    """Block key -> (ranks that complete it without a pair, ranks that complete it with one)."""

    def __init__(self, size: int, status: dict[int, int]) -> None:
        super().__init__()
        self.size = size
        self.status = status

    def __missing__(self, key: int) -> tuple[int, int]:
        without_pair = with_pair = 0
        for rank in range(self.size):
            if (key >> (BITS * rank)) & FIELD_MASK == FIELD_MASK:
                continue
            status = self.status[key + (1 << (BITS * rank))]
            if status == 0:
                without_pair |= 1 << rank
            elif status == 1:
                with_pair |= 1 << rank
        self[key] = (without_pair, with_pair)
        return without_pair, with_pair


_SUIT_WAITS = _WaitTable(9, _SUIT_STATUS)
_HONOR_WAITS = _WaitTable(7, _HONOR_STATUS)


# --- the other winning shapes ------------------------------------------------------------------


@dataclass(frozen=True)
class PairsForm:
    """A pairs shape: ``pairs`` pairs plus ``singles`` lone tiles (closed hands only).

    With ``repeats`` one kind may supply several pairs (four of a kind as two pairs in 5等's
    アメリカ七対子, up to four pairs of one kind in チンイツゲーム's 8-copy 七対子); without,
    every pair is a different kind, as in the usual 七対子 and いなげ's 五対子半.

    ``doubled`` narrows ``repeats``: no kind gives more than two pairs, and at most ``doubled``
    kinds give two (チンイツゲーム with 「8枚使い」 off: two kinds used four times at most).
    """

    name: str
    pairs: int
    singles: int = 0
    repeats: bool = False
    doubled: int | None = None

    def __post_init__(self) -> None:
        if self.doubled is not None and (not self.repeats or self.singles or self.doubled < 0):
            # The capped count below knows pairs only: lone tiles would need their own slots.
            raise ValueError("doubled caps a repeats form of pairs only, with a count of 0 or more")

    @property
    def size(self) -> int:
        """Tiles in the complete shape."""
        return 2 * self.pairs + self.singles


@dataclass(frozen=True)
class KokushiForm:
    """A thirteen-orphans shape: ``size`` terminal/honour tiles with at least ``distinct`` kinds.

    The standard form is 14 tiles of all 13 kinds; いなげ's is 11 tiles with exactly one pair
    (10 kinds); チンイツゲーム's is 14 tiles containing all 11 kinds its set has.
    """

    name: str
    size: int
    distinct: int


SEVEN_PAIRS = PairsForm("七対子", pairs=7)
SEVEN_PAIRS_REPEATED = PairsForm("七対子", pairs=7, repeats=True)
FIVE_PAIRS_AND_A_HALF = PairsForm("五対子半", pairs=5, singles=1)
THIRTEEN_ORPHANS = KokushiForm("国士無双", size=14, distinct=13)
INAGE_KOKUSHI = KokushiForm("国士無双", size=11, distinct=10)
CHINITSU_KOKUSHI = KokushiForm("国士無双", size=14, distinct=11)


class Shape(enum.Enum):
    """Which winning shape a decomposition is."""

    REGULAR = "regular"
    """Sets and a pair."""
    PAIRS = "pairs"
    """七対子 or 五対子半."""
    KOKUSHI = "kokushi"
    """Thirteen orphans in the variant's form."""


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One way to read a complete concealed hand.

    ``sets`` and ``pair`` for the regular shape; ``pairs`` (a kind repeated when it supplies two
    pairs) and ``singles`` for a pairs shape; ``singles`` holds every tile of a kokushi shape.
    """

    shape: Shape
    sets: tuple[Group, ...] = ()
    pair: int = -1
    pairs: tuple[int, ...] = ()
    singles: tuple[int, ...] = ()


# --- the rules of one variant ------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ShapeRules:
    """What counts as a winning shape in one variant, and how many copies each kind has.

    ``limits`` is indexed by kind; 0 means the kind is not in the set (二色麻雀's manzu,
    sanma's 2m-8m) and 8 is チンイツゲーム's active suit.
    """

    limits: tuple[int, ...] = (4,) * 34 + (0,) * 4
    pairs: PairsForm | None = SEVEN_PAIRS
    kokushi: KokushiForm | None = THIRTEEN_ORPHANS
    _tables: tuple[_BlockTable, ...] = field(init=False, repr=False)
    _yaochu_mask: int = field(init=False, repr=False)
    _upgradable_mask: int = field(init=False, repr=False)
    _quad_mask: int = field(init=False, repr=False)
    _available: tuple[int, ...] = field(init=False, repr=False)
    _pairs_min_tiles: int = field(init=False, repr=False)
    _kokushi_min_tiles: int = field(init=False, repr=False)
    _simple_closed_forms: bool = field(init=False, repr=False)
    _non_yaochu_fields: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        limits = tuple(self.limits) + (0,) * (NUM_KINDS - len(self.limits))
        object.__setattr__(self, "limits", limits)
        tables = (
            *(_block_table(limits[start : start + 9], True) for start in (0, 9, 18)),
            _block_table(limits[27:34], False),
        )
        object.__setattr__(self, "_tables", tables)
        available = tuple(kind for kind in range(NUM_KINDS) if limits[kind] > 0)
        object.__setattr__(self, "_available", available)
        object.__setattr__(self, "_yaochu_mask", _mask_of(k for k in available if k in YAOCHU))
        object.__setattr__(self, "_upgradable_mask", _mask_of(k for k in available if limits[k] >= 2))
        object.__setattr__(self, "_quad_mask", _mask_of(k for k in available if limits[k] >= 4))
        object.__setattr__(self, "_pairs_min_tiles", self.pairs.size - 1 if self.pairs else INFINITE)
        # The fused fast path in shanten() is exact only for the standard forms over a set
        # whose every kind has at least two copies and whose yaochu are all 13 kinds.
        simple = (
            self.pairs == SEVEN_PAIRS
            and self.kokushi == THIRTEEN_ORPHANS
            and all(limits[kind] >= 2 for kind in available)
            and all(limits[kind] > 0 for kind in YAOCHU)
        )
        object.__setattr__(self, "_simple_closed_forms", simple)
        non_yaochu = sum(FIELD_MASK << (BITS * kind) for kind in range(NUM_KINDS) if kind not in YAOCHU)
        object.__setattr__(self, "_non_yaochu_fields", non_yaochu)
        object.__setattr__(self, "_kokushi_min_tiles", self.kokushi.size - 1 if self.kokushi else INFINITE)

    # shanten ---------------------------------------------------------------------------------

    def _regular_vector(self, board: int) -> int:
        """Interned vector id of the whole hand (flowers held in hand count as dead tiles)."""
        man, pin, sou, honors = self._tables
        vector_id = _merge[
            _merge[
                _merge[(man[board & SUIT_MASK] << ID_SHIFT) | pin[(board >> 36) & SUIT_MASK]] << ID_SHIFT
                | sou[(board >> 72) & SUIT_MASK]
            ]
            << ID_SHIFT
            | honors[(board >> HONOR_SHIFT) & HONOR_MASK]
        ]
        flowers = board >> FLOWER_SHIFT
        if flowers:
            vector_id = _merge[(vector_id << ID_SHIFT) | _flower_vector(tile_count(flowers))]
        return vector_id

    def regular_shanten(self, board: int) -> int:
        """Shanten for sets and a pair; the number of sets follows from the tile count."""
        return _regular_shanten[self._regular_vector(board)]

    def pairs_shanten(self, board: int) -> int:
        """Shanten for the pairs shape, or a large number when the table has none."""
        form = self.pairs
        if form is None:
            return INFINITE
        shifted1 = board >> 1
        shifted2 = board >> 2
        shifted3 = board >> 3
        if form.doubled is not None:
            return self._doubled_pairs_shanten(board, form.pairs, form.doubled)
        if form.repeats:
            # A kind may supply several pairs, so count pair units and leftover odd tiles.
            units = (
                (shifted1 & ONE_PER_KIND).bit_count()
                + 2 * (shifted2 & ONE_PER_KIND).bit_count()
                + 4 * (shifted3 & ONE_PER_KIND).bit_count()
            )
            used = min(units, form.pairs)
            odd = (board & self._upgradable_mask).bit_count()
            return 2 * (form.pairs - used) + form.singles - min(odd, form.pairs - used) - 1
        two_or_more = (shifted1 | shifted2 | shifted3) & ONE_PER_KIND
        present = (board & ONE_PER_KIND) | two_or_more
        used = min((two_or_more & self._upgradable_mask).bit_count(), form.pairs)
        others = present.bit_count() - used
        missing_pairs = form.pairs - used
        if missing_pairs:
            upgradable = (present & ~two_or_more & self._upgradable_mask).bit_count()
            saved = min(others, form.singles + min(upgradable, missing_pairs))
        else:
            saved = min(others, form.singles)
        return 2 * missing_pairs + form.singles - saved - 1

    def _doubled_pairs_shanten(self, board: int, pairs: int, doubled: int) -> int:
        """Pairs shanten when a kind gives one pair, or two for at most ``doubled`` kinds.

        Each kind offers a first pair slot, costing the tiles it lacks of 2, and a second one,
        costing what it lacks of 4 (at most 2); the cheapest ``pairs`` slots win, taking no
        more than ``doubled`` second slots. A kind's first slot never costs more than its
        second, so the cheapest choice never takes a second slot without its first.
        """
        two_or_more = ((board >> 1) | (board >> 2) | (board >> 3)) & ONE_PER_KIND
        four_or_more = ((board >> 2) | (board >> 3)) & ONE_PER_KIND
        pairable = self._upgradable_mask
        quads = self._quad_mask
        free_pairs = (two_or_more & pairable).bit_count()
        one_short = (board & ~two_or_more & pairable).bit_count()  # a lone tile
        three = (board & two_or_more & ~four_or_more & quads).bit_count()  # exactly 3
        free_seconds = min(doubled, (four_or_more & quads).bit_count())
        cheap_seconds = min(doubled - free_seconds, three)
        slots = pairable.bit_count() + min(doubled, quads.bit_count())
        if slots < pairs:
            return INFINITE
        free = min(pairs, free_pairs + free_seconds)
        cheap = min(pairs - free, one_short + cheap_seconds)
        return cheap + 2 * (pairs - free - cheap) - 1

    def kokushi_shanten(self, board: int) -> int:
        """Shanten for the thirteen-orphans shape, or a large number when the table has none."""
        form = self.kokushi
        if form is None:
            return INFINITE
        mask = self._yaochu_mask
        kinds = (_present(board) & mask).bit_count()
        if kinds <= form.distinct:
            duplicates = _field_sum(board, mask) - kinds
        else:
            # More kinds than the shape keeps: keep the ones with the most spare copies.
            spare = sorted((count_of(board, kind) - 1 for kind in YAOCHU if count_of(board, kind)), reverse=True)
            duplicates = sum(spare[: form.distinct])
            kinds = form.distinct
        return form.size - kinds - min(duplicates, form.size - form.distinct) - 1

    def shanten(self, board: int) -> int:
        """The smallest shanten over every shape the variant allows (-1 means complete).

        Pairs and kokushi shapes are only considered for a closed hand of their size.
        """
        vector_id = self._regular_vector(board)
        best = _regular_shanten[vector_id]
        if best == -1:
            return best
        tiles = _tile_counts[vector_id]
        if self._simple_closed_forms and tiles >= 13:
            # Standard 七対子 and 国士無双, fused: both read the same "held" and "pair" bits.
            two_or_more = ((board >> 1) | (board >> 2) | (board >> 3)) & ONE_PER_KIND
            present = (board & ONE_PER_KIND) | two_or_more
            kinds = present.bit_count()
            pairs = two_or_more.bit_count()
            seven_pairs = 6 - pairs + (7 - kinds if kinds < 7 else 0)
            yaochu = self._yaochu_mask
            orphans = 13 - (present & yaochu).bit_count() - (1 if two_or_more & yaochu else 0)
            return min(best, seven_pairs, orphans)
        if self._pairs_min_tiles <= tiles:
            pairs_shanten = self.pairs_shanten(board)
            if pairs_shanten < best:
                best = pairs_shanten
        if self._kokushi_min_tiles <= tiles:
            kokushi = self.kokushi_shanten(board)
            if kokushi < best:
                best = kokushi
        return best

    # complete hands ----------------------------------------------------------------------------

    def is_regular_agari(self, board: int) -> bool:
        """Sets and exactly one pair, every tile used, no flower in hand."""
        status = _SUIT_STATUS
        return (
            status[board & SUIT_MASK]
            + status[(board >> 36) & SUIT_MASK]
            + status[(board >> 72) & SUIT_MASK]
            + _HONOR_STATUS[(board >> HONOR_SHIFT) & HONOR_MASK]
            == 1
            and not board >> FLOWER_SHIFT
        )

    def is_agari(self, board: int) -> bool:
        """Whether the concealed tiles form any winning shape of the variant."""
        status = _SUIT_STATUS
        if (
            status[board & SUIT_MASK]
            + status[(board >> 36) & SUIT_MASK]
            + status[(board >> 72) & SUIT_MASK]
            + _HONOR_STATUS[(board >> HONOR_SHIFT) & HONOR_MASK]
            == 1
            and not board >> FLOWER_SHIFT
        ):
            return True
        if self._simple_closed_forms:
            # Cheap necessary conditions first: 七対子 has no odd count, 国士 no non-yaochu tile.
            if not board & ONE_PER_KIND:
                return not (board >> 2) & ONE_PER_KIND and (board >> 1).bit_count() == 7
            if not board & self._non_yaochu_fields:
                return self.kokushi_shanten(board) == -1
            return False
        if self.pairs is None and self.kokushi is None:
            return False
        tiles = tile_count(board)
        if self.pairs is not None and tiles == self.pairs.size and self.pairs_shanten(board) == -1:
            return True
        return self.kokushi is not None and tiles == self.kokushi.size and self.kokushi_shanten(board) == -1

    def decompositions(self, board: int) -> list[Decomposition]:
        """Every reading of a complete concealed hand (empty when it is not complete)."""
        readings: list[Decomposition] = []
        if self.is_regular_agari(board):
            per_block = [
                _SUIT_SPLITS[0][board & SUIT_MASK],
                _SUIT_SPLITS[1][(board >> 36) & SUIT_MASK],
                _SUIT_SPLITS[2][(board >> 72) & SUIT_MASK],
                _HONOR_SPLITS[(board >> HONOR_SHIFT) & HONOR_MASK],
            ]
            for combination in itertools.product(*per_block):
                sets = tuple(group for groups, _ in combination for group in groups)
                pair = max(pair for _, pair in combination)
                readings.append(Decomposition(Shape.REGULAR, sets=sets, pair=pair))
        tiles = tile_count(board)
        form = self.pairs
        if form is not None and tiles == form.size and self.pairs_shanten(board) == -1:
            readings.append(self._pairs_reading(board))
        kokushi = self.kokushi
        if kokushi is not None and tiles == kokushi.size and self.kokushi_shanten(board) == -1:
            kinds = tuple(kind for kind in range(NUM_KINDS) for _ in range(count_of(board, kind)))
            readings.append(Decomposition(Shape.KOKUSHI, singles=kinds))
        return readings

    @staticmethod
    def _pairs_reading(board: int) -> Decomposition:
        pairs: list[int] = []
        singles: list[int] = []
        for kind in range(NUM_KINDS):
            count = count_of(board, kind)
            pairs += [kind] * (count // 2)
            if count % 2:
                singles.append(kind)
        return Decomposition(Shape.PAIRS, pairs=tuple(pairs), singles=tuple(singles))

    # waits and ukeire ----------------------------------------------------------------------------

    def waits(self, board: int, *, formal: bool = True) -> list[int]:
        """Kinds that complete a hand one tile short, in kind order.

        ``formal`` (the default) keeps a wait on a kind the hand already holds every copy of:
        いなげ and チンイツゲーム count such a hand as tenpai. With ``formal=False`` only kinds
        of which a copy could still exist are returned.
        """
        kinds = self._regular_waits(board)
        # The closed forms can only add waits when the hand is one tile from them.
        if (self.pairs is not None and self.pairs_shanten(board) == 0) or (
            self.kokushi is not None and self.kokushi_shanten(board) == 0
        ):
            for kind in self._available:
                if not kinds >> kind & 1 and self.is_agari(board + (1 << (BITS * kind))):
                    kinds |= 1 << kind
        result = []
        limits = self.limits
        while kinds:
            low = kinds & -kinds
            kind = low.bit_length() - 1
            kinds ^= low
            if limits[kind] and (formal or count_of(board, kind) < limits[kind]):
                result.append(kind)
        return result

    def _regular_waits(self, board: int) -> int:
        """Bitmask (bit = kind) of tiles that complete the regular shape."""
        if board >> FLOWER_SHIFT:
            return 0
        keys = (
            board & SUIT_MASK,
            (board >> 36) & SUIT_MASK,
            (board >> 72) & SUIT_MASK,
            (board >> HONOR_SHIFT) & HONOR_MASK,
        )
        statuses = [
            _SUIT_STATUS[keys[0]],
            _SUIT_STATUS[keys[1]],
            _SUIT_STATUS[keys[2]],
            _HONOR_STATUS[keys[3]],
        ]
        total = sum(statuses)
        waits = 0
        for block, (key, status) in enumerate(zip(keys, statuses, strict=True)):
            rest = total - status
            if rest >= 8:
                continue  # another block is incomplete, so no single tile here can finish the hand
            without_pair, with_pair = (_HONOR_WAITS if block == 3 else _SUIT_WAITS)[key]
            ranks = with_pair if rest == 0 else without_pair
            waits |= ranks << (9 * block)
        return waits

    def is_tenpai(self, board: int, *, formal: bool = True) -> bool:
        """One tile short of a winning shape (see :meth:`waits` for ``formal``)."""
        return bool(self.waits(board, formal=formal))

    def remaining(self, board: int, visible: int = 0) -> list[int]:
        """Copies of each kind that could still be drawn: limit minus held minus visible."""
        limits = self.limits
        return [max(0, limits[kind] - count_of(board, kind) - count_of(visible, kind)) for kind in range(NUM_KINDS)]

    def ukeire(self, board: int, visible: int = 0) -> dict[int, int]:
        """For a hand one tile short: each kind that lowers its shanten, with live copies left.

        ``visible`` is a count board of every tile the player can see outside the hand
        (rivers, melds, dora indicators, set-aside tiles).
        """
        base = self.shanten(board)
        left = self.remaining(board, visible)
        accepted: dict[int, int] = {}
        for kind in self._available:
            if left[kind] and self.shanten(board + (1 << (BITS * kind))) < base:
                accepted[kind] = left[kind]
        return accepted

    def discard_options(self, board: int, visible: int = 0) -> list[tuple[int, int, int]]:
        """For a full hand: ``(discard, shanten after, ukeire count)`` for each kind held."""
        options = []
        for kind in range(NUM_KINDS):
            if count_of(board, kind):
                after = board - (1 << (BITS * kind))
                accepted = self.ukeire(after, visible)
                options.append((kind, self.shanten(after), sum(accepted.values())))
        return options


@functools.cache
def _flower_vector(flowers: int) -> int:
    """A block that holds ``flowers`` tiles and can form nothing."""
    return _intern((0,) + (INFINITE,) * 9 + (flowers,))


STANDARD = ShapeRules()
"""Standard 4-player riichi shapes: 136 tiles, 七対子 and 国士無双."""
