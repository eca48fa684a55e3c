"""How チンイツゲーム is presented: its rules in brief, the 北 button, its settings'
texts and its help.

Kans, furiten and the 完全先付け explanation are the shared panel's: the game's seat view says
in its private note when a kan is forced (CHN-A4) and why a waiting hand may not ron.
"""

from __future__ import annotations

from bot.engine.variant_ui import HelpRule, SettingText, VariantHelp, VariantUI

__all__ = ["CHINITSU_HELP", "CHINITSU_UI"]

CHINITSU_SETTINGS_JA: dict[str, SettingText] = {
    "first_suit": SettingText(
        "最初の色",
        "最初の局の色（筒子、索子、ランダム）、以後1局ごとに交互",
        choices={"p": "筒子", "s": "索子", "random": "ランダム"},
        english="The first hand's suit; it alternates every hand",
    ),
    "start_points": SettingText.start_points("35000点持ち"),
    "return_points": SettingText.return_points(
        "40000点返し、40000点での原点トップあり、返り東場",
        "The final score counts from this, and the game goes on until someone has it",
    ),
    "backs_public": SettingText(
        "牌背公開",
        "手牌と山の牌の背の色を公開する（実卓どおり）",
        english="Everyone sees the back colours of hands and wall",
    ),
    "pao": SettingText(
        "責任払い",
        "大明カン、大三元、大四喜の責任払いあり",
        english="Pao: whoever feeds an open kan, big three dragons or big four winds pays",
    ),
    "daisuushii_pao": SettingText(
        "大四喜責任払い",
        "北は鳴けないので、最後の風牌（東南西の3つ目）を鳴かせた人が大四喜の責任払い（オフ: なし）",
        english="Big four winds: whoever feeds the third open wind set pays (北 cannot be called)",
    ),
    "chips": SettingText(
        "チップ",
        "ご祝儀のチップあり（オフ: チップなし）",
        english="Chips for ippatsu, ura dora and yakuman (off: none)",
    ),
    "ippatsu_chips": SettingText.ippatsu_chips(),
    "ura_chips": SettingText.ura_chips(),
    "yakuman_chips": SettingText(
        "役満チップ", "本役満のチップ（ツモ、ロンとも相手2人から）", english="Chips per yakuman, from each opponent"
    ),
    "dobon_chips": SettingText(
        "ドボンチップ",
        "ドボンのチップ（飛ばした和了者に）",
        english="Chips a busted player pays the winner who busted them",
    ),
    "honba_each_payer": SettingText(
        "積み棒各自払い",
        "積み棒1本1,000点を支払う人それぞれから（オフ: 合計で）",
        english="Each payer pays 1,000 per honba (off: 1,000 per honba in all)",
    ),
    "noten_per_pair": SettingText(
        "ノーテン罰符個別",
        "ノーテン罰符はノーテン者から聴牌者それぞれに1,000点（オフ: 場に）",
        english="Each no-ten player pays each tenpai player 1,000 (off: 1,000 in all)",
    ),
    "fu_scoring": SettingText(
        "符計算", "符計算あり（オフ: 1〜3翻は符なしの固定表）", english="Count fu (off: 1 to 3 han pay fixed points)"
    ),
    "printed_tsumo_rows": SettingText(
        "点数表のツモ点",
        "跳満と三倍満の子のツモは点数表どおり（オフ: 計算式）",
        english="Haneman and sanbaiman tsumo as the points table prints them (off: by formula)",
    ),
    "kokushi": SettingText(
        "国士無双",
        "国士無双は么九牌11種で（14枚、全種）",
        english="Thirteen orphans (国士無双) with the 11 terminal and honour kinds",
    ),
    "repeated_pairs": SettingText(
        "七対子4枚使い",
        "七対子は8枚使いまであり（オフ: 4枚使いは2種まで）",
        english="Seven pairs may repeat a kind up to 4 times (off: twice at most)",
    ),
    "riichi_only_strict": SettingText(
        "リーのみ厳格",
        "リーチのみ（本役満）はドラ、一発なし（オフ: ドラ可）",
        english="Riichi alone (a yakuman) takes no dora and no ippatsu (off: dora count)",
    ),
    "dama_ron": SettingText(
        "ダマロン",
        "全部の待ちに役があればリーチなしでロンできる（面前王手飛車）",
        english="A closed hand may ron without riichi when every wait has a yaku",
    ),
    "north_rinshan": SettingText(
        "北抜き嶺上",
        "抜いた北の補充牌でツモると嶺上開花（関西三麻のハウスルール）",
        english="A tsumo on the tile that replaces a pulled 北 is 嶺上開花",
    ),
}

CHINITSU_HELP = VariantHelp(
    flow=(
        (
            "Each hand plays one suit ×8 (pinzu, then souzu, in turn) with 1m, 9m and the honours; every 5 "
            "is a red dora. Tile backs are blue or yellow, and the table shows them.",
            "各局は筒子か索子（交互）の一色×8枚と1m・9m・字牌。5は全て赤ドラ。牌の背は青と黄で、卓に表示されます。",
        ),
        (
            "Your turn: draw, then discard, or **Set aside** a 北 (抜きドラ: it never goes to the river, "
            "a replacement is drawn). **Riichi…** picks a riichi discard.",
            "自分の番: ツモって打牌。北は **抜く** で抜きドラに（河には切れず、1枚補充）。"
            "**リーチ…** で宣言牌を選びます。",
        ),
        (
            "Kans grow: a first kan is 4 tiles, copies 5 to 8 join it (**Kan: add**). Holding another copy "
            "of your ankan you must add it: the panel then offers that kan alone.",
            "カンは育ちます: 1回目は4枚、5枚目から8枚目までは **加カン**。暗カンした牌をもう1枚持てば強制カンで、"
            "パネルにはそのカンだけが出ます。",
        ),
        (
            "Claims on a discard: **Pon** and **Ron** (no chi). No atozuke and strict furiten: the panel "
            "says when your wait may not win.",
            "捨て牌には **ポン** と **ロン**（チーなし）。後付けなし、フリテンはツモも不可。"
            "和了できない待ちはパネルに表示されます。",
        ),
    ),
    actions=("discard", "set_aside", "riichi", "tsumo", "ron", "pon", "kan", "pass"),
    buttons={
        "set_aside": (
            "Pulls a 北 as 抜きドラ (1 han each) and draws a replacement; 北 can never be discarded.",
            "北を抜きドラ（1枚1翻）として抜き、1枚補充します。北は河に切れません。",
        ),
        "kan": (
            "Kan with these tiles: 4 for a new kan; one more copy added to a kan on the table "
            "(Kan: add), up to 8 tiles.",
            "この牌でカン: 新しいカンは4枚、卓上のカンには1枚ずつ加えて（加カン）8枚まで。",
        ),
    },
    rules=(
        HelpRule(
            name=("One suit ×8", "一色×8枚"),
            text=(
                "Eight copies of every tile of the hand's suit, four with blue backs and four with yellow.",
                "その局の色の牌は各8枚: 青い背の4枚と黄色い背の4枚です。",
            ),
            tiles="B1111pY1111p",
        ),
        HelpRule(
            name=("Kans grow to 8", "カンは8枚まで"),
            text=(
                "Copies 5 to 8 join a kan: here a 5-tile kan of 5p beside the hand (every 5 is red).",
                "5枚目からはカンに加えます。この例は5pの5枚カン（5は全て赤ドラ）。",
            ),
            tiles="11122233344pB0000pY0p",
            yaku="三暗刻",
            calc=("--hand", "11122233344p", "--win", "4p", "--tsumo", "--melds", "kan:B0000pY0p", "--nuki", "1"),
        ),
        HelpRule(
            name=("七対子 may repeat a kind", "七対子は同じ牌の重複可"),
            text=(
                "Four of a kind counts as two pairs here.",
                "同じ牌4枚を2組の対子として数えます。",
            ),
            tiles="11113300779999p",
            yaku="七対子",
            calc=("--hand", "11113300779999p", "--win", "3p", "--ron", "--riichi"),
        ),
        HelpRule(
            name=("北 is pulled", "北は抜きドラ"),
            text=(
                "北 never goes to the river: set aside, each is a dora.",
                "北は河に切れません。抜くと1枚ごとにドラです。",
            ),
            tiles="4z4z",
        ),
    ),
)

CHINITSU_UI = VariantUI(
    settings_ja=CHINITSU_SETTINGS_JA,
    new_options=("first_suit", "start_points", "chips", "hints"),
    texts={
        # /mahjong stats: a game's final score (Ending._final_scores), and what it is
        "stats_score_chinitsu": ("{score:+,.1f} pt", "{score:+,.1f}pt"),
        "stats_about_chinitsu": (
            "A game's score, in pt, is your points at the end minus the return points, in thousands; the top adds "
            "the oka (no uma).",
            "対局のスコア（pt）は終了時の持ち点から返し点を引いて千点単位にしたもので、トップはオカを加えます（ウマなし）。",
        ),
    },
    summary=(
        "3 players, 35,000 to 40,000. Each hand plays one number suit ×8 (pinzu, then souzu, in "
        "turn) with 1m, 9m and the honours; every 5 is a red dora. Tile backs are blue or yellow "
        "and public. North is pulled (抜きドラ) and never discarded. A first kan is 4 tiles, "
        "copies 5–8 join it, and holding another copy of an ankan you must add it. No kuitan, no "
        "atozuke (完全先付け), strict furiten even on tsumo, 七対子 may repeat kinds. Full value "
        "on tsumo and ron, n倍満 past 14 han, リーチのみ and 背一色 are yakuman; chips for 一発, 裏 "
        "and yakuman. 東南戦 with 返り東場 until someone reaches 40,000; ドボン at 0.",
        "3人打ち、35,000点持ち40,000点返し。各局は筒子か索子の一色×8枚（交互）と1m・9m・字牌、5は全て赤ドラ。"
        "牌の背は青と黄で公開。北は抜きドラ、河には切れません。1回目のカンは4枚、5枚目からは加えてカン、"
        "暗カンした牌を持てば強制カン。喰いタン・後付け無し（完全先付け）、フリテンはツモも不可、七対子は同じ牌の重複可。"
        "ツモ・ロンとも満額、14翻からn倍満、リーチのみ・背一色は役満。一発・裏・役満にご祝儀。"
        "東南戦、全員40,000点未満なら返り東場、0点でドボン。",
    ),
    help=CHINITSU_HELP,
)
