"""The Discord client: an AutoShardedBot that opens the store, loads the cogs, syncs the command
tree and recovers every unfinished table."""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings, format_shard_ids
from bot.runtime import RuntimeOptions
from bot.runtime.errors import JantakuError
from bot.runtime.recovery import recover_tables, restore_lobbies
from bot.storage import Store
from bot.ui.command_i18n import CommandTranslator
from bot.ui.emoji import STARTUP_WAIT, sync_tile_emojis
from bot.ui.replies import reply_error
from bot.ui.router import ButtonRouter, JantakuButton
from bot.ui.slash import check_command
from bot.ui.wiring import DiscordRuntime

log = logging.getLogger(__name__)

INITIAL_EXTENSIONS: tuple[str, ...] = ("cogs.lobby", "cogs.table", "cogs.stats", "cogs.info", "cogs.admin")


def _log_failed_sync(task: asyncio.Task[object]) -> None:
    """A sync that broke (not one Discord refused: that one says so itself) leaves the buttons
    in words; the bot goes on."""
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("tile emojis: the sync failed, buttons name their tiles in words", exc_info=error)


class JantakuTree(app_commands.CommandTree["JantakuBot"]):
    """The command tree; every slash-command error ends up in :func:`reply_error`."""

    async def interaction_check(self, interaction: discord.Interaction[JantakuBot], /) -> bool:
        """Run a slash command only with options the bot accepts (:mod:`bot.ui.slash`): a
        refused one is answered privately, naming the option and what it may be."""
        if interaction.type is not discord.InteractionType.application_command:
            return True
        try:
            check_command(self, interaction)
        except JantakuError as error:
            await reply_error(interaction, error)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction[JantakuBot], error: app_commands.AppCommandError) -> None:
        """Explain the error to whoever ran the command."""
        await reply_error(interaction, error)


class JantakuBot(commands.AutoShardedBot):
    """Jantaku's bot: slash commands and buttons only, so it needs no privileged intents.

    ``settings.shard_ids`` / ``shard_count`` make it run those shards only (one process of a
    sharded deployment, see :mod:`bot.runtime.shards`); explicit ``shard_ids`` / ``shard_count``
    keyword arguments win over them.

    ``store`` lets a caller share an already open store (the load benchmark); otherwise the bot
    opens ``settings.database`` in ``setup_hook`` and closes it in :meth:`close`. ``recover``
    turns off start-up recovery (tests that build their own tables).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        options: RuntimeOptions | None = None,
        recover: bool = True,
        **kwargs: Any,
    ) -> None:
        if settings.shard_count is not None:
            kwargs.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids is not None:
            kwargs.setdefault("shard_ids", list(settings.shard_ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            tree_cls=JantakuTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self.runtime = DiscordRuntime(self, options or RuntimeOptions())
        self.mahjong = app_commands.Group(
            name="mahjong", description="Japanese mahjong tables: play, rules, scores and rankings"
        )
        self._given_store = store
        self._owned_store: Store | None = None
        self._recover = recover
        self.emoji_sync: asyncio.Task[object] | None = None
        """The tile emojis' sync, started in ``setup_hook`` (it may outlive start-up: see there)."""

    @property
    def buttons(self) -> ButtonRouter:
        """Where ``jt:`` button clicks go (see :mod:`bot.ui.router`)."""
        return self.runtime.buttons

    @property
    def store(self) -> Store:
        """The open store."""
        return self.runtime.store

    async def setup_hook(self) -> None:
        if self._given_store is not None:
            store = self._given_store
        else:
            store = self._owned_store = await Store.connect(self.settings.database)
        self.runtime.attach_store(store)
        await self.runtime.renderer.start()
        self.tree.add_command(self.mahjong)
        for extension in INITIAL_EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(JantakuButton)
        # Before the sync: it sends each command's Japanese (its name and description localizations).
        await self.tree.set_translator(CommandTranslator())
        if not self.runtime.shards.owns(None):
            # Commands are the application's, not a shard's: of the processes of a sharded
            # deployment, the one that runs shard 0 syncs them, so a restart of the others
            # leaves Discord's command list alone (and two versions never take turns at it).
            log.info("not syncing application commands: shard 0's process does")
        elif self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d application commands", len(synced))
        else:
            synced = await self.tree.sync()
            log.info("synced %d application commands", len(synced))
        await self._sync_tile_emojis()
        if self._recover:
            # Before the gateway connects, so no click can reach a table that is not back yet.
            # Only this process's shards' guilds (Runtime.shards): the others' tables are their own
            # processes' to recover, on the same database.
            await recover_tables(self.runtime)
            await restore_lobbies(self.runtime)
        if self.runtime.options.freeze_heap:
            # Everything loaded so far (discord.py, the engine's shape tables of 400,000 entries,
            # the cogs) lives as long as the process: out of the collector's sight, a full
            # collection no longer stops the event loop for about 100 ms, each time, under load.
            gc.collect()
            gc.freeze()

    async def _sync_tile_emojis(self) -> None:
        """The tiles' application emojis (:mod:`bot.ui.emoji`), before any table is shown: a
        start finds them all in one request. A first start creates ~100; should Discord make
        that slow, start-up goes on after ``STARTUP_WAIT`` and the sync in the background (the
        tile buttons meanwhile name their tiles in words)."""
        self.emoji_sync = asyncio.create_task(sync_tile_emojis(self, self.runtime.tile_emojis), name="tile-emojis")
        self.emoji_sync.add_done_callback(_log_failed_sync)
        done, _ = await asyncio.wait({self.emoji_sync}, timeout=STARTUP_WAIT)
        if not done:
            log.info("tile emojis: still syncing after %.0f s, going on meanwhile", STARTUP_WAIT)

    async def on_ready(self) -> None:
        shards = self.runtime.shards
        if shards.ids is None:
            log.info("logged in as %s across %d shard(s)", self.user, self.shard_count or 1)
        else:
            ids = format_shard_ids(tuple(sorted(shards.ids)))
            log.info("logged in as %s on shard(s) %s of %d", self.user, ids, shards.count)

    async def close(self) -> None:
        """Stop the tables (their games stay in the store), disconnect, close the store."""
        try:
            if self.emoji_sync is not None:
                self.emoji_sync.cancel()
            await self.runtime.close()
        finally:
            if self.runtime.options.freeze_heap:
                gc.unfreeze()  # back to the collector: this process may start another bot (tests)
            await super().close()
            if self._owned_store is not None:
                await self._owned_store.close()
                self._owned_store = None
