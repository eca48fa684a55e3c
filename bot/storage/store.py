"""The store: the only code in Jantaku that speaks SQL.

One :class:`Store` holds one writer connection and a small pool of reader connections to the
same WAL database. Writes run in ``BEGIN IMMEDIATE`` transactions on the writer, behind an
asyncio lock, so two coroutines never interleave statements on it and a read inside a write (a
game's row while its action is logged) sees that write's own uncommitted rows. Every read-only
method instead borrows a free reader (``PRAGMA query_only``) and runs in its own snapshot
transaction: WAL lets a reader see the last committed state while a write is open, and lets a
write commit while a read is still running, so a slow leaderboard never holds up a table's next
action and a slow write never holds up ``/mahjong stats``. A ``:memory:`` database exists only
inside its one connection, so it gets no readers: its reads run on the writer, behind the same
lock as the writes (as every read does with ``readers=0``). Rows become the frozen dataclasses of
:mod:`bot.storage.models` in :mod:`bot.storage.rows`.

>>> database_path("sqlite:///data/jantaku.sqlite3")
'data/jantaku.sqlite3'
>>> database_path("sqlite:////var/lib/jantaku/jantaku.sqlite3")
'/var/lib/jantaku/jantaku.sqlite3'
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.engine.game import Outcome
from bot.engine.record import GameRecord
from bot.storage import rows
from bot.storage.errors import (
    ActionOrderError,
    ChannelBusyError,
    GameNotFoundError,
    GameStateError,
    StorageError,
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
from bot.storage.ratings import Skill, initial_skill, rate_placements
from bot.storage.schema import Migration, load_migrations, migrate

__all__ = ["LEADERBOARD_ORDERS", "Clock", "Store", "database_path", "utc_now"]

Clock = Callable[[], datetime]

BUSY_TIMEOUT_MS = 5_000
"""How long a write waits for another connection's lock before giving up."""

DEFAULT_READERS = 2
"""Reads that run at once beside the writer: a leaderboard and a stats command together; a third waits its turn."""

MIN_SQLITE = (3, 37, 0)
"""STRICT tables arrived in SQLite 3.37."""

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
_PLAYED = """
played AS (
    SELECT p.user_id, f.game_id, f.seat, f.placement, f.final_score, f.chips, g.variant
    FROM final_results AS f
    JOIN game_players AS p USING (game_id, seat)
    JOIN games AS g ON g.id = f.game_id
    WHERE g.guild_id = :guild_id
      AND g.status = 'finished'
      AND p.user_id IS NOT NULL
      AND (:variant IS NULL OR g.variant = :variant)
      AND (:user_id IS NULL OR p.user_id = :user_id)
      AND (:since IS NULL OR g.finished_at >= :since)
)
"""

_BOARD = f"""
WITH {_PLAYED},
totals AS (
    SELECT user_id, COUNT(*) AS games, AVG(placement) AS average_placement, SUM(final_score) AS total_score,
           COALESCE(SUM(chips), 0) AS chips, COUNT(chips) AS chip_games
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
           CAST(COALESCE(ht.wins, 0) AS REAL) / MAX(COALESCE(ht.hands, 0), 1) AS win_rate,
           CAST(COALESCE(ht.deal_ins, 0) AS REAL) / MAX(COALESCE(ht.hands, 0), 1) AS deal_in_rate,
           CAST(COALESCE(ht.riichi_hands, 0) AS REAL) / MAX(COALESCE(ht.hands, 0), 1) AS riichi_rate,
           t.chips, t.chip_games, CAST(t.chips AS REAL) / MAX(t.chip_games, 1) AS chips_per_game
    FROM totals AS t
    LEFT JOIN hand_totals AS ht USING (user_id)
    LEFT JOIN ratings AS r ON r.guild_id = :guild_id AND r.variant = :variant AND r.user_id = t.user_id
)
"""


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


def database_path(target: str | os.PathLike[str]) -> str:
    """The SQLite file for a filesystem path or a ``sqlite:///`` URL (``:memory:`` passes through).

    URLs follow SQLAlchemy: three slashes then a relative path, four for an absolute one.
    """
    if isinstance(target, os.PathLike):
        return os.fspath(target)
    if "://" not in target:
        return target
    scheme, _, rest = target.partition("://")
    if scheme != "sqlite":
        raise ValueError(
            f"unsupported database URL scheme {scheme!r}: this store speaks SQLite, e.g. sqlite:///data/jantaku.sqlite3"
        )
    if not rest.startswith("/") or len(rest) < 2:
        raise ValueError(f"write SQLite URLs as sqlite:///relative/path or sqlite:////absolute/path, not {target!r}")
    return rest[1:]


def _timestamp(moment: datetime) -> int:
    return int(moment.timestamp())


def _json(value: Mapping[str, Any]) -> str:
    # Sorted and compact so equal actions are equal text; NaN is not JSON and would fail json_valid.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@asynccontextmanager
async def _snapshot(db: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    # One transaction for the whole read, so its several SELECTs agree with each other; rolled
    # back, never committed, because a read has nothing to keep.
    try:
        await db.execute("BEGIN")
        yield db
    finally:
        # Even when in_transaction says there is nothing to end: a read cancelled while its BEGIN
        # was still queued would hand its reader to the next read inside that transaction.
        # aiosqlite runs a connection's statements in order, so this ROLLBACK follows the BEGIN.
        with contextlib.suppress(sqlite3.Error):
            await db.execute("ROLLBACK")


class Store:
    """Jantaku's persistent state in one SQLite database.

    Open it with ``async with Store.open("sqlite:///data/jantaku.sqlite3") as store:``, or
    ``store = await Store.connect(...)`` and later ``await store.close()`` where a context
    manager does not fit (``setup_hook``).

    ``db`` is the writer connection; ``readers`` are open connections to the same file that only
    ever read, lent to one read at a time. Without readers (``:memory:``, ``readers=0``) every read
    runs on ``db``, behind the writer's lock.
    """

    def __init__(
        self,
        db: aiosqlite.Connection,
        *,
        path: str,
        clock: Clock = utc_now,
        readers: Sequence[aiosqlite.Connection] = (),
    ) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._readers = tuple(readers)
        self._free: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in self._readers:
            self._free.put_nowait(reader)
        self._reads = 0
        """Reads begun on the pool and not yet ended, including those still waiting for a reader."""
        self._no_reads = asyncio.Event()
        self._no_reads.set()
        self._closed = False
        self._clock = clock
        self.path = path
        """The database file (or ``:memory:``)."""

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
        """Open (creating if needed) and migrate the database at ``target``.

        ``readers`` is how many reads can run at once beside the writer; 0 puts every read on the
        writer connection, behind its lock. A ``:memory:`` database always gets 0, since another
        connection would open a second, empty database.

        ``migrations`` replaces the package's own, for tests of the migration machinery.
        """
        if readers < 0:
            raise ValueError(f"readers must be 0 or more, not {readers}")
        if sqlite3.sqlite_version_info < MIN_SQLITE:
            raise StorageError(
                f"SQLite {sqlite3.sqlite_version} is too old; Jantaku needs {'.'.join(map(str, MIN_SQLITE))} or newer"
            )
        path = database_path(target)
        if path == ":memory:":
            readers = 0
        else:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        opened: list[aiosqlite.Connection] = []
        try:
            db = await cls._open_connection(path, opened)
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA journal_mode = WAL")
            # FULL fsyncs the WAL at every commit: an action the players saw survives a power
            # cut, not only a crash of the process. Actions are a few per second at most.
            await db.execute("PRAGMA synchronous = FULL")
            await migrate(db, load_migrations() if migrations is None else migrations)
            # Readers open after the migrations, so none of them ever sees an older schema.
            pool = [await cls._open_connection(path, opened) for _ in range(readers)]
            for reader in pool:
                # A write slipped into a read-only method fails loudly on a reader, instead of waiting
                # for the writer's lock and then vanishing in the read's rollback.
                await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            for connection in opened:
                await connection.close()
            raise
        return cls(db, path=path, clock=clock, readers=pool)

    @staticmethod
    async def _open_connection(path: str, opened: list[aiosqlite.Connection]) -> aiosqlite.Connection:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so sqlite3 never opens a hidden
        # transaction that would keep an action uncommitted after append_action returns (or, on
        # a reader, keep an old snapshot alive between reads).
        db = await aiosqlite.connect(path, isolation_level=None)
        opened.append(db)
        db.row_factory = aiosqlite.Row
        # Readers need it too: in WAL a read can still meet SQLITE_BUSY for a moment, while another
        # connection recovers the WAL index or restarts the log.
        await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
        return db

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
        if self._closed:
            return
        self._closed = True
        # Waiting for the reads rather than taking every reader off the queue: a read already
        # queued for a reader must still get one, and a close() that competed for them could win.
        await self._no_reads.wait()
        for reader in self._readers:
            await reader.close()
        async with self._lock:
            await self._db.close()

    def _check_open(self) -> None:
        # Without this a read after close() would wait forever for a reader that never comes back.
        if self._closed:
            raise ValueError("the store is closed")

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        self._check_open()
        async with self._lock:
            # IMMEDIATE takes the write lock up front, so a second process waits at BEGIN
            # (busy_timeout) instead of failing halfway through our statements.
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        if not self._db.in_transaction:
            return
        # A task cancelled while its COMMIT was already queued finds no transaction left here;
        # the original error (or the cancellation) is what the caller needs to see.
        with contextlib.suppress(sqlite3.Error):
            await self._db.execute("ROLLBACK")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A snapshot of the last committed state, on a reader of its own (the writer for ``:memory:``)."""
        self._check_open()
        if not self._readers:
            async with self._lock, _snapshot(self._db) as db:
                yield db
            return
        self._reads += 1
        self._no_reads.clear()
        try:
            reader = await self._free.get()
            try:
                async with _snapshot(reader) as db:
                    yield db
            finally:
                self._free.put_nowait(reader)
        finally:
            self._reads -= 1
            if not self._reads:
                self._no_reads.set()

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
        async with self._write() as db:
            settings = dataclasses.replace(await self._guild_settings(db, guild_id), **changes)
            await db.execute(
                """
                INSERT INTO guild_settings
                    (guild_id, default_variant, turn_seconds, time_bank_seconds, hints, dm_panels, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (guild_id) DO UPDATE SET
                    default_variant = excluded.default_variant,
                    turn_seconds = excluded.turn_seconds,
                    time_bank_seconds = excluded.time_bank_seconds,
                    hints = excluded.hints,
                    dm_panels = excluded.dm_panels,
                    updated_at = excluded.updated_at
                """,
                (
                    guild_id,
                    settings.default_variant,
                    settings.turn_seconds,
                    settings.time_bank_seconds,
                    int(settings.hints),
                    int(settings.dm_panels),
                    self._now(),
                ),
            )
        return settings

    @staticmethod
    async def _guild_settings(db: aiosqlite.Connection, guild_id: int) -> GuildSettings:
        async with db.execute("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cursor:
            return rows.guild_settings(guild_id, await cursor.fetchone())

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
        async with self._write() as db:
            async with db.execute(
                "SELECT id FROM games WHERE channel_id = ? AND status = 'running'", (channel_id,)
            ) as cursor:
                busy = await cursor.fetchone()
            if busy is not None:
                raise ChannelBusyError(f"game #{rows.row_id(busy)} is still running in this channel")
            try:
                async with db.execute(
                    """
                    INSERT INTO games (
                        guild_id, channel_id, host_id, variant, settings, seed, created_at, turn_seconds, bank_seconds
                    )
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    RETURNING id
                    """,
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        variant,
                        settings_text,
                        str(seed),
                        self._now(),
                        turn_seconds,
                        bank_seconds,
                    ),
                ) as cursor:
                    row = await cursor.fetchone()
            except sqlite3.IntegrityError as error:  # the schema's one-running-game index, as a backstop
                raise ChannelBusyError("a game is already running in this channel") from error
            assert row is not None  # RETURNING always yields the new row
            game_id = rows.row_id(row)
            await db.executemany(
                "INSERT INTO game_players (game_id, seat, user_id, name, is_cpu) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seat, p.user_id, p.name, int(p.is_cpu)) for seat, p in enumerate(players)],
            )
        return game_id

    async def set_game_message(self, game_id: int, message_id: int) -> None:
        """Remember the channel message that shows the table, so a restart can edit it."""
        async with self._write() as db:
            cursor = await db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))
            if cursor.rowcount == 0:
                raise GameNotFoundError(f"no game #{game_id}")

    # --- panels ------------------------------------------------------------------------------------

    async def save_panel(self, game_id: int, handle: PanelHandle) -> None:
        """Store (or replace) where a seat's panel of a running game lives."""
        async with self._write() as db:
            await self._running_game(db, game_id)
            await db.execute(
                """
                INSERT OR REPLACE INTO panels (game_id, seat, opened_at, application_id, token, channel_id,
                                               message_id, locale, prefers_dm, mode, shown, image)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                (
                    game_id,
                    handle.seat,
                    handle.opened_at,
                    handle.application_id,
                    handle.token,
                    handle.channel_id,
                    handle.message_id,
                    handle.locale,
                    int(handle.prefers_dm),
                    handle.mode,
                    handle.shown,
                    handle.image,
                ),
            )

    async def forget_panel(self, game_id: int, seat: int) -> None:
        """The seat's panel is gone (a dead token, a deleted DM): nothing to edit after a restart."""
        async with self._write() as db:
            await db.execute("DELETE FROM panels WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def panels(self, game_id: int) -> dict[int, PanelHandle]:
        """Where each seat's panel of the game lives, by seat."""
        async with (
            self._read() as db,
            db.execute("SELECT * FROM panels WHERE game_id = ? ORDER BY seat", (game_id,)) as cursor,
        ):
            return {handle.seat: handle for handle in map(rows.panel, await cursor.fetchall())}

    # --- lobbies ------------------------------------------------------------------------------------

    async def save_lobby(self, lobby_id: int, guild_id: int, channel_id: int, data: Mapping[str, Any]) -> None:
        """Store (or replace) an open lobby's state."""
        async with self._write() as db:
            await db.execute(
                """
                INSERT INTO lobbies (id, guild_id, channel_id, data, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
                """,
                (lobby_id, guild_id, channel_id, _json(data), self._now()),
            )

    async def delete_lobby(self, lobby_id: int) -> None:
        """Forget a lobby (started or cancelled); an unknown id is no error."""
        async with self._write() as db:
            await db.execute("DELETE FROM lobbies WHERE id = ?", (lobby_id,))

    async def lobbies(self) -> list[dict[str, Any]]:
        """Every stored lobby's state, oldest first."""
        async with self._read() as db, db.execute("SELECT data FROM lobbies ORDER BY id") as cursor:
            return [rows.lobby(row) for row in await cursor.fetchall()]

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
                return await self._games(db, "g.status = 'running' ORDER BY g.id", ())
        if shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        async with self._read() as db:
            return await self._games(
                db,
                "g.status = 'running' AND ((g.guild_id >> 22) % ?) IN (SELECT value FROM json_each(?)) ORDER BY g.id",
                (shard_count, json.dumps(sorted(shard_ids))),
            )

    async def active_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's running game, if any."""
        async with self._read() as db:
            games = await self._games(db, "g.channel_id = ? AND g.status = 'running'", (channel_id,))
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
        async with self._write() as db:
            await self._running_game(db, game_id)
            await db.execute(
                """
                UPDATE games
                SET status = ?, finished_at = ?, end_reason = ?,
                    hands_played = (SELECT COUNT(*) FROM hands WHERE hands.game_id = games.id)
                WHERE id = ?
                """,
                (final.value, self._now(), reason, game_id),
            )
            await db.execute("DELETE FROM panels WHERE game_id = ?", (game_id,))
            return await self._game(db, game_id)

    async def _game(self, db: aiosqlite.Connection, game_id: int) -> GameRow:
        games = await self._games(db, "g.id = ?", (game_id,))
        if not games:
            raise GameNotFoundError(f"no game #{game_id}")
        return games[0]

    async def _running_game(self, db: aiosqlite.Connection, game_id: int) -> GameRow:
        game = await self._game(db, game_id)
        if not game.is_running:
            raise GameStateError(f"game #{game_id} is {game.status.value}, not running")
        return game

    @staticmethod
    async def _games(db: aiosqlite.Connection, where: str, params: Sequence[Any]) -> list[GameRow]:
        async with db.execute(f"SELECT {_GAME_COLUMNS} FROM games AS g WHERE {where}", params) as cursor:
            found = list(await cursor.fetchall())
        ids = [rows.row_id(row) for row in found]
        seats = await Store._players(db, ids)
        return [rows.game(row, seats.get(game_id, ())) for row, game_id in zip(found, ids, strict=True)]

    @staticmethod
    async def _players(db: aiosqlite.Connection, game_ids: Sequence[int]) -> dict[int, tuple[PlayerSeat, ...]]:
        if not game_ids:
            return {}
        # json_each instead of "IN (?, ?, ...)": one parameter however many games there are.
        async with db.execute(
            """
            SELECT game_id, user_id, name, is_cpu FROM game_players
            WHERE game_id IN (SELECT value FROM json_each(?))
            ORDER BY game_id, seat
            """,
            (json.dumps(list(game_ids)),),
        ) as cursor:
            return rows.seats_by_game(await cursor.fetchall())

    # --- the action log -------------------------------------------------------------------------

    async def append_action(
        self, game_id: int, seq: int, action_json: Mapping[str, Any], *, bank: float | None = None
    ) -> None:
        """Log the game's action number ``seq`` (0-based) and commit before returning.

        ``bank`` is the acting seat's time bank after this action (None for CPUs), so that a
        restart gives every seat back the seconds it had.

        ``seq`` must be exactly the next number: a duplicate (a double click that slipped
        through) or a gap raises :class:`ActionOrderError` and logs nothing. A game that is not
        running raises :class:`GameStateError`.
        """
        text = _json(action_json)
        async with self._write() as db:
            cursor = await db.execute(
                """
                INSERT INTO actions (game_id, seq, action, created_at, bank)
                SELECT id, :seq, :action, :now, :bank FROM games
                WHERE id = :game_id AND status = 'running'
                  AND :seq = (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = :game_id)
                """,
                {"game_id": game_id, "seq": seq, "action": text, "now": self._now(), "bank": bank},
            )
            if cursor.rowcount == 1:
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
        async with self._write() as db:
            cursor = await db.execute(
                """
                DELETE FROM actions
                WHERE game_id = :game_id AND seq = :seq
                  AND :seq = (SELECT MAX(seq) FROM actions WHERE game_id = :game_id)
                """,
                {"game_id": game_id, "seq": seq},
            )
            if cursor.rowcount != 1:
                raise ActionOrderError(f"game #{game_id} has no last action {seq} to take back")

    async def actions(self, game_id: int) -> list[dict[str, Any]]:
        """The game's logged actions in order, as the JSON dicts that were appended."""
        async with self._read() as db:
            return await self._actions(db, game_id)

    async def seat_banks(self, game_id: int) -> dict[int, float]:
        """Each seat's time bank after its last logged action that recorded one."""
        async with (
            self._read() as db,
            db.execute(
                "SELECT action, bank FROM actions WHERE game_id = ? AND bank IS NOT NULL ORDER BY seq", (game_id,)
            ) as cursor,
        ):
            return rows.seat_banks(await cursor.fetchall())

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

    async def _actions(self, db: aiosqlite.Connection, game_id: int) -> list[dict[str, Any]]:
        async with db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)) as cursor:
            found = await cursor.fetchall()
        if not found:
            await self._game(db, game_id)  # an unknown game is an error, not an empty log
        return [rows.action(row) for row in found]

    # --- results ----------------------------------------------------------------------------------

    async def record_hand(self, game_id: int, hand_index: int, label: str, result: HandResult) -> None:
        """Store how a hand ended. Recording the same hand again replaces it, so a replay after
        a crash can safely record every hand it passes through."""
        async with self._write() as db:
            game = await self._game(db, game_id)
            if len(result.changes) != len(game.players):
                raise ValueError(
                    f"game #{game_id} has {len(game.players)} seats but the hand has {len(result.changes)} changes"
                )
            # Deleting first cascades to the seat rows, which an upsert of hands alone would leave stale.
            await db.execute("DELETE FROM hands WHERE game_id = ? AND hand_index = ?", (game_id, hand_index))
            await db.execute(
                """
                INSERT INTO hands (game_id, hand_index, label, winner_seat, from_seat, han, points, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                (game_id, hand_index, label, result.winner, result.from_seat, result.han, result.points, self._now()),
            )
            riichi, tenpai = set(result.riichi), set(result.tenpai)
            won_points = dict(zip(result.winners, result.win_points, strict=True))
            await db.executemany(
                """
                INSERT INTO hand_seats (
                    game_id, hand_index, seat, point_change, won, dealt_in, riichi, tenpai, win_points, tsumo
                )
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    (
                        game_id,
                        hand_index,
                        seat,
                        change,
                        int(seat in result.winners),
                        int(seat in result.dealt_in),
                        int(seat in riichi),
                        int(seat in tenpai),
                        won_points.get(seat, 0),
                        int(seat in result.tsumo),
                    )
                    for seat, change in enumerate(result.changes)
                ],
            )

    async def hands(self, game_id: int) -> list[HandRow]:
        """The game's recorded hands in order."""
        async with self._read() as db:
            game = await self._game(db, game_id)
            async with db.execute("SELECT * FROM hands WHERE game_id = ? ORDER BY hand_index", (game_id,)) as cursor:
                hands = list(await cursor.fetchall())
            async with db.execute(
                "SELECT * FROM hand_seats WHERE game_id = ? ORDER BY hand_index, seat", (game_id,)
            ) as cursor:
                seats = list(await cursor.fetchall())
        return rows.hands(game.id, hands, seats)

    async def record_final(self, game_id: int, outcome: Outcome) -> GameSummary:
        """Finish a game in one transaction: final results per seat, the game's status, and the
        ratings of its human players in this guild and variant.

        CPUs are not rated, but each human is ranked by their own placement, so CPUs still order
        the humans. A game with a single human changes no rating. When the variant reports no
        final scores, a seat's final score is its points above the table average in thousands
        (that is ``(points - start) / 1000`` for variants that keep the point total). Each seat's
        final chips are stored where the outcome reports them (a variant with chips), else NULL.
        """
        async with self._write() as db:
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
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    (
                        game_id,
                        seat,
                        outcome.points[seat],
                        outcome.placements[seat],
                        scores[seat],
                        *change.get(seat, (None, None)),
                        outcome.chips[seat] if outcome.chips else None,
                    )
                    for seat in range(seats)
                ],
            )
            await db.execute(
                """
                UPDATE games SET status = 'finished', finished_at = ?, end_reason = ?, hands_played = ?,
                    end_shown = 0
                WHERE id = ?
                """,
                (now, outcome.reason, outcome.hands_played, game_id),
            )
            await db.execute("DELETE FROM panels WHERE game_id = ?", (game_id,))
            summaries = await self._summaries(db, [game_id])
        return summaries[0]

    async def mark_end_shown(self, game_id: int) -> None:
        """The game's end is posted in its channel: a restart need not post it again."""
        async with self._write() as db:
            await db.execute("UPDATE games SET end_shown = 1 WHERE id = ?", (game_id,))

    async def unshown_ends(
        self, *, shard_ids: Collection[int] | None = None, shard_count: int = 1
    ) -> list[GameSummary]:
        """Finished games whose end was never posted (the process died first), oldest first, with
        their results; ``shard_ids`` as for :meth:`unfinished_games`."""
        where = "status = 'finished' AND end_shown = 0"
        params: tuple[Any, ...] = ()
        if shard_ids is not None:
            where += " AND ((guild_id >> 22) % ?) IN (SELECT value FROM json_each(?))"
            params = (max(1, shard_count), json.dumps(sorted(shard_ids)))
        async with self._read() as db:
            async with db.execute(f"SELECT id FROM games WHERE {where} ORDER BY id", params) as cursor:
                ids = [int(row[0]) for row in await cursor.fetchall()]
            return await self._summaries(db, ids)

    @staticmethod
    async def _skill(db: aiosqlite.Connection, guild_id: int, variant: str, user_id: int | None) -> Skill:
        async with db.execute(
            "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND variant = ? AND user_id = ?",
            (guild_id, variant, user_id),
        ) as cursor:
            return rows.skill(await cursor.fetchone())

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
            "limit": limit,
            "offset": offset,
        }
        order = LEADERBOARD_ORDERS[order_by]
        async with self._read() as db:
            async with db.execute(f"{_BOARD} SELECT COUNT(*) FROM board", params) as cursor:
                total = rows.count(await cursor.fetchone())
            async with db.execute(
                f"{_BOARD} SELECT * FROM board ORDER BY {order}, rating DESC, games DESC, user_id "
                "LIMIT :limit OFFSET :offset",
                params,
            ) as cursor:
                board = await cursor.fetchall()
        return [rows.leaderboard_row(rank, row) for rank, row in enumerate(board, start=offset + 1)], total

    async def player_stats(
        self, guild_id: int, user_id: int, variant: str | None = None, *, period: Period = "all"
    ) -> PlayerStats:
        """A player's record in a guild, for one variant or all of them."""
        params = {"guild_id": guild_id, "variant": variant, "user_id": user_id, "since": self._since(period)}
        async with self._read() as db:
            async with db.execute(
                f"""
                WITH {_PLAYED}
                SELECT COUNT(*) AS games, AVG(placement) AS average_placement,
                       COALESCE(SUM(final_score), 0.0) AS total_score, MAX(final_score) AS best_score
                FROM played
                """,
                params,
            ) as cursor:
                totals = await cursor.fetchone()
            async with db.execute(
                f"WITH {_PLAYED} SELECT placement, COUNT(*) AS times FROM played GROUP BY placement", params
            ) as cursor:
                placements = list(await cursor.fetchall())
            async with db.execute(
                f"""
                WITH {_PLAYED}
                SELECT COUNT(*) AS hands, COALESCE(SUM(s.won), 0) AS wins,
                       COALESCE(SUM(s.tsumo), 0) AS tsumo_wins,
                       COALESCE(SUM(s.dealt_in), 0) AS deal_ins, COALESCE(SUM(s.riichi), 0) AS riichi_hands,
                       AVG(CASE WHEN s.won THEN s.win_points END) AS average_win_points
                FROM played
                JOIN hand_seats AS s USING (game_id, seat)
                JOIN hands AS h USING (game_id, hand_index)
                """,
                params,
            ) as cursor:
                hand_totals = await cursor.fetchone()
            async with db.execute(
                """
                SELECT p.name FROM game_players AS p JOIN games AS g ON g.id = p.game_id
                WHERE g.guild_id = ? AND p.user_id = ? ORDER BY g.id DESC LIMIT 1
                """,
                (guild_id, user_id),
            ) as cursor:
                name = await cursor.fetchone()
            async with db.execute(
                f"""
                WITH {_PLAYED}
                SELECT variant, COUNT(*) AS games, SUM(chips) AS chips FROM played
                WHERE chips IS NOT NULL GROUP BY variant ORDER BY variant
                """,
                params,
            ) as cursor:
                chips = list(await cursor.fetchall())
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
            async with db.execute(
                """
                SELECT id FROM games
                WHERE guild_id = ? AND (? IS NULL OR channel_id = ?) AND status IN (SELECT value FROM json_each(?))
                ORDER BY finished_at DESC, id DESC
                LIMIT ? OFFSET ?
                """,
                (guild_id, channel_id, channel_id, json.dumps(statuses), limit, offset),
            ) as cursor:
                ids = [rows.row_id(row) for row in await cursor.fetchall()]
            return await self._summaries(db, ids)

    async def _summaries(self, db: aiosqlite.Connection, game_ids: Sequence[int]) -> list[GameSummary]:
        games = {
            game.id: game
            for game in await self._games(db, "g.id IN (SELECT value FROM json_each(?))", (json.dumps(list(game_ids)),))
        }
        async with db.execute(
            """
            SELECT f.*, p.user_id, p.name, p.is_cpu
            FROM final_results AS f JOIN game_players AS p USING (game_id, seat)
            WHERE f.game_id IN (SELECT value FROM json_each(?))
            ORDER BY f.game_id, f.placement, f.seat
            """,
            (json.dumps(list(game_ids)),),
        ) as cursor:
            results = rows.final_results_by_game(await cursor.fetchall())
        return [
            rows.game_summary(game, results.get(game.id, ()))
            for game in (games[game_id] for game_id in game_ids if game_id in games)
        ]

    @staticmethod
    async def _ratings(
        db: aiosqlite.Connection, guild_id: int, user_id: int, variant: str | None
    ) -> list[PlayerRating]:
        async with db.execute(
            """
            SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? AND (? IS NULL OR variant = ?)
            ORDER BY rating DESC, variant
            """,
            (guild_id, user_id, variant, variant),
        ) as cursor:
            return [rows.rating(row) for row in await cursor.fetchall()]

    def _since(self, period: str) -> int | None:
        if period not in PERIODS:
            raise ValueError(f"unknown period {period!r} (choose from {', '.join(PERIODS)})")
        window = PERIODS[period]
        return None if window is None else _timestamp(self._clock() - window)
