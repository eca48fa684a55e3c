"""The Discord client: an AutoShardedBot that loads the cogs and syncs the command tree."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)

INITIAL_EXTENSIONS: tuple[str, ...] = ()


class JantakuBot(commands.AutoShardedBot):
    """Jantaku's bot: slash commands only, so it needs no privileged intents."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.settings = settings

    async def setup_hook(self) -> None:
        for extension in INITIAL_EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s across %d shard(s)", self.user, self.shard_count or 1)
