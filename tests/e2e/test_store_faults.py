"""The store refusing writes for a while, through the fake Discord: the table pauses with a public
notice, no clock runs, clicks are told to wait; it carries on by itself once the store takes
writes again, and nothing accepted is lost or stored twice.

The faults are real SQLite errors on the bot's own store (see :mod:`tests.storefaults`): a disk
that is full (SQLITE_FULL) and a database another process holds locked (SQLITE_BUSY). The table's
clocks and its retries run on the fake's manual clock: the tests pass the seconds themselves
(``pass_time``), so a retry comes when its backoff says and a turn never runs out by accident.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import JantakuBot
from bot.engine.game import action_to_json
from bot.engine.record import replay
from bot.runtime import TableActor
from bot.runtime.customid import ActionId, action_args, parse
from bot.sandbox.fakediscord import PATIENCE, FakeDiscord, InteractionRecord, running_bot
from bot.sandbox.players import Player, World, action_buttons, action_kind
from bot.storage import GameStatus, LobbyRow, PlayerSeat
from tests.storage.helpers import sqlite_backend
from tests.storefaults import StoreFaults

from .helpers import Backoff, fix_seed, make_bot, pass_time, pass_time_until, player_in_seat, settle
from .spies import LogTrap

PAUSED = "Saving is failing, so the table is paused"
RESUMED = "Saving works again: the table carries on."
NEXT_TRY = re.compile(r"still refuses writes .*; next try in ([0-9.]+) s")
RETRY = Backoff(retry_seconds=0.2, retry_max_seconds=0.8)
"""The actor's backoff, short for tests: 0.2 s doubling to 0.8 s."""
LONGEST_RETRY = RETRY["retry_max_seconds"]


@pytest.fixture
async def faults_of() -> AsyncIterator[list[StoreFaults]]:
    made: list[StoreFaults] = []
    try:
        yield made
    finally:
        for faults in made:
            await faults.unlock()
            faults.close()


def _faults(bot: JantakuBot, made: list[StoreFaults]) -> StoreFaults:
    faults = StoreFaults(bot.store)
    made.append(faults)
    return faults


def _actor(bot: JantakuBot, world: World) -> TableActor:
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None
    return actor


def _count(world: World, text: str) -> int:
    return sum(text in message for message in world.public_texts())


async def _reply(fake: FakeDiscord, record: InteractionRecord) -> str:
    """The text the clicker was answered with (at once, or after a deferral)."""
    await record.wait_response()
    assert not record.failed, record.errors
    await fake.wait_for(lambda: any(m.text and not m.loading for m in record.messages))
    message = next(m for m in record.messages if m.text and not m.loading)
    assert message.ephemeral
    return message.text


def _decision_buttons(world: World, player: Player) -> list[str]:
    """The custom_ids of the player's decision buttons (not the vote to end, on offer at any time)."""
    return [button["custom_id"] for button in world.pending_button(player)]


async def _replays(bot: JantakuBot, actor: TableActor) -> list[dict[str, object]]:
    """The stored log, after checking that it rebuilds the game exactly as it was played."""
    logged = await bot.store.games.actions(actor.game_id)
    assert len(logged) == actor.game.sequence
    assert replay(await bot.store.games.record(actor.game_id)).state_hash() == actor.game.state_hash()
    return logged


@pytest.mark.slow
async def test_a_full_disk_pauses_the_table_stops_the_clocks_and_it_carries_on_losing_nothing(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults_of: list[StoreFaults]
) -> None:
    fix_seed(monkeypatch, 11)
    world = World.build(fake_discord, "Alice", "Bob")
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", **RETRY)
    async with running_bot(fake_discord, bot):
        alice, bob = world.members
        await world.start_game(alice, humans=[bob], cpus=1, variant="inage", hands=1, turn_seconds=5, bank_seconds=2)
        actor = _actor(bot, world)
        faults = _faults(bot, faults_of)
        players = {member.id: Player(member) for member in world.members}
        for player in players.values():
            await world.open_panel(player)
        humans = [seat for seat, state in enumerate(actor.seats) if not state.player.is_cpu]
        (cpu,) = (seat for seat, state in enumerate(actor.seats) if state.player.is_cpu)
        # (decision() also offers each seat its vote to end, at any moment: decisions() are the turns.)
        await fake_discord.wait_for(lambda: any(decision.seat in humans for decision in actor.decisions()))
        turner = next(decision.seat for decision in actor.decisions() if decision.seat in humans)
        (voter,) = (seat for seat in humans if seat != turner)
        thinking, voting = (player_in_seat(players, actor, seat) for seat in (turner, voter))
        await fake_discord.wait_for(lambda: bool(_decision_buttons(world, thinking)))
        assert voting.panel is not None
        vote = next(b["custom_id"] for b in action_buttons(voting.panel) if action_kind(b) == "vote_end")
        stored = len(await bot.store.games.actions(actor.game_id))

        # The disk fills; the other human votes to end (a move beside the turn's): it cannot be
        # saved, so the table pauses, publicly, and the vote is kept.
        await faults.fill_disk()
        answer = await _reply(fake_discord, await voting.member.click(voting.panel, vote))
        assert "Your move is kept" in answer
        await fake_discord.wait_for(lambda: _count(world, PAUSED) == 1, what="the pause notice")
        assert actor.paused
        decision = actor.decision(turner)
        assert decision is not None and decision.deadline is None  # no countdown while paused

        # Longer than the turn's 5 s (the least a table may set) and the 2 s bank together, the
        # store tried again and again meanwhile: the clock stands still.
        await pass_time(fake_discord, 8.0, bot)
        assert actor.decision(turner) == decision and actor.seats[turner].timeouts == 0
        assert not any("timed out" in text for text in world.public_texts())
        assert len(await bot.store.games.actions(actor.game_id)) == stored

        # A click during the pause is told to wait, and changes nothing.
        answer = await _reply(
            fake_discord, await thinking.member.click(thinking.shown_panel, _decision_buttons(world, thinking)[0])
        )
        assert "The table is paused while saving is failing, so nothing was changed" in answer
        assert len(await bot.store.games.actions(actor.game_id)) == stored and actor.decision(turner) == decision

        # Space again: the kept vote is stored (once), the table says so and carries on, and the
        # clock restarts with the seconds it had left (the pause charged to no bank).
        await faults.free_disk()
        await pass_time_until(
            fake_discord, lambda: _count(world, RESUMED) == 1, bot, within=LONGEST_RETRY, what="the resume notice"
        )
        logged = await bot.store.games.actions(actor.game_id)
        assert len(logged) == stored + 1
        assert (logged[stored]["type"], logged[stored]["seat"]) == ("vote_end", voter)
        resumed = actor.decision(turner)
        assert resumed is not None and resumed.seq == decision.seq and resumed.deadline is not None
        # The 5 s turn and the 2 s bank, all of it left: the pause cost the seat nothing.
        assert resumed.deadline - fake_discord.clock.time() == pytest.approx(7.0)
        assert any("votes to end" in text for text in world.public_texts())
        await fake_discord.wait_for(lambda: bool(_decision_buttons(world, thinking)))
        record = await thinking.member.click(thinking.shown_panel, _decision_buttons(world, thinking)[0])
        await record.wait_response()
        await fake_discord.wait_for(lambda: actor.sequence > stored + 1)
        assert (await bot.store.games.actions(actor.game_id))[stored + 1]["seat"] == turner  # the click, not a timeout
        # Had the pause counted, the turn's 5 s and the whole 2 s bank would be gone.
        assert actor.seats[turner].timeouts == 0 and actor.seats[turner].bank == 2.0

        # Now a CPU's move meets a full disk: the same pause, and the same move once there is room.
        await faults.fill_disk(when=f"json_extract(NEW.action, '$.seat') = {cpu}")
        thinking.clicked.clear()
        voting.clicked.clear()
        await world.play(list(players.values()), until=lambda: actor.paused)
        await fake_discord.wait_for(lambda: _count(world, PAUSED) == 2, what="the second pause notice")
        refused_at = len(await bot.store.games.actions(actor.game_id))
        assert refused_at == actor.sequence  # nothing of the CPU's move was kept
        await pass_time(fake_discord, 1.0, bot)  # tried again and again meanwhile
        await faults.free_disk()
        await pass_time_until(
            fake_discord, lambda: _count(world, RESUMED) == 2, bot, within=LONGEST_RETRY, what="the second resume"
        )
        await fake_discord.wait_for(lambda: actor.sequence > refused_at)
        assert (await bot.store.games.actions(actor.game_id))[refused_at]["seat"] == cpu

        await world.play(list(players.values()))
        assert world.game_over_text() is not None
        logged = await _replays(bot, actor)
        assert [action["seat"] for action in logged if action["type"] == "vote_end"] == [voter]


@pytest.mark.slow
async def test_a_lock_held_past_the_busy_timeout_pauses_the_table_and_a_short_one_does_not(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    faults_of: list[StoreFaults],
    log_trap: LogTrap,
) -> None:
    fix_seed(monkeypatch, 5)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", **RETRY)
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, hands=1)
        actor = _actor(bot, world)
        faults = _faults(bot, faults_of)
        player = Player(alice)
        await world.open_panel(player)
        await fake_discord.wait_for(lambda: bool(_decision_buttons(world, player)))

        # Another process holds the database, and lets go while the move waits for it (its busy
        # timeout far off, however slow the machine): the move is played; the table never pauses.
        await faults.busy_timeout(PATIENCE)
        stored = len(await bot.store.games.actions(actor.game_id))
        await settle(fake_discord, bot)  # no other write under way: the one that waits is the move's
        await faults.lock()
        click = asyncio.create_task(alice.click(player.shown_panel, _decision_buttons(world, player)[0]))
        await faults.writer_waits()
        await faults.unlock()
        record = await (await click).wait_response()
        assert not record.failed and record.response_type == 7, record.errors  # the panel, redrawn
        assert len(await bot.store.games.actions(actor.game_id)) > stored
        assert not actor.paused and _count(world, PAUSED) == 0

        # Held past the busy timeout: the move is refused and kept, the table pauses.
        await faults.busy_timeout(0.5)
        await fake_discord.wait_for(lambda: bool(_decision_buttons(world, player)))
        stored = len(await bot.store.games.actions(actor.game_id))
        kept = _decision_buttons(world, player)[0]
        await faults.lock()
        answer = await _reply(fake_discord, await alice.click(player.shown_panel, kept))
        assert "Your move is kept" in answer
        await fake_discord.wait_for(lambda: _count(world, PAUSED) == 1)
        await pass_time(fake_discord, 4.0, bot)  # several tries, each waiting out the busy timeout
        answer = await _reply(fake_discord, await alice.click(player.shown_panel, _decision_buttons(world, player)[-1]))
        assert "nothing was changed" in answer
        assert len(await bot.store.games.actions(actor.game_id)) == stored
        await faults.unlock()
        await pass_time_until(
            fake_discord, lambda: _count(world, RESUMED) == 1, bot, within=LONGEST_RETRY, what="the resume notice"
        )
        logged = await bot.store.games.actions(actor.game_id)
        assert len(logged) >= stored + 1 and logged[stored]["seat"] == actor.seat_of(alice.id)
        # Tried again after 0.2 s, then doubling the wait up to its bound of 0.8 s.
        waits = [float(m[1]) for r in log_trap.records if (m := NEXT_TRY.search(r.getMessage()))]
        assert waits[:3] == [0.4, 0.8, 0.8]

        player.clicked.clear()
        await world.play([player])
        assert world.game_over_text() is not None
        await _replays(bot, actor)


@pytest.mark.slow
async def test_a_refused_final_result_is_retried_until_it_lands(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults_of: list[StoreFaults]
) -> None:
    fix_seed(monkeypatch, 7)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", **RETRY)
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, hands=1)
        actor = _actor(bot, world)
        faults = _faults(bot, faults_of)
        # Only the final results need room the disk no longer has.
        await faults.fill_disk("final_results")
        player = Player(alice)
        await world.play([player], until=lambda: actor.game.outcome() is not None)
        await fake_discord.wait_for(lambda: _count(world, PAUSED) == 1, what="the pause notice")
        await pass_time(fake_discord, 2.0, bot)  # the write is tried again and again meanwhile
        # (A tuple compared, not ``not actor.finished``: mypy would keep that narrowing past the
        # awaits below, and call the check that the game finished unreachable.)
        assert (actor.paused, actor.finished, world.game_over_text()) == (True, False, None)
        row = await bot.store.games.get(actor.game_id)
        assert row.status is GameStatus.RUNNING and len(await bot.store.results.hands(actor.game_id)) == 1
        table = world.table_message()
        assert table is not None
        hand = next(cid for cid in table.custom_ids if cid.endswith(":hand"))
        record = await alice.click(table, hand)
        await record.wait_response()  # the panel still opens while paused

        await faults.free_disk()
        await pass_time_until(
            fake_discord, lambda: world.game_over_text() is not None, bot, within=LONGEST_RETRY, what="the standings"
        )
        assert _count(world, RESUMED) == 1 and actor.finished
        row = await bot.store.games.get(actor.game_id)
        assert row.status is GameStatus.FINISHED
        summary = (await bot.store.stats.history(world.guild.id, None, limit=1))[0]
        assert summary.game_id == actor.game_id and len(summary.results) == 4
        await _replays(bot, actor)


@pytest.mark.slow
async def test_a_refused_move_that_was_stored_after_all_is_played_once(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults_of: list[StoreFaults]
) -> None:
    """A write can report an error and still have landed; trying the same move again then finds it
    in the log at its number: it is played, neither stored twice nor dropped."""
    fix_seed(monkeypatch, 3)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", **RETRY)
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, hands=1)
        actor = _actor(bot, world)
        faults = _faults(bot, faults_of)
        player = Player(alice)
        await world.open_panel(player)
        await fake_discord.wait_for(lambda: bool(_decision_buttons(world, player)))
        seat, button = actor.seat_of(alice.id), parse(_decision_buttons(world, player)[0])
        assert isinstance(button, ActionId)
        decision = actor.decision(seat)
        assert decision is not None
        action = next(a for a in decision.actions if a.kind == button.kind and action_args(a) == button.args)

        await faults.fill_disk()
        answer = await _reply(fake_discord, await alice.click(player.shown_panel, button.custom_id))
        assert "Your move is kept" in answer
        # The write lands anyway (as one whose success was never reported would).
        with sqlite3.connect(sqlite_backend(bot.store).path) as other:
            other.execute(
                "INSERT INTO actions (game_id, seq, action, created_at, bank) VALUES (?, ?, ?, 0, ?)",
                (actor.game_id, button.seq, json.dumps(action_to_json(action)), actor.seats[seat].bank),
            )
        other.close()
        await faults.free_disk()
        await pass_time_until(
            fake_discord, lambda: _count(world, RESUMED) == 1, bot, within=LONGEST_RETRY, what="the resume notice"
        )
        await fake_discord.wait_for(lambda: actor.sequence > button.seq)
        logged = await bot.store.games.actions(actor.game_id)
        assert logged[button.seq] == json.loads(json.dumps(action_to_json(action)))

        player.clicked.clear()
        await world.play([player])
        assert world.game_over_text() is not None
        await _replays(bot, actor)


async def test_a_lobby_change_the_store_refuses_is_undone_and_the_clicker_told(
    fake_discord: FakeDiscord, tmp_path: Path, faults_of: list[StoreFaults]
) -> None:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        faults = _faults(bot, faults_of)

        # A lobby that cannot be stored is not opened.
        await faults.fill_disk("lobbies")
        record = await alice.slash(world.channel, "mahjong new", variant="nishoku")
        await record.wait_followups(1)
        assert "could not be saved" in record.followups[-1].text and record.followups[-1].ephemeral
        assert record.message is not None and not record.message.custom_ids  # closed, no buttons
        assert not bot.runtime.lobbies.has(world.channel.id) and await bot.store.tables.lobbies() == []
        await faults.free_disk()

        lobby = await world.open_table(alice)
        lobby_id = int(lobby.custom_ids[0].split(":")[2])
        # Someone else holds the database past the busy timeout: Bob's join cannot be stored, so
        # it is taken back, and the lobby message never shows it.
        await faults.busy_timeout(0.3)
        await faults.lock()
        edits = len(lobby.history)
        record = await bob.click(lobby, f"jt:lobby:{lobby_id}:join")
        assert "your change was undone" in await _reply(fake_discord, record)
        await faults.unlock()
        assert [p.name for p in bot.runtime.lobbies.get(lobby_id).players] == ["Alice"]
        assert len(lobby.history) == edits and "Bob" not in str(lobby.embeds)
        assert [p.name for p in await _stored_seats(bot)] == ["Alice"]

        # Leaving a lobby one is not in is still explained (nothing to undo there).
        record = await bob.click(lobby, f"jt:lobby:{lobby_id}:leave")
        assert "not in" in await _reply(fake_discord, record)

        # The store works again: the same click joins.
        record = await bob.click(lobby, f"jt:lobby:{lobby_id}:join")
        await record.wait_response()
        await fake_discord.wait_for(lambda: "Bob" in str(lobby.embeds))
        await settle(fake_discord, bot)  # the lobby is stored after the click is answered
        assert [p.name for p in await _stored_seats(bot)] == ["Alice", "Bob"]


@pytest.mark.slow
async def test_a_table_message_whose_id_cannot_be_stored_still_replaces_the_old_one(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults_of: list[StoreFaults]
) -> None:
    """After a hand the table moves below its result card; the new message's id is stored only for
    a restart, so a store that refuses it must not leave the old table message behind."""
    fix_seed(monkeypatch, 7)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        first = await world.start_game(alice, hands=2)
        actor = _actor(bot, world)
        faults = _faults(bot, faults_of)
        await settle(fake_discord, bot)  # the first table message's id is stored just after it is posted
        assert (await bot.store.games.get(actor.game_id)).message_id == first.id
        await faults.fill_disk("games", event="UPDATE", when="NEW.message_id IS NOT OLD.message_id")
        player = Player(alice)
        hands = len(actor.game.history)  # the starting points, then one line per hand
        await world.play([player], until=lambda: len(actor.game.history) > hands)
        await fake_discord.wait_for(lambda: world.table_message() is not first, what="the table moved")
        await settle(fake_discord, bot)
        tables = [
            m for m in fake_discord.messages_in(world.channel) if any(c.startswith("jt:table:") for c in m.custom_ids)
        ]
        assert tables == [world.table_message()]
        assert (await bot.store.games.get(actor.game_id)).message_id == first.id  # the store kept the old id
        assert not actor.paused  # the table's own writes were not refused
        await faults.free_disk()


def test_the_pause_notices_are_written_in_english_and_japanese() -> None:
    from bot.runtime.i18n import text

    for key in ("store_paused", "store_resumed", "table_paused", "move_kept", "lobby_save_failed"):
        assert text(key, "en-US") != text(key, "ja")
    assert PAUSED in text("store_paused", "en-US") and RESUMED in text("store_resumed", "en-US")


async def _stored_seats(bot: JantakuBot) -> tuple[PlayerSeat, ...]:
    """The seats of the one lobby the store holds."""
    (lobby,) = await bot.store.tables.lobbies()
    assert isinstance(lobby, LobbyRow)
    return lobby.players
