"""Scoring one win: :func:`score_hand`, the scorer every variant shares.

It reads the hand once, mostly by looking it up — each suit block's splits and features
(:mod:`~bot.engine.yaku.readings`), each declared set (:data:`_MELDS`), the yaku its feature flags
allow, the value and score lines of each set of yaku, each payment — and scores the usual hand,
with one reading, on fast paths of its own; a hand with several readings or waits, or a special
shape, goes to :func:`~bot.engine.scoring.candidates.ask_readings`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from bot.engine.melds import MeldType
from bot.engine.scoring.candidates import (
    CONCEALED_READING,
    HAN_MASK,
    ONES,
    PAIRS,
    R_NO_FU,
    R_TWIN_RUNS,
    R_TWIN_RUNS2,
    REGULAR,
    WAIT_READING,
    Candidate,
    ask_readings,
    best_candidate,
    hand_facts,
    reading_patterns,
    set_reading,
    special_readings,
    with_repeats,
)
from bot.engine.scoring.results import DORA_NAMES, HandScore, NoWin, Payment
from bot.engine.scoring.rules import ScoringRules
from bot.engine.shapes import Shape, tile_count
from bot.engine.tiles import NUM_KINDS, NUM_STANDARD_KINDS, YAOCHU
from bot.engine.yaku.base import SUIT_PRESENT, Facts, Feature, YakuHit, present_features
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.readings import (
    CONCEALED_SHIFT,
    HONOR_BLOCKS,
    KANS_SHIFT,
    MULTI_SPLIT,
    OPEN_SHIFT,
    PAIR_SHIFT,
    SET_FU_SHIFT,
    SUIT_BLOCKS,
    TRIPLETS_SHIFT,
    TWINS_SHIFT,
    honor_features,
    meld_sums,
    reading_flags,
)
from bot.engine.yaku.table import YAKUMAN_SHIFT

__all__ = ["score_hand"]

_SUIT = (1 << 36) - 1
_HONORS = (1 << 28) - 1
_NO_FLOWERS = 1 << (4 * NUM_STANDARD_KINDS)
_NON_YAOCHU = sum(0xF << (4 * kind) for kind in range(NUM_KINDS) if kind not in YAOCHU)
_YAOCHU_ONES = sum(1 << (4 * kind) for kind in YAOCHU)
_SUIT_RUN = (Feature.MAN_RUN, Feature.PIN_RUN, Feature.SOU_RUN)
_SUIT_TRIPLET = (Feature.MAN_TRIPLET, Feature.PIN_TRIPLET, Feature.SOU_TRIPLET)
_MAN_ALL, _PIN_ALL, _SOU_ALL = SUIT_PRESENT
_KOKUSHI = Shape.KOKUSHI
_NOT_COMPLETE = NoWin(NoWin.NOT_COMPLETE)
_new_facts = object.__new__  # a Facts object whose fields the scorer fills itself
_NO_YAKU = NoWin(NoWin.NO_YAKU)


# Honour features by (triplets >> 27) | (pair - 26, or 0) << 7, for hands with honour melds.
_HONOR_FEATURES = tuple(honor_features((key & 0x7F) << 27, (key >> 7) + 26) for key in range(8 << 7))
# Plain ints: IntFlag arithmetic runs in Python, these run in C.
_F_SUITS = int(Feature.MAN | Feature.PIN | Feature.SOU)
_F_MULTI_SUIT = int(Feature.MULTI_SUIT)
_F_STRAIGHT = int(Feature.STRAIGHT)
_F_SEAT = int(Feature.SEAT_TRIPLET)
_F_ROUND = int(Feature.ROUND_TRIPLET)
_F_KANS = (0, 0, 0, int(Feature.KANS3), int(Feature.KANS4))
_F_CONCEALED = (0, 0, 0, int(Feature.CONCEALED3), int(Feature.CONCEALED4 | Feature.CONCEALED3))
_F_PAIRS_SHAPE = int(Feature.PAIRS_SHAPE)
_F_KOKUSHI_SHAPE = int(Feature.KOKUSHI_SHAPE)
_F_RIICHI = int(Feature.RIICHI)
_F_DOUBLE_RIICHI = int(Feature.DOUBLE_RIICHI | Feature.RIICHI)
_F_IPPATSU = int(Feature.IPPATSU)
_F_TSUMO = int(Feature.TSUMO)
_F_RINSHAN = int(Feature.RINSHAN)
_F_CHANKAN = int(Feature.CHANKAN)
_F_HAITEI = int(Feature.HAITEI)
_F_HOUTEI = int(Feature.HOUTEI)
_F_TENHOU = int(Feature.TENHOU)
_F_CHIIHOU = int(Feature.CHIIHOU)
_F_RENHOU = int(Feature.RENHOU)


# --- declared sets ----------------------------------------------------------------------------

_MeldInfo = tuple[int, int, int, int, int]
"""(feature flags, run and triplet masks, packed sums, tiles as a count board, Reading flags)."""


_MELD_TYPES = (MeldType.CHI, MeldType.PON, MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN)
_CHI, _PON, _ANKAN, _MINKAN, _KAKAN = _MELD_TYPES


class _MeldTable(dict[int, _MeldInfo]):
    """``type code << 12 | kind << 4 | size`` of a declared set -> what the scorer needs of it.

    It depends on the set alone, so one table serves every variant."""

    def __missing__(self, key: int) -> _MeldInfo:
        meld_type, kind, size = _MELD_TYPES[key >> 12], key >> 4 & 0xFF, key & 0xF
        is_open = meld_type is not MeldType.ANKAN
        run = meld_type is MeldType.CHI
        if run:
            tiles = sum(1 << (4 * (kind + step)) for step in range(3))
            shape = Feature.RUN_FORCED | (_SUIT_RUN[kind // 9] if kind < 27 else 0)
            rt = 1 << kind
        else:
            tiles = size << (4 * kind)
            shape = Feature.TRIPLET_FORCED | (_SUIT_TRIPLET[kind // 9] if kind < 27 else 0)
            rt = 1 << (kind + TRIPLETS_SHIFT)
        features = present_features((tiles | tiles >> 1 | tiles >> 2 | tiles >> 3) & ONES) | shape | Feature.MELDS
        if is_open:
            features |= Feature.OPEN
        sums = meld_sums(kind, run=run, kan=meld_type not in (MeldType.CHI, MeldType.PON), is_open=is_open)
        info = (int(features), rt, sums, tiles, reading_flags(sums))
        self[key] = info
        return info


_MELDS = _MeldTable()


# --- what a score is made of ------------------------------------------------------------------


class _DoraLines(dict[int, tuple[YakuHit, ...]]):
    """``dora | ura << 8 | red << 16 | nuki << 24`` -> the dora lines of a score."""

    def __missing__(self, key: int) -> tuple[YakuHit, ...]:
        counts = (key & 0xFF, key >> 8 & 0xFF, key >> 16 & 0xFF, key >> 24)
        lines = tuple(YakuHit(*DORA_NAMES[which], count) for which, count in enumerate(counts) if count)
        self[key] = lines
        return lines


_DORA_LINES = _DoraLines()


def _score_constructor() -> Callable[[int, int | None, tuple[YakuHit, ...], int, Payment, int, int], HandScore]:
    """A faster ``HandScore(...)`` for the scorer: a frozen dataclass sets each field through
    ``object.__setattr__``; the slots' own descriptors set them in C. Same object either way."""
    new = object.__new__
    set_han, set_fu, set_yaku, set_yakuman, set_payment, set_honba, set_deposits = (
        getattr(HandScore, name).__set__ for name in ("han", "fu", "yaku", "yakuman", "payment", "honba", "deposits")
    )

    def make(
        han: int, fu: int | None, yaku: tuple[YakuHit, ...], yakuman: int, payment: Payment, honba: int, deposits: int
    ) -> HandScore:
        score: HandScore = new(HandScore)
        set_han(score, han)
        set_fu(score, fu)
        set_yaku(score, yaku)
        set_yakuman(score, yakuman)
        set_payment(score, payment)
        set_honba(score, honba)
        set_deposits(score, deposits)
        return score

    return make


_new_score = _score_constructor()


# --- scoring ----------------------------------------------------------------------------------


def score_hand(ctx: WinContext, rules: ScoringRules) -> HandScore | NoWin:
    """Score a win: the best reading and wait, its yaku, fu, dora and payments.

    Returns :class:`NoWin` when the concealed tiles and melds do not make a complete hand, or
    when no yaku applies (dora alone never make a win). Raises ValueError only for a context
    that cannot describe a win (the winning tile is not among the concealed tiles).

    The reading and wait kept are those that pay the most, then (on equal pay) a real yakuman
    over 数え役満, then the most han, then the most fu: what ``mahjong`` keeps.

    Most of a hand is looked up rather than worked out: each suit block's splits and features
    (:mod:`~bot.engine.yaku.readings`), the yaku its feature flags allow (five look-ups), the
    value and score lines of each set of yaku, each payment. Yaku whose gate is not their whole
    condition are asked through a :class:`Facts` object, only when the gate lets them in.
    """
    board = ctx.concealed
    win = ctx.win_tile
    if not board >> (4 * win) & 0xF:
        raise ValueError(f"the winning tile (kind {win}) is not among the concealed tiles")
    tsumo = ctx.tsumo
    melds = ctx.melds

    # Declared sets: feature flags, run/triplet masks, packed sums and tiles, added up.
    features = meld_rt = meld_sums = meld_board = meld_reading = 0
    if melds:
        for meld in melds:
            # Enum members hash in Python; identity tests and an int key stay in C.
            kind = meld.type
            code = 0 if kind is _CHI else 1 if kind is _PON else 2 if kind is _ANKAN else 3 if kind is _MINKAN else 4
            meld_features, rt, sums, tiles, reading = _MELDS[code << 12 | meld.kind << 4 | meld.size]
            features |= meld_features
            meld_rt |= rt
            meld_sums += sums
            meld_board += tiles
            meld_reading |= reading
    closed = not meld_sums >> OPEN_SHIFT & 0xF

    # The concealed tiles, one memoised block at a time.
    # One suit table serves the three suits; its entries hold man, pin and sou values side by side.
    man = SUIT_BLOCKS[board & _SUIT]
    pin = SUIT_BLOCKS[board >> 36 & _SUIT]
    sou = SUIT_BLOCKS[board >> 72 & _SUIT]
    honors = HONOR_BLOCKS[board >> 108 & _HONORS]
    counts = man[0] + pin[0] + sou[0] + honors[0]
    regular = counts & 0xFF == 1 and board < _NO_FLOWERS
    special: tuple[Shape, ...] = ()
    if not melds and (rules.always_pairs or not board & ONES or not board & _NON_YAOCHU):
        if rules.standard_special and board < _NO_FLOWERS:
            if not board & ONES:
                # Every count even: 七対子 when seven kinds are held twice and none four times.
                if not board >> 2 & ONES and (board >> 1 & ONES).bit_count() == 7:
                    special = (PAIRS,)
                    features |= _F_PAIRS_SHAPE
            elif (board | board >> 1 | board >> 2 | board >> 3) & _YAOCHU_ONES == _YAOCHU_ONES and tile_count(
                board
            ) == 14:
                # Only 么九 (or the test above would have passed), all thirteen held and one
                # more: 国士無双.
                special = (_KOKUSHI,)
                features |= _F_KOKUSHI_SHAPE
        else:
            special = special_readings(board, rules.shapes)
            for shape in special:
                features |= _F_PAIRS_SHAPE if shape is PAIRS else _F_KOKUSHI_SHAPE
    if not regular and not special:
        return _NOT_COMPLETE
    everything = board + meld_board

    # Coarse features decide which yaku are worth asking (each yaku declares its gate).
    features |= man[1][0] | pin[1][1] | sou[1][2] | honors[1]
    honor_triplets = meld_rt >> TRIPLETS_SHIFT >> 27 << 27
    honor_pair = -1
    if regular:
        honor_pair = honors[8]
        if honor_triplets:
            honor_triplets |= honors[7]
            features |= _HONOR_FEATURES[honor_triplets >> 27 | (honor_pair - 26 if honor_pair > 26 else 0) << 7]
        else:
            honor_triplets = honors[7]
            features |= honors[6]
    elif honor_triplets:
        features |= _HONOR_FEATURES[honor_triplets >> 27]
    suits = features & _F_SUITS
    if suits & (suits - 1):
        features |= _F_MULTI_SUIT
    present = 0
    kans = 0
    concealed_most = counts >> 8 & 0xFF
    if melds:
        # A straight may take ranks from concealed tiles and from melds: test the whole hand.
        present = (everything | everything >> 1 | everything >> 2 | everything >> 3) & ONES
        if present & _MAN_ALL == _MAN_ALL or present & _PIN_ALL == _PIN_ALL or present & _SOU_ALL == _SOU_ALL:
            features |= _F_STRAIGHT
        kans = meld_sums >> KANS_SHIFT & 0xF
        features |= _F_KANS[kans if kans < 4 else 4]
        concealed_most += meld_sums >> CONCEALED_SHIFT & 0xF
    if concealed_most >= 3:
        features |= _F_CONCEALED[concealed_most if concealed_most < 4 else 4]
    seat = ctx.seat_wind
    round_wind = ctx.round_wind
    if honor_triplets:
        if honor_triplets >> seat & 1:
            features |= _F_SEAT
        if honor_triplets >> round_wind & 1:
            features |= _F_ROUND
    riichi = ctx.riichi
    double_riichi = ctx.double_riichi
    if tsumo:
        features |= _F_TSUMO
        if ctx.rinshan:
            features |= _F_RINSHAN
        if ctx.haitei:
            features |= _F_HAITEI
        if ctx.tenhou:
            features |= _F_TENHOU
        if ctx.chiihou:
            features |= _F_CHIIHOU
    else:
        if ctx.chankan:
            features |= _F_CHANKAN
        if ctx.houtei:
            features |= _F_HOUTEI
        if ctx.renhou:
            features |= _F_RENHOU
    if riichi or double_riichi:
        features |= _F_DOUBLE_RIICHI if double_riichi else _F_RIICHI
        if ctx.ippatsu:
            features |= _F_IPPATSU
    elif ctx.ippatsu:
        features |= _F_IPPATSU

    # The yaku the flags let in: those with an exact gate apply, the others must be asked.
    table = rules.yaku
    g0, g1, g2, g3, g4 = table.gate_chunks
    mask = g0[features & 0x3FF] & g1[features >> 10 & 0x3FF] & g2[features >> 20 & 0x3FF]
    mask &= g3[features >> 30 & 0x3FF] & g4[features >> 40 & 0x3FF]
    exact = mask & table.exact_mask
    ask = mask & table.ask_mask
    is_open = not closed
    values = table.values

    # Dora: every reading gets the same.
    dora = ura = 0
    after = rules.dora_shifts
    for indicator in ctx.dora_indicators:
        dora += everything >> after[indicator] & 0xF
    ura_counts = (riichi or double_riichi) and rules.ura_dora
    if ura_counts:
        for indicator in ctx.ura_indicators:
            ura += everything >> after[indicator] & 0xF
    nuki = ctx.nuki_dora
    if nuki and rules.nuki_kind is not None:
        # Pulled tiles are out of the hand, but the indicators still count them.
        target = 4 * rules.nuki_kind
        dora += nuki * sum(after[indicator] == target for indicator in ctx.dora_indicators)
        if ura_counts:
            ura += nuki * sum(after[indicator] == target for indicator in ctx.ura_indicators)
    red = ctx.red_dora if rules.red_dora else 0
    bonus = dora + ura + red + nuki

    with_fu, without_fu = rules.fu_additions[closed][tsumo]
    win_block = win // 9
    win_rank = win - 9 * win_block
    fu: int | None
    pair_fu = rules.pair_fu[seat << 6 | round_wind]
    if counts < MULTI_SPLIT and not special:
        # The usual hand: each block splits one way, so there is one reading.
        sums = meld_sums + man[2][0] + pin[2][1] + sou[2][2] + honors[3]
        pair = (sums >> PAIR_SHIFT & 0x3F) - 1
        base_fu = (sums >> SET_FU_SHIFT & 0xFF) + pair_fu[pair]
        waits = (man[4], pin[4], sou[4], honors[5])[win_block][win_rank]
        if not ask:
            # Nothing to ask: every wait has the same yaku, so the best has the most fu.
            value, lines = values[exact << 1 | is_open]
            if not value:
                return _NO_YAKU
            fu = 0
            for _, wait_fu, ron_fu, _ in waits:
                set_fu = base_fu + wait_fu if tsumo else base_fu + wait_fu + ron_fu
                wait_total = -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10
                if wait_total > fu:
                    fu = wait_total
        elif not ask & ~table.reading_mask:
            # Every yaku to ask is decided by its reading gate: the reading's flags, then each
            # wait's, and one look-up.
            reading = meld_reading | man[6] | pin[6] | sou[6] | honors[9]
            if reading & R_TWIN_RUNS and sums >> TWINS_SHIFT & 0xF > 1:
                reading |= R_TWIN_RUNS2
            if ask & table.pattern_mask:
                reading |= reading_patterns(meld_rt | man[3][0] | pin[3][1] | sou[3][2] | honors[4])
            gates = table.reading_gates
            concealed = sums >> CONCEALED_SHIFT & 0xF
            if len(waits) == 1:
                ((wait, wait_fu, ron_fu, ron_triplet),) = waits
                if tsumo:
                    set_fu = base_fu + wait_fu
                else:
                    set_fu = base_fu + wait_fu + ron_fu
                    concealed -= ron_triplet
                if set_fu:
                    fu = -(-(set_fu + with_fu) // 10) * 10
                    reading |= WAIT_READING[wait] | CONCEALED_READING[concealed]
                else:
                    fu = -(-without_fu // 10) * 10
                    reading |= WAIT_READING[wait] | CONCEALED_READING[concealed] | R_NO_FU
                value, lines = values[(exact | ask & gates[reading]) << 1 | is_open]
            else:
                candidates: list[Candidate] = []
                for wait, wait_fu, ron_fu, ron_triplet in waits:
                    set_fu = base_fu + wait_fu if tsumo else base_fu + wait_fu + ron_fu
                    wait_fu = -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10
                    wait_reading = (
                        reading
                        | WAIT_READING[wait]
                        | CONCEALED_READING[concealed if tsumo else concealed - ron_triplet]
                        | (0 if set_fu else R_NO_FU)
                    )
                    value, lines = values[(exact | ask & gates[wait_reading]) << 1 | is_open]
                    candidates.append((value, wait_fu, lines))
                value, fu, lines = best_candidate(candidates, bonus, ctx, rules)
        elif len(waits) == 1:
            # One reading and one wait: one candidate, so every check is asked once, whatever
            # its scope, of a Facts object filled in one go.
            ((wait, wait_fu, ron_fu, ron_triplet),) = waits
            set_fu = base_fu + wait_fu if tsumo else base_fu + wait_fu + ron_fu
            fu = -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10
            if not present:
                present = (everything | everything >> 1 | everything >> 2 | everything >> 3) & ONES
            rt = meld_rt | man[3][0] | pin[3][1] | sou[3][2] | honors[4]
            concealed = sums >> CONCEALED_SHIFT & 0xF
            facts = _new_facts(Facts)
            facts.board = board
            facts.present = present
            facts.closed = closed
            facts.melds = len(melds)
            facts.kans = kans
            facts.win_kind = win
            facts.win_count = board >> (4 * win) & 0xF
            facts.honor_triplets = honor_triplets
            facts.honor_pair = honor_pair
            facts.shape = REGULAR
            set_reading(facts, rt, sums, pair)
            facts.wait = wait
            facts.set_fu = set_fu
            facts.concealed_triplets = concealed if tsumo else concealed - ron_triplet
            hits = exact
            several: list[tuple[int, int]] = []
            for bit, check in table.asked[ask][3]:
                count = check(facts, ctx)
                if count:
                    if count == 1:
                        hits |= bit
                    else:
                        several.append((bit.bit_length() - 1, count))
            if several:
                value, fu, lines = with_repeats(table, hits, several, is_open, fu)
            else:
                value, lines = values[hits << 1 | is_open]
        else:
            facts = hand_facts(ctx, everything, present, closed, kans, honor_triplets, honor_pair)
            blocks = (man[5][0], pin[5][1], sou[5][2], honors[2])
            value, fu, lines = ask_readings(
                facts, ctx, rules, exact, ask, regular, special, blocks, meld_sums, meld_rt, meld_reading, bonus
            )
    elif not ask and not special:
        # Several readings, nothing to ask: the best is the one with the most fu.
        value, lines = values[exact << 1 | is_open]
        if not value:
            return _NO_YAKU
        fu = 0
        for splits in itertools.product(man[5][0], pin[5][1], sou[5][2], honors[2]):
            sums = meld_sums + splits[0][0] + splits[1][0] + splits[2][0] + splits[3][0]
            base_fu = (sums >> SET_FU_SHIFT & 0xFF) + pair_fu[(sums >> PAIR_SHIFT & 0x3F) - 1]
            for _, wait_fu, ron_fu, _ in splits[win_block][2][win_rank]:
                set_fu = base_fu + wait_fu if tsumo else base_fu + wait_fu + ron_fu
                wait_total = -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10
                if wait_total > fu:
                    fu = wait_total
    else:
        # Facts only for yaku that must be asked: a special shape asks every one.
        some_facts = (
            hand_facts(ctx, everything, present, closed, kans, honor_triplets, honor_pair)
            if special or ask & ~table.reading_mask
            else None
        )
        blocks = (man[5][0], pin[5][1], sou[5][2], honors[2])
        value, fu, lines = ask_readings(
            some_facts, ctx, rules, exact, ask, regular, special, blocks, meld_sums, meld_rt, meld_reading, bonus
        )

    if not value:
        return _NO_YAKU
    yakuman = value >> YAKUMAN_SHIFT
    if yakuman:
        han = 0
        fu = None
    else:
        han = value & HAN_MASK
        if bonus:
            lines += _DORA_LINES[dora | ura << 8 | red << 16 | nuki << 24]
            han += bonus
    points = rules.points
    payment = rules.payment_table[han | (fu or 0) << 8 | yakuman << 16 | ctx.dealer << 24 | tsumo << 25]
    honba = ctx.honba
    if honba:
        honba *= points.honba_tsumo * (rules.players - 1) if tsumo else points.honba_ron
    return _new_score(han, fu, lines, yakuman, payment, honba, ctx.riichi_sticks * points.deposit)
