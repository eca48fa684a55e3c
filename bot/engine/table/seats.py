"""What every variant keeps per seat: its concealed tiles, river, melds and furiten flags."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.melds import Meld

__all__ = ["RiverEntry", "Seat"]


@dataclass
class RiverEntry:
    """One discard in a river. A variant that remembers more about its discards (when each was
    made, in which round) subclasses it."""

    tile: int
    riichi: bool = False
    """The riichi declaration tile, laid sideways."""
    called: bool = False
    """Another seat claimed it: it stays in the river only as a marker."""
    tsumogiri: bool = False
    """Discarded straight after it was drawn."""
    order: int = 0
    """When it was discarded, counted across the table this hand (a later discard has a larger
    order; ずーの's simultaneous discards share one). Public: everyone saw the order, and it tells
    which tiles a riichi hand let pass."""


@dataclass
class Seat:
    """One seat's part of a hand. ``concealed`` and ``board`` (the same tiles as a count board,
    see :mod:`bot.engine.shapes`) are kept in step by the table's ``_take`` and ``_give``
    (:class:`~bot.engine.table.accounting.TileAccounting`). A variant adds its own per-seat facts by subclassing."""

    concealed: list[int] = field(default_factory=list)
    board: int = 0
    drawn: int | None = None
    """The tile just drawn, while it is still in the hand."""
    river: list[RiverEntry] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    """Tiles put beside the hand (flowers, 横ドラ, 抜きドラ)."""
    riichi: bool = False
    double_riichi: bool = False
    """Riichi declared with the seat's first discard (ダブル立直)."""
    ippatsu: bool = False
    """Riichi declared and no call or later discard since: a win now is 一発."""
    temporary_furiten: bool = False
    """A winning tile passed since the seat's last discard (同巡内フリテン)."""
    riichi_furiten: bool = False
    """A winning tile passed after riichi: furiten for the rest of the hand."""

    @property
    def closed(self) -> bool:
        """No open meld (concealed kans keep a hand closed): riichi may be declared."""
        return not any(meld.is_open for meld in self.melds)
