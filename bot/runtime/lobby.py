"""Lobbies: a table being gathered in a channel, before its game exists.

A lobby holds the table it will start: the variant's settings dataclass (built once, by
:func:`~bot.runtime.variants.build_settings`) and the clock. :mod:`bot.ui.lobby_clicks` stores it
after every change (:meth:`Lobby.stored`; the store writes the JSON), so a restart brings it back
with its players, its message and working buttons (:meth:`Lobby.restored`, :meth:`LobbyBook.restore`).

>>> from bot.runtime.variants import build_settings
>>> book = LobbyBook()
>>> lobby = book.open(lobby_id=1, guild_id=2, channel_id=3, host=PlayerSeat.human(9, "Host"),
...                   variant="nishoku", settings=build_settings("nishoku", {}), timers=TableTimers(), size=4)
>>> lobby.add_cpu().name, len(lobby.players)
('CPU 1', 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.table import TableSettings
from bot.runtime.errors import AlreadyJoined, ChannelBusy, LobbyFull, LobbyGone, NeedPlayers, NoLobby, NotInLobby
from bot.runtime.options import TableTimers
from bot.storage import LobbyRow, PlayerSeat

__all__ = ["Lobby", "LobbyBook"]


@dataclass
class Lobby:
    """Players gathering for one game."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    settings: TableSettings
    """The variant's settings: the game is built from them as they are."""
    timers: TableTimers
    size: int
    """Most players the variant seats."""
    min_size: int = 0
    """Fewest players the variant can start with (0: ``size``)."""
    players: list[PlayerSeat] = field(default_factory=list)
    message_id: int | None = None
    locale: str | None = None
    starting: bool = False
    """Set while the game is being created, so a second Start click is refused."""

    def join(self, player: PlayerSeat) -> None:
        """Take a free seat."""
        if any(p.user_id == player.user_id for p in self.players):
            raise AlreadyJoined()
        if len(self.players) >= self.size:
            raise LobbyFull()
        self.players.append(player)

    def leave(self, user_id: int) -> PlayerSeat:
        """Give up a seat; the host's role passes to the next human (an empty lobby is closed by
        :mod:`bot.ui.lobby_clicks`)."""
        for index, player in enumerate(self.players):
            if player.user_id == user_id:
                del self.players[index]
                if user_id == self.host_id:
                    humans = [p.user_id for p in self.players if p.user_id is not None]
                    if humans:
                        self.host_id = humans[0]
                return player
        raise NotInLobby()

    def add_cpu(self) -> PlayerSeat:
        """Fill a seat with a CPU."""
        if len(self.players) >= self.size:
            raise LobbyFull()
        taken = {p.name for p in self.players}
        number = next(n for n in range(1, self.size + 2) if f"CPU {n}" not in taken)
        cpu = PlayerSeat.cpu(f"CPU {number}")
        self.players.append(cpu)
        return cpu

    @property
    def humans(self) -> list[PlayerSeat]:
        """The human players."""
        return [p for p in self.players if not p.is_cpu]

    def stored(self) -> LobbyRow:
        """Everything needed to bring the lobby back after a restart.

        >>> from bot.runtime.variants import build_settings
        >>> settings = build_settings("inage", {"hands": 4})
        >>> lobby = Lobby(1, 2, 3, 9, "inage", settings, TableTimers(20, 40), 3, 2)
        >>> lobby.join(PlayerSeat.human(9, "Host")); _ = lobby.add_cpu()
        >>> Lobby.restored(lobby.stored()) == lobby
        True
        """
        return LobbyRow(
            id=self.id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            host_id=self.host_id,
            variant=self.variant,
            settings=self.settings,
            turn_seconds=self.timers.turn_seconds,
            bank_seconds=self.timers.bank_seconds,
            size=self.size,
            min_size=self.min_size,
            players=tuple(self.players),
            message_id=self.message_id,
            locale=self.locale,
        )

    @classmethod
    def restored(cls, row: LobbyRow) -> Lobby:
        """The lobby :meth:`stored` described."""
        return cls(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_id=row.host_id,
            variant=row.variant,
            settings=row.settings,
            timers=TableTimers(row.turn_seconds, row.bank_seconds),
            size=row.size,
            min_size=row.min_size,
            players=list(row.players),
            message_id=row.message_id,
            locale=row.locale,
        )

    def check_ready(self, title: str) -> None:
        """Raise :class:`NeedPlayers` unless enough seats are taken to start."""
        needed = self.min_size or self.size
        if len(self.players) < needed:
            raise NeedPlayers(variant=title, needed=needed, have=len(self.players))


class LobbyBook:
    """Open lobbies by channel and by id."""

    def __init__(self) -> None:
        self._by_channel: dict[int, Lobby] = {}
        self._by_id: dict[int, Lobby] = {}

    def open(
        self,
        *,
        lobby_id: int,
        guild_id: int,
        channel_id: int,
        host: PlayerSeat,
        variant: str,
        settings: TableSettings,
        timers: TableTimers,
        size: int,
        min_size: int = 0,
        locale: str | None = None,
    ) -> Lobby:
        """Open a lobby with its host seated; one per channel."""
        if channel_id in self._by_channel:
            raise ChannelBusy()
        assert host.user_id is not None
        lobby = Lobby(
            lobby_id, guild_id, channel_id, host.user_id, variant, settings, timers, size, min_size, locale=locale
        )
        lobby.join(host)
        self._by_channel[channel_id] = lobby
        self._by_id[lobby_id] = lobby
        return lobby

    def restore(self, lobby: Lobby) -> None:
        """Take back a lobby stored before a restart."""
        if lobby.channel_id in self._by_channel:
            raise ChannelBusy()
        self._by_channel[lobby.channel_id] = lobby
        self._by_id[lobby.id] = lobby

    def in_channel(self, channel_id: int) -> Lobby:
        """The channel's lobby; raises :class:`NoLobby`."""
        lobby = self._by_channel.get(channel_id)
        if lobby is None:
            raise NoLobby()
        return lobby

    def has(self, channel_id: int) -> bool:
        """Whether the channel has an open lobby."""
        return channel_id in self._by_channel

    def get(self, lobby_id: int) -> Lobby:
        """A lobby by id (from a button); raises :class:`LobbyGone`."""
        lobby = self._by_id.get(lobby_id)
        if lobby is None:
            raise LobbyGone()
        return lobby

    def close(self, lobby: Lobby) -> None:
        """Forget a lobby (started or cancelled)."""
        self._by_channel.pop(lobby.channel_id, None)
        self._by_id.pop(lobby.id, None)
