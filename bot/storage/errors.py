"""What the store raises. Every message says what went wrong and, where it can, what to do."""

from __future__ import annotations

__all__ = [
    "ActionOrderError",
    "ChannelBusyError",
    "GameNotFoundError",
    "GameStateError",
    "SchemaVersionError",
    "StorageError",
]


class StorageError(Exception):
    """Base class for the store's own errors."""


class SchemaVersionError(StorageError):
    """The database was written by a newer Jantaku, or a migration failed."""


class GameNotFoundError(StorageError, LookupError):
    """No game has that id."""


class GameStateError(StorageError):
    """The game is not in a state that allows this (e.g. appending to a finished game)."""


class ChannelBusyError(GameStateError):
    """A game is already running in that channel."""


class ActionOrderError(StorageError, ValueError):
    """An action's sequence number is a duplicate or skips ahead of the log."""
