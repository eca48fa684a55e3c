"""How 二色麻雀 is presented: its rules in brief, its settings in Japanese, and the calc
CLI's scorer.

Its panels need nothing special: discards, the shared riichi page, pon, tsumo and ron.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.melds import MeldType
from bot.engine.variant_ui import CalcConflict, SettingText, VariantCalc, VariantUI

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["NISHOKU_CONFLICTS", "NISHOKU_UI"]


def _calculate(request: CalcRequest) -> dict[str, Any]:
    # Imported on use: the calculator imports the game, and the game imports this module.
    from bot.engine.variants.nishoku.calc import calculate_nishoku

    return calculate_nishoku(request)


_PON_ONLY = "「鳴きはポンのみ可（カン，チーは不可）」"

NISHOKU_CONFLICTS = (
    CalcConflict(
        "no-chi",
        f"二色麻雀 has no chi ({_PON_ONLY}): --melds takes pon only",
        lambda r: r.has_meld(MeldType.CHI),
    ),
    CalcConflict(
        "no-kan",
        f"二色麻雀 has no kan ({_PON_ONLY}): a fourth tile is just kept, so --melds takes pon only",
        lambda r: r.has_kan,
    ),
    CalcConflict(
        "no-chankan",
        f"二色麻雀 has no kan ({_PON_ONLY}), so no 搶槓 (--chankan) either",
        lambda r: r.chankan,
    ),
    CalcConflict(
        "no-indicators",
        "二色麻雀 has no dora indicators (「（王牌が無いので）ドラは赤牌のみ」): its only dora are the red fives, "
        "so no --dora or --ura",
        lambda r: bool(r.dora or r.ura),
    ),
)
"""What 二色麻雀's game never produces, besides the shared conflicts (``docs/rules/nishoku.md`` 06, 08)."""

NISHOKU_SETTINGS_JA: dict[str, SettingText] = {
    "red_5p": SettingText("赤5筒", "赤5筒の枚数（ドラは赤牌のみ）"),
    "red_5s": SettingText("赤5索", "赤5索の枚数"),
    "start_points": SettingText("持ち点", "持ち点（５万点持ち）"),
    "hands": SettingText("局数", "局数（東南西北の一荘戦、連荘なしで各風に親1回ずつ）"),
    "shin_pinfu_any_wait": SettingText("新ピンフ待ち不問", "新ピンフはどの待ちでも可（オフ: 両面待ちのみ）"),
    "add_double_yakuman": SettingText("役満複合", "役満は複合する（オフ: 大役満まで）"),
    "bust_below": SettingText("ハコワレ点", "この点数を下回ったらハコワレ終了（ちょうど0点は続行）"),
    "hints": SettingText("ヒント", "手牌パネルに待ちと受け入れを表示する"),
}
"""Each setting's ``/mahjong new`` option in Japanese (:class:`SettingText`)."""


NISHOKU_UI = VariantUI(
    settings_ja=NISHOKU_SETTINGS_JA,
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
    calc=VariantCalc(calculate=_calculate, conflicts=NISHOKU_CONFLICTS),
)
