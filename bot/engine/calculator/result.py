"""What a calculator answers: the yaku lines and who pays what, as the CLI prints them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.engine.calculator.request import CalcRequest
from bot.engine.views import YakuLine
from bot.engine.yaku.base import YakuHit

__all__ = ["payments", "yaku_json"]


def yaku_json(lines: Iterable[YakuHit | YakuLine]) -> list[dict[str, Any]]:
    """The result's ``yaku`` list: name, English name, han, and the yakuman weight or the detail
    where there is one."""
    return [
        {
            "name": line.name,
            "en": line.en,
            "han": line.han,
            **({"yakuman": line.yakuman} if line.yakuman else {}),
            **({"detail": line.detail} if isinstance(line, YakuLine) and line.detail else {}),
        }
        for line in lines
    ]


def payments(request: CalcRequest, *, ron: int, tsumo_dealer: int, tsumo_non_dealer: int) -> dict[str, int]:
    """Who pays the winner what: the discarder on a ron; on a tsumo each player, or the dealer
    and each other player when they pay differently."""
    if not request.tsumo:
        return {"discarder": ron}
    if request.dealer or tsumo_dealer == tsumo_non_dealer:
        return {"each": tsumo_non_dealer}
    return {"dealer": tsumo_dealer, "each_other": tsumo_non_dealer}
