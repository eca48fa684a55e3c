"""Settings come from the environment and .env; bad values fail with a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE, ConfigError, Settings


def test_missing_token_explains_where_to_get_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="DISCORD_TOKEN is not set"):
        Settings.from_env({}, env_file=tmp_path / "absent.env")


def test_env_file_is_read_and_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text('# comment\nDISCORD_TOKEN="from-file"\nLOG_LEVEL=debug\nDEV_GUILD_ID=42\n', "utf-8")
    settings = Settings.from_env({"DISCORD_TOKEN": "from-env"}, env_file=env_file)
    assert settings.token == "from-env"
    assert settings.log_level == "DEBUG"
    assert settings.dev_guild_id == 42
    assert settings.database == DEFAULT_DATABASE


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"}, "numeric guild id"),
        ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be"),
    ],
)
def test_malformed_settings_are_named(tmp_path: Path, env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(env, env_file=tmp_path / "absent.env")


def test_malformed_env_line_names_file_and_line(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=x\nnot a setting\n", "utf-8")
    with pytest.raises(ConfigError, match=r"\.env:2"):
        Settings.from_env({}, env_file=env_file)
