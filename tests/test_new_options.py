"""``/mahjong new`` offers a few settings of each variant as options of their own (``VariantUI.new_options``)
and takes every setting through ``rules``: Discord counts every option's texts against one
8,000-character budget for all of ``/mahjong``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

import bot.runtime.new_options as new_options_module
import bot.runtime.variants as variants_module
from bot.engine.table import Range
from bot.engine.variants import VARIANTS, SettingValue, Variant
from bot.runtime.errors import BadSetting, OptionOfOtherVariant
from bot.runtime.new_options import (
    FIXED_OPTIONS,
    MAX_OPTIONS,
    check_new_options,
    new_command_options,
    offered_settings,
    rules_example,
    settings_in_rules,
)
from bot.runtime.variants import Setting, build_settings, parse_rules_text, settings_of
from tests.setting_values import other_values

FEW = 6
"""The most settings a variant offers as options of their own: each costs ~60-100 of the 8,000."""


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda cls: cls.variant)
def test_each_variant_offers_a_few_of_its_settings_and_leaves_the_rest_to_rules(variant: Variant) -> None:
    offered, rest = offered_settings(variant.variant)
    names = [setting.name for setting in offered]
    assert 1 <= len(names) <= FEW, names
    assert names == list(variant.ui.new_options)
    assert {setting.name for setting in offered + rest} == {setting.name for setting in settings_of(variant.variant)}
    assert not {setting.name for setting in rest} & set(names)
    # Each offered setting says in a few English words what it sets (the seed's quotes are for
    # /mahjong rules), so that its option's description is not cut at Discord's 100 characters.
    assert all(variant.ui.settings_ja[name].english for name in names), names


def test_a_new_option_that_names_no_setting_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = VARIANTS[0]
    monkeypatch.setattr(cls.game, "ui", dataclasses.replace(cls.ui, new_options=("hands", "colour")))
    with pytest.raises(ValueError, match="new_options names no setting of the variant: colour"):
        offered_settings(cls.variant)


def test_more_options_than_discord_takes_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = max(VARIANTS, key=lambda variant: len(settings_of(variant.variant)))
    every = tuple(setting.name for setting in settings_of(cls.variant))
    assert len(every) + 2 > MAX_OPTIONS  # the timers too
    monkeypatch.setattr(cls.game, "ui", dataclasses.replace(cls.ui, new_options=every))
    new_command_options.cache_clear()  # the one command's options, counted once for all variants
    try:
        with pytest.raises(ValueError, match=r"/mahjong new would have \d+ options \(Discord takes 25\)"):
            new_command_options()
    finally:
        new_command_options.cache_clear()


def _written(value: SettingValue) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda cls: cls.variant)
def test_every_setting_of_the_variant_can_be_set_through_rules(variant: Variant) -> None:
    """Those offered as options too: ``rules`` takes any setting."""
    unset = []
    for setting in settings_of(variant.variant):
        values = other_values(setting)
        for value in values:
            text = f"{setting.name}={_written(value)}"
            parsed = parse_rules_text(variant.variant, text)
            assert parsed == {setting.name: value}, text
            try:
                built = build_settings(variant.variant, parsed)
            except BadSetting:
                continue  # clashes with another setting's default: try the next value
            assert built.to_json()[setting.name] == value, text
            break
        else:
            unset.append(f"{setting.name} (tried {values})")
    assert unset == []


def test_the_rules_example_is_a_switch_turned_the_other_way_or_a_setting_at_its_default() -> None:
    switch = Setting("nagashi", bool, True, "")
    number = Setting("tobi", int, 30, "")
    assert rules_example([number, switch]) == "nagashi=off"
    assert rules_example([Setting("nuki_ron", bool, False, "")]) == "nuki_ron=on"
    assert rules_example([number]) == "tobi=30"


def test_a_rules_value_with_commas_stays_whole_inage_points_table_1_8_2_12() -> None:
    """いなげ麻雀's 早見表 is written with commas, which also separate pairs: a comma followed by
    no ``key=`` belongs to the value."""
    assert parse_rules_text("inage", "points_table=1:8,2:12,4:16,8:24,12:32,16:40, hints=off") == {
        "points_table": "1:8,2:12,4:16,8:24,12:32,16:40",
        "hints": False,
    }
    assert parse_rules_text("inage", "hands=4,hints=off,points_table=1:8,2:12") == {
        "hands": 4,
        "hints": False,
        "points_table": "1:8,2:12",
    }
    assert parse_rules_text("nishoku", "hands=4, hints=off,") == {"hands": 4, "hints": False}
    with pytest.raises(BadSetting, match="'2:12' is not key=value"):
        parse_rules_text("inage", "points_table=1:8, 2:12")  # a space ends the value


def test_new_is_one_command_whose_options_are_every_variants_a_shared_name_once() -> None:
    """``/mahjong new`` alone must run, so it is one command; ``start_points`` (four variants)
    is one option whose range every one of them shares, ``hands`` one whose range differs."""
    options = {option.name: option for option in new_command_options()}
    # What some variant's ui.py offers is an option; what none does goes in rules only.
    assert {"start_points", "hands", "red_5p", "chips", "dice", "hints"} <= set(options)
    assert options["start_points"].variants == ("nishoku", "zuno", "chinitsu", "goto")
    assert options["start_points"].allowed == Range(1_000, 200_000, step=1_000)
    assert options["start_points"].named_variants == ()  # too many to name; hints: every variant's
    assert options["hands"].allowed is None and options["hands"].named_variants == ("nishoku", "inage")
    assert len(options) + len(FIXED_OPTIONS) <= MAX_OPTIONS
    assert "points_table" in settings_in_rules() and "open_riichi" in settings_in_rules()
    assert not set(options) & settings_in_rules()


def test_an_option_of_another_variant_is_refused_naming_whose_it_is() -> None:
    check_new_options("inage", {"hands": 50, "red_5p": None})
    with pytest.raises(OptionOfOtherVariant) as refused:
        check_new_options("goto", {"hands": 4})
    assert str(refused.value) == (
        "`hands` is a setting of nishoku, inage, not goto. goto takes `start_points`, `chips`, `dice`, "
        "`shubarii`, `hints`, `turn_seconds`, `bank_seconds`, `rules`."
    )
    assert refused.value.message("ja").startswith("`hands` は二色麻雀、いなげ麻雀の設定で、5等三麻にはありません。")


def test_variants_that_offer_one_name_as_different_kinds_of_value_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``hands`` a number in one variant and on/off in another could not be one Discord option."""
    new_command_options.cache_clear()
    monkeypatch.setattr(variants_module, "settings_of", _hands_a_switch_in_inage(variants_module.settings_of))
    monkeypatch.setattr(new_options_module, "settings_of", variants_module.settings_of)
    try:
        with pytest.raises(ValueError, match="hands is a different kind of value in nishoku, inage"):
            new_command_options()
    finally:
        new_command_options.cache_clear()


def _hands_a_switch_in_inage(
    real: Callable[[str], tuple[Setting, ...]],
) -> Callable[[str], tuple[Setting, ...]]:
    def settings_of(variant: str) -> tuple[Setting, ...]:
        settings = real(variant)
        if variant != "inage":
            return settings
        return tuple(
            dataclasses.replace(s, type=bool, default=True, allowed=None) if s.name == "hands" else s for s in settings
        )

    return settings_of
