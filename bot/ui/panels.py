"""Each seat's private panel: its ephemeral message or DM, answered, opened, refreshed, and kept
across restarts.

A panel is refreshed by at most one task at a time (the latest state wins), through the
interaction token while it is valid, or by editing the DM that carries it; its image is sent
again only when what it shows changed. Where each panel lives is stored (migration 0006), so
the next process edits it without resending what it shows. A panel image comes from that
seat's view only, and goes only to that seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.engine.views import SeatView
from bot.runtime.clocks import sleep
from bot.runtime.i18n import picture_language, text
from bot.runtime.options import RuntimeOptions
from bot.runtime.rendering import Priority, RenderPool
from bot.runtime.snapshot import TableSnapshot
from bot.storage import GameStateError, PanelHandle, Store
from bot.ui.components import MessageSpec, build_view
from bot.ui.emoji import TileEmojis
from bot.ui.labels import picture_file, seat_alt
from bot.ui.pacing import RateLimiter
from bot.ui.panel_spec import PanelMode, panel_mode, panel_picture, panel_spec
from bot.ui.replies import answered, budget_left, defer_if_slow, deferring, respond
from render import Language, render_seat

__all__ = ["PanelPresenter", "image_digest"]

log = logging.getLogger(__name__)

MAX_REDRAWS = 3
DM_REFUSED = 50007
"""Discord's "Cannot send messages to this user"."""


@dataclass(frozen=True)
class _Picture:
    """What a message's image shows: on which message, drawn from what, and its pixels' hash."""

    where: object
    key: object
    digest: bytes
    waiting: object = None
    """What the image shows to a seat that waits (see :func:`~bot.ui.panel_spec.panel_picture`):
    a panel drawn while its seat decided still serves once the seat waits with the same tiles
    (a passed claim keeps the picture it was offered on)."""


def image_digest(png: bytes) -> bytes:
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
    from, and what that image shows (see :func:`~bot.ui.panel_spec.panel_picture`)."""

    spec: MessageSpec
    view: SeatView
    picture: tuple[Any, ...]
    waiting: tuple[Any, ...]
    """The picture as a waiting seat's: what a later waiting panel may keep showing."""
    language: Language
    """The picture's language: its player's (a switch of language is a new picture)."""


class PanelPresenter:
    """The panels of one table's seats (the part of :class:`~bot.ui.presenter.DiscordPresenter`
    that answers the players privately)."""

    def __init__(
        self,
        *,
        client: discord.Client,
        store: Store,
        snapshot: TableSnapshot,
        options: RuntimeOptions,
        limiter: RateLimiter,
        renderer: RenderPool,
        dm_panels: bool = False,
        dms: bool = True,
        emojis: TileEmojis | None = None,
    ) -> None:
        self._client = client
        self._emojis = emojis if emojis is not None else TileEmojis()
        """The tile emojis the tile buttons show (none: the tiles in words)."""
        self._dms = dms
        """Whether panels may live in DMs: a click in a DM comes to shard 0's process, so in a
        sharded deployment no other process can take one (see bot.runtime.shards)."""
        self._store = store
        self._snapshot = snapshot
        """The table as the actor last handed it: everything is drawn from this."""
        self._info = info = snapshot.info
        self._options = options
        self._limiter = limiter
        self._renderer = renderer
        self.panels = {seat: _Panel(seat, prefers_dm=dm_panels and dms) for seat in info.humans}
        self._panel_tasks: dict[int, asyncio.Task[None]] = {}
        self._panel_again: set[int] = set()
        self._unsaved: set[int] = set()
        """Seats whose panel moved since its handle was last stored (see :meth:`_remember`)."""
        self._saver: asyncio.Task[None] | None = None

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
            self._saver = asyncio.create_task(self._save_panels(), name=f"table-{self._info.game_id}-panels")

    async def _save_panels(self) -> None:
        game_id = self._info.game_id
        while self._unsaved and not self._snapshot.finished:
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

    async def _reopen_in_dm(self, panel: _Panel) -> bool:
        """Send a DM panel again (its old message is gone); False if the DM cannot be sent."""
        user_id = self._info.players[panel.seat].user_id
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
                log.info("table %s: no DM panel for seat %d: %s", self._info.game_id, panel.seat, error)
                return False
            panel.dm_message, panel.interaction, panel.restored = message, None, None
            panel.picture = dataclasses.replace(picture, where=("message", message.id))
            panel.mark_shown(content.spec, self._options.clock())
        self._remember(panel)
        self._catch_up(panel.seat)
        return True

    def _refresh_panels(self, seats: Collection[int], *, exclude: int | None = None) -> None:
        """Refresh the live panels of these seats."""
        now = self._options.clock()
        for seat in seats:
            panel = self.panels.get(seat)
            if seat == exclude or panel is None or not panel.live(now, self._options.token_usable_for):
                continue
            if self._snapshot.decision(seat) is not None:
                panel.urgent.set()
            task = self._panel_tasks.get(seat)
            if task is not None and not task.done():
                self._panel_again.add(seat)
            else:
                self._panel_tasks[seat] = asyncio.create_task(self._refresh_loop(seat))

    def _panel_content(self, seat: int, panel: _Panel, notice: str = "") -> _PanelContent:
        snapshot, info = self._snapshot, self._info
        # A language the player chose with the panel's 🌐 button wins over their client's.
        panel.locale = snapshot.locale(seat) or panel.locale
        decision = snapshot.decision(seat)
        panel.mode = panel_mode(panel.mode, decision)
        view = snapshot.seats[seat]
        spec = panel_spec(
            game_id=info.game_id,
            title=info.title,
            view=view,
            decision=decision,
            waiting_for=snapshot.waiting_for,
            names=info.names,
            tiles=info.tiles,
            mode=panel.mode,
            auto=seat in snapshot.auto,
            dm=panel.dm_message is not None or panel.prefers_dm,
            over=snapshot.finished,
            notice=notice,
            locale=panel.locale,
            dm_offered=self._dms,
            auto_options=snapshot.auto_options[seat],
            now=self._options.wall_clock(),
            emojis=self._emojis,
        )
        language = picture_language(panel.locale)
        waiting = (*panel_picture(view, deciding=False), language)
        picture = (*panel_picture(view, deciding=True), language) if decision is not None else waiting
        return _PanelContent(spec, view, picture, waiting, language)

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
        png = await self._renderer.render(
            priority, render_seat, content.view, self._info.names, language=content.language
        )
        digest = image_digest(png)
        if shown is None or shown.digest != digest:
            payload["file"] = picture_file(png, "hand.png", seat_alt(content.view.public, content.language))
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
                log.exception("table %s: failed to refresh the panel of seat %d", self._info.game_id, seat)
            if seat not in self._panel_again:
                return

    async def _pace(self, seat: int) -> None:
        """Space the refreshes of a waiting panel like table edits (``min_edit_interval``): while
        others play, its text follows whose turn it is, and a run of CPU moves costs one edit,
        not one each. A panel whose seat must decide is sent at once."""
        panel = self.panels[seat]
        panel.urgent.clear()
        if self._snapshot.decision(seat) is not None:
            return
        delay = panel.shown_at + self._options.min_edit_interval - self._options.clock()
        if delay > 0:
            await sleep(self._options.scheduler, delay, until=panel.urgent)

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
                log.info("table %s: panel of seat %d is gone: %s", self._info.game_id, seat, error)
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
            await asyncio.wait_for(panel.lock.acquire(), timeout=max(0.0, budget_left(interaction, self._options)))
        except TimeoutError:
            if not answered(interaction):
                await defer()
            await panel.lock.acquire()
        try:
            yield
        finally:
            panel.lock.release()

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
                budget=budget_left(interaction, self._options),
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
            budget=budget_left(interaction, self._options),
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
        self._refresh_panels((seat,))

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
