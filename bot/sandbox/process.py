"""The bot in an OS process of its own, pointed at a fake Discord in the calling process.

    python -m bot.sandbox.process --api URL --gateway URL --token T --database URL [--cpu-delay S] ...
        [--shards IDS --shard-count N]

``bench.load`` measures this process (as in production, where Discord is elsewhere),
``bench.soak`` SIGKILLs it and starts another on the same SQLite file, and the e2e tests of
several processes (``tests/e2e/test_two_processes.py``) run it as one of two. The process runs the
unmodified ``JantakuBot`` (real SQLite store, real rendering in worker processes); the only
changes are the ones that point discord.py at the fake and drop its start-up waits. Once the bot
is ready (its store open, every unfinished table recovered, every shard connected) it writes
:data:`READY` on its standard output.

:class:`BotProcess` is the driving side: start, wait until ready, SIGKILL (the whole process
group, render workers included, as when a machine or container dies), or stop cleanly.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.runtime.options import RuntimeOptions

if TYPE_CHECKING:
    from bot.sandbox.fakediscord import FakeDiscord

READY = "jantaku-bot-ready"
"""The line the bot process prints once it is ready for interactions."""
ROOT = Path(__file__).resolve().parents[2]


# --- inside the bot process -------------------------------------------------------------------------


def add_bot_arguments(parser: argparse.ArgumentParser, *, hidden: bool = False) -> None:
    """The flags the bot process reads (``bench.load --bot`` takes them too, hidden)."""
    shown: dict[str, Any] = {"help": argparse.SUPPRESS} if hidden else {}
    parser.add_argument("--api", **shown)
    parser.add_argument("--gateway", **shown)
    parser.add_argument("--token", **shown)
    parser.add_argument("--database", **shown)  # a path, or a URL Store.connect takes


def _write_json(path: Path, value: object) -> None:
    path.write_text(json.dumps(value))


async def run_bot(args: argparse.Namespace) -> None:
    """The bot, pointed at the fake, until SIGINT/SIGTERM (or SIGKILL)."""
    import discord
    import yarl

    from bot.app import JantakuBot
    from bot.config import Settings, parse_shard_count, parse_shard_ids

    discord.http.Route.BASE = args.api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    options = RuntimeOptions(
        cpu_delay=args.cpu_delay,
        hand_pause=args.hand_pause,
        ack_budget=args.ack_budget,
        # bench.load's --bot has no such flag: it measures the production pool.
        render_processes=not getattr(args, "render_threads", False),
    )
    # Names of their own: bench.load's --bot shares its namespace, where --shards means the fake's.
    shard_count: str | None = getattr(args, "bot_shard_count", None)
    shards: str | None = getattr(args, "bot_shards", None)
    count = None if shard_count is None else parse_shard_count(shard_count, name="--shard-count")
    settings = Settings(
        token=args.token,
        database=args.database,
        log_level="WARNING",
        shard_count=count,
        # parse_bot_args gives both or neither.
        shard_ids=None if shards is None or count is None else parse_shard_ids(shards, count, name="--shards"),
    )
    # The fake sends every guild at once: no need to wait 2 s for stragglers.
    bot = JantakuBot(settings, options=options, guild_ready_timeout=0.1)

    async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    async def say_ready() -> None:
        # on_ready comes after setup_hook (which recovered every table) and after every shard's
        # guilds arrived: from here on an interaction reaches a table that is back.
        print(READY, flush=True)

    bot.before_identify_hook = no_wait  # type: ignore[method-assign]
    bot.add_listener(say_ready, "on_ready")
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Future[None]] = []

    def close() -> None:
        if not closing:
            closing.append(asyncio.ensure_future(bot.close()))

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, close)
    profile = None
    if os.environ.get("JANTAKU_PROFILE"):
        import cProfile

        profile = cProfile.Profile()
        profile.enable()
    try:
        async with bot:
            await bot.start(args.token)
        # start() returns as soon as discord.py has begun closing, while the close is still on
        # its way to the store: cancelled there by asyncio.run's exit, it would leave the store's
        # connection threads running, and the process waiting for them until it is killed.
        if closing:
            await closing[0]
    finally:
        if profile is not None:
            profile.disable()
            profile.dump_stats(os.environ["JANTAKU_PROFILE"])
            drawn = getattr(bot.runtime.renderer, "drawn", None)  # a baseline's pool may not count
            if drawn is not None:
                _write_json(Path(os.environ["JANTAKU_PROFILE"] + ".drawn.json"), drawn)


def parse_bot_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.sandbox.process", description=__doc__.split("\n\n")[0])
    add_bot_arguments(parser)
    parser.add_argument("--cpu-delay", type=float, default=RuntimeOptions.cpu_delay)
    parser.add_argument("--hand-pause", type=float, default=RuntimeOptions.hand_pause)
    parser.add_argument("--ack-budget", type=float, default=RuntimeOptions.ack_budget)
    parser.add_argument(
        "--render-threads", action="store_true", help="draw in threads, not worker processes (a quicker start)"
    )
    parser.add_argument(
        "--shards", dest="bot_shards", help="the shards this process runs (0-3, 0,2): one process of several"
    )
    parser.add_argument(
        "--shard-count", dest="bot_shard_count", help="the shards of every process together (with --shards)"
    )
    args = parser.parse_args(argv)
    if (args.bot_shards is None) != (args.bot_shard_count is None):
        parser.error("--shards and --shard-count go together")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_bot_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_bot(args))
    return 0


# --- the driving side -----------------------------------------------------------------------------------


class BotExited(RuntimeError):
    """The bot process ended before it was ready."""


class BotProcess:
    """One bot process at a time on ``database`` (a path or a database URL, passed as it is),
    pointed at ``fake``; :meth:`start` again after :meth:`kill` to restart it on the same file.

    ``entry`` is how to run the bot (``bench.load`` runs ``-m bench.load --bot`` at the commit it
    measures, whose bot may not print :data:`READY`); ``cwd`` the checkout to run it from;
    ``log`` a file the bot's standard error goes to (appended; None: this process's);
    ``render_threads`` draws in threads instead of worker processes, which start slowly on a
    busy machine (the default, worker processes, is production's).

    ``shards`` (ids, count) makes it one process of a sharded deployment, running those shards
    only; ``host`` is the name it reaches the fake by (``localhost`` for one of two processes:
    the fake records it on each request, see :meth:`FakeDiscord.api_url_at`).
    """

    def __init__(
        self,
        fake: FakeDiscord,
        database: Path | str,
        *,
        cpu_delay: float,
        hand_pause: float,
        ack_budget: float = RuntimeOptions.ack_budget,
        entry: Sequence[str] = ("-m", "bot.sandbox.process"),
        cwd: Path = ROOT,
        log: Path | None = None,
        render_threads: bool = False,
        shards: tuple[Sequence[int], int] | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        from bot.config import format_shard_ids

        self.fake = fake
        self.database = database
        self.shards = shards
        self.host = host
        self.flags = [
            *("--api", fake.api_url_at(host), "--gateway", fake.gateway_url_at(host), "--token", fake.token),
            *("--database", str(database)),
            *("--cpu-delay", str(cpu_delay), "--hand-pause", str(hand_pause), "--ack-budget", str(ack_budget)),
            *(["--render-threads"] if render_threads else []),
        ]
        if shards is not None:
            ids, count = shards
            self.flags += ["--shards", format_shard_ids(tuple(ids)), "--shard-count", str(count)]
        self.entry = list(entry)
        self.cwd = cwd
        self.log = log
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._ready = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int:
        if self.process is None:
            raise RuntimeError("the bot process is not started")
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def start(self) -> None:
        """Start a bot process (the previous one must have ended)."""
        if self.running:
            raise RuntimeError("a bot process is still running")
        self._ready = asyncio.Event()
        stderr = self.log.open("ab") if self.log is not None else None
        try:
            # A session of its own: the bot and its render workers are one process group, which
            # kill() ends at once, and a Ctrl-C in the terminal reaches only the driver.
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                *self.entry,
                *self.flags,
                cwd=self.cwd,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
                start_new_session=True,
            )
        finally:
            if stderr is not None:
                stderr.close()
        self.starts += 1
        self._reader = asyncio.create_task(self._read(self.process))

    async def _read(self, process: asyncio.subprocess.Process) -> None:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            if line.decode(errors="replace").strip() == READY:
                self._ready.set()

    async def wait_ready(self, timeout: float = 120.0) -> None:  # noqa: ASYNC109 - one deadline for both waits
        """Until the bot printed :data:`READY`; raises :class:`BotExited` if it ended first."""
        process = self.process
        if process is None:
            raise RuntimeError("the bot process is not started")
        ready = asyncio.ensure_future(self._ready.wait())
        ended = asyncio.ensure_future(process.wait())
        try:
            await asyncio.wait({ready, ended}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            ready.cancel()
            ended.cancel()
        if self._ready.is_set():
            return
        if process.returncode is not None:
            raise BotExited(f"the bot process ended with {process.returncode} before it was ready")
        raise TimeoutError(f"the bot process was not ready after {timeout} s")

    async def kill(self) -> None:
        """SIGKILL the bot and its render workers: no clean-up of any kind runs."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        await process.wait()
        if self._reader is not None:
            await self._reader

    async def stop(self, timeout: float = 30.0) -> None:  # noqa: ASYNC109
        """Ask the bot to close (SIGINT), as an operator would; SIGKILL it after ``timeout``."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            await self.kill()
        # Render workers left behind by a bot that did not close them go with their group.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        if self._reader is not None:
            await self._reader


if __name__ == "__main__":
    sys.exit(main())
