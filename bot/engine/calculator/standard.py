"""Standard scoring: the request as a :class:`~bot.engine.yaku.context.WinContext`, scored under
standard-shaped rules (the oracle's 4-player rules, or a variant's that keeps to them)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.calculator.checks import check_hand_size, check_tile_limits
from bot.engine.calculator.request import CalcError, CalcRequest, request_melds, request_tiles
from bot.engine.calculator.result import CalcResult, hand_result
from bot.engine.calculator.variant import VariantCalc
from bot.engine.scoring import STANDARD_RULES, NoWin, ScoringRules, score_hand
from bot.engine.shapes import pack
from bot.engine.yaku.context import WinContext

__all__ = ["STANDARD_CALC", "score_standard", "win_context"]


def win_context(
    request: CalcRequest, *, concealed: Iterable[int] | None = None, win_tile: int | None = None
) -> WinContext:
    """The request as a standard :class:`WinContext`. A variant passes the concealed kinds and the
    winning kind when they are not the tiles given (ずーの's wild ポッチ), and replaces what it
    scores otherwise (``dataclasses.replace``)."""
    return WinContext(
        concealed=pack(tile.kind for tile in request.hand) if concealed is None else pack(concealed),
        win_tile=request.win.kind if win_tile is None else win_tile,
        melds=request_melds(request),
        tsumo=request.tsumo,
        seat_wind=request.seat,
        round_wind=request.round,
        dealer=request.dealer,
        riichi=request.riichi,
        double_riichi=request.double_riichi,
        ippatsu=request.ippatsu,
        haitei=request.haitei,
        houtei=request.houtei,
        rinshan=request.rinshan,
        chankan=request.chankan,
        tenhou=request.first_turn and request.tsumo and request.dealer,
        chiihou=request.first_turn and request.tsumo and not request.dealer,
        renhou=request.first_turn and not request.tsumo,
        dora_indicators=request.dora,
        ura_indicators=request.ura,
        red_dora=sum(tile.red or tile.gold for tile in request_tiles(request)),
    )


def score_standard(request: CalcRequest, rules: ScoringRules) -> CalcResult:
    """Score the request under standard-shaped ``rules`` (the oracle's, or a variant's that keeps
    to them, such as 二色麻雀's)."""
    check_tile_limits((tile.kind for tile in request_tiles(request)), rules.shapes.limits, request.variant)
    check_hand_size(len(request.hand), len(request.melds))
    result = score_hand(win_context(request), rules)
    if isinstance(result, NoWin):
        raise CalcError(result.reason)
    return hand_result(request, result, show_fu=rules.points.uses_fu)


STANDARD_CALC = VariantCalc(calculate=lambda request: score_standard(request, STANDARD_RULES))
"""The standard 4-player rules, as the test oracle scores them: no options, no conflicts of its own."""
