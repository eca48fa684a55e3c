"""How 二色麻雀 is presented: its rules in brief, and the calc CLI's scorer.

Its panels need nothing special: discards, the shared riichi page, pon, tsumo and ron.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.variant_ui import VariantCalc, VariantUI

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["NISHOKU_UI"]


def _calculate(request: CalcRequest) -> dict[str, Any]:
    # Imported on use: the calculator imports the game, and the game imports this module.
    from bot.engine.variants.nishoku.calc import calculate_nishoku

    return calculate_nishoku(request)


NISHOKU_UI = VariantUI(
    summary=(
        "Two-colour mahjong for 4 players: the 100 tiles without characters (manzu), 50,000 points each, "
        "16 hands (East 1 to North 4) and the deal passes every hand. Pon only (no chi, no kan), no dead wall "
        "(every tile is drawn), red fives are the only dora, one yaku needed. Riichi is free and even a noten or "
        "furiten riichi is fine; a furiten hand can only win by tsumo. No penalties for a drawn hand, and the game "
        "ends early when someone drops below zero.",
        "マンズを抜いた100枚で遊ぶ4人麻雀。5万点持ち、東南西北の一荘戦（16局、連荘なし）。鳴きはポンのみ、王牌なし、"
        "ドラは赤牌のみ、一翻しばり。立直料なし・ノーテン／フリテンリーチ可、フリテンはツモアガリのみ。"
        "ノーテン罰なし、ハコワレ終了。",
    ),
    calc=VariantCalc(calculate=_calculate),
)
