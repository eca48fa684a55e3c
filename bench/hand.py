"""Hand analysis, ours against `mahjong` and `xiangting` on the same seeded hands, in one run.

    python -m bench.hand [--hands 10000] [--seed 1]

Prints one JSON object per operation::

    {"op": "shanten", "hands": N, "ours_us": x, "mahjong_us": y, "xiangting_us": z, "ratio_vs_mahjong": y/x}

- shanten: random 13- and 14-tile hands from a 136-tile wall, every shape (regular, 七対子,
  国士無双); mahjong's ``calculate_shanten``, xiangting's ``calculate_replacement_number``.
- agari: complete 14-tile hands, the work of recognising a win; mahjong's ``is_agari``.
  ``agari_near_miss`` times hands one tile away from complete, where mahjong's early exits
  shine, so the comparison is not only shown where we win.
- waits: 13-tile tenpai hands; mahjong has no waits call, so its figure is ``is_agari`` over
  the 34 kinds (what its users write); xiangting's is ``calculate_necessary_tiles``.
- shanten_8copy: random 13- and 14-tile hands from one チンイツゲーム hand's 108 tiles (pinzu ×8,
  1m 9m and honours ×4), under its shapes (8 copies, 七対子 using a kind up to four times, 国士
  over 11 kinds). Neither library can express it: xiangting refuses a fifth copy and mahjong
  misreads one (``11111p23456789p``: 5, not 0). So ``ours_us`` covers every hand, and the
  libraries are timed, under their own 4-copy rules, on the hands holding at most four of a
  kind (``compared_hands``, ours on them ``ours_compared_us``, ``same_answer`` how often the
  rules agree there); the ratios are on those hands.

Each library gets its input in its own native form, converted before timing (ours: a count
board int; theirs: a list of 34 counts); ``ours_from_list_us`` adds our conversion. Every
library first makes one pass over a separate warm-up set drawn with another seed, then the
best of three timed passes is reported. ``ours_first_pass_us`` is our time on that warm-up pass.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.engine import shapes
from bot.engine.shapes import STANDARD, pack_counts
from bot.engine.tiles import Suit
from bot.engine.variants.chinitsu.shapes import chinitsu_limits, chinitsu_shapes

WALL = [kind for kind in range(34) for _ in range(4)]
CHINITSU_WALL = [kind for kind, copies in enumerate(chinitsu_limits(Suit.PIN)[:34]) for _ in range(copies)]
"""One チンイツゲーム hand's 108 tiles (a pinzu hand)."""
EIGHT_COPY_REASON = (
    "mahjong and xiangting assume 4 copies (xiangting refuses a 5th, mahjong misreads it): "
    "they are timed on the hands with at most 4 of a kind, under their own rules"
)


def random_hands(count: int, size: int, rng: random.Random, wall: Sequence[int] = WALL) -> list[list[int]]:
    hands = []
    for _ in range(count):
        counts = [0] * 34
        for kind in rng.sample(wall, size):
            counts[kind] += 1
        hands.append(counts)
    return hands


def complete_hands(count: int, rng: random.Random) -> list[list[int]]:
    hands: list[list[int]] = []
    while len(hands) < count:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for step in range(3):
                    counts[start + step] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def minus_one(hands: Sequence[list[int]], rng: random.Random) -> list[list[int]]:
    """Remove one random tile from each hand (a complete hand becomes a tenpai hand)."""
    out = []
    for counts in hands:
        counts = list(counts)
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        out.append(counts)
    return out


def swap_one(hands: Sequence[list[int]], rng: random.Random) -> list[list[int]]:
    """Replace one tile of each hand by a random other tile."""
    out = []
    for counts in minus_one(hands, rng):
        kind = rng.choice([k for k in range(34) if counts[k] < 4])
        counts[kind] += 1
        out.append(counts)
    return out


def per_call_us(function: Callable[[Any], object], inputs: Sequence[Any], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in inputs:
            function(item)
        best = min(best, time.perf_counter() - start)
    return best / len(inputs) * 1e6


def first_pass_us(function: Callable[[Any], object], inputs: Sequence[Any]) -> float:
    return per_call_us(function, inputs, repeats=1)


def mahjong_waits(counts: list[int]) -> list[int]:
    from mahjong.agari import Agari

    waits = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if Agari.is_agari(counts):
                waits.append(kind)
            counts[kind] -= 1
    return waits


def report(op: str, hands: int, ours: float, theirs: float, rust: float | None, **extra: float | str) -> None:
    line: dict[str, object] = {
        "op": op,
        "hands": hands,
        "ours_us": round(ours, 3),
        "mahjong_us": round(theirs, 3),
        "xiangting_us": None if rust is None else round(rust, 3),
        "ratio_vs_mahjong": round(theirs / ours, 2),
    }
    if rust is not None:
        line["ours_vs_xiangting"] = round(ours / rust, 2)
    line.update({key: value if isinstance(value, str) else round(value, 3) for key, value in extra.items()})
    print(json.dumps(line), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        import xiangting
        from mahjong.agari import Agari
        from mahjong.shanten import Shanten
    except ImportError as missing:
        print(f"bench.hand needs the dev extra (pip install -e '.[dev]'): {missing}", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per operation (default 10000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    n = args.hands
    four = xiangting.PlayerCount.FOUR

    load_start = time.perf_counter()
    shapes._load_standard_suit_table(shapes._BlockTable(shapes.STANDARD_SUIT_CAPS, True))
    table_load_ms = (time.perf_counter() - load_start) * 1000

    warm_rng = random.Random(args.seed + 10_000)
    rng = random.Random(args.seed)

    # shanten
    warm = random_hands(n // 2, 13, warm_rng) + random_hands(n // 2, 14, warm_rng)
    hands = random_hands(n // 2, 13, rng) + random_hands(n // 2, 14, rng)
    boards = [pack_counts(counts) for counts in hands]
    warm_boards = [pack_counts(counts) for counts in warm]
    cold = first_pass_us(STANDARD.shanten, warm_boards)
    first_pass_us(Shanten.calculate_shanten, warm)
    first_pass_us(lambda c: xiangting.calculate_replacement_number(c, four), warm)
    assert [STANDARD.shanten(b) for b in boards] == [Shanten.calculate_shanten(c) for c in hands]
    report(
        "shanten",
        n,
        per_call_us(STANDARD.shanten, boards),
        per_call_us(Shanten.calculate_shanten, hands),
        per_call_us(lambda c: xiangting.calculate_replacement_number(c, four), hands),
        ours_first_pass_us=cold,
        ours_from_list_us=per_call_us(lambda c: STANDARD.shanten(pack_counts(c)), hands),
        table_load_ms=table_load_ms,
    )

    # agari on winning hands, then on near misses
    makers: tuple[tuple[str, Callable[[random.Random], list[list[int]]]], ...] = (
        ("agari", lambda r: complete_hands(n, r)),
        ("agari_near_miss", lambda r: swap_one(complete_hands(n, r), r)),
    )
    for op, make in makers:
        warm = make(warm_rng)
        hands = make(rng)
        boards = [pack_counts(counts) for counts in hands]
        cold = first_pass_us(STANDARD.is_agari, [pack_counts(c) for c in warm])
        first_pass_us(Agari.is_agari, warm)
        assert [STANDARD.is_agari(b) for b in boards] == [Agari.is_agari(c) for c in hands]
        report(
            op,
            n,
            per_call_us(STANDARD.is_agari, boards),
            per_call_us(Agari.is_agari, hands),
            None,
            ours_first_pass_us=cold,
            ours_from_list_us=per_call_us(lambda c: STANDARD.is_agari(pack_counts(c)), hands),
        )

    # waits of tenpai hands
    warm = minus_one(complete_hands(n, warm_rng), warm_rng)
    hands = minus_one(complete_hands(n, rng), rng)
    boards = [pack_counts(counts) for counts in hands]
    cold = first_pass_us(lambda b: STANDARD.waits(b, formal=False), [pack_counts(c) for c in warm])
    first_pass_us(mahjong_waits, warm)
    first_pass_us(lambda c: xiangting.calculate_necessary_tiles(c, four), warm)
    assert [STANDARD.waits(b, formal=False) for b in boards] == [mahjong_waits(c) for c in hands]
    report(
        "waits",
        n,
        per_call_us(lambda b: STANDARD.waits(b, formal=False), boards),
        per_call_us(mahjong_waits, hands),
        per_call_us(lambda c: xiangting.calculate_necessary_tiles(c, four), hands),
        ours_first_pass_us=cold,
    )

    # shanten of 8-copy one-suit hands
    eight = chinitsu_shapes(suit=Suit.PIN)
    three = xiangting.PlayerCount.THREE
    warm = random_hands(n // 2, 13, warm_rng, CHINITSU_WALL) + random_hands(n // 2, 14, warm_rng, CHINITSU_WALL)
    hands = random_hands(n // 2, 13, rng, CHINITSU_WALL) + random_hands(n // 2, 14, rng, CHINITSU_WALL)
    boards = [pack_counts(counts) for counts in hands]
    cold = first_pass_us(eight.shanten, [pack_counts(c) for c in warm])
    within = [counts for counts in hands if max(counts) <= 4]
    within_boards = [pack_counts(counts) for counts in within]
    first_pass_us(Shanten.calculate_shanten, [c for c in warm if max(c) <= 4])
    first_pass_us(lambda c: xiangting.calculate_replacement_number(c, three), [c for c in warm if max(c) <= 4])
    same = sum(eight.shanten(b) == Shanten.calculate_shanten(c) for b, c in zip(within_boards, within, strict=True))
    ours_within = per_call_us(eight.shanten, within_boards)
    report(
        "shanten_8copy",
        n,
        ours_within,
        per_call_us(Shanten.calculate_shanten, within),
        per_call_us(lambda c: xiangting.calculate_replacement_number(c, three), within),
        ours_all_us=per_call_us(eight.shanten, boards),
        ours_first_pass_us=cold,
        compared_hands=len(within),
        same_answer=same / len(within),
        note=EIGHT_COPY_REASON,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
