"""二色麻雀 (Nishoku): 4 players, 100 tiles without manzu, pon only, no dead wall, flat points.

Every rule here cites the seed (``004_2bab2064d36240f8.txt``) line it comes from in
``docs/rules/nishoku.md``; rules the seed leaves open follow ``../shared/rules/variants.md`` §5
and are table settings where that document marks them [recommended].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from bot.engine.events import HandStarted, Win
from bot.engine.game import Action, Riichi
from bot.engine.scoring import ScoringRules
from bot.engine.shapes import SEVEN_PAIRS, ShapeRules, add_tile
from bot.engine.table import ClaimWindow, Seat, TileReserve, TurnGame, rigging
from bot.engine.table.turns import Phase
from bot.engine.tiles import Kind, TileSet
from bot.engine.variants.nishoku.settings import NishokuSettings
from bot.engine.variants.nishoku.tiles import nishoku_tileset
from bot.engine.variants.nishoku.ui import NISHOKU_UI
from bot.engine.variants.nishoku.yaku import NishokuScorer, WinScore
from bot.engine.views import YakuLine
from bot.engine.yaku.context import WinContext

__all__ = ["NishokuGame"]

PLAYERS = 4
WIND_NAMES = "東南西北"


@dataclass
class NishokuSeat(Seat):
    discarded_once: bool = False


class NishokuGame(TurnGame[NishokuSettings, NishokuSeat]):
    """One game of 二色麻雀 from the first hand to the final standings."""

    variant: ClassVar[str] = "nishoku"
    aliases: ClassVar[tuple[str, ...]] = ("nishoku", "二色", "nisyoku", "two-colour", "two-color")
    title: ClassVar[str] = "二色麻雀"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    players_rule: ClassVar[str] = "二色麻雀 is played by exactly 4 players"
    settings_class = NishokuSettings
    ui = NISHOKU_UI
    seat_class = NishokuSeat
    derived: ClassVar[frozenset[str]] = frozenset({"seating"})
    noten_riichi: ClassVar[bool] = True  # 「フリテンリーチ、ノーテンリーチ大歓迎」

    def _tileset(self) -> TileSet:
        return nishoku_tileset(self.settings.red_5p, self.settings.red_5s)

    def _shapes(self) -> ShapeRules:
        return ShapeRules(limits=self.tileset.copies(), pairs=SEVEN_PAIRS, kokushi=None)

    def _starting_points(self) -> list[int]:
        return [self.settings.start_points] * PLAYERS

    def _scoring_rules(self) -> ScoringRules:
        return self.scorer.rules

    def _setup(self) -> None:
        self.scorer = NishokuScorer(
            self.shapes,
            shin_pinfu_any_wait=self.settings.shin_pinfu_any_wait,
            add_double_yakuman=self.settings.add_double_yakuman,
        )
        # 「つかみ取りで席決め」: seat s (0 = the first East) is taken by player seating[s].
        rng = random.Random(f"nishoku:{self.seed}:seating")
        self.seating = tuple(rng.sample(range(PLAYERS), PLAYERS))

    # --- the round -----------------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        """「連荘ナシ」: the dealership passes every hand, so hand n is dealt by seat n mod 4."""
        return self.hand_index % PLAYERS

    @property
    def round_wind(self) -> int:
        """東 for hands 1-4, then 南, 西, 北."""
        return Kind.EAST + min(self.hand_index, self.settings.hands - 1) // PLAYERS

    @property
    def round_label(self) -> str:
        """東1局 … 北4局; after the last hand, still the last hand's label."""
        index = min(self.hand_index, self.settings.hands - 1)
        return f"{WIND_NAMES[index // PLAYERS]}{index % PLAYERS + 1}局"

    def _final_hand(self) -> bool:
        """A game of ``hands`` hands, none repeated: the last one ends it."""
        return self.hand_index == self.settings.hands - 1

    def seat_wind(self, seat: int) -> int:
        """The seat's wind this hand."""
        return Kind.EAST + (seat - self.dealer) % PLAYERS

    # --- dealing -----------------------------------------------------------------------------------

    def _start_hand(self, order: Sequence[int] | None = None) -> None:
        self._shuffle(order)
        self.seats = self._new_seats()
        # 「王牌なし」: deal 13 each, then the dealer draws the 14th as an ordinary first draw.
        for _ in range(13):
            for offset in range(PLAYERS):
                self._take(self.seats[(self.dealer + offset) % PLAYERS], self.wall.draw())
        self.pending_events = [
            HandStarted(self.hand_index, self.round_label, self.dealer, self.wall.digest, tuple(self.points))
        ]
        self._begin_play()

    @rigging
    def rig(self, hands: Sequence[str], draws: str = "") -> None:
        """Restart the current hand from chosen tiles (for tests and puzzles).

        ``hands`` are the four seats' 13 tiles in mpsz notation, seat 0 first; ``draws`` are the
        next tiles of the wall in the order they will be drawn (the dealer draws the first at
        once). The rest of the wall follows in tile-id order, so every tile still exists once.
        """
        reserve = TileReserve(self.tiles)
        dealt = [reserve.take_all(text) for text in hands]
        if len(dealt) != PLAYERS or any(len(tiles) != 13 for tiles in dealt):
            raise ValueError("rig needs four hands of 13 tiles")
        drawn = reserve.take_all(draws)
        order = [dealt[(self.dealer + offset) % PLAYERS][turn] for turn in range(13) for offset in range(PLAYERS)]
        self._start_hand(order + drawn + reserve.free)

    # --- the rules' hooks ----------------------------------------------------------------------------

    def _can_tsumo(self, seat: int) -> bool:
        return self._tsumo_score(seat) is not None

    def _riichi_options(self, seat: int, faces: Sequence[int]) -> list[Action]:
        # 「フリテンリーチ、ノーテンリーチ大歓迎」: closed and one more draw of its own is all it needs
        # (NIS-A9). The other three draw first, so the wall must still hold a tile for each of
        # them and one for the declarer.
        if self.seats[seat].riichi or self.seats[seat].melds or len(self.wall.live) < PLAYERS:
            return []
        return [Riichi(seat, tile) for tile in faces]

    def _on_discard(self, seat: int, tile: int, *, riichi: bool) -> None:
        state = self.seats[seat]
        if riichi:
            # ダブリー: riichi with the first discard, no pon before it.
            state.double_riichi = not state.discarded_once and not self.any_call
        state.discarded_once = True

    def _may_ron(self, seat: int, tile: int, window: ClaimWindow) -> bool:
        # 「鳴きはポンのみ可」: the turn cycle offers pon; a ron needs a yaku (一翻しばり).
        return self._ron_score(seat, tile) is not None

    # --- winning ---------------------------------------------------------------------------------------

    def _context(self, seat_index: int, win_tile: int, *, tsumo: bool) -> WinContext:
        seat = self.seats[seat_index]
        board = seat.board if tsumo else add_tile(seat.board, self.kinds[win_tile])
        first_draw = tsumo and not seat.discarded_once and not self.any_call
        return self._win_context(
            seat_index,
            board,
            self.kinds[win_tile],
            [*seat.concealed, *([] if tsumo else [win_tile])],
            tsumo=tsumo,
            seat_wind=self.seat_wind(seat_index),
            round_wind=self.round_wind,
            dealer=seat_index == self.dealer,
            haitei=tsumo and not self.wall.live,
            houtei=not tsumo and not self.wall.live,
            tenhou=first_draw and seat_index == self.dealer,
            chiihou=first_draw and seat_index != self.dealer,
        )

    def _tsumo_score(self, seat_index: int) -> WinScore | None:
        seat = self.seats[seat_index]
        if seat.drawn is None or not self.shapes.is_agari(seat.board):
            return None
        return self.scorer.score(self._context(seat_index, seat.drawn, tsumo=True))

    def _ron_score(self, seat_index: int, tile: int) -> WinScore | None:
        return self.scorer.score(self._context(seat_index, tile, tsumo=False))

    def _win(self, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
        # 「同時ロンは上家優先」: the turn cycle hands over the nearest claimant only.
        winner = winners[0]
        seat = self.seats[winner]
        score = self._tsumo_score(winner) if from_seat is None else self._ron_score(winner, tile)
        assert score is not None  # only wins that score are offered
        if from_seat is not None:
            # The ronned tile leaves the river and joins the winner's hand.
            self.seats[from_seat].river.pop()
            self.last_discard = None
            self._take(seat, tile)
        changes = [0] * PLAYERS
        if from_seat is None:
            # 「座位による得点差ナシ」: a tsumo is the ron value split evenly by the three others.
            for other in range(PLAYERS):
                if other != winner:
                    changes[other] -= score.tsumo_non_dealer
                    changes[winner] += score.tsumo_non_dealer
        else:
            changes[from_seat] -= score.ron
            changes[winner] += score.ron
        self.ledger.pay(changes)
        yaku = tuple(YakuLine(y.name, y.en, y.han, y.yakuman) for y in score.yaku)
        card = self._win_card(
            winner,
            from_seat,
            [t for t in seat.concealed if t != tile],
            tile,
            yaku,
            han=score.han,
            points=score.total,
            point_changes=changes,
            limit=score.limit,
        )
        win = Win(
            winner,
            from_seat,
            tile,
            tuple(self._sorted(seat.concealed)),
            score.han,
            score.total,
            yaku,
            tuple(changes),
            limit=score.limit,
        )
        self._hand_ended(changes, (card,), wins=(win,))
        self._end_hand()

    def _exhaustive_draw(self) -> None:
        # 「ノーテン罰ナシ」: nobody pays; tenpai hands are shown.
        tenpai = [self.shapes.is_tenpai(seat.board) for seat in self.seats]
        changes = [0] * PLAYERS
        card, draw = self._draw_card(tenpai, changes)
        self._hand_ended(changes, (card,), draw=draw)
        self._end_hand()

    def _end_hand(self) -> None:
        self._reveal_wall()
        self.history.append(tuple(self.points))
        self.hand_index += 1
        self.phase = Phase.ENDED
        busted = any(points < self.settings.bust_below for points in self.points)
        if busted or self.hand_index >= self.settings.hands:
            self._finish("ハコワレ" if busted else "終局")
            return
        self._next_hand()
