"""Every decision's timeout default is one of its legal actions, in every registered variant.

The default is what the table plays when a clock runs out or a seat is on autopilot, so a default
the engine would refuse stalls the table (and, stored first, would break every replay). Seeded
random play reaches the odd corners (a pon that leaves two copies of the highest face, a riichi
with a kan in hand) that CPU play rarely does.
"""

from __future__ import annotations

import random

import pytest

from bot.engine.game import Discard, Game, Pon
from bot.engine.tiles import Kind
from bot.engine.variants import VARIANTS, new_game
from bot.engine.variants.inage import InageGame
from tests.engine.rigging import as_table

TABLES = [(cls.variant, players) for cls in VARIANTS for players in range(cls.min_players, cls.max_players + 1)]


def _random_game(variant: str, players: int, seed: int, *, limit: int = 400) -> list[str]:
    """Play random legal actions; returns a description of every default that is not legal."""
    game: Game = new_game(variant, {}, seed=seed, players=players)
    rng = random.Random(f"defaults:{variant}:{players}:{seed}")
    problems: list[str] = []
    for step in range(limit):
        if game.outcome() is not None:
            break
        decisions = game.decisions()
        for decision in decisions:
            if decision.default not in decision.actions:
                problems.append(f"{variant}/{players} seed {seed} step {step}: {decision.default} not legal")
            if decision.actions != game.legal_actions(decision.seat)[: len(decision.actions)]:
                problems.append(f"{variant}/{players} seed {seed} step {step}: seat {decision.seat} lists differ")
        decision = rng.choice(decisions)
        # Mostly the default, as a table of absent players would; sometimes anything legal.
        action = decision.default if rng.random() < 0.5 else rng.choice(decision.actions)
        if action not in decision.actions:
            action = decision.actions[0]
        game.apply(action)
    return problems


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_every_default_is_a_legal_action(variant: str, players: int) -> None:
    problems = [problem for seed in range(12) for problem in _random_game(variant, players, seed)]
    assert problems == []


HANDS = {
    "nishoku": [
        "1z2p3p4p6p7p8p2s3s4s6s7s8s",
        "1z1z7z7z2s3s4s5s6s7s8s9s9s",
        "1p1p1p4p4p4p9p9p9p1s1s1s5p",
        "2z2z2z3z3z3z4z4z4z5z5z5z6z",
    ],
    "inage": ["1z2p3p4p6p7p8p2s3s4s", "1z1z7z7z2s3s4s5s6s7s", "1p1p1p5p5p5p9p9p9p5s"],
    # チンイツゲーム writes each tile's back (B/Y); 北 stays out of the hands (it is pulled).
    "chinitsu": ["B1zB234pB678pY234pY678p", "Y1zY1zB7zY7zB340pY340pB999p", "B111pY111pB2zB3zB5zB6zY2zY3zY5z"],
}
DRAWS = {"chinitsu": "Y9p"}


@pytest.mark.parametrize("variant", sorted(HANDS))
def test_after_pon_of_1z_holding_7z7z_the_default_discard_is_legal(variant: str) -> None:
    """After a pon that leaves 中中 the highest tiles, the default discards the 中 the legal list
    offers (it used to take the higher copy id of the face, which the list never offers)."""
    game = as_table(new_game(variant, {}, seed=0, players=len(HANDS[variant])))
    hands, draws = HANDS[variant], DRAWS.get(variant, "9p")
    if isinstance(game, InageGame):
        game.rig(hands, draws, starter=0)  # seat 0 starts (いなげ draws its starter from the seed)
    else:
        game.rig(hands, draws)
    kinds = game.kinds
    first = game.decisions()[0]
    game.apply(next(a for a in first.actions if isinstance(a, Discard) and kinds[a.tile] == Kind.EAST))
    game.apply(next(a for a in game.legal_actions(1) if isinstance(a, Pon)))
    turn = game.decisions()[0]
    assert turn.seat == 1
    assert turn.default in turn.actions
    assert isinstance(turn.default, Discard) and kinds[turn.default.tile] == Kind.RED
