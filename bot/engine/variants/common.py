"""Pieces every variant shares: table settings as JSON, and the digests behind fair play."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from typing import Any, ClassVar, Self

__all__ = ["TableSettings", "public_deciding", "state_digest", "wall_digest"]


class TableSettings:
    """Mixin for a variant's frozen settings dataclass: JSON out and in, unknown keys named.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Demo(TableSettings):
    ...     title = "demo"
    ...     hands: int = 4
    >>> Demo.from_json({"hands": 2}).to_json()
    {'hands': 2}
    >>> Demo.from_json({"hand": 2})
    Traceback (most recent call last):
    ...
    ValueError: unknown demo settings: hand
    """

    title: ClassVar[str] = ""
    """The variant's name, for error messages."""

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


def wall_digest(order: Sequence[int], salt: str) -> str:
    """Published when a hand starts; anyone can check it once the order and salt are revealed."""
    return hashlib.sha256(f"{salt}:{','.join(map(str, order))}".encode()).hexdigest()


def state_digest(parts: object) -> str:
    """A digest of a state's canonical parts (their ``repr`` is deterministic: ints, tuples, lists)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def public_deciding(
    deciding: Sequence[int], players: int, *, claim_phase: bool, actor: int | None = None
) -> tuple[int, ...]:
    """Who the table may be told is deciding.

    During a claim window the real list would tell everyone which seats can ron or call, so
    the public sees every seat but the one whose tile is on offer (``actor``) instead.
    """
    if not claim_phase:
        return tuple(deciding)
    return tuple(seat for seat in range(players) if seat != actor)
