"""What a handler reads off an interaction: who it is, where, in which language, and whether they
may run the table (start, cancel, add CPUs)."""

from __future__ import annotations

from typing import Any

import discord

from bot.runtime.errors import GuildOnly

__all__ = ["can_manage", "display_name", "guild_locale_of", "locale_of", "require_guild"]


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
