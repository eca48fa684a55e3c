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
import signal
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from bot.app import JantakuBot
from bot.config import Settings
from bot.runtime.clocks import ManualClock
from bot.runtime.options import RuntimeOptions
from bot.storage import Store
from bot.storage.postgres import is_postgres_url
from bot.storage.sqlite import database_path

from .fakediscord import FakeDiscord, FakeGuild, redirect_discord
from .fakediscord.persistence import WorldFile
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
    """``sqlite:///path``; None keeps games in a temporary file for this run only. With an SQLite
    file, the local Discord keeps its world beside it (:func:`world_path`), so that the next run
    comes back with the same guild, channels, members, messages and lobbies, and the games the
    bot resumes show where they were."""
    world: str | None = None
    """The SQLite file the local Discord keeps its world in; None: beside an SQLite ``database``
    (:func:`world_path`), or nowhere for a PostgreSQL one or none (a new Discord each run). A
    PostgreSQL sandbox names one to come back as it was."""
    check_spec: bool = False
    """Validate every request of the bot against Discord's OpenAPI spec, as the e2e tests do
    (the spec is read from ``../shared`` when it is there, and needs ``jsonschema``)."""


def world_path(database: str) -> Path | None:
    """Where the local Discord keeps its world for the bot's ``database``: beside an SQLite file
    (``games.sqlite3`` -> ``games.discord.sqlite3``, a plain path or a ``sqlite:///`` URL); None
    for PostgreSQL or an in-memory database (name a world with ``--discord-world`` then).

    >>> str(world_path("sqlite:///data/games.sqlite3")), str(world_path("data/games.sqlite3"))
    ('data/games.discord.sqlite3', 'data/games.discord.sqlite3')
    >>> world_path("postgresql://bot@db/jantaku"), world_path(":memory:")
    (None, None)
    """
    if is_postgres_url(database):
        return None
    games = database_path(database)
    if games == ":memory:":
        return None
    return Path(games).with_name(f"{Path(games).stem}.discord.sqlite3")


def _kept_world(config: SandboxConfig) -> Path | None:
    """The local Discord's world file: the one named, else the one beside the database."""
    if config.world:
        return Path(config.world)
    return world_path(config.database) if config.database is not None else None


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
        kept = _kept_world(config)
        if database is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="jantaku-sandbox-"))
            database = f"sqlite:///{Path(folder) / 'sandbox.sqlite3'}"
        # One shard: discord.py waits 5 s before each further shard's IDENTIFY.
        fake = await FakeDiscord.start(shard_count=1, spec_path=None if config.check_spec else False, clock=clock)
        web: SandboxWeb | None = None
        world: WorldFile | None = None
        try:
            world = WorldFile.open(fake, kept) if kept is not None else None
            guild = _the_guild(fake, world)
            web = SandboxWeb(fake, guild, world=world)
            if world is not None:
                world.attach()
                world.flush()
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
            if world is not None:
                world.close()


def _the_guild(fake: FakeDiscord, world: WorldFile | None) -> FakeGuild:
    """The sandbox's guild: the one the world file kept, or a new one with its channels."""
    if world is not None and world.restore():
        kept = next((guild for guild in fake.guilds.values() if guild.name == GUILD_NAME), None)
        if kept is not None:
            log.info("local Discord: %s restored from %s", GUILD_NAME, world.path)
            return kept
    guild = fake.add_guild(GUILD_NAME)
    for name in CHANNELS:
        guild.add_text_channel(name)
    return guild


async def serve(config: SandboxConfig) -> None:
    """Run the sandbox until interrupted (Ctrl+C) or asked to stop (SIGTERM): either way it
    stops as the bot does, its games and the local Discord's world kept."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows' loop
        loop.add_signal_handler(signal.SIGTERM, stopping.set)
    async with sandbox(config) as running:
        print(
            f"Jantaku sandbox: open {running.url} in a browser (each tab is one player). Ctrl+C stops it.", flush=True
        )
        problems = 0
        while not stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), 5)
            # The local Discord records what real Discord would refuse; say so rather than hide it.
            found = running.fake.problems()
            for problem in found[problems:]:
                log.warning("local Discord: %s", problem)
            problems = len(found)
