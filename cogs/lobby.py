"""Lobbies: ``/mahjong new`` opens a table, players join, the host starts or cancels.

This cog declares the commands (``/mahjong new [variant]``'s options are built from every
variant's settings); :mod:`bot.ui.lobby_clicks` does what they and the lobby's buttons ask."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.engine.table import Form, OneOf, Range
from bot.engine.variants import VARIANTS
from bot.runtime.new_options import (
    NewOption,
    new_command_options,
    offered_settings,
    rules_example,
    settings_in_rules,
)
from bot.runtime.options import TIMER_RANGES
from bot.runtime.variants import variant_class
from bot.ui.command_i18n import more_rules_description, new_option_description, setting_name
from bot.ui.lobby_message import setting_text
from bot.ui.slash import ALLOWED, IN_RULES
from cogs._shared import MahjongCog, VariantName

if TYPE_CHECKING:
    from bot.app import JantakuBot

TURN, BANK = TIMER_RANGES["turn_seconds"], TIMER_RANGES["bank_seconds"]
TIMER_OPTIONS = {
    "turn_seconds": (
        app_commands.Range[int, TURN.low, TURN.high],
        f"Seconds for each decision, {TURN} (default: the server's, 30)",
    ),
    "bank_seconds": (
        app_commands.Range[int, BANK.low, BANK.high],
        f"Extra seconds per player for the whole game, {BANK} (default: the server's, 60)",
    ),
}


class Lobbies(MahjongCog):
    """Open a table, gather players and CPUs, start or cancel the game; what each command and
    button does is :mod:`bot.ui.lobby_clicks`'s."""

    async def cog_load(self) -> None:
        await super().cog_load()
        self._new = _new_command(self)
        self.bot.mahjong.add_command(self._new)

    async def cog_unload(self) -> None:
        self.bot.mahjong.remove_command(self._new.name)
        await super().cog_unload()

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """Join the table being gathered in this channel."""
        await self.runtime.lobby_clicks.command(interaction, "join")

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Leave the table being gathered in this channel."""
        await self.runtime.lobby_clicks.command(interaction, "leave")

    @app_commands.command(name="start")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """Start the game (host or Manage Server)."""
        await self.runtime.lobby_clicks.command(interaction, "start")

    @app_commands.command(name="cancel")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Cancel this channel's lobby or running game (host or Manage Server)."""
        await self.runtime.lobby_clicks.cancel(interaction)


def _new_command(cog: Lobbies) -> app_commands.Command[Any, ..., Any]:
    """``/mahjong new [variant] [options]``: one command, so that ``/mahjong new`` alone opens the
    server's default variant (Discord never runs a command that has subcommands). Its options are
    ``variant``, the few table settings each variant's ``ui.py`` offers (``VariantUI.new_options``,
    all variants' together: :func:`~bot.runtime.new_options.new_command_options`), the timers, and
    ``rules`` for every setting as ``key=value`` pairs; an option of another variant than the
    chosen one is refused by name (:func:`~bot.runtime.new_options.check_new_options`).

    Few options, because Discord takes 25 and counts the names and descriptions of every option
    against one 8,000-character budget for all of ``/mahjong``.
    """
    options = new_command_options()
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        inspect.Parameter("variant", inspect.Parameter.KEYWORD_ONLY, annotation=VariantName | None, default=None),
    ]
    descriptions: dict[str, str | app_commands.locale_str] = {"variant": "Which game (default: the server's)"}
    names: dict[str, str | app_commands.locale_str] = {}  # each setting's own, marked for its Japanese
    # The bot checks each option against its setting's range before the callback runs (the
    # step, which Discord cannot show, too) where every variant allows the same (bot.ui.slash);
    # an option whose range differs by variant is checked when the chosen variant's table is
    # built, and ``rules`` then too.
    allowed: dict[str, Any] = {option.name: option.allowed for option in options if option.allowed is not None}
    allowed.update(TIMER_RANGES)
    for option in options:
        parameters.append(
            inspect.Parameter(
                option.name, inspect.Parameter.KEYWORD_ONLY, annotation=_option_type(option), default=None
            )
        )
        descriptions[option.name] = new_option_description(option.name, _describe(option))
        names[option.name] = setting_name(option.variants[0], option.name)
    for name, (annotation, description) in TIMER_OPTIONS.items():
        parameters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None))
        descriptions[name] = description
    parameters.append(inspect.Parameter("rules", inspect.Parameter.KEYWORD_ONLY, annotation=str, default=None))
    example = rules_example(offered_settings(VARIANTS[0].variant)[1])
    english = f"Other settings as key=value, e.g. {example} (all of them: /mahjong rules)"
    descriptions["rules"] = more_rules_description(example, english[:100])

    async def callback(interaction: discord.Interaction[Any], variant: str | None = None, **values: Any) -> None:
        await cog.runtime.lobby_clicks.open(interaction, variant, values)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = "new"  # a dotted qualname would read as a method
    return app_commands.Command(
        name="new",
        description="Open a mahjong table in this channel and gather players",
        callback=app_commands.rename(**names)(app_commands.describe(**descriptions)(callback)),
        extras={ALLOWED: allowed, IN_RULES: settings_in_rules()},
    )


def _option_type(option: NewOption) -> Any:
    """The option's annotation: its range or words (every variant's offering it together), so
    that Discord offers only those."""
    setting, every = option.first, [setting.allowed for setting in option.settings.values()]
    if setting.type is int and all(isinstance(allowed, Range) for allowed in every):
        ranges = [allowed for allowed in every if isinstance(allowed, Range)]
        return app_commands.Range[int, min(r.low for r in ranges), max(r.high for r in ranges)]
    if setting.type is str and all(isinstance(allowed, OneOf) for allowed in every):
        words = [word for allowed in every if isinstance(allowed, OneOf) for word in allowed.values]
        return Literal[tuple(dict.fromkeys(words))]
    if setting.type is str and all(isinstance(allowed, Form) for allowed in every):
        return app_commands.Range[str, 1, max(allowed.max_length for allowed in every if isinstance(allowed, Form))]
    return setting.type if setting.type in (bool, int, float, str) else str


def _describe(option: NewOption) -> str:
    """What the option sets, in English, with its range and default where every variant offering
    it has the same, and the variants it is for (:attr:`NewOption.named_variants`): within
    Discord's 100 characters."""
    english = _shared_words([variant_class(v).ui.settings_ja[option.name].english for v in option.variants])
    if option.named_variants:
        english = f"{', '.join(option.named_variants)}: {english}"
    setting = option.first
    if len({repr(setting.default) for setting in option.settings.values()}) == 1:
        default = (
            f"default {setting.default:,}"
            if type(setting.default) is int
            else f"default {setting_text(setting.default)}"
        )
    else:
        default = "default by variant"
    allowed = option.allowed
    suffix = f" ({allowed}; {default})" if isinstance(allowed, Range) else f" ({default})"
    return english[: 100 - len(suffix)] + suffix if len(english) + len(suffix) > 100 else english + suffix


SHARED_WORDS = 3
"""The fewest words the variants' texts for one option must share for those words to describe it."""


def _shared_words(texts: list[str]) -> str:
    """One description for the variants' texts of a setting they share: the text itself when they
    agree, else the words they all begin with (「Hands in the game」), else the shortest (which
    is the least particular to its variant)."""
    if len(set(texts)) == 1:
        return texts[0]
    common: list[str] = []
    for words in zip(*(text.split() for text in texts), strict=False):
        bare = {word.rstrip(",;:.") for word in words}  # 「game,」 and 「game」 are one word
        if len(bare) > 1:
            break
        common.append(bare.pop())
    return " ".join(common) if len(common) >= SHARED_WORDS else min(texts, key=len)


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Lobbies(bot))
