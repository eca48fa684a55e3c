"""Typed settings read from the environment and an optional ``.env`` file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = "sqlite:///data/jantaku.sqlite3"
FLAGS = {"JANTAKU_SHARDS": "--shards", "JANTAKU_SHARD_COUNT": "--shard-count"}
"""The ``python -m bot`` flag that stands for each environment variable (and wins over it)."""


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


def read_env_file(path: Path) -> dict[str, str]:
    """Parse ``KEY=value`` lines (``#`` comments, optional quotes); a missing file is empty."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text("utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"{path}:{number}: expected KEY=value, got {raw!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def parse_shard_count(raw: str, *, name: str = "JANTAKU_SHARD_COUNT") -> int:
    """The total number of shards across every process, at least 1.

    >>> parse_shard_count(" 8 ")
    8
    """
    value = raw.strip()
    if not value.isdigit() or int(value) < 1:
        raise ConfigError(
            f"{name} must be a whole number of at least 1 (the shards of the whole bot, across every "
            f"process), got {raw!r}"
        )
    return int(value)


def parse_shard_ids(raw: str, count: int, *, name: str = "JANTAKU_SHARDS") -> tuple[int, ...]:
    """Shard ids written as ids and ranges (``5``, ``0-3``, ``0,2,4-6``), each below ``count``;
    sorted. A shard listed twice is an error: two ranges that overlap are a typo more often than
    not, and the process would not own what its operator meant.

    >>> parse_shard_ids("4-6, 0,2", 8)
    (0, 2, 4, 5, 6)
    """
    example = f"e.g. {name}=0-{max(0, count // 2 - 1)}" if count > 1 else f"e.g. {name}=0"
    if not raw.strip():
        raise ConfigError(f"{name} is empty: list this process's shards as ids and ranges, {example}")
    ids: list[int] = []
    for part in raw.split(","):
        item = part.strip()
        first, dash, last = item.partition("-")
        if not first.strip().isdigit() or (dash and not last.strip().isdigit()):
            raise ConfigError(
                f"{name}: {item!r} is not a shard id or a range of them; write ids and ranges such as "
                f"0-3 or 0,2,4-6 ({example})"
            )
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise ConfigError(f"{name}: the range {item!r} runs backwards; write it as {high}-{low}")
        if high >= count:
            raise ConfigError(
                f"{name}: shard {high} does not exist with {count} shard(s) in all; shard ids run from 0 to {count - 1}"
            )
        ids.extend(range(low, high + 1))
    twice = sorted({shard for shard in ids if ids.count(shard) > 1})
    if twice:
        listed = ", ".join(map(str, twice))
        raise ConfigError(f"{name}: shard{'s' if len(twice) > 1 else ''} {listed} listed more than once in {raw!r}")
    return tuple(sorted(ids))


def format_shard_ids(ids: tuple[int, ...]) -> str:
    """Shard ids as :func:`parse_shard_ids` reads them, runs as ranges.

    >>> format_shard_ids((0, 1, 2, 3, 5, 7, 8))
    '0-3,5,7-8'
    """
    runs: list[list[int]] = []
    for shard in sorted(ids):
        if runs and shard == runs[-1][1] + 1:
            runs[-1][1] = shard
        else:
            runs.append([shard, shard])
    return ",".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment (see ``.env.example``).

    ``shard_ids`` and ``shard_count``: the shards this process connects, of how many in all (see
    ``docs/architecture.md``, "A sharded deployment"). With neither, one process runs every shard
    and discord.py asks Discord how many; with a count alone, this process runs all of them.
    """

    token: str
    database: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None

    def __post_init__(self) -> None:
        if self.shard_count is not None and self.shard_count < 1:
            raise ConfigError(f"shard_count must be at least 1, got {self.shard_count}")
        if self.shard_ids is None:
            return
        if self.shard_count is None:
            raise ConfigError("shard_ids need a shard_count: the number of shards across every process")
        if not self.shard_ids:
            raise ConfigError("shard_ids is empty: a process owns at least one shard")
        if len(set(self.shard_ids)) != len(self.shard_ids):
            raise ConfigError(f"shard_ids lists a shard twice: {self.shard_ids}")
        outside = [shard for shard in self.shard_ids if not 0 <= shard < self.shard_count]
        if outside:
            raise ConfigError(f"shard_ids {outside} are not shards of {self.shard_count} (0 to {self.shard_count - 1})")

    @property
    def shards_text(self) -> str:
        """Which shards this process runs, for its log: ``shards 0-3 of 8``, or ``every shard``."""
        if self.shard_count is None:
            return "every shard"
        ids = self.shard_ids if self.shard_ids is not None else tuple(range(self.shard_count))
        return f"shard{'s' if len(ids) > 1 else ''} {format_shard_ids(ids)} of {self.shard_count}"

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str] | None = None,
        env_file: Path = Path(".env"),
        *,
        flags: Mapping[str, str | None] | None = None,
    ) -> Settings:
        """Real environment variables win over ``.env``, and ``flags`` (``python -m bot``'s, by the
        variable they stand for: ``{"JANTAKU_SHARDS": "0-3"}``) over both; a missing token is a
        ConfigError."""
        merged = read_env_file(env_file)
        merged.update(os.environ if env is None else env)
        given = {key: value for key, value in (flags or {}).items() if value is not None}
        merged.update(given)

        def named(key: str) -> str:
            return FLAGS.get(key, key) if key in given else key

        token = merged.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and paste your bot token "
                "from https://discord.com/developers/applications (Bot -> Reset Token)."
            )
        guild = merged.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a numeric guild id, got {guild!r}")
        level = merged.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, got {level!r}")
        count_text = merged.get("JANTAKU_SHARD_COUNT", "")
        shards_text = merged.get("JANTAKU_SHARDS", "")
        shard_count = parse_shard_count(count_text, name=named("JANTAKU_SHARD_COUNT")) if count_text.strip() else None
        shard_ids = None
        if shards_text.strip() or "JANTAKU_SHARDS" in given:
            if shard_count is None:
                raise ConfigError(
                    f"{named('JANTAKU_SHARDS')} needs {FLAGS['JANTAKU_SHARD_COUNT']} or JANTAKU_SHARD_COUNT: "
                    "the number of shards across every process (e.g. JANTAKU_SHARDS=0-3 with "
                    "JANTAKU_SHARD_COUNT=8 for the first of two processes)"
                )
            shard_ids = parse_shard_ids(shards_text, shard_count, name=named("JANTAKU_SHARDS"))
        return cls(
            token=token,
            database=merged.get("JANTAKU_DATABASE", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            shard_ids=shard_ids,
            shard_count=shard_count,
        )
