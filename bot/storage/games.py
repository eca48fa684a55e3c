"""The game log: each game, its seats and the ordered actions it is rebuilt from (``store.games``).

A game is stored when its lobby starts (:meth:`GameLog.create`), every accepted action is
appended in order and committed before the table shows it (:meth:`GameLog.append_action`), and
:meth:`GameLog.record` hands the engine what ``replay`` rebuilds the game from. How a game ended
is :mod:`bot.storage.results`'s; where its table and panels are shown, :mod:`bot.storage.tables`'s.
The read helpers at the bottom (:func:`read_game`, :func:`running_game`, :func:`read_games`) are
the other parts' way to a game row inside their own transaction.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from bot.engine.record import GameRecord
from bot.engine.table import TableSettings
from bot.storage import rows
from bot.storage.access import Access, json_text
from bot.storage.errors import (
    ActionOrderError,
    ChannelBusyError,
    ConstraintError,
    GameNotFoundError,
    GameStateError,
)
from bot.storage.models import GameRow, GameStatus, PlayerSeat
from bot.storage.sql import Connection

__all__ = ["GameLog", "read_game", "read_games", "running_game"]

_GAME_COLUMNS = """
    g.id, g.guild_id, g.channel_id, g.message_id, g.host_id, g.variant, g.settings, g.seed, g.status,
    g.created_at, g.finished_at, g.end_reason, g.hands_played, g.turn_seconds, g.bank_seconds,
    COALESCE((SELECT MAX(a.seq) + 1 FROM actions AS a WHERE a.game_id = g.id), 0) AS action_count
"""


class GameLog:
    """Games, their seats and their action logs."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        settings: TableSettings,
        seed: int,
        players: Sequence[PlayerSeat],
        host_id: int,
        *,
        turn_seconds: float | None = None,
        bank_seconds: float | None = None,
    ) -> int:
        """Store a new running game and return its id. ``players[i]`` sits in engine seat ``i``;
        ``settings`` are the variant's settings dataclass the game was built from, stored as JSON
        for its record (:meth:`record`).

        ``turn_seconds``/``bank_seconds`` are the table's own clock (None: the guild's defaults).

        Raises :class:`ChannelBusyError` if the channel already has a running game.
        """
        if not players:
            raise ValueError("a game needs at least one player")
        humans = [player.user_id for player in players if player.user_id is not None]
        if len(humans) != len(set(humans)):
            raise ValueError("a user can take only one seat at a table")
        settings_text = json_text(settings.to_json())
        async with self._access.write(f"channel:{channel_id}") as db:
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
                        "now": self._access.now(),
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

    async def get(self, game_id: int) -> GameRow:
        """One game; raises :class:`GameNotFoundError` for an unknown id."""
        async with self._access.read() as db:
            return await read_game(db, game_id)

    async def unfinished(self, *, shard_ids: Collection[int] | None = None, shard_count: int = 1) -> list[GameRow]:
        """Every running game, oldest first: what start-up recovers.

        With ``shard_ids``, only guilds those shards own (Discord's ``(guild_id >> 22) % shard_count``),
        so each process of a sharded deployment recovers its own tables.
        """
        if shard_ids is None:
            async with self._access.read() as db:
                return await read_games(db, "g.status = 'running' ORDER BY g.id", {})
        if shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        async with self._access.read() as db:
            return await read_games(
                db,
                f"g.status = 'running' AND {db.dialect.one_of('((g.guild_id >> 22) % :shard_count)', 'shards')} "
                "ORDER BY g.id",
                {"shard_count": shard_count, "shards": db.dialect.values(sorted(shard_ids))},
            )

    async def active_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's running game, if any."""
        async with self._access.read() as db:
            games = await read_games(
                db, "g.channel_id = :channel_id AND g.status = 'running'", {"channel_id": channel_id}
            )
        return games[0] if games else None

    async def finish(
        self, game_id: int, status: GameStatus | str = GameStatus.FINISHED, *, reason: str = ""
    ) -> GameRow:
        """End a running game without results (``'cancelled'``, or ``'finished'`` when abandoned).

        A game that ends normally goes through :meth:`Results.record_final
        <bot.storage.results.Results.record_final>` instead, which also stores results and ratings.
        """
        final = GameStatus(status)
        if final is GameStatus.RUNNING:
            raise ValueError("finish ends a game: status must be 'finished' or 'cancelled'")
        async with self._access.write(f"game:{game_id}") as db:
            await db.lock(f"game:{game_id}")
            await running_game(db, game_id)
            await db.execute(
                """
                UPDATE games
                SET status = :status, finished_at = :now, end_reason = :reason,
                    hands_played = (SELECT COUNT(*) FROM hands WHERE hands.game_id = games.id)
                WHERE id = :game_id
                """,
                {"status": final.value, "now": self._access.now(), "reason": reason, "game_id": game_id},
            )
            await db.execute("DELETE FROM panels WHERE game_id = :game_id", {"game_id": game_id})
            return await read_game(db, game_id)

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
        text = json_text(action_json)
        async with self._access.write(f"game:{game_id}") as db:
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
                        "now": self._access.now(),
                        "bank": None if bank is None else float(bank),
                    },
                )
            except ConstraintError as error:
                # Two writers read the same last number and both tried the next: the primary key
                # let the first one in. (SQLite's one writer never gets here.)
                raise ActionOrderError(f"game #{game_id} already has action {seq}") from error
            if added == 1:
                return
            game = await running_game(db, game_id)
            expected = game.action_count
            if seq < expected:
                raise ActionOrderError(f"game #{game_id} already has action {seq}; the next is {expected}")
            raise ActionOrderError(f"game #{game_id} expects action {expected} next, not {seq}")

    async def retract_action(self, game_id: int, seq: int) -> None:
        """Take back the game's last logged action, number ``seq``: the engine refused it after it
        was committed, so it must not be replayed. Anything but the last action raises
        :class:`ActionOrderError` and changes nothing (history is never rewritten)."""
        async with self._access.write(f"game:{game_id}") as db:
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
        async with self._access.read() as db:
            return await _read_actions(db, game_id)

    async def seat_banks(self, game_id: int) -> dict[int, float]:
        """Each seat's time bank after its last logged action that recorded one."""
        async with self._access.read() as db:
            found = await db.fetch(
                "SELECT action, bank FROM actions WHERE game_id = :game_id AND bank IS NOT NULL ORDER BY seq",
                {"game_id": game_id},
            )
        return rows.seat_banks(found)

    async def record(self, game_id: int) -> GameRecord:
        """The game as the engine's :class:`GameRecord`: ``replay(record)`` rebuilds its state."""
        async with self._access.read() as db:
            game = await read_game(db, game_id)
            actions = await _read_actions(db, game_id)
        return GameRecord(
            variant=game.variant,
            settings=dict(game.settings),
            seed=game.seed,
            players=len(game.players),
            actions=tuple(actions),
        )


async def read_game(db: Connection, game_id: int) -> GameRow:
    """One game, in the caller's transaction; raises :class:`GameNotFoundError` for an unknown id."""
    games = await read_games(db, "g.id = :game_id", {"game_id": game_id})
    if not games:
        raise GameNotFoundError(f"no game #{game_id}")
    return games[0]


async def running_game(db: Connection, game_id: int) -> GameRow:
    """One game that must still be running: :class:`GameStateError` if it has ended."""
    game = await read_game(db, game_id)
    if not game.is_running:
        raise GameStateError(f"game #{game_id} is {game.status.value}, not running")
    return game


async def read_games(db: Connection, where: str, params: Mapping[str, Any]) -> list[GameRow]:
    """The games matching ``where`` (SQL on ``games AS g``, with its ``ORDER BY``), with their seats."""
    found = await db.fetch(f"SELECT {_GAME_COLUMNS} FROM games AS g WHERE {where}", params)
    ids = [rows.row_id(row) for row in found]
    seats = await _players(db, ids)
    return [rows.game(row, seats.get(game_id, ())) for row, game_id in zip(found, ids, strict=True)]


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


async def _read_actions(db: Connection, game_id: int) -> list[dict[str, Any]]:
    found = await db.fetch("SELECT action FROM actions WHERE game_id = :game_id ORDER BY seq", {"game_id": game_id})
    if not found:
        await read_game(db, game_id)  # an unknown game is an error, not an empty log
    return [rows.action(row) for row in found]
