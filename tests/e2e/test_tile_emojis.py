"""Tiles as application emojis through the fake Discord (issue 35, item 1): synced at start-up
(every face created on an empty application, none again after a restart, by a second process
or by two processes racing, only the missing ones after a partial loss), on the panels' tile
buttons with ids Discord knows, and buttons in words when Discord refuses the emojis."""

from __future__ import annotations

import asyncio
import logging
import time
from functools import partial
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World, action_buttons, action_kind
from bot.ui.components import ButtonSpec, build_view
from bot.ui.emoji import TileEmoji, TileEmojis, button_faces, sync_tile_emojis
from render.emoji import tile_emoji

from .helpers import fix_seed, make_bot, pass_time_until

CREATE = ("POST", "/applications/{application_id}/emojis")


def creates(fake: FakeDiscord) -> int:
    return len(fake.requests_to(*CREATE))


DEAL = 1
"""A deal whose first decision for Alice is a discard: with a table's random seed, a CPU's first
discard sometimes gave her a pon to decide instead, on her 30-second clock, and the tests' wait
for her discard buttons (only short timers allowed) failed about one run in ten."""


def discards(player: Player) -> list[dict[str, Any]]:
    """The discard buttons of the player's panel (none while it waits)."""
    return [b for b in action_buttons(player.shown_panel) if action_kind(b) == "discard"]


def names(fake: FakeDiscord) -> set[str]:
    return {emoji.name for emoji in fake.emojis.values()}


async def test_a_first_start_creates_every_face_and_a_restart_none(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    wanted = {tile_emoji(face).name for face in button_faces()}
    started = time.perf_counter()
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        logging.getLogger(__name__).info("a first start with its sync took %.2f s", time.perf_counter() - started)
        assert names(fake_discord) == wanted and creates(fake_discord) == len(wanted)
        assert len(bot.runtime.tile_emojis) == len(wanted)
        for picture in map(tile_emoji, button_faces()):
            emoji = bot.runtime.tile_emojis.get(picture.tile)
            assert emoji is not None and fake_discord.emojis[emoji.id].name == picture.name
            assert fake_discord.emoji_picture(emoji.id) == picture.png  # the CDN serves what was uploaded
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        assert creates(fake_discord) == len(wanted)  # none again
        assert len(bot.runtime.tile_emojis) == len(wanted)


async def test_a_second_process_creates_none_and_two_racing_create_each_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    database = tmp_path / "db.sqlite3"
    first = make_bot(fake_discord, database, shard_ids=(0,), shard_count=2)
    second = make_bot(fake_discord, database, shard_ids=(1,), shard_count=2)
    async with running_bot(fake_discord, first), running_bot(fake_discord, second):
        made = creates(fake_discord)
        assert made == len(button_faces()) and len(second.runtime.tile_emojis) == made
        # Both processes start on an empty application at once: each face is made once, and the
        # process that lost a race takes the other's.
        fake_discord.emojis.clear()
        registries = TileEmojis(), TileEmojis()
        reports = await asyncio.gather(
            *(sync_tile_emojis(bot, r) for bot, r in zip((first, second), registries, strict=True))
        )
        assert creates(fake_discord) - made == len(button_faces()) + sum(report.raced for report in reports)
        assert len(fake_discord.emojis) == len(button_faces())
        assert all(report.failed == 0 for report in reports)
        for face in button_faces():
            one, other = (registry.get(face) for registry in registries)
            assert one is not None and one == other


async def test_after_a_partial_loss_only_the_missing_are_created(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")):
        pass
    lost = sorted(fake_discord.emojis)[:5]
    foreign = fake_discord.emojis[lost[0]]
    for emoji_id in lost:
        del fake_discord.emojis[emoji_id]
    # Someone else's emoji of the application is left alone.
    foreign.id, foreign.name = fake_discord.ids.next(), "someone_elses"
    fake_discord.emojis[foreign.id] = foreign
    before = creates(fake_discord)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        assert creates(fake_discord) - before == 5
        assert len(bot.runtime.tile_emojis) == len(button_faces())
        assert fake_discord.emojis[foreign.id].name == "someone_elses"
        assert not fake_discord.requests_to("DELETE", "/applications/{application_id}/emojis/{emoji_id}")


async def test_tile_buttons_carry_emojis_the_fake_knows(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, DEAL)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(alice, hands=1)
        player = Player(alice)
        await world.open_panel(player)
        await pass_time_until(fake_discord, partial(discards, player), bot, within=5.0, what="Alice's turn")
        tiles = discards(player)
        for button in tiles:
            emoji = button.get("emoji")
            assert emoji is not None and int(emoji["id"]) in fake_discord.emojis, button
            assert fake_discord.emojis[int(emoji["id"])].name == emoji["name"]
            # The emoji shows the tile; the label is left for what it cannot show (nishoku: nothing).
            assert not button.get("label"), button
        # A button with an emoji Discord does not have is refused, as Discord does.
        channel = bot.get_partial_messageable(world.channel.id)
        forged = build_view([ButtonSpec("jt:forged", "", emoji=TileEmoji(1234, "jt_1p_0000"))])
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send("x", view=forged)
        assert (refused.value.status, refused.value.code) == (400, 50035)
        assert "Invalid emoji" in str(refused.value.text)
        assert [v.kind for v in fake_discord.take_violations()] == ["invalid_emoji"]


async def test_when_discord_refuses_the_emojis_buttons_name_their_tiles(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, DEAL)
    fake_discord.emojis_refused = True
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    with caplog.at_level(logging.WARNING, logger="bot.ui.emoji"):
        async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
            assert len(bot.runtime.tile_emojis) == 0
            await world.start_game(alice, hands=1)
            player = Player(alice)
            await world.open_panel(player)
            await pass_time_until(fake_discord, partial(discards, player), bot, within=5.0, what="Alice's turn")
            tiles = discards(player)
            assert all("emoji" not in b and b["label"] for b in tiles), tiles
    refusals = [r for r in caplog.records if r.name == "bot.ui.emoji"]
    assert len(refusals) == 1 and "words" in refusals[0].getMessage()


async def test_the_fakes_emoji_routes_follow_discords_rules(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """List, create, get and delete, checked against the OpenAPI spec like every route; a bad
    name or picture is refused as Discord refuses it."""
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        png = tile_emoji(button_faces()[0]).png
        made = await bot.create_application_emoji(name="someone_elses", image=png)
        assert (await bot.fetch_application_emoji(made.id)).name == "someone_elses"
        assert made.id in {emoji.id for emoji in await bot.fetch_application_emojis()}
        for name, image in (("bad-name", png), ("x", png), ("too_big", png[:8] + bytes(300 * 1024))):
            with pytest.raises(discord.HTTPException) as refused:
                await bot.create_application_emoji(name=name, image=image)
            assert (refused.value.status, refused.value.code) == (400, 50035), name
        kinds = {v.kind for v in fake_discord.take_violations()}
        # "x" is too short for the OpenAPI spec (when ../shared has it), the others for Discord's rules.
        assert kinds == ({"invalid_emoji", "openapi"} if fake_discord.spec is not None else {"invalid_emoji"}), kinds
        await made.delete()
        with pytest.raises(discord.NotFound):
            await bot.fetch_application_emoji(made.id)
        assert [v.kind for v in fake_discord.take_violations()] == ["unknown_emoji"]
