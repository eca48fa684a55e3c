"""チンイツゲーム's points table (spec §3.10): full value on tsumo and ron, counting past 13 han.

「点棒はツモ、ロンあがり共に満額点数で計算します。また、14翻以降も計算します」: a tsumo collects
the ron value, split between the two payers. From 4 han the seed's two tables give the value as
``n`` × 8,000 (child) or × 12,000 (dealer), ``n`` rising by one for every two han past 14
(「数え役満は14翻からです」); 本役満 pay ``n`` = 4 each, whatever their han (「本役満であがった場合は
本役満の支払いを優先します」). 1–3 han are not in the seed: CHN-A13's fixed fu-less table in
1,000-point steps, or baseline fu (``fu_scoring``).

Honba are no part of this table: 「積み棒1000点」 is paid by the game, 1,000 a honba
(:func:`honba_share`).

>>> table = ChinitsuPoints()
>>> table.payment(21, None, 0, dealer=False, tsumo=False, players=3, kiriage=False)
Payment(ron=56000, tsumo_dealer=0, tsumo_non_dealer=0, total=56000, limit='七倍満')
>>> table.payment(6, None, 0, dealer=False, tsumo=True, players=3, kiriage=False)[1:3]
(8000, 4000)
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.scoring import Payment, PointsTable

__all__ = [
    "FU_LESS_DEALER_RON",
    "FU_LESS_RON",
    "YAKUMAN_MULTIPLE",
    "ChinitsuPoints",
    "honba_share",
    "kanji_number",
    "limit_name",
    "multiple",
    "yakuman_name",
]

FU_LESS_RON = (1_000, 2_000, 4_000)
"""CHN-A13: a child's ron for 1, 2 and 3 han."""
FU_LESS_DEALER_RON = (2_000, 3_000, 6_000)
"""CHN-A13: the dealer's ron for 1, 2 and 3 han."""
YAKUMAN_MULTIPLE = 4
"""A 本役満 is paid as 四倍満 (32,000 / 48,000), once per yakuman."""
KAZOE_FROM = 14
"""「数え役満は14翻からです」."""
HONBA = 1_000
"""「積み棒1000点」."""

# Limits in half multiples of 8,000 (跳満 is 1.5), by the first han of each row below 14.
_ROWS = ((11, 6), (8, 4), (6, 3), (4, 2))
_ROW_NAMES = {2: "満貫", 3: "跳満", 4: "倍満", 6: "三倍満"}
# The seed's child-tsumo rows (other child, dealer) where they are not 3/8 and 5/8 of the value:
# 「6~7（跳満）12000点 4000点 8000点」「11~13（三倍満）24000点 8000点 16000点」 (CHN-A12).
_PRINTED_TSUMO = {3: (4_000, 8_000), 6: (8_000, 16_000)}
_YAKUMAN_NAMES = {1: "役満", 2: "ダブル役満", 3: "トリプル役満"}
_DIGITS = "〇一二三四五六七八九"


def kanji_number(number: int) -> str:
    """A positive number in kanji, as the limit names write it (20 -> ``"二十"``)."""
    if number <= 0:
        raise ValueError("only positive numbers have a limit name")
    parts = []
    for value, unit in ((1000, "千"), (100, "百"), (10, "十")):
        digit, number = divmod(number, value)
        if digit:
            parts.append(("" if digit == 1 else _DIGITS[digit]) + unit)
    if number:
        parts.append(_DIGITS[number])
    return "".join(parts)


def multiple(han: int) -> int:
    """The limit of ``han`` han (4 or more), in halves of 8,000: 満貫 2, 跳満 3 … 七倍満 14.

    From 14 han, 四倍満 plus one for every two han more: 「14藩以降から2藩あがるごとに点数が
    あがっていく」 (46–47 han: 二十倍満).
    """
    if han >= KAZOE_FROM:
        return 2 * (4 + (han - KAZOE_FROM) // 2)
    for first, halves in _ROWS:
        if han >= first:
            return halves
    raise ValueError(f"{han} han is below the limit table (it starts at 4)")


def limit_name(halves: int, *, counted: bool = True) -> str:
    """満貫 … 三倍満, 数え役満 (四倍満 reached by han), 五倍満, 六倍満 … 二十倍満 and beyond; an
    uncounted 四倍満 is just that."""
    if halves in _ROW_NAMES:
        return _ROW_NAMES[halves]
    times = halves // 2
    if times == YAKUMAN_MULTIPLE and counted:
        return "数え役満"
    return f"{kanji_number(times)}倍満"


def yakuman_name(count: int) -> str:
    """役満, ダブル役満, トリプル役満, then 四倍役満, 五倍役満 …"""
    return _YAKUMAN_NAMES.get(count) or f"{kanji_number(count)}倍役満"


def honba_share(honba: int, *, tsumo: bool, each_payer: bool = False) -> int:
    """What each payer adds for ``honba`` honba: 1,000 each in all, so the discarder pays 1,000
    and on a tsumo each of the two 500; ``each_payer`` (a setting): 1,000 from every payer."""
    if each_payer or not tsumo:
        return HONBA * honba
    return HONBA // 2 * honba


def _share(value: int, numerator: int, denominator: int, unit: int) -> int:
    """``value × numerator / denominator`` rounded up to ``unit``, in integers."""
    return -(-value * numerator // (denominator * unit)) * unit


@dataclass(frozen=True, slots=True)
class ChinitsuPoints(PointsTable):
    """The seed's tables (§3.10): ``n`` × 8,000 for a child, × 12,000 for the dealer, full value
    on a tsumo too.

    A child's tsumo: the other child pays 3/8 and the dealer 5/8 of the ron value (the seed's
    ○×3,000 / ○×5,000), except the printed 跳満 and 三倍満 rows (4,000 / 8,000 and 8,000 /
    16,000) while ``printed_tsumo_rows`` is on. The dealer's tsumo: each child pays half.
    1–3 han: :data:`FU_LESS_RON` and :data:`FU_LESS_DEALER_RON`, tsumo shares rounded up to
    1,000; ``fu_scoring``: baseline base points ``fu × 2^(han+2)`` (to 満貫), shares rounded
    up to 100. Honba are paid by the game (0 here); a riichi stick is worth 1,000.
    """

    honba_ron: int = 0
    honba_tsumo: int = 0
    deposit: int = 1_000
    fu_scoring: bool = False
    printed_tsumo_rows: bool = True

    @property
    def uses_fu(self) -> bool:
        """Whether a score's fu mean anything (only with ``fu_scoring``, and below 満貫)."""
        return self.fu_scoring

    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        if yakuman:
            return self._limit(2 * YAKUMAN_MULTIPLE * yakuman, yakuman_name(yakuman), dealer, tsumo, players)
        if han >= 4:
            halves = multiple(han)
            return self._limit(halves, limit_name(halves), dealer, tsumo, players)
        if han <= 0:
            raise ValueError("a win has at least one han")
        if self.fu_scoring:
            base = (fu or 0) << (han + 2)
            if base >= 2_000:
                return self._limit(2, limit_name(2), dealer, tsumo, players)
            return self._split(base * (6 if dealer else 4), "", dealer, tsumo, players, unit=100)
        ron = (FU_LESS_DEALER_RON if dealer else FU_LESS_RON)[han - 1]
        return self._split(ron, "", dealer, tsumo, players, unit=1_000)

    def _limit(self, halves: int, name: str, dealer: bool, tsumo: bool, players: int) -> Payment:
        value = halves * (6_000 if dealer else 4_000)
        if tsumo and not dealer and self.printed_tsumo_rows and halves in _PRINTED_TSUMO:
            other, from_dealer = _PRINTED_TSUMO[halves]
            return Payment(0, from_dealer, other, from_dealer + other * (players - 2), name)
        return self._split(value, name, dealer, tsumo, players, unit=100)

    @staticmethod
    def _split(value: int, name: str, dealer: bool, tsumo: bool, players: int, *, unit: int) -> Payment:
        """The ron value ``value`` as a ron or as the two tsumo payments, each rounded up."""
        value = _share(value, 1, 1, unit)
        if not tsumo:
            return Payment(value, 0, 0, value, name)
        if dealer:
            each = _share(value, 1, 2, unit)
            return Payment(0, 0, each, each * (players - 1), name)
        # The seed's ○×3,000 / ○×5,000 of ○×8,000: 3/8 from the other child, 5/8 from the dealer.
        other = _share(value, 3, 8, unit)
        from_dealer = _share(value, 5, 8, unit)
        return Payment(0, from_dealer, other, from_dealer + other * (players - 2), name)
