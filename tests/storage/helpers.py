"""Helpers for the storage tests: a settable clock, seats, and finished games in a few lines."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from bot.engine.game import Action, Game, Outcome, Pass, Pon, Riichi, Ron, Tsumo
from bot.storage import GameSummary, HandResult, PlayerSeat, Store

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    """A clock the test moves by hand, so periods and timestamps are exact."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def human(user_id: int) -> PlayerSeat:
    """A human seat named after the id, so failures read well."""
    return PlayerSeat.human(user_id, f"player{user_id}")


def cpu(number: int = 1) -> PlayerSeat:
    return PlayerSeat.cpu(f"CPU {number}")


def draw(seats: int = 4, *, riichi: Sequence[int] = (), tenpai: Sequence[int] = ()) -> HandResult:
    return HandResult(winner=None, from_seat=None, changes=(0,) * seats, riichi=tuple(riichi), tenpai=tuple(tenpai))


def ron(
    winner: int, loser: int, points: int, *, seats: int = 4, han: int = 2, riichi: Sequence[int] = ()
) -> HandResult:
    changes = [0] * seats
    changes[winner], changes[loser] = points, -points
    return HandResult(
        winner=winner, from_seat=loser, han=han, points=points, changes=tuple(changes), riichi=tuple(riichi)
    )


def tsumo(winner: int, points: int, *, seats: int = 4, han: int = 3) -> HandResult:
    share = points // (seats - 1)
    changes = tuple(share * (seats - 1) if seat == winner else -share for seat in range(seats))
    return HandResult(winner=winner, from_seat=None, han=han, points=points, changes=changes)


async def play_out(
    store: Store,
    players: Sequence[PlayerSeat],
    placements: Sequence[int],
    hands: Sequence[HandResult] = (),
    *,
    guild_id: int = 1,
    channel_id: int = 100,
    variant: str = "nishoku",
    final_scores: Sequence[float] = (),
) -> GameSummary:
    """Create a game, record its hands, and finish it with the given placements.

    Points follow from the hands (50,000 each to start), so stats and scores agree.
    """
    game_id = await store.create_game(guild_id, channel_id, variant, {}, 1, list(players), host_id=1)
    points = [50_000] * len(players)
    for index, hand in enumerate(hands):
        await store.record_hand(game_id, index, f"hand {index + 1}", hand)
        points = [p + change for p, change in zip(points, hand.changes, strict=True)]
    outcome = Outcome(
        points=tuple(points),
        placements=tuple(placements),
        final_scores=tuple(final_scores),
        hands_played=len(hands),
        reason="終局",
    )
    return await store.record_final(game_id, outcome)


def lively(rng: random.Random, actions: Sequence[Action]) -> Action:
    """Win whenever possible, often riichi or pon, otherwise any legal action: games with everything."""
    for action in actions:
        if isinstance(action, Tsumo | Ron):
            return action
    riichi = [action for action in actions if isinstance(action, Riichi)]
    if riichi and rng.random() < 0.5:
        return rng.choice(riichi)
    pons = [action for action in actions if isinstance(action, Pon)]
    if pons and rng.random() < 0.3:
        return rng.choice(pons)
    passes = [action for action in actions if isinstance(action, Pass)]
    if passes:
        return passes[0]
    return rng.choice([action for action in actions if not isinstance(action, Riichi)] or list(actions))


def next_action(game: Game, rng: random.Random) -> Action:
    """One seat's choice among the pending decisions (several seats may decide at once)."""
    decision = rng.choice(game.decisions())
    return lively(rng, decision.actions)
