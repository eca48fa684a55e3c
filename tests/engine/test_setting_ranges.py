"""Every table setting declares what it may be, beside the field, and its default is one of those.

The bot refuses anything outside these ranges before a table opens (tests/e2e/test_slash_options.py);
here: that no number or text setting goes without a range, words or shape, that the defaults
and the ends of every range are games the engine accepts, and that the ranges are the sane ones
a table plays (points in thousands, a handful of hands, chips in tens).
"""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine.table import Form, OneOf, Range, allowed_values, setting_docs
from bot.engine.variants import VARIANTS, JsonSettings, find_variant

SETTINGS = {cls.variant: type(cls.settings_from_json({})) for cls in VARIANTS}


@pytest.mark.parametrize("variant", SETTINGS)
def test_every_number_and_text_setting_declares_what_it_may_be(variant: str) -> None:
    settings = SETTINGS[variant]
    declared = allowed_values(settings)
    bare = [field.name for field in dataclasses.fields(settings) if field.type != "bool" and field.name not in declared]
    assert bare == []
    for name, allowed in declared.items():
        kind = next(field.type for field in dataclasses.fields(settings) if field.name == name)
        assert kind == ("int" if isinstance(allowed, Range) else "str"), name


@pytest.mark.parametrize("variant", SETTINGS)
def test_every_setting_carries_a_description(variant: str) -> None:
    """``/mahjong rules`` and the ``/mahjong new`` options show it: a setting added without one fails here."""
    docs = setting_docs(SETTINGS[variant])
    assert sorted(docs) == sorted(field.name for field in dataclasses.fields(SETTINGS[variant]))
    assert [name for name, doc in docs.items() if not doc.strip()] == []


@pytest.mark.parametrize("variant", SETTINGS)
def test_every_default_is_inside_its_range(variant: str) -> None:
    defaults = SETTINGS[variant]()
    outside = {
        name: getattr(defaults, name)
        for name, allowed in allowed_values(SETTINGS[variant]).items()
        if getattr(defaults, name) not in allowed
    }
    assert outside == {}


PARTNERS: dict[tuple[str, str], JsonSettings] = {
    ("nishoku", "bust_below"): {"start_points": 200_000},
    ("inage", "kazoe_from"): {"points_table": "1:8"},
    ("zuno", "start_points"): {"return_points": 300_000},
    ("zuno", "return_points"): {"start_points": 1_000},
    ("chinitsu", "start_points"): {"return_points": 300_000},
    ("chinitsu", "return_points"): {"start_points": 1_000},
    ("goto", "start_points"): {"return_points": 300_000, "big_top_points": 1_000_000},
    ("goto", "return_points"): {"start_points": 1_000, "big_top_points": 1_000_000},
    ("goto", "big_top_points"): {"start_points": 1_000, "return_points": 1_000},
    ("goto", "rank_top_chips"): {"rank_second_chips": 0},
    ("goto", "rank_second_chips"): {"rank_top_chips": 100},
}
"""Settings whose bounds depend on another setting (a return at least the start): the partners
that make each end of the range a table."""


@pytest.mark.parametrize("variant", SETTINGS)
def test_each_end_of_every_range_is_a_game_the_engine_builds(variant: str) -> None:
    """No bound is out of reach: alone (or beside the partner it depends on) each builds a game."""
    cls = find_variant(variant)
    refused = {}
    for name, allowed in allowed_values(SETTINGS[variant]).items():
        if not isinstance(allowed, Range):
            continue
        for value in (allowed.low, allowed.high):
            chosen = {**PARTNERS.get((variant, name), {}), name: value}
            try:
                cls.new_game_from_json(chosen, seed=1, players=cls.max_players)
            except ValueError as error:
                refused[f"{name}={value}"] = str(error)
    assert refused == {}


def test_start_points_are_thousands_from_1000_and_nishoku_plays_1_to_16_hands() -> None:
    # From 1,000: a table that ends at the first payment is a house rule some play (and the
    # crash soak's short games use it).
    for variant, settings in SETTINGS.items():
        start = allowed_values(settings).get("start_points", Range(1_000, 1_000, step=1_000))
        assert isinstance(start, Range) and (start.low, start.step) == (1_000, 1_000), variant
    nishoku = allowed_values(SETTINGS["nishoku"])
    assert nishoku["hands"] == Range(1, 16)
    assert nishoku["bust_below"] == Range(-100_000, 199_000, step=1_000)
    assert allowed_values(SETTINGS["chinitsu"])["first_suit"] == OneOf(("p", "s", "random"))
    assert isinstance(allowed_values(SETTINGS["zuno"])["uma"], Form)


def test_range_holds_whole_numbers_on_its_steps_only() -> None:
    points = Range(10_000, 200_000, step=1_000)
    assert [value in points for value in (10_000, 35_000, 35_500, 201_000, 9_007_199_254_740_992)] == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert True not in Range(0, 2) and 1.0 not in Range(0, 2) and "1" not in Range(0, 2)
    with pytest.raises(ValueError, match="empty range"):
        Range(5, 1)
