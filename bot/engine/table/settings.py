"""Table settings as a frozen dataclass per variant, with JSON out and in; each setting is a
:func:`setting` field that carries its description and the values it may take (:func:`allowed`,
:func:`one_of`, :func:`shaped`)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar

__all__ = [
    "ALLOWED",
    "DOC",
    "Allowed",
    "Form",
    "OneOf",
    "Range",
    "StartPointsSettings",
    "TableSettings",
    "allowed",
    "allowed_values",
    "chips_setting",
    "hints_setting",
    "one_of",
    "refuse_negative",
    "refuse_return_below_start",
    "return_points_setting",
    "setting",
    "setting_docs",
    "shaped",
    "start_points_setting",
]

ALLOWED = "allowed"
"""The field metadata key that holds a setting's :class:`Range` or :class:`OneOf`."""
DOC = "doc"
"""The field metadata key that holds a setting's description."""

_Value = TypeVar("_Value", bool, int, float, str)


@dataclass(frozen=True)
class Range:
    """The whole numbers a setting may take: ``low`` to ``high`` (both included), in steps of
    ``step`` counted from ``low``.

    >>> 16 in Range(1, 16), 17 in Range(1, 16), True in Range(0, 2), "3" in Range(1, 16)
    (True, False, False, False)
    >>> 35_500 in Range(10_000, 200_000, step=1_000), str(Range(10_000, 200_000, step=1_000))
    (False, '10,000 to 200,000 in steps of 1,000')
    """

    low: int
    high: int
    step: int = 1

    def __post_init__(self) -> None:
        if self.low > self.high or self.step < 1:
            raise ValueError(f"an empty range: {self.low} to {self.high} in steps of {self.step}")

    def __contains__(self, value: object) -> bool:
        # bool is an int to Python, never to a player: on/off is not a number of hands.
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return self.low <= value <= self.high and (value - self.low) % self.step == 0

    def __str__(self) -> str:
        span = f"{self.low:,} to {self.high:,}"
        return span if self.step == 1 else f"{span} in steps of {self.step:,}"


@dataclass(frozen=True)
class OneOf:
    """The words a text setting may be.

    >>> "p" in OneOf(("p", "s")), "m" in OneOf(("p", "s")), str(OneOf(("p", "s")))
    (True, False, 'p, s')
    """

    values: tuple[str, ...]

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and value in self.values

    def __str__(self) -> str:
        return ", ".join(self.values)


@dataclass(frozen=True)
class Form:
    """The shape a text setting must have (a regular expression, matched whole), shown as an
    example; what the numbers in it may be, the settings' own check says.

    >>> "10-30" in Form(r"\\d{1,3}-\\d{1,3}", "10-30"), "10-" in Form(r"\\d{1,3}-\\d{1,3}", "10-30")
    (True, False)
    """

    pattern: str
    example: str
    max_length: int = 100

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, str) and len(value) <= self.max_length and re.fullmatch(self.pattern, value) is not None
        )

    def __str__(self) -> str:
        return f"like {self.example}"


Allowed = Range | OneOf | Form
"""What a setting may be; a setting without one (on/off) takes any value of its type."""


def allowed(low: int, high: int, *, step: int = 1) -> Mapping[str, Allowed]:
    """Field metadata for a whole-number setting: ``field(default=16, metadata=allowed(1, 16))``."""
    return {ALLOWED: Range(low, high, step)}


def one_of(*values: str) -> Mapping[str, Allowed]:
    """Field metadata for a setting that is one of a few words."""
    return {ALLOWED: OneOf(values)}


def shaped(pattern: str, example: str) -> Mapping[str, Allowed]:
    """Field metadata for a text setting of a fixed shape, e.g. ``shaped(r"\\d+-\\d+", "10-30")``."""
    return {ALLOWED: Form(pattern, example)}


def setting(default: _Value, limits: Mapping[str, Allowed] | None = None, *, doc: str) -> _Value:
    """A settings dataclass field: its default, what it may be (:func:`allowed`, :func:`one_of`,
    :func:`shaped`; none for on/off) and its description, shown in ``/mahjong rules`` and as the
    ``/mahjong new`` option's text. The description's line breaks and runs of spaces become one
    space, so a long one may be written over several lines.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Demo:
    ...     hands: int = setting(4, allowed(1, 16), doc="How many hands a game has.")
    >>> setting_docs(Demo), allowed_values(Demo), Demo().hands
    ({'hands': 'How many hands a game has.'}, {'hands': Range(low=1, high=16, step=1)}, 4)
    >>> setting(True, doc=" ")
    Traceback (most recent call last):
    ...
    ValueError: a setting needs a description
    """
    description = " ".join(doc.split())
    if not description:
        raise ValueError("a setting needs a description")
    metadata: dict[str, object] = {**(limits or {}), DOC: description}
    # dataclasses.field is typed to return the default's type, so the annotation stays honest.
    return dataclasses.field(default=default, metadata=metadata)


def start_points_setting(default: int, *, doc: str) -> int:
    """The points each player starts with: 1,000 to 200,000, in thousands (every variant that
    has them)."""
    return setting(default, allowed(1_000, 200_000, step=1_000), doc=doc)


def return_points_setting(default: int, *, doc: str) -> int:
    """The points the final score counts from (返し): 1,000 to 300,000, in thousands."""
    return setting(default, allowed(1_000, 300_000, step=1_000), doc=doc)


def chips_setting(default: int, *, doc: str, most: int = 20) -> int:
    """A number of chips (祝儀) a rule moves: 0 (none) to ``most``."""
    return setting(default, allowed(0, most), doc=doc)


def hints_setting() -> bool:
    """Whether the private panel shows waits and ukeire: every variant has this setting."""
    return setting(True, doc="Show waits and ukeire on the private panel.")


def refuse_negative(**values: int) -> None:
    """Refuse settings that cannot be below 0, naming the first one that is.

    >>> refuse_negative(tobi_chips=3, ura_chips=-1)
    Traceback (most recent call last):
    ...
    ValueError: ura_chips cannot be negative (-1)
    """
    for name, value in values.items():
        if value < 0:
            raise ValueError(f"{name} cannot be negative ({value})")


def refuse_return_below_start(start_points: int, return_points: int) -> None:
    """Refuse starting points that are not positive, and a return below the start (the オカ
    would be negative).

    >>> refuse_return_below_start(50_000, 40_000)
    Traceback (most recent call last):
    ...
    ValueError: return_points (40000) must be at least start_points (50000)
    """
    if start_points <= 0:
        raise ValueError(f"start_points must be positive, not {start_points}")
    if return_points < start_points:
        raise ValueError(f"return_points ({return_points}) must be at least start_points ({start_points})")


def setting_docs(settings: type) -> dict[str, str]:
    """Each field of a settings dataclass by name, with its description ("" for a field not made
    by :func:`setting`)."""
    return {field.name: str(field.metadata.get(DOC, "")) for field in dataclasses.fields(settings)}


def allowed_values(settings: type) -> dict[str, Allowed]:
    """Each field of a settings dataclass that declares what it may be, by name."""
    found: dict[str, Allowed] = {}
    for field in dataclasses.fields(settings):
        value = field.metadata.get(ALLOWED)
        if isinstance(value, Range | OneOf | Form):
            found[field.name] = value
    return found


class TableSettings:
    """Mixin for a variant's frozen settings dataclass: JSON out and in, unknown keys named.

    Each field is a :func:`setting` with its description: the runtime shows it in
    ``/mahjong rules`` and builds ``/mahjong new`` options from the fields. A number or a choice
    of words declares what it may be there too (:func:`allowed`, :func:`one_of`): the bot
    refuses anything else before a table opens, and Discord shows the bounds. The
    settings' own ``__post_init__`` keeps what the engine needs to work and what one field
    cannot say alone (a return above the start); the ranges may be narrower, for what a table
    sensibly plays, and are checked where a table is set up, so a game stored before a range
    narrowed still loads.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Demo(TableSettings):
    ...     title = "demo"
    ...     hands: int = setting(4, allowed(1, 16), doc="How many hands a game has.")
    ...     hints: bool = setting(True, doc="Show waits and ukeire on the private panel.")
    >>> Demo.from_json({"hands": 2}).to_json()
    {'hands': 2, 'hints': True}
    >>> Demo.from_json({"hand": 2})
    Traceback (most recent call last):
    ...
    ValueError: unknown demo settings: hand
    """

    title: ClassVar[str] = ""
    """The variant's name, for error messages."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    """Declared so a :class:`TableSettings` is a dataclass to the type checker too: every variant's
    settings are one, and the registry hands them out as a ``TableSettings``."""

    hints: bool
    """Every variant lets a table show waits and ukeire on the private panel."""

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON values."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Build settings from JSON; unknown keys are an error that names them."""
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown {cls.title} settings: {', '.join(sorted(unknown))}")
        return cls(**data)


class StartPointsSettings(TableSettings):
    """Settings of a variant whose players start with points: its ``start_points`` field (a
    :func:`start_points_setting`) is what every seat starts the game with."""

    start_points: int
