"""What a scorer needs to know about one win, independent of any variant's game state."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.melds import Meld
from bot.engine.tiles import Kind, dora_after

__all__ = ["WinContext"]


@dataclass(frozen=True, slots=True)
class WinContext:
    """One winning hand and its situation.

    ``concealed`` is a count board (see :mod:`bot.engine.shapes`) of every concealed tile, the
    winning tile included (for a ron too). ``melds`` are the declared sets, concealed kans
    included. ``red_dora`` counts red and gold fives in the whole hand (a gold five counts here
    once; variants that value gold differently add their own yaku or chips).

    ``flags`` carries variant-specific situations by name (for example ``"zerohatsu"``) so a
    variant's own yaku can read them without this class growing a field per variant.
    """

    concealed: int
    win_tile: int
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: int = Kind.EAST
    round_wind: int = Kind.EAST
    dealer: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    red_dora: int = 0
    nuki_dora: int = 0
    honba: int = 0
    riichi_sticks: int = 0
    flags: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_open(self) -> bool:
        """Any open meld (a concealed kan keeps the hand closed)."""
        return any(meld.is_open for meld in self.melds)

    def holds(self, kind: int) -> bool:
        """Whether the hand holds a tile of ``kind``, concealed or in a meld (pulled tiles are
        not in the hand): 北 in a hand limits its yaku in the sanma variants."""
        return bool(self.concealed >> (4 * kind) & 0xF) or any(meld.kind == kind for meld in self.melds)

    def ura_dora(self, *, sanma: bool = False, nuki_kind: int | None = None) -> int:
        """裏ドラ of a riichi hand: its tiles, melds included, under the ura indicators (``sanma``
        order: 1m↔9m), and its ``nuki_dora`` pulled tiles when an indicator points to
        ``nuki_kind``; 0 without riichi. For chips: the scorer counts the same for han."""
        if not (self.riichi or self.double_riichi):
            return 0
        board = self.concealed
        for meld in self.melds:
            for kind in meld.kinds():
                board += 1 << (4 * kind)
        count = 0
        for indicator in self.ura_indicators:
            dora = dora_after(indicator, sanma=sanma)
            count += board >> (4 * dora) & 0xF
            if dora == nuki_kind:
                count += self.nuki_dora
        return count
