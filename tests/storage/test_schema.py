"""Opening the store: URLs, pragmas, numbered migrations tracked by PRAGMA user_version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.engine.game import Outcome
from bot.storage import SchemaVersionError, Store, database_path
from bot.storage.schema import Migration, load_migrations, split_statements
from tests.storage.helpers import NISHOKU, default_settings, human, sqlite_backend

TABLES = {
    "guild_settings",
    "player_options",
    "games",
    "game_players",
    "actions",
    "hands",
    "hand_seats",
    "final_results",
    "ratings",
}


def raw(path: Path) -> sqlite3.Connection:
    """A plain sqlite3 connection, to look at the file without the store's help."""
    return sqlite3.connect(path)


async def test_a_new_database_gets_every_migration(db_path: Path, sqlite_store: Store) -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    with raw(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == migrations[-1].version
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables >= TABLES


async def test_connection_pragmas(sqlite_store: Store, db_path: Path) -> None:
    db = sqlite_backend(sqlite_store)._db  # the pragmas are per connection, so ask the store's own
    for pragma, expected in [("journal_mode", "wal"), ("foreign_keys", 1), ("busy_timeout", 5000), ("synchronous", 2)]:
        async with db.execute(f"PRAGMA {pragma}") as cursor:
            row = await cursor.fetchone()
        assert row is not None
        assert row[0] == expected, pragma


async def test_reopening_is_idempotent_and_keeps_data(db_path: Path) -> None:
    async with Store.open(db_path) as store:
        await store.guilds.update_settings(7, turn_seconds=45)
        game_id = await store.games.create(7, 70, "nishoku", NISHOKU, 3, [human(1)], host_id=1)
    for _ in range(2):
        async with Store.open(db_path) as store:
            assert (await store.guilds.settings(7)).turn_seconds == 45
            assert (await store.games.get(game_id)).channel_id == 70
    with raw(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == load_migrations()[-1].version


async def test_a_database_from_a_newer_release_is_refused(db_path: Path) -> None:
    async with Store.open(db_path):
        pass
    with raw(db_path) as db:
        db.execute("PRAGMA user_version = 999")
    with pytest.raises(SchemaVersionError, match=r"schema version 999.*newer release"):
        async with Store.open(db_path):
            pass
    with raw(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 999  # refused, not rewritten


async def test_a_failing_migration_changes_nothing(db_path: Path) -> None:
    broken = Migration(2, "broken", "CREATE TABLE extra (a INTEGER);\nINSERT INTO missing VALUES (1);\n")
    with pytest.raises(SchemaVersionError, match=r"0002_broken\.sql failed"):
        async with Store.open(db_path, migrations=(*load_migrations()[:1], broken)):
            pass
    with raw(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'extra'").fetchone() is None
    fixed = Migration(2, "fixed", "CREATE TABLE extra (a INTEGER);")
    async with Store.open(db_path, migrations=(*load_migrations()[:1], fixed)):
        pass
    with raw(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2


def test_migration_files_must_be_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_first.sql").write_text("CREATE TABLE a (x);")
    (tmp_path / "0003_third.sql").write_text("CREATE TABLE c (x);")
    with pytest.raises(SchemaVersionError, match="expected 2"):
        load_migrations(tmp_path)


def test_a_misnamed_migration_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "1_first.sql").write_text("CREATE TABLE a (x);")
    with pytest.raises(SchemaVersionError, match=r"NNNN_description\.sql"):
        load_migrations(tmp_path)


def test_statements_split_on_semicolons_outside_strings_comments_and_triggers() -> None:
    sql = """
    CREATE TABLE a (x TEXT DEFAULT ';');  -- a comment; with a semicolon
    CREATE TRIGGER t AFTER INSERT ON a BEGIN
        UPDATE a SET x = 'y;z';
    END;
    -- trailing comment
    """
    statements = split_statements(sql)
    assert len(statements) == 2
    assert statements[1].rstrip().endswith("END;")


def test_the_last_statement_needs_no_semicolon() -> None:
    assert split_statements("CREATE TABLE a (x); CREATE TABLE b (y)") == ["CREATE TABLE a (x);", "CREATE TABLE b (y)"]


async def test_an_unfinished_statement_fails_its_migration(db_path: Path) -> None:
    broken = Migration(2, "unfinished", "CREATE TABLE extra (a INTEGER")
    with pytest.raises(SchemaVersionError, match=r"0002_unfinished\.sql failed"):
        async with Store.open(db_path, migrations=(*load_migrations()[:1], broken)):
            pass


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        pytest.param("sqlite:///data/jantaku.sqlite3", "data/jantaku.sqlite3", id="relative-url"),
        pytest.param("sqlite:////srv/jantaku.sqlite3", "/srv/jantaku.sqlite3", id="absolute-url"),
        pytest.param("sqlite:///:memory:", ":memory:", id="memory-url"),
        pytest.param("plain/path.sqlite3", "plain/path.sqlite3", id="path"),
        pytest.param(Path("/tmp/x.sqlite3"), "/tmp/x.sqlite3", id="pathlib"),
    ],
)
def test_database_path(target: str | Path, expected: str) -> None:
    assert database_path(target) == expected


@pytest.mark.parametrize("target", ["postgresql://localhost/jantaku", "sqlite://relative.sqlite3", "sqlite:///"])
def test_unusable_urls_are_refused(target: str) -> None:
    with pytest.raises(ValueError, match="sqlite"):
        database_path(target)


async def test_a_relative_url_creates_its_directories(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    async with Store.open("sqlite:///deep/er/jantaku.sqlite3") as store:
        assert sqlite_backend(store).path == "deep/er/jantaku.sqlite3"
    assert (tmp_path / "deep" / "er" / "jantaku.sqlite3").is_file()


async def test_an_in_memory_store_works() -> None:
    async with Store.open("sqlite:///:memory:") as store:
        assert (await store.guilds.settings(1)).default_variant == "nishoku"


async def test_upgrading_a_version_1_database_keeps_its_games(db_path: Path) -> None:
    """A database written before the table clocks were stored opens with the new columns empty:
    its tables fall back to the guild's clock and its banks start full."""
    async with Store.open(db_path, migrations=load_migrations()[:1]):
        pass
    with raw(db_path) as db:
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, variant, settings, seed, created_at)"
            " VALUES (5, 7, 70, 1, 'nishoku', '{}', '3', 0)"
        )
        db.execute("INSERT INTO game_players VALUES (5, 0, 1, 'P1', 0)")
        db.execute("""INSERT INTO actions VALUES (5, 0, '{"type": "discard", "seat": 0, "tile": 5}', 0)""")
        db.commit()
    game_id = 5
    async with Store.open(db_path) as store:
        row = await store.games.get(game_id)
        assert (row.turn_seconds, row.bank_seconds, row.action_count) == (None, None, 1)
        assert await store.games.seat_banks(game_id) == {}
        clocked = await store.games.create(7, 71, "nishoku", NISHOKU, 4, [human(1)], host_id=1, turn_seconds=12.5)
        assert (await store.games.get(clocked)).turn_seconds == 12.5


async def test_hands_stored_before_per_seat_wins_keep_their_winner_points_and_tsumo(db_path: Path) -> None:
    async with Store.open(db_path, migrations=load_migrations()[:3]) as old:
        game_id = await old.games.create(7, 70, "nishoku", NISHOKU, 3, [human(1), human(2)], host_id=1)
    with raw(db_path) as db:
        db.execute("INSERT INTO hands VALUES (?, 0, '東1局', 1, NULL, 3, 3900, 0)", (game_id,))
        db.execute("INSERT INTO hand_seats VALUES (?, 0, 0, -3900, 0, 0, 0, 0)", (game_id,))
        db.execute("INSERT INTO hand_seats VALUES (?, 0, 1, 3900, 1, 0, 0, 0)", (game_id,))
        db.commit()
    async with Store.open(db_path) as store:
        (row,) = await store.results.hands(game_id)
        assert (row.result.winners, row.result.win_points, row.result.tsumo) == ((1,), (3900,), (1,))


async def test_games_finished_before_chips_were_stored_load_with_no_chips(db_path: Path) -> None:
    """A version-4 database (no chips column) with a finished チンイツゲーム game: after the
    upgrade the game still loads, its seats have no chips, and stats count chips only from the
    games finished since."""
    async with Store.open(db_path, migrations=load_migrations()[:4]) as old:
        game_id = await old.games.create(
            7, 70, "chinitsu", default_settings("chinitsu"), 3, [human(1), human(2), human(3)], host_id=1
        )
    with raw(db_path) as db:
        assert "chips" not in {row[1] for row in db.execute("PRAGMA table_info(final_results)")}
        for seat, (points, place, score) in enumerate([(52_000, 1, 32.0), (40_000, 2, 0.0), (28_000, 3, -32.0)]):
            db.execute(
                "INSERT INTO final_results VALUES (?, ?, ?, ?, ?, NULL, NULL)", (game_id, seat, points, place, score)
            )
        db.execute("UPDATE games SET status = 'finished', finished_at = 10, hands_played = 4 WHERE id = ?", (game_id,))
        db.commit()
    async with Store.open(db_path) as store:
        (old_game,) = await store.stats.history(7)
        assert [(r.placement, r.points, r.chips) for r in old_game.results] == [
            (1, 52_000, None),
            (2, 40_000, None),
            (3, 28_000, None),
        ]
        assert (await store.stats.player_stats(7, 1, "chinitsu")).chips == ()
        board, _ = await store.stats.leaderboard(7, "chinitsu")
        assert {(row.games, row.chips, row.chip_games) for row in board} == {(1, 0, 0)}

        new_game = await store.games.create(
            7, 70, "chinitsu", default_settings("chinitsu"), 4, [human(1), human(2), human(3)], host_id=1
        )
        outcome = Outcome(points=(45_000, 40_000, 35_000), placements=(1, 2, 3), chips=(6, -1, -5))
        await store.results.record_final(new_game, outcome)
        stats = await store.stats.player_stats(7, 1, "chinitsu")
        assert stats.games == 2
        assert [(c.variant, c.games, c.chips) for c in stats.chips] == [("chinitsu", 1, 6)]
    with raw(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == load_migrations()[-1].version
