"""What one player may see: the public table, a seat's private view, and result cards.

Views are the only thing the renderer and the Discord layer receive, so hidden information
cannot leak through them: :class:`PublicView` never holds a concealed tile (only how many there
are, and their back colours where a variant shows them), and a :class:`SeatView` holds the
concealed tiles of its own seat only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.melds import MeldType
from bot.engine.tiles import Back, Tile

__all__ = [
    "ChipItem",
    "DiceLine",
    "DrawView",
    "FlipLine",
    "MeldView",
    "PublicView",
    "RiverTile",
    "SeatPublic",
    "SeatView",
    "StandingsView",
    "WinView",
    "YakuLine",
]


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A discard as it lies in a river."""

    tile: Tile
    riichi: bool = False
    """The riichi declaration tile, drawn sideways."""
    called: bool = False
    """Another player claimed it (it stays in the river, marked)."""
    tsumogiri: bool = False
    """Discarded straight after drawing it."""
    order: int = 0
    """When, among the hand's discards, it was made (see :class:`bot.engine.table.seats.RiverEntry`)."""


@dataclass(frozen=True, slots=True)
class MeldView:
    """An open (or concealed-kan) meld, tiles in display order."""

    type: MeldType
    tiles: tuple[Tile, ...]
    called_index: int | None = None
    """Which tile is turned sideways (the one claimed), or None for a concealed kan."""
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class SeatPublic:
    """Everything anyone at the table can see about one seat."""

    seat: int
    wind: int | None
    """Seat wind kind (27-30), or None in variants without seat winds."""
    points: int
    chips: int | None = None
    river: tuple[RiverTile, ...] = ()
    melds: tuple[MeldView, ...] = ()
    set_aside: tuple[Tile, ...] = ()
    """横ドラ, North nuki-dora, 5等 flowers: kept apart from the river."""
    concealed_count: int = 0
    concealed_backs: tuple[Back | None, ...] = ()
    """Back colours of the concealed tiles where the variant shows them (チンイツゲーム), else empty."""
    has_drawn: bool = False
    riichi: bool = False
    dealer: bool = False
    auto_played: bool = False
    open_waits: tuple[int, ...] = ()
    """The waits (kinds) of an open riichi (5等三麻's オープン立直): public, the hand is not."""
    stakes: int = 1
    """What every payment this seat makes or receives this hand is multiplied by (ずーの's 割れ目
    seat: 2): the price of a win on it, or of a deal-in to it, over the points table's."""


@dataclass(frozen=True, slots=True)
class PublicView:
    """The table as everyone sees it."""

    variant: str
    round_label: str
    """For example "東2局" or "第3局"."""
    seats: tuple[SeatPublic, ...]
    tiles_left: int
    dora_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    turn: int | None = None
    """The seat whose turn it is, when play has one."""
    deciding: tuple[int, ...] = ()
    """Seats that must act now (several during claims and simultaneous phases)."""
    deadline: float | None = None
    """Unix time at which the current decision times out."""
    phase: str = ""
    """A short phase name for the centre panel ("discard", "claims", "draft", ...)."""
    last_discard: tuple[int, int] | None = None
    """(seat, index in that seat's river) of the most recent discard."""
    sequence: int = 0
    """Decision sequence number (what buttons carry)."""
    wall_backs: tuple[Back, ...] = ()
    """Back colours of the live wall, the next tile first, where the variant shows them (チンイツゲーム)."""
    noten_riichi: bool = False
    """The rules let a hand declare riichi without being tenpai (二色麻雀): a riichi alone does not
    prove a ready hand, which a defending player weighs."""
    strict_furiten: bool = False
    """Furiten blocks tsumo as well as ron, and a furiten hand is no-ten at the draw (チンイツゲーム):
    a wait in one's own river wins nothing at all, where elsewhere it still wins by tsumo."""
    flower_dora: bool = True
    """A flower set aside is a han (いなげ's 花ドラ); False where it brings chips and effects but
    no han (5等三麻's seasons). A set-aside 北 or 西 is a dora either way."""
    final_hand: bool = False
    """The game ends with this hand unless its result carries it on (a dealer's win, a table with
    nobody at the target yet): 二色麻雀's and いなげ's last scheduled hand, ずーの's hand with the
    North seat dealing, the オーラス of チンイツゲーム and 5等三麻 once someone has the return
    points. The standings after it are the final ones, which a CPU weighs."""
    note: str = ""
    """A public line for the table message and every panel, in the variant's words (5等三麻's dice
    as they are rolled: 「🎲 3+5 = 8枚オール, 1 roll left」); empty when there is nothing to say."""
    calls_on: int | None = None
    """On the table the channel sees while a claim window is open (phase ``claims``): the seat
    whose tile calls are open on, None when it is several seats' (see
    :func:`bot.runtime.snapshot.public_table_view`). The engine leaves it None."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's private view: the public table plus that seat's own concealed tiles."""

    public: PublicView
    seat: int
    hand: tuple[Tile, ...]
    """Concealed tiles, sorted, without the drawn tile."""
    drawn: Tile | None = None
    """The tile just drawn, shown apart from the hand."""
    selectable: tuple[Tile, ...] = ()
    """Tiles the player may legally choose now (discard, set aside, ...)."""
    waits: tuple[int, ...] = ()
    """Kinds the hand waits on (only when the table allows hints)."""
    ukeire: dict[int, int] = field(default_factory=dict)
    """For each tile kind worth drawing, how many are still live (hints only)."""
    furiten: bool = False
    private_note: str = ""
    """Anything else only this seat may know (a draft packet summary, ...)."""
    locked: Tile | None = None
    """A discard locked in during a simultaneous phase, still private and switchable (ずーの)."""
    locked_tsumo: bool = False
    """The locked-in choice is a tsumo."""
    rons_claimed: tuple[int, ...] = ()
    """In a window that takes several wins: the seats whose discard this seat has claimed so far."""
    discard_gains: dict[int, int] = field(default_factory=dict)
    """For each kind whose discard now would add han of discard yaku (いなげ's 捨牌役: the river's
    patterns), how many; kinds that add nothing are left out."""


@dataclass(frozen=True, slots=True)
class YakuLine:
    """One line of a win card."""

    name: str
    en: str
    han: int
    yakuman: int = 0
    detail: str = ""
    """Extra text, e.g. the run of discards that made a discard yaku."""


@dataclass(frozen=True, slots=True)
class ChipItem:
    """One line of a card's chips: what it is for and what the winner (or holder) received for
    it from all payers together (5等三麻's 赤, 金, 北, 一発, 春, 三倍満…)."""

    name: str
    chips: int
    seat: int | None = None
    """Who received them, where that is not the card's winner (春 at a draw, トビ)."""


@dataclass(frozen=True, slots=True)
class FlipLine:
    """One flip of アリス or 半チューリップ, in the order the tiles were turned: the tile, how many
    tiles of the winning hand it matched, and the chips it earned from each payer (0: the miss
    that ended the run, or a stocked flip's miss)."""

    tile: Tile
    matches: int
    chips: int
    stocked: bool = False
    """A free flip after the first miss (即ポ's stock)."""


@dataclass(frozen=True, slots=True)
class DiceLine:
    """One roll of the winner's dice: the two dice and the chips it took from each opponent;
    ``note`` says what it added (ゾロ目: another roll; ピンゾロ: the winner's choice)."""

    dice: tuple[int, int]
    chips: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class WinView:
    """A win card: the winning hand, its yaku and what changed hands."""

    variant: str
    round_label: str
    winner: int
    from_seat: int | None
    """The discarder for a ron; None for a tsumo."""
    hand: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[MeldView, ...]
    yaku: tuple[YakuLine, ...]
    han: int
    fu: int | None
    points: int
    point_changes: tuple[int, ...]
    chip_changes: tuple[int, ...] = ()
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    limit_name: str = ""
    """満貫, 跳満, 役満 ... when the score hit a limit."""
    chip_items: tuple[ChipItem, ...] = ()
    """The chips the win moved, itemised (empty where a variant shows only the totals)."""
    flip_name: str = ""
    """アリス or 半チューリップ when the win ran one (its flips in ``flips``)."""
    flips: tuple[FlipLine, ...] = ()
    dice: tuple[DiceLine, ...] = ()
    """The winner's dice rolls, in order (5等三麻's 🎲)."""


@dataclass(frozen=True, slots=True)
class DrawView:
    """An exhaustive-draw card: who was tenpai, their hands shown, and payments."""

    variant: str
    round_label: str
    tenpai: tuple[bool, ...]
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each tenpai seat's concealed hand (None for seats that stay hidden)."""
    melds: tuple[tuple[MeldView, ...], ...]
    point_changes: tuple[int, ...]
    chip_changes: tuple[int, ...] = ()
    reason: str = "流局"
    chip_items: tuple[ChipItem, ...] = ()
    """Chips a drawn hand still moved (5等三麻's 春), itemised."""


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The final standings card: placements, scores and the points over the hands."""

    variant: str
    names: tuple[str, ...]
    final_points: tuple[int, ...]
    placements: tuple[int, ...]
    """1-based place of each seat."""
    history: tuple[tuple[int, ...], ...]
    """Points of every seat after each hand, the starting points first."""
    final_scores: tuple[float, ...] = ()
    """Score after uma/oka where the variant has them (else empty)."""
    chips: tuple[int, ...] = ()
    hand_labels: tuple[str, ...] = ()
