"""Shows a table on Discord: the public table message, result cards, and each seat's panel
(:mod:`bot.ui.panels`, which :class:`DiscordPresenter` builds on).

One :class:`DiscordPresenter` per table. The actor calls it synchronously, handing it a snapshot
of the table (:mod:`bot.runtime.snapshot`); the work happens in the presenter's own tasks:

* the **table worker** posts queued cards and notices in order, then redraws the table message
  if it changed. At most one edit is in flight and edits are spaced by
  ``RuntimeOptions.min_edit_interval``; whatever changed meanwhile is drawn once, from the
  latest state, so a burst of CPU moves costs one edit.
* each seat's **panel** is refreshed by at most one task at a time (again latest state wins),
  through the interaction token while it is valid, or by editing the DM that carries it.

Images are rendered in worker threads. The public image comes from the actor's public view
only and a panel image from that seat's view only; panels are sent only to their seat. The
public pictures (table, result cards, standings) speak the server's ``locale`` setting (by
default the server's preferred locale in Discord), seated with the first dealer at the bottom
(:data:`render.layout.PUBLIC_BOTTOM`); a panel speaks its player's locale, from its own chair.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any

import discord

from bot.engine.events import WallRevealed
from bot.engine.game import Outcome
from bot.engine.views import DrawView, StandingsView, WinView
from bot.runtime.clocks import asleep, sleep
from bot.runtime.i18n import picture_language, text
from bot.runtime.options import RuntimeOptions
from bot.runtime.presenting import ResultCard
from bot.runtime.rendering import Priority, RenderPool
from bot.runtime.snapshot import TableSnapshot
from bot.runtime.variants import has_chips
from bot.storage import DATABASE_ERRORS, GameSummary, HandEntry, Store
from bot.ui.components import build_view
from bot.ui.emoji import TileEmojis
from bot.ui.labels import picture_file, result_alt, result_extras, round_text, table_alt
from bot.ui.pacing import NO_MENTIONS, RateLimiter, new_nonce, retrying
from bot.ui.panels import PanelPresenter, image_digest
from bot.ui.table_spec import table_picture, table_spec
from render import Language, render_draw, render_standings, render_table, render_win
from render.layout import PUBLIC_BOTTOM
from render.words import word

__all__ = ["DiscordPresenter"]

log = logging.getLogger(__name__)

_MESSAGE_ID_ERRORS: tuple[type[Exception], ...] = (*DATABASE_ERRORS, ValueError)
"""A table message's id the store could not take (ValueError: the store is closed)."""


class DiscordPresenter(PanelPresenter):
    """The Discord face of one table (see the module docstring)."""

    def __init__(
        self,
        *,
        client: discord.Client,
        store: Store,
        snapshot: TableSnapshot,
        options: RuntimeOptions,
        limiter: RateLimiter,
        renderer: RenderPool,
        message_id: int | None = None,
        dm_panels: bool = False,
        dms: bool = True,
        emojis: TileEmojis | None = None,
    ) -> None:
        super().__init__(
            client=client,
            store=store,
            snapshot=snapshot,
            options=options,
            limiter=limiter,
            renderer=renderer,
            dm_panels=dm_panels,
            dms=dms,
            emojis=emojis,
        )
        info = snapshot.info
        self._channel = client.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
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
        self._handover: asyncio.Task[None] | None = None
        """Storing a newly posted table message's id and retiring the one before (see close)."""
        self.bottom = PUBLIC_BOTTOM
        """The seat at the bottom of the public picture, for the whole game."""
        self._language: Language | None = None
        """The public pictures' language, read from the server's settings at the first picture."""

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
        self._worker = asyncio.create_task(self._work(), name=f"table-{self._info.game_id}-presenter")
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
        heard of would be left offering its buttons. A panel edit already under way is let finish
        first: cancelled after Discord took it but before its handle was stored, it would leave
        the next process an old picture's digest, and that process would upload again the picture
        the panel already shows."""
        drawing = [task for task in self._panel_tasks.values() if not task.done() and not asleep(task)]
        if drawing:
            await asyncio.wait(drawing, timeout=2.0)
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
            log.warning("table %s: shut down before %s was stored", self._info.game_id, what)
        except Exception:
            log.exception("table %s: storing %s failed at shutdown", self._info.game_id, what)

    @property
    def busy(self) -> bool:
        """Whether the presenter still has something to show."""
        return bool(self._jobs) or self._dirty or any(not task.done() for task in self._panel_tasks.values())

    @property
    def idle(self) -> bool:
        """Whether the presenter has nothing to do until something changes or time passes: the
        table worker waits for work or sits out its edit spacing, every panel refresh is done or
        spaced likewise, and no message id or panel handle is being stored. Tests wait for this
        (and the actors' ``idle``) before they check that nothing happened or move the clock."""
        worker = self._worker
        worker_waits = worker is None or worker.done() or self._idle.is_set() or asleep(worker)
        panels_wait = all(task.done() or asleep(task) for task in self._panel_tasks.values())
        storing = any(task is not None and not task.done() for task in (self._saver, self._handover))
        return worker_waits and panels_wait and not storing

    async def _resume_notice(self, notice: str) -> None:
        """The restart notice, mentioning each player whose panel is out of reach (after trying
        a DM for those who keep their panel in DMs)."""
        unreached: list[int] = []
        now = self._options.clock()
        for seat, panel in self.panels.items():
            user_id = self._info.players[seat].user_id
            if user_id is None or panel.live(now, self._options.token_usable_for) or seat in self._snapshot.auto:
                continue
            if not (panel.prefers_dm and await self._reopen_in_dm(panel)):
                unreached.append(user_id)
        if unreached:
            mentions = " ".join(f"<@{user}>" for user in unreached)
            notice = f"{notice}\n{text('resumed_reopen', self._info.locale, mentions=mentions)}".strip()
        if not notice:
            return
        await self._limiter.acquire()
        users = [discord.Object(user) for user in unreached]
        await self._channel.send(
            notice, allowed_mentions=discord.AllowedMentions(users=users, everyone=False, roles=False)
        )

    async def picture_language(self) -> Language:
        """The language of the public pictures: the server's ``locale`` setting, else its
        preferred locale in Discord (read once per table, and again after
        :meth:`picture_locale_changed`)."""
        if self._language is None:
            guild_id = self._info.guild_id
            try:
                chosen = (await self._store.guilds.settings(guild_id)).locale
            except DATABASE_ERRORS as error:
                log.warning("table %s: could not read the server's picture locale: %s", self._info.game_id, error)
                chosen = ""
            if not chosen:
                guild = self._client.get_guild(guild_id)
                chosen = str(guild.preferred_locale) if guild is not None else ""
            self._language = picture_language(chosen)
        return self._language

    def picture_locale_changed(self) -> None:
        """The server's ``locale`` setting changed: read it again, and redraw the table in it (the
        result cards and standings to come follow it too)."""
        self._language = None
        self.redraw()

    def show(self, snapshot: TableSnapshot) -> None:
        """Draw from ``snapshot`` from now on (nothing to redraw for it yet)."""
        self._snapshot = snapshot

    def table_changed(self, snapshot: TableSnapshot) -> None:
        """Redraw the table soon (coalesced), as ``snapshot`` shows it."""
        self._snapshot = snapshot
        self.redraw()

    def redraw(self, *, repost: bool = False) -> None:
        """Redraw the table soon (coalesced); ``repost`` posts it anew, as the newest message."""
        self._repost = self._repost or repost
        self._dirty = True
        self._idle.clear()
        self._wake.set()

    def panels_changed(self, snapshot: TableSnapshot, seats: Collection[int], *, exclude: int | None = None) -> None:
        """Refresh the live panels of these seats, as ``snapshot`` shows them."""
        self._snapshot = snapshot
        self._refresh_panels(seats, exclude=exclude)

    def hand_ended(self, entry: HandEntry, results: Sequence[ResultCard], reveal: WallRevealed | None = None) -> None:
        """Queue the hand's result: one caption line and one card per win (a ずーの round or a
        いなげ double ron can pay several winners at once), or the draw card; then move the
        table message below it."""
        names = self._info.names
        locale = self._info.locale
        wins = [result for result in results if isinstance(result, WinView)]
        lines: list[str] = []
        cards: list[Callable[..., Awaitable[bytes]]] = []  # each card's drawing, given the language
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
            lines.append(text("hand_draw", locale, round=round_text(entry.label, locale)))
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
            language = await self.picture_language()
            alt = result_alt(entry.label, language)
            files = [
                picture_file(await card(language=language), f"result-{number}.png", alt)
                for number, card in enumerate(cards, 1)
            ]
            await self._limiter.acquire()
            nonce = new_nonce()

            def send() -> Awaitable[discord.Message]:
                if files:
                    return self._channel.send(caption, files=files, nonce=nonce, allowed_mentions=NO_MENTIONS)
                return self._channel.send(caption, nonce=nonce, allowed_mentions=NO_MENTIONS)

            await retrying(f"table {self._info.game_id}: the hand's result", send, files)
            # Keep the table the newest message, so nobody has to scroll up past the cards.
            self.redraw(repost=True)

        self._queue(post)

    def _win_line(self, round_label: str, winner: int | None, from_seat: int | None, points: int) -> str:
        names, locale = self._info.names, self._info.locale
        name = names[winner] if winner is not None else ""
        if from_seat is None:
            return text("hand_tsumo", locale, round=round_text(round_label, locale), winner=name, points=points)
        return text(
            "hand_won",
            locale,
            round=round_text(round_label, locale),
            winner=name,
            loser=names[from_seat],
            points=points,
        )

    def notice(self, key: str, **params: Any) -> None:
        """Queue a one-line public notice."""
        self._queue(lambda: self._send_text(text(key, self._info.locale, **params)))

    def game_over(self, snapshot: TableSnapshot, outcome: Outcome, summary: GameSummary | None) -> None:
        """Queue the final table and the standings card; then stop."""
        self._snapshot = snapshot
        info = self._info
        history = snapshot.history
        # A variant with chips shows them on the card and in the caption, even where all are zero.
        chips = outcome.chips if has_chips(info.variant) else ()
        standings = StandingsView(
            variant=info.variant,
            names=info.names,
            final_points=outcome.points,
            placements=outcome.placements,
            history=history or (outcome.points,),
            final_scores=outcome.final_scores,
            chips=chips,
        )
        lines = [text("game_finished", info.locale, game=info.game_id, reason=outcome.reason)]
        results = {result.seat: result for result in summary.results} if summary is not None else {}
        for seat in sorted(range(len(outcome.points)), key=lambda s: outcome.placements[s]):
            line = f"{outcome.placements[seat]}. {info.names[seat]} — {outcome.points[seat]:,}"
            if seat < len(chips):
                line += " · " + text("chips_total", info.locale, chips=chips[seat])
            change = results[seat].rating_change if seat in results else None
            if change is not None and abs(change) >= 0.005:
                line += f" (rating {change:+.2f})"
            lines.append(line)
        caption = "\n".join(lines)

        async def post() -> None:
            self._dirty = False
            await self._draw_table(over=True)
            language = await self.picture_language()
            png = await self._renderer.render(Priority.TABLE, render_standings, standings, language=language)
            await self._limiter.acquire()
            card, nonce = picture_file(png, "standings.png", word("alt_standings", language)), new_nonce()
            await retrying(
                f"table {info.game_id}: the standings",
                lambda: self._channel.send(caption, file=card, nonce=nonce, allowed_mentions=NO_MENTIONS),
                [card],
            )
            # Until this is stored, a restart posts the end again (see TableRegistry.recover).
            await self._store.results.mark_end_shown(info.game_id)

        self._queue(post)
        self._refresh_panels(tuple(self.panels))
        self._closing = True

    def cancelled(self, snapshot: TableSnapshot, by: str) -> None:
        """Queue the cancellation notice on the table message; then stop."""
        self._snapshot = snapshot

        async def post() -> None:
            self._dirty = False
            content = text("game_cancelled", self._info.locale, game=self._info.game_id, name=by)
            if self.message_id is not None:
                await self._limiter.acquire()
                with contextlib.suppress(discord.NotFound):
                    await self._channel.get_partial_message(self.message_id).edit(
                        content=content, view=build_view(()), allowed_mentions=NO_MENTIONS
                    )
                    return
            await self._send_text(content)

        self._queue(post)
        self._refresh_panels(tuple(self.panels))
        self._closing = True

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
                    await sleep(self._options.scheduler, self._options.min_edit_interval)
            self._idle.set()
            if self._closing:
                return

    async def _safely(self, job: Callable[[], Awaitable[None]]) -> None:
        try:
            await job()
        except discord.HTTPException as error:
            log.warning("table %s: Discord refused an update: %s", self._info.game_id, error)
        except Exception:
            log.exception("table %s: failed to update the table", self._info.game_id)

    async def _send_text(self, content: str) -> None:
        await self._limiter.acquire()
        nonce = new_nonce()
        await retrying(
            f"table {self._info.game_id}: a notice",
            lambda: self._channel.send(content, nonce=nonce, allowed_mentions=NO_MENTIONS),
        )

    async def _draw_table(self, *, over: bool = False) -> None:
        snapshot, info = self._snapshot, self._info
        view = snapshot.table
        posting = self._repost or self.message_id is None
        spec = table_spec(
            game_id=info.game_id,
            title=info.title,
            view=view,
            names=info.names,
            decisions=snapshot.deciding,
            auto=snapshot.auto,
            over=over or snapshot.finished,
            seq=view.sequence if posting else self._posted_at,
            wall=snapshot.wall_digest,
            locale=info.locale,
        )
        language = await self.picture_language()
        picture = (table_picture(view), info.names, self.bottom, language)
        shown = (spec.content, spec.buttons, picture)
        if not posting and shown == self._shown:
            return  # the same message again (a switched ずーの lock, say): no request at all
        edit: dict[str, Any] = {"content": spec.content, "view": build_view(spec.buttons)}
        digest = self._digest
        if posting or picture != self._picture:
            png = await self._renderer.render(
                Priority.TABLE, render_table, view, info.names, bottom=self.bottom, language=language
            )
            digest = image_digest(png)
            if posting or digest != self._digest:
                edit["attachments"] = [picture_file(png, "table.png", table_alt(view, language))]
            elif self._shown is not None and (spec.content, spec.buttons) == self._shown[:2]:
                # A view that differs in what the image does not draw (ずーの's deciding seats):
                # the same pixels and the same text, so nothing to send.
                self._shown, self._picture = shown, picture
                return
        await self._limiter.acquire()
        self._sent += 1
        files: list[discord.File] = edit.get("attachments", [])
        what = f"table {info.game_id}: the table message"
        if not posting and self.message_id is not None:
            partial = self._channel.get_partial_message(self.message_id)
            try:
                await retrying(what, lambda: partial.edit(**edit, allowed_mentions=NO_MENTIONS), files)
            except discord.NotFound:
                # Someone deleted the table message: post a new one next time round.
                self.redraw(repost=True)
                return
            self._shown, self._picture, self._digest = shown, picture, digest
            return
        nonce = new_nonce()
        message = await retrying(
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
            await self._store.tables.set_message(self._info.game_id, message_id)
        except _MESSAGE_ID_ERRORS as error:
            # Only a restart reads it (to retire this message); the table goes on, and the older
            # message is still retired below.
            log.warning("table %s: could not store the table message's id: %s", self._info.game_id, error)
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
                await partial.edit(content=text("table_moved", self._info.locale), attachments=[], view=build_view(()))
