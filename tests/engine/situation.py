"""A winning hand's situation as the yaku and scoring tests write it, ``riichi=True,
dora_indicators=(...)``: typed keywords for :class:`bot.engine.yaku.context.WinContext`, so a
misspelt or mistyped situation fails type-checking (``test_yaku.py`` holds :class:`Situation` to
the context's fields)."""

from __future__ import annotations

from typing import TypedDict, Unpack

from bot.engine.melds import Meld
from bot.engine.shapes import hand
from bot.engine.tiles import parse_kinds
from bot.engine.yaku.context import WinContext

__all__ = ["Situation", "WinFlags", "win_context"]


class WinFlags(TypedDict, total=False):
    """How a hand was won, as every scorer's context has it (いなげ's ``InageWin`` too)."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    tenhou: bool
    chiihou: bool
    renhou: bool


class Situation(WinFlags, total=False):
    """Every field of a :class:`WinContext` but the tiles (``concealed``, ``win_tile``, ``melds``)."""

    seat_wind: int
    round_wind: int
    dealer: bool
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    red_dora: int
    nuki_dora: int
    honba: int
    riichi_sticks: int
    flags: frozenset[str]


def win_context(tiles: str, win: str, *, melds: tuple[Meld, ...] = (), **situation: Unpack[Situation]) -> WinContext:
    """``tiles`` (the concealed tiles, the winning tile included) won on ``win``, beside ``melds``."""
    return WinContext(concealed=hand(tiles), win_tile=parse_kinds(win)[0], melds=melds, **situation)
