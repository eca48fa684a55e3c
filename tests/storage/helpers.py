"""Helpers for the storage tests: a settable clock, seats, settings, and finished games in a few lines."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from bot.engine.game import Action, Discard, Outcome, Pon, Riichi, Ron, Tsumo
from bot.engine.table import TableSettings
from bot.engine.variants import find_variant
from bot.engine.variants.nishoku import NishokuGame
from bot.storage import GameSummary, HandResult, LobbyRow, PlayerSeat, Store
from bot.storage.sqlite import SqliteBackend

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    """A clock the test moves by hand, so periods and timestamps are exact."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def default_settings(variant: str) -> TableSettings:
    """The variant's settings dataclass with every default, as a lobby that changed nothing holds."""
    settings: TableSettings = find_variant(variant).settings_from_json({})
    return settings


NISHOKU: TableSettings = default_settings("nishoku")
"""二色麻雀's defaults, the settings most stored games of these tests have."""


def human(user_id: int) -> PlayerSeat:
    """A human seat named after the id, so failures read well."""
    return PlayerSeat.human(user_id, f"player{user_id}")


def cpu(number: int = 1) -> PlayerSeat:
    return PlayerSeat.cpu(f"CPU {number}")


def lobby_row(
    lobby_id: int,
    *,
    guild_id: int = 1,
    channel_id: int = 100,
    players: Sequence[PlayerSeat] = (),
    variant: str = "nishoku",
    settings: TableSettings | None = None,
) -> LobbyRow:
    """An open lobby as the runtime hands it to the store (``Lobby.stored()``)."""
    return LobbyRow(
        id=lobby_id,
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=players[0].user_id or 1 if players else 1,
        variant=variant,
        settings=settings if settings is not None else default_settings(variant),
        turn_seconds=30.0,
        bank_seconds=60.0,
        size=4,
        min_size=0,
        players=tuple(players),
    )


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
    chips: Sequence[int] = (),
) -> GameSummary:
    """Create a game, record its hands, and finish it with the given placements (and final
    ``chips`` per seat, for a variant that keeps them).

    Points follow from the hands (50,000 each to start), so stats and scores agree.
    """
    game_id = await store.games.create(
        guild_id, channel_id, variant, default_settings(variant), 1, list(players), host_id=1
    )
    points = [50_000] * len(players)
    for index, hand in enumerate(hands):
        await store.results.record_hand(game_id, index, f"hand {index + 1}", hand)
        points = [p + change for p, change in zip(points, hand.changes, strict=True)]
    outcome = Outcome(
        points=tuple(points),
        placements=tuple(placements),
        final_scores=tuple(final_scores),
        hands_played=len(hands),
        reason="終局",
        chips=tuple(chips),
    )
    return await store.results.record_final(game_id, outcome)


def next_action(game: NishokuGame, rng: random.Random) -> Action:
    """A plausible move for one deciding seat: win when possible, discard towards tenpai, riichi
    when tenpai, sometimes pon. Good enough for games with wins, riichi and calls, fast and seeded.
    """
    decision = rng.choice(game.decisions())
    actions = decision.actions
    for action in actions:
        if isinstance(action, Tsumo | Ron):
            return action
    turn = [action for action in actions if isinstance(action, Discard | Riichi)]
    if not turn:
        pons = [action for action in actions if isinstance(action, Pon)]
        return rng.choice(pons) if pons and rng.random() < 0.2 else decision.default
    board = game.seats[decision.seat].board

    def shanten_after(action: Discard | Riichi) -> int:
        return game.shapes.shanten(board - (1 << (4 * game.kinds[action.tile])))

    best = min(shanten_after(action) for action in turn)
    choices = [action for action in turn if shanten_after(action) == best]
    riichi = [action for action in choices if isinstance(action, Riichi)]
    if best == 0 and riichi:
        return rng.choice(riichi)
    return rng.choice([action for action in choices if not isinstance(action, Riichi)] or choices)


def sqlite_backend(store: Store) -> SqliteBackend:
    """The store's SQLite backend, for the tests of what only SQLite has (a file, pragmas, readers)."""
    assert isinstance(store.backend, SqliteBackend), f"a SQLite store was expected, not {store.backend.description}"
    return store.backend
