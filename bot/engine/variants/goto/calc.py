"""The calc CLI's 5等三麻 scorer: ``python -m bot.engine.calc --variant goto …`` (its options and
calculator are :data:`GOTO_CALC`).

Besides the usual hand, melds and flags it takes ``--nuki N`` (北 pulled), ``--flowers "1f2f"``
(the flowers the winner pulled: 1f 春, 2f 夏, 3f 秋, 4f 冬), ``--open-riichi`` (オープン立直, a
riichi), ``--pocchi TILE`` (the winning tsumo is the 白ポッチ standing for TILE: ``--win`` is then
that tile, or the ``0z`` itself; 即ポッチ with ``--ippatsu``) and ``--honba N`` (2,000 a honba:
the discarder pays it, or 1,000 each on a tsumo). ``--dora`` and ``--ura`` may show flowers: an
indicator flower gives its season to the winner (an ura one only to a riichi winner) and never
counts towards 4華 (GTS-A13). ``g`` is a gold five (``gp``; ``g5p`` is a gold and a plain 5p).

Everything is worth what :func:`~bot.engine.variants.goto.assess.assess_win` says with the
default :class:`~bot.engine.variants.goto.settings.GotoSettings`. The output adds ``rank`` (the
tier, and the han and fu after 夏), ``honba`` (the points they add to ``total``, which leaves
the riichi deposits out), ``chips`` (what each payer hands over for the hand itself, the total
and the items, 春 and the 4北4華 jackpot included; Alice is flipped at the table, so it is not),
``dice`` (the rolls the win earns, 0 for none) and ``dice_items``, ``seasons`` (the season
effects applied) and ``flowers`` (the flowers pulled).
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine.calculator.checks import check_hand_size, check_three_player_table, check_tile_limits, check_two_manzu
from bot.engine.calculator.request import CalcError, CalcRequest, option_tile, option_tiles
from bot.engine.calculator.result import CalcChips, CalcResult, JsonObject, hand_result
from bot.engine.calculator.standard import win_context
from bot.engine.calculator.variant import CalcFlag, VariantCalc
from bot.engine.melds import MeldType
from bot.engine.scoring import NoWin
from bot.engine.tiles import FLOWERS, Kind, Tile, kind_name
from bot.engine.variants.goto.assess import Seasons, WinAssessment, assess_win
from bot.engine.variants.goto.chips import WinChips, spring_chips
from bot.engine.variants.goto.dice import DiceTriggers
from bot.engine.variants.goto.points import Rank, honba_share
from bot.engine.variants.goto.settings import GotoSettings
from bot.engine.variants.goto.shapes import goto_limits
from bot.engine.variants.goto.tiles import goto_tileset
from bot.engine.variants.goto.yaku import OPEN_RIICHI

__all__ = ["GOTO_CALC", "GotoExtras", "calculate_goto"]

VARIANT = "5等三麻"
SEASONS = ("spring", "summer", "autumn", "winter")
"""The seasons in kind order (1f 春, 2f 夏, 3f 秋, 4f 冬)."""
_ROUNDS = frozenset({Kind.EAST, Kind.SOUTH, Kind.WEST})
"""East, the conditional South, and the sudden-death West of GTS-A11."""
_KANS = frozenset({MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN})
_FACE_NOTE: dict[int, str] = {
    Kind.P5: " (5p is 2 plain, a red 0p and a gold gp)",
    Kind.S5: " (5s is 2 plain, a red 0s and a gold gs)",
    Kind.WHITE: " (白 is 3 plain and the 白ポッチ 0z)",
}


@functools.cache
def _set_copies() -> tuple[int, ...]:
    """Tiles of each kind in the 124 (flowers included)."""
    return goto_tileset().copies()


@functools.cache
def _set_faces() -> Counter[Tile]:
    """Tiles of each face in the 124: 5p and 5s 黒黒赤金, one 白ポッチ."""
    return goto_tileset().faces()


def calculate_goto(request: CalcRequest) -> CalcResult:
    """Score a 5等三麻 request: the scored hand, or raise :class:`~bot.engine.calculator.CalcError`."""
    settings = GotoSettings()
    nuki = request.number("nuki") or 0
    honba = request.number("honba") or 0
    open_riichi = request.flag("open-riichi")
    riichi = request.riichi or open_riichi
    _check_situation(request, nuki=nuki, honba=honba, settings=settings)
    flowers = _flowers(request.words("flowers"))
    concealed, win, pocchi = _pocchi(request, riichi=riichi)
    # The tiles the winner shows: the 白ポッチ itself where it stands for another tile.
    physical = [*_shown(request, pocchi), *(tile for _, tiles in request.melds for tile in tiles)]
    _check_tiles(request, scored=concealed, physical=physical, nuki=nuki, flowers=flowers)
    check_hand_size(len(concealed), len(request.melds), what="a 5等三麻 win")
    seasons = _seasons(request, flowers, riichi=riichi, settings=settings)
    red = sum(tile.red for tile in physical)
    gold = sum(tile.gold for tile in physical)
    ctx = dataclasses.replace(
        win_context(request, concealed=concealed, win_tile=win),
        riichi=riichi,
        red_dora=red + gold,
        nuki_dora=nuki,
        flags=frozenset({OPEN_RIICHI}) if open_riichi else frozenset(),
    )
    assessed = assess_win(ctx, settings, seasons=seasons, red=red, gold=gold, north=nuki, pocchi=pocchi)
    if isinstance(assessed, NoWin):
        raise CalcError(assessed.reason)
    score, rank = assessed.score, assessed.rank
    chips = _chips(assessed, seasons, settings)
    return hand_result(
        request,
        score,
        honba_share=honba_share(honba, tsumo=request.tsumo),
        tsumo_payers=2,
        chips=CalcChips(chips.per_payer(), chips.total(), chips.to_json()),
        pocchi=kind_name(win) if pocchi else None,
        extras=GotoExtras(
            rank=rank,
            dice=assessed.dice,
            seasons=seasons,
            alice=_alice_name(request, pocchi, settings) if seasons.winter else None,
        ),
    )


@dataclass(frozen=True)
class GotoExtras:
    """What a 5等三麻 result shows beside the shared parts: the rank after 夏 (before the yaku), then
    the dice the win earns, the season effects applied, the flowers pulled and, with a 冬, what it
    flips at the table (after the chips)."""

    rank: Rank
    dice: DiceTriggers
    seasons: Seasons
    alice: str | None = None
    """冬's flip: アリス, or 半チューリップ on an ippatsu or 白ポッチ tsumo; None without a 冬."""

    def head_json(self) -> JsonObject:
        """The rank: its tier, and the han and fu after 夏."""
        return {"rank": {"tier": self.rank.tier.name.lower(), "han": self.rank.han, "fu": self.rank.fu}}

    def tail_json(self) -> JsonObject:
        """The dice (0 for none) and their items, the seasons applied, the flowers pulled, the flip."""
        counts = _season_counts(self.seasons)
        shown: JsonObject = {
            "dice": self.dice.rolls,
            "dice_items": dict(self.dice.items),
            "seasons": {name: count for name, count in zip(SEASONS, counts, strict=True) if count},
            "flowers": self.seasons.pulled,
        }
        if self.alice is not None:
            shown["alice"] = self.alice
        return shown


# --- the request's situation -------------------------------------------------------------------------


def _check_situation(request: CalcRequest, *, nuki: int, honba: int, settings: GotoSettings) -> None:
    """Refuse options the table could never have produced together, besides the conflicts of
    flags every variant refuses (:meth:`~bot.engine.calculator.VariantCalc.check_situation`: 一発
    without a riichi, 海底 on a ron, a dealer off the East seat…)."""
    rule = "the game plays East, South if the top is below 40,000, then a sudden-death West"
    check_three_player_table(request, nuki=nuki, honba=honba, rounds=_ROUNDS, round_rule=rule)
    for option, indicators in (("dora", request.dora), ("ura", request.ura)):
        if len(indicators) > settings.indicator_slots:
            raise CalcError(f"--{option}: at most {settings.indicator_slots} indicators are shown (2, and one a kan)")
    kans = sum(meld_type in _KANS for meld_type, _ in request.melds)
    if kans > settings.indicator_slots - 2:
        most = settings.indicator_slots - 2
        raise CalcError(f"--melds: {kans} kans, but a kan needs a new indicator, so a hand has {most} at most")
    if any(meld_type is MeldType.CHI for meld_type, _ in request.melds):
        raise CalcError("--melds: three-player mahjong has no chi (pon and kan only)")


def _flowers(text: str | None) -> list[int]:
    """``--flowers``: the flower kinds the winner pulled (at most 4 of a season: the set has 4)."""
    tiles = option_tiles(text or "", "flowers")
    for tile in tiles:
        if tile.kind not in FLOWERS:
            raise CalcError(f"--flowers: {tile} is not a flower (1f 春, 2f 夏, 3f 秋, 4f 冬)")
    kinds = [tile.kind for tile in tiles]
    for kind in sorted(set(kinds)):
        if kinds.count(kind) > _set_copies()[kind]:
            raise CalcError(f"--flowers: {kinds.count(kind)} × {kind_name(kind)}, the {VARIANT} set has 4 of a season")
    return kinds


def _pocchi(request: CalcRequest, *, riichi: bool) -> tuple[list[int], int, bool]:
    """The concealed kinds as scored, the winning kind, and whether the 白ポッチ won.

    ``--pocchi TILE`` is a tsumo on the 白ポッチ standing for TILE: ``--win`` is TILE (a plain
    tile: a wild is no red or gold five) or the ``0z`` itself (as in ずーの's calc)."""
    kinds = [tile.kind for tile in request.hand]
    text = request.words("pocchi")
    if text is None:
        return kinds, request.win.kind, False
    stand = option_tile(text, "pocchi").kind
    if stand in FLOWERS:
        raise CalcError(f"--pocchi: the 白ポッチ stands for a tile of the hand, not the flower {kind_name(stand)}")
    if not (request.tsumo and riichi):
        raise CalcError("--pocchi: the 白ポッチ is wild only on a riichi player's tsumo (--tsumo and a riichi)")
    if request.win.pocchi:
        kinds.remove(Kind.WHITE)
        kinds.append(stand)
    elif request.win.kind != stand:
        raise CalcError(f"--pocchi: --win must be the tile the 白ポッチ stands for ({kind_name(stand)}) or 0z itself")
    elif request.win.red or request.win.gold:
        raise CalcError(f"--pocchi: the 白ポッチ stands for a plain {kind_name(stand)}, not {request.win}")
    return kinds, stand, True


def _shown(request: CalcRequest, pocchi: bool) -> list[Tile]:
    """The concealed tiles the winner shows: the 白ポッチ in place of the tile it stands for."""
    hand = list(request.hand)
    if pocchi and not request.win.pocchi:
        hand.remove(request.win)
        hand.append(Tile(Kind.WHITE, pocchi=True))
    return hand


def _check_tiles(
    request: CalcRequest, *, scored: Sequence[int], physical: Sequence[Tile], nuki: int, flowers: Sequence[int]
) -> None:
    """Refuse what the 124 cannot hold: flowers or 2m–8m in the hand, a kind past its 4 copies
    (the 白ポッチ's too), more of a face than the set has (黒黒赤金 fives, one 白ポッチ), or more
    of a kind than the set has counting the indicators, the pulled 北 and the pulled flowers."""
    # Every kind of the hand as scored: the 白ポッチ as the tile it stands for.
    held = [*scored, *(tile.kind for _, tiles in request.melds for tile in tiles)]
    for tile in physical:
        if tile.back is not None:
            raise CalcError(f"{tile}: the {VARIANT} set has no coloured backs")
    check_two_manzu(held, VARIANT)
    for kind in sorted(set(held)):
        if kind in FLOWERS:
            raise CalcError(f"{kind_name(kind)}: flowers are pulled, never part of a hand (give them with --flowers)")
    pocchi = request.words("pocchi") is not None
    check_tile_limits(held, goto_limits(), VARIANT, " (the 白ポッチ cannot be a fifth copy)" if pocchi else "")
    faces = Counter(physical)
    for face, count in sorted(faces.items(), key=lambda item: (item[0].kind, str(item[0]))):
        limit = _set_faces()[face]
        if count > limit:
            what = "the 白ポッチ" if face.pocchi else f"{_face_name(face)} {kind_name(face.kind)}"
            raise CalcError(f"{count} × {what}: the {VARIANT} set has {limit}{_FACE_NOTE.get(face.kind, '')}")
    shown = [*(tile.kind for tile in physical), *request.dora, *request.ura, *[Kind.NORTH] * nuki, *flowers]
    note = " (counting the indicators, the pulled 北 and the pulled flowers)"
    check_tile_limits(shown, _set_copies(), VARIANT, note)


def _face_name(tile: Tile) -> str:
    if tile.red:
        return "red"
    if tile.gold:
        return "gold"
    return "plain"


def _seasons(request: CalcRequest, flowers: Iterable[int], *, riichi: bool, settings: GotoSettings) -> Seasons:
    """The seasons the winner holds: those it pulled and, with ``flower_indicators`` (GTS-A13),
    the flowers among the dora indicators, and among the ura ones for a riichi winner."""
    pulled = list(flowers)
    effects = list(pulled)
    if settings.flower_indicators:
        effects += [kind for kind in request.dora if kind in FLOWERS]
        if riichi:
            effects += [kind for kind in request.ura if kind in FLOWERS]
    return Seasons(
        spring=effects.count(Kind.SPRING),
        summer=effects.count(Kind.SUMMER),
        autumn=effects.count(Kind.AUTUMN),
        winter=effects.count(Kind.WINTER),
        pulled=len(pulled),
    )


def _season_counts(seasons: Seasons) -> tuple[int, int, int, int]:
    return seasons.spring, seasons.summer, seasons.autumn, seasons.winter


def _chips(assessed: WinAssessment, seasons: Seasons, settings: GotoSettings) -> WinChips:
    """The win's chips and what else the hand decides: 春 (``F`` a Spring from each opponent, ``F``
    the flowers pulled, :func:`spring_chips`) and the 4北4華 jackpot from each opponent."""
    chips = assessed.chips
    if not settings.chips:
        return chips
    spring = -spring_chips([seasons.spring, 0, 0], [seasons.pulled, 0, 0])[1]
    extra = (("春", spring), ("4北4華", assessed.dice.jackpot))
    return dataclasses.replace(chips, from_all=chips.from_all + tuple(item for item in extra if item[1]))


def _alice_name(request: CalcRequest, pocchi: bool, settings: GotoSettings) -> str:
    """冬's flips at the table: 半チューリップ on an ippatsu or 白ポッチ tsumo, else アリス."""
    half = settings.half_tulip and request.tsumo and (request.ippatsu or pocchi)
    return "半チューリップ" if half else "アリス"


GOTO_CALC = VariantCalc(
    calculate=calculate_goto,
    flags=(
        CalcFlag("nuki", "北 pulled as 抜きドラ (0-4)", int, default=0),
        CalcFlag("flowers", "the flowers the winner pulled, e.g. 1f2f (1f 春 2f 夏 3f 秋 4f 冬)", str),
        CalcFlag("open-riichi", "オープン立直: a riichi worth 2 han (implies --riichi)", riichi=True),
        CalcFlag("pocchi", "the winning tsumo is the 白ポッチ standing for this tile (--win)", str),
        CalcFlag("honba", "honba, 2,000 points each (1,000 from each payer on a tsumo)", int, default=0),
    ),
)
"""The variant's calc options and calculator."""
