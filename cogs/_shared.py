"""What every Jantaku cog shares: its slash commands live under the one ``/mahjong`` group.

discord.py attaches a cog's ``@app_commands.command`` methods to the tree as top-level commands.
A :class:`MahjongCog` moves them into ``bot.mahjong`` instead (in ``cog_load``, before the tree
sees them), so each feature keeps its own cog while players see one ``/mahjong`` command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.runtime.errors import GuildOnly

if TYPE_CHECKING:
    from bot.app import JantakuBot
    from bot.ui.wiring import DiscordRuntime

__all__ = ["MahjongCog", "can_manage", "display_name", "guild_locale_of", "locale_of", "require_guild"]


class MahjongCog(commands.Cog):
    """A cog whose slash commands are subcommands of ``/mahjong``."""

    def __init__(self, bot: JantakuBot) -> None:
        self.bot: JantakuBot = bot
        self._grouped: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = []

    @property
    def runtime(self) -> DiscordRuntime:
        """The bot's runtime (store, tables, lobbies)."""
        return self.bot.runtime

    async def cog_load(self) -> None:
        """Move this cog's commands under ``/mahjong``."""
        self._grouped = list(self.__cog_app_commands__)
        for command in self._grouped:
            self.bot.mahjong.add_command(command)
        # Emptied so that Cog._inject does not also add them to the tree at the top level.
        self.__cog_app_commands__ = []

    async def cog_unload(self) -> None:
        """Take this cog's commands out of ``/mahjong`` again."""
        for command in self._grouped:
            self.bot.mahjong.remove_command(command.name)
        self._grouped = []


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The clicker's locale code (``en-US``, ``ja``...)."""
    return str(interaction.locale)


def guild_locale_of(interaction: discord.Interaction[Any]) -> str | None:
    """The server's locale, for messages everyone at the table reads."""
    return str(interaction.guild_locale) if interaction.guild_locale else None


def require_guild(interaction: discord.Interaction[Any]) -> tuple[int, int]:
    """The guild and channel ids; raises :class:`GuildOnly` in DMs."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GuildOnly()
    return interaction.guild_id, interaction.channel_id


def display_name(user: discord.abc.User) -> str:
    """How a player is called at the table."""
    return user.display_name[:32] or str(user.id)


def can_manage(interaction: discord.Interaction[Any], host_id: int) -> bool:
    """The host, or anyone with Manage Server, may start and cancel."""
    return interaction.user.id == host_id or interaction.permissions.manage_guild
