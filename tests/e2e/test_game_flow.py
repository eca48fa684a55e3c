"""Tables through slash commands and clicks only, against the fake Discord: lobby buttons and
permissions, four people each on their own panel, cancelling, edit spacing (whole games of every
variant are test_tables.py's)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World
from bot.storage import Store

from .helpers import HiddenInformationSpy, cancel_game, make_bot, pass_time_until


@pytest.mark.slow
async def test_four_humans_each_act_through_their_own_panel(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World.build(fake_discord, "Alice", "Bob", "Carol", "Dave")
    alice, bob, carol, dave = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        await world.start_game(alice, humans=[bob, carol, dave], cpus=0, hands=2)
        players = [Player(member) for member in world.members]
        await world.play(players, seed=7)
        assert world.game_over_text() is not None
        assert all(player.clicks > 5 for player in players), [p.clicks for p in players]
        # Every panel is its own player's ephemeral message.
        for player in players:
            assert player.panel is not None
            assert player.panel.ephemeral_to is player.member.user
        assert spy.images_checked >= 4
    over = world.game_over_text()
    assert over is not None
    assert "rating" in over  # four humans: every placement moves a rating


async def test_lobby_buttons_and_permissions(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    mod = world.guild.add_member("Mod", manage_guild=True)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")):
        lobby = await world.open_table(alice, hands=1, red_5p=2, turn_seconds=20)
        assert "二色麻雀" in lobby.text and "red_5p" in lobby.text and "20s" in lobby.text
        lobby_id = lobby.custom_ids[0].split(":")[2]
        busy = await bob.slash(world.channel, "mahjong new", variant="nishoku")
        assert busy.message is not None and busy.message.ephemeral
        assert "already has a lobby" in busy.message.text

        join = await bob.click(lobby, f"jt:lobby:{lobby_id}:join")
        assert join.response_type == 7 and "Bob" in lobby.text
        twice = await bob.click(lobby, f"jt:lobby:{lobby_id}:join")
        assert twice.message is not None and "already at this table" in twice.message.text
        refused = await bob.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert refused.message is not None and refused.message.ephemeral
        assert "Only the host" in refused.message.text
        short = await alice.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert short.message is not None and "needs 4 players; 2 seated" in short.message.text
        cpu = await bob.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        assert cpu.message is not None and "Only the host" in cpu.message.text

        left = await bob.slash(world.channel, "mahjong leave")
        assert left.message is not None and "You left" in left.message.text
        await fake_discord.wait_for(lambda: "Bob" not in lobby.text)
        for _ in range(3):
            await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        full = await bob.click(lobby, f"jt:lobby:{lobby_id}:join")
        assert full.message is not None and "The table is full" in full.message.text

        cancelled = await mod.click(lobby, f"jt:lobby:{lobby_id}:cancel")
        assert cancelled.response_type == 7
        assert "Lobby cancelled" in lobby.text and lobby.custom_ids == []
        again = await bob.slash(world.channel, "mahjong join")
        assert again.message is not None and "no open lobby" in again.message.text


async def test_cancel_a_running_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    database = tmp_path / "db.sqlite3"
    async with running_bot(fake_discord, make_bot(fake_discord, database)) as bot:
        await world.start_game(alice, hands=2)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        # Once the table waits on Alice nothing moves, so the table message stays where it is.
        seat = actor.seat_of(alice.id)
        await fake_discord.wait_for(lambda: actor.decision(seat) is not None, what="Alice's turn")
        table = world.table_message()
        assert table is not None
        refused = await bob.slash(world.channel, "mahjong cancel")
        assert refused.message is not None and "Only the host" in refused.message.text
        done = await cancel_game(alice, world.channel)  # asked first: tests/e2e/test_cancel_confirm.py
        assert done.message is not None and "cancelled" in done.message.text
        await fake_discord.wait_for(lambda: "cancelled by Alice" in table.text)
        assert table.custom_ids == []
        assert bot.runtime.tables.in_channel(world.channel.id) is None
        reopened = await alice.slash(world.channel, "mahjong new", variant="nishoku")
        assert reopened.message is not None and not reopened.message.ephemeral
    async with Store.open(database) as store:
        assert await store.games.active_in_channel(world.channel.id) is None


async def test_table_edits_are_coalesced_and_spaced(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A burst of CPU moves costs one edit: at most one edit in flight, at least the interval apart
    (on the fake's clock, which passes only while Alice waits for her turn)."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    interval = 0.25
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", min_edit_interval=interval)
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, hands=2)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        await world.play([Player(alice)], wait=lambda ready: pass_time_until(fake_discord, ready, bot, within=interval))
        actions = len(await bot.store.games.actions(actor.game_id))
        patches = len(fake_discord.requests_to("PATCH", "/channels/{channel_id}/messages/{message_id}"))
    tables = [
        m
        for m in fake_discord.messages_in(world.channel, include_deleted=True)
        if m.attachments and m.attachments[0].filename == "table.png"
    ]
    edits = 0
    for table in tables:
        gaps = [later - earlier for earlier, later in itertools.pairwise(table.edited_at)]
        assert all(gap >= interval - 1e-6 for gap in gaps), gaps
        edits += len(table.edited_at)
    assert edits == patches
    drawn = len(tables) + edits  # every post and every edit is one table image
    assert 0 < drawn < actions / 2, (drawn, actions)
