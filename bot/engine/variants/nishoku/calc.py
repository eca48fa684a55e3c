"""The calc CLI's 二色麻雀 scorer: ``python -m bot.engine.calc --variant nishoku …``.

二色麻雀 scores a hand the standard way, under its own rules (no fu, its yaku and limits), so it
takes no options of its own; it refuses what its game never produces.
"""

from __future__ import annotations

from bot.engine.calculator.conflicts import CalcConflict, no_chankan, no_chi
from bot.engine.calculator.request import CalcRequest
from bot.engine.calculator.result import CalcResult
from bot.engine.calculator.standard import score_standard
from bot.engine.calculator.variant import VariantCalc
from bot.engine.variants.nishoku.game import NishokuGame

__all__ = ["NISHOKU_CALC", "NISHOKU_CONFLICTS", "calculate_nishoku"]

_PON_ONLY = "「鳴きはポンのみ可（カン，チーは不可）」"

NISHOKU_CONFLICTS = (
    no_chi(f"二色麻雀 has no chi ({_PON_ONLY}): --melds takes pon only"),
    CalcConflict(
        "no-kan",
        f"二色麻雀 has no kan ({_PON_ONLY}): a fourth tile is just kept, so --melds takes pon only",
        lambda r: r.has_kan,
    ),
    no_chankan(f"二色麻雀 has no kan ({_PON_ONLY}), so no 搶槓 (--chankan) either"),
    CalcConflict(
        "no-indicators",
        "二色麻雀 has no dora indicators (「（王牌が無いので）ドラは赤牌のみ」): its only dora are the red fives, "
        "so no --dora or --ura",
        lambda r: bool(r.dora or r.ura),
    ),
)
"""What 二色麻雀's game never produces, besides the shared conflicts (``docs/rules/nishoku.md`` 06, 08)."""


def calculate_nishoku(request: CalcRequest) -> CalcResult:
    """Score a 二色麻雀 request: the scored hand, or raise :class:`~bot.engine.calculator.CalcError`."""
    return score_standard(request, NishokuGame(seed=0).scorer.rules)


NISHOKU_CALC = VariantCalc(calculate=calculate_nishoku, conflicts=NISHOKU_CONFLICTS)
"""The variant's calculator."""
