"""Yaku tables: which yaku a variant has and what each is worth.

A :class:`YakuTable` maps yaku classes to a :class:`YakuValue` (han closed and open, or a
yakuman weight). Variants derive theirs from :data:`STANDARD_YAKU`, naming only what differs
(the table's order is the order a hand's yaku are shown in)::

    NISHOKU_LIKE = STANDARD_YAKU.without(Ippatsu, Pinfu, Sanshoku).with_values(
        {Chiitoitsu: YakuValue.han(1), Daisuushii: YakuValue.yakuman(5), MyNewPinfu: YakuValue.han(1)}
    )
    SANMA_LIKE = STANDARD_YAKU.inserted(Honroutou, {SanFuu: YakuValue.han(2, 2)})

>>> STANDARD_YAKU[Chinitsu]
YakuValue(closed=6, open=5, yakuman=False)
>>> Pinfu in STANDARD_YAKU.without(Pinfu)
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from bot.engine.yaku.base import Facts, Feature, Reading, Scope, Yaku, YakuHit
from bot.engine.yaku.composition import (
    Chinitsu,
    Chun,
    Haku,
    Hatsu,
    Honitsu,
    Honroutou,
    RoundWind,
    Sankantsu,
    SeatWind,
    Shousangen,
    Tanyao,
)
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.sets import (
    Chanta,
    Chiitoitsu,
    Iipeikou,
    Ittsu,
    Junchan,
    Pinfu,
    Ryanpeikou,
    Sanankou,
    Sanshoku,
    SanshokuDoukou,
    Toitoi,
)
from bot.engine.yaku.situational import (
    Chankan,
    DoubleRiichi,
    Haitei,
    Houtei,
    Ippatsu,
    MenzenTsumo,
    Riichi,
    Rinshan,
)
from bot.engine.yaku.yakuman import (
    Chiihou,
    Chinroutou,
    Chuuren,
    ChuurenJunsei,
    Daisangen,
    Daisuushii,
    Kokushi,
    Kokushi13,
    Ryuuiisou,
    Shousuushii,
    Suuankou,
    SuuankouTanki,
    Suukantsu,
    Tenhou,
    Tsuuiisou,
)

__all__ = [
    "GATE_CHUNKS",
    "GATE_CHUNK_BITS",
    "STANDARD_YAKU",
    "STANDARD_YAKU_DOUBLES",
    "YAKUMAN_SHIFT",
    "YakuTable",
    "YakuValue",
]

Check = Callable[[Facts, WinContext], int]
ScopedChecks = tuple[tuple[tuple[int, Check], ...], ...]
"""Per :class:`Scope`: ``(index, bound count method)``, or in :attr:`YakuTable.asked`
``(bit, bound count method)`` with ``bit = 1 << index``."""
GATE_CHUNK_BITS = 10
GATE_CHUNKS = 5
"""Feature flags are looked up 10 bits at a time, in this many chunks (50 bits)."""
YAKUMAN_SHIFT = 16
"""In :attr:`YakuTable.units`, a yakuman's weight is shifted this far above the han."""


class _AskedTable(dict[int, ScopedChecks]):
    """Mask of the gated-in yaku that must be asked -> their ``(bit, check)`` pairs per scope,
    then all of them.

    Only yaku without an exact gate are in the key, so there are few distinct keys."""

    def __init__(self, table: YakuTable) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, mask: int) -> ScopedChecks:
        checks = tuple(
            tuple((1 << index, check) for index, check in scoped if mask >> index & 1) for scoped in self.table.checks
        )
        # Then all of them, for a hand with one reading and one wait, where scopes do not matter.
        checks += (tuple(check for scoped in checks for check in scoped),)
        self[mask] = checks
        return checks


class _ValueTable(dict[int, tuple[int, tuple[YakuHit, ...]]]):
    """``hits << 1 | open`` -> ``(value, lines)`` of the yaku in the bitmask ``hits``, each
    counted once: superseded yaku dropped, han plus the yakuman weight shifted by
    :data:`YAKUMAN_SHIFT`, and the score lines of the yaku kept."""

    def __init__(self, table: YakuTable) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, key: int) -> tuple[int, tuple[YakuHit, ...]]:
        table = self.table
        hits = key >> 1
        drops = table.drops
        drop = 0
        rest = hits
        while rest:
            low = rest & -rest
            drop |= drops[low.bit_length() - 1]
            rest ^= low
        kept = hits & ~drop
        units = table.units[key & 1]
        value = 0
        rest = kept
        while rest:
            low = rest & -rest
            value += units[low.bit_length() - 1]
            rest ^= low
        entry = (value, table.lines[kept << 1 | key & 1])
        self[key] = entry
        return entry


class _ReadingGates(dict[int, int]):
    """:class:`Reading` flags of one regular reading and wait -> the bitmask of the
    :attr:`~Yaku.reading_exact` yaku whose reading gate they pass (the hand's gate aside)."""

    def __init__(self, gates: tuple[tuple[int, int, int], ...]) -> None:
        super().__init__()
        self.gates = gates

    def __missing__(self, flags: int) -> int:
        mask = 0
        for bit, requires, excludes in self.gates:
            if flags & requires == requires and not flags & excludes:
                mask |= bit
        self[flags] = mask
        return mask


_PATTERNS = int(Reading.SAME_RUNS | Reading.STRAIGHT | Reading.SAME_TRIPLETS)


def _indices(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _LinesTable(dict[int, tuple[YakuHit, ...]]):
    """``kept << 1 | open`` -> the score lines of the yaku in the bitmask ``kept``, each once.

    A new set of yaku is put together from the lines of its yaku 8 indices at a time, which
    are remembered on their own (``chunks``), so a new set costs a few look-ups."""

    def __init__(self, table: YakuTable) -> None:
        super().__init__()
        self.table = table
        self.chunks: dict[int, tuple[YakuHit, ...]] = {}

    def __missing__(self, key: int) -> tuple[YakuHit, ...]:
        kept, is_open = key >> 1, key & 1
        lines: tuple[YakuHit, ...] = ()
        start = 0
        while kept:
            bits = kept & 0xFF
            if bits:
                chunk_key = start << 9 | bits << 1 | is_open
                part = self.chunks.get(chunk_key)
                if part is None:
                    units = self.table.units[is_open]
                    part = tuple(self.table.hit(start + index, units[start + index]) for index in _indices(bits))
                    self.chunks[chunk_key] = part
                lines += part
            kept >>= 8
            start += 8
        self[key] = lines
        return lines


@dataclass(frozen=True, slots=True)
class YakuValue:
    """What one yaku is worth: han closed and open, or (``yakuman``) a yakuman weight.

    ``open`` is None for a closed-only yaku, which then does not apply to an open hand at all.
    The weight of a yakuman is in the table's own units: standard riichi counts 1 per yakuman,
    二色麻雀 weighs 小役満 4 and 大役満 5 against its points table.
    """

    closed: int
    open: int | None = None
    yakuman: bool = False

    @classmethod
    def han(cls, closed: int, open: int | None = None) -> YakuValue:
        """A yaku worth ``closed`` han, and ``open`` han in an open hand (None: closed only)."""
        return cls(closed, open)

    @classmethod
    def weight(cls, weight: int = 1, *, closed_only: bool = False) -> YakuValue:
        """A yakuman of the given weight."""
        return cls(weight, None if closed_only else weight, yakuman=True)

    def for_hand(self, *, is_open: bool) -> int:
        """Han or weight in a closed or open hand; 0 when the yaku does not apply."""
        if is_open:
            return self.open or 0
        return self.closed


@dataclass(frozen=True)
class YakuTable:
    """The yaku of one variant, in display order, with their values.

    Build one with :meth:`of`, or derive one with :meth:`with_values` and :meth:`without`.
    Equality and hashing look at ``entries`` only.

    The other fields are compiled from the entries, for the scorer; a yaku is named by its
    index in ``entries``. ``yaku``: one instance per class. ``checks``: per :class:`Scope`,
    ``(index, bound count method)``. ``closed_values`` / ``open_values``: han or weight per
    index, 0 when it does not apply. ``units``: the same, closed then open, with yakuman
    weights shifted by :data:`YAKUMAN_SHIFT` so one sum holds both. ``drops``: per yaku, the
    bitmask of indices it supersedes (:meth:`Yaku.overrides`). ``exact_mask``: yaku with an
    exact gate; ``ask_mask``: the others, whose :meth:`Yaku.count` must be called.
    ``gate_chunks``: see :meth:`gate`. ``reading_mask``: the :attr:`~Yaku.reading_exact` yaku,
    decided for a regular reading by ``reading_gates`` (:class:`Reading` flags -> those of them
    whose reading gate passes); ``pattern_mask``: those whose gate reads the run and triplet
    patterns (:attr:`Reading.SAME_RUNS`…), which the scorer works out only for them.
    ``asked``: gated-in ``ask_mask`` yaku -> their checks per scope. ``values``: a set of hits
    -> its value and score lines. ``lines``: a set of kept yaku -> their score lines.
    """

    entries: tuple[tuple[type[Yaku], YakuValue], ...]
    yaku: tuple[Yaku, ...] = field(init=False, repr=False, compare=False)
    checks: ScopedChecks = field(init=False, repr=False, compare=False)
    closed_values: tuple[int, ...] = field(init=False, repr=False, compare=False)
    open_values: tuple[int, ...] = field(init=False, repr=False, compare=False)
    yakuman_flags: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    drops: tuple[int, ...] = field(init=False, repr=False, compare=False)
    units: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    gate_chunks: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    exact_mask: int = field(init=False, repr=False, compare=False)
    ask_mask: int = field(init=False, repr=False, compare=False)
    reading_mask: int = field(init=False, repr=False, compare=False)
    pattern_mask: int = field(init=False, repr=False, compare=False)
    reading_gates: _ReadingGates = field(init=False, repr=False, compare=False)
    _hits: dict[int, YakuHit] = field(init=False, repr=False, compare=False, default_factory=dict)
    asked: _AskedTable = field(init=False, repr=False, compare=False)
    values: _ValueTable = field(init=False, repr=False, compare=False)
    lines: _LinesTable = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        classes = [cls for cls, _ in self.entries]
        if len(set(classes)) != len(classes):
            raise ValueError("a yaku is listed twice")
        for cls, value in self.entries:
            if value.yakuman != cls.is_yakuman:
                kind = "a yakuman weight" if cls.is_yakuman else "han"
                raise ValueError(f"{cls.__name__} ({cls.name}) needs {kind}, not {value}")
        instances = tuple(cls() for cls in classes)
        object.__setattr__(self, "yaku", instances)
        checks = tuple(
            tuple((index, yaku.count) for index, yaku in enumerate(instances) if yaku.scope is scope) for scope in Scope
        )
        object.__setattr__(self, "checks", checks)
        object.__setattr__(self, "closed_values", tuple(value.for_hand(is_open=False) for _, value in self.entries))
        object.__setattr__(self, "open_values", tuple(value.for_hand(is_open=True) for _, value in self.entries))
        object.__setattr__(self, "yakuman_flags", tuple(value.yakuman for _, value in self.entries))
        drops = tuple(
            sum(1 << index for index, other in enumerate(classes) if cls is not other and cls.overrides(other))
            for cls in classes
        )
        object.__setattr__(self, "drops", drops)
        # Han and yakuman weight in one number: a yakuman's weight sits above bit 16.
        units = tuple(
            tuple(
                value.for_hand(is_open=is_open) << (YAKUMAN_SHIFT if value.yakuman else 0) for _, value in self.entries
            )
            for is_open in (False, True)
        )
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "gate_chunks", self._gate_chunks())
        exact = 0
        for index, (cls, _) in enumerate(self.entries):
            if cls.exact:
                if cls.scope is not Scope.HAND:
                    raise ValueError(f"{cls.__name__}: only a Scope.HAND yaku can have an exact gate")
                exact |= 1 << index
        object.__setattr__(self, "exact_mask", exact)
        object.__setattr__(self, "ask_mask", ((1 << len(self.entries)) - 1) & ~exact)
        gates = []
        for index, (cls, _) in enumerate(self.entries):
            if cls.reading_exact:
                if cls.scope is Scope.HAND or cls.exact:
                    raise ValueError(f"{cls.__name__}: only a Scope.READING or Scope.WAIT yaku can be reading-exact")
                gates.append((1 << index, int(cls.reading_requires), int(cls.reading_excludes)))
        object.__setattr__(self, "reading_mask", sum(bit for bit, _, _ in gates))
        object.__setattr__(
            self, "pattern_mask", sum(bit for bit, requires, excludes in gates if (requires | excludes) & _PATTERNS)
        )
        object.__setattr__(self, "reading_gates", _ReadingGates(tuple(gates)))
        object.__setattr__(self, "asked", _AskedTable(self))
        object.__setattr__(self, "values", _ValueTable(self))
        object.__setattr__(self, "lines", _LinesTable(self))

    def _gate_chunks(self) -> tuple[tuple[int, ...], ...]:
        """Per 10 bits of feature flags, for each value of them: the bitmask of yaku they allow."""
        bits = max(Feature).bit_length()
        width = GATE_CHUNKS * GATE_CHUNK_BITS
        if bits > width:
            raise ValueError(f"{bits} feature bits do not fit {GATE_CHUNKS} chunks")
        kill_if_set = [0] * width
        kill_if_clear = [0] * width
        for index, (cls, value) in enumerate(self.entries):
            requires = int(cls.requires)
            excludes = int(cls.excludes)
            if not value.for_hand(is_open=True):
                excludes |= Feature.OPEN
            if not value.for_hand(is_open=False):
                requires |= Feature.OPEN
            for bit in range(bits):
                if requires >> bit & 1:
                    kill_if_clear[bit] |= 1 << index
                if excludes >> bit & 1:
                    kill_if_set[bit] |= 1 << index
        every = (1 << len(self.entries)) - 1
        size = 1 << GATE_CHUNK_BITS
        chunks = []
        for start in range(0, width, GATE_CHUNK_BITS):
            # What the set bits kill and what the clear bits kill, one bit added at a time.
            if_set = [0] * size
            if_clear = [0] * size
            for flags in range(1, size):
                low = flags & -flags
                bit = start + low.bit_length() - 1
                if_set[flags] = if_set[flags ^ low] | kill_if_set[bit]
                if_clear[flags] = if_clear[flags ^ low] | kill_if_clear[bit]
            chunks.append(tuple(every & ~(if_set[flags] | if_clear[size - 1 ^ flags]) for flags in range(size)))
        return tuple(chunks)

    def gate(self, features: int) -> int:
        """The bitmask of yaku a hand with these :class:`Feature` flags may have.

        A yaku is in it when its ``requires`` flags are all set and its ``excludes`` flags all
        clear; yaku worth nothing in the hand (closed-only ones in an open hand) are gated out
        too. One look-up per 10 bits of flags; the scorer does the same inline.
        """
        g0, g1, g2, g3, g4 = self.gate_chunks
        return (
            g0[features & 0x3FF]
            & g1[features >> 10 & 0x3FF]
            & g2[features >> 20 & 0x3FF]
            & g3[features >> 30 & 0x3FF]
            & g4[features >> 40 & 0x3FF]
        )

    def hit(self, index: int, units: int) -> YakuHit:
        """The score line of the ``index``-th yaku worth ``units`` (han, or a yakuman weight
        shifted by :data:`YAKUMAN_SHIFT`), built once."""
        key = index << 24 | units
        hit = self._hits.get(key)
        if hit is None:
            yaku = self.yaku[index]
            if units >> YAKUMAN_SHIFT:
                hit = YakuHit(yaku.name, yaku.en, 0, units >> YAKUMAN_SHIFT)
            else:
                hit = YakuHit(yaku.name, yaku.en, units)
            self._hits[key] = hit
        return hit

    @classmethod
    def of(cls, values: Mapping[type[Yaku], YakuValue]) -> YakuTable:
        """A table of exactly these yaku, in this order."""
        return cls(tuple(values.items()))

    def with_values(self, values: Mapping[type[Yaku], YakuValue]) -> YakuTable:
        """A copy with these values: listed yaku are revalued in place, new ones appended."""
        entries = [(cls, values.get(cls, value)) for cls, value in self.entries]
        entries += [(cls, value) for cls, value in values.items() if cls not in self]
        return YakuTable(tuple(entries))

    def inserted(self, after: type[Yaku], values: Mapping[type[Yaku], YakuValue]) -> YakuTable:
        """A copy with these yaku listed right after ``after``, in this order: a variant's own
        yaku shown among those they belong with (raises KeyError for an ``after`` the table
        does not have).

        >>> table = STANDARD_YAKU.inserted(Riichi, {Pinfu: YakuValue.han(1)})
        Traceback (most recent call last):
        ...
        ValueError: a yaku is listed twice
        >>> [cls.__name__ for cls in STANDARD_YAKU.without(Pinfu).inserted(Riichi, {Pinfu: YakuValue.han(1)})][:3]
        ['Riichi', 'Pinfu', 'DoubleRiichi']
        """
        position = next((index for index, (cls, _) in enumerate(self.entries) if cls is after), None)
        if position is None:
            raise KeyError(after.__name__)
        entries = list(self.entries)
        entries[position + 1 : position + 1] = values.items()
        return YakuTable(tuple(entries))

    def without(self, *yaku: type[Yaku]) -> YakuTable:
        """A copy without these yaku (raises KeyError for one the table does not have)."""
        for cls in yaku:
            if cls not in self:
                raise KeyError(cls.__name__)
        return YakuTable(tuple((cls, value) for cls, value in self.entries if cls not in yaku))

    def __getitem__(self, yaku: type[Yaku]) -> YakuValue:
        for cls, value in self.entries:
            if cls is yaku:
                return value
        raise KeyError(yaku.__name__)

    def __contains__(self, yaku: object) -> bool:
        return any(cls is yaku for cls, _ in self.entries)

    def __iter__(self) -> Iterator[type[Yaku]]:
        return (cls for cls, _ in self.entries)

    def __len__(self) -> int:
        return len(self.entries)


_han = YakuValue.han
_yakuman = YakuValue.weight

STANDARD_YAKU = YakuTable.of(
    {
        Riichi: _han(1),
        DoubleRiichi: _han(2),
        Ippatsu: _han(1),
        MenzenTsumo: _han(1),
        Pinfu: _han(1),
        Iipeikou: _han(1),
        Tanyao: _han(1, 1),
        Haku: _han(1, 1),
        Hatsu: _han(1, 1),
        Chun: _han(1, 1),
        SeatWind: _han(1, 1),
        RoundWind: _han(1, 1),
        Rinshan: _han(1, 1),
        Chankan: _han(1, 1),
        Haitei: _han(1, 1),
        Houtei: _han(1, 1),
        Sanshoku: _han(2, 1),
        Ittsu: _han(2, 1),
        Chanta: _han(2, 1),
        Chiitoitsu: _han(2),
        Toitoi: _han(2, 2),
        Sanankou: _han(2, 2),
        SanshokuDoukou: _han(2, 2),
        Sankantsu: _han(2, 2),
        Shousangen: _han(2, 2),
        Honroutou: _han(2, 2),
        Ryanpeikou: _han(3),
        Junchan: _han(3, 2),
        Honitsu: _han(3, 2),
        Chinitsu: _han(6, 5),
        Kokushi: _yakuman(closed_only=True),
        Kokushi13: _yakuman(closed_only=True),
        Suuankou: _yakuman(closed_only=True),
        SuuankouTanki: _yakuman(closed_only=True),
        Daisangen: _yakuman(),
        Tsuuiisou: _yakuman(),
        Shousuushii: _yakuman(),
        Daisuushii: _yakuman(),
        Ryuuiisou: _yakuman(),
        Chinroutou: _yakuman(),
        Chuuren: _yakuman(closed_only=True),
        ChuurenJunsei: _yakuman(closed_only=True),
        Suukantsu: _yakuman(),
        Tenhou: _yakuman(closed_only=True),
        Chiihou: _yakuman(closed_only=True),
    }
)
"""Standard 4-player riichi (baseline B2), open tanyao allowed, every yakuman worth 1.

The upgraded forms (国士無双十三面待ち, 四暗刻単騎, 純正九蓮宝燈) are listed so the hand shows
their names, at the same weight as the plain form. 人和 is not listed; add
:class:`~bot.engine.yaku.situational.Renhou` or
:class:`~bot.engine.yaku.yakuman.RenhouYakuman` to use it.
"""

STANDARD_YAKU_DOUBLES = STANDARD_YAKU.with_values(
    {
        Kokushi13: _yakuman(2, closed_only=True),
        SuuankouTanki: _yakuman(2, closed_only=True),
        ChuurenJunsei: _yakuman(2, closed_only=True),
        Daisuushii: _yakuman(2),
    }
)
""":data:`STANDARD_YAKU` with the four usual double yakuman (``mahjong``'s default, ``has_double_yakuman``)."""
