"""Which actor runs which channel's table: a table started from a lobby or resumed after a
restart, each with its presenter, until its game ends or the bot stops.

:class:`TableRegistry` knows no Discord: the shards this process runs and the factory of each
table's presenter come from its :class:`~bot.runtime.shared.Runtime`. What it resumes after a
restart, :mod:`bot.runtime.recovery` reads from the store and replays.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

from bot.engine.game import Game, Outcome
from bot.runtime.actor import TableActor
from bot.runtime.errors import GameOver, UnknownGame
from bot.runtime.i18n import text
from bot.runtime.lobby import Lobby
from bot.runtime.numbering import Offers
from bot.runtime.options import TableTimers
from bot.runtime.presenting import PresenterFactory, RunningPresenter
from bot.runtime.shards import shard_of
from bot.runtime.variants import new_table_game
from bot.storage import AutoOptions, GameNotFoundError, GameRow, GameSummary, HandTracker, PanelHandle

if TYPE_CHECKING:
    from bot.runtime.shared import Runtime

__all__ = ["ForeignGuild", "TableRegistry"]

log = logging.getLogger(__name__)

P = TypeVar("P", bound=RunningPresenter)


class ForeignGuild(RuntimeError):
    """A table of a guild on another process's shards was about to start here. Its clicks go to
    that process, which runs (or will recover) the same game: two actors would write one log."""


class TableRegistry(Generic[P]):
    """Channel -> actor, game id -> actor, and each actor's presenter."""

    def __init__(
        self, runtime: Runtime[P], presenters: PresenterFactory[P], *, on_game_end: Callable[[int], None] | None = None
    ) -> None:
        self._runtime = runtime
        self._new_presenter = presenters
        self._on_game_end = on_game_end
        self._by_channel: dict[int, TableActor] = {}
        self._by_game: dict[int, TableActor] = {}
        self._presenters: dict[int, P] = {}
        self._retiring: dict[asyncio.Task[None], P] = {}
        self._starting: dict[int, asyncio.Future[TableActor]] = {}
        """Channels whose game is being created (the start was acknowledged before the store
        wrote it): "My hand" waits for it instead of finding no game."""

    def __len__(self) -> int:
        return len(self._by_game)

    def in_channel(self, channel_id: int) -> TableActor | None:
        """The channel's running table, if any."""
        return self._by_channel.get(channel_id)

    async def in_channel_or_starting(self, channel_id: int) -> TableActor | None:
        """The channel's running table, waiting for one that is being started."""
        actor = self._by_channel.get(channel_id)
        starting = self._starting.get(channel_id)
        if actor is not None or starting is None:
            return actor
        await asyncio.wait({starting})
        return None if starting.cancelled() else starting.result()

    def is_starting(self, channel_id: int) -> bool:
        """Whether the channel's game is being created right now."""
        return channel_id in self._starting

    def game(self, game_id: int) -> TableActor:
        """A running table by game id (from a button); raises :class:`GameOver`."""
        actor = self._by_game.get(game_id)
        if actor is None:
            raise GameOver()
        return actor

    async def clicked_game(self, game_id: int, guild_id: int | None) -> TableActor:
        """The running table a button of ``guild_id`` names; otherwise says why there is none:
        :class:`GameOver` for a game of that server that has ended, :class:`UnknownGame` for an
        id that is no game of it (a forged button). The store is read only on a miss."""
        actor = self._by_game.get(game_id)
        if actor is not None:
            return actor
        try:
            row = await self._runtime.store.games.get(game_id)
        except GameNotFoundError:
            raise UnknownGame(game=game_id) from None
        if row.guild_id != guild_id:
            raise UnknownGame(game=game_id)
        raise GameOver()

    def presenter(self, actor: TableActor) -> P:
        """The presenter of a running table."""
        return self._presenters[actor.game_id]

    def presenters(self) -> list[P]:
        """Every presenter still showing a table: those of the running tables, and of finished
        ones until they have shown the end."""
        return list(self._presenters.values())

    def actors(self) -> list[TableActor]:
        """Every running table."""
        return list(self._by_game.values())

    async def start_from_lobby(self, lobby: Lobby) -> TableActor:
        """Create the game in the store, seat the lobby's players, and start the table."""
        starting: asyncio.Future[TableActor] = asyncio.get_running_loop().create_future()
        self._starting[lobby.channel_id] = starting
        try:
            actor = await self._start_from_lobby(lobby)
        except BaseException:
            starting.cancel()  # waiters find no game (and the starter gets the error)
            raise
        finally:
            self._starting.pop(lobby.channel_id, None)
        starting.set_result(actor)
        return actor

    async def _start_from_lobby(self, lobby: Lobby) -> TableActor:
        runtime = self._runtime
        self._check_owned(lobby.guild_id)  # before the store has a game another process would recover
        seed = secrets.randbits(62)
        count = len(lobby.players)
        game = new_table_game(lobby.variant, lobby.settings, seed=seed, players=count)
        # The engine draws seats from the seed (「つかみ取り」); store the players in seat order.
        seating = game.seating
        players = [lobby.players[seating[seat]] for seat in range(count)]
        game_id = await runtime.store.games.create(
            lobby.guild_id,
            lobby.channel_id,
            game.variant,
            lobby.settings,
            seed,
            players,
            lobby.host_id,
            turn_seconds=lobby.timers.turn_seconds,
            bank_seconds=lobby.timers.bank_seconds,
        )
        guild = await runtime.store.guilds.settings(lobby.guild_id)
        auto_options = await runtime.store.players.auto_options(lobby.guild_id, players)
        actor = TableActor(
            game_id=game_id,
            guild_id=lobby.guild_id,
            channel_id=lobby.channel_id,
            host_id=lobby.host_id,
            game=game,
            players=players,
            store=runtime.store,
            options=runtime.options,
            timers=lobby.timers,
            locale=lobby.locale,
            on_finished=self._finished,
            auto_options=auto_options,
        )
        self._launch(actor, dm_panels=guild.dm_panels)
        log.info("table %d started in channel %d (%s)", game_id, lobby.channel_id, game.variant)
        return actor

    def _launch(
        self,
        actor: TableActor,
        *,
        message_id: int | None = None,
        notice: str | None = None,
        dm_panels: bool = False,
        panels: Mapping[int, PanelHandle] | None = None,
    ) -> None:
        """Run the actor and its presenter; ``panels`` (a recovered game's) are taken up again."""
        self._check_owned(actor.guild_id)
        presenter = self._presenter_of(actor, message_id=message_id, dm_panels=dm_panels)
        self._by_channel[actor.channel_id] = actor
        self._by_game[actor.game_id] = actor
        if panels is not None:
            presenter.restore_panels(panels)
        presenter.start(notice=notice, resumed=panels is not None)
        actor.start(presenter)
        if panels is not None:
            # What the restored panels show is from before the restart: bring them up to date
            # (the presenter skips seats that have no panel).
            presenter.panels_changed(actor.snapshot(), range(len(actor.seats)))

    def _check_owned(self, guild_id: int) -> None:
        """Raise :class:`ForeignGuild` unless the guild is on this process's shards."""
        shards = self._runtime.shards
        if not shards.owns(guild_id):
            raise ForeignGuild(
                f"guild {guild_id} is on shard {shard_of(guild_id, shards.count)} of {shards.count}, "
                "which another process runs: its table cannot start here"
            )

    def _presenter_of(self, actor: TableActor, *, message_id: int | None, dm_panels: bool = False) -> P:
        presenter = self._new_presenter(actor.snapshot(), message_id=message_id, dm_panels=dm_panels)
        self._presenters[actor.game_id] = presenter  # closed with the others on shutdown
        return presenter

    def _retire_later(self, game_id: int, presenter: P) -> None:
        """Keep the presenter reachable until it has shown the end, then close it."""
        task = asyncio.create_task(self._retire(game_id, presenter))
        self._retiring[task] = presenter
        task.add_done_callback(lambda done: self._retiring.pop(done, None))

    def resume(
        self,
        row: GameRow,
        game: Game,
        *,
        timers: TableTimers,
        banks: Mapping[int, float],
        tracker: HandTracker,
        offers: Offers,
        panels: Mapping[int, PanelHandle],
        dm_panels: bool,
        auto_options: Mapping[int, AutoOptions],
    ) -> TableActor:
        """Run a stored game again from where its log left it (``game``, replayed), with its
        clock, each seat's bank, its hands so far, its decisions numbered as before, the panels
        the process before left open and the players' auto options; the table is re-posted with
        a notice."""
        actor = self._stored_actor(
            row, game, timers=timers, banks=banks, tracker=tracker, offers=offers, auto_options=auto_options
        )
        notice = text("resumed", None, game=row.id, seq=game.sequence)
        self._launch(actor, message_id=row.message_id, notice=notice, dm_panels=dm_panels, panels=panels)
        return actor

    def show_end(self, row: GameRow, game: Game, outcome: Outcome, summary: GameSummary) -> None:
        """Post the end of a finished game (final table, standings) that was never shown, through
        a presenter lent a finished actor, which never runs."""
        actor = self._stored_actor(row, game)
        actor.finished = True  # never started: it only lends the presenter the final state
        presenter = self._presenter_of(actor, message_id=row.message_id)
        presenter.game_over(actor.snapshot(), outcome, summary)
        presenter.start()
        self._retire_later(row.id, presenter)

    def _stored_actor(
        self,
        row: GameRow,
        game: Game,
        *,
        timers: TableTimers | None = None,
        banks: Mapping[int, float] | None = None,
        tracker: HandTracker | None = None,
        offers: Offers | None = None,
        auto_options: Mapping[int, AutoOptions] | None = None,
    ) -> TableActor:
        """The actor of a stored game: a running one (with its clocks, banks, tracker, offers and
        its players' auto options), or without them a finished one that only lends a presenter
        its final state."""
        return TableActor(
            game_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_id=row.host_id,
            game=game,
            players=row.players,
            store=self._runtime.store,
            options=self._runtime.options,
            timers=timers or TableTimers(),
            banks=banks,
            tracker=tracker,
            on_finished=self._finished if timers is not None else None,
            started_at=row.created_at.timestamp(),
            offers=offers,
            auto_options=auto_options,
        )

    def _finished(self, actor: TableActor) -> None:
        """The actor's game ended: free the channel; the presenter finishes showing it."""
        self._by_channel.pop(actor.channel_id, None)
        self._by_game.pop(actor.game_id, None)
        presenter = self._presenters.get(actor.game_id)
        if presenter is not None:
            # Kept reachable until it has shown the end: the click that ended the game is
            # still being answered through it.
            self._retire_later(actor.game_id, presenter)
        if self._on_game_end is not None:
            self._on_game_end(actor.game_id)

    async def _retire(self, game_id: int, presenter: P) -> None:
        await presenter.drain(timeout=60.0)
        await asyncio.sleep(5.0)  # let late clicks on the last decision get their answers
        self._presenters.pop(game_id, None)
        await presenter.close()

    async def close(self) -> None:
        """Stop every actor, then every presenter."""
        actors = list(self._by_game.values())
        await asyncio.gather(*(actor.stop() for actor in actors), return_exceptions=True)
        presenters = list(self._presenters.values())
        for task in list(self._retiring):
            task.cancel()
        await asyncio.gather(*self._retiring, return_exceptions=True)
        await asyncio.gather(*(presenter.close() for presenter in presenters), return_exceptions=True)
        self._by_channel.clear()
        self._by_game.clear()
        self._presenters.clear()
