"""いなげ麻雀's yaku, its han→points table (早見表) and the scorer built on the shared one.

The shared :func:`~bot.engine.scoring.score_hand` reads 11-tile hands (3 sets + a pair, the
五対子半 and いなげ国士 shapes) and picks the reading with the most han; this module gives it
いなげ's yaku table (seed list, spec §1.9) and adds what is particular to いなげ afterwards,
because none of it depends on the reading: the discard yaku, the four dora classes (表, 裏,
横, 花), the 四倍満 limit yaku (天和系, リーのみ), 四華開嶺, and the points table.

>>> table = HanTable()
>>> [table.points(han) for han in (1, 2, 3, 4, 8, 12, 16, 19, 20, 25)]
[8, 12, 12, 16, 24, 32, 40, 40, 80, 100]
>>> table.name(12), table.name(20)
('四倍満', '数え切り役満')
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import NoWin, Payment, PointsTable, ScoringRules, score_hand
from bot.engine.shapes import FLOWER_SHIFT, Shape, ShapeRules, count_of, tile_count
from bot.engine.tiles import FLOWERS, NUM_KINDS, Kind, dora_after, parse_kinds
from bot.engine.variants.inage.discards import DiscardYaku, readable
from bot.engine.views import YakuLine
from bot.engine.yaku.base import (
    GREEN_PRESENT,
    Facts,
    Feature,
    Scope,
    Wait,
    Yaku,
    Yakuman,
    nibbles,
)
from bot.engine.yaku.composition import Chinitsu, Chun, Haku, Hatsu, Honitsu, Honroutou, Shousangen, Tanyao
from bot.engine.yaku.context import WinContext
from bot.engine.yaku.sets import Chanta, Iipeikou, Ittsu, Junchan, Pinfu, SanshokuDoukou, Toitoi
from bot.engine.yaku.situational import Chankan, DoubleRiichi, Ippatsu, MenzenTsumo, Riichi, Rinshan
from bot.engine.yaku.table import YakuTable, YakuValue
from bot.engine.yaku.yakuman import Chinroutou, Daisangen, Shousuushii, Tsuuiisou

__all__ = [
    "INAGE_YAKU",
    "HanTable",
    "InagePoints",
    "InageScore",
    "InageScorer",
    "InageWin",
]

_FLOWER_FIELDS = FLOWER_SHIFT
_WIND_PRESENT = nibbles((Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH))
_GREEN_DRAGON = nibbles((Kind.GREEN,))
_RANKS = 0x1FF
_PAIRS = Shape.PAIRS
_KOKUSHI = Shape.KOKUSHI


# --- いなげ's own yaku -----------------------------------------------------------------------------


class EastWind(Yaku):
    """役牌 東: 「常に東と南は役牌」 — a triplet or kan of 東, for everyone, every hand."""

    name = "役牌 東"
    en = "East wind"
    scope = Scope.HAND
    requires = Feature.HONOR

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets >> Kind.EAST & 1


class SouthWind(Yaku):
    """役牌 南: 「常に東と南は役牌」."""

    name = "役牌 南"
    en = "South wind"
    scope = Scope.HAND
    requires = Feature.HONOR

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.honor_triplets >> Kind.SOUTH & 1


class InageKokushi(Yaku):
    """国士無双 (2 han): eleven 么九 tiles, exactly one pair, every other tile a different kind.

    It drops 混老頭, which the shape always has: the seed prices the whole hand at 2.
    """

    name = "国士無双"
    en = "Thirteen orphans (いなげ)"
    scope = Scope.READING
    supersedes = (Honroutou,)
    requires = Feature.KOKUSHI_SHAPE

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _KOKUSHI


class NishokuDoujun(Yaku):
    """二色同順: the same run in 筒子 and 索子 (「{三色同順}ができません。そのかわりに…これ」)."""

    name = "二色同順"
    en = "Two-suit sequence"
    scope = Scope.READING
    requires = Feature.PIN_RUN | Feature.SOU_RUN

    def count(self, facts: Facts, ctx: WinContext) -> int:
        runs = facts.runs
        return (runs >> 9) & (runs >> 18) & _RANKS != 0


class Nakiryuu(Yaku):
    """哭竜和: a ron while holding two or more open melds (an ankan is no 副露; INA-A7)."""

    name = "哭竜和"
    en = "Fu, that's it"
    scope = Scope.HAND
    requires = Feature.OPEN
    excludes = Feature.TSUMO

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not ctx.tsumo and sum(meld.is_open for meld in ctx.melds) >= 2


def _pair_run(facts: Facts) -> int:
    """The longest run of pairs of consecutive numbers in one suit, in a 五対子半 reading."""
    best = 0
    for suit in range(3):
        run = 0
        for rank in range(9):
            if facts.board >> (4 * (9 * suit + rank)) & 0xF == 2:
                run += 1
                best = max(best, run)
            else:
                run = 0
    return best


class SanrenToitsu(Yaku):
    """三連対子: 五対子半 with pairs of three consecutive numbers in one suit."""

    name = "三連対子"
    en = "Three consecutive pairs"
    scope = Scope.READING
    requires = Feature.PAIRS_SHAPE

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _PAIRS and _pair_run(facts) >= 3


class YonrenToitsu(Yaku):
    """四連対子: four consecutive pairs (replaces 三連対子)."""

    name = "四連対子"
    en = "Four consecutive pairs"
    scope = Scope.READING
    supersedes = (SanrenToitsu,)
    requires = Feature.PAIRS_SHAPE

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _PAIRS and _pair_run(facts) >= 4


class GorenToitsu(Yakuman):
    """五連対子: five consecutive pairs and one more tile (「一種の大車輪。一枚余るのがミソ」)."""

    name = "五連対子"
    en = "Five consecutive pairs"
    scope = Scope.READING
    requires = Feature.PAIRS_SHAPE

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _PAIRS and _pair_run(facts) >= 5


# (fields of 1m 1p 1s, the same fields holding two each), and the same for the nines.
_TRIPLE_PAIRS = tuple(
    (sum(0xF << (4 * kind) for kind in kinds), sum(2 << (4 * kind) for kind in kinds))
    for kinds in ((Kind.M1, Kind.P1, Kind.S1), (Kind.M9, Kind.P9, Kind.S9))
)


class SanshokuDoutoi(Yaku):
    """三色同対: 五対子半 with 11m 11p 11s or 99m 99p 99s (「１か９でしか出来ない」)."""

    name = "三色同対"
    en = "Three-suit pairs"
    scope = Scope.READING
    requires = Feature.PAIRS_SHAPE | Feature.MAN | Feature.PIN | Feature.SOU

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is _PAIRS and any(facts.board & fields == want for fields, want in _TRIPLE_PAIRS)


class Ankan(Yaku):
    """暗槓: 2 han per concealed kan (「{暗槓}するだけで２飜付きます」; INA-A8)."""

    name = "暗槓"
    en = "Concealed kan"
    scope = Scope.HAND
    requires = Feature.MELDS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return sum(meld.type is MeldType.ANKAN for meld in ctx.melds)


class Yaridora(Yaku):
    """槍ドラ: a ron on a 西 or 北 that another player has just set aside as 横ドラ."""

    name = "槍ドラ"
    en = "Robbing a side dora"
    scope = Scope.HAND
    excludes = Feature.TSUMO

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not ctx.tsumo and "yaridora" in ctx.flags


class NiAnkou(Yaku):
    """二暗刻: two concealed triplets or kans (a triplet completed by a ron is open)."""

    name = "二暗刻"
    en = "Two concealed triplets"
    scope = Scope.WAIT

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.concealed_triplets == 2


class NiKantsu(Yaku):
    """二槓子: two kans of any type (「２回槓すること」)."""

    name = "二槓子"
    en = "Two kans"
    scope = Scope.HAND
    requires = Feature.MELDS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.kans == 2


def _consecutive_triplets(facts: Facts) -> bool:
    triplets = facts.triplets
    for suit in range(3):
        ranks = triplets >> (9 * suit) & _RANKS
        if ranks & ranks >> 1 & ranks >> 2:
            return True
    return False


class Sanrenkou(Yakuman):
    """三連刻 (closed: 役満): triplets of three consecutive numbers in one suit (INA-A6)."""

    name = "三連刻"
    en = "Three consecutive triplets"
    scope = Scope.READING

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.shape is Shape.REGULAR and _consecutive_triplets(facts)


class SanrenkouOpen(Yaku):
    """三連刻 in an open hand: 6 han (the 「-6」 of 「役満-6」)."""

    name = "三連刻"
    en = "Three consecutive triplets"
    scope = Scope.READING
    requires = Feature.OPEN

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.closed and facts.shape is Shape.REGULAR and _consecutive_triplets(facts)


class Sanankou(Yakuman):
    """三暗刻 (役満): three concealed triplets or kans."""

    name = "三暗刻"
    en = "Three concealed triplets"
    scope = Scope.WAIT
    requires = Feature.CONCEALED3

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.concealed_triplets >= 3


class SanankouTanki(Yakuman):
    """三暗刻単騎 (ダブル役満): 三暗刻 won on the pair, so a ron keeps all three concealed."""

    name = "三暗刻単騎"
    en = "Three concealed triplets, single wait"
    scope = Scope.WAIT
    supersedes = (Sanankou,)
    requires = Feature.CONCEALED3

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.concealed_triplets >= 3 and facts.wait is Wait.TANKI


class Sankantsu(Yakuman):
    """三槓子 (ダブル役満): three kans by one player."""

    name = "三槓子"
    en = "Three kans"
    scope = Scope.HAND
    requires = Feature.MELDS

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return facts.kans >= 3


class InageRyuuiisou(Yakuman):
    """緑一色: only 2s 3s 4s 6s 8s 發, and 發 is required (「發を使わなければならない」)."""

    name = "緑一色"
    en = "All green"
    scope = Scope.HAND
    excludes = Feature.NOT_GREEN

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & ~GREEN_PRESENT and bool(facts.present & _GREEN_DRAGON)


class Kokuiisou(Yakuman):
    """黒一色: only 東南西北; it is always 字一色 and 小四喜 too (「トリプル役満」)."""

    name = "黒一色"
    en = "All winds"
    scope = Scope.HAND
    requires = Feature.HONOR
    excludes = Feature.NUMBER

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.present & ~_WIND_PRESENT


class HaiteiYakuman(Yakuman):
    """海底撈月 (役満): tsumo on the tile that empties the pool, a replacement draw included."""

    name = "海底撈月"
    en = "Under the sea"
    scope = Scope.HAND
    requires = Feature.HAITEI

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.haitei and ctx.tsumo


class HouteiYakuman(Yakuman):
    """河底撈魚 (役満; the seed writes 河底撈月): ron on the discard made after the pool emptied."""

    name = "河底撈魚"
    en = "Under the river"
    scope = Scope.HAND
    requires = Feature.HOUTEI

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return ctx.houtei and not ctx.tsumo


# A flower kept in hand can only be the lone tile of 五対子半; it is no simple, no suit tile and no
# honour, so the yaku about which tiles a hand holds do not apply to a hand holding one.


class _NoFlower(Yaku):
    exact = False

    def count(self, facts: Facts, ctx: WinContext) -> int:
        return not facts.board >> _FLOWER_FIELDS and super().count(facts, ctx)


class InageTanyao(_NoFlower, Tanyao):
    """断么九, and no flower in hand."""


class InageHonitsu(_NoFlower, Honitsu):
    """混一色, and no flower in hand."""


class InageChinitsu(_NoFlower, Chinitsu):
    """清一色, and no flower in hand."""

    supersedes = (InageHonitsu,)


class InageHonroutou(_NoFlower, Honroutou):
    """混老頭, and no flower in hand."""


class InageTsuuiisou(_NoFlower, Tsuuiisou):
    """字一色, and no flower in hand."""


class InageChinroutou(_NoFlower, Chinroutou):
    """清老頭, and no flower in hand."""


_han = YakuValue.han
_yakuman = YakuValue.weight

INAGE_YAKU = YakuTable.of(
    {
        # Ordinary yaku the seed takes for granted (spec §1.9), baseline values.
        Riichi: _han(1),
        DoubleRiichi: _han(2),
        Ippatsu: _han(1),
        MenzenTsumo: _han(1),
        Pinfu: _han(1),
        InageTanyao: _han(1, 1),
        EastWind: _han(1, 1),
        SouthWind: _han(1, 1),
        Haku: _han(1, 1),
        Hatsu: _han(1, 1),
        Chun: _han(1, 1),
        Iipeikou: _han(1),
        Rinshan: _han(1, 1),
        Chankan: _han(1, 1),
        # The seed's list, in its order.
        NishokuDoujun: _han(1, 1),
        Nakiryuu: _han(1, 1),
        SanrenToitsu: _han(1),
        Ankan: _han(2, 2),
        InageKokushi: _han(2),
        Yaridora: _han(3, 3),
        NiAnkou: _han(3, 3),
        YonrenToitsu: _han(4),
        SanshokuDoutoi: _han(4),
        Shousangen: _han(4, 4),
        SanshokuDoukou: _han(6, 5),
        NiKantsu: _han(6, 6),
        Ittsu: _han(6),
        SanrenkouOpen: _han(0, 6),
        Sanrenkou: _yakuman(closed_only=True),
        GorenToitsu: _yakuman(closed_only=True),
        HaiteiYakuman: _yakuman(),
        HouteiYakuman: _yakuman(),
        Sanankou: _yakuman(),
        InageRyuuiisou: _yakuman(),
        Kokuiisou: _yakuman(),
        SanankouTanki: _yakuman(2),
        Sankantsu: _yakuman(2),
        # More ordinary yaku (baseline values) and the standard yakuman an 11-tile hand can make.
        Chanta: _han(2, 1),
        Toitoi: _han(2, 2),
        InageHonroutou: _han(2, 2),
        InageHonitsu: _han(3, 2),
        Junchan: _han(3, 2),
        InageChinitsu: _han(6, 5),
        Daisangen: _yakuman(),
        InageTsuuiisou: _yakuman(),
        Shousuushii: _yakuman(),
        InageChinroutou: _yakuman(),
    }
)
"""「手役解説」 plus the ordinary yaku; 五対子半 (0 han) is a shape, shown by the scorer as a line."""


# --- points ------------------------------------------------------------------------------------------

_MULTIPLE_NAMES = {2: "一飜満貫", 3: "跳満", 4: "倍満", 6: "三倍満", 8: "四倍満", 10: "五倍満"}
_YAKUMAN_NAMES = ("役満", "ダブル役満", "トリプル役満", "四倍役満", "五倍役満", "六倍役満")


@dataclass(frozen=True, slots=True)
class HanTable:
    """The 早見表: points by han, as tiers ``(from han, points)``, then ``per_han`` a han from
    ``kazoe_from`` on (「２０飜以上は数え切り役満といい、１飜につき４点で、どこまでも伸びる」).

    The defaults are INA-A3: 1 han 8, 2–3 12, 4–7 16, 8–11 24, 12–15 32, 16–19 40, 20+ 4 a han;
    a 四倍満 yaku is worth ``yonbaiman`` and each yakuman ``yakuman``.
    """

    tiers: tuple[tuple[int, int], ...] = ((1, 8), (2, 12), (4, 16), (8, 24), (12, 32), (16, 40))
    kazoe_from: int = 20
    per_han: int = 4
    yonbaiman: int = 32
    yakuman: int = 80

    def __post_init__(self) -> None:
        if not self.tiers or self.tiers[0][0] != 1:
            raise ValueError("the points table must start at 1 han")
        hans = [han for han, _ in self.tiers]
        points = [value for _, value in self.tiers]
        if hans != sorted(set(hans)) or points != sorted(points) or points[0] <= 0:
            raise ValueError("the points table needs rising han and points that never fall")
        if self.kazoe_from <= hans[-1] or self.per_han <= 0:
            raise ValueError("数え切り must start above the last tier and add points per han")

    @classmethod
    def parse(cls, text: str, **limits: int) -> HanTable:
        """``"1:8,2:12,4:16"`` -> a table with those tiers (a han count, a colon, its points)."""
        try:
            tiers = tuple(
                (int(han), int(points))
                for han, _, points in (part.strip().partition(":") for part in text.split(",") if part.strip())
            )
        except ValueError as error:
            raise ValueError(f"points table {text!r} is not HAN:POINTS,HAN:POINTS,…") from error
        return cls(tiers, **limits)

    def points(self, han: int) -> int:
        """Points for ``han`` han (0 for none)."""
        if han <= 0:
            return 0
        if han >= self.kazoe_from:
            return self.per_han * han
        value = 0
        for start, points in self.tiers:
            if han >= start:
                value = points
        return value

    def name(self, han: int) -> str:
        """一飜満貫, 跳満 … 五倍満 by the multiple of the 1-han value, or 数え切り役満."""
        if han >= self.kazoe_from:
            return "数え切り役満"
        base = self.tiers[0][1]
        return _MULTIPLE_NAMES.get(2 * self.points(han) // base, "") if 2 * self.points(han) % base == 0 else ""

    def yakuman_name(self, weight: int) -> str:
        """役満, ダブル役満 …"""
        return _YAKUMAN_NAMES[min(weight, len(_YAKUMAN_NAMES)) - 1]


@dataclass(frozen=True, slots=True)
class InagePoints(PointsTable):
    """The shared scorer's view of the 早見表: it ranks readings by what they pay."""

    table: HanTable = HanTable()
    honba_ron: int = 0
    honba_tsumo: int = 0
    deposit: int = 0

    def payment(
        self, han: int, fu: int | None, yakuman: int, *, dealer: bool, tsumo: bool, players: int, kiriage: bool
    ) -> Payment:
        if yakuman:
            value = self.table.yakuman * yakuman
            return Payment(value, 0, 0, value, self.table.yakuman_name(yakuman))
        value = self.table.points(han)
        return Payment(value, 0, 0, value, self.table.name(han))


# --- scoring a win ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InageWin:
    """One winning hand and everything about it that いなげ scores.

    ``concealed`` is a count board of the concealed tiles, the winning tile included; indicator
    and set-aside fields hold kinds. ``set_aside`` is what the winner has set aside and still owns.
    ``discards`` are the winner's discard yaku (see :mod:`.inage_discards`).
    """

    concealed: int
    win_tile: int
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    yaridora: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    set_aside: tuple[int, ...] = ()
    discards: tuple[DiscardYaku, ...] = ()


@dataclass(frozen=True, slots=True)
class InageScore:
    """A scored いなげ win: ``points`` is what the winner gains (and a discarder loses on a ron)."""

    han: int
    yakuman: int
    points: int
    yaku: tuple[YakuLine, ...]
    limit: str = ""
    pairs_shape: bool = False


_LIMIT_YAKU = (
    ("tenhou", "天和", "Blessing of heaven"),
    ("chiihou", "地和", "Blessing of earth"),
    ("renhou", "人和", "Blessing of man"),
)


class InageScorer:
    """Scores いなげ wins, or says a hand is none (not complete, or no yaku)."""

    def __init__(self, shapes: ShapeRules, table: HanTable | None = None, *, dora_counts: bool = False) -> None:
        self.shapes = shapes
        self.table = table or HanTable()
        self.dora_counts = dora_counts
        """INA-A5 option: dora alone satisfy the 1-han minimum."""
        self.rules = ScoringRules(
            shapes=shapes,
            yaku=INAGE_YAKU,
            points=InagePoints(self.table),
            players=3,
            sanma_dora=True,
            red_dora=False,
            ura_dora=False,
            nuki_kind=None,
        )

    def score(self, win: InageWin) -> InageScore | None:
        """The score of a legal win, or None."""
        ctx = WinContext(
            concealed=win.concealed,
            win_tile=win.win_tile,
            melds=win.melds,
            tsumo=win.tsumo,
            # 東 as "seat" and 南 as "round" give their pairs fu, so 平和 refuses them (役牌 pairs).
            seat_wind=Kind.EAST,
            round_wind=Kind.SOUTH,
            riichi=win.riichi or win.double_riichi,
            double_riichi=win.double_riichi,
            ippatsu=win.ippatsu,
            haitei=win.haitei,
            houtei=win.houtei,
            rinshan=win.rinshan,
            chankan=win.chankan,
            flags=frozenset({"yaridora"}) if win.yaridora else frozenset(),
        )
        result = score_hand(ctx, self.rules)
        if isinstance(result, NoWin) and result.reason == NoWin.NOT_COMPLETE:
            return None
        lines: list[YakuLine] = []
        han = yakuman = 0
        if not isinstance(result, NoWin):
            lines = [YakuLine(hit.name, hit.en, hit.han, hit.yakuman) for hit in result.yaku]
            han, yakuman = result.han, result.yakuman
        pairs_shape = not win.melds and tile_count(win.concealed) == 11 and self.shapes.pairs_shanten(win.concealed) < 0
        discard_lines = [
            YakuLine(block.name, block.en, block.han, detail=readable(parse_kinds(block.tiles)))
            for block in win.discards
        ]
        discard_han = sum(block.han for block in win.discards)
        limits = [YakuLine(name, en, 0, detail="四倍満") for flag, name, en in _LIMIT_YAKU if getattr(win, flag)]
        dora = self._dora(win)
        if not (han or yakuman or discard_han or limits or (self.dora_counts and sum(count for _, _, count in dora))):
            return None
        flowers = sum(kind in FLOWERS for kind in win.set_aside)
        if flowers == len(FLOWERS):
            # 四華開嶺: a yakuman, but only on top of a hand that won with some yaku.
            lines = [line for line in lines if line.yakuman]
            lines.append(YakuLine("四華開嶺", "Four flowers", 0, 1))
            yakuman += 1
        if yakuman:
            points = self.table.yakuman * yakuman
            return InageScore(0, yakuman, points, tuple(lines), self.table.yakuman_name(yakuman), pairs_shape)
        dora_lines = [YakuLine(name, en, count) for name, en, count in dora if count]
        total = han + discard_han + sum(line.han for line in dora_lines)
        shape_lines = [YakuLine("五対子半", "Five pairs and a half", 0)] if pairs_shape else []
        lines = shape_lines + lines + discard_lines
        if [line.name for line in lines] == [Riichi.name] and not dora_lines and not limits:
            # 「完全にリーチ以外の役がない場合のボーナス点」: nothing at all but the riichi.
            lines.append(YakuLine("リーのみ", "Riichi only", 0, detail="四倍満"))
            return InageScore(total, 0, self.table.yonbaiman, tuple(lines), "四倍満", pairs_shape)
        lines += limits + dora_lines
        points = self.table.points(total)
        limit = self.table.name(total)
        if limits and self.table.yonbaiman >= points:
            points, limit = self.table.yonbaiman, "四倍満"
        return InageScore(total, 0, points, tuple(lines), limit, pairs_shape)

    def _dora(self, win: InageWin) -> list[tuple[str, str, int]]:
        """表 (indicators and kan indicators), 裏 (riichi only), 横 (set-aside 西北) and 花 dora."""
        held = [count_of(win.concealed, kind) for kind in range(NUM_KINDS)]
        for meld in win.melds:
            held[meld.kind] += meld.size
        omote = sum(held[dora_after(kind, sanma=True)] for kind in win.dora_indicators)
        ura = (
            sum(held[dora_after(kind, sanma=True)] for kind in win.ura_indicators)
            if win.riichi or win.double_riichi
            else 0
        )
        side = sum(kind in (Kind.WEST, Kind.NORTH) for kind in win.set_aside)
        flowers = sum(kind in FLOWERS for kind in win.set_aside)
        return [
            ("ドラ", "Dora", omote),
            ("裏ドラ", "Ura dora", ura),
            ("横ドラ", "Side dora", side),
            ("花ドラ", "Flower dora", flowers),
        ]
