"""``python -m bot --sandbox`` from the command line: no token, prints its URL, serves the page."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.sandbox.fakediscord import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"open (http://127\.0\.0\.1:\d+/) in a browser")


@pytest.mark.slow
def test_the_sandbox_starts_without_a_token_serves_the_page_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key not in ("DISCORD_TOKEN", "JANTAKU_DATABASE")}
    env["PYTHONPATH"] = str(ROOT)  # this checkout's bot, whichever one the interpreter installed
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "--sandbox", "--port", "0"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the bot is logged in and the page served by now
        match = URL.search(line)
        assert match, line
        with urllib.request.urlopen(match[1], timeout=PATIENCE) as response:
            page = response.read().decode()
        assert "<title>Jantaku sandbox</title>" in page and "/static/app.js" in page
        with urllib.request.urlopen(match[1] + "static/app.js", timeout=PATIENCE) as response:
            assert b"new WebSocket" in response.read()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            process.kill()
    _, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert not (tmp_path / "data").exists(), "a sandbox run keeps its games in a temporary file"


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--port", "9000"], "--host, --port, --database and --discord-world go with --sandbox"),
        (["--database", "sqlite:///x"], "--host, --port, --database and --discord-world go with --sandbox"),
        (["--sandbox", "--port", "70000"], "--port must be between 0 and 65535"),
        (["--sandbox", "--port", "eighty"], "invalid int value: 'eighty'"),
    ],
)
def test_flags_that_cannot_work_are_refused_with_a_reason(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert reason in capsys.readouterr().err


async def test_a_named_discord_world_comes_back_with_any_database(tmp_path: Path) -> None:
    # A PostgreSQL sandbox has no SQLite file to keep the local Discord beside: --discord-world
    # names one. Here the games go to a new temporary file each run, the world to the named one.
    from bot.sandbox.run import SandboxConfig, sandbox
    from tests.e2e.helpers import manual_clock, runtime_options

    world = tmp_path / "world.sqlite3"
    seen: list[tuple[int, tuple[int, ...], tuple[str, ...]]] = []
    for _ in range(2):
        clock = manual_clock()
        config = SandboxConfig(port=0, world=str(world))
        async with sandbox(config, options=runtime_options(clock), clock=clock) as running:
            guild = running.guild
            channels = tuple(sorted(channel.id for channel in guild.channels))
            seen.append((guild.id, channels, tuple(sorted(m.name for m in guild.members.values()))))
    assert world.is_file()
    assert seen[0] == seen[1], "the second run made a new guild instead of the kept one"


def test_discord_world_is_a_sandbox_flag() -> None:
    from bot.__main__ import parse_args

    assert parse_args(["--sandbox", "--discord-world", "w.sqlite3"]).discord_world == "w.sqlite3"
    with pytest.raises(SystemExit):
        parse_args(["--discord-world", "w.sqlite3"])
