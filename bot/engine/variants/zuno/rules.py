"""ずーの's table settings, yaku table, points and chips (seed ``001_ec8a60ce93efe5ee.txt``).

Points are the baseline 4-player table with 切り上げ満貫 (「30符4翻は切り上げ満貫」); honba pay
chips, not points (「300でも1500でもなくチップ1枚」), so the points table adds nothing per honba.
零発 is the one yaku of its own: 2 han instead of 一発 for a ron in the declaration round's
simultaneous discard.

>>> wareme_seat((2, 3), dealer=1), wareme_seat((1, 1), dealer=1), wareme_seat((6, 6), dealer=0)
(1, 2, 3)
>>> ZunoSettings().uma_values()
(30, 10, -10, -30)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.scoring import HandScore, NoWin, ScoringRules, StandardPoints, score_hand
from bot.engine.shapes import ShapeRules, count_of
from bot.engine.table import TableSettings
from bot.engine.tiles import dora_after
from bot.engine.yaku.base import Facts, Feature, Scope, Yaku
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.situational import Ippatsu
from bot.engine.yaku.table import STANDARD_YAKU, YakuTable, YakuValue

__all__ = [
    "ZERO_HATSU",
    "ZUNO_YAKU",
    "ChipCount",
    "Zerohatsu",
    "ZunoScorer",
    "ZunoSettings",
    "final_scores",
    "transfer_factor",
    "ura_count",
    "wareme_seat",
    "win_chips",
]

ZERO_HATSU = "zerohatsu"
"""The :attr:`WinContext.flags` entry that marks a 零発 ron."""


@dataclass(frozen=True)
class ZunoSettings(TableSettings):
    title = "ずーの"

    """Table settings. Defaults are the seed's 採用ルール and the spec's [recommended] rulings."""

    start_points: int = 25_000
    """ZUN-A9 [recommended]: everyone starts with 25,000 (implied by 「オカ20」)."""
    return_points: int = 30_000
    """ZUN-A9: the final score counts from 30,000; the 4 × 5,000 difference is the オカ (20)."""
    uma: str = "10-30"
    """「ウマ10-30」: 2nd and 3rd ±10, 1st and 4th ±30 (in thousands)."""
    tobi: int = 30
    """「トビ料▲30（飛ばした人取り）」: the busted player pays this to whoever busted them."""
    zerohatsu: bool = True
    """「特殊役～零発～」: a ron in the declaration round's simultaneous discard is 零発 (2 han)."""
    chips: str = "1/1/1/2"
    """「赤・一発・裏で1枚、零発で2枚」: chips for each red five / 一発 / ura dora / 零発."""
    red_chips_open: bool = True
    """[recommended] red-five chips count in an open hand too."""
    noten_chips: int = 1
    """「ノーテン罰符」 in chips: each no-ten player pays this to each tenpai player (0: none)."""
    honba_chips: int = 1
    """「一枚場」: chips per honba added to the first winner's income (0: none)."""
    honba_chips_each: bool = True
    """ZUN-A6 [recommended]: honba chips from each payer; off: once in total."""
    wareme: bool = True
    """「割れ目あり」: dice pick a player whose point and chip transfers are doubled."""
    pocchi: bool = True
    """「ポッチ牌あり」: on the ippatsu tsumo a drafted 白 is wild."""
    cosmo: bool = True
    """「コスモリーチ」: after a 1p riichi declaration tile, 發 and 北 are wild too."""
    inazuma: bool = True
    """「イナズマリーチ」: riichi with a 10,000 stick doubles the hand's points and chip income."""
    kari_inazuma: bool = True
    """「借りイナズマリーチ」: with 9,900 or less, イナズマ on a borrowed stick; no win means a bust."""
    kari_penalty: int = 10
    """「慰謝料として▲10」: paid to the top player after a failed 借りイナズマ."""
    own_kakan: bool = True
    """ZUN-A2 [recommended]: 加槓 with your own tile in the riichi/ankan phase."""
    one_call_each: bool = True
    """ZUN-A3 [recommended]: 「1回まで」 is one call per player per round; off: one per round."""
    double_riichi: bool = True
    """[recommended] ダブル立直 for a riichi in round 1 with no call or kan before it."""
    tenhou: bool = True
    """[recommended] 天和 / 地和 for a tsumo in round 1 with no call or kan before it."""
    agari_yame: bool = False
    """[recommended] off: the dealer of 東4局 keeps dealing after a win even when top."""
    hints: bool = True
    """Show waits and ukeire on the private panel."""

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
        return (big, small, -small, -big)

    def chip_values(self) -> tuple[int, int, int, int]:
        """Chips for a red five, 一発, an ura dora and 零発."""
        try:
            red, ippatsu, ura, zero = (int(part) for part in self.chips.split("/"))
        except ValueError as error:
            raise ValueError(f"chips must look like 1/1/1/2 (赤/一発/裏/零発), not {self.chips!r}") from error
        return (red, ippatsu, ura, zero)

    @property
    def oka(self) -> int:
        """The top player's bonus in thousands: what the four players' returns exceed their starts."""
        return 4 * (self.return_points - self.start_points) // 1000


# --- yaku and points ------------------------------------------------------------------------------


class Zerohatsu(Yaku):
    """零発: a riichi declarer's ron in the declaration round's 一斉打牌 (2 han, replaces 一発)."""

    name = "零発"
    en = "Zero-hatsu"
    scope = Scope.HAND
    requires = Feature.RIICHI
    supersedes = (Ippatsu,)

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ZERO_HATSU in ctx.flags and not ctx.tsumo


def _zuno_yaku() -> YakuTable:
    """The baseline table with 零発 listed right after 一発."""
    entries: list[tuple[type[Yaku], YakuValue]] = []
    for cls in STANDARD_YAKU:
        entries.append((cls, STANDARD_YAKU[cls]))
        if cls is Ippatsu:
            entries.append((Zerohatsu, YakuValue.han(2)))
    return YakuTable(tuple(entries))


ZUNO_YAKU = _zuno_yaku()
"""Baseline B2 (single yakuman) plus 零発."""


class ZunoScorer:
    """Scores a ずーの win, or says it is none (not complete, or no yaku)."""

    def __init__(self, shapes: ShapeRules) -> None:
        # Honba are chips here, and deposits are settled by the game (sticks of 1,000 and 10,000).
        self.rules = ScoringRules(
            shapes=shapes,
            yaku=ZUNO_YAKU,
            points=StandardPoints(honba_ron=0, honba_tsumo=0, deposit=0),
            kiriage=True,
            nuki_kind=None,
        )

    def score(self, ctx: WinContext) -> HandScore | None:
        """The score of a legal win, or None."""
        result = score_hand(ctx, self.rules)
        return None if isinstance(result, NoWin) else result


# --- chips ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChipCount:
    """The chips one payer owes for one win, before honba and multipliers."""

    red: int = 0
    ippatsu: int = 0
    ura: int = 0
    zerohatsu: int = 0

    @property
    def total(self) -> int:
        """Every item added up."""
        return self.red + self.ippatsu + self.ura + self.zerohatsu

    def to_json(self) -> dict[str, int]:
        """The items by their Japanese names, as the win card shows them."""
        return {"赤": self.red, "一発": self.ippatsu, "裏": self.ura, "零発": self.zerohatsu}


def ura_count(ctx: WinContext) -> int:
    """Ura dora in the hand (melds included); only a riichi hand has any."""
    if not (ctx.riichi or ctx.double_riichi):
        return 0
    board = ctx.concealed
    for meld in ctx.melds:
        for kind in meld.kinds():
            board += 1 << (4 * kind)
    return sum(count_of(board, dora_after(indicator)) for indicator in ctx.ura_indicators)


def win_chips(ctx: WinContext, settings: ZunoSettings) -> ChipCount:
    """「赤・一発・裏で1枚、零発で2枚」: the chips each payer owes for this win."""
    red, ippatsu, ura, zero = settings.chip_values()
    closed = not ctx.is_open
    zerohatsu = ZERO_HATSU in ctx.flags and not ctx.tsumo
    return ChipCount(
        red=red * ctx.red_dora if (closed or settings.red_chips_open) else 0,
        ippatsu=ippatsu if ctx.ippatsu and not zerohatsu else 0,
        ura=ura * ura_count(ctx),
        zerohatsu=zero if zerohatsu else 0,
    )


def wareme_seat(dice: tuple[int, int], dealer: int, players: int = 4) -> int:
    """ZUN-A5: the player at the wall break. Sum 5/9 the dealer, 2/6/10 the dealer's 下家,
    3/7/11 the player opposite, 4/8/12 the dealer's 上家: counting the sum round from the dealer."""
    return (dealer + sum(dice) - 1) % players


def transfer_factor(winner: int, payer: int, *, inazuma: bool, wareme: int | None) -> int:
    """How many times a base amount one transfer moves: ×2 for the winner's イナズマ, ×2 when
    the 割れ目 player pays or receives (「割れ目は点棒授受・チップ授受の両方が倍になる」)."""
    factor = 2 if inazuma else 1
    if wareme is not None and wareme in (winner, payer):
        factor *= 2
    return factor


def final_scores(
    points: Sequence[int],
    placements: Sequence[int],
    settings: ZunoSettings,
    *,
    tobi: Sequence[tuple[int, int]] = (),
    penalties: Sequence[tuple[int, int]] = (),
) -> tuple[float, ...]:
    """Scores in thousands: (points − return) / 1000, uma by place, oka to the top, then each
    bust (busted, buster) moves ``tobi`` and each 借りイナズマ failure (payer, receiver) moves
    ``kari_penalty``. The scores of a table add up to zero.

    >>> final_scores([40_000, 30_000, 20_000, 10_000], [1, 2, 3, 4], ZunoSettings())
    (60.0, 10.0, -20.0, -50.0)
    """
    uma = settings.uma_values()
    scores = [(points[seat] - settings.return_points) / 1000 + uma[placements[seat] - 1] for seat in range(len(points))]
    top = list(placements).index(1)
    scores[top] += settings.oka
    for busted, buster in tobi:
        scores[busted] -= settings.tobi
        scores[buster] += settings.tobi
    for payer, receiver in penalties:
        scores[payer] -= settings.kari_penalty
        scores[receiver] += settings.kari_penalty
    return tuple(round(score, 1) for score in scores)
