"""Which table settings ``/mahjong new <variant>`` offers as options of their own.

Discord refuses a command whose names, descriptions and choice values pass 8,000 characters,
and every variant's options count towards ``/mahjong``'s, so each variant offers the few
settings a host changes at the table (its ``ui.py`` names them: ``VariantUI.new_options``);
every setting, those too, goes in the command's ``rules`` option as ``key=value`` pairs
(:func:`bot.runtime.variants.parse_rules_text`), and ``/mahjong rules`` lists them all.

>>> [setting.name for setting in offered_settings("nishoku")[0]]
['hands', 'start_points', 'red_5p', 'red_5s', 'hints']
>>> rules_example(offered_settings("nishoku")[1])
'shin_pinfu_any_wait=off'
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.runtime.options import TIMER_RANGES
from bot.runtime.variants import Setting, settings_of, variant_class

__all__ = ["MAX_OPTIONS", "offered_settings", "rules_example"]

MAX_OPTIONS = 25
"""Discord's limit on a command's options."""


def offered_settings(variant: str) -> tuple[list[Setting], list[Setting]]:
    """The variant's settings that ``/mahjong new <variant>`` offers as options of their own, in
    the order its ``ui.py`` names them, and the others (which only ``rules`` takes), in
    declaration order.

    A name that is no setting of the variant, or more options than Discord takes (the timers and
    ``rules`` count), is the variant's mistake: it raises ValueError, which stops the cog from
    loading rather than syncing a command that leaves a setting out.
    """
    cls = variant_class(variant)
    settings = {setting.name: setting for setting in settings_of(cls.variant)}
    unknown = [name for name in cls.ui.new_options if name not in settings]
    if unknown:
        raise ValueError(f"{cls.title}: new_options names no setting of the variant: {', '.join(unknown)}")
    offered = [settings[name] for name in dict.fromkeys(cls.ui.new_options)]
    rest = [setting for setting in settings.values() if setting.name not in cls.ui.new_options]
    count = len(offered) + len(TIMER_RANGES) + (1 if rest else 0)
    if count > MAX_OPTIONS:
        raise ValueError(f"{cls.title}: /mahjong new would have {count} options (Discord takes {MAX_OPTIONS})")
    return offered, rest


def rules_example(settings: Sequence[Setting]) -> str:
    """``key=value`` for one of ``settings`` as the ``rules`` option takes it: the first switch,
    turned the other way (the shortest example), else the first setting at its default."""
    setting = next((setting for setting in settings if setting.type is bool), settings[0])
    if isinstance(setting.default, bool):
        return f"{setting.name}={'off' if setting.default else 'on'}"
    return f"{setting.name}={setting.default}"
