"""Which guilds this process owns: those on the shards it connects.

Discord puts a guild on shard ``(guild_id >> 22) % shard_count`` and sends its events, button
clicks included, only to that shard's connection. In a deployment of several processes, each
running some of the shards over one database, a guild's tables must live in exactly the process
that gets its clicks: the runtime asks :class:`Shards` before it starts or recovers any.

>>> shards = Shards(frozenset({0, 1}), 4)
>>> shards.owns(2 << 22), shards.owns(5 << 22), shards.owns(None)
(False, True, True)
>>> Shards.every().owns(123 << 22)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

__all__ = ["ShardedClient", "Shards", "shard_of"]


class ShardedClient(Protocol):
    """What :meth:`Shards.of` reads of a Discord client (an AutoShardedClient also has
    ``shard_ids``; a plain client has none and runs every shard)."""

    @property
    def shard_count(self) -> int | None:
        """How many shards the application has, once known."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards of one process: ``ids`` of ``count``, or every shard (``ids`` None)."""

    ids: frozenset[int] | None
    count: int = 1

    @classmethod
    def every(cls) -> Shards:
        """One process for the whole bot: it owns every guild."""
        return cls(None)

    @classmethod
    def of(cls, client: ShardedClient) -> Shards:
        """The shards ``client`` connects: the ids an AutoShardedClient was given, else every
        shard (a client that launches them all owns every guild, whatever their count)."""
        ids = getattr(client, "shard_ids", None)
        if ids is None or not client.shard_count:
            return cls.every()
        return cls(frozenset(ids), client.shard_count)

    @property
    def all(self) -> bool:
        """Whether this process runs every shard."""
        return self.ids is None or len(self.ids) >= self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether the guild's events come to this process; ``None`` (a DM) comes to shard 0."""
        if self.ids is None:
            return True
        return (0 if guild_id is None else shard_of(guild_id, self.count)) in self.ids
