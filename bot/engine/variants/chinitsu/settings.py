"""チンイツゲーム's table settings: the seed's rules, and the spec's CHN-A rulings as defaults.

>>> ChinitsuSettings().first_suit, ChinitsuSettings().start_points
('p', 35000)
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.table.settings import (
    StartPointsSettings,
    chips_setting,
    hints_setting,
    one_of,
    refuse_negative,
    refuse_return_below_start,
    return_points_setting,
    setting,
    start_points_setting,
)

__all__ = ["FIRST_SUITS", "ChinitsuSettings"]

FIRST_SUITS = ("p", "s", "random")


@dataclass(frozen=True)
class ChinitsuSettings(StartPointsSettings):
    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    title = "チンイツゲーム"

    first_suit: str = setting(
        "p",
        one_of(*FIRST_SUITS),
        doc="「1局1局をピンズだらけとソーズだらけを交互に行います」: the first hand's suit (``p``, ``s``, or "
        "``random`` from the seed); it alternates every hand dealt (CHN-A16).",
    )
    start_points: int = start_points_setting(35_000, doc="「35000点持ち」.")
    return_points: int = return_points_setting(
        40_000,
        doc="「40000点返し、40000点での原点トップあり」: the final score counts from 40,000, and the game needs "
        "someone at 40,000 to end (返り東場).",
    )
    backs_public: bool = setting(
        True,
        doc="CHN-A10 [recommended]: the back colours of standing hands and of the wall are public, as at a real table; "
        "off hides them.",
    )
    pao: bool = setting(True, doc="「大明カン、大三元、大四喜は責任払いあり」.")
    daisuushii_pao: bool = setting(
        True,
        doc="「大明カン、大三元、大四喜は責任払いあり」「3（4）枚目を鳴かせた人」, with 北 never called (抜きドラ): "
        "whoever let the last open wind set be called (東, 南 and 西 all open) pays 大四喜's 責任払い; off: none for "
        "大四喜, whose fourth set is never called.",
    )
    chips: bool = setting(
        True,
        doc="「リーチ一発、裏ドラがチップ1枚、本役満がチップ5枚のご祝儀」 (off: no chips at all).",
    )
    ippatsu_chips: int = chips_setting(1, doc="「リーチ一発…がチップ1枚」: chips for a riichi win with 一発.")
    ura_chips: int = chips_setting(1, doc="「…裏ドラがチップ1枚」: chips for each ura dora of a riichi win.")
    yakuman_chips: int = chips_setting(
        5,
        most=50,
        doc="Per yakuman, from each of the two opponents (「本役満のご祝儀はツモ、ロンともに2人から」).",
    )
    dobon_chips: int = chips_setting(
        2,
        doc="CHN-A8 [recommended]: the dobon fee in chips, to the winner whose payment busted the player.",
    )
    honba_each_payer: bool = setting(
        False,
        doc="「積み棒1000点」 [recommended]: 1,000 per honba in all (a tsumo: 500 from each); on: 1,000 from each "
        "payer.",
    )
    noten_per_pair: bool = setting(
        True,
        doc="CHN-A14 [recommended]: 「ノーテン罰符1000点」 from each no-ten player to each tenpai player; off: 1,000 "
        "in all from the no-ten players to the field.",
    )
    fu_scoring: bool = setting(
        False,
        doc="CHN-A13 [recommended off]: 1–3 han by the fixed fu-less table; on: baseline fu.",
    )
    printed_tsumo_rows: bool = setting(
        True,
        doc="CHN-A12 [recommended]: the seed's printed 跳満 and 三倍満 child-tsumo splits (4,000/8,000 and "
        "8,000/16,000); off: its ○×3,000/○×5,000 formula.",
    )
    kokushi: bool = setting(
        True,
        doc="CHN-A5 [recommended]: 国士無双 over the 11 yaochū kinds (14 yaochū tiles, every kind).",
    )
    repeated_pairs: bool = setting(
        True,
        doc="CHN-A2 [recommended]: 「七対子は8枚使いまであり」: a kind may make up to 4 pairs; off: at most two kinds "
        "used four times.",
    )
    riichi_only_strict: bool = setting(
        True,
        doc="CHN-A9 [recommended]: リーチのみ (本役満) has no dora of any kind and no 一発; off: dora allowed.",
    )
    dama_ron: bool = setting(
        True,
        doc="CHN-A1 [recommended]: a closed hand without riichi may ron when every wait has a yaku (面前王手飛車); "
        "off: no dama ron.",
    )
    north_rinshan: bool = setting(
        True,
        doc="Not in the seed (a Kansai sanma house rule): a tsumo on the tile replacing a pulled 北 is 嶺上開花, as "
        "after a kan; off: the replacement is an ordinary draw.",
    )
    hints: bool = hints_setting()

    def __post_init__(self) -> None:
        """Each bad value is named with what it was and what it may be (the lobby shows it as is).

        >>> ChinitsuSettings(start_points=50_000)
        Traceback (most recent call last):
        ...
        ValueError: return_points (40000) must be at least start_points (50000)
        """
        if self.first_suit not in FIRST_SUITS:
            raise ValueError(f"first_suit must be one of {', '.join(FIRST_SUITS)}, not {self.first_suit!r}")
        refuse_return_below_start(self.start_points, self.return_points)
        refuse_negative(
            ippatsu_chips=self.ippatsu_chips,
            ura_chips=self.ura_chips,
            yakuman_chips=self.yakuman_chips,
            dobon_chips=self.dobon_chips,
        )
