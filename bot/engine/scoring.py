"""Scoring a win: yaku, fu, dora and payments, for any variant's rules.

:func:`score_hand` reads the hand once into a :class:`~bot.engine.yaku.base.Facts` object,
asks each yaku of the variant's :class:`~bot.engine.yaku.table.YakuTable` how often it applies
(once per hand, per reading or per wait, as each yaku declares), and keeps the reading and wait
that pay the most, as ``mahjong`` does. A hand that is not complete, or has no yaku, gives a
:class:`NoWin` value rather than an exception.

>>> from bot.engine.shapes import hand
>>> from bot.engine.yaku.context import WinContext
>>> result = score_hand(WinContext(hand("234567m23455s666p"), win_tile=22), STANDARD_RULES)
>>> result.han, result.fu, result.ron, [hit.name for hit in result.yaku]
(1, 40, 1300, ['断么九'])
>>> score_hand(WinContext(hand("123m456p789s11z234m"), win_tile=1), STANDARD_RULES)
NoWin(reason='no yaku')
"""

from __future__ import annotations

import abc
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from bot.engine.melds import MeldType
from bot.engine.shapes import STANDARD, Shape, ShapeRules, tile_count
from bot.engine.tiles import NUM_KINDS, TERMINALS, YAOCHU, Kind, dora_after
from bot.engine.yaku.base import Facts, Wait
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.fu import FuRules, triplet_fu
from bot.engine.yaku.readings import BlockTable, WaitOption, block_tables
from bot.engine.yaku.table import STANDARD_YAKU, YakuTable

__all__ = [
    "STANDARD_RULES",
    "HandScore",
    "NoWin",
    "Payment",
    "PointsTable",
    "ScoringRules",
    "StandardPoints",
    "YakuHit",
    "score_hand",
]

_SUIT = (1 << 36) - 1
_HONORS = (1 << 28) - 1
_FLOWER_SHIFT = 4 * 34
_ONES = sum(1 << (4 * kind) for kind in range(NUM_KINDS))
_NON_YAOCHU = sum(0xF << (4 * kind) for kind in range(NUM_KINDS) if kind not in YAOCHU)


# --- results ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YakuHit:
    """One line of the score: a yaku (or dora) with its han, or its yakuman weight."""

    name: str
    en: str
    han: int
    yakuman: int = 0


@dataclass(frozen=True, slots=True)
class Payment:
    """What a points table says a win is worth, before honba and riichi sticks.

    On a ron the discarder pays ``ron``. On a tsumo the dealer pays ``tsumo_dealer`` (0 when the
    winner is the dealer) and each other player ``tsumo_non_dealer``. ``total`` is what the
    winner receives; ``limit`` names the limit hand (``"満貫"``…) or is empty.
    """

    ron: int
    tsumo_dealer: int
    tsumo_non_dealer: int
    total: int
    limit: str = ""


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored win.

    ``han`` counts yaku and dora (0 for a yakuman hand, whose weight is ``yakuman``); ``fu``
    is None for a yakuman hand. ``yaku`` lists the yaku in table order, then the dora. The
    payments are those of :class:`Payment`; ``honba`` and ``deposits`` are what the winner
    receives on top of ``total`` (:attr:`received`).
    """

    han: int
    fu: int | None
    yaku: tuple[YakuHit, ...]
    yakuman: int
    limit: str
    ron: int
    tsumo_dealer: int
    tsumo_non_dealer: int
    total: int
    honba: int = 0
    deposits: int = 0

    @property
    def received(self) -> int:
        """Everything the winner receives: the hand, honba and the riichi sticks."""
        return self.total + self.honba + self.deposits


@dataclass(frozen=True, slots=True)
class NoWin:
    """Why a hand scores nothing: :attr:`NOT_COMPLETE` or :attr:`NO_YAKU`."""

    reason: str

    NOT_COMPLETE: ClassVar[str] = "not a complete hand"
    NO_YAKU: ClassVar[str] = "no yaku"


# --- points tables ------------------------------------------------------------------------------


def _up100(points: int) -> int:
    return -(-points // 100) * 100


class PointsTable(abc.ABC):
    """Turns han, fu and yakuman weight into payments; one per scoring system.

    ``honba_ron`` is added to a ron per honba, ``honba_tsumo`` to each tsumo payment per honba,
    and ``deposit`` is the value of one riichi stick.
    """

    honba_ron: int = 300
    honba_tsumo: int = 100
    deposit: int = 1000

    @abc.abstractmethod
    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        """The payments for a win of ``han`` han and ``fu`` fu, or of ``yakuman`` weight."""


_LIMITS = ((13, 8000, "数え役満"), (11, 6000, "三倍満"), (8, 4000, "倍満"), (6, 3000, "跳満"), (5, 2000, "満貫"))
_YAKUMAN_NAMES = ("役満", "ダブル役満", "トリプル役満", "四倍役満", "五倍役満", "六倍役満")


@dataclass(frozen=True, slots=True)
class StandardPoints(PointsTable):
    """Baseline B4: base points ``fu × 2^(han+2)``, limits from 満貫, payments rounded up to 100.

    ``kazoe`` scores 13 han and more as a yakuman (else as 三倍満); ``yakuman_cap`` caps the
    total yakuman weight (6, as ``mahjong`` does by default).

    >>> StandardPoints().payment(3, 30, 0, dealer=False, tsumo=False, players=4, kiriage=False)
    Payment(ron=3900, tsumo_dealer=0, tsumo_non_dealer=0, total=3900, limit='')
    >>> StandardPoints().payment(0, None, 1, dealer=True, tsumo=True, players=4, kiriage=False).tsumo_non_dealer
    16000
    """

    honba_ron: int = 300
    honba_tsumo: int = 100
    deposit: int = 1000
    kazoe: bool = True
    yakuman_cap: int = 6

    def base_points(self, han: int, fu: int | None, yakuman: int, *, kiriage: bool) -> tuple[int, str]:
        """The base points ``b`` and the limit's name."""
        if yakuman:
            weight = min(yakuman, self.yakuman_cap)
            return 8000 * weight, _YAKUMAN_NAMES[min(weight, len(_YAKUMAN_NAMES)) - 1]
        for least, base, name in _LIMITS:
            if han >= least:
                if least == 13 and not self.kazoe:
                    return 6000, "三倍満"
                return base, name
        base = (fu or 0) << (han + 2)
        if base >= 2000 or (kiriage and base == 1920):
            return 2000, "満貫"
        return base, ""

    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        base, limit = self.base_points(han, fu, yakuman, kiriage=kiriage)
        if not tsumo:
            ron = -(-base * (6 if dealer else 4) // 100) * 100
            return Payment(ron, 0, 0, ron, limit)
        if dealer:
            each = -(-base * 2 // 100) * 100
            return Payment(0, 0, each, each * (players - 1), limit)
        from_dealer = -(-base * 2 // 100) * 100
        each = -(-base // 100) * 100
        return Payment(0, from_dealer, each, from_dealer + each * (players - 2), limit)


# --- rules ----------------------------------------------------------------------------------------

_MeldInfo = tuple[bool, bool, int, int, int, int, bool, bool]
"""(open, kan, run bit, triplet bit, fu, tiles as a count board, 么九 in it, terminal in it)."""


class _MeldTable(dict[tuple[MeldType, int, int], _MeldInfo]):
    def __missing__(self, key: tuple[MeldType, int, int]) -> _MeldInfo:
        meld_type, kind, size = key
        is_open = meld_type is not MeldType.ANKAN
        if meld_type is MeldType.CHI:
            rank = kind % 9
            outer = rank in (0, 6)
            tiles = sum(1 << (4 * (kind + step)) for step in range(3))
            info: _MeldInfo = (True, False, 1 << kind, 0, 0, tiles, outer, outer)
        else:
            kan = meld_type is not MeldType.PON
            fu = triplet_fu(kind, concealed=not is_open, kan=kan)
            info = (is_open, kan, 0, 1 << kind, fu, size << (4 * kind), kind in YAOCHU, kind in TERMINALS)
        self[key] = info
        return info


@dataclass(frozen=True, eq=False)
class ScoringRules:
    """Everything a variant decides about scoring a win.

    ``sanma_dora``: a 1m indicator points to 9m. ``red_dora`` counts the context's red fives,
    ``ura_dora`` the ura indicators of a riichi hand. ``nuki_kind`` is the kind pulled as
    抜きドラ (each counts 1, plus whatever the indicators make that kind worth), None when
    pulled tiles are not dora-counted by kind. ``players`` is how many pay a tsumo plus one.
    """

    shapes: ShapeRules = STANDARD
    yaku: YakuTable = STANDARD_YAKU
    points: PointsTable = field(default_factory=StandardPoints)
    fu: FuRules = field(default_factory=FuRules)
    kiriage: bool = False
    players: int = 4
    sanma_dora: bool = False
    red_dora: bool = True
    ura_dora: bool = True
    nuki_kind: int | None = Kind.NORTH
    _blocks: tuple[BlockTable, ...] = field(init=False, repr=False)
    _melds: _MeldTable = field(init=False, repr=False)
    _dora: tuple[int, ...] = field(init=False, repr=False)
    _hits: dict[tuple[int, int], YakuHit] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_blocks", block_tables(self.shapes))
        object.__setattr__(self, "_melds", _MeldTable())
        object.__setattr__(self, "_dora", tuple(dora_after(kind, sanma=self.sanma_dora) for kind in range(NUM_KINDS)))
        object.__setattr__(self, "_hits", {})

    def hit(self, index: int, value: int) -> YakuHit:
        """The (cached) score line of the table's ``index``-th yaku worth ``value``."""
        key = (index, value)
        hit = self._hits.get(key)
        if hit is None:
            yaku = self.yaku.yaku[index]
            if self.yaku.yakuman_flags[index]:
                hit = YakuHit(yaku.name, yaku.en, 0, value)
            else:
                hit = YakuHit(yaku.name, yaku.en, value)
            self._hits[key] = hit
        return hit


STANDARD_RULES = ScoringRules()
"""Standard 4-player riichi: baseline B2-B4, open tanyao, red fives, no kiriage."""


# --- scoring ------------------------------------------------------------------------------------

# One candidate: (yakuman weight, han from yaku, fu or None, kept hits as (index, value)).
_Candidate = tuple[int, int, int | None, list[tuple[int, int]]]
_Hits = list[tuple[int, int]]


def _tally(hits: _Hits, values: Sequence[int], yakuman_flags: Sequence[bool], drops: Sequence[int]) -> _Candidate:
    """Drop what does not apply or is superseded; sum han and yakuman weight."""
    kept = [(index, values[index] * count) for index, count in hits if values[index]]
    drop = 0
    for index, _ in kept:
        drop |= drops[index]
    if drop:
        kept = [hit for hit in kept if not drop >> hit[0] & 1]
    han = yakuman = 0
    for index, value in kept:
        if yakuman_flags[index]:
            yakuman += value
        else:
            han += value
    return yakuman, han, None, kept


def score_hand(ctx: WinContext, rules: ScoringRules) -> HandScore | NoWin:
    """Score a win: the best reading and wait, its yaku, fu, dora and payments.

    Returns :class:`NoWin` when the concealed tiles and melds do not make a complete hand, or
    when no yaku applies (dora alone never make a win). Raises ValueError only for a context
    that cannot describe a win (the winning tile is not among the concealed tiles).
    """
    board = ctx.concealed
    fu: int | None
    win = ctx.win_tile
    win_count = board >> (4 * win) & 0xF
    if not win_count:
        raise ValueError(f"the winning tile (kind {win}) is not among the concealed tiles")
    tsumo = ctx.tsumo

    # declared sets
    closed = True
    kans = meld_runs = meld_triplets = meld_run_count = meld_triplet_count = meld_fu = meld_board = ankans = 0
    meld_yaochu = meld_terminal = True
    if ctx.melds:
        meld_table = rules._melds
        for meld in ctx.melds:
            is_open, kan, run, triplet, sets_fu, tiles, yaochu, terminal = meld_table[meld.type, meld.kind, meld.size]
            if is_open:
                closed = False
            elif kan:
                ankans += 1
            if kan:
                kans += 1
            if run:
                meld_runs |= run
                meld_run_count += 1
            else:
                meld_triplets |= triplet
                meld_triplet_count += 1
            meld_fu += sets_fu
            meld_board += tiles
            meld_yaochu = meld_yaochu and yaochu
            meld_terminal = meld_terminal and terminal
    everything = board + meld_board
    present = (everything | everything >> 1 | everything >> 2 | everything >> 3) & _ONES

    # regular readings, block by block
    man_table, pin_table, sou_table, honor_table = rules._blocks
    man = man_table[board & _SUIT]
    pin = pin_table[board >> 36 & _SUIT]
    sou = sou_table[board >> 72 & _SUIT]
    honors = honor_table[board >> 108 & _HONORS]
    regular = man[0] + pin[0] + sou[0] + honors[0] == 1 and not board >> _FLOWER_SHIFT
    honor_triplets = meld_triplets >> 27 << 27
    honor_pair = -1
    if regular:
        honor_split = honors[1][0]
        honor_triplets |= honor_split.triplets
        honor_pair = honor_split.pair
    special = _special_readings(board, rules.shapes) if not ctx.melds else ()
    if not regular and not special:
        return NoWin(NoWin.NOT_COMPLETE)

    facts = Facts(
        board,
        present,
        closed=closed,
        melds=len(ctx.melds),
        kans=kans,
        win_kind=win,
        win_count=win_count,
        honor_triplets=honor_triplets,
        honor_pair=honor_pair,
    )
    table = rules.yaku
    hand_checks, reading_checks, wait_checks = table.checks
    values = table.closed_values if closed else table.open_values
    flags = table.yakuman_flags
    drops = table.drops
    hand_hits = [(index, count) for index, check in hand_checks if (count := check(facts, ctx))]
    candidates: list[_Candidate] = []

    if regular:
        fu_rules = rules.fu
        win_block = win // 9
        seat, round_ = ctx.seat_wind, ctx.round_wind
        for splits in itertools.product(man[1], pin[1], sou[1], honors[1]):
            s0, s1, s2, s3 = splits
            facts.runs = s0.runs | s1.runs | s2.runs | meld_runs
            facts.triplets = s0.triplets | s1.triplets | s2.triplets | s3.triplets | meld_triplets
            facts.run_count = s0.run_count + s1.run_count + s2.run_count + meld_run_count
            facts.triplet_count = s0.triplet_count + s1.triplet_count + s2.triplet_count + s3.triplet_count
            facts.triplet_count += meld_triplet_count
            facts.twin_runs = s0.twins + s1.twins + s2.twins
            pair = facts.pair = max(s0.pair, s1.pair, s2.pair, s3.pair)
            facts.all_yaochu = meld_yaochu and s0.all_yaochu and s1.all_yaochu and s2.all_yaochu and s3.all_yaochu
            facts.all_terminal = (
                meld_terminal and s0.all_terminal and s1.all_terminal and s2.all_terminal and s3.all_terminal
            )
            base_fu = meld_fu + s0.triplet_fu + s1.triplet_fu + s2.triplet_fu + s3.triplet_fu
            base_fu += fu_rules.pair_fu(pair, seat, round_)
            concealed = ankans + s0.triplet_count + s1.triplet_count + s2.triplet_count + s3.triplet_count
            reading_hits = hand_hits + [
                (index, count) for index, check in reading_checks if (count := check(facts, ctx))
            ]
            options: tuple[WaitOption, ...] = splits[win_block].waits[win]
            for wait, wait_fu, ron_fu, ron_triplet in options:
                facts.wait = wait
                if tsumo:
                    facts.set_fu = set_fu = base_fu + wait_fu
                    facts.concealed_triplets = concealed
                else:
                    facts.set_fu = set_fu = base_fu + wait_fu + ron_fu
                    facts.concealed_triplets = concealed - ron_triplet
                hits = reading_hits + [(index, count) for index, check in wait_checks if (count := check(facts, ctx))]
                yakuman, han, _, kept = _tally(hits, values, flags, drops)
                fu = None if yakuman else fu_rules.total(set_fu, closed=closed, tsumo=tsumo)
                candidates.append((yakuman, han, fu, kept))

    for shape in special:
        facts.shape = shape
        facts.runs = facts.triplets = facts.run_count = facts.triplet_count = facts.twin_runs = 0
        facts.pair = -1
        facts.all_yaochu = facts.all_terminal = False
        facts.wait = Wait.SPECIAL
        facts.concealed_triplets = facts.set_fu = 0
        hits = hand_hits + [
            (index, count)
            for checks in (reading_checks, wait_checks)
            for index, check in checks
            if (count := check(facts, ctx))
        ]
        yakuman, han, _, kept = _tally(hits, values, flags, drops)
        if yakuman:
            fu = None
        elif shape is Shape.PAIRS:
            fu = rules.fu.pairs_shape
        else:
            fu = rules.fu.total(0, closed=True, tsumo=tsumo)
        candidates.append((yakuman, han, fu, kept))

    dora_hits = _dora(ctx, rules, everything)
    dora = sum(hit.han for hit in dora_hits)
    best = candidates[0] if len(candidates) == 1 else _best(candidates, dora, ctx, rules)
    yakuman, han, fu, kept = best
    if not yakuman and not han:
        return NoWin(NoWin.NO_YAKU)
    kept.sort()
    hits_out = [rules.hit(index, value) for index, value in kept]
    if yakuman:
        han = 0
    else:
        han += dora
        hits_out += dora_hits
    pay = rules.points.payment(
        han, fu, yakuman, dealer=ctx.dealer, tsumo=tsumo, players=rules.players, kiriage=rules.kiriage
    )
    points = rules.points
    honba = ctx.honba * (points.honba_tsumo * (rules.players - 1) if tsumo else points.honba_ron)
    return HandScore(
        han,
        fu,
        tuple(hits_out),
        yakuman,
        pay.limit,
        pay.ron,
        pay.tsumo_dealer,
        pay.tsumo_non_dealer,
        pay.total,
        honba,
        ctx.riichi_sticks * points.deposit,
    )


def _best(candidates: list[_Candidate], dora: int, ctx: WinContext, rules: ScoringRules) -> _Candidate:
    """The candidate that pays the most; on a tie a real yakuman, then the most han, then fu."""
    payment: Callable[..., Payment] = rules.points.payment

    def rank(candidate: _Candidate) -> tuple[int, int, int, int]:
        yakuman, han, fu, _ = candidate
        if not yakuman and not han:
            return (-1, 0, 0, 0)
        total_han = 0 if yakuman else han + dora
        total = payment(
            total_han, fu, yakuman, dealer=ctx.dealer, tsumo=ctx.tsumo, players=rules.players, kiriage=rules.kiriage
        ).total
        return (total, yakuman, total_han, fu or 0)

    return max(candidates, key=rank)


def _special_readings(board: int, shapes: ShapeRules) -> tuple[Shape, ...]:
    """The 七対子-type and 国士-type shapes of a closed hand (cheap tests first)."""
    pairs = shapes.pairs
    kokushi = shapes.kokushi
    maybe_pairs = pairs is not None and (pairs.singles > 0 or not board & _ONES)
    maybe_kokushi = kokushi is not None and not board & _NON_YAOCHU
    if not maybe_pairs and not maybe_kokushi:
        return ()
    tiles = tile_count(board)
    found: list[Shape] = []
    if maybe_pairs and pairs is not None and tiles == pairs.size and shapes.pairs_shanten(board) == -1:
        found.append(Shape.PAIRS)
    if maybe_kokushi and kokushi is not None and tiles == kokushi.size and shapes.kokushi_shanten(board) == -1:
        found.append(Shape.KOKUSHI)
    return tuple(found)


_DORA = ("ドラ", "Dora")
_URA = ("裏ドラ", "Ura dora")
_RED = ("赤ドラ", "Red five")
_NUKI = ("抜きドラ", "Nuki dora")


def _dora(ctx: WinContext, rules: ScoringRules, everything: int) -> list[YakuHit]:
    """Dora lines: omote and kan dora, ura (riichi only), red fives and pulled tiles."""
    hits: list[YakuHit] = []
    nuki = ctx.nuki_dora
    nuki_kind = rules.nuki_kind if nuki else None
    after = rules._dora
    if ctx.dora_indicators:
        count = _count_dora(ctx.dora_indicators, after, everything, nuki, nuki_kind)
        if count:
            hits.append(YakuHit(*_DORA, count))
    if ctx.ura_indicators and rules.ura_dora and (ctx.riichi or ctx.double_riichi):
        count = _count_dora(ctx.ura_indicators, after, everything, nuki, nuki_kind)
        if count:
            hits.append(YakuHit(*_URA, count))
    if ctx.red_dora and rules.red_dora:
        hits.append(YakuHit(*_RED, ctx.red_dora))
    if nuki:
        hits.append(YakuHit(*_NUKI, nuki))
    return hits


def _count_dora(
    indicators: tuple[int, ...], after: tuple[int, ...], everything: int, nuki: int, nuki_kind: int | None
) -> int:
    count = 0
    for indicator in indicators:
        kind = after[indicator]
        count += everything >> (4 * kind) & 0xF
        if kind == nuki_kind:
            count += nuki
    return count
