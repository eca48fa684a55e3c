"""``/mahjong help`` and the lobby's Help button, through the fake Discord: ephemeral, in the
asker's language, with the rules picture, and the lobby left as it was."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import bot.ui.help as help_module
from bot.app import JantakuBot
from bot.engine.variants import VARIANTS
from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, InteractionRecord, running_bot
from bot.sandbox.players import World

from .helpers import ephemeral_reply, forge_click, make_bot, raw_options

KEYS = [variant.variant for variant in VARIANTS]


@pytest.fixture
async def bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[JantakuBot]:
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as running:
        yield running


@pytest.fixture(autouse=True)
def _fresh_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test draws its own pictures (they are kept per process once drawn)."""
    monkeypatch.setattr(help_module, "_PICTURES", {})


async def _answer(fake: FakeDiscord, record: InteractionRecord) -> FakeMessage:
    """The help answer, once its picture is there (a slow render defers it first)."""
    await record.wait_response()
    await fake.wait_for(lambda: record.message is not None and bool(record.message.attachments))
    assert record.message is not None
    return record.message


def _check_picture(message: FakeMessage) -> None:
    (picture,) = message.attachments
    assert picture.filename == "help.png" and picture.is_png
    assert picture.dimensions is not None and picture.dimensions[0] == 720


@pytest.mark.parametrize("variant", KEYS)
async def test_help_for_each_variant_in_english_and_japanese(
    fake_discord: FakeDiscord, bot: JantakuBot, variant: str
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    title = next(cls.title for cls in VARIANTS if cls.variant == variant)
    english = await _answer(fake_discord, await alice.slash(world.channel, "mahjong help", variant=variant))
    assert english.ephemeral and english.visible_to(alice)
    assert f"How to play {title} here" in english.text and "What each button does" in english.text
    assert f"/mahjong new variant:{variant}" in english.text and "My hand" in english.text
    _check_picture(english)
    japanese = await _answer(
        fake_discord,
        await alice.slash_raw(world.channel, "mahjong help", options=raw_options(variant=variant), locale="ja"),
    )
    assert japanese.ephemeral
    assert f"{title}の遊び方" in japanese.text and "ボタンの説明" in japanese.text and "1局の流れ" in japanese.text
    _check_picture(japanese)
    # Nothing public was posted, and each language's picture was drawn once, by the render workers.
    assert fake_discord.messages_in(world.channel) == []
    assert bot.runtime.renderer.drawn["render_help"] == 2
    again = await _answer(fake_discord, await alice.slash(world.channel, "mahjong help", variant=variant))
    assert again.attachments[0].data == english.attachments[0].data
    assert bot.runtime.renderer.drawn["render_help"] == 2


async def test_help_without_a_variant_explains_this_channels_table_else_the_servers_default(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    plain = await _answer(fake_discord, await bob.slash(world.channel, "mahjong help"))
    assert "How to play 二色麻雀 here" in plain.text  # no server setting: 二色麻雀
    assert "/mahjong leaderboard" in plain.text  # the commands' overview
    await bot.store.guilds.update_settings(world.guild.id, default_variant="inage")
    default = await _answer(fake_discord, await bob.slash(world.channel, "mahjong help"))
    assert "How to play いなげ麻雀 here" in default.text  # the server's default variant
    lobby = await world.open_table(alice, "goto")
    here = await _answer(fake_discord, await bob.slash(world.channel, "mahjong help"))
    assert "How to play 5等三麻 here" in here.text and "Roll the dice" in here.text  # the lobby's
    await alice.click(lobby, f"jt:lobby:{lobby.custom_ids[0].split(':')[2]}:cancel")
    await world.start_game(alice, variant="chinitsu", cpus=2)
    table = await _answer(fake_discord, await bob.slash(world.channel, "mahjong help"))
    assert "How to play チンイツゲーム here" in table.text  # the running table's


async def test_lobby_help_button_answers_a_non_member_and_changes_nothing(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    world = World.build(fake_discord, "Alice", "Carol")
    alice, carol = world.members
    lobby = await world.open_table(alice, "zuno")
    lobby_id = lobby.custom_ids[0].split(":")[2]
    help_id = f"jt:lobby:{lobby_id}:help"
    assert help_id in lobby.custom_ids
    # Six buttons: Help gets a row of its own (Discord shows five a row).
    assert [len(row["components"]) for row in lobby.components] == [5, 1]
    before = (lobby.text, lobby.components, lobby.edited_at)
    answer = await _answer(fake_discord, await carol.click(lobby, help_id))
    assert bot.runtime.renderer.drawn["render_help"] == 1
    assert answer.ephemeral and answer.visible_to(carol) and not answer.visible_to(alice)
    assert "How to play ずーの here" in answer.text and "Ron on" in answer.text and "Draft" in answer.text
    _check_picture(answer)
    assert (lobby.text, lobby.components, lobby.edited_at) == before
    assert "Carol" not in lobby.text
    assert [player.name for player in bot.runtime.lobbies.get(int(lobby_id)).players] == ["Alice"]


async def test_stale_and_forged_help_ids_get_the_usual_answer(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    lobby = await world.open_table(alice)
    lobby_id = lobby.custom_ids[0].split(":")[2]
    await alice.click(lobby, f"jt:lobby:{lobby_id}:cancel")
    # The lobby's message no longer offers Help: a client replaying the old id is told it is closed.
    gone = await forge_click(bob, lobby, f"jt:lobby:{lobby_id}:help")
    assert "This lobby is closed" in ephemeral_reply(gone)
    unknown = await forge_click(bob, lobby, "jt:lobby:4242:help")
    assert "This lobby is closed" in ephemeral_reply(unknown)
    forged = await forge_click(bob, lobby, f"jt:lobby:{lobby_id}:helpme")
    assert ephemeral_reply(forged) == "That button is not valid."
