"""How 5等三麻 is presented: its rules in brief, its action buttons (open riichi, シュバリー, the
winner's dice and the オーラス stop), the open-riichi and シュバリー tile pages, what the table says
while the winner rolls or the dealer decides, its settings' texts and its help.

The buttons' kinds are the actions' in :mod:`bot.engine.variants.goto.actions`
(``button_<kind>``); pulled 北 and flowers are the shared set-aside button.
"""

from __future__ import annotations

from bot.engine.variant_ui import HelpRule, SettingText, TilePage, VariantHelp, VariantUI
from bot.engine.variants.goto.actions import (
    ContinueGame,
    OpenRiichi,
    RollDice,
    ShubariiRiichi,
    SnakeEyesTwenty,
    SnakeEyesTwo,
    StopGame,
)

__all__ = ["GOTO_HELP", "GOTO_UI"]

GOTO_SETTINGS_JA: dict[str, SettingText] = {
    "start_points": SettingText.start_points("35,000点持ち"),
    "return_points": SettingText.return_points(
        "40,000点返し、東場後トップが未満なら南入、誰か届いたら終了",
        "The final score counts from this; South is played if the top is below it after East",
    ),
    "sudden_death": SettingText(
        "サドンデス",
        "南場で誰も返し点に届かなければ西入以降も続行（オフ: 南場で終了）",
        english="If nobody reaches the return points in South, play on into West (off: end after South)",
    ),
    "chips": SettingText(
        "チップ",
        "チップあり（完全順位戦、祝儀1枚100p〜）（オフ: チップなし）",
        english="Chips beside points (off: no chips at all)",
    ),
    "dice": SettingText(
        "サイコロ",
        "サイコロ役あり（出目の合計を相手それぞれから、ゾロ目は続行）",
        english="Dice rolls on the listed wins, the pips from each opponent",
    ),
    "open_riichi": SettingText(
        "オープンリーチ",
        "オープン立直あり（待ちだけ公開、3軒目は不可）",
        english="Open riichi: your waits are shown (not as the third riichi)",
    ),
    "shubarii": SettingText(
        "シュバリー",
        "シュバリー（祝儀倍立直）を1半荘に1回打てる（春の祝儀以外すべて倍）",
        english="Shubarii: once a game, a riichi that doubles its chips",
    ),
    "riichi_minogashi": SettingText(
        "リーチ後見逃し",
        "立直後の見逃しあり（あとでロンできる、自分の捨て牌のフリテンは有効）",
        english="After riichi you may let a ron go and ron later",
    ),
    "furiten_riichi": SettingText("フリテンリーチ", "フリテン立直あり", english="Riichi while furiten is allowed"),
    "riichi_only_strict": SettingText(
        "リーのみ厳格",
        "立直のみ出和了（役満）はドラ（赤、金、北、表、裏）と一発なし",
        english="A ron on riichi alone (a yakuman) takes no dora and no ippatsu",
    ),
    "open_riichi_han": SettingText(
        "オープンリーチ翻数",
        "オープン立直の翻数（オープンのダブル立直は1翻増し）",
        english="Han of an open riichi (an open double riichi one more)",
    ),
    "open_riichi_deposit": SettingText(
        "オープンリーチ供託", "オープン立直の供託点", english="Points an open riichi puts down"
    ),
    "spring_without_win": SettingText(
        "春は和了不問",
        "春（華牌の枚数×1枚オール）は和了しなくても局の終わりに精算",
        english="春 pays at the end of the hand even without a win",
    ),
    "summer_stacks": SettingText(
        "夏の重複",
        "夏が複数なら1枚ごとに1段階上がる（五倍満まで、オフ: 1枚だけ）",
        english="Each 夏 raises the win one rank, up to 五倍満 (off: only one counts)",
    ),
    "half_tulip": SettingText(
        "半チューリップ",
        "即ツモか白ポッチツモのとき冬のアリスは半チューリップ",
        english="冬's Alice is a half tulip on an ippatsu or 白ポッチ tsumo",
    ),
    "soku_pocchi_stock": SettingText(
        "即ポストック",
        "即ポは半チューリップでストック（外れたあとの追加めくり回数）",
        english="Extra half-tulip flips after a miss on 即ポッチ",
    ),
    "flower_indicators": SettingText(
        "華牌のドラ表示",
        "ドラ表示牌の華牌は季節の効果あり（ドラにも4華にもならない）",
        english="A flower shown as an indicator gives its season to the winner",
    ),
    "four_flowers_any_season": SettingText(
        "4華は季節不問",
        "4華は1人が抜いた華牌4枚、季節不問（オフ: 四季1枚ずつ）",
        english="Four flowers of any seasons count as 4華 (off: one of each season)",
    ),
    "monzen_all_star": SettingText(
        "門前オールスター",
        "門前オールスター（赤と金の5をすべて持つ門前和了）でサイコロ",
        english="A closed win holding every red and gold five earns a roll",
    ),
    "pocchi_tiles": SettingText(
        "白ポッチ枚数", "4枚の白のうち白ポッチの枚数", english="How many of the four 白 are 白ポッチ"
    ),
    "nuki_ron": SettingText("抜きロン", "抜いた北や華牌でロンできる", english="A pulled 北 or flower may be ronned"),
    "four_north_dora": SettingText(
        "4北のドラ数", "4北を抜くとドラこの枚数扱い（祝儀は4枚）", english="Dora for four 北 pulled by one player"
    ),
    "indicator_slots": SettingText(
        "ドラ表示枠",
        "王牌のドラ表示牌の枠（最初から2枚、槓は1局に枠−2回まで）",
        english="Dora indicator slots: 2 shown from the start, one more per kan",
    ),
    "honba_points": SettingText(
        "本場の点",
        "1本場の点（ロンに加算、ツモは各自から半分）",
        english="Points per honba: added to a ron, half from each payer of a tsumo",
    ),
    "noten_points": SettingText(
        "ノーテン罰符点",
        "場に出すノーテン罰符（聴牌者で分ける）",
        english="No-ten penalty in all, paid by the no-ten players to the tenpai ones",
    ),
    "rank_top_chips_second_returns": SettingText(
        "2着浮きのトップチップ",
        "2着40,000点以上のとき、トップがラスから受け取るチップ",
        english="Chips the top takes from last when 2nd has 40,000 or more",
    ),
    "rank_top_chips": SettingText(
        "トップチップ",
        "2着40,000点未満のとき、トップが受け取るチップの合計",
        english="Chips the top takes in all when 2nd is below 40,000",
    ),
    "rank_second_chips": SettingText(
        "2着の支払いチップ",
        "2着40,000点未満のとき、2着がトップに払うチップ",
        english="Chips the 2nd pays the top when below 40,000",
    ),
    "red_chips": SettingText("赤チップ", "赤5のチップ（鳴いても）", english="Chips for each red five, open hands too"),
    "gold_chips": SettingText(
        "金チップ", "金5のチップ（鳴いても）", english="Chips for each gold five, open hands too"
    ),
    "north_chips": SettingText(
        "北チップ", "抜いた北のチップ（4北でも4枚）", english="Chips for each pulled 北 (four 北 still 4)"
    ),
    "ippatsu_chips": SettingText.ippatsu_chips(),
    "ura_chips": SettingText.ura_chips(),
    "pocchi_tsumo_chips": SettingText(
        "白ポッチツモチップ", "白ポッチツモのチップ", english="Chips for a 白ポッチ tsumo"
    ),
    "soku_pocchi_chips": SettingText(
        "即ポッチチップ", "即ポッチのチップ（一発と複合）", english="Chips for 即ポッチ (ippatsu's chip comes too)"
    ),
    "sanbaiman_chips": SettingText(
        "三倍満チップ", "三倍満のチップ（ロン、ツモとも全員から）", english="Chips from everyone for a sanbaiman"
    ),
    "yakuman_chips": SettingText(
        "役満チップ",
        "数え役満、本役満のチップ（全員から、数え役満は14翻超の1翻ごとに1枚増し）",
        english="Chips from everyone for a yakuman (a counted one: +1 per han past 14)",
    ),
    "gobaiman_chips": SettingText(
        "五倍満チップ",
        "五倍満（数え役満か本役満＋夏）のチップ（全員から）",
        english="Chips from everyone for a 五倍満 (yakuman plus 夏)",
    ),
    "tobi_chips": SettingText(
        "トビチップ",
        "トビのチップ（0点未満1万点ごとに1枚増し、飛ばした人に）",
        english="Chips a busted player pays, +1 per 10,000 below 0",
    ),
    "big_top_points": SettingText(
        "大トップの点",
        "大トップの点数（この点数以上のトップに祝儀）",
        english="A top with this many points or more earns the big-top chips",
    ),
    "big_top_chips": SettingText(
        "大トップチップ",
        "大トップのチップ（全員から、1万点超えるごとに1枚増し）",
        english="Chips from everyone for a big top, +1 per 10,000 above",
    ),
    "jackpot_chips": SettingText(
        "4北4華チップ", "4北4華のチップ（全員から）", english="Chips from everyone for four 北 and four flowers"
    ),
}

GOTO_HELP = VariantHelp(
    flow=(
        (
            "3 players, 124 tiles. Flowers and 北 are pulled with **Set aside** as soon as you hold them "
            "(a replacement is drawn): 春 pays chips, 夏 raises your win, 秋 doubles your red and gold "
            "fives, 冬 flips Alice.",
            "3人、124枚。華牌と北は持ったらすぐ **抜く**（1枚補充）: 春は祝儀、夏は和了のランクアップ、"
            "秋は赤・金の5が2翻、冬はアリス。",
        ),
        (
            "Your turn: draw, then discard, **Riichi…**, **Open riichi…** (2 han, your waits shown) or, "
            "once a game, **シュバリー…**. After riichi the 白ポッチ is a wild tsumo.",
            "自分の番: ツモって打牌、**リーチ…**、**オープン立直…**（2翻・待ちを公開）、1半荘に1回の "
            "**シュバリー…**。立直後の白ポッチはツモで万能牌です。",
        ),
        (
            "Claims on a discard: **Pon**, **Kan** and **Ron** (no chi).",
            "捨て牌には **ポン**・**カン**・**ロン**（チーなし）。",
        ),
        (
            "A yakuman or more earns dice: the winner presses **🎲 Roll the dice**; on ピンゾロ choose "
            "**2 chips + 2 rolls** or **20 chips + 1 roll**. In the last hand a dealer who won may "
            "**Stop here** or **Play on**. East only, South when the top is below 40,000.",
            "役満などでサイコロ: 和了者が **🎲 サイコロを振る**。ピンゾロなら **2枚＋ストック2回** か "
            "**20枚＋ストック1回**。オーラスで和了した親は **あがりやめ** か **続行**。条件付き東風戦。",
        ),
    ),
    actions=(
        "discard",
        "set_aside",
        "riichi",
        OpenRiichi.kind,
        ShubariiRiichi.kind,
        "tsumo",
        "ron",
        "pon",
        "kan",
        "pass",
        RollDice.kind,
        SnakeEyesTwo.kind,
        SnakeEyesTwenty.kind,
        StopGame.kind,
        ContinueGame.kind,
    ),
    buttons={
        OpenRiichi.kind: (
            "On the open-riichi page, each tile declares オープン立直 discarding it: 2 han, a 2,000-point "
            "deposit, and the table sees your waits.",
            "オープン立直のページで、押した牌を横に曲げて宣言します。2翻・2,000点供託、待ちが公開されます。",
        ),
        ShubariiRiichi.kind: (
            "On the シュバリー page, each tile declares シュバリー discarding it (once a game): the chips you "
            "receive this hand count double, Spring aside.",
            "シュバリーのページで、押した牌を横に曲げて宣言します（1半荘に1回）。この局に貰う祝儀は春以外すべて倍。",
        ),
        RollDice.kind: (
            "The winner throws the next roll of their dice; the result card counts the chips.",
            "和了者が次のサイコロを振ります。祝儀は結果に表示されます。",
        ),
        SnakeEyesTwo.kind: (
            "On ピンゾロ (1-1): 2 chips from each opponent and 2 more rolls.",
            "ピンゾロ（1-1）: 各自から2枚、さらに2回振れます。",
        ),
        SnakeEyesTwenty.kind: (
            "On ピンゾロ (1-1): 20 chips from each opponent and 1 more roll.",
            "ピンゾロ（1-1）: 各自から20枚、さらに1回振れます。",
        ),
        StopGame.kind: (
            "The last hand: the dealer who just won ends the game here (あがりやめ).",
            "オーラスで和了した親がここで終了します（あがりやめ）。",
        ),
        ContinueGame.kind: (
            "The last hand: the dealer who just won plays another hand.",
            "オーラスで和了した親が続行します。",
        ),
        "set_aside": (
            "Pulls a flower or a 北 (抜きドラ) and draws a replacement; 北 may stay in a hand only for "
            "国士無双, 小四喜 and 大四喜.",
            "華牌か北（抜きドラ）を抜いて1枚補充します。北を手牌に使えるのは国士無双・小四喜・大四喜のみ。",
        ),
    },
    rules=(
        HelpRule(
            name=("Flowers: 春 夏 秋 冬", "華牌: 春夏秋冬"),
            text=(
                "16 flowers, 4 of each season, pulled at once: 春 chips, 夏 a rank up, 秋 red fives ×2, 冬 Alice.",
                "華牌16枚（各4枚）はすぐ抜きます。春は祝儀、夏はランクアップ、秋は赤5が2翻、冬はアリス。",
            ),
            tiles="1f2f3f4f",
        ),
        HelpRule(
            name=("Red and gold fives", "赤5と金5"),
            text=(
                "5p and 5s are plain, plain, red and gold: each red or gold five is dora and pays a chip.",
                "5pと5sは黒・黒・赤・金。赤と金はドラで、祝儀も付きます。",
            ),
            tiles="5p5p0pgp",
        ),
        HelpRule(
            name=("白ポッチ after riichi", "立直後の白ポッチ"),
            text=(
                "The dotted 白 drawn in riichi is a wild tsumo: here it stands for 南, and pays a chip.",
                "立直後にツモった白ポッチは万能牌: この例は南の代わりで、祝儀も付きます。",
            ),
            tiles="123p789p789s11z22z0z",
            yaku="白ポッチツモ",
            calc=("--hand", "123p789p789s11z22z0z", "--win", "0z", "--tsumo", "--riichi", "--pocchi", "2z"),
        ),
    ),
)

GOTO_UI = VariantUI(
    settings_ja=GOTO_SETTINGS_JA,
    new_options=("start_points", "chips", "dice", "shubarii", "hints"),
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
        # /mahjong stats: a game's final score (Ending._final_scores), and what it is
        "stats_score_goto": ("{score:+,.0f} chips", "{score:+,.0f}枚"),
        "stats_about_goto": (
            "A game's score is the chips you won or lost in it: 5等三麻 is settled in chips.",
            "対局のスコアはその対局で得失したチップの枚数です（5等三麻はチップで精算します）。",
        ),
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
            "Open riichi (2,000-point deposit, your waits are shown): choose the tile to discard sideways",
            "オープン立直（2,000点供託・待ちを公開）: 横に曲げる牌を選んでください",
        ),
        "button_shubarii": ("シュバリー…", "シュバリー…"),
        "panel_goto_shubarii": (
            "シュバリー (once a game: the chips you receive this hand count double, Spring aside): "
            "choose the tile to discard sideways",
            "シュバリー（1半荘に1回・この局に貰う祝儀は春以外すべて倍）: 横に曲げる牌を選んでください",
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
    help=GOTO_HELP,
)
