"""いなげ's discard yaku (捨牌役): patterns laid in the river from the first discard on.

「捨て牌役というのは、１枚目の牌から１枚もあけないで続けてある一定の形を作ったときに与えられる
ボーナスです」. A *chain* is a run of adjacent blocks that starts at an anchor: the first discard,
and (in riichi) the first discard after the declaration tile (「純粋にリーチ後に作った場合にも付く」).
Blocks are palindromes (トマト, 新聞紙 …, worth their length), 東南西北 (6), 白發中 (2), 万筒索三色
(3) and, at the very start only, 真似満 (a copy of another river, worth its length). The two
chains may not overlap; tiles after the last block are ignored, and a tile at an anchor that
starts no block means no chain from there (「頭にゴミがあると、なにもつきません」). The best total
comes from a small dynamic program (spec §1.10, INA-A2).

>>> from bot.engine.tiles import parse_kinds
>>> [(y.name, y.han, y.tiles) for y in discard_yaku(parse_kinds("1z5z1z6z2z5z7z5z2z6z"))]
[('トマト', 3, '151z'), ('竹薮焼けた', 7, '6257526z')]
>>> readable(parse_kinds("151z1m1p1s"))
'東白東1m1p1s'
>>> discard_yaku(parse_kinds("1z4z6z2z7z2z6z"))
()
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.engine.tiles import Kind, Tile, format_tiles, kind_name

__all__ = ["PALINDROME_NAMES", "DiscardRules", "DiscardYaku", "discard_gains", "discard_yaku", "readable"]

PALINDROME_NAMES = {
    3: ("トマト", "Tomato"),
    5: ("新聞紙", "Shinbunshi"),
    7: ("竹薮焼けた", "Takeyabu yaketa"),
    9: ("私負けましたわ", "Watashi makemashita wa"),
}
"""「"トマト""新聞紙""竹薮焼けた"、"私負けましたわ"」: the seed's palindromes, by length."""

_FIXED = (
    ((Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH), "東南西北", "Four winds in order", 6),
    ((Kind.WHITE, Kind.GREEN, Kind.RED), "白發中", "Three dragons in order", 2),
    ((Kind.M1, Kind.P1, Kind.S1), "万筒索三色", "1m 1p 1s in order", 3),
    ((Kind.M9, Kind.P9, Kind.S9), "万筒索三色", "9m 9p 9s in order", 3),
)
"""「"東南西北"と並べると６飜。"白發中"で２飜」「一万、一筒、一索」又は「九万、九筒、九索」…３飜"""


@dataclass(frozen=True, slots=True)
class DiscardRules:
    """The table's choices for discard yaku (the defaults are the spec's INA-A2 rulings)."""

    min_palindrome: int = 3
    even_palindromes: bool = True
    mane_min: int = 3
    """The shortest copy that counts as 真似満 (a 1-tile copy would be almost automatic)."""
    chain_from_declaration: bool = False
    """Start the riichi chain at the declaration tile itself rather than the tile after it."""


@dataclass(frozen=True, slots=True)
class DiscardYaku:
    """One block of a chain: its name, han, and where it lies in the river (``start`` to ``end``
    exclusive); ``tiles`` is that run of discards in mpsz notation, in order."""

    name: str
    en: str
    han: int
    start: int
    end: int
    tiles: str
    copied_from: int | None = None
    """For 真似満: the seat whose river was copied."""


_GLYPHS = "東南西北白發中春夏秋冬"


def readable(kinds: Sequence[int]) -> str:
    """A run of discards for a win card: honours and flowers as their kanji, numbers as ``1p``."""
    return "".join(_GLYPHS[kind - 27] if kind >= 27 else kind_name(kind) for kind in kinds)


# A block candidate: (end exclusive, han, name, en, copied seat)
_Block = tuple[int, int, str, str, int | None]


def discard_yaku(
    river: Sequence[int],
    riichi_index: int | None = None,
    *,
    times: Sequence[int] | None = None,
    others: Sequence[tuple[int, Sequence[int], Sequence[int]]] = (),
    rules: DiscardRules = DiscardRules(),
) -> tuple[DiscardYaku, ...]:
    """The best non-overlapping chains of discard yaku in ``river`` (kinds, in discard order).

    ``riichi_index`` is the index of the riichi declaration tile, if any. For 真似満, ``times``
    gives when each of ``river``'s tiles was discarded and ``others`` the other rivers as
    ``(seat, kinds, times)``; a copied tile must have been discarded before the copy.
    """
    n = len(river)
    if not n:
        return ()
    anchors = [0]
    if riichi_index is not None:
        second = riichi_index if rules.chain_from_declaration else riichi_index + 1
        if 0 < second < n:
            anchors.append(second)
    starts = _blocks(river, rules)
    mane = _mane(river, times, others, rules)
    first_best, first_parent = _chain(0, n, starts, mane)
    best_value = max(first_best)
    best_split: tuple[int, int | None] = (first_best.index(best_value), None)
    if len(anchors) == 2:
        second = anchors[1]
        second_best, second_parent = _chain(second, n, starts, ())
        before = max(first_best[: second + 1])
        after = max(second_best)
        if after and before + after > best_value:
            best_value = before + after
            best_split = (first_best.index(before), second_best.index(after))
    if not best_value:
        return ()
    found = _walk(0, best_split[0], first_parent)
    if best_split[1] is not None:
        found += _walk(anchors[1], best_split[1], second_parent)
    faces = [Tile(kind) for kind in river]
    return tuple(
        DiscardYaku(name, en, han, start, end, format_tiles(faces[start:end]), copied)
        for start, end, han, name, en, copied in found
    )


def discard_gains(
    river: Sequence[int],
    riichi_index: int | None,
    candidates: Collection[int],
    *,
    times: Sequence[int],
    time: int,
    others: Sequence[tuple[int, Sequence[int], Sequence[int]]] = (),
    rules: DiscardRules = DiscardRules(),
) -> dict[int, int]:
    """For each kind in ``candidates``, the han of discard yaku that discarding it next (at
    ``time``) would add to ``river``; kinds that add nothing are left out.

    >>> from bot.engine.tiles import parse_kinds
    >>> discard_gains(parse_kinds("15z"), None, parse_kinds("1z6z"), times=[1, 3], time=5)
    {27: 3}
    """
    closing = [kind for kind in candidates if _could_close_a_block(river, kind, others)]
    if not closing:
        return {}
    now = sum(block.han for block in discard_yaku(river, riichi_index, times=times, others=others, rules=rules))
    gains = {}
    for kind in closing:
        after = discard_yaku([*river, kind], riichi_index, times=[*times, time], others=others, rules=rules)
        gain = sum(block.han for block in after) - now
        if gain > 0:
            gains[kind] = gain
    return gains


def _could_close_a_block(
    river: Sequence[int], kind: int, others: Sequence[tuple[int, Sequence[int], Sequence[int]]]
) -> bool:
    """Whether ``kind`` discarded next could end a block: a palindrome around a run that is one
    already, a fixed pattern whose other tiles lead up to it, a copy of another river so far.
    (Only then is the whole chain worth working out again.)"""
    n = len(river)
    for start in range(n - 1):
        middle = river[start + 1 :]
        if river[start] == kind and all(middle[i] == middle[-1 - i] for i in range(len(middle) // 2)):
            return True
    for pattern, _, _, _ in _FIXED:
        head = len(pattern) - 1
        if pattern[-1] == kind and n >= head and tuple(river[n - head :]) == pattern[:-1]:
            return True
    return any(len(kinds) > n and kinds[n] == kind and list(kinds[:n]) == list(river) for _, kinds, _ in others)


def _blocks(river: Sequence[int], rules: DiscardRules) -> list[list[_Block]]:
    """For each position, every block that starts there."""
    n = len(river)
    starts: list[list[_Block]] = [[] for _ in range(n)]
    for start in range(n):
        for end in range(start + rules.min_palindrome, n + 1):
            length = end - start
            if length % 2 == 0 and not rules.even_palindromes:
                continue
            run = river[start:end]
            if all(run[i] == run[-1 - i] for i in range(length // 2)):
                name, en = PALINDROME_NAMES.get(length, (f"{length}字回文", f"{length}-tile palindrome"))
                starts[start].append((end, length, name, en, None))
        for pattern, name, en, han in _FIXED:
            end = start + len(pattern)
            if tuple(river[start:end]) == pattern:
                starts[start].append((end, han, name, en, None))
    return starts


def _mane(
    river: Sequence[int],
    times: Sequence[int] | None,
    others: Sequence[tuple[int, Sequence[int], Sequence[int]]],
    rules: DiscardRules,
) -> list[_Block]:
    """真似満 blocks from the first discard: every copy length from the minimum to the longest."""
    if times is None:
        return []
    blocks: list[_Block] = []
    for seat, kinds, their_times in others:
        length = 0
        while (
            length < min(len(river), len(kinds))
            and kinds[length] == river[length]
            and their_times[length] < times[length]
        ):
            length += 1
        blocks += [(k, k, "真似満", "Copycat", seat) for k in range(max(rules.mane_min, 1), length + 1)]
    return blocks


def _chain(
    anchor: int, n: int, starts: list[list[_Block]], first: Sequence[_Block]
) -> tuple[list[int], list[tuple[int, int, str, str, int | None] | None]]:
    """best[p]: the most han of a chain covering river[anchor:p] exactly (0 if none reaches p).

    ``parent[p]`` is the last block of that chain as (start, han, name, en, copied seat).
    """
    best = [0] * (n + 1)
    reached = [False] * (n + 1)
    parent: list[tuple[int, int, str, str, int | None] | None] = [None] * (n + 1)
    reached[anchor] = True
    for position in range(anchor, n):
        if not reached[position]:
            continue
        candidates = list(starts[position])
        if position == anchor:
            candidates += first
        for end, han, name, en, copied in candidates:
            value = best[position] + han
            if not reached[end] or value > best[end]:
                reached[end] = True
                best[end] = value
                parent[end] = (position, han, name, en, copied)
    return best, parent


def _walk(
    anchor: int, end: int, parent: list[tuple[int, int, str, str, int | None] | None]
) -> list[tuple[int, int, int, str, str, int | None]]:
    """The blocks of the chain ending at ``end``, first to last."""
    found = []
    while end != anchor:
        link = parent[end]
        assert link is not None  # every reached position but the anchor has a parent
        start, han, name, en, copied = link
        found.append((start, end, han, name, en, copied))
        end = start
    return found[::-1]
