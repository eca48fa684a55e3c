"""The yaku protocol: one small class per yaku, reading one precomputed :class:`Facts` object.

A yaku never looks at tiles itself. The scorer reads the hand once into a :class:`Facts`
object (kinds present, runs and triplets as bitmasks, the wait, fu from sets) and asks the yaku
of the variant's table how many times they apply. Each class declares:

- how much of the hand it depends on (:class:`Scope`), so the scorer asks it once per hand,
  once per reading, or once per reading and wait;
- which yaku it supersedes, so the scorer never hard-codes that 二盃口 drops 一盃口 (and a
  :class:`Yakuman` drops every yaku that is not one);
- a gate: :class:`Feature` flags the hand must have (``requires``) or must not have
  (``excludes``) for the yaku to be possible at all, so most yaku are never asked about a hand
  that cannot have them; when the gate is the whole condition (``exact``), not even then.

Bitmasks: ``runs`` and ``triplets`` are *compact* masks, bit ``k`` for kind ``k`` (a run is
named by its lowest kind). ``present`` is a *nibble* mask, the low bit of kind ``k``'s 4-bit
field of a count board (bit ``4k``), so it combines directly with count boards; the constants
below (:data:`YAOCHU_PRESENT` and friends) are nibble masks for that test.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from bot.engine.shapes import Shape
from bot.engine.tiles import HONORS, TERMINALS, YAOCHU, Kind
from bot.engine.yaku.context import WinContext

__all__ = [
    "DRAGONS",
    "GREEN_PRESENT",
    "HONOR_PRESENT",
    "MAN_PRESENT",
    "MIDDLE_PRESENT",
    "PIN_PRESENT",
    "SIMPLE_PRESENT",
    "SOU_PRESENT",
    "SUIT_PRESENT",
    "TERMINAL_PRESENT",
    "WINDS",
    "YAOCHU_PRESENT",
    "Facts",
    "Feature",
    "Reading",
    "Scope",
    "Wait",
    "Yaku",
    "YakuHit",
    "Yakuman",
    "nibbles",
    "present_features",
]


def nibbles(kinds: frozenset[int] | range | tuple[int, ...]) -> int:
    """The nibble mask of some kinds: bit ``4k`` for each kind ``k``."""
    return sum(1 << (4 * kind) for kind in set(kinds))


def _compact(kinds: frozenset[int] | range | tuple[int, ...]) -> int:
    return sum(1 << kind for kind in set(kinds))


YAOCHU_PRESENT = nibbles(YAOCHU)
"""么九牌 (terminals and honours) as a nibble mask."""
TERMINAL_PRESENT = nibbles(TERMINALS)
"""1 and 9 of the number suits as a nibble mask."""
HONOR_PRESENT = nibbles(HONORS)
"""字牌 as a nibble mask."""
SIMPLE_PRESENT = nibbles(tuple(kind for kind in range(27) if kind not in TERMINALS))
"""中張牌 (2-8 of the number suits) as a nibble mask."""
MAN_PRESENT = nibbles(range(9))
PIN_PRESENT = nibbles(range(9, 18))
SOU_PRESENT = nibbles(range(18, 27))
SUIT_PRESENT = (MAN_PRESENT, PIN_PRESENT, SOU_PRESENT)
"""The three number suits as nibble masks, in kind order."""
MIDDLE_PRESENT = nibbles(tuple(kind for kind in range(27) if kind % 9 in (3, 4, 5)))
"""4, 5 and 6 of the number suits: no set holding one of them is 么九-bearing."""
GREEN_PRESENT = nibbles((Kind.S2, Kind.S3, Kind.S4, Kind.S6, Kind.S8, Kind.GREEN))
"""緑一色's tiles: 2s 3s 4s 6s 8s 發."""

DRAGONS = _compact((Kind.WHITE, Kind.GREEN, Kind.RED))
"""三元牌 as a compact mask (bit k for kind k)."""
WINDS = _compact((Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH))
"""風牌 as a compact mask (bit k for kind k)."""


class Scope(enum.IntEnum):
    """How much of the hand a yaku depends on: the scorer asks it once per that much."""

    HAND = 0
    """Only the situation and the hand's tiles (``present``, ``honor_triplets``, ``board``…)."""
    READING = 1
    """Also the reading: ``shape``, ``runs``, ``triplets``, ``pair``, ``twin_runs``…"""
    WAIT = 2
    """Also the wait: ``wait``, ``concealed_triplets``, ``set_fu``. The safe default."""


class Wait(enum.IntEnum):
    """How the winning tile completed the hand, for one reading."""

    RYANMEN = 0
    """両面: either end of a two-sided run."""
    KANCHAN = 1
    """嵌張: the middle of a run."""
    PENCHAN = 2
    """辺張: the 3 of 123 or the 7 of 789."""
    TANKI = 3
    """単騎: the pair."""
    SHANPON = 4
    """双碰: one of two pairs, making a triplet (an open one on a ron)."""
    SPECIAL = 5
    """A 七対子 or 国士無双 shape, where waits do not change the score."""


class Feature(enum.IntFlag):
    """Coarse facts about a hand, for the necessary conditions yaku declare.

    A yaku's ``requires`` flags must all be set and its ``excludes`` flags all clear, or the
    scorer does not even ask it. Gates only save work: the yaku's :meth:`Yaku.count` still
    decides, so a gate must never exclude a hand the yaku could apply to. The flags after
    :attr:`STRAIGHT` are about the possible readings: they are set when *some* reading could
    have that property (or when every reading must).
    """

    RIICHI = 1 << 0
    """Riichi or double riichi was declared."""
    DOUBLE_RIICHI = 1 << 1
    IPPATSU = 1 << 2
    TSUMO = 1 << 3
    RINSHAN = 1 << 4
    CHANKAN = 1 << 5
    HAITEI = 1 << 6
    HOUTEI = 1 << 7
    TENHOU = 1 << 8
    CHIIHOU = 1 << 9
    RENHOU = 1 << 10
    OPEN = 1 << 11
    """An open meld."""
    MELDS = 1 << 12
    """Any declared set, a concealed kan included."""
    KANS3 = 1 << 13
    """Exactly three kans."""
    YAOCHU = 1 << 14
    """Some terminal or honour."""
    SIMPLE = 1 << 15
    """Some 2-8."""
    MIDDLE = 1 << 16
    """Some 4, 5 or 6."""
    HONOR = 1 << 17
    MAN = 1 << 18
    PIN = 1 << 19
    SOU = 1 << 20
    MULTI_SUIT = 1 << 21
    """Two or three number suits."""
    NOT_GREEN = 1 << 22
    """Some tile outside 緑一色's."""
    STRAIGHT = 1 << 23
    """Some suit holds all nine ranks."""
    WHITE_TRIPLET = 1 << 24
    GREEN_TRIPLET = 1 << 25
    RED_TRIPLET = 1 << 26
    SEAT_TRIPLET = 1 << 27
    ROUND_TRIPLET = 1 << 28
    DRAGON_TRIPLETS2 = 1 << 29
    """Exactly two dragon triplets (or kans)."""
    WIND_TRIPLETS3 = 1 << 30
    """Exactly three wind triplets (or kans)."""
    MAN_RUN = 1 << 31
    """A reading may hold a man run (so may the other suits' flags)."""
    PIN_RUN = 1 << 32
    SOU_RUN = 1 << 33
    MAN_TRIPLET = 1 << 34
    """A reading may hold a man triplet or kan."""
    PIN_TRIPLET = 1 << 35
    SOU_TRIPLET = 1 << 36
    TWIN_RUNS = 1 << 37
    """A reading may hold two identical concealed runs."""
    RUN_FORCED = 1 << 38
    """Every reading holds a run."""
    TRIPLET_FORCED = 1 << 39
    """Every reading holds a triplet or kan (or a declared set of any kind)."""
    CONCEALED3 = 1 << 40
    """A reading may hold three concealed triplets or kans."""
    CONCEALED4 = 1 << 41
    PAIRS_SHAPE = 1 << 42
    """The hand has a 七対子-type reading."""
    KOKUSHI_SHAPE = 1 << 43
    """The hand has a 国士無双-type reading."""
    NUMBER = 1 << 44
    """Some number tile."""
    KANS4 = 1 << 45
    """Exactly four kans."""
    DRAGON_TRIPLETS3 = 1 << 46
    """Triplets (or kans) of all three dragons."""
    WIND_TRIPLETS4 = 1 << 47
    """Triplets (or kans) of all four winds."""
    DRAGON_PAIR = 1 << 48
    """The regular readings' pair is a dragon."""
    WIND_PAIR = 1 << 49
    """The regular readings' pair is a wind."""


class Reading(enum.IntFlag):
    """Exact facts about one regular reading (and, from :attr:`NO_FU`, one wait of it), for the
    yaku whose whole condition they are (:attr:`Yaku.reading_exact`).

    Unlike :class:`Feature` flags, which are about every reading of a hand at once, these are
    true or false of the reading itself, so a yaku that declares its condition in them is never
    asked about a regular reading: the scorer decides it from the flags.
    """

    RUNS = 1 << 0
    """Some run, concealed or declared."""
    TWIN_RUNS = 1 << 1
    """A pair of identical concealed runs."""
    TWIN_RUNS2 = 1 << 2
    """Two pairs of identical concealed runs."""
    INNER = 1 << 3
    """Some set, or the pair, holds no terminal and no honour."""
    NON_TERMINAL = 1 << 4
    """Some set, or the pair, holds no terminal."""
    SAME_RUNS = 1 << 5
    """The same run in all three number suits."""
    STRAIGHT = 1 << 6
    """Runs 123, 456 and 789 of one suit."""
    SAME_TRIPLETS = 1 << 7
    """Triplets (or kans) of the same number in all three number suits."""
    NO_FU = 1 << 8
    """The wait: no fu from sets, the pair or the wait (``set_fu`` is 0)."""
    TANKI = 1 << 9
    """The wait: 単騎."""
    CONCEALED3 = 1 << 10
    """The wait: exactly three triplets or kans count as concealed."""
    CONCEALED4 = 1 << 11
    """The wait: four triplets or kans count as concealed."""
    SPECIAL = 1 << 12
    """Never set: a regular reading is no 七対子 or 国士無双 shape (those are always asked)."""


_SUIT_FEATURES = (
    int(Feature.MAN | Feature.NUMBER),
    int(Feature.PIN | Feature.NUMBER),
    int(Feature.SOU | Feature.NUMBER),
)
# Plain ints: IntFlag arithmetic runs in Python, int arithmetic in C.
_F_YAOCHU, _F_SIMPLE, _F_MIDDLE, _F_HONOR, _F_NOT_GREEN, _F_STRAIGHT, _F_MULTI_SUIT = (
    int(flag)
    for flag in (
        Feature.YAOCHU,
        Feature.SIMPLE,
        Feature.MIDDLE,
        Feature.HONOR,
        Feature.NOT_GREEN,
        Feature.STRAIGHT,
        Feature.MULTI_SUIT,
    )
)


def present_features(present: int) -> Feature:
    """The tile features (:attr:`Feature.YAOCHU` … :attr:`Feature.STRAIGHT`) of a nibble mask.

    For part of a hand (one block, one meld) OR-ing the parts' flags is exact except for
    :attr:`Feature.MULTI_SUIT` and :attr:`Feature.STRAIGHT`, which the scorer recomputes
    on the whole hand.
    """
    features = 0
    if present & YAOCHU_PRESENT:
        features |= _F_YAOCHU
    if present & SIMPLE_PRESENT:
        features |= _F_SIMPLE
    if present & MIDDLE_PRESENT:
        features |= _F_MIDDLE
    if present & HONOR_PRESENT:
        features |= _F_HONOR
    if present & ~GREEN_PRESENT:
        features |= _F_NOT_GREEN
    suits = 0
    for suit, mask in enumerate(SUIT_PRESENT):
        if present & mask:
            features |= _SUIT_FEATURES[suit]
            suits += 1
        if present & mask == mask:
            features |= _F_STRAIGHT
    if suits > 1:
        features |= _F_MULTI_SUIT
    return Feature(features)


class Facts:
    """Everything a yaku may read about one reading of a winning hand, computed once.

    The scorer fills the hand fields once and the reading and wait fields once per reading and
    wait, then hands the same object to every yaku; yaku must only read it. A field of a
    narrower scope than the yaku declares may be unset (AttributeError) or left from another
    reading, so a yaku reads only fields of its own scope or wider.

    Hand fields (the same in every reading):

    - ``board``: the concealed count board, winning tile included.
    - ``present``: nibble mask of every kind held, concealed or in a meld.
    - ``closed``: no open meld (a concealed kan keeps the hand closed).
    - ``melds``, ``kans``: how many declared sets, and how many of them are kans.
    - ``win_kind``, ``win_count``: the winning tile's kind and how many of it are concealed.
    - ``honor_triplets``: compact mask of honours held as a triplet or kan; ``honor_pair`` the
      honour of the pair (or -1). Honours never form runs, so every regular reading agrees.

    Reading fields:

    - ``shape``: :class:`~bot.engine.shapes.Shape` of the reading.
    - ``runs`` / ``triplets``: compact masks of the runs (lowest kind) and triplets or kans,
      concealed and declared; ``run_count`` / ``triplet_count`` count them with repeats.
    - ``twin_runs``: pairs of identical concealed runs (1 for 一盃口, 2 for 二盃口).
    - ``pair``: the pair's kind (-1 outside the regular shape).
    - ``all_yaochu``: every set and the pair hold a terminal or an honour (and it is regular).
    - ``all_terminal``: every set and the pair hold a terminal.

    Wait fields:

    - ``wait``: :class:`Wait`.
    - ``concealed_triplets``: triplets and kans counting as concealed (暗刻), a triplet
      completed by a ron excluded.
    - ``set_fu``: fu from sets, the pair and the wait, before the base, menzen and tsumo fu
      (0 means a 平和 shape).
    """

    __slots__ = (
        "all_terminal",
        "all_yaochu",
        "board",
        "closed",
        "concealed_triplets",
        "honor_pair",
        "honor_triplets",
        "kans",
        "melds",
        "pair",
        "present",
        "run_count",
        "runs",
        "set_fu",
        "shape",
        "triplet_count",
        "triplets",
        "twin_runs",
        "wait",
        "win_count",
        "win_kind",
    )
    board: int
    present: int
    closed: bool
    melds: int
    kans: int
    win_kind: int
    win_count: int
    honor_triplets: int
    honor_pair: int
    shape: Shape
    runs: int
    triplets: int
    run_count: int
    triplet_count: int
    twin_runs: int
    pair: int
    all_yaochu: bool
    all_terminal: bool
    wait: Wait
    concealed_triplets: int
    set_fu: int

    def __init__(
        self,
        board: int,
        present: int,
        closed: bool,
        melds: int,
        kans: int,
        win_kind: int,
        win_count: int,
        honor_triplets: int = 0,
        honor_pair: int = -1,
    ) -> None:
        # The reading and wait fields are left unset until the scorer fills them, so a yaku
        # that reads one from the wrong scope fails loudly instead of reading stale values.
        self.board = board
        self.present = present
        self.closed = closed
        self.melds = melds
        self.kans = kans
        self.win_kind = win_kind
        self.win_count = win_count
        self.honor_triplets = honor_triplets
        self.honor_pair = honor_pair

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name, None)!r}" for name in sorted(self.__slots__))
        return f"Facts({fields})"


class Yaku:
    """One yaku. Subclasses set the names and :attr:`scope` and implement :meth:`count`.

    Its value (han closed / open, or a yakuman weight) is not here but in the variant's
    :class:`~bot.engine.yaku.table.YakuTable`, so one class serves every variant.
    """

    name: ClassVar[str] = ""
    """The kanji name, as shown to players (``"断么九"``)."""
    en: ClassVar[str] = ""
    """The English name (``"All simples"``)."""
    scope: ClassVar[Scope] = Scope.WAIT
    """What the answer depends on; a narrower scope lets the scorer ask less often."""
    supersedes: ClassVar[tuple[type[Yaku], ...]] = ()
    """Yaku this one drops when both apply (二盃口 drops 一盃口)."""
    is_yakuman: ClassVar[bool] = False
    """A yakuman supersedes every yaku that is not one; its table value is a yakuman weight."""
    requires: ClassVar[Feature] = Feature(0)
    """Features the hand must have for the yaku to be possible (a gate; see :class:`Feature`)."""
    excludes: ClassVar[Feature] = Feature(0)
    """Features that make the yaku impossible."""
    exact: ClassVar[bool] = False
    """The gate is the whole condition (count 1 when it passes, 0 otherwise), so the scorer
    need not call :meth:`count`; only for :attr:`Scope.HAND` yaku. A test checks that
    :meth:`count` agrees on every seeded hand."""

    reading_exact: ClassVar[bool] = False
    """For a regular reading, once the gate lets the yaku in, its whole condition is
    :attr:`reading_requires` all set and :attr:`reading_excludes` all clear (:class:`Reading`
    flags), and it applies once; the scorer then calls :meth:`count` only for a 七対子 or
    国士無双 shape. Not for :attr:`Scope.HAND` yaku. A test checks that :meth:`count` agrees."""
    reading_requires: ClassVar[Reading] = Reading(0)
    reading_excludes: ClassVar[Reading] = Reading(0)

    def count(self, facts: Facts, ctx: WinContext) -> int:
        """How many times the yaku applies to this reading (0 = it does not)."""
        raise NotImplementedError

    @classmethod
    def overrides(cls, other: type[Yaku]) -> bool:
        """Whether this yaku drops ``other`` when both apply (a subclass of a superseded yaku
        is superseded too)."""
        return any(issubclass(other, dropped) for dropped in cls.supersedes) or (
            cls.is_yakuman and not other.is_yakuman
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Yakuman(Yaku):
    """A yakuman: when it applies, every yaku that is not a yakuman is dropped."""

    is_yakuman = True


@dataclass(frozen=True, slots=True)
class YakuHit:
    """One line of a score: a yaku (or dora) with its han, or its yakuman weight."""

    name: str
    en: str
    han: int
    yakuman: int = 0
