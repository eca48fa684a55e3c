"""チンイツゲーム's wins, payments and the end of its hands and game.

:class:`ChinitsuHand` is the half of :class:`~bot.engine.variants.chinitsu.game.ChinitsuGame`
that settles a hand: :meth:`~ChinitsuHand._win_allowed` decides whether a seat may win (a yaku,
完全先付け, the dama setting), ``_win`` pays one or two winners (full value on tsumo and ron,
honba, riichi sticks, chips, 責任払い, the double ron's order and the dobon fee),
``_exhaustive_draw`` pays 流し or the no-ten penalty, and ``_end_hand`` moves the dealership and
ends the game (ドボン, オーラスのあがりやめ, 返り東場).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine.events import Win
from bot.engine.scoring import HandScore
from bot.engine.table import ClaimSource, Seat, TurnGame, split_noten_penalty
from bot.engine.tiles import Kind
from bot.engine.variants.chinitsu.payments import WinChips, nagashi_chips, win_chips
from bot.engine.variants.chinitsu.points import honba_share
from bot.engine.variants.chinitsu.settings import ChinitsuSettings
from bot.engine.variants.chinitsu.yaku import (
    ONE_BACK,
    ChinitsuScorer,
    contexts_by_wait,
    sakizuke_allows,
    sakizuke_refusal,
)
from bot.engine.views import WinView
from bot.engine.yaku.context import WinContext

__all__ = ["ChinitsuHand", "ChinitsuSeat"]

PLAYERS = 3
DRAGONS = frozenset({Kind.WHITE, Kind.GREEN, Kind.RED})
WINDS = frozenset({Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH})


def _with_pao(
    owed: dict[int, tuple[int, int]], responsible: int | None, *, from_seat: int | None
) -> dict[int, tuple[int, int]]:
    """「ツモの場合は…鳴かせた人が点棒、祝儀両方…鳴かせてない人の振り込みの場合は、点棒、祝儀半分ずつ」."""
    if responsible is None or responsible not in owed:
        return owed
    total_points = sum(points for points, _ in owed.values())
    total_chips = sum(chips for _, chips in owed.values())
    moved = dict.fromkeys(owed, (0, 0))
    if from_seat is None or from_seat == responsible:
        moved[responsible] = (total_points, total_chips)
        return moved
    half_points, half_chips = total_points // 2, total_chips // 2
    moved[responsible] = (half_points, half_chips)
    moved[from_seat] = (total_points - half_points, total_chips - half_chips)
    return moved


@dataclass
class ChinitsuSeat(Seat):
    added_kinds: list[int] = field(default_factory=list)
    """Kinds this seat added to a meld (加槓, a kan grown past four): a wait among them is furiten."""
    furiten_before_offer: bool = False
    """Its 同巡内フリテン before the tile now on offer was offered: a 大明カン of that tile passes
    no win, so the call restores it (「※大明カンの場合はフリテンではありません」)."""


class ChinitsuHand(TurnGame[ChinitsuSettings, ChinitsuSeat]):
    """How a チンイツゲーム hand is won, paid and ended, and when the game is over."""

    scorer: ChinitsuScorer
    round_hand: int
    """0–2: 東1局 … 東3局 (then 南)."""
    kaeri: bool
    """In 返り東場: the regular hands are over and nobody reached 40,000."""
    minkan_from: int | None
    """Who discarded the tile of the kan just made by claiming it (大明カン's 責任払い)."""

    @property
    def last_regular_hand(self) -> bool:
        """南3局, the オーラス (返り東場 has none)."""
        return not self.kaeri and self.round_wind == Kind.SOUTH and self.round_hand == PLAYERS - 1

    def single_back(self, seat: int, extra: int | None = None) -> bool:
        """背一色: every tile of the hand and its melds one back colour (pulled Norths ignored)."""
        state = self.seats[seat]
        tiles = [*state.concealed, *(t for meld in state.melds for t in meld.tiles)]
        if extra is not None:
            tiles.append(extra)
        return len({self.tiles[t].back for t in tiles}) == 1

    # --- may this seat win? ----------------------------------------------------------------------------

    def _context(self, seat: int, tile: int, *, tsumo: bool, how: str) -> WinContext:
        """The situation of ``seat`` winning on ``tile``."""
        flags = frozenset({ONE_BACK}) if self.single_back(seat, None if tsumo else tile) else frozenset()
        return self._win_context(seat, tile, tsumo=tsumo, how=how, flags=flags)

    def _score_win(self, seat: int, tile: int, *, tsumo: bool, how: str) -> HandScore | None:
        return self.scorer.score(self._context(seat, tile, tsumo=tsumo, how=how))

    def _contexts_by_wait(self, seat: int, tile: int, *, tsumo: bool, how: str) -> dict[int, WinContext]:
        """For each wait of the seat's waiting hand, the same win made on that wait instead."""
        return contexts_by_wait(self._context(seat, tile, tsumo=tsumo, how=how), self.shapes)

    def _sakizuke_ok(self, seat: int, tile: int, *, tsumo: bool, how: str) -> bool:
        """「後ヅケ無し…ただし面前王手飛車は有効」 (完全先付け, CHN-A3): an open hand needs one yaku
        that every wait has; a closed hand some yaku on each wait; riichi is a yaku on every wait."""
        return sakizuke_allows(self.scorer, self._contexts_by_wait(seat, tile, tsumo=tsumo, how=how))

    def _win_allowed(self, seat: int, tile: int, *, tsumo: bool, how: str) -> bool:
        """Whether ``seat`` may win on ``tile`` now: the hand scores (a yaku, dora aside), every wait
        has its yaku, and (the CHN-A1 setting) a closed hand rons only in riichi."""
        state = self.seats[seat]
        if not tsumo and state.closed and not state.riichi and not self.settings.dama_ron:
            return False
        if self._score_win(seat, tile, tsumo=tsumo, how=how) is None:
            return False
        return self._sakizuke_ok(seat, tile, tsumo=tsumo, how=how)

    def _sakizuke_note(self, seat: int) -> str:
        """What a waiting hand should know: the waits a ron would be refused on by 完全先付け."""
        state = self.seats[seat]
        if state.riichi or len(state.concealed) % 3 != 1 or not self.shapes.is_tenpai(state.board):
            return ""
        # A ron on any tile: the contexts are those of the hand's waits, whichever tile names it.
        return sakizuke_refusal(
            self.scorer, self._contexts_by_wait(seat, state.concealed[0], tsumo=False, how=ClaimSource.DISCARD)
        )

    # --- paying a win -----------------------------------------------------------------------------------

    def _responsible(self, winner: int, score: HandScore, *, tsumo: bool) -> int | None:
        """責任払い (「大明カン、大三元、大四喜は責任払いあり」): who let the kan tile or the last dragon
        or wind set be called, when the win depends on it."""
        if not self.settings.pao:
            return None
        if tsumo and self.rinshan and self.minkan_from is not None:
            return self.minkan_from
        names = {hit.name for hit in score.yaku}
        set_yakuman = [("大三元", DRAGONS, 3)]
        if self.settings.daisuushii_pao:
            # 北 is never called (抜きドラ): 大四喜's last open set is the third wind, 東, 南 and 西 all called.
            set_yakuman.append(("大四喜", WINDS, 3))
        for yakuman, kinds, needed in set_yakuman:
            if yakuman not in names:
                continue
            sets = [meld for meld in self.seats[winner].melds if meld.kind in kinds and meld.is_open]
            if len(sets) == needed and sets[-1].from_seat is not None:
                return sets[-1].from_seat
        return None

    def _owed(
        self,
        winner: int,
        score: HandScore,
        chips: WinChips,
        *,
        from_seat: int | None,
        first: bool,
    ) -> dict[int, tuple[int, int]]:
        """What each opponent owes one winner: (points, chips), before 責任払い. Honba go to the
        first winner only: 1,000 each from the discarder, or ``honba_share`` from each payer."""
        honba = self.honba if first else 0
        owed: dict[int, tuple[int, int]] = {}
        for payer in range(PLAYERS):
            if payer == winner:
                continue
            points = self._hand_owed(score, payer, from_seat=from_seat)
            if from_seat is None or payer == from_seat:
                points += honba_share(honba, tsumo=from_seat is None, each_payer=self.settings.honba_each_payer)
            owed[payer] = (points, chips.owed(discarder=payer == from_seat))
        return owed

    def _win(self, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
        """Pay the winners, the nearer one first (「ダブロンありで上家から支払いし、点棒がなくなった時点の方へ
        ドボン料が発生します」), then end the hand."""
        tsumo = from_seat is None
        contexts = [self._context(winner, tile, tsumo=tsumo, how=how) for winner in winners]
        scores = [self.scorer.score(ctx) for ctx in contexts]
        if from_seat is not None:
            self._take_claimed(winners[0], from_seat, tile, how)
        # Nobody starts a hand at 0 or less (the game would be over): a seat there now got there by
        # its own riichi stick, which busts nobody before the settlement (CHN-A8), so the payment that
        # takes it below is the one that earns the dobon fee.
        busted: set[int] = set()
        cards: list[WinView] = []
        records: list[Win] = []
        for number, (winner, ctx, score) in enumerate(zip(winners, contexts, scores, strict=True)):
            assert score is not None  # only wins that score are offered
            owed = _with_pao(
                self._owed(winner, score, win_chips(ctx, score, self.settings), from_seat=from_seat, first=number == 0),
                self._responsible(winner, score, tsumo=tsumo),
                from_seat=from_seat,
            )
            points, chips = self._pay(winner, owed, first=number == 0, busted=busted)
            card, record = self._card(winner, from_seat, tile, score, points, chips)
            cards.append(card)
            records.append(record)
        self._report(cards, records)
        self._end_hand(dealer_won=self.dealer in winners, dealer_tenpai=False, drawn=False)

    def _pay(
        self, winner: int, owed: dict[int, tuple[int, int]], *, first: bool, busted: set[int]
    ) -> tuple[list[int], list[int]]:
        """Move one winner's points and chips, the riichi sticks to the first winner (「リーチ棒は
        あがり取り」), and the ドボン料 (CHN-A8) to the winner whose payment took a player to 0 or
        below (``busted`` remembers who already paid one this hand). Returns the changes."""
        points = [0] * PLAYERS
        chips = [0] * PLAYERS
        for payer, (amount, chip_count) in owed.items():
            points[payer] -= amount
            points[winner] += amount
            chips[payer] -= chip_count
            chips[winner] += chip_count
        if first:
            points[winner] += self.ledger.release()
        self.ledger.pay(points, chips)
        for payer in owed:
            if payer not in busted and self.points[payer] <= 0:
                busted.add(payer)
                fee = [0] * PLAYERS
                fee[winner], fee[payer] = self.settings.dobon_chips, -self.settings.dobon_chips
                self.ledger.pay((), fee)
                chips = [chip + extra for chip, extra in zip(chips, fee, strict=True)]
        return points, chips

    def _card(
        self,
        winner: int,
        from_seat: int | None,
        tile: int,
        score: HandScore,
        points: Sequence[int],
        chips: Sequence[int],
    ) -> tuple[WinView, Win]:
        state = self.seats[winner]
        return self._win_result(
            winner,
            from_seat,
            tile,
            [t for t in state.concealed if t != tile],
            score.lines(),
            han=score.han,
            fu=score.fu,
            yakuman=score.yakuman,
            points=points[winner],
            point_changes=points,
            chip_changes=chips,
            limit=score.limit,
            ura=self.wall.ura[: self.wall.revealed] if state.riichi else (),
        )

    def _report(self, cards: Sequence[WinView], records: Sequence[Win]) -> None:
        self._hand_ended(cards, wins=records)

    # --- a drawn hand ---------------------------------------------------------------------------------------

    def _exhaustive_draw(self) -> None:
        """「流し」 is a 本役満 paid like a tsumo; otherwise 「ノーテン罰符1000点」 (CHN-A14), where a
        furiten hand is no-ten (「フリテンは一切不可、テンパイにもなりません」)."""
        nagashi = [seat for seat in range(PLAYERS) if self.is_yaochu_river(seat)]
        if nagashi:
            self._pay_nagashi(nagashi)
            return
        tenpai = []
        for seat in range(PLAYERS):
            board = self.seats[seat].board
            ready = self.shapes.is_tenpai(board) and not self._furiten(seat, self.shapes.waits(board))
            tenpai.append(ready)
        changes = split_noten_penalty(tenpai, 1_000)
        if self.settings.noten_per_pair:
            changes = [0] * PLAYERS
            for payer in range(PLAYERS):
                for receiver in range(PLAYERS):
                    if tenpai[receiver] and not tenpai[payer]:
                        changes[payer] -= 1_000
                        changes[receiver] += 1_000
        self.ledger.pay(changes)
        card, draw = self._draw_card(
            tenpai,
            changes,
            show_melds=True,
        )
        self._hand_ended((card,), draw=draw)
        self._end_hand(dealer_won=False, dealer_tenpai=tenpai[self.dealer], drawn=True)

    def _pay_nagashi(self, seats: Sequence[int]) -> None:
        busted: set[int] = set()
        cards: list[WinView] = []
        records: list[Win] = []
        for number, winner in enumerate(seats):
            score = self.scorer.nagashi(dealer=winner == self.dealer)
            owed = self._owed(winner, score, nagashi_chips(self.settings), from_seat=None, first=number == 0)
            points, chips = self._pay(winner, owed, first=number == 0, busted=busted)
            tile = self.seats[winner].river[-1].tile
            card, record = self._card(winner, None, tile, score, points, chips)
            cards.append(card)
            records.append(record)
        self._report(cards, records)
        self._end_hand(dealer_won=self.dealer in seats, dealer_tenpai=False, drawn=False)

    # --- the end of a hand and of the game -------------------------------------------------------------------

    def _end_hand(self, *, dealer_won: bool, dealer_tenpai: bool, drawn: bool) -> None:
        """Honba, the dealership, and whether the game is over:

        - 「東場、南場回し親のノーテンの際は、東場は流れ、南場は流れません」: a drawn hand keeps a
          tenpai dealer, and in the South a no-ten one too;
        - 「ドボンは点棒が0になった時点」: a score of 0 or less ends the game;
        - 「オーラスにて、親の方があがられた時点で点棒がトップの場合、あがりやめ」 (ties too);
        - 「最終局を終了した時点で全員が39000点以下の場合は「返り東場」」: then the first hand that
          ends with someone at 40,000 ends the game.
        """
        self._close_hand()
        self.honba = self.honba + 1 if dealer_won or drawn else 0
        south = self.round_wind == Kind.SOUTH and not self.kaeri
        keeps = dealer_won or (drawn and (dealer_tenpai or south))
        top = max(self.points)
        if any(points <= 0 for points in self.points):
            self._finish("ドボン")
            return
        if dealer_won and self.last_regular_hand and self.points[self.dealer] == top:
            if top >= self.settings.return_points:
                self._finish("あがりやめ")
                return
            # The final hand is over but nobody has 40,000 (「原点トップあり」): no 連荘, 返り東場 follows.
            keeps = False
            self.honba = 0
        if self.kaeri and top >= self.settings.return_points:
            self._finish("返り東場")
            return
        if not keeps:
            self.dealer = (self.dealer + 1) % PLAYERS
            self.round_hand += 1
            if self.round_hand == PLAYERS:
                self.round_hand = 0
                # 返り東場 goes round the East again until someone reaches 40,000.
                if not self.kaeri:
                    if self.round_wind == Kind.EAST:
                        self.round_wind = Kind.SOUTH
                    elif top >= self.settings.return_points:
                        self._finish("終局")
                        return
                    else:
                        self.kaeri = True
                        self.round_wind = Kind.EAST
        self._next_hand()

    def _final_scores(self, placements: tuple[int, ...]) -> tuple[float, ...]:
        """The score counts from 40,000, the top takes the オカ (CHN-A15: no uma)."""
        settings = self.settings
        oka = PLAYERS * (settings.return_points - settings.start_points) / 1000
        return tuple(
            (points - settings.return_points) / 1000 + (oka if placements[seat] == 1 else 0)
            for seat, points in enumerate(self.points)
        )
