"""ずーの's ron windows, wins and settlements: the half of a round that comes after the reveal.

:class:`ZunoHand` turns every locked discard over together, opens the ron window on them (and on
each caller's discard later), scores tsumo and ron, settles several wins in start-player order
(「スタートプレイヤーのツモ→ロン→次プレイヤーのツモ→ロン・・・の順で清算する」), draws a hand
that runs out of tiles, and ends hands and the game. :class:`~bot.engine.variants.zuno.game.ZunoGame`
adds the draft, the lock-ins and the call phase on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from bot.engine.events import GameOver
from bot.engine.game import Action, Discard, Tsumo, placements_by_points
from bot.engine.scoring import HandScore
from bot.engine.shapes import add_tile, count_of, tile_count
from bot.engine.table import ClaimSource, ClaimWindow, TableGame
from bot.engine.tiles import Kind, Tile
from bot.engine.variants.zuno.events import (
    KariInazumaFailed,
    Revealed,
    RonDeclared,
    ZunoDiscarded,
    ZunoGameOver,
    ZunoHandEnded,
    ZunoWin,
)
from bot.engine.variants.zuno.payments import final_scores, transfer_factor, win_chips
from bot.engine.variants.zuno.settings import ZunoSettings
from bot.engine.variants.zuno.state import PACKET, PLAYERS, PocchiTsumo, RonOn, ZunoPhase, ZunoRiver, ZunoSeat
from bot.engine.variants.zuno.yaku import ZERO_HATSU, ZunoScorer
from bot.engine.views import WinView, YakuLine
from bot.engine.yaku.context import WinContext

__all__ = ["ZunoHand"]


@dataclass(frozen=True)
class _Win:
    winner: int
    from_seat: int | None
    tile: int
    as_kind: int | None
    ctx: WinContext
    score: HandScore


class ZunoHand(TableGame[ZunoSettings, ZunoSeat]):
    """What happens to a ずーの round's discards: the reveal, the rons and the settlements."""

    seat_class: ClassVar[type[ZunoSeat]] = ZunoSeat
    hand_ended_event = ZunoHandEnded  # with the busts so far
    scorer: ZunoScorer
    round: int
    sp: int
    any_call_or_kan: bool
    tsumo_locks: dict[int, Tsumo]
    round_discards: dict[int, int]
    window: ClaimWindow
    call_seat: int | None
    drafter: int | None
    last_discard: tuple[int, int] | None
    wareme: int | None
    tobi: list[tuple[int, int | None]]
    failed_loans: list[int]

    # --- what the game half provides -------------------------------------------------------------

    def _order(self) -> list[int]:
        raise NotImplementedError

    def _open_calls(self) -> None:
        raise NotImplementedError

    def _next_call(self) -> None:
        raise NotImplementedError

    # --- the simultaneous discard and ron -------------------------------------------------------

    def _reveal(self) -> None:
        """「四番手が「ずーの」と掛け声を放ったら、一斉に河に打牌する」."""
        shown = []
        for seat_index in self._order():
            seat = self.seats[seat_index]
            lock = seat.lock
            seat.lock = None
            if isinstance(lock, Tsumo):
                # 「ツモ和了の場合は河に打牌せず、通常の麻雀同様にツモ宣言する」.
                self.tsumo_locks[seat_index] = lock
                continue
            assert isinstance(lock, Discard)
            tile = lock.tile
            declaring = seat.riichi and seat.riichi_round == self.round and seat.riichi_tile is None
            tsumogiri = tile == seat.drawn
            self._give(seat, tile)
            seat.drawn = None
            seat.rinshan = False
            seat.river.append(
                ZunoRiver(tile, riichi=declaring, tsumogiri=tsumogiri, round=self.round, order=self.round)
            )
            seat.temporary_furiten = False
            self.round_discards[seat_index] = len(seat.river) - 1
            self.last_discard = (seat_index, len(seat.river) - 1)
            if declaring:
                seat.riichi_tile = tile
                seat.cosmo = self.kinds[tile] == Kind.P1
                # The stick goes out with the declaration tile; a borrowed one may take the score below 0.
                self.ledger.deposit(seat_index, seat.stick)
                seat.paid = True
            shown.append((seat_index, tile, declaring))
            self.pending_events.append(ZunoDiscarded(seat_index, tile, riichi=declaring, tsumogiri=tsumogiri))
        self.pending_events.append(Revealed(tuple(shown), tuple(sorted(self.tsumo_locks))))
        self.phase = ZunoPhase.RON
        self._open_rons(list(self.round_discards), phase_s=True)

    def _open_rons(self, discarders: Sequence[int], *, phase_s: bool) -> None:
        self.window = ClaimWindow(several=True)
        for seat_index in range(PLAYERS):
            options: list[Action] = []
            for other in discarders:
                if other == seat_index:
                    continue
                status = self._ron_status(seat_index, self.seats[other].river[-1].tile, phase_s=phase_s)
                if status == "ron":
                    options.append(RonOn(seat_index, other))
                elif status == "missed":
                    self._note_missed_win(seat_index)
            self.window.offer(seat_index, options)
        if not self.window.open:
            self._resolve_rons()

    def _ron_board(self, seat_index: int) -> tuple[int, list[int]]:
        """The seat's hand waiting for a ron: a tsumo declarer's without its drawn tile (its 13)."""
        seat = self.seats[seat_index]
        if seat_index in self.tsumo_locks and seat.drawn is not None:
            rest = [t for t in seat.concealed if t != seat.drawn]
            return seat.board - (1 << (4 * self.kinds[seat.drawn])), rest
        return seat.board, list(seat.concealed)

    def _ron_status(self, seat_index: int, tile: int, *, phase_s: bool) -> str | None:
        """``"ron"`` when the seat may ron ``tile``; ``"missed"`` when it waits on it but may not."""
        seat = self.seats[seat_index]
        if seat.called_round == self.round:
            # 「ポンした後に、別の人の牌をロンする。ことはできない」.
            return None
        board, _ = self._ron_board(seat_index)
        if tile_count(board) % 3 != 1:
            return None
        kind = self.kinds[tile]
        waits = self.shapes.waits(board)
        if kind not in waits:
            return None
        if self._furiten(seat_index, waits):
            return "missed"
        if self._ron_score(seat_index, tile, phase_s=phase_s) is None:
            return "missed"
        return "ron"

    def _answer_ron(self, action: Action) -> None:
        self.window.answer(action)
        if isinstance(action, RonOn):
            self.pending_events.append(RonDeclared(action.seat, action.from_seat))
        elif self.window.declined(action.seat, RonOn):
            self._note_missed_win(action.seat)
        if self.window.complete:
            self._resolve_rons()

    def _resolve_rons(self) -> None:
        phase_s = self.phase == ZunoPhase.RON
        wins = [self._tsumo_win(seat, lock) for seat, lock in sorted(self.tsumo_locks.items())] if phase_s else []
        for seat_index in sorted(self.window.options):
            for claim in self.window.taken(seat_index):
                assert isinstance(claim, RonOn)
                wins.append(self._ron_win(seat_index, claim.from_seat, phase_s=phase_s))
        self.window = ClaimWindow()
        if wins:
            # 「ツモ・ロンが発生したらその局は終了、点棒・チップ授受を行う」.
            self._settle(wins)
            return
        if not phase_s:
            self._next_call()
            return
        for seat in self.seats:
            # The ippatsu chance ends with the simultaneous discard of the round after riichi.
            if seat.riichi and seat.riichi_round < self.round:
                seat.ippatsu = False
        if len(self.wall.live) < PACKET:
            # The last round: its discards cannot be called, and the hand is drawn.
            self._exhaustive_draw()
            return
        self._open_calls()

    # --- tsumo, ポッチ and the wild tile -----------------------------------------------------------

    def _pocchi_kinds(self, seat_index: int) -> frozenset[int]:
        """Tiles that are wild on this seat's ippatsu tsumo (ZUN-A11)."""
        seat = self.seats[seat_index]
        if not (self.settings.pocchi and seat.riichi and seat.ippatsu and seat.riichi_round < self.round):
            return frozenset()
        if seat.rinshan:
            return frozenset()
        if seat.cosmo and self.settings.cosmo:
            # 「リーチ宣言牌が1筒だった場合【白と發と北がポッチ牌】になる」.
            return frozenset({Kind.WHITE, Kind.GREEN, Kind.NORTH})
        return frozenset({Kind.WHITE})

    def _tsumo_options(self, seat_index: int) -> list[Action]:
        seat = self.seats[seat_index]
        if seat.drawn is None:
            return []
        if self.kinds[seat.drawn] in self._pocchi_kinds(seat_index):
            return list(self._pocchi_options(seat_index))
        if not self.shapes.is_agari(seat.board):
            return []
        return [Tsumo(seat_index)] if self._tsumo_score(seat_index) is not None else []

    def _pocchi_options(self, seat_index: int) -> list[PocchiTsumo]:
        """Every kind the wild tile may stand for, the best-paying first (the bot's proposal)."""
        seat = self.seats[seat_index]
        assert seat.drawn is not None
        rest = seat.board - (1 << (4 * self.kinds[seat.drawn]))
        held = rest + sum(1 << (4 * kind) for meld in seat.melds for kind in meld.kinds())
        found: list[tuple[int, int, int]] = []
        for kind in range(34):
            # The wild cannot be a fifth copy of a kind.
            if count_of(held, kind) >= 4 or not self.shapes.is_agari(add_tile(rest, kind)):
                continue
            score = self._tsumo_score(seat_index, as_kind=kind)
            if score is not None:
                found.append((-score.total, -score.han, kind))
        return [PocchiTsumo(seat_index, kind) for _, _, kind in sorted(found)]

    # --- scoring --------------------------------------------------------------------------------

    def _last_draw(self) -> bool:
        # The last round: no packet of four left to deal (the wall keeps 14 in the dead wall).
        return len(self.wall.live) < PACKET

    def _replacement_draw(self, seat: int) -> bool:
        return self.seats[seat].rinshan

    def _first_turn(self, seat: int) -> bool:
        # [recommended] 天和 / 地和: round 1, no call or kan before it.
        return self.settings.tenhou and self.round == 1 and not self.any_call_or_kan

    def _waiting_hand(self, seat: int) -> tuple[int, list[int]]:
        return self._ron_board(seat)

    def _context(
        self, seat_index: int, tile: int, *, tsumo: bool, phase_s: bool = True, as_kind: int | None = None
    ) -> WinContext:
        """A win on ``tile`` (``phase_s``: a ron in the simultaneous discard; otherwise on a
        caller's discard, which is no 河底 and no 一発)."""
        seat = self.seats[seat_index]
        zerohatsu = (
            not tsumo
            and phase_s
            and self.settings.zerohatsu
            and seat.riichi
            and seat.ippatsu
            and seat.riichi_round == self.round
        )
        how = "tsumo" if tsumo else ClaimSource.DISCARD if phase_s else ZunoPhase.CALL_RON
        return self._win_context(
            seat_index,
            tile,
            tsumo=tsumo,
            how=how,
            as_kind=as_kind,
            ippatsu=seat.riichi and seat.ippatsu and phase_s and not zerohatsu,
            # 「一枚場」: ずーの pays its honba in chips, never in the hand's points.
            honba=0,
            flags=frozenset({ZERO_HATSU}) if zerohatsu else frozenset(),
        )

    def _tsumo_context(self, seat_index: int, as_kind: int | None = None) -> WinContext:
        drawn = self.seats[seat_index].drawn
        assert drawn is not None
        return self._context(seat_index, drawn, tsumo=True, as_kind=as_kind)

    def _tsumo_score(self, seat_index: int, as_kind: int | None = None) -> HandScore | None:
        return self.scorer.score(self._tsumo_context(seat_index, as_kind))

    def _ron_context(self, seat_index: int, tile: int, *, phase_s: bool) -> WinContext:
        return self._context(seat_index, tile, tsumo=False, phase_s=phase_s)

    def _ron_score(self, seat_index: int, tile: int, *, phase_s: bool) -> HandScore | None:
        return self.scorer.score(self._ron_context(seat_index, tile, phase_s=phase_s))

    def _tsumo_win(self, seat_index: int, lock: Tsumo) -> _Win:
        seat = self.seats[seat_index]
        assert seat.drawn is not None
        as_kind = lock.as_kind if isinstance(lock, PocchiTsumo) else None
        ctx = self._tsumo_context(seat_index, as_kind)
        score = self.scorer.score(ctx)
        assert score is not None  # only winning hands are offered a tsumo
        return _Win(seat_index, None, seat.drawn, as_kind, ctx, score)

    def _ron_win(self, seat_index: int, discarder: int, *, phase_s: bool) -> _Win:
        index = self.round_discards[discarder] if phase_s else len(self.seats[discarder].river) - 1
        tile = self.seats[discarder].river[index].tile
        ctx = self._ron_context(seat_index, tile, phase_s=phase_s)
        score = self.scorer.score(ctx)
        assert score is not None  # only winning hands are offered a ron
        return _Win(seat_index, discarder, tile, None, ctx, score)

    # --- settling -------------------------------------------------------------------------------

    def _settle(self, wins: list[_Win]) -> None:
        """「スタートプレイヤーのツモ→ロン→次プレイヤーのツモ→ロン・・・の順で清算する」, judging
        トビ as each settlement lands (「この清算過程で0点を割った時点で判定する」)."""
        sp = self.sp
        wins.sort(
            key=lambda w: (
                (w.winner - sp) % PLAYERS,
                w.from_seat is not None,
                0 if w.from_seat is None else (w.from_seat - sp) % PLAYERS,
            )
        )
        for win in wins:
            if win.from_seat is None:
                continue
            discarder = self.seats[win.from_seat]
            index = len(discarder.river) - 1 if self.phase == ZunoPhase.CALL_RON else self.round_discards[win.from_seat]
            if discarder.river[index].riichi and discarder.paid:
                # Baseline B6: a ronned declaration tile means the stick was never paid.
                self.ledger.refund(win.from_seat, discarder.stick)
                discarder.paid = False
                discarder.borrowed = False
        first = wins[0].winner
        busted: set[int] = {seat for seat, _ in self.tobi}
        settled: list[tuple[WinView, ZunoWin]] = []
        for number, win in enumerate(wins):
            point_changes, chip_changes = self._win_transfers(win, first=number == 0)
            if number == 0:
                # 「供託・積み棒はスタートプレイヤーから順に優先権」.
                point_changes[first] += self.ledger.release()
            self.ledger.pay(point_changes, chip_changes)
            for seat in range(PLAYERS):
                exempt = self.seats[seat].borrowed and self.seats[seat].paid
                if seat not in busted and self.points[seat] < 0 and not exempt:
                    busted.add(seat)
                    self.tobi.append((seat, win.winner))
            settled.append(self._win_record(win, point_changes, chip_changes))
        winners = {win.winner for win in wins}
        for seat_index, state in enumerate(self.seats):
            if not (state.borrowed and state.paid):
                continue
            if seat_index not in winners:
                self._fail_loan(seat_index, buster=first)
            elif self.points[seat_index] < 0 and seat_index not in busted:
                others = [w.winner for w in wins if w.winner != seat_index]
                busted.add(seat_index)
                self.tobi.append((seat_index, others[0] if others else None))
        self._hand_ended([card for card, _ in settled], wins=[record for _, record in settled], tobi=tuple(self.tobi))
        self._end_hand(dealer_won=self.dealer in winners, drawn=False)

    def _win_transfers(self, win: _Win, *, first: bool) -> tuple[list[int], list[int]]:
        """Points and chips of one win: the hand ×2 for イナズマ, every transfer of the 割れ目
        player ×2, and 一枚場 (honba chips) on the first winner's first settlement."""
        settings = self.settings
        winner = win.winner
        seat = self.seats[winner]
        inazuma = seat.riichi and seat.inazuma
        chips_each = win_chips(win.ctx, settings).total
        honba_chips = settings.honba_chips * self.honba if first else 0
        payers = [win.from_seat] if win.from_seat is not None else [(winner + o) % PLAYERS for o in range(1, PLAYERS)]
        points = [0] * PLAYERS
        chips = [0] * PLAYERS
        for number, payer in enumerate(payers):
            base = self._hand_owed(win.score, payer, from_seat=win.from_seat)
            factor = transfer_factor(winner, payer, inazuma=inazuma, wareme=self.wareme)
            owed = chips_each + (honba_chips if settings.honba_chips_each or number == 0 else 0)
            points[payer] -= base * factor
            points[winner] += base * factor
            chips[payer] -= owed * factor
            chips[winner] += owed * factor
        return points, chips

    def _fail_loan(self, seat_index: int, *, buster: int | None) -> None:
        """「その局で和了できなければ強制的にトビとなる」: tobi to the hand's first winner (the
        top player on a draw, ZUN-A8), plus 慰謝料 to the top player at the end."""
        if all(seat != seat_index for seat, _ in self.tobi):
            self.tobi.append((seat_index, buster))
        self.failed_loans.append(seat_index)
        self.pending_events.append(KariInazumaFailed(seat_index, buster))

    def _win_record(self, win: _Win, point_changes: list[int], chip_changes: list[int]) -> tuple[WinView, ZunoWin]:
        """The card and the record of one win. A ずーの ron leaves the tile in the river, so the
        card shows the hand beside it; the record keeps the whole hand, as every variant does."""
        seat = self.seats[win.winner]
        if win.from_seat is not None:
            hand = self._ron_board(win.winner)[1]
            whole = [*hand, win.tile]
        else:
            hand = [t for t in seat.concealed if t != win.tile]
            whole = list(seat.concealed)
        yaku = win.score.lines()
        lines = list(yaku)
        if win.as_kind is not None:
            detail = f"{self.tiles[win.tile]}→{Tile(win.as_kind)}"
            lines.append(YakuLine("ポッチ", "Pocchi (wild tile)", 0, detail=detail))
        ura = tuple(self.wall.ura[: self.wall.revealed]) if seat.riichi else ()
        card = self._win_card(
            win.winner,
            win.from_seat,
            hand,
            win.tile,
            lines,
            han=win.score.han,
            fu=win.score.fu,
            points=point_changes[win.winner],
            point_changes=point_changes,
            limit=win.score.limit,
            chip_changes=tuple(chip_changes),
            dora_indicators=self._faces(self.wall.dora),
            ura_indicators=self._faces(ura),
        )
        record = ZunoWin(
            win.winner,
            win.from_seat,
            win.tile,
            tuple(self._sorted(whole)),
            win.score.han,
            point_changes[win.winner],
            yaku,
            tuple(point_changes),
            chip_changes=tuple(chip_changes),
            fu=win.score.fu,
            yakuman=win.score.yakuman,
            limit=win.score.limit,
            ura_indicators=ura,
            as_kind=win.as_kind,
            chips=win_chips(win.ctx, self.settings),
            inazuma=seat.inazuma and seat.riichi,
            wareme=self.wareme,
        )
        return card, record

    def _exhaustive_draw(self) -> None:
        """「ノーテン罰符…点棒ではなくチップでの罰符が発生する」: each no-ten player pays each
        tenpai player (ZUN-A7); the dealership passes (和了連荘)."""
        tenpai = [self.shapes.is_tenpai(seat.board, formal=False) for seat in self.seats]
        chip_changes = [0] * PLAYERS
        for payer in range(PLAYERS):
            for receiver in range(PLAYERS):
                if tenpai[receiver] and not tenpai[payer]:
                    amount = self.settings.noten_chips * transfer_factor(
                        receiver, payer, inazuma=False, wareme=self.wareme
                    )
                    chip_changes[payer] -= amount
                    chip_changes[receiver] += amount
        self.ledger.pay((), chip_changes)
        for seat_index, state in enumerate(self.seats):
            if state.borrowed and state.paid:
                self._fail_loan(seat_index, buster=None)
        card, draw = self._draw_card(
            tenpai, self._changes_since_deal()[0], show_melds=True, chip_changes=tuple(chip_changes)
        )
        self._hand_ended((card,), draw=draw, tobi=tuple(self.tobi))
        self._end_hand(dealer_won=False, drawn=True)

    # --- the end of a hand and of the game --------------------------------------------------------

    def _end_hand(self, *, dealer_won: bool, drawn: bool) -> None:
        self._close_hand()
        self.drafter = None
        self.call_seat = None
        # Honba: +1 when the dealer wins or on a draw, back to 0 when only others win.
        self.honba = self.honba + 1 if dealer_won or drawn else 0
        placements = placements_by_points(self.points, first_dealer=0)
        last = self.dealer == PLAYERS - 1
        if self.tobi:
            self._finish("トビ")
        elif last and not dealer_won:
            self._finish("終局")
        elif last and self.settings.agari_yame and placements[self.dealer] == 1:
            self._finish("和了止め")
        else:
            if not dealer_won:
                # 「東風戦（和了連荘制）」: the dealer keeps the seat only by winning.
                self.dealer += 1
            self._next_hand()

    def _settle_game(self) -> None:
        if self.deposits:
            # Unclaimed sticks go to the top player [baseline].
            self.ledger.collect(placements_by_points(self.points, first_dealer=self.first_dealer).index(1))

    def _final_transfers(self, placements: tuple[int, ...]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Who pays whom the トビ (busted, buster: the top player for a bust at a draw, the second
        for the top itself) and the 借りイナズマ 慰謝料 (payer, receiver: the top player, or the
        second for the top itself)."""
        by_place = sorted(range(PLAYERS), key=lambda seat: placements[seat])
        tobi = [(seat, by_place[0] if buster is None else buster) for seat, buster in self.tobi]
        tobi = [(seat, by_place[1] if seat == buster else buster) for seat, buster in tobi]
        penalties = [(seat, by_place[1] if seat == by_place[0] else by_place[0]) for seat in self.failed_loans]
        return tobi, penalties

    def _final_scores(self, placements: tuple[int, ...]) -> tuple[float, ...]:
        tobi, penalties = self._final_transfers(placements)
        return final_scores(self.points, placements, self.settings, tobi=tobi, penalties=penalties)

    def _game_over(
        self, placements: tuple[int, ...], reason: str, chips: tuple[int, ...], scores: tuple[float, ...]
    ) -> GameOver:
        tobi, penalties = self._final_transfers(placements)
        return ZunoGameOver(
            tuple(self.points),
            placements,
            reason,
            chips=chips,
            final_scores=scores,
            tobi=tuple(tobi),
            penalties=tuple(penalties),
        )
