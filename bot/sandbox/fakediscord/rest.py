"""REST routes discord.py uses, with Discord's rules for messages and interaction responses."""

from __future__ import annotations

import base64
import binascii
import copy
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from ._util import as_dict, as_int, json_response, snowflake_or_none
from .errors import (
    DiscordHTTPError,
    invalid_form_body,
    unknown_channel,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MESSAGES
from .models import (
    Audience,
    CallbackRecord,
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeMessage,
    FakeUser,
    InteractionRecord,
    RequestRecord,
    UploadedFile,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

Handler = Callable[[web.Request, RequestRecord], Awaitable[web.StreamResponse]]

# Interaction and callback types.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL, LAUNCH_ACTIVITY = 8, 9, 12
CALLBACK_NAMES = {
    1: "PONG",
    4: "CHANNEL_MESSAGE_WITH_SOURCE",
    5: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    6: "DEFERRED_UPDATE_MESSAGE",
    7: "UPDATE_MESSAGE",
    8: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    9: "MODAL",
    12: "LAUNCH_ACTIVITY",
}
INTERACTION_NAMES = {2: "APPLICATION_COMMAND", 3: "MESSAGE_COMPONENT", 4: "AUTOCOMPLETE", 5: "MODAL_SUBMIT"}

# Message types.
DEFAULT_MESSAGE, CHAT_INPUT_COMMAND = 0, 20

USER_EXTRAS = {"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None, "premium_type": 0}


def _field_error(field: str, code: str, message: str | None = None) -> dict[str, Any]:
    """Discord's ``errors`` object for one field of a form."""
    return {field: {"_errors": [{"code": code, "message": message or code}]}}


def _image_data(value: Any) -> bytes | None:
    """The bytes of an image data URI (``data:image/png;base64,...``), if it is one Discord takes."""
    if not isinstance(value, str):
        return None
    header, _, encoded = value.partition(",")
    if header not in ("data:image/png;base64", "data:image/jpeg;base64", "data:image/gif;base64"):
        return None
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        return None


def _truthy(value: str | None) -> bool:
    return value is not None and value.lower() in ("1", "true", "yes")


class RestApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Handler]]:
        """(method, path template, handler); templates use the spec's spelling, without /api/v10."""
        return [
            ("GET", "/gateway", self.gateway),
            ("GET", "/gateway/bot", self.gateway_bot),
            ("GET", "/users/@me", self.current_user),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/applications/@me", self.application),
            ("GET", "/applications/{application_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/commands", self.put_commands),
            ("POST", "/applications/{application_id}/commands", self.post_command),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            ("POST", "/applications/{application_id}/guilds/{guild_id}/commands", self.post_command),
            ("GET", "/applications/{application_id}/emojis", self.list_emojis),
            ("POST", "/applications/{application_id}/emojis", self.create_emoji),
            ("GET", "/applications/{application_id}/emojis/{emoji_id}", self.get_emoji),
            ("DELETE", "/applications/{application_id}/emojis/{emoji_id}", self.delete_emoji),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.get_guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_channel_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_channel_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_channel_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_channel_message),
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", self.callback),
            ("POST", "/webhooks/{webhook_id}/{webhook_token}", self.create_followup),
            ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", self.get_webhook_message),
            ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", self.edit_webhook_message),
            ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", self.delete_webhook_message),
            ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.get_webhook_message),
            ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.edit_webhook_message),
            ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.delete_webhook_message),
        ]

    # -- startup -------------------------------------------------------------------------------

    async def gateway(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def gateway_bot(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
        return json_response(
            {"url": self.fake.gateway_url, "shards": self.fake.shard_count, "session_start_limit": limit}
        )

    async def current_user(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response(self.fake.bot_user_payload())

    async def application(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        fake = self.fake
        return json_response(
            {
                "id": str(fake.application_id),
                "name": fake.application_name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "flags_new": "0",
                "owner": fake.owner.payload(),
                "team": None,
                "bot": fake.bot_user.payload(),
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "rpc_origins": [],
                "tags": [],
                "approximate_guild_count": len(fake.guilds),
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "role_connections_verification_url": None,
                "explicit_content_filter": 0,
                "eligible_oauth2_scopes": ["bot", "applications.commands"],
                "integration_types_config": {"0": {}},
            }
        )

    # -- users, guilds, channels ------------------------------------------------------------------

    def _user(self, raw: Any) -> FakeUser:
        user_id = snowflake_or_none(raw)
        user = self.fake.users.get(user_id) if user_id is not None else None
        if user is None:
            raise DiscordHTTPError(404, 10013, "Unknown User", kind="unknown_user", detail=f"no user {raw}")
        return user

    async def get_user(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response(self._user(request.match_info["user_id"]).payload())

    async def create_dm(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        user_id = snowflake_or_none(as_dict(ctx.body).get("recipient_id"))
        user = self.fake.users.get(user_id) if user_id is not None else None
        if user is None or user.bot:
            raise DiscordHTTPError(400, 50033, "Invalid Recipient(s)", kind="unknown_user")
        return json_response(self.fake.dm_channel(user).payload())

    def _guild(self, raw: str) -> Any:
        guild = self.fake.guilds.get(snowflake_or_none(raw) or 0)
        if guild is None:
            raise DiscordHTTPError(404, 10004, "Unknown Guild", kind="unknown_guild", detail=f"no guild {raw}")
        return guild

    async def get_guild(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        payload = self._guild(request.match_info["guild_id"]).payload()
        for key in ("channels", "members", "threads", "presences", "voice_states", "joined_at", "member_count"):
            payload.pop(key, None)
        return json_response(payload)

    async def get_guild_channels(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response([c.payload() for c in self._guild(request.match_info["guild_id"]).channels])

    async def get_guild_roles(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response([r.payload() for r in self._guild(request.match_info["guild_id"]).roles])

    async def get_member(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        member = self._guild(request.match_info["guild_id"]).member(
            snowflake_or_none(request.match_info["user_id"]) or 0
        )
        if member is None:
            raise DiscordHTTPError(404, 10007, "Unknown Member", kind="unknown_member")
        return json_response(member.payload())

    def _channel(self, raw: str) -> FakeChannel:
        channel = self.fake.channels.get(snowflake_or_none(raw) or 0)
        if channel is None:
            raise unknown_channel(f"no channel {raw}")
        return channel

    async def get_channel(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response(self._channel(request.match_info["channel_id"]).payload())

    async def typing(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        self._channel(request.match_info["channel_id"])
        return web.Response(status=204)

    # -- application commands -------------------------------------------------------------------

    def _command_scope(self, request: web.Request) -> int | None:
        if snowflake_or_none(request.match_info["application_id"]) != self.fake.application_id:
            raise DiscordHTTPError(403, 50001, "Missing Access", kind="wrong_application")
        if "guild_id" in request.match_info:
            return int(self._guild(request.match_info["guild_id"]).id)
        return None

    def _command_out(self, command: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
        fake = self.fake
        ctype = command.get("type") or 1
        command_id = fake.command_ids.setdefault((guild_id, ctype, command.get("name", "")), fake.ids.next())
        out: dict[str, Any] = {
            "id": str(command_id),
            "application_id": str(fake.application_id),
            "version": str(command_id),
            "type": ctype,
            "name": command.get("name"),
            "name_localizations": command.get("name_localizations"),
            "description": command.get("description") or "",
            "description_localizations": command.get("description_localizations"),
            "options": copy.deepcopy(command.get("options") or []),
            "default_member_permissions": _optional_str(command.get("default_member_permissions")),
            "nsfw": bool(command.get("nsfw")),
            "contexts": command.get("contexts") if command.get("contexts") is not None else [0, 1, 2],
            "integration_types": command.get("integration_types") or [0],
        }
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
            out["contexts"] = command.get("contexts")
        else:
            out["dm_permission"] = command.get("dm_permission", True) is not False
        return out

    def _check_commands(self, body: Any) -> None:
        problems = limits.check_commands(body)
        if problems:
            raise invalid_form_body("command_sync", "; ".join(p.text for p in problems))

    async def put_commands(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        guild_id = self._command_scope(request)
        self._check_commands(ctx.body)
        result = [self._command_out(c, guild_id) for c in ctx.body]
        if guild_id is None:
            self.fake.commands_global = result
        else:
            self.fake.commands_guild[guild_id] = result
        self.fake.sync_count += 1
        return json_response(result)

    async def post_command(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        guild_id = self._command_scope(request)
        self._check_commands([ctx.body])
        out = self._command_out(ctx.body, guild_id)
        current = self.fake.commands_global if guild_id is None else self.fake.commands_guild.setdefault(guild_id, [])
        current[:] = [c for c in current if (c["type"], c["name"]) != (out["type"], out["name"])] + [out]
        return json_response(out, status=201)

    async def get_commands(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        guild_id = self._command_scope(request)
        if guild_id is None:
            return json_response(self.fake.commands_global)
        return json_response(self.fake.commands_guild.get(guild_id, []))

    # -- application emojis ----------------------------------------------------------------------

    def _own_application(self, request: web.Request) -> None:
        if snowflake_or_none(request.match_info["application_id"]) != self.fake.application_id:
            raise DiscordHTTPError(403, 50001, "Missing Access", kind="wrong_application")
        if self.fake.emojis_refused:
            raise DiscordHTTPError(403, 50013, "Missing Permissions")

    def _emoji(self, request: web.Request) -> FakeEmoji:
        self._own_application(request)
        emoji = self.fake.emojis.get(snowflake_or_none(request.match_info["emoji_id"]) or 0)
        if emoji is None:
            raise DiscordHTTPError(404, 10014, "Unknown Emoji", kind="unknown_emoji")
        return emoji

    async def list_emojis(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        self._own_application(request)
        return json_response({"items": [emoji.payload() for emoji in self.fake.emojis.values()]})

    async def get_emoji(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response(self._emoji(request).payload())

    async def delete_emoji(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        del self.fake.emojis[self._emoji(request).id]
        return web.Response(status=204)

    async def create_emoji(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        """Discord's rules: a name of 2-32 of ``[A-Za-z0-9_]`` not taken in the application, a PNG,
        JPEG or GIF data URI of at most 256 KiB, at most 2,000 emojis."""
        self._own_application(request)
        body = as_dict(ctx.body)
        name, image = body.get("name"), body.get("image")
        if not isinstance(name, str) or not limits.EMOJI_NAME.fullmatch(name):
            raise invalid_form_body("invalid_emoji", f"emoji name {name!r}", _field_error("name", "BASE_TYPE_BAD_NAME"))
        if any(emoji.name == name for emoji in self.fake.emojis.values()):
            # Not the bot's fault: two processes may race to create the same emoji.
            raise DiscordHTTPError(
                400,
                50035,
                "Invalid Form Body",
                errors=_field_error("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Emoji name already taken."),
            )
        data = _image_data(image)
        if data is None or len(data) > limits.MAX_EMOJI_BYTES:
            size = "unreadable" if data is None else f"{len(data)} bytes"
            errors = _field_error("image", "BINARY_TYPE_MAX_SIZE")
            raise invalid_form_body("invalid_emoji", f"emoji image {size}", errors)
        if len(self.fake.emojis) >= limits.MAX_APPLICATION_EMOJIS:
            raise DiscordHTTPError(400, 30008, "Maximum number of emojis reached (2000)", kind="limits")
        emoji = FakeEmoji(self.fake.ids.next(), name, data, self.fake.bot_user)
        self.fake.emojis[emoji.id] = emoji
        return json_response(emoji.payload(), status=201)

    def _check_emojis(self, components: Any) -> None:
        """A component's custom emoji must exist (an application's, as the fake has no guild
        emojis): Discord refuses the message otherwise."""
        for component in limits.walk_components(components or []):
            emoji = component.get("emoji")
            if not isinstance(emoji, dict) or emoji.get("id") is None:
                continue
            if snowflake_or_none(emoji.get("id")) not in self.fake.emojis:
                raise invalid_form_body(
                    "invalid_emoji",
                    f"no emoji {emoji.get('id')} ({emoji.get('name')!r})",
                    _field_error("emoji", "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji"),
                )

    # -- messages: shared rules -----------------------------------------------------------------

    def _raise_problems(self, problems: list[limits.Problem]) -> None:
        if not problems:
            return
        detail = "; ".join(p.text for p in problems)
        for code, message in ((50006, "Cannot send an empty message"), (30015, "Maximum number of attachments")):
            if any(p.code == code for p in problems):
                raise DiscordHTTPError(400, code, message, kind="limits", detail=detail)
        raise invalid_form_body("limits", detail)

    def _check_files(self, files: list[UploadedFile]) -> None:
        limit = self.fake.attachment_size_limit
        for upload in files:
            if len(upload.data) > limit:
                raise DiscordHTTPError(
                    413,
                    40005,
                    "Request entity too large",
                    kind="file_too_large",
                    detail=f"{upload.filename} is {len(upload.data)} bytes (limit {limit})",
                )

    def _uploads_by_index(self, files: list[UploadedFile]) -> dict[int, UploadedFile]:
        uploads: dict[int, UploadedFile] = {}
        for position, upload in enumerate(files):
            name = upload.field_name
            index = position
            if name.startswith("files[") and name.endswith("]") and name[6:-1].isdigit():
                index = int(name[6:-1])
            uploads[index] = upload
        return uploads

    def _attachments(
        self,
        channel: FakeChannel,
        requested: Any,
        files: list[UploadedFile],
        existing: list[FakeAttachment],
        ephemeral: bool,
    ) -> list[FakeAttachment]:
        """Attachments after a create or edit: kept ones (by id) plus new uploads (by index)."""
        uploads = self._uploads_by_index(files)
        used: set[int] = set()
        result: list[FakeAttachment] = []
        by_id = {a.id: a for a in existing}
        entries = requested if isinstance(requested, list) else None
        if entries is None:
            result = list(existing)
        for entry in entries or []:
            if not isinstance(entry, dict):
                continue
            ident = snowflake_or_none(entry.get("id"))
            if ident is not None and ident in by_id:
                result.append(by_id[ident])
            elif ident is not None and ident in uploads:
                used.add(ident)
                result.append(self._new_attachment(channel, uploads[ident], entry, ephemeral))
        for index, upload in sorted(uploads.items()):
            if index not in used:
                result.append(self._new_attachment(channel, upload, {}, ephemeral))
        return result

    def _new_attachment(
        self, channel: FakeChannel, upload: UploadedFile, entry: dict[str, Any], ephemeral: bool
    ) -> FakeAttachment:
        attachment_id = self.fake.ids.next()
        filename = entry.get("filename") or upload.filename
        attachment = FakeAttachment(
            attachment_id,
            filename,
            upload.data,
            upload.content_type,
            entry.get("description"),
            f"{self.fake.base_url}/attachments/{channel.id}/{attachment_id}/{filename}",
            ephemeral,
        )
        self.fake.attachments[attachment_id] = attachment
        return attachment

    def _resolve_media(self, media: Any, attachments: list[FakeAttachment]) -> Any:
        """Turn ``attachment://name`` references into the uploaded file's URL, as Discord does."""
        if not isinstance(media, dict) or not str(media.get("url", "")).startswith("attachment://"):
            return media
        name = media["url"][len("attachment://") :]
        found = next((a for a in attachments if a.filename == name), None)
        if found is None:
            raise invalid_form_body("limits", f"attachment://{name} refers to no attachment of this message")
        resolved = {**media, "id": str(self.fake.ids.next()), "url": found.url, "proxy_url": found.url}
        resolved.update(content_type=found.payload()["content_type"], attachment_id=str(found.id))
        if (dimensions := found.dimensions) is not None:
            resolved["width"], resolved["height"] = dimensions
        return resolved

    def _normalise_embeds(self, embeds: Any, attachments: list[FakeAttachment]) -> list[dict[str, Any]]:
        result = []
        for embed in embeds or []:
            embed = copy.deepcopy(embed)
            embed.setdefault("type", "rich")
            for key in ("image", "thumbnail"):
                if key in embed:
                    embed[key] = self._resolve_media(embed[key], attachments)
            result.append(embed)
        return result

    def _normalise_components(self, components: Any, attachments: list[FakeAttachment]) -> list[dict[str, Any]]:
        """Echo components the way Discord does: numeric ids assigned, select defaults filled in."""
        result = copy.deepcopy(components or [])
        next_id = 1
        for component in limits.walk_components(result):
            if component.get("id") is None:
                component["id"] = next_id
            next_id = max(next_id, int(component["id"]) if isinstance(component["id"], int) else 0) + 1
            emoji = component.get("emoji")
            if isinstance(emoji, dict) and emoji.get("id") is not None:
                emoji["id"] = str(emoji["id"])  # a snowflake, a string in what Discord sends back
            if component.get("type") in limits.SELECTS:
                component.setdefault("min_values", 1)
                component.setdefault("max_values", 1)
            if component.get("type") == limits.THUMBNAIL:
                component["media"] = self._resolve_media(component.get("media"), attachments)
                component.setdefault("description", None)
                component.setdefault("spoiler", False)
            if component.get("type") == limits.FILE:
                component["file"] = self._resolve_media(component.get("file"), attachments)
                component.setdefault("spoiler", False)
            if component.get("type") == limits.MEDIA_GALLERY:
                for item in component.get("items") or []:
                    item["media"] = self._resolve_media(item.get("media"), attachments)
                    item.setdefault("description", None)
                    item.setdefault("spoiler", False)
        return result

    def create_message(
        self,
        channel: FakeChannel,
        data: dict[str, Any],
        files: list[UploadedFile],
        *,
        ephemeral_to: FakeUser | None = None,
        interaction: InteractionRecord | None = None,
        message_type: int = DEFAULT_MESSAGE,
        extra_flags: int = 0,
        check: bool = True,
    ) -> FakeMessage:
        fake = self.fake
        flags = as_int(data.get("flags"))
        flags = (flags & ~limits.EPHEMERAL) | extra_flags | (limits.EPHEMERAL if ephemeral_to is not None else 0)
        if check:
            self._raise_problems(limits.check_message(data, creating=True, file_count=len(files), flags=flags))
            self._check_files(files)
            self._check_emojis(data.get("components"))
        message = FakeMessage(
            fake,
            fake.ids.next(),
            channel,
            fake.bot_user,
            flags=flags,
            type=message_type,
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            webhook_id=fake.application_id if interaction is not None else None,
            timestamp=fake.clock.iso(),
        )
        message.attachments = self._attachments(channel, data.get("attachments"), files, [], ephemeral_to is not None)
        message.content = data.get("content") or ""
        message.embeds = self._normalise_embeds(data.get("embeds"), message.attachments)
        message.components = self._normalise_components(data.get("components"), message.attachments)
        for key in ("message_reference", "poll", "sticker_ids"):
            if data.get(key) is not None:
                message.extra[key] = copy.deepcopy(data[key])
        if channel.guild is not None:
            message.extra["guild_id"] = str(channel.guild.id)
        fake.messages[message.id] = message
        self._broadcast(message, "MESSAGE_CREATE")
        fake.message_changed(message)
        return message

    def edit_message(self, message: FakeMessage, data: dict[str, Any], files: list[UploadedFile]) -> FakeMessage:
        fake = self.fake
        flags = message.flags
        if isinstance(data.get("flags"), int):
            requested = data["flags"]
            if message.flags & limits.IS_COMPONENTS_V2 and not requested & limits.IS_COMPONENTS_V2:
                raise invalid_form_body("limits", "IS_COMPONENTS_V2 cannot be removed from a message")
            flags = (flags & ~limits.SUPPRESS_EMBEDS) | (requested & (limits.SUPPRESS_EMBEDS | limits.IS_COMPONENTS_V2))
        flags &= ~limits.LOADING
        attachments = self._attachments(
            message.channel, data.get("attachments"), files, message.attachments, message.ephemeral
        )
        merged = {
            "content": data.get("content", message.content),
            "embeds": data.get("embeds", message.embeds),
            "components": data.get("components", message.components),
        }
        if flags & limits.IS_COMPONENTS_V2 and "content" not in data and not merged["content"]:
            merged["content"] = None
        problems = limits.check_message(merged, creating=False, file_count=len(attachments), flags=flags)
        if not (
            merged["content"] or merged["embeds"] or merged["components"] or attachments or message.extra.get("poll")
        ):
            problems.append(limits.Problem(50006, "the edit would leave the message empty"))
        self._raise_problems(problems)
        if "components" in data:
            self._check_emojis(data["components"])
        self._check_files(files)
        before = message.payload()
        shown = [attachment.data for attachment in message.attachments]
        message.history.append(before)
        message.edited_at.append(fake.clock.now())
        message.flags = flags
        message.attachments = attachments
        message.content = merged["content"] or ""
        if "embeds" in data:
            message.embeds = self._normalise_embeds(data["embeds"], attachments)
        if "components" in data:
            message.components = self._normalise_components(data["components"], attachments)
        self._note_waste(message, before, shown, files)
        message.edited_timestamp = fake.clock.iso()
        self._broadcast(message, "MESSAGE_UPDATE")
        fake.message_changed(message)
        return message

    def _note_waste(
        self, message: FakeMessage, before: dict[str, Any], shown: list[bytes], files: list[UploadedFile]
    ) -> None:
        """Count edits that changed nothing a user sees, and uploads of the very image the
        message already shows (what a bot that knows its own messages never sends)."""
        uploaded = [file.data for file in files]
        if uploaded and uploaded == shown:
            self.fake.reuploads.append(message.id)
        after = message.payload()
        same_image = [attachment.data for attachment in message.attachments] == shown
        if same_image and all(before.get(key) == after.get(key) for key in ("content", "embeds", "components")):
            self.fake.identical_edits.append(message.id)

    def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        self.fake.message_changed(message)
        if message.ephemeral_to is None:
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild is not None:
                data["guild_id"] = str(message.channel.guild.id)
            self._dispatch_message_event(message, "MESSAGE_DELETE", data)

    def _broadcast(self, message: FakeMessage, event: str) -> None:
        if message.ephemeral_to is None:
            self._dispatch_message_event(message, event, message.payload())

    def _dispatch_message_event(self, message: FakeMessage, event: str, data: dict[str, Any]) -> None:
        guild = message.channel.guild
        intent = INTENT_GUILD_MESSAGES if guild is not None else INTENT_DIRECT_MESSAGES
        self.fake.gateway.dispatch_for(guild.id if guild is not None else None, event, data, intent=intent)

    def _message_body(self, ctx: RequestRecord) -> dict[str, Any]:
        if ctx.body is None and ctx.files:
            return {}
        if not isinstance(ctx.body, dict):
            raise invalid_form_body("malformed_body", "the message body must be a JSON object")
        return ctx.body

    # -- channel messages -------------------------------------------------------------------------

    def _channel_message(self, request: web.Request) -> FakeMessage:
        channel = self._channel(request.match_info["channel_id"])
        message = self.fake.messages.get(snowflake_or_none(request.match_info["message_id"]) or 0)
        if message is None or message.deleted or message.channel is not channel:
            raise unknown_message(detail=f"no message {request.match_info['message_id']} in channel {channel.id}")
        if message.ephemeral_to is not None:
            raise unknown_message(
                "ephemeral_via_channel",
                "ephemeral messages cannot be reached through /channels/...; only through the interaction token",
            )
        return message

    async def list_messages(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        channel = self._channel(request.match_info["channel_id"])
        limit = min(int(request.query.get("limit", "50")), 100)
        before = snowflake_or_none(request.query.get("before"))
        after = snowflake_or_none(request.query.get("after"))
        found = [m for m in self.fake.messages_in(channel) if (before is None or m.id < before)]
        found = [m for m in found if after is None or m.id > after]
        newest_first = sorted(found, key=lambda m: m.id, reverse=True)
        if after is not None:
            newest_first = newest_first[-limit:]
        return json_response([m.payload() for m in newest_first[:limit]])

    async def create_channel_message(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        channel = self._channel(request.match_info["channel_id"])
        data = self._message_body(ctx)
        if channel.is_dm:
            assert channel.recipient is not None
            ctx.audience = Audience("dm", channel.id, channel.recipient.id)
            if channel.recipient.id in self.fake.dm_blocked:
                # Not a bot bug: users may refuse DMs, and a correct bot handles this answer.
                raise DiscordHTTPError(403, 50007, "Cannot send messages to this user")
        else:
            ctx.audience = Audience("public", channel.id)
        nonce = data.get("nonce")
        key = (channel.id, str(nonce))
        if nonce is not None and data.get("enforce_nonce"):
            earlier = self.fake.nonces.get(key)
            if earlier is not None and self.fake.clock.now() - earlier[0] < limits.NONCE_WINDOW:
                # Discord answers a repeated nonce with the message it already created (a retry
                # whose first attempt took effect); one that was deleted since is gone.
                if earlier[1].deleted:
                    raise unknown_message(None, f"the message with nonce {nonce} was deleted")
                return json_response(earlier[1].payload())
        message = self.create_message(channel, data, ctx.files)
        if nonce is not None:
            message.extra["nonce"] = nonce
            if data.get("enforce_nonce"):
                self.fake.nonces[key] = (self.fake.clock.now(), message)
        return json_response(message.payload())

    async def get_channel_message(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        return json_response(self._channel_message(request).payload())

    async def edit_channel_message(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        message = self._channel_message(request)
        ctx.audience = message.audience
        if message.author is not self.fake.bot_user:
            raise DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user", kind="foreign_edit")
        return json_response(self.edit_message(message, self._message_body(ctx), ctx.files).payload())

    async def delete_channel_message(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        self.delete_message(self._channel_message(request))
        return web.Response(status=204)

    # -- interaction callback ---------------------------------------------------------------------

    def _allowed_callbacks(self, rec: InteractionRecord) -> set[int]:
        if rec.type == APPLICATION_COMMAND:
            return {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL, LAUNCH_ACTIVITY}
        if rec.type == MESSAGE_COMPONENT:
            return {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL}
        if rec.type == AUTOCOMPLETE:
            return {AUTOCOMPLETE_RESULT}
        if rec.source_message is not None:
            return {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE}
        return {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}

    async def callback(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        fake = self.fake
        rec = fake.interactions.get(snowflake_or_none(request.match_info["interaction_id"]) or 0)
        if rec is None or rec.token != request.match_info["interaction_token"]:
            raise unknown_interaction(detail="no interaction with that id and token")
        ctx.interaction = rec
        body = as_dict(ctx.body)
        ctype = as_int(body.get("type"))
        data = as_dict(body.get("data"))
        now = fake.clock.now()
        what = f"{INTERACTION_NAMES.get(rec.type, rec.type)} {rec.command or rec.custom_id or ''}".strip()
        if rec.acknowledged:
            rec.callbacks.append(_callback_record(ctype, data, now, "already acknowledged"))
            raise DiscordHTTPError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                kind="double_ack",
                detail=f"a second initial response ({CALLBACK_NAMES.get(ctype, ctype)}) to {what}",
            )
        elapsed = now - rec.created_at
        if rec.failed or elapsed > fake.response_deadline:
            rec.callbacks.append(_callback_record(ctype, data, now, "too late"))
            fake.fail_interaction(rec)
            raise unknown_interaction(
                "late_response", f"initial response to {what} after {elapsed:.2f}s (limit {fake.response_deadline}s)"
            )
        if ctype not in self._allowed_callbacks(rec):
            rec.callbacks.append(_callback_record(ctype, data, now, "invalid type"))
            raise invalid_form_body(
                "invalid_callback", f"callback type {CALLBACK_NAMES.get(ctype, ctype)} is not valid for {what}"
            )
        message = self._apply_callback(rec, ctype, data, ctx)
        rec.callbacks.append(_callback_record(ctype, data, now, None))
        rec.response_type = ctype
        rec.responded_at = now
        rec.done.set()
        if not _truthy(request.query.get("with_response")):
            return web.Response(status=204)
        interaction: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        if message is not None and ctype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            interaction["response_message_id"] = str(message.id)
            interaction["response_message_loading"] = message.loading
            interaction["response_message_ephemeral"] = message.ephemeral
        response: dict[str, Any] = {"interaction": interaction}
        if message is not None and ctype in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            response["resource"] = {"type": ctype, "message": message.payload()}
        return json_response(response)

    def _apply_callback(
        self, rec: InteractionRecord, ctype: int, data: dict[str, Any], ctx: RequestRecord
    ) -> FakeMessage | None:
        flags = as_int(data.get("flags"))
        ephemeral_to = rec.user if flags & limits.EPHEMERAL else None
        message_type = CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else DEFAULT_MESSAGE
        if ctype == CHANNEL_MESSAGE:
            if flags & ~limits.CALLBACK_FLAGS:
                raise invalid_form_body("limits", f"flags {flags} not allowed in an interaction response")
            rec.original = self.create_message(
                rec.channel, data, ctx.files, ephemeral_to=ephemeral_to, interaction=rec, message_type=message_type
            )
            ctx.audience = rec.original.audience
            return rec.original
        if ctype == DEFERRED_CHANNEL_MESSAGE:
            if flags & ~limits.EPHEMERAL:
                raise invalid_form_body("limits", "a deferred response (type 5) only accepts the EPHEMERAL flag")
            rec.original = self.create_message(
                rec.channel,
                {},
                [],
                ephemeral_to=ephemeral_to,
                interaction=rec,
                message_type=message_type,
                extra_flags=limits.LOADING,
                check=False,
            )
            ctx.audience = rec.original.audience
            return rec.original
        if ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            source = rec.source_message
            assert source is not None
            if source.deleted:
                raise unknown_message(detail="the message that carried the component was deleted")
            rec.original = source
            if ctype == UPDATE_MESSAGE:
                ctx.audience = source.audience
                self.edit_message(source, data, ctx.files)
            return source
        if ctype == AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            if len(choices) > limits.MAX_CHOICES:
                raise invalid_form_body("limits", f"{len(choices)} autocomplete choices (max {limits.MAX_CHOICES})")
            rec.choices = copy.deepcopy(choices)
            ctx.audience = Audience("ephemeral", rec.channel.id, rec.user.id)
            return None
        if ctype == MODAL:
            problems = limits.check_modal(data)
            self._raise_problems(problems)
            rec.modal = copy.deepcopy(data)
            ctx.audience = Audience("ephemeral", rec.channel.id, rec.user.id)
            return None
        return None

    # -- webhooks: follow-ups and @original ----------------------------------------------------------

    def _token_interaction(self, request: web.Request, ctx: RequestRecord) -> InteractionRecord:
        fake = self.fake
        rec = fake.interactions_by_token.get(request.match_info["webhook_token"])
        if snowflake_or_none(request.match_info["webhook_id"]) != fake.application_id or rec is None:
            raise unknown_webhook(detail="no interaction webhook with that application id and token")
        ctx.interaction = rec
        age = fake.clock.now() - rec.created_at
        if age > fake.token_lifetime:
            status, code, message = fake.expired_token_error
            raise DiscordHTTPError(
                status,
                code,
                message,
                kind="expired_token",
                detail=f"interaction token used {age:.0f}s after the interaction (valid {fake.token_lifetime:.0f}s)",
            )
        if rec.failed and not rec.acknowledged:
            raise unknown_webhook("failed_interaction", "the interaction failed (no initial response in time)")
        if not rec.acknowledged:
            raise unknown_webhook("followup_before_ack", "webhook call before the interaction was acknowledged")
        return rec

    def _webhook_message(self, request: web.Request, rec: InteractionRecord) -> FakeMessage:
        raw = request.match_info.get("message_id")
        if raw is None:
            message = rec.original
        else:
            wanted = snowflake_or_none(raw)
            message = next((m for m in rec.messages if m.id == wanted), None)
        if message is None or message.deleted:
            raise unknown_message(detail=f"interaction {rec.id} has no message {raw or '@original'}")
        return message

    async def create_followup(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        rec = self._token_interaction(request, ctx)
        data = self._message_body(ctx)
        flags = as_int(data.get("flags"))
        wants_ephemeral = bool(flags & limits.EPHEMERAL)
        loading = rec.original
        if (
            rec.response_type == DEFERRED_CHANNEL_MESSAGE
            and not rec.first_followup_done
            and loading
            and loading.loading
        ):
            # The first followup after a type-5 defer edits the loading message and keeps the
            # defer's ephemeral state, whatever the followup asks for.
            rec.first_followup_done = True
            ctx.audience = loading.audience
            if wants_ephemeral and not loading.ephemeral:
                self.fake.record_violation(
                    "ephemeral_ignored",
                    "followup asked for ephemeral after a public defer(); Discord posts it publicly",
                    ctx,
                )
            message = self.edit_message(loading, {**data, "flags": flags & ~limits.EPHEMERAL}, ctx.files)
        else:
            ephemeral_to = rec.user if wants_ephemeral else None
            ctx.audience = (
                Audience("ephemeral", rec.channel.id, rec.user.id)
                if wants_ephemeral
                else _channel_audience(rec.channel)
            )
            message = self.create_message(rec.channel, data, ctx.files, ephemeral_to=ephemeral_to, interaction=rec)
        rec.first_followup_done = True
        rec.followups.append(message)
        if request.query.get("wait") is not None and not _truthy(request.query.get("wait")):
            return web.Response(status=204)
        return json_response(message.payload())

    async def get_webhook_message(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        rec = self._token_interaction(request, ctx)
        return json_response(self._webhook_message(request, rec).payload())

    async def edit_webhook_message(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        rec = self._token_interaction(request, ctx)
        message = self._webhook_message(request, rec)
        ctx.audience = message.audience
        data = self._message_body(ctx)
        edited = self.edit_message(message, data, ctx.files)
        rec.token_edits.append(self.fake.clock.now())
        return json_response(edited.payload())

    async def delete_webhook_message(self, request: web.Request, ctx: RequestRecord) -> web.Response:
        rec = self._token_interaction(request, ctx)
        self.delete_message(self._webhook_message(request, rec))
        return web.Response(status=204)


def _optional_str(value: Any) -> str | None:
    """Discord echoes some fields as strings that discord.py sends as ints (permission bits)."""
    return None if value is None else str(value)


def _channel_audience(channel: FakeChannel) -> Audience:
    if channel.is_dm:
        assert channel.recipient is not None
        return Audience("dm", channel.id, channel.recipient.id)
    return Audience("public", channel.id)


def _callback_record(ctype: int, data: dict[str, Any], at: float, error: str | None) -> CallbackRecord:
    return CallbackRecord(ctype, data, at, error is None, error)
