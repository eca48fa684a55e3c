"""Stored lobbies: saved after every change, replaced in place, deleted when closed."""

from __future__ import annotations

from bot.storage import Store


async def test_a_lobby_is_saved_replaced_and_deleted(store: Store) -> None:
    await store.save_lobby(11, 1, 100, {"id": 11, "players": [[5, "Alice"]]})
    await store.save_lobby(12, 1, 101, {"id": 12, "players": []})
    await store.save_lobby(11, 1, 100, {"id": 11, "players": [[5, "Alice"], [None, "CPU 1"]]})
    assert await store.lobbies() == [
        {"id": 11, "players": [[5, "Alice"], [None, "CPU 1"]]},
        {"id": 12, "players": []},
    ]
    await store.delete_lobby(11)
    await store.delete_lobby(99)  # unknown: no error
    assert [lobby["id"] for lobby in await store.lobbies()] == [12]
