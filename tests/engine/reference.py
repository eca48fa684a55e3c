"""A slow, obviously-correct shanten reference: enumerate every complete target hand.

shanten(hand) = min over complete targets T of (|T| - |T ∩ hand|) - 1, where T has the size of
a complete hand (3n + 2). Only usable on small universes of kinds, which is what it is for.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from bot.engine.tiles import YAOCHU


def regular_targets(kinds: Sequence[int], limits: Sequence[int], sets: int) -> list[Counter[int]]:
    """Every multiset of ``sets`` sets plus a pair over ``kinds`` within the copy limits."""
    groups: list[tuple[int, ...]] = [(k, k, k) for k in kinds if limits[k] >= 3]
    kind_set = set(kinds)
    for kind in kinds:
        if kind < 27 and kind % 9 <= 6 and {kind + 1, kind + 2} <= kind_set:
            groups.append((kind, kind + 1, kind + 2))
    targets = []
    for chosen in itertools.combinations_with_replacement(groups, sets):
        base: Counter[int] = Counter(tile for group in chosen for tile in group)
        for pair in kinds:
            target = base.copy()
            target[pair] += 2
            if all(count <= limits[kind] for kind, count in target.items()):
                targets.append(target)
    return targets


def pairs_targets(kinds: Sequence[int], limits: Sequence[int], pairs: int, singles: int) -> list[Counter[int]]:
    """``pairs`` distinct pair kinds plus ``singles`` lone tiles of further distinct kinds."""
    targets = []
    for pair_kinds in itertools.combinations([k for k in kinds if limits[k] >= 2], pairs):
        rest = [k for k in kinds if k not in pair_kinds]
        for single_kinds in itertools.combinations(rest, singles):
            target: Counter[int] = Counter()
            for kind in pair_kinds:
                target[kind] += 2
            for kind in single_kinds:
                target[kind] += 1
            targets.append(target)
    return targets


def kokushi_targets(kinds: Sequence[int], size: int, distinct: int) -> list[Counter[int]]:
    """``size`` yaochu tiles including at least ``distinct`` different kinds."""
    yaochu = [k for k in kinds if k in YAOCHU]
    targets = []
    for chosen in itertools.combinations(yaochu, distinct):
        for extra in itertools.combinations_with_replacement(chosen, size - distinct):
            targets.append(Counter(chosen) + Counter(extra))
    return targets


def reference_shanten(hand: Iterable[int], targets: Sequence[Counter[int]]) -> int:
    held = Counter(hand)
    best = min(sum(target.values()) - sum((target & held).values()) for target in targets)
    return best - 1


def reference_waits(hand: Iterable[int], targets: Sequence[Counter[int]]) -> set[int]:
    """Kinds whose addition makes the hand equal to some target (shape only, no copy limit)."""
    held = Counter(hand)
    waits = set()
    for target in targets:
        diff = target - held
        if sum(diff.values()) == 1 and not held - target:
            waits |= set(diff)
    return waits
