"""Stored panel handles: where a running game's private panels live, for the next process."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.game import Outcome
from bot.storage import GameNotFoundError, GameStateError, GameStatus, PanelHandle, Store
from tests.storage.helpers import NISHOKU, cpu, human

EPHEMERAL = PanelHandle(
    seat=0, opened_at=1000.5, mode="discard", message_id=7, application_id=8, token="tok", locale="ja"
)
DIRECT = PanelHandle(
    seat=1, opened_at=1001.0, mode="call", message_id=66, channel_id=55, prefers_dm=True, shown="ab12", image="cd34"
)


async def test_panels_are_saved_replaced_and_read_by_seat(store: Store) -> None:
    game_id = await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1), human(2), cpu(1), cpu(2)], host_id=1)
    await store.tables.save_panel(game_id, EPHEMERAL)
    await store.tables.save_panel(game_id, DIRECT)
    assert await store.tables.panels(game_id) == {0: EPHEMERAL, 1: DIRECT}
    reopened = PanelHandle(seat=0, opened_at=1500.0, mode="discard", message_id=10, channel_id=9)
    await store.tables.save_panel(game_id, reopened)
    assert await store.tables.panels(game_id) == {0: reopened, 1: DIRECT}
    await store.tables.forget_panel(game_id, 1)
    assert await store.tables.panels(game_id) == {0: reopened}


async def test_a_game_that_ends_forgets_its_panels(store: Store) -> None:
    cancelled = await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    await store.tables.save_panel(cancelled, EPHEMERAL)
    await store.games.finish(cancelled, GameStatus.CANCELLED)
    assert await store.tables.panels(cancelled) == {}
    finished = await store.games.create(10, 101, "nishoku", NISHOKU, 1, [human(1), cpu(1), cpu(2), cpu(3)], host_id=1)
    await store.tables.save_panel(finished, EPHEMERAL)
    await store.results.record_final(finished, Outcome(points=(1, 2, 3, 4), placements=(4, 3, 2, 1), reason="done"))
    assert await store.tables.panels(finished) == {}
    # And no handle is stored for a game that is not running.
    with pytest.raises(GameStateError):
        await store.tables.save_panel(finished, EPHEMERAL)
    with pytest.raises(GameNotFoundError):
        await store.tables.save_panel(999, EPHEMERAL)


def test_a_handle_is_a_whole_token_or_a_dm_message() -> None:
    with pytest.raises(ValueError, match="token or in a DM"):
        PanelHandle(seat=0, opened_at=0.0, mode="discard", message_id=1, token="tok")
    with pytest.raises(ValueError, match="token or in a DM"):
        PanelHandle(seat=0, opened_at=0.0, mode="discard", message_id=1)
    assert "tok" not in repr(EPHEMERAL)


async def test_saves_of_one_panel_at_once_keep_the_last_asked_for(store: Store) -> None:
    game_id = await store.games.create(10, 100, "nishoku", NISHOKU, 1, [human(1), human(2), cpu(1), cpu(2)], host_id=1)
    for round_ in range(15):
        handles = [
            PanelHandle(seat=0, opened_at=float(round_ * 10 + n), mode="discard", message_id=n + 1, channel_id=9)
            for n in range(4)
        ]
        await asyncio.gather(*(store.tables.save_panel(game_id, handle) for handle in handles))
        assert (await store.tables.panels(game_id))[0] == handles[-1]


async def test_writes_of_one_game_through_different_parts_keep_the_order_they_were_asked_in(store: Store) -> None:
    """The store's parts share one write order per game: a panel saved (``store.tables``) just
    before the game ends (``store.games``, ``store.results``) lands first, then goes with the
    game, whatever order a PostgreSQL pool would commit them in on its own."""
    for channel_id in range(300, 310):
        cancelled = await store.games.create(10, channel_id, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
        await asyncio.gather(
            store.tables.save_panel(cancelled, EPHEMERAL), store.games.finish(cancelled, GameStatus.CANCELLED)
        )
        assert await store.tables.panels(cancelled) == {}
        finished = await store.games.create(10, channel_id, "nishoku", NISHOKU, 1, [human(1), cpu(1)], host_id=1)
        await asyncio.gather(
            store.tables.save_panel(finished, EPHEMERAL),
            store.results.record_final(finished, Outcome(points=(1, 2), placements=(2, 1), reason="done")),
        )
        assert await store.tables.panels(finished) == {}
