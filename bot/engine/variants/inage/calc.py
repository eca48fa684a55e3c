"""The calc CLI's いなげ麻雀 scorer: ``python -m bot.engine.calc --variant inage …``.

Besides the usual hand, melds and flags, いなげ reads the winner's river in order (``--river``,
for the discard yaku), where the riichi tile lies in it (``--riichi-at``), the tiles the winner
has set aside (``--set-aside``, 横ドラ and 花ドラ) and whether the win robbed a set-aside 西 or 北
(``--robbed-set-aside``, 槍ドラ). 真似満 needs the other rivers and their timing, which the CLI
does not take; the game scores it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.melds import Meld
from bot.engine.shapes import pack
from bot.engine.tiles import Kind, kind_name
from bot.engine.variants.inage.discards import discard_yaku
from bot.engine.variants.inage.game import inage_shapes
from bot.engine.variants.inage.settings import InageSettings
from bot.engine.variants.inage.yaku import InageScorer, InageWin

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["calculate_inage"]


def calculate_inage(request: CalcRequest, error: type[ValueError]) -> dict[str, Any]:
    """Score an いなげ request: the JSON-ready result, or raise ``error`` (the CLI's own
    :class:`~bot.engine.calc.CalcError`, passed in because ``python -m`` loads that module twice)."""
    settings = InageSettings()
    shapes = inage_shapes()
    scorer = InageScorer(shapes, settings.han_table())
    melds = tuple(Meld(meld_type, min(t.kind for t in tiles)) for meld_type, tiles in request.melds)
    held = [tile.kind for tile in request.hand]
    held += [tile.kind for _, tiles in request.melds for tile in tiles]
    held += list(request.set_aside) + list(request.river)
    for kind in set(held):
        if held.count(kind) > shapes.limits[kind]:
            raise error(f"{held.count(kind)} × {kind_name(kind)}: the inage set has {shapes.limits[kind]}")
    size = 3 * (3 - len(melds)) + 2
    if len(request.hand) != size:
        raise error(f"--hand has {len(request.hand)} tiles; with {len(melds)} melds an いなげ win has {size}")
    if request.robbed_set_aside and (request.tsumo or request.win.kind not in (Kind.WEST, Kind.NORTH)):
        raise error("--robbed-set-aside (槍ドラ) is a ron on a set-aside 西 or 北")
    if request.riichi_at is not None and not (request.riichi and 0 <= request.riichi_at < len(request.river)):
        raise error("--riichi-at needs --riichi and the index of the riichi tile in --river")
    riichi_at = request.riichi_at if request.riichi else None
    first = request.first_turn
    win = InageWin(
        concealed=pack(tile.kind for tile in request.hand),
        win_tile=request.win.kind,
        melds=melds,
        tsumo=request.tsumo,
        riichi=request.riichi and not request.double_riichi,
        double_riichi=request.double_riichi,
        ippatsu=request.ippatsu,
        haitei=request.haitei,
        houtei=request.houtei,
        rinshan=request.rinshan,
        chankan=request.chankan,
        yaridora=request.robbed_set_aside,
        tenhou=first and request.tsumo and request.starter,
        chiihou=first and request.tsumo and not request.starter,
        renhou=first and not request.tsumo,
        dora_indicators=request.dora,
        ura_indicators=request.ura,
        set_aside=request.set_aside,
        discards=discard_yaku(request.river, riichi_at, rules=settings.discard_rules()) if request.river else (),
    )
    result = scorer.score(win)
    if result is None:
        raise error("no yaku" if shapes.is_agari(win.concealed) else "not a complete hand")
    return {
        "variant": request.variant,
        "han": result.han,
        "fu": None,
        "yakuman": result.yakuman,
        "limit": result.limit,
        "yaku": [
            {
                "name": line.name,
                "en": line.en,
                "han": line.han,
                **({"yakuman": line.yakuman} if line.yakuman else {}),
                **({"detail": line.detail} if line.detail else {}),
            }
            for line in result.yaku
        ],
        "total": result.points,
        # 「自模は点が増えるだけで、振り込みはマイナスがつく」: nobody pays for a tsumo.
        "payments": {} if request.tsumo else {"discarder": result.points},
    }
