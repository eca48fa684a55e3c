"""What only PostgreSQL has to prove: its migrations match SQLite's and run once however many
processes start together, and two processes writing at once lose nothing (a sequence number is
taken once, a rating update builds on the other's, a settings change keeps the other's).

Every test here runs against a real server (tests/postgres.py); the rest of tests/storage runs
on both backends through the ``store`` fixture.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.engine.game import Outcome
from bot.storage import ActionOrderError, SchemaVersionError, Store
from bot.storage.ratings import initial_skill, rate_placements
from bot.storage.schema import Migration, load_migrations
from tests.postgres import PostgresServer
from tests.storage.helpers import NISHOKU, human
from tests.waiting import PATIENCE


def discard(seat: int, tile: int) -> dict[str, object]:
    return {"type": "discard", "seat": seat, "tile": tile}


@pytest.fixture
async def two_processes(postgres_url: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database, each with its own pool: two bot processes, as the database sees them."""
    async with Store.open(postgres_url) as first, Store.open(postgres_url) as second:
        yield first, second


# --- migrations --------------------------------------------------------------------------------


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    sqlite = [(m.version, m.name) for m in load_migrations(dialect="sqlite")]
    postgresql = [(m.version, m.name) for m in load_migrations(dialect="postgresql")]
    assert sqlite == postgresql
    assert len(sqlite) >= 7


@pytest.mark.slow
async def test_both_dialects_end_at_the_same_tables_and_columns(db_path: Path, postgres_url: str) -> None:
    async with Store.open(db_path):
        pass
    with sqlite3.connect(db_path) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        in_sqlite = {table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")} for table in tables}
    connection = await asyncpg.connect(postgres_url)
    try:
        found = await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'public' AND table_name != 'schema_migrations'"
        )
    finally:
        await connection.close()
    in_postgres: dict[str, set[str]] = {}
    for row in found:
        in_postgres.setdefault(row["table_name"], set()).add(row["column_name"])
    assert in_postgres == in_sqlite
    assert {"games", "actions", "ratings", "panels"} <= set(in_postgres)


async def _versions(url: str) -> list[int]:
    connection = await asyncpg.connect(url)
    try:
        return [row["version"] for row in await connection.fetch("SELECT version FROM schema_migrations ORDER BY 1")]
    finally:
        await connection.close()


@pytest.mark.slow
async def test_the_schema_version_is_recorded_in_the_database(postgres_server: PostgresServer) -> None:
    url = await postgres_server.new_database()
    migrations = load_migrations(dialect="postgresql")
    async with Store.open(url, migrations=migrations[:3]) as store:
        game_id = await store.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    assert await _versions(url) == [1, 2, 3]
    async with Store.open(url) as store:  # the rest, onto the old rows
        assert (await store.games.get(game_id)).players == (human(1),)
        await store.games.append_action(game_id, 0, discard(0, 5), bank=30.0)
        assert await store.games.seat_banks(game_id) == {0: 30.0}
    assert await _versions(url) == [m.version for m in migrations]
    async with Store.open(url):  # and nothing again
        pass
    assert await _versions(url) == [m.version for m in migrations]


@pytest.mark.slow
async def test_a_postgres_database_from_a_newer_release_is_refused(postgres_server: PostgresServer) -> None:
    url = await postgres_server.new_database()  # not the shared one: the version outlives a test
    async with Store.open(url):
        pass
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("INSERT INTO schema_migrations (version, name) VALUES (999, 'from_the_future')")
    finally:
        await connection.close()
    with pytest.raises(SchemaVersionError, match="newer release"):
        async with Store.open(url):
            pass
    assert (await _versions(url))[-1] == 999


@pytest.mark.slow
async def test_a_failing_postgres_migration_changes_nothing(postgres_server: PostgresServer) -> None:
    url = await postgres_server.new_database()
    first = load_migrations(dialect="postgresql")[:1]
    broken = Migration(2, "broken", "CREATE TABLE extra (a INTEGER);\nINSERT INTO missing VALUES (1);\n")
    with pytest.raises(SchemaVersionError, match=r"0002_broken\.sql failed"):
        async with Store.open(url, migrations=(*first, broken)):
            pass
    assert await _versions(url) == [1]
    connection = await asyncpg.connect(url)
    try:
        assert await connection.fetchval("SELECT to_regclass('extra')") is None
    finally:
        await connection.close()
    async with Store.open(url, migrations=(*first, Migration(2, "fixed", "CREATE TABLE extra (a INTEGER);"))):
        pass
    assert await _versions(url) == [1, 2]


@pytest.mark.slow
async def test_processes_starting_together_migrate_once(postgres_server: PostgresServer) -> None:
    url = await postgres_server.new_database()
    stores = await asyncio.gather(*(Store.connect(url) for _ in range(4)))
    try:
        assert await _versions(url) == [m.version for m in load_migrations(dialect="postgresql")]
        game_id = await stores[0].games.create(1, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
        assert (await stores[3].games.get(game_id)).is_running
    finally:
        for store in stores:
            await store.close()


def test_pool_size_comes_from_the_url() -> None:
    from bot.storage.postgres import split_url

    assert split_url("postgresql://bot@db/jantaku") == ("postgresql://bot@db/jantaku", 10)
    assert split_url("postgresql://bot@db/jantaku?pool_size=3") == ("postgresql://bot@db/jantaku", 3)
    for bad in ("0", "x", "-1", "1001"):
        with pytest.raises(ValueError, match="pool_size"):
            split_url(f"postgresql://bot@db/jantaku?pool_size={bad}")


# --- two processes at once ---------------------------------------------------------------------


@pytest.mark.slow
async def test_a_sequence_number_is_taken_once_when_two_processes_race(two_processes: tuple[Store, Store]) -> None:
    first, second = two_processes
    game_id = await first.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1), human(2)], host_id=1)
    for seq in range(40):
        outcomes = await asyncio.gather(
            first.games.append_action(game_id, seq, discard(0, seq)),
            second.games.append_action(game_id, seq, discard(1, seq)),
            return_exceptions=True,
        )
        assert sorted(type(outcome).__name__ for outcome in outcomes) == ["ActionOrderError", "NoneType"], outcomes
    logged = await first.games.actions(game_id)
    assert [action["tile"] for action in logged] == list(range(40))
    assert (await second.games.get(game_id)).action_count == 40


async def _a_backend_waits_for_a_lock(store: Store) -> None:
    """Until the server shows a session of this database waiting for a lock (as it reports it,
    not after a guess at how long getting there takes)."""
    query = (
        "SELECT count(*) AS waiting FROM pg_stat_activity "
        "WHERE wait_event_type = 'Lock' AND datname = current_database()"
    )
    async with asyncio.timeout(PATIENCE):
        while True:
            async with store.backend.read() as db:
                row = await db.fetchrow(query)
            if row is not None and row["waiting"] > 0:
                return
            await asyncio.sleep(0.01)  # the server is asked again; no event says when it changes


@pytest.mark.slow
async def test_the_primary_key_refuses_a_number_another_transaction_took_first(
    two_processes: tuple[Store, Store],
) -> None:
    """The exact interleaving: the second writer reads the log before the first commits, so it
    tries the same number; the key makes it wait, then refuses it."""
    first, second = two_processes
    game_id = await first.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1)], host_id=1)
    inserted, release = asyncio.Event(), asyncio.Event()

    async def slow_append() -> None:
        async with first.backend.write() as db:
            await db.execute(
                "INSERT INTO actions (game_id, seq, action, created_at) VALUES (:game_id, 0, :action, 0)",
                {"game_id": game_id, "action": '{"seat":0,"tile":1,"type":"discard"}'},
            )
            inserted.set()
            await release.wait()

    holder = asyncio.create_task(slow_append())
    await inserted.wait()
    racer = asyncio.create_task(second.games.append_action(game_id, 0, discard(0, 2)))
    await _a_backend_waits_for_a_lock(first)
    assert not racer.done(), "the second writer should wait on the first's uncommitted row"
    release.set()
    await holder
    with pytest.raises(ActionOrderError, match="already has action 0"):
        await racer
    assert await second.games.actions(game_id) == [discard(0, 1)]


async def _finish(store: Store, guild_id: int, channel_id: int, first: int, second: int) -> None:
    game_id = await store.games.create(guild_id, channel_id, "nishoku", NISHOKU, 1, [human(first), human(second)], 1)
    await store.results.record_final(game_id, Outcome(points=(60_000, 40_000), placements=(1, 2)))


@pytest.mark.slow
async def test_ratings_updated_by_two_processes_at_once_lose_no_update(two_processes: tuple[Store, Store]) -> None:
    """Player 1 wins one game and loses the other, finished at the same moment by two processes:
    their rating must be what either order of the two games gives, never one game's alone."""
    first, second = two_processes
    start = initial_skill()
    for guild_id in range(10, 16):
        await asyncio.gather(
            _finish(first, guild_id, guild_id * 10, 1, 2),  # 1 beats 2
            _finish(second, guild_id, guild_id * 10 + 1, 2, 1),  # 2 beats 1
        )
        won_first = rate_placements(rate_placements([start, start], [1, 2]), [2, 1])
        lost_first = rate_placements(rate_placements([start, start], [2, 1]), [1, 2])
        rating = await first.results.rating(guild_id, "nishoku", 1)
        assert rating is not None
        assert rating.rated_games == 2
        assert any(
            rating.mu == pytest.approx(order[0].mu) and rating.sigma == pytest.approx(order[0].sigma)
            for order in (won_first, lost_first)
        ), rating


@pytest.mark.slow
async def test_guild_settings_changed_by_two_processes_at_once_keep_both_changes(
    two_processes: tuple[Store, Store],
) -> None:
    first, second = two_processes
    for guild_id in range(20, 30):
        await asyncio.gather(
            first.guilds.update_settings(guild_id, hints=False),
            second.guilds.update_settings(guild_id, dm_panels=True),
        )
        settings = await first.guilds.settings(guild_id)
        assert (settings.hints, settings.dm_panels) == (False, True)


@pytest.mark.slow
async def test_a_channel_gets_one_running_game_when_two_processes_start_one_at_once(
    two_processes: tuple[Store, Store],
) -> None:
    first, second = two_processes
    for channel_id in range(300, 310):
        outcomes = await asyncio.gather(
            first.games.create(1, channel_id, "nishoku", NISHOKU, 1, [human(1)], host_id=1),
            second.games.create(1, channel_id, "nishoku", NISHOKU, 1, [human(2)], host_id=2),
            return_exceptions=True,
        )
        assert sorted(type(outcome).__name__ for outcome in outcomes) == ["ChannelBusyError", "int"], outcomes
