"""The action log: strictly ordered, committed before append returns, and enough to replay."""

from __future__ import annotations

import asyncio
import random
import signal
import sys
import textwrap
from pathlib import Path

import pytest

from bot.engine.game import action_to_json
from bot.engine.record import replay
from bot.engine.variants.nishoku import NishokuGame, NishokuSettings
from bot.storage import ActionOrderError, GameNotFoundError, GameStateError, PlayerSeat, Store
from tests.storage.helpers import NISHOKU, human, next_action

REPO = Path(__file__).resolve().parents[2]


def discard(seat: int, tile: int) -> dict[str, object]:
    return {"type": "discard", "seat": seat, "tile": tile}


async def new_game(store: Store, channel_id: int = 100) -> int:
    return await store.games.create(1, channel_id, "nishoku", NISHOKU, 1, [human(1)], host_id=1)


async def test_actions_come_back_in_order(store: Store) -> None:
    game_id = await new_game(store)
    logged = [discard(seq % 4, seq) for seq in range(30)]
    for seq, action in enumerate(logged):
        await store.games.append_action(game_id, seq, action)
    assert await store.games.actions(game_id) == logged
    assert (await store.games.get(game_id)).action_count == 30


async def test_logs_of_different_games_do_not_mix(store: Store) -> None:
    a, b = await new_game(store, 100), await new_game(store, 101)
    await store.games.append_action(a, 0, discard(0, 1))
    await store.games.append_action(b, 0, discard(1, 2))
    await store.games.append_action(a, 1, discard(0, 3))
    assert await store.games.actions(a) == [discard(0, 1), discard(0, 3)]
    assert await store.games.actions(b) == [discard(1, 2)]


async def test_a_duplicate_seq_is_refused_and_the_first_action_kept(store: Store) -> None:
    game_id = await new_game(store)
    await store.games.append_action(game_id, 0, discard(0, 5))
    with pytest.raises(ActionOrderError, match="already has action 0"):
        await store.games.append_action(game_id, 0, discard(0, 6))
    assert await store.games.actions(game_id) == [discard(0, 5)]


async def test_only_the_last_action_can_be_taken_back(store: Store) -> None:
    """A refused move is taken back (the actor's undo); history before it is never rewritten."""
    game_id = await new_game(store)
    for seq in range(3):
        await store.games.append_action(game_id, seq, discard(0, seq))
    with pytest.raises(ActionOrderError, match="no last action 1"):
        await store.games.retract_action(game_id, 1)
    await store.games.retract_action(game_id, 2)
    assert await store.games.actions(game_id) == [discard(0, 0), discard(0, 1)]
    await store.games.append_action(game_id, 2, discard(0, 7))
    assert (await store.games.actions(game_id))[-1] == discard(0, 7)


async def test_a_gap_is_refused(store: Store) -> None:
    game_id = await new_game(store)
    with pytest.raises(ActionOrderError, match="expects action 0 next, not 1"):
        await store.games.append_action(game_id, 1, discard(0, 5))
    await store.games.append_action(game_id, 0, discard(0, 5))
    with pytest.raises(ActionOrderError, match="expects action 1 next, not 3"):
        await store.games.append_action(game_id, 3, discard(0, 6))
    assert await store.games.actions(game_id) == [discard(0, 5)]


async def test_a_simultaneous_double_click_logs_once(store: Store) -> None:
    game_id = await new_game(store)
    results = await asyncio.gather(
        store.games.append_action(game_id, 0, discard(0, 5)),
        store.games.append_action(game_id, 0, discard(0, 5)),
        return_exceptions=True,
    )
    assert sum(isinstance(result, ActionOrderError) for result in results) == 1
    assert await store.games.actions(game_id) == [discard(0, 5)]


async def test_only_running_games_take_actions(store: Store) -> None:
    game_id = await new_game(store)
    await store.games.finish(game_id, "cancelled")
    with pytest.raises(GameStateError, match="cancelled"):
        await store.games.append_action(game_id, 0, discard(0, 5))
    with pytest.raises(GameNotFoundError):
        await store.games.append_action(12345, 0, discard(0, 5))


async def test_another_connection_sees_an_action_as_soon_as_append_returns(store: Store, database: str) -> None:
    game_id = await new_game(store)
    async with Store.open(database) as other:
        for seq in range(5):
            await store.games.append_action(game_id, seq, discard(0, seq))
            assert len(await other.games.actions(game_id)) == seq + 1


CRASHING_WRITER = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from bot.engine.variants.nishoku.settings import NishokuSettings
    from bot.storage import PlayerSeat, Store

    async def main(path: str) -> None:
        store = await Store.connect(path)
        seats = [PlayerSeat.human(1, "a")]
        game_id = await store.games.create(1, 100, "nishoku", NishokuSettings(), 1, seats, host_id=1)
        for seq in range(40):
            await store.games.append_action(game_id, seq, {"type": "discard", "seat": seq % 4, "tile": seq})
        print(game_id, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint, no interpreter shutdown

    asyncio.run(main(sys.argv[1]))
    """
)


@pytest.mark.slow
async def test_every_appended_action_survives_a_killed_process(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite3"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CRASHING_WRITER, str(path), cwd=REPO, stdout=asyncio.subprocess.PIPE
    )
    stdout, _ = await process.communicate()
    assert process.returncode == -signal.SIGKILL
    wal = Path(f"{path}-wal")
    assert await asyncio.to_thread(wal.exists)  # the writes sit in the WAL, never checkpointed
    game_id = int(stdout)
    async with Store.open(path) as store:
        assert await store.games.actions(game_id) == [{"type": "discard", "seat": s % 4, "tile": s} for s in range(40)]
        assert [game.id for game in await store.games.unfinished()] == [game_id]


async def test_a_game_resumes_mid_hand_from_its_log(database: str) -> None:
    """Play part of a real 二色麻雀 game, "crash", rebuild it from the store, and play on in lockstep."""
    rng = random.Random(5)
    live = NishokuGame(NishokuSettings(hands=2), seed=2024)
    players = [PlayerSeat.human(10 + seat, f"p{seat}") for seat in range(4)]
    async with Store.open(database) as store:
        game_id = await store.games.create(1, 100, "nishoku", live.settings, live.seed, players, host_id=10)
        while live.sequence < 60:
            action = next_action(live, rng)
            await store.games.append_action(game_id, live.sequence, action_to_json(action))
            live.apply(action)
    assert live.outcome() is None
    assert live.wall.live  # mid-hand: the crash came before the hand ended

    async with Store.open(database) as store:
        (game,) = await store.games.unfinished()
        assert game.action_count == live.sequence
        restored = replay(await store.games.record(game.id))
        assert restored.state_hash() == live.state_hash()
        assert restored.view(0) == live.view(0)
        while live.outcome() is None:
            action = next_action(live, rng)
            await store.games.append_action(game.id, restored.sequence, action_to_json(action))
            assert restored.apply(action) == live.apply(action)
            assert restored.state_hash() == live.state_hash()
        final = replay(await store.games.record(game.id))
        assert final.state_hash() == live.state_hash()
        assert final.outcome() == live.outcome()


async def test_unreplayable_json_is_refused_before_it_is_logged(store: Store) -> None:
    game_id = await new_game(store)
    with pytest.raises(ValueError, match="JSON compliant"):
        await store.games.append_action(game_id, 0, {"type": "discard", "seat": 0, "tile": float("nan")})
    with pytest.raises(TypeError):
        await store.games.append_action(game_id, 0, {"type": "discard", "seat": 0, "tile": object()})
    assert await store.games.actions(game_id) == []


async def test_each_seat_gets_back_the_bank_of_its_last_action(store: Store) -> None:
    game_id = await new_game(store)
    await store.games.append_action(game_id, 0, discard(0, 1), bank=60.0)
    await store.games.append_action(game_id, 1, discard(1, 2), bank=None)  # a CPU
    await store.games.append_action(game_id, 2, discard(2, 3), bank=41.5)
    await store.games.append_action(game_id, 3, discard(0, 4), bank=12.25)
    assert await store.games.seat_banks(game_id) == {0: 12.25, 2: 41.5}
