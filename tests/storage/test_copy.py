"""python -m bot.storage.copy: a real SQLite deployment copied into PostgreSQL and back, row for
row, every game replayed; refusals and a failed copy leave the destination as it was."""

from __future__ import annotations

import asyncio
import io
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.game import Game, action_to_json
from bot.engine.record import replay
from bot.engine.variants import new_game
from bot.engine.variants.inage.settings import InageSettings
from bot.engine.variants.nishoku import NishokuGame
from bot.storage import (
    LEADERBOARD_ORDERS,
    AutoOptions,
    GameRow,
    GameStatus,
    HandTracker,
    PanelHandle,
    PlayerSeat,
    Store,
)
from bot.storage import copy as storage_copy
from bot.storage.copy import TABLES, CopyRefused, copy_rows, verify
from bot.storage.postgres import PostgresConnection
from bot.storage.sql import Connection, Params
from bot.storage.sqlite import SqliteConnection
from tests.engine.rigging import as_table
from tests.storage.helpers import NISHOKU, FakeClock, human, lobby_row, next_action, play_out, ron, tsumo

REPO = Path(__file__).resolve().parents[2]

ConnectionT = TypeVar("ConnectionT", bound=Connection)
BatchWrite = Callable[[ConnectionT, str, Iterable[Params]], Awaitable[None]]
"""A connection class's ``executemany``, as the tests replace it."""

# Discord snowflakes are 64-bit: the copy must carry them whole into BIGINT columns.
GUILD_A = 1_100_000_000_000_000_001
GUILD_B = 1_100_000_000_000_000_002
USERS = [1_200_000_000_000_000_000 + n for n in range(1, 7)]
FIRST_ID = 40
"""The deployment's oldest game: ids start here, not at 1, so a copy that let DST number the
games afresh could not pass for one that kept them."""


@dataclass(frozen=True)
class Deployment:
    """A SQLite file with games of every kind, and what the test needs to know about them."""

    path: Path
    game_ids: tuple[int, ...]
    running: dict[int, str]
    """Each running game's id and the state hash its live engine had when the "bot" stopped."""
    actions: int


def seats_of(users: list[int], cpus: int) -> list[PlayerSeat]:
    return [human(user) for user in users] + [PlayerSeat.cpu(f"CPU {n}") for n in range(1, cpus + 1)]


async def play_engine_game(
    store: Store,
    variant: str,
    seats: list[PlayerSeat],
    seed: int,
    *,
    guild_id: int,
    channel_id: int,
    settings: dict[str, Any] | None = None,
    stop_at: int | None = None,
) -> tuple[int, Game]:
    """Play a real game through the engine as the bot does: every action appended to the log
    (with the acting human's bank), every hand recorded as it ends, the result at the end.
    ``stop_at`` leaves it running after that many actions."""
    game = new_game(variant, settings or {}, seed=seed, players=len(seats))
    game_id = await store.games.create(
        guild_id, channel_id, variant, as_table(game).settings, game.seed, seats, host_id=seats[0].user_id or 1
    )
    await store.tables.set_message(game_id, channel_id * 10 + 1)
    rng = random.Random(seed)
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seed + seat) for seat in range(game.players)]
    tracker = HandTracker.for_game(game)
    while game.outcome() is None and (stop_at is None or game.sequence < stop_at):
        if isinstance(game, NishokuGame):
            action = next_action(game, rng)
        else:
            decision = rng.choice(game.decisions())
            action = cpus[decision.seat].choose(game.view(decision.seat), decision.actions)
        bank = None if seats[action.seat].is_cpu else round(rng.uniform(0, 60), 3)
        await store.games.append_action(game_id, game.sequence, action_to_json(action), bank=bank)
        for entry in tracker.feed(game.apply(action)):
            await store.results.record_hand(game_id, entry.hand_index, entry.label, entry.result)
    outcome = game.outcome()
    if outcome is not None:
        await store.results.record_final(game_id, outcome)
    return game_id, game


async def build_deployment(path: Path) -> Deployment:
    clock = FakeClock()
    async with Store.open(path, clock=clock) as store:
        # The oldest game, cancelled before its first move, at an id the store would not pick.
        async with store.backend.write() as db:
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, variant, settings, seed, status, created_at,"
                " finished_at, end_reason) VALUES (:id, :guild, 7, :host, 'nishoku', '{}', '99', 'cancelled', 5, 6,"
                " 'lobby timed out')",
                {"id": FIRST_ID, "guild": GUILD_A, "host": USERS[0]},
            )
            await db.executemany(
                "INSERT INTO game_players (game_id, seat, user_id, name, is_cpu)"
                " VALUES (:id, :seat, :user, :name, :cpu)",
                [
                    {"id": FIRST_ID, "seat": s, "user": u, "name": f"old{s}", "cpu": int(u is None)}
                    for s, u in enumerate([USERS[0], None, None, None])
                ],
            )
        await store.guilds.update_settings(GUILD_A, turn_seconds=45, hints=False, default_variant="zuno")
        await store.guilds.update_settings(GUILD_B, dm_panels=True, time_bank_seconds=0)
        await store.players.set_auto_options(GUILD_A, USERS[0], AutoOptions(auto_win=True, no_calls=True))
        nishoku = {"hands": 2}
        for number, users in enumerate([USERS[:4], USERS[:2], USERS[1:5]]):
            clock.advance(hours=1)
            finished_id, _ = await play_engine_game(
                store,
                "nishoku",
                seats_of(users, 4 - len(users)),
                100 + number,
                guild_id=GUILD_A,
                channel_id=500 + number,
                settings=nishoku,
            )
            if number < 2:
                await store.results.mark_end_shown(finished_id)  # the last one's end is still to be posted
        clock.advance(days=2)
        await play_engine_game(store, "zuno", seats_of(USERS[2:6], 0), 7, guild_id=GUILD_B, channel_id=600)
        # Synthetic results (no action log) beside the real ones, with final scores and chips.
        await play_out(
            store,
            seats_of(USERS[:3], 1),
            [2, 1, 4, 3],
            [ron(1, 0, 8000), tsumo(2, 3000)],
            guild_id=GUILD_B,
            channel_id=601,
            variant="zuno",
            final_scores=[10.5, 40.25, -30.0, -20.75],
            chips=[3, -1, 0, -2],
        )
        cancelled = new_game("nishoku", {}, seed=3, players=4)
        assert isinstance(cancelled, NishokuGame)
        cancelled_id = await store.games.create(
            GUILD_A, 502, "nishoku", cancelled.settings, 3, seats_of(USERS[4:6], 2), host_id=USERS[4]
        )
        rng = random.Random(3)
        for _ in range(9):
            action = next_action(cancelled, rng)
            await store.games.append_action(cancelled_id, cancelled.sequence, action_to_json(action))
            cancelled.apply(action)
        await store.games.finish(cancelled_id, GameStatus.CANCELLED, reason="host left")

        running: dict[int, str] = {}
        clock.advance(minutes=5)
        table_id, table = await play_engine_game(
            store, "nishoku", seats_of(USERS[:3], 1), 11, guild_id=GUILD_A, channel_id=503, settings=nishoku, stop_at=45
        )
        running[table_id] = table.state_hash()
        duel_id, duel = await play_engine_game(
            store, "inage", seats_of(USERS[3:5], 0), 12, guild_id=GUILD_B, channel_id=602, stop_at=30
        )
        running[duel_id] = duel.state_hash()
        unfinished = [game.id for game in await store.games.unfinished()]
        assert unfinished == list(running)
        await store.tables.save_panel(
            table_id,
            PanelHandle(seat=0, opened_at=1_767_000_000.125, mode="discard", message_id=9, application_id=8, token="t"),
        )
        await store.tables.save_panel(
            table_id,
            PanelHandle(seat=1, opened_at=1_767_000_001.5, mode="call", message_id=10, channel_id=11, prefers_dm=True),
        )
        await store.tables.save_lobby(
            lobby_row(70, guild_id=GUILD_A, channel_id=504, players=[PlayerSeat.human(USERS[0], "東 🀄")])
        )
        await store.tables.save_lobby(
            lobby_row(71, guild_id=GUILD_B, channel_id=603, variant="inage", settings=InageSettings(hands=4))
        )
    async with Store.open(path) as store:
        everything = [row.id for row in await all_games(store)]
        actions = sum([len(await store.games.actions(game_id)) for game_id in everything])
    return Deployment(path=path, game_ids=tuple(everything), running=running, actions=actions)


async def all_games(store: Store) -> list[GameRow]:
    async with store.backend.read() as db:
        found = await db.fetch("SELECT id FROM games ORDER BY id")
    return [await store.games.get(int(row[0])) for row in found]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Deployment:
    """Played once per test process: the tests each copy the file."""
    path = tmp_path_factory.mktemp("deployment") / "jantaku.sqlite3"
    return asyncio.run(build_deployment(path))


@pytest.fixture
def deployment(built: Deployment, tmp_path: Path) -> Deployment:
    path = tmp_path / "src" / "jantaku.sqlite3"
    path.parent.mkdir()
    assert not Path(f"{built.path}-wal").exists()  # closed cleanly: the WAL is checkpointed into the file
    shutil.copy(built.path, path)
    return Deployment(path=path, game_ids=built.game_ids, running=built.running, actions=built.actions)


# --- reading a store two ways: raw rows, and what the bot asks of it --------------------------------------


async def raw_rows(store: Store) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, in primary-key order, as column -> value."""
    dump: dict[str, list[dict[str, Any]]] = {}
    async with store.backend.read() as db:
        for table in TABLES:
            found: list[Any] = await db.fetch(f"SELECT * FROM {table.name} ORDER BY {', '.join(table.key)}")
            dump[table.name] = [dict(zip(row.keys(), tuple(row), strict=True)) for row in found]
    return dump


async def public_view(store: Store, game_ids: tuple[int, ...]) -> dict[str, Any]:
    """What the bot reads: games, logs, hands, panels, banks, records, history, boards, stats."""
    view: dict[str, Any] = {
        "unfinished": await store.games.unfinished(),
        "unshown": await store.results.unshown_ends(),
        "lobbies": await store.tables.lobbies(),
    }
    for game_id in game_ids:
        view[f"game {game_id}"] = (
            await store.games.get(game_id),
            await store.games.actions(game_id),
            await store.results.hands(game_id),
            await store.tables.panels(game_id),
            await store.games.seat_banks(game_id),
            await store.games.record(game_id),
        )
    for guild in (GUILD_A, GUILD_B):
        view[f"settings {guild}"] = await store.guilds.settings(guild)
        view[f"history {guild}"] = await store.stats.history(guild, include_cancelled=True, limit=100)
        for variant in ("nishoku", "zuno", "inage"):
            for order in LEADERBOARD_ORDERS:
                view[f"board {guild} {variant} {order}"] = await store.stats.leaderboard(guild, variant, order_by=order)
        for user in USERS:
            view[f"stats {guild} {user}"] = await store.stats.player_stats(guild, user)
            view[f"rating {guild} {user}"] = await store.results.rating(guild, "nishoku", user)
    return view


def non_empty(dump: dict[str, list[dict[str, Any]]]) -> set[str]:
    return {table for table, rows in dump.items() if rows}


# --- the copy ----------------------------------------------------------------------------------------------


@pytest.mark.slow
async def test_a_deployment_copies_to_postgresql_and_back_row_for_row(
    deployment: Deployment, postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage_copy, "REPLAY_PROGRESS_EVERY", 3)
    told: list[tuple[int, int]] = []
    back = tmp_path / "back" / "jantaku.sqlite3"
    async with Store.open(deployment.path) as src, Store.open(postgres_url) as pg, Store.open(back) as sqlite:
        # Small pages, so every table with more rows than this is read across several pages,
        # resuming after a two- and three-column key.
        to_pg = await copy_rows(src, pg, batch=7)
        assert to_pg.next_ids == {"games": max(deployment.game_ids) + 1}
        checked = await verify(src, pg, batch=7, progress=lambda done, games: told.append((done, games)))
        assert checked.ok, checked
        games = len(deployment.game_ids)
        assert told == [(done, games) for done in range(3, games, 3)]
        assert (checked.games, checked.same, checked.actions) == (
            len(deployment.game_ids),
            len(deployment.game_ids),
            deployment.actions,
        )
        assert checked.findings == []

        to_sqlite = await copy_rows(pg, sqlite, batch=11)
        assert to_sqlite.next_ids == {}
        assert to_sqlite.rows == to_pg.rows
        assert (await verify(pg, sqlite)).ok

        original = await raw_rows(src)
        assert non_empty(original) == {table.name for table in TABLES}  # the deployment uses every table
        assert await raw_rows(pg) == original
        assert await raw_rows(sqlite) == original
        assert [row["id"] for row in original["games"]] == list(deployment.game_ids)
        assert deployment.game_ids[0] == FIRST_ID
        assert len(original["actions"]) == deployment.actions > 500
        seen = await public_view(src, deployment.game_ids)
        assert await public_view(pg, deployment.game_ids) == seen
        assert await public_view(sqlite, deployment.game_ids) == seen

        for store in (pg, sqlite):
            for game_id, state in deployment.running.items():
                assert replay(await store.games.record(game_id)).state_hash() == state
            # The next game gets the next id on both, not one a posted button already names.
            fresh = await store.games.create(
                GUILD_A, 999, "nishoku", NISHOKU, 1, seats_of(USERS[:1], 3), host_id=USERS[0]
            )
            assert fresh == max(deployment.game_ids) + 1
            await store.games.append_action(fresh, 0, {"type": "discard", "seat": 0, "tile": 1})


@pytest.mark.slow
async def test_the_command_copies_sqlite_into_postgresql_and_reports(deployment: Deployment, postgres_url: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "bot.storage.copy", f"sqlite:///{deployment.path}", postgres_url]

    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*command, *extra], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)

    done = await asyncio.to_thread(run)
    assert done.returncode == 0, done.stderr
    games = len(deployment.game_ids)
    assert f"games replayed: {games} ({deployment.actions:,} actions), {games} to the same state" in done.stdout
    assert f"games ids continue from {max(deployment.game_ids) + 1}" in done.stdout
    assert "the copy is identical" in done.stdout
    for table in TABLES:
        assert f"  {table.name} " in done.stdout
    assert "DIFFERENT" not in done.stdout
    assert "password" not in done.stdout and postgres_url not in done.stdout  # descriptions, not URLs

    again = await asyncio.to_thread(run)
    assert again.returncode == 2
    assert f"DST already has {games} game(s)" in again.stderr

    check = await asyncio.to_thread(run, "--check-only")
    assert check.returncode == 0, check.stderr
    assert "the copy is identical" in check.stdout
    assert "Copying" not in check.stdout


def test_help_says_src_is_migrated_first(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        storage_copy.main(["--help"])
    assert exited.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "migrates each to this release's schema first" in text
    assert "--check-only" in text


# --- refusals and failures ---------------------------------------------------------------------------------


@pytest.mark.slow
async def test_a_destination_with_games_is_refused_and_left_as_it_was(
    deployment: Deployment, postgres_url: str
) -> None:
    async with Store.open(postgres_url) as pg:
        await pg.games.create(GUILD_A, 5, "nishoku", NISHOKU, 1, seats_of(USERS[:1], 3), host_id=USERS[0])
        await pg.guilds.update_settings(GUILD_A, turn_seconds=12)
        before = await raw_rows(pg)
    out, err = io.StringIO(), io.StringIO()
    status = await asyncio.to_thread(storage_copy.main, [str(deployment.path), postgres_url], out=out, err=err)
    assert status == 2
    assert "refused: DST already has 1 game(s)" in err.getvalue()
    async with Store.open(postgres_url) as pg:
        assert await raw_rows(pg) == before
        # Settings alone (no games) are refused too: the copy would collide with them.
        async with pg.backend.write() as db:
            await db.execute("DELETE FROM games")
        async with Store.open(deployment.path) as src:
            with pytest.raises(CopyRefused, match=r"DST is not empty: guild_settings \(1\)"):
                await copy_rows(src, pg)
        assert non_empty(await raw_rows(pg)) == {"guild_settings"}


async def test_the_same_database_or_a_missing_source_is_refused(deployment: Deployment, tmp_path: Path) -> None:
    for src, dst in [
        (f"sqlite:///{deployment.path}", str(deployment.path.parent / ".." / "src" / deployment.path.name)),
        (str(tmp_path / "nowhere.sqlite3"), str(tmp_path / "dst.sqlite3")),
    ]:
        err = io.StringIO()
        assert await asyncio.to_thread(storage_copy.main, [src, dst], out=io.StringIO(), err=err) == 2
        assert err.getvalue().startswith("refused: ")
    assert not (tmp_path / "nowhere.sqlite3").exists()  # not created by opening it
    assert not (tmp_path / "dst.sqlite3").exists()


@pytest.fixture(params=[pytest.param("postgresql", marks=pytest.mark.slow), "sqlite"])
def empty_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "dst" / "jantaku.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


async def test_a_copy_that_fails_midway_leaves_the_destination_empty(
    deployment: Deployment, empty_target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = 0

    def failing(real: BatchWrite[ConnectionT]) -> BatchWrite[ConnectionT]:
        async def executemany(self: ConnectionT, sql: str, params: Iterable[Params]) -> None:
            nonlocal calls
            calls += 1
            if calls == 12:  # well into the action log, after games and seats went in
                raise ConnectionResetError("the network went away")
            await real(self, sql, params)

        return executemany

    monkeypatch.setattr(PostgresConnection, "executemany", failing(PostgresConnection.executemany))
    monkeypatch.setattr(SqliteConnection, "executemany", failing(SqliteConnection.executemany))
    async with Store.open(deployment.path) as src, Store.open(empty_target) as dst:
        with pytest.raises(ConnectionResetError):
            await copy_rows(src, dst, batch=20)
        assert calls == 12
        assert non_empty(await raw_rows(dst)) == set()
        monkeypatch.undo()
        # Nothing half-done stands in the way of the next attempt, ids included.
        await copy_rows(src, dst, batch=20)
        assert (await verify(src, dst)).ok
        fresh = await dst.games.create(GUILD_A, 999, "nishoku", NISHOKU, 1, seats_of(USERS[:1], 3), host_id=USERS[0])
        assert fresh == max(deployment.game_ids) + 1


async def test_the_command_reports_a_failed_copy(
    deployment: Deployment, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(self: SqliteConnection, sql: str, params: Iterable[Params]) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(SqliteConnection, "executemany", broken)
    err = io.StringIO()
    status = await asyncio.to_thread(
        storage_copy.main, [str(deployment.path), str(tmp_path / "dst.sqlite3")], out=io.StringIO(), err=err
    )
    assert status == 1
    assert "failed while copying (DST was rolled back: it holds no rows): OperationalError: disk I/O error" in (
        err.getvalue()
    )


# --- the check ----------------------------------------------------------------------------------------------


async def test_the_check_finds_a_changed_row_and_a_shortened_log(deployment: Deployment, tmp_path: Path) -> None:
    dst_path = tmp_path / "dst.sqlite3"
    running = next(iter(deployment.running))
    async with Store.open(deployment.path) as src, Store.open(dst_path) as dst:
        await copy_rows(src, dst)
        assert (await verify(src, dst)).ok
        async with dst.backend.write() as db:
            await db.execute("UPDATE ratings SET mu = mu + 1e-9 WHERE user_id = :user", {"user": USERS[0]})
        await dst.games.retract_action(running, (await dst.games.get(running)).action_count - 1)
        checked = await verify(src, dst)
    assert not checked.ok
    assert {table.name for table in checked.tables if not table.ok} == {"ratings", "actions"}
    ratings = next(table for table in checked.tables if table.name == "ratings")
    assert ratings.src_rows == ratings.dst_rows  # the same count: only the digest tells
    assert [(finding.game_id, finding.differs) for finding in checked.findings] == [(running, True)]
    report = storage_copy.render_check(checked)
    assert "DIFFERENT: game #" in report
    assert "DST DIFFERS FROM SRC" in report
    err = io.StringIO()
    out = io.StringIO()
    args = [str(deployment.path), str(dst_path), "--check-only"]
    assert await asyncio.to_thread(storage_copy.main, args, out=out, err=err) == 1
    assert "DST DIFFERS FROM SRC" in out.getvalue()


@pytest.mark.slow
async def test_the_check_finds_an_identity_that_would_hand_out_a_copied_id(
    deployment: Deployment, postgres_url: str
) -> None:
    async with Store.open(deployment.path) as src, Store.open(postgres_url) as pg:
        await copy_rows(src, pg)
        assert (await verify(src, pg)).identities == []
        async with pg.backend.write() as db:  # as if the copy had never moved the sequence on
            await db.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), 1, false)")
        checked = await verify(src, pg)
    assert not checked.ok
    assert checked.identities == [
        f"games.id would hand out 1 next, but games already has ids up to {max(deployment.game_ids)}"
    ]
    assert "WRONG: games.id would hand out 1 next" in storage_copy.render_check(checked)


async def test_a_log_that_is_broken_in_the_source_too_is_reported_not_failed(tmp_path: Path) -> None:
    async with Store.open(tmp_path / "src.sqlite3") as src, Store.open(tmp_path / "dst.sqlite3") as dst:
        game_id = await src.games.create(GUILD_A, 1, "nishoku", NISHOKU, 1, seats_of(USERS[:4], 0), host_id=USERS[0])
        await src.games.append_action(game_id, 0, {"type": "discard", "seat": 3, "tile": 999})
        await copy_rows(src, dst)
        checked = await verify(src, dst)
    assert checked.ok
    (finding,) = checked.findings
    assert (finding.game_id, finding.differs) == (game_id, False)
    assert "does not replay in SRC either" in storage_copy.render_check(checked)


async def test_every_table_of_the_schema_is_declared_with_its_primary_key(sqlite_store: Store, db_path: Path) -> None:
    with sqlite3.connect(db_path) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == {table.name for table in TABLES}
        for table in TABLES:
            info = db.execute(f"SELECT name, pk FROM pragma_table_info('{table.name}') WHERE pk > 0 ORDER BY pk")
            assert tuple(name for name, _ in info) == table.key
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
    async with Store.open(db_path.parent / "other.sqlite3") as dst:
        with pytest.raises(CopyRefused, match="does not know: notes"):
            await copy_rows(sqlite_store, dst)
