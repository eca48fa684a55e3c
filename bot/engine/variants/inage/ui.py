"""How いなげ麻雀 is presented: the 十三不塔 button, and the calc CLI's options and scorer.

Its vote to end and the table's time limit are core actions (:class:`~bot.engine.game.VoteEnd`,
:class:`~bot.engine.game.TimeUp`), labelled and handled by the shared panel; its rules in brief
are the game module's docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.variant_ui import CalcFlag, VariantCalc, VariantUI

if TYPE_CHECKING:
    from bot.engine.calc import CalcRequest

__all__ = ["INAGE_UI"]


def _calculate(request: CalcRequest) -> dict[str, Any]:
    # Imported on use: the calculator imports the game, and the game imports this module.
    from bot.engine.variants.inage.calc import calculate_inage

    return calculate_inage(request)


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
    ),
)
