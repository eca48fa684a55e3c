"""How いなげ麻雀 is presented: its 十三不塔 button.

Its vote to end and the table's time limit are core actions (:class:`~bot.engine.game.VoteEnd`,
:class:`~bot.engine.game.TimeUp`), labelled and handled by the shared panel; its rules in brief
are the game module's docstring.
"""

from __future__ import annotations

from bot.engine.variant_ui import VariantUI

__all__ = ["INAGE_UI"]


INAGE_UI = VariantUI(
    texts={
        "button_juusan_futou": ("Tsumo: 十三不塔", "ツモ：十三不塔"),
    },
)
