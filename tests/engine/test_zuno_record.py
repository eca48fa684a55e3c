"""ずーの replays: settings + seed + actions rebuild the exact state, 割れ目 dice and draft included."""

from __future__ import annotations

import random

import pytest

from bot.engine.game import (
    Action,
    Discard,
    Game,
    Pass,
    Pick,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
    action_to_json,
)
from bot.engine.record import GameRecord, replay
from bot.engine.shapes import add_tile, remove_tile
from bot.engine.variants import new_game
from bot.engine.variants.zuno import ZunoGame


def greedy(game: ZunoGame, seat: int, actions: tuple[Action, ...]) -> Action:
    """A cheap player that heads for tenpai by shanten alone (no live-tile counts) and declares
    riichi whenever it may: enough to reach wins, riichi, ippatsu and ポッチ quickly."""
    board = game.seats[seat].board
    picks = [a for a in actions if isinstance(a, Pick)]
    if picks:

        def after_pick(pick: Pick) -> int:
            after = add_tile(board, game.kinds[pick.tile])
            return min(
                game.shapes.shanten(remove_tile(after, k))
                for k in {game.kinds[t] for t in game.seats[seat].concealed} | {game.kinds[pick.tile]}
            )

        return min(picks, key=after_pick)
    riichi = [a for a in actions if isinstance(a, Riichi)]
    if riichi:
        return riichi[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: game.shapes.shanten(remove_tile(board, game.kinds[a.tile])))
    return next((a for a in actions if isinstance(a, Pass)), actions[0])


def choose(game: ZunoGame, rng: random.Random) -> Action:
    """Mostly a greedy choice, sometimes any legal action of any seat that may act, locked-in
    seats changing their minds included: fast, and it reaches the rare branches."""
    seats = [seat for seat in range(4) if game.legal_actions(seat)]
    seat = rng.choice(seats)
    actions = game.legal_actions(seat)
    wins = [a for a in actions if isinstance(a, Tsumo | Ron)]
    if wins and rng.random() < 0.9:
        return rng.choice(wins)
    if rng.random() < 0.7 and not game.locked_in(seat):
        return greedy(game, seat, actions)
    if rng.random() < 0.5 and any(isinstance(a, Pass) for a in actions):
        return Pass(seat)
    return rng.choice(actions)


def play_recorded(seed: int, settings: dict[str, object] | None = None) -> tuple[GameRecord, list[str]]:
    game = new_game("zuno", settings or {}, seed=seed)
    assert isinstance(game, ZunoGame)
    record = GameRecord("zuno", game.settings_json(), seed=seed, players=4)
    rng = random.Random(seed)
    hashes = [game.state_hash()]
    while game.outcome() is None:
        action = choose(game, rng)
        game.apply(action)
        record = record.with_action(action)
        hashes.append(game.state_hash())
    return record, hashes


@pytest.mark.slow
def test_replay_of_300_zuno_hands_matches_the_state_hash_after_every_action() -> None:
    hands = actions = seed = 0
    kinds: set[str] = set()
    while hands < 300:
        settings = {"one_call_each": seed % 5 != 4, "honba_chips_each": seed % 3 != 2}
        record, hashes = play_recorded(seed, settings)
        replayed: list[str] = []

        def remember(_index: int, game: Game, hashes: list[str] = replayed) -> None:
            hashes.append(game.state_hash())

        game = replay(GameRecord.from_json(record.to_json()), on_step=remember)
        assert replayed == hashes
        assert game.outcome() is not None
        hands += game.hand_index  # type: ignore[attr-defined]
        actions += len(record.actions)
        kinds |= {data["type"] for data in record.actions}
        seed += 1
    assert hands >= 300 and actions > 20_000
    # Every kind of ずーの action was recorded and replayed at least once.
    assert kinds >= {"pick", "discard", "riichi", "zuno_inazuma", "tsumo", "zuno_ron", "pass", "zuno_pon"}
    assert kinds >= {"zuno_chi", "zuno_kan", "kan", "zuno_pocchi"}


def test_zuno_actions_round_trip_through_json() -> None:
    record, _ = play_recorded(3)
    for data in record.actions:
        assert action_to_json(action_from_json(data)) == data


def test_the_same_seed_deals_the_same_walls_and_dice() -> None:
    first, second = ZunoGame(seed=42), ZunoGame(seed=42)
    assert first.state_hash() == second.state_hash() and first.dice == second.dice
    assert first.wall_digest != ZunoGame(seed=43).wall_digest
