"""The sequence number each seat's buttons carry, by one rule the live actor and recovery share.

A button is current while its decision is: it carries the sequence number at which the
decision appeared, and that number stays while the seat's options stay the same (another
seat's pass on the same discard, another ずーの seat's lock). Recovery must number the pending
decisions exactly as the process before the restart did, or every button on screen turns
stale; so it replays the same rule over the action log instead of
numbering everything at the current action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.engine.game import Action, Game, TimeUp

__all__ = ["Offer", "Offers", "answers_no_decision", "next_offers"]


@dataclass(frozen=True, slots=True)
class Offer:
    """What one seat is offered and the sequence number its buttons carry."""

    seq: int
    actions: tuple[Action, ...]
    default: Action


@dataclass(frozen=True, slots=True)
class Offers:
    """Every seat's offers at one moment of a game."""

    decisions: Mapping[int, Offer] = field(default_factory=dict)
    """The engine's pending decisions: each has a clock or a CPU turn."""
    switches: Mapping[int, Offer] = field(default_factory=dict)
    """Seats that chose and may still switch (ずーの's locked discards): no clock."""
    free: Mapping[int, Offer] = field(default_factory=dict)
    """What a seat may do at any moment besides its decision (いなげ's vote to end)."""


def answers_no_decision(game: Game, action: Action) -> bool:
    """Whether ``action`` (about to be applied) is a free one: a vote or the time limit, which
    leave the seat's decision and its number as they were."""
    return isinstance(action, TimeUp) or action in game.free_actions(action.seat)


def next_offers(previous: Offers, game: Game, *, acted: int | None) -> Offers:
    """The offers after the game moved; ``acted`` is the seat whose decision was just answered
    (None for a free action or a fresh start). An offer keeps its number unless its seat acted
    or what it offers changed."""
    sequence = game.sequence
    pending = {decision.seat: decision for decision in game.decisions()}
    decisions: dict[int, Offer] = {}
    for seat, decision in pending.items():
        old = previous.decisions.get(seat)
        kept = old is not None and seat != acted and (old.actions, old.default) == (decision.actions, decision.default)
        decisions[seat] = old if kept and old is not None else Offer(sequence, decision.actions, decision.default)
    switches: dict[int, Offer] = {}
    free: dict[int, Offer] = {}
    for seat in range(game.players):
        if seat not in pending and game.locked_in(seat) and (actions := tuple(game.legal_actions(seat))):
            old = previous.switches.get(seat)
            kept = old is not None and seat != acted and old.actions == actions
            # The default is never played: a locked seat has no clock, its lock stands.
            switches[seat] = old if kept and old is not None else Offer(sequence, actions, actions[0])
        if extra := game.free_actions(seat):
            old = previous.free.get(seat)
            free[seat] = old if old is not None and old.actions == extra else Offer(sequence, extra, extra[0])
    return Offers(decisions, switches, free)
