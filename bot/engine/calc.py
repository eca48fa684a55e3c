"""Score one hand from the command line; the engine behind ``/mahjong calc``.

    python -m bot.engine.calc --variant nishoku --hand "234567p345678s99s" --win 2p --ron --riichi

Prints one JSON object ``{"han", "fu", "yaku": [{"name", "en", "han"}...], "total", "payments"}``
and exits 0. A hand that is not a legal win prints ``{"error": "<why>"}`` and exits 2, and so
does a malformed argument.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import STANDARD_RULES, HandScore, NoWin, ScoringRules, score_hand
from bot.engine.shapes import pack
from bot.engine.tiles import Kind, Tile, TileNotationError, kind_name, parse_tiles
from bot.engine.yaku.context import WinContext

__all__ = ["CalcError", "CalcRequest", "calculate", "main", "parse_args"]

WINDS = {"E": Kind.EAST, "S": Kind.SOUTH, "W": Kind.WEST, "N": Kind.NORTH}
MELD_TYPES = {"pon": MeldType.PON, "chi": MeldType.CHI, "ankan": MeldType.ANKAN, "minkan": MeldType.MINKAN}
MELD_TYPES["kakan"] = MeldType.KAKAN


class CalcError(ValueError):
    """A request the calculator cannot score; the message says why."""


@dataclass(frozen=True)
class CalcRequest:
    """Everything the calculator was asked, already parsed and checked."""

    variant: str
    hand: tuple[Tile, ...]
    win: Tile
    tsumo: bool
    melds: tuple[tuple[MeldType, tuple[Tile, ...]], ...] = ()
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    seat: int = Kind.EAST
    round: int = Kind.EAST
    dealer: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False
    starter: bool = False
    """いなげ: the winner started the hand (天和 rather than 地和); only ``--dealer`` says so."""
    river: tuple[int, ...] = ()
    riichi_at: int | None = None
    set_aside: tuple[int, ...] = ()
    robbed_set_aside: bool = False
    zerohatsu: bool = False
    """ずーの: 零発 instead of 一発 (a ron in the declaration round's simultaneous discard)."""
    pocchi: Tile | None = None
    """ずーの: the winning tile is a wild ポッチ standing for this tile."""
    inazuma: bool = False
    wareme: bool = False
    honba: int = 0


def _nishoku_rules() -> tuple[ScoringRules, Callable[[WinContext], HandScore | NoWin]]:
    from bot.engine.variants.nishoku import NishokuGame

    scorer = NishokuGame(seed=0).scorer
    return scorer.rules, lambda ctx: score_hand(ctx, scorer.rules)


def _riichi_rules() -> tuple[ScoringRules, Callable[[WinContext], HandScore | NoWin]]:
    return STANDARD_RULES, lambda ctx: score_hand(ctx, STANDARD_RULES)


def _inage_rules() -> tuple[ScoringRules, Callable[[WinContext], HandScore | NoWin]]:
    from bot.engine.variants.inage.game import inage_shapes
    from bot.engine.variants.inage.yaku import InageScorer

    rules = InageScorer(inage_shapes()).rules
    return rules, lambda ctx: score_hand(ctx, rules)


def _zuno_rules() -> tuple[ScoringRules, Callable[[WinContext], HandScore | NoWin]]:
    from bot.engine.variants.zuno.calc import zuno_scorer

    rules = zuno_scorer().rules
    return rules, lambda ctx: score_hand(ctx, rules)


SCORERS: dict[str, Callable[[], tuple[ScoringRules, Callable[[WinContext], HandScore | NoWin]]]] = {
    "nishoku": _nishoku_rules,
    "inage": _inage_rules,
    "zuno": _zuno_rules,
    "riichi": _riichi_rules,
}
"""Variants the calculator scores; ``riichi`` is standard 4-player rules (the oracle's)."""


def _tiles(text: str, what: str) -> list[Tile]:
    try:
        return parse_tiles(text)
    except TileNotationError as error:
        raise CalcError(f"--{what}: {error}") from error


def _melds(text: str) -> tuple[tuple[MeldType, tuple[Tile, ...]], ...]:
    melds = []
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        name, sep, tiles_text = part.partition(":")
        if not sep or name not in MELD_TYPES:
            raise CalcError(f"--melds: {part!r} is not TYPE:TILES with TYPE one of {', '.join(MELD_TYPES)}")
        meld_type = MELD_TYPES[name]
        tiles = _tiles(tiles_text, "melds")
        kinds = sorted(tile.kind for tile in tiles)
        size = 3 if meld_type in (MeldType.PON, MeldType.CHI) else 4
        if len(tiles) != size:
            raise CalcError(f"--melds: a {name} has {size} tiles, {part!r} has {len(tiles)}")
        if meld_type is MeldType.CHI:
            if kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2] or kinds[0] % 9 > 6:
                raise CalcError(f"--melds: {part!r} is not a run")
        elif len(set(kinds)) != 1:
            raise CalcError(f"--melds: {part!r} is not {size} of a kind")
        melds.append((meld_type, tuple(tiles)))
    return tuple(melds)


def parse_args(argv: Sequence[str]) -> CalcRequest:
    """Parse command-line arguments; raises :class:`CalcError` with a clear message."""
    parser = _Parser(prog="python -m bot.engine.calc", description="Score one mahjong hand.")
    parser.add_argument("--variant", default="riichi", help=f"one of {', '.join(SCORERS)} (default riichi)")
    parser.add_argument("--hand", required=True, help="every concealed tile, the winning tile included")
    parser.add_argument("--win", required=True, help="the winning tile")
    way = parser.add_mutually_exclusive_group(required=True)
    way.add_argument("--ron", action="store_true")
    way.add_argument("--tsumo", action="store_true")
    parser.add_argument("--melds", default="", help='e.g. "pon:777z,chi:123s,ankan:1111p"')
    parser.add_argument("--dora", default="", help="dora indicators")
    parser.add_argument("--ura", default="", help="ura dora indicators")
    parser.add_argument("--seat", default="E", choices=sorted(WINDS), help="seat wind (default E)")
    parser.add_argument("--round", default="E", choices=sorted(WINDS), help="round wind (default E)")
    for flag in ("dealer", "riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"):
        parser.add_argument(f"--{flag}", action="store_true")
    parser.add_argument("--first-turn", action="store_true", help="天和 / 地和 (人和 on a ron)")
    parser.add_argument("--river", default="", help="inage: the winner's discards in order (discard yaku)")
    parser.add_argument("--riichi-at", type=int, default=None, help="inage: index of the riichi tile in --river")
    parser.add_argument("--set-aside", default="", help="inage: the winner's set-aside flowers, 西 and 北")
    parser.add_argument("--robbed-set-aside", action="store_true", help="inage: ron on a set-aside 西/北 (槍ドラ)")
    parser.add_argument("--zerohatsu", action="store_true", help="zuno: 零発 (2 han) instead of 一発 on this ron")
    parser.add_argument("--pocchi", default=None, help="zuno: the wild 白 (--win) stands for this tile")
    parser.add_argument("--inazuma", action="store_true", help="zuno: イナズマリーチ, points and chips ×2")
    parser.add_argument("--wareme", action="store_true", help="zuno: the winner is 割れ目, all it receives ×2")
    parser.add_argument("--honba", type=int, default=0, help="zuno: honba, each a chip from each payer (一枚場)")
    args = parser.parse_args(list(argv))
    if args.variant not in SCORERS:
        raise CalcError(f"--variant: unknown variant {args.variant!r} (known: {', '.join(SCORERS)})")
    zuno_flags = ("zerohatsu", "inazuma", "wareme")
    for flag in zuno_flags:
        if getattr(args, flag) and args.variant != "zuno":
            raise CalcError(f"--{flag} is a ずーの rule (--variant zuno)")
    if (args.pocchi is not None or args.honba) and args.variant != "zuno":
        raise CalcError("--pocchi and --honba are ずーの rules (--variant zuno)")
    pocchi = _tiles(args.pocchi, "pocchi") if args.pocchi is not None else None
    if pocchi is not None and len(pocchi) != 1:
        raise CalcError(f"--pocchi: give exactly one tile, not {args.pocchi!r}")
    hand = _tiles(args.hand, "hand")
    wins = _tiles(args.win, "win")
    if len(wins) != 1:
        raise CalcError(f"--win: give exactly one tile, not {args.win!r}")
    win = wins[0]
    if win not in hand:
        raise CalcError(f"--win: {win} is not in --hand (the hand must include the winning tile)")
    return CalcRequest(
        variant=args.variant,
        hand=tuple(hand),
        win=win,
        tsumo=args.tsumo,
        melds=_melds(args.melds),
        dora=tuple(tile.kind for tile in _tiles(args.dora, "dora")),
        ura=tuple(tile.kind for tile in _tiles(args.ura, "ura")),
        seat=WINDS[args.seat],
        round=WINDS[args.round],
        dealer=args.dealer or args.seat == "E",
        riichi=args.riichi or args.double_riichi,
        double_riichi=args.double_riichi,
        ippatsu=args.ippatsu,
        haitei=args.haitei,
        houtei=args.houtei,
        rinshan=args.rinshan,
        chankan=args.chankan,
        first_turn=args.first_turn,
        starter=args.dealer,
        river=tuple(tile.kind for tile in _tiles(args.river, "river")),
        riichi_at=args.riichi_at,
        set_aside=tuple(tile.kind for tile in _tiles(args.set_aside, "set-aside")),
        robbed_set_aside=args.robbed_set_aside,
        zerohatsu=args.zerohatsu,
        pocchi=pocchi[0] if pocchi else None,
        inazuma=args.inazuma,
        wareme=args.wareme,
        honba=args.honba,
    )


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> Any:
        raise CalcError(message)


def calculate(request: CalcRequest) -> dict[str, Any]:
    """Score the request: the JSON-ready result, or raise :class:`CalcError`."""
    if request.variant == "inage":
        from bot.engine.variants.inage.calc import calculate_inage

        return calculate_inage(request, CalcError)
    if request.variant == "zuno":
        from bot.engine.variants.zuno.calc import calculate_zuno

        return calculate_zuno(request, CalcError)
    rules, score = SCORERS[request.variant]()
    melds = tuple(Meld(meld_type, min(t.kind for t in tiles)) for meld_type, tiles in request.melds)
    all_tiles = list(request.hand) + [tile for _, tiles in request.melds for tile in tiles]
    limits = rules.shapes.limits
    for kind in {tile.kind for tile in all_tiles}:
        held = sum(tile.kind == kind for tile in all_tiles)
        if held > limits[kind]:
            raise CalcError(f"{held} × {kind_name(kind)}: the {request.variant} set has {limits[kind]}")
    sets_needed = 4 - len(melds)
    if len(request.hand) != 3 * sets_needed + 2:
        raise CalcError(
            f"--hand has {len(request.hand)} tiles; with {len(melds)} melds a win has {3 * sets_needed + 2}"
        )
    ctx = WinContext(
        concealed=pack(tile.kind for tile in request.hand),
        win_tile=request.win.kind,
        melds=melds,
        tsumo=request.tsumo,
        seat_wind=request.seat,
        round_wind=request.round,
        dealer=request.dealer,
        riichi=request.riichi,
        double_riichi=request.double_riichi,
        ippatsu=request.ippatsu,
        haitei=request.haitei,
        houtei=request.houtei,
        rinshan=request.rinshan,
        chankan=request.chankan,
        tenhou=request.first_turn and request.tsumo and request.dealer,
        chiihou=request.first_turn and request.tsumo and not request.dealer,
        renhou=request.first_turn and not request.tsumo,
        dora_indicators=request.dora,
        ura_indicators=request.ura,
        red_dora=sum(tile.red or tile.gold for tile in all_tiles),
    )
    result = score(ctx)
    if isinstance(result, NoWin):
        raise CalcError(result.reason)
    if request.tsumo:
        if request.dealer:
            payments: dict[str, int] = {"each": result.tsumo_non_dealer}
        elif result.tsumo_dealer == result.tsumo_non_dealer:
            payments = {"each": result.tsumo_non_dealer}
        else:
            payments = {"dealer": result.tsumo_dealer, "each_other": result.tsumo_non_dealer}
    else:
        payments = {"discarder": result.ron}
    return {
        "variant": request.variant,
        "han": result.han,
        "fu": result.fu if getattr(rules.points, "uses_fu", True) else None,
        "yakuman": result.yakuman,
        "limit": result.limit,
        "yaku": [
            {"name": hit.name, "en": hit.en, "han": hit.han, **({"yakuman": hit.yakuman} if hit.yakuman else {})}
            for hit in result.yaku
        ],
        "total": result.total,
        "payments": payments,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the calculator; print JSON; exit 0 for a win, 2 otherwise."""
    try:
        output = calculate(parse_args(sys.argv[1:] if argv is None else argv))
    except CalcError as error:
        print(json.dumps({"error": str(error)}, ensure_ascii=False))
        return 2
    print(json.dumps(output, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
