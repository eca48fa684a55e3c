"""What the store raises. Every message says what went wrong and, where it can, what to do."""

from __future__ import annotations

import sqlite3

import asyncpg

__all__ = [
    "DATABASE_ERRORS",
    "ActionOrderError",
    "ChannelBusyError",
    "ConstraintError",
    "GameNotFoundError",
    "GameStateError",
    "SchemaVersionError",
    "StorageError",
    "is_refusal",
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


class ConstraintError(StorageError):
    """The database refused a row that breaks one of the schema's constraints (a duplicate key,
    a failed CHECK): the store turns it into one of the errors above where it has a meaning."""


DATABASE_ERRORS: tuple[type[Exception], ...] = (
    StorageError,
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    OSError,
)
"""What a call to the store may raise when the database fails it: the store's own errors, and its
drivers' (SQLite's, asyncpg's) and the operating system's that the store passes through."""

_SQLITE_REFUSALS = frozenset(
    {
        sqlite3.SQLITE_BUSY,  # another connection holds the lock past the busy timeout
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_FULL,  # the disk (or the database's page limit) is full
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_READONLY,  # the file was made read-only under us
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_NOMEM,
    }
)

_POSTGRES_REFUSALS: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,  # the server went away or refused the connection
    asyncpg.InterfaceError,  # the connection closed under us
    asyncpg.CannotConnectNowError,  # starting up or shutting down
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
    asyncpg.InsufficientResourcesError,  # disk full, out of memory
    asyncpg.SerializationError,
    asyncpg.DeadlockDetectedError,
    asyncpg.LockNotAvailableError,
    asyncpg.ReadOnlySQLTransactionError,  # a standby, or default_transaction_read_only during maintenance
    asyncpg.QueryCanceledError,  # statement_timeout
)


def is_refusal(error: BaseException) -> bool:
    """Whether a failed write was the database refusing writes for now (it may work later: a
    lock, a full disk, a lost connection), rather than a write that will never work (a duplicate
    action, a closed store, a constraint)."""
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        # The low byte is the primary code (SQLITE_IOERR_WRITE is an SQLITE_IOERR).
        return isinstance(error, sqlite3.OperationalError) and (code is None or code & 0xFF in _SQLITE_REFUSALS)
    if isinstance(error, _POSTGRES_REFUSALS):
        return True
    return isinstance(error, OSError | TimeoutError)
