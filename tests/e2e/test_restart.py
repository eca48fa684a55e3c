"""A restart in the middle of a hand: a new bot on the same database carries on from the exact
action."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.runtime.presenter import DiscordPresenter
from bot.storage import GameStatus, Store

from .fakediscord import FakeDiscord, running_bot
from .helpers import Player, World, make_bot


async def test_restart_mid_hand_continues_from_the_exact_action(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    player = Player(alice)

    first = make_bot(fake_discord, database)
    async with running_bot(fake_discord, first):
        # The table's own clock (not the server's 30 + 60 s) must survive the restart too.
        old_table = await world.start_game(alice, hands=2, turn_seconds=40, bank_seconds=100)
        actor = first.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        await world.play([player], seconds=60, max_clicks=5)
        seat = actor.seat_of(alice.id)
        await fake_discord.wait_for(lambda: bool(world.pending_button(player)), timeout=10)
        # Think for 65 s on one decision: 25 s come out of the 100 s bank.
        fake_discord.clock.advance(65)
        await world.play([player], seconds=60, max_clicks=1)
        await fake_discord.wait_for(lambda: bool(world.pending_button(player)), timeout=10)
        bank = actor.seats[seat].bank
        assert 70 <= bank <= 75, bank
        assert actor.decision(seat) is not None
        assert actor.game.public_view().tiles_left > 0, "still in the first hand"
        game_id, sequence, state = actor.game_id, actor.sequence, actor.game.state_hash()
        decision = actor.decision(seat)
        old_table = world.table_message() or old_table
    assert first.is_closed()

    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        resumed = second.runtime.tables.in_channel(world.channel.id)
        assert resumed is not None and resumed is not actor
        assert (resumed.game_id, resumed.sequence) == (game_id, sequence)
        assert resumed.game.state_hash() == state
        assert resumed.timers == actor.timers
        assert (resumed.timers.turn_seconds, resumed.timers.bank_seconds) == (40, 100)
        assert resumed.seats[seat].bank == bank
        again = resumed.decision(seat)
        assert again is not None and decision is not None
        assert (again.seq, again.actions) == (decision.seq, decision.actions)

        # The table is posted again (the old message retired) with a notice.
        # The new message is posted first, then the old one deleted (after the store has the new one).
        await fake_discord.wait_for(lambda: (t := world.table_message()) is not None and t is not old_table)
        await fake_discord.wait_for(lambda: old_table.deleted, timeout=10, what="the old table message to go")
        assert any(f"continues from move #{sequence}" in text for text in world.public_texts())

        # The panel from before the restart still works: its buttons are for the same decision.
        await world.play([player], seconds=120)
        assert world.game_over_text() is not None

    async with Store.open(database) as store:
        row = await store.game(game_id)
        assert row.status is GameStatus.FINISHED
        assert row.action_count > sequence
        assert len(await store.hands(game_id)) == 2


async def test_a_lobby_survives_a_restart_with_its_players_and_buttons(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Players gathering for a table lose nothing when the bot restarts: the same lobby message's
    buttons still work, with the same seats and settings, and starting it starts that table."""
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    database = tmp_path / "db.sqlite3"

    first = make_bot(fake_discord, database)
    async with running_bot(fake_discord, first):
        lobby = await world.open_table(alice, "inage", hands=1, turn_seconds=45)
        lobby_id = lobby.custom_ids[0].split(":")[2]
        joined = await bob.click(lobby, f"jt:lobby:{lobby_id}:join")
        assert joined.response_type == 7, joined.errors

    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        restored = second.runtime.lobbies.in_channel(world.channel.id)
        assert [p.name for p in restored.players] == ["Alice", "Bob"]
        assert restored.settings["hands"] == 1 and restored.timers.turn_seconds == 45
        busy = await alice.slash(world.channel, "mahjong new nishoku")
        assert busy.message is not None and busy.message.ephemeral  # the channel is still taken
        cpu = await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        assert cpu.response_type == 7, cpu.errors
        start = await alice.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert start.response_type == 7, start.errors
        await fake_discord.wait_for(lambda: world.table_message() is not None, what="the table")
        actor = second.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and sorted(actor.names) == ["Alice", "Bob", "CPU 1"]
        assert actor.timers.turn_seconds == 45
        assert await second.store.lobbies() == []


async def test_an_end_that_died_with_the_process_is_shown_after_the_restart(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result is stored, then the process dies before the game-over message is posted (the
    crash soak found tables left offering "My hand" with no end shown): the next process posts
    the final table and the standings, once."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    # The process "dies" between the stored result and its end on screen: nothing gets posted.
    monkeypatch.setattr(DiscordPresenter, "game_over", lambda self, outcome, summary: None)
    first = make_bot(fake_discord, database)
    async with running_bot(fake_discord, first):
        await world.start_game(alice, hands=1)
        actor = first.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game_id = actor.game_id
        await world.play([Player(alice)], until=lambda: actor.finished, seconds=120)
    async with Store.open(database) as store:
        assert (await store.game(game_id)).status is GameStatus.FINISHED
        assert [summary.game_id for summary in await store.unshown_ends()] == [game_id]
    assert world.game_over_text() is None
    stale_table = world.table_message()
    assert stale_table is not None and any(cid.endswith(":hand") for cid in stale_table.custom_ids)

    monkeypatch.undo()
    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        assert second.runtime.tables.in_channel(world.channel.id) is None  # nothing to resume
        await fake_discord.wait_for(lambda: world.game_over_text() is not None, timeout=10, what="the end")
        over = world.game_over_text()
        assert over is not None and f"Game #{game_id} is over" in over
        await fake_discord.wait_for(lambda: stale_table.deleted, timeout=10, what="the stale table to go")
        assert await second.store.unshown_ends() == []
    third = make_bot(fake_discord, database)
    async with running_bot(fake_discord, third):
        ends = [text for text in world.public_texts() if f"Game #{game_id} is over" in text]
        assert len(ends) == 1  # shown once: the next start has nothing more to show
