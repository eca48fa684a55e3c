"""Which table settings ``/mahjong new`` offers as options of their own.

``/mahjong new`` is one command whose ``variant`` option is optional (the server's default
variant when left out), because Discord runs no command that has subcommands: a command per
variant would leave ``/mahjong new`` itself refused. Its setting options are therefore those of
every variant together (:func:`new_command_options`); each is checked against the chosen
variant (:func:`check_new_options`), so an option of another variant is refused by name.

Discord refuses a command whose names, descriptions and choice values pass 8,000 characters
(all of ``/mahjong`` counts) or that has more than 25 options, so each variant offers the few
settings a host changes at the table (its ``ui.py`` names them: ``VariantUI.new_options``);
every setting, those too, goes in the command's ``rules`` option as ``key=value`` pairs
(:func:`bot.runtime.variants.parse_rules_text`), and ``/mahjong rules`` lists them all.

>>> [setting.name for setting in offered_settings("nishoku")[0]]
['hands', 'start_points', 'red_5p', 'red_5s', 'hints']
>>> rules_example(offered_settings("nishoku")[1])
'shin_pinfu_any_wait=off'
>>> [(option.name, option.variants) for option in new_command_options()][:3]
[('hands', ('nishoku', 'inage')), ('start_points', ('nishoku', 'zuno', 'chinitsu', 'goto')), ('red_5p', ('nishoku',))]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.table import Allowed
from bot.engine.variants import VARIANTS
from bot.runtime.errors import OptionOfOtherVariant
from bot.runtime.options import TIMER_RANGES
from bot.runtime.variants import Setting, settings_of, variant_class

__all__ = [
    "FIXED_OPTIONS",
    "MAX_OPTIONS",
    "NewOption",
    "check_new_options",
    "new_command_options",
    "offered_settings",
    "rules_example",
    "settings_in_rules",
]

MAX_OPTIONS = 25
"""Discord's limit on a command's options."""

FIXED_OPTIONS = ("variant", *TIMER_RANGES, "rules")
"""The options of ``/mahjong new`` that set no variant's setting: which variant, the table's
clocks, and ``rules`` for every other setting."""


NAMED_VARIANTS = 2
"""How many variants an option's description names at most (:attr:`NewOption.named_variants`)."""


@dataclass(frozen=True)
class NewOption:
    """One setting option of ``/mahjong new``: the variants that offer it and each one's setting
    of that name (a setting several variants share, such as ``start_points``, is one option,
    whose range and default may differ by variant)."""

    name: str
    settings: Mapping[str, Setting]
    """Variant key -> its setting of this name, for the variants that offer it, in their order."""

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(self.settings)

    @property
    def first(self) -> Setting:
        return next(iter(self.settings.values()))

    @property
    def named_variants(self) -> tuple[str, ...]:
        """The variants its description names: those offering it when they are one or two (a
        longer list would crowd out what it sets); none when every variant offers it. Any other
        variant's table refuses it naming them (:func:`check_new_options`)."""
        return self.variants if len(self.variants) <= NAMED_VARIANTS < len(VARIANTS) else ()

    @property
    def allowed(self) -> Allowed | None:
        """What every variant offering it allows, if they all allow the same; else None (each
        variant's own is checked when its table is built)."""
        allowed = {setting.allowed for setting in self.settings.values()}
        return allowed.pop() if len(allowed) == 1 else None


def offered_settings(variant: str) -> tuple[list[Setting], list[Setting]]:
    """The variant's settings that ``/mahjong new <variant>`` offers as options of their own, in
    the order its ``ui.py`` names them, and the others (which only ``rules`` takes), in
    declaration order.

    A name that is no setting of the variant is the variant's mistake: it raises ValueError, which
    stops the cog from loading rather than syncing a command that leaves a setting out (how many
    options the one command has in all, :func:`new_command_options` counts).
    """
    cls = variant_class(variant)
    settings = {setting.name: setting for setting in settings_of(cls.variant)}
    unknown = [name for name in cls.ui.new_options if name not in settings]
    if unknown:
        raise ValueError(f"{cls.title}: new_options names no setting of the variant: {', '.join(unknown)}")
    offered = [settings[name] for name in dict.fromkeys(cls.ui.new_options)]
    rest = [setting for setting in settings.values() if setting.name not in cls.ui.new_options]
    return offered, rest


def rules_example(settings: Sequence[Setting]) -> str:
    """``key=value`` for one of ``settings`` as the ``rules`` option takes it: the first switch,
    turned the other way (the shortest example), else the first setting at its default."""
    setting = next((setting for setting in settings if setting.type is bool), settings[0])
    if isinstance(setting.default, bool):
        return f"{setting.name}={'off' if setting.default else 'on'}"
    return f"{setting.name}={setting.default}"


@functools.cache
def new_command_options() -> tuple[NewOption, ...]:
    """Every variant's offered settings as options of the one ``/mahjong new``, in the order of
    the variants and of each one's ``new_options``; a name several variants offer is one option.

    Raises ValueError (the cog then does not load) when variants sharing a name disagree on its
    type, or when the options and :data:`FIXED_OPTIONS` together pass Discord's 25.
    """
    by_name: dict[str, dict[str, Setting]] = {}
    for cls in VARIANTS:
        for setting in offered_settings(cls.variant)[0]:
            by_name.setdefault(setting.name, {})[cls.variant] = setting
    options = tuple(NewOption(name, settings) for name, settings in by_name.items())
    for option in options:
        if len({setting.type for setting in option.settings.values()}) > 1:
            raise ValueError(
                f"/mahjong new: {option.name} is a different kind of value in {', '.join(option.variants)}"
            )
    count = len(options) + len(FIXED_OPTIONS)
    if count > MAX_OPTIONS:
        raise ValueError(f"/mahjong new would have {count} options (Discord takes {MAX_OPTIONS})")
    return options


def settings_in_rules() -> frozenset[str]:
    """The settings no variant offers as an option of its own: ``rules`` takes them (a client
    from before one moved there may still send it as an option)."""
    offered = {option.name for option in new_command_options()}
    return frozenset(setting.name for cls in VARIANTS for setting in settings_of(cls.variant)) - offered


def check_new_options(variant: str, values: Mapping[str, Any]) -> None:
    """Refuse a setting option that ``variant`` does not have (another variant's), naming the
    variants that have it and the options this one takes; options left out (None) are fine.

    A setting the variant has but does not offer itself (``hands`` is いなげ麻雀's and
    二色麻雀's) is taken: it is the same setting as in ``rules``.

    >>> check_new_options("goto", {"start_points": 30_000, "red_5p": None})
    >>> check_new_options("goto", {"red_5p": 2})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bot.runtime.errors.OptionOfOtherVariant: `red_5p` is a setting of nishoku, not goto. goto takes `start_points`, ...
    """
    own = {setting.name for setting in settings_of(variant)}
    for option in new_command_options():
        if values.get(option.name) is not None and option.name not in own:
            offered = [setting.name for setting in offered_settings(variant)[0]]
            raise OptionOfOtherVariant(
                option=option.name, variant=variant, owners=option.variants, known=(*offered, *FIXED_OPTIONS[1:])
            )
