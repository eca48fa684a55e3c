"""ずーの's chips and payments: 祝儀 per win, the 割れ目 seat and its doubling, and the final scores.

>>> wareme_seat((2, 3), dealer=1), wareme_seat((1, 1), dealer=1), wareme_seat((6, 6), dealer=0)
(1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.variants.zuno.settings import ZunoSettings
from bot.engine.variants.zuno.yaku import ZERO_HATSU
from bot.engine.yaku.context import WinContext

__all__ = ["WAREME_FACTOR", "ChipCount", "final_scores", "transfer_factor", "wareme_seat", "win_chips"]


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


def win_chips(ctx: WinContext, settings: ZunoSettings) -> ChipCount:
    """「赤・一発・裏で1枚、零発で2枚」: the chips each payer owes for this win."""
    red, ippatsu, ura, zero = settings.chip_values()
    closed = not ctx.is_open
    zerohatsu = ZERO_HATSU in ctx.flags and not ctx.tsumo
    return ChipCount(
        red=red * ctx.red_dora if (closed or settings.red_chips_open) else 0,
        ippatsu=ippatsu if ctx.ippatsu and not zerohatsu else 0,
        ura=ura * ctx.ura_dora(),
        zerohatsu=zero if zerohatsu else 0,
    )


def wareme_seat(dice: tuple[int, int], dealer: int, players: int = 4) -> int:
    """ZUN-A5: the player at the wall break. Sum 5/9 the dealer, 2/6/10 the dealer's 下家,
    3/7/11 the player opposite, 4/8/12 the dealer's 上家: counting the sum round from the dealer."""
    return (dealer + sum(dice) - 1) % players


WAREME_FACTOR = 2
"""「割れ目は点棒授受・チップ授受の両方が倍になる」: what the 割れ目 seat's transfers are multiplied by."""


def transfer_factor(winner: int, payer: int, *, inazuma: bool, wareme: int | None) -> int:
    """How many times a base amount one transfer moves: ×2 for the winner's イナズマ, ×2 when
    the 割れ目 player pays or receives (「割れ目は点棒授受・チップ授受の両方が倍になる」)."""
    factor = 2 if inazuma else 1
    if wareme is not None and wareme in (winner, payer):
        factor *= WAREME_FACTOR
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
