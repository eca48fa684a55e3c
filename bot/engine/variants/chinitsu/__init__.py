"""チンイツゲーム: 3 players, one number suit ×8 per hand (alternating pinzu and souzu), tile backs."""

from bot.engine.variants.chinitsu.game import ChinitsuGame, ChinitsuSeat, hand_suit
from bot.engine.variants.chinitsu.settings import ChinitsuSettings

__all__ = ["ChinitsuGame", "ChinitsuSeat", "ChinitsuSettings", "hand_suit"]
