"""Deadlines: a Discord timestamp on the table, the default action on timeout, autopilot after two
timeouts until "I'm back"."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from pathlib import Path

import pytest

from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World, action_buttons

from .helpers import forge_click, make_bot

TIMESTAMP = re.compile(r"<t:(\d+):R>")


@pytest.mark.slow
async def test_timeouts_play_the_default_then_autopilot_until_im_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=0.05)
    async with running_bot(fake_discord, bot):
        table = await world.start_game(
            alice, hands=4, turn_seconds=5, bank_seconds=0
        )  # the shortest a table may choose
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        seat = actor.seat_of(alice.id)
        player = Player(alice)
        await world.open_panel(player)
        await fake_discord.wait_for(lambda: bool(world.pending_button(player)), timeout=10)
        assert player.panel is not None and TIMESTAMP.search(player.panel.text)

        # Alice never answers: twice the clock runs out and the default is played for her.
        await fake_discord.wait_for(lambda: any("timed out twice" in text for text in world.public_texts()), timeout=25)
        # The notice goes out just before the second default is logged, and a read does not wait
        # for a write in progress: give that commit a moment to land.
        for _ in range(500):
            logged = await bot.store.games.actions(actor.game_id)
            if sum(1 for action in logged if action["seat"] == seat) >= 2:
                break
            await asyncio.sleep(0.01)
        assert sum(1 for action in logged if action["seat"] == seat) >= 2
        assert actor.seats[seat].auto
        await fake_discord.wait_for(lambda: (t := world.table_message()) is not None and "autopilot" in t.text)
        table = world.table_message()
        assert table is not None
        back = next(cid for cid in table.custom_ids if cid.endswith(":back"))

        # Autopilot keeps the game going without her.
        count = len(logged)
        await fake_discord.wait_for(lambda: actor.sequence > count + 8, timeout=10)

        # A hand may have ended meanwhile, moving the table to a new message: press its button.
        table = world.table_message()
        assert table is not None
        back = next(cid for cid in table.custom_ids if cid.endswith(":back"))
        record = await alice.click(table, back)
        await record.wait_response()
        assert record.message is not None and record.message.ephemeral
        assert "Welcome back" in record.message.text
        assert not actor.seats[seat].auto
        player.panel = record.message
        # Her decisions wait for her again, with a deadline on her panel.
        await fake_discord.wait_for(lambda: bool(action_buttons(record.message)), timeout=15)  # type: ignore[arg-type]
        assert TIMESTAMP.search(record.message.text)
        # The table shows her deadline as a Discord timestamp (she has 3 seconds: look quickly).
        await fake_discord.wait_for(
            lambda: (t := world.table_message()) is not None and bool(re.search(r"Alice to play <t:\d+:R>", t.text)),
            timeout=10,
        )
        actor.options = dataclasses.replace(actor.options, cpu_delay=0.0)
        await world.play([player], seconds=120)
        assert world.game_over_text() is not None


async def test_im_back_when_not_on_autopilot_is_explained(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(alice, hands=1)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        record = await world.open_panel(Player(alice))
        assert record.message is not None
        forged_back = f"jt:table:{actor.game_id}:0:back"
        table = world.table_message()
        assert table is not None
        reply = await forge_click(alice, table, forged_back)
        assert reply.message is not None and "not on autopilot" in reply.message.text
