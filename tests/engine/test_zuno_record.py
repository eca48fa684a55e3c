"""ずーの records: its actions round-trip through JSON, and a seed deals the same walls and 割れ目 dice
(its replays by state hash are in ``test_games.py``)."""

from __future__ import annotations

from bot.engine.game import action_from_json, action_to_json
from bot.engine.variants.zuno import ZunoGame
from tests.engine import replays


def test_zuno_actions_round_trip_through_json() -> None:
    record, _ = replays.play_recorded("zuno", 3, 4, choose=replays.zuno_choice)
    for data in record.actions:
        assert action_to_json(action_from_json(data)) == data


def test_the_same_seed_deals_the_same_walls_and_dice() -> None:
    first, second = ZunoGame(seed=42), ZunoGame(seed=42)
    assert first.state_hash() == second.state_hash() and first.dice == second.dice
    assert first.wall_digest != ZunoGame(seed=43).wall_digest
