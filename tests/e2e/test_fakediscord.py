"""The fake Discord itself, exercised by a tiny throwaway bot running on the real discord.py."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from bot.sandbox.fakediscord import (
    INVALID_WEBHOOK_TOKEN,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMember,
    Faults,
    InteractionRefused,
    SpyEvent,
    limits,
    running_bot,
)
from bot.sandbox.fakediscord.gateway import Gateway


def png_bytes(width: int = 8, height: int = 6) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (0, 128, 0)).save(buffer, format="PNG")
    return buffer.getvalue()


# -- the throwaway bot ------------------------------------------------------------------------------


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"demo:counter:(?P<n>\d+)"):
    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {count}", custom_id=f"demo:counter:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view: discord.ui.View = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.count + 1))
        await interaction.response.edit_message(content=f"count {self.count + 1}", view=view)


class RevealView(discord.ui.View):
    @discord.ui.button(label="Reveal", custom_id="demo:reveal")
    async def reveal(self, interaction: discord.Interaction, button: discord.ui.Button[RevealView]) -> None:
        button.disabled = True
        await interaction.response.edit_message(content="your tiles: 1m 2m 3m", view=self)


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="demo:pick", options=[discord.SelectOption(label=x, value=x) for x in "abc"])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[PickView]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class TableView(discord.ui.LayoutView):
    """Components V2: a container with text, the uploaded board image, and a button row."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay("## Table 1"),
                discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://table.png")),
                discord.ui.ActionRow(discord.ui.Button(label="Draw", custom_id="demo:draw")),
            )
        )


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(label="Your feedback", custom_id="demo:fb")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class DemoBot(commands.AutoShardedBot):
    def __init__(self, **options: Any) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **options)
        self.errors: list[BaseException] = []
        self.interactions: list[int] = []
        """Ids of the interactions this client received."""
        self.remembered: discord.Interaction | None = None
        self.slow_received = asyncio.Event()
        self.slow_released = asyncio.Event()
        """``/demo slow`` answers once this is set (after the test let its deadline pass)."""
        # discord.py's documented way to handle a tree's errors is to replace its on_error.
        self.tree.on_error = self._record_error  # type: ignore[method-assign]
        demo = app_commands.Group(name="demo", description="Demo commands")
        game = app_commands.Group(name="game", description="Game commands", parent=demo)
        admin = app_commands.Group(
            name="demoadmin", description="Admin commands", default_permissions=discord.Permissions(manage_guild=True)
        )
        bot = self

        @demo.command(name="ping", description="Answer pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

        @demo.command(name="secret", description="An ephemeral reply with a button")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("a secret hand", view=RevealView(), ephemeral=True)

        @demo.command(name="counter", description="A DynamicItem counter")
        async def counter(interaction: discord.Interaction) -> None:
            view: discord.ui.View = discord.ui.View(timeout=None)
            view.add_item(CounterButton(0))
            await interaction.response.send_message("count 0", view=view)

        @demo.command(name="dm", description="DM the caller a picture")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                picture = discord.File(io.BytesIO(png_bytes()), "hand.png")
                await interaction.user.send("psst", file=picture, view=RevealView())
            except discord.Forbidden as error:
                await interaction.followup.send(f"dm failed {error.code}", ephemeral=True)
            else:
                await interaction.followup.send("dm sent", ephemeral=True)

        @demo.command(name="pick", description="A select menu")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pick one", view=PickView())

        @demo.command(name="find", description="Autocomplete a tile")
        async def find(interaction: discord.Interaction, tile: str) -> None:
            await interaction.response.send_message(tile)

        @find.autocomplete("tile")
        async def find_tile(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=t, value=t) for t in ("1m", "2m", "east") if t.startswith(current)]

        @demo.command(name="slow", description="Respond too late")
        async def slow(interaction: discord.Interaction) -> None:
            bot.slow_received.set()
            await bot.slow_released.wait()
            await interaction.response.send_message("finally")

        @demo.command(name="twice", description="Acknowledge twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("once")
            route = discord.http.Route(
                "POST",
                "/interactions/{interaction_id}/{interaction_token}/callback",
                interaction_id=interaction.id,
                interaction_token=interaction.token,
            )
            await bot.http.request(route, json={"type": 4, "data": {"content": "twice"}})

        @demo.command(name="remember", description="Keep the interaction for later")
        async def remember(interaction: discord.Interaction) -> None:
            bot.remembered = interaction
            await interaction.response.send_message("remembered")

        @demo.command(name="board", description="Send a PNG in an embed")
        async def board(interaction: discord.Interaction) -> None:
            embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
            file = discord.File(io.BytesIO(png_bytes(16, 9)), "board.png")
            await interaction.response.send_message(embed=embed, file=file)

        @demo.command(name="table", description="A Components V2 message")
        async def table(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(png_bytes(4, 4)), "table.png")
            await interaction.response.send_message(view=TableView(), file=file)

        @demo.command(name="feedback", description="Open a modal")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(FeedbackModal())

        @demo.command(name="deferpublic", description="The defer-then-ephemeral gotcha")
        async def deferpublic(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            await interaction.followup.send("hand: 1m 9m", ephemeral=True)

        @game.command(name="start", description="Start a game")
        @app_commands.describe(variant="Rules", seats="Players", opponent="Who to play")
        @app_commands.choices(variant=[app_commands.Choice(name=v, value=v) for v in ("riichi", "nishoku")])
        async def start(
            interaction: discord.Interaction,
            variant: app_commands.Choice[str],
            seats: app_commands.Range[int, 3, 4],
            opponent: discord.Member,
            ranked: bool = False,
        ) -> None:
            await interaction.response.send_message(
                f"{variant.value} seats={seats} vs {opponent.display_name} ranked={ranked}"
            )

        @start.error
        async def start_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
            bot.errors.append(error)

        @admin.command(name="reset", description="Managers only")
        async def reset(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("reset done", ephemeral=True)

        self.tree.add_command(demo)
        self.tree.add_command(admin)

    async def _record_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.errors.append(error)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction.id)


class PlainBot(commands.Bot):
    """An unsharded bot that syncs nothing and only knows the persistent counter buttons."""

    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)


# -- fixtures ---------------------------------------------------------------------------------------


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    table: FakeChannel
    alice: FakeMember
    bob: FakeMember
    mod: FakeMember
    other_table: FakeChannel


@pytest.fixture
async def world(fake_discord: FakeDiscord) -> World:
    fake_discord.check_own_responses = True  # the fake's own payloads must match the spec too
    guild = fake_discord.add_guild("Mahjong Club")
    other = fake_discord.add_guild("Second Club")  # lands on the other shard
    table = guild.add_text_channel("table-1")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    mod = guild.add_member("Mod", manage_guild=True)
    other_table = other.add_text_channel("lobby")
    other.add_member(alice.user)
    return World(fake_discord, guild, table, alice, bob, mod, other_table)


@pytest.fixture
async def bot(world: World) -> AsyncIterator[DemoBot]:
    async with running_bot(world.fake, DemoBot()) as running:
        yield running


def errors_of(bot: DemoBot) -> list[discord.HTTPException]:
    found = []
    for error in bot.errors:
        original = getattr(error, "original", error)
        if isinstance(original, discord.HTTPException):
            found.append(original)
    return found


# -- tests ------------------------------------------------------------------------------------------


async def test_login_ready_shards_and_sync(world: World, bot: DemoBot) -> None:
    fake = world.fake
    assert bot.is_ready()
    assert bot.user is not None
    assert bot.user.id == fake.bot_user.id
    assert bot.shard_count == 2
    assert sorted(tuple(i["shard"]) for i in fake.gateway.identifies) == [(0, 2), (1, 2)]
    other_guild = world.other_table.guild
    assert other_guild is not None
    assert {world.guild.shard_id, other_guild.shard_id} == {0, 1}
    cached = bot.get_guild(world.guild.id)
    assert cached is not None
    assert cached.get_channel(world.table.id) is not None
    # Without the privileged members intent, GUILD_CREATE carries only the bot's own member.
    assert cached.me is not None
    assert cached.get_member(world.alice.id) is None
    assert cached.member_count == 5
    assert len(cached.roles) == 3
    assert bot.get_guild(other_guild.id) is not None
    routes = [(r.method, r.route) for r in fake.requests]
    assert routes[:4] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", "/applications/{application_id}/commands"),
        ("GET", "/gateway/bot"),
    ]
    assert {c["name"] for c in fake.commands()} == {"demo", "demoadmin"}
    assert all(c["id"] and c["application_id"] == str(fake.application_id) for c in fake.commands())
    assert fake.unknown_routes == []


async def test_slash_in_group_gets_a_response_on_both_shards(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo ping")
    assert rec.response_type == 4
    assert rec.message is not None
    assert rec.message.content == "pong"
    assert not rec.ephemeral
    assert world.fake.messages_in(world.table)[-1] is rec.message
    other = await world.alice.slash(world.other_table, "demo ping")
    assert other.message is not None
    assert other.message.channel is world.other_table
    in_dm = await world.alice.slash(world.fake.dm_channel(world.alice), "demo ping")
    assert in_dm.message is not None
    assert in_dm.message.audience.kind == "dm"


async def test_options_are_typed_and_checked_against_the_synced_tree(world: World, bot: DemoBot) -> None:
    alice, bob = world.alice, world.bob
    rec = await alice.slash(world.table, "demo game start", variant="nishoku", seats=3, opponent=bob, ranked=True)
    assert rec.message is not None
    assert rec.message.content == "nishoku seats=3 vs Bob ranked=True"
    assert rec.payload["data"]["options"][0]["options"][0]["name"] == "start"
    assert str(bob.id) in rec.payload["data"]["resolved"]["members"]
    with pytest.raises(InteractionRefused, match="not one of the choices"):
        await alice.slash(world.table, "demo game start", variant="mcr", seats=3, opponent=bob)
    with pytest.raises(InteractionRefused, match="required option 'opponent'"):
        await alice.slash(world.table, "demo game start", variant="riichi", seats=3)
    with pytest.raises(InteractionRefused, match="unknown option"):
        await alice.slash(world.table, "demo ping", loud=True)
    with pytest.raises(InteractionRefused, match=r"outside 3\.\.4"):
        await alice.slash(world.table, "demo game start", variant="riichi", seats=5, opponent=bob)
    with pytest.raises(InteractionRefused, match="needs a subcommand"):
        await alice.slash(world.table, "demo game")


async def test_manage_server_command_is_hidden_from_members(world: World, bot: DemoBot) -> None:
    with pytest.raises(InteractionRefused, match="cannot see a /demoadmin"):
        await world.alice.slash(world.table, "demoadmin reset")
    rec = await world.mod.slash(world.table, "demoadmin reset")
    assert rec.message is not None
    assert rec.message.ephemeral


async def test_ephemeral_reply_is_private_and_only_its_owner_can_click(world: World, bot: DemoBot) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    events: list[SpyEvent] = []
    fake.add_spy(events.append)

    def no_public_tiles(event: SpyEvent) -> None:
        if event.audience.kind == "public":
            assert not any("tiles" in s or "secret" in s for s in event.strings()), "hidden hand leaked"

    fake.add_spy(no_public_tiles)
    rec = await alice.slash(world.table, "demo secret")
    secret = rec.message
    assert secret is not None
    assert secret.ephemeral
    assert secret.ephemeral_to is alice.user
    assert secret in fake.visible_messages(alice, world.table)
    assert secret not in fake.visible_messages(bob, world.table)
    assert secret not in fake.messages_in(world.table)
    with pytest.raises(InteractionRefused, match="cannot see"):
        await bob.click(secret, "demo:reveal")
    click = await alice.click(secret, "demo:reveal")
    assert click.response_type == 7
    assert click.message is secret
    assert secret.content == "your tiles: 1m 2m 3m"
    assert secret.buttons[0]["disabled"] is True
    with pytest.raises(InteractionRefused, match="disabled"):
        await alice.click(secret, "demo:reveal")
    audiences = {(e.audience.kind, e.audience.user_id) for e in events}
    assert audiences == {("ephemeral", alice.id)}


async def test_forged_custom_id_is_refused(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo counter")
    assert rec.message is not None
    with pytest.raises(InteractionRefused, match="has no component"):
        await world.bob.click(rec.message, "demo:counter:999")
    with pytest.raises(InteractionRefused, match="is a button"):
        await world.bob.click(rec.message, "demo:counter:0", values=["x"])


async def test_dynamic_item_counter_updates_the_message(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo counter")
    message = rec.message
    assert message is not None
    assert message.custom_ids == ["demo:counter:0"]
    first = await world.bob.click(message, "demo:counter:0")
    assert first.response_type == 7
    assert message.content == "count 1"
    await world.alice.click(message, "demo:counter:1")
    assert message.custom_ids == ["demo:counter:2"]
    assert len(message.history) == 2


async def test_double_acknowledge_is_flagged(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo twice")
    await world.fake.wait_for(lambda: rec.errors)
    assert rec.errors == [(400, 40060, "Interaction has already been acknowledged.")]
    await world.fake.wait_for(lambda: bot.errors)
    assert [e.code for e in errors_of(bot)] == [40060]
    assert [v.kind for v in world.fake.take_violations()] == ["double_ack"]


async def test_expired_token_makes_followups_fail(world: World, bot: DemoBot) -> None:
    fake = world.fake
    await world.alice.slash(world.table, "demo remember")
    assert bot.remembered is not None
    await bot.remembered.followup.send("still in time")
    fake.advance_clock(15 * 60 + 1)
    with pytest.raises(discord.NotFound) as unknown:
        await bot.remembered.followup.send("too late")
    assert unknown.value.code == 10015
    fake.expired_token_error = INVALID_WEBHOOK_TOKEN
    with pytest.raises(discord.HTTPException) as invalid:
        await bot.remembered.edit_original_response(content="edited")
    assert (invalid.value.status, invalid.value.code) == (401, 50027)
    assert [v.kind for v in fake.take_violations()] == ["expired_token", "expired_token"]


async def test_dm_delivery_and_refused_dm(world: World, bot: DemoBot) -> None:
    fake, alice = world.fake, world.alice
    rec = await alice.slash(world.table, "demo dm")
    assert rec.response_type == 5
    assert rec.ephemeral
    await rec.wait_followups(1)
    assert rec.message is not None
    assert rec.message.content == "dm sent"
    assert rec.message.ephemeral
    (dm,) = fake.messages_in(fake.dm_channel(alice))
    assert dm.content == "psst"
    assert dm.attachments[0].dimensions == (8, 6)
    assert dm.visible_to(alice)
    assert not dm.visible_to(world.bob)
    with pytest.raises(InteractionRefused, match="cannot see"):
        await world.bob.click(dm, "demo:reveal")
    reveal = await alice.click(dm, "demo:reveal")
    assert reveal.response_type == 7
    assert dm.content == "your tiles: 1m 2m 3m"

    fake.fail_dms_to(world.bob)
    refused = await world.bob.slash(world.table, "demo dm")
    await refused.wait_followups(1)
    assert refused.message is not None
    assert refused.message.content == "dm failed 50007"
    assert fake.messages_in(fake.dm_channel(world.bob)) == []


async def test_late_response_is_a_violation_and_fails_the_interaction(world: World, bot: DemoBot) -> None:
    fake = world.fake
    rec = await world.alice.slash(world.table, "demo slow", wait=False)
    await bot.slow_received.wait()
    fake.advance_clock(fake.response_deadline)  # the bot is still thinking when the deadline passes
    await rec.wait_response()
    bot.slow_released.set()
    assert rec.failed
    assert not rec.acknowledged
    await fake.wait_for(lambda: bot.errors)
    assert [e.code for e in errors_of(bot)] == [10062]
    assert [v.kind for v in fake.take_violations()] == ["interaction_failed", "late_response"]
    assert fake.messages_in(world.table) == []


async def test_png_attachment_bytes_are_stored_and_served(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo board")
    message = rec.message
    assert message is not None
    (attachment,) = message.attachments
    assert attachment.is_png
    assert attachment.dimensions == (16, 9)
    assert attachment.image().size == (16, 9)
    assert message.embeds[0]["image"]["url"] == attachment.url
    channel = bot.get_channel(world.table.id)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(message.id)
    assert await fetched.attachments[0].read() == attachment.data


async def test_components_v2_message(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo table")
    message = rec.message
    assert message is not None
    assert message.flags & 1 << 15
    assert "Table 1" in message.text
    gallery = next(c for c in message.walk_components() if c["type"] == 12)
    assert gallery["items"][0]["media"]["url"] == message.attachments[0].url
    assert message.custom_ids == ["demo:draw"]


async def test_modal_submit(world: World, bot: DemoBot) -> None:
    opener = await world.alice.slash(world.table, "demo feedback")
    assert opener.response_type == 9
    assert opener.modal is not None
    assert opener.modal["title"] == "Feedback"
    with pytest.raises(InteractionRefused, match="shown to Alice"):
        await world.bob.submit_modal(opener, {"demo:fb": "mine"})
    submitted = await world.alice.submit_modal(opener, {"demo:fb": "great game"})
    assert submitted.message is not None
    assert submitted.message.content == "thanks: great game"


async def test_followup_ephemeral_after_public_defer_is_flagged(world: World, bot: DemoBot) -> None:
    def no_public_hands(event: SpyEvent) -> None:
        if event.audience.kind == "public" and any("hand:" in s for s in event.strings()):
            raise AssertionError(f"a hand was posted publicly in channel {event.audience.channel_id}")

    world.fake.add_spy(no_public_hands)
    rec = await world.alice.slash(world.table, "demo deferpublic")
    await rec.wait_followups(1)
    assert rec.message is not None
    assert rec.message.content == "hand: 1m 9m"
    assert not rec.message.ephemeral
    assert rec.message in world.fake.visible_messages(world.bob, world.table)
    assert sorted(v.kind for v in world.fake.take_violations()) == ["ephemeral_ignored", "spy"]


async def test_limits_are_enforced(world: World, bot: DemoBot) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=world.table.id)
    with pytest.raises(discord.HTTPException) as too_long:
        await bot.http.request(route, json={"content": "x" * 2001})
    assert too_long.value.code == 50035
    row: dict[str, Any] = {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": "b"}]}
    rows = [{**row, "components": [{**row["components"][0], "custom_id": f"b{i}"}]} for i in range(6)]
    with pytest.raises(discord.HTTPException):
        await bot.http.request(route, json={"content": "rows", "components": rows})
    details = [v.detail for v in world.fake.take_violations("limits")]
    assert "content is 2001 characters" in details[0]
    assert "6 action rows" in details[1]


async def test_openapi_validation_catches_malformed_requests(world: World, bot: DemoBot) -> None:
    fake = world.fake
    if fake.spec is None:
        pytest.skip("the Discord OpenAPI spec is not available")
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=world.table.id)
    with pytest.raises(discord.HTTPException) as bad:
        await bot.http.request(route, json={"content": 42, "tts": "loud"})
    assert bad.value.code == 50035
    (violation,) = fake.take_violations("openapi")
    assert "content" in violation.detail
    assert "tts" in violation.detail


async def test_unknown_routes_are_recorded(world: World, bot: DemoBot) -> None:
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=world.guild.id))
    assert world.fake.unknown_routes == [("GET", f"/guilds/{world.guild.id}/bans")]
    world.fake.unknown_routes.clear()


async def test_reconnect_resumes_and_keeps_working(world: World, bot: DemoBot) -> None:
    fake = world.fake
    assert fake.force_reconnect(world.guild.shard_id) == 1
    await fake.wait_for(lambda: len(fake.gateway.resumes) == 1)
    rec = await world.alice.slash(world.table, "demo ping")
    assert rec.message is not None
    assert rec.message.content == "pong"
    assert len(fake.gateway.identifies) == 2
    assert fake.force_reconnect(world.guild.shard_id, resume=False) == 1
    await fake.wait_for(lambda: len(fake.gateway.identifies) == 3)
    assert fake.gateway.identifies[-1]["shard"] == [world.guild.shard_id, 2]
    again = await world.alice.slash(world.table, "demo ping")
    assert again.message is not None


POSTS = "POST /channels/{channel_id}/messages"


async def test_a_repeated_nonce_returns_the_message_already_posted(world: World, bot: DemoBot) -> None:
    channel = bot.get_partial_messageable(world.table.id, guild_id=world.guild.id)
    first = await channel.send("hello", nonce=42)
    again = await channel.send("hello", nonce=42)
    other = await channel.send("hello", nonce=43)
    assert again.id == first.id and other.id != first.id
    assert [m.id for m in world.fake.messages_in(world.table)] == [first.id, other.id]
    await channel.get_partial_message(first.id).delete()
    with pytest.raises(discord.NotFound):
        await channel.send("hello", nonce=42)


async def test_injected_429s_are_waited_out_by_discord_py(world: World, bot: DemoBot) -> None:
    """A 429 carries what discord.py reads (``retry_after`` and ``global`` in the body, the bucket
    header, ``Via``): it sleeps and retries, and the post goes through once."""
    fake = world.fake
    channel = bot.get_partial_messageable(world.table.id, guild_id=world.guild.id)
    plans = {
        "rate_limit": Faults(seed=1, retry_after=0.05, routes={POSTS}, rate_limit=1.0),
        "global_rate_limit": Faults(seed=1, retry_after=0.05, routes={POSTS}, global_rate_limit=1.0),
    }
    for kind, plan in plans.items():
        fake.inject(plan)
        sent = await channel.send(kind)
        fake.inject(None)
        limited, retried = fake.requests_to("POST", "/channels/{channel_id}/messages")[-2:]
        assert (limited.status, limited.fault, limited.response["global"]) == (429, kind, kind != "rate_limit")
        assert (retried.status, retried.retry) == (200, True)
        assert [m.id for m in fake.messages_in(world.table)][-1] == sent.id
    assert fake.faults.injected == {"rate_limit": 1, "global_rate_limit": 1}


@pytest.mark.slow
async def test_a_post_retried_after_a_5xx_that_took_effect_is_not_posted_twice(world: World, bot: DemoBot) -> None:
    """Server errors go in turn before and after the effect; discord.py retries a 500 with the
    same nonce, which finds the message the first attempt created."""
    fake = world.fake
    channel = bot.get_partial_messageable(world.table.id, guild_id=world.guild.id)
    fake.inject(Faults(seed=1, server_error=1.0, server_error_statuses=(500,), routes={POSTS}))
    before = await channel.send("before")
    after = await channel.send("after")
    fake.inject(None)
    assert fake.faults.injected == {"server_error_before": 1, "server_error_after": 1}
    assert [m.text for m in fake.messages_in(world.table)] == ["before", "after"]
    assert before.id != after.id


async def test_dropped_gateway_sessions_resume_or_identify_again(world: World, bot: DemoBot) -> None:
    """The first drop (4000) is resumed and replays the click; the second (4009) invalidates the
    session, so the bot identifies again and the click sent meanwhile is lost (not a violation)."""
    fake = world.fake
    fake.inject(Faults(seed=1, gateway_drop=1.0, limit=1))
    rec = await world.alice.slash(world.table, "demo ping")
    assert rec.message is not None and rec.message.content == "pong"
    assert fake.faults.injected == {"gateway_resume": 1} and len(fake.gateway.resumes) == 1
    fake.inject(Faults(seed=1, gateway_drop=1.0, limit=1))  # variants go in turn: now 4009
    lost = await world.alice.slash(world.table, "demo ping", wait=False)
    identified = len(fake.gateway.identifies)
    await fake.wait_for(lambda: len(fake.gateway.identifies) > identified, what="a new IDENTIFY")
    fake.inject(None)
    fake.advance_clock(limits.RESPONSE_DEADLINE + 1)
    await lost.wait_response()
    assert lost.failed and lost.fault == "gateway_reidentify"
    assert any(line.startswith("interaction_failed") for line in fake.faults.consequences)
    again = await world.alice.slash(world.table, "demo ping")
    assert again.message is not None and again.message.content == "pong"


def _button(custom_id: str, label: str = "x") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _texts(problems: list[limits.Problem]) -> str:
    return "; ".join(p.text for p in problems)


def test_limit_rules() -> None:
    def row(*children: dict[str, Any]) -> dict[str, Any]:
        return {"type": 1, "components": list(children)}

    section = {"type": 9, "components": [{"type": 10, "content": "t"}], "accessory": _button("b")}
    assert limits.check_components([{"type": 17, "components": [row(_button("a")), section]}], v2=True) == []
    assert "duplicate custom_id" in _texts(limits.check_components([row(_button("a"), _button("a"))], v2=False))
    assert "6 buttons" in _texts(limits.check_components([row(*(_button(str(i)) for i in range(6)))], v2=False))
    assert "custom_id must be 1-100" in _texts(limits.check_components([row(_button("c" * 101))], v2=False))
    assert "label longer than 80" in _texts(limits.check_components([row(_button("c", "l" * 81))], v2=False))
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    select = {"type": 3, "custom_id": "s", "options": options}
    assert "26 select options" in _texts(limits.check_components([row(select)], v2=False))
    assert "must be alone" in _texts(
        limits.check_components([row({**select, "options": options[:3]}, _button("d"))], v2=False)
    )
    empty = limits.check_message({"content": ""}, creating=True, file_count=0, flags=0)
    assert [p.code for p in empty] == [50006]
    assert "11 embeds" in _texts(limits.check_message({"embeds": [{}] * 11}, creating=True, file_count=0, flags=0))
    assert [p.code for p in limits.check_message({"content": "x"}, creating=True, file_count=11, flags=0)] == [30015]


def test_a_sync_with_a_localized_name_discord_refuses_is_refused() -> None:
    def command(name: str, localized: dict[str, str], options: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return {"name": name, "description": "d", "name_localizations": localized, "options": options or []}

    def option(name: str, localized: dict[str, str]) -> dict[str, Any]:
        return {"name": name, "description": "d", "type": 3, "name_localizations": localized}

    fine = [command("mahjong", {"ja": "麻雀", "hi": "माहजोंग"}, [option("win", {"ja": "和了牌"})])]
    assert limits.check_commands(fine) == []
    assert "invalid ja name '天和・地和'" in _texts(limits.check_commands([command("a", {"ja": "天和・地和"})]))
    assert "invalid ja name 'Dm手牌'" in _texts(
        limits.check_commands([command("a", {}, [option("b", {"ja": "Dm手牌"})])])
    )
    twice = [command("a", {}, [option("b", {"ja": "種目"}), option("c", {"ja": "種目"})])]
    assert "duplicate ja name '種目'" in _texts(limits.check_commands(twice))
    # Other locales may use the same word.
    assert (
        limits.check_commands([command("a", {}, [option("b", {"ja": "種目"}), option("c", {"zh-CN": "種目"})])]) == []
    )


def test_a_commands_size_counts_names_descriptions_and_choice_values_at_their_longest_localization() -> None:
    choice = {"name": "east", "name_localizations": {"ja": "東"}, "value": 1234}
    option = {"name": "seat", "description": "Seat wind", "type": 4, "choices": [choice]}
    calc = {"ja": "手牌の点数を計算する"}
    sub = {"name": "calc", "description": "Score", "description_localizations": calc, "type": 1, "options": [option]}
    command = {"name": "mahjong", "name_localizations": {"ja": "麻雀"}, "description": "Tables", "options": [sub]}
    # mahjong 7 + Tables 6; calc 4 + its Japanese 10 (longer than Score); seat 4 + Seat wind 9;
    # east 4 (longer than 東) + the value 1234 as 4 characters.
    assert limits.command_size(command) == 7 + 6 + 4 + 10 + 4 + 9 + 4 + 4


def _command_of_size(size: int) -> dict[str, Any]:
    """A command whose names, descriptions and choice values add up to ``size`` characters, its
    top-level description counted by its longer Japanese: subcommands of 20 options, then the
    rest in choice values."""
    command: dict[str, Any] = {
        "name": "sized",
        "description": "d",
        "description_localizations": {"ja": "長" * 100},
        "options": [],
    }
    for index in range(3):
        options = [{"name": f"o{n:02d}", "description": "y" * 97, "type": 3} for n in range(20)]
        command["options"].append({"name": f"s{index:02d}", "description": "x" * 97, "type": 1, "options": options})
    pad: dict[str, Any] = {"name": "c", "description": "c", "type": 3, "choices": []}
    command["options"].append({"name": "pad", "description": "p" * 97, "type": 1, "options": [pad]})
    left = size - limits.command_size(command)
    while left > 0:
        value = "v" * min(100, left - 1)
        pad["choices"].append({"name": chr(ord("a") + len(pad["choices"])), "value": value})
        left -= 1 + len(value)
    assert limits.command_size(command) == size
    return command


async def test_a_command_over_8000_characters_is_refused_at_8000_accepted(world: World, bot: DemoBot) -> None:
    """Discord's limit on one top-level command's names, descriptions and values together: the
    sync fails with 50035, and nothing of it is synced."""
    application = world.fake.application_id
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.bulk_upsert_global_commands(application, [_command_of_size(8001)])
    assert (refused.value.status, refused.value.code) == (400, 50035)
    [violation] = world.fake.take_violations("command_sync")
    assert "/sized: 8001 characters in names, descriptions and values (max 8000)" in violation.detail
    assert {c["name"] for c in world.fake.commands()} == {"demo", "demoadmin"}
    synced = await bot.http.bulk_upsert_global_commands(application, [_command_of_size(8000)])
    assert [c["name"] for c in synced] == ["sized"]


def test_missing_spec_disables_validation(tmp_path: Path) -> None:
    assert FakeDiscord(spec_path=tmp_path / "absent.json").spec is None


async def test_autocomplete_refused_without_autocomplete(world: World, bot: DemoBot) -> None:
    with pytest.raises(InteractionRefused, match="has no autocomplete"):
        await world.alice.autocomplete(world.table, "demo game start", "variant")


async def test_select_menu_choice(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo pick")
    message = rec.message
    assert message is not None
    with pytest.raises(InteractionRefused, match="offers no option 'z'"):
        await world.bob.select(message, "demo:pick", ["z"])
    with pytest.raises(InteractionRefused, match="takes 1-1 values"):
        await world.bob.select(message, "demo:pick", ["a", "b"])
    chosen = await world.bob.select(message, "demo:pick", ["b"])
    assert chosen.response_type == 7
    assert message.content == "picked b"
    assert message.components == []


async def test_autocomplete_suggestions(world: World, bot: DemoBot) -> None:
    rec = await world.alice.autocomplete(world.table, "demo find", "tile", tile="e")
    assert rec.response_type == 8
    assert rec.choices == [{"name": "east", "value": "east"}]


async def test_file_size_limit(world: World, bot: DemoBot) -> None:
    world.fake.attachment_size_limit = 100
    channel = bot.get_channel(world.table.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as too_big:
        await channel.send(file=discord.File(io.BytesIO(b"x" * 101), "big.bin"))
    assert (too_big.value.status, too_big.value.code) == (413, 40005)
    assert [v.kind for v in world.fake.take_violations()] == ["file_too_large"]


async def test_ephemeral_message_is_unreachable_through_the_channel(world: World, bot: DemoBot) -> None:
    rec = await world.alice.slash(world.table, "demo secret")
    assert rec.message is not None
    channel = bot.get_channel(world.table.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.NotFound) as missing:
        await channel.get_partial_message(rec.message.id).edit(content="edited")
    assert missing.value.code == 10008
    assert [v.kind for v in world.fake.take_violations()] == ["ephemeral_via_channel"]


async def test_restart_as_unsharded_bot_handles_old_dynamic_buttons(world: World) -> None:
    fake = world.fake
    async with running_bot(fake, DemoBot()):
        rec = await world.alice.slash(world.table, "demo counter")
    message = rec.message
    assert message is not None
    async with running_bot(fake, PlainBot(), wait_for_sync=False) as plain:
        assert plain.shard_count is None
        assert "shard" not in fake.gateway.identifies[-1]
        click = await world.bob.click(message, "demo:counter:0")
        assert click.response_type == 7
        assert message.content == "count 1"
        other = await world.alice.slash(world.other_table, "demo counter", wait=False)
        fake.advance_clock(fake.response_deadline)  # nobody answers: PlainBot has no commands
        assert other.failed
    assert [v.kind for v in fake.take_violations()] == ["interaction_failed"]


async def test_a_request_cut_off_half_sent_is_an_aborted_request_not_a_fake_error() -> None:
    """A bot process killed while it uploads leaves half a body: the fake notes the request as
    aborted (a crash soak excuses it inside the killed window) and reports no error of its own."""
    async with await FakeDiscord.start(spec_path=False) as fake:
        _, writer = await asyncio.open_connection("127.0.0.1", fake.port)
        writer.write(
            b"POST /api/v10/channels/1/messages HTTP/1.1\r\nHost: x\r\n"
            b"Authorization: Bot " + fake.token.encode() + b"\r\n"
            b"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n"
            b'--b\r\nContent-Disposition: form-data; name="payload_json"\r\n'
        )
        await writer.drain()
        writer.close()
        await writer.wait_closed()
        await fake.wait_for(lambda: bool(fake.aborted_requests), what="the aborted request")
        (aborted,) = fake.aborted_requests
        assert (aborted.method, aborted.route) == ("POST", "/channels/{channel_id}/messages")
        assert fake.internal_errors == [] and fake.violations == []


# -- several processes, each with some of the shards --------------------------------------------------


async def test_clients_that_each_run_some_shards_get_exactly_their_guilds() -> None:
    """As several bot processes would: client A identifies shards 0 and 1 of 4, client B shards 2
    and 3. Each gets READY and GUILD_CREATE for its own guilds only, each guild's interactions
    reach exactly its owner, /gateway/bot agrees on the count, and when A goes and comes back
    its guilds follow it while B's never stop."""
    async with await FakeDiscord.start(shard_count=4) as fake:
        guilds = [fake.add_guild(f"Club {shard}", shard=shard) for shard in range(4)]
        channels = [guild.add_text_channel("table") for guild in guilds]
        players = [guild.add_member(f"Player {index}") for index, guild in enumerate(guilds)]
        assert [guild.shard_id for guild in guilds] == [0, 1, 2, 3]
        with pytest.raises(ValueError, match="not one of the fake's 4 shards"):
            fake.add_guild("Nowhere", shard=4)

        async def ping(index: int) -> int:
            record = await players[index].slash(channels[index], "demo ping")
            assert record.message is not None and record.message.content == "pong", record.errors
            return record.id

        b = DemoBot(shard_ids=[2, 3], shard_count=4)
        async with running_bot(fake, b):
            a = DemoBot(shard_ids=[0, 1], shard_count=4)
            async with running_bot(fake, a):
                assert sorted(tuple(i["shard"]) for i in fake.gateway.identifies) == [(0, 4), (1, 4), (2, 4), (3, 4)]
                assert {g.id for g in a.guilds} == {guilds[0].id, guilds[1].id}
                assert {g.id for g in b.guilds} == {guilds[2].id, guilds[3].id}
                # Given their count, the clients never asked /gateway/bot; it says the same.
                assert fake.requests_to("GET", "/gateway/bot") == []
                http = b.http
                count, _, _ = await http.get_bot_gateway()
                assert count == 4
                for index, owner, other in ((0, a, b), (1, a, b), (2, b, a), (3, b, a)):
                    interaction = await ping(index)
                    assert interaction in owner.interactions and interaction not in other.interactions
                    session = fake.gateway.session_for(guilds[index].id)
                    assert session is not None and session.shard_id == index and session.shard_count == 4
                # A DM comes to shard 0, which is A's.
                dm = await players[2].slash(fake.dm_channel(players[2]), "demo ping")
                assert dm.id in a.interactions and dm.id not in b.interactions

            # A is gone (a clean close ends its sessions): its guilds reach nobody, B's go on.
            with pytest.raises(RuntimeError, match="no bot session"):
                await players[0].slash(channels[0], "demo ping")
            assert await ping(3) in b.interactions

            again = DemoBot(shard_ids=[0, 1], shard_count=4)
            async with running_bot(fake, again):
                assert await ping(0) in again.interactions
                assert await ping(1) in again.interactions
                assert await ping(2) in b.interactions
                assert {g.id for g in b.guilds} == {guilds[2].id, guilds[3].id}
        assert fake.problems() == []

        # One client without a count asks /gateway/bot and runs all four shards itself.
        whole = DemoBot()
        asked = len(fake.requests_to("GET", "/gateway/bot"))
        async with running_bot(fake, whole):
            assert whole.shard_count == 4 and whole.shard_ids is None
            assert len(fake.requests_to("GET", "/gateway/bot")) == asked + 1
            assert await ping(1) in whole.interactions and await ping(2) in whole.interactions
        assert fake.problems() == []


async def test_processes_that_disagree_on_the_shard_count_are_a_violation() -> None:
    """With 4 shards in one process and 3 in another, Discord would send some guilds to both and
    some to neither: the fake says so as soon as the second count connects."""
    async with await FakeDiscord.start(shard_count=4) as fake:
        fake.add_guild("Club", shard=0)
        four, three = DemoBot(shard_ids=[0, 1], shard_count=4), DemoBot(shard_ids=[2], shard_count=3)
        async with running_bot(fake, four), running_bot(fake, three, wait_for_sync=False):
            (violation,) = fake.take_violations("shard_count_mismatch")
            assert "IDENTIFY as shard 2 of 3 while sessions of 4 shards are connected" in violation.detail
        assert fake.problems() == []


async def test_an_edit_through_a_token_is_recorded_on_that_interaction_only(world: World, bot: DemoBot) -> None:
    """What shows a player the result of one deferred click is an edit through that click's
    token; the crash soak tells a click shown taken from one merely deferred by it."""
    first = await world.alice.slash(world.table, "demo remember")
    second = await world.alice.slash(world.table, "demo remember")
    assert bot.remembered is not None and first.token_edits == [] == second.token_edits
    await bot.remembered.edit_original_response(content="edited")
    assert second.token_edits == [world.fake.clock.now()] and first.token_edits == []


async def test_a_click_left_in_a_session_that_the_bot_identifies_past_is_lost(
    world: World, bot: DemoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A drop (4000) while a click is on its way leaves it in the session for a RESUME; when the
    bot IDENTIFYs instead (here its RESUME is refused, as Discord refuses an expired session's),
    the new session replaces the old one and the click is lost with it: excused as a fault, so it
    fails at its deadline like any lost click, and nothing waits on it for ever."""
    fake = world.fake

    def refuse(self: Gateway, connection: Any, data: dict[str, Any]) -> None:
        connection.queue.put_nowait({"op": 9, "d": False, "s": None, "t": None})

    monkeypatch.setattr(Gateway, "_resume", refuse)
    fake.inject(Faults(seed=1, gateway_drop=1.0, limit=1))  # the first variant: 4000, resumable
    identified = len(fake.gateway.identifies)
    lost = await world.alice.slash(world.table, "demo ping", wait=False)
    await fake.wait_for(lambda: len(fake.gateway.identifies) > identified, what="a new IDENTIFY")
    fake.inject(None)
    assert lost.fault == "gateway_reidentify" and not fake.busy
    fake.advance_clock(limits.RESPONSE_DEADLINE + 1)
    await lost.wait_response()
    assert lost.failed and any(line.startswith("interaction_failed") for line in fake.faults.consequences)
    again = await world.alice.slash(world.table, "demo ping")
    assert again.message is not None and again.message.content == "pong"
