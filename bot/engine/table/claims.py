"""The claim window: who may claim what is on offer, what they answered, and in which order
the answers are settled."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine.game import Action, Decision, Pass

__all__ = ["ClaimSource", "ClaimWindow", "seats_after"]


class ClaimSource(enum.StrEnum):
    """What a claim window offers."""

    DISCARD = "discard"
    SET_ASIDE = "set_aside"
    KAKAN = "kakan"
    """A tile added to a pon, which only a win may take (槍槓)."""


def seats_after(seat: int, players: int) -> list[int]:
    """The other seats in turn order, from the one after ``seat`` (上家 first when settling)."""
    return [(seat + offset) % players for offset in range(1, players)]


@dataclass
class ClaimWindow:
    """Seats that may answer what is on offer, with their options (``Pass`` last) and answers.

    Each seat answers once, unless the window takes ``several`` answers: then a seat takes its
    options one at a time (ずーの's multi-ron) until it passes or has taken them all. A pass, or
    a timeout (whose default is the pass), declines whatever the seat has not taken.
    """

    options: dict[int, tuple[Action, ...]] = field(default_factory=dict)
    answers: dict[int, list[Action]] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)
    several: bool = False
    source: str = ""
    """What is on offer, for a window on one tile: ``discard``, ``set_aside`` or ``kakan``."""
    from_seat: int | None = None
    tile: int | None = None

    def offer(self, seat: int, options: Sequence[Action]) -> None:
        """Give a seat its options; the pass is added after them."""
        if options:
            self.options[seat] = (*options, Pass(seat))
            self.answers[seat] = []

    @property
    def open(self) -> bool:
        """Whether anyone may claim at all."""
        return bool(self.options)

    @property
    def complete(self) -> bool:
        """Whether every seat has answered."""
        return self.done >= set(self.options)

    def actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may still answer (empty once it has answered)."""
        if seat not in self.options or seat in self.done:
            return ()
        taken = self.answers.get(seat, [])
        return tuple(option for option in self.options[seat] if option not in taken)

    def decisions(self) -> tuple[Decision, ...]:
        """Every seat still to answer; a timeout passes."""
        return tuple(
            Decision(seat, self.actions(seat), Pass(seat)) for seat in sorted(self.options) if seat not in self.done
        )

    def answer(self, action: Action) -> None:
        """Record one answer (the caller checked it is one of :meth:`actions`)."""
        seat = action.seat
        self.answers[seat].append(action)
        taken = [answer for answer in self.answers[seat] if not isinstance(answer, Pass)]
        if not self.several or isinstance(action, Pass) or len(taken) == len(self.options[seat]) - 1:
            self.done.add(seat)

    def taken(self, seat: int) -> list[Action]:
        """What ``seat`` claimed (its answers but the pass)."""
        return [answer for answer in self.answers.get(seat, []) if not isinstance(answer, Pass)]

    def declined(self, seat: int, kind: type[Action]) -> bool:
        """Whether ``seat`` had an option of ``kind`` and did not take every one of them."""
        offered = [option for option in self.options.get(seat, ()) if isinstance(option, kind)]
        return bool(offered) and len([a for a in self.taken(seat) if isinstance(a, kind)]) < len(offered)
