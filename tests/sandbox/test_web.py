"""The sandbox page's WebSocket: who a tab is, what it is sent, and bad input refused."""

from __future__ import annotations

from collections.abc import AsyncIterator
from functools import partial

import aiohttp
import pytest

from bot.sandbox.fakediscord.models import UploadedFile
from bot.sandbox.run import Sandbox
from tests.e2e.helpers import settle
from tests.sandbox.tabs import TabClient, start_table
from tests.sandbox.tabs import open_tab as open_tab_at


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client:
        yield client


async def open_tab(session: aiohttp.ClientSession, running: Sandbox, name: str, **hello: object) -> TabClient:
    return await open_tab_at(session, running.url, name, **hello)


async def test_a_tab_gets_a_name_and_a_name_is_not_taken_twice(
    running_sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    alice = await open_tab(session, running_sandbox, "  Alice  ")
    assert alice.welcome["me"]["name"] == "Alice"
    assert [c["name"] for c in alice.welcome["channels"]] == ["mahjong", "mahjong-2"]
    assert any(command["name"] == "mahjong" for command in alice.welcome["commands"])
    again = await open_tab(session, running_sandbox, "alice")
    assert again.errors == ["Someone here is already called alice: choose another name."]
    nameless = await open_tab(session, running_sandbox, "   ")
    assert nameless.errors == ["Choose a name to play under."]
    long = await open_tab(session, running_sandbox, "x" * 33)
    assert long.errors == ["A name has at most 32 characters."]
    # A reload of Alice's tab (its token kept in the tab's sessionStorage) is Alice again.
    reload = await open_tab(session, running_sandbox, "", token=alice.welcome["token"])
    assert reload.welcome["me"]["id"] == alice.welcome["me"]["id"]
    names = [member.name for member in running_sandbox.guild.members.values()]
    assert [name for name in names if name.casefold() == "alice"] == ["Alice"]
    assert "x" * 33 not in names and "" not in names


async def test_bad_input_from_a_tab_gets_a_reason_and_changes_nothing(
    running_sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    alice = await open_tab(session, running_sandbox, "Alice")
    channel = alice.welcome["channels"][0]["id"]
    before = len(running_sandbox.fake.interactions)
    await alice.socket.send_str("not json")
    await alice.send(op="teleport")
    await alice.send(op="slash", channel=channel, text="/mahjong new nishoku hands:many")
    await alice.send(op="slash", channel="123", text="/mahjong rules nishoku")
    await alice.send(op="click", message="999", custom_id="jt:lobby:1:join")
    await alice.send(op="locale", locale="fr")
    await alice.send(op="select", message="999", custom_id="x", values=[1, 2])
    await alice.wait(lambda: len(alice.errors) >= 7)
    assert alice.errors == [
        "That was not a message this page sends.",
        "That was not a message this page sends.",
        "hands: enter a whole number",
        "There is no such channel here.",
        "That message is gone.",
        "The locales here are en-US, ja.",
        "That message is gone.",
    ]
    assert len(running_sandbox.fake.interactions) == before  # nothing reached the bot


async def test_a_lobby_is_shared_but_each_hand_reaches_only_its_own_tab(
    running_sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    alice = await open_tab(session, running_sandbox, "Alice")
    bob = await open_tab(session, running_sandbox, "Bob")
    await start_table(alice, joiners=(bob,), cpus=2)
    for tab in (alice, bob):
        await tab.wait(partial(tab.has, ":hand"))
        message, hand = tab.find(":hand")
        await tab.send(op="click", message=message["id"], custom_id=hand)
    for tab in (alice, bob):
        await tab.wait(partial(tab.shows, "Your hand"))
    panels = {
        name: [m for m in tab.messages.values() if "Your hand" in m["content"]]
        for name, tab in (("alice", alice), ("bob", bob))
    }
    assert all(m["ephemeral"] for ms in panels.values() for m in ms)
    # Each tab was sent only its own panel, and cannot fetch the other's picture either.
    alice_ids = {m["id"] for m in alice.messages.values()}
    assert not alice_ids & {m["id"] for m in panels["bob"]}
    assert not {m["id"] for m in bob.messages.values()} & {m["id"] for m in panels["alice"]}
    bob_picture = panels["bob"][0]["attachments"][0]["url"]
    stolen = bob_picture.replace(bob.welcome["token"], alice.welcome["token"])
    async with session.get(f"{running_sandbox.url.rstrip('/')}{stolen}") as response:
        assert response.status == 404
    async with session.get(f"{running_sandbox.url.rstrip('/')}{bob_picture}") as response:
        assert response.status == 200 and (await response.read()).startswith(b"\x89PNG")


async def test_a_dm_panel_reaches_only_its_owners_dm_pane(
    running_sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    alice = await open_tab(session, running_sandbox, "Alice")
    bob = await open_tab(session, running_sandbox, "Bob")
    await start_table(alice, cpus=3)
    channel = alice.welcome["channels"][0]["id"]
    await alice.send(op="slash", channel=channel, text="/mahjong hand dm:true")
    dm = alice.welcome["dm"]
    await alice.wait(lambda: any(m["channel"] == dm for m in alice.messages.values()))
    (panel,) = [m for m in alice.messages.values() if m["channel"] == dm]
    assert "Your hand" in panel["content"] and panel["attachments"]
    # Nothing more to happen, and everything sent to Bob's tab arrived: nothing of Alice's DM.
    await settle(running_sandbox.fake, running_sandbox.bot)
    await bob.flush()
    assert not [m for m in bob.messages.values() if m["channel"] == dm]
    assert bob.welcome["dm"] != dm


async def test_a_file_that_is_not_a_picture_is_offered_as_a_download(
    running_sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    alice = await open_tab(session, running_sandbox, "Alice")
    channel = running_sandbox.guild.text_channels[0]
    replay = b'{"variant": "nishoku", "actions": []}'
    # What /mahjong replay posts for a finished game: its record as game-N.json beside a picture.
    running_sandbox.fake.rest.create_message(
        channel, {"content": "a replay"}, [UploadedFile("files[0]", "game-1.json", replay, "application/json")]
    )
    await alice.wait(partial(alice.shows, "a replay"))
    message = next(m for m in alice.messages.values() if m["content"] == "a replay")
    [attachment] = message["attachments"]
    assert (attachment["filename"], attachment["size"], attachment["image"]) == ("game-1.json", len(replay), False)
    async with session.get(f"{running_sandbox.url.rstrip('/')}{attachment['url']}") as response:
        assert response.status == 200
        assert response.headers["Content-Disposition"] == "attachment; filename*=UTF-8''game-1.json"
        assert response.content_type == "application/json"
        assert await response.read() == replay


async def test_switching_the_language_shows_the_open_panel_in_it_at_once(
    running_sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    alice = await open_tab(session, running_sandbox, "Alice")
    await start_table(alice, cpus=3)
    await alice.click(":hand")
    await alice.wait(partial(alice.shows, "Your hand"))
    [panel] = [m["id"] for m in alice.messages.values() if "Your hand" in m["content"]]
    assert await alice.ask(op="locale", locale="ja") is None
    # Once the switch is answered, the same panel message shows Japanese: no click, no game move.
    assert alice.messages[panel]["content"].startswith("**あなたの手牌**")
    assert alice.has(":locale-en") and not alice.has(":locale-ja")
    assert await alice.ask(op="locale", locale="en-US") is None
    assert alice.messages[panel]["content"].startswith("**Your hand**")
