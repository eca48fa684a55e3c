"""Situations no table produces, refused before anything is scored: :class:`CalcConflict`, the
:data:`SHARED_CONFLICTS` every variant refuses unless its calculator waives one by name, and
those several variants' games never produce (:func:`no_chi`, :func:`no_chankan`), each variant
saying why in its own words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine.calculator.request import CalcRequest
from bot.engine.melds import MeldType
from bot.engine.tiles import Kind

__all__ = ["SHARED_CONFLICTS", "CalcConflict", "no_chankan", "no_chi"]


@dataclass(frozen=True, slots=True)
class CalcConflict:
    """A situation the calc refuses because no table can produce it (一発 without riichi, 河底 on a
    tsumo): ``applies`` says whether a request is one, ``message`` names both sides of it.

    ``name`` is how a variant whose game does produce one of the shared conflicts waives it
    (:attr:`~bot.engine.calculator.VariantCalc.allows`: いなげ's pool has no dead wall, so its last
    tile may be a replacement draw, 海底 and 嶺上 at once)."""

    name: str
    message: str
    applies: Callable[[CalcRequest], bool]


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
(:attr:`~bot.engine.calculator.VariantCalc.allows`), in the order checked."""


def no_chi(message: str) -> CalcConflict:
    """A chi in ``--melds``, for a variant whose game has none (``message`` says so)."""
    return CalcConflict("no-chi", message, lambda r: r.has_meld(MeldType.CHI))


def no_chankan(message: str) -> CalcConflict:
    """搶槓 (``--chankan``), for a variant whose game never robs a kan (``message`` says why)."""
    return CalcConflict("no-chankan", message, lambda r: r.chankan)
