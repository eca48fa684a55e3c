"""``bench.load`` runs (two quick tables, the bot in its own process) and reports every figure
the performance targets are about; its summary compares bots by median and range, and with
``--database both`` the same load on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bench.load import cpu_seconds, main, parse_args, percentile, summarise
from bench.load import drive as drive_load
from bot.storage import pgcluster
from bot.storage.pgcluster import INSTALL_HINT, ClusterUnavailable, find_binaries

QUICK = ["--cpu-delay", "0.05", "--think-ms", "20", "--hand-pause", "0", "--ramp", "0.2"]


@pytest.mark.slow
def test_two_quick_tables_report_acks_cpu_bytes_and_requests() -> None:
    args = parse_args(["--tables", "2", *QUICK])
    run = asyncio.run(drive_load(args))
    assert run["bot"] == "this" and run["tables"] == 2
    assert run["database"] == "sqlite" and run["db_server_cpu_ms_per_action"] == 0
    assert run["games_finished"] == 2 and run["failed"] == 0
    assert run["actions"] > 20 and run["acks"] >= 2 * 6
    # The bot did work, and the fake counted what it sent: every table posts images.
    assert run["bot_cpu_ms_per_action"] > 0
    assert 0 < run["bot_process_cpu_ms_per_action"] <= run["bot_cpu_ms_per_action"]
    assert run["bytes_per_action"] > 1000 and run["file_kb_per_action"] > 0
    assert run["requests_per_action"] > run["interaction_requests_per_action"] > 0
    routes = run["requests_by_route"]
    assert routes["POST /channels/{channel_id}/messages"] >= 2  # each table message, at least
    assert sum(routes.values()) == round(run["requests_per_action"] * run["actions"])
    assert run["ack_ms_p50"] <= run["ack_ms_p99"] <= run["ack_ms_max"]
    # Every discard brings a new panel picture, after its click was made.
    assert 0 < run["panel_ms_p50"] <= run["panel_ms_p95"]


@pytest.mark.slow
def test_both_databases_run_the_same_load_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        find_binaries()
    except ClusterUnavailable as error:
        pytest.skip(f"--database both needs a PostgreSQL server: {error}")
    assert main(["--tables", "1", "--database", "both", *QUICK]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    runs = {line["database"]: line for line in lines if "database" in line}
    assert set(runs) == {"sqlite", "postgresql"}
    for run in runs.values():
        assert run["games_finished"] == 1 and run["failed"] == 0 and run["actions"] > 10
    # PostgreSQL was durable, and its server's CPU is counted apart from the bot's.
    assert runs["postgresql"]["durability"] == "fsync=on, synchronous_commit=on, full_page_writes=on"
    assert runs["postgresql"]["database_version"].startswith("PostgreSQL ")
    assert runs["postgresql"]["db_server_cpu_ms_per_action"] > 0
    assert runs["sqlite"]["durability"] == "WAL, synchronous=FULL"
    pg = runs["postgresql"]
    assert pg["bot_and_db_cpu_ms_per_action"] == pytest.approx(
        pg["bot_cpu_ms_per_action"] + pg["db_server_cpu_ms_per_action"], abs=0.02
    )
    summary = {line["figure"]: line for line in lines if "figure" in line}
    p99 = summary["ack_ms_p99"]
    assert p99["sqlite"]["median"] == runs["sqlite"]["ack_ms_p99"]
    assert p99["postgresql_over_sqlite"] == round(runs["postgresql"]["ack_ms_p99"] / runs["sqlite"]["ack_ms_p99"], 3)
    assert "actions_per_s" in summary and "ack_ms_max" in summary
    assert "| figure | sqlite | postgresql | postgresql / sqlite |" in err


def test_database_flags() -> None:
    assert parse_args([]).database == "sqlite"
    assert parse_args(["--database", "postgresql"]).database == "postgresql"
    with pytest.raises(SystemExit):
        parse_args(["--database", "both", "--baseline", "HEAD~1"])
    with pytest.raises(SystemExit):
        parse_args(["--database", "mysql"])
    # The bot process of a run takes the file or URL the driver made for it.
    url = "postgresql://jantaku@127.0.0.1:5432/load_1"
    assert parse_args(["--bot", "--database", url]).database == url


def test_without_a_postgresql_server_the_bench_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_binaries() -> Path:
        raise ClusterUnavailable(f"no PostgreSQL server binaries (initdb, pg_ctl) found: {INSTALL_HINT}")

    monkeypatch.setattr(pgcluster, "find_binaries", no_binaries)
    with pytest.raises(SystemExit) as exited:
        main(["--tables", "1", "--database", "postgresql"])
    message = str(exited.value.code)
    assert message.startswith("--database postgresql: ") and "apt-get install postgresql" in message


def test_the_summary_gives_medians_ranges_and_the_ratio() -> None:
    runs = [
        {"bot": "baseline", "bot_cpu_ms_per_action": 80.0, "bytes_per_action": 200},
        {"bot": "this", "bot_cpu_ms_per_action": 30.0, "bytes_per_action": 40},
        {"bot": "this", "bot_cpu_ms_per_action": 34.0, "bytes_per_action": 44},
        {"bot": "baseline", "bot_cpu_ms_per_action": 70.0, "bytes_per_action": 180},
    ]
    for run in runs:
        for figure in ("ack_ms_p50", "ack_ms_p99", "lobby_ack_ms_p99", "failed", "requests_per_action"):
            run.setdefault(figure, 1)
        for figure in ("actions_per_s", "bot_process_cpu_ms_per_action", "driver_cpu_ms_per_action"):
            run.setdefault(figure, 1)
    lines = {line["figure"]: line for line in summarise(runs)}
    cpu = lines["bot_cpu_ms_per_action"]
    assert cpu["this"] == {"median": 32.0, "min": 30.0, "max": 34.0, "runs": 2}
    assert cpu["baseline"]["median"] == 75.0
    assert cpu["this_over_baseline"] == round(32 / 75, 3)
    assert lines["bytes_per_action"]["this_over_baseline"] == round(42 / 190, 3)


def test_percentile_and_cpu_reading() -> None:
    import os

    assert percentile([], 0.99) == 0.0
    assert percentile(list(range(1, 101)), 0.5) == 50
    assert percentile(list(range(1, 101)), 0.99) >= 99
    assert percentile([5.0], 0.5) == 5.0
    mine = cpu_seconds(os.getpid(), children=False)
    assert mine > 0
    assert cpu_seconds(os.getpid()) >= mine
    assert cpu_seconds(2**22 + 12345) == 0.0  # no such process: nothing, not an error
