"""A table paused while the store refuses writes, and carrying on once they land.

A refused write (:func:`bot.storage.is_refusal`: a full disk, a database held past the busy
timeout, a PostgreSQL server gone away) is kept (:class:`~bot.runtime.hold.Outage`) and the table
pauses: a public notice, every clock stopped with the seconds its seat had left (no deadline
shown, no bank charged), CPU turns held, clicks answered with ``TablePaused``. The kept writes
are tried again after ``retry_seconds``, doubling up to ``retry_max_seconds``; when they land, a
second notice, the clocks restart from what was left and the table carries on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.runtime.clocks import TableClocks
from bot.runtime.decisions import DecisionBook
from bot.runtime.hold import Outage, Unsaved, write_now
from bot.runtime.messages import Message, Retry, TimeLimit
from bot.runtime.options import RuntimeOptions
from bot.runtime.views import TableShow

__all__ = ["TablePause"]


class TablePause:
    """The writes one table's store refused, and the table paused until they land."""

    def __init__(
        self,
        *,
        game_id: int,
        book: DecisionBook,
        clocks: TableClocks,
        options: RuntimeOptions,
        show: TableShow,
        post: Callable[[Message], None],
    ) -> None:
        self._game_id = game_id
        self._book = book
        self._clocks = clocks
        self._options = options
        self._show = show
        self._post = post
        self._outage: Outage | None = None
        """Set while the store refuses writes: the table is paused (see :meth:`hold`)."""

    @property
    def paused(self) -> bool:
        """Whether the table waits for the store to take its writes again."""
        return self._outage is not None

    async def save_result(
        self,
        what: str,
        write: Callable[[], Awaitable[object]],
        then: Callable[[object], Awaitable[None]] | None = None,
    ) -> bool:
        """Write a hand's or the game's result and run ``then`` with what the write returned.

        A write the store refuses is kept, with ``then``, and tried again while the table waits
        (False); so is one that comes while an earlier one waits, so they land in order. One that
        fails for another reason is logged and given up: recovery records results again."""
        if self._outage is None and await write_now(self._game_id, what, write, then):
            return True
        self.hold(Unsaved(write, then))
        return False

    def hold(self, unsaved: Unsaved) -> None:
        """Keep a write the store refused and pause the table until it lands: a public notice,
        every clock stopped (nobody's time runs out, no bank is charged), clicks answered with
        :class:`TablePaused`; it is tried again after ``retry_seconds``, doubling each time."""
        if self._outage is None:
            self._outage = Outage(delay=self._options.retry_seconds)
            self._outage.timer = self._clocks.later(self._outage.delay, Retry())
            self._show.presenter.notice("store_paused")
        self._outage.writes.append(unsaved)
        self.stop_clocks()

    def stop_clocks(self) -> None:
        """While paused, stop every running clock and CPU turn, remembering the seconds each seat
        had left (clocks armed during the pause, by a move stored before it, stop too)."""
        outage = self._outage
        if outage is None:
            return
        stopped = self._book.stop_clocks(now=self._options.clock(), wall=self._options.wall_clock())
        outage.stopped.update(stopped)
        if stopped:
            snapshot = self._show.snapshot()
            self._show.presenter.table_changed(snapshot)
            self._show.presenter.panels_changed(snapshot, list(stopped))

    def end_time_after(self) -> bool:
        """The table's time limit ran out: True if it is paused, and then the time ends once the
        table carries on (the end must be stored first)."""
        if self._outage is None:
            return False
        self._outage.time_up = True
        return True

    async def retry(self) -> None:
        """Try the kept writes again: once all have landed, carry on and run what followed each;
        while the store still refuses, try again later."""
        outage = self._outage
        if outage is None:
            return
        outage.timer = None
        written = await outage.write_kept(game_id=self._game_id, options=self._options)
        if written is None:
            outage.timer = self._clocks.later(outage.delay, Retry())
            return
        self._resume()
        for unsaved, result in written:
            if unsaved.then is not None:
                await unsaved.then(result)

    def _resume(self) -> None:
        """The store takes writes again: restart every clock with the seconds its seat had left
        (the pause charged to nobody's bank), and the CPUs' turns."""
        outage, self._outage = self._outage, None
        if outage is None:
            return
        if outage.timer is not None:
            outage.timer.cancel()
        presenter = self._show.presenter
        presenter.notice("store_resumed")
        self._book.restart_clocks(outage.stopped, now=self._options.clock(), wall=self._options.wall_clock())
        if outage.time_up:
            self._post(TimeLimit())
        for vote in self._book.votes_to_follow():
            self._post(vote)
        snapshot = self._show.snapshot()
        presenter.table_changed(snapshot)
        presenter.panels_changed(snapshot, tuple(outage.stopped))

    def cancel(self) -> None:
        """Stop trying (the table stops): the kept writes are left to recovery."""
        if self._outage is not None and self._outage.timer is not None:
            self._outage.timer.cancel()
            self._outage.timer = None
