"""How いなげ麻雀 is presented: the 十三不塔 button, and the calc CLI's options and scorer.

Its vote to end and the table's time limit are core actions (:class:`~bot.engine.game.VoteEnd`,
:class:`~bot.engine.game.TimeUp`), labelled and handled by the shared panel; its rules in brief
are the game module's docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.melds import MeldType
from bot.engine.variant_ui import CalcConflict, CalcFlag, VariantCalc, VariantUI

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["INAGE_ALLOWS", "INAGE_CONFLICTS", "INAGE_UI"]


def _calculate(request: CalcRequest) -> dict[str, Any]:
    # Imported on use: the calculator imports the game, and the game imports this module.
    from bot.engine.variants.inage.calc import calculate_inage

    return calculate_inage(request)


INAGE_CONFLICTS = (
    CalcConflict(
        "dama-ron",
        "ダマテン無し (「手牌が１０枚のときはリーチを掛けなければロンあがりできない（人和を除く）」): a closed いなげ "
        "hand (no pon or kan in --melds) may ron only in riichi (--riichi) or as 人和 (--first-turn); an ankan is "
        "enough (「暗槓さえすればダマでロンできます」)",
        lambda r: not r.tsumo and not r.melds and not r.riichi and not r.first_turn,
    ),
    CalcConflict(
        "no-chi",
        "いなげ has no chi (「チーは無し」): --melds takes pon and kan only",
        lambda r: r.has_meld(MeldType.CHI),
    ),
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

INAGE_UI = VariantUI(
    texts={
        "button_juusan_futou": ("Tsumo: 十三不塔", "ツモ：十三不塔"),
    },
    calc=VariantCalc(
        calculate=_calculate,
        flags=(
            CalcFlag("river", "the winner's discards in order (discard yaku)", str, default=""),
            CalcFlag("riichi-at", "index of the riichi tile in --river", int),
            CalcFlag("set-aside", "the winner's set-aside flowers, 西 and 北", str, default=""),
            CalcFlag("robbed-set-aside", "ron on a set-aside 西/北 (槍ドラ)"),
        ),
        conflicts=INAGE_CONFLICTS,
        allows=INAGE_ALLOWS,
    ),
)
