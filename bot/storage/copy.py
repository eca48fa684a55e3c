"""Move a deployment to another database, then prove the copy by replaying every game.

    python -m bot.storage.copy sqlite:///data/jantaku.sqlite3 postgresql://bot@db/jantaku

Every table of the schema (:data:`TABLES`) is read from SRC in one snapshot and written to DST in
one transaction, in foreign-key order, a page of rows at a time: a deployment with millions of
logged actions is streamed, never held in memory, and a copy that fails anywhere leaves DST with
no rows at all. Rows keep their ids, so the buttons already posted in Discord (whose custom_ids
carry game ids), ``/mahjong replay`` and the history all keep working; on PostgreSQL the games
identity is moved past the largest copied id, so the next game gets a fresh one.

It only speaks the :class:`~bot.storage.sql.Backend` protocol, so any direction works (SQLite to
PostgreSQL is the usual one; PostgreSQL back to SQLite undoes it). Both databases are opened with
:meth:`Store.open`, which brings each to this release's schema first, so the two always have the
same tables and columns.

Then the copy is checked (:func:`verify`, alone with ``--check-only``): every table has the same
number of rows and the same rows (an order-free digest of every row, so the two databases' text
orderings cannot matter), and every game of DST replays through the engine to the same state as
SRC's (state hash, action count, outcome). Exit status 0: copied and identical; 1: the copy
failed (DST left without rows) or the check found a difference; 2: refused before anything was
written (SRC is DST, SRC missing, DST not empty).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import sys
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

from bot.engine.game import Game
from bot.engine.record import GameRecord, replay
from bot.storage.errors import GameNotFoundError, SchemaVersionError
from bot.storage.postgres import is_postgres_url
from bot.storage.sql import Connection, Row
from bot.storage.sqlite import database_path
from bot.storage.store import Store

__all__ = [
    "DEFAULT_BATCH",
    "TABLES",
    "Copied",
    "CopyRefused",
    "GameCheck",
    "Table",
    "TableCheck",
    "Verification",
    "copy_rows",
    "main",
    "pages",
    "render_check",
    "same_database",
    "schema_columns",
    "verify",
]

DEFAULT_BATCH = 5_000
"""Rows per page read from SRC and per ``executemany`` on DST: a few megabytes of actions at most."""


@dataclass(frozen=True)
class Table:
    """One table of the schema and its primary key, the order its rows are paged in."""

    name: str
    key: tuple[str, ...]


TABLES: tuple[Table, ...] = (
    Table("guild_settings", ("guild_id",)),
    Table("player_options", ("guild_id", "user_id")),
    Table("games", ("id",)),
    Table("game_players", ("game_id", "seat")),
    Table("actions", ("game_id", "seq")),
    Table("hands", ("game_id", "hand_index")),
    Table("hand_seats", ("game_id", "hand_index", "seat")),
    Table("final_results", ("game_id", "seat")),
    Table("ratings", ("guild_id", "variant", "user_id")),
    Table("lobbies", ("id",)),
    Table("panels", ("game_id", "seat")),
)
"""Every table of the schema, each after the tables its foreign keys point at. The columns are
read from the migrated schema itself; a table missing here makes the copy refuse rather than
leave it behind."""

_BOOKKEEPING = {"schema_migrations"}
"""PostgreSQL's record of applied migrations: each database keeps its own (SQLite's is a pragma)."""


class CopyRefused(Exception):
    """The copy will not start: nothing was written to DST."""


# --- reading a schema and its rows ---------------------------------------------------------------------


async def _table_names(db: Connection) -> set[str]:
    if db.dialect.name == "sqlite":
        found = await db.fetch("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    else:
        found = await db.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    return {str(row[0]) for row in found} - _BOOKKEEPING


async def _columns(db: Connection, table: str) -> tuple[str, ...]:
    if db.dialect.name == "sqlite":
        found = await db.fetch("SELECT name FROM pragma_table_info(:table) ORDER BY cid", {"table": table})
    else:
        found = await db.fetch(
            """
            SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = :table
            ORDER BY ordinal_position
            """,
            {"table": table},
        )
    return tuple(str(row[0]) for row in found)


async def schema_columns(db: Connection) -> dict[str, tuple[str, ...]]:
    """Each table of :data:`TABLES` with its columns in the database's order; raises
    :class:`CopyRefused` for a table the database has that :data:`TABLES` does not name."""
    unknown = sorted(await _table_names(db) - {table.name for table in TABLES})
    if unknown:
        raise CopyRefused(
            f"the database has table(s) this copy does not know: {', '.join(unknown)} "
            "(add them to bot.storage.copy.TABLES)"
        )
    return {table.name: await _columns(db, table.name) for table in TABLES}


async def _count(db: Connection, table: str) -> int:
    row = await db.fetchrow(f"SELECT COUNT(*) FROM {table}")
    assert row is not None  # an aggregate without GROUP BY always has its row
    return int(row[0])


async def pages(db: Connection, table: Table, columns: Sequence[str], batch: int) -> AsyncIterator[list[Row]]:
    """The table's rows in primary-key order, ``batch`` at a time.

    Each page starts after the last key of the one before (keyset paging), so every page is one
    walk down the primary key's index however deep into the table it is, where an OFFSET would
    rescan everything before it.
    """
    names = ", ".join(columns)
    key = ", ".join(table.key)
    after = ", ".join(f":after_{column}" for column in table.key)
    first = f"SELECT {names} FROM {table.name} ORDER BY {key} LIMIT :limit"
    rest = f"SELECT {names} FROM {table.name} WHERE ({key}) > ({after}) ORDER BY {key} LIMIT :limit"
    page = await db.fetch(first, {"limit": batch})
    while page:
        yield page
        if len(page) < batch:
            return
        last = page[-1]
        page = await db.fetch(rest, {"limit": batch, **{f"after_{column}": last[column] for column in table.key}})


# --- the copy ---------------------------------------------------------------------------------------------


async def _refuse_unless_empty(db: Connection) -> None:
    games = await _count(db, "games")
    if games:
        raise CopyRefused(
            f"DST already has {games} game(s): copy only into an empty database (a new one; "
            "the copy creates its tables)"
        )
    filled = [f"{table.name} ({rows})" for table in TABLES if (rows := await _count(db, table.name))]
    if filled:
        raise CopyRefused(f"DST is not empty: {', '.join(filled)}; copy only into an empty database")


async def _identity_columns(db: Connection) -> list[tuple[str, str]]:
    """Each (table, column) whose values PostgreSQL generates from a sequence (SQLite has none:
    an ``INTEGER PRIMARY KEY`` takes the largest id + 1 by itself)."""
    if db.dialect.name != "postgresql":
        return []
    found = await db.fetch(
        """
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_identity = 'YES'
        ORDER BY table_name
        """
    )
    known = {table.name for table in TABLES}
    columns = [(str(row[0]), str(row[1])) for row in found]
    for table, _ in columns:
        if table not in known:  # the catalog's names go into SQL text below: only ours may
            raise CopyRefused(f"the database has an identity column on unknown table {table!r}")
    return columns


async def _continue_identities(db: Connection) -> dict[str, int]:
    """Move every identity sequence past the largest id copied; returns each table's next id.

    setval is not undone by a rollback, so it runs last, when only the commit is left: a copy
    that still failed would at worst skip some ids, never hand out a copied one again.
    """
    following: dict[str, int] = {}
    for table, column in await _identity_columns(db):
        next_id = await db.fetchrow(
            f"SELECT setval(pg_get_serial_sequence(:table, :column), COALESCE(MAX({column}), 0) + 1, false) "
            f"FROM {table}",
            {"table": table, "column": column},
        )
        assert next_id is not None
        following[table] = int(next_id[0])
    return following


async def _identity_gaps(db: Connection) -> list[str]:
    """Identities whose next value is an id already taken: the next new row would collide (for
    games, the store would take it for a game already running in the channel)."""
    gaps: list[str] = []
    for table, column in await _identity_columns(db):
        found = await db.fetchrow("SELECT pg_get_serial_sequence(:table, :column)", {"table": table, "column": column})
        sequence = None if found is None else found[0]
        if sequence is None:
            gaps.append(f"{table}.{column} has no sequence")
            continue
        state = await db.fetchrow(
            f"SELECT last_value, is_called, (SELECT COALESCE(MAX({column}), 0) FROM {table}) FROM {sequence}"
        )
        assert state is not None  # a sequence is one row
        next_id = int(state[0]) + 1 if state[1] else int(state[0])
        largest = int(state[2])
        if next_id <= largest:
            gaps.append(f"{table}.{column} would hand out {next_id} next, but {table} already has ids up to {largest}")
    return gaps


Progress = Callable[[str, int, float], None]
"""Told each table's name, rows copied and seconds taken as the table is done."""


@dataclass(frozen=True)
class Copied:
    """What :func:`copy_rows` wrote."""

    rows: dict[str, int]
    next_ids: dict[str, int]
    seconds: float


async def copy_rows(src: Store, dst: Store, *, batch: int = DEFAULT_BATCH, progress: Progress | None = None) -> Copied:
    """Copy every row of SRC into the empty DST, in one snapshot of SRC and one transaction on DST.

    Raises :class:`CopyRefused` (and writes nothing) when DST holds any row, or either database
    has a table the other lacks or a column the other lacks; any error while copying rolls DST
    back to no rows.
    """
    if batch < 1:
        raise ValueError(f"batch must be at least 1, not {batch}")
    started = time.perf_counter()
    copied: dict[str, int] = {}
    async with src.backend.read() as source, dst.backend.write() as target:
        columns = await schema_columns(source)
        theirs = await schema_columns(target)
        for table in TABLES:
            if set(columns[table.name]) != set(theirs[table.name]):
                raise CopyRefused(
                    f"{table.name} has columns {', '.join(columns[table.name])} in SRC but "
                    f"{', '.join(theirs[table.name])} in DST: are both at this release's schema?"
                )
        await _refuse_unless_empty(target)
        for table in TABLES:
            table_started = time.perf_counter()
            names = columns[table.name]
            insert = f"INSERT INTO {table.name} ({', '.join(names)}) VALUES ({', '.join(f':{name}' for name in names)})"
            written = 0
            async for page in pages(source, table, names, batch):
                await target.executemany(insert, [{name: row[name] for name in names} for row in page])
                written += len(page)
            expected = await _count(source, table.name)
            if written != expected:  # a snapshot cannot change under us; a paging bug could
                raise RuntimeError(f"{table.name}: read {written} rows of {expected}")
            copied[table.name] = written
            if progress is not None:
                progress(table.name, written, time.perf_counter() - table_started)
        next_ids = await _continue_identities(target)
    return Copied(rows=copied, next_ids=next_ids, seconds=time.perf_counter() - started)


# --- the check --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableCheck:
    """One table on both sides: row counts, and whether the rows themselves are the same."""

    name: str
    src_rows: int
    dst_rows: int
    same_rows: bool

    @property
    def ok(self) -> bool:
        return self.same_rows and self.src_rows == self.dst_rows


@dataclass(frozen=True)
class GameCheck:
    """A game that did not check out, or whose log replays on neither side."""

    game_id: int
    problem: str
    differs: bool
    """True for a difference between the two databases; False for a log that is broken in SRC
    too (the copy is faithful, the game was already unplayable: the bot cancels such games)."""


@dataclass
class Verification:
    """What :func:`verify` found."""

    tables: list[TableCheck] = field(default_factory=list)
    games: int = 0
    actions: int = 0
    same: int = 0
    """Games that replayed to the same state on both sides."""
    findings: list[GameCheck] = field(default_factory=list)
    identities: list[str] = field(default_factory=list)
    """DST's id sequences that would hand out an id already taken (see :func:`_identity_gaps`)."""
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return (
            all(table.ok for table in self.tables)
            and not any(finding.differs for finding in self.findings)
            and not self.identities
        )


_DIGEST_MODULUS = 1 << 128


async def _digest(db: Connection, table: Table, columns: Sequence[str], batch: int) -> tuple[int, int]:
    """The table's row count and the sum of its rows' hashes: equal for the same set of rows in
    any order (a primary key makes them a set), whatever order the database sorts text in."""
    rows = 0
    total = 0
    async for page in pages(db, table, columns, batch):
        for row in page:
            # repr keeps every value exactly (a float's repr reads back as the same double) and
            # tells 1, 1.0 and '1' apart.
            text = repr(tuple(row[column] for column in columns)).encode()
            total += int.from_bytes(hashlib.blake2b(text, digest_size=16).digest(), "big")
        rows += len(page)
    return rows, total % _DIGEST_MODULUS


def _replayed(record: GameRecord) -> tuple[Game | None, str]:
    # Whatever a corrupt log makes the engine raise is the finding; the check goes on.
    try:
        return replay(record), ""
    except Exception as error:
        return None, f"{type(error).__name__}: {error}"


def _compare_games(game_id: int, src_record: GameRecord, dst_record: GameRecord) -> GameCheck | None:
    if dst_record != src_record:
        return GameCheck(game_id, "its record (variant, settings, seed, seats or actions) differs", differs=True)
    src_game, src_error = _replayed(src_record)
    dst_game, dst_error = _replayed(dst_record)
    if src_game is None or dst_game is None:
        if src_error == dst_error:
            return GameCheck(game_id, f"does not replay in SRC either ({src_error})", differs=False)
        return GameCheck(
            game_id, f"replays differently: SRC {src_error or 'replays'}, DST {dst_error or 'replays'}", differs=True
        )
    if (dst_game.sequence, dst_game.state_hash(), dst_game.outcome()) != (
        src_game.sequence,
        src_game.state_hash(),
        src_game.outcome(),
    ):
        return GameCheck(game_id, "replays to a different state", differs=True)
    return None


REPLAY_PROGRESS_EVERY = 1_000
"""Games between two progress reports of the replays, which take most of a big check's time."""


async def verify(
    src: Store, dst: Store, *, batch: int = DEFAULT_BATCH, progress: Callable[[int, int], None] | None = None
) -> Verification:
    """Compare DST with SRC: every table's row count and rows, and every game of DST replayed
    on both sides to the same state. Reads only. ``progress(done, games)`` is told every
    :data:`REPLAY_PROGRESS_EVERY` games replayed."""
    started = time.perf_counter()
    found = Verification()
    async with src.backend.read() as source, dst.backend.read() as target:
        columns = await schema_columns(source)
        for table in TABLES:
            names = columns[table.name]
            src_rows, src_digest = await _digest(source, table, names, batch)
            dst_rows, dst_digest = await _digest(target, table, names, batch)
            found.tables.append(TableCheck(table.name, src_rows, dst_rows, src_digest == dst_digest))
        found.identities = await _identity_gaps(target)
    games = next(table for table in TABLES if table.name == "games")
    async with dst.backend.read() as target:
        ids = [int(row["id"]) async for page in pages(target, games, ("id",), batch) for row in page]
    for done, game_id in enumerate(ids):
        if progress is not None and done and done % REPLAY_PROGRESS_EVERY == 0:
            progress(done, len(ids))
        dst_record = await dst.games.record(game_id)
        try:
            src_record = await src.games.record(game_id)
        except GameNotFoundError:
            found.findings.append(GameCheck(game_id, "is not in SRC", differs=True))
            continue
        found.games += 1
        found.actions += len(dst_record.actions)
        finding = _compare_games(game_id, src_record, dst_record)
        if finding is None:
            found.same += 1
        else:
            found.findings.append(finding)
    found.seconds = time.perf_counter() - started
    return found


# --- the command -----------------------------------------------------------------------------------------


def same_database(first: str, second: str) -> bool:
    """Whether two targets name the same database (the same file, or the same PostgreSQL host,
    port and database), so that a copy would read what it writes.

    >>> same_database("sqlite:///data/j.sqlite3", "data/../data/j.sqlite3")
    True
    >>> same_database("postgresql://a@db/jantaku", "postgresql://b:pw@DB:5432/jantaku?pool_size=2")
    True
    >>> same_database("postgresql://db/one", "postgresql://db/two")
    False
    """
    if is_postgres_url(first) != is_postgres_url(second):
        return False
    if is_postgres_url(first):
        a, b = urlsplit(first), urlsplit(second)
        return ((a.hostname or "localhost"), a.port or 5432, a.path) == (
            (b.hostname or "localhost"),
            b.port or 5432,
            b.path,
        )
    a_path, b_path = database_path(first), database_path(second)
    if ":memory:" in (a_path, b_path):
        return False
    return os.path.realpath(a_path) == os.path.realpath(b_path)


def _missing_file(target: str) -> bool:
    if is_postgres_url(target):
        return False
    path = database_path(target)
    return path != ":memory:" and not Path(path).is_file()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage.copy",
        description=(
            "Copy a Jantaku deployment from the database SRC into the empty database DST (SQLite to "
            "PostgreSQL, or back), keeping every id, then check the copy: the same rows in every table, "
            "and every game replayed to the same state from both. Stop the bot first: what it writes "
            "during the copy would be left behind (and the check would say so)."
        ),
        epilog=(
            "SRC and DST are sqlite:///relative/path, sqlite:////absolute/path, a file path, or "
            "postgresql://user:password@host:port/database. Both are opened as the bot opens its store, "
            "which migrates each to this release's schema first: SRC is upgraded in place if it is "
            "older (back it up first), and DST gets its tables created. A PostgreSQL DST must exist "
            "(createdb) and hold no rows. Exit status: 0 copied and identical; 1 the copy failed "
            "(DST holds no rows) or the check found a difference; 2 refused, nothing written."
        ),
    )
    parser.add_argument("src", metavar="SRC", help="the database to copy from")
    parser.add_argument("dst", metavar="DST", help="the empty database to copy into")
    parser.add_argument(
        "--check-only",
        action="store_true",
        help="copy nothing: compare an earlier copy DST with SRC (rows and replayed games)",
    )
    parser.add_argument(
        "--batch", type=int, default=DEFAULT_BATCH, help=f"rows per read and per insert (default {DEFAULT_BATCH})"
    )
    return parser


def _table_line(name: str, rows: int, seconds: float) -> str:
    return f"  {name:<15} {rows:>12,} rows  {seconds:7.1f} s"


def render_check(check: Verification) -> str:
    """The check's report: each table side by side, the games replayed, and what differs."""
    lines = [f"  {'table':<15} {'SRC rows':>12} {'DST rows':>12}  rows"]
    for table in check.tables:
        verdict = "same" if table.ok else "DIFFERENT"
        lines.append(f"  {table.name:<15} {table.src_rows:>12,} {table.dst_rows:>12,}  {verdict}")
    broken = [finding for finding in check.findings if not finding.differs]
    differing = [finding for finding in check.findings if finding.differs]
    lines.append(
        f"  games replayed: {check.games:,} ({check.actions:,} actions), {check.same:,} to the same state on both sides"
    )
    lines += [f"  game #{finding.game_id} {finding.problem}" for finding in broken]
    lines += [f"  DIFFERENT: game #{finding.game_id} {finding.problem}" for finding in differing]
    lines += [f"  WRONG: {gap}" for gap in check.identities]
    verdict = "the copy is identical" if check.ok else "DST DIFFERS FROM SRC"
    lines.append(f"Checked in {check.seconds:.1f} s: {verdict}.")
    return "\n".join(lines)


async def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if same_database(args.src, args.dst):
        print(f"refused: SRC and DST are the same database ({args.src})", file=err)
        return 2
    for role, target in (("SRC", args.src), *((("DST", args.dst),) if args.check_only else ())):
        if _missing_file(target):
            print(f"refused: {role} {database_path(target)} does not exist", file=err)
            return 2
    stage = "opening the databases"
    try:
        async with Store.open(args.src) as src, Store.open(args.dst) as dst:
            if not args.check_only:
                stage = "copying (DST was rolled back: it holds no rows)"
                print(f"Copying {src.backend.description} -> {dst.backend.description}", file=out, flush=True)

                def progress(name: str, rows: int, seconds: float) -> None:
                    print(_table_line(name, rows, seconds), file=out, flush=True)

                copied = await copy_rows(src, dst, batch=args.batch, progress=progress)
                follow = "".join(f"; {table} ids continue from {next_id}" for table, next_id in copied.next_ids.items())
                print(
                    f"Copied {sum(copied.rows.values()):,} rows in {len(copied.rows)} tables in "
                    f"{copied.seconds:.1f} s, in one transaction{follow}.",
                    file=out,
                    flush=True,
                )
            stage = "checking (the copy itself is committed)"
            print(f"Checking {dst.backend.description} against {src.backend.description}", file=out, flush=True)
            started = time.perf_counter()

            def replaying(done: int, games: int) -> None:
                elapsed = time.perf_counter() - started
                print(f"  replayed {done:,} of {games:,} games ({elapsed:.0f} s)", file=out, flush=True)

            check = await verify(src, dst, batch=args.batch, progress=replaying)
    except (CopyRefused, SchemaVersionError) as refusal:
        print(f"refused: {refusal}", file=err)
        return 2
    except Exception as error:
        print(f"failed while {stage}: {type(error).__name__}: {error}", file=err)
        return 1
    print(render_check(check), file=out)
    return 0 if check.ok else 1


def main(argv: Sequence[str] | None = None, *, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Run the command; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.batch < 1:
        print("refused: --batch must be at least 1", file=err)
        return 2
    return asyncio.run(_run(args, out, err))


if __name__ == "__main__":
    sys.exit(main())
