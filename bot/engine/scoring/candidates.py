"""The candidates of a hand with several readings or waits (or a special shape): each reading
and wait with the yaku that apply, and the one that pays the most.

:func:`~bot.engine.scoring.hand.score_hand` reads most hands itself, on its fast paths; it hands
the rest to :func:`ask_readings`. The constants here are the flags both read, as plain ints
(IntFlag arithmetic runs in Python, these run in C).
"""

from __future__ import annotations

import itertools

from bot.engine.scoring.rules import ScoringRules
from bot.engine.shapes import Shape, ShapeRules, tile_count
from bot.engine.tiles import NUM_KINDS
from bot.engine.yaku.base import Facts, Reading, Wait, YakuHit
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.readings import (
    CONCEALED_SHIFT,
    NOT_TERMINAL_SHIFT,
    NOT_YAOCHU_SHIFT,
    OPEN_SHIFT,
    PAIR_SHIFT,
    RUN_COUNT_SHIFT,
    SET_FU_SHIFT,
    TRIPLET_COUNT_SHIFT,
    TRIPLETS_SHIFT,
    TWINS_SHIFT,
    Split,
)
from bot.engine.yaku.table import YAKUMAN_SHIFT, YakuTable

__all__ = [
    "CONCEALED_READING",
    "HAN_MASK",
    "ONES",
    "PAIRS",
    "REGULAR",
    "R_NO_FU",
    "R_TWIN_RUNS",
    "R_TWIN_RUNS2",
    "WAIT_READING",
    "Candidate",
    "ask_readings",
    "best_candidate",
    "hand_facts",
    "reading_patterns",
    "set_reading",
    "special_readings",
    "with_repeats",
]

ONES = sum(1 << (4 * kind) for kind in range(NUM_KINDS))
"""A 1 in every kind's field of a board."""
HAN_MASK = (1 << YAKUMAN_SHIFT) - 1
"""The han of a candidate's value (the yakuman weight is above it)."""
REGULAR = Shape.REGULAR
PAIRS = Shape.PAIRS
R_TWIN_RUNS, R_TWIN_RUNS2, R_NO_FU = int(Reading.TWIN_RUNS), int(Reading.TWIN_RUNS2), int(Reading.NO_FU)
# Reading flags of a wait, by Wait, and of the concealed triplets it leaves, by their count.
WAIT_READING = tuple(int(Reading.TANKI) if wait is Wait.TANKI else 0 for wait in Wait)
CONCEALED_READING = (0, 0, 0, int(Reading.CONCEALED3), int(Reading.CONCEALED4))

# One candidate reading and wait: (value, fu, score lines); value is the han plus the yakuman
# weight shifted by YAKUMAN_SHIFT.
Candidate = tuple[int, int, tuple[YakuHit, ...]]

_RUNS = (1 << TRIPLETS_SHIFT) - 1
_SPECIAL = Wait.SPECIAL
_R_SAME_RUNS, _R_STRAIGHT, _R_SAME_TRIPLETS = int(Reading.SAME_RUNS), int(Reading.STRAIGHT), int(Reading.SAME_TRIPLETS)


def hand_facts(
    ctx: WinContext, everything: int, present: int, closed: bool, kans: int, honor_triplets: int, honor_pair: int
) -> Facts:
    """A :class:`Facts` object with the hand fields filled."""
    if not present:
        present = (everything | everything >> 1 | everything >> 2 | everything >> 3) & ONES
    board = ctx.concealed
    win = ctx.win_tile
    return Facts(
        board, present, closed, len(ctx.melds), kans, win, board >> (4 * win) & 0xF, honor_triplets, honor_pair
    )


def set_reading(facts: Facts, rt: int, sums: int, pair: int) -> None:
    """Fill in what one reading of the hand says (its runs, triplets and pair) from the summed
    block facts."""
    facts.runs = rt & _RUNS
    facts.triplets = rt >> TRIPLETS_SHIFT
    facts.run_count = sums >> RUN_COUNT_SHIFT & 0xF
    facts.triplet_count = sums >> TRIPLET_COUNT_SHIFT & 0xF
    facts.twin_runs = sums >> TWINS_SHIFT & 0xF
    facts.all_yaochu = not sums >> NOT_YAOCHU_SHIFT & 0xF
    facts.all_terminal = not sums >> NOT_TERMINAL_SHIFT & 0xF
    facts.pair = pair


def ask_readings(
    facts: Facts | None,
    ctx: WinContext,
    rules: ScoringRules,
    exact: int,
    ask: int,
    regular: bool,
    special: tuple[Shape, ...],
    blocks: tuple[tuple[Split, ...], tuple[Split, ...], tuple[Split, ...], tuple[Split, ...]],
    meld_sums: int,
    meld_rt: int,
    meld_reading: int,
    bonus: int,
) -> Candidate:
    """The best candidate of a hand that has several readings or waits (or a special shape)
    and yaku to ask: each reading and wait, and each special shape, with the yaku that apply.

    In a regular reading the reading-exact yaku are decided by their reading gates; only the
    others are asked, through ``facts`` (None when there are none and no special shape)."""
    table = rules.yaku
    read = ask & table.reading_mask
    hand_checks, reading_checks, wait_checks, _ = table.asked[ask ^ read]
    values = table.values
    gates = table.reading_gates
    patterns = ask & table.pattern_mask
    tsumo = ctx.tsumo
    is_open = bool(meld_sums >> OPEN_SHIFT & 0xF)
    # Hits are a bitmask of yaku counted once; a yaku that applies several times goes to
    # ``several`` as (index, count) instead.
    hits = exact
    several: list[tuple[int, int]] = []
    for bit, check in hand_checks:
        count = check(facts, ctx)  # type: ignore[arg-type]  # hand checks come with facts
        if count:
            if count == 1:
                hits |= bit
            else:
                several.append((bit.bit_length() - 1, count))
    with_fu, without_fu = rules.fu_additions[not is_open][tsumo]
    candidates: list[Candidate] = []

    if regular:
        pair_fu = rules.pair_fu[ctx.seat_wind << 6 | ctx.round_wind]
        win = ctx.win_tile
        win_block = win // 9
        win_rank = win - 9 * win_block
        fill = facts is not None and bool(reading_checks or wait_checks)
        if facts is not None:
            facts.shape = REGULAR
        for splits in itertools.product(*blocks):
            (
                (sums0, rt0, _, reading0),
                (sums1, rt1, _, reading1),
                (sums2, rt2, _, reading2),
                (sums3, rt3, _, reading3),
            ) = splits
            sums = meld_sums + sums0 + sums1 + sums2 + sums3
            pair = (sums >> PAIR_SHIFT & 0x3F) - 1
            base_fu = (sums >> SET_FU_SHIFT & 0xFF) + pair_fu[pair]
            concealed = sums >> CONCEALED_SHIFT & 0xF
            rt = meld_rt | rt0 | rt1 | rt2 | rt3
            reading = meld_reading | reading0 | reading1 | reading2 | reading3
            if reading & R_TWIN_RUNS and sums >> TWINS_SHIFT & 0xF > 1:
                reading |= R_TWIN_RUNS2
            if patterns:
                reading |= reading_patterns(rt)
            reading_hits = hits
            reading_several = several
            if fill:
                assert facts is not None
                set_reading(facts, rt, sums, pair)
                for bit, check in reading_checks:
                    count = check(facts, ctx)
                    if count:
                        if count == 1:
                            reading_hits |= bit
                        else:
                            reading_several = [*reading_several, (bit.bit_length() - 1, count)]
            for wait, wait_fu, ron_fu, ron_triplet in splits[win_block][2][win_rank]:
                set_fu = base_fu + wait_fu if tsumo else base_fu + wait_fu + ron_fu
                fu = -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10
                wait_concealed = concealed if tsumo else concealed - ron_triplet
                wait_reading = reading | WAIT_READING[wait] | CONCEALED_READING[wait_concealed]
                if not set_fu:
                    wait_reading |= R_NO_FU
                wait_hits = reading_hits | read & gates[wait_reading]
                wait_several = reading_several
                if wait_checks:
                    assert facts is not None
                    facts.wait = wait
                    facts.set_fu = set_fu
                    facts.concealed_triplets = wait_concealed
                    for bit, check in wait_checks:
                        count = check(facts, ctx)
                        if count:
                            if count == 1:
                                wait_hits |= bit
                            else:
                                wait_several = [*wait_several, (bit.bit_length() - 1, count)]
                if wait_several:
                    candidates.append(with_repeats(table, wait_hits, wait_several, is_open, fu))
                else:
                    value, lines = values[wait_hits << 1 | is_open]
                    candidates.append((value, fu, lines))

    if special:
        # A special shape asks every yaku, the reading-exact ones included.
        assert facts is not None
        _, shape_reading_checks, shape_wait_checks, _ = table.asked[ask]
        for shape in special:
            facts.shape = shape
            facts.runs = facts.triplets = facts.run_count = facts.triplet_count = facts.twin_runs = 0
            facts.pair = -1
            facts.all_yaochu = facts.all_terminal = False
            facts.wait = _SPECIAL
            facts.concealed_triplets = facts.set_fu = 0
            shape_hits = hits
            shape_several = several
            for bit, check in (*shape_reading_checks, *shape_wait_checks):
                count = check(facts, ctx)
                if count:
                    if count == 1:
                        shape_hits |= bit
                    else:
                        shape_several = [*shape_several, (bit.bit_length() - 1, count)]
            fu = rules.fu.pairs_shape if shape is PAIRS else -(-without_fu // 10) * 10
            if shape_several:
                candidates.append(with_repeats(table, shape_hits, shape_several, is_open, fu))
            else:
                value, lines = values[shape_hits << 1 | is_open]
                candidates.append((value, fu, lines))

    if len(candidates) == 1:
        return candidates[0]
    return best_candidate(candidates, bonus, ctx, rules)


def reading_patterns(rt: int) -> int:
    """The :class:`Reading` flags of a reading's run and triplet patterns (三色, 一通, 三色同刻)."""
    flags = 0
    runs = rt & _RUNS
    if runs & runs >> 9 & runs >> 18 & 0x1FF:
        flags |= _R_SAME_RUNS
    if runs & 0x49 == 0x49 or runs >> 9 & 0x49 == 0x49 or runs >> 18 & 0x49 == 0x49:
        flags |= _R_STRAIGHT
    triplets = rt >> TRIPLETS_SHIFT
    if triplets & triplets >> 9 & triplets >> 18 & 0x1FF:
        flags |= _R_SAME_TRIPLETS
    return flags


def with_repeats(table: YakuTable, hits: int, several: list[tuple[int, int]], is_open: bool, fu: int) -> Candidate:
    """A candidate where some yaku apply more than once: their lines show the total."""
    counted = [(index, 1) for index in range(len(table.yaku)) if hits >> index & 1]
    counted += several
    drop = 0
    for index, _ in counted:
        drop |= table.drops[index]
    units = table.units[is_open]
    value = 0
    lines: list[YakuHit] = []
    for index, count in sorted(counted):
        if not drop >> index & 1:
            value += units[index] * count
            lines.append(table.hit(index, units[index] * count))
    return (value, fu, tuple(lines))


def best_candidate(candidates: list[Candidate], dora: int, ctx: WinContext, rules: ScoringRules) -> Candidate:
    """The candidate that pays the most; on a tie a real yakuman, then the most han, then fu."""
    payments = rules.payment_table
    situation = ctx.dealer << 24 | ctx.tsumo << 25

    def rank(candidate: Candidate) -> tuple[int, int, int, int]:
        value, fu, _ = candidate
        if not value:
            return (-1, 0, 0, 0)
        yakuman = value >> YAKUMAN_SHIFT
        if yakuman:
            return (payments[yakuman << 16 | situation].total, yakuman, 0, 0)
        total_han = (value & HAN_MASK) + dora
        return (payments[total_han | fu << 8 | situation].total, 0, total_han, fu)

    return max(candidates, key=rank)


def special_readings(board: int, shapes: ShapeRules) -> tuple[Shape, ...]:
    """The 七対子-type and 国士-type shapes a closed hand has."""
    tiles = tile_count(board)
    found: list[Shape] = []
    pairs = shapes.pairs
    if pairs is not None and tiles == pairs.size and shapes.pairs_shanten(board) == -1:
        found.append(Shape.PAIRS)
    kokushi = shapes.kokushi
    if kokushi is not None and tiles == kokushi.size and shapes.kokushi_shanten(board) == -1:
        found.append(Shape.KOKUSHI)
    return tuple(found)
