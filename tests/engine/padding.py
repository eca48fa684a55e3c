"""Rigged hands for the variant tests: a test writes only the tiles it is about, and
:func:`pad_hands` fills each hand with junk that changes nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.engine.tiles import format_kinds, parse_kinds


def pad_hands(hands: Sequence[str], draws: str, *, size: int, junk_order: Sequence[int], short_below: int) -> list[str]:
    """Fill each hand to ``size`` tiles with junk that makes no run, no triplet and at most two pairs.

    Junk never uses a kind that is drawn or that a short hand (the tiles a test discards or
    calls with) mentions, so the only claims on offer are the ones the test sets up. Kinds are
    tried in ``junk_order``, which each variant picks from its own tile set. A hand written in
    fewer than ``short_below`` characters counts as short.
    """
    short = [text for text in hands if len(text) < short_below]
    mentioned = {kind for text in [*short, draws] for kind in parse_kinds(text)}
    used = Counter(kind for text in [*hands, draws] for kind in parse_kinds(text))
    result = []
    for text in hands:
        kinds = parse_kinds(text)
        extra: list[int] = []

        def fits(junk: int, kinds: list[int] = kinds, extra: list[int] = extra) -> bool:
            held = Counter(kinds + extra)
            if junk in mentioned or used[junk] >= 4 or held[junk] >= 2:
                return False
            if held[junk] == 1 and sum(count >= 2 for count in held.values()) >= 2:
                return False
            if junk < 27:
                rank = junk % 9
                near = {d for d in (-2, -1, 1, 2) if 0 <= rank + d <= 8 and held[junk + d]}
                if {-2, -1} <= near or {-1, 1} <= near or {1, 2} <= near:
                    return False
            return True

        while len(kinds) + len(extra) < size:
            junk = next((k for k in junk_order if fits(k)), None)
            if junk is None:
                raise AssertionError(f"cannot pad {text!r} to {size} tiles")
            extra.append(junk)
            used[junk] += 1
        result.append(text + format_kinds(extra))
    return result
