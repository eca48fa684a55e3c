"""Moves for the rule tests of the turn-cycle variants (チンイツゲーム, 5等三麻): find a legal action
by class and tile face, play it, pass the claims, discard what was drawn. Every move is one of the
game's ``legal_actions``, so a test can never play something the rules refuse."""

from __future__ import annotations

from typing import Any

from bot.engine.game import Action, Discard, Kan, Pass, Pon, Riichi, SetAside
from bot.engine.table import TurnGame
from bot.engine.tiles import parse_kinds

__all__ = [
    "act",
    "discard_drawn",
    "drawn_kind",
    "drawn_tile",
    "find",
    "has",
    "kind",
    "pass_claims",
    "tile_kind",
    "tsumogiri",
]

AnyGame = TurnGame[Any, Any]


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def tile_kind(game: AnyGame, action: Action) -> int | None:
    """The kind of the tile an action is about (a kan's first tile), None for one without."""
    if isinstance(action, Discard | Riichi | SetAside):
        return game.kinds[action.tile]
    if isinstance(action, Kan | Pon):
        return game.kinds[action.tiles[0]] if action.tiles else None
    return None


def find(game: AnyGame, seat: int, cls: type, face: str | None = None) -> Action | None:
    """The first legal action of exactly ``cls`` (5等's open riichi is no Riichi here)."""
    for action in game.legal_actions(seat):
        if type(action) is cls and (face is None or tile_kind(game, action) == kind(face)):
            return action
    return None


def act(game: AnyGame, seat: int, cls: type, face: str | None = None) -> None:
    """Apply the first legal action of ``cls`` (on a tile of ``face`` when given)."""
    action = find(game, seat, cls, face)
    assert action is not None, f"seat {seat} has no {cls.__name__} {face or ''}: {game.legal_actions(seat)}"
    game.apply(action)


def has(game: AnyGame, seat: int, cls: type, face: str | None = None) -> bool:
    return find(game, seat, cls, face) is not None


def pass_claims(game: AnyGame) -> None:
    while game.phase == "claims":
        game.apply(Pass(game.decisions()[0].seat))


def drawn_tile(game: AnyGame, seat: int) -> int:
    """The tile ``seat`` holds drawn (it must hold one)."""
    drawn: int | None = game.seats[seat].drawn  # typed here: AnyGame's seats are Any
    assert drawn is not None, f"seat {seat} holds no drawn tile"
    return drawn


def drawn_kind(game: AnyGame, seat: int) -> int:
    return game.kinds[drawn_tile(game, seat)]


def discard_drawn(game: AnyGame, seat: int) -> None:
    """``seat`` discards what it drew, leaving the claims on it open."""
    game.apply(Discard(seat, drawn_tile(game, seat)))


def tsumogiri(game: AnyGame, seat: int) -> None:
    """``seat`` is on turn and discards what it drew; the others pass every claim."""
    assert game.phase == "turn" and game.turn == seat, (game.phase, game.turn, seat)
    discard_drawn(game, seat)
    pass_claims(game)
