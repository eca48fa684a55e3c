"""What every variant keeps per seat (its concealed tiles, river, melds and furiten flags), and how
many seats a variant's table has."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.melds import Meld

__all__ = ["RiverEntry", "Seat", "TableSize"]


@dataclass(frozen=True)
class TableSize:
    """How many players a variant seats: ``fewest`` to ``most``, with the ``quote`` of the seed
    that says so. A variant declares it once (``table_size = TableSize.exactly(4)``); the
    registry's ``min_players`` and ``max_players`` and the refusal of another count come from it.

    >>> TableSize(2, 3, quote="「３人または２人麻雀」").rule("いなげ麻雀")
    'いなげ麻雀 is played by 3 or 2 players (「３人または２人麻雀」)'
    >>> TableSize.exactly(4).rule("二色麻雀"), 4 in TableSize.exactly(4), 3 in TableSize.exactly(4)
    ('二色麻雀 is played by exactly 4 players', True, False)
    """

    fewest: int
    most: int
    quote: str = ""

    @classmethod
    def exactly(cls, players: int, *, quote: str = "") -> TableSize:
        """A table of one size."""
        return cls(players, players, quote=quote)

    def __contains__(self, players: object) -> bool:
        return isinstance(players, int) and self.fewest <= players <= self.most

    def rule(self, title: str) -> str:
        """What to tell someone who asks ``title`` for another number of players: the counts it
        seats, the largest first (「３人または２人」)."""
        if self.fewest == self.most:
            return self._with_quote(f"{title} is played by exactly {self.most} players")
        *more, fewest = [str(count) for count in range(self.most, self.fewest - 1, -1)]
        return self._with_quote(f"{title} is played by {', '.join(more)} or {fewest} players")

    def _with_quote(self, rule: str) -> str:
        return f"{rule} ({self.quote})" if self.quote else rule


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
