"""How 5等三麻 is presented: its rules in brief, its action buttons (open riichi, シュバリー, the
winner's dice and the オーラス stop), the open-riichi and シュバリー tile pages, what the table says
while the winner rolls or the dealer decides, and the calc's options.

The buttons' kinds are the actions' in :mod:`bot.engine.variants.goto.actions`
(``button_<kind>``); pulled 北 and flowers are the shared set-aside button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.variant_ui import CalcFlag, TilePage, VariantCalc, VariantUI
from bot.engine.variants.goto.actions import OpenRiichi, ShubariiRiichi

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["GOTO_CALC", "GOTO_UI"]


def _calculate(request: CalcRequest) -> dict[str, Any]:
    # Imported on use: the calculator imports the registry, which imports the game and this module.
    from bot.engine.variants.goto.calc import calculate_goto

    return calculate_goto(request)


GOTO_CALC = VariantCalc(
    calculate=_calculate,
    flags=(
        CalcFlag("nuki", "北 pulled as 抜きドラ (0-4)", int, default=0),
        CalcFlag("flowers", "the flowers the winner pulled, e.g. 1f2f (1f 春 2f 夏 3f 秋 4f 冬)", str),
        CalcFlag("open-riichi", "オープン立直: a riichi worth 2 han (implies --riichi)", riichi=True),
        CalcFlag("pocchi", "the winning tsumo is the 白ポッチ standing for this tile (--win)", str),
        CalcFlag("honba", "honba, 2,000 points each (1,000 from each payer on a tsumo)", int, default=0),
    ),
)
"""The variant's calc options and calculator."""

GOTO_UI = VariantUI(
    summary=(
        "3 players, 35,000 to 40,000, 124 tiles: the sanma 108 (1m and 9m only) with 5p and 5s as "
        "plain, plain, red and gold, one dotted 白ポッチ, and 16 flowers. Flowers and North are pulled "
        "at once: 春 pays chips for every flower you pulled, 夏 raises your win one rank, 秋 doubles "
        "your red and gold fives, 冬 flips Alice; a flower shown as an indicator gives its season to "
        "the winner. North counts as dora (four: 8) and may stay in a hand only for 国士無双, 小四喜 and "
        "大四喜. After riichi the 白ポッチ is a wild tsumo (即ポッチ in the ippatsu turn); open riichi "
        "(2 han, 2,000 deposit) shows its waits. Points are the 4-player value rounded up to 1,000, "
        "+1,000 from each tsumo payer; chips for red, gold, North, 一発, 裏, 白ポッチ, 三倍満 and up, "
        "and dice for yakuman and more. East only, with South when the top is below 40,000; the "
        "final ranks pay chips (15-0-15 or 20-5-15).",
        "3人打ち、35,000点持ち40,000点返し、124枚: 三麻の108枚（萬子は1m・9m）に、5p・5sは黒黒赤金、"
        "白ポッチ1枚、華牌16枚。華牌と北はすぐ抜きます。春は抜いた華牌の枚数の祝儀、夏は和了のランクアップ、"
        "秋は赤・金の5が2翻、冬はアリス。ドラ表示牌の華牌は和了者に効果。北は抜きドラ（4枚でドラ8）、"
        "手牌に使えるのは国士無双・小四喜・大四喜のみ。立直後の白ポッチはツモで万能牌（一発なら即ポッチ）、"
        "オープン立直（2翻・2,000点供託）は待ちを公開。点数は四麻の点数を1,000点単位に切り上げ、"
        "ツモは各自1,000点加符。赤・金・北・一発・裏・白ポッチ・三倍満以上に祝儀、役満などで🎲。"
        "条件付き東風戦（トップが40,000点未満なら南入）、最後は順位で祝儀（15-0-15か20-5-15）。",
    ),
    texts={
        # action buttons (the actions of bot.engine.variants.goto.actions); ``tiles`` are the action's
        "button_goto_open_riichi": ("Open riichi {tiles}", "オープン立直 {tiles}"),
        "button_goto_shubarii": ("シュバリー {tiles}", "シュバリー {tiles}"),
        "button_goto_roll": ("🎲 Roll the dice", "🎲 サイコロを振る"),
        "button_goto_snake_two": ("2 chips + 2 rolls", "2枚＋ストック2回"),
        "button_goto_snake_twenty": ("20 chips + 1 roll", "20枚＋ストック1回"),
        "button_goto_stop": ("Stop here (あがりやめ)", "あがりやめ"),
        "button_goto_continue": ("Play on (続行)", "続行"),
        # the open-riichi and シュバリー pages
        "button_openriichi": ("Open riichi…", "オープン立直…"),
        "panel_goto_open_riichi": (
            "Open riichi (2,000-point deposit, your waits are shown): choose the tile to discard sideways {deadline}",
            "オープン立直（2,000点供託・待ちを公開）: 横に曲げる牌を選んでください {deadline}",
        ),
        "button_shubarii": ("シュバリー…", "シュバリー…"),
        "panel_goto_shubarii": (
            "シュバリー (once a game: the chips you receive this hand count double, Spring aside): "
            "choose the tile to discard sideways {deadline}",
            "シュバリー（1半荘に1回・この局に貰う祝儀は春以外すべて倍）: 横に曲げる牌を選んでください {deadline}",
        ),
        # the table, while the winner rolls or the dealer decides
        "waiting_goto_dice": (
            "▶ The winner rolls the dice 🎲 {deadline}",
            "▶ 和了者がサイコロを振ります 🎲 {deadline}",
        ),
        "waiting_goto_stop": (
            "▶ The dealer decides whether to stop (オーラス) {deadline}",
            "▶ 親があがりやめするか判断中（オーラス） {deadline}",
        ),
    },
    waiting={"dice": "waiting_goto_dice", "stop": "waiting_goto_stop"},
    pages=(
        TilePage(name="openriichi", kind=OpenRiichi.kind, prompt="panel_goto_open_riichi", button="button_openriichi"),
        TilePage(name="shubarii", kind=ShubariiRiichi.kind, prompt="panel_goto_shubarii", button="button_shubarii"),
    ),
    calc=GOTO_CALC,
)
