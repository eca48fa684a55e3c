"""5等三麻 (Gotō sanma): 3 players, 124 tiles (16 flowers, 黒黒赤金 fives, 白ポッチ), a chip economy.

Seed 003 (「5等三麻ルール」), spec §4: the game (:mod:`.game`, :mod:`.settle`), what a win is
worth (:mod:`.assess` over :mod:`.yaku`, :mod:`.points`, :mod:`.chips`, :mod:`.dice`,
:mod:`.alice`), the settings (:mod:`.settings`), the presentation (:mod:`.ui`) and the calc (:mod:`.calc`).
"""

from bot.engine.variant_entry import VariantEntry
from bot.engine.variants.goto.calc import GOTO_CALC
from bot.engine.variants.goto.game import GotoGame
from bot.engine.variants.goto.settings import GotoSettings

__all__ = ["GOTO", "GotoGame", "GotoSettings"]

GOTO = VariantEntry(GotoGame, GotoSettings, calc=GOTO_CALC)
"""5等三麻's registry entry."""
