"""The calc CLI's ずーの scorer: ``python -m bot.engine.calc --variant zuno …``.

Besides the usual hand, melds and flags it takes ``--zerohatsu`` (a ron in the declaration
round's 一斉打牌: 零発 2 han instead of 一発), ``--pocchi TILE`` (the winning tile is a wild ポッチ
白 — or 發 / 北 after a コスモリーチ — standing for TILE, on the ippatsu tsumo), ``--inazuma`` (the
winner's イナズマリーチ: points and chips ×2), ``--wareme`` (the winner is 割れ目: everything it
receives ×2) and ``--honba N`` (一枚場: N chips from each payer). The output adds
``"chips"``: what each payer hands over, the total, and the items it is made of.
"""

from __future__ import annotations

import dataclasses

from bot.engine.calculator.checks import check_hand_size, check_tile_limits
from bot.engine.calculator.conflicts import CalcConflict, no_chankan
from bot.engine.calculator.request import CalcError, CalcRequest, option_tile, request_tiles
from bot.engine.calculator.result import CalcChips, CalcResult, hand_result
from bot.engine.calculator.standard import win_context
from bot.engine.calculator.variant import CalcFlag, VariantCalc
from bot.engine.tiles import Kind, kind_name
from bot.engine.variants.zuno.game import ZunoGame
from bot.engine.variants.zuno.payments import transfer_factor, win_chips
from bot.engine.variants.zuno.settings import ZunoSettings
from bot.engine.variants.zuno.yaku import ZERO_HATSU

__all__ = ["POCCHI_TILES", "ZUNO_ALLOWS", "ZUNO_CALC", "ZUNO_CONFLICTS", "calculate_zuno"]

POCCHI_TILES = frozenset({Kind.WHITE, Kind.GREEN, Kind.NORTH})
"""白 is wild on the ippatsu tsumo; 發 and 北 too after a コスモリーチ."""

ZUNO_CONFLICTS = (
    no_chankan("ずーの has no 搶槓 (--chankan): an added kan cannot be robbed (ZUN-A2)"),
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


def calculate_zuno(request: CalcRequest) -> CalcResult:
    """Score a ずーの request: the scored hand, or raise :class:`~bot.engine.calculator.CalcError`."""
    scorer = ZunoGame(seed=0).scorer
    shapes = scorer.rules.shapes
    zerohatsu, inazuma, wareme = request.flag("zerohatsu"), request.flag("inazuma"), request.flag("wareme")
    honba = request.number("honba") or 0
    pocchi_text = request.words("pocchi")
    pocchi = option_tile(pocchi_text, "pocchi") if pocchi_text is not None else None
    kinds = [tile.kind for tile in request.hand]
    win = request.win.kind
    if pocchi is not None:
        if not (request.tsumo and request.ippatsu and request.riichi):
            raise CalcError("--pocchi: the wild tile counts only on the ippatsu tsumo (--tsumo --riichi --ippatsu)")
        if win not in POCCHI_TILES:
            raise CalcError("--pocchi: the winning tile must be the wild 白 (or 發 / 北 after a コスモリーチ)")
        kinds.remove(win)
        win = pocchi.kind
        kinds.append(win)
    held = kinds + [tile.kind for _, tiles in request.melds for tile in tiles]
    fifth = " (the wild cannot be a fifth copy)" if pocchi is not None else ""
    check_tile_limits(held, shapes.limits, request.variant, fifth)
    check_hand_size(len(kinds), len(request.melds))
    if zerohatsu and (request.tsumo or not request.riichi):
        raise CalcError("--zerohatsu is a riichi declarer's ron (--ron --riichi)")
    if honba < 0:
        raise CalcError("--honba cannot be negative")
    ctx = dataclasses.replace(
        win_context(request, concealed=kinds, win_tile=win),
        ippatsu=request.ippatsu and not zerohatsu,
        # As in the game's own wins (settle.py): no 槍槓 or 人和, and only red fives count (its set has
        # no gold ones). ``calculate`` refuses --chankan before this (ZUNO_CONFLICTS); a first-round
        # ron is an ordinary one.
        chankan=False,
        renhou=False,
        red_dora=sum(tile.red for tile in request_tiles(request)),
        flags=frozenset({ZERO_HATSU}) if zerohatsu else frozenset(),
    )
    score = scorer.score(ctx)
    if score is None:
        reason = "not a complete hand" if not shapes.is_agari(ctx.concealed) and not ctx.melds else "no yaku"
        raise CalcError(reason)
    factor = transfer_factor(0, 1, inazuma=inazuma, wareme=0 if wareme else None)
    settings = ZunoSettings()
    items = win_chips(ctx, settings)
    per_payer = (items.total + settings.honba_chips * honba) * factor
    payers = 3 if request.tsumo else 1
    chips = CalcChips(
        per_payer={"each" if request.tsumo else "discarder": per_payer},
        total=per_payer * payers,
        items={**items.to_json(), "一枚場": settings.honba_chips * honba},
        multiplier=factor,
    )
    return hand_result(
        request, score, multiplier=factor, chips=chips, pocchi=kind_name(win) if pocchi is not None else None
    )


ZUNO_CALC = VariantCalc(
    calculate=calculate_zuno,
    flags=(
        CalcFlag("zerohatsu", "零発 (2 han) instead of 一発 on this ron"),
        CalcFlag("pocchi", "the wild 白 (--win) stands for this tile", str),
        CalcFlag("inazuma", "イナズマリーチ, points and chips ×2"),
        CalcFlag("wareme", "the winner is 割れ目, all it receives ×2"),
        CalcFlag("honba", "honba, each a chip from each payer (一枚場)", int, default=0),
    ),
    conflicts=ZUNO_CONFLICTS,
    allows=ZUNO_ALLOWS,
)
"""The variant's calc options and calculator."""
