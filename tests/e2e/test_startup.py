"""``python -m bot``: a missing or rejected token is a clear message and a non-zero exit."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.sandbox.fakediscord import FakeDiscord, redirect_discord


def test_missing_token_exits_with_a_message(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


async def test_rejected_token_exits_with_a_message(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-token")
    monkeypatch.setenv("JANTAKU_DATABASE", f"sqlite:///{tmp_path / 'data' / 'jantaku.sqlite3'}")
    with redirect_discord(fake_discord):
        code = await asyncio.to_thread(main)  # asyncio.run inside, as from the command line
    assert code == 3
    err = capsys.readouterr().err
    assert "Discord rejected DISCORD_TOKEN" in err and "Traceback" not in err
    assert [v.kind for v in fake_discord.take_violations()] == ["unauthorized"]
    assert (tmp_path / "data" / "jantaku.sqlite3").exists()  # the store was opened (and closed) first


@pytest.mark.parametrize(
    "database", ["mysql://nowhere/jantaku", "postgresql://jantaku:hunter2@127.0.0.1:1/jantaku"], ids=["scheme", "down"]
)
def test_unusable_database_exits_with_a_message(tmp_path: Path, database: str) -> None:
    env = {**os.environ, "DISCORD_TOKEN": "x", "JANTAKU_DATABASE": database}
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 5
    assert "cannot open the database" in result.stderr and "Traceback" not in result.stderr
    assert "hunter2" not in result.stderr + result.stdout  # a password never reaches a log
