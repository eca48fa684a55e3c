"""A restart in the middle of a hand: a new bot on the same database carries on from the exact
action."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.engine.variants.zuno.state import ZunoPhase
from bot.runtime.actor import TableActor
from bot.sandbox.fakediscord import PATIENCE, FakeDiscord, running_bot
from bot.sandbox.players import Player, World, action_kind
from bot.storage import GameStatus, OpenTables, Store
from bot.ui.presenter import DiscordPresenter

from .helpers import fix_seed, make_bot, pass_time, settle
from .spies import LogTrap


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
        await world.play([player], max_clicks=5)
        seat = actor.seat_of(alice.id)
        await fake_discord.wait_for(lambda: bool(world.pending_button(player)))
        # Think for 65 s on one decision (the clock moves only when the test says): 25 s come out
        # of the 100 s bank, exactly.
        await pass_time(fake_discord, 65, first)
        await world.play([player], max_clicks=1)
        await fake_discord.wait_for(lambda: bool(world.pending_button(player)))
        bank = actor.seats[seat].bank
        assert bank == 75, bank
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
        await fake_discord.wait_for(lambda: old_table.deleted, what="the old table message to go")
        assert any(f"continues from move #{sequence}" in text for text in world.public_texts())

        # The panel from before the restart still works: its buttons are for the same decision.
        await world.play([player])
        assert world.game_over_text() is not None

    async with Store.open(database) as store:
        row = await store.games.get(game_id)
        assert row.status is GameStatus.FINISHED
        assert row.action_count > sequence
        assert len(await store.results.hands(game_id)) == 2


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
        assert restored.settings.to_json()["hands"] == 1 and restored.timers.turn_seconds == 45
        busy = await alice.slash(world.channel, "mahjong new", variant="nishoku")
        assert busy.message is not None and busy.message.ephemeral  # the channel is still taken
        cpu = await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        assert cpu.response_type == 7, cpu.errors
        start = await alice.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert start.response_type == 7, start.errors
        await fake_discord.wait_for(lambda: world.table_message() is not None, what="the table")
        actor = second.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and sorted(actor.names) == ["Alice", "Bob", "CPU 1"]
        assert actor.timers.turn_seconds == 45
        assert await second.store.tables.lobbies() == []


async def test_a_lobby_the_store_cannot_read_back_is_dropped_and_the_others_come_back(
    fake_discord: FakeDiscord, tmp_path: Path, log_trap: LogTrap
) -> None:
    """A stored lobby this release cannot read (here a setting it no longer has) is deleted and
    said so; it hides no other lobby, which comes back as it was."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    other = World(fake_discord, world.guild, world.guild.add_text_channel("other"), world.members)
    database = tmp_path / "db.sqlite3"

    first = make_bot(fake_discord, database)
    async with running_bot(fake_discord, first):
        await world.open_table(alice, "inage", hands=1)
        await other.open_table(alice, "nishoku")
        damaged = first.runtime.lobbies.in_channel(world.channel.id).id
    async with Store.open(database) as store, store.backend.write() as db:
        row = await db.fetchrow("SELECT data FROM lobbies WHERE id = :id", {"id": damaged})
        assert row is not None
        data = json.loads(row["data"])
        data["settings"]["gone_since"] = True
        await db.execute("UPDATE lobbies SET data = :data WHERE id = :id", {"data": json.dumps(data), "id": damaged})

    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        assert not second.runtime.lobbies.has(world.channel.id)
        assert second.runtime.lobbies.in_channel(other.channel.id).variant == "nishoku"
        assert [lobby.id for lobby in await second.store.tables.lobbies()] == [
            second.runtime.lobbies.in_channel(other.channel.id).id
        ]
    errors = [r.getMessage() for r in log_trap.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].startswith("a stored lobby cannot be read") and "gone_since" in errors[0]


async def test_zuno_buttons_of_an_untouched_declare_decision_still_work_after_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Two humans in ずーの's declare phase; Alice locks her discard, the bot restarts: Bob's
    panel from before the restart is for the same decision, so its buttons still play."""
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    database = tmp_path / "db.sqlite3"
    players = [Player(alice), Player(bob)]

    first = make_bot(fake_discord, database)
    async with running_bot(fake_discord, first):
        await world.start_game(alice, variant="zuno", humans=[bob], cpus=2, turn_seconds=600)
        actor = first.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game: Any = actor.game
        await world.play(players, until=lambda: game.phase == ZunoPhase.DECLARE)
        await fake_discord.wait_for(lambda: all(world.pending_button(p) for p in players))
        first_seq = {p.member.name: actor.decision(actor.seat_of(p.member.id)) for p in players}
        alices = [b for b in world.pending_button(players[0]) if action_kind(b) == "discard"]
        await world.play([players[0]], max_clicks=1, policy=lambda buttons, rng: alices[0])
        bob_decision = actor.decision(actor.seat_of(bob.id))
        assert bob_decision is not None and bob_decision == first_seq["Bob"]
        assert actor.sequence > bob_decision.seq, "Alice's lock moved the game on"
        await settle(fake_discord, first)
        bobs = [b for b in world.pending_button(players[1]) if action_kind(b) == "discard"]
        assert bobs and all(f":{bob_decision.seq}:" in b["custom_id"] for b in bobs)

    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        resumed = second.runtime.tables.in_channel(world.channel.id)
        assert resumed is not None
        again = resumed.decision(resumed.seat_of(bob.id))
        assert again is not None and (again.seq, again.actions) == (bob_decision.seq, bob_decision.actions)
        panel = players[1].panel
        assert panel is not None
        at = resumed.sequence
        record = await bob.click(panel, bobs[0]["custom_id"])
        await record.wait_response()
        assert record.response_type in (6, 7), [m.text for m in record.messages]
        await fake_discord.wait_for(lambda: resumed.sequence > at)
        game_id = resumed.game_id
    async with Store.open(database) as store:
        played = (await store.games.record(game_id)).actions[at]
    assert (played["type"], played["seat"]) == ("discard", actor.seat_of(bob.id)), played


ALICE_DEALS = 1
"""A table seed that seats the lobby's first player (Alice) as the dealer."""


async def _alice_discards_then_restart(
    fake_discord: FakeDiscord,
    database: Path,
    world: World,
    player: Player,
    monkeypatch: pytest.MonkeyPatch,
    *,
    dm: bool = False,
) -> tuple[int, int]:
    """Alice opens her panel and discards; the bot stops while the CPUs think (a CPU delay the
    test never lets pass). Returns (game id, Alice's seat)."""
    fix_seed(monkeypatch, ALICE_DEALS)
    first = make_bot(fake_discord, database, cpu_delay=30.0)
    async with running_bot(fake_discord, first):
        await world.start_game(player.member, hands=1)
        actor = first.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        if dm:
            record = await player.member.slash(world.channel, "mahjong hand", dm=True)
            await record.wait_response()
            await fake_discord.wait_for(lambda: bool(fake_discord.messages_in(fake_discord.dm_channel(player.member))))
            player.panel = fake_discord.messages_in(fake_discord.dm_channel(player.member))[-1]
        await fake_discord.wait_for(lambda: actor.decision(0) is not None)
        seat = actor.seat_of(player.member.id)
        # Alice is the dealer: her first discard hands the turn to the CPUs.
        assert seat == 0
        await world.play([player], max_clicks=1)
        await fake_discord.wait_for(lambda: actor.decision(seat) is None)
        await settle(fake_discord, first)
        assert player.panel is not None and not world.pending_button(player)
        return actor.game_id, seat


async def _shows_her_turn(fake: FakeDiscord, world: World, actor: TableActor, player: Player, what: str) -> None:
    """Wait until the player's panel offers buttons of the dealer's current decision."""
    await fake.wait_for(
        lambda: (
            (decision := actor.decision(0)) is not None
            and any(f":{decision.seq}:" in b["custom_id"] for b in world.pending_button(player))
        ),
        what=what,
    )


async def test_an_open_panel_is_edited_by_the_new_process_after_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice discards, the bot restarts while the CPUs think, the CPUs play: her ephemeral panel
    from before the restart (the same message, through its stored token) shows her turn, and she
    plays the hand out on it without pressing My hand."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    player = Player(alice)
    await _alice_discards_then_restart(fake_discord, database, world, player, monkeypatch)
    panel = player.panel
    assert panel is not None

    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        resumed = second.runtime.tables.in_channel(world.channel.id)
        assert resumed is not None
        await _shows_her_turn(fake_discord, world, resumed, player, "Alice's panel to show her turn")
        assert player.panel is panel
        assert not any(f"<@{alice.id}>" in text for text in world.public_texts()), "reachable: no mention"
        await world.play([player])
        assert world.game_over_text() is not None
    assert player.panel is panel


async def test_a_panel_whose_token_expired_during_the_restart_is_mentioned_in_the_notice(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot is down longer than a token lives: the resume notice mentions Alice so that she
    presses My hand, and her decision waits on a fresh clock."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    player = Player(alice)
    await _alice_discards_then_restart(fake_discord, database, world, player, monkeypatch)
    # Sixteen minutes pass for Discord and for the bot (both run on the fake's clock).
    fake_discord.advance_clock(16 * 60)
    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        resumed = second.runtime.tables.in_channel(world.channel.id)
        assert resumed is not None
        await fake_discord.wait_for(
            lambda: any(f"<@{alice.id}>" in text and "My hand" in text for text in world.public_texts()),
            what="the resume notice to mention Alice",
        )
        posts = fake_discord.requests_to("POST", "/channels/{channel_id}/messages")
        notice = next(r.body for r in posts if f"<@{alice.id}>" in str(r.body.get("content")))
        # It pings Alice and nobody else.
        assert notice["allowed_mentions"] == {"parse": [], "users": [alice.id]}, notice["allowed_mentions"]
        await fake_discord.wait_for(lambda: resumed.decision(0) is not None)
        await world.open_panel(player)
        await world.play([player])
        assert world.game_over_text() is not None


async def test_a_dm_panel_is_edited_by_the_new_process_after_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    player = Player(alice)
    await _alice_discards_then_restart(fake_discord, database, world, player, monkeypatch, dm=True)
    fake_discord.advance_clock(16 * 60)  # a DM panel needs no token
    dm = player.panel
    assert dm is not None and dm.channel is fake_discord.dm_channel(alice)

    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        resumed = second.runtime.tables.in_channel(world.channel.id)
        assert resumed is not None
        await _shows_her_turn(fake_discord, world, resumed, player, "Alice's DM panel to show her turn")
        assert fake_discord.messages_in(fake_discord.dm_channel(alice)) == [dm]
        assert not any(f"<@{alice.id}>" in text for text in world.public_texts())


@pytest.mark.slow
async def test_an_end_that_died_with_the_process_is_shown_after_the_restart(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result is stored, then the process dies before the game-over message is posted (the
    crash soak found tables left offering "My hand" with no end shown): the next process posts
    the final table and the standings, once."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    # The process "dies" between the stored result and its end on screen: nothing gets posted,
    # not even a redraw of the table still queued from the last moves (on a busy machine it
    # comes after the end and would draw the finished table).
    monkeypatch.setattr(DiscordPresenter, "game_over", lambda self, snapshot, outcome, summary: None)
    draw_table = DiscordPresenter._draw_table

    async def draw_until_the_end(self: DiscordPresenter, *, over: bool = False) -> None:
        if not self._snapshot.finished:
            await draw_table(self, over=over)

    monkeypatch.setattr(DiscordPresenter, "_draw_table", draw_until_the_end)
    first = make_bot(fake_discord, database)
    async with running_bot(fake_discord, first):
        await world.start_game(alice, hands=1)
        actor = first.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game_id = actor.game_id
        await world.play([Player(alice)], until=lambda: actor.finished)
    async with Store.open(database) as store:
        assert (await store.games.get(game_id)).status is GameStatus.FINISHED
        assert [summary.game_id for summary in await store.results.unshown_ends()] == [game_id]
    assert world.game_over_text() is None
    stale_table = world.table_message()
    assert stale_table is not None and any(cid.endswith(":hand") for cid in stale_table.custom_ids)

    monkeypatch.undo()
    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        assert second.runtime.tables.in_channel(world.channel.id) is None  # nothing to resume
        await fake_discord.wait_for(lambda: world.game_over_text() is not None, what="the end")
        over = world.game_over_text()
        assert over is not None and f"Game #{game_id} is over" in over
        await fake_discord.wait_for(lambda: stale_table.deleted, what="the stale table to go")
        # The end is marked shown just after its last message is sent: settled, that is written.
        await settle(fake_discord, second)
        assert not await second.store.results.unshown_ends(), "the end was shown but never marked so"
    third = make_bot(fake_discord, database)
    async with running_bot(fake_discord, third):
        ends = [text for text in world.public_texts() if f"Game #{game_id} is over" in text]
        assert len(ends) == 1  # shown once: the next start has nothing more to show


async def test_a_table_message_posted_as_the_bot_shuts_down_still_has_its_id_stored(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shut down between posting a table message and storing its id (the worker is cancelled
    there): the id is stored all the same and the message before it retired, so the next
    process retires the right one instead of leaving a stale table offering "My hand" (CI saw
    test_an_end_that_died_with_the_process_is_shown_after_the_restart lose that race)."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    storing, shutting_down = asyncio.Event(), asyncio.Event()
    store_message, close_presenter = OpenTables.set_message, DiscordPresenter.close

    async def slow_store(self: OpenTables, game_id: int, message_id: int) -> None:
        storing.set()
        await shutting_down.wait()  # still being stored when the shutdown begins
        await store_message(self, game_id, message_id)

    async def close(self: DiscordPresenter) -> None:
        shutting_down.set()
        await close_presenter(self)

    monkeypatch.setattr(DiscordPresenter, "close", close)
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, hands=1)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        presenter = bot.runtime.tables.presenter(actor)
        await settle(fake_discord, bot)  # the table drawn, posted, and its id stored
        first_table = world.table_message()
        assert first_table is not None and presenter.message_id == first_table.id
        assert (await bot.runtime.store.games.get(actor.game_id)).message_id == first_table.id
        monkeypatch.setattr(OpenTables, "set_message", slow_store)
        # What a hand's result card does: the table is posted again below it.
        presenter.redraw(repost=True)
        await asyncio.wait_for(storing.wait(), PATIENCE)
        # The bot shuts down now, while the new message's id is being stored.
    new_table = world.table_message()
    assert new_table is not None and new_table.id != first_table.id
    async with Store.open(database) as store:
        assert (await store.games.get(actor.game_id)).message_id == new_table.id
    assert first_table.deleted
