"""How いなげ麻雀 is presented: its rules in brief, the 十三不塔 button, its settings' texts and its help.

Its vote to end and the table's time limit are core actions (:class:`~bot.engine.game.VoteEnd`,
:class:`~bot.engine.game.TimeUp`), labelled and handled by the shared panel.
"""

from __future__ import annotations

from bot.engine.variant_ui import HelpRule, SettingText, VariantHelp, VariantUI

__all__ = ["INAGE_HELP", "INAGE_UI"]

INAGE_SETTINGS_JA: dict[str, SettingText] = {
    "end": SettingText(
        "終了条件",
        "終了条件: 局数、点数、時間、または投票のみ（全員一致の投票でいつでも終了）",
        choices={"hands": "局数", "score": "点数", "time": "時間", "vote": "投票"},
        english="How the game ends: after hands, at a score, at a time, or by vote only",
    ),
    "hands": SettingText("局数", "終了条件が局数のときの局数", english="Hands in the game when end is hands"),
    "target": SettingText(
        "目標点",
        "終了条件が点数のとき、誰かがこの点数に届いた局で終了",
        english="Points that end the game when end is score",
    ),
    "minutes": SettingText(
        "制限時間",
        "終了条件が時間のとき、ホストの時計でこの分数がたったら終了",
        english="Minutes of play when end is time",
    ),
    "points_table": SettingText(
        "早見表",
        "早見表（翻:点 の段階、1翻8点〜16翻40点）",
        english="Points by han, as han:points steps (1 han 8 points … 16 han 40)",
    ),
    "kazoe_from": SettingText(
        "数え役満の翻",
        "この翻数以上は数え役満（２０飜以上は数え切り役満）",
        english="From this many han a hand is a counted yakuman",
    ),
    "kazoe_per_han": SettingText(
        "数え1翻の点",
        "数え役満の1翻あたりの点（どこまでも伸びる）",
        english="Points for each han of a counted yakuman, with no cap",
    ),
    "yonbaiman": SettingText(
        "四倍満",
        "四倍満の役（天和系、十三不塔、流し満貫、リーのみ）の点",
        english="Points for a 四倍満 yaku (天和 and the like, 十三不塔, 流し満貫, riichi alone)",
    ),
    "yakuman": SettingText("役満", "役満の点（20翻の値）", english="Points for a yakuman (the 20-han value)"),
    "noten_penalty": SettingText(
        "ノーテン罰符",
        "場に出すノーテン罰符（聴牌者とノーテン者で分ける）",
        english="No-ten penalty in all, paid by the no-ten players to the tenpai ones",
    ),
    "deal_set_aside": SettingText(
        "配牌抜き",
        "配牌の10枚から花牌、西、北を抜ける",
        english="Flowers, 西 and 北 may be set aside from the dealt 10 tiles",
    ),
    "juusan_futou": SettingText(
        "十三不塔", "配牌で十三不塔を宣言できる", english="十三不塔 may be declared on the deal"
    ),
    "discard_yaku": SettingText("捨牌役", "捨牌役あり", english="Patterns in your discards score as yaku"),
    "even_palindromes": SettingText(
        "偶数回文", "偶数の長さの回文も役になる", english="Palindromes of even length count too"
    ),
    "mane_min": SettingText(
        "真似満の最短", "真似満になる最短の枚数", english="The fewest copied discards that make 真似満"
    ),
    "riichi_chain_at_declaration": SettingText(
        "宣言牌から捨牌役",
        "リーチ後の捨牌役を宣言牌から数える（オフ: 次の捨て牌から）",
        english="After riichi, discard yaku count from the riichi tile (off: from the next discard)",
    ),
    "nagashi": SettingText("流し満貫", "流し満貫あり", english="流し満貫 counts"),
    "nagashi_ends_hand": SettingText(
        "流し満貫で終局",
        "流し満貫はすぐ精算して局を終える（オフ: 局の終わりに精算）",
        english="流し満貫 is paid at once and ends the hand (off: paid when the hand ends)",
    ),
    "ippatsu": SettingText("一発", "一発あり", english="Ippatsu (一発) counts"),
    "double_riichi": SettingText("ダブルリーチ", "ダブル立直あり", english="Double riichi counts"),
    "multiple_ron": SettingText(
        "ダブロン",
        "ダブロンあり（オフ: 頭ハネで上家優先）",
        english="Several players may ron one discard (off: the first in turn order wins)",
    ),
    "draw_keeps_starter": SettingText(
        "流局時起家続行",
        "流局のあとは同じ人から始める（オフ: 次の人から）",
        english="After a drawn hand the same player starts (off: the next one)",
    ),
    "dora_count_for_minimum": SettingText(
        "ドラで和了可", "ドラだけで和了できる", english="Dora alone make a winning hand"
    ),
}

INAGE_HELP = VariantHelp(
    flow=(
        (
            "The deal: 10 tiles each, from a pool (no wall). Your panel first offers **Set aside** for each "
            "flower, 西 and 北 you were dealt (横ドラ, each replaced by a new tile), then **Pass** keeps the rest.",
            "配牌: 各10枚（山はなく、牌はプールから）。まずパネルに配牌の花牌・西・北ごとの **抜く** が出ます"
            "（横ドラ、1枚ごとに補充）。残りはそのまま **パス**。",
        ),
        (
            "Your turn: a random tile from the pool, then discard, set another one aside, kan or win. "
            "Pon and kans, no chi; a hand with no pon and no kan may ron only in riichi.",
            "自分の番: プールからランダムに1枚ツモり、打牌・横ドラ・カン・和了を選びます。"
            "ポンとカンはあり、チーはなし。ポンもカンもない手はリーチしないとロンできません。",
        ),
        (
            "Your river counts: a pattern laid from your first discard on is a discard yaku (トマト, 東南西北…), "
            "scored when you win. 十三不塔 in the dealt hand is a tsumo button of its own.",
            "捨て牌も役になります: 1枚目から続けて作った形が捨牌役（トマト・東南西北など）で、和了時に加算。"
            "配牌の十三不塔は専用のツモボタンです。",
        ),
        (
            "**Vote to end** is on every panel at any moment; the game ends once every player has voted "
            "(CPUs agree). A timed table ends with the hand being played when its minutes run out. "
            "Whoever won starts the next hand.",
            "**終了に投票** はいつでもパネルにあり、全員が投票すると終了します（CPUは賛成）。"
            "時間制の卓は時間になるとその局で終了。和了した人が次の局の親です。",
        ),
    ),
    actions=("discard", "set_aside", "riichi", "tsumo", "juusan_futou", "ron", "pon", "kan", "pass", "vote_end"),
    buttons={
        "juusan_futou": (
            "十三不塔: a dealt hand with exactly one pair and no two tiles of a suit within two ranks "
            "wins at once, by tsumo.",
            "十三不塔: 配牌に対子が1つだけで塔子が1つもない手は、そのままツモ和了できます。",
        ),
        "set_aside": (
            "Puts a flower, 西 or 北 beside your hand as 横ドラ (1 han each) and draws a replacement; "
            "a set-aside 西 or 北 may be robbed by a ron (槍ドラ).",
            "花牌・西・北を横ドラ（1枚1翻）として手牌の横に出し、1枚補充します。抜いた西・北にはロンできます（槍ドラ）。",
        ),
    },
    rules=(
        HelpRule(
            name=("Discard yaku: トマト", "捨牌役: トマト"),
            text=(
                "A palindrome from the first discard on: 東 白 東 is トマト, 3 han (longer ones are worth their "
                "length).",
                "1枚目から回文に捨てると役: 東白東 でトマト3翻（長いほどその枚数の翻）。",
            ),
            tiles="1z5z1z9m",
            yaku="トマト",
            calc=("--hand", "123p456p789s99s", "--win", "9s", "--tsumo", "--river", "1z5z1z9m"),
        ),
        HelpRule(
            name=("Discard yaku: 東南西北", "捨牌役: 東南西北"),
            text=(
                "The four winds in order from the first discard: 6 han.",
                "1枚目から東南西北の順に捨てると6翻。",
            ),
            tiles="1z2z3z4z",
            yaku="東南西北",
            calc=("--hand", "123p456p789s99s", "--win", "9s", "--tsumo", "--river", "1z2z3z4z"),
        ),
        HelpRule(
            name=("横ドラ: flowers, 西 and 北 set aside", "横ドラ: 花牌・西・北"),
            text=(
                "Set aside beside the hand, each is a dora of 1 han; a flower is 花ドラ too.",
                "手牌の横に出した牌は1枚1翻のドラ。花牌は花ドラにもなります。",
            ),
            tiles="1f4z",
            yaku="横ドラ",
            calc=("--hand", "123p456p789s99s", "--win", "9s", "--tsumo", "--set-aside", "1f4z"),
        ),
        HelpRule(
            name=("10+1 tiles", "10枚＋1枚"),
            text=(
                "A hand is 10 tiles: three sets and a pair win on the 11th.",
                "手牌は10枚。3面子1雀頭で和了です。",
            ),
            tiles="123p456p789s99s",
            yaku="門前清自摸和",
            calc=("--hand", "123p456p789s99s", "--win", "9s", "--tsumo"),
        ),
    ),
)

INAGE_UI = VariantUI(
    settings_ja=INAGE_SETTINGS_JA,
    summary=(
        "2 or 3 players, 112 tiles with flowers, and no wall: every draw is a random tile from the pool. "
        "A hand is 10 tiles and wins with three sets and a pair on the 11th. Flowers, 西 and 北 may be set "
        "aside beside the hand for a replacement (横ドラ, 1 han each). Pon and kans, no chi; a hand with no "
        "pon and no kan may ron only in riichi. Points are by han alone; a tsumo adds them to the winner and "
        "nobody pays, a ron takes them from the discarder. Patterns in your discards score too (トマト, "
        "東南西北…). There is no dealer: whoever won starts the next hand. The game ends after a number of "
        "hands, at a score, when the time is up, or when everyone votes to end.",
        "2人か3人、花牌入りの112枚、山はなくツモはプールからランダム。手牌は10枚、11枚目で3面子1雀頭の和了。"
        "花牌・西・北は手牌の横に出して補充できます（横ドラ、1枚1翻）。ポンとカンはあり、チーはなし。"
        "ポンもカンもない手はリーチしないとロンできません。点数は翻だけで決まり、ツモは和了者に加点（誰も払わない）、"
        "ロンは放銃者から。捨て牌の形も役になります（トマト・東南西北など）。親はなく、和了した人が次の局を始めます。"
        "終了は局数、点数、時間、または全員の投票で。",
    ),
    new_options=("end", "hands", "target", "minutes", "hints"),
    texts={
        "button_juusan_futou": ("Tsumo: 十三不塔", "ツモ：十三不塔"),
    },
    help=INAGE_HELP,
)
