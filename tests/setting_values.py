"""Values a table may give a setting other than its default, for tests that try every setting
changed (``rules`` takes them, ``/mahjong rules`` lists them)."""

from __future__ import annotations

from bot.engine.table import Form, OneOf, Range
from bot.engine.variants import SettingValue
from bot.runtime.variants import Setting

__all__ = ["other_values"]


def other_values(setting: Setting) -> list[SettingValue]:
    """Values that ``rules`` may set, other than the default where the setting says what else it
    may be (one may clash with another setting's default, e.g. a return below the start, hence
    several); a setting of a shape (``Form``) gets its example, which may be its default."""
    allowed = setting.allowed
    if setting.type is bool:
        return [not setting.default]
    if isinstance(allowed, OneOf):
        return [value for value in allowed.values if value != setting.default]
    if isinstance(allowed, Range):
        near = (allowed.low, allowed.high, setting.default + allowed.step, setting.default - allowed.step)
        return [value for value in near if value != setting.default and value in allowed]
    if isinstance(allowed, Form):
        return [allowed.example]
    return []
