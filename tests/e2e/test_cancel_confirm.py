"""``/mahjong cancel`` of a running game asks first (issue 35 item 11): a private message with
"Cancel the game" and "Keep playing", for the host or a member with Manage Server only; its
buttons survive a restart, go stale once that game has ended, and a double click cancels once.
A lobby is still cancelled at once."""

from __future__ import annotations

from pathlib import Path

from bot.app import JantakuBot
from bot.runtime import TableActor
from bot.sandbox.fakediscord import FakeDiscord, FakeMember, FakeMessage, running_bot
from bot.sandbox.players import World
from bot.storage import GameStatus, Store

from .helpers import cancel_game, ephemeral_reply, forge_click, make_bot, settle

DANGER, SECONDARY = 4, 2


async def _ask(member: FakeMember, world: World) -> FakeMessage:
    """``/mahjong cancel``: the confirmation, privately."""
    record = await member.slash(world.channel, "mahjong cancel")
    assert record.message is not None and record.message.ephemeral, record.errors
    return record.message


async def _running_game(world: World, bot: JantakuBot, *humans: FakeMember) -> tuple[FakeMessage, TableActor]:
    """The first member's game of two hands with ``humans`` and CPUs: its table message and actor."""
    table = await world.start_game(world.members[0], humans=humans, cpus=3 - len(humans), hands=2)
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None
    return table, actor


def _button(confirmation: FakeMessage, op: str) -> str:
    return next(cid for cid in confirmation.custom_ids if cid.endswith(f":{op}"))


async def test_cancel_asks_first_keep_playing_changes_nothing_and_confirming_cancels(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    mod = world.guild.add_member("Mod", manage_guild=True)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        table, actor = await _running_game(world, bot, bob)
        game = actor.game_id

        # Only the host or Manage Server; anyone else gets today's refusal, with no buttons.
        refused = await bob.slash(world.channel, "mahjong cancel")
        assert "Only the host or a member with Manage Server" in ephemeral_reply(refused)
        assert refused.message is not None and refused.message.custom_ids == []

        confirmation = await _ask(alice, world)
        assert confirmation.text == (
            f"Cancel game #{game} for everyone at the table? It ends now and does not count in the stats."
        )
        looks = [(b["label"], b["style"], b["custom_id"]) for b in confirmation.buttons]
        assert looks == [
            ("Cancel the game", DANGER, f"jt:cancel:{game}:confirm"),
            ("Keep playing", SECONDARY, f"jt:cancel:{game}:keep"),
        ]
        await settle(fake_discord, bot)
        assert bot.runtime.tables.in_channel(world.channel.id) is actor and "cancelled" not in table.text

        kept = await (await alice.click(confirmation, _button(confirmation, "keep"))).wait_response()
        assert kept.response_type == 7  # the confirmation, answered in place
        assert confirmation.text == "Nothing was cancelled: the game goes on." and confirmation.custom_ids == []
        assert bot.runtime.tables.in_channel(world.channel.id) is actor and not actor.finished

        # In Japanese for a Japanese client; a member with Manage Server may cancel too.
        mod.user.locale = "ja"
        japanese = await _ask(mod, world)
        assert japanese.text.startswith(f"対局 #{game} を中止しますか？")
        assert [b["label"] for b in japanese.buttons] == ["対局を中止する", "対局を続ける"]
        done = await (await mod.click(japanese, _button(japanese, "confirm"))).wait_response()
        assert done.response_type == 7 and japanese.custom_ids == []
        assert japanese.text == f"対局 #{game} は Mod さんにより中止されました。"
        await fake_discord.wait_for(lambda: f"Game #{game} was cancelled by Mod." in table.text)
        assert bot.runtime.tables.in_channel(world.channel.id) is None

        # A lobby is cancelled at once, as before.
        await world.open_table(alice)
        lobby = await alice.slash(world.channel, "mahjong cancel")
        assert lobby.message is not None and lobby.message.custom_ids == []
        assert not bot.runtime.channel_busy(world.channel.id)


async def test_a_double_click_cancels_once_and_an_old_confirmation_is_stale_in_the_next_game(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Alice")
    alice = world.members[0]
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        first_game = (await _running_game(world, bot))[1].game_id
        old = await _ask(alice, world)  # left open, to be clicked in the next game
        older = await _ask(alice, world)
        confirmation = await _ask(alice, world)
        confirm = _button(confirmation, "confirm")
        clicks = [await alice.click(confirmation, confirm, wait=False) for _ in range(2)]
        answers = [await click.wait_response() for click in clicks]
        assert all(not answer.failed for answer in answers), [answer.errors for answer in answers]
        # One answer edits the confirmation in place; the other is a new private message.
        replies = [answer.message for answer in answers if answer.message is not confirmation]
        texts = sorted([confirmation.text, *(reply.text for reply in replies if reply is not None)])
        assert texts == [
            f"Game #{first_game} has already ended, so nothing was cancelled.",
            f"Game #{first_game} was cancelled by Alice.",
        ], texts
        await settle(fake_discord, bot)
        notices = [m for m in fake_discord.messages_in(world.channel) if "was cancelled by" in m.text]
        assert len(notices) == 1, [m.text for m in notices]

        # The next game in the channel: the first game's confirmation cancels nothing.
        _, running = await _running_game(world, bot)
        assert running.game_id != first_game
        for confirmation, op in ((old, "confirm"), (older, "keep")):
            stale = await (await alice.click(confirmation, _button(confirmation, op))).wait_response()
            assert ephemeral_reply(stale) == f"Game #{first_game} has already ended, so nothing was cancelled."
        await settle(fake_discord, bot)
        assert bot.runtime.tables.in_channel(world.channel.id) is running and not running.finished
        await cancel_game(alice, world.channel)
    async with Store.open(tmp_path / "db.sqlite3") as store:
        assert (await store.games.get(first_game)).status == GameStatus.CANCELLED


async def test_the_confirmation_survives_a_restart_and_a_forged_click_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    database = tmp_path / "db.sqlite3"
    async with running_bot(fake_discord, make_bot(fake_discord, database)) as bot:
        table, actor = await _running_game(world, bot, bob)
        game = actor.game_id
        confirmation = await _ask(alice, world)
        # Bob forges the button: on the public table (never where the bot puts it), and on his
        # own refusal (not the host).
        on_table = await forge_click(bob, table, f"jt:cancel:{game}:confirm")
        assert ephemeral_reply(on_table) == "That button is not valid."
        refusal = (await bob.slash(world.channel, "mahjong cancel")).message
        assert refusal is not None
        on_refusal = await forge_click(bob, refusal, f"jt:cancel:{game}:confirm")
        assert "Only the host or a member with Manage Server" in ephemeral_reply(on_refusal)
        await settle(fake_discord, bot)
        assert not actor.finished and "cancelled" not in table.text
    async with running_bot(fake_discord, make_bot(fake_discord, database)) as bot:
        await settle(fake_discord, bot)
        resumed = bot.runtime.tables.in_channel(world.channel.id)
        assert resumed is not None and resumed.game_id == game
        done = await (await alice.click(confirmation, _button(confirmation, "confirm"))).wait_response()
        assert done.response_type == 7 and confirmation.text == f"Game #{game} was cancelled by Alice."
        assert bot.runtime.tables.in_channel(world.channel.id) is None
