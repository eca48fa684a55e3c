"""チンイツゲーム: 3 players, one number suit ×8 per hand (alternating pinzu and souzu), tile backs."""

from bot.engine.variant_entry import VariantEntry
from bot.engine.variants.chinitsu.calc import CHINITSU_CALC
from bot.engine.variants.chinitsu.game import ChinitsuGame, ChinitsuSeat, hand_suit
from bot.engine.variants.chinitsu.settings import ChinitsuSettings

__all__ = ["CHINITSU", "ChinitsuGame", "ChinitsuSeat", "ChinitsuSettings", "hand_suit"]

CHINITSU = VariantEntry(ChinitsuGame, ChinitsuSettings, calc=CHINITSU_CALC)
"""チンイツゲーム's registry entry."""
