"""``python -m bot --sandbox``: the real bot against the local Discord, played from a browser.

Everything the bot runs is the product's own: ``JantakuBot`` with its cogs, runtime, store and
renderer, unmodified. Only Discord is local: :class:`~bot.sandbox.fakediscord.FakeDiscord` on a
loopback port (REST, gateway, interactions), and :class:`~bot.sandbox.web.SandboxWeb` serving
the page through which each browser tab is one member. No token, no network.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from bot.app import JantakuBot
from bot.config import Settings
from bot.runtime.clocks import ManualClock
from bot.runtime.options import RuntimeOptions
from bot.storage import Store

from .fakediscord import FakeDiscord, FakeGuild, redirect_discord
from .web import SandboxWeb

log = logging.getLogger(__name__)

GUILD_NAME = "Jantaku sandbox"
CHANNELS = ("mahjong", "mahjong-2")
DEFAULT_PORT = 8765


@dataclass(frozen=True)
class SandboxConfig:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    database: str | None = None
    """``sqlite:///path``; None keeps games in a temporary file for this run only (the local
    Discord's channels and messages live in memory and are new each run, so yesterday's tables
    would have nowhere to go)."""
    check_spec: bool = False
    """Validate every request of the bot against Discord's OpenAPI spec, as the e2e tests do
    (the spec is read from ``../shared`` when it is there, and needs ``jsonschema``)."""


@dataclass
class Sandbox:
    """A running sandbox: the local Discord, its guild, the web page and the bot."""

    fake: FakeDiscord
    guild: FakeGuild
    web: SandboxWeb
    bot: JantakuBot

    @property
    def url(self) -> str:
        return self.web.url


@contextlib.asynccontextmanager
async def sandbox(
    config: SandboxConfig, *, options: RuntimeOptions | None = None, clock: ManualClock | None = None
) -> AsyncIterator[Sandbox]:
    """Start the local Discord, the page and the bot; yield once the bot is ready; stop all three.

    ``clock``: run the local Discord on this clock instead of the machine's (tests give the bot's
    ``options`` the same one, so that nothing times out unless they move it)."""
    with contextlib.ExitStack() as stack:
        database = config.database
        if database is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="jantaku-sandbox-"))
            database = f"sqlite:///{Path(folder) / 'sandbox.sqlite3'}"
        # One shard: discord.py waits 5 s before each further shard's IDENTIFY.
        fake = await FakeDiscord.start(shard_count=1, spec_path=None if config.check_spec else False, clock=clock)
        web: SandboxWeb | None = None
        try:
            guild = fake.add_guild(GUILD_NAME)
            for name in CHANNELS:
                guild.add_text_channel(name)
            web = SandboxWeb(fake, guild)
            await web.start(config.host, config.port)
            store = await Store.connect(database)
            try:
                with redirect_discord(fake):
                    # Discord's guilds arrive at once here: no need to wait 2 s for stragglers.
                    bot = JantakuBot(
                        Settings(token=fake.token, database=database),
                        store=store,
                        options=options,
                        guild_ready_timeout=0.1,
                    )
                    async with bot:
                        task = asyncio.create_task(bot.start(fake.token), name="jantaku-sandbox-bot")
                        try:
                            await fake.wait_for(lambda: bot.is_ready() or task.done(), what="the bot")
                            if task.done():
                                task.result()
                            yield Sandbox(fake, guild, web, bot)
                        finally:
                            await bot.close()
                            with contextlib.suppress(asyncio.CancelledError):
                                await task
            finally:
                await store.close()
        finally:
            if web is not None:
                await web.stop()
            await fake.stop()


async def serve(config: SandboxConfig) -> None:
    """Run the sandbox until interrupted."""
    async with sandbox(config) as running:
        print(f"Jantaku sandbox: open {running.url} in a browser (each tab is one player). Ctrl+C stops it.")
        problems = 0
        while True:
            await asyncio.sleep(5)
            # The local Discord records what real Discord would refuse; say so rather than hide it.
            found = running.fake.problems()
            for problem in found[problems:]:
                log.warning("local Discord: %s", problem)
            problems = len(found)
