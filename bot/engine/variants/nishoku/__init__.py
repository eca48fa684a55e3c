"""二色麻雀: 4 players, the 100 tiles without manzu, pon only, no dead wall, flat points."""

from bot.engine.variants.nishoku.game import NishokuGame
from bot.engine.variants.nishoku.settings import NishokuSettings

__all__ = ["NishokuGame", "NishokuSettings"]
