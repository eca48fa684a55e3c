"""Where images are drawn: worker processes (or threads), in two lanes, most urgent first.

Drawing a table takes about 15 ms of pure Python and Pillow. In threads, a busy bot's drawing
holds the GIL so often that the event loop itself lags, and every acknowledgement with it; in
worker processes the loop keeps its core. Views are plain frozen dataclasses, so they pickle.
The workers run at a lower priority than the bot (``os.nice``): when the machine is short of CPU,
acknowledgements come first and pictures wait.

With two or more workers, one serves only the **urgent lane** (the panel a click is waiting for,
then panel refreshes) and the others the **background lane** (table redraws and result cards).
Under load the background lane is always busy, which is fine: each table has at most one redraw
queued and it is drawn from the latest state when its turn comes, so the table image simply
updates less often, while clicks never wait behind it.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import functools
import gc
import itertools
import logging
import multiprocessing
import os
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import wait as wait_for_handles
from typing import Any

__all__ = ["Priority", "RenderPool"]

log = logging.getLogger(__name__)


class Priority(enum.IntEnum):
    """Lower runs first."""

    CLICK = 0
    """A player is waiting for the answer to a click."""
    PANEL = 1
    """A panel refresh (the player sees it without clicking)."""
    TABLE = 2
    """The public table or a result card."""


URGENT_NICENESS = 5
BACKGROUND_NICENESS = 10
"""How much a worker yields the CPU (``os.nice``): on a busy machine the event loop, which
acknowledges every click, runs first, then the panel a click waits for, then table redraws
(which coalesce: a late one draws the latest state)."""


def _warm() -> None:
    """Load the renderer and its fonts once per worker, not on its first job."""
    import render  # noqa: F401


def _exit_with_parent() -> None:
    """End this worker the moment the process that started it is gone.

    A worker waits for jobs on a queue whose pipe it holds both ends of, so a parent killed
    without a shutdown (``kill -9``, the OOM killer) never sends it end-of-file: without this,
    every kill of the bot left its workers running as orphans, ~120 MB each. The parent's
    sentinel becomes ready when it dies; a daemon thread waits on it (no polling) and exits the
    worker at once, whatever job it is drawing (that picture has nobody left to receive it)."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not started by multiprocessing: nothing to watch
        return

    def watch() -> None:
        wait_for_handles([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="render-parent-watch", daemon=True).start()


def _start_worker(niceness: int) -> None:
    """A worker process's start: leave with the bot, yield the CPU to the bot's event loop, then
    load the renderer."""
    _exit_with_parent()
    with contextlib.suppress(OSError, AttributeError):  # not on every platform
        os.nice(niceness)
    _warm()
    # The renderer's fonts and caches stay for good: keep full collections from walking them.
    gc.collect()
    gc.freeze()


Job = tuple[int, int, Callable[[], bytes], "asyncio.Future[bytes]"]


@dataclass
class _Lane:
    workers: int
    executor: Executor | None = None
    queue: asyncio.PriorityQueue[Job] = field(default_factory=asyncio.PriorityQueue)
    runners: list[asyncio.Task[None]] = field(default_factory=list)


class RenderPool:
    """Runs render functions in ``workers`` processes (``processes=True``) or threads."""

    def __init__(self, workers: int = 2, *, processes: bool = True) -> None:
        self.workers = max(1, workers)
        self.processes = processes
        self._lanes: dict[str, _Lane] = {}
        self._order = itertools.count()
        self.drawn: Counter[str] = Counter()
        """Pictures drawn so far, by render function (what ``bench.load`` reports)."""

    def _lane(self, priority: Priority) -> _Lane:
        if not self._lanes:
            if self.workers == 1:
                shared = _Lane(1)
                self._lanes = {"urgent": shared, "background": shared}
            else:
                self._lanes = {"urgent": _Lane(1), "background": _Lane(self.workers - 1)}
            for name, lane in self._lanes.items():
                if lane.executor is None:
                    niceness = URGENT_NICENESS if name == "urgent" or self.workers == 1 else BACKGROUND_NICENESS
                    lane.executor = self._executor(lane.workers, name, niceness)
                    lane.runners = [
                        asyncio.create_task(self._run(lane), name=f"render-{name}-{n}") for n in range(lane.workers)
                    ]
        return self._lanes["background" if priority >= Priority.TABLE else "urgent"]

    async def start(self) -> None:
        """Start the workers now (a spawned process takes a moment to load the renderer; better
        at start-up than on somebody's first click)."""
        lanes = {id(lane): lane for lane in (self._lane(Priority.CLICK), self._lane(Priority.TABLE))}.values()
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(lane.executor, _warm) for lane in lanes for _ in range(lane.workers))
        )

    def _executor(self, workers: int, name: str, niceness: int) -> Executor:
        if self.processes:
            context = multiprocessing.get_context("spawn")
            return ProcessPoolExecutor(
                max_workers=workers, mp_context=context, initializer=_start_worker, initargs=(niceness,)
            )
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"render-{name}")

    async def render(self, priority: Priority, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """Draw in a worker once everything more urgent queued before is done.

        The arguments travel with the job, the picture's ``language`` among them (a panel's is its
        player's, the public pictures' the server's): a worker keeps no state but the renderer's
        caches, whose keys hold every word drawn."""
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        job = functools.partial(function, *args, **kwargs)
        self.drawn[function.__name__] += 1
        self._lane(priority).queue.put_nowait((int(priority), next(self._order), job, future))
        return await future

    @staticmethod
    async def _run(lane: _Lane) -> None:
        loop = asyncio.get_running_loop()
        while True:
            _, _, job, future = await lane.queue.get()
            if future.done():  # the caller gave up (cancelled)
                continue
            try:
                result = await loop.run_in_executor(lane.executor, job)
            except Exception as error:
                if not future.done():
                    future.set_exception(error)
            else:
                if not future.done():
                    future.set_result(result)

    async def close(self) -> None:
        """Stop the workers."""
        lanes = {id(lane): lane for lane in self._lanes.values()}.values()
        for lane in lanes:
            for runner in lane.runners:
                runner.cancel()
            await asyncio.gather(*lane.runners, return_exceptions=True)
            if lane.executor is not None:
                lane.executor.shutdown(wait=False, cancel_futures=True)
        self._lanes = {}
