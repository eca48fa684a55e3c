"""二色麻雀 (Nishoku): 4 players, 100 tiles without manzu, pon only, no dead wall, flat points.

Every rule here cites the seed (``004_2bab2064d36240f8.txt``) line it comes from in
``docs/rules/nishoku.md``; rules the seed leaves open follow ``../shared/rules/variants.md`` §5
and are table settings where that document marks them [recommended].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from bot.engine.game import Action, Riichi
from bot.engine.scoring import HandScore
from bot.engine.shapes import SEVEN_PAIRS, ShapeRules
from bot.engine.table import Seat, TableSize, TurnGame, hand_label
from bot.engine.tiles import Kind, TileSet
from bot.engine.variants.nishoku.settings import NishokuSettings
from bot.engine.variants.nishoku.tiles import nishoku_tileset
from bot.engine.variants.nishoku.ui import NISHOKU_UI
from bot.engine.variants.nishoku.yaku import NishokuScorer

__all__ = ["NishokuGame"]

PLAYERS = 4


class NishokuGame(TurnGame[NishokuSettings, Seat]):
    """One game of 二色麻雀 from the first hand to the final standings."""

    variant: ClassVar[str] = "nishoku"
    aliases: ClassVar[tuple[str, ...]] = ("nishoku", "二色", "nisyoku", "two-colour", "two-color")
    title: ClassVar[str] = "二色麻雀"
    table_size = TableSize.exactly(PLAYERS)
    settings_class = NishokuSettings
    ui = NISHOKU_UI
    derived: ClassVar[frozenset[str]] = frozenset({"seating"})
    noten_riichi: ClassVar[bool] = True  # 「フリテンリーチ、ノーテンリーチ大歓迎」
    scorer: NishokuScorer

    def _tileset(self) -> TileSet:
        return nishoku_tileset(self.settings.red_5p, self.settings.red_5s)

    def _shapes(self) -> ShapeRules:
        return ShapeRules(limits=self.tileset.copies(), pairs=SEVEN_PAIRS, kokushi=None)

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
    def round_label(self) -> str:
        """東1局 … 北4局; after the last hand, still the last hand's label."""
        index = min(self.hand_index, self.settings.hands - 1)
        return hand_label(Kind.EAST + index // PLAYERS, index % PLAYERS + 1)

    def _final_hand(self) -> bool:
        """A game of ``hands`` hands, none repeated: the last one ends it."""
        return self.hand_index == self.settings.hands - 1

    # --- the rules' hooks ----------------------------------------------------------------------------

    def _riichi_options(self, seat: int, faces: Sequence[int]) -> list[Action]:
        # 「フリテンリーチ、ノーテンリーチ大歓迎」: closed and one more draw of its own is all it needs
        # (NIS-A9). The other three draw first, so the wall must still hold a tile for each of
        # them and one for the declarer.
        if not self._may_riichi(seat):
            return []
        return [Riichi(seat, tile) for tile in faces]

    # --- winning ---------------------------------------------------------------------------------------

    def _score(self, seat: int, tile: int, *, how: str) -> HandScore | None:
        # 「鳴きはポンのみ可」: the turn cycle offers pon; a win needs a yaku (一翻しばり). 「座位による
        # 得点差ナシ」: the points table splits a tsumo evenly; 「同時ロンは上家優先」 and
        # 「ノーテン罰ナシ」 are the turn cycle's own defaults.
        return self.scorer.score(self._win_context(seat, tile, tsumo=how == "tsumo", how=how))

    def _play_on(self) -> None:
        self._close_hand()
        # 「連荘ナシ」: the deal passes every hand (the table shows it passed after the last one
        # too), four hands to a wind (東, 南, 西, 北).
        self.dealer = self.hand_index % PLAYERS
        self.round_wind = Kind.EAST + min(self.hand_index, self.settings.hands - 1) // PLAYERS
        busted = any(points < self.settings.bust_below for points in self.points)
        if busted or self.hand_index >= self.settings.hands:
            self._finish("ハコワレ" if busted else "終局")
            return
        self._next_hand()
