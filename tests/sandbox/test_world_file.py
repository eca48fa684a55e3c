"""The local Discord's world file (``bot/sandbox/fakediscord/persistence.py``): what a fake wrote
comes back in the next one with every id, and new ids never repeat an old one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sandbox.fakediscord import FakeDiscord, InteractionRecord
from bot.sandbox.fakediscord.models import FakeEmoji, UploadedFile
from bot.sandbox.fakediscord.persistence import WorldFile
from render.text import UI_FONT

PNG = b"\x89PNG\r\n\x1a\n" + bytes(16)


@pytest.fixture
async def fakes() -> AsyncIterator[list[FakeDiscord]]:
    started: list[FakeDiscord] = []
    yield started
    for fake in started:
        await fake.stop()


async def new_fake(fakes: list[FakeDiscord]) -> FakeDiscord:
    fake = await FakeDiscord.start(shard_count=1, spec_path=False)
    fakes.append(fake)
    return fake


async def test_a_kept_world_comes_back_with_the_same_ids(tmp_path: Path, fakes: list[FakeDiscord]) -> None:
    path = tmp_path / "world.sqlite3"
    fake = await new_fake(fakes)
    world = WorldFile.open(fake, path)
    world.attach()
    guild = fake.add_guild("Sandbox")
    channel = guild.add_text_channel("mahjong")
    alice = guild.add_member("Alice", manage_guild=True)
    alice.user.locale = "ja"
    dm = fake.dm_channel(alice)
    button = {"type": 2, "style": 1, "label": "My hand", "custom_id": "jt:table:1:hand"}
    table = fake.rest.create_message(
        channel,
        {"content": "table", "components": [{"type": 1, "components": [button]}]},
        [UploadedFile("files[0]", "table.png", PNG, "image/png"), UploadedFile("files[1]", "game-1.json", b"{}")],
    )
    panel = fake.rest.create_message(channel, {"content": "Your hand"}, [], ephemeral_to=alice.user)
    # The interaction the panel answered: after a restart the bot edits the panel through its token.
    rec = InteractionRecord(
        fake, fake.ids.next(), "panel-token", 3, alice.user, channel, fake.clock.now() - 60, {}, response_type=4
    )
    rec.original = panel
    fake.interactions[rec.id] = fake.interactions_by_token[rec.token] = rec
    panel.interaction = rec
    fake.rest.edit_message(panel, {"content": "Your hand (edited)"}, [])
    fake.rest.delete_message(fake.rest.create_message(channel, {"content": "gone"}, []))
    fake.commands_global = [{"id": "1", "name": "mahjong"}]
    emoji = FakeEmoji(fake.ids.next(), "jt_1p_abcd", PNG, fake.bot_user)
    fake.emojis[emoji.id] = emoji
    world.flush()
    world.close()
    last = fake.ids.last

    again = await new_fake(fakes)
    kept = WorldFile.open(again, path)
    assert kept.restore()
    assert again.application_id == fake.application_id and again.bot_user.id == fake.bot_user.id
    back = again.guilds[guild.id]
    assert back.roles[0].payload() == guild.roles[0].payload()
    assert [c.payload() for c in back.channels] == [channel.payload()]
    assert back.members.keys() == guild.members.keys()
    member = back.members[alice.id]
    assert member.has(1 << 5) and member.user.locale == "ja"
    assert again.dm_channel(member).id == dm.id
    shown = again.messages[table.id]
    assert shown.payload() == {**table.payload(), "attachments": shown.payload()["attachments"]}
    assert [(a.filename, a.data) for a in shown.attachments] == [("table.png", PNG), ("game-1.json", b"{}")]
    assert shown.attachments[0].url.startswith(again.base_url), "files are served by this run's fake"
    assert again.messages[panel.id].content == "Your hand (edited)" and again.messages[panel.id].ephemeral_to
    assert [m.content for m in again.messages_in(back.channels[0])] == ["table"]
    token = again.interactions_by_token["panel-token"]
    assert token.original is again.messages[panel.id] and again.messages[panel.id].interaction is token
    assert 59 <= again.clock.now() - token.created_at < 120, "a token keeps its age across the restart"
    assert again.commands_global == [{"id": "1", "name": "mahjong"}]
    # The tile emojis: a restart neither uploads them again nor leaves panels with unknown ids.
    assert [(e.id, e.name, e.data, e.creator.id) for e in again.emojis.values()] == [
        (emoji.id, "jt_1p_abcd", PNG, fake.bot_user.id)
    ]
    assert again.ids.next() > last, "a new id never repeats an old one"
    kept.close()


async def test_only_what_changed_is_written_again(tmp_path: Path, fakes: list[FakeDiscord]) -> None:
    fake = await new_fake(fakes)
    world = WorldFile.open(fake, tmp_path / "world.sqlite3")
    world.attach()
    channel = fake.add_guild("Sandbox").add_text_channel("mahjong")
    world.flush()
    rows = world.connection.total_changes
    world.flush()
    assert world.connection.total_changes == rows, "nothing changed, nothing written"
    fake.rest.create_message(channel, {"content": "hi"}, [UploadedFile("files[0]", "font.otf", UI_FONT.read_bytes())])
    world.flush()
    assert world.connection.total_changes == rows + 3, "the message, its file and the id counter"
    world.close()


async def test_an_object_the_fake_dropped_does_not_come_back(tmp_path: Path, fakes: list[FakeDiscord]) -> None:
    # An application emoji deleted (DELETE /applications/{id}/emojis/{id}) is gone from the file too.
    path = tmp_path / "world.sqlite3"
    fake = await new_fake(fakes)
    world = WorldFile.open(fake, path)
    world.attach()
    kept, dropped = (FakeEmoji(fake.ids.next(), name, PNG, fake.bot_user) for name in ("jt_1p_aaaa", "jt_2p_bbbb"))
    fake.emojis.update({kept.id: kept, dropped.id: dropped})
    world.flush()
    del fake.emojis[dropped.id]
    world.flush()
    world.close()

    again = await new_fake(fakes)
    reopened = WorldFile.open(again, path)
    assert reopened.restore()
    assert [emoji.name for emoji in again.emojis.values()] == ["jt_1p_aaaa"]
    reopened.close()
