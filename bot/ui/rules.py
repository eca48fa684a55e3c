"""``/mahjong rules``: a variant's rules in brief and every table setting, as players read them.

Each setting is listed by the texts its variant's ``ui.py`` writes for players
(:class:`~bot.engine.variant_ui.SettingText`: what it sets, in English or Japanese by the reader's
locale), with the key that ``rules:`` takes, its value and what it may be. The setting's ``doc=``
(the rule IDs and the seed's words) is the maintainers' and never shown here. Asked in a channel
whose table or lobby plays the variant, the values are that table's, each change from the
default marked; elsewhere they are the defaults.

Discord's limits decide the layout: the summary is the description (4,096 characters), the
settings fill fields of at most 1,024 characters, and the whole embed stays within 6,000
(``tests/test_player_texts.py`` checks every variant, locale and changed setting).
"""

from __future__ import annotations

import discord

from bot.engine.table import TableSettings
from bot.engine.variant_ui import SettingText
from bot.runtime.errors import allowed_text
from bot.runtime.i18n import Locale, is_japanese, text
from bot.runtime.new_options import offered_settings, rules_example
from bot.runtime.variants import Setting, settings_of, variant_class
from bot.ui.help import FIELD_LIMIT

__all__ = ["how_to_set", "rules_embed", "setting_line", "value_text"]

COLOUR = 0x2E7D32


def value_text(value: object, words: SettingText, locale: Locale | None) -> str:
    """A setting's value as a player reads it: on or off in the reader's language, a number with
    thousands separated, a word (with its Japanese for a Japanese reader)."""
    if isinstance(value, bool):
        return text("rules_on" if value else "rules_off", locale)
    if isinstance(value, int):
        return f"{value:,}"
    meaning = words.choices.get(str(value)) if is_japanese(locale) else None
    return f"{value}（{meaning}）" if meaning else str(value)


def setting_line(setting: Setting, words: SettingText, value: object, locale: Locale | None) -> str:
    """One setting: ``key`` = **value** (what it may be; its default if this table changed it) —
    what it sets."""
    limits = [allowed_text(setting.allowed, locale)] if setting.allowed is not None else []
    if value != setting.default:
        limits.append(text("rules_default", locale, value=value_text(setting.default, words, locale)))
    if is_japanese(locale):
        bracket = f"（{'、'.join(limits)}）" if limits else ""
        return f"`{setting.name}` = **{value_text(value, words, locale)}**{bracket} — {words.text}"
    bracket = f" ({'; '.join(limits)})" if limits else ""
    return f"`{setting.name}` = **{value_text(value, words, locale)}**{bracket} — {words.english}"


def how_to_set(variant: str, locale: Locale | None) -> str:
    """Where a host sets each setting listed: the few that are options of their own, in the names
    the reader's client shows, and ``rules`` for any of them, with an example."""
    cls = variant_class(variant)
    offered, rest = offered_settings(cls.variant)
    japanese = is_japanese(locale)
    command = f"/麻雀 卓を立てる 種目:{cls.title}" if japanese else f"/mahjong new variant:{cls.variant}"
    if not rest:  # every setting is an option of its own: rules has nothing of this variant's to set
        return command
    names = [cls.ui.settings_ja[s.name].name if japanese else s.name for s in offered]
    options = ("、" if japanese else ", ").join(names)
    return text("rules_how", locale, command=command, options=options, example=rules_example(rest))


def rules_embed(variant: str, locale: Locale | None, table: TableSettings | None = None) -> discord.Embed:
    """The answer to ``/mahjong rules``: the rules in brief, then every setting at ``table``'s
    value (the defaults when there is no table), in the locale's language."""
    cls = variant_class(variant)
    english, japanese = cls.ui.summary or ("", "")
    players = str(cls.max_players) if cls.min_players == cls.max_players else f"{cls.min_players}–{cls.max_players}"
    summary = japanese if is_japanese(locale) else english
    embed = discord.Embed(
        title=f"{cls.title} ({cls.variant})",
        description="\n\n".join(part for part in (summary, text("rules_players", locale, players=players)) if part),
        colour=COLOUR,
    )
    lines = [
        setting_line(
            setting,
            cls.ui.settings_ja[setting.name],
            setting.default if table is None else getattr(table, setting.name),
            locale,
        )
        for setting in settings_of(cls.variant)
    ]
    # A long list continues in further fields.
    title = text("rules_settings" if table is None else "rules_settings_table", locale)
    chunk: list[str] = []
    for line in lines:
        if chunk and len("\n".join([*chunk, line])) > FIELD_LIMIT:
            embed.add_field(name=title, value="\n".join(chunk), inline=False)
            title, chunk = "\u200b", []
        chunk.append(line)
    embed.add_field(name=title, value="\n".join(chunk) or "—", inline=False)
    embed.set_footer(text=how_to_set(cls.variant, locale))
    return embed
