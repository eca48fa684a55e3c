"""5等三麻's points table (spec §4.5): the 4-player value rounded up to 1,000, +1,000 a tsumo payer.

「四麻の点数を切り上げ(例: 5,200点→6,000点)、ツモの場合は四麻の点数から1,000点加符(例: 1,300-2,600→
2,000-3,000は3,000-4,000)」: a ron is the baseline 4-player value (fu and han, limits from 満貫)
rounded up to 1,000; a tsumo is each 4-player share rounded up to 1,000, then 1,000 more from each
payer. The limit rows follow from the same rule (満貫 2,000-4,000 → 3,000-5,000 …), up to 五倍満
(役満 + 夏, 10,000 base points). 「数え役満は14翻から」: 11–13 han are 三倍満, 14 han and more 数え役満,
and han past 14 add chips only (:attr:`Rank.extra_han`, GTS-A5). Different yakuman multiply the
value (「点数も祝儀も倍」).

Honba are 2,000 a honba: 2,000 on a ron, 1,000 from each payer of a tsumo (「1本場2,000点」); the
table's ``honba_ron`` and ``honba_tsumo`` say so to the scorer, and :func:`honba_share` to a game.

>>> table = GotoPoints()
>>> table.payment(3, 40, 0, dealer=False, tsumo=False, players=3, kiriage=False).ron
6000
>>> table.payment(3, 40, 0, dealer=False, tsumo=True, players=3, kiriage=False)[1:3]
(4000, 3000)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.scoring import Payment, PointsTable
from bot.engine.table.ledger import split_noten_penalty

__all__ = [
    "HONBA",
    "KAZOE_FROM",
    "NOTEN_PENALTY",
    "OPEN_RIICHI_DEPOSIT",
    "RIICHI_DEPOSIT",
    "TSUMO_SURCHARGE",
    "GotoPoints",
    "Rank",
    "Tier",
    "honba_share",
    "limit_name",
    "north_dora",
    "noten_payments",
    "rank",
    "rank_payment",
]

UNIT = 1_000
"""「切り上げ」: every payment is rounded up to 1,000."""
TSUMO_SURCHARGE = 1_000
"""「1,000点加符」: added to each tsumo payer's rounded share."""
KAZOE_FROM = 14
"""「数え役満は14翻から」."""
HONBA = 2_000
"""「1本場2,000点」: on a ron from the discarder; on a tsumo half of it from each payer."""
NOTEN_PENALTY = 4_000
"""「ノーテン罰符は場に4,000点」."""
RIICHI_DEPOSIT = 1_000
"""A riichi stick."""
OPEN_RIICHI_DEPOSIT = 2_000
"""「オープン立直は2,000点供託」."""


class Tier(enum.IntEnum):
    """A score's rank: below 満貫, then the limit rows of §4.5, each one a 夏 higher than the last."""

    BELOW = 0
    MANGAN = 1
    HANEMAN = 2
    BAIMAN = 3
    SANBAIMAN = 4
    YAKUMAN = 5
    GOBAIMAN = 6


_LIMIT_BASE = {
    Tier.MANGAN: 2_000,
    Tier.HANEMAN: 3_000,
    Tier.BAIMAN: 4_000,
    Tier.SANBAIMAN: 6_000,
    Tier.YAKUMAN: 8_000,
    Tier.GOBAIMAN: 10_000,
}
"""The 4-player base points of each limit (a child's ron is 4×, a dealer's 6×)."""
_TIER_NAMES = {Tier.MANGAN: "満貫", Tier.HANEMAN: "跳満", Tier.BAIMAN: "倍満", Tier.SANBAIMAN: "三倍満"}
_MULTIPLE_NAMES = {1: "", 2: "ダブル", 3: "トリプル"}
_DIGITS = "〇一二三四五六七八九"


def _han_tier(han: int, fu: int | None, kiriage: bool) -> Tier:
    """The tier of ``han`` han and ``fu`` fu: baseline limits, but 三倍満 up to 13 han."""
    if han >= KAZOE_FROM:
        return Tier.YAKUMAN
    if han >= 11:
        return Tier.SANBAIMAN
    if han >= 8:
        return Tier.BAIMAN
    if han >= 6:
        return Tier.HANEMAN
    if han >= 5:
        return Tier.MANGAN
    if han <= 0:
        raise ValueError("a win has at least one han")
    base = (fu or 0) << (han + 2)
    if base >= 2_000 or (kiriage and base == 1_920):
        return Tier.MANGAN
    return Tier.BELOW


@dataclass(frozen=True, slots=True)
class Rank:
    """What a win is worth before it is turned into payments.

    ``han`` and ``fu`` are the hand's (a 夏 below 満貫 adds its han here); ``yakuman`` counts the
    本役満 (0 for a hand scored by han, 数え役満 included). ``chip_han`` is the han the 数え役満
    chips count: ``han``, plus 3 when a 夏 raised a 数え役満 to 五倍満 (「3翻追加扱い、例: 14翻は17翻」).
    """

    tier: Tier
    han: int = 0
    fu: int | None = None
    yakuman: int = 0
    chip_han: int = 0

    @property
    def kazoe(self) -> bool:
        """Whether the hand reached 役満 or 五倍満 by counting han, not with a 本役満."""
        return self.tier >= Tier.YAKUMAN and not self.yakuman

    @property
    def multiple(self) -> int:
        """How many times the tier's value is paid: the number of yakuman, else 1 (「ダブル役満」)."""
        return max(self.yakuman, 1)

    @property
    def extra_han(self) -> int:
        """The 数え役満 han past 14, each one chip from everyone (「(翻数-14)×1枚」); 0 otherwise."""
        return max(self.chip_han - KAZOE_FROM, 0) if self.kazoe else 0

    @property
    def base(self) -> int:
        """The 4-player base points: ``fu × 2^(han+2)`` below 満貫, else the limit's (× :attr:`multiple`)."""
        if self.tier is Tier.BELOW:
            return (self.fu or 0) << (self.han + 2)
        return _LIMIT_BASE[self.tier] * self.multiple

    @property
    def name(self) -> str:
        """The limit's name (:func:`limit_name`)."""
        return limit_name(self)


def rank(han: int, fu: int | None, yakuman: int, *, summers: int = 0, kiriage: bool = False) -> Rank:
    """The rank of a win of ``han`` han and ``fu`` fu, or of ``yakuman`` 本役満, with ``summers`` 夏.

    「夏: 和了時点数1ランクアップ(例: 満貫→跳満 役満→五倍満…、満貫以下は1飜増し)」: each 夏 adds a han
    below 満貫 (fu kept, which may reach 満貫) and raises a limit one row; several stack, up to
    五倍満 (GTS-A4); a 夏 past 五倍満 does nothing.

    >>> rank(16, None, 0).tier.name, rank(16, None, 0).extra_han
    ('YAKUMAN', 2)
    >>> rank(16, None, 0, summers=1).tier.name, rank(16, None, 0, summers=1).extra_han
    ('GOBAIMAN', 5)
    """
    if yakuman:
        return Rank(Tier.GOBAIMAN if summers else Tier.YAKUMAN, yakuman=yakuman)
    tier = _han_tier(han, fu, kiriage)
    chip_han = han
    for _ in range(summers):
        if tier is Tier.BELOW:
            han += 1
            chip_han = han
            tier = _han_tier(han, fu, kiriage)
        elif tier < Tier.GOBAIMAN:
            if tier is Tier.YAKUMAN:
                chip_han = han + 3
            tier = Tier(tier + 1)
    return Rank(tier, han, fu if tier is Tier.BELOW else None, 0, chip_han)


def _kanji(number: int) -> str:
    """2–99 in kanji (``4`` → ``"四"``), for the multiple yakuman names."""
    tens, ones = divmod(number, 10)
    return ("" if tens == 0 else ("" if tens == 1 else _DIGITS[tens]) + "十") + ("" if ones == 0 else _DIGITS[ones])


def limit_name(score: Rank) -> str:
    """満貫, 跳満, 倍満, 三倍満, 数え役満 (by han) or 役満, ダブル役満 … (by yakuman), 五倍満 and
    ダブル五倍満 …; empty below 満貫."""
    if score.tier is Tier.BELOW:
        return ""
    if score.tier in _TIER_NAMES:
        return _TIER_NAMES[score.tier]
    limit = "五倍満" if score.tier is Tier.GOBAIMAN else "役満"
    if score.kazoe:
        return "数え役満" if score.tier is Tier.YAKUMAN else limit
    prefix = _MULTIPLE_NAMES.get(score.yakuman)
    return (prefix if prefix is not None else _kanji(score.yakuman) + "倍") + limit


def _up(value: int) -> int:
    """``value`` rounded up to 1,000."""
    return -(-value // UNIT) * UNIT


def honba_share(honba: int, *, tsumo: bool, per_honba: int = HONBA) -> int:
    """What each payer adds for ``honba`` honba: 2,000 a honba from the discarder of a ron, 1,000 a
    honba from each payer of a tsumo (「子の満貫1本場はツモの場合3,000-5,000は4,000-6,000、ロンの場合
    8,000は10,000」); ``per_honba`` is the table's honba value. On a double ron the discarder pays
    it to both winners (「本場は両方に払う」).

    >>> honba_share(1, tsumo=False), honba_share(2, tsumo=True), honba_share(1, tsumo=True, per_honba=1_000)
    (2000, 2000, 500)
    """
    return (per_honba // 2 if tsumo else per_honba) * honba


def noten_payments(tenpai: Sequence[bool]) -> tuple[int, ...]:
    """The point changes of an exhaustive draw: 4,000 from the no-ten players to the tenpai ones
    (「ノーテン罰符は場に4,000点」), nothing when everyone or nobody is tenpai.

    >>> noten_payments([True, False, False]), noten_payments([True, True, False])
    ((4000, -2000, -2000), (2000, 2000, -4000))
    """
    return tuple(split_noten_penalty(tenpai, NOTEN_PENALTY))


def north_dora(pulled: int) -> int:
    """The dora of ``pulled`` 北 pulled by one player: 1 each, but all four count 8
    (「4北抜くとドラ8扱い(祝儀は4枚)」; the chips stay one a 北).

    >>> [north_dora(count) for count in range(5)]
    [0, 1, 2, 3, 8]
    """
    return 8 if pulled >= 4 else pulled


@dataclass(frozen=True, slots=True)
class GotoPoints(PointsTable):
    """§4.5's table: the 4-player value rounded up to 1,000, and +1,000 from each tsumo payer.

    A child's tsumo: the other child pays the 4-player child share (base points rounded up to
    100), the dealer the dealer share (twice the base), each rounded up to 1,000, plus 1,000.
    The dealer's tsumo: each child pays twice the base, rounded up to 1,000, plus 1,000. Limits
    and 本役満 are the same rule on their base points (満貫 2,000 … 五倍満 10,000; ``n`` yakuman
    ``n`` × 8,000). ``summers`` is the winner's 夏 count (:func:`rank`). Honba 2,000 a ron, 1,000
    a tsumo payer; a riichi stick 1,000 (an open riichi puts down two, :data:`OPEN_RIICHI_DEPOSIT`).
    """

    honba_ron: int = HONBA
    honba_tsumo: int = HONBA // 2
    deposit: int = RIICHI_DEPOSIT
    summers: int = 0

    def rank(self, han: int, fu: int | None, yakuman: int, *, kiriage: bool = False) -> Rank:
        """:func:`rank` with this table's 夏."""
        return rank(han, fu, yakuman, summers=self.summers, kiriage=kiriage)

    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        score = self.rank(han, fu, yakuman, kiriage=kiriage)
        return rank_payment(score, dealer=dealer, tsumo=tsumo, players=players)


def rank_payment(score: Rank, *, dealer: bool, tsumo: bool, players: int = 3) -> Payment:
    """The payments of a ranked win (:class:`GotoPoints` without the scorer's arguments).

    >>> rank_payment(rank(4, 30, 0), dealer=False, tsumo=True)[1:3]
    (5000, 3000)
    """
    base, name = score.base, score.name
    if not tsumo:
        ron = _up(base * (6 if dealer else 4))
        return Payment(ron, 0, 0, ron, name)
    if dealer:
        each = _up(base * 2) + TSUMO_SURCHARGE
        return Payment(0, 0, each, each * (players - 1), name)
    from_dealer = _up(base * 2) + TSUMO_SURCHARGE
    each = _up(base) + TSUMO_SURCHARGE
    return Payment(0, from_dealer, each, from_dealer + each * (players - 2), name)
