"""How ずーの is presented: its call and ron buttons, the イナズマ page, the multi-ron panel, what
the table says in its simultaneous phases, its settings in Japanese, and the calc CLI's options and
scorer.

Its draft (:class:`~bot.engine.game.Pick`) and its switchable lock-ins (``Game.locked_in``) are
core, shown by the shared panel; its rules in brief are the game module's docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.variant_ui import CalcConflict, CalcFlag, MultiClaim, SettingText, TilePage, VariantCalc, VariantUI
from bot.engine.variants.zuno.state import InazumaRiichi, RonOn, ZunoPhase

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["ZUNO_ALLOWS", "ZUNO_CONFLICTS", "ZUNO_UI"]


def _calculate(request: CalcRequest) -> dict[str, Any]:
    # Imported on use: the calculator imports the game, and the game imports this module.
    from bot.engine.variants.zuno.calc import calculate_zuno

    return calculate_zuno(request)


ZUNO_CONFLICTS = (
    CalcConflict(
        "no-chankan",
        "ずーの has no 搶槓 (--chankan): an added kan cannot be robbed (ZUN-A2)",
        lambda r: r.chankan,
    ),
    CalcConflict(
        "inazuma-without-riichi",
        "イナズマリーチ (--inazuma) is a riichi: not without --riichi",
        lambda r: r.flag("inazuma") and not r.riichi,
    ),
    CalcConflict(
        "zerohatsu-and-houtei",
        "零発 (--zerohatsu) and 河底 (--houtei) cannot both apply: 零発 is a ron in the declaration round, and a "
        "riichi needs another round to come",
        lambda r: r.flag("zerohatsu") and r.houtei,
    ),
)
"""What ずーの's game never produces, besides the shared conflicts (``docs/rules/zuno.md`` 41, 43)."""

ZUNO_ALLOWS = frozenset({"renhou-for-dealer"})
"""Shared conflicts ずーの's game does produce: every seat discards at once, so the dealer has no
draw before the others' first discards, and a first-round ron is no 人和 but an ordinary ron
(the game has no 人和) for the dealer too."""

ZUNO_SETTINGS_JA: dict[str, SettingText] = {
    "start_points": SettingText("持ち点", "持ち点（オカ20）"),
    "return_points": SettingText("返し点", "返し点（4人×5,000点の差がオカ）"),
    "uma": SettingText("ウマ", "ウマ（千点単位、2着3着±前の数、1着4着±後の数）"),
    "tobi": SettingText("トビ料", "トビ料（飛ばされた人が飛ばした人に払う）"),
    "zerohatsu": SettingText("零発", "特殊役 零発（宣言巡の同時打牌でのロン、2翻）"),
    "chips": SettingText("チップ", "チップ枚数: 赤/一発/裏ドラ/零発（各0〜20）"),
    "red_chips_open": SettingText("鳴き赤チップ", "鳴いても赤チップあり"),
    "noten_chips": SettingText("ノーテンチップ", "ノーテン罰符のチップ（ノーテン者が聴牌者それぞれに、0はなし）"),
    "honba_chips": SettingText("本場チップ", "一枚場: 1本場ごとのチップ（最初の和了者に、0はなし）"),
    "honba_chips_each": SettingText("本場チップ各自", "本場チップは支払う人それぞれから（オフ: 合計で1回）"),
    "wareme": SettingText("割れ目", "割れ目あり（サイコロで決まった人の点とチップのやり取りが倍）"),
    "pocchi": SettingText("ポッチ", "ポッチ牌あり（一発ツモで引いた白が万能牌）"),
    "cosmo": SettingText("コスモリーチ", "コスモリーチ（1筒で宣言すると發と北も万能牌）"),
    "inazuma": SettingText("イナズマリーチ", "イナズマリーチ（1万点棒でリーチ、点数とチップが倍）"),
    "kari_inazuma": SettingText("借りイナズマ", "借りイナズマリーチ（9,900点以下で、和了できなければトビ）"),
    "kari_penalty": SettingText("借りイナズマ慰謝料", "借りイナズマ失敗時にトップへ払う慰謝料"),
    "own_kakan": SettingText("自牌加槓", "宣言の段階で自分の牌で加槓できる"),
    "one_call_each": SettingText("鳴き各自1回", "鳴きは1巡に各自1回まで（オフ: 1巡に全体で1回）"),
    "double_riichi": SettingText("ダブルリーチ", "ダブル立直あり（1巡目、鳴きも槓もない場合）"),
    "tenhou": SettingText("天和", "天和・地和あり（1巡目のツモ、鳴きも槓もない場合）"),
    "agari_yame": SettingText("アガリやめ", "アガリやめあり（オフ: 東4局の親はトップでも続行）"),
    "hints": SettingText("ヒント", "手牌パネルに待ちと受け入れを表示する"),
}
"""Each setting's ``/mahjong new`` option in Japanese (:class:`SettingText`)."""


ZUNO_UI = VariantUI(
    settings_ja=ZUNO_SETTINGS_JA,
    texts={
        # the table, while everyone decides at once (its ron and call windows are never shown:
        # one opens only when someone can claim; see Game.unclaimed)
        "waiting_declare": (
            "▶ Everyone chooses a discard; all four are revealed together once the last one locks in {deadline}",
            "▶ 全員が打牌を選択中。最後の一人が決めると4枚が一斉に公開されます {deadline}",
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
    },
    pages=(TilePage(name="inazuma", kind=InazumaRiichi.kind, prompt="panel_inazuma", button="button_inazuma"),),
    multi_claim=MultiClaim(
        kind=RonOn.kind,
        prompt="panel_zuno_ron",
        claimed="panel_zuno_ron_claimed",
    ),
    calc=VariantCalc(
        calculate=_calculate,
        flags=(
            CalcFlag("zerohatsu", "零発 (2 han) instead of 一発 on this ron"),
            CalcFlag("pocchi", "the wild 白 (--win) stands for this tile", str),
            CalcFlag("inazuma", "イナズマリーチ, points and chips ×2"),
            CalcFlag("wareme", "the winner is 割れ目, all it receives ×2"),
            CalcFlag("honba", "honba, each a chip from each payer (一枚場)", int, default=0),
        ),
        conflicts=ZUNO_CONFLICTS,
        allows=ZUNO_ALLOWS,
    ),
)
