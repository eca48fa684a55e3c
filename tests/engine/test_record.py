"""A game is its variant, settings, seed and actions: replays rebuild the exact state."""

from __future__ import annotations

import pytest

from bot.engine.game import IllegalActionError, action_from_json, action_to_json
from bot.engine.record import GameRecord, replay
from tests.engine import replays


def play_recorded(seed: int, hands: int) -> tuple[GameRecord, list[str]]:
    return replays.play_recorded("nishoku", seed, 4, pass_rate=0.7, hands=hands)


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
