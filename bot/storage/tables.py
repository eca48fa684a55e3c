"""What a channel shows beside the game itself: open lobbies, the table message and each seat's
panel (``store.tables``), so the next process keeps editing the same messages."""

from __future__ import annotations

from bot.storage import rows
from bot.storage.access import Access, json_text
from bot.storage.errors import GameNotFoundError
from bot.storage.games import running_game
from bot.storage.models import LobbyRow, PanelHandle, UnreadableLobby

__all__ = ["OpenTables"]


class OpenTables:
    """Lobbies, table messages and panels."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def set_message(self, game_id: int, message_id: int) -> None:
        """Remember the channel message that shows the table, so a restart can edit it."""
        async with self._access.write(f"game:{game_id}") as db:
            changed = await db.execute(
                "UPDATE games SET message_id = :message_id WHERE id = :game_id",
                {"message_id": message_id, "game_id": game_id},
            )
            if changed == 0:
                raise GameNotFoundError(f"no game #{game_id}")

    async def save_panel(self, game_id: int, handle: PanelHandle) -> None:
        """Store (or replace) where a seat's panel of a running game lives."""
        async with self._access.write(f"game:{game_id}") as db:
            await running_game(db, game_id)
            await db.execute(
                """
                INSERT INTO panels (game_id, seat, opened_at, application_id, token, channel_id,
                                    message_id, locale, prefers_dm, mode, shown, image)
                VALUES (:game_id, :seat, :opened_at, :application_id, :token, :channel_id,
                        :message_id, :locale, :prefers_dm, :mode, :shown, :image)
                ON CONFLICT (game_id, seat) DO UPDATE SET
                    opened_at = excluded.opened_at, application_id = excluded.application_id,
                    token = excluded.token, channel_id = excluded.channel_id, message_id = excluded.message_id,
                    locale = excluded.locale, prefers_dm = excluded.prefers_dm, mode = excluded.mode,
                    shown = excluded.shown, image = excluded.image
                """,
                {
                    "game_id": game_id,
                    "seat": handle.seat,
                    "opened_at": float(handle.opened_at),
                    "application_id": handle.application_id,
                    "token": handle.token,
                    "channel_id": handle.channel_id,
                    "message_id": handle.message_id,
                    "locale": handle.locale,
                    "prefers_dm": int(handle.prefers_dm),
                    "mode": handle.mode,
                    "shown": handle.shown,
                    "image": handle.image,
                },
            )

    async def forget_panel(self, game_id: int, seat: int) -> None:
        """The seat's panel is gone (a dead token, a deleted DM): nothing to edit after a restart."""
        async with self._access.write(f"game:{game_id}") as db:
            await db.execute(
                "DELETE FROM panels WHERE game_id = :game_id AND seat = :seat", {"game_id": game_id, "seat": seat}
            )

    async def panels(self, game_id: int) -> dict[int, PanelHandle]:
        """Where each seat's panel of the game lives, by seat."""
        async with self._access.read() as db:
            found = await db.fetch("SELECT * FROM panels WHERE game_id = :game_id ORDER BY seat", {"game_id": game_id})
        return {handle.seat: handle for handle in map(rows.panel, found)}

    async def save_lobby(self, lobby: LobbyRow) -> None:
        """Store (or replace) an open lobby's state."""
        async with self._access.write(f"lobby:{lobby.id}") as db:
            await db.execute(
                """
                INSERT INTO lobbies (id, guild_id, channel_id, data, updated_at)
                VALUES (:id, :guild_id, :channel_id, :data, :now)
                ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
                """,
                {
                    "id": lobby.id,
                    "guild_id": lobby.guild_id,
                    "channel_id": lobby.channel_id,
                    "data": json_text(rows.lobby_data(lobby)),
                    "now": self._access.now(),
                },
            )

    async def delete_lobby(self, lobby_id: int) -> None:
        """Forget a lobby (started or cancelled); an unknown id is no error."""
        async with self._access.write(f"lobby:{lobby_id}") as db:
            await db.execute("DELETE FROM lobbies WHERE id = :id", {"id": lobby_id})

    async def lobbies(self) -> list[LobbyRow | UnreadableLobby]:
        """Every stored lobby, oldest first; one this release cannot read back comes as an
        :class:`UnreadableLobby`, for the caller to drop, so it never hides the others."""
        async with self._access.read() as db:
            found = await db.fetch("SELECT id, guild_id, data FROM lobbies ORDER BY id")
        return [rows.lobby(row) for row in found]
