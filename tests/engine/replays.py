"""Seeded random games recorded with the state hash after every action, and their replays: the
proof that a game is its variant, settings, seed and actions."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from bot.engine.game import Action, Discard, Game, Pass, Pick, Riichi, Ron, Tsumo
from bot.engine.record import GameRecord, replay
from bot.engine.shapes import add_tile, remove_tile
from bot.engine.variants import JsonSettings, new_game
from bot.engine.variants.zuno import ZunoGame
from tests.engine.rigging import as_table

Chooser = Callable[[Game, random.Random], Action]
"""A seeded random player for the whole table: the next action of any seat that may act."""


def greedy_random(rng: random.Random, actions: tuple[Action, ...], *, pass_rate: float) -> Action:
    """Win whenever possible, pass a claim ``pass_rate`` of the time, otherwise any legal action:
    fast, and reaches every branch (set-aside claims, kans, riichi …)."""
    for action in actions:
        if isinstance(action, Tsumo | Ron):
            return action
    if rng.random() < pass_rate:
        for action in actions:
            if isinstance(action, Pass):
                return action
    return rng.choice(actions)


def any_decision(game: Game, rng: random.Random, *, pass_rate: float) -> Action:
    """:func:`greedy_random` on one of the pending decisions, picked at random."""
    decision = rng.choice(game.decisions())
    return greedy_random(rng, decision.actions, pass_rate=pass_rate)


def zuno_greedy(game: ZunoGame, seat: int, actions: tuple[Action, ...]) -> Action:
    """A cheap ずーの player that heads for tenpai by shanten alone (no live-tile counts) and
    declares riichi whenever it may: enough to reach wins, riichi, ippatsu and ポッチ quickly."""
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


def zuno_choice(game: Game, rng: random.Random) -> Action:
    """Mostly a greedy choice, sometimes any legal action of any seat that may act, locked-in
    seats changing their minds included: fast, and it reaches ずーの's rare branches."""
    assert isinstance(game, ZunoGame)
    seats = [seat for seat in range(4) if game.legal_actions(seat)]
    seat = rng.choice(seats)
    actions = game.legal_actions(seat)
    wins = [a for a in actions if isinstance(a, Tsumo | Ron)]
    if wins and rng.random() < 0.9:
        return rng.choice(wins)
    if rng.random() < 0.7 and not game.locked_in(seat):
        return zuno_greedy(game, seat, actions)
    if rng.random() < 0.5 and any(isinstance(a, Pass) for a in actions):
        return Pass(seat)
    return rng.choice(actions)


def play_recorded(
    variant: str,
    seed: int,
    players: int,
    *,
    pass_rate: float = 0.7,
    hands: int | None = None,
    settings: JsonSettings | None = None,
    choose: Chooser | None = None,
) -> tuple[GameRecord, list[str]]:
    """One seeded game (its first ``hands`` hands, when given) on ``settings``, played by
    ``choose`` (by default :func:`any_decision` with ``pass_rate``), its record, and the state
    hash before and after every action."""
    game = as_table(new_game(variant, settings or {}, seed=seed, players=players))
    record = GameRecord(variant, game.settings_json(), seed=seed, players=players)
    chooser = choose or partial(any_decision, pass_rate=pass_rate)
    rng = random.Random(seed)
    hashes = [game.state_hash()]
    while game.outcome() is None and (hands is None or game.hand_index < hands):
        action = chooser(game, rng)
        game.apply(action)
        record = record.with_action(action)
        hashes.append(game.state_hash())
    return record, hashes


def replayed_hashes(record: GameRecord) -> tuple[Game, list[str]]:
    """The game rebuilt from the record's JSON, and its state hash after every step."""
    hashes: list[str] = []

    def remember(_index: int, game: Game) -> None:
        hashes.append(game.state_hash())

    game = replay(GameRecord.from_json(record.to_json()), on_step=remember)
    return game, hashes
