"""Every slash command's options, checked by the bot itself before a command sees them.

Discord's client only offers what a command declares, but a client can send anything: a string
where a number belongs, a number far outside its range, options the command does not have, a
member option without the member's details, a subcommand that existed before a deploy. discord.py
passes most of that straight to the callback (it relies on Discord to check ranges and choices).
:func:`check_command` runs first, from the tree's ``interaction_check``, against the commands the
bot registered, and raises a :class:`~bot.runtime.errors.JantakuError` that names the option and
what it may be; the tree answers it privately and runs nothing.

A command may declare finer bounds than Discord can show (a step: points in thousands) in its
``extras[ALLOWED]``: option name -> :class:`~bot.engine.table.Range` or
:class:`~bot.engine.table.OneOf`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from bot.engine.table import Form, OneOf, Range
from bot.runtime.errors import (
    UNBOUNDED,
    BadOption,
    CommandChanged,
    MalformedCommand,
    MissingOption,
    OptionLength,
    OptionNotAllowed,
    OptionWrongType,
    RepeatedOption,
    SettingInRules,
    UnknownOption,
    UnresolvedOption,
)

__all__ = ["ALLOWED", "IN_RULES", "check_choice", "check_command"]

ALLOWED = "jantaku_allowed"
"""``Command.extras`` key: option name -> the Range or OneOf it may be, beyond Discord's bounds."""
IN_RULES = "jantaku_in_rules"
"""``Command.extras`` key: the names of settings the command takes inside its ``rules`` text
rather than as options of their own (a client from before they moved still sends them)."""

SAFE_INTEGER = UNBOUNDED
"""Discord's integer options are between -2^53 and 2^53."""

MAX_TEXT = 6000
"""The longest text Discord lets a string option hold, for options that declare no maximum."""

_SUBCOMMAND, _GROUP = AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value

_RESOLVED_IN: dict[AppCommandOptionType, tuple[str, ...]] = {
    AppCommandOptionType.user: ("users",),
    AppCommandOptionType.channel: ("channels",),
    AppCommandOptionType.role: ("roles",),
    AppCommandOptionType.mentionable: ("users", "roles"),
    AppCommandOptionType.attachment: ("attachments",),
}
"""Where an option of a snowflake type finds its object in the interaction's ``resolved`` data."""

AnyCommand = app_commands.Command[Any, ..., Any]


def check_command(tree: app_commands.CommandTree[Any], interaction: discord.Interaction[Any]) -> None:
    """Refuse a slash command the bot does not have or whose options it would not accept.

    Raises :class:`CommandChanged` for an unknown command or subcommand, :class:`MalformedCommand`
    for options not shaped as Discord sends them, and for each option in turn
    :class:`UnknownOption`, :class:`RepeatedOption`, :class:`OptionWrongType`,
    :class:`UnresolvedOption`, :class:`OptionNotAllowed` or :class:`BadOption`; then
    :class:`MissingOption` for a required one left out.
    """
    data: Mapping[str, Any] = interaction.data or {}
    if data.get("type", 1) != 1:
        raise CommandChanged()  # the bot registers no context-menu commands
    command, path, options = _find(tree, data)
    resolved = data.get("resolved", {})
    if not isinstance(resolved, dict):
        raise MalformedCommand()
    _check_options(command, path, options, resolved)
    try:
        # What discord.py builds next; a resolved object it cannot read would fail in its task,
        # unanswered and logged as an error, so it is refused here.
        app_commands.Namespace(interaction, resolved, options)  # type: ignore[arg-type]
    except Exception as error:
        raise MalformedCommand() from error


def check_choice(option: str, value: object, choices: Collection[str]) -> None:
    """Refuse an option value the command does not offer (:class:`BadOption`): Discord shows only
    the choices, but a modified client can send anything."""
    if value not in choices:
        raise BadOption(option=option, value=value, choices=", ".join(f"`{choice}`" for choice in choices))


def _find(tree: app_commands.CommandTree[Any], data: Mapping[str, Any]) -> tuple[AnyCommand, str, list[dict[str, Any]]]:
    """The command an interaction names, its path (``mahjong new nishoku``) and its own options."""
    name = data.get("name")
    if not isinstance(name, str):
        raise MalformedCommand()
    guild_id = data.get("guild_id")
    found: AnyCommand | app_commands.Group | app_commands.ContextMenu | None = None
    if _is_snowflake(guild_id):
        found = tree.get_command(name, guild=discord.Object(int(str(guild_id))))
    found = found or tree.get_command(name)
    path = [name]
    options = _option_list(data.get("options", []))
    while isinstance(found, app_commands.Group):
        if len(options) != 1 or options[0].get("type") not in (_SUBCOMMAND, _GROUP):
            raise CommandChanged()  # a group is never run itself: the client knows other subcommands
        sub = options[0]
        sub_name = sub.get("name")
        if not isinstance(sub_name, str):
            raise MalformedCommand()
        child = found.get_command(sub_name)
        expected = _GROUP if isinstance(child, app_commands.Group) else _SUBCOMMAND
        if child is None or sub.get("type") != expected:
            raise CommandChanged()
        found, options = child, _option_list(sub.get("options", []))
        path.append(sub_name)
    if not isinstance(found, app_commands.Command):
        raise CommandChanged()
    return found, " ".join(path), options


def _option_list(raw: object) -> list[dict[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(option, dict) for option in raw):
        raise MalformedCommand()
    return raw


def _check_options(
    command: AnyCommand, path: str, options: Sequence[dict[str, Any]], resolved: Mapping[str, Any]
) -> None:
    parameters = {parameter.display_name: parameter for parameter in command.parameters}
    seen: set[str] = set()
    for option in options:
        name = option.get("name")
        if not isinstance(name, str):
            raise MalformedCommand()
        parameter = parameters.get(name)
        if parameter is None and name in command.extras.get(IN_RULES, ()):
            raise SettingInRules(command=path, option=name)
        if parameter is None:
            raise UnknownOption(command=path, option=name, known=tuple(parameters))
        if name in seen:
            raise RepeatedOption(option=name)
        seen.add(name)
        if option.get("type") in (_SUBCOMMAND, _GROUP):
            raise CommandChanged()
        _check_value(command, parameter, option, resolved)
    for name, parameter in parameters.items():
        if parameter.required and name not in seen:
            raise MissingOption(command=path, option=name)


def _check_value(
    command: AnyCommand, parameter: app_commands.Parameter, option: Mapping[str, Any], resolved: Mapping[str, Any]
) -> None:
    kind = parameter.type
    name = parameter.display_name
    value: Any = option.get("value")
    if option.get("type") != kind.value or not _has_type(kind, value):
        raise OptionWrongType(option=name, value=value, kind=kind.name)
    if kind in _RESOLVED_IN:
        places = _RESOLVED_IN[kind]
        if not any(isinstance(resolved.get(place), dict) and str(value) in resolved[place] for place in places):
            raise UnresolvedOption(option=name, kind=kind.name)
        return
    extra = command.extras.get(ALLOWED, {})
    allowed = extra.get(parameter.name) if isinstance(extra, dict) else None
    if isinstance(allowed, Range | OneOf | Form):
        if value not in allowed:
            raise OptionNotAllowed(option=name, value=value, allowed=allowed)
        return
    if parameter.choices:
        offered = [choice.value for choice in parameter.choices]
        if value not in offered:
            raise BadOption(option=name, value=value, choices=", ".join(f"`{choice}`" for choice in offered))
        return
    low, high = parameter.min_value, parameter.max_value
    if kind is AppCommandOptionType.string:
        longest = int(high) if high is not None else MAX_TEXT
        if not int(low or 0) <= len(value) <= longest:
            raise OptionLength(option=name, length=len(value), low=int(low or 0), high=longest)
        return
    if (low is not None and value < low) or (high is not None and value > high):
        lowest = math.ceil(low) if low is not None else -SAFE_INTEGER
        bounds = Range(lowest, math.floor(high) if high is not None else SAFE_INTEGER)
        raise OptionNotAllowed(option=name, value=value, allowed=bounds)


def _has_type(kind: AppCommandOptionType, value: object) -> bool:
    """Whether ``value`` is what Discord sends for an option of ``kind``."""
    if kind is AppCommandOptionType.string:
        return isinstance(value, str)
    if kind is AppCommandOptionType.boolean:
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False  # True is an int to Python, never a number of hands to a player
    if kind is AppCommandOptionType.integer:
        return isinstance(value, int) and abs(value) <= SAFE_INTEGER
    if kind is AppCommandOptionType.number:
        return isinstance(value, int | float) and math.isfinite(value) and abs(value) <= SAFE_INTEGER
    return _is_snowflake(value)


def _is_snowflake(value: object) -> bool:
    """A positive 64-bit id, sent as a string of digits."""
    text = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""
    return text.isascii() and text.isdigit() and 0 < int(text) < 2**64
