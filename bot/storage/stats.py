"""The queries behind ``/mahjong leaderboard``, ``stats`` and ``history`` (``store.stats``):
read-only aggregates over finished games, each in one snapshot.

Every figure counts the human seats of finished games (``_PLAYED``), narrowed to a guild and
optionally a variant, a player and a period; CPUs are never ranked.
"""

from __future__ import annotations

from bot.storage import rows
from bot.storage.access import Access, timestamp
from bot.storage.models import PERIODS, GameSummary, LeaderboardRow, Period, PlayerStats
from bot.storage.ratings import initial_skill
from bot.storage.results import read_ratings, read_summaries

__all__ = ["LEADERBOARD_ORDERS", "StatsQueries"]

LEADERBOARD_ORDERS: dict[str, str] = {
    "rating": "rating DESC",
    "games": "games DESC",
    "average_placement": "average_placement ASC",
    "total_score": "total_score DESC",
    "win_rate": "win_rate DESC",
    "deal_in_rate": "deal_in_rate ASC",
    "riichi_rate": "riichi_rate DESC",
    "chips": "chips DESC",
    "chips_per_game": "chips_per_game DESC",
}
"""What a leaderboard can be sorted by, best first (so lower is better for placement and deal-ins)."""

# Every human seat in a finished game of the guild, optionally narrowed to a variant, a player
# and a period; leaderboards and stats aggregate over it. chips is NULL where the game kept none.
# An optional parameter is cast where it is tested for NULL: PostgreSQL must know its type there.
_PLAYED = """
played AS (
    SELECT p.user_id, f.game_id, f.seat, f.placement, f.final_score, f.chips, g.variant
    FROM final_results AS f
    JOIN game_players AS p USING (game_id, seat)
    JOIN games AS g ON g.id = f.game_id
    WHERE g.guild_id = :guild_id
      AND g.status = 'finished'
      AND p.user_id IS NOT NULL
      AND (CAST(:variant AS TEXT) IS NULL OR g.variant = :variant)
      AND (CAST(:user_id AS BIGINT) IS NULL OR p.user_id = :user_id)
      AND (CAST(:since AS BIGINT) IS NULL OR g.finished_at >= :since)
)
"""


# A rate over hands, 0 for a player with none. Spelled with NULLIF rather than SQLite's two-
# argument MAX (PostgreSQL's GREATEST), so that both databases read it.
def _rate(count: str, hands: str) -> str:
    return f"COALESCE(CAST({count} AS DOUBLE PRECISION) / NULLIF({hands}, 0), 0.0)"


_BOARD = f"""
WITH {_PLAYED},
totals AS (
    SELECT user_id, COUNT(*) AS games, CAST(AVG(placement) AS DOUBLE PRECISION) AS average_placement,
           SUM(final_score) AS total_score, COALESCE(SUM(chips), 0) AS chips, COUNT(chips) AS chip_games
    FROM played
    GROUP BY user_id
    HAVING COUNT(*) >= :min_games
),
hand_totals AS (
    SELECT played.user_id, COUNT(*) AS hands, SUM(h.won) AS wins, SUM(h.dealt_in) AS deal_ins,
           SUM(h.riichi) AS riichi_hands
    FROM played
    JOIN hand_seats AS h USING (game_id, seat)
    GROUP BY played.user_id
),
board AS (
    SELECT t.user_id, COALESCE(r.name, CAST(t.user_id AS TEXT)) AS name, t.games, t.average_placement,
           t.total_score, COALESCE(ht.hands, 0) AS hands, COALESCE(ht.wins, 0) AS wins,
           COALESCE(ht.deal_ins, 0) AS deal_ins, COALESCE(ht.riichi_hands, 0) AS riichi_hands,
           COALESCE(r.rating, :rating0) AS rating, COALESCE(r.mu, :mu0) AS mu, COALESCE(r.sigma, :sigma0) AS sigma,
           {_rate("ht.wins", "ht.hands")} AS win_rate,
           {_rate("ht.deal_ins", "ht.hands")} AS deal_in_rate,
           {_rate("ht.riichi_hands", "ht.hands")} AS riichi_rate,
           t.chips, t.chip_games, {_rate("t.chips", "t.chip_games")} AS chips_per_game
    FROM totals AS t
    LEFT JOIN hand_totals AS ht USING (user_id)
    LEFT JOIN ratings AS r ON r.guild_id = :guild_id AND r.variant = :variant AND r.user_id = t.user_id
)
"""


class StatsQueries:
    """Leaderboards, a player's stats and the history of ended games."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def leaderboard(
        self,
        guild_id: int,
        variant: str,
        *,
        period: Period = "all",
        order_by: str = "rating",
        offset: int = 0,
        limit: int = 10,
        min_games: int = 1,
    ) -> tuple[list[LeaderboardRow], int]:
        """One page of a guild's standings for a variant, and how many players there are in all.

        ``order_by`` is one of :data:`LEADERBOARD_ORDERS`; ties fall back to rating, then games.
        Games count when they finished inside ``period``; the rating is always the current one.
        Chips count over the games that kept them (none in a variant without chips).
        """
        if order_by not in LEADERBOARD_ORDERS:
            raise ValueError(
                f"cannot order a leaderboard by {order_by!r} (choose from {', '.join(LEADERBOARD_ORDERS)})"
            )
        if offset < 0 or limit < 1:
            raise ValueError("offset must be >= 0 and limit >= 1")
        start = initial_skill()
        params = {
            "guild_id": guild_id,
            "variant": variant,
            "user_id": None,
            "since": self._since(period),
            "min_games": min_games,
            "rating0": start.rating,
            "mu0": start.mu,
            "sigma0": start.sigma,
        }
        order = LEADERBOARD_ORDERS[order_by]
        async with self._access.read() as db:
            total = rows.count(await db.fetchrow(f"{_BOARD} SELECT COUNT(*) FROM board", params))
            board = await db.fetch(
                f"{_BOARD} SELECT * FROM board ORDER BY {order}, rating DESC, games DESC, user_id "
                "LIMIT :limit OFFSET :offset",
                {**params, "limit": limit, "offset": offset},
            )
        return [rows.leaderboard_row(rank, row) for rank, row in enumerate(board, start=offset + 1)], total

    async def player_stats(
        self, guild_id: int, user_id: int, variant: str | None = None, *, period: Period = "all"
    ) -> PlayerStats:
        """A player's record in a guild, for one variant or all of them."""
        params = {"guild_id": guild_id, "variant": variant, "user_id": user_id, "since": self._since(period)}
        async with self._access.read() as db:
            totals = await db.fetchrow(
                f"""
                WITH {_PLAYED}
                SELECT COUNT(*) AS games, CAST(AVG(placement) AS DOUBLE PRECISION) AS average_placement,
                       COALESCE(SUM(final_score), 0.0) AS total_score, MAX(final_score) AS best_score
                FROM played
                """,
                params,
            )
            placements = await db.fetch(
                f"WITH {_PLAYED} SELECT placement, COUNT(*) AS times FROM played GROUP BY placement", params
            )
            hand_totals = await db.fetchrow(
                f"""
                WITH {_PLAYED}
                SELECT COUNT(*) AS hands, COALESCE(SUM(s.won), 0) AS wins,
                       COALESCE(SUM(s.tsumo), 0) AS tsumo_wins,
                       COALESCE(SUM(s.dealt_in), 0) AS deal_ins, COALESCE(SUM(s.riichi), 0) AS riichi_hands,
                       CAST(AVG(CASE WHEN s.won = 1 THEN s.win_points END) AS DOUBLE PRECISION) AS average_win_points
                FROM played
                JOIN hand_seats AS s USING (game_id, seat)
                JOIN hands AS h USING (game_id, hand_index)
                """,
                params,
            )
            name = await db.fetchrow(
                """
                SELECT p.name FROM game_players AS p JOIN games AS g ON g.id = p.game_id
                WHERE g.guild_id = :guild_id AND p.user_id = :user_id ORDER BY g.id DESC LIMIT 1
                """,
                {"guild_id": guild_id, "user_id": user_id},
            )
            chips = await db.fetch(
                f"""
                WITH {_PLAYED}
                SELECT variant, COUNT(*) AS games, SUM(chips) AS chips FROM played
                WHERE chips IS NOT NULL GROUP BY variant ORDER BY variant
                """,
                params,
            )
            scores = await db.fetch(
                f"""
                WITH {_PLAYED}
                SELECT variant, COUNT(*) AS games, CAST(SUM(final_score) AS DOUBLE PRECISION) AS total,
                       CAST(MAX(final_score) AS DOUBLE PRECISION) AS best
                FROM played GROUP BY variant ORDER BY variant
                """,
                params,
            )
            ratings = await read_ratings(db, guild_id, user_id, variant)
        # Aggregates without GROUP BY always return exactly one row.
        assert totals is not None
        assert hand_totals is not None
        return rows.player_stats(
            guild_id=guild_id,
            user_id=user_id,
            variant=variant,
            period=period,
            totals=totals,
            placements=placements,
            hand_totals=hand_totals,
            name=name,
            ratings=ratings,
            chips=chips,
            scores=scores,
        )

    async def history(
        self,
        guild_id: int,
        channel_id: int | None = None,
        limit: int = 10,
        *,
        offset: int = 0,
        include_cancelled: bool = False,
    ) -> list[GameSummary]:
        """Ended games of a guild (or one channel), newest first, with results by placement."""
        statuses = ["finished", "cancelled"] if include_cancelled else ["finished"]
        async with self._access.read() as db:
            found = await db.fetch(
                f"""
                SELECT id FROM games
                WHERE guild_id = :guild_id AND (CAST(:channel_id AS BIGINT) IS NULL OR channel_id = :channel_id)
                  AND {db.dialect.one_of("status", "statuses")}
                ORDER BY finished_at DESC, id DESC
                LIMIT :limit OFFSET :offset
                """,
                {
                    "guild_id": guild_id,
                    "channel_id": channel_id,
                    "statuses": db.dialect.values(statuses),
                    "limit": limit,
                    "offset": offset,
                },
            )
            return await read_summaries(db, [rows.row_id(row) for row in found])

    def _since(self, period: str) -> int | None:
        if period not in PERIODS:
            raise ValueError(f"unknown period {period!r} (choose from {', '.join(PERIODS)})")
        window = PERIODS[period]
        return None if window is None else timestamp(self._access.clock() - window)
