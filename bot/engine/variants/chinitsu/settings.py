"""チンイツゲーム's table settings: the seed's rules, and the spec's CHN-A rulings as defaults.

>>> ChinitsuSettings().first_suit, ChinitsuSettings().start_points
('p', 35000)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.table import TableSettings, allowed, one_of

__all__ = ["FIRST_SUITS", "ChinitsuSettings"]

FIRST_SUITS = ("p", "s", "random")


@dataclass(frozen=True)
class ChinitsuSettings(TableSettings):
    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    title = "チンイツゲーム"

    first_suit: str = field(default="p", metadata=one_of(*FIRST_SUITS))
    """「1局1局をピンズだらけとソーズだらけを交互に行います」: the first hand's suit (``p``, ``s``, or
    ``random`` from the seed); it alternates every hand dealt (CHN-A16)."""
    start_points: int = field(default=35_000, metadata=allowed(1_000, 200_000, step=1_000))
    """「35000点持ち」."""
    return_points: int = field(default=40_000, metadata=allowed(1_000, 300_000, step=1_000))
    """「40000点返し、40000点での原点トップあり」: the final score counts from 40,000, and the game
    needs someone at 40,000 to end (返り東場)."""
    backs_public: bool = True
    """CHN-A10 [recommended]: the back colours of standing hands and of the wall are public, as at
    a real table; off hides them."""
    pao: bool = True
    """「大明カン、大三元、大四喜は責任払いあり」."""
    chips: bool = True
    """「リーチ一発、裏ドラがチップ1枚、本役満がチップ5枚のご祝儀」 (off: no chips at all)."""
    ippatsu_chips: int = field(default=1, metadata=allowed(0, 20))
    ura_chips: int = field(default=1, metadata=allowed(0, 20))
    yakuman_chips: int = field(default=5, metadata=allowed(0, 50))
    """Per yakuman, from each of the two opponents (「本役満のご祝儀はツモ、ロンともに2人から」)."""
    dobon_chips: int = field(default=2, metadata=allowed(0, 20))
    """CHN-A8 [recommended]: the dobon fee in chips, to the winner whose payment busted the player."""
    honba_each_payer: bool = False
    """「積み棒1000点」 [recommended]: 1,000 per honba in all (a tsumo: 500 from each); on: 1,000
    from each payer."""
    noten_per_pair: bool = True
    """CHN-A14 [recommended]: 「ノーテン罰符1000点」 from each no-ten player to each tenpai player;
    off: 1,000 in all from the no-ten players to the field."""
    fu_scoring: bool = False
    """CHN-A13 [recommended off]: 1–3 han by the fixed fu-less table; on: baseline fu."""
    printed_tsumo_rows: bool = True
    """CHN-A12 [recommended]: the seed's printed 跳満 and 三倍満 child-tsumo splits (4,000/8,000 and
    8,000/16,000); off: its ○×3,000/○×5,000 formula."""
    kokushi: bool = True
    """CHN-A5 [recommended]: 国士無双 over the 11 yaochū kinds (14 yaochū tiles, every kind)."""
    repeated_pairs: bool = True
    """CHN-A2 [recommended]: 「七対子は8枚使いまであり」: a kind may make up to 4 pairs; off: at
    most two kinds used four times."""
    riichi_only_strict: bool = True
    """CHN-A9 [recommended]: リーチのみ (本役満) has no dora of any kind and no 一発; off: dora allowed."""
    dama_ron: bool = True
    """CHN-A1 [recommended]: a closed hand without riichi may ron when every wait has a yaku
    (面前王手飛車); off: no dama ron."""
    north_rinshan: bool = True
    """Not in the seed (a Kansai sanma house rule): a tsumo on the tile replacing a pulled 北 is
    嶺上開花, as after a kan; off: the replacement is an ordinary draw."""
    hints: bool = True
    """Show waits and ukeire on the private panel."""

    def __post_init__(self) -> None:
        """Each bad value is named with what it was and what it may be (the lobby shows it as is).

        >>> ChinitsuSettings(start_points=50_000)
        Traceback (most recent call last):
        ...
        ValueError: return_points (40000) must be at least start_points (50000)
        """
        if self.first_suit not in FIRST_SUITS:
            raise ValueError(f"first_suit must be one of {', '.join(FIRST_SUITS)}, not {self.first_suit!r}")
        if self.start_points <= 0:
            raise ValueError(f"start_points must be positive, not {self.start_points}")
        if self.return_points < self.start_points:
            raise ValueError(
                f"return_points ({self.return_points}) must be at least start_points ({self.start_points})"
            )
        for name in ("ippatsu_chips", "ura_chips", "yakuman_chips", "dobon_chips"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative ({getattr(self, name)})")
