"""A game is its variant, settings, seed and actions: replays rebuild the exact state."""

from __future__ import annotations

import random

import pytest

from bot.engine.game import Action, Game, IllegalActionError, Pass, Ron, Tsumo, action_from_json, action_to_json
from bot.engine.record import GameRecord, replay
from bot.engine.variants import new_game


def greedy_random(rng: random.Random, actions: tuple[Action, ...]) -> Action:
    """Win whenever possible, otherwise any legal action: fast, and reaches every branch."""
    for action in actions:
        if isinstance(action, Tsumo | Ron):
            return action
    if rng.random() < 0.7:
        for action in actions:
            if isinstance(action, Pass):
                return action
    return rng.choice(actions)


def play_recorded(seed: int, hands: int) -> tuple[GameRecord, list[str]]:
    game = new_game("nishoku", {}, seed=seed)
    record = GameRecord("nishoku", game.settings_json(), seed=seed, players=4)
    rng = random.Random(seed)
    hashes = [game.state_hash()]
    while game.outcome() is None and game.hand_index < hands:  # type: ignore[attr-defined]
        decision = rng.choice(game.decisions())
        action = greedy_random(rng, decision.actions)
        game.apply(action)
        record = record.with_action(action)
        hashes.append(game.state_hash())
    return record, hashes


def test_replay_of_1000_hands_matches_the_state_hash_after_every_action() -> None:
    hands = 0
    actions = 0
    seed = 0
    while hands < 1000:
        record, hashes = play_recorded(seed, hands=16)
        replayed: list[str] = []

        def remember(_index: int, game: Game, hashes: list[str] = replayed) -> None:
            hashes.append(game.state_hash())

        game = replay(GameRecord.from_json(record.to_json()), on_step=remember)
        assert replayed == hashes
        hands += game.hand_index  # type: ignore[attr-defined]
        actions += len(record.actions)
        seed += 1
    assert hands >= 1000 and actions > 10_000


def test_actions_round_trip_through_json() -> None:
    record, _ = play_recorded(3, hands=1)
    for data in record.actions:
        assert action_to_json(action_from_json(data)) == data


@pytest.mark.parametrize(
    "data",
    [{"type": "nope", "seat": 0}, {"type": "discard", "seat": 0}, {"type": "discard", "seat": 0, "tile": {"x": 1}}, {}],
)
def test_malformed_actions_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(IllegalActionError):
        action_from_json(data)


def test_a_corrupt_record_does_not_replay() -> None:
    record, _ = play_recorded(4, hands=1)
    bad = GameRecord(
        record.variant, record.settings, record.seed, record.players, record.actions[:5] + record.actions[6:]
    )
    with pytest.raises(Exception, match="not"):
        replay(bad)
