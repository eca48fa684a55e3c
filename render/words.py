"""Every word a picture draws, in English and Japanese: one table, looked up by key.

The renderer sits below the runtime (``docs/architecture.md``, "Layers"), so it cannot read the
runtime's message texts or a Discord locale: its callers pass a :class:`Language` (the runtime's
``picture_language`` turns a Discord locale into one). Tile faces stay tiles in both languages.

Some words arrive already written by the engine, in Japanese: a hand's label (東1局, 第3局,
返り東1局・筒子), a limit hand's name (満貫), a draw's reason (流局). The engine's views are part
of the recorded corpus and stay as they are; :func:`round_name`, :func:`limit_name` and
:func:`draw_reason` give their English for an English picture (anything they do not know is
drawn as it came).

>>> word("remaining", Language.EN, count=69), word("remaining", Language.JA, count=69)
('69 left', '残り69枚')
>>> round_name("返り東1局・筒子", Language.EN)
'Return East 1 · Pinzu'
"""

from __future__ import annotations

import enum
import re
from typing import Any

__all__ = ["WORDS", "Language", "draw_reason", "limit_name", "phase_name", "round_name", "wind_name", "word"]


class Language(enum.Enum):
    """The language of a picture's words."""

    EN = "en"
    JA = "ja"


WORDS: dict[str, tuple[str, str]] = {
    # table: plates, centre, wall
    "riichi": ("Riichi", "リーチ"),
    "dealer": ("Dealer", "親"),
    "auto": ("Auto", "自動"),
    "chips": ("Chips {chips}", "チップ {chips}"),
    "open": ("Open", "オープン"),
    "remaining": ("{count} left", "残り{count}枚"),
    "wall": ("Wall {count}", "山 {count}枚"),
    "back_blue": ("Blue ", "青"),
    "back_yellow": ("Yellow ", "黄"),
    "calls_open": ("Calls open", "鳴き確認中"),
    "calls_open_on": ("Calls open on {name}'s tile", "鳴き確認中（{name} の牌）"),
    # a seat's panel
    "points": ("{points} pts", "{points}点"),
    "furiten": ("Furiten", "フリテン"),
    "waits": ("Waits", "待ち"),
    "ukeire": ("Improves", "受け入れ"),
    "tiles": ("{count} tiles", "{count}枚"),
    "packet": ("Draft packet", "ドラフト"),
    # result cards
    "tsumo": ("Tsumo", "ツモ"),
    "ron": ("Ron", "ロン"),
    "dora": ("Dora", "ドラ"),
    "ura_dora": ("Ura dora", "裏ドラ"),
    "han": ("{han} han", "{han}翻"),
    "fu": ("{fu} fu", "{fu}符"),
    "yakuman": ("Yakuman", "役満"),
    "double_yakuman": ("Double yakuman", "ダブル役満"),
    "triple_yakuman": ("Triple yakuman", "トリプル役満"),
    "multiple_yakuman": ("{times}× yakuman", "{times}倍役満"),
    "tenpai": ("Tenpai", "聴牌"),
    "noten": ("Noten", "ノーテン"),
    "final_result": ("Final standings", "最終結果"),
    # the chips block
    "chips_heading": ("Chips", "チップ"),
    "chips_total": ("Total {total}", "合計 {total}"),
    "flips": ("Flips", "めくり"),
    "dice": ("Dice", "サイコロ"),
    "per_payer": ("per payer", "1人あたり"),
    "stock": ("Stock", "ストック"),
    # each picture's alt text (what a screen reader says, and what a client shows unloaded)
    "alt_table": ("The table: {round}, {count} tiles left", "卓: {round}・残り{count}枚"),
    "alt_seat": ("Your hand and the table: {round}", "あなたの手牌と卓: {round}"),
    "alt_result": ("The result of {round}", "{round}の結果"),
    "alt_standings": ("The final standings", "最終結果"),
}
"""Key -> (English, Japanese), with ``str.format`` fields."""

_WINDS = {27: ("E", "東"), 28: ("S", "南"), 29: ("W", "西"), 30: ("N", "北")}
_WIND_WORDS = {"東": "East", "南": "South", "西": "West", "北": "North"}
_PHASES = {
    "discard": ("Discard", "打牌"),
    "draw": ("Draw", "ツモ"),
    "claims": ("Calls", "鳴き"),
    "call": ("Calls", "鳴き"),
    "draft": ("Draft", "ドラフト"),
    "riichi": ("Riichi", "リーチ"),
    "select": ("Select", "選択"),
    "set_aside": ("Set aside", "抜き"),
    "end": ("Over", "終局"),
    # The turn cycle's own phase names (bot.engine.table.turns.Phase).
    "deal": ("Deal", "配牌"),
    "turn": ("Turn", "手番"),
    "ended": ("Over", "終局"),
    "over": ("Over", "終局"),
}
_LIMITS = {
    "満貫": "Mangan",
    "跳満": "Haneman",
    "倍満": "Baiman",
    "三倍満": "Sanbaiman",
    "役満": "Yakuman",
    "数え役満": "Kazoe yakuman",
    "ダブル役満": "Double yakuman",
    "トリプル役満": "Triple yakuman",
    "四倍役満": "4× yakuman",
    "五倍役満": "5× yakuman",
    "六倍役満": "6× yakuman",
}
_DRAWS = {
    "流局": "Exhaustive draw",
    "途中流局": "Abortive draw",
    "九種九牌": "Nine terminals",
    "四風連打": "Four winds",
    "四家立直": "Four riichi",
    "四開槓": "Four kans",
    "三家和": "Triple ron",
}
_SUITS = {"筒子": "Pinzu", "索子": "Souzu", "萬子": "Manzu"}
_WIND_HAND = re.compile(r"^(返り)?([東南西北])(\d+)局?(?:・(.+))?$")
"""A hand in a round of winds, 局 left off where a chart's axis is short of room (東1)."""
_NUMBERED_HAND = re.compile(r"^第(\d+)局$")


def word(key: str, language: Language, /, **fields: Any) -> str:
    """The picture text ``key`` in ``language``, formatted."""
    english, japanese = WORDS[key]
    template = japanese if language is Language.JA else english
    return template.format(**fields) if fields else template


def wind_name(kind: int, language: Language) -> str:
    """A seat wind's short name (東 / E); empty for a kind that is no wind."""
    english, japanese = _WINDS.get(kind, ("", ""))
    return japanese if language is Language.JA else english


def phase_name(phase: str, language: Language) -> str:
    """A phase's short name for the centre panel; an unknown phase as it is."""
    english, japanese = _PHASES.get(phase, (phase, phase))
    return japanese if language is Language.JA else english


def round_name(label: str, language: Language) -> str:
    """The engine's hand label (東1局, 第3局, 返り東1局・筒子) in ``language``."""
    if language is Language.JA:
        return label
    if found := _WIND_HAND.match(label):
        back, wind, number, suit = found.groups()
        name = f"{'Return ' if back else ''}{_WIND_WORDS[wind]} {number}"
        return f"{name} · {_SUITS.get(suit, suit)}" if suit else name
    if found := _NUMBERED_HAND.match(label):
        return f"Hand {found.group(1)}"
    return label


def limit_name(name: str, language: Language) -> str:
    """A limit hand's name (満貫 ...) in ``language``."""
    return name if language is Language.JA else _LIMITS.get(name, name)


def draw_reason(reason: str, language: Language) -> str:
    """Why a hand was drawn (流局 ...) in ``language``."""
    return reason if language is Language.JA else _DRAWS.get(reason, reason)
