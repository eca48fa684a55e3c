"""Stored lobbies: saved after every change, replaced in place, deleted when closed."""

from __future__ import annotations

import asyncio

from bot.storage import Store


async def test_a_lobby_is_saved_replaced_and_deleted(store: Store) -> None:
    await store.tables.save_lobby(11, 1, 100, {"id": 11, "players": [[5, "Alice"]]})
    await store.tables.save_lobby(12, 1, 101, {"id": 12, "players": []})
    await store.tables.save_lobby(11, 1, 100, {"id": 11, "players": [[5, "Alice"], [None, "CPU 1"]]})
    assert await store.tables.lobbies() == [
        {"id": 11, "players": [[5, "Alice"], [None, "CPU 1"]]},
        {"id": 12, "players": []},
    ]
    await store.tables.delete_lobby(11)
    await store.tables.delete_lobby(99)  # unknown: no error
    assert [lobby["id"] for lobby in await store.tables.lobbies()] == [12]


async def test_saves_of_one_lobby_at_once_land_in_the_order_they_were_asked_for(store: Store) -> None:
    """A new lobby saved twice at once (it opens, and a quick Add CPU): neither save fails on the
    channel's unique key, and the later state is the one kept, however the database schedules them."""
    for lobby_id in range(20, 40):
        states = [
            {"id": lobby_id, "players": [[5, "Alice"]] + [[None, f"CPU {n}"] for n in range(k)]} for k in range(4)
        ]
        await asyncio.gather(*(store.tables.save_lobby(lobby_id, 1, 1000 + lobby_id, state) for state in states))
        assert (await store.tables.lobbies())[-1] == states[-1]
    await asyncio.gather(store.tables.save_lobby(50, 1, 2000, {"id": 50}), store.tables.delete_lobby(50))
    assert 50 not in [lobby["id"] for lobby in await store.tables.lobbies()]
