"""Reads and writes do not wait for each other: a slow leaderboard never holds up a table's
next action, and a long write never holds up ``/mahjong stats``.

SQLite lets an application function replace a built-in one, so the slow read here is the real
leaderboard query with a ``nullif()`` (its rates' divisor) that, when armed, holds its reader until
the test lets it go. What the tests show is then a matter of order, not of time: the append
finishes while the read is still held, two reads are held at once, a read finishes while a write
is held. However loaded the machine, nothing is measured against a clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Awaitable, Iterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.storage import GuildSettings, Store
from tests.storage.helpers import NISHOKU, FakeClock, human, lobby_row, play_out, sqlite_backend
from tests.waiting import PATIENCE, eventually


class HeldNullif:
    """SQLite's ``nullif(a, b)``, holding the next ``armed`` calls (from any connection, each on
    its connection's thread) until :meth:`release`."""

    def __init__(self) -> None:
        self._armed = 0
        self.held = 0
        """Calls held so far."""
        self.inside = 0
        self.most_inside = 0
        """The most calls that were inside the function at once."""
        self._changed = threading.Condition()
        self._released = threading.Event()

    def arm(self, times: int = 1) -> None:
        with self._changed:
            self._armed += times

    def __call__(self, a: Any, b: Any) -> Any:
        with self._changed:
            hold = self._armed > 0
            self._armed -= hold
            self.held += hold
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
            self._changed.notify_all()
        try:
            if hold:
                self._released.wait(PATIENCE)
            return None if a == b else a
        finally:
            with self._changed:
                self.inside -= 1

    async def wait_held(self, count: int = 1) -> None:
        """Until ``count`` calls are held at the same moment."""

        def held() -> bool:
            with self._changed:
                return self._changed.wait_for(lambda: self.inside >= count and self.held >= count, PATIENCE)

        assert await asyncio.to_thread(held), f"{count} reads were never held at once"

    def release(self) -> None:
        """Let every held call (and every later one) through."""
        self._released.set()


@pytest.fixture
def held_nullif(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldNullif]:
    """Every connection the store opens from now on gets the holding ``nullif``."""
    held = HeldNullif()
    real_connect = aiosqlite.connect

    async def connect(*args: Any, **kwargs: Any) -> aiosqlite.Connection:
        db = await real_connect(*args, **kwargs)
        await db.create_function("nullif", 2, held)
        return db

    monkeypatch.setattr(aiosqlite, "connect", connect)
    try:
        yield held
    finally:
        held.release()  # a failed test leaves no reader thread held


@pytest.fixture
async def slow_store(held_nullif: HeldNullif, db_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
    async with Store.open(db_path, clock=clock) as store:
        await play_out(store, [human(1), human(2)], [1, 2])  # a leaderboard with rows to rate
        yield store


async def new_game(store: Store, channel_id: int = 200) -> int:
    return await store.games.create(1, channel_id, "nishoku", NISHOKU, 1, [human(1)], host_id=1)


async def test_an_append_does_not_wait_for_a_slow_read(slow_store: Store, held_nullif: HeldNullif) -> None:
    game_id = await new_game(slow_store)
    held_nullif.arm()
    read = asyncio.create_task(slow_store.stats.leaderboard(1, "nishoku"))
    await held_nullif.wait_held()

    # Done while the read is still held: had it waited for the read, it would never finish.
    await asyncio.wait_for(
        slow_store.games.append_action(game_id, 0, {"type": "discard", "seat": 0, "tile": 5}), PATIENCE
    )
    assert not read.done()
    held_nullif.release()
    rows, total = await read
    assert (total, [row.user_id for row in rows]) == (2, [1, 2])
    assert await slow_store.games.actions(game_id) == [{"type": "discard", "seat": 0, "tile": 5}]


async def test_a_read_does_not_wait_for_a_write_in_progress(store: Store) -> None:
    """Every read-only method answers while a write transaction is held open, from the last
    committed state: the uncommitted change is invisible until the write commits."""
    await store.guilds.update_settings(7, turn_seconds=45)
    await play_out(store, [human(1), human(2)], [2, 1], guild_id=7)
    game_id = await store.games.create(7, 70, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    await store.games.append_action(game_id, 0, {"type": "discard", "seat": 0, "tile": 5}, bank=30.0)
    await store.tables.save_lobby(lobby_row(3, guild_id=7, channel_id=71))
    holding, release = asyncio.Event(), asyncio.Event()

    async def slow_write() -> None:
        async with store.backend.write() as db:
            await db.execute("UPDATE guild_settings SET turn_seconds = 99 WHERE guild_id = 7")
            await db.execute("DELETE FROM lobbies")
            holding.set()
            await release.wait()

    def reads() -> list[Awaitable[Any]]:
        return [
            store.guilds.settings(7),
            store.tables.lobbies(),
            store.games.get(game_id),
            store.games.unfinished(),
            store.games.unfinished(shard_ids=[0], shard_count=1),
            store.games.active_in_channel(70),
            store.games.actions(game_id),
            store.games.seat_banks(game_id),
            store.games.record(game_id),
            store.results.hands(game_id),
            store.results.rating(7, "nishoku", 1),
            store.stats.leaderboard(7, "nishoku"),
            store.stats.player_stats(7, 1),
            store.stats.history(7),
        ]

    writer = asyncio.create_task(slow_write())
    await holding.wait()
    try:
        # All answered while the write is still held open: none waited for it.
        settings, *others = await asyncio.wait_for(asyncio.gather(*reads()), PATIENCE)
        assert not writer.done()
    finally:
        release.set()
        await writer

    assert settings == GuildSettings(guild_id=7, turn_seconds=45)
    assert others[0] == [lobby_row(3, guild_id=7, channel_id=71)]
    assert (await store.guilds.settings(7)).turn_seconds == 99
    assert await store.tables.lobbies() == []


async def test_concurrent_reads_use_separate_connections(slow_store: Store, held_nullif: HeldNullif) -> None:
    held_nullif.arm(2)
    reads = asyncio.gather(slow_store.stats.leaderboard(1, "nishoku"), slow_store.stats.leaderboard(1, "nishoku"))
    await held_nullif.wait_held(2)  # side by side, not one after the other
    held_nullif.release()
    await reads


async def test_one_reader_takes_reads_in_turn(held_nullif: HeldNullif, db_path: Path) -> None:
    async with Store.open(db_path, readers=1) as store:
        await play_out(store, [human(1), human(2)], [1, 2])
        game_id = await new_game(store)
        held_nullif.arm(2)
        reads = asyncio.gather(store.stats.leaderboard(1, "nishoku"), store.stats.leaderboard(1, "nishoku"))
        await held_nullif.wait_held()
        backend = sqlite_backend(store)
        await eventually(lambda: backend._reads == 2)  # the second read has begun: it waits for the one reader
        assert backend._free.qsize() == 0 and held_nullif.held == 1
        # The queue of readers holds no writer back.
        await asyncio.wait_for(
            store.games.append_action(game_id, 0, {"type": "discard", "seat": 0, "tile": 5}), PATIENCE
        )
        held_nullif.release()
        await reads
        assert held_nullif.most_inside == 1


async def test_readers_only_read(sqlite_store: Store) -> None:
    assert len(sqlite_backend(sqlite_store)._readers) == 2
    for reader in sqlite_backend(sqlite_store)._readers:
        for pragma, expected in [("query_only", 1), ("busy_timeout", 5000), ("journal_mode", "wal")]:
            async with reader.execute(f"PRAGMA {pragma}") as cursor:
                row = await cursor.fetchone()
            assert row is not None
            assert row[0] == expected, pragma


async def test_the_pool_size_is_a_connect_argument(db_path: Path) -> None:
    async with Store.open(db_path, readers=3) as store:
        assert len(sqlite_backend(store)._readers) == 3
    with pytest.raises(ValueError, match="readers"):
        await Store.connect(db_path, readers=-1)


async def test_no_readers_reads_on_the_writer(db_path: Path) -> None:
    async with Store.open(db_path, readers=0) as store:
        assert sqlite_backend(store)._readers == ()
        await store.guilds.update_settings(7, turn_seconds=45)
        assert (await store.guilds.settings(7)).turn_seconds == 45


async def test_an_in_memory_store_reads_its_own_writes() -> None:
    """``:memory:`` is one database per connection: reads must stay on the writer's."""
    async with Store.open(":memory:", readers=2) as store:
        assert sqlite_backend(store)._readers == ()
        await store.guilds.update_settings(7, turn_seconds=45)
        game_id = await new_game(store)
        assert (await store.guilds.settings(7)).turn_seconds == 45
        assert [game.id for game in await store.games.unfinished()] == [game_id]


async def test_close_waits_for_reads_in_flight_and_later_reads_fail(slow_store: Store, held_nullif: HeldNullif) -> None:
    held_nullif.arm()
    read = asyncio.create_task(slow_store.stats.leaderboard(1, "nishoku"))
    await held_nullif.wait_held()
    closing = asyncio.create_task(slow_store.close())
    await eventually(lambda: sqlite_backend(slow_store)._closed)  # the close has begun, the read still held
    assert not closing.done()
    held_nullif.release()
    await closing
    _, total = await read
    assert total == 2
    with pytest.raises(ValueError, match="closed"):
        await asyncio.wait_for(slow_store.guilds.settings(1), PATIENCE)
    await slow_store.close()  # twice is harmless (the fixture closes it again)


async def test_a_cancelled_read_gives_its_reader_back(slow_store: Store, held_nullif: HeldNullif) -> None:
    held_nullif.arm()
    read = asyncio.create_task(slow_store.stats.leaderboard(1, "nishoku"))
    await held_nullif.wait_held()
    read.cancel()
    held_nullif.release()  # the query runs on in its thread; the cancelled read ends once it has
    with pytest.raises(asyncio.CancelledError):
        await read
    assert sqlite_backend(slow_store)._free.qsize() == len(sqlite_backend(slow_store)._readers)
    settings = await asyncio.gather(*(slow_store.guilds.settings(guild) for guild in range(6)))
    assert [s.guild_id for s in settings] == list(range(6))


async def test_close_lets_reads_queued_for_a_reader_finish(held_nullif: HeldNullif, db_path: Path) -> None:
    store = await Store.connect(db_path, readers=1)
    try:
        await store.guilds.update_settings(7, turn_seconds=45)
        await play_out(store, [human(1), human(2)], [1, 2], guild_id=7)
        held_nullif.arm()
        slow = asyncio.create_task(store.stats.leaderboard(7, "nishoku"))
        await held_nullif.wait_held()
        queued = [asyncio.create_task(store.guilds.settings(7)) for _ in range(3)]
        backend = sqlite_backend(store)
        await eventually(lambda: backend._reads == 4, "each queued read waiting for the one reader")
        closing = asyncio.create_task(store.close())
        await eventually(lambda: backend._closed, "the close to begin")
        held_nullif.release()
        await asyncio.wait_for(closing, PATIENCE)
        _, total = await slow
        assert total == 2
        assert [(await read).turn_seconds for read in queued] == [45, 45, 45]
    finally:
        await store.close()


@pytest.mark.parametrize("yields", range(6))
async def test_a_write_cancelled_at_any_point_leaves_the_store_writable(store: Store, yields: int) -> None:
    """Cancelled while its BEGIN, a statement or its COMMIT is still queued, a write must not leave
    a transaction open behind it: on SQLite the next write's BEGIN would fail, and so would every
    write after it, for the rest of the process."""
    await store.guilds.update_settings(7, turn_seconds=45)
    cancelled = asyncio.create_task(store.guilds.update_settings(7, turn_seconds=50))
    for _ in range(yields):
        await asyncio.sleep(0)
    cancelled.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await cancelled
    await asyncio.wait_for(store.guilds.update_settings(7, turn_seconds=60), PATIENCE)
    game_id = await asyncio.wait_for(new_game(store), PATIENCE)
    assert (await store.guilds.settings(7)).turn_seconds == 60
    assert game_id in [game.id for game in await store.games.unfinished()]
