"""The decisions a table waits on, as the runtime tracks them beside the engine.

A :class:`Decision` is what a seat's buttons answer: the sequence number they carry (see
:mod:`bot.runtime.numbering`), the actions offered, the one played if nobody chooses, and the
deadline of the seat's clock.

A :class:`DecisionBook` keeps one table's: the engine's pending decisions, each with its clock or
CPU turn (:class:`~bot.runtime.clocks.TableClocks`), and two kinds of choice beside them that run
on no clock — a locked-in seat's **switches** (ずーの's locked discards, until the last lock) and
**free actions** offered at any moment (いなげ's vote to end). It numbers them by the rule
recovery replays (:func:`~bot.runtime.numbering.next_offers`) and says which action a button
stands for. A player's decision that their auto options answer (:mod:`bot.runtime.auto_moves`)
carries that move and runs on no clock: it is played at a CPU's pace, without a click.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.engine.game import Action, Game, VoteEnd
from bot.engine.views import SeatView
from bot.runtime.auto_moves import automatic_move
from bot.runtime.clocks import SeatState, TableClocks
from bot.runtime.customid import ActionId, action_args
from bot.runtime.errors import InvalidButton, NotYourTurn, StaleClick
from bot.runtime.messages import FreeAct, Reconsider
from bot.runtime.numbering import Offer, Offers, next_offers

__all__ = ["Decision", "DecisionBook"]


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat's pending decision as the runtime tracks it: buttons carry ``seq``."""

    seat: int
    seq: int
    actions: tuple[Action, ...]
    default: Action
    deadline: float | None
    """Unix time of the timeout, or None when nobody waits on a clock (CPUs, autopilot, an
    automatic move)."""
    automatic: Action | None = None
    """The move the player's auto options make (one of ``actions``), played without a click or a
    clock; None when the player is asked (and always for a CPU)."""
    turn_ends: float | None = None
    """Unix time at which the turn's own seconds run out, when ``deadline`` is set: from then
    until ``deadline`` the seat spends its bank (the same moment when it may spend none). Set to
    the moment they did when :class:`~bot.runtime.messages.TurnOver` arrives (see :meth:`DecisionBook.turn_over`)."""

    @property
    def unattended(self) -> Action:
        """What the table plays when nobody clicks (a timeout, autopilot): the automatic move
        if the player's options make one, else the default."""
        return self.automatic if self.automatic is not None else self.default


class DecisionBook:
    """The decisions one table waits on, in line with its engine, each with its clock.

    ``claim_window`` says whether the game is in a claim window now, which a CPU answers at once
    (see :meth:`TableClocks.arm`); ``seat_view`` is a seat's view now (what its auto options
    read); ``offers`` are those a recovered game's log numbered."""

    def __init__(
        self,
        seats: Sequence[SeatState],
        clocks: TableClocks,
        *,
        claim_window: Callable[[], bool],
        seat_view: Callable[[int], SeatView],
        offers: Offers | None = None,
    ) -> None:
        self._seats = seats
        self._clocks = clocks
        self._claim_window = claim_window
        self._seat_view = seat_view
        self.offers = offers or Offers()
        """Every seat's offers as last numbered (see :mod:`bot.runtime.numbering`)."""
        self._decisions: dict[int, Decision] = {}
        """The engine's pending decisions: each has a clock or a CPU turn."""
        self._switches: dict[int, Decision] = {}
        """Seats that already chose but may still change their choice (ずーの's locked discards):
        not in the engine's decisions, so no clock and no CPU turn, but their buttons work."""
        self._locked_against: dict[int, frozenset[int]] = {}
        """Locked-in CPU seats and the other seats that were in riichi when each last chose."""
        self._free: dict[int, Decision] = {}
        """Actions a seat may take at any moment besides its decision (いなげ's vote to end):
        they run on no clock and do not end the seat's decision."""

    # --- what the table waits on -------------------------------------------------------------------

    def decision(self, seat: int) -> Decision | None:
        """The seat's pending decision, if any (or the choices a locked-in seat may switch to),
        with the actions it may take at any moment added; those share the decision's number."""
        decision = self._decisions.get(seat) or self._switches.get(seat)
        free = self._free.get(seat)
        if free is None:
            return decision
        if decision is None:
            return free
        # Free actions are matched by what they are, not by number (see action_for), so a vote
        # does not make the seat's other buttons stale.
        return dataclasses.replace(decision, actions=decision.actions + free.actions)

    def offered(self, seat: int) -> Decision | None:
        """What the seat's panel offers: :meth:`decision`, less a decision its player's auto
        options answer (that move is on its way; the player is not asked)."""
        pending = self._decisions.get(seat)
        if pending is not None and pending.automatic is not None:
            return self._free.get(seat)
        return self.decision(seat)

    def pending(self, seat: int) -> Decision | None:
        """The engine's decision the seat owes (with its clock), if any."""
        return self._decisions.get(seat)

    def decisions(self) -> tuple[Decision, ...]:
        """Every pending decision of the engine's, by seat."""
        return tuple(self._decisions[seat] for seat in sorted(self._decisions))

    def switch(self, seat: int) -> Decision | None:
        """What a locked-in seat may still switch to, if anything."""
        return self._switches.get(seat)

    def free_actions(self, seat: int) -> tuple[Action, ...]:
        """What the seat may do at any moment besides its decision."""
        free = self._free.get(seat)
        return free.actions if free is not None else ()

    def earliest_deadline(self) -> float | None:
        """The first deadline the table counts down to, if any."""
        return min((d.deadline for d in self._decisions.values() if d.deadline is not None), default=None)

    def action_for(self, seat: int, button: ActionId, sequence: int) -> tuple[Action, bool]:
        """The action a seat's button stands for, and whether it is a free one (no answer to the
        seat's decision); ``sequence`` is the game's.

        Raises :class:`StaleClick` for a button of an older decision (or the other side of a free
        choice already made), :class:`NotYourTurn` for a current button of a move that is someone
        else's, :class:`InvalidButton` for a current one this seat was never offered (forged)."""
        decision = self.decision(seat)
        free_actions = self.free_actions(seat)
        action = next((a for a in free_actions if a.kind == button.kind and action_args(a) == button.args), None)
        if action is not None:
            # A free action is what it says whatever the panel's number (a vote clicked just as
            # the seat's turn came).
            return action, True
        if any(a.kind == button.kind for a in free_actions):
            # The other side of a free choice (a vote already cast, a double click): stale.
            raise StaleClick(seq=button.seq, current=decision.seq if decision is not None else sequence)
        # Anything else must come from the current decision.
        if decision is None and button.seq == sequence:
            raise NotYourTurn()  # a current button, but the move is someone else's
        if decision is None or decision.seq != button.seq:
            current = decision.seq if decision is not None else sequence
            raise StaleClick(seq=button.seq, current=current)
        action = next((a for a in decision.actions if a.kind == button.kind and action_args(a) == button.args), None)
        if action is None:
            # Well-formed and current, but not one of the buttons this seat was given: forged.
            raise InvalidButton()
        return action, False

    # --- in line with the engine, on the clocks -----------------------------------------------------

    def sync(self, game: Game, *, acted: int | None, pause: float) -> set[int]:
        """Bring the tracked decisions in line with the engine's; returns seats whose changed.

        ``acted``: the seat whose decision was just answered (None for a free action or a fresh
        start); ``pause``: seconds before new clocks start (the pause after a hand)."""
        offers = next_offers(self.offers, game, acted=acted)
        self.offers = offers
        changed: set[int] = set()
        continuing: dict[int, float] = {}
        for seat, old in list(self._decisions.items()):
            new = offers.decisions.get(seat)
            if new is None or (new.seq, new.actions, new.default) != (old.seq, old.actions, old.default):
                narrowed = new is not None and seat == acted and _narrowed(old.actions, new.actions)
                if narrowed and old.deadline is not None:
                    # ずーの's multi-ron: each pick leaves the rest of the same choice, which keeps
                    # the one deadline the round shares instead of starting a fresh clock.
                    continuing[seat] = old.deadline
                self._clocks.disarm(seat)
                del self._decisions[seat]
                changed.add(seat)
        opened = [seat for seat in offers.decisions if seat not in self._decisions]
        automatic = {seat: self._automatic(seat, offers.decisions[seat].actions) for seat in opened}
        # Seats asked at the same moment (two claims on one discard, ずーの's simultaneous phases)
        # share one deadline: the turn's seconds plus the smallest bank among them.
        clocked = [
            seat for seat in opened if self._seats[seat].clocked and seat not in continuing and automatic[seat] is None
        ]
        shared = self._clocks.shared_deadline(clocked, pause=pause)
        for seat in opened:
            new = offers.decisions[seat]
            self._decisions[seat] = Decision(seat, new.seq, new.actions, new.default, None, automatic[seat])
            if seat in continuing:
                self.arm(seat, pause=pause, deadline=continuing[seat], continuing=True)
            else:
                self.arm(seat, pause=pause, deadline=shared)
            changed.add(seat)
        return changed | _follow(self._switches, offers.switches) | _follow(self._free, offers.free)

    def arm(self, seat: int, *, pause: float, deadline: float | None = None, continuing: bool = False) -> None:
        """Start the clock of the seat's pending decision or schedule its CPU turn (see
        :meth:`TableClocks.arm`), and show the decision's deadline and when its turn ends."""
        decision = self._decisions[seat]
        shown = self._clocks.arm(
            seat,
            decision.seq,
            pause=pause,
            claim_window=self._claim_window(),
            deadline=deadline,
            continuing=continuing,
            automatic=decision.automatic is not None,
        )
        turn_ends = None if shown is None else min(shown, self._clocks.turn_ends(seat))
        self._decisions[seat] = dataclasses.replace(decision, deadline=shown, turn_ends=turn_ends)

    def _automatic(self, seat: int, actions: Sequence[Action]) -> Action | None:
        """The move the seat's player's auto options make for a decision of ``actions``."""
        state = self._seats[seat]
        if state.player.is_cpu:
            return None
        return automatic_move(state.auto_options, self._seat_view(seat), actions)

    def options_changed(self, seat: int) -> bool:
        """The seat's player changed their auto options: its pending decision is answered (or
        asked) as they now say, on a fresh clock or at once. Returns whether it changed."""
        decision = self._decisions.get(seat)
        if decision is None:
            return False
        automatic = self._automatic(seat, decision.actions)
        if automatic == decision.automatic:
            return False
        self._decisions[seat] = dataclasses.replace(decision, automatic=automatic)
        self.arm(seat, pause=0.0)
        return True

    def turn_over(self, seat: int, seq: int) -> bool:
        """The turn's own seconds of the seat's decision ``seq`` ran out: its bank runs from now.
        Returns whether that decision still waits on its player (whose panel then says so)."""
        decision = self._decisions.get(seat)
        if decision is None or decision.seq != seq or decision.turn_ends is None or not self.waits_on(seat):
            return False
        # Never later than now, as its panel reads the clock: a timer may ring a hair early.
        self._decisions[seat] = dataclasses.replace(decision, turn_ends=min(decision.turn_ends, self._clocks.now()))
        return True

    def automatic_seats(self) -> set[int]:
        """Seats whose pending decision their auto options answer."""
        return {seat for seat, decision in self._decisions.items() if decision.automatic is not None}

    def waits_on(self, seat: int) -> bool:
        """Whether the table waits for someone to click the seat's pending decision (a human at
        the keyboard, not on autopilot, with no automatic move for it)."""
        decision = self._decisions.get(seat)
        return decision is not None and self._seats[seat].clocked and decision.automatic is None

    def answered_at_once(self) -> bool:
        """Whether a claim window just opened that only CPUs (or seats on autopilot) answer: they
        answer at once (see :meth:`arm`), and the table is redrawn after their answers, so the
        channel never sees a window nobody had to wait for (it would tell that someone can
        claim), and sees the next move as soon as it would have without one. A player whose auto
        options pass the claim (no calls) answers at once like a CPU, for the same reason."""
        return bool(self._decisions) and self._claim_window() and not any(map(self.waits_on, self._decisions))

    def stop_clocks(self, *, now: float, wall: float) -> dict[int, tuple[float, float]]:
        """Stop every clock and CPU turn (the store refuses writes); returns the seats whose
        deadline stopped with when (``now``, RuntimeOptions.clock) and the seconds they had left.
        Their decisions show no deadline until :meth:`restart_clocks`."""
        stopped: dict[int, tuple[float, float]] = {}
        for seat, decision in list(self._decisions.items()):
            self._clocks.disarm(seat)
            if decision.deadline is not None:
                stopped[seat] = (now, max(0.0, decision.deadline - wall))
                # No countdown on the table or the panels while nothing can be played.
                self._decisions[seat] = dataclasses.replace(decision, deadline=None, turn_ends=None)
        return stopped

    def restart_clocks(self, stopped: Mapping[int, tuple[float, float]], *, now: float, wall: float) -> None:
        """Restart every clock with the seconds its seat had left when it stopped (the pause is
        charged to nobody's bank), and the CPUs' turns."""
        for seat in list(self._decisions):
            state = self._seats[seat]
            stop = stopped.get(seat)
            if stop is not None and self.waits_on(seat):
                stopped_at, left = stop
                state.started += now - stopped_at  # the thinking time excludes the pause
                self.arm(seat, pause=0.0, deadline=wall + left, continuing=True)
            else:
                self.arm(seat, pause=0.0)

    # --- the CPUs' and absent players' part in what others chose -----------------------------------

    def votes_to_follow(self) -> list[FreeAct]:
        """CPUs and seats on autopilot agree to end once every player at the keyboard has voted,
        so that nobody who is not there holds the table hostage: their votes, to play."""
        present = [seat for seat, state in enumerate(self._seats) if state.clocked]
        if any(self._wants_vote(seat) for seat in present):
            return []
        return [
            FreeAct(seat, "vote_end")
            for seat, state in enumerate(self._seats)
            if not state.clocked and self._wants_vote(seat)
        ]

    def _wants_vote(self, seat: int) -> bool:
        free = self._free.get(seat)
        return free is not None and any(isinstance(a, VoteEnd) and a.end for a in free.actions)

    def reconsiderations(self, in_riichi: frozenset[int]) -> list[Reconsider]:
        """A CPU locked in during a simultaneous phase looks again once a riichi is declared
        after it chose (``in_riichi``: the seats in riichi now), as a player at the keyboard
        could switch to a safer tile: the second looks to take."""
        for seat in [seat for seat in self._locked_against if seat not in self._switches]:
            del self._locked_against[seat]
        looks: list[Reconsider] = []
        for seat, switch in self._switches.items():
            if self._seats[seat].cpu is None:
                continue
            against = in_riichi - {seat}
            if self._locked_against.setdefault(seat, against) != against:
                self._locked_against[seat] = against
                looks.append(Reconsider(seat, switch.seq))
        return looks

    def clear(self) -> None:
        """The game is over: nothing is waited on any more."""
        self._decisions.clear()
        self._switches.clear()
        self._locked_against.clear()
        self._free.clear()


def _follow(tracked: dict[int, Decision], offers: Mapping[int, Offer]) -> set[int]:
    """Bring clock-less offers (switches, free actions) in line; returns seats whose changed."""
    changed = {seat for seat in tracked.keys() | offers.keys() if _offered(tracked.get(seat)) != offers.get(seat)}
    for seat in changed:
        tracked.pop(seat, None)
        if (offer := offers.get(seat)) is not None:
            tracked[seat] = Decision(seat, offer.seq, offer.actions, offer.default, None)
    return changed


def _offered(decision: Decision | None) -> Offer | None:
    return None if decision is None else Offer(decision.seq, decision.actions, decision.default)


def _narrowed(old: Sequence[Action], new: Sequence[Action]) -> bool:
    """Whether ``new`` is ``old`` less some options: the rest of one choice, not a new one."""
    return len(new) < len(old) and set(new) <= set(old)
