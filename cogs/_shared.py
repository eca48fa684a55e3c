"""What every Jantaku cog shares: its slash commands live under the one ``/mahjong`` group.

discord.py attaches a cog's ``@app_commands.command`` methods to the tree as top-level commands.
A :class:`MahjongCog` moves them into ``bot.mahjong`` instead (in ``cog_load``, before the tree
sees them), so each feature keeps its own cog while players see one ``/mahjong`` command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from discord import app_commands
from discord.ext import commands

from bot.engine.variants import VARIANTS

if TYPE_CHECKING:
    from bot.app import JantakuBot
    from bot.ui.wiring import DiscordRuntime

__all__ = ["MahjongCog", "VariantName"]

VariantName = Literal[tuple(variant.variant for variant in VARIANTS)]  # type: ignore[valid-type]
"""A ``variant`` option: one choice per variant, by key (its title in Japanese: bot.ui.command_i18n)."""


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
