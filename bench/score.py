"""Scoring, ours against `mahjong` on the same seeded winning hands, in one run.

    python -m bench.score [--hands 5000] [--seed 1]

Prints one JSON line::

    {"op": "score", "hands": N, "ours_us": x, "mahjong_us": y, "ratio_vs_mahjong": y/x, ...}

The hands come from :func:`random_deals` (also the cross-check's generator): 4 sets and a pair
drawn around a theme (flushes, simples, terminals, honours, triplets, 三色/一通, green…), some sets
called or declared as kans, 七対子 and 国士無双 hands, every situation flag where it is
consistent, dora and ura indicators, red fives, honba and riichi sticks.

Each library's input is built before timing (ours a :class:`WinContext`; mahjong's 136-format
tiles, ``Meld`` objects and a ``HandConfig``). Both first score a warm-up set drawn with another
seed (which fills our memos the way a running bot has them filled). Then come three timed
rounds, each on hands neither library has seen (seeds ``seed``, ``seed + 1``, ``seed + 2``), each
hand scored once; the best round of each library is reported.

Every hand is scored once because our memos (suit blocks, sets of yaku, payments…) are keyed
by parts of hands, and a second pass over the same hands would find every part already known:
it would measure a bot that has seen every part of every hand before, which no running bot has.
That fully memoised time is printed too (``ours_repeat_us``, the last round again), as is our
time on the warm-up itself, from empty memos (``ours_first_pass_us``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import STANDARD_RULES, score_hand
from bot.engine.shapes import pack
from bot.engine.tiles import TERMINALS, YAOCHU, Kind
from bot.engine.yaku.context import WinContext

FIVES = (Kind.M5, Kind.P5, Kind.S5)
SIMPLES = tuple(kind for kind in range(27) if kind not in TERMINALS)
GREEN = (Kind.S2, Kind.S3, Kind.S4, Kind.S6, Kind.S8, Kind.GREEN)
WINDS = (Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH)

# mahjong's meld type names, by ours
MAHJONG_MELD = {
    MeldType.CHI: "chi",
    MeldType.PON: "pon",
    MeldType.ANKAN: "kan",
    MeldType.MINKAN: "kan",
    MeldType.KAKAN: "shouminkan",
}


@dataclass(frozen=True)
class Deal:
    """One winning hand, for us (``ctx``) and for mahjong (136-format tiles and config keywords)."""

    ctx: WinContext
    tiles: tuple[int, ...]
    win: int
    melds: tuple[tuple[str, tuple[int, ...], bool], ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    config: dict[str, Any] = field(hash=False)


@dataclass(frozen=True)
class Theme:
    """Which kinds a hand may use: triplets and pairs from ``kinds``, runs from ``runs``."""

    name: str
    kinds: tuple[int, ...]
    runs: tuple[int, ...]
    run_share: float = 0.55


def _run_starts(kinds: Sequence[int]) -> tuple[int, ...]:
    allowed = set(kinds)
    return tuple(k for k in range(27) if k % 9 <= 6 and {k, k + 1, k + 2} <= allowed)


def themes(rng: random.Random) -> Theme:
    """A random theme, so rarer yaku come up often enough to be checked."""
    roll = rng.random()
    every = tuple(range(34))
    if roll < 0.30:
        return Theme("any", every, _run_starts(every))
    if roll < 0.42:
        suit = rng.randrange(3)
        kinds = tuple(range(9 * suit, 9 * suit + 9))
        if rng.random() < 0.5:
            kinds += tuple(range(27, 34))
        return Theme("flush", kinds, _run_starts(kinds))
    if roll < 0.52:
        return Theme("simples", SIMPLES, _run_starts(SIMPLES))
    if roll < 0.62:
        outer = tuple(k for k in range(27) if k % 9 in (0, 6))
        kinds = tuple(YAOCHU) if rng.random() < 0.5 else tuple(TERMINALS)
        return Theme("outside", kinds, outer)
    if roll < 0.70:
        return Theme("triplets", every, (), run_share=0.0)
    if roll < 0.78:
        honors = tuple(range(27, 34))
        return Theme("honors", honors + tuple(rng.sample(range(27), 4)), _run_starts(every), run_share=0.3)
    if roll < 0.81:
        return Theme("green", GREEN, (Kind.S2,), run_share=0.4)
    if roll < 0.84:
        kinds = tuple(TERMINALS) + (tuple(range(27, 34)) if rng.random() < 0.5 else ())
        return Theme("terminals", kinds, (), run_share=0.0)
    if roll < 0.88:
        return Theme("winds", WINDS + tuple(rng.sample(range(34), 3)), _run_starts(every), run_share=0.2)
    if roll < 0.92:
        return Theme("dragons", (31, 32, 33, *rng.sample(range(34), 3)), _run_starts(every), run_share=0.2)
    # 三色 / 一通 / 一盃口 builders share the "straights" theme: runs only from a few starts
    rank = rng.randrange(7)
    suit = rng.randrange(3)
    starts = (rank, 9 + rank, 18 + rank) if rng.random() < 0.5 else (9 * suit, 9 * suit + 3, 9 * suit + 6)
    return Theme("straights", every, starts, run_share=0.85)


def _take(counts: list[int], kinds: Sequence[int]) -> bool:
    for kind in kinds:
        counts[kind] += 1
    if all(counts[kind] <= 4 for kind in kinds):
        return True
    for kind in kinds:
        counts[kind] -= 1
    return False


def _regular(rng: random.Random) -> tuple[list[tuple[int, ...]], int] | None:
    """Four sets (as kind tuples) and a pair kind within 4 copies, or None to retry."""
    theme = themes(rng)
    counts = [0] * 34
    sets: list[tuple[int, ...]] = []
    for _ in range(40):
        if len(sets) == 4:
            break
        if theme.runs and rng.random() < theme.run_share:
            start = rng.choice(theme.runs)
            group: tuple[int, ...] = (start, start + 1, start + 2)
        else:
            kind = rng.choice(theme.kinds)
            group = (kind, kind, kind)
        if _take(counts, group):
            sets.append(group)
    if len(sets) < 4:
        return None
    pairs = [kind for kind in theme.kinds if counts[kind] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    counts[pair] += 2
    return sets, pair


def random_deal(rng: random.Random, *, renhou: bool = False) -> Deal:
    """One random winning hand with a random, consistent situation."""
    while True:
        deal = _try_deal(rng, renhou=renhou)
        if deal is not None:
            return deal


def _try_deal(rng: random.Random, *, renhou: bool) -> Deal | None:
    roll = rng.random()
    melds: list[tuple[MeldType, tuple[int, ...]]] = []
    concealed: list[int] = []
    if roll < 0.08:
        pool = rng.choice((tuple(range(34)), tuple(range(27, 34)) + tuple(rng.sample(range(27), 5)), SIMPLES))
        kinds = rng.sample(pool, 7)
        concealed = [kind for kind in kinds for _ in range(2)]
    elif roll < 0.10:
        concealed = [*YAOCHU, rng.choice(tuple(YAOCHU))]
    elif roll < 0.11:
        suit = 9 * rng.randrange(3)
        concealed = [suit + rank for rank, count in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(count)]
        concealed.append(suit + rng.randrange(9))
    else:
        made = _regular(rng)
        if made is None:
            return None
        sets, pair = made
        concealed = [pair, pair]
        total = [0] * 34
        for group in sets:
            for kind in group:
                total[kind] += 1
        total[pair] += 2
        call_rate = rng.choice((0.0, 0.0, 0.25, 0.5, 0.8))
        kan_rate = rng.choice((0.0, 0.15, 0.5))
        for group in sets:
            is_run = group[0] != group[1]
            kind = group[0]
            kan = not is_run and total[kind] == 3 and rng.random() < kan_rate
            if kan:
                total[kind] = 4
                meld_type = rng.choice((MeldType.ANKAN, MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN))
                if meld_type is not MeldType.ANKAN and rng.random() >= call_rate + 0.3:
                    meld_type = MeldType.ANKAN
                melds.append((meld_type, (kind,) * 4))
            elif rng.random() < call_rate:
                melds.append((MeldType.CHI if is_run else MeldType.PON, group))
            else:
                concealed.extend(group)
    return _situation(rng, concealed, melds, renhou=renhou)


def _situation(
    rng: random.Random, concealed: list[int], melds: list[tuple[MeldType, tuple[int, ...]]], *, renhou: bool
) -> Deal | None:
    counts = [0] * 34
    for kind in concealed:
        counts[kind] += 1
    for _, kinds in melds:
        for kind in kinds:
            counts[kind] += 1
    if max(counts) > 4:
        return None
    win = rng.choice(concealed)
    closed = all(meld_type is MeldType.ANKAN for meld_type, _ in melds)
    kans = sum(len(kinds) == 4 for _, kinds in melds)
    tsumo = rng.random() < 0.5
    seat = rng.choice(WINDS)
    round_wind = rng.choice((Kind.EAST, Kind.EAST, Kind.SOUTH, Kind.SOUTH, Kind.WEST, Kind.NORTH))
    dealer = seat == Kind.EAST
    riichi = closed and rng.random() < 0.4
    double_riichi = riichi and rng.random() < 0.1
    ippatsu = riichi and rng.random() < 0.25
    rinshan = tsumo and kans > 0 and rng.random() < 0.3
    haitei = tsumo and not rinshan and rng.random() < 0.08
    houtei = not tsumo and rng.random() < 0.08
    chankan = not tsumo and not houtei and rng.random() < 0.05
    first_turn = not melds and not riichi and not haitei and not houtei and not chankan and rng.random() < 0.04
    tenhou = first_turn and dealer and tsumo
    chiihou = first_turn and not dealer and tsumo
    renhou_flag = renhou and first_turn and not dealer and not tsumo
    indicators = tuple(rng.randrange(34) for _ in range(1 + kans)) if rng.random() < 0.9 else ()
    ura = tuple(rng.randrange(34) for _ in indicators) if riichi else ()
    red = {five: counts[five] == 4 or (counts[five] > 0 and rng.random() < 0.5) for five in FIVES}
    honba = rng.choice((0, 0, 0, 1, 2, 5))
    sticks = rng.choice((0, 0, 1, 2))

    # 136-format ids: copy 0 of a five is its red one.
    pools = {kind: ([4 * kind, 4 * kind + 1, 4 * kind + 2, 4 * kind + 3]) for kind in range(34)}
    for five in FIVES:
        if not red[five]:
            pools[five] = pools[five][1:] + pools[five][:1]
    meld_ids = tuple(
        (MAHJONG_MELD[t], tuple(pools[k].pop(0) for k in kinds), t is not MeldType.ANKAN) for t, kinds in melds
    )
    concealed_ids = [pools[kind].pop(0) for kind in concealed]
    tiles = tuple(concealed_ids) + tuple(tile for _, ids, _ in meld_ids for tile in ids)
    win_id = concealed_ids[concealed.index(win)]
    red_count = sum(1 for tile in tiles if tile in (16, 52, 88))

    ctx = WinContext(
        concealed=pack(concealed),
        win_tile=win,
        melds=tuple(Meld(meld_type, kinds[0]) for meld_type, kinds in melds),
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=round_wind,
        dealer=dealer,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        haitei=haitei,
        houtei=houtei,
        rinshan=rinshan,
        chankan=chankan,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou_flag,
        dora_indicators=indicators,
        ura_indicators=ura,
        red_dora=red_count,
        honba=honba,
        riichi_sticks=sticks,
    )
    config = {
        "is_tsumo": tsumo,
        "is_riichi": riichi,
        "is_daburu_riichi": double_riichi,
        "is_ippatsu": ippatsu,
        "is_rinshan": rinshan,
        "is_chankan": chankan,
        "is_haitei": haitei,
        "is_houtei": houtei,
        "is_tenhou": tenhou,
        "is_chiihou": chiihou,
        "is_renhou": renhou_flag,
        "player_wind": seat,
        "round_wind": round_wind,
        "tsumi_number": honba,
        "kyoutaku_number": sticks,
    }
    dora_ids = tuple(4 * kind + rng.randrange(4) for kind in indicators)
    ura_ids = tuple(4 * kind + rng.randrange(4) for kind in ura)
    return Deal(ctx, tiles, win_id, meld_ids, dora_ids, ura_ids, config)


def random_deals(count: int, seed: int, *, renhou: bool = False) -> list[Deal]:
    """``count`` deals from one seeded generator."""
    rng = random.Random(seed)
    return [random_deal(rng, renhou=renhou) for _ in range(count)]


def mahjong_inputs(deal: Deal, *, kiriage: bool = False, double_yakuman: bool = False) -> tuple[Any, ...]:
    """Arguments for ``HandCalculator.estimate_hand_value`` (tiles, win, melds, dora, config, ura)."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld as MahjongMeld

    options = OptionalRules(has_open_tanyao=True, has_aka_dora=True, kiriage=kiriage, has_double_yakuman=double_yakuman)
    config = HandConfig(options=options, **deal.config)
    melds = [MahjongMeld(meld_type=kind, tiles=list(ids), opened=opened) for kind, ids, opened in deal.melds]
    return list(deal.tiles), deal.win, melds, list(deal.dora), config, list(deal.ura)


def per_call_us(function: Callable[[Any], object], inputs: Sequence[Any], repeats: int = 3) -> float:
    """Best per-call time over ``repeats`` passes, in CPU time of this process: the machine is
    often shared, and other processes then stretch wall time, not this one's CPU time."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for item in inputs:
            function(item)
        best = min(best, time.process_time() - start)
    return best / len(inputs) * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError as missing:
        print(f"bench.score needs the dev extra (pip install -e '.[dev]'): {missing}", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands to score (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    warm = random_deals(args.hands, args.seed + 10_000)
    rounds = [random_deals(args.hands, args.seed + offset) for offset in range(3)]
    warm_theirs = [mahjong_inputs(deal) for deal in warm]
    theirs_rounds = [[mahjong_inputs(deal) for deal in deals] for deals in rounds]

    def ours_one(ctx: WinContext) -> object:
        return score_hand(ctx, STANDARD_RULES)

    def theirs_one(inputs: tuple[Any, ...]) -> object:
        tiles, win, melds, dora, config, ura = inputs
        return HandCalculator.estimate_hand_value(tiles, win, melds, dora, config, ura_dora_indicators=ura)

    cold = per_call_us(ours_one, [deal.ctx for deal in warm], repeats=1)
    per_call_us(theirs_one, warm_theirs, repeats=1)
    ours_rounds = []
    mahjong_rounds = []
    for deals, theirs in zip(rounds, theirs_rounds, strict=True):
        ours_rounds.append(per_call_us(ours_one, [deal.ctx for deal in deals], repeats=1))
        mahjong_rounds.append(per_call_us(theirs_one, theirs, repeats=1))
    repeat = per_call_us(ours_one, [deal.ctx for deal in rounds[-1]], repeats=3)
    ours_us = min(ours_rounds)
    mahjong_us = min(mahjong_rounds)
    line = {
        "op": "score",
        "hands": args.hands,
        "ours_us": round(ours_us, 3),
        "mahjong_us": round(mahjong_us, 3),
        "ratio_vs_mahjong": round(mahjong_us / ours_us, 2),
        "ours_rounds_us": [round(us, 3) for us in ours_rounds],
        "mahjong_rounds_us": [round(us, 3) for us in mahjong_rounds],
        "ours_repeat_us": round(repeat, 3),
        "ours_first_pass_us": round(cold, 3),
    }
    print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
