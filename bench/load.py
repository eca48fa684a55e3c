"""Many tables at once against the fake Discord: acknowledgement latency, CPU, bytes and requests per move.

    python -m bench.load [--tables 100] [--baseline REV] [--runs 3] [--hog] [--burst] [--sweep 100,200,300]
                         [--database sqlite|postgresql|both]

Prints one JSON line per run, then (with ``--baseline`` or ``--runs`` above 1) a summary line per
figure: the median and range of each bot's runs and, with a baseline, this commit's median over
the baseline's (with ``--database both``, PostgreSQL's median over SQLite's); the same summary as
a Markdown table goes to standard error::

    {"bot": "this", "database": "sqlite", "tables": N, "ack_ms_p50": .., "ack_ms_p99": .., "failed": 0,
     "bot_cpu_ms_per_action": .., "bytes_per_action": .., "requests_per_action": .., ...}

Two processes, as in production where Discord is elsewhere: this one runs the fake Discord and
the scripted players, the other runs the unmodified bot (``JantakuBot``, real store, real
rendering). Every table is one scripted human and three CPUs: the human opens a lobby with
``/mahjong new``, adds three CPUs, starts, opens the panel with ``/mahjong hand`` and plays every
decision through its buttons after ``--think-ms``, until the game is over.

* ``ack_ms``: from an interaction's creation to the bot's initial response, over every slash
  command and click of every table (what Discord's 3-second rule is about); ``lobby_ack_ms``
  the lobby's alone (``/mahjong new``, the CPUs and the start, which arrive in a burst).
* ``failed``: interactions never acknowledged in time (a click lost); ``tables_lost`` tables
  whose lobby the bot closed before the game started (its buttons gone).
* ``bot_cpu_ms_per_action``: CPU time of the bot process and its render workers over the games,
  per game action committed to the store (humans' and CPUs'); ``bot_process_cpu_ms_per_action``
  the bot process alone (its event loop and threads, without the workers); ``driver_cpu_ms_per_action`` the
  same for this process (the fake and the players), to show they stay lean.
* ``bytes_per_action`` / ``requests_per_action``: request bodies (JSON and uploads) and API
  requests the bot sent the fake per action; ``file_kb_per_action`` the uploads alone.
* ``rss_mb_per_table``: the bot's peak resident memory (with its render workers) above its idle
  size, per table.
* ``db_server_cpu_ms_per_action``: on PostgreSQL, the CPU of the database server (the postmaster
  and every backend, checkpointer and WAL writer), which is not the bot's; 0 on SQLite, whose work
  is inside the bot process. ``bot_and_db_cpu_ms_per_action`` is the two together, the fair
  total between the backends.

``--baseline REV`` runs the same load against the bot at another commit (checked out into a git
worktree in the temp directory, run with this interpreter) side by side with this one, in
alternating order, ``--runs`` times each: on a shared, noisy machine a ratio from one run is not
a figure. ``--hog`` starts a busy process beside the bot for the run. ``--burst`` opens every
lobby within one second (``--ramp 1``). ``--sweep`` runs this commit at several table counts and
reports where ack p99 crosses one second.

``--database`` is where the bot keeps its state: ``sqlite`` (the default; a new file each run,
``WAL, synchronous=FULL`` as in production), ``postgresql`` (a throwaway server this process
starts once, ``bot.storage.pgcluster``, with a new database each run; durable, ``fsync``,
``synchronous_commit`` and ``full_page_writes`` on, so a commit pays for its disk flush as SQLite's
does), or ``both``: the same load against each, alternating which goes first over ``--runs``,
summarised side by side with PostgreSQL's ratio over SQLite's. Each run's line says which database
it used, its version and its durability settings.

The pace (``--cpu-delay`` 0.6 s, ``--think-ms`` 400) is about twice as brisk as real play, to
load the machine. ``JANTAKU_PROFILE=/tmp/bot.prof`` writes a cProfile of the bot process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.runtime.options import RuntimeOptions
from bot.sandbox.players import action_kind, pending_buttons
from bot.sandbox.process import BotProcess, add_bot_arguments, run_bot
from bot.storage.pgcluster import ClusterUnavailable, ThrowawayCluster

if TYPE_CHECKING:
    from bot.sandbox.fakediscord import FakeChannel, FakeDiscord, FakeMember, FakeMessage, InteractionRecord

POLL_SECONDS = 0.05
STALL_SECONDS = 60.0
"""A panel with nothing to do for this long is reopened with /mahjong hand (counted as a stall)."""


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (the bot and its render workers; Linux)."""
    total = 0.0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) / 1024
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                total += rss_mb(int(child))
    return total


# --- the driving process -----------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _children(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            found.extend(int(child) for child in (task / "children").read_text().split())
    return found


def cpu_seconds(pid: int, *, children: bool = True) -> float:
    """User and system CPU of a process and (unless ``children`` is false) its live descendants,
    with its reaped children (Linux)."""
    total = 0.0
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        # After the command name: state is fields[0], so utime..cstime are fields[11:15].
        total += sum(int(value) for value in fields[11 : 15 if children else 13]) / TICK
    if not children:
        return total
    return total + sum(cpu_seconds(child) for child in _children(pid))


def own_cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


@dataclass
class PictureWatch:
    """Times from a discard click to the first edit of its panel that carries a new picture.

    A discard always changes the hand, so the panel's picture must change; the first edit that
    brings other attachments is the picture the player waits for. Read from the fake's message
    listener, on the fake's clock, as the click's creation time is."""

    pending: dict[int, tuple[float, frozenset[int]]] = field(default_factory=dict)
    """Per panel message id: the click's creation time and the attachments it had then."""
    panel_ms: list[float] = field(default_factory=list)

    def clicked(self, panel: FakeMessage, created_at: float) -> None:
        self.pending[panel.id] = (created_at, frozenset(attachment.id for attachment in panel.attachments))

    def message_changed(self, message: FakeMessage) -> None:
        waiting = self.pending.get(message.id)
        if waiting is None:
            return
        created_at, before = waiting
        if frozenset(attachment.id for attachment in message.attachments) - before:
            del self.pending[message.id]
            self.panel_ms.append((message.fake.clock.now() - created_at) * 1000)


@dataclass
class Totals:
    acks_ms: list[float] = field(default_factory=list)
    pictures: PictureWatch = field(default_factory=PictureWatch)
    lobby_acks_ms: list[float] = field(default_factory=list)
    deferred: int = 0
    stalls: int = 0
    failed: int = 0
    refused: int = 0
    lost: int = 0
    finished: int = 0
    clicks: int = 0


def _ack(record: InteractionRecord, totals: Totals, *, lobby: bool = False) -> None:
    if record.failed or record.responded_at is None:
        totals.failed += 1
    else:
        elapsed = (record.responded_at - record.created_at) * 1000
        totals.acks_ms.append(elapsed)
        if lobby:
            totals.lobby_acks_ms.append(elapsed)
        totals.deferred += record.response_type in (5, 6)


def new_command(fake: FakeDiscord) -> tuple[str, dict[str, str]]:
    """``/mahjong new`` for a 二色麻雀 table as the bot under test synced it: one command with a
    ``variant`` option, or (a baseline from before that) one subcommand per variant."""
    mahjong = next(command for command in fake.commands_global if command["name"] == "mahjong")
    new = next(option for option in mahjong.get("options", []) if option["name"] == "new")
    if any(option.get("type") == 1 for option in new.get("options", [])):  # subcommands
        return "mahjong new nishoku", {}
    return "mahjong new", {"variant": "nishoku"}


async def play_table(
    fake: FakeDiscord, member: FakeMember, channel: FakeChannel, args: argparse.Namespace, totals: Totals, seed: int
) -> None:
    """One scripted human and three CPUs, from ``/mahjong new`` to the end of the game."""
    from bot.sandbox.fakediscord import InteractionRefused

    rng = random.Random(seed)
    await asyncio.sleep(rng.random() * args.ramp)  # tables do not all open in the same millisecond
    command, variant = new_command(fake)
    record = await member.slash(channel, command, options={**variant, "hands": args.hands})
    _ack(record, totals, lobby=True)
    lobby = record.message
    assert lobby is not None, record.errors  # the bot answers /mahjong new with its lobby
    lobby_id = lobby.custom_ids[0].split(":")[2]
    for op in ("cpu", "cpu", "cpu", "start"):
        try:
            click = await member.click(lobby, f"jt:lobby:{lobby_id}:{op}")
        except InteractionRefused:
            # The lobby lost its buttons (the bot closed it: say, its first save failed). A table
            # lost, counted, rather than the whole run's figures.
            totals.lost += 1
            return
        _ack(click, totals, lobby=True)
    record = await member.slash(channel, "mahjong hand")
    _ack(record, totals)
    while record.message is None or record.message.loading:  # noqa: ASYNC110 - polling is cheaper than 100 wait_for()s
        await asyncio.sleep(POLL_SECONDS)
    panel = record.message
    clicked: set[str] = set()
    idle_since = time.monotonic()
    while "game is over" not in panel.content:
        buttons = pending_buttons(panel, clicked)  # 二色麻雀 offers nothing beside a decision
        if not buttons:
            if time.monotonic() - idle_since > STALL_SECONDS:
                # What a person would do when the panel seems stuck: open it again.
                totals.stalls += 1
                idle_since = time.monotonic()
                again = await member.slash(channel, "mahjong hand")
                _ack(again, totals)
                while again.message is None or again.message.loading:  # noqa: ASYNC110
                    await asyncio.sleep(POLL_SECONDS)
                if again.message.ephemeral and "no game" in again.message.content:
                    break
                panel = again.message
            await asyncio.sleep(POLL_SECONDS)
            continue
        idle_since = time.monotonic()
        await asyncio.sleep(args.think_ms / 1000 * (0.5 + rng.random()))
        kinds = {action_kind(b): b for b in buttons}
        choice = next((kinds[k] for k in ("tsumo", "ron", "pass") if k in kinds), None) or rng.choice(buttons)
        clicked.add(choice["custom_id"])
        discard = action_kind(choice) == "discard"
        if discard:
            totals.pictures.clicked(panel, fake.clock.now())
        try:
            click = await member.click(panel, choice["custom_id"])
        except InteractionRefused:
            totals.pictures.pending.pop(panel.id, None)
            totals.refused += 1  # the panel changed under the click (a timeout); look again
            continue
        totals.clicks += 1
        _ack(click, totals)
    totals.finished += 1


async def housekeeping(fake: FakeDiscord) -> None:
    """Keep the fake's records from growing without bound: it stores every request and upload."""
    while True:
        await asyncio.sleep(2.0)
        fake.requests.clear()
        live: set[int] = set()
        for message_id, message in list(fake.messages.items()):
            if message.deleted:
                del fake.messages[message_id]
                continue
            message.history.clear()
            message.edited_at.clear()
            live.update(attachment.id for attachment in message.attachments)
        for attachment_id in [a for a in fake.attachments if a not in live]:
            del fake.attachments[attachment_id]


@dataclass(frozen=True)
class Build:
    """A bot to measure: this checkout, or another commit in a worktree of its own."""

    label: str
    directory: Path
    revision: str


def this_build() -> Build:
    return Build("this", ROOT, _git("rev-parse", "--short", "HEAD", cwd=ROOT) or "working tree")


def _git(*command: str, cwd: Path) -> str:
    import subprocess

    done = subprocess.run(["git", *command], cwd=cwd, capture_output=True, text=True, check=False)
    return done.stdout.strip() if done.returncode == 0 else ""


def baseline_build(revision: str) -> Build:
    """The bot at ``revision``, checked out (once) into a detached worktree in the temp directory."""
    import subprocess

    commit = _git("rev-parse", "--verify", f"{revision}^{{commit}}", cwd=ROOT)
    if not commit:
        raise SystemExit(f"--baseline: {revision!r} is not a commit of {ROOT}")
    directory = Path(tempfile.gettempdir()) / f"jantaku-baseline-{commit[:12]}"
    if not directory.is_dir() or _git("rev-parse", "HEAD", cwd=directory) != commit:
        subprocess.run(["git", "worktree", "remove", "--force", str(directory)], cwd=ROOT, capture_output=True)
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(directory), commit], cwd=ROOT, check=True)
    return Build("baseline", directory, commit[:7])


DATABASES = ("sqlite", "postgresql")

DURABLE_POSTGRESQL = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}
"""The throwaway server turns these off for tests; a benchmark pays for them, as the SQLite store
pays for ``synchronous=FULL``: a commit is on disk before the bot hears it is done."""


@dataclass
class Database:
    """Where the bots of an invocation keep their state: a new SQLite file in each run's
    directory, or a new database each run on one PostgreSQL server started for the invocation."""

    name: str
    cluster: ThrowawayCluster | None = None
    version: str = ""
    _databases: int = 0

    @property
    def durability(self) -> str:
        if self.cluster is None:
            return "WAL, synchronous=FULL"
        return ", ".join(f"{key}={value}" for key, value in DURABLE_POSTGRESQL.items())

    def fresh(self, workdir: Path) -> str:
        """A new, empty database for one run: a file path or a ``postgresql://`` URL."""
        if self.cluster is None:
            return str(workdir / "load.sqlite3")
        self._databases += 1
        return self.cluster.create_database(f"load_{self._databases}")

    def discard(self, target: str) -> None:
        """Drop a run's PostgreSQL database once counted, so that every run starts on a server
        holding nothing but its own (SQLite's file goes with the run's temporary folder)."""
        if self.cluster is not None:
            self.cluster.psql(f'DROP DATABASE "{target.rsplit("/", 1)[1]}"')

    def server_cpu_seconds(self) -> float:
        """CPU of the PostgreSQL server so far: the postmaster with its live and ended children."""
        if self.cluster is None:
            return 0.0
        pid = int((self.cluster.data / "postmaster.pid").read_text().split()[0])
        return cpu_seconds(pid)


@contextlib.contextmanager
def open_databases(names: Sequence[str]) -> Iterator[list[Database]]:
    """The databases to run against, a PostgreSQL server started (and at the end removed) if one
    is among them; exits naming the package to install where the server cannot start."""
    with contextlib.ExitStack() as stack:
        found: list[Database] = []
        for name in names:
            if name == "sqlite":
                found.append(Database(name, version=f"SQLite {sqlite3.sqlite_version}"))
                continue
            try:
                cluster = ThrowawayCluster.start(settings=DURABLE_POSTGRESQL)
            except ClusterUnavailable as error:
                raise SystemExit(f"--database {name}: {error}") from error
            stack.callback(cluster.stop)
            version = cluster.psql("SHOW server_version").strip()
            found.append(Database(name, cluster, version=f"PostgreSQL {version}"))
        yield found


async def count_actions(target: str) -> int:
    """Actions committed in a run's database, read directly rather than through a ``Store``:
    opening one would migrate a database a baseline's bot wrote (or refuse a newer one)."""
    if target.startswith("postgresql://"):
        import asyncpg

        connection = await asyncpg.connect(target)
        try:
            return int(await connection.fetchval("SELECT COUNT(*) FROM actions"))
        finally:
            await connection.close()
    with contextlib.closing(sqlite3.connect(target)) as db:
        return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


async def drive(
    args: argparse.Namespace, build: Build | None = None, database: Database | None = None
) -> dict[str, Any]:
    """One run: a fresh fake, a fresh bot of ``build`` on a fresh ``database`` (by default a new
    SQLite file), every table to its end."""
    build = build or this_build()
    database = database or Database("sqlite", version=f"SQLite {sqlite3.sqlite_version}")
    # The run's folder (its SQLite file) goes when the run ends, whichever way it ends.
    with tempfile.TemporaryDirectory(prefix="jantaku-load-") as folder:
        return await _drive_in(Path(folder), args, build, database)


async def _drive_in(workdir: Path, args: argparse.Namespace, build: Build, database: Database) -> dict[str, Any]:
    from bot.sandbox.fakediscord import FakeDiscord

    target = database.fresh(workdir)
    fake = await FakeDiscord.start(spec_path=None if args.spec else False, shard_count=args.shards)
    tables = []
    for index in range(args.tables):
        guild = fake.add_guild(f"Club {index}")
        tables.append((guild.add_member(f"Player {index}"), guild.add_text_channel("mahjong")))
    # Through `bench.load --bot` with only the flags every revision's --bot understands, so that
    # a baseline runs the same load (and is waited for the way its bot allows: it may not say ready).
    bot = BotProcess(
        fake,
        target,
        cpu_delay=args.cpu_delay,
        hand_pause=args.hand_pause,
        ack_budget=args.ack_budget,
        entry=("-m", "bench.load", "--bot"),
        cwd=build.directory,
    )
    await bot.start()
    process = bot.process
    assert process is not None
    hog = None
    if args.hog:
        hog = await asyncio.create_subprocess_exec(sys.executable, "-c", "while True: pass")
    try:
        await fake.wait_for(
            lambda: fake.sync_count > 0 and len(fake.gateway.identifies) >= args.shards,
            timeout=60,
            what="the bot to connect",
        )
        await asyncio.sleep(1.0)  # GUILD_CREATEs and READY
        idle = rss_mb(process.pid)
        peak = idle
        totals = Totals()
        fake.message_listeners.append(totals.pictures.message_changed)
        keeper = asyncio.create_task(housekeeping(fake))
        fake.traffic.reset()
        bot_cpu, loop_cpu, driver_cpu, db_cpu = (
            cpu_seconds(process.pid),
            cpu_seconds(process.pid, children=False),
            own_cpu_seconds(),
            database.server_cpu_seconds(),
        )
        started = time.perf_counter()
        games = asyncio.gather(
            *(play_table(fake, member, channel, args, totals, seed) for seed, (member, channel) in enumerate(tables))
        )
        while not games.done():
            peak = max(peak, rss_mb(process.pid))
            await asyncio.wait({games}, timeout=0.5)
        elapsed = time.perf_counter() - started
        bot_cpu, loop_cpu, driver_cpu, db_cpu = (
            cpu_seconds(process.pid) - bot_cpu,
            cpu_seconds(process.pid, children=False) - loop_cpu,
            own_cpu_seconds() - driver_cpu,
            database.server_cpu_seconds() - db_cpu,
        )
        traffic = fake.traffic
        games.result()
        keeper.cancel()
    finally:
        if hog is not None:
            hog.kill()
            await hog.wait()
        await bot.stop()
        await fake.stop()
    actions = await count_actions(target)
    database.discard(target)
    per_action = max(1, actions)
    return {
        "bot": build.label,
        "revision": build.revision,
        "database": database.name,
        "tables": args.tables,
        "hog": bool(args.hog),
        "ack_ms_p50": round(percentile(totals.acks_ms, 0.5), 1),
        "ack_ms_p99": round(percentile(totals.acks_ms, 0.99), 1),
        "panel_ms_p50": round(percentile(totals.pictures.panel_ms, 0.5), 1),
        "panel_ms_p95": round(percentile(totals.pictures.panel_ms, 0.95), 1),
        "failed": totals.failed,
        "bot_cpu_ms_per_action": round(bot_cpu * 1000 / per_action, 2),
        "db_server_cpu_ms_per_action": round(db_cpu * 1000 / per_action, 2),
        "bot_and_db_cpu_ms_per_action": round((bot_cpu + db_cpu) * 1000 / per_action, 2),
        "bytes_per_action": round(traffic.bytes / per_action),
        "requests_per_action": round(traffic.requests / per_action, 3),
        "actions_per_s": round(actions / elapsed, 1),
        "rss_mb_per_table": round((peak - idle) / args.tables, 2),
        "acks": len(totals.acks_ms),
        "ack_ms_p90": round(percentile(totals.acks_ms, 0.9), 1),
        "ack_ms_max": round(max(totals.acks_ms, default=0.0), 1),
        "lobby_ack_ms_p99": round(percentile(totals.lobby_acks_ms, 0.99), 1),
        "lobby_ack_ms_max": round(max(totals.lobby_acks_ms, default=0.0), 1),
        "deferred": totals.deferred,
        "stalls": totals.stalls,
        "tables_lost": totals.lost,
        "games_finished": totals.finished,
        "actions": actions,
        "file_kb_per_action": round(traffic.file_bytes / 1024 / per_action, 1),
        "interaction_requests_per_action": round(traffic.interaction_requests / per_action, 3),
        "bot_process_cpu_ms_per_action": round(loop_cpu * 1000 / per_action, 2),
        "driver_cpu_ms_per_action": round(driver_cpu * 1000 / per_action, 2),
        "bot_cpu_s": round(bot_cpu, 1),
        "db_server_cpu_s": round(db_cpu, 1),
        "seconds": round(elapsed, 1),
        "bot_rss_mb_idle": round(idle, 1),
        "bot_rss_mb_peak": round(peak, 1),
        "cpus": os.cpu_count(),
        "database_version": database.version,
        "durability": database.durability,
        "requests_by_route": dict(traffic.routes.most_common()),
    }


SUMMARISED = (
    "ack_ms_p50",
    "ack_ms_p99",
    "ack_ms_max",
    "panel_ms_p50",
    "panel_ms_p95",
    "lobby_ack_ms_p99",
    "failed",
    "stalls",
    "tables_lost",
    "bot_cpu_ms_per_action",
    "db_server_cpu_ms_per_action",
    "bot_and_db_cpu_ms_per_action",
    "bytes_per_action",
    "requests_per_action",
    "actions_per_s",
    "rss_mb_per_table",
    "bot_process_cpu_ms_per_action",
    "driver_cpu_ms_per_action",
)


def summarise(
    runs: Sequence[dict[str, Any]], *, key: str = "bot", sides: tuple[str, str] = ("baseline", "this")
) -> list[dict[str, Any]]:
    """Per figure: each side's median and range over its runs, and the second side's median over
    the first's. The sides are the runs' values of ``key``: by default the baseline's bot and this
    one; ``key="database", sides=("sqlite", "postgresql")`` compares the databases instead. A
    figure a run does not report (an older baseline's) is left out of that run's side."""
    import statistics

    ratio = f"{sides[1]}_over_{sides[0]}"
    lines = []
    for figure in SUMMARISED:
        line: dict[str, Any] = {"figure": figure}
        medians: dict[str, float] = {}
        for label in sides:
            values = [run[figure] for run in runs if run.get(key) == label and figure in run]
            if values:
                medians[label] = statistics.median(values)
                line[label] = {"median": medians[label], "min": min(values), "max": max(values), "runs": len(values)}
        if sides[0] in medians and sides[1] in medians and medians[sides[0]]:
            line[ratio] = round(medians[sides[1]] / medians[sides[0]], 3)
        lines.append(line)
    return lines


def markdown_table(lines: Sequence[dict[str, Any]], sides: tuple[str, str]) -> str:
    """The summary as a table to paste: median (range) per side and the ratio."""

    def cell(side: dict[str, Any] | None) -> str:
        if side is None:
            return ""
        if side["min"] == side["max"]:
            return f"{side['median']:g}"
        return f"{side['median']:g} ({side['min']:g}–{side['max']:g})"

    ratio = f"{sides[1]}_over_{sides[0]}"
    rows = [f"| figure | {sides[0]} | {sides[1]} | {sides[1]} / {sides[0]} |", "|---|---|---|---|"]
    for line in lines:
        ratio_cell = f"{line[ratio]:g}" if ratio in line else ""
        rows.append(f"| {line['figure']} | {cell(line.get(sides[0]))} | {cell(line.get(sides[1]))} | {ratio_cell} |")
    return "\n".join(rows)


def sweep(args: argparse.Namespace, database: Database | None = None) -> list[dict[str, Any]]:
    """This commit at each table count; where ack p99 first crosses one second."""
    results = []
    for count in args.sweep:
        run = asyncio.run(drive(argparse.Namespace(**{**vars(args), "tables": count}), database=database))
        print(json.dumps(run), flush=True)
        results.append(run)
    crossing = next((run["tables"] for run in results if run["ack_ms_p99"] > 1000), None)
    return [{"sweep": [run["tables"] for run in results], "p99_crosses_1s_at": crossing}]


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--hands", type=int, default=1, help="hands per game (1-16)")
    parser.add_argument("--think-ms", type=float, default=400.0, help="mean thinking time of a scripted human")
    parser.add_argument("--cpu-delay", type=float, default=0.6, help="seconds a CPU waits before acting")
    parser.add_argument("--hand-pause", type=float, default=1.0)
    parser.add_argument(
        "--ack-budget", type=float, default=RuntimeOptions.ack_budget, help="the bot defers answers slower than this"
    )
    parser.add_argument("--ramp", type=float, default=5.0, help="tables open over this many seconds")
    parser.add_argument("--burst", action="store_true", help="open every lobby within one second (--ramp 1)")
    parser.add_argument("--hog", action="store_true", help="run a busy process beside the bot")
    parser.add_argument("--baseline", metavar="REV", help="also measure the bot at this commit, side by side")
    parser.add_argument("--runs", type=int, default=1, help="runs of each bot (alternating with the baseline)")
    parser.add_argument(
        "--sweep",
        type=lambda text: [int(part) for part in text.split(",")],
        help="table counts to run this commit at, e.g. 100,200,300",
    )
    parser.add_argument("--shards", type=int, default=2)
    parser.add_argument("--spec", action="store_true", help="also validate every request against the OpenAPI spec")
    parser.add_argument("--bot", action="store_true", help=argparse.SUPPRESS)
    if "--bot" in (sys.argv[1:] if argv is None else argv):
        # The bot process of a run: its --database is the file or URL the driver made for it.
        add_bot_arguments(parser, hidden=True)
    else:
        parser.add_argument(
            "--database",
            choices=(*DATABASES, "both"),
            default="sqlite",
            help="where the bot keeps its state; both: the same load on each, side by side",
        )
    args = parser.parse_args(argv)
    if args.burst:
        args.ramp = 1.0
    if not args.bot and args.database == "both" and (args.baseline or args.sweep):
        parser.error("--database both compares the databases on this commit: not with --baseline or --sweep")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.bot:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_bot(args))  # the bot process of a run (see bot.sandbox.process)
        return 0
    with open_databases(DATABASES if args.database == "both" else (args.database,)) as databases:
        if args.sweep:
            for line in sweep(args, databases[0]):
                print(json.dumps(line), flush=True)
            return 0
        builds = [this_build()]
        if args.baseline:
            builds.append(baseline_build(args.baseline))
        # One comparison at a time: the bots on one database, or this bot on each database.
        if len(databases) > 1:
            pairs = [(builds[0], database) for database in databases]
            key, sides = "database", (databases[0].name, databases[1].name)
        else:
            pairs = [(build, databases[0]) for build in builds]
            key, sides = "bot", ("baseline", "this")
        runs = []
        for number in range(args.runs):
            # Alternate which goes first, so a slow stretch of the machine does not favour one.
            for build, database in pairs if number % 2 == 0 else pairs[::-1]:
                run = asyncio.run(drive(args, build, database))
                print(json.dumps(run), flush=True)
                runs.append(run)
    if len(runs) > 1:
        lines = summarise(runs, key=key, sides=sides)
        for line in lines:
            print(json.dumps(line), flush=True)
        print(markdown_table(lines, sides), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
