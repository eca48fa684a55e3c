"""The decisions a table waits on, as the runtime tracks them beside the engine.

A :class:`Decision` is what a seat's buttons answer: the sequence number they carry (see
:mod:`bot.runtime.numbering`), the actions offered, the one played if nobody chooses, and the
deadline of the seat's clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.game import Action

__all__ = ["Decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat's pending decision as the runtime tracks it: buttons carry ``seq``."""

    seat: int
    seq: int
    actions: tuple[Action, ...]
    default: Action
    deadline: float | None
    """Unix time of the timeout, or None when nobody waits on a clock (CPUs, autopilot)."""
