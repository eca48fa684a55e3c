"""Deadlines: a Discord timestamp on the table, the default action on timeout, autopilot after two
timeouts until "I'm back"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World, action_buttons, action_kind

from .helpers import forge_click, make_bot, pass_time_until, settle

TIMESTAMP = re.compile(r"<t:(\d+):R>")


@pytest.mark.slow
async def test_timeouts_play_the_default_then_autopilot_until_im_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Every clock here runs on the fake's manual clock: the test lets the seconds pass itself,
    one timer at a time, so Alice times out exactly when her clock says and never because the
    machine was slow; the CPUs (and Alice's autopilot) move 0.05 s apart, at the pace people
    could follow."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=0.05)
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, hands=4, turn_seconds=5, bank_seconds=0)  # the shortest a table may choose
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        seat = actor.seat_of(alice.id)
        player = Player(alice)
        await world.open_panel(player)
        await pass_time_until(
            fake_discord, lambda: bool(world.pending_button(player)), bot, within=0.05, what="Alice's turn"
        )
        assert player.panel is not None and TIMESTAMP.search(player.panel.text)

        # Alice never answers: twice the clock runs out and the default is played for her.
        await pass_time_until(
            fake_discord,
            lambda: any("timed out twice" in text for text in world.public_texts()),
            bot,
            within=5,
            what="Alice timed out twice",
        )
        # Settled: the second default, logged just after the notice went out, is in the store.
        logged = await bot.store.games.actions(actor.game_id)
        assert sum(1 for action in logged if action["seat"] == seat) >= 2
        assert actor.seats[seat].auto
        table = world.table_message()
        assert table is not None and "autopilot" in table.text

        # Autopilot keeps the game going without her, at the CPUs' pace.
        count = len(logged)
        await pass_time_until(fake_discord, lambda: actor.sequence > count + 8, bot, within=0.05, what="8 more moves")

        # A hand may have ended meanwhile, moving the table to a new message: press its button.
        table = world.table_message()
        assert table is not None
        back = next(cid for cid in table.custom_ids if cid.endswith(":back"))
        record = await alice.click(table, back)
        await record.wait_response()
        welcomed = record.message
        assert welcomed is not None and welcomed.ephemeral
        assert "Welcome back" in welcomed.text
        assert not actor.seats[seat].auto
        player.panel = welcomed
        # Her decisions wait for her again, with a deadline on her panel.
        await pass_time_until(
            fake_discord, lambda: bool(action_buttons(welcomed)), bot, within=0.05, what="her next turn"
        )
        assert TIMESTAMP.search(welcomed.text)
        # The table shows her deadline as a Discord timestamp, once its edit is in too: the panel
        # and the table message are edited apart, and either may land first.
        await settle(fake_discord, bot)
        table = world.table_message()
        assert table is not None
        if any(action_kind(button) == "discard" for button in action_buttons(welcomed)):
            assert re.search(r"Alice to play <t:\d+:R>", table.text), table.text
        else:
            # Her next decision is a call on a CPU's discard: the table says calls are open, with
            # no name of who may call and no clock (hers would tell that she may).
            assert "▶ Calls open on CPU" in table.text and "<t:" not in table.text, table.text
        await world.play([player], wait=lambda ready: pass_time_until(fake_discord, ready, bot, within=0.05))
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
