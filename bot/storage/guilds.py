"""Each guild's table defaults (``/mahjong settings``): ``store.guilds``."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.storage import rows
from bot.storage.access import Access
from bot.storage.models import GuildSettings
from bot.storage.sql import Connection

__all__ = ["Guilds"]

_GUILD_FIELDS = tuple(f.name for f in dataclasses.fields(GuildSettings) if f.name != "guild_id")


class Guilds:
    """The guilds' settings: defaults for the tables they open."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings, or the defaults if it never changed any."""
        async with self._access.read() as db:
            return await _settings(db, guild_id)

    async def update_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings and return them all; an unknown name raises TypeError naming it."""
        unknown = sorted(set(changes) - set(_GUILD_FIELDS))
        if unknown:
            raise TypeError(f"unknown guild setting(s): {', '.join(unknown)} (known: {', '.join(_GUILD_FIELDS)})")
        async with self._access.write(f"guild-settings:{guild_id}") as db:
            # Two changes at once (two processes) must not each write back the other's old values.
            await db.lock(f"guild-settings:{guild_id}")
            settings = dataclasses.replace(await _settings(db, guild_id), **changes)
            await db.execute(
                """
                INSERT INTO guild_settings
                    (guild_id, default_variant, turn_seconds, time_bank_seconds, hints, dm_panels, locale, updated_at)
                VALUES (
                    :guild_id, :default_variant, :turn_seconds, :time_bank_seconds, :hints, :dm_panels, :locale, :now
                )
                ON CONFLICT (guild_id) DO UPDATE SET
                    default_variant = excluded.default_variant,
                    turn_seconds = excluded.turn_seconds,
                    time_bank_seconds = excluded.time_bank_seconds,
                    hints = excluded.hints,
                    dm_panels = excluded.dm_panels,
                    locale = excluded.locale,
                    updated_at = excluded.updated_at
                """,
                {
                    "guild_id": guild_id,
                    "default_variant": settings.default_variant,
                    "turn_seconds": settings.turn_seconds,
                    "time_bank_seconds": settings.time_bank_seconds,
                    "hints": int(settings.hints),
                    "dm_panels": int(settings.dm_panels),
                    "locale": settings.locale,
                    "now": self._access.now(),
                },
            )
        return settings


async def _settings(db: Connection, guild_id: int) -> GuildSettings:
    row = await db.fetchrow("SELECT * FROM guild_settings WHERE guild_id = :guild_id", {"guild_id": guild_id})
    return rows.guild_settings(guild_id, row)
