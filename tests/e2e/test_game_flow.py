"""Whole games through slash commands and clicks only, against the fake Discord."""

from __future__ import annotations

from pathlib import Path

from .fakediscord import FakeDiscord, running_bot
from .helpers import Player, World, make_bot


async def test_one_hand_one_human_three_cpus(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")):
        await world.start_game(alice, hands=1)
        player = Player(alice)
        await world.play([player], timeout=60)
        assert player.clicks > 0
        over = world.game_over_text()
        assert over is not None
