"""A running table for the runtime's tests: its game created in the store and its actor started,
on its own (no Discord), with whatever presenter the test listens through."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine.game import Game
from bot.engine.table.settings import TableSettings
from bot.runtime import RuntimeOptions, TableActor, TableTimers
from bot.runtime.presenting import NullPresenter, TablePresenter
from bot.storage import AutoOptions, PlayerSeat, Store
from tests.engine.rigging import as_table

__all__ = ["HOST", "humans", "start_table"]

HOST = 100
"""The user who opened every test table; seat ``n``'s player is user ``HOST + n``."""


def humans(count: int) -> list[PlayerSeat]:
    """``count`` people, P0 (the host) first."""
    return [PlayerSeat.human(HOST + seat, f"P{seat}") for seat in range(count)]


async def start_table(
    store: Store,
    game: Game,
    players: Sequence[PlayerSeat],
    *,
    presenter: TablePresenter | None = None,
    timers: TableTimers | None = None,
    started_at: float | None = None,
    options: RuntimeOptions | None = None,
    auto_options: Mapping[int, AutoOptions] | None = None,
) -> TableActor:
    """Create ``game`` in the store (guild 1, channel 2) and start its actor: CPUs without delay
    and no pause between hands unless ``options`` say otherwise; the players' auto options by
    user id (the defaults for anyone missing)."""
    settings: TableSettings = as_table(game).settings  # the dataclass the store keeps as JSON
    game_id = await store.games.create(1, 2, game.variant, settings, game.seed, players, HOST)
    actor = TableActor(
        game_id=game_id,
        guild_id=1,
        channel_id=2,
        host_id=HOST,
        game=game,
        players=players,
        store=store,
        options=options or RuntimeOptions(cpu_delay=0.0, hand_pause=0.0),
        timers=timers or TableTimers(30, 0),
        started_at=started_at,
        auto_options=auto_options,
    )
    actor.start(presenter or NullPresenter())
    return actor
