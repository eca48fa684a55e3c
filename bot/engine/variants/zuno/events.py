"""ずーの's own events: the draft, the locked choices of the simultaneous phases, the calls, and
what its wins and game end report beyond the shared ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.engine.events import Discarded, Event, GameOver, HandEnded, HandStarted, PrivateEvent, Win
from bot.engine.variants.zuno.payments import ChipCount

__all__ = [
    "CallsResolved",
    "ClaimMade",
    "Claimed",
    "DeclarePhase",
    "DraftPacket",
    "DraftTurn",
    "Drafted",
    "KariInazumaFailed",
    "LockCleared",
    "LockShown",
    "Locked",
    "Revealed",
    "RonDeclared",
    "RoundStarted",
    "Unlocked",
    "ZunoDiscarded",
    "ZunoGameOver",
    "ZunoHandEnded",
    "ZunoHandStarted",
    "ZunoRiichi",
    "ZunoWin",
]


@dataclass(frozen=True, slots=True)
class ZunoHandStarted(HandStarted):
    wareme: int | None = None
    """The 割れ目 seat the dice picked (None: nobody)."""


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_start"
    round: int
    start_player: int
    tiles_left: int


@dataclass(frozen=True, slots=True)
class DraftPacket(PrivateEvent):
    """The packet a seat holds (only it sees the tiles)."""

    type: ClassVar[str] = "draft_packet"
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DraftTurn(Event):
    type: ClassVar[str] = "draft_turn"
    seat: int
    size: int


@dataclass(frozen=True, slots=True)
class Drafted(Event):
    """A seat kept one tile and passed ``passed`` on, face down."""

    type: ClassVar[str] = "drafted"
    seat: int
    passed: int


@dataclass(frozen=True, slots=True)
class DeclarePhase(Event):
    type: ClassVar[str] = "declare"
    round: int


@dataclass(frozen=True, slots=True)
class Locked(PrivateEvent):
    """The choice a seat locked in (only it sees which)."""

    type: ClassVar[str] = "lock"
    tsumo: bool
    tile: int | None = None
    as_kind: int | None = None


@dataclass(frozen=True, slots=True)
class LockShown(Event):
    """A seat has locked in (never what); ``changed``: it switched an earlier lock."""

    type: ClassVar[str] = "locked"
    seat: int
    changed: bool


@dataclass(frozen=True, slots=True)
class LockCleared(PrivateEvent):
    type: ClassVar[str] = "lock_cleared"


@dataclass(frozen=True, slots=True)
class Unlocked(Event):
    type: ClassVar[str] = "unlocked"
    seat: int


@dataclass(frozen=True, slots=True)
class ZunoRiichi(Event):
    """A riichi declaration, public at once (「宣言は即公開」)."""

    type: ClassVar[str] = "riichi"
    seat: int
    inazuma: bool
    borrowed: bool
    double: bool


@dataclass(frozen=True, slots=True)
class ZunoDiscarded(Discarded):
    after_call: bool = False
    """Discarded by a caller in the call phase (it may be ronned, not called)."""


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """「ずーの」: every locked discard turned over together; ``tsumo`` seats declared a tsumo."""

    type: ClassVar[str] = "reveal"
    discards: tuple[tuple[int, int, bool], ...]
    tsumo: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RonDeclared(Event):
    type: ClassVar[str] = "ron"
    seat: int
    from_seat: int


@dataclass(frozen=True, slots=True)
class ClaimMade(PrivateEvent):
    """The call a seat made in the call phase (only it knows until they are settled)."""

    type: ClassVar[str] = "claim"
    claim: str


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    type: ClassVar[str] = "claimed"
    seat: int


@dataclass(frozen=True, slots=True)
class CallsResolved(Event):
    """Which calls stand (seat, action kind, whose discard) and whose failed."""

    type: ClassVar[str] = "calls"
    accepted: tuple[tuple[int, str, int], ...]
    failed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KariInazumaFailed(Event):
    type: ClassVar[str] = "kari_inazuma_failed"
    seat: int
    buster: int | None


@dataclass(frozen=True, slots=True)
class ZunoWin(Win):
    as_kind: int | None = None
    """The kind a wild ポッチ tile stood for."""
    chips: ChipCount = ChipCount()  # noqa: RUF009 - a frozen value, shared safely
    """What each payer owes in chips for the hand itself."""
    inazuma: bool = False
    wareme: int | None = None


@dataclass(frozen=True, slots=True)
class ZunoHandEnded(HandEnded):
    tobi: tuple[tuple[int, int | None], ...] = ()
    """(busted, buster) so far in the game."""


@dataclass(frozen=True, slots=True)
class ZunoGameOver(GameOver):
    tobi: tuple[tuple[int, int], ...] = ()
    penalties: tuple[tuple[int, int], ...] = ()
