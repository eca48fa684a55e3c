"""Scoring a win: yaku, fu, dora and payments, for any variant's rules.

:func:`score_hand` reads the hand once into a :class:`~bot.engine.yaku.base.Facts` object,
asks each yaku of the variant's :class:`~bot.engine.yaku.table.YakuTable` how often it applies
(once per hand, per reading or per wait, as each yaku declares), and keeps the reading and wait
that pay the most, as ``mahjong`` does. A hand that is not complete, or has no yaku, gives a
:class:`NoWin` value rather than an exception.

>>> from bot.engine.shapes import hand
>>> from bot.engine.yaku.context import WinContext
>>> result = score_hand(WinContext(hand("234567m23455s666p"), win_tile=22), STANDARD_RULES)
>>> result.han, result.fu, result.ron, [hit.name for hit in result.yaku]
(1, 40, 1300, ['断么九'])
>>> score_hand(WinContext(hand("123m456p789s11z234m"), win_tile=1), STANDARD_RULES)
NoWin(reason='no yaku')

The package, module by module: :mod:`~bot.engine.scoring.results` (:class:`Payment`,
:class:`HandScore`, :class:`NoWin`), :mod:`~bot.engine.scoring.points` (points tables),
:mod:`~bot.engine.scoring.rules` (:class:`ScoringRules`, :func:`han_prices`),
:mod:`~bot.engine.scoring.hand` (:func:`score_hand`) with
:mod:`~bot.engine.scoring.candidates` (several readings and waits), and
:mod:`~bot.engine.scoring.scorer` (a variant's :class:`Scorer`, the sanma rulings). Every public
name is importable from here.
"""

from bot.engine.scoring.hand import score_hand
from bot.engine.scoring.points import PointsTable, StandardPoints
from bot.engine.scoring.results import DORA_LINES, HandScore, NoWin, Payment
from bot.engine.scoring.rules import STANDARD_RULES, ScoringRules, han_prices
from bot.engine.scoring.scorer import Scorer, north_misused, riichi_only
from bot.engine.yaku.base import YakuHit

__all__ = [
    "DORA_LINES",
    "STANDARD_RULES",
    "HandScore",
    "NoWin",
    "Payment",
    "PointsTable",
    "Scorer",
    "ScoringRules",
    "StandardPoints",
    "YakuHit",
    "han_prices",
    "north_misused",
    "riichi_only",
    "score_hand",
]
