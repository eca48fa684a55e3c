"""One process of a sharded deployment, in-process against the fake.

It takes up only its own shards' guilds at start-up: their running tables, the ends they had not
shown and their open lobbies; the other guilds' games stay as they are in the shared database,
for the process that runs their shards. And since a click in a DM comes to shard 0's process
whatever guild its table is in, a process without shard 0 never puts a panel in DMs.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Collection
from pathlib import Path

import pytest

from bot.runtime.actor import TableActor
from bot.runtime.lobby import Lobby
from bot.runtime.registry import ForeignGuild
from bot.runtime.shards import Shards
from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World
from bot.storage import GameRow, GameStatus, GameSummary, LobbyRow, Store
from bot.ui.presenter import DiscordPresenter

from .conftest import checked_fake
from .helpers import make_bot, settle
from .spies import LogTrap

SHARDS = 4
OURS = (2, 3)
"""The shards the second process runs: guilds on shards 0 and 1 are another process's."""


@pytest.fixture
async def fake4() -> AsyncIterator[FakeDiscord]:
    async with checked_fake(shard_count=SHARDS) as fake:
        yield fake


def finished(actor: TableActor) -> Callable[[], bool]:
    return lambda: actor.finished


def ignore_shards(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the store answer every guild's games whatever shards it is asked for: the runtime's
    own check must still keep the other processes' games out."""
    unfinished, unshown = store.games.unfinished, store.results.unshown_ends

    async def every_unfinished(*, shard_ids: Collection[int] | None = None, shard_count: int = 1) -> list[GameRow]:
        return await unfinished()

    async def every_unshown(*, shard_ids: Collection[int] | None = None, shard_count: int = 1) -> list[GameSummary]:
        return await unshown()

    monkeypatch.setattr(store.games, "unfinished", every_unfinished)
    monkeypatch.setattr(store.results, "unshown_ends", every_unshown)


@pytest.mark.slow
@pytest.mark.parametrize("store_filters", [True, False], ids=["store-filters", "store-returns-every-guild"])
async def test_a_process_takes_up_only_its_own_shards_tables_ends_and_lobbies(
    fake4: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log_trap: LogTrap, store_filters: bool
) -> None:
    fake = fake4
    database = tmp_path / "shared.sqlite3"
    # A guild on each shard, each with a table and, in a second channel, a lobby.
    worlds = [World.build(fake, f"Player {shard}", shard=shard) for shard in range(SHARDS)]
    lobbies = [World(fake, w.guild, w.guild.add_text_channel("lobby"), w.members) for w in worlds]
    assert [w.guild.shard_id for w in worlds] == list(range(SHARDS))

    # One process for every shard first. The games on shards 1 and 3 end, but their ends are
    # never shown (the process "dies" in between); those on 0 and 2 wait for their player.
    monkeypatch.setattr(DiscordPresenter, "game_over", lambda self, snapshot, outcome, summary: None)
    first = make_bot(fake, database)
    games: dict[int, int] = {}
    async with running_bot(fake, first):
        for world in worlds:
            await world.start_game(world.members[0], hands=1)
            actor = first.runtime.tables.in_channel(world.channel.id)
            assert actor is not None
            games[world.guild.shard_id] = actor.game_id
        for shard in (1, 3):
            ending = first.runtime.tables.game(games[shard])
            await worlds[shard].play([Player(worlds[shard].members[0])], until=finished(ending))
        for lobby in lobbies:
            await lobby.open_table(lobby.members[0], "inage")
        await settle(fake, first)
    monkeypatch.undo()

    theirs = {channel.id for w in worlds[:2] for channel in w.guild.channels}
    seen = len(fake.requests)
    async with Store.open(database) as store:
        assert sorted(summary.game_id for summary in await store.results.unshown_ends()) == [games[1], games[3]]
        unshown = store.results.unshown_ends
        if not store_filters:
            ignore_shards(store, monkeypatch)
        second = make_bot(fake, database, shard_ids=OURS, shard_count=SHARDS, store=store)
        async with running_bot(fake, second):
            runtime = second.runtime
            assert runtime.shards == Shards(frozenset(OURS), SHARDS)
            assert [actor.game_id for actor in runtime.tables.actors()] == [games[2]]
            assert [lobby.channel.id for lobby in lobbies if runtime.lobbies.has(lobby.channel.id)] == [
                lobbies[2].channel.id,
                lobbies[3].channel.id,
            ]
            await fake.wait_for(lambda: worlds[3].game_over_text() is not None, what="shard 3's end")
            runtime.tables.game(games[2])  # running here: shard 2 is ours
            await fake.wait_for(
                lambda: any("continues from move" in text for text in worlds[2].public_texts()),
                what="shard 2's table resumed",
            )
            # The end is marked shown just after its last message is sent: settled, that is written.
            await settle(fake, second)
            unshown_games = [summary.game_id for summary in await unshown()]
            assert games[3] not in unshown_games, "shard 3's end was shown but never marked so"

            # A lobby of another process's guild cannot start a table here: no game is created.
            stored = {row.channel_id: row for row in await store.tables.lobbies() if isinstance(row, LobbyRow)}
            foreign = Lobby.restored(stored[lobbies[0].channel.id])
            foreign.add_cpu()
            running = len(await store.games.unfinished())
            with pytest.raises(ForeignGuild, match="shard 0 of 4"):
                await runtime.tables.start_from_lobby(foreign)
            assert len(await store.games.unfinished()) == running
            assert not runtime.tables.is_starting(lobbies[0].channel.id)

        # Nothing of shards 0 and 1 was touched: not a message, not a row.
        touched = [f"{r.method} {r.path}" for r in fake.requests[seen:] if any(str(c) in r.path for c in theirs)]
        assert touched == []
        assert worlds[1].game_over_text() is None
        monkeypatch.undo()
        assert (await store.games.get(games[0])).status is GameStatus.RUNNING
        assert [summary.game_id for summary in await store.results.unshown_ends()] == [games[1]]
        assert {row.channel_id for row in await store.tables.lobbies() if isinstance(row, LobbyRow)} == {
            lobbies[0].channel.id,
            lobbies[1].channel.id,
            lobbies[2].channel.id,
            lobbies[3].channel.id,
        }

    errors = [r.getMessage() for r in log_trap.records if r.levelno >= logging.ERROR]
    if store_filters:
        assert errors == []
    else:
        # The runtime's check caught what the store let through, and said so.
        assert sorted(errors) == sorted(
            [
                f"game {games[0]} (guild {worlds[0].guild.id}, shard 0 of 4) is not on this process's shards; "
                "left to its owner",
                f"game {games[1]} is not on this process's shards; its owner shows its end",
            ]
        )


def test_shards_of_a_client() -> None:
    """Every shard without ids (discord.py launches them all), the given ones otherwise."""

    class Client:
        def __init__(self, shard_ids: list[int] | None, shard_count: int | None) -> None:
            self.shard_ids, self.shard_count = shard_ids, shard_count

    every = Shards.of(Client(None, 8))
    assert every.ids is None and every.all and every.owns(7 << 22)
    assert Shards.of(Client(None, None)) == Shards.every()
    some = Shards.of(Client([1, 3], 4))
    assert some == Shards(frozenset({1, 3}), 4) and not some.all
    assert [some.owns(shard << 22) for shard in range(8)] == [False, True, False, True] * 2
    assert not some.owns(None), "a DM comes to shard 0's process"
    assert Shards(frozenset(range(4)), 4).all


async def test_a_process_without_shard_0_keeps_every_panel_out_of_dms(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Two processes of two shards: shard 0's keeps DM panels; shard 1's answers a request for
    one with the panel here and says why, offers no DM button, and ignores the server's DM
    default, because the clicks on a DM panel would reach the other process."""
    fake = fake_discord
    database = tmp_path / "shared.sqlite3"
    zero, one = (World.build(fake, f"Player {shard}", shard=shard) for shard in (0, 1))
    async with Store.open(database) as store:
        await store.guilds.update_settings(one.guild.id, dm_panels=True)
    first, second = (make_bot(fake, database, shard_ids=(shard,), shard_count=2) for shard in (0, 1))
    async with running_bot(fake, first), running_bot(fake, second):
        assert (first.runtime.shards.owns(None), second.runtime.shards.owns(None)) == (True, False)
        for world in (zero, one):
            await world.start_game(world.members[0], hands=1)
        assert second.runtime.tables.in_channel(one.channel.id) is not None
        assert first.runtime.tables.in_channel(one.channel.id) is None

        # Shard 1's server prefers DM panels: "My hand" opens it here all the same.
        (bob,) = one.members
        player = Player(bob)
        opened = await one.open_panel(player)
        assert opened.message is not None and opened.message.ephemeral
        assert not any(cid.endswith((":dm", ":here")) for cid in opened.message.custom_ids)
        asked = await bob.slash(one.channel, "mahjong hand", dm=True)
        await fake.wait_for(lambda: asked.message is not None and not asked.message.loading)
        assert asked.message is not None and asked.message.ephemeral
        assert "Hands cannot go to DMs on this server" in asked.message.text
        assert "Your hand" in asked.message.text
        assert fake.messages_in(fake.dm_channel(bob)) == []
        player.panel = asked.message
        await one.play([player], max_clicks=2)  # the panel plays as usual

        # Shard 0's process receives DMs: its panels offer them and go there.
        (alice,) = zero.members
        here = await zero.open_panel(Player(alice))
        assert here.message is not None and any(cid.endswith(":dm") for cid in here.message.custom_ids)
        by_dm = await alice.slash(zero.channel, "mahjong hand", dm=True)
        await fake.wait_for(lambda: by_dm.message is not None and "DMs" in by_dm.message.text)
        assert len(fake.messages_in(fake.dm_channel(alice))) == 1
