"""The turn cycle most variants share: draw, act, discard, let the others claim, next seat.

:class:`TurnGame` plays a hand the usual way. A seat draws (or takes a replacement tile after a
kan or a tile set aside); on its turn it may win, discard, declare riichi, set a tile aside or
declare a kan; after a discard, a tile set aside or an added kan, every other seat that can
claim it gets a claim window; the window is settled (a win first, then a call), or passes to the
next draw. A hand may begin with a deal step in which seats set tiles aside from the dealt hand.

A variant says what its rules allow through small hooks — which riichi it offers, what may be
set aside, when it may ron, how its wins and draws are paid, when its game ends — and keeps
nothing else. Phases (``game.phase``): ``deal``, ``turn``, ``claims``, ``ended``, ``over``.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from typing import ClassVar

from bot.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    KakanDeclared,
    TileDrawn,
    TileSetAside,
)
from bot.engine.game import Action, Decision, Discard, Kan, Pass, Pon, Riichi, Ron, SetAside, Tsumo, Unclaimed
from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import HandScore
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.table.claims import ClaimSource, ClaimWindow, seats_after
from bot.engine.table.ending import ENDED
from bot.engine.table.game import TableGame
from bot.engine.table.seats import RiverEntry
from bot.engine.table.views import public_deciding
from bot.engine.tiles import YAOCHU, Back
from bot.engine.views import PublicView, SeatView

__all__ = ["Phase", "TurnGame"]


class Phase(enum.StrEnum):
    """Where a hand of the turn cycle is."""

    DEAL = "deal"
    """Seats set tiles aside from their dealt hands, one after another."""
    TURN = "turn"
    CLAIMS = "claims"
    ENDED = ENDED
    OVER = "over"


class TurnGame(TableGame[SettingsT, SeatT]):
    """A game whose hands follow the turn cycle. Subclasses score (``_win``,
    ``_exhaustive_draw``) and refine the hooks below; :meth:`_start_hand` deals every hand the
    same way, with the variant's own state of a new hand in :meth:`_new_hand`."""

    riichi_kinds: ClassVar[tuple[type[Action], ...]] = (Riichi,)
    deal_step: ClassVar[bool] = False
    """A hand begins with the deal step, seats setting tiles aside from their dealt hands (いなげ)."""

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

    def _score(self, seat: int, tile: int, *, how: str) -> HandScore | None:
        """What ``seat`` winning on ``tile`` is worth (``how``: ``tsumo`` or the claim source), or
        None where that is no win (no yaku): the default tsumo, ron and settlement read it. No win
        by default."""
        return None

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

    def _riichi_stick(self, seat: int) -> int:
        """The points a riichi declaration puts on the table (none by default)."""
        return 0

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

    def _on_draw(self, seat: int, *, replacement: bool) -> None:
        """Bookkeeping of a draw (none by default)."""

    def _replacement_tile(self) -> int | None:
        """The tile a kan or a tile set aside is replaced with (None: none left): by default the
        next tile of the live wall; a variant with a dead wall takes its 嶺上牌 first."""
        return self.wall.draw() if self.wall.live else None

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

    def _replacement_draw(self, seat: int) -> bool:
        return self.rinshan

    def _first_turn(self, seat: int) -> bool:
        return self.first_go_around and not self.seats[seat].river

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

    def _exhaustive_draw(self) -> None:
        """The wall is empty: settle the draw and end the hand. By default the tenpai hands are
        shown, nobody pays, and :meth:`_play_on` follows."""
        tenpai = [self.shapes.is_tenpai(seat.board) for seat in self.seats]
        card, draw = self._draw_card(tenpai, [0] * self._players)
        self._hand_ended((card,), draw=draw)
        self._play_on()

    def _play_on(self) -> None:
        """After the default settlement of a hand: move the deal on and deal the next hand, or
        finish the game."""
        raise NotImplementedError

    # --- dealing --------------------------------------------------------------------------------------

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

    # --- drawing ----------------------------------------------------------------------------------------

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

    # --- decisions ----------------------------------------------------------------------------------------

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

    # --- applying actions ------------------------------------------------------------------------------

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

    # --- kans ---------------------------------------------------------------------------------------------

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

    def is_yaochu_river(self, seat: int) -> bool:
        """流し: every discard of the seat yaochū and none of them called."""
        river = self.seats[seat].river
        return bool(river) and all(self.kinds[entry.tile] in YAOCHU and not entry.called for entry in river)

    def _reveal_indicator(self) -> None:
        """Turn the next indicator face up and tell the table."""
        self.wall.revealed += 1
        self.pending_events.append(DoraRevealed(self.wall.dora[-1], tuple(self.wall.dora)))

    # --- claims ---------------------------------------------------------------------------------------------

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

    # --- views --------------------------------------------------------------------------------------------

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

    def unclaimed(self) -> Unclaimed | None:
        """In a claim window: the turn goes on, the seat after a discarder drawing; a tile set
        aside or added to a kan is replaced for the seat that played it."""
        source = self.window.from_seat
        if self.phase != Phase.CLAIMS or source is None or self._outcome is not None:
            return None
        turn = (source + 1) % self._players if self.window.source == ClaimSource.DISCARD else source
        return Unclaimed(Phase.TURN, turn)

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
