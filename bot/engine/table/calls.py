"""Claims and calls on the turn cycle: the claim window after a discard, a tile set aside or an
added kan (ron first, then pon or kan, or the tile passes), and the kans a seat declares."""

from __future__ import annotations

from bot.engine.events import Called, DoraRevealed, KakanDeclared
from bot.engine.game import Action, Kan, Pon, Ron, Unclaimed
from bot.engine.melds import Meld, MeldType
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.table.claims import ClaimSource, ClaimWindow, seats_after
from bot.engine.table.cycle import Phase, TurnCycle

__all__ = ["Calls"]


class Calls(TurnCycle[SettingsT, SeatT]):
    """Who may claim a tile on offer and what a claim does; kans, declared and called."""

    # --- hooks ------------------------------------------------------------------------------------

    def _may_ron(self, seat: int, tile: int, window: ClaimWindow) -> bool:
        """Whether a seat waiting on ``tile`` and not furiten may win on it: the win scores."""
        return self._score(seat, tile, how=window.source) is not None

    def _may_call(self, seat: int, tile: int, window: ClaimWindow) -> bool:
        """Whether a seat may call (pon or kan) the tile on offer: not in riichi, not the last
        tile, and never a tile added to a kan."""
        return not self.seats[seat].riichi and bool(self.wall.live) and window.source != ClaimSource.KAKAN

    def _open_kan_allowed(self, seat: int, window: ClaimWindow) -> bool:
        """Whether a seat holding three of the tile on offer may call it for an open kan."""
        return False

    def _on_call(self) -> None:
        """A pon or kan was made: it ends the first go-around and every seat's 一発."""
        self.any_call = True
        self.first_go_around = False
        for seat in self.seats:
            seat.ippatsu = False

    def _ron_winners(self, rons: list[int]) -> list[int]:
        """Who wins when several seats ron one tile (nearest first): by default the nearest only
        (頭ハネ, 上家優先)."""
        return rons[:1]

    def _after_discard_passed(self, seat: int) -> None:
        """Nobody claimed ``seat``'s discard: the next seat draws."""
        self._draw((seat + 1) % self._players)

    def _reveal_kan_dora(self) -> None:
        """A kan was made: turn over a new dora indicator, where the variant has them."""

    # --- claims -----------------------------------------------------------------------------------

    def _open_claims(self, source: ClaimSource, from_seat: int, tile: int) -> None:
        window = ClaimWindow(source=source, from_seat=from_seat, tile=tile)
        self.window = window
        for other in seats_after(from_seat, self._players):
            window.offer(other, self._claim_options(other, tile, window))
        if window.open:
            self.phase = Phase.CLAIMS
        else:
            self._no_claim(window)

    def _claim_options(self, seat_index: int, tile: int, window: ClaimWindow) -> list[Action]:
        seat = self.seats[seat_index]
        kind = self.kinds[tile]
        options: list[Action] = []
        waits = self.shapes.waits(seat.board)
        if kind in waits:
            if not self._furiten(seat_index, waits) and self._may_ron(seat_index, tile, window):
                options.append(Ron(seat_index))
            else:
                # A winning tile the seat cannot take still makes it furiten for the go-around.
                self._note_missed_win(seat_index)
        held = self._held(seat, kind)
        if len(held) >= 2 and self._may_call(seat_index, tile, window):
            options += [Pon(seat_index, pair) for pair in self._face_pairs(held)]
            if len(held) == 3 and self._open_kan_allowed(seat_index, window):
                options.append(Kan(seat_index, tuple(held)))
        return options

    def _resolve_claims(self) -> None:
        window = self.window
        assert window.from_seat is not None
        assert window.tile is not None
        order = seats_after(window.from_seat, self._players)
        rons = [seat for seat in order if any(isinstance(a, Ron) for a in window.taken(seat))]
        for seat in window.options:
            if window.declined(seat, Ron):
                self._note_missed_win(seat)
        calls = [(seat, action) for seat in order for action in window.taken(seat) if isinstance(action, Pon | Kan)]
        self.window = ClaimWindow()
        if rons:
            self._win(self._ron_winners(rons), from_seat=window.from_seat, tile=window.tile, how=window.source)
        elif calls:
            self._call(*calls[0], window)
        else:
            self._no_claim(window)

    def _no_claim(self, window: ClaimWindow) -> None:
        """Nobody claimed: the discard stays, the tile set aside gets its replacement, the kan stands."""
        assert window.from_seat is not None
        assert window.tile is not None
        self.phase = Phase.TURN
        if window.source == ClaimSource.SET_ASIDE:
            self._draw(window.from_seat, replacement=True)
        elif window.source == ClaimSource.KAKAN:
            self._complete_kakan(window.from_seat, window.tile)
        else:
            self._after_discard_passed(window.from_seat)

    def _call(self, seat_index: int, call: Action, window: ClaimWindow) -> None:
        assert isinstance(call, Pon | Kan)
        assert window.from_seat is not None
        assert window.tile is not None
        seat = self.seats[seat_index]
        source, tile = window.from_seat, window.tile
        if window.source == ClaimSource.DISCARD:
            self.seats[source].river[-1].called = True
        else:
            self.seats[source].set_aside.remove(tile)
        for own in call.tiles:
            self._give(seat, own)
        self._on_call()
        meld_type = MeldType.MINKAN if isinstance(call, Kan) else MeldType.PON
        meld = Meld(meld_type, self.kinds[tile], tiles=(*call.tiles, tile), called=tile, from_seat=source)
        seat.melds.append(meld)
        self.pending_events.append(Called(seat_index, meld_type, meld.tiles, source, tile, window.source))
        if isinstance(call, Kan):
            self._after_kan(seat_index)
            return
        self.turn = seat_index
        self.phase = Phase.TURN
        self.after_pon = True
        self.rinshan = False
        seat.drawn = None

    def unclaimed(self) -> Unclaimed | None:
        """In a claim window: the turn goes on, the seat after a discarder drawing; a tile set
        aside or added to a kan is replaced for the seat that played it."""
        source = self.window.from_seat
        if self.phase != Phase.CLAIMS or source is None or self._outcome is not None:
            return None
        turn = (source + 1) % self._players if self.window.source == ClaimSource.DISCARD else source
        return Unclaimed(Phase.TURN, turn, offered_by=source)

    # --- kans -------------------------------------------------------------------------------------

    def _declare_kan(self, seat_index: int, tiles: tuple[int, ...]) -> None:
        seat = self.seats[seat_index]
        if len(tiles) == 4:
            for tile in tiles:
                self._give(seat, tile)
            meld = Meld(MeldType.ANKAN, self.kinds[tiles[0]], tiles=tiles)
            seat.melds.append(meld)
            self.pending_events.append(Called(seat_index, MeldType.ANKAN, tiles))
            self._after_kan(seat_index)
            return
        # An added kan can be robbed (槍槓) before it stands.
        self.pending_events.append(KakanDeclared(seat_index, tiles[0]))
        self._open_claims(ClaimSource.KAKAN, seat_index, tiles[0])

    def _complete_kakan(self, seat_index: int, tile: int) -> None:
        """The tile added to a meld stands: a pon becomes a kan, or a kan grows by one tile
        (チンイツゲーム's 5th to 8th copies, each still one meld)."""
        seat = self.seats[seat_index]
        self._give(seat, tile)
        kind = self.kinds[tile]
        index = next(i for i, meld in enumerate(seat.melds) if meld.kind == kind and meld.type is not MeldType.CHI)
        old = seat.melds[index]
        grown = MeldType.KAKAN if old.type is MeldType.PON else old.type
        seat.melds[index] = Meld(
            grown,
            old.kind,
            tiles=(*old.tiles, tile),
            called=old.called,
            from_seat=old.from_seat,
            size=len(old.tiles) + 1,
        )
        self.pending_events.append(Called(seat_index, grown, seat.melds[index].tiles))
        self._after_kan(seat_index)

    def _after_kan(self, seat_index: int) -> None:
        self._on_call()
        self._reveal_kan_dora()
        self._draw(seat_index, replacement=True, after_kan=True)

    def _reveal_indicator(self) -> None:
        """Turn the next indicator face up and tell the table."""
        self.wall.revealed += 1
        self.pending_events.append(DoraRevealed(self.wall.dora[-1], tuple(self.wall.dora)))
