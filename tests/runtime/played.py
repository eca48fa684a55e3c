"""Decisions and claim windows met along CPU-played games, as the runtime tracks them: data for
the runtime's tests (the public table view) and the Discord side's (what a panel and the table
message say of them)."""

from __future__ import annotations

from bot.engine.ai import CpuPlayer
from bot.engine.game import Unclaimed
from bot.engine.variants import new_game
from bot.engine.views import PublicView, SeatView
from bot.runtime.decisions import Decision

__all__ = ["claim_windows", "decisions_met"]


def decisions_met(seed: int, limit: int = 400) -> list[tuple[SeatView, Decision]]:
    """Decisions met along a CPU-played game, with the game at that moment (rebuilt each time)."""
    game = new_game("nishoku", {"hands": 2}, seed=seed)
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(4)]
    found: list[tuple[SeatView, Decision]] = []
    while game.outcome() is None and len(found) < limit:
        for decision in game.decisions():
            found.append(
                (
                    game.view(decision.seat),
                    Decision(decision.seat, game.sequence, decision.actions, decision.default, None),
                )
            )
        decision = game.decisions()[0]
        game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
    return found


def claim_windows(seed: int) -> list[tuple[PublicView, Unclaimed, Decision]]:
    """The public view, how play goes on unclaimed and a claimant's decision (with a clock) at
    every claim window of a CPU-played game."""
    game = new_game("nishoku", {"hands": 2}, seed=seed)
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(4)]
    found: list[tuple[PublicView, Unclaimed, Decision]] = []
    while game.outcome() is None:
        unclaimed = game.unclaimed()
        decision = game.decisions()[0]
        if unclaimed is not None:
            clocked = Decision(decision.seat, game.sequence, decision.actions, decision.default, 1_700_000_000.0)
            found.append((game.public_view(), unclaimed, clocked))
        game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
    return found
