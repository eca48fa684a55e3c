"""Server settings: the defaults every new table of this server starts from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.runtime.errors import NotHost
from bot.runtime.i18n import text
from bot.runtime.options import TIMER_RANGES
from bot.runtime.variants import variant_class
from bot.ui.interactions import locale_of, require_guild
from bot.ui.slash import ALLOWED
from cogs._shared import MahjongCog, VariantName

if TYPE_CHECKING:
    from bot.app import JantakuBot

PictureLocale = Literal["auto", "en", "ja"]
"""The ``locale`` option: ``auto`` (stored empty) follows the server's preferred locale."""
TURN, BANK = TIMER_RANGES["turn_seconds"], TIMER_RANGES["bank_seconds"]
"""The same ranges as a table's own timers in ``/mahjong new``."""


class Admin(MahjongCog):
    """Server-wide table defaults (Manage Server to change them)."""

    @app_commands.command(name="settings", extras={ALLOWED: TIMER_RANGES})
    @app_commands.describe(
        default_variant="The game tables use when none is named",
        turn_seconds=f"Seconds for each decision, {TURN}",
        bank_seconds=f"Extra seconds per player for a whole game, {BANK}",
        hints="Show waits and live tiles on private panels",
        dm_panels="Send private hands by DM instead of ephemeral messages",
        locale="Language of the table and result pictures (auto: the server's)",
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        default_variant: VariantName | None = None,  # type: ignore[valid-type]
        turn_seconds: app_commands.Range[int, TURN.low, TURN.high] | None = None,
        bank_seconds: app_commands.Range[int, BANK.low, BANK.high] | None = None,
        hints: bool | None = None,
        dm_panels: bool | None = None,
        locale: PictureLocale | None = None,
    ) -> None:
        """Show this server's table defaults, or change them (Manage Server)."""
        guild_id, _ = require_guild(interaction)
        changes: dict[str, Any] = {
            "default_variant": str(default_variant) if default_variant is not None else None,
            "turn_seconds": turn_seconds,
            "time_bank_seconds": bank_seconds,
            "hints": hints,
            "dm_panels": dm_panels,
            "locale": ("" if locale == "auto" else str(locale)) if locale is not None else None,
        }
        changes = {key: value for key, value in changes.items() if value is not None}
        store = self.runtime.store
        if changes:
            if not interaction.permissions.manage_guild:
                raise NotHost()
            current = await store.guilds.update_settings(guild_id, **changes)
            if "locale" in changes:
                self.runtime.picture_locale_changed(guild_id)
        else:
            current = await store.guilds.settings(guild_id)
        reader = locale_of(interaction)
        embed = discord.Embed(title=text("settings_title", reader), colour=0x455A64)
        embed.add_field(name="default_variant", value=variant_class(current.default_variant).title)
        embed.add_field(name="turn_seconds", value=str(current.turn_seconds))
        embed.add_field(name="bank_seconds", value=str(current.time_bank_seconds))
        embed.add_field(name="hints", value="on" if current.hints else "off")
        embed.add_field(name="dm_panels", value="on" if current.dm_panels else "off")
        embed.add_field(name="locale", value=current.locale or "auto")
        if changes:
            embed.set_footer(text=text("settings_saved", reader))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Admin(bot))
