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


# --- shards: JANTAKU_SHARDS / JANTAKU_SHARD_COUNT and --shards / --shard-count ----------------------


def settings_of(tmp_path: Path, env: dict[str, str], **flags: str | None) -> Settings:
    names = {"shards": "JANTAKU_SHARDS", "shard_count": "JANTAKU_SHARD_COUNT"}
    given = {names[key]: value for key, value in flags.items()}
    return Settings.from_env({"DISCORD_TOKEN": "t", **env}, env_file=tmp_path / "absent.env", flags=given)


def test_without_shard_settings_one_process_runs_every_shard(tmp_path: Path) -> None:
    settings = settings_of(tmp_path, {})
    assert (settings.shard_ids, settings.shard_count) == (None, None)
    assert settings.shards_text == "every shard"


@pytest.mark.parametrize(
    ("shards", "count", "ids"),
    [
        ("0-3", "8", (0, 1, 2, 3)),
        ("5", "8", (5,)),
        ("0,2,4-6", "8", (0, 2, 4, 5, 6)),
        (" 6 , 0 - 1 ", "7", (0, 1, 6)),
        ("0", "1", (0,)),
    ],
)
def test_shard_ranges_are_read_sorted(tmp_path: Path, shards: str, count: str, ids: tuple[int, ...]) -> None:
    settings = settings_of(tmp_path, {"JANTAKU_SHARDS": shards, "JANTAKU_SHARD_COUNT": count})
    assert settings.shard_ids == ids
    assert settings.shard_count == int(count)


def test_a_count_alone_runs_every_shard_of_that_count(tmp_path: Path) -> None:
    settings = settings_of(tmp_path, {"JANTAKU_SHARD_COUNT": "4"})
    assert (settings.shard_ids, settings.shard_count) == (None, 4)
    assert settings.shards_text == "shards 0-3 of 4"


def test_shards_from_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=t\nJANTAKU_SHARDS=4-7\nJANTAKU_SHARD_COUNT=8\n", "utf-8")
    settings = Settings.from_env({}, env_file=env_file)
    assert (settings.shard_ids, settings.shard_count) == ((4, 5, 6, 7), 8)
    assert settings.shards_text == "shards 4-7 of 8"


def test_flags_win_over_the_environment(tmp_path: Path) -> None:
    env = {"JANTAKU_SHARDS": "0-3", "JANTAKU_SHARD_COUNT": "8"}
    assert settings_of(tmp_path, env, shards="4-7").shard_ids == (4, 5, 6, 7)
    both = settings_of(tmp_path, env, shards="2", shard_count="3")
    assert (both.shard_ids, both.shard_count) == ((2,), 3)
    # A flag left out (None) leaves the environment's value.
    assert settings_of(tmp_path, env, shards=None, shard_count=None).shard_ids == (0, 1, 2, 3)
    # A count from the environment serves the ids of a flag.
    assert settings_of(tmp_path, {"JANTAKU_SHARD_COUNT": "2"}, shards="1").shard_ids == (1,)


@pytest.mark.parametrize(
    ("env", "flags", "message"),
    [
        ({"JANTAKU_SHARDS": "0-3"}, {}, "JANTAKU_SHARDS needs --shard-count or JANTAKU_SHARD_COUNT"),
        ({}, {"shards": "0-3"}, "--shards needs --shard-count or JANTAKU_SHARD_COUNT"),
        ({"JANTAKU_SHARD_COUNT": "0"}, {}, "JANTAKU_SHARD_COUNT must be a whole number of at least 1"),
        ({"JANTAKU_SHARD_COUNT": "-2"}, {}, r"at least 1 .*, got '-2'"),
        ({"JANTAKU_SHARD_COUNT": "four"}, {}, r"at least 1 .*, got 'four'"),
        ({}, {"shard_count": "2.5"}, "--shard-count must be a whole number"),
        ({"JANTAKU_SHARDS": "0-8", "JANTAKU_SHARD_COUNT": "8"}, {}, "shard 8 does not exist .* 0 to 7"),
        ({"JANTAKU_SHARDS": "8", "JANTAKU_SHARD_COUNT": "8"}, {}, "shard 8 does not exist"),
        ({"JANTAKU_SHARDS": "3-1", "JANTAKU_SHARD_COUNT": "8"}, {}, "runs backwards; write it as 1-3"),
        ({"JANTAKU_SHARDS": "0-3,2", "JANTAKU_SHARD_COUNT": "8"}, {}, "shard 2 listed more than once"),
        ({"JANTAKU_SHARDS": "1,1,2-3,3", "JANTAKU_SHARD_COUNT": "8"}, {}, "shards 1, 3 listed more than once"),
        ({"JANTAKU_SHARDS": "0,,2", "JANTAKU_SHARD_COUNT": "8"}, {}, "'' is not a shard id or a range"),
        ({"JANTAKU_SHARDS": "a-b", "JANTAKU_SHARD_COUNT": "8"}, {}, "'a-b' is not a shard id"),
        ({"JANTAKU_SHARDS": "-1", "JANTAKU_SHARD_COUNT": "8"}, {}, "'-1' is not a shard id"),
        ({"JANTAKU_SHARDS": "1-2-3", "JANTAKU_SHARD_COUNT": "8"}, {}, "'1-2-3' is not a shard id"),
        ({"JANTAKU_SHARD_COUNT": "8"}, {"shards": " "}, "--shards is empty"),
        ({"JANTAKU_SHARDS": "0-3", "JANTAKU_SHARD_COUNT": "8"}, {"shards": "9"}, "--shards: shard 9 does not exist"),
    ],
)
def test_malformed_shard_settings_are_named(
    tmp_path: Path, env: dict[str, str], flags: dict[str, str], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        settings_of(tmp_path, env, **flags)


def test_settings_built_in_code_are_checked_too() -> None:
    with pytest.raises(ConfigError, match="need a shard_count"):
        Settings(token="t", shard_ids=(0,))
    with pytest.raises(ConfigError, match="not shards of 4"):
        Settings(token="t", shard_ids=(2, 4), shard_count=4)
    with pytest.raises(ConfigError, match="at least 1"):
        Settings(token="t", shard_count=0)


def test_the_command_line_passes_shard_flags_and_refuses_them_with_the_sandbox(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot import __main__ as entry

    args = entry.parse_args(["--shards", "0,2", "--shard-count", "4"])
    assert (args.shards, args.shard_count) == ("0,2", "4")
    with pytest.raises(SystemExit):
        entry.parse_args(["--sandbox", "--shards", "0"])
    assert "--shards and --shard-count are for the bot on Discord" in capsys.readouterr().err

    # A bad value stops the bot before it opens anything, with the flag's name and exit 2.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("JANTAKU_SHARD_COUNT", "4")
    assert entry.main(["--shards", "4"]) == 2
    assert "jantaku: --shards: shard 4 does not exist with 4 shard(s) in all" in capsys.readouterr().err


def test_the_bot_runs_the_shards_of_its_settings() -> None:
    from bot.app import JantakuBot

    sharded = JantakuBot(Settings(token="t", shard_ids=(2, 3), shard_count=4))
    assert (sharded.shard_ids, sharded.shard_count) == ([2, 3], 4)
    assert sharded.runtime.shards.owns(2 << 22) and not sharded.runtime.shards.owns(1 << 22)
    plain = JantakuBot(Settings(token="t"))
    assert plain.shard_ids is None
    assert not plain.shard_count  # discord.py asks Discord for the count when it connects
    assert plain.runtime.shards.owns(1 << 22)


def test_the_env_example_with_a_token_reads_as_the_defaults(tmp_path: Path) -> None:
    example = (Path(__file__).resolve().parents[1] / ".env.example").read_text("utf-8")
    env_file = tmp_path / ".env"
    env_file.write_text(example.replace("DISCORD_TOKEN=\n", "DISCORD_TOKEN=t\n"), "utf-8")
    settings = Settings.from_env({}, env_file=env_file)
    assert settings == Settings(token="t")
