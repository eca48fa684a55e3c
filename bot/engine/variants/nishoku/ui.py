"""How 二色麻雀 is presented: its rules in brief, its settings' texts and its help.

Its panels need nothing special: discards, the shared riichi page, pon, tsumo and ron.
"""

from __future__ import annotations

from bot.engine.variant_ui import HelpRule, SettingText, VariantHelp, VariantUI

__all__ = ["NISHOKU_HELP", "NISHOKU_UI"]

NISHOKU_SETTINGS_JA: dict[str, SettingText] = {
    "red_5p": SettingText(
        "赤5筒", "赤5筒の枚数（ドラは赤牌のみ）", english="Red 5p in the set (red fives are the only dora)"
    ),
    "red_5s": SettingText("赤5索", "赤5索の枚数", english="Red 5s in the set (red fives are the only dora)"),
    "start_points": SettingText.start_points("５万点持ち"),
    "hands": SettingText(
        "局数",
        "局数（東南西北の一荘戦、連荘なしで各風に親1回ずつ）",
        english="Hands in the game, the deal passing every hand",
    ),
    "shin_pinfu_any_wait": SettingText(
        "新ピンフ待ち不問",
        "新ピンフはどの待ちでも可（オフ: 両面待ちのみ）",
        english="新ピンフ wins on any wait (off: two-sided waits only)",
    ),
    "add_double_yakuman": SettingText(
        "役満複合",
        "役満は複合する（オフ: 大役満まで）",
        english="Several yakuman add up (off: capped at 大役満)",
    ),
    "bust_below": SettingText(
        "ハコワレ点",
        "この点数を下回ったらハコワレ終了（ちょうど0点は続行）",
        english="The game ends when a score drops below this (exactly this plays on)",
    ),
}

NISHOKU_HELP = VariantHelp(
    flow=(
        (
            "Your turn: the bot draws for you, and your panel shows one button per tile (the drawn tile "
            "green, last); press one to discard it. **Riichi…** turns them into riichi discards: riichi "
            "is free, even noten or furiten.",
            "自分の番: ツモは自動です。パネルに手牌の牌ごとのボタン（ツモ牌は緑で最後）が出るので、押した牌を切ります。"
            "**リーチ…** でリーチ宣言牌の選択に切り替わります（立直料なし・ノーテン／フリテンリーチ可）。",
        ),
        (
            "Someone discards a tile you could pon or win on: your panel offers **Pon** or **Ron** and "
            "**Pass** (nobody else learns that you could). Pon only: no chi, no kan, a fourth tile is just kept.",
            "他家の捨て牌でポンかロンができるとき、パネルに **ポン**・**ロン** と **パス** が出ます"
            "（できることは他の人には分かりません）。鳴きはポンのみ、チー・カンはありません。",
        ),
        (
            "Win with **Tsumo** on your draw or **Ron** on a discard; one yaku needed, a furiten hand wins "
            "by tsumo only. No dead wall: every tile is drawn. 16 hands, the deal passes every hand.",
            "自分のツモで **ツモ**、捨て牌で **ロン**。一翻しばり、フリテンはツモアガリのみ。"
            "王牌がないので山は全部ツモります。"
            "16局、親は毎局交代します。",
        ),
    ),
    actions=("discard", "riichi", "tsumo", "ron", "pon", "pass"),
    rules=(
        HelpRule(
            name=("100 tiles, no manzu", "マンズなしの100枚"),
            text=(
                "Pinzu, souzu and the honours, four of each: the nine manzu kinds are left out.",
                "筒子・索子・字牌を各4枚。萬子9種は使いません。",
            ),
            tiles="123456789p123456789s1234567z",
            whole_set=True,
        ),
        HelpRule(
            name=("Red fives are the only dora", "ドラは赤牌のみ"),
            text=(
                "No dead wall, so no indicators: each red five is 1 han (red_5p and red_5s set how many).",
                "王牌がないのでドラ表示牌もありません。赤5は1枚1翻（red_5p・red_5s で枚数を設定）。",
            ),
            tiles="0p0s",
        ),
        HelpRule(
            name=("新ピンフ on any wait", "新ピンフ（待ちは自由）"),
            text=(
                "Four runs and a pair of number tiles, no honour at all, closed: 1 han on any wait, here a "
                "closed wait on 4s.",
                "順子4つと数牌の雀頭、字牌なしの門前手は待ちに関係なく1翻。この例はカンチャン4s待ち。",
            ),
            tiles="234567p345678s99s",
            yaku="新ピンフ",
            calc=("--hand", "234567p345678s99s", "--win", "4s", "--ron"),
        ),
    ),
)

NISHOKU_UI = VariantUI(
    settings_ja=NISHOKU_SETTINGS_JA,
    new_options=("hands", "start_points", "red_5p", "red_5s", "hints"),
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
    help=NISHOKU_HELP,
)
