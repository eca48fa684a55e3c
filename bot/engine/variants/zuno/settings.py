"""ずーの's table settings: the seed's 採用ルール, and the spec's ZUN-A rulings as defaults.

>>> ZunoSettings().uma_values()
(30, 10, -10, -30)
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.table.settings import (
    StartPointsSettings,
    allowed,
    chips_setting,
    hints_setting,
    return_points_setting,
    setting,
    shaped,
    start_points_setting,
)

__all__ = ["ZunoSettings"]


@dataclass(frozen=True)
class ZunoSettings(StartPointsSettings):
    """Table settings. Defaults are the seed's 採用ルール and the spec's [recommended] rulings."""

    title = "ずーの"

    start_points: int = start_points_setting(
        25_000,
        doc="ZUN-A9 [recommended]: everyone starts with 25,000 (implied by 「オカ20」).",
    )
    return_points: int = return_points_setting(
        30_000,
        doc="ZUN-A9: the final score counts from 30,000; the 4 × 5,000 difference is the オカ (20).",
    )
    uma: str = setting(
        "10-30",
        shaped(r"\d{1,3}-\d{1,3}", "10-30"),
        doc="「ウマ10-30」: 2nd and 3rd ±10, 1st and 4th ±30 (in thousands; each 0 to 100).",
    )
    tobi: int = setting(
        30,
        allowed(0, 300),
        doc="「トビ料▲30（飛ばした人取り）」: the busted player pays this to whoever busted them.",
    )
    zerohatsu: bool = setting(
        True,
        doc="「特殊役～零発～」: a ron in the declaration round's simultaneous discard is 零発 (2 han).",
    )
    chips: str = setting(
        "1/1/1/2",
        shaped(r"\d{1,2}/\d{1,2}/\d{1,2}/\d{1,2}", "1/1/1/2"),
        doc="「赤・一発・裏で1枚、零発で2枚」: chips for each red five / 一発 / ura dora / 零発 (each 0 to 20).",
    )
    red_chips_open: bool = setting(True, doc="[recommended] red-five chips count in an open hand too.")
    noten_chips: int = chips_setting(
        1,
        doc="「ノーテン罰符」 in chips: each no-ten player pays this to each tenpai player (0: none).",
    )
    honba_chips: int = chips_setting(1, doc="「一枚場」: chips per honba added to the first winner's income (0: none).")
    honba_chips_each: bool = setting(True, doc="ZUN-A6 [recommended]: honba chips from each payer; off: once in total.")
    wareme: bool = setting(True, doc="「割れ目あり」: dice pick a player whose point and chip transfers are doubled.")
    pocchi: bool = setting(True, doc="「ポッチ牌あり」: on the ippatsu tsumo a drafted 白 is wild.")
    cosmo: bool = setting(True, doc="「コスモリーチ」: after a 1p riichi declaration tile, 發 and 北 are wild too.")
    inazuma: bool = setting(
        True,
        doc="「イナズマリーチ」: riichi with a 10,000 stick doubles the hand's points and chip income.",
    )
    kari_inazuma: bool = setting(
        True,
        doc="「借りイナズマリーチ」: with 9,900 or less, イナズマ on a borrowed stick; no win means a bust.",
    )
    kari_penalty: int = setting(
        10,
        allowed(0, 300),
        doc="「慰謝料として▲10」: paid to the top player after a failed 借りイナズマ.",
    )
    own_kakan: bool = setting(True, doc="ZUN-A2 [recommended]: 加槓 with your own tile in the riichi/ankan phase.")
    one_call_each: bool = setting(
        True,
        doc="ZUN-A3 [recommended]: 「1回まで」 is one call per player per round; off: one per round.",
    )
    double_riichi: bool = setting(
        True,
        doc="[recommended] ダブル立直 for a riichi in round 1 with no call or kan before it.",
    )
    tenhou: bool = setting(True, doc="[recommended] 天和 / 地和 for a tsumo in round 1 with no call or kan before it.")
    agari_yame: bool = setting(
        False,
        doc="[recommended] off: the dealer of 東4局 keeps dealing after a win even when top.",
    )
    hints: bool = hints_setting()

    def __post_init__(self) -> None:
        if self.start_points <= 0 or self.return_points < self.start_points:
            raise ValueError("start_points must be positive and return_points at least start_points")
        self.uma_values()
        values = self.chip_values()
        if any(value < 0 for value in values):
            raise ValueError("chip values cannot be negative")
        for name in ("tobi", "noten_chips", "honba_chips", "kari_penalty"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative")

    def uma_values(self) -> tuple[int, int, int, int]:
        """Uma by place, 1st to 4th, from ``"small-big"``."""
        try:
            small, big = (int(part) for part in self.uma.split("-"))
        except ValueError as error:
            raise ValueError(f"uma must look like 10-30, not {self.uma!r}") from error
        if not 0 <= small <= big <= 100:
            raise ValueError(f"uma is two numbers from 0 to 100, the smaller first (10-30), not {self.uma!r}")
        return (big, small, -small, -big)

    def chip_values(self) -> tuple[int, int, int, int]:
        """Chips for a red five, 一発, an ura dora and 零発."""
        try:
            red, ippatsu, ura, zero = (int(part) for part in self.chips.split("/"))
        except ValueError as error:
            raise ValueError(f"chips must look like 1/1/1/2 (赤/一発/裏/零発), not {self.chips!r}") from error
        if not all(0 <= value <= 20 for value in (red, ippatsu, ura, zero)):
            raise ValueError(f"chips are four numbers from 0 to 20 (1/1/1/2), not {self.chips!r}")
        return (red, ippatsu, ura, zero)

    @property
    def oka(self) -> int:
        """The top player's bonus in thousands: what the four players' returns exceed their starts."""
        return 4 * (self.return_points - self.start_points) // 1000
