"""ずーの and いなげ麻雀 tables through slash commands and clicks only, against the fake Discord."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import GameStatus, Store

from .fakediscord import FakeDiscord, running_bot
from .helpers import HiddenInformationSpy, Player, World, make_bot


async def test_zuno_one_human_three_cpus(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole ずーの game (東風戦: at least four hands) with the spy watching every payload."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        await world.start_game(alice, variant="zuno")
        player = Player(alice)
        await world.play([player], seconds=600)
        assert world.game_over_text() is not None
        assert spy.images_checked > 0
        assert player.clicks >= 10
    async with Store.open(database) as store:
        (game,) = await store.history(world.guild.id, world.channel.id)
        assert game.status is GameStatus.FINISHED
        assert sorted(result.placement for result in game.results) == [1, 2, 3, 4]


async def test_inage_one_human_two_cpus(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-hand いなげ game at a 3-player table, every move a click."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        await world.start_game(alice, variant="inage", cpus=2, hands=1)
        player = Player(alice)
        await world.play([player], seconds=300)
        assert world.game_over_text() is not None
        assert spy.images_checked > 0
    async with Store.open(database) as store:
        (game,) = await store.history(world.guild.id, world.channel.id)
        assert game.status is GameStatus.FINISHED
        assert sorted(result.placement for result in game.results) == [1, 2, 3]
