"""How ずーの is presented: its rules in brief, its call and ron buttons, the イナズマ page, the
multi-ron panel, what the table says in its simultaneous phases, its settings' texts and its help.

Its draft (:class:`~bot.engine.game.Pick`) and its switchable lock-ins (``Game.locked_in``) are
core, shown by the shared panel.
"""

from __future__ import annotations

from bot.engine.variant_ui import HelpRule, MultiClaim, SettingText, TilePage, VariantHelp, VariantUI
from bot.engine.variants.zuno.state import CallChi, CallKan, CallPon, InazumaRiichi, PocchiTsumo, RonOn, ZunoPhase

__all__ = ["ZUNO_HELP", "ZUNO_UI"]

ZUNO_SETTINGS_JA: dict[str, SettingText] = {
    "start_points": SettingText.start_points("オカ20"),
    "return_points": SettingText.return_points(
        "4人×5,000点の差がオカ", "The final score counts from this; the difference is the top's bonus (oka)"
    ),
    "uma": SettingText(
        "ウマ",
        "ウマ（千点単位、2着3着±前の数、1着4着±後の数）",
        english="Uma in thousands: 2nd and 3rd ±first, 1st and 4th ±second",
    ),
    "tobi": SettingText(
        "トビ料", "トビ料（飛ばされた人が飛ばした人に払う）", english="A busted player pays this to whoever busted them"
    ),
    "zerohatsu": SettingText(
        "零発",
        "特殊役 零発（宣言巡の同時打牌でのロン、2翻）",
        english="零発: a ron on a discard revealed with your riichi tile, 2 han",
    ),
    "chips": SettingText(
        "チップ", "チップ枚数: 赤/一発/裏ドラ/零発（各0〜20）", english="Chips for red five / ippatsu / ura dora / 零発"
    ),
    "red_chips_open": SettingText(
        "鳴き赤チップ", "鳴いても赤チップあり", english="Red-five chips count in an open hand too"
    ),
    "noten_chips": SettingText(
        "ノーテンチップ",
        "ノーテン罰符のチップ（ノーテン者が聴牌者それぞれに、0はなし）",
        english="Chips each no-ten player pays each tenpai player (0: none)",
    ),
    "honba_chips": SettingText(
        "本場チップ",
        "一枚場: 1本場ごとのチップ（最初の和了者に、0はなし）",
        english="Chips per honba for the first winner (0: none)",
    ),
    "honba_chips_each": SettingText(
        "本場チップ各自",
        "本場チップは支払う人それぞれから（オフ: 合計で1回）",
        english="Honba chips come from each payer (off: once in all)",
    ),
    "wareme": SettingText(
        "割れ目",
        "割れ目あり（サイコロで決まった人の点とチップのやり取りが倍）",
        english="Wareme: dice pick a player whose transfers are doubled",
    ),
    "pocchi": SettingText(
        "ポッチ",
        "ポッチ牌あり（一発ツモで引いた白が万能牌）",
        english="Pocchi: a 白 drawn on the ippatsu tsumo is wild",
    ),
    "cosmo": SettingText(
        "コスモリーチ",
        "コスモリーチ（1筒で宣言すると發と北も万能牌）",
        english="Cosmo riichi: riichi on a 1p makes 發 and 北 wild too",
    ),
    "inazuma": SettingText(
        "イナズマリーチ",
        "イナズマリーチ（1万点棒でリーチ、点数とチップが倍）",
        english="Inazuma riichi: a 10,000 stick doubles points and chips",
    ),
    "kari_inazuma": SettingText(
        "借りイナズマ",
        "借りイナズマリーチ（9,900点以下で、和了できなければトビ）",
        english="Borrowed inazuma riichi at 9,900 or less; no win means a bust",
    ),
    "kari_penalty": SettingText(
        "借りイナズマ慰謝料",
        "借りイナズマ失敗時にトップへ払う慰謝料",
        english="What a failed borrowed inazuma pays the top player",
    ),
    "own_kakan": SettingText(
        "自牌加槓",
        "宣言の段階で自分の牌で加槓できる",
        english="Kakan with a tile of your own in the riichi and kan step",
    ),
    "one_call_each": SettingText(
        "鳴き各自1回",
        "鳴きは1巡に各自1回まで（オフ: 1巡に全体で1回）",
        english="One call per player each round (off: one call in all each round)",
    ),
    "double_riichi": SettingText(
        "ダブルリーチ",
        "ダブル立直あり（1巡目、鳴きも槓もない場合）",
        english="Double riichi in the first round with no call or kan before",
    ),
    "tenhou": SettingText(
        "天和",
        "天和・地和あり（1巡目のツモ、鳴きも槓もない場合）",
        english="天和 and 地和 in the first round with no call or kan before",
    ),
    "agari_yame": SettingText(
        "アガリやめ",
        "アガリやめあり（オフ: 東4局の親はトップでも続行）",
        english="The dealer of East 4 may stop after a win when top",
    ),
}

ZUNO_HELP = VariantHelp(
    flow=(
        (
            "Draft: each round the start player gets 4 tiles and keeps one (press its tile button), the next "
            "keeps one of the 3 left, and so on. Only the holder sees a packet.",
            "ドラフト: 各ラウンド、SPが4枚から1枚取り（牌のボタンを押す）、残り3枚から次の人が1枚…と回します。"
            "回ってきた牌は持っている人にしか見えません。",
        ),
        (
            "Declare, everyone at once: lock in a discard, a riichi, イナズマリーチ or a tsumo. Your lock is "
            "private and you may switch it until the last player locks in; then all four discards are "
            "revealed together. Kans and riichi are public at once.",
            "宣言（全員同時）: 打牌・リーチ・イナズマリーチ・ツモのどれかで確定します。確定は自分だけに見え、"
            "最後の一人が確定するまで変更できます。そこで4人の捨て牌が一斉に公開。カンとリーチは即公開です。",
        ),
        (
            "Ron phase: if you can win on revealed discards, your panel offers one **Ron on …** button per "
            "discard: take every one you want, then **Done**, before the shared deadline.",
            "ロン: 公開された捨て牌で和了できるとき、捨て牌ごとに **ロン** ボタンが出ます。"
            "ロンしたい牌を全部選んで **終了**（締め切りは全員共通）。",
        ),
        (
            "Calls, everyone at once: claim one revealed discard (**Pon**, **Chi**, **Kan** ← whose), or Pass; "
            "each caller then discards, and that discard may be ronned. The next round starts with the "
            "next start player.",
            "鳴き（全員同時）: 公開された捨て牌を1枚 **ポン**・**チー**・**カン** するか **パス**。"
            "鳴いた人は打牌し、それにもロンできます。次のラウンドはSPが1つずれて始まります。",
        ),
    ),
    actions=(
        "pick",
        "discard",
        "riichi",
        InazumaRiichi.kind,
        "tsumo",
        PocchiTsumo.kind,
        "kan",
        RonOn.kind,
        CallPon.kind,
        CallChi.kind,
        CallKan.kind,
        "pass",
    ),
    buttons={
        "pick": (
            "Takes this tile of the packet into your hand; the rest go to the next player.",
            "回ってきた牌からこの牌を取ります。残りは次の人へ回ります。",
        ),
        InazumaRiichi.kind: (
            "On the ⚡ Inazuma page, each tile locks in イナズマリーチ discarding it: a 10,000-point stick, "
            "the win's points and chips ×2.",
            "⚡ イナズマのページで、押した牌を横に曲げてイナズマリーチを確定します。1万点棒、和了の点数とチップが2倍。",
        ),
        PocchiTsumo.kind: (
            "A tsumo with the wild ポッチ drawn on your ippatsu turn, standing for the tile named.",
            "一発のツモで引いたポッチを、表示された牌として使うツモです。",
        ),
        RonOn.kind: (
            "Wins on that player's revealed discard; press one for every discard you want, then Done.",
            "その人の公開された捨て牌でロンします。ロンしたい牌ごとに押し、最後に「終了」。",
        ),
        CallPon.kind: (
            "Claims that player's revealed discard for a pon; you then discard.",
            "その人の公開された捨て牌をポンします。そのあと打牌します。",
        ),
        CallChi.kind: (
            "Claims the revealed discard of the player before you for a chi with these tiles; you then discard.",
            "上家の公開された捨て牌をこの牌でチーします。そのあと打牌します。",
        ),
        CallKan.kind: (
            "Claims that player's revealed discard for a kan: an open kan with three of your tiles, or "
            "added to your own pon.",
            "その人の公開された捨て牌でカンします: 手牌3枚での大明槓か、自分のポンへの加槓。",
        ),
        "discard": (
            "Locks in this tile as your discard for the round; you may press another until the last player locks in.",
            "この牌をこのラウンドの打牌として確定します。最後の一人が確定するまで押し直せます。",
        ),
        "tsumo": (
            "Locks in a tsumo on the tile you drafted: it wins when the discards are revealed.",
            "ドラフトで取った牌でのツモを確定します。公開の時に和了になります。",
        ),
        "kan": (
            "A concealed kan (or one added to your pon) before you lock in; it is public at once.",
            "確定の前に暗カン（またはポンへの加カン）をします。即公開です。",
        ),
    },
    rules=(
        HelpRule(
            name=("零発: ron in the declaration round", "零発: 宣言したラウンドでロン"),
            text=(
                "A riichi whose ron comes in the very round it was declared: 零発, 2 han, instead of 一発.",
                "リーチを宣言したそのラウンドでのロンは零発（2翻）。一発の代わりです。",
            ),
            tiles="123m456p789s234s55m",
            yaku="零発",
            calc=("--hand", "123m456p789s234s55m", "--win", "5m", "--ron", "--riichi", "--zerohatsu"),
        ),
        HelpRule(
            name=("イナズマリーチ", "イナズマリーチ"),
            text=(
                "Riichi with a 10,000-point stick: the win's points and chips count double.",
                "1万点棒を出すリーチ。和了の点数とチップが2倍になります。",
            ),
            tiles="234567p345678s99s",
            yaku="立直",
            calc=("--hand", "234567p345678s99s", "--win", "2p", "--ron", "--riichi", "--inazuma"),
        ),
    ),
)

ZUNO_UI = VariantUI(
    settings_ja=ZUNO_SETTINGS_JA,
    summary=(
        "4-player riichi with a draft and discards made all at once. 136 tiles with a red five of each suit, "
        "25,000 points each, counted from 30,000 (oka 20), uma 10-30; East only, the dealer staying on a win. "
        "Each round the start player takes 4 tiles and keeps one, the next keeps one of the 3 left, and so "
        "on; then everyone locks in a discard, a riichi or a tsumo, and the four discards are revealed "
        "together. Anyone may ron any of them, then each player may call one (pon, chi or kan). Chips for "
        "red fives, 一発, ura dora and 零発 (a ron on a discard revealed with your riichi tile); 割れ目 "
        "doubles one player's payments; イナズマリーチ with a 10,000 stick doubles the win.",
        "ドラフトと同時打牌の4人リーチ麻雀。各色赤5が1枚ずつの136枚、25,000点持ち30,000点返し（オカ20）、"
        "ウマ10-30、東風戦（和了連荘）。各ラウンド、SPが4枚から1枚取り、残り3枚から次の人が1枚…と回し、"
        "全員が打牌・リーチ・ツモを確定すると4人の捨て牌が一斉に公開されます。どの捨て牌にもロンでき、"
        "そのあと各自1枚だけポン・チー・カンできます。赤・一発・裏ドラ・零発（リーチ宣言牌と同時に公開された"
        "捨て牌でのロン）にチップ。割れ目は1人の支払いが倍、イナズマリーチ（1万点棒）は和了が倍。",
    ),
    new_options=("start_points", "uma", "wareme", "inazuma", "hints"),
    texts={
        # /mahjong stats: a game's final score (Ending._final_scores), and what it is
        "stats_score_zuno": ("{score:+,.1f} pt", "{score:+,.1f}pt"),
        "stats_about_zuno": (
            "A game's score, in pt, is your points at the end minus the return points, in thousands, plus the uma "
            "for your place and the oka if you were top (and any bust or borrowed-inazuma transfers); a table's "
            "add up to 0.",
            "対局のスコア（pt）は終了時の持ち点から返し点を引いて千点単位にし、順位のウマとトップのオカ（トビ賞・借り"
            "イナズマの精算も）を加えたものです。卓の合計は0です。",
        ),
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
            "⚡ Inazuma riichi (10,000-point stick): choose the tile to discard sideways",
            "⚡ イナズマリーチ（1万点棒）: 横に曲げる牌を選んでください",
        ),
        # the ron phase: every revealed discard the seat can win on, one click each
        "panel_zuno_ron": (
            "▶ You may ron any of the revealed discards — several if you can, one button each — "
            "before the shared deadline",
            "▶ 公開された捨て牌のどれでもロンできます（複数可・1枚ずつ選択）。締め切りは全員共通です",
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
    help=ZUNO_HELP,
)
