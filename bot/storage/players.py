"""Each player's own options, remembered per guild: ``store.players``.

What a player turns on with the ⚙ Auto buttons of their panel (:class:`AutoOptions`) follows them
into every later game of the same guild, and across restarts; a player who never changed one has
no row and gets the defaults.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.storage import rows
from bot.storage.access import Access
from bot.storage.models import AutoOptions, PlayerSeat
from bot.storage.sql import Connection

__all__ = ["Players"]


class Players:
    """The players' options: their automatic moves at a table."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def auto_options(self, guild_id: int, players: Iterable[PlayerSeat]) -> dict[int, AutoOptions]:
        """The auto options in the guild of each person among ``players`` (a table's seats; CPUs
        have none), by user id, the defaults for one who never changed any: one read a table."""
        user_ids = dict.fromkeys(player.user_id for player in players if player.user_id is not None)
        async with self._access.read() as db:
            return {user_id: await _auto_options(db, guild_id, user_id) for user_id in user_ids}

    async def set_auto_options(self, guild_id: int, user_id: int, options: AutoOptions) -> None:
        """Remember a user's auto options in the guild, replacing what was there."""
        async with self._access.write(f"player-options:{guild_id}:{user_id}") as db:
            await db.execute(
                """
                INSERT INTO player_options (guild_id, user_id, riichi_discard, auto_win, no_calls, updated_at)
                VALUES (:guild_id, :user_id, :riichi_discard, :auto_win, :no_calls, :now)
                ON CONFLICT (guild_id, user_id) DO UPDATE SET
                    riichi_discard = excluded.riichi_discard,
                    auto_win = excluded.auto_win,
                    no_calls = excluded.no_calls,
                    updated_at = excluded.updated_at
                """,
                {
                    "guild_id": guild_id,
                    "user_id": user_id,
                    "riichi_discard": int(options.riichi_discard),
                    "auto_win": int(options.auto_win),
                    "no_calls": int(options.no_calls),
                    "now": self._access.now(),
                },
            )


async def _auto_options(db: Connection, guild_id: int, user_id: int) -> AutoOptions:
    row = await db.fetchrow(
        "SELECT * FROM player_options WHERE guild_id = :guild_id AND user_id = :user_id",
        {"guild_id": guild_id, "user_id": user_id},
    )
    return rows.auto_options(row)
