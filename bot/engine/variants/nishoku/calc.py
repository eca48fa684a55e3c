"""The calc CLI's 二色麻雀 scorer: ``python -m bot.engine.calc --variant nishoku …``.

二色麻雀 scores a hand the standard way, under its own rules (no fu, its yaku and limits), so it
takes no options of its own.
"""

from __future__ import annotations

from typing import Any

from bot.engine.calculator import CalcRequest, score_standard
from bot.engine.variants.nishoku.game import NishokuGame

__all__ = ["calculate_nishoku"]


def calculate_nishoku(request: CalcRequest) -> dict[str, Any]:
    """Score a 二色麻雀 request: the JSON-ready result, or raise :class:`~bot.engine.calculator.CalcError`."""
    return score_standard(request, NishokuGame(seed=0).scorer.rules)
