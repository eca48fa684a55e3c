"""The turn cycle most variants share: draw, act, discard, let the others claim, next seat.

:class:`TurnGame` plays a hand the usual way. A seat draws (or takes a replacement tile after a
kan or a tile set aside); on its turn it may win, discard, declare riichi, set a tile aside or
declare a kan; after a discard, a tile set aside or an added kan, every other seat that can
claim it gets a claim window; the window is settled (a win first, then a call), or passes to the
next draw. A hand may begin with a deal step in which seats set tiles aside from the dealt hand.

A variant says what its rules allow through small hooks — which riichi it offers, what may be
set aside, when it may ron, how its wins and draws are paid, when its game ends — and keeps
nothing else. Phases (``game.phase``): ``deal``, ``turn``, ``claims``, ``ended``, ``over``.

The cycle's parts are mixins on :class:`~bot.engine.table.cycle.TurnCycle` (the hand's state,
the draw and the settlement): the claims, calls and kans (:mod:`~bot.engine.table.calls`) and the
views (:mod:`~bot.engine.table.turn_views`); here are the deal, the deal step and the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.engine.events import Discarded, Drew, TileDrawn, TileSetAside
from bot.engine.game import Action, Decision, Discard, Kan, Pass, Riichi, SetAside, Tsumo
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.table.calls import Calls
from bot.engine.table.claims import ClaimSource, ClaimWindow
from bot.engine.table.cycle import Phase
from bot.engine.table.seats import RiverEntry
from bot.engine.table.turn_views import TurnViews

__all__ = ["Phase", "TurnGame"]


class TurnGame(Calls[SettingsT, SeatT], TurnViews[SettingsT, SeatT]):
    """A game whose hands follow the turn cycle. Subclasses score (``_win``,
    ``_exhaustive_draw``) and refine the hooks below; :meth:`_start_hand` deals every hand the
    same way, with the variant's own state of a new hand in :meth:`_new_hand`."""

    riichi_kinds: ClassVar[tuple[type[Action], ...]] = (Riichi,)
    deal_step: ClassVar[bool] = False
    """A hand begins with the deal step, seats setting tiles aside from their dealt hands (いなげ)."""

    # --- hooks ------------------------------------------------------------------------------------

    def _new_hand(self) -> None:
        """The variant's own state of a hand just dealt (it may add events after ``HandStarted``)."""

    def _deal_actions(self, seat: int) -> tuple[Action, ...]:
        """What a seat may do with its dealt hand before play (set tiles aside); none by default."""
        return ()

    def _declare_at_deal(self, action: Action) -> None:
        """A deal-step action other than setting a tile aside or passing (いなげ's 十三不塔)."""

    def _deal_done(self) -> None:
        """Every seat is through the deal step: the dealer draws."""
        self._draw(self.dealer)

    def _can_tsumo(self, seat: int) -> bool:
        """Whether the seat on turn may win on its drawn tile: a complete hand that scores."""
        state = self.seats[seat]
        if state.drawn is None or not self.shapes.is_agari(state.board):
            return False
        return self._score(seat, state.drawn, how="tsumo") is not None

    def _riichi_options(self, seat: int, faces: Sequence[int]) -> list[Action]:
        """Riichi declarations the seat may make with one of these discards."""
        return []

    def _riichi_turn(self, seat: int) -> list[Action]:
        """In riichi, what the seat may do besides discarding its drawn tile (set it aside, a kan)."""
        return []

    def _set_aside_options(self, seat: int) -> list[Action]:
        """Tiles the seat on turn may set aside instead of discarding."""
        return []

    def _kan_options(self, seat: int) -> list[Action]:
        """Concealed and added kans the seat on turn may declare."""
        return []

    def _on_discard(self, seat: int, tile: int, *, riichi: bool) -> None:
        """Bookkeeping of a discard before it reaches the river: a riichi puts its stick on the
        table, and with the seat's first discard, nobody having called, is ダブル立直; a riichi
        opens the seat's 一発, any other discard ends it."""
        state = self.seats[seat]
        if riichi:
            state.double_riichi = not state.river and not self.any_call
            if stick := self._riichi_stick(seat):
                self.ledger.deposit(seat, stick)
        state.ippatsu = riichi

    def _river_entry(self, seat: int, tile: int, *, riichi: bool, tsumogiri: bool) -> RiverEntry:
        return RiverEntry(tile, riichi=riichi, tsumogiri=tsumogiri, order=self._next_discard_order())

    def _next_discard_order(self) -> int:
        return 1 + max((entry.order for seat in self.seats for entry in seat.river), default=0)

    def _discardable(self, seat: int, tile: int) -> bool:
        """Whether the tile may go to the river (チンイツゲーム's North may only be pulled)."""
        return True

    def _set_aside_claimable(self, seat: int, tile: int) -> bool:
        """Whether the others may claim a tile set aside (いなげ's 横ドラ) before it is replaced;
        otherwise (抜きドラ) the replacement comes at once."""
        return True

    def _after_set_aside(self, seat: int, tile: int) -> None:
        """Bookkeeping of a tile set aside, before its replacement (a kan dora for four Norths)."""

    def _set_aside_rinshan(self, seat: int, tile: int) -> bool:
        """Whether a tsumo on the tile replacing one set aside is 嶺上開花, as after a kan (a
        house rule of Kansai sanma for 北抜き); by default it is not."""
        return False

    # --- dealing ----------------------------------------------------------------------------------

    def _start_hand(self, order: Sequence[int] | None = None) -> None:
        """Deal the hand (or the rigged ``order``), tell the table, set the variant's state of a
        new hand and begin play: the deal step, or the dealer's first draw."""
        self._shuffle(order)
        self._deal()
        self.pending_events = [self._hand_started()]
        self._new_hand()
        self.phase = Phase.DEAL if self.deal_step else Phase.TURN
        self.turn = self.dealer
        self.after_pon = False
        self.rinshan = False
        self.any_call = False
        self.first_go_around = True
        self.last_discard = None
        self.window = ClaimWindow()
        self.deal_queue = self._dealing_order()
        if self.deal_step:
            self._advance_deal()
        else:
            self.deal_queue = []
            self._draw(self.dealer)

    def _advance_deal(self) -> None:
        """Move the deal step to the next seat with something to decide, or start play."""
        while self.deal_queue and not self._deal_actions(self.deal_queue[0]):
            self.deal_queue.pop(0)
        if not self.deal_queue:
            self._deal_done()

    def _apply_deal(self, action: Action) -> None:
        seat_index = action.seat
        seat = self.seats[seat_index]
        if isinstance(action, SetAside):
            self._give(seat, action.tile)
            seat.set_aside.append(action.tile)
            self.pending_events.append(TileSetAside(seat_index, action.tile, deal=True))
            self._after_set_aside(seat_index, action.tile)
            # A tile set aside from the deal cannot be claimed: the replacement comes at once.
            tile = self._replacement_tile()
            assert tile is not None  # a wall just dealt has tiles to spare
            self._take(seat, tile)
            self.pending_events.append(TileDrawn(seat_index, tile))
            self.pending_events.append(Drew(seat_index, len(self.wall.live), replacement=True))
        else:
            self._declare_at_deal(action)
            self.deal_queue.pop(0)
        self._advance_deal()

    # --- decisions --------------------------------------------------------------------------------

    def decisions(self) -> tuple[Decision, ...]:
        """Who must act now: a seat in the deal step, the seat on turn, or every claimant."""
        if self._outcome is not None:
            return ()
        if self.phase == Phase.DEAL:
            seat = self.deal_queue[0]
            return (Decision(seat, self._deal_actions(seat), Pass(seat)),)
        if self.phase == Phase.TURN:
            actions = self._turn_actions(self.turn)
            return (Decision(self.turn, actions, self._turn_default(self.turn, actions)),)
        if self.phase == Phase.CLAIMS:
            return self.window.decisions()
        return ()

    def _seat_actions(self, seat: int) -> tuple[Action, ...]:
        if self._outcome is not None:
            return ()
        for decision in self.decisions():
            if decision.seat == seat:
                return decision.actions
        return ()

    def _turn_actions(self, seat_index: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        actions: list[Action] = []
        if not self.after_pon and self._can_tsumo(seat_index):
            actions.append(Tsumo(seat_index))
        if seat.riichi and seat.drawn is not None:
            # Riichi: the drawn tile goes, unless it wins (or the variant allows a little more).
            if self._discardable(seat_index, seat.drawn):
                actions.append(Discard(seat_index, seat.drawn))
            actions += self._riichi_turn(seat_index)
            return tuple(actions)
        allowed = [tile for tile in seat.concealed if self._discardable(seat_index, tile)]
        faces = self._distinct_faces(allowed, prefer=[seat.drawn])
        actions += [Discard(seat_index, tile) for tile in faces]
        if self.after_pon:
            return tuple(actions)
        actions += self._riichi_options(seat_index, faces)
        actions += self._set_aside_options(seat_index)
        actions += self._kan_options(seat_index)
        return tuple(actions)

    def _turn_default(self, seat_index: int, actions: tuple[Action, ...]) -> Action:
        """Tsumogiri; with no drawn tile (after a pon), the highest face the legal list offers;
        with no discard at all (a North that may only be pulled, a kan that must be made), the
        first action that is no win."""
        seat = self.seats[seat_index]
        if seat.drawn is not None and Discard(seat_index, seat.drawn) in actions:
            return Discard(seat_index, seat.drawn)
        discards = [action for action in actions if isinstance(action, Discard)]
        if discards:
            return discards[-1]
        return next(action for action in actions if not isinstance(action, Tsumo))

    # --- applying actions -------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if self.phase == Phase.DEAL:
            self._apply_deal(action)
        elif self.phase == Phase.TURN:
            self._apply_turn(action)
        else:
            self.window.answer(action)
            if self.window.complete:
                self._resolve_claims()

    def _apply_turn(self, action: Action) -> None:
        seat_index = action.seat
        if isinstance(action, Tsumo):
            tile = self.seats[seat_index].drawn
            assert tile is not None  # a tsumo is only offered on a drawn tile
            self._win([seat_index], from_seat=None, tile=tile, how="tsumo")
        elif isinstance(action, Discard):
            self._discard(seat_index, action.tile, riichi=False)
        elif isinstance(action, self.riichi_kinds):
            assert isinstance(action, Riichi)
            self._discard(seat_index, action.tile, riichi=True)
        elif isinstance(action, SetAside):
            self._set_aside(seat_index, action.tile)
        elif isinstance(action, Kan):
            self._declare_kan(seat_index, action.tiles)

    def _discard(self, seat_index: int, tile: int, *, riichi: bool) -> None:
        seat = self.seats[seat_index]
        tsumogiri = tile == seat.drawn
        self._give(seat, tile)
        seat.drawn = None
        if riichi:
            seat.riichi = True
        self._on_discard(seat_index, tile, riichi=riichi)
        seat.temporary_furiten = False  # 同巡内フリテン lasts until the seat's next discard
        self.rinshan = False
        seat.river.append(self._river_entry(seat_index, tile, riichi=riichi, tsumogiri=tsumogiri))
        self.last_discard = (seat_index, len(seat.river) - 1)
        self.pending_events.append(Discarded(seat_index, tile, riichi=riichi, tsumogiri=tsumogiri))
        self._open_claims(ClaimSource.DISCARD, seat_index, tile)

    def _set_aside(self, seat_index: int, tile: int) -> None:
        seat = self.seats[seat_index]
        self._give(seat, tile)
        seat.drawn = None
        seat.set_aside.append(tile)
        self.rinshan = False
        self.pending_events.append(TileSetAside(seat_index, tile))
        self._after_set_aside(seat_index, tile)
        if self._set_aside_claimable(seat_index, tile):
            self._open_claims(ClaimSource.SET_ASIDE, seat_index, tile)
        else:
            self._draw(seat_index, replacement=True, after_kan=self._set_aside_rinshan(seat_index, tile))

    # --- riichi's conditions ----------------------------------------------------------------------

    def _may_riichi(self, seat_index: int) -> bool:
        """The usual conditions of a riichi declaration: not in riichi yet, a closed hand, the
        points for its stick where it puts one down (:meth:`_riichi_stick`), and a draw left for
        every seat."""
        seat = self.seats[seat_index]
        stick = self._riichi_stick(seat_index)
        return (
            not seat.riichi
            and seat.closed
            and not (stick and self.points[seat_index] < stick)
            and len(self.wall.live) >= self._players
        )

    def _tenpai_discards(self, seat_index: int, faces: Sequence[int]) -> list[int]:
        """The discards among ``faces`` that leave the seat's hand waiting (a riichi's)."""
        board = self.seats[seat_index].board
        return [tile for tile in faces if self.shapes.is_tenpai(board - (1 << (4 * self.kinds[tile])))]

    def _kan_keeps_waits(self, seat_index: int, tiles: Sequence[int]) -> bool:
        """In riichi: whether a kan of ``tiles`` is of the drawn tile's kind and leaves the waits
        as they were (the drawn tile goes out, so no kan keeps it in the hand: [baseline] B6)."""
        seat = self.seats[seat_index]
        if seat.drawn is None or self.kinds[tiles[0]] != self.kinds[seat.drawn]:
            return False
        after = seat.board
        for tile in tiles:
            after -= 1 << (4 * self.kinds[tile])
        return self.shapes.waits(after) == self.shapes.waits(seat.board - (1 << (4 * self.kinds[seat.drawn])))
