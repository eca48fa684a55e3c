"""Start-up recovery on its own (no Discord): a running game comes back at its very action with
its buttons numbered as before, a game whose last action ended it is finished and its end shown,
and a lobby comes back unless its channel got its game first."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping

import pytest

from bot.engine.game import Outcome
from bot.engine.record import replay
from bot.engine.variants import new_game
from bot.runtime import RuntimeOptions, TableTimers
from bot.runtime.customid import ActionId, action_args
from bot.runtime.presenting import NullPresenter
from bot.runtime.recovery import recover_tables, restore_lobbies
from bot.runtime.shards import Shards
from bot.runtime.shared import Runtime
from bot.runtime.snapshot import TableSnapshot
from bot.runtime.variants import build_settings, variant_class
from bot.storage import GameSummary, PanelHandle, Store
from tests.engine import replays
from tests.runtime.tables import HOST, humans, start_table


class Shown(NullPresenter):
    """A presenter as the registry runs it, keeping what it was asked to show."""

    def __init__(self, snapshot: TableSnapshot, *, message_id: int | None, dm_panels: bool) -> None:
        self.first = snapshot
        self.started: tuple[str | None, bool] | None = None
        self.ends: list[GameSummary | None] = []

    def start(self, *, notice: str | None = None, resumed: bool = False) -> None:
        self.started = (notice, resumed)

    def restore_panels(self, handles: Mapping[int, PanelHandle]) -> None:
        """Nothing to take up: no panel was open."""

    def game_over(self, snapshot: TableSnapshot, outcome: Outcome, summary: GameSummary | None) -> None:
        self.ends.append(summary)

    async def drain(self, timeout: float = 10.0) -> None:  # noqa: ASYNC109 - the protocol's
        """Nothing is queued."""

    async def close(self) -> None:
        """Nothing to stop."""


class Presenters:
    """Builds each table's presenter and keeps them all."""

    def __init__(self) -> None:
        self.made: list[Shown] = []

    def __call__(self, snapshot: TableSnapshot, *, message_id: int | None, dm_panels: bool) -> Shown:
        self.made.append(Shown(snapshot, message_id=message_id, dm_panels=dm_panels))
        return self.made[-1]


@pytest.fixture
def presenters() -> Presenters:
    return Presenters()


@pytest.fixture
async def runtime(store: Store, presenters: Presenters) -> AsyncIterator[Runtime[Shown]]:
    runtime = Runtime(RuntimeOptions(cpu_delay=0, hand_pause=0), shards=Shards.every, presenters=presenters)
    runtime.attach_store(store)
    yield runtime
    await runtime.tables.close()


HUMANS = humans(4)


async def test_a_running_game_comes_back_at_its_action_with_its_buttons_numbered_as_before(
    store: Store, runtime: Runtime[Shown]
) -> None:
    live = await start_table(store, new_game("nishoku", {"hands": 1}, seed=11), HUMANS, timers=TableTimers(30, 60))
    for _ in range(5):
        decision = live.decisions()[0]
        button = ActionId(live.game_id, decision.seq, decision.default.kind, action_args(decision.default))
        await live.act(HOST + decision.seat, button)
    await live.stop()

    (actor,) = await recover_tables(runtime)
    assert actor.sequence == live.sequence == 5 and actor.game.state_hash() == live.game.state_hash()
    assert [(d.seat, d.seq, d.actions) for d in actor.decisions()] == [
        (d.seat, d.seq, d.actions) for d in live.decisions()
    ]
    assert actor.timers == TableTimers(30, 60) and runtime.tables.in_channel(2) is actor  # the server's
    presenter = runtime.tables.presenter(actor)
    assert presenter.started is not None and presenter.started[1], "re-posted as resumed, with a notice"
    await actor.stop()


async def test_a_game_whose_last_action_ended_it_is_finished_and_its_end_shown(
    store: Store, runtime: Runtime[Shown], presenters: Presenters
) -> None:
    record, _ = replays.play_recorded("nishoku", 5, 4, hands=1, settings={"hands": 1})
    outcome = replay(record).outcome()
    assert outcome is not None
    settings = variant_class("nishoku").settings_from_json(record.settings)
    game_id = await store.games.create(1, 2, "nishoku", settings, record.seed, HUMANS, 100)
    for seq, action in enumerate(record.actions):
        await store.games.append_action(game_id, seq, action)

    assert await recover_tables(runtime) == [] and runtime.tables.in_channel(2) is None
    (stored,) = await store.results.unshown_ends()  # the final result, stored by recovery
    assert stored.game_id == game_id and stored.results
    (shown,) = presenters.made
    assert shown.first.finished and shown.ends == [stored] and shown.started == (None, False)


async def test_a_lobby_comes_back_unless_its_channel_got_its_game_first(store: Store, runtime: Runtime[Shown]) -> None:
    for lobby_id, channel_id in ((7, 20), (8, 2)):
        lobby = runtime.lobbies.open(
            lobby_id=lobby_id,
            guild_id=1,
            channel_id=channel_id,
            host=HUMANS[0],
            variant="nishoku",
            settings=build_settings("nishoku", {}),
            timers=TableTimers(),
            size=4,
        )
        assert await runtime.save_lobby(lobby)
        runtime.lobbies.close(lobby)
    await store.games.create(1, 2, "nishoku", build_settings("nishoku", {}), 1, HUMANS, 100)
    await recover_tables(runtime)
    assert [lobby.id for lobby in await restore_lobbies(runtime)] == [7]
    assert [lobby.id for lobby in await store.tables.lobbies()] == [7]
