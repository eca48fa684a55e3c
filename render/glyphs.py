"""Every character the renderer may draw: the single source for the committed font subset.

``scripts/subset_font.py`` builds ``render/fonts/`` from :func:`ui_chars` and :func:`tile_chars`,
the emoji font from :func:`emoji_chars` and the sandbox page's symbol font from
:func:`symbol_chars`; the text code leaves out anything in neither list,
so these lists and the committed fonts must change together. A test checks that every character
listed here has a real glyph in the committed font.

The yaku names are listed for readability and review; the kanji of every rule document
(``shared/rules/variants.md`` and the five seeds) are included wholesale in :data:`RULES_KANJI`
so that variants implemented later can print their own yaku without a new font.
"""

from __future__ import annotations

from functools import cache

__all__ = [
    "NAME_EMOJI",
    "NAME_KANJI",
    "PLAYER_TEXT_CHARS",
    "RULES_KANJI",
    "SYMBOL_CHARS",
    "TILE_TEXT",
    "UI_EMOJI",
    "UI_WORDS",
    "YAKU_NAMES",
    "emoji_chars",
    "symbol_chars",
    "tile_chars",
    "ui_chars",
]

TILE_TEXT = "一二三四五六七八九萬東南西北白發中春夏秋冬"
"""The characters printed on tile faces (drawn with the serif tile font)."""

YAKU_NAMES: tuple[str, ...] = (
    "立直",
    "ダブル立直",
    "一発",
    "門前清自摸和",
    "平和",
    "一盃口",
    "断么九",
    "役牌",
    "場風",
    "自風",
    "白",
    "發",
    "中",
    "嶺上開花",
    "槍槓",
    "海底摸月",
    "河底撈魚",
    "三色同順",
    "一気通貫",
    "混全帯么九",
    "七対子",
    "対々和",
    "三暗刻",
    "三色同刻",
    "三槓子",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯么九",
    "混一色",
    "清一色",
    "国士無双",
    "国士無双十三面待ち",
    "四暗刻",
    "四暗刻単騎",
    "大三元",
    "字一色",
    "小四喜",
    "大四喜",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "四槓子",
    "天和",
    "地和",
    "人和",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
    "金ドラ",
    "抜きドラ",
    "花牌",
    "横ドラ",
    "新ピンフ",
    "十三不塔",
    "流し満貫",
    "門前王手飛車",
    "門前オールスター",
    "零発",
    "イナズマリーチ",
    "真似満",
    "数え役満",
)

UI_WORDS: tuple[str, ...] = (
    "満貫",
    "跳満",
    "倍満",
    "三倍満",
    "役満",
    "ダブル役満",
    "トリプル役満",
    "四倍満",
    "流局",
    "聴牌",
    "テンパイ",
    "ノーテン",
    "東1局",
    "南4局",
    "第3局",
    "本場",
    "供託",
    "残り",
    "枚",
    "秒",
    "点",
    "翻",
    "符",
    "飜",
    "親",
    "子",
    "家",
    "局",
    "ツモ",
    "ロン",
    "リーチ",
    "フリテン",
    "待ち",
    "受け入れ",
    "種",
    "チップ",
    "打牌",
    "鳴き",
    "ドラフト",
    "選択",
    "手番",
    "自動",
    "最終結果",
    "位",
    "順位",
    "持ち点",
    "スコア",
    "放銃",
    "和了",
    "九種九牌",
    "四風連打",
    "四家立直",
    "四開槓",
    "三家和",
    "途中流局",
    "山",
    "王牌",
    "表示牌",
    "ポン",
    "チー",
    "カン",
    "暗槓",
    "明槓",
    "加槓",
    "北抜き",
    "抜き",
    "花",
    "いなげ麻雀",
    "ずーの",
    "チンイツゲーム",
    "5等三麻",
    "二色麻雀",
    "席",
    "あなた",
    "期限",
    "合計",
    "変動",
)

RULES_KANJI = (
    "一七万三上下不与両並中久么九了予事二云互五交人介他付代以仮件任伏休伸似位低何余作使例供便係個倍倒借側備働像儀優元先入全八"
    "六共内冬処出分切初判別利制刻前副割力加効動勝化北十千半卓南単印即却原参又双収取受口可台右各合同名向含味呼和員哭問喜喰四回"
    "図国在地域基場塔増壁壊士声変夏外多大天奇好妙始嬉子字存安完定宜宝実宣家対専小少局居展山嶺川巡差席帯帰常平底店度座式引強当"
    "形役待後従得徴心必忘応念思悪想意感慣慰成戦戻手打払扱投抜択持振捨授掛採換摸撃撈支改放故散数整文斉料断新方日早明昔星春是時"
    "普暗更書最月有未本杠条来東林枚果柄某棄棒業極楽概構槍槓様模権横次歓止正殊残段気汰決沙河況法泣注流浅海消混清済渡満滅激点無"
    "然焼燈牌物特状狂狙獲王現理生用由申画略番疏疲発發白百的皆盃盆盛目直相真着瞬知破碑確示祖祝禁私秋称移程種稿積空立竜端竹笑符"
    "第等筋筒箇算箱簡粋精系純紙索細紹終組結絶続緑縛置罰翻老考者聞聴肉背能自臭般良色花若荘華萬落蓮薮藩血衆行術表裁裏裕補複西要"
    "見視覚親解言計託記設許訳話詳認説誰調謝識象負貫責貰賞質赤起超越足跳身車軒載輪辞辺込迎近返述追逃途通連進過達違適選部都配重"
    "金錯録長門開間関阪降限除際雀難零震露青非靠面韓頃項順頭題額類風飛飜食騎高魚鳴麻黄黒鼻"
)
"""Every kanji in ``shared/rules/variants.md`` and the seed texts (extracted once, sorted)."""

NAME_KANJI = (
    "佐藤鈴木高橋田中伊渡辺山本村小林加吉松井上斎清水崎森池石川下島前岡長谷原後近坂福太西金竹内野三浦柴酒工横宮安口丸今"
    "武杉増平塚千葉久保菊沢辻関永服部樋広瀬秋浜菅市谷北堀荒野大和田矢野土屋星黒岩桜尾野沼片桑根本奥岸熊沖須永吉澤濱邊邉齋齊"
    "翔太郎輔健一誠直樹拓也哲雄浩二美咲愛子恵理香奈真由幸智彩優陽葵蓮湊悠人颯結菜芽依凛莉紗希乃亜衣央瑛琴晴海翼陸空蒼碧朝夏冬"
    "春秋月光明輝亮介聡司修治康弘博隆剛彦信忠義正敏英俊勇勝実進昭茂豊稔功孝清和夫男雅秀勉宏賢裕朗一郎次郎花子恵子洋子京都"
    "龍竜虎鷹鶴亀鳳凰雪桃梅桜菊蘭紅玉琉瑠璃咲舞歌詩音響奏涼風嵐雷霧霞雲星宙夢叶希望未来心絆"
)
"""Kanji common in Japanese names, so most players' names draw without placeholders."""

PLAYER_TEXT_CHARS = (
    "体値停偶充公再列募厳去反古号固均報失姿季容届履情慮憶押指搶操敗既映曲替枠格標歴毎浮減準率留省短票管節約経締績"
    "育致覧試語読譜賛退送遊階集▶◀⚠✓"
)
"""What the player texts (messages, buttons, the sandbox page) use beyond the lists above:
``tests/sandbox/test_fonts.py`` reads every text and fails on a character no served font holds."""

UI_EMOJI = "ℹ⏰⏱⚙✅❔👁📄📬🔒🔓🪙🌐🔵🟡"
"""Emoji of the player texts (notices, buttons, the page) that are not among :data:`NAME_EMOJI`."""

SYMBOL_CHARS = "⚀⚁⚂⚃⚄⚅✗"
"""Symbols of the player texts that neither Noto Sans CJK nor Noto Color Emoji draws (the dice
faces of 5等三麻's buttons, a ballot ✗): the sandbox page's symbol font, from DejaVu Sans Bold.
The pictures draw their dice and marks as shapes (``render/chips.py``)."""

NAME_EMOJI: tuple[tuple[str, str], ...] = (
    (
        "Smileys & Emotion",
        "😀😃😄😁😆😅🤣😂🙂🙃🫠😉😊😇🥰😍🤩😘😗☺😚😙🥲😋😛😜🤪😝🤑🤗🤭🫢🫣🤫🤔🫡🤐🤨😐😑😶🫥😏😒🙄😬🤥🫨"
        "😌😔😪🤤😴😷🤒🤕🤢🤮🤧🥵🥶🥴😵🤯🤠🥳🥸😎🤓🧐😕🫤😟🙁☹😮😯😲😳🥺🥹😦😧😨😰😥😢😭😱😖😣😞😓😩😫🥱"
        "😤😡😠🤬😈👿💀☠💩🤡👹👺👻👽👾🤖😺😸😹😻😼😽🙀😿😾🙈🙉🙊💌💘💝💖💗💓💞💕💟❣💔❤🩷🧡💛💚💙🩵💜🤎"
        "🖤🩶🤍💋💯💢💥💫💦💨🕳💬🗨🗯💭💤",
    ),
    ("People & Body/hand-fingers-open", "👋🤚🖐✋🖖🫱🫲🫳🫴🫷🫸"),
    ("People & Body/hand-fingers-partial", "👌🤌🤏✌🤞🫰🤟🤘🤙"),
    ("People & Body/hand-single-finger", "👈👉👆🖕👇☝🫵"),
    ("People & Body/hand-fingers-closed", "👍👎✊👊🤛🤜"),
    ("People & Body/hands", "👏🙌🫶👐🤲🤝🙏"),
    (
        "Animals & Nature",
        "🐵🐒🦍🦧🐶🐕🦮🐩🐺🦊🦝🐱🐈🦁🐯🐅🐆🐴🫎🫏🐎🦄🦓🦌🦬🐮🐂🐃🐄🐷🐖🐗🐽🐏🐑🐐🐪🐫🦙🦒🐘🦣🦏🦛🐭🐁🐀🐹"
        "🐰🐇🐿🦫🦔🦇🐻🐨🐼🦥🦦🦨🦘🦡🐾🦃🐔🐓🐣🐤🐥🐦🐧🕊🦅🦆🦢🦉🦤🪶🦩🦚🦜🪽🪿🐸🐊🐢🦎🐍🐲🐉🦕🦖🐳🐋🐬🦭"
        "🐟🐠🐡🦈🐙🐚🪸🪼🦀🦞🦐🦑🦪🐌🦋🐛🐜🐝🪲🐞🦗🪳🕷🕸🦂🦟🪰🪱🦠💐🌸💮🪷🏵🌹🥀🌺🌻🌼🌷🪻🌱🪴🌲🌳🌴🌵🌾"
        "🌿☘🍀🍁🍂🍃🪹🪺🍄",
    ),
    (
        "Food & Drink",
        "🍇🍈🍉🍊🍋🍌🍍🥭🍎🍏🍐🍑🍒🍓🫐🥝🍅🫒🥥🥑🍆🥔🥕🌽🌶🫑🥒🥬🥦🧄🧅🥜🫘🌰🫚🫛🍞🥐🥖🫓🥨🥯🥞🧇🧀🍖🍗🥩"
        "🥓🍔🍟🍕🌭🥪🌮🌯🫔🥙🧆🥚🍳🥘🍲🫕🥣🥗🍿🧈🧂🥫🍱🍘🍙🍚🍛🍜🍝🍠🍢🍣🍤🍥🥮🍡🥟🥠🥡🍦🍧🍨🍩🍪🎂🍰🧁🥧"
        "🍫🍬🍭🍮🍯🍼🥛☕🫖🍵🍶🍾🍷🍸🍹🍺🍻🥂🥃🫗🥤🧋🧃🧉🧊🥢🍽🍴🥄🔪🫙🏺",
    ),
    ("Travel & Places/sky & weather", "🌑🌒🌓🌔🌕🌖🌗🌘🌙🌚🌛🌜🌡☀🌝🌞🪐⭐🌟🌠🌌☁⛅⛈🌤🌥🌦🌧🌨🌩🌪🌫🌬🌀🌈🌂☂☔⛱⚡❄☃⛄☄🔥💧🌊"),
    (
        "Activities",
        "🎃🎄🎆🎇🧨✨🎈🎉🎊🎋🎍🎎🎏🎐🎑🧧🎀🎁🎗🎟🎫🎖🏆🏅🥇🥈🥉⚽⚾🥎🏀🏐🏈🏉🎾🥏🎳🏏🏑🏒🥍🏓🏸🥊🥋🥅⛳⛸"
        "🎣🤿🎽🎿🛷🥌🎯🪀🪁🔫🎱🔮🪄🎮🕹🎰🎲🧩🧸🪅🪩🪆♟🃏🀄🎴🎭🖼🎨🧵🪡🧶🪢",
    ),
)
"""The emoji people put in names, drawn in colour from ``render/fonts/JantakuEmoji-Regular.ttf``.

Per emoji group (or ``group/subgroup``) of Unicode's ``emoji-test.txt`` (Emoji 16.0): its
fully-qualified emoji of one code point (with U+FE0F dropped) that Noto Color Emoji 2.042 draws,
less the few the UI font already holds as text (♠♥♦♣). Flags, keycaps, skin tones and ZWJ
sequences (families, 🐻‍❄️) are not single code points, so they are left out of names; the groups
were chosen to fit the ~1.5 MB the bundled font may take (``render/fonts/README.md``).
"""

_LATIN = "".join(chr(code) for code in range(0x20, 0x7F))
_LATIN_1 = "".join(chr(code) for code in range(0xA1, 0x100) if code != 0xAD)
# Only the Latin Extended-A letters Noto Sans CJK JP draws; others fall back to their base letter.
_LATIN_EXT_A = "ĀāĂăĐđĒēĚěĨĩĪīŃńŇňŌōŎŏŒœŨũŪūŬŭ"
_GREEK = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρςστυφχψω"
_CYRILLIC = "".join(chr(code) for code in range(0x410, 0x450)) + "Ёё"
_PUNCTUATION = "‐–—―‘’“”†‡•…‰′″※‼⁉←↑→↓↔⇒⇔∞−≈≠≤≥①②③④⑤⑥⑦⑧⑨⑩■□▲△▼▽◆◇○◎●★☆♪♠♣♥♦"
_KANA = "".join(chr(code) for code in range(0x3041, 0x3097)) + "".join(chr(code) for code in range(0x309B, 0x30FF))
_CJK_SYMBOLS = "".join(chr(code) for code in range(0x3000, 0x301D)) + "〜々〆〇"
_FULLWIDTH = "".join(chr(code) for code in range(0xFF01, 0xFF5F))
_HALFWIDTH_KANA = "".join(chr(code) for code in range(0xFF61, 0xFFA0))


@cache
def ui_chars() -> frozenset[str]:
    """Every character the UI font holds; text keeps only these and :func:`emoji_chars`."""
    parts = [
        _LATIN,
        _LATIN_1,
        _LATIN_EXT_A,
        _GREEK,
        _CYRILLIC,
        _PUNCTUATION,
        _KANA,
        _CJK_SYMBOLS,
        _FULLWIDTH,
        _HALFWIDTH_KANA,
        TILE_TEXT,
        RULES_KANJI,
        NAME_KANJI,
        *YAKU_NAMES,
        *UI_WORDS,
        PLAYER_TEXT_CHARS,
    ]
    return frozenset("".join(parts))


@cache
def tile_chars() -> frozenset[str]:
    """The characters of the serif tile-face font."""
    return frozenset(TILE_TEXT + "0123456789")


@cache
def emoji_chars() -> frozenset[str]:
    """The emoji of the colour emoji font (:data:`NAME_EMOJI`, :data:`UI_EMOJI`), one code point each."""
    return frozenset("".join(chars for _, chars in NAME_EMOJI) + UI_EMOJI)


@cache
def symbol_chars() -> frozenset[str]:
    """The characters of the sandbox page's symbol font (:data:`SYMBOL_CHARS`)."""
    return frozenset(SYMBOL_CHARS)
