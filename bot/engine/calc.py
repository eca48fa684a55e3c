"""Score one hand from the command line; the engine behind ``/mahjong calc``.

    python -m bot.engine.calc --variant nishoku --hand "234567p345678s99s" --win 2p --ron --riichi

Prints one JSON object ``{"han", "fu", "yaku": [{"name", "en", "han"}...], "total", "payments"}``
and exits 0. A hand that is not a legal win prints ``{"error": "<why>"}`` and exits 2, and so
does a malformed argument.

This module parses the arguments every variant shares, checks what every variant checks, and
scores standard hands (``--variant riichi``, the oracle's 4-player rules). Each registered
variant brings its own options and calculator (``ui.calc``, a
:class:`~bot.engine.variant_ui.VariantCalc`): its options are added to the parser, refused for
any other variant, and handed to its calculator in :attr:`CalcRequest.options`.

Before anything is scored, :func:`check_situation` refuses a request whose flags no table can
produce together (exit 2, the message naming both sides), for every variant and the standard
rules alike (:data:`SHARED_CONFLICTS`, checked in this order):

- how the hand was won: 海底 and 嶺上 are tsumo wins, 河底 and 搶槓 rons;
- riichi: 一発 needs one, and a riichi a closed hand (an ankan is fine). ``--double-riichi`` is a
  riichi, and so is a variant's option marked :attr:`~bot.engine.variant_ui.CalcFlag.riichi`
  (5等三麻's ``--open-riichi``), so no riichi check can miss them;
- kans: 嶺上 needs a kan in ``--melds``, and no 一発 survives the kan before it;
- the end of the wall: 海底 is no replacement draw, 河底 no tile added to a kan;
- the first go-around (``--first-turn``): no meld, no replacement draw, no riichi yet, not at the
  end of the wall, no 搶槓 (the added kan is a call), and 人和 is a child's;
- seats: ``--dealer`` sits East.

A variant's calculator (:class:`~bot.engine.variant_ui.VariantCalc`) adds what its own game never
produces (``conflicts``: いなげ's ダマテン無し, 二色麻雀's pon-only melds, ずーの's missing 搶槓) and
waives by name the shared ones its game does produce (``allows``: いなげ's pool has no dead wall,
so its last tile may be a replacement draw; チンイツゲーム's pulled 北 is replaced by a rinshan
draw). ``/mahjong calc`` scores through :func:`calculate` too, so it refuses the same requests.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import STANDARD_RULES, NoWin, ScoringRules, score_hand
from bot.engine.shapes import pack
from bot.engine.tiles import Kind, Tile, TileNotationError, kind_name, parse_tiles
from bot.engine.variant_ui import CalcConflict, CalcFlag, VariantCalc
from bot.engine.variants import VARIANTS
from bot.engine.views import YakuLine
from bot.engine.yaku.base import YakuHit
from bot.engine.yaku.context import WinContext

__all__ = [
    "CALC_VARIANTS",
    "SHARED_CONFLICTS",
    "STANDARD",
    "CalcError",
    "CalcRequest",
    "calculate",
    "check_hand_size",
    "check_situation",
    "check_tile_limits",
    "main",
    "option_tiles",
    "parse_args",
    "parse_melds",
    "payments",
    "request_melds",
    "request_tiles",
    "score_standard",
    "win_context",
    "yaku_json",
]

WINDS = {"E": Kind.EAST, "S": Kind.SOUTH, "W": Kind.WEST, "N": Kind.NORTH}
MELD_TYPES = {"pon": MeldType.PON, "chi": MeldType.CHI, "ankan": MeldType.ANKAN, "minkan": MeldType.MINKAN}
MELD_TYPES["kakan"] = MeldType.KAKAN
MELD_TYPES["kan"] = MeldType.MINKAN  # an open kan, however it was made: the score is the same
STANDARD = "riichi"
"""The one scorer that is no variant: standard 4-player rules, as the test oracle scores them."""

OptionValue = bool | int | str | None
_KANS = frozenset({MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN})
_OPEN = frozenset({MeldType.PON, MeldType.CHI, MeldType.MINKAN, MeldType.KAKAN})


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
    """The winner is the dealer: ``--dealer``, or implied by seat East."""
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False
    starter: bool = False
    """``--dealer`` itself was given: the winner started the hand (天和 rather than 地和) even in a
    variant without seat winds, where seat East implies nothing."""
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    """The chosen variant's own options (its :class:`CalcFlag` names), as given or their defaults."""

    @property
    def has_kan(self) -> bool:
        """A kan of any kind is among the melds."""
        return any(meld_type in _KANS for meld_type, _ in self.melds)

    @property
    def has_open_meld(self) -> bool:
        """A called meld (pon, chi, open or added kan) is among the melds: an ankan is none."""
        return any(meld_type in _OPEN for meld_type, _ in self.melds)

    def has_meld(self, meld_type: MeldType) -> bool:
        """A meld of that type is among the melds."""
        return any(given is meld_type for given, _ in self.melds)

    def flag(self, name: str) -> bool:
        """The variant's on/off option ``--<name>``."""
        value = self.options[name]
        if not isinstance(value, bool):
            raise TypeError(f"--{name} is not an on/off option")
        return value

    def number(self, name: str) -> int | None:
        """The variant's integer option ``--<name>``, None when neither given nor defaulted."""
        value = self.options[name]
        if isinstance(value, bool) or not isinstance(value, int | None):
            raise TypeError(f"--{name} is not an integer option")
        return value

    def words(self, name: str) -> str | None:
        """The variant's text option ``--<name>``, None when neither given nor defaulted."""
        value = self.options[name]
        if not isinstance(value, str | None):
            raise TypeError(f"--{name} is not a text option")
        return value


SHARED_CONFLICTS: tuple[CalcConflict, ...] = (
    # How the hand was won: each situation belongs to a tsumo or to a ron.
    CalcConflict(
        "haitei-on-ron",
        "海底 (--haitei) is a tsumo on the last tile: not with --ron (a ron on the last discard is --houtei)",
        lambda r: r.haitei and not r.tsumo,
    ),
    CalcConflict(
        "houtei-on-tsumo",
        "河底 (--houtei) is a ron on the last discard: not with --tsumo (a tsumo on the last tile is --haitei)",
        lambda r: r.houtei and r.tsumo,
    ),
    CalcConflict(
        "rinshan-on-ron",
        "嶺上開花 (--rinshan) is a tsumo on a replacement draw: not with --ron",
        lambda r: r.rinshan and not r.tsumo,
    ),
    CalcConflict(
        "chankan-on-tsumo",
        "搶槓 (--chankan) is a ron on the tile added to a kan: not with --tsumo",
        lambda r: r.chankan and r.tsumo,
    ),
    # Riichi and what it needs.
    CalcConflict(
        "ippatsu-without-riichi",
        "一発 (--ippatsu) needs a riichi (--riichi or --double-riichi)",
        lambda r: r.ippatsu and not r.riichi,
    ),
    CalcConflict(
        "riichi-with-open-meld",
        "立直 (--riichi) needs a closed hand: no pon, chi or open kan in --melds (an ankan is fine)",
        lambda r: r.riichi and r.has_open_meld,
    ),
    # Kans and the replacement draw.
    CalcConflict(
        "rinshan-without-kan",
        "嶺上開花 (--rinshan) needs a kan in the hand (ankan, kan or kakan in --melds)",
        lambda r: r.rinshan and not r.has_kan,
    ),
    CalcConflict(
        "ippatsu-and-rinshan",
        "一発 (--ippatsu) and 嶺上開花 (--rinshan) cannot both apply: the kan before the replacement draw ends "
        "the ippatsu",
        lambda r: r.ippatsu and r.rinshan,
    ),
    # The end of the wall.
    CalcConflict(
        "haitei-and-rinshan",
        "海底 (--haitei) and 嶺上 (--rinshan) cannot both apply: the last tile is not a replacement draw",
        lambda r: r.haitei and r.rinshan,
    ),
    CalcConflict(
        "houtei-and-chankan",
        "河底 (--houtei) and 搶槓 (--chankan) cannot both apply: the last discard is no tile added to a kan",
        lambda r: r.houtei and r.chankan,
    ),
    # The first go-around: 天和 and 地和 (a tsumo), 人和 (a ron).
    CalcConflict(
        "first-turn-and-rinshan",
        "天和/地和 (--first-turn) are won on the first draw, not on a replacement draw (--rinshan)",
        lambda r: r.first_turn and r.rinshan,
    ),
    CalcConflict(
        "first-turn-with-meld",
        "天和/地和/人和 (--first-turn) need a closed hand with no meld: any call or kan (--melds) ends the first "
        "go-around",
        lambda r: r.first_turn and bool(r.melds),
    ),
    CalcConflict(
        "first-turn-and-riichi",
        "天和/地和/人和 (--first-turn) come before the winner's first discard: there is no riichi yet (--riichi, "
        "--double-riichi)",
        lambda r: r.first_turn and r.riichi,
    ),
    CalcConflict(
        "first-turn-and-last-tile",
        "天和/地和/人和 (--first-turn) are in the first go-around, 海底/河底 (--haitei, --houtei) at the end of the "
        "wall",
        lambda r: r.first_turn and (r.haitei or r.houtei),
    ),
    CalcConflict(
        "first-turn-and-chankan",
        "人和 (--first-turn) and 搶槓 (--chankan) cannot both apply: the added kan is a call, which ends the first "
        "go-around",
        lambda r: r.first_turn and r.chankan,
    ),
    CalcConflict(
        "renhou-for-dealer",
        "人和 (--first-turn with --ron) is a non-dealer's win before its first draw: not for the dealer (seat E or "
        "--dealer)",
        lambda r: r.first_turn and not r.tsumo and r.dealer,
    ),
    # Seats.
    CalcConflict(
        "dealer-not-east",
        "--dealer: the dealer sits East (give --seat E, or leave --dealer out)",
        lambda r: r.starter and r.seat != Kind.EAST,
    ),
)
"""What no table produces, refused for every variant unless its calculator waives it by name
(:attr:`~bot.engine.variant_ui.VariantCalc.allows`), in the order checked."""


def check_situation(request: CalcRequest) -> None:
    """Refuse a request whose situation no table of its variant can produce: the first of the
    :data:`SHARED_CONFLICTS` the variant does not allow, then the variant's own conflicts, that
    applies is a :class:`CalcError` with its message."""
    calculator = _calculators().get(request.variant)
    allowed = calculator.allows if calculator is not None else frozenset()
    own = calculator.conflicts if calculator is not None else ()
    for conflict in (*(shared for shared in SHARED_CONFLICTS if shared.name not in allowed), *own):
        if conflict.applies(request):
            raise CalcError(conflict.message)


def _calculators() -> dict[str, VariantCalc]:
    return {variant.variant: variant.ui.calc for variant in VARIANTS if variant.ui.calc is not None}


CALC_VARIANTS: tuple[str, ...] = (*_calculators(), STANDARD)
"""What ``--variant`` accepts: every registered variant with a calculator, in registry order, then
the standard rules."""


def _owners() -> dict[str, list[tuple[str, str, CalcFlag]]]:
    """Every variant option's name -> (variant key, title, flag) of each variant declaring it."""
    owners: dict[str, list[tuple[str, str, CalcFlag]]] = {}
    for variant in VARIANTS:
        for flag in variant.ui.calc.flags if variant.ui.calc is not None else ():
            owners.setdefault(flag.name, []).append((variant.variant, variant.title, flag))
    return owners


def option_tiles(text: str, option: str) -> list[Tile]:
    """Tiles in notation from the option ``--<option>``; a typo is a :class:`CalcError` naming it."""
    try:
        return parse_tiles(text)
    except TileNotationError as error:
        raise CalcError(f"--{option}: {error}") from error


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
    if variant not in CALC_VARIANTS:
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
    calculator = _calculators().get(variant)
    hand = option_tiles(args["hand"], "hand")
    wins = option_tiles(args["win"], "win")
    if len(wins) != 1:
        raise CalcError(f"--win: give exactly one tile, not {args['win']!r}")
    win = wins[0]
    if win not in hand:
        raise CalcError(f"--win: {win} is not in --hand (the hand must include the winning tile)")
    return CalcRequest(
        variant=variant,
        hand=tuple(hand),
        win=win,
        tsumo=args["tsumo"],
        melds=parse_melds(args["melds"], max_kan=calculator.max_kan if calculator is not None else 4),
        dora=tuple(tile.kind for tile in option_tiles(args["dora"], "dora")),
        ura=tuple(tile.kind for tile in option_tiles(args["ura"], "ura")),
        seat=WINDS[args["seat"]],
        round=WINDS[args["round"]],
        dealer=args["dealer"] or args["seat"] == "E",
        # ダブル立直 is a riichi, and so is a variant's own riichi option (5等三麻's オープン立直).
        riichi=args["riichi"] or args["double_riichi"] or any(options[flag.name] for flag in _riichi_flags(calculator)),
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


def _riichi_flags(calculator: VariantCalc | None) -> tuple[CalcFlag, ...]:
    """The variant's options that declare a riichi."""
    return tuple(flag for flag in calculator.flags if flag.riichi) if calculator is not None else ()


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> Any:
        raise CalcError(message)


# --- what every calculator checks and builds ---------------------------------------------------------


def check_tile_limits(kinds: Iterable[int], limits: Sequence[int], variant: str, note: str = "") -> None:
    """Refuse more copies of a kind than the variant's set has (``note`` says more, if anything)."""
    held = list(kinds)
    for kind in set(held):
        if held.count(kind) > limits[kind]:
            raise CalcError(f"{held.count(kind)} × {kind_name(kind)}: the {variant} set has {limits[kind]}{note}")


def check_hand_size(count: int, melds: int, *, sets: int = 4, what: str = "a win") -> None:
    """Refuse a hand that is not ``sets`` sets and a pair with its melds (``what``: whose win)."""
    size = 3 * (sets - melds) + 2
    if count != size:
        raise CalcError(f"--hand has {count} tiles; with {melds} melds {what} has {size}")


def request_melds(request: CalcRequest) -> tuple[Meld, ...]:
    """The request's melds as the scorers take them (a kan as big as its tiles)."""
    return tuple(
        Meld(meld_type, min(tile.kind for tile in tiles), size=len(tiles)) for meld_type, tiles in request.melds
    )


def request_tiles(request: CalcRequest) -> list[Tile]:
    """Every tile of the hand and its melds."""
    return list(request.hand) + [tile for _, tiles in request.melds for tile in tiles]


def win_context(
    request: CalcRequest, *, concealed: Iterable[int] | None = None, win_tile: int | None = None
) -> WinContext:
    """The request as a standard :class:`WinContext`. A variant passes the concealed kinds and the
    winning kind when they are not the tiles given (ずーの's wild ポッチ), and replaces what it
    scores otherwise (``dataclasses.replace``)."""
    return WinContext(
        concealed=pack(tile.kind for tile in request.hand) if concealed is None else pack(concealed),
        win_tile=request.win.kind if win_tile is None else win_tile,
        melds=request_melds(request),
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
        red_dora=sum(tile.red or tile.gold for tile in request_tiles(request)),
    )


def yaku_json(lines: Iterable[YakuHit | YakuLine]) -> list[dict[str, Any]]:
    """The result's ``yaku`` list: name, English name, han, and the yakuman weight or the detail
    where there is one."""
    return [
        {
            "name": line.name,
            "en": line.en,
            "han": line.han,
            **({"yakuman": line.yakuman} if line.yakuman else {}),
            **({"detail": line.detail} if isinstance(line, YakuLine) and line.detail else {}),
        }
        for line in lines
    ]


def payments(request: CalcRequest, *, ron: int, tsumo_dealer: int, tsumo_non_dealer: int) -> dict[str, int]:
    """Who pays the winner what: the discarder on a ron; on a tsumo each player, or the dealer
    and each other player when they pay differently."""
    if not request.tsumo:
        return {"discarder": ron}
    if request.dealer or tsumo_dealer == tsumo_non_dealer:
        return {"each": tsumo_non_dealer}
    return {"dealer": tsumo_dealer, "each_other": tsumo_non_dealer}


def score_standard(request: CalcRequest, rules: ScoringRules) -> dict[str, Any]:
    """Score the request under standard-shaped ``rules`` (the oracle's, or a variant's that keeps
    to them, such as 二色麻雀's)."""
    check_tile_limits((tile.kind for tile in request_tiles(request)), rules.shapes.limits, request.variant)
    check_hand_size(len(request.hand), len(request.melds))
    result = score_hand(win_context(request), rules)
    if isinstance(result, NoWin):
        raise CalcError(result.reason)
    return {
        "variant": request.variant,
        "han": result.han,
        "fu": result.fu if getattr(rules.points, "uses_fu", True) else None,
        "yakuman": result.yakuman,
        "limit": result.limit,
        "yaku": yaku_json(result.yaku),
        "total": result.total,
        "payments": payments(
            request, ron=result.ron, tsumo_dealer=result.tsumo_dealer, tsumo_non_dealer=result.tsumo_non_dealer
        ),
    }


def calculate(request: CalcRequest) -> dict[str, Any]:
    """Score the request: the JSON-ready result, or raise :class:`CalcError` (a situation no
    table produces is refused before anything is scored, :func:`check_situation`)."""
    check_situation(request)
    if request.variant == STANDARD:
        return score_standard(request, STANDARD_RULES)
    calculator = _calculators().get(request.variant)
    if calculator is None:
        raise CalcError(f"--variant: unknown variant {request.variant!r} (known: {', '.join(CALC_VARIANTS)})")
    return calculator.calculate(request)


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
    # ``python -m`` runs this file as ``__main__``, a second copy of the module; the variants'
    # calculators raise the CalcError of ``bot.engine.calc``, so that copy must run the CLI.
    from bot.engine.calc import main as imported_main

    sys.exit(imported_main())
