"""What the Discord layer needs to know about each variant's table settings.

Settings are each variant's frozen dataclass; their fields become options of ``/mahjong new``
and lines of ``/mahjong rules``, with the description each field carries
(:func:`bot.engine.table.setting`), so a new variant or setting needs no change here.

>>> [s.name for s in settings_of("nishoku")][:3]
['red_5p', 'red_5s', 'start_points']
>>> settings_of("nishoku")[3].doc.startswith("「１ゲームは東南西北の一荘戦」")
True
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from bot.engine.game import Game
from bot.engine.table import Allowed, Form, TableSettings, allowed_values, setting_docs
from bot.engine.variants import VARIANTS, Variant, find_variant
from bot.runtime.errors import BadSetting, OptionNotAllowed, OptionWrongType, UnknownVariant

__all__ = [
    "Setting",
    "all_settings",
    "build_settings",
    "changed_settings",
    "check_setting",
    "has_chips",
    "new_table_game",
    "parse_rules_text",
    "settings_of",
    "settings_table",
    "variant_class",
]

_TRUE = {"1", "on", "true", "yes", "y"}
_FALSE = {"0", "off", "false", "no", "n"}


@dataclass(frozen=True)
class Setting:
    """One table setting of a variant."""

    name: str
    type: type
    """``bool``, ``int``, ``float`` or ``str``."""
    default: Any
    doc: str
    allowed: Allowed | None = None
    """The range or the words it may be (declared beside the field); None: any value of its type."""


def variant_class(name: str) -> Variant:
    """The variant's registry entry (its game class, settings and calc); an unknown name is a user error."""
    try:
        return find_variant(name)
    except ValueError as error:
        raise UnknownVariant(name=name) from error


def has_chips(name: str) -> bool:
    """Whether the variant keeps chips (祝儀) beside points, so that results, stats and
    leaderboards show them; an unknown name is a user error.

    >>> has_chips("nishoku")
    False
    """
    return variant_class(name).has_chips


@functools.cache
def settings_of(name: str) -> tuple[Setting, ...]:
    """The variant's settings in declaration order."""
    defaults: object = variant_class(name).settings_from_json({})
    if not dataclasses.is_dataclass(defaults):
        return ()
    docs = setting_docs(type(defaults))
    ranges = allowed_values(type(defaults))
    found = []
    for field in dataclasses.fields(defaults):
        value = getattr(defaults, field.name)
        kind = type(value) if isinstance(value, bool | int | float | str) else str
        found.append(Setting(field.name, kind, value, docs[field.name], ranges.get(field.name)))
    return tuple(found)


_KINDS: dict[type, str] = {bool: "boolean", int: "integer", float: "number", str: "string"}
"""A setting's Python type -> the option kind its messages name (the ``kind_*`` texts)."""


def check_setting(setting: Setting, value: object) -> None:
    """Refuse a value of the wrong type or outside the setting's range or words, naming the
    setting and what it may be.

    >>> check_setting(Setting("hands", int, 16, "", None), "abc")
    Traceback (most recent call last):
    ...
    bot.runtime.errors.OptionWrongType: `hands` takes a whole number, not 'abc'.
    """
    if setting.type is bool:
        right_type = isinstance(value, bool)
    elif isinstance(value, bool):
        right_type = False  # True is an int to Python, never a number of hands to a player
    elif setting.type is float:
        right_type = isinstance(value, int | float)
    else:
        right_type = isinstance(value, setting.type)
    if not right_type:
        raise OptionWrongType(option=setting.name, value=value, kind=_KINDS.get(setting.type, "string"))
    if setting.allowed is not None and value not in setting.allowed:
        raise OptionNotAllowed(option=setting.name, value=value, allowed=setting.allowed)


def settings_table(name: str) -> str:
    """The variant's settings as the Markdown table its rules document carries (``docs/rules``;
    a test keeps the two the same): each setting, its default and what it may be.

    >>> print(settings_table("nishoku").splitlines()[2])
    | `red_5p` | 1 | 0 to 2 |
    """
    rows = ["| setting | default | allowed |", "|---|---|---|"]
    for setting in settings_of(name):
        if isinstance(setting.default, bool):
            default, allowed = ("on" if setting.default else "off"), "on, off"
        elif isinstance(setting.allowed, Form):
            default, allowed = f"`{setting.default}`", f"like `{setting.allowed.example}`"
        elif setting.allowed is not None:
            default, allowed = f"{setting.default}", str(setting.allowed)
        else:
            default, allowed = f"`{setting.default}`", "any text"
        rows.append(f"| `{setting.name}` | {default} | {allowed} |")
    return "\n".join(rows)


def all_settings() -> dict[str, Setting]:
    """Every setting name across all variants (the first variant's definition wins)."""
    merged: dict[str, Setting] = {}
    for variant in VARIANTS:
        for setting in settings_of(variant.variant):
            merged.setdefault(setting.name, setting)
    return merged


def build_settings(name: str, values: dict[str, Any], *, defaults: dict[str, Any] | None = None) -> TableSettings:
    """The settings dataclass of a new table: ``defaults`` (the guild's) under ``values``.

    Keys the variant does not have are dropped from ``defaults`` (guild settings are shared by
    all variants) but rejected from ``values``; each value is checked against its setting's type
    and range (:func:`check_setting`), then the variant's own checks name what one setting alone
    cannot say (a return below the start). The lobby holds what this returns and the game is
    built from it (:func:`new_table_game`); only the store writes it as JSON.

    >>> build_settings("nishoku", {"hands": 4}, defaults={"hints": False, "dm_panels": True}).hands
    4
    """
    cls = variant_class(name)
    settings = {setting.name: setting for setting in settings_of(cls.variant)}
    known = set(settings)
    unknown = sorted(set(values) - known)
    if unknown:
        raise BadSetting(detail=f"{cls.title} has no setting {', '.join(unknown)}")
    for key, value in values.items():
        check_setting(settings[key], value)
    merged = {key: value for key, value in (defaults or {}).items() if key in known}
    merged.update(values)
    try:
        built: TableSettings = cls.settings_from_json(merged)
    except (ValueError, TypeError) as error:
        raise BadSetting(detail=str(error)) from error
    return built


def changed_settings(name: str, settings: TableSettings) -> list[tuple[Setting, object]]:
    """The settings a table changed from its variant's defaults, in declaration order, with the
    values it chose (what a lobby lists).

    >>> four_hands = build_settings("nishoku", {"hands": 4})
    >>> [(setting.name, value) for setting, value in changed_settings("nishoku", four_hands)]
    [('hands', 4)]
    """
    # Each setting is a field of the dataclass by that name (settings_of reads the defaults so).
    chosen = [(setting, getattr(settings, setting.name)) for setting in settings_of(name)]
    return [(setting, value) for setting, value in chosen if value != setting.default]


def new_table_game(name: str, settings: TableSettings, *, seed: int, players: int) -> Game:
    """A new game of the variant, built from the settings dataclass its lobby holds."""
    return variant_class(name).game_from_settings(settings, seed=seed, players=players)


def parse_rules_text(name: str, text: str) -> dict[str, Any]:
    """Settings written as ``key=value`` pairs (spaces or commas between them), typed by the
    variant's settings; a value may hold commas (:func:`_pairs`).

    >>> parse_rules_text("nishoku", "hands=4, hints=off")
    {'hands': 4, 'hints': False}
    >>> parse_rules_text("inage", "points_table=1:8,2:12,hints=off")
    {'points_table': '1:8,2:12', 'hints': False}
    """
    known = {setting.name: setting for setting in settings_of(variant_class(name).variant)}
    values: dict[str, Any] = {}
    for part in _pairs(text):
        key, sep, raw = part.partition("=")
        setting = known.get(key.strip().lower())
        if not sep or setting is None:
            names = ", ".join(known)
            raise BadSetting(detail=f"{part!r} is not key=value with a key among: {names}")
        values[setting.name] = _typed(setting, raw.strip())
    return values


def _pairs(text: str) -> list[str]:
    """The ``key=value`` pairs of a rules text: spaces or commas between them, but a comma not
    followed by a ``key=`` belongs to the value before it (いなげ麻雀's ``points_table=1:8,2:12``)."""
    pairs: list[str] = []
    for word in text.split():
        pair = ""
        for piece in word.split(","):
            if not piece:
                continue  # "hands=4, hints=off" and a trailing comma
            if "=" in piece or not pair:
                if pair:
                    pairs.append(pair)
                pair = piece
            else:
                pair += "," + piece
        if pair:
            pairs.append(pair)
    return pairs


def _typed(setting: Setting, raw: str) -> Any:
    """A ``key=value`` value as its setting's type; the range is checked with the options'."""
    if setting.type is bool:
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise OptionWrongType(option=setting.name, value=raw, kind="boolean")
    if setting.type in (int, float):
        try:
            return setting.type(raw.replace("_", ""))
        except ValueError:
            raise OptionWrongType(option=setting.name, value=raw, kind=_KINDS[setting.type]) from None
    return raw
