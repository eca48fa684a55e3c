"""The calc CLI's いなげ麻雀 scorer: ``python -m bot.engine.calc --variant inage …``.

Besides the usual hand, melds and flags, いなげ reads the winner's river in order (``--river``,
for the discard yaku), where the riichi tile lies in it (``--riichi-at``), the tiles the winner
has set aside (``--set-aside``, 横ドラ and 花ドラ) and whether the win robbed a set-aside 西 or 北
(``--robbed-set-aside``, 槍ドラ). 真似満 needs the other rivers and their timing, which the CLI
does not take; the game scores it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.engine.calculator.checks import check_hand_size, check_tile_limits
from bot.engine.calculator.conflicts import CalcConflict, no_chi
from bot.engine.calculator.request import CalcError, CalcRequest, option_tiles, request_tiles
from bot.engine.calculator.result import CalcResult, yaku_lines
from bot.engine.calculator.standard import win_context
from bot.engine.calculator.variant import CalcFlag, VariantCalc
from bot.engine.tiles import Kind
from bot.engine.variants.inage.discards import discard_yaku
from bot.engine.variants.inage.game import inage_shapes
from bot.engine.variants.inage.settings import InageSettings
from bot.engine.variants.inage.yaku import InageScorer, InageWin
from bot.engine.yaku.context import WinContext

__all__ = ["INAGE_ALLOWS", "INAGE_CALC", "INAGE_CONFLICTS", "calculate_inage"]

INAGE_CONFLICTS = (
    CalcConflict(
        "dama-ron",
        "ダマテン無し (「手牌が１０枚のときはリーチを掛けなければロンあがりできない（人和を除く）」): a closed いなげ "
        "hand (no pon or kan in --melds) may ron only in riichi (--riichi) or as 人和 (--first-turn); an ankan is "
        "enough (「暗槓さえすればダマでロンできます」)",
        lambda r: not r.tsumo and not r.melds and not r.riichi and not r.first_turn,
    ),
    no_chi("いなげ has no chi (「チーは無し」): --melds takes pon and kan only"),
    CalcConflict(
        "first-draw-after-riichi",
        "天和/地和 (--first-turn with --tsumo) are won on the winner's first draw, before any discard: there is no "
        "riichi yet (--riichi, --double-riichi)",
        lambda r: r.first_turn and r.tsumo and r.riichi,
    ),
    CalcConflict(
        "renhou-after-plain-riichi",
        "人和 (--first-turn) after a riichi: a riichi in the first go-around is on the winner's first discard, a "
        "ダブル立直 (--double-riichi, not --riichi)",
        lambda r: r.first_turn and r.riichi and not r.double_riichi,
    ),
    CalcConflict(
        "robbed-set-aside-and-chankan",
        "槍ドラ (--robbed-set-aside) and 搶槓 (--chankan) cannot both apply: the tile robbed was set aside, not added "
        "to a kan",
        lambda r: r.flag("robbed-set-aside") and r.chankan,
    ),
    CalcConflict(
        "robbed-set-aside-and-houtei",
        "槍ドラ (--robbed-set-aside) and 河底 (--houtei) cannot both apply: a tile set aside is no discard, and none "
        "is set aside once the pool is empty",
        lambda r: r.flag("robbed-set-aside") and r.houtei,
    ),
)
"""What いなげ's game never produces, besides the shared conflicts (``docs/rules/inage.md`` 06, 09, 17, 18, 47)."""

INAGE_ALLOWS = frozenset({"haitei-and-rinshan", "first-turn-and-riichi", "renhou-for-dealer", "dealer-not-east"})
"""Shared conflicts いなげ's game does produce: with no dead wall the tile that empties the pool may
be a kan's replacement (海底 and 嶺上 at once, rule 53); 人和 is any ron before the starter draws
again, so it may follow the winner's own ダブル立直 and may be the starter's (rule 47); there is no
dealer and no seat wind, so ``--dealer`` marks the starter on any ``--seat``."""


def calculate_inage(request: CalcRequest) -> CalcResult:
    """Score an いなげ request: the scored hand, or raise :class:`~bot.engine.calculator.CalcError`."""
    settings = InageSettings()
    shapes = inage_shapes()
    scorer = InageScorer(shapes, settings.han_table())
    river = tuple(tile.kind for tile in option_tiles(request.words("river") or "", "river"))
    set_aside = tuple(tile.kind for tile in option_tiles(request.words("set-aside") or "", "set-aside"))
    riichi_at = request.number("riichi-at")
    robbed = request.flag("robbed-set-aside")
    # Set-aside tiles and the river are tiles of the set too: they count against its copies.
    held = [tile.kind for tile in request_tiles(request)] + list(set_aside) + list(river)
    check_tile_limits(held, shapes.limits, request.variant)
    check_hand_size(len(request.hand), len(request.melds), sets=3, what="an いなげ win")
    if robbed and (request.tsumo or request.win.kind not in (Kind.WEST, Kind.NORTH)):
        raise CalcError("--robbed-set-aside (槍ドラ) is a ron on a set-aside 西 or 北")
    if riichi_at is not None and not (request.riichi and 0 <= riichi_at < len(river)):
        raise CalcError("--riichi-at needs --riichi and the index of the riichi tile in --river")
    riichi_at = riichi_at if request.riichi else None
    # いなげ has no dealer: whoever starts the hand wins 天和 (only ``--dealer`` says so).
    ctx = win_context(dataclasses.replace(request, dealer=request.starter))
    win = _inage_win(
        ctx,
        riichi=ctx.riichi and not ctx.double_riichi,
        yaridora=robbed,
        set_aside=set_aside,
        discards=discard_yaku(river, riichi_at, rules=settings.discard_rules()) if river else (),
    )
    result = scorer.score(win)
    if result is None:
        raise CalcError("no yaku" if shapes.is_agari(win.concealed) else "not a complete hand")
    return CalcResult(
        variant=request.variant,
        han=result.han,
        fu=None,
        yakuman=result.yakuman,
        limit=result.limit,
        yaku=yaku_lines(result.yaku),
        total=result.points,
        # 「自模は点が増えるだけで、振り込みはマイナスがつく」: nobody pays for a tsumo.
        payments={} if request.tsumo else {"discarder": result.points},
    )


_CONTEXT_FIELDS = frozenset(field.name for field in dataclasses.fields(WinContext))


def _inage_win(ctx: WinContext, **inage: Any) -> InageWin:
    """The standard context as いなげ's win: every field the two share, then いなげ's own (and what
    it reads differently) from ``inage``."""
    names = (field.name for field in dataclasses.fields(InageWin))
    shared = {name: getattr(ctx, name) for name in names if name in _CONTEXT_FIELDS}
    return InageWin(**shared | inage)


INAGE_CALC = VariantCalc(
    calculate=calculate_inage,
    flags=(
        CalcFlag("river", "the winner's discards in order (discard yaku)", str, default=""),
        CalcFlag("riichi-at", "index of the riichi tile in --river", int),
        CalcFlag("set-aside", "the winner's set-aside flowers, 西 and 北", str, default=""),
        CalcFlag("robbed-set-aside", "ron on a set-aside 西/北 (槍ドラ)"),
    ),
    conflicts=INAGE_CONFLICTS,
    allows=INAGE_ALLOWS,
)
"""The variant's calc options and calculator."""
