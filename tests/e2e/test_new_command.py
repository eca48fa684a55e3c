"""``/mahjong new`` through the fake Discord: typed alone it opens the server's default variant
(issue 35 item 7); ``variant`` names another; each setting option is checked against the chosen
variant, and a client that still shows the old per-variant subcommands is told the command changed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import JantakuBot
from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import World

from .helpers import ephemeral_reply, make_bot, raw_options

CHANGED = "This command has changed (the bot was just updated), so nothing was done. Try again in a moment."


@pytest.fixture
async def bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[JantakuBot]:
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as running:
        yield running


async def test_new_alone_opens_the_servers_default_variant(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    mod = world.guild.add_member("Mod", manage_guild=True)

    async def new_alone_opens(title: str, variant: str, seats: int) -> None:
        opened = await alice.slash(world.channel, "mahjong new")
        assert opened.message is not None and not opened.message.ephemeral, opened.errors
        assert opened.message.embeds[0]["title"].startswith(title), opened.message.embeds
        lobby = bot.runtime.lobbies.in_channel(world.channel.id)
        assert (lobby.variant, lobby.size) == (variant, seats)
        await alice.slash(world.channel, "mahjong cancel")

    await new_alone_opens("二色麻雀", "nishoku", 4)  # a new server's default
    changed = await mod.slash(world.channel, "mahjong settings", default_variant="goto")
    assert changed.message is not None and "Saved" in changed.message.text
    await new_alone_opens("5等三麻", "goto", 3)

    # The default's own options, and another variant named over the default.
    with_options = await alice.slash(world.channel, "mahjong new", shubarii=True, start_points=30_000)
    assert with_options.message is not None and "`shubarii` = on" in with_options.message.text
    assert bot.runtime.lobbies.in_channel(world.channel.id).variant == "goto"
    await alice.slash(world.channel, "mahjong cancel")
    named = await alice.slash(world.channel, "mahjong new", variant="inage", hands=50)
    assert named.message is not None and "`hands` = 50" in named.message.text, named.message
    assert bot.runtime.lobbies.in_channel(world.channel.id).variant == "inage"


async def test_an_option_of_another_variant_is_refused_by_name_and_opens_nothing(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    await bot.store.guilds.update_settings(world.guild.id, default_variant="goto")
    before = len(fake_discord.messages_in(world.channel))
    cases = (
        # 二色麻雀's option while the default is 5等三麻: named, with what 5等三麻 takes.
        ({"red_5p": 2}, None, "`red_5p` is a setting of nishoku, not goto. goto takes `start_points`, `chips`"),
        (
            {"variant": "nishoku", "first_suit": "s"},
            "ja",
            "`first_suit` はチンイツゲームの設定で、二色麻雀にはありません。二色麻雀で使えるオプション: `hands`",
        ),
        # One option, two ranges: いなげ麻雀 plays up to 100 hands, 二色麻雀 16.
        ({"variant": "nishoku", "hands": 50}, None, "`hands` must be from 1 to 16, not 50."),
        ({"variant": "nishoku", "start_points": 1_500}, None, "in steps of 1,000, not 1500"),
    )
    for options, locale, expected in cases:
        record = await alice.slash_raw(world.channel, "mahjong new", options=raw_options(**options), locale=locale)
        reply = ephemeral_reply(record)
        assert expected in reply, (options, reply)
        assert not bot.runtime.channel_busy(world.channel.id), options
    assert len(fake_discord.messages_in(world.channel)) == before


async def test_a_client_with_the_old_per_variant_subcommands_is_told_the_command_changed(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    """``/mahjong new nishoku hands:4`` as a client synced before the change sends it (``new`` a
    group, ``nishoku`` its subcommand): refused as changed, nothing opened."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    record = await alice.slash_raw(world.channel, "mahjong new nishoku", options=raw_options(hands=4))
    assert CHANGED in ephemeral_reply(record)
    assert not bot.runtime.channel_busy(world.channel.id)
