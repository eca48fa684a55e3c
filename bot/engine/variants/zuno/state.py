"""ずーの's actions, phases, per-seat state and views: what the game and its settlement share."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar

from bot.engine.game import Action, Chi, Kan, Pon, Riichi, Ron, Tsumo
from bot.engine.table import RiverEntry, Seat
from bot.engine.tiles import Tile
from bot.engine.views import PublicView, SeatView

__all__ = [
    "INAZUMA_STICK",
    "KARI_LIMIT",
    "MAX_KANS",
    "PACKET",
    "PLAYERS",
    "RIICHI_STICK",
    "CallChi",
    "CallKan",
    "CallPon",
    "InazumaRiichi",
    "PocchiTsumo",
    "RonOn",
    "ZunoPhase",
    "ZunoPublicView",
    "ZunoRiver",
    "ZunoSeat",
    "ZunoSeatView",
]

PLAYERS = 4
PACKET = 4
"""「山から牌を4牌…取る」: one tile per seat per round."""
RIICHI_STICK = 1_000
INAZUMA_STICK = 10_000
KARI_LIMIT = 9_900
"""「残り点数が9900点以下の状況であっても…黒棒（借り一万点棒）」."""
MAX_KANS = 4
"""Four replacement tiles: with no abortive draws a fifth kan simply cannot be made."""


class ZunoPhase(enum.StrEnum):
    DRAFT = "draft"
    DECLARE = "declare"
    RON = "ron"
    CALL = "call"
    CALL_DISCARD = "call_discard"
    CALL_RON = "call_ron"
    ENDED = "ended"


# --- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InazumaRiichi(Riichi):
    """イナズマリーチ: declare riichi with a 10,000 stick (borrowed at 9,900 or less) and lock ``tile``."""

    kind: ClassVar[str] = "zuno_inazuma"
    payout: ClassVar[float] = 2.0  # 「打点倍増」 (the chips double too)
    stake: ClassVar[int] = 9000  # a 10,000 stick where a plain riichi puts down 1,000


@dataclass(frozen=True, slots=True)
class PocchiTsumo(Tsumo):
    """Tsumo on the ippatsu draw with a wild ポッチ tile standing for ``as_kind``."""

    kind: ClassVar[str] = "zuno_pocchi"
    as_kind: int


@dataclass(frozen=True, slots=True)
class RonOn(Ron):
    """Ron on ``from_seat``'s discard; a seat may take several discards, one action each."""

    kind: ClassVar[str] = "zuno_ron"
    from_seat: int


@dataclass(frozen=True, slots=True)
class CallPon(Pon):
    """ポン on ``from_seat``'s discard of this round with two tiles from the hand."""

    kind: ClassVar[str] = "zuno_pon"
    from_seat: int


@dataclass(frozen=True, slots=True)
class CallChi(Chi):
    """チー on the 上家's discard of this round with two tiles from the hand."""

    kind: ClassVar[str] = "zuno_chi"
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class CallKan(Kan):
    """大明槓 on ``from_seat``'s discard with three tiles from the hand, or (``tiles`` empty)
    加槓: that discard added to your own pon."""

    kind: ClassVar[str] = "zuno_kan"
    from_seat: int


# --- views ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ZunoPublicView(PublicView):
    """The table as everyone sees it, with ずーの's round, locks and ledgers."""

    round_number: int = 0
    start_player: int = 0
    packet_holder: int | None = None
    packet_size: int = 0
    locked: tuple[bool, ...] = ()
    """Who has locked in this round's choice (never what they chose)."""
    tsumo_declared: tuple[bool, ...] = ()
    deposits: int = 0
    """Points in riichi and イナズマ sticks on the table."""
    inazuma: tuple[bool, ...] = ()
    borrowed: tuple[bool, ...] = ()
    dice: tuple[int, ...] = (0, 0)
    wareme: int | None = None


@dataclass(frozen=True, slots=True)
class ZunoSeatView(SeatView):
    """One seat's view: its hand and the draft packet it holds."""

    packet: tuple[Tile, ...] = ()


# --- state ---------------------------------------------------------------------------------------


@dataclass
class ZunoRiver(RiverEntry):
    round: int = 0
    after_call: bool = False
    """Discarded by a caller in the call phase: it may be ronned, not called."""


@dataclass
class ZunoSeat(Seat):
    rinshan: bool = False
    packet: list[int] = field(default_factory=list)
    lock: Action | None = None
    riichi_round: int = 0
    riichi_tile: int | None = None
    inazuma: bool = False
    borrowed: bool = False
    stick: int = 0
    paid: bool = False
    cosmo: bool = False
    called_round: int = 0
    kuikae: tuple[int, ...] = ()
