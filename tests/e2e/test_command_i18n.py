"""The slash commands in Japanese: every name, description and choice of ``/mahjong`` has its
``ja`` localization, each one is what Discord accepts, and Discord gets them with the sync."""

from __future__ import annotations

import unicodedata
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import INITIAL_EXTENSIONS, JantakuBot
from bot.config import Settings
from bot.engine.table import OneOf
from bot.engine.variants import VARIANTS
from bot.runtime.variants import settings_of
from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import World
from bot.ui.command_i18n import CHOICE_NAMES, OPTION_NAMES, CommandTranslator

from .helpers import make_bot

JA = "ja"
TIMERS_AND_RULES = ("turn_seconds", "bank_seconds", "rules")
"""The options of ``/mahjong new`` besides the variant and the settings."""
SUBCOMMAND_KINDS = (1, 2)
"""Option types that are subcommands (1) and subcommand groups (2): they hold options of their own."""


@dataclass(frozen=True)
class Localizable:
    """One command, option or choice of the synced payload, where it is and what it may be called."""

    path: str
    """``/mahjong new`` for a command, ``/mahjong calc hand`` for an option,
    ``/mahjong calc seat choice E`` for a choice."""
    item: dict[str, Any]
    kind: str
    """``command`` (groups and subcommands too), ``option`` or ``choice``."""
    siblings: tuple[dict[str, Any], ...]
    """The items beside it (itself included): their names must differ in every locale."""


@pytest.fixture
async def payloads() -> AsyncIterator[list[dict[str, Any]]]:
    """What ``tree.sync`` sends for every command once the cogs are loaded, with the bot's
    translator: a command a cog adds later is in it too."""
    bot = JantakuBot(Settings(token="unused", database=":memory:"), recover=False)
    bot.tree.add_command(bot.mahjong)
    for extension in INITIAL_EXTENSIONS:
        await bot.load_extension(extension)
    translator = CommandTranslator()
    try:
        yield [await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()]
    finally:
        for extension in INITIAL_EXTENSIONS:
            await bot.unload_extension(extension)


def localizables(payloads: list[dict[str, Any]]) -> Iterator[Localizable]:
    """Every command, subcommand, option and choice of the payloads, depth first."""

    def walk(item: dict[str, Any], path: str, siblings: tuple[dict[str, Any], ...], kind: str) -> Iterator[Localizable]:
        here = f"{path} {item['name']}" if path else f"/{item['name']}"
        yield Localizable(here, item, kind, siblings)
        options = tuple(item.get("options") or ())
        for option in options:
            is_command = option.get("type") in SUBCOMMAND_KINDS
            yield from walk(option, here, options, "command" if is_command else "option")
        choices = tuple(item.get("choices") or ())
        for choice in choices:
            yield Localizable(f"{here} choice {choice['name']}", choice, "choice", choices)

    top = tuple(payloads)
    for command in payloads:
        yield from walk(command, "", top, "command")


def is_localized_name_character(character: str) -> bool:
    """One character of Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``: a letter, a
    number, ``-``, ``_``, or any character of the Devanagari or Thai blocks (their vowel signs
    are marks, not letters)."""
    code = ord(character)
    return (
        character in "-_"
        or unicodedata.category(character)[0] in "LN"
        or 0x0900 <= code <= 0x097F
        or 0xA8E0 <= code <= 0xA8FF
        or 0x0E00 <= code <= 0x0E7F
    )


def name_problems(name: str) -> list[str]:
    """What Discord would refuse in a localized command or option name."""
    problems = []
    if not 1 <= len(name) <= 32:
        problems.append(f"{len(name)} characters (1-32)")
    if bad := [character for character in name if not is_localized_name_character(character)]:
        problems.append(f"characters Discord refuses: {bad}")
    if name != name.lower():
        problems.append("not lower case")
    return problems


async def test_every_name_description_and_choice_of_every_command_has_japanese(
    payloads: list[dict[str, Any]],
) -> None:
    missing = []
    for entry in localizables(payloads):
        if JA not in (entry.item.get("name_localizations") or {}):
            missing.append(f"{entry.path}: name {entry.item['name']!r}")
        if entry.kind != "choice" and JA not in (entry.item.get("description_localizations") or {}):
            missing.append(f"{entry.path}: description {entry.item.get('description')!r}")
    assert not missing, "no Japanese in bot/ui/command_i18n.py for:\n" + "\n".join(missing)


async def test_every_japanese_name_and_description_is_one_discord_accepts(payloads: list[dict[str, Any]]) -> None:
    problems = []
    for entry in localizables(payloads):
        name = (entry.item.get("name_localizations") or {}).get(JA)
        if name is None:
            continue  # the test above names it
        if entry.kind == "choice":
            if not 1 <= len(name) <= 100:
                problems.append(f"{entry.path}: choice name {name!r} is {len(name)} characters (1-100)")
        else:
            problems += [f"{entry.path}: name {name!r}: {problem}" for problem in name_problems(name)]
        same = [
            sibling["name"]
            for sibling in entry.siblings
            if sibling is not entry.item and (sibling.get("name_localizations") or {}).get(JA) == name
        ]
        if same:
            problems.append(f"{entry.path}: Japanese name {name!r} also names {same}")
        description = (entry.item.get("description_localizations") or {}).get(JA)
        if description is not None and not 1 <= len(description) <= 100:
            problems.append(f"{entry.path}: description is {len(description)} characters (1-100)")
    assert not problems, "\n".join(problems)


def test_the_name_check_refuses_what_discord_refuses() -> None:
    assert name_problems("卓を立てる") == []
    assert name_problems("赤5筒") == []
    assert name_problems("dmで手牌") == []
    assert name_problems("हिन्दी") == []  # a Devanagari vowel sign is a mark, and allowed
    assert name_problems("DMで手牌") == ["not lower case"]
    assert name_problems("天和・地和") == ["characters Discord refuses: ['・']"]
    assert name_problems("持ち 点") == ["characters Discord refuses: [' ']"]
    assert name_problems("") == ["0 characters (1-32)"]


async def test_only_japanese_is_added_other_locales_keep_the_english(payloads: list[dict[str, Any]]) -> None:
    locales = {
        locale
        for entry in localizables(payloads)
        for key in ("name_localizations", "description_localizations")
        for locale in entry.item.get(key) or {}
    }
    assert locales == {JA}


async def test_a_variants_settings_are_described_in_japanese_with_their_range_and_default(
    payloads: list[dict[str, Any]],
) -> None:
    options = {entry.path: entry.item for entry in localizables(payloads)}
    new = options["/mahjong new"]
    assert (new["name_localizations"][JA], new["description_localizations"][JA]) == (
        "卓を立てる",
        "このチャンネルで卓を立てて参加者を募る",
    )
    variant = options["/mahjong new variant"]
    assert variant["description_localizations"][JA] == "種目（既定: サーバーの既定の種目）"
    assert variant["choices"][0]["name_localizations"][JA] == "二色麻雀"
    red = options["/mahjong new red_5p"]
    # An option of one variant says whose it is, its range and its default.
    assert red["name_localizations"][JA] == "赤5筒"
    assert red["description_localizations"][JA] == "二色麻雀: 赤5筒の枚数（ドラは赤牌のみ）［0〜2、既定 1］"
    # One that four variants share, each with its own default (and their own words for it).
    start = options["/mahjong new start_points"]
    assert start["name_localizations"][JA] == "持ち点"
    assert start["description_localizations"][JA] == "持ち点［1,000〜200,000（1,000刻み）、既定は種目ごと］"
    assert start["description"] == (
        "Points each player starts with (1,000 to 200,000 in steps of 1,000; default by variant)"
    )
    hands = options["/mahjong new hands"]
    assert hands["description"] == "nishoku, inage: Hands in the game (default by variant)"
    end = options["/mahjong new end"]
    # The default is named as its choice is, in Japanese.
    assert end["description_localizations"][JA].endswith("［既定 局数］")
    assert [choice["name_localizations"][JA] for choice in end["choices"]] == ["局数", "点数", "時間", "投票"]
    rules = options["/mahjong new rules"]
    # The example is a switch of the settings without an option of their own, the first one.
    assert rules["description_localizations"][JA] == (
        "ほかの設定を key=value で（例: shin_pinfu_any_wait=off、一覧は /麻雀 ルール）"
    )
    assert rules["description"] == (
        "Other settings as key=value, e.g. shin_pinfu_any_wait=off (all of them: /mahjong rules)"
    )


def test_every_setting_of_every_variant_has_its_japanese_in_its_ui_those_in_rules_too() -> None:
    """So that a setting that moves from ``rules`` into an option of its own (another setting
    removed) needs nothing new; no two options of one ``/mahjong new`` would share a name; and a
    setting's word means one thing in Japanese whichever variant has it (Discord's choices carry
    only the word)."""
    missing, shared, unknown = [], [], []
    words: dict[str, set[str]] = {}
    for cls in VARIANTS:
        settings = {setting.name: setting for setting in settings_of(cls.variant)}
        texts = cls.ui.settings_ja
        missing += [f"{cls.variant}.{name}" for name in settings if name not in texts]
        unknown += [f"{cls.variant}.{name}" for name in texts if name not in settings]
        japanese = [text.name for text in texts.values()] + [OPTION_NAMES[name] for name in TIMERS_AND_RULES]
        shared += [f"{cls.variant}: {name}" for name in set(japanese) if japanese.count(name) > 1]
        for name, text in texts.items():
            allowed = settings[name].allowed if name in settings else None
            expected = set(allowed.values) if isinstance(allowed, OneOf) else set()
            if set(text.choices) != expected:
                missing.append(f"{cls.variant}.{name}: choices {sorted(expected)}, not {sorted(text.choices)}")
            for word, meaning in text.choices.items():
                words.setdefault(word, set()).add(meaning)
    assert not missing, "no Japanese (VariantUI.settings_ja in the variant's ui.py) for:\n" + "\n".join(missing)
    assert not unknown, unknown
    assert not shared, shared
    for word, meanings in words.items():
        if word in CHOICE_NAMES:  # looked up first (bot/ui/command_i18n.py::japanese)
            meanings.add(CHOICE_NAMES[word])
    assert {word: meanings for word, meanings in words.items() if len(meanings) > 1} == {}


@pytest.fixture
async def bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[JantakuBot]:
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as running:
        yield running


def _option(command: dict[str, Any], *path: str) -> dict[str, Any]:
    found = command
    for name in path:
        found = next(option for option in found["options"] if option["name"] == name)
    return found


async def test_discord_gets_the_japanese_with_the_sync_and_a_japanese_player_is_answered_in_japanese(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    (mahjong,) = fake_discord.commands()
    assert mahjong["name_localizations"] == {JA: "麻雀"}
    assert mahjong["description_localizations"] == {JA: "麻雀卓: 対局、ルール、点数計算、ランキング"}
    assert _option(mahjong, "new")["name_localizations"] == {JA: "卓を立てる"}
    assert _option(mahjong, "new", "variant")["name_localizations"] == {JA: "種目"}
    variant = _option(mahjong, "rules", "variant")
    assert variant["name_localizations"] == {JA: "種目"}
    titles = [choice["name_localizations"][JA] for choice in variant["choices"]]
    assert titles == ["二色麻雀", "いなげ麻雀", "ずーの", "チンイツゲーム", "5等三麻"]
    assert _option(mahjong, "calc", "seat")["name_localizations"] == {JA: "自風"}

    world = World.build(fake_discord, "Aki")
    (aki,) = world.members
    # The client sends the command's own names whatever it showed; the locale says who asks.
    record = await aki.slash(world.channel, "mahjong rules", variant="nishoku", locale=JA)
    assert record.message is not None and record.message.ephemeral
    assert "4人" in record.message.text and "卓の設定（既定値）" in record.message.text
    # The options by the names a Japanese client shows them.
    assert record.message.embeds[0]["footer"]["text"] == (
        "/麻雀 卓を立てる 種目:二色麻雀 で設定します: 局数、持ち点、赤5筒、赤5索、ヒント はそれぞれのオプションで、"
        "どの設定も「その他のルール」に key=value で（例: shin_pinfu_any_wait=off）"
    )
    english = await aki.slash(world.channel, "mahjong rules", variant="nishoku")
    assert english.message is not None and "4 players" in english.message.text
