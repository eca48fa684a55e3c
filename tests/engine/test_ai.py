"""The CPU player's choices on rigged hands (tile strings), beyond "never illegal", which the
simulations check."""

from __future__ import annotations

from bot.engine.ai import CpuPlayer
from bot.engine.game import Kan
from bot.engine.variants.inage import InageGame
from tests.engine.test_inage import game_with


def _cpu_choice(game: InageGame, seat: int = 0) -> object:
    (decision,) = [d for d in game.decisions() if d.seat == seat]
    cpu = CpuPlayer(game.shapes, game.tiles, seed=0)
    return cpu.choose(game.view(seat), decision.actions)


def test_cpu_declares_the_ankan_1111p_that_costs_nothing() -> None:
    # 1111p 234s 567s + 9s: the quad is a set either way, so the kan keeps the hand tenpai.
    game = game_with(["1111p234s567s", "", ""], draws="9s")
    choice = _cpu_choice(game)
    assert isinstance(choice, Kan) and len(choice.tiles) == 4
    assert {game.kinds[tile] for tile in choice.tiles} == {game.kinds[choice.tiles[0]]}


def test_cpu_keeps_1111p_when_a_kan_would_break_123p() -> None:
    # 111p + 123p use all four 1p: a kan would leave a bare 23p and put the hand one step back.
    game = game_with(["1111p23p567s5z", "", ""], draws="6z")
    assert any(isinstance(a, Kan) for a in game.legal_actions(0))
    assert not isinstance(_cpu_choice(game), Kan)  # it discards (here: with riichi)
