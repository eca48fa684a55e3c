"""What the table and each seat see of a hand on the turn cycle."""

from __future__ import annotations

from collections.abc import Collection

from bot.engine.game import Discard, Riichi, SetAside
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.table.cycle import Phase, TurnCycle
from bot.engine.table.views import public_deciding
from bot.engine.tiles import Back
from bot.engine.views import PublicView, SeatView

__all__ = ["TurnViews"]


class TurnViews(TurnCycle[SettingsT, SeatT]):
    """The public view of a hand on the turn cycle, and each seat's own."""

    def public_view(self) -> PublicView:
        """The table as everyone sees it."""
        return PublicView(
            variant=self.variant,
            round_label=self.round_label,
            seats=tuple(
                self._seat_public(index, wind=self.seat_wind(index), dealer=index == self.dealer)
                for index in range(self._players)
            ),
            tiles_left=len(self.wall.live),
            dora_indicators=self._faces(self.wall.dora),
            turn=self.turn if self.phase == Phase.TURN else None,
            deciding=public_deciding(
                tuple(decision.seat for decision in self.decisions()),
                self._players,
                claim_phase=self.phase == Phase.CLAIMS,
                actor=self.last_discard[0] if self.last_discard else None,
            ),
            phase=self.phase,
            last_discard=self.last_discard,
            sequence=self.sequence,
            wall_backs=self._wall_backs(),
            noten_riichi=self.noten_riichi,
            strict_furiten=self.strict_furiten,
            flower_dora=self.flower_dora,
            final_hand=self._final_hand(),
        )

    def _wall_backs(self) -> tuple[Back, ...]:
        """The live wall's back colours where the variant shows them (none)."""
        return ()

    def view(self, seat: int) -> SeatView:
        """``seat``'s own hand plus the public table."""
        own = self.seats[seat]
        drawn = own.drawn
        actions = self.legal_actions(seat)
        selectable = tuple(
            dict.fromkeys(self.tiles[action.tile] for action in actions if isinstance(action, Discard | SetAside))
        )
        discards = {self.kinds[action.tile] for action in actions if isinstance(action, Discard | Riichi)}
        waits, ukeire, furiten = self._hand_hints(seat, own.board)
        return SeatView(
            public=self.public_view(),
            seat=seat,
            hand=self._faces(self._sorted(t for t in own.concealed if t != drawn)),
            drawn=self.tiles[drawn] if drawn is not None else None,
            selectable=selectable,
            waits=waits,
            ukeire=ukeire,
            furiten=furiten,
            private_note=self._vote_note(),
            discard_gains=self._discard_gains(seat, discards) if discards else {},
        )

    def _discard_gains(self, seat: int, kinds: Collection[int]) -> dict[int, int]:
        """Han of discard yaku that discarding each of ``kinds`` would add to the seat's river
        (none, where the variant has no such yaku)."""
        del seat, kinds
        return {}
