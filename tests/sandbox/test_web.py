"""The sandbox page's WebSocket: who a tab is, what it is sent, and bad input refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

import aiohttp
import pytest

from bot.sandbox.fakediscord import PATIENCE
from bot.sandbox.run import Sandbox
from tests.e2e.helpers import settle


class TabClient:
    """A browser tab without the browser: the page's protocol over one WebSocket."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.welcome: dict[str, Any] = {}
        self.messages: dict[str, dict[str, Any]] = {}
        self.deleted: set[str] = set()
        self.errors: list[str] = []
        self.received: list[dict[str, Any]] = []
        self.answered: set[int] = set()
        """Refs of the ops the server has finished (``done`` or ``error``)."""
        self._next_ref = 1
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.socket:
            data = json.loads(frame.data)
            self.received.append(data)
            if data["op"] == "welcome":
                self.welcome = data
                for message in data["messages"]:
                    self.messages[message["id"]] = message
            elif data["op"] == "message":
                self.messages[data["message"]["id"]] = data["message"]
            elif data["op"] == "delete":
                self.deleted.add(data["id"])
                self.messages.pop(data["id"], None)
            elif data["op"] in ("error", "hello_refused"):
                self.errors.append(data["text"])
            if data["op"] in ("done", "error") and isinstance(data.get("ref"), int):
                self.answered.add(data["ref"])
            self._changed.set()

    async def send(self, **op: object) -> None:
        await self.socket.send_json(op)

    async def wait(self, predicate: Callable[[], object], timeout: float = PATIENCE) -> None:  # noqa: ASYNC109
        async with asyncio.timeout(timeout):
            while not predicate():
                self._changed.clear()
                await self._changed.wait()

    async def flush(self) -> None:
        """Wait until everything the server has queued for this tab so far has arrived: the tab's
        frames go out in order, so once the answer to an op sent now is in, so is all before it."""
        ref, self._next_ref = self._next_ref, self._next_ref + 1
        await self.send(op="locale", locale=self.welcome["me"]["locale"], ref=ref)  # the same: nothing changes
        await self.wait(lambda: ref in self.answered)

    async def click(self, custom_id_suffix: str) -> None:
        """Press the newest button ending ``custom_id_suffix`` once it is shown; wait for the answer."""
        await self.wait(lambda: self.has(custom_id_suffix))
        message, custom_id = self.find(custom_id_suffix)
        ref, self._next_ref = self._next_ref, self._next_ref + 1
        await self.send(op="click", message=message["id"], custom_id=custom_id, ref=ref)
        await self.wait(lambda: ref in self.answered)

    def find(self, custom_id_suffix: str) -> tuple[dict[str, Any], str]:
        for message in reversed(list(self.messages.values())):
            for row in message["components"]:
                for component in row.get("components", []):
                    if str(component.get("custom_id", "")).endswith(custom_id_suffix):
                        return message, component["custom_id"]
        raise LookupError(custom_id_suffix)

    def shows(self, text: str) -> bool:
        """Whether a message the tab holds has ``text`` in its content."""
        return any(text in message["content"] for message in self.messages.values())

    def has(self, custom_id_suffix: str) -> bool:
        try:
            self.find(custom_id_suffix)
        except LookupError:
            return False
        return True


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client:
        yield client


async def open_tab(session: aiohttp.ClientSession, running: Sandbox, name: str, **hello: object) -> TabClient:
    socket = await session.ws_connect(f"{running.url}ws")
    tab = TabClient(socket)
    tab.start()
    await tab.send(op="hello", name=name, locale="en-US", **hello)
    await tab.wait(lambda: tab.welcome or tab.errors)
    return tab


async def start_table(host: TabClient, *, joiners: tuple[TabClient, ...] = (), cpus: int) -> None:
    """Open a one-hand 二色麻雀 lobby from ``host``'s tab, seat the others and CPUs, start."""
    await host.send(op="slash", channel=host.welcome["channels"][0]["id"], text="/mahjong new nishoku hands:1")
    for tab in joiners:
        await tab.click(":join")
    for _ in range(cpus):
        await host.click(":cpu")
    await host.click(":start")
    await host.wait(lambda: host.has(":hand"))


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
