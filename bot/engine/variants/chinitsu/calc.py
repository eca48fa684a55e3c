"""The calc CLI's チンイツゲーム scorer: ``python -m bot.engine.calc --variant chinitsu …`` (its
options, conflicts and calculator are :data:`CHINITSU_CALC`).

Besides the usual hand, melds and flags it takes ``--nuki N`` (北 pulled as 抜きドラ) and
``--honba N`` (1,000 a honba in all: the discarder pays it, or 500 each on a tsumo). Tiles may
carry their back colour (``B123p``, ``Y11z``): a hand whose every tile shows one colour is 背一色;
``--win 7p``, written without one, is the hand's 7p whatever its back.
Every five of the suit is red (「5の牌は全て赤」), however it is written. Kans take 4 to 8 tiles
(``kan:55555p`` open, ``ankan:1111p`` concealed). The output adds ``honba`` (the points they
add to ``total``) and ``chips``: what each payer hands over, the total, and the items.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Iterable

from bot.engine.calculator.checks import check_hand_size, check_three_player_table, check_tile_limits, check_two_manzu
from bot.engine.calculator.conflicts import CalcConflict, no_chi
from bot.engine.calculator.request import CalcError, CalcRequest, request_tiles
from bot.engine.calculator.result import CalcChips, CalcResult, hand_result
from bot.engine.calculator.standard import win_context
from bot.engine.calculator.variant import CalcFlag, VariantCalc
from bot.engine.scoring import NoWin
from bot.engine.tiles import Back, Kind, Suit, Tile, kind_name, suit_of
from bot.engine.variants.chinitsu.payments import win_chips
from bot.engine.variants.chinitsu.points import honba_share
from bot.engine.variants.chinitsu.settings import ChinitsuSettings
from bot.engine.variants.chinitsu.shapes import chinitsu_limits, chinitsu_shapes
from bot.engine.variants.chinitsu.yaku import ONE_BACK, ChinitsuScorer, contexts_by_wait, sakizuke_refusal

__all__ = ["CHINITSU_ALLOWS", "CHINITSU_CALC", "CHINITSU_CONFLICTS", "MAX_KAN", "calculate_chinitsu"]

VARIANT = "チンイツゲーム"
MAX_KAN = 8
"""「5枚目以降のカンができます」: a kan grows to all 8 copies of a number tile."""
_REDS = frozenset({Kind.P5, Kind.S5})
_ROUNDS = frozenset({Kind.EAST, Kind.SOUTH})

CHINITSU_CONFLICTS = (
    CalcConflict(
        "rinshan-without-kan-or-north",
        "嶺上開花 (--rinshan) needs a kan in the hand (--melds) or a pulled 北 (--nuki): only their replacements "
        "are rinshan draws",
        lambda r: r.rinshan and not r.has_kan and not r.number("nuki"),
    ),
    CalcConflict(
        "ippatsu-and-kan-rinshan",
        "一発 (--ippatsu) and 嶺上開花 (--rinshan) cannot both apply unless the replacement was for a pulled 北 "
        "(--nuki): a kan ends the ippatsu",
        lambda r: r.ippatsu and r.rinshan and not r.number("nuki"),
    ),
    no_chi("チンイツゲーム is three-player mahjong: no chi, --melds takes pon and kan only"),
)
"""What チンイツゲーム's game never produces, besides the shared conflicts it does not waive."""

CHINITSU_ALLOWS = frozenset({"rinshan-without-kan", "ippatsu-and-rinshan", "first-turn-and-rinshan"})
"""Shared conflicts チンイツゲーム's game does produce: a tsumo on the tile replacing a pulled 北 is
嶺上開花 (``north_rinshan``, on; ``docs/rules/chinitsu.md`` 42), and pulling 北 is no call, so it
ends neither the ippatsu nor the first go-around (天和 on a North's replacement)."""


@functools.cache
def _scorer() -> ChinitsuScorer:
    return ChinitsuScorer.from_settings(ChinitsuSettings())


def calculate_chinitsu(request: CalcRequest) -> CalcResult:
    """Score a チンイツゲーム request: the scored hand, or raise :class:`~bot.engine.calculator.CalcError`."""
    settings = ChinitsuSettings()
    nuki = request.number("nuki") or 0
    honba = request.number("honba") or 0
    check_three_player_table(
        request, nuki=nuki, honba=honba, rounds=_ROUNDS, round_rule="the game plays East and South rounds"
    )
    tiles = request_tiles(request)
    indicators = [*request.dora, *request.ura]
    suit = _check_tiles(tiles, indicators, nuki)
    check_hand_size(len(request.hand), len(request.melds), what="a チンイツゲーム win")
    backs = {tile.back for tile in tiles}
    ctx = dataclasses.replace(
        win_context(request),
        red_dora=sum(tile.kind in _REDS for tile in tiles),
        nuki_dora=nuki,
        renhou=False,  # no 人和 in the table: a first-turn ron is scored as any other
        flags=frozenset({ONE_BACK}) if len(backs) == 1 and None not in backs else frozenset(),
    )
    scorer = _scorer()
    result = scorer.evaluate(ctx)
    if isinstance(result, NoWin):
        raise CalcError(result.reason)
    # 「後ヅケ無し、確定１翻縛り。ただし面前王手飛車は有効」: refused as the game refuses it.
    shapes = chinitsu_shapes(repeated_pairs=settings.repeated_pairs, kokushi=settings.kokushi, suit=suit)
    refusal = sakizuke_refusal(scorer, contexts_by_wait(ctx, shapes))
    if refusal:
        raise CalcError(refusal)
    share = honba_share(honba, tsumo=request.tsumo, each_payer=settings.honba_each_payer)
    chips = win_chips(ctx, result, settings)
    return hand_result(
        request,
        result,
        show_fu=scorer.points.uses_fu,
        honba_share=share,
        tsumo_payers=2,
        chips=CalcChips(chips.per_payer(), chips.total, chips.to_json()),
    )


def _check_tiles(tiles: Iterable[Tile], indicators: Iterable[int], nuki: int) -> Suit | None:
    """Refuse tiles the hand's 108 cannot hold: 2m–8m, flowers, both number suits, more copies
    than the set has (indicators and pulled 北 are tiles of it too), or more of one back colour
    than the set has (half of each kind). Returns the hand's number suit (None: it has none)."""
    tiles = list(tiles)
    kinds = [tile.kind for tile in tiles] + list(indicators) + [Kind.NORTH] * nuki
    check_two_manzu(kinds, VARIANT)
    for kind in sorted(set(kinds)):
        if suit_of(kind) is Suit.FLOWER:
            raise CalcError(f"{kind_name(kind)}: the {VARIANT} set has no flowers")
    suits = {suit_of(kind) for kind in kinds} & {Suit.PIN, Suit.SOU}
    if len(suits) > 1:
        raise CalcError("a hand plays one number suit: pinzu and souzu together cannot be in it")
    suit = suits.pop() if suits else None
    limits = chinitsu_limits(suit)
    note = " (counting the indicators and the pulled 北)" if indicators or nuki else ""
    check_tile_limits(kinds, limits, VARIANT, note)
    faces = Counter((tile.kind, tile.back) for tile in tiles if tile.back is not None)
    for (kind, back), count in sorted(faces.items(), key=lambda item: (item[0][0], item[0][1].value)):
        if count > limits[kind] // 2:
            colour = "blue" if back is Back.BLUE else "yellow"
            raise CalcError(f"{count} × {colour} {kind_name(kind)}: the {VARIANT} set has {limits[kind] // 2}")
    return suit


CHINITSU_CALC = VariantCalc(
    calculate=calculate_chinitsu,
    flags=(
        CalcFlag("nuki", "北 pulled as 抜きドラ (0-4)", int, default=0),
        CalcFlag("honba", "honba, 1,000 points each in all (500 from each payer on a tsumo)", int, default=0),
    ),
    max_kan=MAX_KAN,
    conflicts=CHINITSU_CONFLICTS,
    allows=CHINITSU_ALLOWS,
)
"""The variant's calc options and calculator: 「5枚目以降のカンができます」, so a kan has up to 8 tiles."""
