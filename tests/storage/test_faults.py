"""The store when SQLite refuses writes (a full disk, a locked database): a refused write leaves
nothing behind, the same write lands once the store works again, and it can never land twice."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator

import pytest

from bot.storage import ActionOrderError, Store
from tests.storage.helpers import NISHOKU, human
from tests.storefaults import StoreFaults
from tests.waiting import PATIENCE


def discard(seat: int, tile: int) -> dict[str, object]:
    return {"type": "discard", "seat": seat, "tile": tile}


@pytest.fixture
def store(sqlite_store: Store) -> Store:
    """These faults are SQLite's own (a page limit, a file lock)."""
    return sqlite_store


@pytest.fixture
async def faults(store: Store) -> AsyncIterator[StoreFaults]:
    made = StoreFaults(store)
    try:
        yield made
    finally:
        await made.unlock()
        made.close()


async def new_game(store: Store) -> int:
    return await store.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)


async def test_a_full_disk_refuses_an_action_which_lands_once_space_is_freed_and_only_once(
    store: Store, faults: StoreFaults
) -> None:
    game_id = await new_game(store)
    await store.games.append_action(game_id, 0, discard(0, 5))
    await faults.fill_disk("actions")
    for _ in range(3):  # however often it is tried
        with pytest.raises(sqlite3.OperationalError, match="database or disk is full") as refused:
            await store.games.append_action(game_id, 1, discard(0, 6), bank=12.5)
        assert refused.value.sqlite_errorcode == sqlite3.SQLITE_FULL
    assert await store.games.actions(game_id) == [discard(0, 5)]
    # Reads and writes that need no room still work on a full disk.
    await store.tables.set_message(game_id, 777)
    assert (await store.games.get(game_id)).message_id == 777

    await faults.free_disk()
    await store.games.append_action(game_id, 1, discard(0, 6), bank=12.5)
    # The store's one-action-per-number rule is what keeps a retried write from landing twice.
    with pytest.raises(ActionOrderError, match="already has action 1"):
        await store.games.append_action(game_id, 1, discard(0, 6), bank=12.5)
    assert await store.games.actions(game_id) == [discard(0, 5), discard(0, 6)]
    assert await store.games.seat_banks(game_id) == {0: 12.5}


async def test_a_full_disk_can_refuse_one_seat_s_actions_only(store: Store, faults: StoreFaults) -> None:
    game_id = await new_game(store)
    await faults.fill_disk("actions", when="json_extract(NEW.action, '$.seat') = 2")
    await store.games.append_action(game_id, 0, discard(1, 5))
    with pytest.raises(sqlite3.OperationalError, match="database or disk is full"):
        await store.games.append_action(game_id, 1, discard(2, 6))
    await faults.free_disk()
    await store.games.append_action(game_id, 1, discard(2, 6))
    assert len(await store.games.actions(game_id)) == 2


async def test_a_lock_past_the_busy_timeout_refuses_a_write_and_a_shorter_one_only_delays_it(
    store: Store, faults: StoreFaults
) -> None:
    game_id = await new_game(store)
    await faults.busy_timeout(0.4)

    await faults.lock()
    began = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="database is locked") as refused:
        await store.games.append_action(game_id, 0, discard(0, 5))
    assert refused.value.sqlite_errorcode == sqlite3.SQLITE_BUSY
    assert time.monotonic() - began >= 0.35  # it waited out the busy timeout first
    assert await store.games.actions(game_id) == []  # readers are not held up by the lock
    await faults.unlock()

    # A lock that clears within the busy timeout (a long one here, however slow the machine)
    # only delays the write: let go of it once the write waits for it.
    await faults.busy_timeout(PATIENCE)
    await faults.lock()
    write = asyncio.create_task(store.games.append_action(game_id, 0, discard(0, 5)))
    await faults.writer_waits()
    assert not write.done()
    await faults.unlock()
    await write
    assert await store.games.actions(game_id) == [discard(0, 5)]
