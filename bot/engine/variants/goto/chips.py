"""5等三麻's chips (祝儀, spec §4.7 and §4.2), as pure functions of a win's or a game's facts.

Who pays, per payer:

- 赤, 金, 北, 一発, 裏ドラ, 白ポッチツモ, 即ポッチ and Alice: on a ron the discarder, on a tsumo each
  opponent (§4.7's general rule [recommended]; 「鳴き祝儀」: red and gold count in open hands too).
- 三倍満, 役満 / 数え役満 and its han past 14, 五倍満: each opponent, ron or tsumo
  (「三倍満~五倍満の祝儀はロン・ツモに関わらず全員から貰える」).
- 春: ``F`` per Spring from each opponent, win or not (GTS-A3, :func:`spring_chips`).
- トビ: the busted player to the buster; a top of 80,000 or more: from each opponent; the final
  rank payout (§4.2): :func:`final_chips`.

>>> chips = win_chips(WinFacts(tsumo=False, red=1, gold=1, ura=2))
>>> chips.owed(discarder=True), chips.owed(discarder=False), chips.total()
(5, 0, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.variants.goto.points import KAZOE_FROM, Rank, Tier

__all__ = [
    "ChipValues",
    "WinChips",
    "WinFacts",
    "chombo_chips",
    "final_chips",
    "final_order",
    "placement_chips",
    "spring_chips",
    "tobi_chips",
    "top_chips",
    "win_chips",
]


@dataclass(frozen=True, slots=True)
class ChipValues:
    """The chip table's numbers, the seed's by default (to be read from the settings later)."""

    red: int = 1
    """「赤…→1枚」."""
    gold: int = 2
    """「金→2枚」."""
    north: int = 1
    """「北…→1枚」, one a 北 pulled (4北: 4, though they count 8 dora)."""
    ippatsu: int = 1
    """「一発…→1枚」."""
    ura: int = 1
    """「裏ドラ…→1枚」, one an ura dora."""
    pocchi: int = 1
    """「白ポッチツモ→1枚」."""
    soku_pocchi: int = 3
    """「即ポッチ→3枚(一発の1枚も複合するので実質4枚)」: in place of the 白ポッチツモ chip."""
    sanbaiman: int = 3
    """「三倍満…→3枚オール」."""
    yakuman: int = 5
    """「数え役満・本役満→5枚オール」, once per yakuman."""
    gobaiman: int = 10
    """「五倍満(数え役満or本役満+夏)→10枚オール」, once per yakuman."""
    kazoe_han: int = 1
    """「数え役満は(翻数-14)×1枚」."""
    tobi: int = 3
    """「トビ→3枚」."""
    top: int = 3
    """「80,000点以上トップ→3枚オール」."""
    top_from: int = 80_000
    step: int = 10_000
    """「トップとトビは10,000点ごとに1枚追加」."""
    chombo: int = 5
    """「チョンボは5枚オール」."""
    placement_high: tuple[int, int, int] = (15, 0, -15)
    """「2着40,000点以上の場合15枚-0枚-▲15枚」."""
    placement_low: tuple[int, int, int] = (20, -5, -15)
    """「2着40,000点未満の場合20枚-▲5枚-▲15枚」."""
    returned: int = 40_000
    """「40,000点返し」: the line second place must reach for :attr:`placement_high`."""


DEFAULT_VALUES = ChipValues()


@dataclass(frozen=True, slots=True)
class WinFacts:
    """What a win's chips depend on. ``north`` counts 北 pulled by the winner; ``ura`` the ura dora
    (0 for a winner who did not riichi); ``pocchi`` a tsumo on 白ポッチ (it is 即ポッチ when
    ``ippatsu`` too); ``alice`` the chips Alice or 半チューリップ counted (§4.6, what each payer owes);
    ``rank`` the win's :class:`~bot.engine.variants.goto.points.Rank` (None: below 三倍満)."""

    tsumo: bool
    red: int = 0
    gold: int = 0
    north: int = 0
    ippatsu: bool = False
    ura: int = 0
    pocchi: bool = False
    alice: int = 0
    rank: Rank | None = None


@dataclass(frozen=True, slots=True)
class WinChips:
    """The chips of one win, itemised by Japanese name. ``from_payer`` items are owed by the
    discarder of a ron, or by each opponent of a tsumo; ``from_all`` items by each opponent
    whatever the win."""

    tsumo: bool
    from_payer: tuple[tuple[str, int], ...] = ()
    from_all: tuple[tuple[str, int], ...] = ()

    def owed(self, *, discarder: bool) -> int:
        """What one opponent owes: the discarder of a ron or any payer of a tsumo (``discarder``
        is then ignored), or the opponent of a ron who did not deal in."""
        every = sum(chips for _, chips in self.from_all)
        if discarder or self.tsumo:
            return every + sum(chips for _, chips in self.from_payer)
        return every

    def per_payer(self) -> dict[str, int]:
        """``{"each": n}`` on a tsumo, ``{"discarder": n, "other": m}`` on a ron."""
        if self.tsumo:
            return {"each": self.owed(discarder=True)}
        return {"discarder": self.owed(discarder=True), "other": self.owed(discarder=False)}

    def total(self, players: int = 3) -> int:
        """Everything the winner receives from the ``players - 1`` opponents."""
        others = players - 2
        return self.owed(discarder=True) + others * self.owed(discarder=self.tsumo)

    def to_json(self) -> dict[str, int]:
        """Every item, what each of its payers owes, by name."""
        return dict(self.from_payer + self.from_all)


def win_chips(facts: WinFacts, values: ChipValues = DEFAULT_VALUES) -> WinChips:
    """The chips of a win (§4.7), items with nothing to pay left out.

    >>> from bot.engine.variants.goto.points import rank
    >>> win_chips(WinFacts(tsumo=True, rank=rank(16, None, 0))).to_json()
    {'数え役満': 5, '14翻超え': 2}
    """
    soku = facts.pocchi and facts.ippatsu
    payer = (
        ("赤", values.red * facts.red),
        ("金", values.gold * facts.gold),
        ("北", values.north * facts.north),
        ("一発", values.ippatsu if facts.ippatsu else 0),
        ("裏ドラ", values.ura * facts.ura),
        (
            "即ポッチ" if soku else "白ポッチツモ",
            (values.soku_pocchi if soku else values.pocchi) if facts.pocchi else 0,
        ),
        ("アリス", facts.alice),
    )
    every: tuple[tuple[str, int], ...] = ()
    score = facts.rank
    if score is not None and score.tier >= Tier.SANBAIMAN:
        if score.tier is Tier.SANBAIMAN:
            every = (("三倍満", values.sanbaiman),)
        else:
            chips = values.gobaiman if score.tier is Tier.GOBAIMAN else values.yakuman
            name = score.name
            every = ((name, chips * score.multiple), (f"{KAZOE_FROM}翻超え", values.kazoe_han * score.extra_han))
    return WinChips(
        facts.tsumo,
        tuple(item for item in payer if item[1]),
        tuple(item for item in every if item[1]),
    )


def _steps(points: int, values: ChipValues) -> int:
    return points // values.step


def tobi_chips(points: int, values: ChipValues = DEFAULT_VALUES) -> int:
    """What a player left with ``points`` pays the buster: 0 unless below 0, else 3 and 1 more for
    every full 10,000 below 0 (「-15,000点のトビは3枚+1枚で4枚」; exactly 0 is no bust).

    >>> [tobi_chips(points) for points in (0, -100, -9_900, -10_000, -15_000, -20_000)]
    [0, 3, 3, 4, 4, 5]
    """
    if points >= 0:
        return 0
    return values.tobi + _steps(-points, values)


def top_chips(points: int, values: ChipValues = DEFAULT_VALUES) -> int:
    """What each opponent pays a top finishing with ``points``: 3 from 80,000, and 1 more for every
    full 10,000 above it (「100,000点トップの場合は3枚+2枚で5枚オール」); 0 below 80,000.

    >>> [top_chips(points) for points in (79_900, 80_000, 89_900, 90_000, 100_000)]
    [0, 3, 3, 4, 5]
    """
    if points < values.top_from:
        return 0
    return values.top + _steps(points - values.top_from, values)


def final_order(points: Sequence[int], first_dealer: int = 0) -> list[int]:
    """The seats from first place to last; a tie goes to the seat nearer the starting dealer
    (counting from ``first_dealer`` in turn order) [recommended].

    >>> final_order([30_000, 45_000, 30_000], first_dealer=2)
    [1, 2, 0]
    """
    seats = len(points)
    return sorted(range(seats), key=lambda seat: (-points[seat], (seat - first_dealer) % seats))


def placement_chips(points: Sequence[int], first_dealer: int = 0, values: ChipValues = DEFAULT_VALUES) -> list[int]:
    """The final rank payout, seat by seat: +15 / 0 / −15 when second place has 40,000 or more,
    else +20 / −5 / −15 (§4.2).

    >>> placement_chips([50_000, 40_000, 15_000]), placement_chips([60_000, 30_000, 15_000])
    ([15, 0, -15], [20, -5, -15])
    """
    order = final_order(points, first_dealer)
    payout = values.placement_high if points[order[1]] >= values.returned else values.placement_low
    chips = [0] * len(points)
    for place, seat in enumerate(order):
        chips[seat] = payout[place]
    return chips


def final_chips(points: Sequence[int], first_dealer: int = 0, values: ChipValues = DEFAULT_VALUES) -> list[int]:
    """The chips of a game's end, seat by seat: the rank payout and the 80,000 top bonus from each
    opponent (トビ is paid at the hand that busts, :func:`tobi_chips`).

    >>> final_chips([100_000, 20_000, -15_000])
    [30, -10, -20]
    """
    chips = placement_chips(points, first_dealer, values)
    top = final_order(points, first_dealer)[0]
    bonus = top_chips(points[top], values)
    for seat in range(len(points)):
        chips[seat] += bonus * (len(points) - 1) if seat == top else -bonus
    return chips


def spring_chips(springs: Sequence[int], flowers: Sequence[int]) -> list[int]:
    """The 春 chips of a hand, seat by seat: each Spring a player holds pays them ``F`` chips from
    each opponent, ``F`` the flowers they pulled this hand, later ones included
    (「春: 華牌の枚数×1枚オール ※後引きも含む」), whether or not they won (GTS-A3).

    >>> spring_chips([1, 0, 0], [3, 1, 0]), spring_chips([2, 1, 0], [4, 2, 0])
    ([6, -3, -3], [14, -4, -10])
    """
    chips = [0] * len(springs)
    for seat, count in enumerate(springs):
        each = count * flowers[seat]
        for other in range(len(springs)):
            if other != seat:
                chips[other] -= each
                chips[seat] += each
    return chips


def chombo_chips(offender: int, players: int = 3, values: ChipValues = DEFAULT_VALUES) -> list[int]:
    """「チョンボは5枚オール(点棒移動なし)」: the offender pays 5 to each other player.

    >>> chombo_chips(1)
    [5, -10, 5]
    """
    return [-values.chombo * (players - 1) if seat == offender else values.chombo for seat in range(players)]
