"""Score one hand from the command line; the front end behind ``/mahjong calc``.

    python -m bot.engine.calc --variant nishoku --hand "234567p345678s99s" --win 2p --ron --riichi

Prints one JSON object ``{"han", "fu", "yaku": [{"name", "en", "han"}...], "total", "payments"}``
and exits 0. A hand that is not a legal win prints ``{"error": "<why>"}`` and exits 2, and so
does a malformed argument.

This module parses the arguments every variant shares and hands the request to the chosen
variant's calculator; everything a calculator is made of is the library
:mod:`bot.engine.calculator`, which knows nothing of the registry. Each registered variant brings
its own options and calculator (a :class:`~bot.engine.calculator.VariantCalc`): its options are
added to the parser, refused for any other variant, and handed to its calculator in
:attr:`CalcRequest.options <bot.engine.calculator.CalcRequest.options>`. ``--variant riichi``
(the oracle's standard 4-player rules, :data:`~bot.engine.calculator.STANDARD_CALC`) is the one
scorer that is no variant.

Before anything is scored, :meth:`VariantCalc.check_situation
<bot.engine.calculator.VariantCalc.check_situation>` refuses a request whose flags no table can
produce together (exit 2, the message naming both sides), for every variant and the standard
rules alike (:data:`~bot.engine.calculator.SHARED_CONFLICTS`, checked in this order):

- how the hand was won: 海底 and 嶺上 are tsumo wins, 河底 and 搶槓 rons;
- riichi: 一発 needs one, and a riichi a closed hand (an ankan is fine). ``--double-riichi`` is a
  riichi, and so is a variant's option marked :attr:`~bot.engine.calculator.CalcFlag.riichi`
  (5等三麻's ``--open-riichi``), so no riichi check can miss them;
- kans: 嶺上 needs a kan in ``--melds``, and no 一発 survives the kan before it;
- the end of the wall: 海底 is no replacement draw, 河底 no tile added to a kan;
- the first go-around (``--first-turn``): no meld, no replacement draw, no riichi yet, not at the
  end of the wall, no 搶槓 (the added kan is a call), and 人和 is a child's;
- seats: ``--dealer`` sits East.

A variant's calculator adds what its own game never produces (``conflicts``: いなげ's ダマテン無し,
二色麻雀's pon-only melds, ずーの's missing 搶槓) and waives by name the shared ones its game does
produce (``allows``: いなげ's pool has no dead wall, so its last tile may be a replacement draw;
チンイツゲーム's pulled 北 is replaced by a rinshan draw). ``/mahjong calc`` scores through
:func:`calculate` too, so it refuses the same requests.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from bot.engine.calculator import (
    STANDARD_CALC,
    CalcError,
    CalcFlag,
    CalcRequest,
    CalcResult,
    OptionValue,
    VariantCalc,
    option_tile,
    option_tiles,
)
from bot.engine.melds import MeldType
from bot.engine.tiles import Kind, Tile
from bot.engine.variants import VARIANTS

__all__ = ["CALC_VARIANTS", "STANDARD", "calculate", "calculators", "main", "parse_args", "parse_melds"]

WINDS = {"E": Kind.EAST, "S": Kind.SOUTH, "W": Kind.WEST, "N": Kind.NORTH}
MELD_TYPES = {"pon": MeldType.PON, "chi": MeldType.CHI, "ankan": MeldType.ANKAN, "minkan": MeldType.MINKAN}
MELD_TYPES["kakan"] = MeldType.KAKAN
MELD_TYPES["kan"] = MeldType.MINKAN  # an open kan, however it was made: the score is the same
STANDARD = "riichi"
"""The one scorer that is no variant: standard 4-player rules, as the test oracle scores them."""


def calculators() -> dict[str, VariantCalc]:
    """What ``--variant`` accepts and who scores it: every registered variant with a calculator, in
    registry order, then the standard rules."""
    registered = {variant.variant: variant.calc for variant in VARIANTS if variant.calc is not None}
    return {**registered, STANDARD: STANDARD_CALC}


CALC_VARIANTS: tuple[str, ...] = tuple(calculators())
"""What ``--variant`` accepts: every registered variant with a calculator, in registry order, then
the standard rules."""


def _owners() -> dict[str, list[tuple[str, str, CalcFlag]]]:
    """Every variant option's name -> (variant key, title, flag) of each variant declaring it."""
    owners: dict[str, list[tuple[str, str, CalcFlag]]] = {}
    for variant in VARIANTS:
        for flag in variant.calc.flags if variant.calc is not None else ():
            owners.setdefault(flag.name, []).append((variant.variant, variant.title, flag))
    return owners


def parse_melds(text: str, *, max_kan: int = 4) -> tuple[tuple[MeldType, tuple[Tile, ...]], ...]:
    """``--melds``: ``TYPE:TILES`` separated by commas; a kan has 4 tiles, or up to ``max_kan``
    in a variant that adds copies to a kan (チンイツゲーム: 8)."""
    melds = []
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        name, sep, tiles_text = part.partition(":")
        if not sep or name not in MELD_TYPES:
            raise CalcError(f"--melds: {part!r} is not TYPE:TILES with TYPE one of {', '.join(MELD_TYPES)}")
        meld_type = MELD_TYPES[name]
        tiles = option_tiles(tiles_text, "melds")
        kinds = sorted(tile.kind for tile in tiles)
        if meld_type in (MeldType.PON, MeldType.CHI):
            size = 3
            if len(tiles) != size:
                raise CalcError(f"--melds: a {name} has {size} tiles, {part!r} has {len(tiles)}")
        else:
            size = len(tiles)
            if not 4 <= size <= max_kan:
                has = "4 tiles" if max_kan == 4 else f"4 to {max_kan} tiles"
                raise CalcError(f"--melds: a {name} has {has}, {part!r} has {size}")
        if meld_type is MeldType.CHI:
            if kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2] or kinds[0] % 9 > 6:
                raise CalcError(f"--melds: {part!r} is not a run")
        elif len(set(kinds)) != 1:
            raise CalcError(f"--melds: {part!r} is not {size} of a kind")
        melds.append((meld_type, tuple(tiles)))
    return tuple(melds)


def _add_option(parser: argparse.ArgumentParser, name: str, owners: Sequence[tuple[str, str, CalcFlag]]) -> None:
    """One variant option; ``None`` (or off) is "not given", so a foreign option can be refused."""
    flag = owners[0][2]
    if any(other.type is not flag.type for _, _, other in owners):
        raise ValueError(f"--{name} has a different type in {' and '.join(key for key, _, _ in owners)}")
    keys = ", ".join(key for key, _, _ in owners)
    if flag.type is bool:
        parser.add_argument(f"--{name}", action="store_true", help=f"{keys}: {flag.help}")
    else:
        parser.add_argument(f"--{name}", type=flag.type, default=None, help=f"{keys}: {flag.help}")


def _foreign(name: str, owners: Sequence[tuple[str, str, CalcFlag]]) -> CalcError:
    """``--zerohatsu is a ずーの rule (--variant zuno)``: refused, naming where it belongs."""
    titles = " / ".join(title for _, title, _ in owners)
    keys = " or ".join(f"--variant {key}" for key, _, _ in owners)
    return CalcError(f"--{name} is a {titles} rule ({keys})")


def parse_args(argv: Sequence[str]) -> CalcRequest:
    """Parse command-line arguments; raises :class:`CalcError` with a clear message."""
    parser = _Parser(prog="python -m bot.engine.calc", description="Score one mahjong hand.")
    parser.add_argument("--variant", default=STANDARD, help=f"one of {', '.join(CALC_VARIANTS)} (default {STANDARD})")
    parser.add_argument("--hand", required=True, help="every concealed tile, the winning tile included")
    parser.add_argument("--win", required=True, help="the winning tile")
    way = parser.add_mutually_exclusive_group(required=True)
    way.add_argument("--ron", action="store_true")
    way.add_argument("--tsumo", action="store_true")
    parser.add_argument("--melds", default="", help='e.g. "pon:777z,chi:123s,ankan:1111p" (kan: an open kan)')
    parser.add_argument("--dora", default="", help="dora indicators")
    parser.add_argument("--ura", default="", help="ura dora indicators")
    parser.add_argument("--seat", default="E", choices=sorted(WINDS), help="seat wind (default E)")
    parser.add_argument("--round", default="E", choices=sorted(WINDS), help="round wind (default E)")
    for flag in ("dealer", "riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"):
        parser.add_argument(f"--{flag}", action="store_true")
    parser.add_argument("--first-turn", action="store_true", help="天和 / 地和 (人和 on a ron)")
    owners = _owners()
    for name, declared in owners.items():
        _add_option(parser, name, declared)
    args = vars(parser.parse_args(list(argv)))
    variant = args["variant"]
    calculator = calculators().get(variant)
    if calculator is None:
        raise CalcError(f"--variant: unknown variant {variant!r} (known: {', '.join(CALC_VARIANTS)})")
    options: dict[str, OptionValue] = {}
    for name, declared in owners.items():
        given = args[name.replace("-", "_")]
        mine = next((flag for key, _, flag in declared if key == variant), None)
        if mine is None:
            if given not in (None, False):
                raise _foreign(name, declared)
            continue
        options[name] = (False if mine.type is bool else mine.default) if given is None else given
    hand = option_tiles(args["hand"], "hand")
    win = _winning_tile(option_tile(args["win"], "win"), hand)
    return CalcRequest(
        variant=variant,
        hand=tuple(hand),
        win=win,
        tsumo=args["tsumo"],
        melds=parse_melds(args["melds"], max_kan=calculator.max_kan),
        dora=tuple(tile.kind for tile in option_tiles(args["dora"], "dora")),
        ura=tuple(tile.kind for tile in option_tiles(args["ura"], "ura")),
        seat=WINDS[args["seat"]],
        round=WINDS[args["round"]],
        dealer=args["dealer"] or args["seat"] == "E",
        # ダブル立直 is a riichi, and so is a variant's own riichi option (5等三麻's オープン立直).
        riichi=args["riichi"] or args["double_riichi"] or any(options[flag.name] for flag in calculator.riichi_flags),
        double_riichi=args["double_riichi"],
        ippatsu=args["ippatsu"],
        haitei=args["haitei"],
        houtei=args["houtei"],
        rinshan=args["rinshan"],
        chankan=args["chankan"],
        first_turn=args["first_turn"],
        starter=args["dealer"],
        options=options,
    )


def _winning_tile(win: Tile, hand: Sequence[Tile]) -> Tile:
    """The hand's tile that ``--win`` names: the same tile, or, written without a back colour
    (チンイツゲーム's ``B``/``Y``), the first hand tile of that face whatever its back.

    >>> from bot.engine.tiles import parse_tiles
    >>> _winning_tile(Tile.parse("7p"), parse_tiles("B23456778999p"))
    Tile.parse('B7p')
    """
    if win in hand:
        return win
    if win.back is None:
        for tile in hand:
            if dataclasses.replace(tile, back=None) == win:
                return tile
    raise CalcError(f"--win: {win} is not in --hand (the hand must include the winning tile)")


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise CalcError(message)


def calculate(request: CalcRequest) -> CalcResult:
    """Score the request: the scored hand, or raise :class:`~bot.engine.calculator.CalcError`
    (a situation no table produces is refused before anything is scored)."""
    calculator = calculators().get(request.variant)
    if calculator is None:
        raise CalcError(f"--variant: unknown variant {request.variant!r} (known: {', '.join(CALC_VARIANTS)})")
    return calculator.score(request)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the calculator; print JSON; exit 0 for a win, 2 otherwise."""
    try:
        output = calculate(parse_args(sys.argv[1:] if argv is None else argv))
    except CalcError as error:
        print(json.dumps({"error": str(error)}, ensure_ascii=False))
        return 2
    print(json.dumps(output.to_json(), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
