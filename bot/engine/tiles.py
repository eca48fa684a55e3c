"""Tile kinds, physical tiles, notation, and what a variant's tile set is made of.

Kinds are small ints, laid out like the familiar 34-format with the flowers after it::

    0-8   1m-9m      萬子
    9-17  1p-9p      筒子
    18-26 1s-9s      索子
    27-33 1z-7z      東 南 西 北 白 發 中
    34-37 1f-4f      春 夏 秋 冬

A physical :class:`Tile` is a kind plus the attributes some variant needs: a red or gold five,
a back colour (チンイツゲーム mixes a blue and a yellow set) and the dotted 白 (白ポッチ).
Identical faces compare equal; a game tells copies apart by their index in the variant's
:class:`TileSet`.

Notation (mpsz) is a run of digits closed by a suit letter, ``"123m0p11z"``::

    0m 0p 0s   red five               g (in m/p/s)  gold five, e.g. "g5p" -> gold 5p, 5p
    0z         白ポッチ (dotted white)   1f-4f         春 夏 秋 冬
    B / Y      before a group: every tile of that group has a blue / yellow back

>>> format_tiles(parse_tiles("340m11z2f"))
'340m11z2f'
>>> parse_tiles("B5p")[0]
Tile.parse('B5p')
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "FLOWERS",
    "HONORS",
    "NUM_KINDS",
    "NUM_STANDARD_KINDS",
    "TERMINALS",
    "YAOCHU",
    "Back",
    "Kind",
    "Suit",
    "Tile",
    "TileNotationError",
    "TileSet",
    "dora_after",
    "format_kinds",
    "format_tiles",
    "four_each",
    "is_honor",
    "is_terminal",
    "is_yaochu",
    "kind_name",
    "parse_kind",
    "parse_kinds",
    "parse_tiles",
    "rank_of",
    "standard_kinds",
    "suit_of",
]

NUM_STANDARD_KINDS = 34
NUM_KINDS = 38


class Suit(enum.Enum):
    """The five families of tiles, named by their notation letter."""

    MAN = "m"
    PIN = "p"
    SOU = "s"
    HONOR = "z"
    FLOWER = "f"


_SUIT_BASE = {Suit.MAN: 0, Suit.PIN: 9, Suit.SOU: 18, Suit.HONOR: 27, Suit.FLOWER: 34}
_SUIT_SIZE = {Suit.MAN: 9, Suit.PIN: 9, Suit.SOU: 9, Suit.HONOR: 7, Suit.FLOWER: 4}
_SUIT_BY_LETTER = {suit.value: suit for suit in Suit}


class Kind(enum.IntEnum):
    """Named kinds, for code that speaks of a particular tile (``Kind.EAST``, ``Kind.P5``)."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    SPRING = 34
    SUMMER = 35
    AUTUMN = 36
    WINTER = 37


TERMINALS: frozenset[int] = frozenset({0, 8, 9, 17, 18, 26})
HONORS: frozenset[int] = frozenset(range(27, 34))
YAOCHU: frozenset[int] = TERMINALS | HONORS
FLOWERS: frozenset[int] = frozenset(range(34, 38))
FIVES: frozenset[int] = frozenset({Kind.M5, Kind.P5, Kind.S5})


def suit_of(kind: int) -> Suit:
    """Return the suit of a kind."""
    if kind < 27:
        return (Suit.MAN, Suit.PIN, Suit.SOU)[kind // 9]
    return Suit.HONOR if kind < 34 else Suit.FLOWER


def rank_of(kind: int) -> int:
    """Return the number written before the suit letter (1-9, honours 1-7, flowers 1-4)."""
    return kind - _SUIT_BASE[suit_of(kind)] + 1


def kind_of(suit: Suit, rank: int) -> int:
    """Return the kind of a suit and a rank, the inverse of :func:`suit_of` / :func:`rank_of`."""
    if not 1 <= rank <= _SUIT_SIZE[suit]:
        raise ValueError(f"{suit.name.lower()} has no rank {rank}")
    return _SUIT_BASE[suit] + rank - 1


def is_honor(kind: int) -> bool:
    """Winds and dragons."""
    return 27 <= kind < 34


def is_terminal(kind: int) -> bool:
    """1 and 9 of a number suit."""
    return kind in TERMINALS


def is_yaochu(kind: int) -> bool:
    """么九牌: terminals and honours."""
    return kind in YAOCHU


def kind_name(kind: int) -> str:
    """Return the mpsz name of a kind, e.g. ``"5p"``."""
    if not 0 <= kind < NUM_KINDS:
        raise ValueError(f"no tile kind {kind}")
    return f"{rank_of(kind)}{suit_of(kind).value}"


def dora_after(indicator: int, *, sanma: bool = False) -> int:
    """Return the kind a dora indicator points to.

    Number suits wrap 9 -> 1; winds E->S->W->N->E; dragons 白->發->中->白; flowers
    春->夏->秋->冬->春. With ``sanma`` the manzu are only 1m and 9m, so each points to the other.
    """
    suit = suit_of(indicator)
    rank = rank_of(indicator)
    if suit is Suit.MAN and sanma:
        return Kind.M9 if indicator == Kind.M1 else Kind.M1
    if suit is Suit.HONOR:
        if indicator <= Kind.NORTH:
            return Kind.EAST + (indicator - Kind.EAST + 1) % 4
        return Kind.WHITE + (indicator - Kind.WHITE + 1) % 3
    return kind_of(suit, rank % _SUIT_SIZE[suit] + 1)


class Back(enum.Enum):
    """Back colour of a tile (チンイツゲーム mixes a blue set and a yellow set)."""

    BLUE = "B"
    YELLOW = "Y"


class TileNotationError(ValueError):
    """A tile string that cannot be read; the message names the bad character and its place."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        char = text[position] if position < len(text) else "end of text"
        shown = repr(char) if position < len(text) else char
        super().__init__(f"{reason}: {shown} at position {position} of {text!r}")


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile face: a kind plus the attributes a variant gives it."""

    kind: int
    red: bool = False
    gold: bool = False
    back: Back | None = None
    pocchi: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.kind < NUM_KINDS:
            raise ValueError(f"no tile kind {self.kind}")
        if (self.red or self.gold) and self.kind not in FIVES:
            raise ValueError(f"only fives can be red or gold, not {kind_name(self.kind)}")
        if self.red and self.gold:
            raise ValueError("a tile is red or gold, not both")
        if self.pocchi and self.kind != Kind.WHITE:
            raise ValueError("only 白 can carry the ポッチ dot")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse exactly one tile, e.g. ``"0p"`` or ``"Y7s"``."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise TileNotationError(text, 0, f"expected one tile, found {len(tiles)}")
        return tiles[0]

    @property
    def is_dora_five(self) -> bool:
        """A red or gold five (both are dora in the variants that have them)."""
        return self.red or self.gold

    @property
    def digit(self) -> str:
        """The notation digit: ``0`` for red fives and 白ポッチ, ``g`` for gold fives."""
        if self.red or self.pocchi:
            return "0"
        if self.gold:
            return "g"
        return str(rank_of(self.kind))

    def __str__(self) -> str:
        prefix = self.back.value if self.back else ""
        return f"{prefix}{self.digit}{suit_of(self.kind).value}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


_GROUP = re.compile(r"([BY]?)([0-9g]+)([mpszf])")


def parse_tiles(text: str) -> list[Tile]:
    """Parse mpsz notation into tiles, in the order written.

    Spaces between groups are allowed. Raises :class:`TileNotationError` naming the first bad
    character and its position.

    >>> [str(t) for t in parse_tiles("0p 12z")]
    ['0p', '1z', '2z']
    """
    tiles: list[Tile] = []
    position = 0
    while position < len(text):
        if text[position] == " ":
            position += 1
            continue
        match = _GROUP.match(text, position)
        if match is None:
            raise TileNotationError(text, _first_bad(text, position), _why_bad(text, position))
        back = Back(match.group(1)) if match.group(1) else None
        suit = _SUIT_BY_LETTER[match.group(3)]
        digits_start = match.start(2)
        for offset, digit in enumerate(match.group(2)):
            tiles.append(_tile_from_digit(text, digits_start + offset, digit, suit, back))
        position = match.end()
    return tiles


def _first_bad(text: str, position: int) -> int:
    """Locate the character that stops a group from matching."""
    index = position
    if index < len(text) and text[index] in "BY":
        index += 1
    while index < len(text) and text[index] in "0123456789g":
        index += 1
    return index


def _why_bad(text: str, position: int) -> str:
    index = _first_bad(text, position)
    if index >= len(text):
        return "digits without a suit letter (m, p, s, z or f)"
    if index == position or (index == position + 1 and text[position] in "BY"):
        return "expected a digit"
    return "expected a digit or a suit letter (m, p, s, z, f)"


def _tile_from_digit(text: str, position: int, digit: str, suit: Suit, back: Back | None) -> Tile:
    if digit == "0":
        if suit is Suit.HONOR:
            return Tile(Kind.WHITE, pocchi=True, back=back)
        if suit is Suit.FLOWER:
            raise TileNotationError(text, position, "flowers are 1f-4f; there is no 0f")
        return Tile(kind_of(suit, 5), red=True, back=back)
    if digit == "g":
        if suit in (Suit.HONOR, Suit.FLOWER):
            raise TileNotationError(text, position, "gold fives exist only in m, p and s")
        return Tile(kind_of(suit, 5), gold=True, back=back)
    rank = int(digit)
    if not 1 <= rank <= _SUIT_SIZE[suit]:
        raise TileNotationError(text, position, f"{suit.name.lower()} tiles are numbered 1-{_SUIT_SIZE[suit]}")
    return Tile(kind_of(suit, rank), back=back)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in mpsz notation, keeping their order (the inverse of :func:`parse_tiles`)."""
    parts: list[str] = []
    group_key: tuple[Suit, Back | None] | None = None
    for tile in tiles:
        key = (suit_of(tile.kind), tile.back)
        if key != group_key:
            if group_key is not None:
                parts.append(group_key[0].value)
            parts.append(tile.back.value if tile.back else "")
            group_key = key
        parts.append(tile.digit)
    if group_key is not None:
        parts.append(group_key[0].value)
    return "".join(parts)


def parse_kind(text: str) -> int:
    """Parse one tile and return its kind (a red ``0p`` is the kind 5p)."""
    return Tile.parse(text).kind


def parse_kinds(text: str) -> list[int]:
    """Parse notation into kinds, dropping red/gold/back attributes."""
    return [tile.kind for tile in parse_tiles(text)]


def format_kinds(kinds: Iterable[int]) -> str:
    """Write kinds in mpsz notation, sorted (``[27, 0, 1]`` -> ``"12m1z"``)."""
    return format_tiles(Tile(kind) for kind in sorted(kinds))


@dataclass(frozen=True)
class TileSet:
    """Every physical tile of one variant; a tile's index here is its identity in a game."""

    name: str
    tiles: tuple[Tile, ...]

    def __len__(self) -> int:
        return len(self.tiles)

    def copies(self) -> tuple[int, ...]:
        """How many tiles of each kind the set holds (length :data:`NUM_KINDS`)."""
        counts = [0] * NUM_KINDS
        for tile in self.tiles:
            counts[tile.kind] += 1
        return tuple(counts)

    def kinds(self) -> frozenset[int]:
        """The kinds present at all."""
        return frozenset(tile.kind for tile in self.tiles)

    def faces(self) -> Counter[Tile]:
        """How many copies of each distinct face (kind plus attributes)."""
        return Counter(self.tiles)


def standard_kinds(*, manzu: Sequence[int], pinzu: bool = True, souzu: bool = True) -> list[int]:
    """The kinds of a riichi set: the given manzu, the pinzu and souzu (unless left out), the honours.

    >>> len(standard_kinds(manzu=())), len(standard_kinds(manzu=(Kind.M1, Kind.M9)))
    (25, 27)
    """
    kinds = list(manzu)
    if pinzu:
        kinds += range(Kind.P1, Kind.P9 + 1)
    if souzu:
        kinds += range(Kind.S1, Kind.S9 + 1)
    kinds += range(Kind.EAST, Kind.RED + 1)
    return kinds


def four_each(kinds: Iterable[int], *, red_fives: dict[int, int] | None = None) -> list[Tile]:
    """Four tiles of every kind, ``red_fives[kind]`` of them red (listed before the plain ones).

    >>> four_each([Kind.P5], red_fives={Kind.P5: 1})
    [Tile.parse('0p'), Tile.parse('5p'), Tile.parse('5p'), Tile.parse('5p')]
    """
    tiles: list[Tile] = []
    red_fives = red_fives or {}
    for kind in kinds:
        reds = red_fives.get(kind, 0)
        if reds:
            tiles += [Tile(kind, red=True)] * reds
        tiles += [Tile(kind)] * (4 - reds)
    return tiles
