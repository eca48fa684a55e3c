"""Start-up recovery: what the store says was running comes back before any click can arrive.

Every running game of this process's guilds is replayed from its action log (exactly, mid-hand)
and resumed by the registry (:meth:`TableRegistry.resume`) with its clock, each seat's bank, and
its pending decisions numbered as the process before numbered them
(:mod:`bot.runtime.numbering`), so the buttons on screen stay current. A hand the last action
ended is recorded again if the crash came between the two writes; a game whose last action ended
it is finished; the end of every finished game not shown yet is posted
(:meth:`TableRegistry.show_end`). Then the open lobbies come back, less those whose channel got
its game just before the crash. The other guilds' games and lobbies are their own processes'.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.engine.game import RulesError, action_from_json
from bot.engine.record import replay
from bot.runtime.actor import TableActor
from bot.runtime.lobby import Lobby
from bot.runtime.numbering import Offers, answers_no_decision, next_offers
from bot.runtime.options import TableTimers
from bot.runtime.shards import Shards, shard_of
from bot.runtime.shared import Runtime
from bot.storage import GameRow, GameStatus, HandTracker, StorageError, UnreadableLobby

__all__ = ["recover_tables", "restore_lobbies"]

log = logging.getLogger(__name__)

REPLAY_ERRORS = (RulesError, ValueError, KeyError, StorageError)
"""What a stored game that cannot be replayed (or read) raises."""


async def recover_tables(runtime: Runtime[Any], shards: Shards | None = None) -> list[TableActor]:
    """Rebuild every unfinished game of a guild on ``shards`` (default: this process's) from its
    log and carry on from the exact action, then show the ends not shown yet; the other guilds'
    games are left to the processes that own them."""
    shards = shards or runtime.shards
    store = runtime.store
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
            actor = await _resume(runtime, row)
        except REPLAY_ERRORS:
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
    await _show_unshown_ends(runtime, shards)
    return recovered


async def _resume(runtime: Runtime[Any], row: GameRow) -> TableActor | None:
    """Replay a running game's log and run it again; None if its last action ended it (its final
    result is stored now, and its end shown with the others not shown)."""
    store = runtime.store
    record = await store.games.record(row.id)
    game = record.start()
    tracker = HandTracker.for_game(game)
    last_hands = []
    # Number the pending decisions as the process before did, so the buttons on screen stay
    # current (see bot.runtime.numbering).
    offers = next_offers(Offers(), game, acted=None)
    for data in record.actions:
        action = action_from_json(data)
        acted = None if answers_no_decision(game, action) else action.seat
        last_hands = tracker.feed(game.apply(action))
        offers = next_offers(offers, game, acted=acted)
    # A crash between logging an action and recording the hand it ended loses only that hand's
    # record; recording it again is harmless.
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
    panels = await store.tables.panels(row.id)
    auto_options = await store.players.auto_options(row.guild_id, row.players)
    actor = runtime.tables.resume(
        row,
        game,
        timers=timers,
        banks=banks,
        tracker=tracker,
        offers=offers,
        panels=panels,
        dm_panels=guild.dm_panels,
        auto_options=auto_options,
    )
    log.info("table %d resumed at action %d", row.id, game.sequence)
    return actor


async def _show_unshown_ends(runtime: Runtime[Any], shards: Shards) -> None:
    """Post the end (final table, standings) of every game whose result was stored but whose end
    was never shown: the process died in between, or the last action was logged and the result
    stored by :func:`_resume` just now. Otherwise its players would look at a table that still
    offers "My hand" and never says the game is over."""
    store = runtime.store
    shard_ids = None if shards.ids is None else sorted(shards.ids)
    for summary in await store.results.unshown_ends(shard_ids=shard_ids, shard_count=shards.count):
        try:
            row = await store.games.get(summary.game_id)
            if not shards.owns(row.guild_id):
                log.error("game %d is not on this process's shards; its owner shows its end", row.id)
                continue
            game = replay(await store.games.record(row.id))
        except REPLAY_ERRORS:
            log.exception("game %d cannot be replayed to show its end", summary.game_id)
            continue
        outcome = game.outcome()
        if outcome is None:  # a finished game's log ends it; nothing to show otherwise
            continue
        runtime.tables.show_end(row, game, outcome, summary)
        log.info("table %d: showing the end it had not shown", row.id)


async def restore_lobbies(runtime: Runtime[Any], shards: Shards | None = None) -> list[Lobby]:
    """Bring back the lobbies stored before a restart (after the tables are recovered: a lobby
    whose channel got its game just before the crash is dropped), those of guilds on ``shards``
    only (default: this process's); the others are their own process's."""
    shards = shards or runtime.shards
    store = runtime.store
    restored: list[Lobby] = []
    for stored in await store.tables.lobbies():
        if not shards.owns(stored.guild_id):
            continue
        if isinstance(stored, UnreadableLobby):
            log.error("a stored lobby cannot be read (%s); dropping it: %r", stored.error, stored.data)
            await store.tables.delete_lobby(stored.id)
            continue
        lobby = Lobby.restored(stored)
        if runtime.channel_busy(lobby.channel_id):
            await store.tables.delete_lobby(lobby.id)
            continue
        runtime.lobbies.restore(lobby)
        restored.append(lobby)
    if restored:
        log.info("restored %d open lobb%s", len(restored), "y" if len(restored) == 1 else "ies")
    return restored
