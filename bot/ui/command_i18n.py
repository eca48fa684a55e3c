"""The slash commands in Japanese: names, descriptions, options and choices of ``/mahjong``.

Discord shows a command in the viewer's language when the synced command carries
``name_localizations`` / ``description_localizations``; discord.py fills them from an
:class:`app_commands.Translator` set on the tree before the sync (``JantakuBot.setup_hook``).
:class:`CommandTranslator` answers ``ja`` from the tables below and leaves every other locale
to the English the commands are written in. Interactions still carry the English names whatever
the viewer saw, so nothing the bot does depends on these tables.

The strings the cogs write are looked up by their English text, in one table per kind (command
and group names, option names, choice names, descriptions), because the same English means the
same thing wherever it appears. What ``/mahjong new`` builds from the variants' settings is
marked with ``locale_str`` extras instead (:func:`setting_name`, :func:`new_option_description`,
:func:`more_rules_description`): a setting's option is named and described by what the variants'
``ui.py`` say (``VariantUI.settings_ja``), with the variants that offer it, its range and
default, rather than from English cut at 100 characters; the ``variant`` choices are the titles.

Reply texts are in :mod:`bot.runtime.i18n`; this module is only the command tree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str

from bot.engine.calc import CALC_VARIANTS
from bot.engine.table import Range
from bot.engine.variant_ui import SettingText
from bot.engine.variants import VARIANTS
from bot.runtime.errors import allowed_text
from bot.runtime.new_options import new_command_options
from bot.runtime.variants import Setting, settings_of

__all__ = [
    "CHOICE_NAMES",
    "COMMAND_NAMES",
    "DESCRIPTIONS",
    "OPTION_NAMES",
    "CommandTranslator",
    "japanese",
    "more_rules_description",
    "new_option_description",
    "setting_name",
]

JAPANESE = discord.Locale.japanese

_VARIANTS = {cls.variant: cls for cls in VARIANTS}
_TITLES = {key: cls.title for key, cls in _VARIANTS.items()}
"""Variant key -> its Japanese title: the name of its choices."""

VARIANT_KEY = "jantaku_variant"
"""``locale_str`` extras: the variant whose setting a ``/mahjong new`` option name is."""
SETTING_KEY = "jantaku_setting"
"""``locale_str`` extras: the setting a ``/mahjong new`` option's name is."""
NEW_OPTION_KEY = "jantaku_new_option"
"""``locale_str`` extras: the setting a ``/mahjong new`` option's description describes."""
MORE_RULES_KEY = "jantaku_more_rules"
"""``locale_str`` extras: the ``key=value`` example of the ``rules`` option of ``/mahjong new``."""

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
    "help": "ヘルプ",
    "calc": "点数計算",
    "settings": "設定",
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
    "locale": "画像の言語",
    # /mahjong new: the settings that have no option of their own
    "rules": "その他のルール",
}
"""Option names, the same wherever the English name appears (kept short: players type them); a
variant's settings are named in its ``ui.py`` (``VariantUI.settings_ja``)."""

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
    # the language of a server's pictures
    "auto": "サーバーの言語",
    "en": "英語",
    "ja": "日本語",
}
"""Choice names written in the cogs; a variant's choice is its title, and the words of a variant's
setting are in its ``ui.py`` (``SettingText.choices``)."""

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
    "How a hand goes here, what each button does, and the special rules pictured.": (
        "この卓での局の進め方、各ボタンの働き、特別ルールを図解で"
    ),
    "Which game (default: this channel's table, else the server's default)": (
        "種目（省略時: このチャンネルの卓、なければサーバーの既定）"
    ),
    # /mahjong calc
    "Every concealed tile including the winning one, e.g. 234567p345678s99s": (
        "和了牌を含む門前の牌すべて（例: 234567p345678s99s）"
    ),
    "The winning tile, e.g. 2p": "和了牌（例: 2p）",
    "Won by tsumo (off: ron)": "ツモ和了（オフ: ロン和了）",
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
    "Language of the table and result pictures (auto: the server's)": "卓と結果の画像の言語（自動: サーバーの言語）",
    # /mahjong new: the timers
    "Seconds for each decision, 5 to 600 (default: the server's, 30)": (
        "一手ごとの考慮時間（秒）、5〜600（既定: サーバーの設定、初期値30）"
    ),
    "Extra seconds per player for the whole game, 0 to 1,800 (default: the server's, 60)": (
        "対局を通した各自の予備の持ち時間（秒）、0〜1,800（既定: サーバーの設定、初期値60）"
    ),
}
"""Group, command and option descriptions written in the cogs, by their English text."""

_CALC_DEFAULT = CALC_VARIANTS[0]
_DESCRIBED = {
    **DESCRIPTIONS,
    # /mahjong calc names its default scoring rules, the first the calc has.
    f"Scoring rules (default {_CALC_DEFAULT})": (
        f"点数計算のルール（既定: {_TITLES.get(_CALC_DEFAULT, _CALC_DEFAULT)}）"
    ),
}
_SETTING_WORDS = {
    word: meaning
    for cls in VARIANTS
    for setting in cls.ui.settings_ja.values()
    for word, meaning in setting.choices.items()
}
"""The words of every variant's settings that are one of some words (いなげ麻雀's ``end``...) in
Japanese: Discord's choices carry no more than the word."""


def setting_name(variant: str, setting: str) -> locale_str:
    """The name of the option that sets ``setting`` in ``/mahjong new`` (the setting's own), marked
    so that :func:`japanese` finds it in ``variant``'s ``ui.py`` (variants sharing a setting name it alike)."""
    return locale_str(setting, **{VARIANT_KEY: variant, SETTING_KEY: setting})


def new_option_description(setting: str, english: str) -> locale_str:
    """The description of ``/mahjong new``'s option for ``setting``, marked so that :func:`japanese`
    builds it from the variants that offer it."""
    return locale_str(english, **{NEW_OPTION_KEY: setting})


def more_rules_description(example: str, english: str) -> locale_str:
    """The description of the ``rules`` option that takes the settings without an option of
    their own, with ``example`` (one of them as ``key=value``)."""
    return locale_str(english, **{MORE_RULES_KEY: example})


def japanese(string: locale_str, where: Where) -> str | None:
    """The Japanese for a string of the command tree at ``where``, or None if there is none."""
    extras: Mapping[str, Any] = string.extras
    message = string.message
    if where in (Where.group_name, Where.command_name):
        return COMMAND_NAMES.get(message)
    if where is Where.parameter_name:
        if SETTING_KEY in extras:
            found = _setting(str(extras[VARIANT_KEY]), str(extras[SETTING_KEY]))
            return found[1].name if found is not None else None
        return OPTION_NAMES.get(message)
    if where is Where.choice_name:
        # A variant's choice is its title, as everywhere the bot names it.
        return _TITLES.get(message) or CHOICE_NAMES.get(message) or _SETTING_WORDS.get(message)
    if NEW_OPTION_KEY in extras:
        return _new_option_text(str(extras[NEW_OPTION_KEY]))
    if MORE_RULES_KEY in extras:
        return _fit(f"ほかの設定を key=value で（例: {extras[MORE_RULES_KEY]}、一覧は /麻雀 ルール）")
    return _DESCRIBED.get(message)


class CommandTranslator(app_commands.Translator):
    """Japanese for the command tree; other locales keep the English the commands are written in."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is not JAPANESE:
            return None
        return japanese(string, context.location)


def _setting(variant: str, name: str) -> tuple[Setting, SettingText] | None:
    """The variant's setting and its Japanese, if it has both."""
    cls = _VARIANTS.get(variant)
    setting = next((setting for setting in settings_of(variant) if setting.name == name), None) if cls else None
    if cls is None or setting is None or name not in cls.ui.settings_ja:
        return None
    return setting, cls.ui.settings_ja[name]


def _new_option_text(name: str) -> str | None:
    """A setting option's description: what it sets, the variants that offer it (when not all),
    its range and default where they agree (as the English, :func:`cogs.lobby._describe`)."""
    option = next((option for option in new_command_options() if option.name == name), None)
    if option is None:
        return None
    found = [_setting(variant, name) for variant in option.variants]
    described = [pair for pair in found if pair is not None]
    if not described:
        return None
    in_japanese = described[0][1]
    texts = {text.text for _, text in described}
    # Variants that word a shared setting apart (持ち点（５万点持ち）) name their own default in it.
    words = in_japanese.text if len(texts) == 1 else in_japanese.name
    if option.named_variants:
        words = f"{'・'.join(_TITLES[variant] for variant in option.named_variants)}: {words}"
    defaults = {_default_text(each, text) for each, text in described}
    default = f"既定 {defaults.pop()}" if len(defaults) == 1 else "既定は種目ごと"
    # Square brackets: the range has its own parentheses (「1,000〜200,000（1,000刻み）」).
    if isinstance(option.allowed, Range):
        suffix = f"［{allowed_text(option.allowed, 'ja')}、{default}］"
    else:
        suffix = f"［{default}］"
    return _fit(words, suffix)


def _default_text(setting: Setting, in_japanese: SettingText) -> str:
    value = setting.default
    if isinstance(value, bool):
        return "オン" if value else "オフ"
    if isinstance(value, int):
        return f"{value:,}"
    return in_japanese.choices.get(str(value), str(value))


def _fit(text: str, suffix: str = "") -> str:
    """``text`` + ``suffix`` within Discord's 100 characters (the text is cut, as in English)."""
    room = DESCRIPTION_LIMIT - len(suffix)
    return (text if len(text) <= room else text[: room - 1] + "…") + suffix
