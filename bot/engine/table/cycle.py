"""The state of a hand on the turn cycle and the moves every part of the cycle ends in: the next
draw, a win settled, the exhaustive draw.

:class:`TurnCycle` is the root the turn cycle's parts stand on — the claims and calls
(:mod:`~bot.engine.table.calls`), the views (:mod:`~bot.engine.table.turn_views`) and the turn
itself (:mod:`~bot.engine.table.turns`): whichever part acts, a hand goes on with a draw or ends
with a win or a drawn wall, so those are here, with the default settlement a variant may keep.
"""

from __future__ import annotations

import enum

from bot.engine.events import Drew, TileDrawn
from bot.engine.scoring import HandScore
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.table.claims import ClaimSource, ClaimWindow, seats_after
from bot.engine.table.ending import ENDED
from bot.engine.table.game import TableGame
from bot.engine.tiles import YAOCHU

__all__ = ["Phase", "TurnCycle"]


class Phase(enum.StrEnum):
    """Where a hand of the turn cycle is."""

    DEAL = "deal"
    """Seats set tiles aside from their dealt hands, one after another."""
    TURN = "turn"
    CLAIMS = "claims"
    ENDED = ENDED
    OVER = "over"


class TurnCycle(TableGame[SettingsT, SeatT]):
    """A hand on the turn cycle: its state, the draw, and the settlement of a win or a drawn wall."""

    turn: int
    after_pon: bool
    """The seat on turn claimed a tile and must discard: no draw, so no tsumo, riichi or kan."""
    rinshan: bool
    """The seat on turn drew a replacement tile after a kan (嶺上開花)."""
    any_call: bool
    first_go_around: bool
    """Nobody has called and the dealer has not drawn a second time (天和, 地和, ダブル立直)."""
    last_discard: tuple[int, int] | None
    """(seat, index in its river) of the latest discard."""
    window: ClaimWindow
    deal_queue: list[int]

    # --- hooks ------------------------------------------------------------------------------------

    def _score(self, seat: int, tile: int, *, how: str) -> HandScore | None:
        """What ``seat`` winning on ``tile`` is worth (``how``: ``tsumo`` or the claim source), or
        None where that is no win (no yaku): the default tsumo, ron and settlement read it. No win
        by default."""
        return None

    def _riichi_stick(self, seat: int) -> int:
        """The points a riichi declaration puts on the table (none by default)."""
        return 0

    def _on_draw(self, seat: int, *, replacement: bool) -> None:
        """Bookkeeping of a draw (none by default)."""

    def _replacement_tile(self) -> int | None:
        """The tile a kan or a tile set aside is replaced with (None: none left): by default the
        next tile of the live wall; a variant with a dead wall takes its 嶺上牌 first."""
        return self.wall.draw() if self.wall.live else None

    def _replacement_draw(self, seat: int) -> bool:
        """The seat on turn drew its tile after a kan (``rinshan``)."""
        return self.rinshan

    def _first_turn(self, seat: int) -> bool:
        """Nobody has called and the seat has not discarded yet."""
        return self.first_go_around and not self.seats[seat].river

    def _play_on(self) -> None:
        """After the default settlement of a hand: move the deal on and deal the next hand, or
        finish the game."""
        raise NotImplementedError

    # --- drawing ----------------------------------------------------------------------------------

    def _draw(self, seat_index: int, *, replacement: bool = False, after_kan: bool = False) -> None:
        """The seat draws its next tile (a replacement tile when ``replacement``) and is on turn;
        a wall with nothing left to draw ends the hand drawn."""
        tile = self._replacement_tile() if replacement else self.wall.draw() if self.wall.live else None
        if tile is None:
            self._exhaustive_draw()
            return
        seat = self.seats[seat_index]
        if not replacement and seat_index == self.dealer and seat.river:
            self.first_go_around = False
        self._take(seat, tile)
        seat.drawn = tile
        self.turn = seat_index
        self.phase = Phase.TURN
        self.after_pon = False
        self.rinshan = after_kan
        self._on_draw(seat_index, replacement=replacement)
        self.pending_events.append(TileDrawn(seat_index, tile, replacement=replacement))
        self.pending_events.append(Drew(seat_index, len(self.wall.live), replacement=replacement))

    # --- settling a hand --------------------------------------------------------------------------

    def _win(self, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
        """Settle a win (``how``: ``tsumo`` or the claim source) and end the hand. By default
        each winner's hand (:meth:`_score`) is paid by its payers (:meth:`_hand_owed`: no honba,
        no sticks), the tile on offer goes to the first winner, the cards are reported, and
        :meth:`_play_on` follows."""
        scores = [self._score(winner, tile, how=how) for winner in winners]
        if from_seat is not None:
            self._take_claimed(winners[0], from_seat, tile, how)
        results = []
        for winner, score in zip(winners, scores, strict=True):
            assert score is not None  # only wins that score are offered
            changes = [0] * self._players
            for payer in seats_after(winner, self._players):
                owed = self._hand_owed(score, payer, from_seat=from_seat)
                changes[payer] -= owed
                changes[winner] += owed
            self.ledger.pay(changes)
            hand = [t for t in self.seats[winner].concealed if t != tile]
            results.append(
                self._win_result(
                    winner,
                    from_seat,
                    tile,
                    hand,
                    score.lines(),
                    han=score.han,
                    points=score.total,
                    point_changes=changes,
                    limit=score.limit,
                )
            )
        self._hand_ended([card for card, _ in results], wins=[record for _, record in results])
        self._play_on()

    def _take_claimed(self, winner: int, from_seat: int, tile: int, how: str) -> None:
        """A ron takes the tile on offer into the (first) winner's hand: off the discarder's
        river (a riichi declaration tile's stick goes back: it was never at stake, [baseline]
        B6), out of the tiles it set aside, or off the kan it was added to."""
        source = self.seats[from_seat]
        if how == ClaimSource.DISCARD:
            if source.river[-1].riichi and (stick := self._riichi_stick(from_seat)):
                self.ledger.refund(from_seat, stick)
            source.river.pop()
            self.last_discard = None
        elif how == ClaimSource.SET_ASIDE:
            source.set_aside.remove(tile)
        else:
            self._give(source, tile)
        self._take(self.seats[winner], tile)

    def _exhaustive_draw(self) -> None:
        """The wall is empty: settle the draw and end the hand. By default the tenpai hands are
        shown, nobody pays, and :meth:`_play_on` follows."""
        tenpai = [self.shapes.is_tenpai(seat.board) for seat in self.seats]
        card, draw = self._draw_card(tenpai, [0] * self._players)
        self._hand_ended((card,), draw=draw)
        self._play_on()

    def is_yaochu_river(self, seat: int) -> bool:
        """流し: every discard of the seat yaochū and none of them called."""
        river = self.seats[seat].river
        return bool(river) and all(self.kinds[entry.tile] in YAOCHU and not entry.called for entry in river)
