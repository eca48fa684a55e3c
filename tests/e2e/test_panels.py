"""Private panels: by DM, a refused DM, and an interaction token that expires mid-game."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from .fakediscord import FakeDiscord, running_bot
from .helpers import HiddenInformationSpy, Player, World, action_buttons, make_bot


async def test_panel_by_dm_updates_in_place(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        await world.start_game(alice, hands=2)
        record = await alice.slash(world.channel, "mahjong hand", dm=True)
        await fake_discord.wait_for(lambda: record.message is not None and "DMs" in record.message.text)
        assert record.message is not None and record.message.ephemeral
        dms = fake_discord.messages_in(fake_discord.dm_channel(alice))
        assert len(dms) == 1
        panel = dms[0]
        assert panel.attachments[0].is_png and "Your hand" in panel.text
        assert "jt:panel:" in " ".join(panel.custom_ids)  # the "Stop DMs" button
        player = Player(alice, panel=panel)
        await world.play([player], seconds=60, max_clicks=6)
        assert len(panel.history) >= 6, "the DM panel is edited in place, not re-sent"
        assert len(fake_discord.messages_in(fake_discord.dm_channel(alice))) == 1
        assert spy.images_checked > 0
        # Back to ephemeral panels.
        stop = next(cid for cid in panel.custom_ids if cid.endswith(":here"))
        back = await alice.click(panel, stop)
        assert back.message is not None and "shown here again" in back.message.text
        await world.open_panel(player)
        assert player.panel is not None and player.panel.ephemeral


async def test_refused_dm_falls_back_to_an_ephemeral_panel(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    fake_discord.fail_dms_to(alice)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")):
        await world.start_game(alice, hands=1)
        record = await alice.slash(world.channel, "mahjong hand", dm=True)
        await fake_discord.wait_for(lambda: record.message is not None and not record.message.loading)
        panel = record.message
        assert panel is not None and panel.ephemeral
        assert "could not DM you" in panel.text and "Your hand" in panel.text
        assert panel.attachments and panel.attachments[0].is_png
        assert fake_discord.messages_in(fake_discord.dm_channel(alice)) == []
        # The fallback panel is a working panel: play on through it.
        player = Player(alice, panel=panel)
        await world.play([player], seconds=60, max_clicks=3)
        # Asking again through the panel's own button is refused the same way.
        dm_button = next(cid for cid in panel.custom_ids if cid.endswith(":dm"))
        again = await alice.click(panel, dm_button)
        await fake_discord.wait_for(lambda: again.message is not None and not again.message.loading)
        assert again.message is not None and "could not DM you" in again.message.text


async def test_expired_token_is_not_used_and_my_hand_reopens(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    # CPUs think for a moment here, so there is a window in which Alice has nothing to decide.
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=0.2)
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, hands=1)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        seat = actor.seat_of(alice.id)
        player = Player(alice)
        await world.play([player], seconds=60, max_clicks=3)
        old_panel = player.panel
        assert old_panel is not None
        await fake_discord.wait_for(lambda: actor.decision(seat) is None, timeout=10)

        fake_discord.advance_clock(15 * 60 + 1)  # every token the bot holds is now dead
        requests_before = len(fake_discord.requests)
        await fake_discord.wait_for(lambda: actor.decision(seat) is not None, timeout=10)
        await fake_discord.wait_for(lambda: world.table_message() is not None)
        webhook_edits = [
            r for r in fake_discord.requests[requests_before:] if r.route and r.route.startswith("/webhooks/")
        ]
        assert webhook_edits == [], "the bot used an expired token"
        assert action_buttons(old_panel) == []  # the panel could not be told: it is stale

        actor.options = dataclasses.replace(actor.options, cpu_delay=0.0)  # the rest at full speed
        await world.open_panel(player)  # "My hand": a fresh token
        assert player.panel is not old_panel
        assert action_buttons(player.panel)
        await world.play([player], seconds=120)
        assert world.game_over_text() is not None
