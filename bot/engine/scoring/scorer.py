"""A variant's scorer (:class:`Scorer`: :func:`~bot.engine.scoring.hand.score_hand` over its
rules, with its own rulings) and the rulings the sanma variants share."""

from __future__ import annotations

from collections.abc import Collection

from bot.engine.scoring.hand import score_hand
from bot.engine.scoring.points import PointsTable
from bot.engine.scoring.results import DORA_LINES, HandScore, NoWin
from bot.engine.scoring.rules import ScoringRules
from bot.engine.tiles import Kind
from bot.engine.yaku.base import YakuHit
from bot.engine.yaku.context import WinContext

__all__ = ["Scorer", "north_misused", "riichi_only"]


class Scorer:
    """A variant's scorer: :func:`score_hand` over its ``rules``; a variant adds its own rulings
    in :meth:`evaluate` (北 only in some yakuman, riichi alone paid as a yakuman…)."""

    def __init__(self, rules: ScoringRules) -> None:
        self.rules = rules

    @property
    def points(self) -> PointsTable:
        """The points table."""
        return self.rules.points

    def evaluate(self, ctx: WinContext) -> HandScore | NoWin:
        """The score, or why there is none."""
        return score_hand(ctx, self.rules)

    def score(self, ctx: WinContext) -> HandScore | None:
        """The score of a legal win, or None."""
        result = self.evaluate(ctx)
        return None if isinstance(result, NoWin) else result

    def yakuman_hand(self, line: YakuHit, *, dealer: bool, tsumo: bool, of: HandScore | None = None) -> HandScore:
        """A hand paid as one yakuman under a name of its own (流し, リーチのみ), keeping the honba
        and deposits of the score ``of`` it replaces."""
        payment = self.points.payment(0, None, 1, dealer=dealer, tsumo=tsumo, players=self.rules.players, kiriage=False)
        return HandScore(0, None, (line,), 1, payment, of.honba if of else 0, of.deposits if of else 0)


def north_misused(ctx: WinContext, result: HandScore, allowed: Collection[str]) -> bool:
    """Whether the hand holds 北 though none of its yaku is one of those ``allowed`` to keep it
    (the sanma rule of 北 as 抜きドラ). The yakuman that allow 北 apply to every reading that
    holds it, and a hand's tiles are the same in every reading, so the best one tells."""
    return ctx.holds(Kind.NORTH) and not any(hit.name in allowed for hit in result.yaku)


def riichi_only(result: HandScore, riichi: Collection[str], *, strict: bool) -> bool:
    """Whether a riichi (a yaku named in ``riichi``) is the hand's one yaku beside its dora lines;
    ``strict``: and it has no dora line either. 一発 and 門前清自摸和 are yaku, so an ippatsu win
    (or a closed tsumo, where that yaku is listed) is never riichi only."""
    yaku = [hit for hit in result.yaku if hit.name not in DORA_LINES]
    if len(yaku) != 1 or yaku[0].name not in riichi:
        return False
    return not strict or len(yaku) == len(result.yaku)
