"""Slash commands typed as text, the way Discord's message box takes them.

``/mahjong new variant:nishoku hands:2`` names its options; values without a name fill the
command's options in order (``/mahjong rules zuno``). Command, subcommand, option and choice
names are matched in English or in the typing user's locale, from the localizations the bot
synced, so a Japanese tab can type the Japanese names. Values are typed as Discord's client
types them before sending; what is still wrong (a value out of range, say) is for the bot to
answer, as it would in Discord.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
_TRUE = {"true", "yes", "on", "1", "はい", "オン"}
_FALSE = {"false", "no", "off", "0", "いいえ", "オフ"}
_NAMED = re.compile(r"(?:^|\s)([^\s:]+):")


class CommandLineError(ValueError):
    """What Discord's client would say before sending: an unknown command, a value of the wrong type."""


@dataclass(frozen=True)
class Member:
    """Someone a user option can name: by display name, ``@name`` or a ``<@id>`` mention."""

    id: int
    name: str


@dataclass
class TypedCommand:
    """A command line resolved against the synced commands: the path in English and typed values."""

    path: list[str]
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return " ".join(self.path)


def localized(node: dict[str, Any], key: str, locale: str) -> str:
    """``node[key]`` in ``locale`` where the bot synced one (``ja`` for ``ja``), else in English."""
    localizations = node.get(f"{key}_localizations") or {}
    for candidate in (locale, locale.split("-")[0]):
        if localizations.get(candidate):
            return str(localizations[candidate])
    return str(node.get(key, ""))


def _matches(node: dict[str, Any], word: str, locale: str) -> bool:
    word = word.casefold()
    return word in (str(node["name"]).casefold(), localized(node, "name", locale).casefold())


def parse_command_line(
    line: str, commands: list[dict[str, Any]], *, locale: str = "en-US", members: Sequence[Member] = ()
) -> TypedCommand:
    """Resolve ``line`` against ``commands`` (as the bot synced them) or raise CommandLineError."""
    text = line.strip()
    if not text.startswith("/"):
        raise CommandLineError("A command starts with /, for example /mahjong new")
    words = text[1:].split()
    if not words:
        raise CommandLineError("Type a command after the /, for example /mahjong new")
    top = next((c for c in commands if c.get("type", 1) == 1 and _matches(c, words[0], locale)), None)
    if top is None:
        raise CommandLineError(f"There is no /{words[0]} command here")
    path, node, rest = [str(top["name"])], top, text[1:].split(None, 1)[1:] or [""]
    remainder = rest[0]
    while True:
        subs = [o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not subs:
            break
        word, _, after = remainder.strip().partition(" ")
        sub = next((s for s in subs if word and _matches(s, word, locale)), None)
        if sub is None:
            names = ", ".join(localized(s, "name", locale) for s in subs)
            raise CommandLineError(f"/{' '.join(path)} needs one of: {names}")
        path.append(str(sub["name"]))
        node, remainder = sub, after
    specs: list[dict[str, Any]] = list(node.get("options") or [])
    values = _option_values(remainder.strip(), specs, locale, members, " ".join(path))
    missing = [localized(s, "name", locale) for s in specs if s.get("required") and s["name"] not in values]
    if missing:
        raise CommandLineError(f"/{' '.join(path)} needs {', '.join(missing)}")
    return TypedCommand(path, values)


def _option_values(
    text: str, specs: list[dict[str, Any]], locale: str, members: Sequence[Member], command: str
) -> dict[str, Any]:
    """``name:value`` pairs (a value runs to the next known ``name:``) and leading bare values."""
    by_word = {word.casefold(): spec for spec in specs for word in (spec["name"], localized(spec, "name", locale))}
    cuts = [m for m in _NAMED.finditer(text) if m.group(1).casefold() in by_word]
    raw: list[tuple[dict[str, Any], str]] = []
    head = text[: cuts[0].start()] if cuts else text
    for index, match in enumerate(cuts):
        end = cuts[index + 1].start() if index + 1 < len(cuts) else len(text)
        raw.append((by_word[match.group(1).casefold()], text[match.end() : end].strip()))
    named = {spec["name"] for spec, _ in raw}
    unnamed = [spec for spec in specs if spec["name"] not in named]
    bare = head.split()
    if len(bare) > len(unnamed) and unnamed and unnamed[min(len(bare), len(unnamed)) - 1]["type"] == STRING:
        # Words beyond the options belong to the last text option: "/x say hello there".
        keep = len(unnamed) - 1
        bare = [*bare[:keep], " ".join(bare[keep:])]
    if len(bare) > len(unnamed):
        options = ", ".join(localized(spec, "name", locale) for spec in specs) or "none"
        raise CommandLineError(f"/{command} has no more options to fill (its options: {options})")
    # A value without a name fills the next option that was not named, in the command's order.
    raw[:0] = list(zip(unnamed, bare, strict=False))
    values: dict[str, Any] = {}
    for spec, value in raw:
        values[str(spec["name"])] = _typed(spec, value, locale, members)
    return values


def _typed(spec: dict[str, Any], value: str, locale: str, members: Sequence[Member]) -> Any:
    name = localized(spec, "name", locale)
    if not value:
        raise CommandLineError(f"{name}: give a value after the colon")
    choices = spec.get("choices") or []
    if choices:
        for choice in choices:
            if value.casefold() in (str(choice["value"]).casefold(), localized(choice, "name", locale).casefold()):
                return choice["value"]
        listed = ", ".join(str(choice["value"]) for choice in choices)
        raise CommandLineError(f"{name}: choose one of {listed}")
    kind = spec["type"]
    if kind == INTEGER:
        try:
            return int(value.replace(",", "").replace("_", ""))
        except ValueError:
            raise CommandLineError(f"{name}: enter a whole number") from None
    if kind == NUMBER:
        try:
            return float(value.replace(",", ""))
        except ValueError:
            raise CommandLineError(f"{name}: enter a number") from None
    if kind == BOOLEAN:
        if value.casefold() in _TRUE:
            return True
        if value.casefold() in _FALSE:
            return False
        raise CommandLineError(f"{name}: enter true or false")
    if kind in (USER, MENTIONABLE):
        wanted = value.removeprefix("<@").removesuffix(">").removeprefix("!").lstrip("@").casefold()
        for member in members:
            if wanted in (str(member.id), member.name.casefold()):
                return member
        raise CommandLineError(f"{name}: nobody here is called {value}")
    return value
