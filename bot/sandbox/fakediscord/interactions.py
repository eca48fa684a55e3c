"""What a fake user does in the client, turned into INTERACTION_CREATE payloads.

Every builder enforces what Discord's client enforces: a user only sees commands they may use,
only sends options the synced command declares (with the declared types and choices), and only
clicks components that are on a message they can see and that are enabled.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from . import limits
from .errors import InteractionRefused
from .models import (
    ADMINISTRATOR,
    BOT_PERMISSIONS,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
)
from .rest import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL, MODAL_SUBMIT

if TYPE_CHECKING:
    from .server import FakeDiscord

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
CONTEXT_GUILD, CONTEXT_BOT_DM = 0, 1


def _context(user: FakeUser, channel: FakeChannel) -> tuple[FakeGuild | None, FakeMember | None]:
    """The guild and member an interaction in ``channel`` comes from; refuse outsiders."""
    if channel.is_dm:
        if channel.recipient is not user:
            raise InteractionRefused(f"{user.name} cannot use the DM channel of {channel.recipient}")
        return None, None
    guild = channel.guild
    assert guild is not None
    member = guild.member(user)
    if member is None:
        raise InteractionRefused(f"{user.name} is not a member of {guild.name}")
    return guild, member


def _base_payload(
    fake: FakeDiscord,
    rec_type: int,
    user: FakeUser,
    channel: FakeChannel,
    guild: FakeGuild | None,
    member: FakeMember | None,
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": "",
        "application_id": str(fake.application_id),
        "type": rec_type,
        "token": "",
        "version": 1,
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": fake.attachment_size_limit,
        "app_permissions": str(BOT_PERMISSIONS),
        "channel_id": str(channel.id),
        "channel": channel.payload(),
    }
    if guild is not None and member is not None:
        payload["channel"]["permissions"] = str(member.permissions)
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": "en-US", "features": []},
            guild_locale="en-US",
            member=member.payload(with_permissions=True),
            context=CONTEXT_GUILD,
            authorizing_integration_owners={"0": str(guild.id)},
        )
    else:
        payload.update(user=user.payload(), context=CONTEXT_BOT_DM, authorizing_integration_owners={"0": "0"})
    return payload


def _new_record(
    fake: FakeDiscord,
    rec_type: int,
    user: FakeUser,
    channel: FakeChannel,
    payload: dict[str, Any],
    member: FakeMember | None,
) -> InteractionRecord:
    interaction_id = fake.ids.next()
    token = f"fake-{interaction_id}-{secrets.token_urlsafe(32)}"
    payload["id"], payload["token"] = str(interaction_id), token
    return InteractionRecord(fake, interaction_id, token, rec_type, user, channel, fake.clock.now(), payload, member)


# -- slash commands -------------------------------------------------------------------------------


def _visible_commands(fake: FakeDiscord, guild: FakeGuild | None, member: FakeMember | None) -> list[dict[str, Any]]:
    if guild is None:
        return [
            c
            for c in fake.commands_global
            if CONTEXT_BOT_DM in (c.get("contexts") or [CONTEXT_BOT_DM]) and c.get("dm_permission", True)
        ]
    found = list(fake.commands_guild.get(guild.id, []))
    names = {(c["type"], c["name"]) for c in found}
    for command in fake.commands_global:
        contexts = command.get("contexts") or [CONTEXT_GUILD]
        if CONTEXT_GUILD in contexts and (command["type"], command["name"]) not in names:
            found.append(command)
    assert member is not None
    visible = []
    for command in found:
        required = command.get("default_member_permissions")
        if required is not None and not member.permissions & ADMINISTRATOR:
            bits = int(required)
            if bits == 0 or member.permissions & bits != bits:
                continue
        visible.append(command)
    return visible


def _find_command(
    fake: FakeDiscord, guild: FakeGuild | None, member: FakeMember | None, name: str, user: FakeUser
) -> dict[str, Any]:
    if not fake.commands_global and not fake.commands_guild:
        raise InteractionRefused("the bot has not synced any application commands")
    for command in _visible_commands(fake, guild, member):
        if command.get("type", 1) == 1 and command["name"] == name:
            return command
    where = guild.name if guild is not None else "a DM"
    raise InteractionRefused(f"{user.name} cannot see a /{name} command in {where}")


def _resolved_user(
    value: Any, guild: FakeGuild | None, resolved: dict[str, dict[str, Any]], fake: FakeDiscord
) -> str | None:
    if isinstance(value, FakeMember):
        value = value.user
    if isinstance(value, int):
        value = fake.users.get(value)
    if not isinstance(value, FakeUser):
        return None
    resolved.setdefault("users", {})[str(value.id)] = value.payload()
    member = guild.member(value) if guild is not None else None
    if member is not None:
        resolved.setdefault("members", {})[str(value.id)] = member.payload(with_user=False, with_permissions=True)
    return str(value.id)


def _resolved_role(value: Any, resolved: dict[str, dict[str, Any]]) -> str | None:
    if not isinstance(value, FakeRole):
        return None
    resolved.setdefault("roles", {})[str(value.id)] = value.payload()
    return str(value.id)


def _resolved_channel(value: Any, resolved: dict[str, dict[str, Any]], allowed: list[int] | None) -> str | None:
    if not isinstance(value, FakeChannel):
        return None
    if allowed and value.type not in allowed:
        raise InteractionRefused(f"channel {value.name} has type {value.type}, the option accepts {allowed}")
    data = {"id": str(value.id), "name": value.name, "type": value.type, "permissions": str(BOT_PERMISSIONS)}
    if value.guild is not None:
        data.update(guild_id=str(value.guild.id), parent_id=None)
    resolved.setdefault("channels", {})[str(value.id)] = data
    return str(value.id)


def _option_value(
    fake: FakeDiscord,
    spec: dict[str, Any],
    value: Any,
    guild: FakeGuild | None,
    channel: FakeChannel,
    resolved: dict[str, dict[str, Any]],
) -> Any:
    name, otype = spec["name"], spec["type"]
    bad = InteractionRefused(f"option {name!r} (type {otype}) cannot take {value!r}")
    if otype == STRING:
        if not isinstance(value, str):
            raise bad
        low, high = spec.get("min_length", 0), spec.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise InteractionRefused(f"option {name!r}: length {len(value)} outside {low}-{high}")
    elif otype == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
    elif otype == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad
    elif otype == BOOLEAN:
        if not isinstance(value, bool):
            raise bad
    elif otype == USER:
        value = _resolved_user(value, guild, resolved, fake)
    elif otype == ROLE:
        value = _resolved_role(value, resolved)
    elif otype == MENTIONABLE:
        value = _resolved_user(value, guild, resolved, fake) or _resolved_role(value, resolved)
    elif otype == CHANNEL:
        value = _resolved_channel(value, resolved, spec.get("channel_types"))
    elif otype == ATTACHMENT:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes)):
            raise bad
        attachment_id = fake.ids.next()
        filename, data = value
        url = f"{fake.base_url}/attachments/{channel.id}/{attachment_id}/{filename}"
        attachment = FakeAttachment(attachment_id, filename, data, None, None, url, ephemeral=True)
        fake.attachments[attachment_id] = attachment
        resolved.setdefault("attachments", {})[str(attachment_id)] = attachment.payload()
        value = str(attachment_id)
    if value is None:
        raise bad
    if otype in (INTEGER, NUMBER):
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise InteractionRefused(f"option {name!r}: {value} outside {low}..{high}")
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise InteractionRefused(
            f"option {name!r}: {value!r} is not one of the choices {[c['value'] for c in choices]}"
        )
    return value


def _leaf_options(
    fake: FakeDiscord,
    specs: list[dict[str, Any]],
    values: dict[str, Any],
    guild: FakeGuild | None,
    channel: FakeChannel,
    resolved: dict[str, dict[str, Any]],
    focused: str | None,
) -> list[dict[str, Any]]:
    known = {s["name"]: s for s in specs}
    unknown = set(values) - set(known)
    if unknown:
        raise InteractionRefused(f"unknown option(s) {sorted(unknown)}; the command declares {sorted(known)}")
    options = []
    for spec in specs:
        name = spec["name"]
        if name == focused:
            if not spec.get("autocomplete"):
                raise InteractionRefused(f"option {name!r} has no autocomplete")
            options.append({"name": name, "type": spec["type"], "value": str(values.get(name, "")), "focused": True})
        elif name in values:
            value = _option_value(fake, spec, values[name], guild, channel, resolved)
            options.append({"name": name, "type": spec["type"], "value": value})
        elif spec.get("required") and focused is None:
            raise InteractionRefused(f"required option {name!r} is missing")
    if focused is not None and focused not in known:
        raise InteractionRefused(f"no option {focused!r} to autocomplete")
    return options


def _command_data(
    fake: FakeDiscord,
    command: dict[str, Any],
    path: list[str],
    values: dict[str, Any],
    guild: FakeGuild | None,
    channel: FakeChannel,
    focused: str | None = None,
) -> dict[str, Any]:
    resolved: dict[str, dict[str, Any]] = {}
    specs: list[dict[str, Any]] = command.get("options") or []
    wrappers: list[dict[str, Any]] = []
    for part in path:
        sub = next((s for s in specs if s["name"] == part and s["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            raise InteractionRefused(f"/{command['name']} has no subcommand (group) {part!r}")
        wrappers.append({"name": part, "type": sub["type"], "options": []})
        specs = sub.get("options") or []
    if any(s["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for s in specs):
        names = [s["name"] for s in specs]
        raise InteractionRefused(f"/{' '.join([command['name'], *path])} needs a subcommand, one of {names}")
    options = _leaf_options(fake, specs, values, guild, channel, resolved, focused)
    for wrapper in reversed(wrappers):
        wrapper["options"] = options
        options = [wrapper]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1, "options": options}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


async def invoke_slash(
    fake: FakeDiscord,
    user: FakeUser,
    channel: FakeChannel,
    command: str,
    values: dict[str, Any],
    *,
    locale: str | None = None,
    wait: bool,
) -> InteractionRecord:
    guild, member = _context(user, channel)
    name, *path = command.strip().lstrip("/").split()
    found = _find_command(fake, guild, member, name, user)
    payload = _base_payload(fake, APPLICATION_COMMAND, user, channel, guild, member)
    payload["locale"] = locale or user.locale
    payload["data"] = _command_data(fake, found, path, values, guild, channel)
    rec = _new_record(fake, APPLICATION_COMMAND, user, channel, payload, member)
    rec.command = " ".join([name, *path])
    return await fake.dispatch_interaction(rec, guild, wait=wait)


async def invoke_slash_raw(
    fake: FakeDiscord,
    user: FakeUser,
    channel: FakeChannel,
    command: str,
    options: list[dict[str, Any]],
    resolved: dict[str, Any] | None,
    *,
    locale: str | None = None,
    wait: bool,
) -> InteractionRecord:
    """A slash command with the options payload as given (see ``_Actor.slash_raw``)."""
    guild, member = _context(user, channel)
    name, *path = command.strip().lstrip("/").split()
    known = [c for c in _visible_commands(fake, guild, member) if c.get("type", 1) == 1 and c["name"] == name]
    payload = _base_payload(fake, APPLICATION_COMMAND, user, channel, guild, member)
    payload["locale"] = locale or user.locale
    for index, part in reversed(list(enumerate(path))):
        kind = SUB_COMMAND if index == len(path) - 1 else SUB_COMMAND_GROUP
        options = [{"name": part, "type": kind, "options": options}]
    # A command the bot never synced (a deploy removed it) still needs an id: any snowflake.
    command_id = known[0]["id"] if known else str(fake.ids.next())
    data: dict[str, Any] = {"id": command_id, "name": name, "type": 1, "options": options}
    if known and known[0].get("guild_id"):
        data["guild_id"] = known[0]["guild_id"]
    if resolved is not None:
        data["resolved"] = resolved
    payload["data"] = data
    rec = _new_record(fake, APPLICATION_COMMAND, user, channel, payload, member)
    rec.command = " ".join([name, *path])
    return await fake.dispatch_interaction(rec, guild, wait=wait)


async def invoke_autocomplete(
    fake: FakeDiscord, user: FakeUser, channel: FakeChannel, command: str, focused: str, values: dict[str, Any]
) -> InteractionRecord:
    guild, member = _context(user, channel)
    name, *path = command.strip().lstrip("/").split()
    found = _find_command(fake, guild, member, name, user)
    payload = _base_payload(fake, AUTOCOMPLETE, user, channel, guild, member)
    payload["data"] = _command_data(fake, found, path, values, guild, channel, focused=focused)
    rec = _new_record(fake, AUTOCOMPLETE, user, channel, payload, member)
    rec.command = " ".join([name, *path])
    return await fake.dispatch_interaction(rec, guild, wait=True)


# -- components -------------------------------------------------------------------------------------


def _select_values(
    fake: FakeDiscord, component: dict[str, Any], values: list[Any], guild: FakeGuild | None
) -> tuple[list[str], dict[str, dict[str, Any]]]:
    ctype, custom_id = component["type"], component["custom_id"]
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise InteractionRefused(f"select {custom_id!r} takes {low}-{high} values, got {len(values)}")
    resolved: dict[str, dict[str, Any]] = {}
    chosen: list[str] = []
    if ctype == limits.STRING_SELECT:
        offered = [o.get("value") for o in component.get("options") or []]
        for value in values:
            if value not in offered:
                raise InteractionRefused(f"select {custom_id!r} offers no option {value!r} (it offers {offered})")
            chosen.append(value)
        return chosen, resolved
    for value in values:
        picked = None
        if ctype in (limits.USER_SELECT, limits.MENTIONABLE_SELECT):
            picked = _resolved_user(value, guild, resolved, fake)
        if picked is None and ctype in (limits.ROLE_SELECT, limits.MENTIONABLE_SELECT):
            picked = _resolved_role(value, resolved)
        if picked is None and ctype == limits.CHANNEL_SELECT:
            picked = _resolved_channel(value, resolved, component.get("channel_types"))
        if picked is None:
            raise InteractionRefused(f"select {custom_id!r} (type {ctype}) cannot take {value!r}")
        chosen.append(picked)
    return chosen, resolved


async def invoke_component(
    fake: FakeDiscord,
    user: FakeUser,
    message: FakeMessage | int,
    custom_id: str,
    values: list[Any] | None,
    *,
    wait: bool,
) -> InteractionRecord:
    found = fake.messages.get(message) if isinstance(message, int) else message
    if found is None or found.deleted:
        raise InteractionRefused(f"message {message!r} does not exist (or was deleted)")
    message = found
    if not message.visible_to(user):
        raise InteractionRefused(f"{user.name} cannot see message {message.id} ({message.audience.kind})")
    component = message.component(custom_id)
    if component is None:
        raise InteractionRefused(f"message {message.id} has no component {custom_id!r}; it has {message.custom_ids}")
    ctype = component.get("type")
    if ctype not in limits.INTERACTIVE or component.get("style") in (limits.LINK_STYLE, limits.PREMIUM_STYLE):
        raise InteractionRefused(f"component {custom_id!r} (type {ctype}) cannot be clicked")
    if component.get("disabled"):
        raise InteractionRefused(f"component {custom_id!r} is disabled")
    guild, member = _context(user, message.channel)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
    if ctype == limits.BUTTON:
        if values is not None:
            raise InteractionRefused(f"{custom_id!r} is a button; it takes no values")
    else:
        if values is None:
            raise InteractionRefused(f"{custom_id!r} is a select; pass the chosen values")
        data["values"], resolved = _select_values(fake, component, values, guild)
        if resolved:
            data["resolved"] = resolved
    payload = _base_payload(fake, MESSAGE_COMPONENT, user, message.channel, guild, member)
    payload["data"] = data
    payload["message"] = message.payload()
    rec = _new_record(fake, MESSAGE_COMPONENT, user, message.channel, payload, member)
    rec.custom_id, rec.source_message = custom_id, message
    return await fake.dispatch_interaction(rec, guild, wait=wait)


# -- modals -----------------------------------------------------------------------------------------


def _modal_answers(components: list[dict[str, Any]], values: dict[str, str | list[str]]) -> list[dict[str, Any]]:
    answers: list[dict[str, Any]] = []
    for component in components:
        ctype = component.get("type")
        if ctype == limits.ACTION_ROW:
            answers.append({"type": ctype, "components": _modal_answers(component.get("components") or [], values)})
        elif ctype == limits.LABEL:
            inner = _modal_answers([component["component"]], values)
            answers.append({"type": ctype, "component": inner[0]})
        elif ctype == limits.TEXT_INPUT:
            custom_id = component["custom_id"]
            value = values.get(custom_id, component.get("value") or "")
            if not isinstance(value, str):
                raise InteractionRefused(f"text input {custom_id!r} takes a string")
            if component.get("required", True) and not value:
                raise InteractionRefused(f"text input {custom_id!r} is required")
            low, high = component.get("min_length", 0), component.get("max_length", 4000)
            if value and not low <= len(value) <= high:
                raise InteractionRefused(f"text input {custom_id!r}: length {len(value)} outside {low}-{high}")
            answers.append({"type": ctype, "custom_id": custom_id, "value": value})
        elif ctype in limits.SELECTS:
            custom_id = component["custom_id"]
            chosen = values.get(custom_id, [])
            answers.append({"type": ctype, "custom_id": custom_id, "values": list(chosen)})
        elif component.get("custom_id") is not None:
            answers.append({"type": ctype, "custom_id": component["custom_id"]})
        else:
            answers.append({"type": ctype, "id": component.get("id")})
    return answers


async def invoke_modal_submit(
    fake: FakeDiscord, user: FakeUser, opener: InteractionRecord, values: dict[str, str | list[str]], *, wait: bool
) -> InteractionRecord:
    if opener.response_type != MODAL or opener.modal is None:
        raise InteractionRefused(f"interaction {opener.id} did not open a modal")
    if opener.user is not user:
        raise InteractionRefused(f"the modal was shown to {opener.user.name}, not {user.name}")
    if fake.clock.now() - opener.created_at > fake.token_lifetime:
        raise InteractionRefused("the modal was opened more than 15 minutes ago")
    modal = opener.modal
    components = modal.get("components") or []
    known = {c.get("custom_id") for c in limits.walk_components(components)}
    unknown = set(values) - known
    if unknown:
        raise InteractionRefused(f"the modal has no field(s) {sorted(unknown)}")
    guild, member = _context(user, opener.channel)
    payload = _base_payload(fake, MODAL_SUBMIT, user, opener.channel, guild, member)
    payload["data"] = {"custom_id": modal["custom_id"], "components": _modal_answers(components, values)}
    if opener.source_message is not None:
        payload["message"] = opener.source_message.payload()
    rec = _new_record(fake, MODAL_SUBMIT, user, opener.channel, payload, member)
    rec.custom_id, rec.source_message, rec.parent = modal["custom_id"], opener.source_message, opener
    return await fake.dispatch_interaction(rec, guild, wait=wait)
