"""Every slash option is checked by the bot itself: a client can send anything.

Each payload here is one Discord's client would never send (``member.slash_raw`` sends it as
given). The bot answers each privately, naming the option and what it may be, and changes
nothing: no lobby, no stored row, no error logged.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.app import JantakuBot
from bot.runtime.errors import NotYourTurn, UnknownGame
from bot.sandbox.fakediscord import FakeDiscord, FakeMember, InteractionRefused, running_bot
from bot.sandbox.players import World
from bot.storage import GuildSettings
from bot.ui.replies import error_message

from .helpers import ephemeral_reply, make_bot, raw_options

CHANGED = "This command has changed (the bot was just updated), so nothing was done. Try again in a moment."


@dataclass
class Setup:
    fake: FakeDiscord
    bot: JantakuBot
    world: World
    alice: FakeMember
    mod: FakeMember


@pytest.fixture
async def setup(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Setup]:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    mod = world.guild.add_member("Mod", manage_guild=True)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        yield Setup(fake_discord, bot, world, alice, mod)


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [f"{record.name}: {record.getMessage()}" for record in caplog.records if record.levelno >= logging.ERROR]


async def assert_nothing_changed(setup: Setup, caplog: pytest.LogCaptureFixture) -> None:
    """No lobby or game in memory or in the store, no public message, the server's defaults
    untouched, and no error (or traceback) logged."""
    channel = setup.world.channel
    assert not setup.bot.runtime.channel_busy(channel.id)
    assert setup.fake.messages_in(channel) == []
    store = setup.bot.store
    assert await store.tables.lobbies() == []
    assert await store.games.unfinished() == []
    assert await store.guilds.settings(setup.world.guild.id) == GuildSettings(guild_id=setup.world.guild.id)
    assert errors_logged(caplog) == []


START_POINTS = "`start_points` must be from 1,000 to 200,000 in steps of 1,000, not 9007199254740992."

CASES: dict[str, tuple[str, list[dict[str, Any]], dict[str, Any] | None, str]] = {
    "start-points-past-2-53": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(start_points=9_007_199_254_740_992),
        None,
        START_POINTS,
    ),
    "bust-below-far-below": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(rules="bust_below=-999999999"),
        None,
        "`bust_below` must be from -100,000 to 199,000 in steps of 1,000, not -999999999.",
    ),
    "turn-seconds-1": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(turn_seconds=1),
        None,
        "`turn_seconds` must be from 5 to 600, not 1.",
    ),
    "hands-17": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(hands=17),
        None,
        "`hands` must be from 1 to 16, not 17.",
    ),
    "start-points-off-step": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(start_points=35_500),
        None,
        "`start_points` must be from 1,000 to 200,000 in steps of 1,000, not 35500.",
    ),
    "unknown-option": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(colour="red"),
        None,
        "`/mahjong new` has no option `colour`; it takes `variant`, `hands`, `start_points`, `red_5p`, `red_5s`, "
        "`hints`, `end`, `target`, `minutes`, `uma`, `wareme`, `inazuma`, `first_suit`, `chips`, `dice`, "
        "`shubarii`, `turn_seconds`, `bank_seconds`, `rules`.",
    ),
    "a-setting-that-moved-into-rules-bust_below": (
        # A client whose command list is from before bust_below left the options.
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(bust_below=0),
        None,
        "`bust_below` is set in `rules` now: `/mahjong new rules:bust_below=…` (your Discord still shows"
        " the old options; it updates by itself).",
    ),
    "unknown-option-of-a-command-without-options": (
        "mahjong join",
        raw_options(seat=2),
        None,
        "`/mahjong join` has no option `seat`; it takes no options.",
    ),
    "hands-as-text": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(hands="abc"),
        None,
        "`hands` takes a whole number, not 'abc'.",
    ),
    "hands-text-typed-as-integer": (
        "mahjong new",
        [*raw_options(variant="nishoku"), {"name": "hands", "type": 4, "value": "abc"}],
        None,
        "`hands` takes a whole number, not 'abc'.",
    ),
    "hints-as-number": (
        "mahjong new",
        [*raw_options(variant="nishoku"), {"name": "hints", "type": 5, "value": 1}],
        None,
        "`hints` takes on or off (true or false), not 1.",
    ),
    "hands-twice": (
        "mahjong new",
        raw_options(variant="nishoku") + raw_options(hands=4) + raw_options(hands=8),
        None,
        "`hands` was given more than once.",
    ),
    "rules-text-hands-abc": (
        "mahjong new",
        raw_options(variant="goto") + raw_options(rules="gold_chips=abc"),
        None,
        "`gold_chips` takes a whole number, not 'abc'.",
    ),
    "rules-text-out-of-range": (
        "mahjong new",
        raw_options(variant="goto") + raw_options(rules="start_points=9007199254740992"),
        None,
        START_POINTS,
    ),
    "first-suit-not-a-choice": (
        "mahjong new",
        raw_options(variant="chinitsu") + raw_options(first_suit="m"),
        None,
        "`first_suit` cannot be 'm': choose `p`, `s`, `random`.",
    ),
    "calc-hand-of-a-page": (
        "mahjong calc",
        raw_options(hand="1p" * 4000, win="2p"),
        None,
        "`hand` takes 0 to 6,000 characters, not 8,000.",
    ),
    "calc-without-its-options": ("mahjong calc", [], None, "`/mahjong calc` needs `hand`."),
    "calc-without-win": ("mahjong calc", raw_options(hand="234567p345678s99s"), None, "`/mahjong calc` needs `win`."),
    "member-without-resolved-data": (
        "mahjong stats",
        [{"name": "member", "type": 6, "value": "123456789012345678"}],
        None,
        "`member` arrived without Discord's details of a member; choose it again from the list.",
    ),
    "member-not-a-snowflake": (
        "mahjong stats",
        [{"name": "member", "type": 6, "value": "Alice"}],
        {"users": {}},
        "`member` takes a member, not 'Alice'.",
    ),
    "member-with-unreadable-resolved-data": (
        "mahjong stats",
        [{"name": "member", "type": 6, "value": "123456789012345678"}],
        {"users": {"123456789012345678": {"id": "123456789012345678"}}},
        "That command arrived malformed, so nothing was done.",
    ),
    "stats-period-1y": (
        "mahjong stats",
        raw_options(period="1y"),
        None,
        "`period` cannot be '1y': choose `all`, `30d`, `7d`.",
    ),
    "leaderboard-period-1y": (
        "mahjong leaderboard",
        raw_options(period="1y"),
        None,
        "`period` cannot be '1y': choose `all`, `30d`, `7d`.",
    ),
    "replay-game-0": ("mahjong replay", raw_options(game=0), None, "`game` must be 1 or more, not 0."),
    "unknown-subcommand": ("mahjong tournament", [], None, CHANGED),
    # A client from before /mahjong new was one command sends a variant's subcommand.
    "old-variant-subcommand": ("mahjong new nishoku", raw_options(hands=4), None, CHANGED),
    "unknown-variant-subcommand": ("mahjong new riichi", [], None, CHANGED),
    "variant-not-a-choice": (
        "mahjong new",
        raw_options(variant="riichi"),
        None,
        "`variant` cannot be 'riichi': choose `nishoku`, `inage`, `zuno`, `chinitsu`, `goto`.",
    ),
    "unknown-command": ("jantaku", [], None, CHANGED),
    "group-without-subcommand": ("mahjong", [], None, CHANGED),
    "options-not-a-list": (
        "mahjong",
        [{"name": "new", "type": 1, "options": "nishoku"}],
        None,
        "That command arrived malformed, so nothing was done.",
    ),
}


@pytest.mark.parametrize("case", CASES, ids=str)
async def test_a_bad_slash_payload_gets_a_message_naming_the_option_and_changes_nothing(
    setup: Setup, caplog: pytest.LogCaptureFixture, case: str
) -> None:
    command, options, resolved, expected = CASES[case]
    record = await setup.alice.slash_raw(setup.world.channel, command, options=options, resolved=resolved)
    assert ephemeral_reply(record) == expected
    await assert_nothing_changed(setup, caplog)


async def test_a_bad_option_is_explained_in_japanese_to_a_japanese_client(
    setup: Setup, caplog: pytest.LogCaptureFixture
) -> None:
    channel = setup.world.channel
    record = await setup.alice.slash_raw(
        channel, "mahjong new", options=raw_options(variant="nishoku", start_points=9_007_199_254_740_992), locale="ja"
    )
    assert ephemeral_reply(record) == (
        "`start_points` は1,000〜200,000（1,000刻み）で指定してください（9007199254740992 は指定できません）。"
    )
    typed = await setup.alice.slash_raw(
        channel, "mahjong new", options=raw_options(variant="nishoku", hands="abc"), locale="ja"
    )
    assert ephemeral_reply(typed) == "`hands` には整数を指定してください（'abc' は指定できません）。"
    missing = await setup.alice.slash_raw(channel, "mahjong calc", locale="ja")
    assert ephemeral_reply(missing) == "`/mahjong calc` には `hand` の指定が必要です。"
    changed = await setup.alice.slash_raw(channel, "mahjong tournament", locale="ja")
    assert ephemeral_reply(changed).startswith("このコマンドは更新されたため")
    await assert_nothing_changed(setup, caplog)


async def test_server_settings_out_of_range_are_refused_and_nothing_is_stored(
    setup: Setup, caplog: pytest.LogCaptureFixture
) -> None:
    """A manager's ``/mahjong settings`` with a turn of 1 second or a bank of a day stores nothing."""
    channel = setup.world.channel
    for options, expected in (
        (raw_options(turn_seconds=1), "`turn_seconds` must be from 5 to 600, not 1."),
        (raw_options(turn_seconds=12, bank_seconds=86_400), "`bank_seconds` must be from 0 to 1,800, not 86400."),
        (raw_options(default_variant="riichi"), "cannot be 'riichi'"),
    ):
        record = await setup.mod.slash_raw(channel, "mahjong settings", options=options)
        assert expected in ephemeral_reply(record)
    await assert_nothing_changed(setup, caplog)
    changed = await setup.mod.slash(channel, "mahjong settings", turn_seconds=5)
    assert changed.message is not None and "Saved." in changed.message.text
    assert (await setup.bot.store.guilds.settings(setup.world.guild.id)).turn_seconds == 5


async def test_a_bust_mark_at_or_above_the_start_is_refused(setup: Setup, caplog: pytest.LogCaptureFixture) -> None:
    """Both in range alone, but everyone would be busted before the first tile."""
    channel = setup.world.channel
    record = await setup.alice.slash(
        channel, "mahjong new", variant="nishoku", start_points=30_000, rules="bust_below=30000"
    )
    assert ephemeral_reply(record) == "Setting not accepted: bust_below (30000) must be below start_points (30000)"
    await assert_nothing_changed(setup, caplog)


def _leaf(fake: FakeDiscord, *path: str) -> dict[str, Any]:
    (command,) = fake.commands()
    found = command
    for name in path:
        found = next(option for option in found["options"] if option["name"] == name)
    return found


async def test_discord_is_told_each_settings_range_so_its_client_offers_only_those(setup: Setup) -> None:
    new = {option["name"]: option for option in _leaf(setup.fake, "new")["options"]}
    assert (new["start_points"]["min_value"], new["start_points"]["max_value"]) == (1_000, 200_000)
    # いなげ麻雀 plays up to 100 hands, 二色麻雀 16: Discord is told both's, the bot checks each.
    assert (new["hands"]["min_value"], new["hands"]["max_value"]) == (1, 100)
    assert (new["red_5p"]["min_value"], new["red_5p"]["max_value"]) == (0, 2)
    assert (new["turn_seconds"]["min_value"], new["turn_seconds"]["max_value"]) == (5, 600)
    assert "1,000 to 200,000 in steps of 1,000" in new["start_points"]["description"]
    assert new["red_5p"]["description"].startswith("nishoku: "), new["red_5p"]
    assert [choice["value"] for choice in new["first_suit"]["choices"]] == ["p", "s", "random"]
    assert [choice["value"] for choice in new["end"]["choices"]] == ["hands", "score", "time", "vote"]
    settings = {option["name"]: option for option in _leaf(setup.fake, "settings")["options"]}
    assert (settings["turn_seconds"]["min_value"], settings["bank_seconds"]["max_value"]) == (5, 1800)
    # So Discord's own client does not even send these.
    for values in ({"turn_seconds": 1}, {"start_points": 9_007_199_254_740_992}, {"hands": 0}):
        with pytest.raises(InteractionRefused):
            await setup.alice.slash(setup.world.channel, "mahjong new", variant="nishoku", options=values)


def test_not_your_turn_and_no_such_game_read_in_english_and_japanese() -> None:
    assert NotYourTurn().message("en-US") == "It is not your turn to act."
    assert NotYourTurn().message("ja") == "いまはあなたの番ではありません。"
    assert UnknownGame(game=51).message("en-US") == "There is no game #51."
    assert UnknownGame(game=51).message("ja") == "対局 #51 はありません。"


def test_discord_py_errors_of_a_changed_command_read_as_a_changed_command() -> None:
    """Should one get past the check (the tree's own lookups), it is not answered as a bug."""
    assert error_message(app_commands.CommandNotFound("tournament", ["mahjong"]), "en-US") == CHANGED
    group = app_commands.Group(name="mahjong", description="x")
    mismatch = error_message(app_commands.CommandSignatureMismatch(group), "ja")
    assert mismatch is not None and mismatch.startswith("このコマンドは更新")
