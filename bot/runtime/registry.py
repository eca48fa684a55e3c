"""The runtime's shared state: which actor runs which channel's table, and start-up recovery.

:class:`Runtime` holds the store, the open lobbies, the running tables and the render workers.
:class:`TableRegistry` starts a table from a lobby, rebuilds every unfinished game from its
action log after a restart, and stops them all on shutdown. Neither knows Discord: the shards
this process runs and the factory of each table's presenter are given to them
(:class:`~bot.ui.wiring.DiscordRuntime` gives Discord's).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from bot.engine.game import Game, RulesError, action_from_json
from bot.engine.record import replay
from bot.runtime.actor import TableActor
from bot.runtime.errors import GameOver, UnknownGame
from bot.runtime.i18n import text
from bot.runtime.lobby import Lobby, LobbyBook
from bot.runtime.numbering import Offers, answers_no_decision, next_offers
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.presenting import PresenterFactory, RunningPresenter
from bot.runtime.rendering import RenderPool
from bot.runtime.shards import Shards, shard_of
from bot.runtime.variants import new_table_game
from bot.storage import (
    DATABASE_ERRORS,
    GameNotFoundError,
    GameRow,
    GameStatus,
    HandTracker,
    PanelHandle,
    StorageError,
    Store,
    UnreadableLobby,
)

__all__ = ["ForeignGuild", "Runtime", "TableRegistry"]

log = logging.getLogger(__name__)

P = TypeVar("P", bound=RunningPresenter)


class ForeignGuild(RuntimeError):
    """A table of a guild on another process's shards was about to start here. Its clicks go to
    that process, which runs (or will recover) the same game: two actors would write one log."""


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

    async def restore_lobbies(self, shards: Shards | None = None) -> list[Lobby]:
        """Bring back the lobbies stored before a restart (after the tables are recovered: a lobby
        whose channel got its game just before the crash is dropped), those of guilds on
        ``shards`` only (default: this process's); the others are their own process's."""
        shards = shards or self.shards
        restored: list[Lobby] = []
        for stored in await self.store.tables.lobbies():
            if not shards.owns(stored.guild_id):
                continue
            if isinstance(stored, UnreadableLobby):
                log.error("a stored lobby cannot be read (%s); dropping it: %r", stored.error, stored.data)
                await self.store.tables.delete_lobby(stored.id)
                continue
            lobby = Lobby.restored(stored)
            if self.channel_busy(lobby.channel_id):
                await self.store.tables.delete_lobby(lobby.id)
                continue
            self.lobbies.restore(lobby)
            restored.append(lobby)
        if restored:
            log.info("restored %d open lobb%s", len(restored), "y" if len(restored) == 1 else "ies")
        return restored

    def channel_busy(self, channel_id: int) -> bool:
        """Whether the channel has a lobby or a running table."""
        return self.lobbies.has(channel_id) or self.tables.in_channel(channel_id) is not None

    async def close(self) -> None:
        """Stop every table (their games stay running in the store), then the renderer."""
        await self.tables.close()
        await self.renderer.close()


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

    def _recovered_actor(
        self,
        row: GameRow,
        game: Game,
        *,
        timers: TableTimers | None = None,
        banks: Mapping[int, float] | None = None,
        tracker: HandTracker | None = None,
        offers: Offers | None = None,
    ) -> TableActor:
        """The actor of a stored game: a running one (with its clocks, banks, tracker and
        offers), or without them a finished one that only lends a presenter its final state."""
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

    async def recover(self, shards: Shards | None = None) -> list[TableActor]:
        """Rebuild every unfinished game of a guild on ``shards`` (default: this process's) from
        its log and carry on from the exact action; the other guilds' games are left to the
        processes that own them."""
        shards = shards or self._runtime.shards
        store = self._runtime.store
        recovered: list[TableActor] = []
        shard_ids = None if shards.ids is None else sorted(shards.ids)
        for row in await store.games.unfinished(shard_ids=shard_ids, shard_count=shards.count):
            if not shards.owns(row.guild_id):
                # The store filters by shard already; this is the check that must hold, since
                # cancelling or resuming another process's game would break it.
                log.error(
                    "game %d (guild %d, shard %d of %d) is not on this process's shards; left to its owner",
                    *(row.id, row.guild_id, shard_of(row.guild_id, shards.count), shards.count),
                )
                continue
            try:
                actor = await self._restore(row)
            except (RulesError, ValueError, KeyError, StorageError):
                log.exception("game %d cannot be replayed from its log; cancelling it", row.id)
                try:
                    await store.games.finish(row.id, GameStatus.CANCELLED, reason="could not be restored")
                except StorageError:
                    log.exception("game %d could not be cancelled either", row.id)
                continue
            if actor is not None:
                recovered.append(actor)
        if recovered:
            log.info("recovered %d running table(s)", len(recovered))
        await self._show_unshown_ends(shards)
        return recovered

    async def _show_unshown_ends(self, shards: Shards) -> None:
        """Post the end (final table, standings) of every game whose result was stored but whose
        end was never shown: the process died in between, or the last action was logged and the
        result stored by :meth:`_restore` just now. Otherwise its players would look at a table
        that still offers "My hand" and never says the game is over."""
        store = self._runtime.store
        shard_ids = None if shards.ids is None else sorted(shards.ids)
        for summary in await store.results.unshown_ends(shard_ids=shard_ids, shard_count=shards.count):
            try:
                row = await store.games.get(summary.game_id)
                if not shards.owns(row.guild_id):
                    log.error("game %d is not on this process's shards; its owner shows its end", row.id)
                    continue
                game = replay(await store.games.record(row.id))
            except (RulesError, ValueError, KeyError, StorageError):
                log.exception("game %d cannot be replayed to show its end", summary.game_id)
                continue
            outcome = game.outcome()
            if outcome is None:  # a finished game's log ends it; nothing to show otherwise
                continue
            actor = self._recovered_actor(row, game)
            actor.finished = True  # never started: it only lends the presenter the final state
            presenter = self._presenter_of(actor, message_id=row.message_id)
            presenter.game_over(actor.snapshot(), outcome, summary)
            presenter.start()
            self._retire_later(row.id, presenter)
            log.info("table %d: showing the end it had not shown", row.id)

    async def _restore(self, row: GameRow) -> TableActor | None:
        store = self._runtime.store
        record = await store.games.record(row.id)
        game = record.start()
        tracker = HandTracker.for_game(game)
        last_hands = []
        # Number the pending decisions as the process before did, so the buttons on screen
        # stay current (see bot.runtime.numbering).
        offers = next_offers(Offers(), game, acted=None)
        for data in record.actions:
            action = action_from_json(data)
            acted = None if answers_no_decision(game, action) else action.seat
            last_hands = tracker.feed(game.apply(action))
            offers = next_offers(offers, game, acted=acted)
        # A crash between logging an action and recording the hand it ended loses only that
        # hand's record; recording it again is harmless.
        for entry in last_hands:
            await store.results.record_hand(row.id, entry.hand_index, entry.label, entry.result)
        outcome = game.outcome()
        if outcome is not None:
            # The last action ended the game but the final result was never stored.
            await store.results.record_final(row.id, outcome)
            return None
        guild = await store.guilds.settings(row.guild_id)
        timers = TableTimers(
            row.turn_seconds if row.turn_seconds is not None else guild.turn_seconds,
            row.bank_seconds if row.bank_seconds is not None else guild.time_bank_seconds,
        )
        banks = await store.games.seat_banks(row.id)
        actor = self._recovered_actor(row, game, timers=timers, banks=banks, tracker=tracker, offers=offers)
        notice = text("resumed", None, game=row.id, seq=game.sequence)
        panels = await store.tables.panels(row.id)
        self._launch(actor, message_id=row.message_id, notice=notice, dm_panels=guild.dm_panels, panels=panels)
        log.info("table %d resumed at action %d", row.id, game.sequence)
        return actor

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
