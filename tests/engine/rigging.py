"""Moves for the rule tests of every variant: find a legal action by class and tile face, play it,
pass the claims, discard what was drawn, read the last hand's result cards. Every move is one of
the game's ``legal_actions``, so a test can never play something the rules refuse."""

from __future__ import annotations

from typing import Any

from bot.engine.events import Event
from bot.engine.game import Action, Chi, Discard, Game, Kan, Pass, Pick, Pon, Riichi, SetAside
from bot.engine.table import TableGame, TurnGame
from bot.engine.tiles import parse_kinds
from bot.engine.views import DrawView, WinView

__all__ = [
    "AnyGame",
    "AnyTable",
    "act",
    "as_table",
    "discard_drawn",
    "draw_card",
    "drawn_kind",
    "drawn_tile",
    "find",
    "has",
    "kind",
    "pass_claims",
    "tile_kind",
    "tsumogiri",
    "win_card",
]

AnyTable = TableGame[Any, Any]
"""A game of any variant (ずーの's rounds too), whatever its settings and seats (Any: the type
parameters are invariant, so no one pair of settings and seat classes takes every variant's)."""
AnyGame = TurnGame[Any, Any]
"""A game of any turn-cycle variant (every one but ずーの)."""


def as_table(game: Game) -> AnyTable:
    """``game`` as the table engine every variant's game stands on, with the hands, seats, tile
    kinds and ``rig`` that the :class:`Game` protocol (what the runtime reads) leaves out."""
    assert isinstance(game, TableGame), type(game)
    return game


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def tile_kind(game: AnyTable, action: Action) -> int | None:
    """The kind of the tile an action is about (a call's or a kan's first tile), None for one
    without (an added kan of ずーの names none)."""
    if isinstance(action, Discard | Riichi | SetAside | Pick):
        return game.kinds[action.tile]
    if isinstance(action, Kan | Pon | Chi):
        return game.kinds[action.tiles[0]] if action.tiles else None
    return None


def _first(game: AnyTable, seat: int, cls: type[Action], face: str | None) -> Action | None:
    for action in game.legal_actions(seat):
        if type(action) is cls and (face is None or tile_kind(game, action) == kind(face)):
            return action
    return None


def find(game: AnyTable, seat: int, cls: type[Action], face: str | None = None) -> Action:
    """The first legal action of exactly ``cls`` (5等's open riichi is no Riichi here), on a tile
    of ``face`` when given; the test fails where there is none."""
    action = _first(game, seat, cls, face)
    assert action is not None, f"seat {seat} has no {cls.__name__} {face or ''}: {game.legal_actions(seat)}"
    return action


def act(game: AnyTable, seat: int, cls: type[Action], face: str | None = None) -> list[Event]:
    """Apply the first legal action of ``cls`` (on a tile of ``face`` when given); its events."""
    return game.apply(find(game, seat, cls, face))


def has(game: AnyTable, seat: int, cls: type[Action], face: str | None = None) -> bool:
    return _first(game, seat, cls, face) is not None


def pass_claims(game: AnyTable) -> None:
    while game.phase == "claims":
        game.apply(Pass(game.decisions()[0].seat))


def drawn_tile(game: AnyTable, seat: int) -> int:
    """The tile ``seat`` holds drawn (it must hold one)."""
    drawn: int | None = game.seats[seat].drawn  # typed here: an AnyTable's seats are Any
    assert drawn is not None, f"seat {seat} holds no drawn tile"
    return drawn


def drawn_kind(game: AnyTable, seat: int) -> int:
    return game.kinds[drawn_tile(game, seat)]


def discard_drawn(game: AnyTable, seat: int) -> None:
    """``seat`` discards what it drew, leaving the claims on it open."""
    game.apply(Discard(seat, drawn_tile(game, seat)))


def tsumogiri(game: AnyGame, seat: int) -> None:
    """``seat`` is on turn and discards what it drew; the others pass every claim."""
    assert game.phase == "turn" and game.turn == seat, (game.phase, game.turn, seat)
    discard_drawn(game, seat)
    pass_claims(game)


def win_card(game: AnyTable, number: int = 0) -> WinView:
    """The last hand's result card ``number``, which must be a win's."""
    card = game.last_results[number]
    assert isinstance(card, WinView), card
    return card


def draw_card(game: AnyTable) -> DrawView:
    """The last hand's result card, which must be a drawn hand's."""
    card = game.last_results[0]
    assert isinstance(card, DrawView), card
    return card
