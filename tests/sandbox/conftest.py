"""A running sandbox (local Discord, page server and the real bot) for the sandbox's tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sandbox.run import Sandbox, SandboxConfig, sandbox
from tests.e2e.helpers import manual_clock, runtime_options


@pytest.fixture
async def running_sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    # The e2e tests' pacing and time (tests/e2e/helpers.py::make_bot): CPUs answer at once, no
    # pause between hands, threads for rendering, and one manual clock for the local Discord and
    # the bot, which these tests never move: no turn runs out and no answer misses Discord's
    # deadline, however slowly a loaded machine runs the browser beside them.
    clock = manual_clock()
    options = runtime_options(clock)
    config = SandboxConfig(port=0, database=f"sqlite:///{tmp_path / 'sandbox.sqlite3'}", check_spec=True)
    async with sandbox(config, options=options, clock=clock) as running:
        yield running
    assert running.fake.problems() == [], "the bot broke a rule of Discord's in the sandbox"
