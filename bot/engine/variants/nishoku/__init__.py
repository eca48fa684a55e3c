"""二色麻雀: 4 players, the 100 tiles without manzu, pon only, no dead wall, flat points."""

from bot.engine.variant_entry import VariantEntry
from bot.engine.variants.nishoku.calc import NISHOKU_CALC
from bot.engine.variants.nishoku.game import NishokuGame
from bot.engine.variants.nishoku.settings import NishokuSettings

__all__ = ["NISHOKU", "NishokuGame", "NishokuSettings"]

NISHOKU = VariantEntry(NishokuGame, NishokuSettings, calc=NISHOKU_CALC)
"""二色麻雀's registry entry."""
