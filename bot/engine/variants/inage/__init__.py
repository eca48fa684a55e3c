"""いなげ麻雀: 2 or 3 players, 10+1-tile hands drawn from a pool, flowers, discard-order yaku."""

from bot.engine.game import TimeUp, VoteEnd
from bot.engine.variant_entry import VariantEntry
from bot.engine.variants.inage.calc import INAGE_CALC
from bot.engine.variants.inage.game import InageGame, InageSeat, JuusanFutou, inage_shapes, is_juusan_futou
from bot.engine.variants.inage.settings import InageSettings

__all__ = [
    "INAGE",
    "InageGame",
    "InageSeat",
    "InageSettings",
    "JuusanFutou",
    "TimeUp",
    "VoteEnd",
    "inage_shapes",
    "is_juusan_futou",
]

INAGE = VariantEntry(InageGame, InageSettings, calc=INAGE_CALC)
"""いなげ麻雀's registry entry."""
