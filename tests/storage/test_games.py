"""Games and their seats: creation, lookup, one running game per channel, ending."""

from __future__ import annotations

import pytest

from bot.engine.variants.nishoku.settings import NishokuSettings
from bot.storage import (
    ChannelBusyError,
    GameNotFoundError,
    GameStateError,
    GameStatus,
    PlayerSeat,
    Store,
)
from tests.storage.helpers import NISHOKU, START, FakeClock, cpu, human


async def test_a_created_game_reads_back_exactly(store: Store) -> None:
    players = [human(1), cpu(1), human(2), cpu(2)]
    seed = 2**80 + 7  # beyond 64 bits: seeds are stored as text
    settings = NishokuSettings(hands=8, red_5p=2)
    game_id = await store.games.create(10, 100, "nishoku", settings, seed, players, host_id=1)
    game = await store.games.get(game_id)
    assert game.id == game_id
    assert (game.guild_id, game.channel_id, game.host_id, game.message_id) == (10, 100, 1, None)
    # Stored as the dataclass writes them, kept as that JSON for the game's record.
    assert (game.variant, game.settings, game.seed) == ("nishoku", settings.to_json(), seed)
    assert (await store.games.record(game_id)).settings == settings.to_json()
    assert game.players == tuple(players)
    assert game.status is GameStatus.RUNNING
    assert game.is_running
    assert (game.created_at, game.finished_at, game.action_count) == (START, None, 0)
    assert game.seat_of(2) == 2
    assert game.seat_of(99) is None


async def test_the_table_message_is_remembered(store: Store) -> None:
    game_id = await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    await store.tables.set_message(game_id, 5555)
    assert (await store.games.get(game_id)).message_id == 5555
    with pytest.raises(GameNotFoundError):
        await store.tables.set_message(999, 1)


async def test_unknown_games_raise(store: Store) -> None:
    with pytest.raises(GameNotFoundError, match="#404"):
        await store.games.get(404)
    with pytest.raises(GameNotFoundError):
        await store.games.actions(404)


async def running_in(store: Store, channel_id: int) -> int | None:
    """The id of the game running in ``channel_id``, if any."""
    game = await store.games.active_in_channel(channel_id)
    return None if game is None else game.id


async def test_one_running_game_per_channel(store: Store) -> None:
    first = await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    with pytest.raises(ChannelBusyError, match=f"#{first}"):
        await store.games.create(10, 100, "nishoku", NISHOKU, 2, [human(2)], host_id=2)
    assert await running_in(store, 100) == first
    await store.games.finish(first, "cancelled", reason="host left")
    assert await store.games.active_in_channel(100) is None
    second = await store.games.create(10, 100, "nishoku", NISHOKU, 2, [human(2)], host_id=2)
    assert await running_in(store, 100) == second


async def test_unfinished_games_are_the_running_ones_oldest_first(store: Store) -> None:
    a = await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    b = await store.games.create(10, 101, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    c = await store.games.create(11, 102, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    await store.games.finish(b, GameStatus.CANCELLED)
    assert [game.id for game in await store.games.unfinished()] == [a, c]


async def test_unfinished_games_by_shard(store: Store) -> None:
    # Discord puts a guild on shard (guild_id >> 22) % shard_count.
    on_shard_0, on_shard_1 = 0 << 22, 1 << 22
    a = await store.games.create(on_shard_0, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    b = await store.games.create(on_shard_1, 101, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    assert [g.id for g in await store.games.unfinished(shard_ids=[0], shard_count=2)] == [a]
    assert [g.id for g in await store.games.unfinished(shard_ids=[1], shard_count=2)] == [b]
    assert [g.id for g in await store.games.unfinished(shard_ids=[0, 1], shard_count=2)] == [a, b]


async def test_finishing_stamps_the_time_and_happens_once(store: Store, clock: FakeClock) -> None:
    game_id = await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    clock.advance(hours=1)
    game = await store.games.finish(game_id, reason="abandoned")
    assert (game.status, game.finished_at, game.end_reason) == (GameStatus.FINISHED, clock.now, "abandoned")
    with pytest.raises(GameStateError, match="finished"):
        await store.games.finish(game_id, "cancelled")
    with pytest.raises(ValueError, match="'finished' or 'cancelled'"):
        await store.games.finish(game_id, "running")


async def test_a_user_takes_one_seat(store: Store) -> None:
    with pytest.raises(ValueError, match="one seat"):
        await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1), human(1)], host_id=1)
    with pytest.raises(ValueError, match="at least one"):
        await store.games.create(10, 100, "nishoku", NISHOKU, 1, [], host_id=1)


def test_a_seat_is_either_a_user_or_a_cpu() -> None:
    with pytest.raises(ValueError, match="CPU"):
        PlayerSeat(5, "bot?", is_cpu=True)
    with pytest.raises(ValueError, match="CPU"):
        PlayerSeat(None, "nobody", is_cpu=False)
    with pytest.raises(ValueError, match="name"):
        PlayerSeat.human(5, "")
