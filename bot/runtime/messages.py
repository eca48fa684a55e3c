"""What the actor's inbox receives: every input to a running game is one of these messages.

Requests (:class:`Act`, :class:`Back`, :class:`ToggleAuto`, :class:`SetLocale`, :class:`Cancel`)
carry a future the caller awaits; the others come from the table's own clocks
(:mod:`bot.runtime.clocks`), its CPUs and absent players (:mod:`bot.runtime.autoplay`) and its
pause (:mod:`bot.runtime.pausing`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.runtime.auto_moves import AutoOption
from bot.runtime.customid import ActionId

__all__ = [
    "Act",
    "Auto",
    "Back",
    "Cancel",
    "FreeAct",
    "Message",
    "Reconsider",
    "Request",
    "Retry",
    "SetLocale",
    "Stop",
    "TimeLimit",
    "Timeout",
    "ToggleAuto",
    "TurnOver",
]


@dataclass
class Act:
    """A click on an action button."""

    user_id: int
    button: ActionId
    future: asyncio.Future[int]


@dataclass
class Back:
    """ "I'm back": take the clicker's seat off autopilot."""

    user_id: int
    future: asyncio.Future[int]


@dataclass
class ToggleAuto:
    """Switch one of the clicker's auto options (a ⚙ Auto button of their panel)."""

    user_id: int
    option: AutoOption
    future: asyncio.Future[int]


@dataclass
class SetLocale:
    """Show the clicker's panel in ``locale`` from now on (their panel's 🌐 button)."""

    user_id: int
    locale: str
    future: asyncio.Future[int]


@dataclass
class Cancel:
    """Cancel the game (the caller checked who may)."""

    by: str
    future: asyncio.Future[int]


@dataclass
class Auto:
    """A CPU's (or a seat on autopilot's) turn on decision ``seq``."""

    seat: int
    seq: int


@dataclass
class Reconsider:
    """A riichi was declared while a CPU's choice stood locked in (ずーの): its second look."""

    seat: int
    seq: int


@dataclass
class Timeout:
    """A seat's clock ran out on decision ``seq``."""

    seat: int
    seq: int
    retry: bool = False
    """Playing the default failed to save last time; this is another try, not another timeout."""


@dataclass
class TurnOver:
    """The turn's own seconds of a seat's decision ``seq`` ran out: its bank runs from now, which
    its panel says (the table's countdown, to the whole deadline, stays as it is)."""

    seat: int
    seq: int


@dataclass
class FreeAct:
    """A CPU's (or an absent player's) free action, e.g. agreeing to the others' vote to end."""

    seat: int
    kind: str


@dataclass
class TimeLimit:
    """The table's time limit ran out (いなげ's timed games)."""


@dataclass
class Retry:
    """Try the writes the store refused again (see :meth:`~bot.runtime.pausing.TablePause.hold`)."""


@dataclass
class Stop:
    """Stop the actor (bot shutdown)."""

    future: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


Message = (
    Act
    | Back
    | ToggleAuto
    | SetLocale
    | Cancel
    | Auto
    | Reconsider
    | Timeout
    | TurnOver
    | TimeLimit
    | FreeAct
    | Retry
    | Stop
)

Request = Act | Back | ToggleAuto | SetLocale | Cancel
"""A message someone waits on for an answer."""
