"""The digest of a game's state, from the game's own fields rather than a list kept by hand, so
that no field can be forgotten: a replay compares it after every action."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import operator
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["state_digest"]

_SCALARS = frozenset({int, str, bool, float, type(None)})
_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]] | None] = {}
"""Per class: a getter of all its dataclass fields at once (None for anything else)."""


def _fields_of(kind: type) -> Callable[[Any], tuple[Any, ...]] | None:
    if kind not in _FIELDS:
        names = [f.name for f in dataclasses.fields(kind)] if dataclasses.is_dataclass(kind) else []
        if not names:
            _FIELDS[kind] = None
        else:
            # attrgetter of one name returns the value itself, not a 1-tuple: name it twice.
            _FIELDS[kind] = operator.attrgetter(*names, *names[:1] * (len(names) == 1))
    return _FIELDS[kind]


def _canonical(value: Any) -> Any:
    """A form of the state whose ``repr`` is the same for equal states: dataclasses by field,
    dicts and sets in sorted order (their iteration order depends on how they were filled)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        # Walls and hands are long lists of tile ids: kept as they are, their repr is canonical.
        if all(type(item) in _SCALARS for item in value):
            return value
        return tuple([_canonical(item) for item in value])
    fields = _fields_of(kind)
    if fields is not None:
        return (kind.__name__, *[item if type(item) in _SCALARS else _canonical(item) for item in fields(value)])
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return tuple(sorted((_canonical(key), _canonical(item)) for key, item in value.items()))
    if isinstance(value, set | frozenset):
        return tuple(sorted(_canonical(item) for item in value))
    if isinstance(value, list | tuple):
        return tuple(_canonical(item) for item in value)
    return value


def state_digest(state: Iterable[tuple[str, Any]]) -> str:
    """A digest of named state values (``vars(game)``'s, less what is not state), the same for
    equal states whatever order their dicts and sets were filled in.

    >>> state_digest([("b", {2, 1}), ("a", 1)]) == state_digest([("a", 1), ("b", {1, 2})])
    True
    """
    parts = [(name, _canonical(value)) for name, value in sorted(state)]
    return hashlib.sha256(repr(parts).encode()).hexdigest()
