"""Run an unmodified discord.py bot against a FakeDiscord."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TypeVar

import discord
import yarl

from ._util import PATIENCE
from .server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def redirect_discord(fake: FakeDiscord) -> Iterator[None]:
    """Point discord.py at the fake: ``Route.BASE`` (REST, webhooks, interaction callbacks) and
    ``DiscordWebSocket.DEFAULT_GATEWAY``. An AutoShardedClient gets its gateway URL from
    ``GET /gateway/bot`` instead, which the fake also answers. Restored on exit."""
    route_base = discord.http.Route.BASE
    default_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = route_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = default_gateway


async def _no_identify_wait(shard_id: int | None, *, initial: bool = False) -> None:
    return None


HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-dynamic-item-",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord.py: ",
)
"""How discord.py names the tasks that run a bot's handlers: slash commands and autocomplete,
component and modal callbacks, event listeners."""


def handling_events() -> bool:
    """Whether discord.py, in this process, still runs a handler of something Discord sent: a
    command, a button or modal callback, an event listener (with whatever it awaits, retries of
    a failed request included)."""
    return any(not task.done() and task.get_name().startswith(HANDLER_TASKS) for task in asyncio.all_tasks())


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord,
    bot: ClientT,
    *,
    ready_timeout: float = PATIENCE,
    wait_for_sync: bool = True,
    guild_ready_timeout: float = 0.05,
    fast_identify: bool = True,
) -> AsyncIterator[ClientT]:
    """Start ``bot`` against ``fake``, wait for ``on_ready`` (and a command sync), stop it on exit.

    * ``ready_timeout``: how long to wait for the ready (and its close at the end) before calling
      it a hang.
    * ``guild_ready_timeout``: discord.py waits this long after the last GUILD_CREATE before
      ``on_ready`` (2 s by default); lowered for speed.
    * ``fast_identify``: discord.py's default ``before_identify_hook`` sleeps 5 s before every
      non-first shard's IDENTIFY; the hook is replaced on this instance only.
    * ``wait_for_sync``: also wait until the bot bulk-overwrote its commands at least once.
    """
    with redirect_discord(fake):
        # discord.py takes this option only in the client's constructor; the bot is built already.
        bot._connection.guild_ready_timeout = guild_ready_timeout  # noqa: SLF001
        if fast_identify:
            bot.before_identify_hook = _no_identify_wait  # type: ignore[method-assign]
        task = asyncio.create_task(bot.start(fake.token), name="fakediscord-bot")
        try:
            await fake.wait_for(lambda: bot.is_ready() or task.done(), timeout=ready_timeout, what="on_ready")
            if task.done():
                task.result()  # raises the bot's startup error
                raise RuntimeError("the bot stopped before it became ready")
            if wait_for_sync:
                await fake.wait_for(lambda: fake.sync_count > 0, timeout=ready_timeout, what="a command sync")
            yield bot
        finally:
            if not bot.is_closed():
                await bot.close()
            try:
                await asyncio.wait_for(task, timeout=ready_timeout)
            except (asyncio.CancelledError, TimeoutError):
                task.cancel()
