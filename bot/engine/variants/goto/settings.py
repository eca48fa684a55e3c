"""5等三麻's table settings: the seed's rules, and the spec's GTS-A rulings as defaults.

Every number the spec marks [recommended] is a setting with that default (spec §0.2).

>>> GotoSettings().start_points, GotoSettings().return_points, GotoSettings().open_riichi_han
(35000, 40000, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.table.settings import (
    StartPointsSettings,
    allowed,
    chips_setting,
    hints_setting,
    refuse_negative,
    refuse_return_below_start,
    return_points_setting,
    setting,
    start_points_setting,
)

__all__ = ["GotoSettings"]


@dataclass(frozen=True)
class GotoSettings(StartPointsSettings):
    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    title = "5等三麻"

    # --- the game ----------------------------------------------------------------------------
    start_points: int = start_points_setting(35_000, doc="「35,000点持ち40,000点返し」: each player's starting points.")
    return_points: int = return_points_setting(
        40_000,
        doc="「40,000点返し」: the South-entry mark: with the top below it after East, play South, which ends as soon "
        'as someone has it (「南場は誰かが40,000点を超えたら終了」; "passes" = reaches, checked after each hand '
        "[recommended]).",
    )
    sudden_death: bool = setting(
        True,
        doc="GTS-A11 [recommended]: South ending with nobody at ``return_points`` goes on into West and beyond until "
        "someone reaches it or busts; off: the game ends after South.",
    )
    chips: bool = setting(True, doc="The chip economy (「完全順位戦」, 「祝儀1枚100p~」); off: no chips at all.")
    dice: bool = setting(
        True,
        doc="「[🎲]」: dice rolls for the listed wins, the pip total from each opponent a roll (GTS-A1); doubles roll "
        "again (「ゾロ目の場合続行」).",
    )
    hints: bool = hints_setting()

    # --- riichi ------------------------------------------------------------------------------
    open_riichi: bool = setting(
        True,
        doc="「オープン立直あり」: only the waits are shown; not as the third riichi of a hand "
        "(「3軒目はオープン立直不可」).",
    )
    shubarii: bool = setting(
        False,
        doc="「1半荘に1回シュバリー(祝儀倍立直)を打つことができ、春に関する祝儀以外は全て倍」 (「採用しなくても "
        "良い」): once a game each player may declare it; every chip they receive that hand is doubled, Spring "
        "chips aside [recommended scope].",
    )
    riichi_minogashi: bool = setting(
        True,
        doc="GTS-A9 「立直後の見逃し…あり」: a riichi player may decline a ron and still ron later (no permanent "
        "riichi furiten; own-discard furiten still applies).",
    )
    furiten_riichi: bool = setting(True, doc="「フリテン立直…あり」: riichi while furiten is allowed.")
    riichi_only_strict: bool = setting(
        True,
        doc="GTS-A14 [recommended]: 立直のみ出和了 (役満) needs no dora of any kind (red, gold, 北, omote, ura) and no "
        "一発; off: dora allowed.",
    )
    open_riichi_han: int = setting(
        2,
        allowed(1, 13),
        doc="GTS-A8 [recommended]: an open riichi is worth 2 han (riichi 1 + open 1); an open ダブル立直 one more. No "
        "penalty for dealing into it.",
    )
    open_riichi_deposit: int = setting(2_000, allowed(0, 10_000, step=1_000), doc="「オープン立直は2,000点供託」.")

    # --- flowers, 北 and 白ポッチ -----------------------------------------------------------------
    spring_without_win: bool = setting(
        True,
        doc="GTS-A3 [recommended]: 「春: 華牌の枚数×1枚オール ※後引きも含む」 pays at the end of the hand whether or "
        "not the holder wins; off: only at the holder's win.",
    )
    summer_stacks: bool = setting(
        True,
        doc="GTS-A4 [recommended]: several 夏 each raise the score one rank, up to 五倍満; off: only one counts.",
    )
    half_tulip: bool = setting(
        True,
        doc="「※即ツモor白ポッチツモ時は半チューリップ」: 冬's アリス is a 半チューリップ on an ippatsu or 白ポッチ "
        "tsumo.",
    )
    soku_pocchi_stock: int = setting(
        1,
        allowed(0, 10),
        doc="GTS-A6 [recommended]: 「即ポは半チューリップでストック1回」: free extra flips after the first miss.",
    )
    flower_indicators: bool = setting(
        True,
        doc="GTS-A13 [recommended]: a flower revealed as a dora or ura indicator gives its season effect to the winner "
        "(no dora, no 4華): 「ドラ表示牌に華牌が出ると効果は受けられるが4華にはならない」.",
    )
    four_flowers_any_season: bool = setting(
        True,
        doc="GTS-A2 [recommended]: 4華 is four flower tiles pulled by one player, of any seasons; off: one of each "
        "season.",
    )
    monzen_all_star: bool = setting(
        False,
        doc="GTS-A7 [recommended off]: 門前オールスター (a roll), read as a closed win holding all four red and gold "
        "fives; undefined in the seed.",
    )
    pocchi_tiles: int = setting(
        1,
        allowed(0, 4),
        doc="GTS-A10 [recommended]: how many of the four 白 are 白ポッチ (「立直後白ポッチ」).",
    )
    nuki_ron: bool = setting(False, doc="[recommended] off: no ron on a pulled 北 or flower.")
    four_north_dora: int = setting(
        8,
        allowed(4, 20),
        doc="「4北抜くとドラ8扱い(祝儀は4枚)」: four 北 pulled by one player count this many dora.",
    )
    indicator_slots: int = setting(
        5,
        allowed(2, 5),
        doc="「ドラは常時2枚めくり」「新ドラを表示できない場合は暗槓・明槓ともにできない」 [recommended]: dora "
        "indicator slots in the dead wall; 2 are shown from the start, so 3 kans a hand at most.",
    )

    # --- points ------------------------------------------------------------------------------
    honba_points: int = setting(
        2_000,
        allowed(0, 10_000, step=1_000),
        doc="「1本場2,000点」: a honba adds 2,000 to a ron, 1,000 from each payer of a tsumo.",
    )
    noten_points: int = setting(
        4_000,
        allowed(0, 12_000, step=1_000),
        doc="「ノーテン罰符は場に4,000点」: the no-ten penalty in all, shared by the tenpai players.",
    )

    # --- chips (祝儀) --------------------------------------------------------------------------
    rank_top_chips_second_returns: int = setting(
        15,
        allowed(0, 100),
        doc="「2着40,000点以上の場合15枚-0枚-▲15枚」: with the 2nd at 40,000 or more, the top receives this from the "
        "last (the 2nd pays nothing).",
    )
    rank_top_chips: int = chips_setting(
        20,
        most=100,
        doc="「2着40,000点未満の場合20枚-▲5枚-▲15枚」: with the 2nd below 40,000, the top receives this in all, "
        ":attr:`rank_second_chips` of it from the 2nd and the rest from the last.",
    )
    rank_second_chips: int = chips_setting(
        5,
        most=100,
        doc="「…20枚-▲5枚-▲15枚」: what the 2nd pays the top when below 40,000.",
    )
    red_chips: int = chips_setting(
        1,
        doc="「一発、赤、北、裏ドラ、白ポッチツモ→1枚」: each red five, even in an open hand (「鳴き祝儀」).",
    )
    gold_chips: int = chips_setting(2, doc="「金→2枚」: each gold five, even in an open hand.")
    north_chips: int = chips_setting(1, doc="「北…→1枚」: each pulled 北 (four 北 still earn only 4: 「祝儀は4枚」).")
    ippatsu_chips: int = chips_setting(1, doc="「一発…→1枚」.")
    ura_chips: int = chips_setting(1, doc="「裏ドラ…→1枚」: each ura dora.")
    pocchi_tsumo_chips: int = chips_setting(1, doc="「白ポッチツモ→1枚」.")
    soku_pocchi_chips: int = chips_setting(3, doc="「即ポッチ→3枚(一発の1枚も複合するので実質4枚)」.")
    sanbaiman_chips: int = chips_setting(3, doc="「三倍満…→3枚オール」, from everyone whether ron or tsumo.")
    yakuman_chips: int = chips_setting(
        5,
        most=50,
        doc="「数え役満・本役満→5枚オール」, plus one per han above 14 for 数え役満 (「数え役満は14翻から」).",
    )
    gobaiman_chips: int = chips_setting(10, most=100, doc="「五倍満(数え役満or本役満+夏)→10枚オール」.")
    tobi_chips: int = chips_setting(
        3,
        doc="「トビ→3枚」, plus one per full 10,000 below 0, to the player who busted them.",
    )
    big_top_points: int = setting(
        80_000,
        allowed(20_000, 1_000_000, step=1_000),
        doc="「80,000点以上トップ→3枚オール」: the final top's mark for :attr:`big_top_chips`.",
    )
    big_top_chips: int = chips_setting(
        3,
        most=50,
        doc="「80,000点以上トップ→3枚オール」, plus one per full 10,000 above the mark.",
    )
    jackpot_chips: int = chips_setting(100, most=1_000, doc="「4北4華→100枚オール&2回」.")

    def __post_init__(self) -> None:
        """Each bad value is named with what it was and what it may be (the lobby shows it as is).

        >>> GotoSettings(open_riichi_han=0)
        Traceback (most recent call last):
        ...
        ValueError: open_riichi_han must be at least 1, not 0
        """
        refuse_return_below_start(self.start_points, self.return_points)
        refuse_negative(
            red_chips=self.red_chips,
            gold_chips=self.gold_chips,
            north_chips=self.north_chips,
            ippatsu_chips=self.ippatsu_chips,
            ura_chips=self.ura_chips,
            pocchi_tsumo_chips=self.pocchi_tsumo_chips,
            soku_pocchi_chips=self.soku_pocchi_chips,
            sanbaiman_chips=self.sanbaiman_chips,
            yakuman_chips=self.yakuman_chips,
            gobaiman_chips=self.gobaiman_chips,
            tobi_chips=self.tobi_chips,
            big_top_chips=self.big_top_chips,
            jackpot_chips=self.jackpot_chips,
            rank_top_chips=self.rank_top_chips,
            rank_top_chips_second_returns=self.rank_top_chips_second_returns,
            rank_second_chips=self.rank_second_chips,
            soku_pocchi_stock=self.soku_pocchi_stock,
        )
        if self.rank_second_chips > self.rank_top_chips:
            raise ValueError(
                f"rank_second_chips ({self.rank_second_chips}) cannot exceed rank_top_chips ({self.rank_top_chips})"
            )
        for name in ("honba_points", "noten_points", "open_riichi_deposit"):
            if getattr(self, name) < 0 or getattr(self, name) % 1000:
                raise ValueError(f"{name} must be a multiple of 1,000 and not negative, not {getattr(self, name)}")
        if self.open_riichi_han < 1:
            raise ValueError(f"open_riichi_han must be at least 1, not {self.open_riichi_han}")
        if not 2 <= self.indicator_slots <= 5:
            raise ValueError(f"indicator_slots must be 2 to 5 (two are always shown), not {self.indicator_slots}")
        if not 0 <= self.pocchi_tiles <= 4:
            raise ValueError(f"pocchi_tiles must be 0 to 4 (there are four 白), not {self.pocchi_tiles}")
        if self.four_north_dora < 4:
            raise ValueError(f"four_north_dora must be at least 4 (one per 北), not {self.four_north_dora}")
        if self.big_top_points <= self.return_points:
            raise ValueError(
                f"big_top_points ({self.big_top_points}) must be above return_points ({self.return_points})"
            )
