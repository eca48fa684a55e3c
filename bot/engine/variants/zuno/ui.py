"""How ずーの is presented: its call and ron buttons, the イナズマ page, the multi-ron panel, what
the table says in its simultaneous phases.

Its draft (:class:`~bot.engine.game.Pick`) and its switchable lock-ins (``Game.locked_in``) are
core, shown by the shared panel; its rules in brief are the game module's docstring.
"""

from __future__ import annotations

from bot.engine.variant_ui import MultiClaim, TilePage, VariantUI
from bot.engine.variants.zuno.state import InazumaRiichi, RonOn, ZunoPhase

__all__ = ["ZUNO_UI"]


ZUNO_UI = VariantUI(
    texts={
        # the table, while everyone decides at once
        "waiting_declare": (
            "▶ Everyone chooses a discard; all four are revealed together once the last one locks in {deadline}",
            "▶ 全員が打牌を選択中。最後の一人が決めると4枚が一斉に公開されます {deadline}",
        ),
        "waiting_zuno_ron": (
            "▶ Ron calls on the revealed discards {deadline}",
            "▶ 公開された捨て牌へのロン判断待ち {deadline}",
        ),
        "waiting_zuno_call": (
            "▶ Calls on the revealed discards (kan, pon, then chi) {deadline}",
            "▶ 公開された捨て牌への鳴き判断待ち（カン→ポン→チー）{deadline}",
        ),
        # action buttons: ``tiles`` are the action's tiles, ``name`` and ``tile`` the discard it claims
        "button_zuno_ron": ("Ron on {name} ({tile})", "ロン {name}（{tile}）"),
        "button_zuno_pon": ("Pon {tiles} ← {name}", "ポン {tiles} ← {name}"),
        "button_zuno_chi": ("Chi {tiles}", "チー {tiles}"),
        "button_zuno_kan": ("Kan {tiles} ← {name}", "カン {tiles} ← {name}"),
        "button_zuno_inazuma": ("⚡ Inazuma riichi {tiles}", "⚡ イナズマリーチ {tiles}"),
        "button_zuno_pocchi": ("Tsumo (pocchi as {kind})", "ツモ（ポッチを{kind}として）"),
        # the イナズマリーチ page
        "button_inazuma": ("⚡ Inazuma…", "⚡ イナズマ…"),
        "panel_inazuma": (
            "⚡ Inazuma riichi (10,000-point stick): choose the tile to discard sideways {deadline}",
            "⚡ イナズマリーチ（1万点棒）: 横に曲げる牌を選んでください {deadline}",
        ),
        # the ron phase: every revealed discard the seat can win on, one click each
        "panel_zuno_ron": (
            "▶ You may ron any of the revealed discards — several if you can, one button each — "
            "before the shared deadline {deadline}",
            "▶ 公開された捨て牌のどれでもロンできます（複数可・1枚ずつ選択）。締め切りは全員共通です {deadline}",
        ),
        "panel_zuno_ron_claimed": (
            "Ron declared on: {names}. Take any other you want, then press Done.",
            "ロン宣言済み: {names}。他にもロンする牌を選び、最後に「終了」を押してください。",
        ),
    },
    waiting={
        ZunoPhase.DECLARE: "waiting_declare",
        ZunoPhase.RON: "waiting_zuno_ron",
        ZunoPhase.CALL_RON: "waiting_zuno_ron",
        ZunoPhase.CALL: "waiting_zuno_call",
    },
    pages=(TilePage(name="inazuma", kind=InazumaRiichi.kind, prompt="panel_inazuma", button="button_inazuma"),),
    multi_claim=MultiClaim(
        kind=RonOn.kind,
        phases=frozenset({ZunoPhase.RON}),
        prompt="panel_zuno_ron",
        claimed="panel_zuno_ron_claimed",
    ),
)
