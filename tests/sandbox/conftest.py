"""A running sandbox (local Discord, page server and the real bot) for the sandbox's tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.runtime.options import RuntimeOptions
from bot.sandbox.run import Sandbox, SandboxConfig, sandbox


@pytest.fixture
async def running_sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    # The e2e tests' pacing: CPUs answer at once, no pause between hands, threads for rendering.
    options = RuntimeOptions(
        cpu_delay=0.0,
        hand_pause=0.0,
        min_edit_interval=0.05,
        channel_requests_per_second=0.0,
        render_processes=False,
        render_workers=2,
        ack_budget=2.0,
        freeze_heap=False,
    )
    config = SandboxConfig(port=0, database=f"sqlite:///{tmp_path / 'sandbox.sqlite3'}", check_spec=True)
    async with sandbox(config, options=options) as running:
        yield running
    assert running.fake.problems() == [], "the bot broke a rule of Discord's in the sandbox"
