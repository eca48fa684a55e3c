"""FakeDiscord: an aiohttp server on 127.0.0.1 that a real discord.py client logs in to."""

from __future__ import annotations

import asyncio
import contextlib
import json
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from aiohttp import BodyPartReader, web

from bot.runtime.clocks import LoopScheduler, ManualClock, Timer, sleep

from . import interactions, limits
from ._util import PATIENCE, FakeClock, SnowflakeFactory, json_response, snowflake_or_none
from .errors import DiscordHTTPError
from .faults import FaultInjector, Faults, RestFault
from .gateway import Gateway
from .models import (
    DM,
    EVERYONE_PERMISSIONS,
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
    RequestRecord,
    Spy,
    SpyEvent,
    Traffic,
    UploadedFile,
    Violation,
)
from .rest import USER_EXTRAS, Handler, RestApi
from .spec import SpecValidator, load_spec

API_PREFIX = "/api/v10"
CTX = web.RequestKey("fakediscord_request", RequestRecord)
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
INVALID_WEBHOOK_TOKEN = (401, 50027, "Invalid Webhook Token")
SpyT = TypeVar("SpyT", bound=Spy)


def _task_stacks(frames: int = 4) -> str:
    """Where each task of the running loop is suspended (its innermost ``frames`` frames): what a
    hang guard that ran out says, so the task that never finished can be named."""
    lines = []
    for task in sorted(asyncio.all_tasks(), key=lambda task: task.get_name()):
        stack = task.get_stack(limit=None)[-frames:]
        where = " <- ".join(
            f"{frame.f_code.co_name} ({Path(frame.f_code.co_filename).name}:{frame.f_lineno})"
            for frame in reversed(stack)
        )
        lines.append(f"  {task.get_name()}: {where or 'not started'}")
    return "\n".join(lines)


class FakeDiscord:
    """A local Discord: REST under ``/api/v10``, the gateway at ``/gateway``, uploads at ``/attachments``.

    Build the world (guilds, channels, members), start a bot with :func:`running_bot`, drive it
    through fake users (``member.slash``, ``member.click``...), then assert on messages and on
    :attr:`violations` (rules the bot broke), :attr:`unknown_routes` and :attr:`internal_errors`.
    """

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        shard_count: int = 2,
        bot_name: str = "Jantaku",
        application_name: str = "Jantaku",
        spec_path: Path | Literal[False] | None = None,
        response_deadline: float = limits.RESPONSE_DEADLINE,
        token_lifetime: float = limits.TOKEN_LIFETIME,
        attachment_size_limit: int = limits.DEFAULT_ATTACHMENT_SIZE_LIMIT,
        reject_spec_violations: bool = True,
        check_own_responses: bool = False,
        clock: ManualClock | None = None,
    ) -> None:
        """``clock``: run Discord's time (deadlines, token lifetimes, timestamps) on this clock,
        which only :meth:`advance_clock` moves, instead of the machine's (see :class:`FakeClock`)."""
        self.token = token
        self.shard_count = shard_count
        self.application_name = application_name
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        self.attachment_size_limit = attachment_size_limit
        self.reject_spec_violations = reject_spec_violations
        #: Also validate the fake's own successful responses against the spec, reporting any
        #: deviation as an internal error (a self-check of the fake, used by its own tests).
        self.check_own_responses = check_own_responses
        #: What an expired interaction token gets: (status, code, message). The brief's default is
        #: 404 10015 "Unknown Webhook"; field reports also show 401 50027 (INVALID_WEBHOOK_TOKEN).
        self.expired_token_error: tuple[int, int, str] = UNKNOWN_WEBHOOK
        self.spec: SpecValidator | None = None if spec_path is False else load_spec(spec_path)

        self.ids = SnowflakeFactory()
        self.clock = FakeClock(clock)
        self.application_id = self.ids.next()
        self.bot_user = FakeUser(self, self.application_id, bot_name, bot=True)
        self.owner = FakeUser(self, self.ids.next(), "app-owner")
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.emojis: dict[int, FakeEmoji] = {}
        """The application's emojis by id (``/applications/{id}/emojis``)."""
        self.emojis_refused = False
        """Set by a test: the emoji routes answer 403 ``50013 Missing Permissions`` (not a violation)."""
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.commands_global: list[dict[str, Any]] = []
        self.commands_guild: dict[int, list[dict[str, Any]]] = {}
        self.command_ids: dict[tuple[int | None, int, str], int] = {}
        self.sync_count = 0
        self.dm_blocked: set[int] = set()
        self._dm_channels: dict[int, FakeChannel] = {}

        self.requests: list[RequestRecord] = []
        self.identical_edits: list[int] = []
        """Message ids of edits that changed nothing a user sees (text, embeds, components, image)."""
        self.reuploads: list[int] = []
        """Message ids of edits that uploaded the very image the message already showed."""
        self.traffic = Traffic()
        """Running totals of the bot's API requests, kept when ``requests`` is cleared (load benches)."""
        self.aborted_requests: list[RequestRecord] = []
        """Requests whose client hung up before the body was in (a killed bot): never acted on."""
        self.violations: list[Violation] = []
        self.unknown_routes: list[tuple[str, str]] = []
        self.internal_errors: list[str] = []
        self.spies: list[Spy] = []
        self.message_listeners: list[Callable[[FakeMessage], None]] = []
        """Called with every message the bot creates, edits or deletes (the sandbox's web page
        follows them); an exception in one is an internal error of the fake."""
        self.request_listeners: list[Callable[[RequestRecord], None]] = []
        """Called after every API request the fake answered, before the answer goes out (the
        sandbox's world file writes what it changed, see :mod:`.persistence`)."""
        self.faults = FaultInjector()
        """Faults injected on purpose (:meth:`inject`): counts by kind and their consequences."""
        self.nonces: dict[tuple[int, str], tuple[float, FakeMessage]] = {}
        """(channel id, nonce) of messages created with ``enforce_nonce``: when, and which."""

        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        self._changed = asyncio.Event()
        self._timers: set[Timer] = set()
        self._answering = 0
        """API requests taken in and not answered yet."""
        self._clients: dict[asyncio.BaseTransport, str] = {}
        """Each connection a request came on, and the host name the client sent it to."""
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle -------------------------------------------------------------------------------

    @classmethod
    async def start(cls, **kwargs: Any) -> FakeDiscord:
        fake = cls(**kwargs)
        await fake.serve()
        return fake

    async def serve(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment)
        app.router.add_get("/emojis/{emoji_id}.png", self._serve_emoji)
        for method, path, handler in self.rest.routes():
            app.router.add_route(method, API_PREFIX + path, self._wrap(handler))
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        if self._runner is None:
            await self.serve()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return self.api_url_at("127.0.0.1")

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be set to."""
        return self.gateway_url_at("127.0.0.1")

    def api_url_at(self, host: str) -> str:
        """:attr:`api_url` by another name of this machine (``localhost``): each request records
        the name it was sent to (:attr:`RequestRecord.host`), which tells two clients apart."""
        return f"http://{host}:{self.port}{API_PREFIX}"

    def gateway_url_at(self, host: str) -> str:
        """:attr:`gateway_url` by another name of this machine (see :meth:`api_url_at`)."""
        return f"ws://{host}:{self.port}/gateway"

    # -- building the world ------------------------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False) -> FakeUser:
        user = FakeUser(self, self.ids.next(), name, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str = "Test Guild", *, owner: FakeUser | None = None, shard: int | None = None
    ) -> FakeGuild:
        """A guild with an @everyone role, the bot as a member, and ``owner`` (default: a new user).

        Its id puts it on ``shard`` of :attr:`shard_count` (default: the next shard in turn, so
        consecutive guilds spread over every shard)."""
        if shard is None:
            shard = len(self.guilds) % self.shard_count
        elif not 0 <= shard < self.shard_count:
            raise ValueError(f"shard {shard} is not one of the fake's {self.shard_count} shards")
        guild_id = self.ids.next(shard=shard, shard_count=self.shard_count)
        owner = owner or self.add_user(f"{name} owner")
        guild = FakeGuild(self, guild_id, name, owner.id, shard_id=(guild_id >> 22) % self.shard_count)
        guild.roles.append(FakeRole(guild, guild_id, "@everyone", EVERYONE_PERMISSIONS))
        bot_role = FakeRole(guild, self.ids.next(), self.bot_user.name, EVERYONE_PERMISSIONS, 1, self.bot_user.id)
        guild.roles.append(bot_role)
        guild.add_member(owner)
        guild.add_member(self.bot_user, roles=[bot_role])
        self.guilds[guild.id] = guild
        self.gateway.guild_added(guild)
        return guild

    def dm_channel(self, user: FakeUser | FakeMember) -> FakeChannel:
        """The DM channel between the bot and ``user`` (the one the bot opens with users/@me/channels)."""
        user = user.user
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self, self.ids.next(), f"dm-{user.name}", DM, recipient=user)
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def restore_channel(self, channel: FakeChannel) -> None:
        """Take back a channel of a kept world (:mod:`.persistence`), a DM one as the user's DM."""
        self.channels[channel.id] = channel
        if channel.is_dm and channel.recipient is not None:
            self._dm_channels[channel.recipient.id] = channel

    def fail_dms_to(self, user: FakeUser | FakeMember, fail: bool = True) -> None:
        """Make DMs to ``user`` fail like a user who turned off server DMs (403, code 50007)."""
        if fail:
            self.dm_blocked.add(user.id)
        else:
            self.dm_blocked.discard(user.id)

    def bot_user_payload(self) -> dict[str, Any]:
        return {**self.bot_user.payload(), **USER_EXTRAS}

    # -- reading state -----------------------------------------------------------------------------

    def messages_in(
        self, channel: FakeChannel, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel, oldest first: public ones, plus every ephemeral one if asked."""
        return [
            m
            for m in self.messages.values()
            if m.channel is channel
            and (include_ephemeral or m.ephemeral_to is None)
            and (include_deleted or not m.deleted)
        ]

    def visible_messages(self, user: FakeUser | FakeMember, channel: FakeChannel) -> list[FakeMessage]:
        """What ``user`` sees in ``channel``: public messages plus ephemerals sent to them."""
        return [m for m in self.messages_in(channel, include_ephemeral=True) if m.visible_to(user)]

    def last_message(self, channel: FakeChannel) -> FakeMessage | None:
        found = self.messages_in(channel)
        return found[-1] if found else None

    def message(self, message_id: int) -> FakeMessage:
        return self.messages[message_id]

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """The synced commands (global, or for one guild) as Discord returned them."""
        return self.commands_global if guild is None else self.commands_guild.get(guild.id, [])

    def requests_to(self, method: str, route: str) -> list[RequestRecord]:
        """Recorded requests for a route template such as ``/channels/{channel_id}/messages``."""
        return [r for r in self.requests if r.method == method and r.route == route]

    # -- time, violations, waiting -----------------------------------------------------------------

    def advance_clock(self, seconds: float) -> None:
        """Move the fake's clock forward (interaction deadlines and token lifetimes use it; on a
        manual clock, so do the bot's timers that share it)."""
        self.clock.advance(seconds)
        for rec in list(self.interactions.values()):
            self._check_deadline(rec)
        self._notify()

    def record_violation(
        self, kind: str, detail: str, ctx: RequestRecord | None = None, rec: InteractionRecord | None = None
    ) -> None:
        rec = rec or (ctx.interaction if ctx is not None else None)
        self.violations.append(
            Violation(
                kind,
                detail,
                ctx.method if ctx else None,
                ctx.path if ctx else None,
                rec.id if rec is not None else None,
                self.clock.now(),
            )
        )
        self._notify()

    def take_violations(self, kind: str | None = None) -> list[Violation]:
        """Remove and return violations (of one kind, or all): for tests that expect them."""
        taken = [v for v in self.violations if kind is None or v.kind == kind]
        self.violations = [v for v in self.violations if v not in taken]
        return taken

    def problems(self) -> list[str]:
        return (
            [str(v) for v in self.violations]
            + [f"unknown route: {method} {path}" for method, path in self.unknown_routes]
            + [f"fake internal error: {e}" for e in self.internal_errors]
        )

    def assert_clean(self) -> None:
        """Fail when the bot broke a rule, hit an unknown route, or crashed the fake."""
        problems = self.problems()
        if problems:
            raise AssertionError("fake Discord recorded problems:\n  " + "\n  ".join(problems))

    def waste(self) -> list[str]:
        """Requests a careful bot does not make: edits that change nothing, and uploads of the
        image a message already shows."""
        return [f"an edit of message {m} changed nothing" for m in self.identical_edits] + [
            f"an edit of message {m} uploaded the image it already showed" for m in self.reuploads
        ]

    def assert_lean(self) -> None:
        """Fail when the bot made a request that :meth:`waste` counts."""
        waste = self.waste()
        if waste:
            raise AssertionError("the bot sent what changed nothing:\n  " + "\n  ".join(waste))

    def add_spy(self, spy: SpyT) -> SpyT:
        """Call ``spy(SpyEvent)`` for every payload the bot sends; exceptions become violations.
        Returns ``spy`` as given, so a spy object's own counters stay typed at the call site."""
        self.spies.append(spy)
        return spy

    def remove_spy(self, spy: Spy) -> None:
        self.spies.remove(spy)

    def message_changed(self, message: FakeMessage) -> None:
        """Tell the listeners that ``message`` was created, edited or deleted."""
        for listener in list(self.message_listeners):
            try:
                listener(message)
            except Exception as error:  # a listener's bug must not fail the bot's request
                self.internal_errors.append(f"message listener {listener!r} failed: {error!r}")

    def _notify(self) -> None:
        self._changed.set()

    @property
    def busy(self) -> bool:
        """Whether the fake still has something of the bot's in hand: a request not answered
        yet, an event not yet sent, or an interaction the bot has not answered (one a fault cut
        off, which the bot may never answer, excepted: Discord fails it at its deadline)."""
        return (
            self._answering > 0
            or self.gateway.sending
            or any(not rec.done.is_set() and rec.fault is None for rec in self.interactions.values())
        )

    async def wait_for(
        self,
        predicate: Callable[[], object],
        timeout: float = PATIENCE,  # noqa: ASYNC109 - the brief's API: wait_for(predicate, timeout=...)
        what: str | None = None,
    ) -> None:
        """Wait until ``predicate()`` is truthy; it is re-checked after every request and event
        (and every 50 ms, for what changes elsewhere). ``timeout`` only guards against a hang."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self._changed.clear()
            if predicate():
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                problems = "; ".join(self.problems()) or "none"
                raise TimeoutError(
                    f"timed out after {timeout}s waiting for {what or predicate}; problems: {problems}; "
                    f"what every task of the loop waits in:\n{_task_stacks()}"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.05))

    def inject(self, plan: Faults | None) -> FaultInjector:
        """Arm a fault plan (None disarms it); counts keep adding up in :attr:`faults`."""
        self.faults.arm(plan)
        return self.faults

    def expect_fault_consequence(self, kind: str, detail: str, ctx: RequestRecord | None = None) -> None:
        """Note what an injected fault caused (not a violation: Discord does this too)."""
        where = f" ({ctx.method} {ctx.path})" if ctx is not None else ""
        self.faults.consequences.append(f"{kind}: {detail}{where}")
        self._notify()

    def force_reconnect(self, shard_id: int | None = None, *, resume: bool = True) -> int:
        """Send op 7 RECONNECT to one shard (or all); discord.py reconnects and RESUMEs, or, with
        ``resume=False``, finds its session invalidated and IDENTIFYs again."""
        return self.gateway.reconnect(shard_id, resume=resume)

    # -- fake users' interactions ------------------------------------------------------------------

    async def invoke_slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        values: dict[str, Any],
        *,
        locale: str | None = None,
        wait: bool = True,
    ) -> InteractionRecord:
        return await interactions.invoke_slash(self, user, channel, command, values, locale=locale, wait=wait)

    async def invoke_slash_raw(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: list[dict[str, Any]],
        resolved: dict[str, Any] | None,
        *,
        locale: str | None = None,
        wait: bool = True,
    ) -> InteractionRecord:
        return await interactions.invoke_slash_raw(
            self, user, channel, command, options, resolved, locale=locale, wait=wait
        )

    async def invoke_autocomplete(
        self, user: FakeUser, channel: FakeChannel, command: str, focused: str, values: dict[str, Any]
    ) -> InteractionRecord:
        return await interactions.invoke_autocomplete(self, user, channel, command, focused, values)

    async def invoke_component(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, values: list[Any] | None, *, wait: bool = True
    ) -> InteractionRecord:
        return await interactions.invoke_component(self, user, message, custom_id, values, wait=wait)

    async def invoke_modal_submit(
        self, user: FakeUser, opener: InteractionRecord, values: dict[str, str | list[str]], *, wait: bool = True
    ) -> InteractionRecord:
        return await interactions.invoke_modal_submit(self, user, opener, values, wait=wait)

    async def dispatch_interaction(
        self, rec: InteractionRecord, guild: FakeGuild | None, *, wait: bool
    ) -> InteractionRecord:
        self.interactions[rec.id] = rec
        self.interactions_by_token[rec.token] = rec
        guild_id = guild.id if guild is not None else None
        if not self.gateway.dispatch_for(guild_id, "INTERACTION_CREATE", rec.payload):
            if not self.gateway.dropped(guild_id):
                raise RuntimeError("no bot session receives this guild's events; start one with running_bot()")
            # The session was dropped on purpose and the bot has not identified again yet: on
            # Discord the user sees "This interaction failed".
            rec.fault = "gateway_reidentify"

        self._schedule_deadline(rec, self.response_deadline)
        if wait:
            await rec.wait_response()
        return rec

    def _schedule_deadline(self, rec: InteractionRecord, delay: float) -> None:
        if self.clock.manual is not None:
            return  # only advance_clock moves a manual clock, and it checks every deadline itself
        timer: Timer | None = None

        def fire() -> None:
            if timer is not None:
                self._timers.discard(timer)
            self._check_deadline(rec)

        timer = self.clock.call_later(max(delay, 0.0) + 0.005, fire)
        self._timers.add(timer)

    def _check_deadline(self, rec: InteractionRecord) -> None:
        if rec.acknowledged or rec.failed:
            return
        remaining = self.response_deadline - (self.clock.now() - rec.created_at)
        if remaining > 0:
            self._schedule_deadline(rec, remaining)
            return
        self.fail_interaction(rec)

    def fail_interaction(self, rec: InteractionRecord) -> None:
        """No initial response in time: the user sees "This interaction failed"."""
        if rec.failed:
            return
        rec.failed = True
        what = (rec.command and f"/{rec.command}") or rec.custom_id or f"interaction {rec.id}"
        detail = f"no initial response to {what} within {self.response_deadline}s"
        if rec.fault is not None:
            self.expect_fault_consequence("interaction_failed", f"{detail} after {rec.fault}")
        else:
            self.record_violation("interaction_failed", detail, rec=rec)
        rec.done.set()

    # -- HTTP plumbing -------------------------------------------------------------------------------

    def _wrap(self, handler: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def wrapped(request: web.Request) -> web.StreamResponse:
            return await handler(request, request[CTX])

        return wrapped

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        attachment = self.attachments.get(snowflake_or_none(request.match_info["attachment_id"]) or 0)
        if attachment is None:
            return web.Response(status=404, text="404: Not Found")
        content_type = attachment.payload()["content_type"] or "application/octet-stream"
        return web.Response(body=attachment.data, headers={"Content-Type": content_type})

    async def _serve_emoji(self, request: web.Request) -> web.StreamResponse:
        """The CDN's picture of an emoji, as ``https://cdn.discordapp.com/emojis/{id}.png``."""
        picture = self.emoji_picture(request.match_info["emoji_id"])
        if picture is None:
            return web.Response(status=404, text="404: Not Found")
        return web.Response(body=picture, headers={"Content-Type": "image/png"})

    def emoji_picture(self, emoji_id: object) -> bytes | None:
        """The picture uploaded for an application emoji, or None for an unknown id."""
        emoji = self.emojis.get(snowflake_or_none(emoji_id) or 0)
        return emoji.data if emoji is not None else None

    async def _unknown_route(self, request: web.Request) -> web.StreamResponse:
        path = request.path.removeprefix(API_PREFIX)
        self.unknown_routes.append((request.method, path))
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _read_body(self, request: web.Request, ctx: RequestRecord) -> None:
        content_type = request.content_type
        if content_type.startswith("multipart/"):
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                if not isinstance(part, BodyPartReader):
                    continue
                data = await part.read(decode=False)
                self.traffic.bytes += len(data)
                if part.name != "payload_json":
                    self.traffic.file_bytes += len(data)
                if part.name == "payload_json":
                    ctx.body = json.loads(bytes(data).decode())
                else:
                    ctx.files.append(
                        UploadedFile(
                            part.name or "", part.filename or "file", bytes(data), part.headers.get("Content-Type")
                        )
                    )
            return
        raw = await request.read()
        self.traffic.bytes += len(raw)
        if raw:
            try:
                ctx.body = json.loads(raw)
            except ValueError as exc:
                raise DiscordHTTPError(
                    400, 50109, "The request body contains invalid JSON.", kind="malformed_body"
                ) from exc

    def _check_auth(self, request: web.Request, ctx: RequestRecord) -> None:
        if ctx.path.startswith(("/webhooks/", "/interactions/")):
            return
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise DiscordHTTPError(401, 0, "401: Unauthorized", kind="unauthorized")

    def _check_spec(self, ctx: RequestRecord) -> None:
        if self.spec is None:
            return
        problems = self.spec.validate_request(ctx.method, ctx.path, ctx.body)
        if problems:
            detail = "; ".join(problems)
            if self.reject_spec_violations:
                raise DiscordHTTPError(400, 50035, "Invalid Form Body", kind="openapi", detail=detail)
            self.record_violation("openapi", detail, ctx)

    def connected_hosts(self) -> set[str]:
        """The host names (:meth:`api_url_at`) of the clients that still hold a connection, the
        gateway's included: once a killed client's name is gone, the fake has read everything
        it sent before it died."""
        self._clients = {transport: host for transport, host in self._clients.items() if not transport.is_closing()}
        return set(self._clients.values())

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if request.transport is not None:
            self._clients[request.transport] = request.host.rpartition(":")[0] or request.host
        if not request.path.startswith(API_PREFIX + "/"):
            return await handler(request)  # gateway, attachments, and unknown non-API paths
        resource = request.match_info.route.resource
        canonical = resource.canonical if resource is not None else ""
        known = canonical.startswith(API_PREFIX)
        ctx = RequestRecord(
            request.method,
            request.path.removeprefix(API_PREFIX),
            dict(request.query),
            self.clock.now(),
            route=canonical.removeprefix(API_PREFIX) if known else None,
            host=request.host.rpartition(":")[0] or request.host,
        )
        request[CTX] = ctx
        self.requests.append(ctx)
        self.traffic.count(ctx)
        self._answering += 1
        try:
            return await self._answer(request, handler, ctx, known=known)
        finally:
            self._answering -= 1
            self._notify()

    async def _answer(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        ctx: RequestRecord,
        *,
        known: bool,
    ) -> web.StreamResponse:
        try:
            try:
                await self._read_body(request, ctx)
            except ConnectionError:
                # The client went away in the middle of sending (a killed bot process): there is
                # nobody to answer, and nothing of the request was acted on.
                self.aborted_requests.append(ctx)
                return json_response({"message": "the client hung up", "code": 0}, status=400)
            if not known:
                response = await handler(request)
            else:
                self._check_auth(request, ctx)
                self._check_spec(ctx)
                ctx.retry = retry = self.faults.is_retry(ctx)
                waste = len(self.identical_edits), len(self.reuploads)
                fault = self.faults.for_request(ctx, self._callback_interaction(request))
                if fault is None:
                    response = await handler(request)
                else:
                    response = await self._faulted(request, handler, ctx, fault)
                if retry:
                    self._excuse_waste(ctx, *waste)
        except DiscordHTTPError as error:
            if error.kind is not None and self._fault_explains(error, ctx):
                self.expect_fault_consequence(error.kind, error.detail, ctx)
            elif error.kind is not None:
                self.record_violation(error.kind, error.detail, ctx)
            if ctx.interaction is not None:
                ctx.interaction.errors.append((error.status, error.code, error.message))
            response = json_response(error.body(), status=error.status)
        except Exception as exc:  # a bug in the fake must not look like a Discord outage (5xx is retried)
            self.internal_errors.append(f"{ctx.method} {ctx.path}: {''.join(traceback.format_exception(exc))}")
            response = json_response({"message": f"fake discord internal error: {exc!r}", "code": 0}, status=400)
        ctx.status = None if (ctx.fault or "").startswith("callback_drop") else response.status
        if isinstance(response, web.Response) and response.body is not None and response.status != 204:
            try:
                ctx.response = json.loads(response.body)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                ctx.response = None
        if self.check_own_responses and self.spec is not None and ctx.route and response.status < 300:
            deviations = self.spec.validate_response(ctx.method, ctx.path, response.status, ctx.response)
            if deviations:
                self.internal_errors.append(f"{ctx.method} {ctx.route} response deviates from the spec: {deviations}")
        self._call_spies(ctx)
        for listener in list(self.request_listeners):
            try:
                listener(ctx)
            except Exception as error:
                self.internal_errors.append(f"request listener {listener!r} failed: {error!r}")
        self._notify()
        return response

    def _callback_interaction(self, request: web.Request) -> int | None:
        if not request.path.endswith("/callback"):
            return None
        return snowflake_or_none(request.match_info.get("interaction_id"))

    async def _faulted(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        ctx: RequestRecord,
        fault: RestFault,
    ) -> web.StreamResponse:
        """Answer a request the way the injected fault says (see :mod:`.faults`)."""
        ctx.fault = fault.kind
        if fault.kind == "slow":
            plan = self.faults.plan
            assert plan is not None
            await sleep(self.clock if plan.slow_on_clock else LoopScheduler(), plan.slow_seconds)
            return await handler(request)
        if fault.kind in ("rate_limit", "global_rate_limit"):
            return self.faults.rate_limited(ctx, is_global=fault.kind == "global_rate_limit")
        if fault.kind.startswith("callback_"):
            rec = self.interactions.get(self._callback_interaction(request) or 0)
            if rec is not None:
                rec.fault = fault.kind
        response = await handler(request) if fault.after_effect else None
        if response is not None and response.status >= 300:
            return response  # the request failed anyway: no effect to hide
        if fault.drop:
            # No answer at all: the client sees the server disconnect.
            transport = request.transport
            if transport is not None:
                transport.close()
            return web.Response(status=204)
        return self.faults.server_error(fault.status)

    def _excuse_waste(self, ctx: RequestRecord, edits: int, reuploads: int) -> None:
        """A retry of an edit whose first attempt took effect changes nothing: the fault's doing."""
        for message_id in self.identical_edits[edits:]:
            self.expect_fault_consequence("identical_edit", f"message {message_id} edited again by a retry", ctx)
        for message_id in self.reuploads[reuploads:]:
            self.expect_fault_consequence("reupload", f"message {message_id} got its image again by a retry", ctx)
        del self.identical_edits[edits:], self.reuploads[reuploads:]

    def _fault_explains(self, error: DiscordHTTPError, ctx: RequestRecord) -> bool:
        """Whether an error the bot met follows from an injected fault: a retried delete finds
        the message gone, a retried callback whose first attempt took effect is already
        acknowledged, and one that was lost with a dropped session may arrive late."""
        if ctx.retry and error.kind == "unknown_message" and ctx.method == "DELETE":
            return True  # the first attempt deleted it
        rec = ctx.interaction
        if rec is None or rec.fault is None:
            return False
        if error.kind == "double_ack" and rec.fault.endswith("_after") and not rec.fault_excused:
            # Once: the retry of a callback that had taken effect (discord.py retries a 5xx; a
            # bot whose connection dropped cannot know). A bot told 40060 knows, and stops.
            rec.fault_excused = True
            return True
        return error.kind == "late_response"

    def _call_spies(self, ctx: RequestRecord) -> None:
        if not self.spies or (ctx.body is None and not ctx.files):
            return
        event = SpyEvent(ctx.method, ctx.path, ctx.body, tuple(ctx.files), ctx.audience, ctx.interaction)
        for spy in list(self.spies):
            try:
                spy(event)
            except Exception as exc:
                self.record_violation("spy", f"{type(exc).__name__}: {exc}", ctx)
