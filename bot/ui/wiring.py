"""The runtime wired to Discord: the client, the shared rate limit, the click handlers and the
button router that dispatches to them, and the factory that gives every table its
:class:`~bot.ui.presenter.DiscordPresenter`.

:class:`DiscordRuntime` is what the cogs reach as ``bot.runtime`` (to hand their commands to the
click handlers); everything Discord-free it
holds (store, lobbies, tables, render workers) is :class:`bot.runtime.shared.Runtime`'s.
"""

from __future__ import annotations

import discord

from bot.runtime.options import RuntimeOptions
from bot.runtime.shards import Shards
from bot.runtime.shared import Runtime
from bot.runtime.snapshot import TableSnapshot
from bot.ui.emoji import TileEmojis
from bot.ui.leaderboard import Leaderboards
from bot.ui.lobby_clicks import LobbyClicks
from bot.ui.pacing import RateLimiter
from bot.ui.presenter import DiscordPresenter
from bot.ui.router import ButtonRouter
from bot.ui.table_clicks import TableClicks

__all__ = ["GAME_END_EVENT", "DiscordRuntime"]

GAME_END_EVENT = "mahjong_game_end"
"""The client event dispatched (with the game id) when a table's game ends."""


class DiscordRuntime(Runtime[DiscordPresenter]):
    """Everything the cogs share: the runtime, and the Discord client its presenters talk to."""

    def __init__(self, client: discord.Client, options: RuntimeOptions) -> None:
        super().__init__(
            options,
            shards=lambda: Shards.of(client),
            presenters=self._presenter_of,
            on_game_end=lambda game_id: client.dispatch(GAME_END_EVENT, game_id),
        )
        self.client = client
        self.tile_emojis = TileEmojis()
        """The tiles' application emojis, filled at start-up (``JantakuBot.setup_hook``); every
        table's panels read it."""
        self.limiter = RateLimiter(options.channel_requests_per_second)
        """Shared by every table's channel requests (and the lobbies' edits)."""
        self.table_clicks = TableClicks(self.tables, options)
        """The table's and the panels' buttons, and ``/mahjong hand``."""
        self.lobby_clicks = LobbyClicks(self, client, self.limiter)
        """The lobbies' buttons, and the commands that open and change lobbies."""
        self.leaderboards = Leaderboards(self)
        """Leaderboard pages: ``/mahjong leaderboard`` and its Previous / Next."""
        self.buttons = ButtonRouter(
            options.clock, table=self.table_clicks, lobbies=self.lobby_clicks, leaderboards=self.leaderboards
        )
        """Where every ``jt:`` click goes (see :mod:`bot.ui.router`)."""

    def picture_locale_changed(self, guild_id: int) -> None:
        """The server's ``locale`` setting changed: its running tables draw their pictures in the
        new language from now on, starting with the table picture at once."""
        for actor in self.tables.actors():
            presenter = actor.presenter
            # A table still starting has no presenter of ours yet: its first picture reads the setting.
            if actor.guild_id == guild_id and isinstance(presenter, DiscordPresenter):
                presenter.picture_locale_changed()

    def _presenter_of(self, snapshot: TableSnapshot, *, message_id: int | None, dm_panels: bool) -> DiscordPresenter:
        return DiscordPresenter(
            client=self.client,
            store=self.store,
            snapshot=snapshot,
            options=self.options,
            limiter=self.limiter,
            renderer=self.renderer,
            message_id=message_id,
            dm_panels=dm_panels,
            emojis=self.tile_emojis,
            # A click in a DM comes to shard 0's process: only that one may put panels there.
            dms=self.shards.owns(None),
        )
