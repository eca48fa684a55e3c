"""Lobbies: ``/mahjong new`` opens a table, players join, the host starts or cancels.

This cog declares the commands (``/mahjong new <variant>`` is built from each variant's
settings); :mod:`bot.ui.lobby_clicks` does what they and the lobby's buttons ask."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.engine.table import Form, OneOf, Range
from bot.engine.variants import VARIANTS
from bot.runtime.new_options import offered_settings, rules_example
from bot.runtime.options import TIMER_RANGES
from bot.runtime.variants import Setting, variant_class
from bot.ui.command_i18n import (
    more_rules_description,
    setting_description,
    setting_name,
    variant_command_description,
    variant_command_name,
)
from bot.ui.lobby_message import setting_text
from bot.ui.slash import ALLOWED, IN_RULES
from cogs._shared import MahjongCog

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
        self._new = _new_group(self)
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


def _new_group(cog: Lobbies) -> app_commands.Group:
    """``/mahjong new <variant>``: one subcommand per variant, whose options are the few table
    settings its ``ui.py`` offers (``VariantUI.new_options``), the timers, and ``rules`` for
    every setting as ``key=value`` pairs.

    Few options, because Discord counts the names and descriptions of every option of every
    variant against one 8,000-character budget for all of ``/mahjong``.
    """
    group = app_commands.Group(name="new", description="Open a mahjong table in this channel and gather players")
    for variant in VARIANTS:
        group.add_command(_variant_command(cog, variant.variant))
    return group


def _variant_command(cog: Lobbies, key: str) -> app_commands.Command[Any, ..., Any]:
    cls = variant_class(key)
    offered, rest = offered_settings(key)
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    ]
    descriptions: dict[str, str | app_commands.locale_str] = {}
    names: dict[str, str | app_commands.locale_str] = {}  # each setting's own, marked for its Japanese
    # The bot checks each option against its setting's range before the callback runs (the
    # step, which Discord cannot show, too); see bot.ui.slash. ``rules`` is checked when
    # the settings are built.
    allowed: dict[str, Any] = {setting.name: setting.allowed for setting in offered if setting.allowed is not None}
    allowed.update(TIMER_RANGES)
    for setting in offered:
        parameters.append(
            inspect.Parameter(
                setting.name, inspect.Parameter.KEYWORD_ONLY, annotation=_option_type(setting), default=None
            )
        )
        # Every setting has its player text (tests/test_player_texts.py reads each one).
        english = cls.ui.settings_ja[setting.name].english
        descriptions[setting.name] = setting_description(key, setting.name, _describe(setting, english))
        names[setting.name] = setting_name(key, setting.name)
    for name, (annotation, description) in TIMER_OPTIONS.items():
        parameters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None))
        descriptions[name] = description
    if rest:
        parameters.append(inspect.Parameter("rules", inspect.Parameter.KEYWORD_ONLY, annotation=str, default=None))
        example = rules_example(rest)
        english = f"Other settings as key=value, e.g. {example} (all of them: /mahjong rules)"
        descriptions["rules"] = more_rules_description(example, english[:100])

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        await cog.runtime.lobby_clicks.open(interaction, key, values)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = key  # a dotted qualname would read as a method
    players = str(cls.max_players) if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
    return app_commands.Command(
        name=variant_command_name(key),
        description=variant_command_description(key, f"{cls.title}: open a table for {players} players"),
        callback=app_commands.rename(**names)(app_commands.describe(**descriptions)(callback)),
        extras={ALLOWED: allowed, IN_RULES: frozenset(setting.name for setting in rest)},
    )


def _option_type(setting: Setting) -> Any:
    """The option's annotation: its range or words, so that Discord offers only those."""
    allowed = setting.allowed
    if isinstance(allowed, Range) and setting.type is int:
        return app_commands.Range[int, allowed.low, allowed.high]
    if isinstance(allowed, OneOf) and setting.type is str:
        return Literal[allowed.values]
    if isinstance(allowed, Form) and setting.type is str:
        return app_commands.Range[str, 1, allowed.max_length]
    return setting.type if setting.type in (bool, int, float, str) else str


def _describe(setting: Setting, english: str) -> str:
    """``english`` with the setting's range and default, within Discord's 100 characters."""
    default = f"{setting.default:,}" if type(setting.default) is int else setting_text(setting.default)
    suffix = (
        f" ({setting.allowed}; default {default})" if isinstance(setting.allowed, Range) else f" (default {default})"
    )
    return english[: 100 - len(suffix)] + suffix if len(english) + len(suffix) > 100 else english + suffix


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Lobbies(bot))
