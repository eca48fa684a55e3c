"""The calc CLI's ずーの scorer: ``python -m bot.engine.calc --variant zuno …``.

Besides the usual hand, melds and flags it takes ``--zerohatsu`` (a ron in the declaration
round's 一斉打牌: 零発 2 han instead of 一発), ``--pocchi TILE`` (the winning tile is a wild ポッチ
白 — or 發 / 北 after a コスモリーチ — standing for TILE, on the ippatsu tsumo), ``--inazuma`` (the
winner's イナズマリーチ: points and chips ×2), ``--wareme`` (the winner is 割れ目: everything it
receives ×2) and ``--honba N`` (一枚場: N chips from each payer). The output adds
``"chips"``: what each payer hands over, the total, and the items it is made of.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.melds import Meld
from bot.engine.shapes import pack
from bot.engine.tiles import Kind, kind_name
from bot.engine.variants.zuno.rules import ZERO_HATSU, ZunoScorer, ZunoSettings, transfer_factor, win_chips
from bot.engine.yaku.context import WinContext

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["POCCHI_TILES", "calculate_zuno", "zuno_scorer"]

POCCHI_TILES = frozenset({Kind.WHITE, Kind.GREEN, Kind.NORTH})
"""白 is wild on the ippatsu tsumo; 發 and 北 too after a コスモリーチ."""


def zuno_scorer() -> ZunoScorer:
    """The scorer a ずーの game uses."""
    from bot.engine.variants.zuno.game import ZunoGame

    return ZunoGame(seed=0).scorer


def calculate_zuno(request: CalcRequest, error: type[ValueError]) -> dict[str, Any]:
    """Score a ずーの request: the JSON-ready result, or raise ``error`` (the CLI's own
    :class:`~bot.engine.calc.CalcError`, passed in because ``python -m`` loads that module twice)."""
    scorer = zuno_scorer()
    shapes = scorer.rules.shapes
    melds = tuple(Meld(meld_type, min(t.kind for t in tiles)) for meld_type, tiles in request.melds)
    kinds = [tile.kind for tile in request.hand]
    win = request.win.kind
    if request.pocchi is not None:
        if not (request.tsumo and request.ippatsu and request.riichi):
            raise error("--pocchi: the wild tile counts only on the ippatsu tsumo (--tsumo --riichi --ippatsu)")
        if win not in POCCHI_TILES:
            raise error("--pocchi: the winning tile must be the wild 白 (or 發 / 北 after a コスモリーチ)")
        kinds.remove(win)
        win = request.pocchi.kind
        kinds.append(win)
    held = kinds + [tile.kind for _, tiles in request.melds for tile in tiles]
    for kind in set(held):
        if held.count(kind) > shapes.limits[kind]:
            extra = " (the wild cannot be a fifth copy)" if request.pocchi is not None else ""
            raise error(f"{held.count(kind)} × {kind_name(kind)}: the zuno set has {shapes.limits[kind]}{extra}")
    size = 3 * (4 - len(melds)) + 2
    if len(kinds) != size:
        raise error(f"--hand has {len(kinds)} tiles; with {len(melds)} melds a win has {size}")
    if request.zerohatsu and (request.tsumo or not request.riichi):
        raise error("--zerohatsu is a riichi declarer's ron (--ron --riichi)")
    if request.honba < 0:
        raise error("--honba cannot be negative")
    ctx = WinContext(
        concealed=pack(kinds),
        win_tile=win,
        melds=melds,
        tsumo=request.tsumo,
        seat_wind=request.seat,
        round_wind=request.round,
        dealer=request.dealer,
        riichi=request.riichi,
        double_riichi=request.double_riichi,
        ippatsu=request.ippatsu and not request.zerohatsu,
        haitei=request.haitei,
        houtei=request.houtei,
        rinshan=request.rinshan,
        tenhou=request.first_turn and request.tsumo and request.dealer,
        chiihou=request.first_turn and request.tsumo and not request.dealer,
        dora_indicators=request.dora,
        ura_indicators=request.ura,
        red_dora=sum(tile.red for tile in request.hand) + sum(t.red for _, tiles in request.melds for t in tiles),
        flags=frozenset({ZERO_HATSU}) if request.zerohatsu else frozenset(),
    )
    score = scorer.score(ctx)
    if score is None:
        reason = "not a complete hand" if not shapes.is_agari(ctx.concealed) and not melds else "no yaku"
        raise error(reason)
    factor = transfer_factor(0, 1, inazuma=request.inazuma, wareme=0 if request.wareme else None)
    payment = score.payment
    settings = ZunoSettings()
    items = win_chips(ctx, settings)
    per_payer = (items.total + settings.honba_chips * request.honba) * factor
    if request.tsumo:
        payers = 3
        if request.dealer or payment.tsumo_dealer == payment.tsumo_non_dealer:
            payments: dict[str, int] = {"each": payment.tsumo_non_dealer * factor}
        else:
            payments = {"dealer": payment.tsumo_dealer * factor, "each_other": payment.tsumo_non_dealer * factor}
        chips: dict[str, Any] = {"each": per_payer}
    else:
        payers = 1
        payments = {"discarder": payment.ron * factor}
        chips = {"discarder": per_payer}
    chips["total"] = per_payer * payers
    chips["items"] = {**items.to_json(), "一枚場": settings.honba_chips * request.honba}
    chips["multiplier"] = factor
    return {
        "variant": "zuno",
        "han": score.han,
        "fu": score.fu,
        "yakuman": score.yakuman,
        "limit": score.limit,
        "yaku": [
            {"name": hit.name, "en": hit.en, "han": hit.han, **({"yakuman": hit.yakuman} if hit.yakuman else {})}
            for hit in score.yaku
        ],
        "total": payment.total * factor,
        "payments": payments,
        "chips": chips,
        **({"pocchi": kind_name(win)} if request.pocchi is not None else {}),
    }
