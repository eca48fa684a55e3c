"""How games ended: each hand's result, the final standings and the ratings they move
(``store.results``), and whether the end has been shown in its channel.

A finished game's result is committed in one transaction (:meth:`Results.record_final`) before
the table shows it; ``games.end_shown`` stays 0 until the presenter has posted it
(:meth:`Results.mark_end_shown`), so a restart posts what a crash left unshown
(:meth:`Results.unshown_ends`). :func:`read_summaries` and :func:`read_ratings` are shared with
the stats queries (:mod:`bot.storage.stats`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from bot.engine.game import Outcome
from bot.storage import rows
from bot.storage.access import Access
from bot.storage.games import read_game, read_games, running_game
from bot.storage.models import GameSummary, HandResult, HandRow, PlayerRating
from bot.storage.ratings import Skill, rate_placements
from bot.storage.sql import Connection

__all__ = ["AVERAGE_SCALE", "Results", "read_ratings", "read_summaries"]

AVERAGE_SCALE = 1000
"""A game that reports no final scores of its own is scored as each seat's points above the
table's average, divided by this (in thousands)."""


class Results:
    """Hands, final results and ratings."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def record_hand(self, game_id: int, hand_index: int, label: str, result: HandResult) -> None:
        """Store how a hand ended. Recording the same hand again replaces it, so a replay after
        a crash can safely record every hand it passes through."""
        async with self._access.write(f"game:{game_id}") as db:
            game = await read_game(db, game_id)
            if len(result.changes) != len(game.players):
                raise ValueError(
                    f"game #{game_id} has {len(game.players)} seats but the hand has {len(result.changes)} changes"
                )
            key = {"game_id": game_id, "hand_index": hand_index}
            # Deleting first cascades to the seat rows, which an upsert of hands alone would leave stale.
            await db.execute("DELETE FROM hands WHERE game_id = :game_id AND hand_index = :hand_index", key)
            await db.execute(
                """
                INSERT INTO hands (game_id, hand_index, label, winner_seat, from_seat, han, points, created_at)
                VALUES (:game_id, :hand_index, :label, :winner, :from_seat, :han, :points, :now)
                """,
                {
                    **key,
                    "label": label,
                    "winner": result.winner,
                    "from_seat": result.from_seat,
                    "han": result.han,
                    "points": result.points,
                    "now": self._access.now(),
                },
            )
            riichi, tenpai = set(result.riichi), set(result.tenpai)
            won_points = dict(zip(result.winners, result.win_points, strict=True))
            await db.executemany(
                """
                INSERT INTO hand_seats (
                    game_id, hand_index, seat, point_change, won, dealt_in, riichi, tenpai, win_points, tsumo
                )
                VALUES (:game_id, :hand_index, :seat, :change, :won, :dealt_in, :riichi, :tenpai, :win_points, :tsumo)
                """,
                [
                    {
                        **key,
                        "seat": seat,
                        "change": change,
                        "won": int(seat in result.winners),
                        "dealt_in": int(seat in result.dealt_in),
                        "riichi": int(seat in riichi),
                        "tenpai": int(seat in tenpai),
                        "win_points": won_points.get(seat, 0),
                        "tsumo": int(seat in result.tsumo),
                    }
                    for seat, change in enumerate(result.changes)
                ],
            )

    async def hands(self, game_id: int) -> list[HandRow]:
        """The game's recorded hands in order."""
        async with self._access.read() as db:
            game = await read_game(db, game_id)
            key = {"game_id": game_id}
            hands = await db.fetch("SELECT * FROM hands WHERE game_id = :game_id ORDER BY hand_index", key)
            seats = await db.fetch("SELECT * FROM hand_seats WHERE game_id = :game_id ORDER BY hand_index, seat", key)
        return rows.hands(game.id, hands, seats)

    async def record_final(self, game_id: int, outcome: Outcome) -> GameSummary:
        """Finish a game in one transaction: final results per seat, the game's status, and the
        ratings of its human players in this guild and variant.

        CPUs are not rated, but each human is ranked by their own placement, so CPUs still order
        the humans. A game with a single human changes no rating. When the variant reports no
        final scores, a seat's final score is its points above the table average in thousands
        (that is ``(points - start) / 1000`` for variants that keep the point total). Each seat's
        final chips are stored where the outcome reports them (a variant with chips), else NULL.

        The ratings are read and written under the lock of the guild and variant, so two games
        finishing at once (two processes) each build on the other's update instead of losing it.
        """
        async with self._access.write(f"game:{game_id}") as db:
            await db.lock(f"game:{game_id}")
            game = await running_game(db, game_id)
            seats = len(game.players)
            if len(outcome.points) != seats or len(outcome.placements) != seats:
                raise ValueError(f"game #{game_id} has {seats} seats; the outcome covers {len(outcome.points)}")
            if outcome.final_scores and len(outcome.final_scores) != seats:
                raise ValueError(
                    f"game #{game_id} has {seats} seats; the outcome has {len(outcome.final_scores)} scores"
                )
            if outcome.chips and len(outcome.chips) != seats:
                raise ValueError(f"game #{game_id} has {seats} seats; the outcome has {len(outcome.chips)} chip counts")
            if any(not 1 <= place <= seats for place in outcome.placements):
                raise ValueError(f"placements must be between 1 and {seats}, got {outcome.placements}")
            average = sum(outcome.points) / seats
            scores = (
                [float(score) for score in outcome.final_scores]
                if outcome.final_scores
                else [(points - average) / AVERAGE_SCALE for points in outcome.points]
            )
            now = self._access.now()

            humans = [(seat, player) for seat, player in enumerate(game.players) if player.user_id is not None]
            if humans:
                await db.lock(f"ratings:{game.guild_id}:{game.variant}")
            before = [await _skill(db, game.guild_id, game.variant, player.user_id) for _, player in humans]
            after = rate_placements(before, [outcome.placements[seat] for seat, _ in humans])
            rated = len(humans) >= 2
            change: dict[int, tuple[float, float]] = {}
            for (seat, player), old, new in zip(humans, before, after, strict=True):
                change[seat] = (old.rating, new.rating)
                await db.execute(
                    """
                    INSERT INTO ratings (guild_id, variant, user_id, name, mu, sigma, rating, rated_games, updated_at)
                    VALUES (:guild_id, :variant, :user_id, :name, :mu, :sigma, :rating, :rated, :now)
                    ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET
                        name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
                        rated_games = ratings.rated_games + excluded.rated_games, updated_at = excluded.updated_at
                    """,
                    {
                        "guild_id": game.guild_id,
                        "variant": game.variant,
                        "user_id": player.user_id,
                        "name": player.name,
                        "mu": new.mu,
                        "sigma": new.sigma,
                        "rating": new.rating,
                        "rated": int(rated),
                        "now": now,
                    },
                )
            await db.executemany(
                """
                INSERT INTO final_results (
                    game_id, seat, points, placement, final_score, rating_before, rating_after, chips
                )
                VALUES (:game_id, :seat, :points, :placement, :final_score, :before, :after, :chips)
                """,
                [
                    {
                        "game_id": game_id,
                        "seat": seat,
                        "points": outcome.points[seat],
                        "placement": outcome.placements[seat],
                        "final_score": scores[seat],
                        "before": change[seat][0] if seat in change else None,
                        "after": change[seat][1] if seat in change else None,
                        "chips": outcome.chips[seat] if outcome.chips else None,
                    }
                    for seat in range(seats)
                ],
            )
            await db.execute(
                """
                UPDATE games SET status = 'finished', finished_at = :now, end_reason = :reason,
                    hands_played = :hands_played, end_shown = 0
                WHERE id = :game_id
                """,
                {"now": now, "reason": outcome.reason, "hands_played": outcome.hands_played, "game_id": game_id},
            )
            await db.execute("DELETE FROM panels WHERE game_id = :game_id", {"game_id": game_id})
            summaries = await read_summaries(db, [game_id])
        return summaries[0]

    async def mark_end_shown(self, game_id: int) -> None:
        """The game's end is posted in its channel: a restart need not post it again."""
        async with self._access.write(f"game:{game_id}") as db:
            await db.execute("UPDATE games SET end_shown = 1 WHERE id = :game_id", {"game_id": game_id})

    async def unshown_ends(
        self, *, shard_ids: Collection[int] | None = None, shard_count: int = 1
    ) -> list[GameSummary]:
        """Finished games whose end was never posted (the process died first), oldest first, with
        their results; ``shard_ids`` as for :meth:`GameLog.unfinished <bot.storage.games.GameLog.unfinished>`."""
        async with self._access.read() as db:
            where = "status = 'finished' AND end_shown = 0"
            params: dict[str, Any] = {}
            if shard_ids is not None:
                where += f" AND {db.dialect.one_of('((guild_id >> 22) % :shard_count)', 'shards')}"
                params = {"shard_count": max(1, shard_count), "shards": db.dialect.values(sorted(shard_ids))}
            found = await db.fetch(f"SELECT id FROM games WHERE {where} ORDER BY id", params)
            return await read_summaries(db, [rows.row_id(row) for row in found])

    async def rating(self, guild_id: int, variant: str, user_id: int) -> PlayerRating | None:
        """A player's rating in one guild and variant, or None before their first finished game."""
        async with self._access.read() as db:
            ratings = await read_ratings(db, guild_id, user_id, variant)
        return ratings[0] if ratings else None


async def read_summaries(db: Connection, game_ids: Sequence[int]) -> list[GameSummary]:
    """The games with their final results by placement, in the order of ``game_ids`` (unknown ids left out)."""
    if not game_ids:
        return []
    ids = {"ids": db.dialect.values(game_ids)}
    games = {game.id: game for game in await read_games(db, db.dialect.one_of("g.id", "ids"), ids)}
    found = await db.fetch(
        f"""
        SELECT f.*, p.user_id, p.name, p.is_cpu
        FROM final_results AS f JOIN game_players AS p USING (game_id, seat)
        WHERE {db.dialect.one_of("f.game_id", "ids")}
        ORDER BY f.game_id, f.placement, f.seat
        """,
        ids,
    )
    results = rows.final_results_by_game(found)
    return [
        rows.game_summary(game, results.get(game.id, ()))
        for game in (games[game_id] for game_id in game_ids if game_id in games)
    ]


async def read_ratings(db: Connection, guild_id: int, user_id: int, variant: str | None) -> list[PlayerRating]:
    """A player's ratings in a guild, best first: in one variant, or every variant (None)."""
    found = await db.fetch(
        """
        SELECT * FROM ratings WHERE guild_id = :guild_id AND user_id = :user_id
          AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)
        ORDER BY rating DESC, variant
        """,
        {"guild_id": guild_id, "user_id": user_id, "variant": variant},
    )
    return [rows.rating(row) for row in found]


async def _skill(db: Connection, guild_id: int, variant: str, user_id: int | None) -> Skill:
    row = await db.fetchrow(
        "SELECT mu, sigma FROM ratings WHERE guild_id = :guild_id AND variant = :variant AND user_id = :user_id",
        {"guild_id": guild_id, "variant": variant, "user_id": user_id},
    )
    return rows.skill(row)
