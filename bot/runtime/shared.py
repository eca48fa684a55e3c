"""What the tables and lobbies of one process share: the store, the open lobbies, the running
tables and the render workers.

:class:`Runtime` knows no Discord: the shards this process runs and the factory of each table's
presenter are given to it (:class:`~bot.ui.wiring.DiscordRuntime` gives Discord's). The running
tables are its :class:`~bot.runtime.registry.TableRegistry`; bringing everything back after a
restart is :mod:`bot.runtime.recovery`'s.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

from bot.runtime.lobby import Lobby, LobbyBook
from bot.runtime.options import RuntimeOptions
from bot.runtime.presenting import PresenterFactory, RunningPresenter
from bot.runtime.registry import TableRegistry
from bot.runtime.rendering import RenderPool
from bot.runtime.shards import Shards
from bot.storage import DATABASE_ERRORS, Store

__all__ = ["Runtime"]

log = logging.getLogger(__name__)

P = TypeVar("P", bound=RunningPresenter)


class Runtime(Generic[P]):
    """Everything the tables and lobbies share. The store is attached once it is open.

    ``shards`` says which shards this process runs, hence whose guilds' tables it may run (asked
    each time: a client learns its shard count when it connects); ``presenters`` builds each
    table's presenter; ``on_game_end`` hears of every game that ended (with its id)."""

    def __init__(
        self,
        options: RuntimeOptions,
        *,
        shards: Callable[[], Shards],
        presenters: PresenterFactory[P],
        on_game_end: Callable[[int], None] | None = None,
    ) -> None:
        self.options = options
        self.renderer = RenderPool(options.render_workers, processes=options.render_processes)
        self.lobbies = LobbyBook()
        self.tables = TableRegistry(self, presenters, on_game_end=on_game_end)
        self._shards = shards
        self._store: Store | None = None

    @property
    def store(self) -> Store:
        """The open store."""
        if self._store is None:
            raise RuntimeError("the store is not open yet (setup_hook opens it)")
        return self._store

    def attach_store(self, store: Store) -> None:
        """Use this store from now on."""
        self._store = store

    @property
    def shards(self) -> Shards:
        """The shards this process connects, hence the guilds whose tables and lobbies it runs."""
        return self._shards()

    async def save_lobby(self, lobby: Lobby) -> bool:
        """Store the lobby as it is now, so a restart brings it back; False if the store refused
        (the caller undoes the change it could not save)."""
        try:
            await self.store.tables.save_lobby(lobby.stored())
        except DATABASE_ERRORS:
            log.exception("lobby %d could not be saved", lobby.id)
            return False
        return True

    async def close_lobby(self, lobby: Lobby) -> None:
        """Forget the lobby: its game started or it was cancelled."""
        self.lobbies.close(lobby)
        try:
            await self.store.tables.delete_lobby(lobby.id)
        except DATABASE_ERRORS:
            log.exception("lobby %d could not be deleted from the store", lobby.id)

    def channel_busy(self, channel_id: int) -> bool:
        """Whether the channel has a lobby or a running table."""
        return self.lobbies.has(channel_id) or self.tables.in_channel(channel_id) is not None

    async def close(self) -> None:
        """Stop every table (their games stay running in the store), then the renderer."""
        await self.tables.close()
        await self.renderer.close()
