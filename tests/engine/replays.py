"""Seeded random games recorded with the state hash after every action, and their replays: the
proof that a game is its variant, settings, seed and actions."""

from __future__ import annotations

import random

from bot.engine.game import Action, Game, Pass, Ron, Tsumo
from bot.engine.record import GameRecord, replay
from bot.engine.variants import new_game


def greedy_random(rng: random.Random, actions: tuple[Action, ...], *, pass_rate: float) -> Action:
    """Win whenever possible, pass a claim ``pass_rate`` of the time, otherwise any legal action:
    fast, and reaches every branch (set-aside claims, kans, riichi …)."""
    for action in actions:
        if isinstance(action, Tsumo | Ron):
            return action
    if rng.random() < pass_rate:
        for action in actions:
            if isinstance(action, Pass):
                return action
    return rng.choice(actions)


def play_recorded(
    variant: str, seed: int, players: int, *, pass_rate: float, hands: int | None = None
) -> tuple[GameRecord, list[str]]:
    """One seeded random game (its first ``hands`` hands, when given), its record, and the state
    hash before and after every action."""
    game = new_game(variant, {}, seed=seed, players=players)
    record = GameRecord(variant, game.settings_json(), seed=seed, players=players)
    rng = random.Random(seed)
    hashes = [game.state_hash()]
    while game.outcome() is None and (hands is None or game.hand_index < hands):  # type: ignore[attr-defined]
        decision = rng.choice(game.decisions())
        action = greedy_random(rng, decision.actions, pass_rate=pass_rate)
        game.apply(action)
        record = record.with_action(action)
        hashes.append(game.state_hash())
    return record, hashes


def replayed_hashes(record: GameRecord) -> tuple[Game, list[str]]:
    """The game rebuilt from the record's JSON, and its state hash after every step."""
    hashes: list[str] = []

    def remember(_index: int, game: Game) -> None:
        hashes.append(game.state_hash())

    game = replay(GameRecord.from_json(record.to_json()), on_step=remember)
    return game, hashes
