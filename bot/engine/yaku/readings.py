"""Readings of a complete hand, as the facts yaku read, memoised one suit block at a time.

A block is one suit's nine 4-bit count fields (or the honours' seven). This module splits a
block into sets and at most one pair once, and keeps for each way to split it the few numbers
a reading is made of. A whole reading is then four block splits (and the declared sets)
combined: their run and triplet masks with ``|`` and their counts with a single ``+``, because
the counts are packed into one int, 4 or 8 bits a field (see the ``*_SHIFT`` constants).

The memos are shared by every variant (a regular reading does not depend on the variant's
rules) and keyed by the block alone, never by a whole hand:

- :data:`RANK_SPLITS`: a suit block's splits in ranks 0-8, the same for all three suits
  (2233m splits as 2233p does), each new block's worked out from a smaller block's;
- :data:`SUIT_BLOCKS` and :data:`HONOR_BLOCKS`: block key -> what the scorer needs of it
  (:data:`SuitEntry`, :data:`HonorEntry`): the splits placed in the block's kinds, and the
  block's feature flags. One suit table serves man, pin and sou: an entry holds what differs
  between the suits side by side.
"""

from __future__ import annotations

from bot.engine.tiles import NUM_KINDS
from bot.engine.yaku.base import Feature, Reading, Wait, present_features
from bot.engine.yaku.fu import WAIT_FU

__all__ = [
    "BLOCK_SHIFTS",
    "CONCEALED_SHIFT",
    "HONOR_BLOCKS",
    "KANS_SHIFT",
    "MULTI_SPLIT",
    "NOT_TERMINAL_SHIFT",
    "NOT_YAOCHU_SHIFT",
    "OPEN_SHIFT",
    "PAIR_SHIFT",
    "RANK_SPLITS",
    "RUN_COUNT_SHIFT",
    "SET_FU_SHIFT",
    "SUIT_BLOCKS",
    "TRIPLETS_SHIFT",
    "TRIPLET_COUNT_SHIFT",
    "TWINS_SHIFT",
    "HonorEntry",
    "HonorTable",
    "RankSplit",
    "RankSplits",
    "Split",
    "SuitEntry",
    "SuitTable",
    "WaitOption",
    "honor_features",
    "meld_sums",
    "reading_flags",
]

BLOCK_SHIFTS = (0, 36, 72, 108)
"""Bit offset of the man, pin, sou and honour blocks in a count board."""
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

MULTI_SPLIT = 1 << 16
"""Set in a :data:`BlockEntry`'s counts when the block splits more than one way."""

_SUIT_RUN = (int(Feature.MAN_RUN), int(Feature.PIN_RUN), int(Feature.SOU_RUN))
_SUIT_TRIPLET = (int(Feature.MAN_TRIPLET), int(Feature.PIN_TRIPLET), int(Feature.SOU_TRIPLET))
_F_TWIN_RUNS = int(Feature.TWIN_RUNS)
_F_RUN_FORCED = int(Feature.RUN_FORCED)
_F_TRIPLET_FORCED = int(Feature.TRIPLET_FORCED)

WaitOption = tuple[Wait, int, int, int]
"""``(wait, fu, ron_fu, ron_triplet)``: the wait, its fu, and on a ron the fu change and the
concealed triplet lost (a 双碰 won by ron makes its triplet an open one)."""

_TANKI_WAIT: WaitOption = (Wait.TANKI, WAIT_FU, 0, 0)
_RYANMEN_WAIT: WaitOption = (Wait.RYANMEN, 0, 0, 0)
_KANCHAN_WAIT: WaitOption = (Wait.KANCHAN, WAIT_FU, 0, 0)
_PENCHAN_WAIT: WaitOption = (Wait.PENCHAN, WAIT_FU, 0, 0)
# A concealed triplet is 4 fu (8 for a terminal or honour); won by ron on a 双碰 it is open,
# worth half: the change is -2 (-4).
_SIMPLE_SHANPON: WaitOption = (Wait.SHANPON, 0, -2, 1)
_YAOCHU_SHANPON: WaitOption = (Wait.SHANPON, 0, -4, 1)

_Group = tuple[int, bool]  # (rank of the set's lowest tile, is a run)


class RankSplit:
    """One way to split a block into sets and at most one pair, in ranks (0-8 for a suit,
    0-6 for the honours), reduced to numbers.

    ``groups`` lists the sets by rank, a triplet before the runs of its rank; ``pair`` is the
    pair's rank or -1. ``rt`` holds the runs (bit = lowest rank) and, from
    :data:`TRIPLETS_SHIFT`, the triplets; ``sums`` the packed counts without the pair's field;
    ``reading`` its :class:`~bot.engine.yaku.base.Reading` flags (:func:`reading_flags`);
    ``waits`` maps each rank to how a winning tile of that rank may have been waited on (the
    options of the sets in order, then the pair's).
    """

    __slots__ = ("groups", "pair", "reading", "rt", "sums", "triplet_count", "waits")
    groups: tuple[_Group, ...]
    pair: int
    reading: int
    rt: int
    sums: int
    triplet_count: int
    waits: dict[int, tuple[WaitOption, ...]]

    def extended(self, rank: int, pair_here: bool, triplets: int, runs: int, *, honors: bool) -> RankSplit:
        """This split (of ranks above ``rank``) with ``rank``'s sets and pair put in front."""
        split = RankSplit()
        yaochu = honors or rank == 0 or rank == 8
        inner = runs if 0 < rank < 6 else 0  # runs holding no terminal
        simple = 0 if yaochu else triplets + pair_here
        # A terminal is 么九; an honour is 么九 but no terminal.
        not_terminal = simple + inner + (triplets + pair_here if honors else 0)
        sums = self.sums + (
            runs << RUN_COUNT_SHIFT
            | triplets << TRIPLET_COUNT_SHIFT
            | runs // 2 << TWINS_SHIFT
            | triplets * (8 if yaochu else 4) << SET_FU_SHIFT
            | (simple + inner) << NOT_YAOCHU_SHIFT
            | not_terminal << NOT_TERMINAL_SHIFT
            | triplets << CONCEALED_SHIFT
        )
        split.sums = sums
        split.groups = ((rank, False),) * triplets + ((rank, True),) * runs + self.groups
        split.pair = rank if pair_here else self.pair
        split.rt = self.rt | (triplets and 1 << (rank + TRIPLETS_SHIFT)) | (runs and 1 << rank)
        split.triplet_count = self.triplet_count + triplets
        # The reading flags of the whole split, added to (what reading_flags(sums) says).
        reading = self.reading
        if runs:
            reading |= _R_RUNS
            if runs > 1:
                reading |= _R_TWIN_RUNS if sums >> TWINS_SHIFT & 0xF == 1 else _R_TWIN_RUNS | _R_TWIN_RUNS2
        if simple or inner:
            reading |= _R_INNER
        if not_terminal:
            reading |= _R_NON_TERMINAL
        split.reading = reading
        waits = dict(self.waits)
        here: tuple[WaitOption, ...] = ()
        if triplets:
            here = (_YAOCHU_SHANPON if yaochu else _SIMPLE_SHANPON,)
        if runs:
            here += _RUN_WAITS[rank]
            # The run's middle and top ranks: its options first, then those of the sets above.
            above = waits.get(rank + 1)
            waits[rank + 1] = (
                (_KANCHAN_WAIT, *[other for other in above if other != _KANCHAN_WAIT]) if above else _KANCHAN_ONLY
            )
            top = _PENCHAN_WAIT if rank == 0 else _RYANMEN_WAIT
            above = waits.get(rank + 2)
            waits[rank + 2] = (top, *[other for other in above if other != top]) if above else (top,)
        if pair_here:
            here += (_TANKI_WAIT,)
        if here:
            waits[rank] = here
        split.waits = waits
        return split


_KANCHAN_ONLY = (_KANCHAN_WAIT,)
_RUN_WAITS = tuple((_PENCHAN_WAIT if rank == 6 else _RYANMEN_WAIT,) for rank in range(7))
_NO_SPLIT = RankSplit()
_NO_SPLIT.groups = ()
_NO_SPLIT.pair = -1
_NO_SPLIT.rt = _NO_SPLIT.sums = _NO_SPLIT.triplet_count = _NO_SPLIT.reading = 0
_NO_SPLIT.waits = {}


class RankSplits(dict[int, tuple[RankSplit, ...]]):
    """Block key -> every way to split it into sets and at most one pair, sorted by sets then
    pair (empty when there is none).

    A block's lowest rank holds a pair or not, some triplets, and runs begun there for all the
    rest, so its splits are those few choices, each put in front of every split of what is
    left: a smaller block, looked up here too. A new block thus costs a few look-ups and a few
    splits extended by one rank, not a search.
    """

    def __init__(self, size: int, *, honors: bool) -> None:
        super().__init__()
        self.size = size
        self.honors = honors
        self[0] = (_NO_SPLIT,)

    def __missing__(self, key: int) -> tuple[RankSplit, ...]:
        splits: tuple[RankSplit, ...] = ()
        # Fields added a byte at a time; a byte is 1 mod 255, so the remainder is their sum.
        tiles = ((key & _EVEN_FIELDS) + (key >> 4 & _EVEN_FIELDS)) % 255
        if tiles % 3 != 1:
            rank = ((key & -key).bit_length() - 1) // 4
            count = key >> (4 * rank) & 0xF
            next1 = key >> (4 * rank + 4) & 0xF
            next2 = key >> (4 * rank + 8) & 0xF
            runs_fit = not self.honors and rank + 2 < self.size
            found: list[RankSplit] = []
            for pair_here in (False, True) if tiles % 3 == 2 and count >= 2 else (False,):
                rest = count - 2 if pair_here else count
                for triplets in range(rest // 3 + 1):
                    runs = rest - 3 * triplets
                    if runs and (not runs_fit or next1 < runs or next2 < runs):
                        continue
                    below = key - (count << (4 * rank)) - (runs << (4 * rank + 4)) - (runs << (4 * rank + 8))
                    for split in self[below]:
                        found.append(split.extended(rank, pair_here, triplets, runs, honors=self.honors))
            splits = tuple(sorted(found, key=_order)) if len(found) > 1 else tuple(found)
        self[key] = splits
        return splits


_EVEN_FIELDS = sum(0xF << (8 * byte) for byte in range(5))


def _order(split: RankSplit) -> tuple[tuple[_Group, ...], int]:
    return split.groups, split.pair


RANK_SPLITS = RankSplits(9, honors=False)
"""Suit block key -> its splits, the same for the three suits (2233m splits as 2233p does)."""
_HONOR_SPLITS = RankSplits(7, honors=True)

Split = tuple[int, int, dict[int, tuple[WaitOption, ...]], int]
"""``(sums, rt, waits, reading)`` of one split placed in its block: the pair's field in
``sums`` and the masks in ``rt`` are of kinds, ``waits`` still by rank; ``reading`` holds the
split's :class:`~bot.engine.yaku.base.Reading` flags (:func:`reading_flags`)."""

SuitEntry = tuple[
    int,
    tuple[int, int, int],
    tuple[int, int, int],
    tuple[int, int, int],
    dict[int, tuple[WaitOption, ...]],
    tuple[tuple[Split, ...], tuple[Split, ...], tuple[Split, ...]],
    int,
]
"""What the scorer needs of a suit block, for each of the three suits it may be:
``(counts, features, sums, rt, waits, splits, reading)``.

``counts`` is additive: the status in bits 0-7 (0 complete without a pair, 1 with one pair, 8
not complete; four blocks sum to 1 exactly when the hand is complete), the most concealed
triplets any split holds from bit 8, and :data:`MULTI_SPLIT` when there are several splits.
``features``, per suit, are the block's :class:`~bot.engine.yaku.base.Feature` flags: its
tiles', and what its splits may or must hold. ``sums``, ``rt`` (per suit) and ``waits`` are
the first split's, for the usual block that splits one way, as is ``reading`` (its
:class:`~bot.engine.yaku.base.Reading` flags, the same in every suit); ``splits`` (per suit)
all of them.
"""

HonorEntry = tuple[int, int, tuple[Split, ...], int, int, dict[int, tuple[WaitOption, ...]], int, int, int, int]
"""What the scorer needs of the honour block: ``(counts, features, splits, sums, rt, waits,
honor_features, triplets, pair, reading)``; ``counts`` and ``features`` as in
:data:`SuitEntry`, then the splits (one at most: honours form no runs), the first split's
sums, masks and waits, its honour features (:func:`honor_features`), triplets (a compact mask
of kinds), pair kind and :class:`~bot.engine.yaku.base.Reading` flags."""

_NO_WAITS: dict[int, tuple[WaitOption, ...]] = {}
_RANK_ONES = sum(1 << (4 * rank) for rank in range(9))
_SUIT_RUN = (int(Feature.MAN_RUN), int(Feature.PIN_RUN), int(Feature.SOU_RUN))
_SUIT_TRIPLET = (int(Feature.MAN_TRIPLET), int(Feature.PIN_TRIPLET), int(Feature.SOU_TRIPLET))


def reading_flags(sums: int) -> int:
    """The :class:`~bot.engine.yaku.base.Reading` flags that packed sums (of a split, a
    declared set or a whole reading) say: runs, twin runs, sets that are not all 么九."""
    flags = _R_RUNS if sums >> RUN_COUNT_SHIFT & 0xF else 0
    twins = sums >> TWINS_SHIFT & 0xF
    if twins:
        flags |= _R_TWIN_RUNS if twins == 1 else _R_TWIN_RUNS | _R_TWIN_RUNS2
    if sums >> NOT_YAOCHU_SHIFT & 0xF:
        flags |= _R_INNER
    if sums >> NOT_TERMINAL_SHIFT & 0xF:
        flags |= _R_NON_TERMINAL
    return flags


_R_RUNS, _R_TWIN_RUNS, _R_TWIN_RUNS2 = int(Reading.RUNS), int(Reading.TWIN_RUNS), int(Reading.TWIN_RUNS2)
_R_INNER, _R_NON_TERMINAL = int(Reading.INNER), int(Reading.NON_TERMINAL)


def _placed(split: RankSplit, base: int) -> Split:
    """A split placed at kind ``base``."""
    pair = split.pair + base if split.pair >= 0 else -1
    return (split.sums | (pair + 1) << PAIR_SHIFT, split.rt << base, split.waits, split.reading)


def _shape_features(splits: tuple[RankSplit, ...]) -> tuple[int, bool, bool]:
    """Features every suit shares (twin runs, runs or triplets in every split), then whether
    some split has runs and whether some has triplets."""
    runs_always = triplets_always = True
    twins = some_runs = some_triplets = False
    for split in splits:
        twins = twins or bool(split.sums >> TWINS_SHIFT & 0xF)
        has_runs = bool(split.rt & _RANK_RUNS)
        has_triplets = bool(split.rt >> TRIPLETS_SHIFT)
        runs_always = runs_always and has_runs
        triplets_always = triplets_always and has_triplets
        some_runs = some_runs or has_runs
        some_triplets = some_triplets or has_triplets
    features = (
        (_F_TWIN_RUNS if twins else 0)
        | (_F_RUN_FORCED if runs_always else 0)
        | (_F_TRIPLET_FORCED if triplets_always else 0)
    )
    return features, some_runs, some_triplets


_RANK_RUNS = (1 << TRIPLETS_SHIFT) - 1


class SuitTable(dict[int, SuitEntry]):
    """Suit block key (one suit's nine 4-bit fields) -> its :data:`SuitEntry`, filled on demand.

    One table serves the three suits: an entry holds what differs between them side by side."""

    def __missing__(self, key: int) -> SuitEntry:
        ranked = RANK_SPLITS[key]
        tile0, tile1, tile2 = _TILE_FEATURES[(key | key >> 1 | key >> 2 | key >> 3) & _RANK_ONES]
        entry: SuitEntry
        if not ranked:
            entry = (8, (tile0, tile1, tile2), (0, 0, 0), (0, 0, 0), _NO_WAITS, ((), (), ()), 0)
        elif len(ranked) == 1:
            # The usual block: one split, so what it may hold it must hold.
            (split,) = ranked
            rt = split.rt
            sums = split.sums
            pair = split.pair
            waits = split.waits
            reading = split.reading
            shared = _F_TWIN_RUNS if sums >> TWINS_SHIFT & 0xF else 0
            run0 = run1 = run2 = 0
            if rt & _RANK_RUNS:
                shared |= _F_RUN_FORCED
                run0, run1, run2 = _SUIT_RUN
            if rt >> TRIPLETS_SHIFT:
                shared |= _F_TRIPLET_FORCED
                run0 |= _SUIT_TRIPLET[0]
                run1 |= _SUIT_TRIPLET[1]
                run2 |= _SUIT_TRIPLET[2]
            if pair >= 0:
                sums0 = sums | (pair + 1) << PAIR_SHIFT
                sums1 = sums | (pair + 10) << PAIR_SHIFT
                sums2 = sums | (pair + 19) << PAIR_SHIFT
            else:
                sums0 = sums1 = sums2 = sums
            rt1 = rt << 9
            rt2 = rt << 18
            entry = (
                (1 if pair >= 0 else 0) | split.triplet_count << 8,
                (tile0 | shared | run0, tile1 | shared | run1, tile2 | shared | run2),
                (sums0, sums1, sums2),
                (rt, rt1, rt2),
                waits,
                (((sums0, rt, waits, reading),), ((sums1, rt1, waits, reading),), ((sums2, rt2, waits, reading),)),
                reading,
            )
        else:
            shared, some_runs, some_triplets = _shape_features(ranked)
            tiles = (tile0, tile1, tile2)
            features = tuple(
                tiles[suit]
                | shared
                | (_SUIT_RUN[suit] if some_runs else 0)
                | (_SUIT_TRIPLET[suit] if some_triplets else 0)
                for suit in range(3)
            )
            placed = tuple(tuple(_placed(split, 9 * suit) for split in ranked) for suit in range(3))
            first = ranked[0]
            counts = (1 if first.pair >= 0 else 0) | max(split.triplet_count for split in ranked) << 8 | MULTI_SPLIT
            entry = (
                counts,
                (features[0], features[1], features[2]),
                (placed[0][0][0], placed[1][0][0], placed[2][0][0]),
                (placed[0][0][1], placed[1][0][1], placed[2][0][1]),
                first.waits,
                (placed[0], placed[1], placed[2]),
                first.reading,
            )
        self[key] = entry
        return entry


class _TileFeatures(dict[int, tuple[int, int, int]]):
    """Nibble mask of the ranks a suit block holds -> the tile features of those ranks in each
    suit (:func:`~bot.engine.yaku.base.present_features`); 512 keys at most."""

    def __missing__(self, present: int) -> tuple[int, int, int]:
        features = (
            int(present_features(present << BLOCK_SHIFTS[0])),
            int(present_features(present << BLOCK_SHIFTS[1])),
            int(present_features(present << BLOCK_SHIFTS[2])),
        )
        self[present] = features
        return features


_TILE_FEATURES = _TileFeatures()


def honor_features(triplets: int, pair: int) -> int:
    """Feature flags of honour triplets (a compact mask, bit k for kind k) and the pair's kind."""
    features = 0
    for kind, flag in ((31, _F_WHITE), (32, _F_GREEN), (33, _F_RED)):
        if triplets >> kind & 1:
            features |= flag
    dragons = (triplets >> 31 & 0b111).bit_count()
    winds = (triplets >> 27 & 0b1111).bit_count()
    features |= _F_DRAGONS[dragons] | _F_WINDS[winds]
    if 31 <= pair <= 33:
        features |= _F_DRAGON_PAIR
    elif 27 <= pair <= 30:
        features |= _F_WIND_PAIR
    return features


# Plain ints: IntFlag arithmetic runs in Python.
_F_WHITE, _F_GREEN, _F_RED = int(Feature.WHITE_TRIPLET), int(Feature.GREEN_TRIPLET), int(Feature.RED_TRIPLET)
_F_DRAGONS = (0, 0, int(Feature.DRAGON_TRIPLETS2), int(Feature.DRAGON_TRIPLETS3))
_F_WINDS = (0, 0, 0, int(Feature.WIND_TRIPLETS3), int(Feature.WIND_TRIPLETS4))
_F_DRAGON_PAIR, _F_WIND_PAIR = int(Feature.DRAGON_PAIR), int(Feature.WIND_PAIR)


class HonorTable(dict[int, HonorEntry]):
    """Honour block key (seven 4-bit fields) -> its :data:`HonorEntry`, filled on demand."""

    def __missing__(self, key: int) -> HonorEntry:
        board = key << BLOCK_SHIFTS[3]
        features = int(present_features((board | board >> 1 | board >> 2 | board >> 3) & _ONES))
        ranked = _HONOR_SPLITS[key]
        entry: HonorEntry
        if ranked:
            split = ranked[0]
            shared, _, _ = _shape_features(ranked)
            placed = _placed(split, 27)
            triplets = placed[1] >> TRIPLETS_SHIFT
            pair = split.pair + 27 if split.pair >= 0 else -1
            counts = (1 if pair >= 0 else 0) | split.triplet_count << 8
            entry = (
                counts,
                features | shared,
                (placed,),
                placed[0],
                placed[1],
                placed[2],
                honor_features(triplets, pair),
                triplets,
                pair,
                placed[3],
            )
        else:
            entry = (8, features, (), 0, 0, _NO_WAITS, 0, 0, -1, 0)
        self[key] = entry
        return entry


SUIT_BLOCKS = SuitTable()
HONOR_BLOCKS = HonorTable()


def meld_sums(kind: int, *, run: bool, kan: bool, is_open: bool) -> int:
    """The packed sums of one declared set."""
    if run:
        inner = int(kind % 9 not in (0, 6))
        sums = 1 << RUN_COUNT_SHIFT | inner << NOT_YAOCHU_SHIFT | inner << NOT_TERMINAL_SHIFT
    else:
        yaochu = kind >= 27 or kind % 9 in (0, 8)
        terminal = kind < 27 and kind % 9 in (0, 8)
        fu = (4 if yaochu else 2) * (1 if is_open else 2) * (4 if kan else 1)
        sums = (
            1 << TRIPLET_COUNT_SHIFT
            | fu << SET_FU_SHIFT
            | int(not yaochu) << NOT_YAOCHU_SHIFT
            | int(not terminal) << NOT_TERMINAL_SHIFT
            | int(kan) << KANS_SHIFT
            | int(not is_open) << CONCEALED_SHIFT
        )
    return sums | int(is_open) << OPEN_SHIFT
