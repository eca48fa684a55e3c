"""Typed settings read from the environment and an optional ``.env`` file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = "sqlite:///data/jantaku.sqlite3"


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


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment (see ``.env.example``)."""

    token: str
    database: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, env_file: Path = Path(".env")) -> Settings:
        """Real environment variables win over ``.env``; a missing token is a ConfigError."""
        merged = read_env_file(env_file)
        merged.update(os.environ if env is None else env)
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
        return cls(
            token=token,
            database=merged.get("JANTAKU_DATABASE", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
        )
