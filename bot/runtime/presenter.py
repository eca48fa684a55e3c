"""Shows a table on Discord: the public table message, result cards, and each seat's panel.

One :class:`DiscordPresenter` per table. The actor calls it synchronously; the work happens in
the presenter's own tasks:

* the **table worker** posts queued cards and notices in order, then redraws the table message
  if it changed. At most one edit is in flight and edits are spaced by
  ``RuntimeOptions.min_edit_interval``; whatever changed meanwhile is drawn once, from the
  latest state, so a burst of CPU moves costs one edit.
* each seat's **panel** is refreshed by at most one task at a time (again latest state wins),
  through the interaction token while it is valid, or by editing the DM that carries it.

Images are rendered in worker threads. The public image comes from the actor's public view
only and a panel image from that seat's view only; panels are sent only to their seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import io
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp
import discord

from bot.engine.events import WallRevealed
from bot.engine.game import Outcome
from bot.engine.views import DrawView, SeatView, StandingsView, WinView
from bot.runtime.i18n import text
from bot.runtime.options import RuntimeOptions
from bot.runtime.panel import (
    MessageSpec,
    PanelMode,
    panel_mode,
    panel_picture,
    panel_spec,
    result_extras,
    table_picture,
    table_spec,
)
from bot.runtime.rendering import Priority, RenderPool
from bot.runtime.replies import STARTED, answered, defer_if_slow, deferring, respond
from bot.runtime.router import build_view
from bot.runtime.variants import has_chips
from bot.storage import DATABASE_ERRORS, GameStateError, GameSummary, HandEntry, PanelHandle, Store
from render import render_draw, render_seat, render_standings, render_table, render_win

if TYPE_CHECKING:
    from bot.runtime.actor import ResultCard, TableActor

__all__ = ["DiscordPresenter", "RateLimiter"]

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
MAX_REDRAWS = 3
DM_REFUSED = 50007
"""Discord's "Cannot send messages to this user"."""
TRANSIENT = (discord.DiscordServerError, aiohttp.ClientError, asyncio.TimeoutError)
"""Failures that say nothing about the request itself: Discord had a bad moment (a 503, which
discord.py does not retry, or a 5xx it gave up on) or the connection dropped."""
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Pauses before sending a channel post or edit again after a transient failure."""

T = TypeVar("T")


async def _retrying(what: str, call: Callable[[], Awaitable[T]], files: Sequence[discord.File] = ()) -> T:
    """``call()``, again after a transient failure (a few times, then the failure is raised).

    Only for requests that are safe to repeat: edits and deletes, and posts that carry a
    nonce with ``enforce_nonce`` (discord.py sends it whenever a nonce is given), which
    Discord answers with the message it already created when an earlier attempt took effect.
    """
    for delay in RETRY_DELAYS:
        try:
            return await call()
        except TRANSIENT as error:
            log.info("%s failed (%r); again in %.0f ms", what, error, delay * 1000)
        await asyncio.sleep(delay)
        for file in files:
            file.reset()
    return await call()


def _nonce() -> int:
    """A message nonce: the same for every attempt of one post (Discord's limit is 25 characters)."""
    return secrets.randbits(63)


_MESSAGE_ID_ERRORS: tuple[type[Exception], ...] = (*DATABASE_ERRORS, ValueError)
"""A table message's id the store could not take (ValueError: the store is closed)."""


class RateLimiter:
    """A token bucket shared by every table's channel requests (Discord's global limit is
    50 requests per second per bot; interaction responses do not count)."""

    def __init__(self, rate: float, *, burst: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst if burst is not None else max(1.0, rate)
        self._tokens = self.burst
        self._clock = clock
        self._last = clock()
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        """Wait for a request slot."""
        if self.rate <= 0:
            return
        async with self._lock:
            while True:
                now = self._clock()
                self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
                self._last = now
                if self._tokens >= 1:
                    self._tokens -= 1
                    return
                await asyncio.sleep((1 - self._tokens) / self.rate)


@dataclass(frozen=True)
class _Picture:
    """What a message's image shows: on which message, drawn from what, and its pixels' hash."""

    where: object
    key: object
    digest: bytes
    waiting: object = None
    """What the image shows to a seat that waits (see :func:`~bot.runtime.panel.panel_picture`):
    a panel drawn while its seat decided still serves once the seat waits with the same tiles
    (a passed claim keeps the picture it was offered on)."""


def _digest(png: bytes) -> bytes:
    return hashlib.blake2b(png, digest_size=16).digest()


def _spec_digest(spec: MessageSpec) -> bytes:
    """What a user sees of a message's text and buttons, hashed the same in every process."""
    return hashlib.blake2b(repr((spec.content, spec.buttons)).encode(), digest_size=16).digest()


@dataclass
class _Panel:
    """Where one seat's private panel lives and what it last showed."""

    seat: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    interaction: discord.Interaction[Any] | None = None
    restored: tuple[discord.Webhook, int] | None = None
    """After a restart, the token of the interaction the panel last answered (as a webhook)
    and the panel's message id: the new process edits the panel through it until it expires."""
    opened_at: float = 0.0
    """When the token was issued (RuntimeOptions.clock)."""
    dm_message: discord.Message | discord.PartialMessage | None = None
    prefers_dm: bool = False
    mode: PanelMode = "discard"
    locale: str | None = None
    shown_key: tuple[Any, ...] | None = None
    picture: _Picture | None = None
    """Which message the panel lives in and what its image shows: an edit of that message with
    the same picture, or the same pixels, sends no image (Discord keeps the attachment)."""
    redraws: int = 0
    """Renders thrown away in a row because the game moved on meanwhile."""
    shown_at: float = -math.inf
    """When the panel was last sent (RuntimeOptions.clock)."""
    shown_digest: bytes = b""
    """A hash of the text and buttons last sent: stored with the handle, so that the next
    process after a restart does not send the same panel again."""
    urgent: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the seat has a decision: a paced refresh waits no longer."""

    def live(self, now: float, usable_for: float) -> bool:
        """Whether the bot can still update the panel without the player clicking."""
        if self.dm_message is not None:
            return True
        tokened = self.interaction is not None or self.restored is not None
        return tokened and now - self.opened_at < usable_for

    def mark_shown(self, spec: MessageSpec, now: float) -> None:
        self.shown_key = spec.key
        self.shown_digest = _spec_digest(spec)
        self.shown_at = now

    def adopt(self, interaction: discord.Interaction[Any], now: float) -> None:
        """The panel now lives where this interaction answered: its DM, or its ephemeral token."""
        self.locale = str(interaction.locale) if interaction.locale else self.locale
        self.restored = None
        if interaction.guild_id is None and interaction.message is not None:
            self.dm_message = interaction.message
            self.interaction = None
        else:
            self.interaction = interaction
            self.opened_at = now
            self.dm_message = None


Payload = dict[str, Any]


@dataclass(frozen=True)
class _PanelContent:
    """One seat's panel as it should be now: text and buttons, the view its image is drawn
    from, and what that image shows (see :func:`~bot.runtime.panel.panel_picture`)."""

    spec: MessageSpec
    view: SeatView
    picture: tuple[Any, ...]
    waiting: tuple[Any, ...]
    """The picture as a waiting seat's: what a later waiting panel may keep showing."""


class DiscordPresenter:
    """The Discord face of one table (see the module docstring)."""

    def __init__(
        self,
        *,
        client: discord.Client,
        store: Store,
        actor: TableActor,
        options: RuntimeOptions,
        limiter: RateLimiter,
        renderer: RenderPool,
        message_id: int | None = None,
        dm_panels: bool = False,
        dms: bool = True,
    ) -> None:
        self._client = client
        self._dms = dms
        """Whether panels may live in DMs: a click in a DM comes to shard 0's process, so in a
        sharded deployment no other process can take one (see bot.runtime.shards)."""
        self._store = store
        self._actor = actor
        self._options = options
        self._limiter = limiter
        self._renderer = renderer
        self._channel = client.get_partial_messageable(actor.channel_id, guild_id=actor.guild_id)
        self.message_id = message_id
        self._repost = True
        self._dirty = True
        self._shown: tuple[object, ...] | None = None
        """(text, buttons, picture) of the table message as last sent: the same again is not sent."""
        self._picture: object | None = None
        """What the table message's image shows: an edit that would not change it sends none."""
        self._digest: bytes | None = None
        """A hash of the image the table message shows: the same pixels are not sent again."""
        self._posted_at = 0
        """Sequence number when the current table message was posted; its buttons carry it."""
        self._sent = 0
        """Table messages sent or edited: the worker spaces only real edits (see :meth:`_work`)."""
        self._jobs: deque[Callable[[], Awaitable[None]]] = deque()
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._closing = False
        self._worker: asyncio.Task[None] | None = None
        self.panels = {
            seat: _Panel(seat, prefers_dm=dm_panels and dms)
            for seat, state in enumerate(actor.seats)
            if not state.player.is_cpu
        }
        self._panel_tasks: dict[int, asyncio.Task[None]] = {}
        self._panel_again: set[int] = set()
        self._unsaved: set[int] = set()
        """Seats whose panel moved since its handle was last stored (see :meth:`_remember`)."""
        self._saver: asyncio.Task[None] | None = None
        self._handover: asyncio.Task[None] | None = None
        """Storing a newly posted table message's id and retiring the one before (see close)."""
        host = next((seat for seat, state in enumerate(actor.seats) if state.player.user_id == actor.host_id), None)
        self.bottom = host if host is not None else 0

    # --- lifecycle -------------------------------------------------------------------------------

    def start(self, *, notice: str | None = None, resumed: bool = False) -> None:
        """Post the table message (a new one; an older one from before a restart is retired).

        ``resumed``: the game carries on after a restart. Every seat whose panel cannot be
        reached any more (its token expired while the bot was down, or it was never opened) is
        told to press My hand: a DM panel is sent again by DM, the others are mentioned in the
        notice, so that no clock runs out on a player who cannot see it is their turn."""
        if resumed:
            self._jobs.append(lambda: self._resume_notice(notice or ""))
        elif notice:
            self._jobs.append(lambda: self._send_text(notice))
        self._worker = asyncio.create_task(self._work(), name=f"table-{self._actor.game_id}-presenter")
        self._wake.set()

    async def drain(self, timeout: float = 10.0) -> None:  # noqa: ASYNC109 - a plain bound for tests and shutdown
        """Wait until everything queued so far has been shown: table, cards and panels."""

        async def settled() -> None:
            if self._worker is not None and not self._worker.done():
                await self._idle.wait()
            while pending := [task for task in self._panel_tasks.values() if not task.done()]:
                await asyncio.wait(pending)

        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(settled(), timeout)

    async def close(self) -> None:
        """Stop drawing (bot shutdown); the panel handles still being stored are stored first,
        so the next process knows what every panel shows, and so is the id of a table message
        just posted: the next process retires the message whose id it finds, and one it never
        heard of would be left offering its buttons."""
        await self._settle(self._saver, "its panels' handles")
        tasks = [task for task in (self._worker, self._saver, *self._panel_tasks.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        # Cancelled just after posting a table message, the worker leaves its hand-over running.
        await self._settle(self._handover, "the table message's id")

    async def _settle(self, task: asyncio.Task[None] | None, what: str) -> None:
        """Let a store write under way at shutdown finish, for up to two seconds."""
        if task is None or task.done():
            return
        try:
            await asyncio.wait_for(asyncio.shield(task), 2.0)
        except TimeoutError:
            log.warning("table %s: shut down before %s was stored", self._actor.game_id, what)
        except Exception:
            log.exception("table %s: storing %s failed at shutdown", self._actor.game_id, what)

    @property
    def busy(self) -> bool:
        """Whether the presenter still has something to show."""
        return bool(self._jobs) or self._dirty or any(not task.done() for task in self._panel_tasks.values())

    # --- panels across restarts --------------------------------------------------------------------

    def restore_panels(self, handles: Mapping[int, PanelHandle]) -> None:
        """Take up the panels the process before the restart left open (see :meth:`_remember`):
        a DM panel is edited as before, an ephemeral one through its stored token while that is
        still usable. Their first refresh sends the image again (what it showed is not known)."""
        now, wall = self._options.clock(), self._options.wall_clock()
        for seat, handle in handles.items():
            panel = self.panels.get(seat)
            if panel is None:
                continue
            panel.mode, panel.locale = handle.mode, handle.locale
            panel.prefers_dm = handle.prefers_dm and self._dms
            if handle.token is not None and handle.application_id is not None:
                age = wall - handle.opened_at
                if not 0 <= age < self._options.token_usable_for:
                    continue
                webhook = discord.Webhook.partial(handle.application_id, handle.token, client=self._client)
                panel.restored, panel.opened_at = (webhook, handle.message_id), now - age
            elif handle.channel_id is not None:
                channel = self._client.get_partial_messageable(handle.channel_id, type=discord.ChannelType.private)
                panel.dm_message = channel.get_partial_message(handle.message_id)
            panel.picture = _Picture(("message", handle.message_id), None, bytes.fromhex(handle.image))
            panel.shown_digest = bytes.fromhex(handle.shown)

    def _remember(self, panel: _Panel) -> None:
        """Store where the panel lives now, after the answer that moved it: one writer per table
        stores the latest handle of each seat, so a burst of clicks costs a write or two and
        never an acknowledgement's delay."""
        self._unsaved.add(panel.seat)
        if self._saver is None or self._saver.done():
            self._saver = asyncio.create_task(self._save_panels(), name=f"table-{self._actor.game_id}-panels")

    async def _save_panels(self) -> None:
        game_id = self._actor.game_id
        while self._unsaved and not self._actor.finished:
            seat = self._unsaved.pop()
            handle = self._handle(self.panels[seat])
            try:
                if handle is None:
                    await self._store.tables.forget_panel(game_id, seat)
                else:
                    await self._store.tables.save_panel(game_id, handle)
            except GameStateError:
                return  # the game ended meanwhile: its panels need no handle
            except Exception as error:
                # Only a restart needs the handle; the panel itself works on.
                log.warning("table %s: could not store the panel of seat %d: %s", game_id, seat, type(error).__name__)

    def _handle(self, panel: _Panel) -> PanelHandle | None:
        """Where the panel lives, as the store keeps it; None when it cannot be reached."""
        application_id: int | None = None
        token: str | None = None
        channel_id: int | None = None
        if panel.dm_message is not None:
            message_id: int | None = panel.dm_message.id
            channel_id = panel.dm_message.channel.id
        else:
            where = panel.picture.where if panel.picture is not None else None
            message_id = where[1] if isinstance(where, tuple) and where[0] == "message" else None
            if panel.interaction is not None:
                application_id, token = panel.interaction.application_id, panel.interaction.token
            elif panel.restored is not None:
                application_id, token = panel.restored[0].id, panel.restored[0].token
            if not panel.live(self._options.clock(), self._options.token_usable_for) or token is None:
                return None
        if message_id is None:
            return None
        return PanelHandle(
            seat=panel.seat,
            opened_at=self._options.wall_clock() - (self._options.clock() - panel.opened_at),
            mode=panel.mode,
            message_id=message_id,
            application_id=application_id,
            token=token,
            channel_id=channel_id,
            locale=panel.locale,
            prefers_dm=panel.prefers_dm,
            shown=panel.shown_digest.hex(),
            image=panel.picture.digest.hex() if panel.picture is not None else "",
        )

    async def _resume_notice(self, notice: str) -> None:
        """The restart notice, mentioning each player whose panel is out of reach (after trying
        a DM for those who keep their panel in DMs)."""
        unreached: list[int] = []
        now = self._options.clock()
        for seat, panel in self.panels.items():
            user_id = self._actor.seats[seat].player.user_id
            if user_id is None or panel.live(now, self._options.token_usable_for) or self._actor.seats[seat].auto:
                continue
            if not (panel.prefers_dm and await self._reopen_in_dm(panel)):
                unreached.append(user_id)
        if unreached:
            mentions = " ".join(f"<@{user}>" for user in unreached)
            notice = f"{notice}\n{text('resumed_reopen', self._actor.locale, mentions=mentions)}".strip()
        if not notice:
            return
        await self._limiter.acquire()
        users = [discord.Object(user) for user in unreached]
        await self._channel.send(
            notice, allowed_mentions=discord.AllowedMentions(users=users, everyone=False, roles=False)
        )

    async def _reopen_in_dm(self, panel: _Panel) -> bool:
        """Send a DM panel again (its old message is gone); False if the DM cannot be sent."""
        user_id = self._actor.seats[panel.seat].player.user_id
        if user_id is None:
            return False
        async with panel.lock:
            content = self._panel_content(panel.seat, panel)
            payload, picture = await self._panel_payload(content, panel, None)
            try:
                await self._limiter.acquire()
                channel = await self._client.create_dm(discord.Object(user_id))
                message = await channel.send(**payload)
            except discord.HTTPException as error:
                log.info("table %s: no DM panel for seat %d: %s", self._actor.game_id, panel.seat, error)
                return False
            panel.dm_message, panel.interaction, panel.restored = message, None, None
            panel.picture = dataclasses.replace(picture, where=("message", message.id))
            panel.mark_shown(content.spec, self._options.clock())
        self._remember(panel)
        self._catch_up(panel.seat)
        return True

    # --- what the actor calls ----------------------------------------------------------------------

    def table_changed(self, *, repost: bool = False) -> None:
        """Redraw the table soon (coalesced); ``repost`` posts it anew, as the newest message."""
        self._repost = self._repost or repost
        self._dirty = True
        self._idle.clear()
        self._wake.set()

    def panels_changed(self, seats: Collection[int], *, exclude: int | None = None) -> None:
        """Refresh the live panels of these seats."""
        now = self._options.clock()
        for seat in seats:
            panel = self.panels.get(seat)
            if seat == exclude or panel is None or not panel.live(now, self._options.token_usable_for):
                continue
            if self._actor.decision(seat) is not None:
                panel.urgent.set()
            task = self._panel_tasks.get(seat)
            if task is not None and not task.done():
                self._panel_again.add(seat)
            else:
                self._panel_tasks[seat] = asyncio.create_task(self._refresh_loop(seat))

    def hand_ended(self, entry: HandEntry, results: Sequence[ResultCard], reveal: WallRevealed | None = None) -> None:
        """Queue the hand's result: one caption line and one card per win (a ずーの round or a
        いなげ double ron can pay several winners at once), or the draw card; then move the
        table message below it."""
        names = self._actor.names
        locale = self._actor.locale
        wins = [result for result in results if isinstance(result, WinView)]
        lines: list[str] = []
        cards: list[Callable[[], Awaitable[bytes]]] = []
        if wins:
            for win in wins:
                lines.append(self._win_line(entry.label, win.winner, win.from_seat, win.points))
                if extras := result_extras(win, names, locale):
                    lines.append(extras)
                cards.append(functools.partial(self._renderer.render, Priority.TABLE, render_win, win, names))
        elif entry.result.winner is not None:
            hand = entry.result
            lines.append(self._win_line(entry.label, hand.winner, hand.from_seat, hand.points))
        else:
            lines.append(text("hand_draw", locale, round=entry.label))
            for result in results:
                if isinstance(result, DrawView):
                    if extras := result_extras(result, names, locale):
                        lines.append(extras)
                    cards.append(functools.partial(self._renderer.render, Priority.TABLE, render_draw, result, names))
        if reveal is not None:
            lines.append(text("wall_revealed", locale, salt=reveal.salt))
        caption = "\n".join(lines)

        async def post() -> None:
            # Discord takes up to 10 attachments per message; a hand never has more wins than seats.
            files = [
                discord.File(io.BytesIO(await card()), f"result-{number}.png") for number, card in enumerate(cards, 1)
            ]
            await self._limiter.acquire()
            nonce = _nonce()

            def send() -> Awaitable[discord.Message]:
                if files:
                    return self._channel.send(caption, files=files, nonce=nonce, allowed_mentions=NO_MENTIONS)
                return self._channel.send(caption, nonce=nonce, allowed_mentions=NO_MENTIONS)

            await _retrying(f"table {self._actor.game_id}: the hand's result", send, files)
            # Keep the table the newest message, so nobody has to scroll up past the cards.
            self.table_changed(repost=True)

        self._queue(post)

    def _win_line(self, round_label: str, winner: int | None, from_seat: int | None, points: int) -> str:
        names, locale = self._actor.names, self._actor.locale
        name = names[winner] if winner is not None else ""
        if from_seat is None:
            return text("hand_tsumo", locale, round=round_label, winner=name, points=points)
        return text("hand_won", locale, round=round_label, winner=name, loser=names[from_seat], points=points)

    def notice(self, key: str, **params: Any) -> None:
        """Queue a one-line public notice."""
        self._queue(lambda: self._send_text(text(key, self._actor.locale, **params)))

    def game_over(self, outcome: Outcome, summary: GameSummary | None) -> None:
        """Queue the final table and the standings card; then stop."""
        actor = self._actor
        history = tuple(actor.game.history)
        # A variant with chips shows them on the card and in the caption, even where all are zero.
        chips = outcome.chips if has_chips(actor.game.variant) else ()
        standings = StandingsView(
            variant=actor.game.variant,
            names=actor.names,
            final_points=outcome.points,
            placements=outcome.placements,
            history=history or (outcome.points,),
            final_scores=outcome.final_scores,
            chips=chips,
        )
        lines = [text("game_finished", actor.locale, game=actor.game_id, reason=outcome.reason)]
        results = {result.seat: result for result in summary.results} if summary is not None else {}
        for seat in sorted(range(len(outcome.points)), key=lambda s: outcome.placements[s]):
            line = f"{outcome.placements[seat]}. {actor.names[seat]} — {outcome.points[seat]:,}"
            if seat < len(chips):
                line += " · " + text("chips_total", actor.locale, chips=chips[seat])
            change = results[seat].rating_change if seat in results else None
            if change is not None and abs(change) >= 0.005:
                line += f" (rating {change:+.2f})"
            lines.append(line)
        caption = "\n".join(lines)

        async def post() -> None:
            self._dirty = False
            await self._draw_table(over=True)
            png = await self._renderer.render(Priority.TABLE, render_standings, standings)
            await self._limiter.acquire()
            card, nonce = discord.File(io.BytesIO(png), "standings.png"), _nonce()
            await _retrying(
                f"table {actor.game_id}: the standings",
                lambda: self._channel.send(caption, file=card, nonce=nonce, allowed_mentions=NO_MENTIONS),
                [card],
            )
            # Until this is stored, a restart posts the end again (see TableRegistry.recover).
            await self._store.results.mark_end_shown(actor.game_id)

        self._queue(post)
        self.panels_changed(tuple(self.panels))
        self._closing = True

    def cancelled(self, by: str) -> None:
        """Queue the cancellation notice on the table message; then stop."""

        async def post() -> None:
            self._dirty = False
            content = text("game_cancelled", self._actor.locale, game=self._actor.game_id, name=by)
            if self.message_id is not None:
                await self._limiter.acquire()
                with contextlib.suppress(discord.NotFound):
                    await self._channel.get_partial_message(self.message_id).edit(
                        content=content, view=build_view(()), allowed_mentions=NO_MENTIONS
                    )
                    return
            await self._send_text(content)

        self._queue(post)
        self.panels_changed(tuple(self.panels))
        self._closing = True

    # --- the table worker ----------------------------------------------------------------------------

    def _queue(self, job: Callable[[], Awaitable[None]]) -> None:
        self._jobs.append(job)
        self._idle.clear()
        self._wake.set()

    async def _work(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._jobs or self._dirty:
                if self._jobs:
                    await self._safely(self._jobs.popleft())
                    continue
                self._dirty = False
                sent = self._sent
                await self._safely(self._draw_table)
                # Only an edit that was sent needs spacing: a redraw that found nothing to send
                # (a switched ずーの lock, which is private) must not hold back the next change,
                # or its timing would tell the table that something happened.
                if self._options.min_edit_interval > 0 and not self._jobs and self._sent != sent:
                    await asyncio.sleep(self._options.min_edit_interval)
            self._idle.set()
            if self._closing:
                return

    async def _safely(self, job: Callable[[], Awaitable[None]]) -> None:
        try:
            await job()
        except discord.HTTPException as error:
            log.warning("table %s: Discord refused an update: %s", self._actor.game_id, error)
        except Exception:
            log.exception("table %s: failed to update the table", self._actor.game_id)

    async def _send_text(self, content: str) -> None:
        await self._limiter.acquire()
        nonce = _nonce()
        await _retrying(
            f"table {self._actor.game_id}: a notice",
            lambda: self._channel.send(content, nonce=nonce, allowed_mentions=NO_MENTIONS),
        )

    async def _draw_table(self, *, over: bool = False) -> None:
        actor = self._actor
        view = actor.public_view()
        posting = self._repost or self.message_id is None
        spec = table_spec(
            game_id=actor.game_id,
            title=actor.title,
            view=view,
            names=actor.names,
            decisions=actor.decisions(),
            auto=actor.auto_seats(),
            over=over or actor.finished,
            seq=view.sequence if posting else self._posted_at,
            wall=actor.game.wall_digest,
            locale=actor.locale,
        )
        picture = (table_picture(view), actor.names, self.bottom)
        shown = (spec.content, spec.buttons, picture)
        if not posting and shown == self._shown:
            return  # the same message again (a switched ずーの lock, say): no request at all
        edit: dict[str, Any] = {"content": spec.content, "view": build_view(spec.buttons)}
        digest = self._digest
        if posting or picture != self._picture:
            png = await self._renderer.render(Priority.TABLE, render_table, view, actor.names, bottom=self.bottom)
            digest = _digest(png)
            if posting or digest != self._digest:
                edit["attachments"] = [discord.File(io.BytesIO(png), "table.png")]
            elif self._shown is not None and (spec.content, spec.buttons) == self._shown[:2]:
                # A view that differs in what the image does not draw (ずーの's deciding seats):
                # the same pixels and the same text, so nothing to send.
                self._shown, self._picture = shown, picture
                return
        await self._limiter.acquire()
        self._sent += 1
        files: list[discord.File] = edit.get("attachments", [])
        what = f"table {actor.game_id}: the table message"
        if not posting and self.message_id is not None:
            partial = self._channel.get_partial_message(self.message_id)
            try:
                await _retrying(what, lambda: partial.edit(**edit, allowed_mentions=NO_MENTIONS), files)
            except discord.NotFound:
                # Someone deleted the table message: post a new one next time round.
                self.table_changed(repost=True)
                return
            self._shown, self._picture, self._digest = shown, picture, digest
            return
        nonce = _nonce()
        message = await _retrying(
            what,
            lambda: self._channel.send(
                spec.content, files=files, view=edit["view"], nonce=nonce, allowed_mentions=NO_MENTIONS
            ),
            files,
        )
        old, self.message_id = self.message_id, message.id
        self._posted_at = view.sequence
        self._repost = False
        self._shown, self._picture, self._digest = shown, picture, digest
        # The message is posted: storing its id and retiring the old one go on even if the
        # worker is cancelled meanwhile (a shutdown waits for them in close).
        self._handover = asyncio.ensure_future(self._hand_over(message.id, old))
        await asyncio.shield(self._handover)

    async def _hand_over(self, message_id: int, old: int | None) -> None:
        """Store the id of the table message just posted; then retire the one before it."""
        try:
            await self._store.tables.set_message(self._actor.game_id, message_id)
        except _MESSAGE_ID_ERRORS as error:
            # Only a restart reads it (to retire this message); the table goes on, and the older
            # message is still retired below.
            log.warning("table %s: could not store the table message's id: %s", self._actor.game_id, error)
        if old is not None:
            await self._retire(old)

    async def _retire(self, message_id: int) -> None:
        """Delete an older table message; failing that, point it at the new one."""
        await self._limiter.acquire()
        partial = self._channel.get_partial_message(message_id)
        try:
            await partial.delete()
        except discord.NotFound:
            return
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                await partial.edit(content=text("table_moved", self._actor.locale), attachments=[], view=build_view(()))

    # --- panels --------------------------------------------------------------------------------------

    def _panel_content(self, seat: int, panel: _Panel, notice: str = "") -> _PanelContent:
        actor = self._actor
        decision = actor.decision(seat)
        panel.mode = panel_mode(panel.mode, decision)
        view = actor.seat_view(seat)
        spec = panel_spec(
            game_id=actor.game_id,
            title=actor.title,
            view=view,
            decision=decision,
            waiting_for=actor.waiting_for(),
            names=actor.names,
            tiles=actor.tiles,
            mode=panel.mode,
            auto=actor.seats[seat].auto,
            dm=panel.dm_message is not None or panel.prefers_dm,
            over=actor.finished,
            notice=notice,
            locale=panel.locale,
            dm_offered=self._dms,
        )
        waiting = panel_picture(view, deciding=False)
        picture = panel_picture(view, deciding=True) if decision is not None else waiting
        return _PanelContent(spec, view, picture, waiting)

    async def _panel_payload(
        self, content: _PanelContent, panel: _Panel, where: object, priority: Priority = Priority.CLICK
    ) -> tuple[Payload, _Picture]:
        """The message for ``where`` (the panel's message, or None for a new one), with its image
        only when that message does not show this picture (or these very pixels) already; and
        what the message shows once it is sent."""
        payload: Payload = {"content": content.spec.content, "view": build_view(content.spec.buttons)}
        shown = (
            panel.picture if where is not None and panel.picture is not None and panel.picture.where == where else None
        )
        if shown is not None and content.picture in (shown.key, shown.waiting):
            return payload, shown
        png = await self._renderer.render(priority, render_seat, content.view, self._actor.names)
        digest = _digest(png)
        if shown is None or shown.digest != digest:
            payload["file"] = discord.File(io.BytesIO(png), "hand.png")
        return payload, _Picture(where, content.picture, digest, content.waiting)

    @staticmethod
    def _as_edit(payload: Payload) -> Payload:
        """An edit: a new image replaces the old attachment; without one, Discord keeps it."""
        edit = dict(payload)
        if "file" in edit:
            edit["attachments"] = [edit.pop("file")]
        return edit

    @staticmethod
    def _clicked(interaction: discord.Interaction[Any]) -> object:
        """The message a click came from (its original response is that message)."""
        return ("message", interaction.message.id if interaction.message is not None else interaction.id)

    @staticmethod
    def _reply(interaction: discord.Interaction[Any]) -> object:
        """The new message an interaction answered with."""
        return ("reply", interaction.id)

    async def _refresh_loop(self, seat: int) -> None:
        while True:
            await self._pace(seat)
            self._panel_again.discard(seat)
            try:
                await self._refresh_panel(seat)
            except Exception:
                log.exception("table %s: failed to refresh the panel of seat %d", self._actor.game_id, seat)
            if seat not in self._panel_again:
                return

    async def _pace(self, seat: int) -> None:
        """Space the refreshes of a waiting panel like table edits (``min_edit_interval``): while
        others play, its text follows whose turn it is, and a run of CPU moves costs one edit,
        not one each. A panel whose seat must decide is sent at once."""
        panel = self.panels[seat]
        panel.urgent.clear()
        if self._actor.decision(seat) is not None:
            return
        delay = panel.shown_at + self._options.min_edit_interval - self._options.clock()
        if delay > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(panel.urgent.wait(), delay)

    async def _refresh_panel(self, seat: int) -> None:
        panel = self.panels[seat]
        async with panel.lock:
            if not panel.live(self._options.clock(), self._options.token_usable_for):
                return
            content = self._panel_content(seat, panel)
            if content.spec.key == panel.shown_key:
                return
            # The message the panel lives in, as recorded when it was opened or last clicked.
            where = panel.picture.where if panel.picture is not None else None
            edit, picture = await self._panel_payload(content, panel, where, Priority.PANEL)
            if panel.shown_key is None and panel.shown_digest == _spec_digest(content.spec) and "file" not in edit:
                # A panel taken up after a restart that already shows this: nothing to send.
                panel.picture = picture
                panel.mark_shown(content.spec, self._options.clock())
                return
            payload = self._as_edit(edit)
            if self._panel_content(seat, panel).spec.key != content.spec.key and panel.redraws < MAX_REDRAWS:
                # The game moved on while the image rendered: sending this panel would show
                # buttons that are already stale. Draw again from the newer state (a few times
                # at most, so a fast run of CPU moves cannot starve the panel).
                panel.redraws += 1
                self._panel_again.add(seat)
                return
            panel.redraws = 0
            if not panel.live(self._options.clock(), self._options.token_usable_for):
                # The token aged past its use while the image rendered (a slow render on a busy
                # machine): the player reopens the panel with "My hand" instead.
                return
            try:
                if panel.dm_message is not None:
                    await self._limiter.acquire()
                    await panel.dm_message.edit(**payload)
                elif panel.interaction is not None:
                    await panel.interaction.edit_original_response(**payload)
                elif panel.restored is not None:
                    webhook, message_id = panel.restored
                    await webhook.edit_message(message_id, **payload)
            except discord.HTTPException as error:
                # An expired token or a deleted DM: the player reopens the panel with "My hand".
                log.info("table %s: panel of seat %d is gone: %s", self._actor.game_id, seat, error)
                panel.interaction = None
                panel.restored = None
                panel.dm_message = None
                panel.picture = None
                self._remember(panel)
                return
            panel.picture = picture if where is not None else None
            panel.mark_shown(content.spec, self._options.clock())
        self._remember(panel)

    @contextlib.asynccontextmanager
    async def _locked(
        self, panel: _Panel, interaction: discord.Interaction[Any], defer: Callable[[], Awaitable[object]]
    ) -> AsyncIterator[None]:
        """Hold the panel's lock; if a refresh holds it past the budget, acknowledge first."""
        try:
            await asyncio.wait_for(panel.lock.acquire(), timeout=max(0.0, self._budget(interaction)))
        except TimeoutError:
            if not answered(interaction):
                await defer()
            await panel.lock.acquire()
        try:
            yield
        finally:
            panel.lock.release()

    def _budget(self, interaction: discord.Interaction[Any]) -> float:
        started = interaction.extras.get(STARTED, self._options.clock())
        return self._options.ack_budget - (self._options.clock() - float(started))

    async def answer_click(
        self, interaction: discord.Interaction[Any], seat: int, *, mode: PanelMode | None = None, notice: str = ""
    ) -> None:
        """Answer a click on the seat's own panel by redrawing that panel in place."""
        panel = self.panels[seat]
        async with self._locked(panel, interaction, deferring(interaction)):
            if mode is not None:
                panel.mode = mode
            panel.locale = str(interaction.locale) if interaction.locale else panel.locale
            content = self._panel_content(seat, panel, notice)
            where = self._clicked(interaction)
            if (
                content.spec.key == panel.shown_key
                and panel.picture is not None
                and panel.picture.where == where
                and content.picture in (panel.picture.key, panel.picture.waiting)
            ):
                # The clicked panel already shows this (a refresh got there first): acknowledge
                # without sending the same message again.
                if not answered(interaction):
                    await deferring(interaction)()
                panel.adopt(interaction, self._options.clock())
                self._remember(panel)
                self._catch_up(seat)
                return
            (payload, picture), deferred = await defer_if_slow(
                interaction,
                self._panel_payload(content, panel, where),
                budget=self._budget(interaction),
                defer=deferring(interaction),
            )
            edit = self._as_edit(payload)
            if deferred or answered(interaction):
                await interaction.edit_original_response(**edit)
            else:
                # An answer that met 40060 took effect on an earlier attempt: the panel shows it.
                await respond(
                    interaction, lambda: interaction.response.edit_message(**edit), files=edit.get("attachments", ())
                )
            panel.adopt(interaction, self._options.clock())
            panel.picture = picture
            panel.mark_shown(content.spec, self._options.clock())
        self._remember(panel)
        self._catch_up(seat)

    async def open_panel(
        self, interaction: discord.Interaction[Any], seat: int, *, dm: bool | None = None, notice: str = ""
    ) -> None:
        """Open a fresh panel for the seat: ephemeral (a new 15-minute token) or by DM."""
        panel = self.panels[seat]
        async with self._locked(panel, interaction, deferring(interaction, ephemeral=True, thinking=True)):
            panel.locale = str(interaction.locale) if interaction.locale else panel.locale
            if dm and not self._dms:
                # Its buttons would be clicked in a DM, which another process receives.
                notice = "\n".join(filter(None, (notice, text("panel_dm_unavailable", panel.locale))))
                dm = False
            if dm is not None:
                panel.prefers_dm = dm
            if panel.prefers_dm:
                await self._open_in_dm(interaction, panel, notice)
            else:
                await self._open_here(interaction, panel, notice)
        self._remember(panel)
        # A DM panel, too, may have missed a move while it was being sent.
        self._catch_up(seat)

    async def _open_here(self, interaction: discord.Interaction[Any], panel: _Panel, notice: str) -> None:
        """Answer with the panel as an ephemeral reply (a new 15-minute token)."""
        seat = panel.seat
        content = self._panel_content(seat, panel, notice)
        (payload, picture), deferred = await defer_if_slow(
            interaction,
            self._panel_payload(content, panel, None),
            budget=self._budget(interaction),
            defer=deferring(interaction, ephemeral=True, thinking=True),
        )
        where: object = self._reply(interaction)
        if deferred or answered(interaction):
            where = ("message", (await interaction.edit_original_response(**self._as_edit(payload))).id)
        else:
            response = await respond(
                interaction,
                lambda: interaction.response.send_message(ephemeral=True, **payload),
                files=[payload["file"]] if "file" in payload else (),
            )
            if response is not None and response.message_id is not None:
                where = ("message", response.message_id)
        panel.interaction, panel.dm_message, panel.restored = interaction, None, None
        panel.opened_at = self._options.clock()
        panel.picture = dataclasses.replace(picture, where=where)
        panel.mark_shown(content.spec, self._options.clock())

    def _catch_up(self, seat: int) -> None:
        """Redraw the panel if the game moved on while we were answering.

        While a panel is being opened it has no handle yet, so a change in that window finds it
        not live and is skipped; comparing keys now catches up (and costs nothing otherwise).
        """
        self.panels_changed((seat,))

    async def _open_in_dm(self, interaction: discord.Interaction[Any], panel: _Panel, notice: str) -> None:
        # Opening a DM and uploading takes two requests: acknowledge first.
        if not answered(interaction):
            await deferring(interaction, ephemeral=True, thinking=True)()
        content = self._panel_content(panel.seat, panel, notice)
        payload, picture = await self._panel_payload(content, panel, None)
        try:
            await self._limiter.acquire()
            channel = await interaction.user.create_dm()
            message = await channel.send(**payload)
        except discord.Forbidden as error:
            if error.code != DM_REFUSED:
                raise
            panel.prefers_dm = False
            notice = text("panel_dm_failed", panel.locale)
            content = self._panel_content(panel.seat, panel, notice)
            payload, picture = await self._panel_payload(content, panel, None)
            reply = await interaction.edit_original_response(**self._as_edit(payload))
            panel.interaction, panel.dm_message, panel.restored = interaction, None, None
            panel.opened_at = self._options.clock()
            panel.mark_shown(content.spec, self._options.clock())
            panel.picture = dataclasses.replace(picture, where=("message", reply.id))
            return
        panel.dm_message, panel.interaction, panel.restored = message, None, None
        panel.mark_shown(content.spec, self._options.clock())
        panel.picture = dataclasses.replace(picture, where=("message", message.id))
        await interaction.edit_original_response(content=text("panel_dm_sent", panel.locale))

    async def stop_dms(self, interaction: discord.Interaction[Any], seat: int) -> None:
        """Show the panel as ephemeral messages again (the player opens it with "My hand")."""
        panel = self.panels[seat]
        async with panel.lock:
            panel.prefers_dm = False
            panel.dm_message = None
            panel.locale = str(interaction.locale) if interaction.locale else panel.locale
        self._remember(panel)
        await interaction.response.send_message(text("panel_here", panel.locale), ephemeral=True)
