"""The sandbox's web page: each browser tab is one member of the local Discord.

The page (``static/``) talks to this server over one WebSocket. A tab says hello with a name
and a locale and becomes a member of the sandbox guild; from then on it gets every message it
may see (public ones in the guild's channels, its own ephemeral replies, its DMs) as they are
created, edited and deleted, and sends what a Discord client sends: a typed slash command, a
button click, a select. Those go through the local Discord's own interaction path, so the bot
cannot tell a tab from a Discord client.

What a tab is shown is decided here, not in the page: a message goes to a tab only if the
tab's member can see it (``FakeMessage.visible_to``), and an image is served only to a tab that
was sent a message holding it. One tab never receives another's hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import mimetypes
import re
import secrets
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, ClassVar
from urllib.parse import quote

from aiohttp import WSMsgType, web

from bot.runtime.customid import PANEL_LANGUAGES, PanelId
from bot.runtime.customid import parse as parse_button
from bot.runtime.errors import InvalidButton
from render.text import EMOJI_FONT, UI_FONT

from .commands import CommandLineError, Member, parse_command_line
from .fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeMessage, InteractionRefused
from .fakediscord.persistence import Kind, Record, WorldFile

log = logging.getLogger(__name__)

FONT_DIR = UI_FONT.parent

LOCALES = ("en-US", "ja")
"""The locales a tab can choose (the bot answers in English or Japanese)."""
NAME_LIMIT = 32
STATIC_FILES = {"app.js": "text/javascript", "style.css": "text/css", "index.html": "text/html"}
_ATTACHMENT_URL = re.compile(r"/attachments/\d+/(?P<id>\d+)/[^/?#]+")
NO_RESPONSE = "The application did not respond"
INTERACTION_FAILED = "This interaction failed"


@dataclass(eq=False)
class Tab:
    """One browser tab: a member of the sandbox guild and what it has been sent."""

    token: str
    member: FakeMember
    socket: web.WebSocketResponse | None = None
    sent: set[int] = field(default_factory=set)
    """Ids of the messages this tab was sent (it is told when they are deleted)."""
    images: set[int] = field(default_factory=set)
    """Ids of the attachments this tab may fetch: those of messages it was sent."""
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    """The ops this tab sent that are still being carried out."""
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    """What goes to the tab, in order: one writer sends it, so an older edit of a message can
    never arrive after a newer one."""
    writer: asyncio.Task[None] | None = None

    @property
    def locale(self) -> str:
        return self.member.user.locale


class SandboxWeb:
    """The aiohttp app that serves the page and one WebSocket per tab."""

    FONTS: ClassVar[dict[str, str]] = {
        UI_FONT.name: "font/otf",
        EMOJI_FONT.name: "font/ttf",
        "JantakuSymbols-Bold.ttf": "font/ttf",
    }
    """The fonts of ``render/fonts`` the page's stylesheet loads, with their media types."""

    def __init__(self, fake: FakeDiscord, guild: FakeGuild, *, world: WorldFile | None = None) -> None:
        """``world``: the file the local Discord is kept in; the tabs are kept there too, so a
        tab reloaded after a restart is the same member."""
        self.fake = fake
        self.guild = guild
        self.tabs: dict[str, Tab] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.host = "127.0.0.1"
        self.world = world
        fake.message_listeners.append(self._message_changed)
        if world is not None:
            world.add_kind(Kind("tab", self.tabs.values, _tab_key, _dump_tab, self._load_tab))
            world.restore("tab")

    def _load_tab(self, record: Record, blob: bytes | None) -> None:
        member = self.guild.member(int(record["user_id"]))
        if member is not None:
            self.tabs[record["token"]] = Tab(record["token"], member)

    def _saved(self) -> None:
        """A tab joined or changed its language: keep it (the local Discord's requests are kept
        as they are answered)."""
        if self.world is not None:
            self.world.flush()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self._page)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/static/fonts/{name}", self._font)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/media/{token}/{attachment_id}/{filename}", self._media)
        app.router.add_get("/emojis/{emoji_id}.png", self._emoji)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.host = host
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        for tab in self.tabs.values():
            for task in (*tab.tasks, *([tab.writer] if tab.writer is not None else [])):
                task.cancel()
            if tab.socket is not None:
                await tab.socket.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- pages ---------------------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return self._file("index.html")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC_FILES or name == "index.html":
            raise web.HTTPNotFound()
        return self._file(name)

    async def _font(self, request: web.Request) -> web.StreamResponse:
        # The renderer's committed fonts (subsets of Noto Sans CJK and Noto Color Emoji, OFL, and
        # of DejaVu Sans for a few symbols): every character of the page and the bot's texts
        # shows on a machine without a Japanese font (tests/sandbox/test_fonts.py), and nothing
        # is fetched from a CDN.
        name = request.match_info["name"]
        if name not in self.FONTS:
            raise web.HTTPNotFound()
        return web.Response(
            body=(FONT_DIR / name).read_bytes(),
            content_type=self.FONTS[name],
            headers={"Cache-Control": "max-age=86400"},
        )

    @staticmethod
    def _file(name: str) -> web.Response:
        body = resources.files("bot.sandbox").joinpath("static", name).read_bytes()
        return web.Response(
            body=body, content_type=STATIC_FILES[name], charset="utf-8", headers={"Cache-Control": "no-cache"}
        )

    async def _media(self, request: web.Request) -> web.StreamResponse:
        tab = self.tabs.get(request.match_info["token"])
        try:
            attachment_id = int(request.match_info["attachment_id"])
        except ValueError:
            raise web.HTTPNotFound() from None
        if tab is None or attachment_id not in tab.images:
            raise web.HTTPNotFound()
        attachment = self.fake.attachments.get(attachment_id)
        if attachment is None:
            raise web.HTTPNotFound()
        # Immutable: an attachment id always names the same bytes.
        headers = {"Cache-Control": "private, max-age=3600"}
        if attachment.is_png:
            return web.Response(body=attachment.data, content_type="image/png", headers=headers)
        # Anything else (a replay's game-N.json) is a file to save, never a page to open here.
        headers["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(attachment.filename)}"
        return web.Response(body=attachment.data, content_type=_file_type(attachment.filename), headers=headers)

    async def _emoji(self, request: web.Request) -> web.StreamResponse:
        """An application emoji's picture, public as on Discord's CDN (buttons show them)."""
        picture = self.fake.emoji_picture(request.match_info["emoji_id"])
        if picture is None:
            raise web.HTTPNotFound()
        # Immutable: an emoji id always names the same picture.
        return web.Response(body=picture, content_type="image/png", headers={"Cache-Control": "max-age=86400"})

    # --- the socket ----------------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(heartbeat=30.0, max_msg_size=64 * 1024)
        await socket.prepare(request)
        tab: Tab | None = None
        try:
            async for frame in socket:
                if frame.type != WSMsgType.TEXT:
                    continue
                try:
                    op = json.loads(frame.data)
                    if not isinstance(op, dict):
                        raise TypeError("not an object")
                except (ValueError, TypeError):
                    await socket.send_json({"op": "error", "text": "That was not a message this page sends."})
                    continue
                if tab is None:
                    tab = await self._hello(socket, op)
                    continue
                task = asyncio.create_task(self._handle(tab, op))
                tab.tasks.add(task)
                task.add_done_callback(tab.tasks.discard)
        finally:
            if tab is not None and tab.socket is socket:
                tab.socket = None
        return socket

    async def _hello(self, socket: web.WebSocketResponse, op: dict[str, Any]) -> Tab | None:
        """A tab introduces itself: its token (a reload of a tab that played) or a new name."""
        if op.get("op") != "hello":
            await socket.send_json({"op": "error", "text": "Say hello first."})
            return None
        locale = op.get("locale") if op.get("locale") in LOCALES else LOCALES[0]
        tab = self.tabs.get(str(op.get("token") or ""))
        if tab is None:
            name = " ".join(str(op.get("name") or "").split())
            problem = self._name_problem(name)
            if problem:
                await socket.send_json({"op": "hello_refused", "text": problem})
                return None
            member = self.guild.add_member(name)
            tab = Tab(secrets.token_urlsafe(18), member)
            self.tabs[tab.token] = tab
        elif tab.socket is not None and not tab.socket.closed:
            await tab.socket.close()  # the same tab reloaded: the newer socket wins
        tab.member.user.locale = str(locale)
        self._saved()
        tab.socket, tab.sent = socket, set()
        while not tab.outbox.empty():  # meant for the socket before: the welcome has it all
            tab.outbox.get_nowait()
        self._send(tab, self._welcome(tab))
        if tab.writer is None:
            tab.writer = asyncio.create_task(self._write(tab))
        return tab

    def _name_problem(self, name: str) -> str:
        if not name:
            return "Choose a name to play under."
        if len(name) > NAME_LIMIT:
            return f"A name has at most {NAME_LIMIT} characters."
        if any(tab.member.name.casefold() == name.casefold() for tab in self.tabs.values()):
            return f"Someone here is already called {name}: choose another name."
        return ""

    def _welcome(self, tab: Tab) -> dict[str, Any]:
        channels = self.guild.text_channels
        dm = self.fake.dm_channel(tab.member)
        messages = [
            self._message_json(tab, message)
            for channel in [*channels, dm]
            for message in self.fake.messages_in(channel, include_ephemeral=True)
            if message.visible_to(tab.member)
        ]
        return {
            "op": "welcome",
            "token": tab.token,
            "me": {"id": str(tab.member.id), "name": tab.member.name, "locale": tab.locale},
            "locales": list(LOCALES),
            "guild": {"id": str(self.guild.id), "name": self.guild.name},
            "channels": [{"id": str(c.id), "name": c.name} for c in channels],
            "dm": str(dm.id),
            "bot": {"id": str(self.fake.bot_user.id), "name": self.fake.bot_user.name},
            "commands": self._commands(),
            "messages": messages,
        }

    def _commands(self) -> list[dict[str, Any]]:
        return [*self.fake.commands(self.guild), *self.fake.commands()]

    def _members(self) -> list[Member]:
        return [Member(tab.member.id, tab.member.name) for tab in self.tabs.values()]

    def _names(self) -> dict[str, str]:
        names = {str(tab.member.id): tab.member.name for tab in self.tabs.values()}
        names[str(self.fake.bot_user.id)] = self.fake.bot_user.name
        return names

    async def _handle(self, tab: Tab, op: dict[str, Any]) -> None:
        ref = op.get("ref")
        try:
            kind = op.get("op")
            if kind == "slash":
                await self._slash(tab, self._channel(op.get("channel")), str(op.get("text") or ""))
            elif kind in ("click", "select"):
                message = self._message(op.get("message"))
                values = op.get("values") if kind == "select" else None
                if values is not None and not (isinstance(values, list) and all(isinstance(v, str) for v in values)):
                    raise CommandLineError("A select sends a list of its options' values.")
                record = await tab.member.click(message, str(op.get("custom_id") or ""), values=values)
                if record.failed:
                    self._send(tab, {"op": "error", "ref": ref, "text": INTERACTION_FAILED})
            elif kind == "locale":
                locale = op.get("locale")
                if locale not in LOCALES:
                    raise CommandLineError(f"The locales here are {', '.join(LOCALES)}.")
                changed = tab.locale != locale
                tab.member.user.locale = str(locale)
                self._saved()
                self._send(tab, {"op": "locale", "locale": locale, "commands": self._commands()})
                if changed:
                    await self._panels_follow(tab, str(locale))
            else:
                raise CommandLineError("That was not a message this page sends.")
        except (CommandLineError, InteractionRefused) as error:
            self._send(tab, {"op": "error", "ref": ref, "text": str(error)})
        except Exception:
            log.exception("sandbox: %s from %s failed", op.get("op"), tab.member.name)
            self._send(tab, {"op": "error", "ref": ref, "text": INTERACTION_FAILED})
        else:
            self._send(tab, {"op": "done", "ref": ref})

    async def _panels_follow(self, tab: Tab, locale: str) -> None:
        """The tab's open hand panels follow its new language at once: for each game, the newest
        panel the tab holds has its 🌐 button pressed, as the player would (a Discord client only
        tells a bot its language with the next interaction)."""
        newest: dict[int, tuple[FakeMessage, str]] = {}
        # What the tab was shown (its panels among them), oldest first: snowflakes grow.
        for message_id in sorted(tab.sent):
            message = self.fake.messages.get(message_id)
            if message is None or message.deleted or message.audience.kind == "public":
                continue
            for custom_id in message.custom_ids:
                button = _language_button(custom_id)
                if button is not None and PANEL_LANGUAGES[button.op] == locale:
                    newest[button.game] = (message, custom_id)
        for message, custom_id in newest.values():
            await tab.member.click(message, custom_id)

    def _channel(self, value: object) -> FakeChannel:
        channel = self.fake.channels.get(_snowflake(value))
        if channel is None or channel.guild is not self.guild:
            raise CommandLineError("There is no such channel here.")
        return channel

    def _message(self, value: object) -> FakeMessage:
        message = self.fake.messages.get(_snowflake(value))
        if message is None:
            raise CommandLineError("That message is gone.")
        return message

    async def _slash(self, tab: Tab, channel: FakeChannel, line: str) -> None:
        typed = parse_command_line(line, self._commands(), locale=tab.locale, members=self._members())
        values: dict[str, Any] = {}
        for name, value in typed.values.items():
            values[name] = self.guild.member(value.id) if isinstance(value, Member) else value
        record = await tab.member.slash(channel, typed.name, options=values)
        if record.failed:
            self._send(tab, {"op": "error", "text": NO_RESPONSE})

    # --- what tabs are sent --------------------------------------------------------------------

    def _message_changed(self, message: FakeMessage) -> None:
        for tab in self.tabs.values():
            if tab.socket is None:
                continue
            if message.deleted or not message.visible_to(tab.member):
                if message.id in tab.sent:
                    tab.sent.discard(message.id)
                    self._send(tab, {"op": "delete", "id": str(message.id), "channel": str(message.channel.id)})
                continue
            self._send(tab, {"op": "message", "message": self._message_json(tab, message)})

    @staticmethod
    def _send(tab: Tab, payload: dict[str, Any]) -> None:
        """Queue ``payload`` for the tab (the fake calls listeners inside its request handlers,
        which must not wait on a browser)."""
        tab.outbox.put_nowait(payload)

    @staticmethod
    async def _write(tab: Tab) -> None:
        """Send the tab's outbox in order, to whichever socket the tab has now."""
        while True:
            payload = await tab.outbox.get()
            socket = tab.socket
            if socket is None or socket.closed:
                continue  # a tab away gets everything again in its next welcome
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.send_json(payload)

    def _message_json(self, tab: Tab, message: FakeMessage) -> dict[str, Any]:
        """The message as the page draws it, its images as links only this tab can open."""
        tab.sent.add(message.id)
        attachments = []
        for attachment in message.attachments:
            tab.images.add(attachment.id)
            attachments.append(
                {
                    "id": str(attachment.id),
                    "filename": attachment.filename,
                    "url": self._media_url(tab, attachment.id, attachment.filename),
                    "size": attachment.size,
                    "image": attachment.is_png,
                    "alt": attachment.description or attachment.filename,
                }
            )
        interaction = message.interaction
        return {
            "id": str(message.id),
            "channel": str(message.channel.id),
            "author": {"id": str(message.author.id), "name": message.author.name, "bot": message.author.bot},
            "content": message.content,
            "embeds": self._linked(tab, message.embeds),
            "components": message.components,
            "attachments": attachments,
            "ephemeral": message.ephemeral,
            "loading": message.loading,
            "edited": message.edited_timestamp is not None,
            "timestamp": message.timestamp,
            "used": (
                {"user": interaction.user.name, "command": interaction.command}
                if interaction is not None and interaction.command
                else None
            ),
            "names": self._names(),
        }

    def _media_url(self, tab: Tab, attachment_id: int, filename: str) -> str:
        return f"/media/{tab.token}/{attachment_id}/{filename}"

    def _linked(self, tab: Tab, embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Embeds with the local Discord's attachment links turned into this tab's links."""

        def swap(value: Any) -> Any:
            if isinstance(value, dict):
                return {key: swap(item) for key, item in value.items()}
            if isinstance(value, list):
                return [swap(item) for item in value]
            if isinstance(value, str):
                match = _ATTACHMENT_URL.search(value)
                if match is not None:
                    attachment = self.fake.attachments.get(int(match["id"]))
                    if attachment is not None:
                        tab.images.add(attachment.id)
                        return self._media_url(tab, attachment.id, attachment.filename)
            return value

        return [swap(embed) for embed in embeds]


def _language_button(custom_id: str) -> PanelId | None:
    """The panel's 🌐 button this custom_id is, if it is one."""
    with contextlib.suppress(InvalidButton):
        button = parse_button(custom_id)
        if isinstance(button, PanelId) and button.op in PANEL_LANGUAGES:
            return button
    return None


def _tab_key(tab: Tab) -> int:
    return tab.member.id


def _dump_tab(tab: Tab) -> Record:
    return {"token": tab.token, "user_id": tab.member.id}


def _file_type(filename: str) -> str:
    """A download's media type from its name (what Discord's CDN sends), bytes when unknown."""
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def _snowflake(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return 0
