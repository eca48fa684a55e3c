"""The fake's world kept in an SQLite file, so that a sandbox stopped (or killed) comes back as it was.

Only the sandbox keeps its world (``python -m bot --sandbox --database ...``); the tests' fakes
live in memory. What is kept: the application and its users, guilds with their roles, members
and channels, DM channels, messages with their components and attachments, the synced commands,
the interactions whose tokens may still be used (a panel is edited through one after a restart),
and the snowflake counter, so that every id stays the same and a new one never repeats an old one.

Each kind of object is one :class:`Kind`: how to list its objects, and how to write and read one
(a dict of JSON, and bytes for an attachment's file). A new kind (an emoji, say) is one more
entry in :func:`world_kinds`. Every record sits in one table, ``records(kind, id, data, blob)``.

When: :meth:`WorldFile.flush` runs after every request the fake answered, before the answer goes
out, so what the bot was told was done is on disk; it writes only the records that changed (the
messages and interactions a request touched, and the small kinds whose JSON differs from what
was written). The file is in WAL mode: a kill -9 loses nothing that was committed.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import models

if TYPE_CHECKING:
    from .models import RequestRecord
    from .server import FakeDiscord

__all__ = ["Kind", "WorldFile", "world_kinds"]

Record = dict[str, Any]

SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    kind TEXT NOT NULL,
    id INTEGER NOT NULL,
    data TEXT NOT NULL,
    blob BLOB,
    PRIMARY KEY (kind, id)
)
"""


@dataclass(frozen=True)
class Kind:
    """One kind of object the file keeps.

    ``objects`` lists every object of the kind when the kind is scanned on each flush (small
    kinds: users, guilds...); a kind with ``scanned=False`` is written only when marked changed
    (:meth:`WorldFile.mark`: messages, attachments, interactions). ``load`` takes the records
    back, in the order of the kinds (a message needs its channel)."""

    name: str
    objects: Callable[[], Iterable[Any]]
    key: Callable[[Any], int]
    dump: Callable[[Any], Record]
    load: Callable[[Record, bytes | None], None]
    blob: Callable[[Any], bytes | None] = lambda _: None
    scanned: bool = True


@dataclass
class WorldFile:
    """An open world file: restores the fake from it, then keeps it up to date."""

    fake: FakeDiscord
    path: Path
    connection: sqlite3.Connection
    kinds: dict[str, Kind] = field(default_factory=dict)
    written: dict[tuple[str, int], str] = field(default_factory=dict)
    """The JSON each record was last written with: an unchanged object is not written again."""
    changed: dict[tuple[str, int], Any] = field(default_factory=dict)
    """Objects of unscanned kinds marked changed since the last flush."""
    present: dict[str, set[int]] = field(default_factory=dict)
    """The ids of each scanned kind at the last flush (or restore): one gone since is deleted."""
    _interactions_seen: int = 0

    @classmethod
    def open(cls, fake: FakeDiscord, path: Path) -> WorldFile:
        """Open (or create) the file at ``path`` for ``fake``, which must not be serving a bot yet;
        call :meth:`restore` to take back what it holds."""
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")  # durable across a killed process
        connection.execute(SCHEMA)
        world = cls(fake, path, connection)
        for kind in world_kinds(fake):
            world.add_kind(kind)
        return world

    def add_kind(self, kind: Kind) -> None:
        """Keep one more kind of object (the sandbox's page adds its tabs)."""
        self.kinds[kind.name] = kind

    def restore(self, *names: str) -> bool:
        """Take back the records of these kinds (all, by default), in the order they were
        added; returns whether there were any."""
        found = False
        for name in names or tuple(self.kinds):
            kind = self.kinds[name]
            rows = self.connection.execute(
                "SELECT id, data, blob FROM records WHERE kind = ? ORDER BY id", (name,)
            ).fetchall()
            for record_id, data, blob in rows:
                kind.load(json.loads(data), blob)
                self.written[name, record_id] = data
                self.present.setdefault(name, set()).add(record_id)
                found = True
        self._interactions_seen = len(self.fake.interactions)
        return found

    def attach(self) -> None:
        """Write every change from now on: messages as the fake announces them, the rest after
        each request it answers."""
        self.fake.message_listeners.append(self._message_changed)
        self.fake.request_listeners.append(self._request_answered)

    def mark(self, kind: str, item: Any) -> None:
        """``item`` of an unscanned kind changed: write it at the next flush."""
        self.changed[kind, self.kinds[kind].key(item)] = item

    def _message_changed(self, message: models.FakeMessage) -> None:
        self.mark("message", message)
        for attachment in message.attachments:
            if ("attachment", attachment.id) not in self.written:
                self.mark("attachment", attachment)
        if message.interaction is not None:
            self.mark("interaction", message.interaction)

    def _request_answered(self, request: RequestRecord) -> None:
        if request.method == "GET":
            return  # a read changes nothing to keep
        if request.interaction is not None:
            self.mark("interaction", request.interaction)
        self.flush()

    def flush(self) -> None:
        """Write what changed since the last flush, in one transaction."""
        interactions = list(self.fake.interactions.values())
        for rec in interactions[self._interactions_seen :]:
            self.mark("interaction", rec)
        self._interactions_seen = len(interactions)
        rows: list[tuple[str, int, str, bytes | None]] = []
        gone: list[tuple[str, int]] = []
        for kind in self.kinds.values():
            if not kind.scanned:
                continue
            present = set()
            for item in kind.objects():
                present.add(kind.key(item))
                self._row(kind, item, rows)
            # An object the fake dropped (a deleted emoji) must not come back at the next start.
            gone += [(kind.name, record_id) for record_id in self.present.get(kind.name, set()) - present]
            self.present[kind.name] = present
        for (name, _), item in self.changed.items():
            self._row(self.kinds[name], item, rows)
        self.changed.clear()
        if not rows and not gone:
            return
        with self.connection:
            self.connection.execute("BEGIN")
            self.connection.executemany("DELETE FROM records WHERE kind = ? AND id = ?", gone)
            self.connection.executemany(
                "INSERT INTO records (kind, id, data, blob) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (kind, id) DO UPDATE SET data = excluded.data, blob = excluded.blob",
                rows,
            )
        for name, record_id, data, _ in rows:
            self.written[name, record_id] = data
        for key in gone:
            self.written.pop(key, None)

    def _row(self, kind: Kind, item: Any, rows: list[tuple[str, int, str, bytes | None]]) -> None:
        data = json.dumps(kind.dump(item), ensure_ascii=False, separators=(",", ":"))
        record_id = kind.key(item)
        if self.written.get((kind.name, record_id)) != data:
            rows.append((kind.name, record_id, data, kind.blob(item)))

    def close(self) -> None:
        self.flush()
        self.connection.close()


# --- the fake's kinds ------------------------------------------------------------------------------


def world_kinds(fake: FakeDiscord) -> list[Kind]:
    """The kinds of the fake's world, in the order they are read back."""
    world = _World(fake)
    return [
        Kind("application", lambda: (fake,), lambda _: 0, world.dump_application, world.load_application),
        Kind("user", lambda: fake.users.values(), _key, world.dump_user, world.load_user),
        Kind("guild", lambda: fake.guilds.values(), _key, world.dump_guild, world.load_guild),
        Kind("channel", lambda: fake.channels.values(), _key, world.dump_channel, world.load_channel),
        Kind("member", world.members, world.member_key, world.dump_member, world.load_member),
        Kind("commands", lambda: (fake,), lambda _: 0, world.dump_commands, world.load_commands),
        Kind("emoji", lambda: fake.emojis.values(), _key, world.dump_emoji, world.load_emoji, _emoji_picture),
        Kind("attachment", lambda: (), _key, world.dump_attachment, world.load_attachment, _attachment_data, False),
        Kind("message", lambda: (), _key, world.dump_message, world.load_message, scanned=False),
        Kind("interaction", lambda: (), _key, world.dump_interaction, world.load_interaction, scanned=False),
    ]


MESSAGE_FIELDS = (
    "id",
    "content",
    "embeds",
    "components",
    "flags",
    "type",
    "webhook_id",
    "timestamp",
    "edited_timestamp",
    "deleted",
    "extra",
)
"""A message's fields that are plain JSON, written and read back as they are."""
USER_FIELDS = ("id", "name", "bot", "global_name", "locale")
GUILD_FIELDS = ("id", "name", "owner_id", "shard_id")
ROLE_FIELDS = ("id", "name", "permissions", "position", "bot_id")
ATTACHMENT_FIELDS = ("id", "filename", "content_type", "description", "ephemeral")


def _fields(item: Any, names: tuple[str, ...]) -> Record:
    """The plain JSON fields ``names`` of a dataclass, by name (what is written as it is)."""
    return {name: getattr(item, name) for name in names}


def _key(item: Any) -> int:
    return int(item.id)


def _attachment_data(attachment: models.FakeAttachment) -> bytes:
    return attachment.data


def _emoji_picture(emoji: models.FakeEmoji) -> bytes:
    return emoji.data


class _World:
    """How each object of the fake is written and read back."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._interaction_messages: dict[int, list[models.FakeMessage]] = {}
        """Messages read back, by the interaction that made them (linked once that is in)."""

    # the application: its id, the bot's user, the owner and the snowflake counter
    def dump_application(self, fake: FakeDiscord) -> Record:
        return {
            "application_id": fake.application_id,
            "owner_id": fake.owner.id,
            "last_id": fake.ids.last,
        }

    def load_application(self, record: Record, blob: bytes | None) -> None:
        fake = self.fake
        fake.users.pop(fake.bot_user.id, None)
        fake.users.pop(fake.owner.id, None)
        fake.application_id = fake.bot_user.id = int(record["application_id"])
        fake.users[fake.bot_user.id] = fake.bot_user
        fake.owner.id = int(record["owner_id"])
        fake.users[fake.owner.id] = fake.owner
        fake.ids.resume_after(int(record["last_id"]))

    def dump_user(self, user: models.FakeUser) -> Record:
        return _fields(user, USER_FIELDS)

    def load_user(self, record: Record, blob: bytes | None) -> None:
        fake = self.fake
        user = fake.users.get(int(record["id"]))  # the bot and the owner are there already
        if user is None:
            user = models.FakeUser(fake, **{name: record[name] for name in USER_FIELDS})
            fake.users[user.id] = user
        user.name, user.global_name, user.locale = record["name"], record["global_name"], record["locale"]

    def dump_guild(self, guild: models.FakeGuild) -> Record:
        return {**_fields(guild, GUILD_FIELDS), "roles": [_fields(role, ROLE_FIELDS) for role in guild.roles]}

    def load_guild(self, record: Record, blob: bytes | None) -> None:
        fake = self.fake
        guild = models.FakeGuild(fake, **{name: record[name] for name in GUILD_FIELDS})
        guild.roles = [models.FakeRole(guild, **{name: role[name] for name in ROLE_FIELDS}) for role in record["roles"]]
        fake.guilds[guild.id] = guild

    def dump_channel(self, channel: models.FakeChannel) -> Record:
        return {
            "id": channel.id,
            "name": channel.name,
            "type": channel.type,
            "guild_id": channel.guild.id if channel.guild is not None else None,
            "recipient_id": channel.recipient.id if channel.recipient is not None else None,
            "position": channel.position,
            "topic": channel.topic,
        }

    def load_channel(self, record: Record, blob: bytes | None) -> None:
        fake = self.fake
        guild = fake.guilds[int(record["guild_id"])] if record["guild_id"] is not None else None
        recipient = fake.users[int(record["recipient_id"])] if record["recipient_id"] is not None else None
        channel = models.FakeChannel(
            fake, int(record["id"]), record["name"], int(record["type"]), guild, recipient, int(record["position"])
        )
        channel.topic = record["topic"]
        if guild is not None:
            guild.channels.append(channel)
            guild.channels.sort(key=lambda c: c.position)
        fake.restore_channel(channel)

    def members(self) -> Iterable[models.FakeMember]:
        return [member for guild in self.fake.guilds.values() for member in guild.members.values()]

    @staticmethod
    def member_key(member: models.FakeMember) -> int:
        # A member is its user in one guild: the user's id in the guild's shard-free low bits
        # would not be unique across guilds, so the key mixes both (a sandbox has one guild).
        return hash((member.guild.id, member.user.id)) & 0x7FFF_FFFF_FFFF_FFFF

    def dump_member(self, member: models.FakeMember) -> Record:
        return {
            "guild_id": member.guild.id,
            "user_id": member.user.id,
            "roles": [role.id for role in member.roles],
            "nick": member.nick,
            "joined_at": member.joined_at,
        }

    def load_member(self, record: Record, blob: bytes | None) -> None:
        guild = self.fake.guilds[int(record["guild_id"])]
        user = self.fake.users[int(record["user_id"])]
        roles = {role.id: role for role in guild.roles}
        member_roles = [roles[int(role_id)] for role_id in record["roles"]]
        guild.members[user.id] = models.FakeMember(guild, user, member_roles, record["nick"], record["joined_at"])

    def dump_commands(self, fake: FakeDiscord) -> Record:
        return {
            "global": fake.commands_global,
            "guilds": {str(guild_id): commands for guild_id, commands in fake.commands_guild.items()},
            "ids": [
                [guild_id, kind, name, command_id] for (guild_id, kind, name), command_id in fake.command_ids.items()
            ],
        }

    def load_commands(self, record: Record, blob: bytes | None) -> None:
        fake = self.fake
        fake.commands_global = list(record["global"])
        fake.commands_guild = {int(guild_id): list(commands) for guild_id, commands in record["guilds"].items()}
        fake.command_ids = {(guild_id, kind, name): command_id for guild_id, kind, name, command_id in record["ids"]}

    # the application's emojis (the tile pictures the bot uploads once): kept, so a restart
    # neither uploads them again nor leaves restored panels with emoji ids the fake forgot
    def dump_emoji(self, emoji: models.FakeEmoji) -> Record:
        return {"id": emoji.id, "name": emoji.name, "creator_id": emoji.creator.id}

    def load_emoji(self, record: Record, blob: bytes | None) -> None:
        creator = self.fake.users[int(record["creator_id"])]
        emoji = models.FakeEmoji(int(record["id"]), str(record["name"]), blob or b"", creator)
        self.fake.emojis[emoji.id] = emoji

    def dump_attachment(self, attachment: models.FakeAttachment) -> Record:
        channel_id = attachment.url.split("/attachments/")[1].split("/")[0] if attachment.url else "0"
        return {**_fields(attachment, ATTACHMENT_FIELDS), "channel_id": int(channel_id)}

    def load_attachment(self, record: Record, blob: bytes | None) -> None:
        fields = {name: record[name] for name in ATTACHMENT_FIELDS}
        # The fake serves its files on a new port each run: the URL is this run's.
        url = f"{self.fake.base_url}/attachments/{record['channel_id']}/{record['id']}/{record['filename']}"
        attachment = models.FakeAttachment(**fields, data=blob or b"", url=url)
        self.fake.attachments[attachment.id] = attachment

    def dump_message(self, message: models.FakeMessage) -> Record:
        return {
            **_fields(message, MESSAGE_FIELDS),
            "channel_id": message.channel.id,
            "author_id": message.author.id,
            "attachments": [attachment.id for attachment in message.attachments],
            "ephemeral_to": message.ephemeral_to.id if message.ephemeral_to is not None else None,
            "interaction_id": message.interaction.id if message.interaction is not None else None,
        }

    def load_message(self, record: Record, blob: bytes | None) -> None:
        fake = self.fake
        message = models.FakeMessage(
            fake,
            channel=fake.channels[int(record["channel_id"])],
            author=fake.users[int(record["author_id"])],
            attachments=[fake.attachments[int(a)] for a in record["attachments"] if int(a) in fake.attachments],
            ephemeral_to=fake.users[int(record["ephemeral_to"])] if record["ephemeral_to"] is not None else None,
            **{name: record[name] for name in MESSAGE_FIELDS},
        )
        fake.messages[message.id] = message
        if record["interaction_id"] is not None:
            self._interaction_messages.setdefault(int(record["interaction_id"]), []).append(message)

    def dump_interaction(self, rec: models.InteractionRecord) -> Record:
        clock = self.fake.clock
        to_wall = clock.time() - clock.now()  # monotonic times are kept as Unix times
        return {
            "id": rec.id,
            "token": rec.token,
            "type": rec.type,
            "user_id": rec.user.id,
            "channel_id": rec.channel.id,
            "created_at": rec.created_at + to_wall,
            "owners": rec.payload.get("authorizing_integration_owners", {}),
            "command": rec.command,
            "custom_id": rec.custom_id,
            "source_message_id": rec.source_message.id if rec.source_message is not None else None,
            "response_type": rec.response_type,
            "responded_at": rec.responded_at + to_wall if rec.responded_at is not None else None,
            "failed": rec.failed,
            "original_id": rec.original.id if rec.original is not None else None,
            "followup_ids": [message.id for message in rec.followups],
            "first_followup_done": rec.first_followup_done,
        }

    def load_interaction(self, record: Record, blob: bytes | None) -> None:
        fake = self.fake
        from_wall = fake.clock.now() - fake.clock.time()
        channel = fake.channels.get(int(record["channel_id"]))
        user = fake.users.get(int(record["user_id"]))
        if channel is None or user is None:
            return
        rec = models.InteractionRecord(
            fake,
            int(record["id"]),
            record["token"],
            int(record["type"]),
            user,
            channel,
            float(record["created_at"]) + from_wall,
            {"authorizing_integration_owners": record["owners"]},
            member=channel.guild.member(user) if channel.guild is not None else None,
            command=record["command"],
            custom_id=record["custom_id"],
            source_message=fake.messages.get(record["source_message_id"] or 0),
            response_type=record["response_type"],
            responded_at=float(record["responded_at"]) + from_wall if record["responded_at"] is not None else None,
            # One that was never answered before the stop is not answered now: it failed.
            failed=bool(record["failed"]) or record["response_type"] is None,
            original=fake.messages.get(record["original_id"] or 0),
            followups=[fake.messages[m] for m in record["followup_ids"] if m in fake.messages],
            first_followup_done=bool(record["first_followup_done"]),
        )
        rec.done.set()
        fake.interactions[rec.id] = rec
        fake.interactions_by_token[rec.token] = rec
        for message in self._interaction_messages.pop(rec.id, []):
            message.interaction = rec
