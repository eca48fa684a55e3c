"""A browser tab without the browser, for the sandbox's tests: the page's protocol over one WebSocket."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import aiohttp

from bot.sandbox.fakediscord import PATIENCE


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
        self.refused: dict[int, str] = {}
        """What the server answered the ops it refused, by ref."""
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
                if data["op"] == "error":
                    self.refused[data["ref"]] = data["text"]
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

    async def ask(self, **op: object) -> str | None:
        """Send ``op`` and wait for its answer: None when it was done, else why it was refused."""
        ref, self._next_ref = self._next_ref, self._next_ref + 1
        await self.send(**op, ref=ref)
        await self.wait(lambda: ref in self.answered)
        return self.refused.get(ref)

    def find(self, custom_id_suffix: str, channel: str | None = None) -> tuple[dict[str, Any], str]:
        """The newest message (in ``channel``, or any) with a button whose id ends so, and that id."""
        for message in reversed(list(self.messages.values())):
            if channel is not None and message["channel"] != channel:
                continue
            for row in message["components"]:
                for component in row.get("components", []):
                    if str(component.get("custom_id", "")).endswith(custom_id_suffix):
                        return message, component["custom_id"]
        raise LookupError(custom_id_suffix)

    def shows(self, text: str) -> bool:
        """Whether a message the tab holds has ``text`` in its content."""
        return any(text in message["content"] for message in self.messages.values())

    def has(self, custom_id_suffix: str, channel: str | None = None) -> bool:
        try:
            self.find(custom_id_suffix, channel)
        except LookupError:
            return False
        return True


async def open_tab(session: aiohttp.ClientSession, url: str, name: str, **hello: object) -> TabClient:
    """A tab of the page at ``url`` that said hello as ``name`` (or with a ``token``), once it
    was welcomed or refused."""
    socket = await session.ws_connect(f"{url}ws")
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
