"""Playing: ``/mahjong hand``. The table's and the panels' buttons are handled in
:mod:`bot.ui.table_clicks`, where the router sends them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs._shared import MahjongCog

if TYPE_CHECKING:
    from bot.app import JantakuBot


class Table(MahjongCog):
    """Your hand and the game's buttons: discard, riichi, tsumo, ron, pon, pass, I'm back."""

    @app_commands.command(name="hand")
    @app_commands.describe(dm="Send your hand by direct message from now on (off: show it here)")
    async def hand(self, interaction: discord.Interaction[Any], dm: bool | None = None) -> None:
        """Open your private hand panel for this channel's game."""
        await self.runtime.table_clicks.open_hand(interaction, dm=dm)


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Table(bot))
