"""Buttons that do different things look different (issue 35, item 2).

A player tells buttons apart by what they show: the emoji, the label and the colour. These tests
build every panel a player meets in CPU-played games of every variant (each page the panel can
switch to, in English and Japanese, with tile emojis and with the text labels the bot falls back
to) and in rigged hands that hold the look-alikes (チンイツゲーム's 4p of both backs, 5等三麻's 白
beside 白ポッチ, いなげ's flowers), and fail any panel where two buttons with different custom ids
look the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from bot.engine.game import Game
from bot.engine.tiles import Tile
from bot.engine.variants import new_game
from bot.engine.variants.chinitsu import ChinitsuGame
from bot.engine.variants.goto import GotoGame
from bot.engine.variants.inage import InageGame
from bot.runtime.customid import ActionId, PanelId, parse
from bot.runtime.decisions import Decision
from bot.ui.components import ButtonSpec, MessageSpec
from bot.ui.emoji import TileEmoji, TileEmojis
from bot.ui.panel_spec import PanelMode, panel_spec
from tests.ui.test_panel_coverage import MODES, NAMES, Explorer

GAME = 4242
LOCALES = (None, "ja")


def every_face_emojis(tiles: Sequence[Tile]) -> TileEmojis:
    """A registry with an emoji for every face, as after a successful sync."""
    emojis = TileEmojis()
    for number, tile in enumerate(sorted(set(tiles), key=str), start=1):
        emojis.add(tile, TileEmoji(number, f"jt_{str(tile).lower()}"))
    return emojis


@dataclass(frozen=True)
class Look:
    """What a player sees of a button."""

    emoji: str | None
    label: str
    style: str

    @classmethod
    def of(cls, button: ButtonSpec) -> Look:
        return cls(button.emoji.name if button.emoji is not None else None, button.label, button.style)


def clashes(spec: MessageSpec) -> list[str]:
    """Pairs of buttons that look the same but do different things."""
    seen: dict[Look, str] = {}
    found: list[str] = []
    for button in spec.buttons:
        look = Look.of(button)
        other = seen.setdefault(look, button.custom_id)
        if other != button.custom_id:
            found.append(f"{look} is both {other} and {button.custom_id}")
    return found


def panels(game: Game, seat: int, emojis: TileEmojis) -> list[MessageSpec]:
    """Every page of the seat's panel now (following its mode switches), in each language."""
    actions = tuple(action for action in game.legal_actions(seat) if action.kind != "time_up")
    if not actions:
        return []
    decision = Decision(seat, game.sequence, actions, actions[0], 1_700_000_000.0)
    specs: list[MessageSpec] = []
    for locale in LOCALES:
        todo: list[PanelMode] = ["discard"]
        done: set[PanelMode] = set()
        while todo:
            mode = todo.pop()
            if mode in done:
                continue
            done.add(mode)
            spec = panel_spec(
                game_id=GAME,
                title="t",
                view=game.view(seat),
                decision=decision,
                waiting_for=(),
                names=NAMES[: game.players],
                tiles=game.tiles,
                mode=mode,
                locale=locale,
                emojis=emojis,
            )
            specs.append(spec)
            for button in spec.buttons:
                parsed = parse(button.custom_id)
                if isinstance(parsed, PanelId) and parsed.op in MODES:
                    todo.append(MODES[parsed.op])
    return specs


def check_game(game: Game) -> int:
    """Check every seat's panels now, with emojis and without; returns how many were built."""
    built = 0
    for emojis in (TileEmojis(), every_face_emojis(game.tiles)):
        for seat in range(game.players):
            for spec in panels(game, seat, emojis):
                built += 1
                assert not clashes(spec), (clashes(spec), spec.content)
    return built


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "games", "seed"),
    [("nishoku", 4, 1, 10), ("zuno", 4, 1, 20), ("inage", 3, 2, 30), ("chinitsu", 3, 1, 40), ("goto", 3, 1, 50)],
)
def test_no_two_buttons_of_a_panel_look_alike_in_played_games(
    variant: str, players: int, games: int, seed: int
) -> None:
    built = 0
    for number in range(games):
        game = new_game(variant, {}, seed=seed + number, players=players)
        explorer = Explorer(game, seed + number, wander=0.25)
        steps = 0
        while game.outcome() is None:
            built += check_game(game)
            decision = game.decisions()[0]
            game.apply(explorer.choose(game, decision.seat, decision.actions))
            steps += 1
            assert steps < 5_000, "the game does not end"
    assert built > 100


def _kind(button: ButtonSpec) -> str | None:
    parsed = parse(button.custom_id)
    return parsed.kind if isinstance(parsed, ActionId) else None


def test_chinitsu_tiles_of_both_backs_look_different() -> None:
    """4p, 5p and 6p of both backs in one hand: six discards, three faces (they used to read
    ``4p 4p``, ``6p 6p``)."""
    game = ChinitsuGame(seed=7)
    game.rig(["B4pY4pB0pY0pB6pY6p123p789p1z", "1z2z3z5z6z7z11m99m147p", "1z2z3z5z6z7z11m99m258p"], "9p", dora="1z")
    specs = panels(game, 0, TileEmojis())
    discards = [b.label for b in specs[0].buttons if _kind(b) == "discard"]
    assert {"🔵4p", "🟡4p", "🔵6p", "🟡6p"} <= set(discards), discards
    assert check_game(game)


def test_goto_white_and_white_pocchi_look_different() -> None:
    """白 and 白ポッチ in one hand: two discards (they used to read ``白`` both)."""
    game = GotoGame(seed=3)
    game.rig(["0z5z123p456p789s11s", "111p222p333p444p5z", "666p777p888p999p6z"], "9s")
    labels = {b.label for spec in panels(game, 0, TileEmojis()) for b in spec.buttons}
    assert {"白", "白 pocchi", "白ポッチ"} <= labels, labels
    assert check_game(game)


def test_inage_flowers_are_named_by_season() -> None:
    """The deal step sets aside each flower by a button named after its season."""
    game = InageGame(seed=5, players=3)
    game.rig(["1234f34z11m1p5s", "99m2289p2278s", "1199p3367s55z"], "9s", starter=0)
    labels = {b.label for spec in panels(game, 0, TileEmojis()) for b in spec.buttons}
    assert {"Set aside Spring", "抜く 冬"} <= labels, labels
    assert check_game(game)
