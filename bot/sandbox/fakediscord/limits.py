"""Discord's documented limits, checked on every message, modal and command the bot sends.

The OpenAPI spec carries most of these too, but not all (it misses the legacy "5 action rows"
rule and says 4000 for content), and the spec may be absent, so the fake keeps its own checks.
Sources: developers/components/reference.mdx, developers/resources/message.mdx,
developers/interactions/application-commands.mdx (discord/discord-api-docs).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

# Time rules.
RESPONSE_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
NONCE_WINDOW = 120.0
"""Seconds a message nonce sent with ``enforce_nonce`` dedupes its repeats (Discord: "a few minutes")."""

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_VOICE_MESSAGE = 1 << 13
IS_COMPONENTS_V2 = 1 << 15
CALLBACK_FLAGS = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2

# Message text.
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_V2_TEXT = 4000

# Files.
MAX_FILES = 10
DEFAULT_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Components.
MAX_ACTION_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_BUTTON_URL = 512
MAX_SELECT_OPTIONS = 25
MAX_SELECT_VALUES = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_GALLERY_ITEMS = 10
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5

# Application emojis (developers/resources/emoji.mdx).
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
MAX_EMOJI_BYTES = 256 * 1024
MAX_APPLICATION_EMOJIS = 2000

# Component types.
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
SELECTS = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
INTERACTIVE = SELECTS | {BUTTON}
V2_TOP_LEVEL = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
LINK_STYLE = 5
PREMIUM_STYLE = 6

# Application commands.
MAX_GLOBAL_COMMANDS = 100
MAX_COMMAND_OPTIONS = 25
MAX_CHOICES = 25
MAX_COMMAND_SIZE = 8000
"""Characters in one top-level command's names, descriptions and choice values, its options,
subcommands, groups and choices included (each field counted at its longest localization)."""
COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
LOCALIZED_NAME = re.compile(r"^[-_'\w\u0900-\u097f\ua8e0-\ua8ff\u0e00-\u0e7f]{1,32}$")
"""A name in ``name_localizations``: Discord's ``\\p{sc=Deva}`` and ``\\p{sc=Thai}`` add those
scripts' vowel signs, which are marks and not ``\\w``."""


@dataclass(frozen=True)
class Problem:
    """One broken rule: the Discord error code it maps to and a readable description."""

    code: int
    text: str


def walk_components(components: Any) -> Iterator[dict[str, Any]]:
    """Every component dict in a component tree, depth first (rows, containers, sections, labels)."""
    if not isinstance(components, list):
        return
    for component in components:
        if not isinstance(component, dict):
            continue
        yield component
        yield from walk_components(component.get("components"))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def _text_len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def check_embeds(embeds: Any) -> list[Problem]:
    if embeds is None:
        return []
    if not isinstance(embeds, list):
        return [Problem(50035, "embeds must be a list")]
    problems = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(Problem(50035, f"{len(embeds)} embeds (max {MAX_EMBEDS})"))
    total = 0
    for index, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            problems.append(Problem(50035, f"embeds[{index}] is not an object"))
            continue
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            if _text_len(embed.get(key)) > limit:
                problems.append(Problem(50035, f"embeds[{index}].{key} longer than {limit}"))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(Problem(50035, f"embeds[{index}] has {len(fields)} fields (max 25)"))
        field_text = 0
        for field in fields if isinstance(fields, list) else []:
            name, value = _text_len(field.get("name")), _text_len(field.get("value"))
            if name > 256 or value > 1024:
                problems.append(Problem(50035, f"embeds[{index}] field name > 256 or value > 1024"))
            field_text += name + value
        footer = _text_len((embed.get("footer") or {}).get("text"))
        author = _text_len((embed.get("author") or {}).get("name"))
        if footer > 2048 or author > 256:
            problems.append(Problem(50035, f"embeds[{index}] footer > 2048 or author name > 256"))
        total += _text_len(embed.get("title")) + _text_len(embed.get("description")) + field_text + footer + author
    if total > MAX_EMBED_TOTAL:
        problems.append(Problem(50035, f"embeds hold {total} characters in total (max {MAX_EMBED_TOTAL})"))
    return problems


def _check_interactive(component: dict[str, Any], where: str, seen: set[str]) -> list[Problem]:
    problems = []
    ctype = component.get("type")
    link = ctype == BUTTON and component.get("style") in (LINK_STYLE, PREMIUM_STYLE)
    custom_id = component.get("custom_id")
    if not link:
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            size = len(custom_id) if isinstance(custom_id, str) else custom_id
            problems.append(Problem(50035, f"{where}: custom_id must be 1-{MAX_CUSTOM_ID} characters (got {size!r})"))
        elif custom_id in seen:
            problems.append(Problem(50035, f"{where}: duplicate custom_id {custom_id!r}"))
        else:
            seen.add(custom_id)
    if ctype == BUTTON:
        if _text_len(component.get("label")) > MAX_BUTTON_LABEL:
            problems.append(Problem(50035, f"{where}: button label longer than {MAX_BUTTON_LABEL}"))
        if _text_len(component.get("url")) > MAX_BUTTON_URL:
            problems.append(Problem(50035, f"{where}: button url longer than {MAX_BUTTON_URL}"))
        if component.get("style") == LINK_STYLE and not component.get("url"):
            problems.append(Problem(50035, f"{where}: link button without url"))
        return problems
    if _text_len(component.get("placeholder")) > MAX_PLACEHOLDER:
        problems.append(Problem(50035, f"{where}: placeholder longer than {MAX_PLACEHOLDER}"))
    min_values, max_values = component.get("min_values", 1), component.get("max_values", 1)
    if not (0 <= min_values <= MAX_SELECT_VALUES and 1 <= max_values <= MAX_SELECT_VALUES and min_values <= max_values):
        problems.append(Problem(50035, f"{where}: min_values/max_values {min_values}/{max_values} out of range"))
    if ctype == STRING_SELECT:
        options = component.get("options") or []
        if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
            problems.append(Problem(50035, f"{where}: {len(options)} select options (1-{MAX_SELECT_OPTIONS})"))
        elif max_values > len(options):
            problems.append(Problem(50035, f"{where}: max_values {max_values} > {len(options)} options"))
        values: set[str] = set()
        for option in options:
            for key in ("label", "value", "description"):
                if _text_len(option.get(key)) > MAX_OPTION_TEXT:
                    problems.append(Problem(50035, f"{where}: option {key} longer than {MAX_OPTION_TEXT}"))
            if option.get("value") in values:
                problems.append(Problem(50035, f"{where}: duplicate option value {option.get('value')!r}"))
            values.add(option.get("value"))
    return problems


def _check_row(row: dict[str, Any], where: str, seen: set[str], *, check_children: bool = True) -> list[Problem]:
    children = row.get("components") or []
    problems = []
    buttons = [c for c in children if c.get("type") == BUTTON]
    selects = [c for c in children if c.get("type") in SELECTS]
    others = [c for c in children if c.get("type") not in INTERACTIVE]
    if others:
        problems.append(Problem(50035, f"{where}: an action row holds only buttons or one select"))
    if len(buttons) > MAX_ROW_BUTTONS:
        problems.append(Problem(50035, f"{where}: {len(buttons)} buttons in one row (max {MAX_ROW_BUTTONS})"))
    if selects and (len(selects) > 1 or buttons):
        problems.append(Problem(50035, f"{where}: a select must be alone in its action row"))
    if not children:
        problems.append(Problem(50035, f"{where}: empty action row"))
    for index, child in enumerate(row.get("components") or [] if check_children else []):
        if child.get("type") in INTERACTIVE:
            problems.extend(_check_interactive(child, f"{where}.components[{index}]", seen))
    return problems


def check_components(components: Any, *, v2: bool) -> list[Problem]:
    """Component rules for a message, legacy (rows of buttons/selects) or Components V2."""
    if components is None:
        return []
    if not isinstance(components, list):
        return [Problem(50035, "components must be a list")]
    problems: list[Problem] = []
    seen: set[str] = set()
    if not v2:
        if len(components) > MAX_ACTION_ROWS:
            problems.append(Problem(50035, f"{len(components)} action rows (max {MAX_ACTION_ROWS})"))
        for index, row in enumerate(components):
            if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
                problems.append(
                    Problem(50035, f"components[{index}] is not an action row (flag IS_COMPONENTS_V2 unset)")
                )
                continue
            problems.extend(_check_row(row, f"components[{index}]", seen))
        return problems
    total = sum(1 for _ in walk_components(components))
    if total > MAX_V2_COMPONENTS:
        problems.append(Problem(50035, f"{total} components (max {MAX_V2_COMPONENTS} with IS_COMPONENTS_V2)"))
    for index, component in enumerate(components):
        if isinstance(component, dict) and component.get("type") not in V2_TOP_LEVEL:
            problems.append(Problem(50035, f"components[{index}] of type {component.get('type')} not allowed at top"))
    text = 0
    for index, component in enumerate(walk_components(components)):
        ctype = component.get("type")
        if ctype == ACTION_ROW:
            problems.extend(_check_row(component, f"component #{index}", seen, check_children=False))
        elif ctype in INTERACTIVE:  # in rows and as section accessories alike
            problems.extend(_check_interactive(component, f"component #{index}", seen))
        elif ctype == MEDIA_GALLERY:
            items = component.get("items") or []
            if not 1 <= len(items) <= MAX_GALLERY_ITEMS:
                problems.append(Problem(50035, f"media gallery with {len(items)} items (1-{MAX_GALLERY_ITEMS})"))
        elif ctype == TEXT_DISPLAY:
            text += _text_len(component.get("content"))
    if text > MAX_V2_TEXT:
        problems.append(Problem(50035, f"text displays hold {text} characters (max {MAX_V2_TEXT})"))
    return problems


def check_message(
    data: dict[str, Any], *, creating: bool, file_count: int, flags: int, keeps_attachments: bool = False
) -> list[Problem]:
    """Rules for a message body (create, edit, interaction response or followup)."""
    problems: list[Problem] = []
    content = data.get("content")
    if content is not None and not isinstance(content, str):
        problems.append(Problem(50035, "content must be a string"))
    elif isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(Problem(50035, f"content is {len(content)} characters (max {MAX_CONTENT})"))
    problems.extend(check_embeds(data.get("embeds")))
    v2 = bool(flags & IS_COMPONENTS_V2)
    problems.extend(check_components(data.get("components"), v2=v2))
    if v2 and (content or data.get("embeds")):
        problems.append(Problem(50035, "content and embeds cannot be used with IS_COMPONENTS_V2"))
    if file_count > MAX_FILES:
        problems.append(Problem(30015, f"{file_count} attachments (max {MAX_FILES})"))
    if creating and not (
        content
        or data.get("embeds")
        or data.get("components")
        or file_count
        or keeps_attachments
        or data.get("sticker_ids")
        or data.get("poll")
    ):
        problems.append(Problem(50006, "Cannot send an empty message"))
    return problems


def check_modal(data: dict[str, Any]) -> list[Problem]:
    problems = []
    title, custom_id = data.get("title"), data.get("custom_id")
    if not isinstance(title, str) or not 1 <= len(title) <= MAX_MODAL_TITLE:
        problems.append(Problem(50035, f"modal title must be 1-{MAX_MODAL_TITLE} characters"))
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
        problems.append(Problem(50035, f"modal custom_id must be 1-{MAX_CUSTOM_ID} characters"))
    components = data.get("components") or []
    if not 1 <= len(components) <= MAX_MODAL_COMPONENTS:
        problems.append(Problem(50035, f"modal has {len(components)} components (1-{MAX_MODAL_COMPONENTS})"))
    return problems


def _check_localized_names(items: list[dict[str, Any]], where: str) -> list[Problem]:
    """Each localized name of sibling commands or options is a valid name, lower case, and not
    another sibling's name in that locale."""
    problems = []
    seen: set[tuple[str, str]] = set()
    for item in items:
        localized = item.get("name_localizations") or {}
        for locale, name in localized.items() if isinstance(localized, dict) else ():
            if not isinstance(name, str) or not LOCALIZED_NAME.match(name) or name != name.lower():
                problems.append(Problem(50035, f"{where}: invalid {locale} name {name!r}"))
            elif (locale, name) in seen:
                problems.append(Problem(50035, f"{where}: duplicate {locale} name {name!r}"))
            seen.add((locale, name))
    return problems


def _check_options(options: list[dict[str, Any]], where: str) -> list[Problem]:
    problems = _check_localized_names(options, where)
    if len(options) > MAX_COMMAND_OPTIONS:
        problems.append(Problem(50035, f"{where}: {len(options)} options (max {MAX_COMMAND_OPTIONS})"))
    names: set[str] = set()
    optional_seen = False
    for option in options:
        name = option.get("name", "")
        if not COMMAND_NAME.match(name) or name != name.lower():
            problems.append(Problem(50035, f"{where}: invalid option name {name!r}"))
        if name in names:
            problems.append(Problem(50035, f"{where}: duplicate option {name!r}"))
        names.add(name)
        if not 1 <= len(option.get("description") or "") <= 100:
            problems.append(Problem(50035, f"{where}.{name}: description must be 1-100 characters"))
        if len(option.get("choices") or []) > MAX_CHOICES:
            problems.append(Problem(50035, f"{where}.{name}: more than {MAX_CHOICES} choices"))
        if option.get("type") in (1, 2):
            problems.extend(_check_options(option.get("options") or [], f"{where} {name}"))
        elif option.get("required"):
            if optional_seen:
                problems.append(Problem(50035, f"{where}: required option {name!r} after an optional one"))
        else:
            optional_seen = True
    return problems


def _longest(item: dict[str, Any], key: str) -> int:
    """A field's length as Discord counts it towards the command's size: the longest of the
    default and its localizations."""
    localized = item.get(f"{key}_localizations")
    lengths = [_text_len(item.get(key))]
    if isinstance(localized, dict):
        lengths += [_text_len(text) for text in localized.values()]
    return max(lengths)


def command_size(command: dict[str, Any]) -> int:
    """The characters a command counts towards :data:`MAX_COMMAND_SIZE`: the name and
    description of the command and of every option (subcommands and groups included, at any
    depth), and the name and value of every choice, each field at its longest localization."""
    size = _longest(command, "name") + _longest(command, "description")
    for choice in command.get("choices") or []:
        if isinstance(choice, dict):
            value = choice.get("value")
            size += _longest(choice, "name") + len(value if isinstance(value, str) else str(value))
    for option in command.get("options") or []:
        if isinstance(option, dict):
            size += command_size(option)
    return size


def check_commands(commands: Any) -> list[Problem]:
    """Rules for a bulk overwrite of application commands."""
    if not isinstance(commands, list):
        return [Problem(50035, "the command list must be a JSON array")]
    problems = []
    chat_input = [c for c in commands if c.get("type", 1) == 1]
    if len(chat_input) > MAX_GLOBAL_COMMANDS:
        problems.append(Problem(30032, f"{len(chat_input)} chat-input commands (max {MAX_GLOBAL_COMMANDS})"))
    seen: set[tuple[int, str]] = set()
    for command in commands:
        name, ctype = command.get("name", ""), command.get("type", 1)
        if (ctype, name) in seen:
            problems.append(Problem(50035, f"duplicate command {name!r}"))
        seen.add((ctype, name))
        if ctype == 1:
            if not COMMAND_NAME.match(name) or name != name.lower():
                problems.append(Problem(50035, f"invalid command name {name!r}"))
            if not 1 <= len(command.get("description") or "") <= 100:
                problems.append(Problem(50035, f"/{name}: description must be 1-100 characters"))
            problems.extend(_check_options(command.get("options") or [], f"/{name}"))
            size = command_size(command)
            if size > MAX_COMMAND_SIZE:
                counted = "characters in names, descriptions and values"
                problems.append(Problem(50035, f"/{name}: {size} {counted} (max {MAX_COMMAND_SIZE})"))
    problems.extend(_check_localized_names(chat_input, "commands"))
    return problems
