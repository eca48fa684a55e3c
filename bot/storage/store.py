"""The store: the only code in Jantaku that speaks SQL.

One :class:`Store` runs every query of the bot on one :class:`~bot.storage.sql.Backend`: SQLite
(:mod:`bot.storage.sqlite`, the default: one file, one writer and a few readers) or PostgreSQL
(:mod:`bot.storage.postgres`, for several processes on one database). The SQL is written once in
what both share, with ``:name`` parameters; a write is one transaction on ``backend.write()``, a
read one snapshot on ``backend.read()``. Rows become the frozen dataclasses of
:mod:`bot.storage.models` in :mod:`bot.storage.rows`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
from collections.abc import AsyncIterator, Callable, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from bot.engine.game import Outcome
from bot.engine.record import GameRecord
from bot.storage import rows
from bot.storage.errors import (
    ActionOrderError,
    ChannelBusyError,
    ConstraintError,
    GameNotFoundError,
    GameStateError,
)
from bot.storage.models import (
    PERIODS,
    GameRow,
    GameStatus,
    GameSummary,
    GuildSettings,
    HandResult,
    HandRow,
    LeaderboardRow,
    PanelHandle,
    Period,
    PlayerRating,
    PlayerSeat,
    PlayerStats,
)
from bot.storage.postgres import PostgresBackend, is_postgres_url
from bot.storage.ratings import Skill, initial_skill, rate_placements
from bot.storage.schema import Migration, load_migrations
from bot.storage.sql import Backend, Connection
from bot.storage.sqlite import DEFAULT_READERS, SqliteBackend, database_path

__all__ = ["LEADERBOARD_ORDERS", "Clock", "Store", "database_path", "utc_now"]

Clock = Callable[[], datetime]

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

_GUILD_FIELDS = tuple(f.name for f in dataclasses.fields(GuildSettings) if f.name != "guild_id")

_GAME_COLUMNS = """
    g.id, g.guild_id, g.channel_id, g.message_id, g.host_id, g.variant, g.settings, g.seed, g.status,
    g.created_at, g.finished_at, g.end_reason, g.hands_played, g.turn_seconds, g.bank_seconds,
    COALESCE((SELECT MAX(a.seq) + 1 FROM actions AS a WHERE a.game_id = g.id), 0) AS action_count
"""

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


class _KeyedLocks:
    """One FIFO lock per key, kept only while someone holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


def _timestamp(moment: datetime) -> int:
    return int(moment.timestamp())


def _json(value: Mapping[str, Any]) -> str:
    # Sorted and compact so equal actions are equal text; NaN is not JSON and would fail json_valid.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class Store:
    """Jantaku's persistent state, in SQLite or PostgreSQL.

    Open it with ``async with Store.open("sqlite:///data/jantaku.sqlite3") as store:`` (or a
    ``postgresql://`` URL), or ``store = await Store.connect(...)`` and later ``await
    store.close()`` where a context manager does not fit (``setup_hook``).
    """

    def __init__(self, backend: Backend, *, clock: Clock = utc_now) -> None:
        self.backend = backend
        """Where the data lives: the store's one way to the database."""
        self._clock = clock
        self._ordered = _KeyedLocks()

    # --- opening and closing --------------------------------------------------------------------

    @classmethod
    async def connect(
        cls,
        target: str | os.PathLike[str],
        *,
        clock: Clock = utc_now,
        migrations: Sequence[Migration] | None = None,
        readers: int = DEFAULT_READERS,
    ) -> Store:
        """Open (creating if needed) and migrate the database at ``target``: a file path, a
        ``sqlite:///`` URL, or a ``postgresql://`` URL.

        ``readers`` is, for SQLite, how many reads can run at once beside the writer (see
        :class:`~bot.storage.sqlite.SqliteBackend`); PostgreSQL sizes its pool from the URL's
        ``pool_size`` instead. ``migrations`` replaces the package's own, for tests of the
        migration machinery.
        """
        backend: Backend
        if is_postgres_url(target):
            assert isinstance(target, str)
            backend = await PostgresBackend.connect(
                target, migrations=load_migrations(dialect="postgresql") if migrations is None else migrations
            )
        else:
            backend = await SqliteBackend.connect(
                target,
                migrations=load_migrations(dialect="sqlite") if migrations is None else migrations,
                readers=readers,
            )
        return cls(backend, clock=clock)

    @classmethod
    @asynccontextmanager
    async def open(
        cls,
        target: str | os.PathLike[str],
        *,
        clock: Clock = utc_now,
        migrations: Sequence[Migration] | None = None,
        readers: int = DEFAULT_READERS,
    ) -> AsyncIterator[Store]:
        """``async with Store.open(path_or_url) as store:``: connect, and close on the way out."""
        store = await cls.connect(target, clock=clock, migrations=migrations, readers=readers)
        try:
            yield store
        finally:
            await store.close()

    async def close(self) -> None:
        """Close every connection, waiting for the reads and the write in flight; closing twice is harmless."""
        await self.backend.close()

    @asynccontextmanager
    async def _write(self, key: str) -> AsyncIterator[Connection]:
        """A write transaction, after every earlier write of this process on the same ``key``.

        SQLite's one writer runs a process's writes in the order they were asked for; a
        PostgreSQL pool runs them side by side, and two writes of one lobby, panel or game could
        otherwise commit in either order (the older state last) or both insert a new row. Writes
        of different keys still run at once. (Across processes, the database's own keys and
        :meth:`Connection.lock` do this work.)
        """
        async with self._ordered.hold(key), self.backend.write() as db:
            yield db

    def _read(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        return self.backend.read()

    def _now(self) -> int:
        return _timestamp(self._clock())

    # --- guild settings ---------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings, or the defaults if it never changed any."""
        async with self._read() as db:
            return await self._guild_settings(db, guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings and return them all; an unknown name raises TypeError naming it."""
        unknown = sorted(set(changes) - set(_GUILD_FIELDS))
        if unknown:
            raise TypeError(f"unknown guild setting(s): {', '.join(unknown)} (known: {', '.join(_GUILD_FIELDS)})")
        async with self._write(f"guild-settings:{guild_id}") as db:
            # Two changes at once (two processes) must not each write back the other's old values.
            await db.lock(f"guild-settings:{guild_id}")
            settings = dataclasses.replace(await self._guild_settings(db, guild_id), **changes)
            await db.execute(
                """
                INSERT INTO guild_settings
                    (guild_id, default_variant, turn_seconds, time_bank_seconds, hints, dm_panels, updated_at)
                VALUES (:guild_id, :default_variant, :turn_seconds, :time_bank_seconds, :hints, :dm_panels, :now)
                ON CONFLICT (guild_id) DO UPDATE SET
                    default_variant = excluded.default_variant,
                    turn_seconds = excluded.turn_seconds,
                    time_bank_seconds = excluded.time_bank_seconds,
                    hints = excluded.hints,
                    dm_panels = excluded.dm_panels,
                    updated_at = excluded.updated_at
                """,
                {
                    "guild_id": guild_id,
                    "default_variant": settings.default_variant,
                    "turn_seconds": settings.turn_seconds,
                    "time_bank_seconds": settings.time_bank_seconds,
                    "hints": int(settings.hints),
                    "dm_panels": int(settings.dm_panels),
                    "now": self._now(),
                },
            )
        return settings

    @staticmethod
    async def _guild_settings(db: Connection, guild_id: int) -> GuildSettings:
        row = await db.fetchrow("SELECT * FROM guild_settings WHERE guild_id = :guild_id", {"guild_id": guild_id})
        return rows.guild_settings(guild_id, row)

    # --- games ------------------------------------------------------------------------------------

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        settings: Mapping[str, Any],
        seed: int,
        players: Sequence[PlayerSeat],
        host_id: int,
        *,
        turn_seconds: float | None = None,
        bank_seconds: float | None = None,
    ) -> int:
        """Store a new running game and return its id. ``players[i]`` sits in engine seat ``i``.

        ``turn_seconds``/``bank_seconds`` are the table's own clock (None: the guild's defaults).

        Raises :class:`ChannelBusyError` if the channel already has a running game.
        """
        if not players:
            raise ValueError("a game needs at least one player")
        humans = [player.user_id for player in players if player.user_id is not None]
        if len(humans) != len(set(humans)):
            raise ValueError("a user can take only one seat at a table")
        settings_text = _json(settings)
        async with self._write(f"channel:{channel_id}") as db:
            busy = await db.fetchrow(
                "SELECT id FROM games WHERE channel_id = :channel_id AND status = 'running'", {"channel_id": channel_id}
            )
            if busy is not None:
                raise ChannelBusyError(f"game #{rows.row_id(busy)} is still running in this channel")
            try:
                row = await db.fetchrow(
                    """
                    INSERT INTO games (
                        guild_id, channel_id, host_id, variant, settings, seed, created_at, turn_seconds, bank_seconds
                    )
                    VALUES (:guild_id, :channel_id, :host_id, :variant, :settings, :seed, :now, :turn, :bank)
                    RETURNING id
                    """,
                    {
                        "guild_id": guild_id,
                        "channel_id": channel_id,
                        "host_id": host_id,
                        "variant": variant,
                        "settings": settings_text,
                        "seed": str(seed),
                        "now": self._now(),
                        "turn": None if turn_seconds is None else float(turn_seconds),
                        "bank": None if bank_seconds is None else float(bank_seconds),
                    },
                )
            except ConstraintError as error:  # the schema's one-running-game index: another process won
                raise ChannelBusyError("a game is already running in this channel") from error
            assert row is not None  # RETURNING always yields the new row
            game_id = rows.row_id(row)
            await db.executemany(
                """
                INSERT INTO game_players (game_id, seat, user_id, name, is_cpu)
                VALUES (:game_id, :seat, :user_id, :name, :is_cpu)
                """,
                [
                    {"game_id": game_id, "seat": seat, "user_id": p.user_id, "name": p.name, "is_cpu": int(p.is_cpu)}
                    for seat, p in enumerate(players)
                ],
            )
        return game_id

    async def set_game_message(self, game_id: int, message_id: int) -> None:
        """Remember the channel message that shows the table, so a restart can edit it."""
        async with self._write(f"game:{game_id}") as db:
            changed = await db.execute(
                "UPDATE games SET message_id = :message_id WHERE id = :game_id",
                {"message_id": message_id, "game_id": game_id},
            )
            if changed == 0:
                raise GameNotFoundError(f"no game #{game_id}")

    # --- panels ------------------------------------------------------------------------------------

    async def save_panel(self, game_id: int, handle: PanelHandle) -> None:
        """Store (or replace) where a seat's panel of a running game lives."""
        async with self._write(f"game:{game_id}") as db:
            await self._running_game(db, game_id)
            await db.execute(
                """
                INSERT INTO panels (game_id, seat, opened_at, application_id, token, channel_id,
                                    message_id, locale, prefers_dm, mode, shown, image)
                VALUES (:game_id, :seat, :opened_at, :application_id, :token, :channel_id,
                        :message_id, :locale, :prefers_dm, :mode, :shown, :image)
                ON CONFLICT (game_id, seat) DO UPDATE SET
                    opened_at = excluded.opened_at, application_id = excluded.application_id,
                    token = excluded.token, channel_id = excluded.channel_id, message_id = excluded.message_id,
                    locale = excluded.locale, prefers_dm = excluded.prefers_dm, mode = excluded.mode,
                    shown = excluded.shown, image = excluded.image
                """,
                {
                    "game_id": game_id,
                    "seat": handle.seat,
                    "opened_at": float(handle.opened_at),
                    "application_id": handle.application_id,
                    "token": handle.token,
                    "channel_id": handle.channel_id,
                    "message_id": handle.message_id,
                    "locale": handle.locale,
                    "prefers_dm": int(handle.prefers_dm),
                    "mode": handle.mode,
                    "shown": handle.shown,
                    "image": handle.image,
                },
            )

    async def forget_panel(self, game_id: int, seat: int) -> None:
        """The seat's panel is gone (a dead token, a deleted DM): nothing to edit after a restart."""
        async with self._write(f"game:{game_id}") as db:
            await db.execute(
                "DELETE FROM panels WHERE game_id = :game_id AND seat = :seat", {"game_id": game_id, "seat": seat}
            )

    async def panels(self, game_id: int) -> dict[int, PanelHandle]:
        """Where each seat's panel of the game lives, by seat."""
        async with self._read() as db:
            found = await db.fetch("SELECT * FROM panels WHERE game_id = :game_id ORDER BY seat", {"game_id": game_id})
        return {handle.seat: handle for handle in map(rows.panel, found)}

    # --- lobbies ------------------------------------------------------------------------------------

    async def save_lobby(self, lobby_id: int, guild_id: int, channel_id: int, data: Mapping[str, Any]) -> None:
        """Store (or replace) an open lobby's state."""
        async with self._write(f"lobby:{lobby_id}") as db:
            await db.execute(
                """
                INSERT INTO lobbies (id, guild_id, channel_id, data, updated_at)
                VALUES (:id, :guild_id, :channel_id, :data, :now)
                ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
                """,
                {
                    "id": lobby_id,
                    "guild_id": guild_id,
                    "channel_id": channel_id,
                    "data": _json(data),
                    "now": self._now(),
                },
            )

    async def delete_lobby(self, lobby_id: int) -> None:
        """Forget a lobby (started or cancelled); an unknown id is no error."""
        async with self._write(f"lobby:{lobby_id}") as db:
            await db.execute("DELETE FROM lobbies WHERE id = :id", {"id": lobby_id})

    async def lobbies(self) -> list[dict[str, Any]]:
        """Every stored lobby's state, oldest first."""
        async with self._read() as db:
            found = await db.fetch("SELECT data FROM lobbies ORDER BY id")
        return [rows.lobby(row) for row in found]

    async def game(self, game_id: int) -> GameRow:
        """One game; raises :class:`GameNotFoundError` for an unknown id."""
        async with self._read() as db:
            return await self._game(db, game_id)

    async def unfinished_games(
        self, *, shard_ids: Collection[int] | None = None, shard_count: int = 1
    ) -> list[GameRow]:
        """Every running game, oldest first: what start-up recovers.

        With ``shard_ids``, only guilds those shards own (Discord's ``(guild_id >> 22) % shard_count``),
        so each process of a sharded deployment recovers its own tables.
        """
        if shard_ids is None:
            async with self._read() as db:
                return await self._games(db, "g.status = 'running' ORDER BY g.id", {})
        if shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        async with self._read() as db:
            return await self._games(
                db,
                f"g.status = 'running' AND {db.dialect.one_of('((g.guild_id >> 22) % :shard_count)', 'shards')} "
                "ORDER BY g.id",
                {"shard_count": shard_count, "shards": db.dialect.values(sorted(shard_ids))},
            )

    async def active_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's running game, if any."""
        async with self._read() as db:
            games = await self._games(
                db, "g.channel_id = :channel_id AND g.status = 'running'", {"channel_id": channel_id}
            )
        return games[0] if games else None

    async def finish_game(
        self, game_id: int, status: GameStatus | str = GameStatus.FINISHED, *, reason: str = ""
    ) -> GameRow:
        """End a running game without results (``'cancelled'``, or ``'finished'`` when abandoned).

        A game that ends normally goes through :meth:`record_final` instead, which also stores
        results and ratings.
        """
        final = GameStatus(status)
        if final is GameStatus.RUNNING:
            raise ValueError("finish_game ends a game: status must be 'finished' or 'cancelled'")
        async with self._write(f"game:{game_id}") as db:
            await db.lock(f"game:{game_id}")
            await self._running_game(db, game_id)
            await db.execute(
                """
                UPDATE games
                SET status = :status, finished_at = :now, end_reason = :reason,
                    hands_played = (SELECT COUNT(*) FROM hands WHERE hands.game_id = games.id)
                WHERE id = :game_id
                """,
                {"status": final.value, "now": self._now(), "reason": reason, "game_id": game_id},
            )
            await db.execute("DELETE FROM panels WHERE game_id = :game_id", {"game_id": game_id})
            return await self._game(db, game_id)

    async def _game(self, db: Connection, game_id: int) -> GameRow:
        games = await self._games(db, "g.id = :game_id", {"game_id": game_id})
        if not games:
            raise GameNotFoundError(f"no game #{game_id}")
        return games[0]

    async def _running_game(self, db: Connection, game_id: int) -> GameRow:
        game = await self._game(db, game_id)
        if not game.is_running:
            raise GameStateError(f"game #{game_id} is {game.status.value}, not running")
        return game

    @staticmethod
    async def _games(db: Connection, where: str, params: Mapping[str, Any]) -> list[GameRow]:
        found = await db.fetch(f"SELECT {_GAME_COLUMNS} FROM games AS g WHERE {where}", params)
        ids = [rows.row_id(row) for row in found]
        seats = await Store._players(db, ids)
        return [rows.game(row, seats.get(game_id, ())) for row, game_id in zip(found, ids, strict=True)]

    @staticmethod
    async def _players(db: Connection, game_ids: Sequence[int]) -> dict[int, tuple[PlayerSeat, ...]]:
        if not game_ids:
            return {}
        found = await db.fetch(
            f"""
            SELECT game_id, user_id, name, is_cpu FROM game_players
            WHERE {db.dialect.one_of("game_id", "ids")}
            ORDER BY game_id, seat
            """,
            {"ids": db.dialect.values(game_ids)},
        )
        return rows.seats_by_game(found)

    # --- the action log -------------------------------------------------------------------------

    async def append_action(
        self, game_id: int, seq: int, action_json: Mapping[str, Any], *, bank: float | None = None
    ) -> None:
        """Log the game's action number ``seq`` (0-based) and commit before returning.

        ``bank`` is the acting seat's time bank after this action (None for CPUs), so that a
        restart gives every seat back the seconds it had.

        ``seq`` must be exactly the next number: a duplicate (a double click that slipped
        through, or another process that took the number first) or a gap raises
        :class:`ActionOrderError` and logs nothing. A game that is not running raises
        :class:`GameStateError`.
        """
        text = _json(action_json)
        async with self._write(f"game:{game_id}") as db:
            try:
                added = await db.execute(
                    """
                    INSERT INTO actions (game_id, seq, action, created_at, bank)
                    SELECT id, :seq, :action, :now, :bank FROM games
                    WHERE id = :game_id AND status = 'running'
                      AND :seq = (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = :game_id)
                    """,
                    {
                        "game_id": game_id,
                        "seq": seq,
                        "action": text,
                        "now": self._now(),
                        "bank": None if bank is None else float(bank),
                    },
                )
            except ConstraintError as error:
                # Two writers read the same last number and both tried the next: the primary key
                # let the first one in. (SQLite's one writer never gets here.)
                raise ActionOrderError(f"game #{game_id} already has action {seq}") from error
            if added == 1:
                return
            game = await self._running_game(db, game_id)
            expected = game.action_count
            if seq < expected:
                raise ActionOrderError(f"game #{game_id} already has action {seq}; the next is {expected}")
            raise ActionOrderError(f"game #{game_id} expects action {expected} next, not {seq}")

    async def retract_action(self, game_id: int, seq: int) -> None:
        """Take back the game's last logged action, number ``seq``: the engine refused it after it
        was committed, so it must not be replayed. Anything but the last action raises
        :class:`ActionOrderError` and changes nothing (history is never rewritten)."""
        async with self._write(f"game:{game_id}") as db:
            removed = await db.execute(
                """
                DELETE FROM actions
                WHERE game_id = :game_id AND seq = :seq
                  AND :seq = (SELECT MAX(seq) FROM actions WHERE game_id = :game_id)
                """,
                {"game_id": game_id, "seq": seq},
            )
            if removed != 1:
                raise ActionOrderError(f"game #{game_id} has no last action {seq} to take back")

    async def actions(self, game_id: int) -> list[dict[str, Any]]:
        """The game's logged actions in order, as the JSON dicts that were appended."""
        async with self._read() as db:
            return await self._actions(db, game_id)

    async def seat_banks(self, game_id: int) -> dict[int, float]:
        """Each seat's time bank after its last logged action that recorded one."""
        async with self._read() as db:
            found = await db.fetch(
                "SELECT action, bank FROM actions WHERE game_id = :game_id AND bank IS NOT NULL ORDER BY seq",
                {"game_id": game_id},
            )
        return rows.seat_banks(found)

    async def record(self, game_id: int) -> GameRecord:
        """The game as the engine's :class:`GameRecord`: ``replay(record)`` rebuilds its state."""
        async with self._read() as db:
            game = await self._game(db, game_id)
            actions = await self._actions(db, game_id)
        return GameRecord(
            variant=game.variant,
            settings=dict(game.settings),
            seed=game.seed,
            players=len(game.players),
            actions=tuple(actions),
        )

    async def _actions(self, db: Connection, game_id: int) -> list[dict[str, Any]]:
        found = await db.fetch("SELECT action FROM actions WHERE game_id = :game_id ORDER BY seq", {"game_id": game_id})
        if not found:
            await self._game(db, game_id)  # an unknown game is an error, not an empty log
        return [rows.action(row) for row in found]

    # --- results ----------------------------------------------------------------------------------

    async def record_hand(self, game_id: int, hand_index: int, label: str, result: HandResult) -> None:
        """Store how a hand ended. Recording the same hand again replaces it, so a replay after
        a crash can safely record every hand it passes through."""
        async with self._write(f"game:{game_id}") as db:
            game = await self._game(db, game_id)
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
                    "now": self._now(),
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
        async with self._read() as db:
            game = await self._game(db, game_id)
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
        async with self._write(f"game:{game_id}") as db:
            await db.lock(f"game:{game_id}")
            game = await self._running_game(db, game_id)
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
                else [(points - average) / 1000 for points in outcome.points]
            )
            now = self._now()

            humans = [(seat, player) for seat, player in enumerate(game.players) if player.user_id is not None]
            if humans:
                await db.lock(f"ratings:{game.guild_id}:{game.variant}")
            before = [await self._skill(db, game.guild_id, game.variant, player.user_id) for _, player in humans]
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
            summaries = await self._summaries(db, [game_id])
        return summaries[0]

    async def mark_end_shown(self, game_id: int) -> None:
        """The game's end is posted in its channel: a restart need not post it again."""
        async with self._write(f"game:{game_id}") as db:
            await db.execute("UPDATE games SET end_shown = 1 WHERE id = :game_id", {"game_id": game_id})

    async def unshown_ends(
        self, *, shard_ids: Collection[int] | None = None, shard_count: int = 1
    ) -> list[GameSummary]:
        """Finished games whose end was never posted (the process died first), oldest first, with
        their results; ``shard_ids`` as for :meth:`unfinished_games`."""
        async with self._read() as db:
            where = "status = 'finished' AND end_shown = 0"
            params: dict[str, Any] = {}
            if shard_ids is not None:
                where += f" AND {db.dialect.one_of('((guild_id >> 22) % :shard_count)', 'shards')}"
                params = {"shard_count": max(1, shard_count), "shards": db.dialect.values(sorted(shard_ids))}
            found = await db.fetch(f"SELECT id FROM games WHERE {where} ORDER BY id", params)
            return await self._summaries(db, [rows.row_id(row) for row in found])

    @staticmethod
    async def _skill(db: Connection, guild_id: int, variant: str, user_id: int | None) -> Skill:
        row = await db.fetchrow(
            "SELECT mu, sigma FROM ratings WHERE guild_id = :guild_id AND variant = :variant AND user_id = :user_id",
            {"guild_id": guild_id, "variant": variant, "user_id": user_id},
        )
        return rows.skill(row)

    # --- ratings, leaderboards, stats, history --------------------------------------------------

    async def rating(self, guild_id: int, variant: str, user_id: int) -> PlayerRating | None:
        """A player's rating in one guild and variant, or None before their first finished game."""
        async with self._read() as db:
            ratings = await self._ratings(db, guild_id, user_id, variant)
        return ratings[0] if ratings else None

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
        async with self._read() as db:
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
        async with self._read() as db:
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
            ratings = await self._ratings(db, guild_id, user_id, variant)
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
        async with self._read() as db:
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
            return await self._summaries(db, [rows.row_id(row) for row in found])

    async def _summaries(self, db: Connection, game_ids: Sequence[int]) -> list[GameSummary]:
        if not game_ids:
            return []
        ids = {"ids": db.dialect.values(game_ids)}
        games = {game.id: game for game in await self._games(db, db.dialect.one_of("g.id", "ids"), ids)}
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

    @staticmethod
    async def _ratings(db: Connection, guild_id: int, user_id: int, variant: str | None) -> list[PlayerRating]:
        found = await db.fetch(
            """
            SELECT * FROM ratings WHERE guild_id = :guild_id AND user_id = :user_id
              AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)
            ORDER BY rating DESC, variant
            """,
            {"guild_id": guild_id, "user_id": user_id, "variant": variant},
        )
        return [rows.rating(row) for row in found]

    def _since(self, period: str) -> int | None:
        if period not in PERIODS:
            raise ValueError(f"unknown period {period!r} (choose from {', '.join(PERIODS)})")
        window = PERIODS[period]
        return None if window is None else _timestamp(self._clock() - window)
