"""ずーの: 4 players, a draft every round, then simultaneous discards and rons."""

from bot.engine.variant_entry import VariantEntry
from bot.engine.variants.zuno.calc import ZUNO_CALC
from bot.engine.variants.zuno.game import ZunoGame
from bot.engine.variants.zuno.settings import ZunoSettings
from bot.engine.variants.zuno.state import (
    CallChi,
    CallKan,
    CallPon,
    InazumaRiichi,
    PocchiTsumo,
    RonOn,
    ZunoPhase,
    ZunoPublicView,
    ZunoSeat,
    ZunoSeatView,
)

__all__ = [
    "ZUNO",
    "CallChi",
    "CallKan",
    "CallPon",
    "InazumaRiichi",
    "PocchiTsumo",
    "RonOn",
    "ZunoGame",
    "ZunoPhase",
    "ZunoPublicView",
    "ZunoSeat",
    "ZunoSeatView",
    "ZunoSettings",
]

ZUNO = VariantEntry(ZunoGame, ZunoSettings, calc=ZUNO_CALC)
"""ずーの's registry entry."""
