"""二色麻雀's table settings: the seed's rules, and the spec's [recommended] rulings as defaults."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.table import TableSettings, allowed

__all__ = ["NishokuSettings"]


@dataclass(frozen=True)
class NishokuSettings(TableSettings):
    title = "二色麻雀"

    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    red_5p: int = field(default=1, metadata=allowed(0, 2))
    """NIS-A1: red 5p in the set (the seed only says 「ドラは赤牌のみ」)."""
    red_5s: int = field(default=1, metadata=allowed(0, 2))
    """NIS-A1: red 5s in the set."""
    start_points: int = field(default=50_000, metadata=allowed(1_000, 200_000, step=1_000))
    """「５万点持ち」."""
    hands: int = field(default=16, metadata=allowed(1, 16))
    """「１ゲームは東南西北の一荘戦」 with 「連荘ナシ」: one hand per seat per wind."""
    shin_pinfu_any_wait: bool = True
    """NIS-A2: 新ピンフ takes any wait; off requires a two-sided wait."""
    add_double_yakuman: bool = True
    """NIS-A4: several yakuman add up; off caps the hand at 大役満."""
    bust_below: int = field(default=0, metadata=allowed(-100_000, 199_000, step=1_000))
    """NIS-A6: 「ハコワレ終了」 when a score falls below this; exactly 0 continues."""
    hints: bool = True
    """Show waits and ukeire on the private panel."""

    def __post_init__(self) -> None:
        for name in ("red_5p", "red_5s"):
            if not 0 <= getattr(self, name) <= 2:
                raise ValueError(f"{name} must be 0, 1 or 2 (NIS-A1)")
        if not 1 <= self.hands <= 16:
            raise ValueError("a game has 1 to 16 hands")
        if self.start_points <= 0:
            raise ValueError("start_points must be positive")
        if self.bust_below >= self.start_points:
            # Everyone would be busted before the first tile.
            raise ValueError(f"bust_below ({self.bust_below}) must be below start_points ({self.start_points})")
