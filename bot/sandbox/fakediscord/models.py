"""The fake's world: users, guilds, channels, messages, interactions, and what it records."""

from __future__ import annotations

import asyncio
import copy
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from . import limits
from ._util import PATIENCE, PNG_SIGNATURE, png_size

if TYPE_CHECKING:
    from .server import FakeDiscord

# Permission bits (developers/topics/permissions.mdx).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
SPEAK = 1 << 21
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS

GUILD_TEXT = 0
DM = 1


def user_payload(user: FakeUser) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "primary_guild": None,
    }


class _Actor:
    """What a fake user can do in Discord's client; every method drives one interaction."""

    fake: FakeDiscord

    def _as_user(self) -> FakeUser:
        raise NotImplementedError

    async def slash(
        self,
        channel: FakeChannel,
        command: str,
        *,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
        wait: bool = True,
        **kwargs: Any,
    ) -> InteractionRecord:
        """Invoke ``/command`` (e.g. ``"mahjong new"``) with option values given by name.

        Option names that are not Python identifiers go in ``options``. Values: str/int/float/bool,
        a FakeUser/FakeMember for user options, a FakeChannel, a FakeRole, or ``(filename, bytes)``
        for attachments. ``locale`` is the user's client language (``ja``...); names stay the
        command's own, as Discord sends them whatever language the client showed. With ``wait``
        (the default) this returns once the bot has sent its initial response or the interaction
        failed.
        """
        values = {**(options or {}), **kwargs}
        return await self.fake.invoke_slash(self._as_user(), channel, command, values, locale=locale, wait=wait)

    async def slash_raw(
        self,
        channel: FakeChannel,
        command: str,
        *,
        options: list[dict[str, Any]] | None = None,
        resolved: dict[str, Any] | None = None,
        locale: str | None = None,
        wait: bool = True,
    ) -> InteractionRecord:
        """Send ``/command`` with an options payload exactly as given, checked against nothing: what
        a modified client (or one whose commands are older than the bot's) can send.

        ``command`` is the path (``"mahjong new nishoku"``): each word after the first becomes a
        subcommand wrapper around ``options`` (the last a subcommand, those before it groups),
        whether or not the bot has it; with only the command's name, ``options`` is the whole
        payload. ``resolved`` is sent as the interaction's resolved data. Only the caller's right
        to use the channel is checked.
        """
        return await self.fake.invoke_slash_raw(
            self._as_user(), channel, command, options or [], resolved, locale=locale, wait=wait
        )

    async def autocomplete(
        self, channel: FakeChannel, command: str, focused: str, *, options: dict[str, Any] | None = None, **kwargs: Any
    ) -> InteractionRecord:
        """Type into option ``focused``; the record's ``choices`` holds what the bot suggested."""
        values = {**(options or {}), **kwargs}
        return await self.fake.invoke_autocomplete(self._as_user(), channel, command, focused, values)

    async def click(
        self, message: FakeMessage | int, custom_id: str, *, values: list[Any] | None = None, wait: bool = True
    ) -> InteractionRecord:
        """Click a button (or, with ``values``, choose from a select) on a message this user can see."""
        return await self.fake.invoke_component(self._as_user(), message, custom_id, values, wait=wait)

    async def select(
        self, message: FakeMessage | int, custom_id: str, values: list[Any], *, wait: bool = True
    ) -> InteractionRecord:
        """Choose ``values`` in a select menu (string values, or users/roles/channels for those selects)."""
        return await self.fake.invoke_component(self._as_user(), message, custom_id, values, wait=wait)

    async def submit_modal(
        self, interaction: InteractionRecord, values: dict[str, str | list[str]], *, wait: bool = True
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot opened in answer to ``interaction``."""
        return await self.fake.invoke_modal_submit(self._as_user(), interaction, values, wait=wait)


@dataclass(eq=False)
class FakeUser(_Actor):
    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    locale: str = "en-US"
    """The language of this user's client: every interaction they start carries it."""

    def _as_user(self) -> FakeUser:
        return self

    @property
    def user(self) -> FakeUser:
        return self

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return user_payload(self)


@dataclass(eq=False)
class FakeRole:
    guild: FakeGuild = field(repr=False)
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.bot_id is not None,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeMember(_Actor):
    guild: FakeGuild = field(repr=False)
    user: FakeUser
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = ""

    @property
    def fake(self) -> FakeDiscord:  # type: ignore[override]
        return self.guild.fake

    def _as_user(self) -> FakeUser:
        return self.user

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def permissions(self) -> int:
        perms = self.guild.everyone.permissions
        for role in self.roles:
            perms |= role.permissions
        if perms & ADMINISTRATOR or self.guild.owner_id == self.user.id:
            return ALL_PERMISSIONS
        return perms

    def has(self, permission: int) -> bool:
        return self.permissions & permission == permission

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(role.id) for role in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "avatar_decoration_data": None,
            "collectibles": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    type: int = GUILD_TEXT
    guild: FakeGuild | None = field(default=None, repr=False)
    recipient: FakeUser | None = None
    position: int = 0
    topic: str | None = None

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def messages(self) -> list[FakeMessage]:
        """Public messages, oldest first (ephemerals are not in the channel)."""
        return self.fake.messages_in(self)

    def payload(self) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        assert self.guild is not None
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "topic": self.topic,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeGuild:
    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    owner_id: int
    shard_id: int = 0
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[0]

    def add_role(self, name: str, permissions: int = 0) -> FakeRole:
        role = FakeRole(self, self.fake.ids.next(), name, permissions, position=len(self.roles))
        self.roles.append(role)
        self.fake.gateway.guild_changed(self, "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()})
        return role

    @property
    def managers(self) -> FakeRole:
        """A role with Manage Server (created on first use)."""
        for role in self.roles:
            if role.name == "Manager" and role.permissions & MANAGE_GUILD:
                return role
        return self.add_role("Manager", EVERYONE_PERMISSIONS | MANAGE_GUILD)

    def add_text_channel(self, name: str, *, topic: str | None = None) -> FakeChannel:
        channel = FakeChannel(self.fake, self.fake.ids.next(), name, GUILD_TEXT, self, position=len(self.channels))
        channel.topic = topic
        self.channels.append(channel)
        self.fake.channels[channel.id] = channel
        self.fake.gateway.guild_changed(self, "CHANNEL_CREATE", channel.payload())
        return channel

    def add_member(
        self,
        user: FakeUser | str,
        *,
        manage_guild: bool = False,
        administrator: bool = False,
        roles: list[FakeRole] | None = None,
        nick: str | None = None,
    ) -> FakeMember:
        """Add a member (creating the user from a name if needed); ``manage_guild`` grants Manage Server."""
        if isinstance(user, str):
            user = self.fake.add_user(user)
        member_roles = list(roles or [])
        if manage_guild:
            member_roles.append(self.managers)
        if administrator:
            admin = next((r for r in self.roles if r.permissions & ADMINISTRATOR), None)
            member_roles.append(admin or self.add_role("Admin", ADMINISTRATOR))
        member = FakeMember(self, user, member_roles, nick, self.fake.clock.iso())
        self.members[user.id] = member
        return member

    def member(self, user: FakeUser | FakeMember | int) -> FakeMember | None:
        user_id = user if isinstance(user, int) else user.id
        return self.members.get(user_id)

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels if c.type == GUILD_TEXT]

    def payload(self, *, all_members: bool = True) -> dict[str, Any]:
        """The GUILD_CREATE payload. Like Discord, it lists every member only for a client with the
        GUILD_MEMBERS intent (so no chunking is needed); otherwise just the bot's own member."""
        bot_id = self.fake.bot_user.id
        members = [m.payload() for m in self.members.values() if all_members or m.user.id == bot_id]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "widget_enabled": False,
            "application_id": None,
            "features": [],
            "roles": [role.payload() for role in self.roles],
            "emojis": [],
            "stickers": [],
            "soundboard_sounds": [],
            "channels": [channel.payload() for channel in self.channels],
            "threads": [],
            "members": members,
            "member_count": len(self.members),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "joined_at": self.fake.clock.iso(),
            "large": False,
            "unavailable": False,
            "lazy": True,
        }


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes = field(repr=False)
    content_type: str | None = None
    description: str | None = None
    url: str = ""
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)

    @property
    def dimensions(self) -> tuple[int, int] | None:
        return png_size(self.data)

    def image(self) -> Any:
        """The attachment decoded with Pillow (a ``PIL.Image.Image``)."""
        import io

        from PIL import Image

        return Image.open(io.BytesIO(self.data))

    def payload(self) -> dict[str, Any]:
        content_type = self.content_type
        if content_type in (None, "application/octet-stream") and self.is_png:
            content_type = "image/png"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": content_type,
            "ephemeral": self.ephemeral,
        }
        if self.description is not None:
            data["description"] = self.description
        if (dimensions := self.dimensions) is not None:
            data["width"], data["height"] = dimensions
        return data


@dataclass(eq=False)
class FakeEmoji:
    """An application emoji (``/applications/{id}/emojis``): its name and the picture uploaded.

    The fake's CDN serves the picture at ``/emojis/{id}.png``, as Discord's does.
    """

    id: int
    name: str
    data: bytes = field(repr=False)
    creator: FakeUser

    @property
    def dimensions(self) -> tuple[int, int] | None:
        return png_size(self.data)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "user": self.creator.payload(),
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }


Visibility = Literal["public", "ephemeral", "dm", "none"]


@dataclass(frozen=True)
class Audience:
    """Who can see what a request carries: a channel's members, one user, or nobody."""

    kind: Visibility
    channel_id: int | None = None
    user_id: int | None = None

    def can_see(self, user: FakeUser | FakeMember, fake: FakeDiscord | None = None) -> bool:
        if self.kind == "none":
            return False
        if self.kind in ("ephemeral", "dm"):
            return user.id == self.user_id
        if fake is None or self.channel_id is None:
            return True
        channel = fake.channels.get(self.channel_id)
        return channel is not None and channel.guild is not None and channel.guild.member(user) is not None


NOBODY = Audience("none")


@dataclass(eq=False)
class FakeMessage:
    fake: FakeDiscord = field(repr=False)
    id: int
    channel: FakeChannel = field(repr=False)
    author: FakeUser = field(repr=False)
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    ephemeral_to: FakeUser | None = None
    interaction: InteractionRecord | None = field(default=None, repr=False)
    webhook_id: int | None = None
    timestamp: str = ""
    edited_timestamp: str | None = None
    deleted: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list, repr=False)
    edited_at: list[float] = field(default_factory=list, repr=False)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & limits.EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & limits.LOADING)

    @property
    def audience(self) -> Audience:
        if self.ephemeral_to is not None:
            return Audience("ephemeral", self.channel.id, self.ephemeral_to.id)
        if self.channel.is_dm:
            assert self.channel.recipient is not None
            return Audience("dm", self.channel.id, self.channel.recipient.id)
        return Audience("public", self.channel.id)

    def visible_to(self, user: FakeUser | FakeMember) -> bool:
        return not self.deleted and self.audience.can_see(user, self.fake)

    def walk_components(self) -> Iterator[dict[str, Any]]:
        return limits.walk_components(self.components)

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if isinstance(c.get("custom_id"), str)]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == limits.BUTTON]

    @property
    def text(self) -> str:
        """Content, embed text and V2 text displays, joined: handy for ``in`` assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields") or []]
            parts += [(embed.get("footer") or {}).get("text") or ""]
        parts += [c.get("content", "") for c in self.walk_components() if c.get("type") == limits.TEXT_DISPLAY]
        return "\n".join(p for p in parts if p)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "pinned": False,
            "flags": self.flags,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction.metadata(self)
        data.update(copy.deepcopy(self.extra))
        return data


@dataclass
class CallbackRecord:
    """One attempt at an interaction callback, accepted or not."""

    type: int
    data: dict[str, Any] | None
    at: float
    accepted: bool
    error: str | None = None


@dataclass(eq=False)
class InteractionRecord:
    """An interaction a fake user started, and everything the bot did with it."""

    fake: FakeDiscord = field(repr=False)
    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel = field(repr=False)
    created_at: float
    payload: dict[str, Any] = field(repr=False)
    member: FakeMember | None = field(default=None, repr=False)
    command: str | None = None
    custom_id: str | None = None
    source_message: FakeMessage | None = field(default=None, repr=False)
    parent: InteractionRecord | None = field(default=None, repr=False)
    callbacks: list[CallbackRecord] = field(default_factory=list, repr=False)
    response_type: int | None = None
    responded_at: float | None = None
    failed: bool = False
    original: FakeMessage | None = field(default=None, repr=False)
    followups: list[FakeMessage] = field(default_factory=list, repr=False)
    modal: dict[str, Any] | None = field(default=None, repr=False)
    choices: list[dict[str, Any]] | None = None
    errors: list[tuple[int, int, str]] = field(default_factory=list)
    first_followup_done: bool = False
    token_edits: list[float] = field(default_factory=list, repr=False)
    """When a message was edited through this interaction's token (``PATCH …/messages/…``): after a
    deferred answer, what shows the player the result of this interaction and no other."""
    done: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    fault: str | None = None
    """An injected fault this interaction met (its callback failed, or the gateway session that
    carried it was dropped): a failure that follows is the fault's, not the bot's."""
    fault_excused: bool = False
    """Whether the one second initial response a fault excuses was already sent."""

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def message(self) -> FakeMessage | None:
        """The message the initial response created or updated (the ``@original``)."""
        return self.original

    @property
    def messages(self) -> list[FakeMessage]:
        found = [self.original] if self.original is not None else []
        return found + [m for m in self.followups if m is not self.original]

    def metadata(self, message: FakeMessage | None = None) -> dict[str, Any]:
        """The ``interaction_metadata`` Discord attaches to messages this interaction created."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": self.payload.get("authorizing_integration_owners", {}),
        }
        if self.type == 3 and self.source_message is not None:
            data["interacted_message_id"] = str(self.source_message.id)
        if self.type == 5 and self.parent is not None:
            data["triggering_interaction_metadata"] = self.parent.metadata()
        original = self.original
        if message is not None and original is not None and message is not original and original.interaction is self:
            data["original_response_message_id"] = str(original.id)
        return data

    async def wait_response(self, timeout: float = PATIENCE) -> InteractionRecord:  # noqa: ASYNC109
        """Wait until the bot acknowledged the interaction or it failed; returns self. (On the
        machine's clock the fake fails it at its deadline; on a manual one only when a test
        advances the clock past it. ``timeout`` only guards against a hang.)"""
        await asyncio.wait_for(self.done.wait(), timeout)
        return self

    async def wait_followups(self, count: int = 1, timeout: float = PATIENCE) -> list[FakeMessage]:  # noqa: ASYNC109
        await self.fake.wait_for(lambda: len(self.followups) >= count, timeout=timeout)
        return self.followups


@dataclass
class Violation:
    """A rule the bot broke (or a request the fake could not make sense of)."""

    kind: str
    detail: str
    method: str | None = None
    path: str | None = None
    interaction_id: int | None = None
    at: float | None = None
    """When it was recorded (the fake's clock): a crash soak excuses what happened while the bot was down."""

    def __str__(self) -> str:
        where = f" [{self.method} {self.path}]" if self.method else ""
        return f"{self.kind}: {self.detail}{where}"


@dataclass
class UploadedFile:
    field_name: str
    filename: str
    data: bytes = field(repr=False)
    content_type: str | None = None


@dataclass
class Traffic:
    """What the bot sent the API, as running totals: requests (all, and interaction callbacks
    and follow-ups apart, since Discord's global rate limit does not count those) and bytes of
    request bodies (JSON and uploaded files; ``file_bytes`` the files alone)."""

    requests: int = 0
    interaction_requests: int = 0
    bytes: int = 0
    file_bytes: int = 0
    routes: Counter[str] = field(default_factory=Counter)
    """Requests by method and route template (``PATCH /channels/{channel_id}/messages/{message_id}``)."""

    def count(self, request: RequestRecord) -> None:
        self.requests += 1
        self.routes[f"{request.method} {request.route or request.path}"] += 1
        if request.path.startswith(("/interactions/", "/webhooks/")):
            self.interaction_requests += 1

    def reset(self) -> None:
        self.requests = self.interaction_requests = self.bytes = self.file_bytes = 0
        self.routes.clear()


@dataclass(eq=False)
class RequestRecord:
    """One HTTP request the bot made, as the fake saw and answered it."""

    method: str
    path: str
    query: dict[str, str]
    at: float
    route: str | None = None
    body: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    status: int | None = None
    response: Any = None
    audience: Audience = NOBODY
    interaction: InteractionRecord | None = field(default=None, repr=False)
    fault: str | None = None
    """The fault injected into this request (see :mod:`.faults`), if any."""
    retry: bool = False
    """Whether this request repeats one that met a fault (as discord.py retries 5xx and 429)."""
    host: str = ""
    """The name the client sent it to, without the port (``127.0.0.1``, or ``localhost`` for a
    client pointed at :meth:`FakeDiscord.api_url_at`): interaction callbacks and webhooks carry
    nothing else that says which client made them."""

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@dataclass(frozen=True)
class SpyEvent:
    """What the bot sent in one request and who can see it, for information-leak checks.

    ``audience`` is who would see the payload if Discord accepted it (a rejected request keeps
    the audience it was aimed at): ``public`` (members of ``channel_id``'s guild), ``ephemeral``
    or ``dm`` (only ``user_id``), or ``none`` (not shown to anyone, e.g. a command sync).
    """

    method: str
    path: str
    payload: Any
    files: tuple[UploadedFile, ...]
    audience: Audience
    interaction: InteractionRecord | None = None

    def strings(self) -> list[str]:
        """Every string in the payload: content, embed text, labels, custom_ids, option values."""
        return list(_strings(self.payload))

    def custom_ids(self) -> list[str]:
        components = self.payload.get("components") if isinstance(self.payload, dict) else None
        data = self.payload.get("data") if isinstance(self.payload, dict) else None
        if components is None and isinstance(data, dict):
            components = data.get("components")
        return [c["custom_id"] for c in limits.walk_components(components) if isinstance(c.get("custom_id"), str)]


Spy = Callable[[SpyEvent], object]
