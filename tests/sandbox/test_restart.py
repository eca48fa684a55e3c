"""``python -m bot --sandbox --database ...`` stopped (SIGTERM) or killed (SIGKILL) and started again
comes back with the same guild, channels, member, messages, lobby and running game, and play goes on.

The sandbox runs as a process of its own on the machine's clock (as a player runs it); the test
plays through the page's WebSocket, as a browser tab does, and waits only on what the page is sent.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.sandbox.fakediscord import PATIENCE
from tests.sandbox.tabs import TabClient, open_tab, start_table

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"open (http://127\.0\.0\.1:\d+/) in a browser")
ACTION = ":act:"


@asynccontextmanager
async def sandbox_process(folder: Path, run: int) -> AsyncIterator[tuple[asyncio.subprocess.Process, str]]:
    """``python -m bot --sandbox`` on the games file in ``folder``, in a process group of its own
    (its render workers with it); yields the process and its page's URL once the bot is ready,
    and kills whatever is left of it at the end."""
    env = {key: value for key, value in os.environ.items() if key not in ("DISCORD_TOKEN", "JANTAKU_DATABASE")}
    env["PYTHONPATH"] = str(ROOT)
    database = f"sqlite:///{folder / 'games.sqlite3'}"
    with (folder / f"run-{run}.log").open("w") as log:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "bot", "--sandbox", "--port", "0", "--database", database),
            cwd=folder,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
            start_new_session=True,
        )
        try:
            assert process.stdout is not None
            line = (await asyncio.wait_for(process.stdout.readline(), PATIENCE)).decode()
            match = URL.search(line)
            assert match, f"no URL in {line!r}: {(folder / f'run-{run}.log').read_text()}"
            yield process, match[1]
        finally:
            if process.returncode is None:
                os.killpg(process.pid, signal.SIGKILL)
            await asyncio.wait_for(process.wait(), PATIENCE)


def actions(tab: TabClient) -> Iterator[tuple[dict[str, Any], str]]:
    """The game action buttons the tab holds (newest message first)."""
    for message in reversed(list(tab.messages.values())):
        for row in message["components"]:
            for component in row.get("components", []):
                custom_id = str(component.get("custom_id", ""))
                if ACTION in custom_id and not component.get("disabled"):
                    yield message, custom_id


def sequence(custom_id: str) -> int:
    """The decision number an action button was offered at (``jt:act:<game>:<seq>:...``)."""
    return int(custom_id.split(":")[3])


def offered_after(tab: TabClient, played: int) -> tuple[dict[str, Any], str] | None:
    """The newest action button offered after decision ``played``, if the tab holds one."""
    return next(((m, custom_id) for m, custom_id in actions(tab) if sequence(custom_id) > played), None)


async def play_a_move(tab: TabClient, played: int = -1) -> int:
    """Press the first action the player's panel offers after decision ``played`` once it offers
    one (older panels keep the buttons they had); returns the pressed action's number."""
    await tab.wait(lambda: offered_after(tab, played))
    found = offered_after(tab, played)
    assert found is not None
    message, custom_id = found
    refused = await tab.ask(op="click", message=message["id"], custom_id=custom_id)
    assert refused is None, refused
    return sequence(custom_id)


async def stop(process: asyncio.subprocess.Process, how: signal.Signals) -> None:
    """SIGTERM the sandbox (it stops as the bot does: exit code 0), or SIGKILL its process group."""
    if how is signal.SIGKILL:
        os.killpg(process.pid, signal.SIGKILL)
    else:
        process.send_signal(how)
    code = await asyncio.wait_for(process.wait(), PATIENCE)
    assert code == (-signal.SIGKILL if how is signal.SIGKILL else 0)


def panels(tab: TabClient) -> set[str]:
    """The ids of the hand panels the tab holds."""
    return {message["id"] for message in tab.messages.values() if "Your hand" in message["content"]}


def opened_since(tab: TabClient, before: set[str]) -> bool:
    return bool(panels(tab) - before)


async def test_a_stopped_or_killed_sandbox_comes_back_as_it_was_and_play_goes_on(tmp_path: Path) -> None:
    async with aiohttp.ClientSession() as session:
        async with sandbox_process(tmp_path, 1) as (process, url):
            alice = await open_tab(session, url, "Alice")
            table_channel, lobby_channel = (c["id"] for c in alice.welcome["channels"])
            await start_table(alice, cpus=3)
            assert await alice.ask(op="slash", channel=table_channel, text="/mahjong hand") is None
            played = await play_a_move(alice)
            # A lobby left open in the other channel.
            assert await alice.ask(op="slash", channel=lobby_channel, text="/mahjong new nishoku") is None
            await alice.wait(partial(alice.has, ":cpu", lobby_channel))
            lobby_message, cpu_button = alice.find(":cpu", lobby_channel)
            token, me = alice.welcome["token"], alice.welcome["me"]
            await alice.socket.close()
            await stop(process, signal.SIGTERM)

        for run, how in ((2, signal.SIGKILL), (3, signal.SIGTERM)):
            async with sandbox_process(tmp_path, run) as (process, url):
                # The reloaded tab (its token in the tab's sessionStorage) is the same member.
                alice = await open_tab(session, url, "", token=token)
                assert alice.welcome["me"] == me
                assert [c["id"] for c in alice.welcome["channels"]] == [table_channel, lobby_channel]
                # The resumed table is posted afresh in its channel (the bot retires the old one).
                await alice.wait(partial(alice.has, ":hand", table_channel))
                lobby = alice.messages[lobby_message["id"]]
                assert cpu_button in _custom_ids(lobby), "the open lobby is shown again"
                # /mahjong hand finds the game, and the next move is played from the new panel.
                before = panels(alice)
                assert await alice.ask(op="slash", channel=table_channel, text="/mahjong hand") is None
                await alice.wait(partial(opened_since, alice, before))
                move = await play_a_move(alice, played)
                assert move > played, "play went on from where it was"
                played = move
                # The kept lobby still takes clicks.
                assert await alice.ask(op="click", message=lobby["id"], custom_id=cpu_button) is None
                await alice.socket.close()
                await stop(process, how)


def _custom_ids(message: dict[str, Any]) -> list[str]:
    return [
        str(component.get("custom_id", "")) for row in message["components"] for component in row.get("components", [])
    ]
