"""Stored lobbies: saved after every change, replaced in place, deleted when closed; their settings
written as JSON by the store alone and read back as the variant's settings dataclass."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.engine.variants.inage.settings import InageSettings
from bot.storage import LobbyRow, PlayerSeat, Store, UnreadableLobby
from tests.storage.helpers import lobby_row

ALICE = PlayerSeat.human(5, "Alice")


async def test_a_lobby_is_saved_replaced_and_deleted(store: Store) -> None:
    await store.tables.save_lobby(lobby_row(11, players=[ALICE]))
    await store.tables.save_lobby(lobby_row(12, channel_id=101))
    await store.tables.save_lobby(lobby_row(11, players=[ALICE, PlayerSeat.cpu("CPU 1")]))
    assert await store.tables.lobbies() == [
        lobby_row(11, players=[ALICE, PlayerSeat.cpu("CPU 1")]),
        lobby_row(12, channel_id=101),
    ]
    await store.tables.delete_lobby(11)
    await store.tables.delete_lobby(99)  # unknown: no error
    assert [lobby.id for lobby in await store.tables.lobbies()] == [12]


async def test_saves_of_one_lobby_at_once_land_in_the_order_they_were_asked_for(store: Store) -> None:
    """A new lobby saved twice at once (it opens, and a quick Add CPU): neither save fails on the
    channel's unique key, and the later state is the one kept, however the database schedules them."""
    for lobby_id in range(20, 40):
        states = [
            lobby_row(
                lobby_id, channel_id=1000 + lobby_id, players=[ALICE, *(PlayerSeat.cpu(f"CPU {n}") for n in range(k))]
            )
            for k in range(4)
        ]
        await asyncio.gather(*(store.tables.save_lobby(state) for state in states))
        assert (await store.tables.lobbies())[-1] == states[-1]
    await asyncio.gather(store.tables.save_lobby(lobby_row(50, channel_id=2000)), store.tables.delete_lobby(50))
    assert 50 not in [lobby.id for lobby in await store.tables.lobbies()]


async def test_the_settings_come_back_as_the_variant_s_dataclass(store: Store) -> None:
    chosen = InageSettings(end="hands", hands=4, points_table="1:8,2:12", hints=False)
    await store.tables.save_lobby(lobby_row(7, variant="inage", settings=chosen, players=[ALICE]))
    (stored,) = await store.tables.lobbies()
    assert isinstance(stored, LobbyRow)
    assert stored.settings == chosen and type(stored.settings) is InageSettings


async def test_a_lobby_is_stored_as_the_json_the_releases_before_wrote(store: Store) -> None:
    """The row's ``data`` keeps its layout: a lobby stored before a deploy comes back after it,
    and one stored after it would come back on the release before."""
    lobby = LobbyRow(
        id=7,
        guild_id=1,
        channel_id=100,
        host_id=5,
        variant="inage",
        settings=InageSettings(hands=4),
        turn_seconds=20.0,
        bank_seconds=40.0,
        size=3,
        min_size=2,
        players=(ALICE, PlayerSeat.cpu("CPU 1")),
        message_id=99,
        locale="ja",
    )
    await store.tables.save_lobby(lobby)
    async with store.backend.read() as db:
        row = await db.fetchrow("SELECT data FROM lobbies WHERE id = 7")
    assert row is not None
    assert json.loads(row["data"]) == {
        "id": 7,
        "guild_id": 1,
        "channel_id": 100,
        "host_id": 5,
        "variant": "inage",
        "settings": InageSettings(hands=4).to_json(),
        "timers": [20.0, 40.0],
        "size": 3,
        "min_size": 2,
        "players": [[5, "Alice"], [None, "CPU 1"]],
        "message_id": 99,
        "locale": "ja",
    }


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"variant": "mahjong-of-the-future"}, "unknown variant"),
        ({"settings": {"hands": 4, "gone": True}}, "unknown"),
        ({"players": [[5]]}, "not enough values"),
        ({"timers": None}, "NoneType"),
    ],
    ids=["variant", "setting", "seat", "clock"],
)
async def test_a_lobby_this_release_cannot_read_comes_back_as_unreadable_and_hides_no_other(
    store: Store, change: dict[str, object], error: str
) -> None:
    await store.tables.save_lobby(lobby_row(1))
    await store.tables.save_lobby(lobby_row(2, guild_id=9, channel_id=200))
    await store.tables.save_lobby(lobby_row(3, channel_id=300))
    async with store.backend.read() as db:
        row = await db.fetchrow("SELECT data FROM lobbies WHERE id = 2")
    assert row is not None
    damaged = json.dumps({**json.loads(row["data"]), **change})
    async with store.backend.write() as db:
        await db.execute("UPDATE lobbies SET data = :data WHERE id = 2", {"data": damaged})

    first, unreadable, third = await store.tables.lobbies()
    assert (first, third) == (lobby_row(1), lobby_row(3, channel_id=300))
    assert isinstance(unreadable, UnreadableLobby)
    assert (unreadable.id, unreadable.guild_id, unreadable.data) == (2, 9, damaged)
    assert error in unreadable.error
