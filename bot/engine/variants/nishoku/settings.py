"""二色麻雀's table settings: the seed's rules, and the spec's [recommended] rulings as defaults."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.table.settings import StartPointsSettings, allowed, hints_setting, setting, start_points_setting

__all__ = ["NishokuSettings"]


@dataclass(frozen=True)
class NishokuSettings(StartPointsSettings):
    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    title = "二色麻雀"

    red_5p: int = setting(1, allowed(0, 2), doc="NIS-A1: red 5p in the set (the seed only says 「ドラは赤牌のみ」).")
    red_5s: int = setting(1, allowed(0, 2), doc="NIS-A1: red 5s in the set.")
    start_points: int = start_points_setting(50_000, doc="「５万点持ち」.")
    hands: int = setting(
        16,
        allowed(1, 16),
        doc="「１ゲームは東南西北の一荘戦」 with 「連荘ナシ」: one hand per seat per wind.",
    )
    shin_pinfu_any_wait: bool = setting(True, doc="NIS-A2: 新ピンフ takes any wait; off requires a two-sided wait.")
    add_double_yakuman: bool = setting(True, doc="NIS-A4: several yakuman add up; off caps the hand at 大役満.")
    bust_below: int = setting(
        0,
        allowed(-100_000, 199_000, step=1_000),
        doc="NIS-A6: 「ハコワレ終了」 when a score falls below this; exactly 0 continues.",
    )
    hints: bool = hints_setting()

    def __post_init__(self) -> None:
        for name, count in (("red_5p", self.red_5p), ("red_5s", self.red_5s)):
            if not 0 <= count <= 2:
                raise ValueError(f"{name} must be 0, 1 or 2 (NIS-A1)")
        if not 1 <= self.hands <= 16:
            raise ValueError("a game has 1 to 16 hands")
        if self.start_points <= 0:
            raise ValueError("start_points must be positive")
        if self.bust_below >= self.start_points:
            # Everyone would be busted before the first tile.
            raise ValueError(f"bust_below ({self.bust_below}) must be below start_points ({self.start_points})")
