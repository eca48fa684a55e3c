"""Playing: the private hand panel and every button of a running table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.runtime.customid import ActionId, PanelId, TableId
from bot.runtime.errors import InvalidButton, NoTable
from bot.runtime.i18n import text
from bot.ui.replies import STARTED, defer_if_slow, deferring
from cogs._shared import MahjongCog, locale_of, require_guild

if TYPE_CHECKING:
    from bot.app import JantakuBot


class Table(MahjongCog):
    """Your hand and the game's buttons: discard, riichi, tsumo, ron, pon, pass, I'm back."""

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.buttons.register(TableId, self.on_table_button)
        self.bot.buttons.register(PanelId, self.on_panel_button)
        self.bot.buttons.register(ActionId, self.on_action)

    async def cog_unload(self) -> None:
        for kind in (TableId, PanelId, ActionId):
            self.bot.buttons.unregister(kind)
        await super().cog_unload()

    @app_commands.command(name="hand")
    @app_commands.describe(dm="Send your hand by direct message from now on (off: show it here)")
    async def hand(self, interaction: discord.Interaction[Any], dm: bool | None = None) -> None:
        """Open your private hand panel for this channel's game."""
        _, channel_id = require_guild(interaction)
        tables = self.runtime.tables
        if tables.in_channel(channel_id) is None and tables.is_starting(channel_id):
            # The start was acknowledged before the game was stored: wait for it (deferring,
            # should that take a while) rather than say there is no game.
            actor, _ = await defer_if_slow(
                interaction,
                tables.in_channel_or_starting(channel_id),
                budget=self.runtime.options.ack_budget,
                defer=deferring(interaction, ephemeral=True, thinking=True),
            )
        else:
            actor = tables.in_channel(channel_id)
        if actor is None:
            raise NoTable()
        seat = actor.seat_of(interaction.user.id)
        await tables.presenter(actor).open_panel(interaction, seat, dm=dm)

    async def on_table_button(self, interaction: discord.Interaction[Any], button: TableId) -> None:
        """ "My hand" or "I'm back" on the public table message."""
        actor = await self.runtime.tables.clicked_game(button.game, interaction.guild_id)
        seat = actor.seat_of(interaction.user.id)
        presenter = self.runtime.tables.presenter(actor)
        notice = ""
        if button.op == "back":
            await actor.come_back(interaction.user.id)
            notice = text("back_done", locale_of(interaction))
        await presenter.open_panel(interaction, seat, notice=notice)

    async def on_panel_button(self, interaction: discord.Interaction[Any], button: PanelId) -> None:
        """Panel buttons that do not play: a tile page (riichi…) or the discards, DM on/off, I'm back."""
        actor = await self.runtime.tables.clicked_game(button.game, interaction.guild_id)
        seat = actor.seat_of(interaction.user.id)
        presenter = self.runtime.tables.presenter(actor)
        if button.op in PanelId.PAGES or button.op == "discard":
            await presenter.answer_click(interaction, seat, mode=button.op)
        elif button.op == "dm":
            await presenter.open_panel(interaction, seat, dm=True)
        elif button.op == "here":
            await presenter.stop_dms(interaction, seat)
        elif button.op != "back":
            raise InvalidButton()
        else:
            await actor.come_back(interaction.user.id)
            await presenter.answer_click(interaction, seat, notice=text("back_done", locale_of(interaction)))

    async def on_action(self, interaction: discord.Interaction[Any], button: ActionId) -> None:
        """A game action from a panel: committed by the table's actor, then the panel redrawn."""
        actor = await self.runtime.tables.clicked_game(button.game, interaction.guild_id)
        options = self.runtime.options
        started = float(interaction.extras.get(STARTED, options.clock()))
        seat, _ = await defer_if_slow(
            interaction,
            actor.act(interaction.user.id, button),
            budget=options.ack_budget - (options.clock() - started),
            defer=deferring(interaction),
        )
        await self.runtime.tables.presenter(actor).answer_click(interaction, seat)


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Table(bot))
