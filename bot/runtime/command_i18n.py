"""The slash commands in Japanese: names, descriptions, options and choices of ``/mahjong``.

Discord shows a command in the viewer's language when the synced command carries
``name_localizations`` / ``description_localizations``; discord.py fills them from an
:class:`app_commands.Translator` set on the tree before the sync (``JantakuBot.setup_hook``).
:class:`CommandTranslator` answers ``ja`` from the tables below and leaves every other locale
to the English the commands are written in. Interactions still carry the English names whatever
the viewer saw, so nothing the bot does depends on these tables.

Most strings are looked up by their English text, in one table per kind (command and group
names, option names, choice names, descriptions), because the same English means the same
thing wherever it appears. The strings ``/mahjong new`` builds from a variant's settings are
marked with ``locale_str`` extras instead (:func:`variant_command_description`,
:func:`setting_description`, :func:`more_rules_description`): their Japanese is built from the
variant and the setting, not from English text that is cut at 100 characters.

Reply texts are in :mod:`bot.runtime.i18n`; this module is only the command tree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str

from bot.engine.table import Range
from bot.engine.variants import VARIANTS
from bot.runtime.errors import allowed_text
from bot.runtime.variants import Setting, settings_of

__all__ = [
    "CHOICE_NAMES",
    "COMMAND_NAMES",
    "DESCRIPTIONS",
    "OPTION_NAMES",
    "SETTING_DOCS",
    "CommandTranslator",
    "japanese",
    "more_rules_description",
    "setting_description",
    "variant_command_description",
    "variant_command_name",
]

JAPANESE = discord.Locale.japanese

_VARIANTS = {cls.variant: cls for cls in VARIANTS}
_TITLES = {key: cls.title for key, cls in _VARIANTS.items()}
"""Variant key -> its Japanese title: the name of its ``/mahjong new`` subcommand and of its choices."""

VARIANT_KEY = "jantaku_variant"
"""``locale_str`` extras: the variant a ``/mahjong new`` subcommand opens, or whose setting an option is."""
SETTING_KEY = "jantaku_setting"
"""``locale_str`` extras: the setting a ``/mahjong new <variant>`` option sets."""
MORE_RULES_KEY = "jantaku_more_rules"
"""``locale_str`` extras: the settings the ``rules`` option of ``/mahjong new <variant>`` takes."""

DESCRIPTION_LIMIT = 100
"""Discord's longest command or option description."""

COMMAND_NAMES: Mapping[str, str] = {
    "mahjong": "麻雀",
    "new": "卓を立てる",
    "join": "参加",
    "leave": "退出",
    "start": "開始",
    "cancel": "中止",
    "hand": "手牌",
    "leaderboard": "ランキング",
    "stats": "成績",
    "history": "履歴",
    "replay": "牌譜",
    "rules": "ルール",
    "calc": "点数計算",
    "settings": "設定",
    # The subcommands of /mahjong new are named by their variant's title (see variant_command_name).
}
"""Group and command names (the variants' subcommands aside)."""

OPTION_NAMES: Mapping[str, str] = {
    # /mahjong hand, leaderboard, stats, history, replay, rules
    "dm": "dmで受け取る",
    "variant": "種目",
    "period": "期間",
    "order": "並び順",
    "member": "メンバー",
    "everywhere": "サーバー全体",
    "game": "対局番号",
    # /mahjong calc
    "hand": "手牌",
    "win": "和了牌",
    "tsumo": "ツモ",
    "melds": "副露",
    "dora": "ドラ",
    "ura": "裏ドラ",
    "seat": "自風",
    "round": "場風",
    "dealer": "親",
    "riichi": "リーチ",
    "double_riichi": "ダブルリーチ",
    "ippatsu": "一発",
    "haitei": "海底",
    "houtei": "河底",
    "rinshan": "嶺上",
    "chankan": "槍槓",
    "first_turn": "天和系",
    # /mahjong settings, and the timers of /mahjong new
    "default_variant": "既定の種目",
    "turn_seconds": "一手の秒数",
    "bank_seconds": "持ち時間",
    "hints": "ヒント",
    "dm_panels": "dmで手牌",
    # /mahjong new <variant>: the variants' settings
    "rules": "その他のルール",
    "red_5p": "赤5筒",
    "red_5s": "赤5索",
    "start_points": "持ち点",
    "return_points": "返し点",
    "hands": "局数",
    "shin_pinfu_any_wait": "新ピンフ待ち不問",
    "add_double_yakuman": "役満複合",
    "bust_below": "ハコワレ点",
    "end": "終了条件",
    "target": "目標点",
    "minutes": "制限時間",
    "points_table": "早見表",
    "kazoe_from": "数え役満の翻",
    "kazoe_per_han": "数え1翻の点",
    "yonbaiman": "四倍満",
    "yakuman": "役満",
    "noten_penalty": "ノーテン罰符",
    "deal_set_aside": "配牌抜き",
    "juusan_futou": "十三不塔",
    "discard_yaku": "捨牌役",
    "even_palindromes": "偶数回文",
    "mane_min": "真似満の最短",
    "riichi_chain_at_declaration": "宣言牌から捨牌役",
    "nagashi": "流し満貫",
    "nagashi_ends_hand": "流し満貫で終局",
    "multiple_ron": "ダブロン",
    "draw_keeps_starter": "流局時起家続行",
    "dora_count_for_minimum": "ドラで和了可",
    "uma": "ウマ",
    "tobi": "トビ料",
    "zerohatsu": "零発",
    "chips": "チップ",
    "red_chips_open": "鳴き赤チップ",
    "noten_chips": "ノーテンチップ",
    "honba_chips": "本場チップ",
    "honba_chips_each": "本場チップ各自",
    "wareme": "割れ目",
    "pocchi": "ポッチ",
    "cosmo": "コスモリーチ",
    "inazuma": "イナズマリーチ",
    "kari_inazuma": "借りイナズマ",
    "kari_penalty": "借りイナズマ慰謝料",
    "own_kakan": "自牌加槓",
    "one_call_each": "鳴き各自1回",
    "tenhou": "天和",
    "agari_yame": "アガリやめ",
    "first_suit": "最初の色",
    "backs_public": "牌背公開",
    "pao": "責任払い",
    "ippatsu_chips": "一発チップ",
    "ura_chips": "裏ドラチップ",
    "yakuman_chips": "役満チップ",
    "dobon_chips": "ドボンチップ",
    "honba_each_payer": "積み棒各自払い",
    "noten_per_pair": "ノーテン罰符個別",
    "fu_scoring": "符計算",
    "printed_tsumo_rows": "点数表のツモ点",
    "kokushi": "国士無双",
    "repeated_pairs": "七対子4枚使い",
    "riichi_only_strict": "リーのみ厳格",
    "dama_ron": "ダマロン",
    "north_rinshan": "北抜き嶺上",
    "sudden_death": "サドンデス",
    "dice": "サイコロ",
    "open_riichi": "オープンリーチ",
    "shubarii": "シュバリー",
    "riichi_minogashi": "リーチ後見逃し",
    "furiten_riichi": "フリテンリーチ",
    "open_riichi_han": "オープンリーチ翻数",
    "open_riichi_deposit": "オープンリーチ供託",
    "spring_without_win": "春は和了不問",
    "summer_stacks": "夏の重複",
    "half_tulip": "半チューリップ",
    "soku_pocchi_stock": "即ポストック",
    "flower_indicators": "華牌のドラ表示",
    "four_flowers_any_season": "4華は季節不問",
    "monzen_all_star": "門前オールスター",
    "pocchi_tiles": "白ポッチ枚数",
    "nuki_ron": "抜きロン",
    "four_north_dora": "4北のドラ数",
    "indicator_slots": "ドラ表示枠",
    "honba_points": "本場の点",
    "noten_points": "ノーテン罰符点",
    "rank_top_chips_second_returns": "2着浮きのトップチップ",
    "rank_top_chips": "トップチップ",
    "rank_second_chips": "2着の支払いチップ",
    "red_chips": "赤チップ",
    "gold_chips": "金チップ",
    "north_chips": "北チップ",
    "pocchi_tsumo_chips": "白ポッチツモチップ",
    "soku_pocchi_chips": "即ポッチチップ",
    "sanbaiman_chips": "三倍満チップ",
    "gobaiman_chips": "五倍満チップ",
    "tobi_chips": "トビチップ",
    "big_top_points": "大トップの点",
    "big_top_chips": "大トップチップ",
    "jackpot_chips": "4北4華チップ",
}
"""Option names, the same wherever the English name appears (kept short: players type them).
Every setting of every variant has one, those ``/mahjong new`` now takes through ``rules`` too,
so that a setting moving into an option of its own needs no new text."""

CHOICE_NAMES: Mapping[str, str] = {
    # the scoring rules of /mahjong calc besides the variants (named by their titles)
    "riichi": "リーチ麻雀",
    # period
    "all": "全期間",
    "30d": "過去30日",
    "7d": "過去7日",
    # order
    "rating": "レート",
    "chips": "チップ",
    # winds
    "E": "東",
    "S": "南",
    "W": "西",
    "N": "北",
    # いなげ麻雀 end
    "hands": "局数",
    "score": "点数",
    "time": "時間",
    "vote": "投票",
    # チンイツゲーム first_suit
    "p": "筒子",
    "s": "索子",
    "random": "ランダム",
}
"""Choice names (a variant's choice is its title, see :func:`japanese`)."""

DESCRIPTIONS: Mapping[str, str] = {
    # groups and commands
    "Japanese mahjong tables: play, rules, scores and rankings": "麻雀卓: 対局、ルール、点数計算、ランキング",
    "Open a mahjong table in this channel and gather players": "このチャンネルで卓を立てて参加者を募る",
    "Join the table being gathered in this channel.": "このチャンネルで募集中の卓に参加する",
    "Leave the table being gathered in this channel.": "このチャンネルで募集中の卓から抜ける",
    "Start the game (host or Manage Server).": "対局を始める（ホストかサーバー管理権限）",
    "Cancel this channel's lobby or running game (host or Manage Server).": (
        "このチャンネルの募集か対局を中止する（ホストかサーバー管理権限）"
    ),
    "Open your private hand panel for this channel's game.": "このチャンネルの対局で自分の手牌パネルを開く",
    "The server's best players, ten to a page.": "サーバーの上位プレイヤー（1ページ10人）",
    "A player's record in this server: placements, win and deal-in rates, rating.": (
        "このサーバーでの成績: 着順、和了率と放銃率、レート"
    ),
    "The most recent finished games here, with their results.": "ここで最近終わった対局とその結果",
    "Show how a game went: hand by hand results and the final standings.": "対局の経過: 局ごとの結果と最終順位",
    "Explain a variant's rules and its table settings.": "種目のルールと卓の設定を説明する",
    "Score a hand: shows the tiles and the yaku, han and points.": "手牌の点数を計算する: 牌姿、役、翻数、点数",
    "Show this server's table defaults, or change them (Manage Server).": (
        "このサーバーの卓の既定値を見る、または変える（変更はサーバー管理権限）"
    ),
    # /mahjong hand
    "Send your hand by direct message from now on (off: show it here)": (
        "これから手牌をDMで受け取る（オフ: ここに表示）"
    ),
    # /mahjong leaderboard, stats, history, replay, rules
    "Which game (default: the server's)": "種目（既定: サーバーの既定の種目）",
    "Which games count": "集計する対局の期間",
    "Rank by rating (default) or, in a game with chips, by chips won": (
        "レート順（既定）か、チップのある種目ではチップ順"
    ),
    "Whose stats (default: yours)": "誰の成績か（既定: 自分）",
    "One game only (default: all)": "この種目だけ（既定: すべての種目）",
    "Games of the whole server (default: this channel)": "サーバー全体の対局（既定: このチャンネル）",
    "The game's number (see /mahjong history)": "対局の番号（/麻雀 履歴 で確認できます）",
    "Which game to explain": "説明する種目",
    # /mahjong calc
    "Every concealed tile including the winning one, e.g. 234567p345678s99s": (
        "和了牌を含む門前の牌すべて（例: 234567p345678s99s）"
    ),
    "The winning tile, e.g. 2p": "和了牌（例: 2p）",
    "Won by tsumo (off: ron)": "ツモ和了（オフ: ロン和了）",
    "Scoring rules (default nishoku)": "点数計算のルール（既定: 二色麻雀）",
    "Open or concealed melds, e.g. pon:777z,ankan:1111p": "副露と暗槓（例: pon:777z,ankan:1111p）",
    "Dora indicators": "ドラ表示牌",
    "Ura-dora indicators": "裏ドラ表示牌",
    "Seat wind (E is the dealer)": "自風（東が親）",
    "Round wind": "場風",
    "The winner is the dealer": "和了者が親",
    "Riichi declared": "リーチしている",
    "Double riichi declared": "ダブルリーチしている",
    "Won within one go-around of riichi": "一発（リーチから一巡以内の和了）",
    "Won on the last tile of the wall": "海底摸月（最後のツモ牌で和了）",
    "Won on the last discard": "河底撈魚（最後の捨て牌で和了）",
    "Won on a replacement tile after a kan": "嶺上開花（槓のあとの嶺上牌で和了）",
    "Robbed a kan": "槍槓（加槓された牌で和了）",
    "Won on the first draw (tenhou/chiihou) or first go-around (renhou)": "天和・地和（第一ツモ）か人和（第一巡）",
    # /mahjong settings
    "The game tables use when none is named": "種目を指定しないときの種目",
    "Seconds for each decision, 5 to 600": "一手ごとの考慮時間（秒）、5〜600",
    "Extra seconds per player for a whole game, 0 to 1,800": "対局を通した各自の予備の持ち時間（秒）、0〜1,800",
    "Show waits and live tiles on private panels": "手牌パネルに待ちと残り枚数を表示する",
    "Send private hands by DM instead of ephemeral messages": "手牌を本人だけに見えるメッセージでなくDMで送る",
    # /mahjong new <variant>: the timers
    "Seconds for each decision, 5 to 600 (default: the server's, 30)": (
        "一手ごとの考慮時間（秒）、5〜600（既定: サーバーの設定、初期値30）"
    ),
    "Extra seconds per player for the whole game, 0 to 1,800 (default: the server's, 60)": (
        "対局を通した各自の予備の持ち時間（秒）、0〜1,800（既定: サーバーの設定、初期値60）"
    ),
}
"""Group, command and option descriptions written in the cogs, by their English text."""

_HINTS = "手牌パネルに待ちと受け入れを表示する"

SETTING_DOCS: Mapping[str, Mapping[str, str]] = {
    "nishoku": {
        "red_5p": "赤5筒の枚数（ドラは赤牌のみ）",
        "red_5s": "赤5索の枚数",
        "start_points": "持ち点（５万点持ち）",
        "hands": "局数（東南西北の一荘戦、連荘なしで各風に親1回ずつ）",
        "shin_pinfu_any_wait": "新ピンフはどの待ちでも可（オフ: 両面待ちのみ）",
        "add_double_yakuman": "役満は複合する（オフ: 大役満まで）",
        "bust_below": "この点数を下回ったらハコワレ終了（ちょうど0点は続行）",
        "hints": _HINTS,
    },
    "inage": {
        "end": "終了条件: 局数、点数、時間、または投票のみ（全員一致の投票でいつでも終了）",
        "hands": "終了条件が局数のときの局数",
        "target": "終了条件が点数のとき、誰かがこの点数に届いた局で終了",
        "minutes": "終了条件が時間のとき、ホストの時計でこの分数がたったら終了",
        "points_table": "早見表（翻:点 の段階、1翻8点〜16翻40点）",
        "kazoe_from": "この翻数以上は数え役満（２０飜以上は数え切り役満）",
        "kazoe_per_han": "数え役満の1翻あたりの点（どこまでも伸びる）",
        "yonbaiman": "四倍満の役（天和系、十三不塔、流し満貫、リーのみ）の点",
        "yakuman": "役満の点（20翻の値）",
        "noten_penalty": "場に出すノーテン罰符（聴牌者とノーテン者で分ける）",
        "deal_set_aside": "配牌の10枚から花牌、西、北を抜ける",
        "juusan_futou": "配牌で十三不塔を宣言できる",
        "discard_yaku": "捨牌役あり",
        "even_palindromes": "偶数の長さの回文も役になる",
        "mane_min": "真似満になる最短の枚数",
        "riichi_chain_at_declaration": "リーチ後の捨牌役を宣言牌から数える（オフ: 次の捨て牌から）",
        "nagashi": "流し満貫あり",
        "nagashi_ends_hand": "流し満貫はすぐ精算して局を終える（オフ: 局の終わりに精算）",
        "ippatsu": "一発あり",
        "double_riichi": "ダブル立直あり",
        "multiple_ron": "ダブロンあり（オフ: 頭ハネで上家優先）",
        "draw_keeps_starter": "流局のあとは同じ人から始める（オフ: 次の人から）",
        "dora_count_for_minimum": "ドラだけで和了できる",
        "hints": _HINTS,
    },
    "zuno": {
        "start_points": "持ち点（オカ20）",
        "return_points": "返し点（4人×5,000点の差がオカ）",
        "uma": "ウマ（千点単位、2着3着±前の数、1着4着±後の数）",
        "tobi": "トビ料（飛ばされた人が飛ばした人に払う）",
        "zerohatsu": "特殊役 零発（宣言巡の同時打牌でのロン、2翻）",
        "chips": "チップ枚数: 赤/一発/裏ドラ/零発（各0〜20）",
        "red_chips_open": "鳴いても赤チップあり",
        "noten_chips": "ノーテン罰符のチップ（ノーテン者が聴牌者それぞれに、0はなし）",
        "honba_chips": "一枚場: 1本場ごとのチップ（最初の和了者に、0はなし）",
        "honba_chips_each": "本場チップは支払う人それぞれから（オフ: 合計で1回）",
        "wareme": "割れ目あり（サイコロで決まった人の点とチップのやり取りが倍）",
        "pocchi": "ポッチ牌あり（一発ツモで引いた白が万能牌）",
        "cosmo": "コスモリーチ（1筒で宣言すると發と北も万能牌）",
        "inazuma": "イナズマリーチ（1万点棒でリーチ、点数とチップが倍）",
        "kari_inazuma": "借りイナズマリーチ（9,900点以下で、和了できなければトビ）",
        "kari_penalty": "借りイナズマ失敗時にトップへ払う慰謝料",
        "own_kakan": "宣言の段階で自分の牌で加槓できる",
        "one_call_each": "鳴きは1巡に各自1回まで（オフ: 1巡に全体で1回）",
        "double_riichi": "ダブル立直あり（1巡目、鳴きも槓もない場合）",
        "tenhou": "天和・地和あり（1巡目のツモ、鳴きも槓もない場合）",
        "agari_yame": "アガリやめあり（オフ: 東4局の親はトップでも続行）",
        "hints": _HINTS,
    },
    "chinitsu": {
        "first_suit": "最初の局の色（筒子、索子、ランダム）、以後1局ごとに交互",
        "start_points": "持ち点（35000点持ち）",
        "return_points": "返し点（40000点返し、40000点での原点トップあり、返り東場）",
        "backs_public": "手牌と山の牌の背の色を公開する（実卓どおり）",
        "pao": "大明カン、大三元、大四喜の責任払いあり",
        "chips": "ご祝儀のチップあり（オフ: チップなし）",
        "ippatsu_chips": "一発のチップ",
        "ura_chips": "裏ドラ1枚ごとのチップ",
        "yakuman_chips": "本役満のチップ（ツモ、ロンとも相手2人から）",
        "dobon_chips": "ドボンのチップ（飛ばした和了者に）",
        "honba_each_payer": "積み棒1本1,000点を支払う人それぞれから（オフ: 合計で）",
        "noten_per_pair": "ノーテン罰符はノーテン者から聴牌者それぞれに1,000点（オフ: 場に）",
        "fu_scoring": "符計算あり（オフ: 1〜3翻は符なしの固定表）",
        "printed_tsumo_rows": "跳満と三倍満の子のツモは点数表どおり（オフ: 計算式）",
        "kokushi": "国士無双は么九牌11種で（14枚、全種）",
        "repeated_pairs": "七対子は8枚使いまであり（オフ: 4枚使いは2種まで）",
        "riichi_only_strict": "リーチのみ（本役満）はドラ、一発なし（オフ: ドラ可）",
        "dama_ron": "全部の待ちに役があればリーチなしでロンできる（面前王手飛車）",
        "north_rinshan": "抜いた北の補充牌でツモると嶺上開花（関西三麻のハウスルール）",
        "hints": _HINTS,
    },
    "goto": {
        "start_points": "持ち点（35,000点持ち）",
        "return_points": "返し点（40,000点返し、東場後トップが未満なら南入、誰か届いたら終了）",
        "sudden_death": "南場で誰も返し点に届かなければ西入以降も続行（オフ: 南場で終了）",
        "chips": "チップあり（完全順位戦、祝儀1枚100p〜）（オフ: チップなし）",
        "dice": "サイコロ役あり（出目の合計を相手それぞれから、ゾロ目は続行）",
        "hints": _HINTS,
        "open_riichi": "オープン立直あり（待ちだけ公開、3軒目は不可）",
        "shubarii": "シュバリー（祝儀倍立直）を1半荘に1回打てる（春の祝儀以外すべて倍）",
        "riichi_minogashi": "立直後の見逃しあり（あとでロンできる、自分の捨て牌のフリテンは有効）",
        "furiten_riichi": "フリテン立直あり",
        "riichi_only_strict": "立直のみ出和了（役満）はドラ（赤、金、北、表、裏）と一発なし",
        "open_riichi_han": "オープン立直の翻数（オープンのダブル立直は1翻増し）",
        "open_riichi_deposit": "オープン立直の供託点",
        "spring_without_win": "春（華牌の枚数×1枚オール）は和了しなくても局の終わりに精算",
        "summer_stacks": "夏が複数なら1枚ごとに1段階上がる（五倍満まで、オフ: 1枚だけ）",
        "half_tulip": "即ツモか白ポッチツモのとき冬のアリスは半チューリップ",
        "soku_pocchi_stock": "即ポは半チューリップでストック（外れたあとの追加めくり回数）",
        "flower_indicators": "ドラ表示牌の華牌は季節の効果あり（ドラにも4華にもならない）",
        "four_flowers_any_season": "4華は1人が抜いた華牌4枚、季節不問（オフ: 四季1枚ずつ）",
        "monzen_all_star": "門前オールスター（赤と金の5をすべて持つ門前和了）でサイコロ",
        "pocchi_tiles": "4枚の白のうち白ポッチの枚数",
        "nuki_ron": "抜いた北や華牌でロンできる",
        "four_north_dora": "4北を抜くとドラこの枚数扱い（祝儀は4枚）",
        "indicator_slots": "王牌のドラ表示牌の枠（最初から2枚、槓は1局に枠−2回まで）",
        "honba_points": "1本場の点（ロンに加算、ツモは各自から半分）",
        "noten_points": "場に出すノーテン罰符（聴牌者で分ける）",
        "rank_top_chips_second_returns": "2着40,000点以上のとき、トップがラスから受け取るチップ",
        "rank_top_chips": "2着40,000点未満のとき、トップが受け取るチップの合計",
        "rank_second_chips": "2着40,000点未満のとき、2着がトップに払うチップ",
        "red_chips": "赤5のチップ（鳴いても）",
        "gold_chips": "金5のチップ（鳴いても）",
        "north_chips": "抜いた北のチップ（4北でも4枚）",
        "ippatsu_chips": "一発のチップ",
        "ura_chips": "裏ドラ1枚ごとのチップ",
        "pocchi_tsumo_chips": "白ポッチツモのチップ",
        "soku_pocchi_chips": "即ポッチのチップ（一発と複合）",
        "sanbaiman_chips": "三倍満のチップ（ロン、ツモとも全員から）",
        "yakuman_chips": "数え役満、本役満のチップ（全員から、数え役満は14翻超の1翻ごとに1枚増し）",
        "gobaiman_chips": "五倍満（数え役満か本役満＋夏）のチップ（全員から）",
        "tobi_chips": "トビのチップ（0点未満1万点ごとに1枚増し、飛ばした人に）",
        "big_top_points": "大トップの点数（この点数以上のトップに祝儀）",
        "big_top_chips": "大トップのチップ（全員から、1万点超えるごとに1枚増し）",
        "jackpot_chips": "4北4華のチップ（全員から）",
    },
}
"""``/mahjong new <variant>`` option descriptions: variant -> setting -> what it sets, in
Japanese; the range and the default are added from the setting (:func:`_setting_text`). Every
setting has one, as in :data:`OPTION_NAMES`."""


def variant_command_name(variant: str) -> locale_str:
    """The name of ``/mahjong new <variant>``, marked so that :func:`japanese` gives the variant's title."""
    return locale_str(variant, **{VARIANT_KEY: variant})


def variant_command_description(variant: str, english: str) -> locale_str:
    """The description of ``/mahjong new <variant>``, marked so that :func:`japanese` builds it."""
    return locale_str(english, **{VARIANT_KEY: variant})


def setting_description(variant: str, setting: str, english: str) -> locale_str:
    """The description of the option that sets ``setting`` in ``/mahjong new <variant>``."""
    return locale_str(english, **{VARIANT_KEY: variant, SETTING_KEY: setting})


def more_rules_description(settings: Sequence[str], english: str) -> locale_str:
    """The description of the ``rules`` option that takes the settings without an option."""
    return locale_str(english, **{MORE_RULES_KEY: tuple(settings)})


def japanese(string: locale_str, where: Where) -> str | None:
    """The Japanese for a string of the command tree at ``where``, or None if there is none."""
    extras: Mapping[str, Any] = string.extras
    message = string.message
    if where in (Where.group_name, Where.command_name):
        if VARIANT_KEY in extras:
            return _TITLES.get(str(extras[VARIANT_KEY]))
        return COMMAND_NAMES.get(message)
    if where is Where.parameter_name:
        return OPTION_NAMES.get(message)
    if where is Where.choice_name:
        # A variant's choice is its title, as everywhere the bot names it.
        return _TITLES.get(message) or CHOICE_NAMES.get(message)
    if SETTING_KEY in extras:
        return _setting_text(str(extras[VARIANT_KEY]), str(extras[SETTING_KEY]))
    if VARIANT_KEY in extras:
        cls = _VARIANTS.get(str(extras[VARIANT_KEY]))
        if cls is None:
            return None
        low, high = cls.min_players, cls.max_players
        players = f"{low}" if low == high else f"{low}〜{high}"
        return f"{cls.title}の卓を立てる（{players}人）"
    if MORE_RULES_KEY in extras:
        names = ", ".join(extras[MORE_RULES_KEY])
        return _fit(f"ほかの設定を key=value で: {names}")
    return DESCRIPTIONS.get(message)


class CommandTranslator(app_commands.Translator):
    """Japanese for the command tree; other locales keep the English the commands are written in."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is not JAPANESE:
            return None
        return japanese(string, context.location)


def _setting_text(variant: str, name: str) -> str | None:
    """A setting option's description: what it sets, its range, its default."""
    doc = SETTING_DOCS.get(variant, {}).get(name)
    setting = next((setting for setting in settings_of(variant) if setting.name == name), None)
    if doc is None or setting is None:
        return None
    default = _default_text(setting)
    # Square brackets: the range has its own parentheses (「1,000〜200,000（1,000刻み）」).
    if isinstance(setting.allowed, Range):
        suffix = f"［{allowed_text(setting.allowed, 'ja')}、既定 {default}］"
    else:
        suffix = f"［既定 {default}］"
    return _fit(doc, suffix)


def _default_text(setting: Setting) -> str:
    value = setting.default
    if isinstance(value, bool):
        return "オン" if value else "オフ"
    if isinstance(value, int):
        return f"{value:,}"
    return CHOICE_NAMES.get(str(value), str(value))


def _fit(text: str, suffix: str = "") -> str:
    """``text`` + ``suffix`` within Discord's 100 characters (the text is cut, as in English)."""
    room = DESCRIPTION_LIMIT - len(suffix)
    return (text if len(text) <= room else text[: room - 1] + "…") + suffix
