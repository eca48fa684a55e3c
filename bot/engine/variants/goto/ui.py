"""How 5等三麻 is presented (placeholder until the calculator branch lands)."""

from __future__ import annotations

from bot.engine.variant_ui import TilePage, VariantUI

__all__ = ["GOTO_UI"]

GOTO_UI = VariantUI(
    texts={
        "button_goto_open_riichi": ("Open riichi {tiles}", "オープン立直 {tiles}"),
        "button_goto_shubarii": ("シュバリー {tiles}", "シュバリー {tiles}"),
        "button_goto_roll": ("🎲 Roll the dice", "🎲 サイコロを振る"),
        "button_goto_snake_two": ("2 chips + 2 rolls", "2枚+ストック2回"),
        "button_goto_snake_twenty": ("20 chips + 1 roll", "20枚+ストック1回"),
        "button_goto_stop": ("Stop here (あがりやめ)", "あがりやめ"),
        "button_goto_continue": ("Play on (続行)", "続行"),
        "button_openriichi": ("Open riichi…", "オープン立直…"),
        "button_shubarii": ("シュバリー…", "シュバリー…"),
        "panel_goto_open_riichi": ("Open riichi: the tile to discard {deadline}", "オープン立直: 曲げる牌 {deadline}"),
        "panel_goto_shubarii": ("シュバリー: choose the tile to discard {deadline}", "シュバリー: 曲げる牌 {deadline}"),
        "waiting_goto_dice": ("▶ The winner rolls the dice 🎲 {deadline}", "▶ サイコロ待ち 🎲 {deadline}"),
        "waiting_goto_stop": ("▶ The dealer decides whether to stop {deadline}", "▶ 親のあがりやめ判断待ち {deadline}"),
    },
    waiting={"dice": "waiting_goto_dice", "stop": "waiting_goto_stop"},
    pages=(
        TilePage("openriichi", "goto_open_riichi", "panel_goto_open_riichi", "button_openriichi"),
        TilePage(name="shubarii", kind="goto_shubarii", prompt="panel_goto_shubarii", button="button_shubarii"),
    ),
)
