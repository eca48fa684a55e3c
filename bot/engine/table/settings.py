"""Table settings as a frozen dataclass per variant, with JSON out and in."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Self

__all__ = ["TableSettings"]


class TableSettings:
    """Mixin for a variant's frozen settings dataclass: JSON out and in, unknown keys named.

    Each field's docstring (the string literal under it) is its description: the runtime shows
    it in ``/mahjong rules`` and builds ``/mahjong new`` options from the fields.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Demo(TableSettings):
    ...     title = "demo"
    ...     hands: int = 4
    ...     hints: bool = True
    >>> Demo.from_json({"hands": 2}).to_json()
    {'hands': 2, 'hints': True}
    >>> Demo.from_json({"hand": 2})
    Traceback (most recent call last):
    ...
    ValueError: unknown demo settings: hand
    """

    title: ClassVar[str] = ""
    """The variant's name, for error messages."""

    hints: bool
    """Every variant lets a table show waits and ukeire on the private panel."""

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON values."""
        return dataclasses.asdict(self)  # type: ignore[call-overload, no-any-return]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Build settings from JSON; unknown keys are an error that names them."""
        known = {field.name for field in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown {cls.title} settings: {', '.join(sorted(unknown))}")
        return cls(**data)
