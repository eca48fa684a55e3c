"""The render pool's worker processes end with the bot, however it ends."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.waiting import PATIENCE, eventually

pytestmark = pytest.mark.slow  # spawns a process and its workers, each loading the renderer

HOLDER = """
import asyncio, multiprocessing, pathlib, sys
from bot.runtime.rendering import RenderPool

async def main() -> None:
    pool = RenderPool(2, processes=True)
    await pool.start()
    pids = " ".join(str(child.pid) for child in multiprocessing.active_children())
    pathlib.Path(sys.argv[1] + ".part").write_text(pids)
    pathlib.Path(sys.argv[1] + ".part").rename(sys.argv[1])
    await asyncio.Event().wait()

asyncio.run(main())
"""
"""A process that starts a pool of two workers, writes their pids to the file named by its
argument (whole: written aside, then renamed) and waits for good. Not through a pipe: the
workers would inherit it, and reading it would wait on them too."""


def _gone(pid: int) -> bool:
    """Whether a process has exited (a zombie nobody reaped yet has exited too)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in {"Z", "X"}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_render_workers_exit_when_the_bot_is_killed_without_a_shutdown(tmp_path: Path) -> None:
    """kill -9 of the bot's process gives its workers no shutdown message; they still exit,
    rather than stay behind as orphans holding ~120 MB each."""
    pid_file = tmp_path / "workers"
    holder = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, str(pid_file), cwd=Path(__file__).parents[2]
    )
    try:
        await eventually(lambda: pid_file.exists() or holder.returncode is not None, "the pool to start")
        workers = [int(pid) for pid in pid_file.read_text().split()]
        assert len(workers) == 2 and not any(_gone(pid) for pid in workers)
    finally:
        holder.send_signal(signal.SIGKILL)
        await asyncio.wait_for(holder.wait(), PATIENCE)
    try:
        await eventually(lambda: all(_gone(pid) for pid in workers), "the orphaned workers to exit")
    finally:  # a failing run must not leave them behind either
        for pid in workers:
            if not _gone(pid):
                os.kill(pid, signal.SIGKILL)
