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
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from bot.engine.melds import MeldType
from bot.engine.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, Shape, ShapeRules, tile_count
from bot.engine.tiles import NUM_KINDS, YAOCHU, Kind, dora_after
from bot.engine.views import YakuLine
from bot.engine.yaku.base import SUIT_PRESENT, Facts, Feature, Reading, Wait, YakuHit, present_features
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.fu import FuRules
from bot.engine.yaku.readings import (
    CONCEALED_SHIFT,
    HONOR_BLOCKS,
    KANS_SHIFT,
    MULTI_SPLIT,
    NOT_TERMINAL_SHIFT,
    NOT_YAOCHU_SHIFT,
    OPEN_SHIFT,
    PAIR_SHIFT,
    RUN_COUNT_SHIFT,
    SET_FU_SHIFT,
    SUIT_BLOCKS,
    TRIPLET_COUNT_SHIFT,
    TRIPLETS_SHIFT,
    TWINS_SHIFT,
    Split,
    honor_features,
    meld_sums,
    reading_flags,
)
from bot.engine.yaku.table import STANDARD_YAKU, YAKUMAN_SHIFT, YakuTable

__all__ = [
    "DORA_LINES",
    "STANDARD_RULES",
    "HandScore",
    "NoWin",
    "Payment",
    "PointsTable",
    "Scorer",
    "ScoringRules",
    "StandardPoints",
    "YakuHit",
    "han_prices",
    "north_misused",
    "riichi_only",
    "score_hand",
]

_SUIT = (1 << 36) - 1
_HONORS = (1 << 28) - 1
_FLOWER_SHIFT = 4 * 34
_ONES = sum(1 << (4 * kind) for kind in range(NUM_KINDS))
_NON_YAOCHU = sum(0xF << (4 * kind) for kind in range(NUM_KINDS) if kind not in YAOCHU)


# --- results ------------------------------------------------------------------------------------


class Payment(NamedTuple):
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
    is None for a yakuman hand. ``yaku`` lists the yaku in table order, then the dora.
    ``payment`` says who pays what for the hand (its fields are also readable here:
    ``score.ron``, ``score.total``…); ``honba`` and ``deposits`` are what the winner receives
    on top of ``total`` (:attr:`received`).
    """

    han: int
    fu: int | None
    yaku: tuple[YakuHit, ...]
    yakuman: int
    payment: Payment
    honba: int = 0
    deposits: int = 0

    @property
    def ron(self) -> int:
        """What the discarder pays on a ron (before honba)."""
        return self.payment.ron

    @property
    def tsumo_dealer(self) -> int:
        """What the dealer pays on a non-dealer's tsumo (before honba)."""
        return self.payment.tsumo_dealer

    @property
    def tsumo_non_dealer(self) -> int:
        """What each non-dealer pays on a tsumo (before honba)."""
        return self.payment.tsumo_non_dealer

    @property
    def total(self) -> int:
        """What the winner receives for the hand, before honba and riichi sticks."""
        return self.payment.total

    @property
    def limit(self) -> str:
        """The limit hand's name (``"満貫"``, ``"役満"``…), or empty."""
        return self.payment.limit

    @property
    def received(self) -> int:
        """Everything the winner receives: the hand, honba and the riichi sticks."""
        return self.payment.total + self.honba + self.deposits

    def lines(self) -> tuple[YakuLine, ...]:
        """The yaku (and dora) as a result card lists them."""
        return tuple(YakuLine(hit.name, hit.en, hit.han, hit.yakuman) for hit in self.yaku)


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


@dataclass(frozen=True, slots=True)
class NoWin:
    """Why a hand scores nothing: :attr:`NOT_COMPLETE` or :attr:`NO_YAKU`."""

    reason: str

    NOT_COMPLETE: ClassVar[str] = "not a complete hand"
    NO_YAKU: ClassVar[str] = "no yaku"


# --- points tables ------------------------------------------------------------------------------


class PointsTable(abc.ABC):
    """Turns han, fu and yakuman weight into payments; one per scoring system.

    ``honba_ron`` is added to a ron per honba, ``honba_tsumo`` to each tsumo payment per honba,
    and ``deposit`` is the value of one riichi stick. :meth:`payment` must be a pure function
    of its arguments: the scorer asks once per distinct question and remembers the answer.
    """

    honba_ron: int = 300
    honba_tsumo: int = 100
    deposit: int = 1000

    @property
    def uses_fu(self) -> bool:
        """Whether a score's fu mean anything to this table, so a result shows them (二色麻雀's flat
        table has none)."""
        return True

    @abc.abstractmethod
    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        """The payments for a win of ``han`` han and ``fu`` fu, or of ``yakuman`` weight;
        ``players`` counts the winner and everyone who pays a tsumo."""


_YAKUMAN_NAMES = ("役満", "ダブル役満", "トリプル役満", "四倍役満", "五倍役満", "六倍役満")


@dataclass(frozen=True, slots=True)
class StandardPoints(PointsTable):
    """Baseline B4: base points ``fu × 2^(han+2)``, limits from 満貫, payments rounded up to 100.

    ``kazoe`` scores 13 han and more as a yakuman (else as 三倍満); ``yakuman_cap`` caps the
    total yakuman weight (6, as ``mahjong`` does). A ron adds ``honba_ron`` per honba, a tsumo
    ``honba_tsumo`` per honba to each payment; a riichi stick is worth ``deposit``.

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

    def base_points(self, han: int, fu: int | None, yakuman: int, *, kiriage: bool = False) -> tuple[int, str]:
        """The base points ``b`` and the limit's name."""
        if yakuman:
            weight = min(yakuman, self.yakuman_cap)
            return 8000 * weight, _YAKUMAN_NAMES[min(weight, len(_YAKUMAN_NAMES)) - 1]
        if han >= 5:
            if han >= 13:
                return (8000, "数え役満") if self.kazoe else (6000, "三倍満")
            if han >= 11:
                return 6000, "三倍満"
            if han >= 8:
                return 4000, "倍満"
            if han >= 6:
                return 3000, "跳満"
            return 2000, "満貫"
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
        features = present_features((tiles | tiles >> 1 | tiles >> 2 | tiles >> 3) & _ONES) | shape | Feature.MELDS
        if is_open:
            features |= Feature.OPEN
        sums = meld_sums(kind, run=run, kan=meld_type not in (MeldType.CHI, MeldType.PON), is_open=is_open)
        info = (int(features), rt, sums, tiles, reading_flags(sums))
        self[key] = info
        return info


_MELDS = _MeldTable()

_DORA_NAMES = (("ドラ", "Dora"), ("裏ドラ", "Ura dora"), ("赤ドラ", "Red five"), ("抜きドラ", "Nuki dora"))
DORA_LINES = frozenset(name for name, _ in _DORA_NAMES)
"""The names of the score lines that count dora, not yaku (they follow the yaku in
:attr:`HandScore.yaku`)."""


class _DoraLines(dict[int, tuple[YakuHit, ...]]):
    """``dora | ura << 8 | red << 16 | nuki << 24`` -> the dora lines of a score."""

    def __missing__(self, key: int) -> tuple[YakuHit, ...]:
        counts = (key & 0xFF, key >> 8 & 0xFF, key >> 16 & 0xFF, key >> 24)
        lines = tuple(YakuHit(*_DORA_NAMES[which], count) for which, count in enumerate(counts) if count)
        self[key] = lines
        return lines


_DORA_LINES = _DoraLines()


class _PaymentTable(dict[int, Payment]):
    """``han | fu << 8 | yakuman << 16 | dealer << 24 | tsumo << 25`` -> the points table's
    payment. A points table is a pure function of its arguments, so each is asked once."""

    def __init__(self, points: PointsTable, players: int, kiriage: bool) -> None:
        super().__init__()
        self.points = points
        self.players = players
        self.kiriage = kiriage

    def __missing__(self, key: int) -> Payment:
        han, fu, yakuman = key & 0xFF, key >> 8 & 0xFF, key >> 16 & 0xFF
        payment = self.points.payment(
            han,
            fu or None,
            yakuman,
            dealer=bool(key >> 24 & 1),
            tsumo=bool(key >> 25 & 1),
            players=self.players,
            kiriage=self.kiriage,
        )
        self[key] = payment
        return payment


class _PairFuTable(dict[int, tuple[int, ...]]):
    """``seat << 6 | round`` -> pair fu of every kind."""

    def __init__(self, fu: FuRules) -> None:
        super().__init__()
        self.fu = fu

    def __missing__(self, key: int) -> tuple[int, ...]:
        table = self.fu.pair_table(key >> 6, key & 0x3F)
        self[key] = table
        return table


@dataclass(frozen=True, eq=False)
class ScoringRules:
    """Everything a variant decides about scoring a win.

    ``shapes`` are the winning shapes, ``yaku`` the yaku table, ``points`` the points table.
    ``kiriage`` rounds 4 han 30 fu and 3 han 60 fu up to 満貫. ``players`` counts the winner
    and everyone who pays a tsumo. ``sanma_dora``: a 1m indicator points to 9m. ``red_dora``
    counts the context's red fives, ``ura_dora`` the ura indicators of a riichi hand.
    ``nuki_kind`` is the kind pulled as 抜きドラ: each pulled tile counts 1, plus whatever the
    indicators make that kind worth (None: pulled tiles count 1 each and nothing more).

    The other fields are compiled from these once, for the scorer: ``dora_shifts`` (per
    indicator, 4 × the kind it points to: that kind's field in a board), ``pair_fu`` (pair fu
    by seat and round wind), ``fu_additions`` (closed, tsumo -> the fu added to the sets' fu when
    they have some, and when they have none), ``payment_table`` (the points table's payments by han, fu, yakuman and
    situation), ``always_pairs`` (a pairs shape with lone tiles, tried on every board) and
    ``standard_special`` (plain 七対子 and 国士無双 over four copies of each kind).
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
    dora_shifts: tuple[int, ...] = field(init=False, repr=False)
    pair_fu: _PairFuTable = field(init=False, repr=False)
    fu_additions: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False)
    payment_table: _PaymentTable = field(init=False, repr=False)
    always_pairs: bool = field(init=False, repr=False)
    standard_special: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # 4 × the kind each indicator points to: the shift of that kind's field in a board.
        dora4 = tuple(4 * dora_after(kind, sanma=self.sanma_dora) for kind in range(NUM_KINDS))
        object.__setattr__(self, "dora_shifts", dora4)
        object.__setattr__(self, "pair_fu", _PairFuTable(self.fu))
        additions = tuple(
            tuple(self.fu.additions(closed=bool(closed), tsumo=bool(tsumo)) for tsumo in (0, 1)) for closed in (0, 1)
        )
        object.__setattr__(self, "fu_additions", additions)
        object.__setattr__(self, "payment_table", _PaymentTable(self.points, self.players, self.kiriage))
        # A pairs shape with lone tiles (五対子半) may have odd counts, so it is always tried.
        object.__setattr__(self, "always_pairs", self.shapes.pairs is not None and self.shapes.pairs.singles > 0)
        # Plain 七対子 and 国士無双 over four copies of every kind read straight off the board.
        shapes = self.shapes
        standard_special = (
            shapes.pairs == SEVEN_PAIRS
            and shapes.kokushi == THIRTEEN_ORPHANS
            and all(limit == 4 for limit in shapes.limits[: _FLOWER_SHIFT // 4])
        )
        object.__setattr__(self, "standard_special", standard_special)


STANDARD_RULES = ScoringRules()
"""Standard 4-player riichi: baseline B2-B4, open tanyao, red fives, no kiriage."""


# --- scoring ------------------------------------------------------------------------------------

_NO_FLOWERS = 1 << _FLOWER_SHIFT
_YAOCHU_ONES = sum(1 << (4 * kind) for kind in YAOCHU)
_RUNS = (1 << TRIPLETS_SHIFT) - 1
_HAN_MASK = (1 << YAKUMAN_SHIFT) - 1
_SUIT_RUN = (Feature.MAN_RUN, Feature.PIN_RUN, Feature.SOU_RUN)
_SUIT_TRIPLET = (Feature.MAN_TRIPLET, Feature.PIN_TRIPLET, Feature.SOU_TRIPLET)
_MAN_ALL, _PIN_ALL, _SOU_ALL = SUIT_PRESENT
_REGULAR = Shape.REGULAR
_PAIRS = Shape.PAIRS
_KOKUSHI = Shape.KOKUSHI
_SPECIAL = Wait.SPECIAL
# A special shape's reading: no set, no pair, and (unlike a regular reading with no set, which
# cannot exist) neither all-么九 nor all-terminal.
_SPECIAL_SUMS = 1 << NOT_YAOCHU_SHIFT | 1 << NOT_TERMINAL_SHIFT
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
_R_TWIN_RUNS, _R_TWIN_RUNS2, _R_NO_FU = int(Reading.TWIN_RUNS), int(Reading.TWIN_RUNS2), int(Reading.NO_FU)
_R_SAME_RUNS, _R_STRAIGHT, _R_SAME_TRIPLETS = int(Reading.SAME_RUNS), int(Reading.STRAIGHT), int(Reading.SAME_TRIPLETS)
# Reading flags of a wait, by Wait, and of the concealed triplets it leaves, by their count.
_WAIT_READING = tuple(int(Reading.TANKI) if wait is Wait.TANKI else 0 for wait in Wait)
_CONCEALED_READING = (0, 0, 0, int(Reading.CONCEALED3), int(Reading.CONCEALED4))

# One candidate reading and wait: (value, fu, score lines); value is the han plus the yakuman
# weight shifted by YAKUMAN_SHIFT.
_Candidate = tuple[int, int, tuple[YakuHit, ...]]


PRICED_HAN = 13
"""The most han :func:`han_prices` prices (a 役満 or 数え役満 in most tables)."""


def han_prices(rules: ScoringRules) -> tuple[int, ...]:
    """What a non-dealer's ron is worth by han, from none to :data:`PRICED_HAN` (40 fu where
    the table counts fu): the price a CPU sets on a hand it is building.

    >>> han_prices(ScoringRules())[:6]
    (0, 1300, 2600, 5200, 8000, 8000)
    """
    points, players, kiriage = rules.points, rules.players, rules.kiriage
    ron = [
        points.payment(han, 40, 0, dealer=False, tsumo=False, players=players, kiriage=kiriage).ron
        for han in range(1, PRICED_HAN + 1)
    ]
    return (0, *ron)


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
    if not melds and (rules.always_pairs or not board & _ONES or not board & _NON_YAOCHU):
        if rules.standard_special and board < _NO_FLOWERS:
            if not board & _ONES:
                # Every count even: 七対子 when seven kinds are held twice and none four times.
                if not board >> 2 & _ONES and (board >> 1 & _ONES).bit_count() == 7:
                    special = (_PAIRS,)
                    features |= _F_PAIRS_SHAPE
            elif (board | board >> 1 | board >> 2 | board >> 3) & _YAOCHU_ONES == _YAOCHU_ONES and tile_count(
                board
            ) == 14:
                # Only 么九 (or the test above would have passed), all thirteen held and one
                # more: 国士無双.
                special = (_KOKUSHI,)
                features |= _F_KOKUSHI_SHAPE
        else:
            special = _special_readings(board, rules.shapes)
            for shape in special:
                features |= _F_PAIRS_SHAPE if shape is _PAIRS else _F_KOKUSHI_SHAPE
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
        present = (everything | everything >> 1 | everything >> 2 | everything >> 3) & _ONES
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
            if reading & _R_TWIN_RUNS and sums >> TWINS_SHIFT & 0xF > 1:
                reading |= _R_TWIN_RUNS2
            if ask & table.pattern_mask:
                reading |= _patterns(meld_rt | man[3][0] | pin[3][1] | sou[3][2] | honors[4])
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
                    reading |= _WAIT_READING[wait] | _CONCEALED_READING[concealed]
                else:
                    fu = -(-without_fu // 10) * 10
                    reading |= _WAIT_READING[wait] | _CONCEALED_READING[concealed] | _R_NO_FU
                value, lines = values[(exact | ask & gates[reading]) << 1 | is_open]
            else:
                candidates: list[_Candidate] = []
                for wait, wait_fu, ron_fu, ron_triplet in waits:
                    set_fu = base_fu + wait_fu if tsumo else base_fu + wait_fu + ron_fu
                    wait_fu = -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10
                    wait_reading = (
                        reading
                        | _WAIT_READING[wait]
                        | _CONCEALED_READING[concealed if tsumo else concealed - ron_triplet]
                        | (0 if set_fu else _R_NO_FU)
                    )
                    value, lines = values[(exact | ask & gates[wait_reading]) << 1 | is_open]
                    candidates.append((value, wait_fu, lines))
                value, fu, lines = _best(candidates, bonus, ctx, rules)
        elif len(waits) == 1:
            # One reading and one wait: one candidate, so every check is asked once, whatever
            # its scope, of a Facts object filled in one go.
            ((wait, wait_fu, ron_fu, ron_triplet),) = waits
            set_fu = base_fu + wait_fu if tsumo else base_fu + wait_fu + ron_fu
            fu = -(-(set_fu + (with_fu if set_fu else without_fu)) // 10) * 10
            if not present:
                present = (everything | everything >> 1 | everything >> 2 | everything >> 3) & _ONES
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
            facts.shape = _REGULAR
            _set_reading(facts, rt, sums, pair)
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
                value, fu, lines = _several(table, hits, several, is_open, fu)
            else:
                value, lines = values[hits << 1 | is_open]
        else:
            facts = _hand_facts(ctx, everything, present, closed, kans, honor_triplets, honor_pair)
            blocks = (man[5][0], pin[5][1], sou[5][2], honors[2])
            value, fu, lines = _ask(
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
            _hand_facts(ctx, everything, present, closed, kans, honor_triplets, honor_pair)
            if special or ask & ~table.reading_mask
            else None
        )
        blocks = (man[5][0], pin[5][1], sou[5][2], honors[2])
        value, fu, lines = _ask(
            some_facts, ctx, rules, exact, ask, regular, special, blocks, meld_sums, meld_rt, meld_reading, bonus
        )

    if not value:
        return _NO_YAKU
    yakuman = value >> YAKUMAN_SHIFT
    if yakuman:
        han = 0
        fu = None
    else:
        han = value & _HAN_MASK
        if bonus:
            lines += _DORA_LINES[dora | ura << 8 | red << 16 | nuki << 24]
            han += bonus
    points = rules.points
    payment = rules.payment_table[han | (fu or 0) << 8 | yakuman << 16 | ctx.dealer << 24 | tsumo << 25]
    honba = ctx.honba
    if honba:
        honba *= points.honba_tsumo * (rules.players - 1) if tsumo else points.honba_ron
    return _new_score(han, fu, lines, yakuman, payment, honba, ctx.riichi_sticks * points.deposit)


class Scorer:
    """A variant's scorer: :func:`score_hand` over its ``rules``; a variant adds its own rulings
    in :meth:`evaluate` (北 only in some yakuman, riichi alone paid as a yakuman…)."""

    def __init__(self, rules: ScoringRules) -> None:
        self.rules = rules

    @property
    def points(self) -> PointsTable:
        """The points table."""
        return self.rules.points

    def evaluate(self, ctx: WinContext) -> HandScore | NoWin:
        """The score, or why there is none."""
        return score_hand(ctx, self.rules)

    def score(self, ctx: WinContext) -> HandScore | None:
        """The score of a legal win, or None."""
        result = self.evaluate(ctx)
        return None if isinstance(result, NoWin) else result

    def yakuman_hand(self, line: YakuHit, *, dealer: bool, tsumo: bool, of: HandScore | None = None) -> HandScore:
        """A hand paid as one yakuman under a name of its own (流し, リーチのみ), keeping the honba
        and deposits of the score ``of`` it replaces."""
        payment = self.points.payment(0, None, 1, dealer=dealer, tsumo=tsumo, players=self.rules.players, kiriage=False)
        return HandScore(0, None, (line,), 1, payment, of.honba if of else 0, of.deposits if of else 0)


def north_misused(ctx: WinContext, result: HandScore, allowed: Collection[str]) -> bool:
    """Whether the hand holds 北 though none of its yaku is one of those ``allowed`` to keep it
    (the sanma rule of 北 as 抜きドラ). The yakuman that allow 北 apply to every reading that
    holds it, and a hand's tiles are the same in every reading, so the best one tells."""
    return ctx.holds(Kind.NORTH) and not any(hit.name in allowed for hit in result.yaku)


def riichi_only(result: HandScore, riichi: Collection[str], *, strict: bool) -> bool:
    """Whether a riichi (a yaku named in ``riichi``) is the hand's one yaku beside its dora lines;
    ``strict``: and it has no dora line either. 一発 and 門前清自摸和 are yaku, so an ippatsu win
    (or a closed tsumo, where that yaku is listed) is never riichi only."""
    yaku = [hit for hit in result.yaku if hit.name not in DORA_LINES]
    if len(yaku) != 1 or yaku[0].name not in riichi:
        return False
    return not strict or len(yaku) == len(result.yaku)


def _hand_facts(
    ctx: WinContext, everything: int, present: int, closed: bool, kans: int, honor_triplets: int, honor_pair: int
) -> Facts:
    """A :class:`Facts` object with the hand fields filled."""
    if not present:
        present = (everything | everything >> 1 | everything >> 2 | everything >> 3) & _ONES
    board = ctx.concealed
    win = ctx.win_tile
    return Facts(
        board, present, closed, len(ctx.melds), kans, win, board >> (4 * win) & 0xF, honor_triplets, honor_pair
    )


def _set_reading(facts: Facts, rt: int, sums: int, pair: int) -> None:
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


def _ask(
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
) -> _Candidate:
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
    candidates: list[_Candidate] = []

    if regular:
        pair_fu = rules.pair_fu[ctx.seat_wind << 6 | ctx.round_wind]
        win = ctx.win_tile
        win_block = win // 9
        win_rank = win - 9 * win_block
        fill = facts is not None and bool(reading_checks or wait_checks)
        if facts is not None:
            facts.shape = _REGULAR
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
            if reading & _R_TWIN_RUNS and sums >> TWINS_SHIFT & 0xF > 1:
                reading |= _R_TWIN_RUNS2
            if patterns:
                reading |= _patterns(rt)
            reading_hits = hits
            reading_several = several
            if fill:
                assert facts is not None
                _set_reading(facts, rt, sums, pair)
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
                wait_reading = reading | _WAIT_READING[wait] | _CONCEALED_READING[wait_concealed]
                if not set_fu:
                    wait_reading |= _R_NO_FU
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
                    candidates.append(_several(table, wait_hits, wait_several, is_open, fu))
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
            fu = rules.fu.pairs_shape if shape is _PAIRS else -(-without_fu // 10) * 10
            if shape_several:
                candidates.append(_several(table, shape_hits, shape_several, is_open, fu))
            else:
                value, lines = values[shape_hits << 1 | is_open]
                candidates.append((value, fu, lines))

    if len(candidates) == 1:
        return candidates[0]
    return _best(candidates, bonus, ctx, rules)


def _patterns(rt: int) -> int:
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


def _several(table: YakuTable, hits: int, several: list[tuple[int, int]], is_open: bool, fu: int) -> _Candidate:
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


def _best(candidates: list[_Candidate], dora: int, ctx: WinContext, rules: ScoringRules) -> _Candidate:
    """The candidate that pays the most; on a tie a real yakuman, then the most han, then fu."""
    payments = rules.payment_table
    situation = ctx.dealer << 24 | ctx.tsumo << 25

    def rank(candidate: _Candidate) -> tuple[int, int, int, int]:
        value, fu, _ = candidate
        if not value:
            return (-1, 0, 0, 0)
        yakuman = value >> YAKUMAN_SHIFT
        if yakuman:
            return (payments[yakuman << 16 | situation].total, yakuman, 0, 0)
        total_han = (value & _HAN_MASK) + dora
        return (payments[total_han | fu << 8 | situation].total, 0, total_han, fu)

    return max(candidates, key=rank)


def _special_readings(board: int, shapes: ShapeRules) -> tuple[Shape, ...]:
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
