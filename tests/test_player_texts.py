"""Every rules and help text a player reads renders in Discord and speaks to players: balanced
markdown, within Discord's limits, and none of the spec's words (rule IDs such as NIS-A1,
"[recommended]", the seed), which stay in the settings' ``doc=`` for the rules documents.

``/mahjong rules`` is checked for every variant and locale, at the defaults, with each setting
changed from its default, and with as many changed at once as build a table (the longest
answer); ``/mahjong help`` for every variant and locale; and every setting's player texts
(:class:`~bot.engine.variant_ui.SettingText`) and rules summary as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.engine.table import TableSettings
from bot.engine.variants import VARIANTS
from bot.runtime.errors import BadSetting
from bot.runtime.variants import build_settings, settings_of
from bot.sandbox.fakediscord.limits import check_embeds
from bot.ui.help import help_card, help_embed, help_page
from bot.ui.rules import rules_embed
from tests.setting_values import other_values

KEYS = [variant.variant for variant in VARIANTS]
LOCALES = ("en-US", "ja")
PAIRED = ("**", "__", "~~", "||")
"""Markdown that Discord renders only in pairs: one left open runs to the end of the text."""
SPEC_WORDS = re.compile(r"\b[A-Z]{2,4}-A\d+\b|\[?recommended\]?|\bseed\b|\bspec\b|``|\.txt\b", re.IGNORECASE)
"""Rule IDs (NIS-A1, INA-A3, GTS-A11…), the spec's markers and the seed file, and reST's double
backticks: the maintainers' words, never a player's."""


def markup_faults(text: str) -> list[str]:
    """What would not render as written: an unclosed code block or code span, or an unpaired
    ``**``, ``__``, ``~~``, ``||`` or ``*`` outside code.

    >>> markup_faults("`end` = **hands** — ``hands``, ``score``")
    []
    >>> markup_faults("end after ``hands``, at a `` — `target` = **200**")
    ['an unclosed code span']
    """
    if text.count("```") % 2:
        return ["an unclosed code block"]
    faults = []
    for prose in re.split(r"```.*?```", text, flags=re.DOTALL):
        spans = re.findall(r"`+", prose)
        if any(spans.count(ticks) % 2 for ticks in set(spans)):
            faults.append("an unclosed code span")
            continue
        outside = re.sub(r"(`+).*?\1", "", prose, flags=re.DOTALL)
        faults += [f"an unpaired {marker}" for marker in PAIRED if outside.count(marker) % 2]
        if outside.replace("**", "").count("*") % 2:
            faults.append("an unpaired *")
    return faults


def _shown(embed: discord.Embed) -> Iterator[tuple[str, str, bool]]:
    """Each text of the embed a player sees: where, what, and whether Discord renders its markdown
    (description and fields do; title and footer show it as typed)."""
    yield "title", embed.title or "", False
    yield "description", embed.description or "", True
    for number, field in enumerate(embed.fields):
        yield f"field {number} name", field.name or "", True
        yield f"field {number}", field.value or "", True
    yield "footer", embed.footer.text or "", False


def _faults(embed: discord.Embed) -> list[str]:
    found = [problem.text for problem in check_embeds([embed.to_dict()])]
    for where, shown, rendered in _shown(embed):
        found += [f"{where}: {fault}" for fault in (markup_faults(shown) if rendered else [])]
        found += [f"{where}: says {match.group()!r}" for match in SPEC_WORDS.finditer(shown)]
    return found


def _tables(variant: str) -> Iterator[tuple[str, TableSettings]]:
    """The variant's settings at their defaults, with each changed alone (its first other value
    that builds a table), and with every change that still builds one made together."""
    yield "defaults", build_settings(variant, {})
    together: dict[str, Any] = {}
    for setting in settings_of(variant):
        for value in other_values(setting):
            try:
                table = build_settings(variant, {setting.name: value})
            except BadSetting:
                continue  # clashes with another setting's default: try the next value
            yield f"{setting.name}={value}", table
            try:
                build_settings(variant, {**together, setting.name: value})
            except BadSetting:
                break
            together[setting.name] = value
            break
    yield "all changed", build_settings(variant, together)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("variant", KEYS)
def test_rules_render_within_discord_limits_in_players_words(variant: str, locale: str) -> None:
    faults = [f"{variant} {locale} (no table): {fault}" for fault in _faults(rules_embed(variant, locale))]
    for name, table in _tables(variant):
        faults += [f"{variant} {locale} ({name}): {fault}" for fault in _faults(rules_embed(variant, locale, table))]
    assert faults == []


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("variant", KEYS)
def test_help_renders_within_discord_limits_in_players_words(variant: str, locale: str) -> None:
    assert _faults(help_embed(help_page(variant, locale), locale)) == []
    card = help_card(variant, locale)
    pictured = [card.title, card.caption, *(text for row in card.rows for text in (row.name, row.text))]
    assert [text for text in pictured if SPEC_WORDS.search(text)] == []


@pytest.mark.parametrize("variant", VARIANTS, ids=KEYS)
def test_every_variant_says_its_rules_and_each_setting_for_players(variant: Any) -> None:
    """A written summary in both languages, and each setting's texts in both: short enough for a
    line of the rules (and an option's description) and free of the spec's words."""
    assert variant.ui.summary is not None, f"{variant.variant}: no rules summary in its ui.py"
    texts = [*variant.ui.summary]
    for setting in settings_of(variant.variant):
        words = variant.ui.settings_ja[setting.name]
        assert 0 < len(words.english) <= 90, f"{setting.name}: english {words.english!r}"
        texts += [words.name, words.text, words.english, *words.choices.values()]
    assert [text for text in texts if SPEC_WORDS.search(text) or markup_faults(text)] == []


def test_the_rules_show_this_tables_values_and_mark_what_it_changed() -> None:
    table = build_settings("inage", {"end": "score", "target": 300, "nagashi": False})
    english = rules_embed("inage", "en-US", table)
    lines = "\n".join(field.value or "" for field in english.fields)
    assert english.fields[0].name == "This table's settings"
    assert "`end` = **score** (`hands`, `score`, `time`, `vote`; default hands) — How the game ends" in lines
    assert "`target` = **300** (from 8 to 2,000; default 200) — " in lines
    assert "`nagashi` = **off** (default on) — 流し満貫 counts" in lines
    assert "`hands` = **9** (from 1 to 100) — " in lines
    japanese = rules_embed("inage", "ja", table)
    lines = "\n".join(field.value or "" for field in japanese.fields)
    assert japanese.fields[0].name == "この卓の設定"
    assert "`end` = **score（点数）**（`hands`, `score`, `time`, `vote`、既定 hands（局数）） — " in lines
    assert "`nagashi` = **オフ**（既定 オン） — 流し満貫あり" in lines
