"""Typed command lines resolved against synced commands, as the sandbox's command box sends them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sandbox.commands import CommandLineError, Member, parse_command_line

COMMANDS: list[dict[str, Any]] = [
    {
        "name": "mahjong",
        "name_localizations": {"ja": "麻雀"},
        "description": "Mahjong",
        "type": 1,
        "options": [
            {
                "type": 2,
                "name": "new",
                "name_localizations": {"ja": "新規"},
                "description": "Open a table",
                "options": [
                    {
                        "type": 1,
                        "name": "nishoku",
                        "description": "二色麻雀",
                        "options": [
                            {"type": 4, "name": "hands", "description": "Hands", "min_value": 1},
                            {"type": 5, "name": "hints", "description": "Hints"},
                        ],
                    }
                ],
            },
            {
                "type": 1,
                "name": "rules",
                "name_localizations": {"ja": "ルール"},
                "description": "Rules",
                "options": [
                    {
                        "type": 3,
                        "name": "variant",
                        "name_localizations": {"ja": "種類"},
                        "description": "Which game",
                        "required": True,
                        "choices": [
                            {"name": "nishoku", "name_localizations": {"ja": "二色麻雀"}, "value": "nishoku"},
                            {"name": "zuno", "name_localizations": {"ja": "ずーの"}, "value": "zuno"},
                        ],
                    }
                ],
            },
            {
                "type": 1,
                "name": "stats",
                "description": "Stats",
                "options": [{"type": 6, "name": "player", "description": "Whose"}],
            },
            {
                "type": 1,
                "name": "calc",
                "description": "Score a hand",
                "options": [{"type": 3, "name": "hand", "description": "Tiles", "required": True}],
            },
        ],
    }
]


def test_named_options_are_typed_as_discords_client_types_them() -> None:
    typed = parse_command_line("/mahjong new nishoku hands:2 hints:off", COMMANDS)
    assert typed.name == "mahjong new nishoku"
    assert typed.values == {"hands": 2, "hints": False}


def test_a_value_without_a_name_fills_the_next_option() -> None:
    assert parse_command_line("/mahjong rules zuno", COMMANDS).values == {"variant": "zuno"}


def test_japanese_names_of_commands_options_and_choices_are_understood_in_a_japanese_tab() -> None:
    typed = parse_command_line("/麻雀 ルール 種類:ずーの", COMMANDS, locale="ja")
    assert typed.name == "mahjong rules" and typed.values == {"variant": "zuno"}
    with pytest.raises(CommandLineError):
        parse_command_line("/麻雀 ルール 種類:ずーの", COMMANDS, locale="en-US")


def test_a_text_value_keeps_its_spaces_up_to_the_next_option() -> None:
    assert parse_command_line("/mahjong calc hand:234m 567p 11z", COMMANDS).values == {"hand": "234m 567p 11z"}
    assert parse_command_line("/mahjong calc 234m 567p 11z", COMMANDS).values == {"hand": "234m 567p 11z"}


def test_a_user_option_takes_a_member_by_name_or_mention() -> None:
    alice = Member(41, "Alice")
    assert parse_command_line("/mahjong stats player:@alice", COMMANDS, members=[alice]).values == {"player": alice}
    assert parse_command_line("/mahjong stats player:<@41>", COMMANDS, members=[alice]).values == {"player": alice}
    with pytest.raises(CommandLineError, match="nobody here is called Bob"):
        parse_command_line("/mahjong stats player:Bob", COMMANDS, members=[alice])


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("mahjong new", "starts with /"),
        ("/", "Type a command"),
        ("/chess", "no /chess command"),
        ("/mahjong", "needs one of: new, rules, stats, calc"),
        ("/mahjong new nishoku hands:two", "hands: enter a whole number"),
        ("/mahjong new nishoku hints:maybe", "hints: enter true or false"),
        ("/mahjong rules variant:chess", "variant: choose one of nishoku, zuno"),
        ("/mahjong rules", "needs variant"),
        ("/mahjong new nishoku hands:", "give a value"),
        ("/mahjong stats Alice Bob", "no more options"),
    ],
)
def test_what_discords_client_would_refuse_is_refused_with_a_reason(line: str, message: str) -> None:
    with pytest.raises(CommandLineError, match=message):
        parse_command_line(line, COMMANDS, members=[Member(1, "Alice")])


def test_a_range_is_left_for_the_bot_to_check() -> None:
    # Discord's client would stop this too, but the bot must refuse it itself (a client can send
    # anything), so the sandbox lets the bot's own answer show.
    assert parse_command_line("/mahjong new nishoku hands:0", COMMANDS).values == {"hands": 0}
