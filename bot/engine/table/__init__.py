"""The hand engine every variant stands on: seats and rivers, the wall, the claim window, the
ledger of points and chips, dice, the turn cycle, and the base class that owns the protocol.

A variant is a subclass of :class:`TableGame` (its own hand loop, like ずーの's) or of
:class:`TurnGame` (the usual draw–discard–claim cycle) that overrides a few hooks.
"""

from bot.engine.table.base import hand_label
from bot.engine.table.claims import ClaimSource, ClaimWindow, seats_after
from bot.engine.table.dealing import rigging
from bot.engine.table.dice import roll
from bot.engine.table.ending import ENDED
from bot.engine.table.game import TableGame
from bot.engine.table.ledger import Ledger, split_noten_penalty
from bot.engine.table.seats import RiverEntry, Seat, TableSize
from bot.engine.table.settings import (
    Allowed,
    Form,
    OneOf,
    Range,
    StartPointsSettings,
    TableSettings,
    allowed,
    allowed_values,
    one_of,
    setting,
    setting_docs,
    shaped,
)
from bot.engine.table.turns import Phase, TurnGame
from bot.engine.table.views import public_deciding
from bot.engine.table.wall import DeadWall, TileReserve, Wall, shuffled, wall_digest

__all__ = [
    "ENDED",
    "Allowed",
    "ClaimSource",
    "ClaimWindow",
    "DeadWall",
    "Form",
    "Ledger",
    "OneOf",
    "Phase",
    "Range",
    "RiverEntry",
    "Seat",
    "StartPointsSettings",
    "TableGame",
    "TableSettings",
    "TableSize",
    "TileReserve",
    "TurnGame",
    "Wall",
    "allowed",
    "allowed_values",
    "hand_label",
    "one_of",
    "public_deciding",
    "rigging",
    "roll",
    "seats_after",
    "setting",
    "setting_docs",
    "shaped",
    "shuffled",
    "split_noten_penalty",
    "wall_digest",
]
