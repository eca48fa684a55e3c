"""いなげ麻雀's table settings: the seed's rules, and the spec's INA-A rulings as defaults."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.table.settings import TableSettings, allowed, hints_setting, one_of, setting, shaped
from bot.engine.variants.inage.discards import DiscardRules
from bot.engine.variants.inage.yaku import HanTable

__all__ = ["END_MODES", "InageSettings"]

END_MODES = ("hands", "score", "time", "vote")


@dataclass(frozen=True)
class InageSettings(TableSettings):
    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    title = "いなげ麻雀"

    end: str = setting(
        "hands",
        one_of(*END_MODES),
        doc="「好きな時に終わってかまいません」: end after a number of ``hands``, at a ``score``, when the ``time`` is "
        "up, or only by ``vote``; a unanimous vote ends any game at once.",
    )
    hands: int = setting(9, allowed(1, 100), doc="How many hands when ``end`` is ``hands``.")
    target: int = setting(
        200,
        allowed(8, 2_000),
        doc="When ``end`` is ``score``: the game ends after the hand in which a player reaches this.",
    )
    minutes: int = setting(
        60,
        allowed(1, 600),
        doc="When ``end`` is ``time``: the host's clock sends time-up after this long (「８時になったらおわり」).",
    )
    points_table: str = setting(
        "1:8,2:12,4:16,8:24,12:32,16:40",
        shaped(r"\d{1,3}:\d{1,4}(,\d{1,3}:\d{1,4}){0,15}", "1:8,2:12,4:16"),
        doc="INA-A3 [recommended]: the 早見表 as HAN:POINTS tiers (1 han 8, 16 han 40 are the seed's).",
    )
    kazoe_from: int = setting(20, allowed(2, 100), doc="「２０飜以上は数え切り役満」.")
    kazoe_per_han: int = setting(4, allowed(1, 100), doc="「１飜につき４点で、どこまでも伸びる」.")
    yonbaiman: int = setting(
        32,
        allowed(1, 1_000),
        doc="INA-A3 [recommended]: a 四倍満 yaku (天和系, 十三不塔, 流し満貫, リーのみ) is 4 × 8 points.",
    )
    yakuman: int = setting(80, allowed(1, 1_000), doc="INA-A3 [recommended]: a yakuman is the 20-han value, 80 points.")
    noten_penalty: int = setting(
        48,
        allowed(0, 1_000, step=2),
        doc="「ノーテン罰符は場に４８点」, split between the tenpai and the no-ten players.",
    )
    deal_set_aside: bool = setting(
        True,
        doc="[recommended] Flowers, 西 and 北 may be set aside from the dealt 10 (「配牌を取って花牌を出した時点で」).",
    )
    juusan_futou: bool = setting(True, doc="十三不塔 may be declared on the deal (optional rule, on).")
    discard_yaku: bool = setting(True, doc="捨牌役 (optional rule block, on).")
    even_palindromes: bool = setting(True, doc="INA-A2 [recommended]: palindromes of even length count too.")
    mane_min: int = setting(3, allowed(1, 20), doc="INA-A2: the shortest copy that makes 真似満.")
    riichi_chain_at_declaration: bool = setting(
        False,
        doc="INA-A2: the after-riichi chain starts at the declaration tile (off: at the next discard).",
    )
    nagashi: bool = setting(True, doc="流し満貫 (optional rule, on).")
    nagashi_ends_hand: bool = setting(
        True,
        doc="INA-A10 [recommended]: 流し満貫 is paid at once and ends the hand (off: paid when it ends).",
    )
    ippatsu: bool = setting(True, doc="INA-A11: 一発 (optional, on).")
    double_riichi: bool = setting(True, doc="ダブル立直 (optional, on).")
    multiple_ron: bool = setting(
        False,
        doc="INA-A14 [recommended off]: only the first ron in turn order wins (頭ハネ).",
    )
    draw_keeps_starter: bool = setting(
        True,
        doc="INA-A13 [recommended]: after an exhaustive draw the same player starts (off: the next one).",
    )
    dora_count_for_minimum: bool = setting(False, doc="INA-A5 [recommended off]: dora alone do not make a win.")
    hints: bool = hints_setting()

    def __post_init__(self) -> None:
        if self.end not in END_MODES:
            raise ValueError(f"end must be one of {', '.join(END_MODES)}")
        if not 1 <= self.hands <= 100:
            raise ValueError("a game has 1 to 100 hands")
        if self.target <= 0 or self.minutes <= 0:
            raise ValueError("the target score and the minutes must be positive")
        if self.noten_penalty < 0 or self.noten_penalty % 2:
            raise ValueError("the no-ten penalty must be an even number of points, so it splits evenly")
        if self.mane_min < 1:
            raise ValueError("mane_min must be at least 1")
        self.han_table()  # raises for a malformed points table

    def han_table(self) -> HanTable:
        """The 早見表 these settings describe."""
        return HanTable.parse(
            self.points_table,
            kazoe_from=self.kazoe_from,
            per_han=self.kazoe_per_han,
            yonbaiman=self.yonbaiman,
            yakuman=self.yakuman,
        )

    def discard_rules(self) -> DiscardRules:
        """The discard-yaku choices."""
        return DiscardRules(
            even_palindromes=self.even_palindromes,
            mane_min=self.mane_min,
            chain_from_declaration=self.riichi_chain_at_declaration,
        )
