"""チンイツゲーム (「チンゲ」): 3 players, one number suit ×8 per hand, tile backs (seed ``002_0ce3e7aab54c1b25.txt``).

Every rule here cites its seed line in ``docs/rules/chinitsu.md``; rules the seed leaves open
follow ``../shared/rules/variants.md`` §3 and its CHN-A rulings, as table settings where it says
[recommended] (:class:`~bot.engine.variants.chinitsu.settings.ChinitsuSettings`).

A hand plays 108 of the game's 180 tiles: 1m, 9m and the honours ×4 and one number suit ×8,
pinzu and souzu in turn; the other suit stays in the box. Everything else is Kansai sanma on the
shared turn cycle: North is pulled (抜きドラ) with a replacement tile and never discarded, kans
may grow past four tiles, furiten is strict (it blocks tsumo too), and a win needs a yaku on every
wait (完全先付け). Payments, the 返り東場 and the rest of the game live in
:mod:`bot.engine.variants.chinitsu.settle`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import ClassVar

from bot.engine.game import Action, Kan, Riichi, SetAside, Tsumo
from bot.engine.melds import MeldType
from bot.engine.shapes import ShapeRules, add_tile, count_of
from bot.engine.table import ClaimSource, ClaimWindow, DeadWall, TableSize, hand_label
from bot.engine.table.turns import Phase
from bot.engine.tiles import Back, Kind, Suit, TileSet, kind_name, suit_of
from bot.engine.variants.chinitsu.settings import ChinitsuSettings
from bot.engine.variants.chinitsu.settle import ChinitsuHand, ChinitsuSeat
from bot.engine.variants.chinitsu.shapes import chinitsu_shapes
from bot.engine.variants.chinitsu.tiles import chinitsu_game_tileset
from bot.engine.variants.chinitsu.ui import CHINITSU_UI
from bot.engine.variants.chinitsu.yaku import ChinitsuScorer
from bot.engine.views import PublicView, SeatView

__all__ = ["ChinitsuGame", "ChinitsuSeat", "hand_suit"]

PLAYERS = 3
OTHERS = 36
"""Ids 0–35 are 1m, 9m and the honours; 36–107 the pinzu; 108–179 the souzu."""
RIICHI_STICK = 1_000
SUIT_NAMES = {Suit.PIN: "筒子", Suit.SOU: "索子"}


def hand_suit(first: Suit, hand_index: int) -> Suit:
    """The suit of a hand: 「1局1局をピンズだらけとソーズだらけを交互に行います」 (CHN-A16).

    >>> [hand_suit(Suit.PIN, n).value for n in range(4)]
    ['p', 's', 'p', 's']
    """
    other = Suit.SOU if first is Suit.PIN else Suit.PIN
    return first if hand_index % 2 == 0 else other


class ChinitsuGame(ChinitsuHand):
    """One game of チンイツゲーム: 東南戦 with 返り東場, to 40,000 or a bust."""

    variant: ClassVar[str] = "chinitsu"
    aliases: ClassVar[tuple[str, ...]] = ("chinitsu", "チンイツゲーム", "チンゲ", "chinge", "chinitsu-game")
    title: ClassVar[str] = "チンイツゲーム"
    table_size = TableSize.exactly(PLAYERS, quote="「3人麻雀」")
    settings_class = ChinitsuSettings
    seat_class = ChinitsuSeat
    has_chips: ClassVar[bool] = True
    ui = CHINITSU_UI
    derived: ClassVar[frozenset[str]] = frozenset({"first_suit"})
    strict_furiten: ClassVar[bool] = True  # 「フリテンは一切不可、テンパイにもなりません」
    # A fixed dead wall of 14 (CHN-A7): 4 replacement tiles, 5 indicators, 5 ura under them.
    dead_wall = DeadWall()

    def _tileset(self) -> TileSet:
        return chinitsu_game_tileset()

    def _shapes(self) -> ShapeRules:
        return self._hand_shapes(None)

    def _hand_shapes(self, suit: Suit | None) -> ShapeRules:
        """The shapes of one hand's 108 tiles: its waits and ukeire never list the boxed suit."""
        return chinitsu_shapes(repeated_pairs=self.settings.repeated_pairs, kokushi=self.settings.kokushi, suit=suit)

    def _setup(self) -> None:
        self.scorer = ChinitsuScorer.from_settings(self.settings)
        choice = self.settings.first_suit
        if choice == "random":
            choice = random.Random(f"chinitsu:{self.seed}:first-suit").choice(("p", "s"))
        self.first_suit = Suit(choice)
        self.round_hand = 0
        self.kaeri = False
        self.minkan_from = None

    # --- the round -----------------------------------------------------------------------------

    @property
    def suit(self) -> Suit:
        """The number suit of the hand in play."""
        return hand_suit(self.first_suit, self.hand_index)

    @property
    def round_label(self) -> str:
        """東1局 … 南3局, 返り東1局 …, with the hand's suit: 「東1局・筒子」."""
        prefix = "返り" if self.kaeri else ""
        return f"{prefix}{hand_label(self.round_wind, self.round_hand + 1)}・{SUIT_NAMES[self.suit]}"

    def _final_hand(self) -> bool:
        """The オーラス with someone at the return points: unless the dealer wins, no 返り東場 follows."""
        return self.last_regular_hand and max(self.points) >= self.settings.return_points

    # --- dealing -------------------------------------------------------------------------------------

    def _playing(self) -> list[int]:
        """The ids of this hand's 108 tiles."""
        start = OTHERS if self.suit is Suit.PIN else OTHERS + 72
        return [*range(OTHERS), *range(start, start + 72)]

    def _new_hand(self) -> None:
        self.shapes = self._hand_shapes(self.suit)
        self.minkan_from = None

    # --- tiles set aside: North -----------------------------------------------------------------------

    def _discardable(self, seat: int, tile: int) -> bool:
        # 「北は抜きドラとなり、河には切れません」.
        return self.kinds[tile] != Kind.NORTH

    def _set_aside_options(self, seat_index: int) -> list[Action]:
        # With no replacement left (the last tile drawn, the dead wall used up) a North may still
        # be pulled: the hand then ends drawn. A riichi hand that drew it has no other move.
        norths = [tile for tile in self.seats[seat_index].concealed if self.kinds[tile] == Kind.NORTH]
        return [SetAside(seat_index, tile) for tile in self._distinct_faces(norths)]

    def _set_aside_claimable(self, seat: int, tile: int) -> bool:
        return False

    def _set_aside_rinshan(self, seat: int, tile: int) -> bool:
        return self.settings.north_rinshan

    def _after_set_aside(self, seat: int, tile: int) -> None:
        # The tile replacing a North is no longer the kan's: a win on it is nobody's 責任払い.
        self.minkan_from = None
        # 「北の4枚抜きでカンドラがめくれる」: one player's fourth North (CHN-A6).
        if len(self.seats[seat].set_aside) == 4:
            self._reveal_kan_dora()

    def _replacement_tile(self) -> int | None:
        # 「リンシャン牌がなくなった場合、普通のツモ山から順に取っていく」 (CHN-A7).
        if self.wall.rinshan:
            return self.wall.rinshan.pop()
        return self.wall.draw() if self.wall.live else None

    def _reveal_kan_dora(self) -> None:
        # 「都度ドラ表示牌を増やしていきます」; past the dead wall's five, the live wall's last tiles.
        if self.wall.revealed >= len(self.wall.indicators):
            if len(self.wall.live) < 2:
                return
            self.wall.indicators.append(self.wall.live.pop(0))
            self.wall.ura.append(self.wall.live.pop(0))
        self._reveal_indicator()

    # --- the turn --------------------------------------------------------------------------------------

    def _turn_actions(self, seat_index: int) -> tuple[Action, ...]:
        forced = self._forced_kans(seat_index)
        if forced:
            # 「すでに暗カンしているのであれば、ツモ牌でなければ強制カンです」 (CHN-A4).
            win = (Tsumo(seat_index),) if self._can_tsumo(seat_index) else ()
            return (*win, *forced)
        return super()._turn_actions(seat_index)

    def _forced_kans(self, seat_index: int) -> list[Kan]:
        """A tile of a kind the seat holds an ankan of, other than the one just drawn, must join it."""
        seat = self.seats[seat_index]
        if self.after_pon or not self.wall.live:
            return []
        forced: list[Kan] = []
        for meld in seat.melds:
            if meld.type is MeldType.ANKAN:
                extra = [t for t in self._held(seat, meld.kind) if t != seat.drawn]
                forced += [Kan(seat_index, (tile,)) for tile in self._distinct_faces(extra)]
        return forced

    def _can_tsumo(self, seat_index: int) -> bool:
        seat = self.seats[seat_index]
        if seat.drawn is None or not self.shapes.is_agari(seat.board):
            return False
        # 「フリテンは一切不可…同巡にあがり牌が河にある際はツモあがりできません」: furiten blocks tsumo too.
        rest = seat.board - (1 << (4 * self.kinds[seat.drawn]))
        if self._furiten(seat_index, self.shapes.waits(rest)):
            return False
        return self._win_allowed(seat_index, seat.drawn, tsumo=True, how="tsumo")

    def _riichi_options(self, seat_index: int, faces: Sequence[int]) -> list[Action]:
        # 「残り1000点からリーチはできます」; one more draw for everyone left.
        if not self._may_riichi(seat_index):
            return []
        return [Riichi(seat_index, tile) for tile in self._tenpai_discards(seat_index, faces)]

    def _riichi_turn(self, seat_index: int) -> list[Action]:
        seat = self.seats[seat_index]
        assert seat.drawn is not None
        pull: list[Action] = []
        if self.kinds[seat.drawn] == Kind.NORTH:
            pull.append(SetAside(seat_index, seat.drawn))
        # 「リーチ後のカンは自由ですが、待ち牌の変わるカンはできません」.
        kans = [kan for kan in self._kans(seat_index) if self._kan_keeps_waits(seat_index, kan.tiles)]
        return [*pull, *kans]

    def _kan_options(self, seat_index: int) -> list[Action]:
        return list(self._kans(seat_index))

    def _kans(self, seat_index: int) -> list[Kan]:
        """「1回目のカンは4枚に限り」: a first kan of four, then each further copy added to it (or
        a tile added to a pon); every one needs a live tile left to replace it."""
        seat = self.seats[seat_index]
        if not self.wall.live:
            return []
        melded = {meld.kind: meld for meld in seat.melds if meld.type is not MeldType.CHI}
        kans: list[Kan] = []
        for kind in sorted({self.kinds[tile] for tile in seat.concealed}):
            held = self._held(seat, kind)
            if kind in melded:
                kans += [Kan(seat_index, (tile,)) for tile in self._distinct_faces(held)]
            elif len(held) >= 4:
                kans.append(Kan(seat_index, tuple(held[:4])))
        return kans

    def _riichi_stick(self, seat: int) -> int:
        return RIICHI_STICK

    def _on_discard(self, seat_index: int, tile: int, *, riichi: bool) -> None:
        super()._on_discard(seat_index, tile, riichi=riichi)
        self.minkan_from = None

    def _complete_kakan(self, seat_index: int, tile: int) -> None:
        # 「加カンした牌が待ち牌に含まれる場合、フリテン扱いとなります」.
        self.seats[seat_index].added_kinds.append(self.kinds[tile])
        self.minkan_from = None
        super()._complete_kakan(seat_index, tile)

    def _declare_kan(self, seat_index: int, tiles: tuple[int, ...]) -> None:
        self.minkan_from = None
        super()._declare_kan(seat_index, tiles)

    def _call(self, seat_index: int, call: Action, window: ClaimWindow) -> None:
        # 大明カン's 責任払い: a win on its replacement tile is paid by the discarder (pao).
        self.minkan_from = window.from_seat if isinstance(call, Kan) else None
        if isinstance(call, Kan):
            # 「※大明カンの場合はフリテンではありません」: the seat took the tile, so it passed no win
            # on it, whether it declined a ron on it or could not ron it.
            seat = self.seats[seat_index]
            seat.temporary_furiten = seat.furiten_before_offer
        super()._call(seat_index, call, window)

    def _furiten(self, seat_index: int, waits: Sequence[int]) -> bool:
        """Strict furiten: a wait in the seat's own river, a winning tile passed since its last
        discard, a win passed in riichi, or a wait the seat added to a meld (加カン)."""
        if super()._furiten(seat_index, waits):
            return True
        added = set(self.seats[seat_index].added_kinds)
        return any(kind in added for kind in waits)

    # --- claims ----------------------------------------------------------------------------------------

    def _may_ron(self, seat_index: int, tile: int, window: ClaimWindow) -> bool:
        return self._win_allowed(seat_index, tile, tsumo=False, how=window.source)

    def _claim_options(self, seat_index: int, tile: int, window: ClaimWindow) -> list[Action]:
        seat = self.seats[seat_index]
        seat.furiten_before_offer = seat.temporary_furiten  # a 大明カン of the tile restores it
        options = super()._claim_options(seat_index, tile, window)
        held = self._held(seat, self.kinds[tile])
        if len(held) > 3 and self._may_call(seat_index, tile, window) and self._open_kan_allowed(seat_index, window):
            # With 8 copies a seat may hold four of the tile on offer: its 大明槓 is still a first
            # kan of four (three of them and the discard), one per distinct choice of faces.
            triples: dict[tuple[object, ...], tuple[int, ...]] = {}
            for triple in combinations(held, 3):
                triples.setdefault(tuple(sorted(str(self.tiles[t]) for t in triple)), triple)
            options += [Kan(seat_index, triple) for triple in triples.values()]
        return options

    def _open_kan_allowed(self, seat: int, window: ClaimWindow) -> bool:
        return window.source == ClaimSource.DISCARD and bool(self.wall.live)

    def _ron_winners(self, rons: list[int]) -> list[int]:
        # 「ダブロンあり」: both, the nearer one first (it is paid first).
        return rons

    # --- views -------------------------------------------------------------------------------------------

    def _concealed_backs(self, seat: int) -> tuple[Back | None, ...]:
        # CHN-A10: backs are public, as at a real table; listed by colour, so their order in the
        # hand (which follows the faces) tells nothing more than how many of each there are.
        if not self.settings.backs_public:
            return ()
        backs = [self.tiles[tile].back for tile in self.seats[seat].concealed]
        return tuple(sorted(backs, key=lambda back: back.value if back is not None else ""))

    def _wall_backs(self) -> tuple[Back, ...]:
        if not self.settings.backs_public:
            return ()
        return tuple(back for tile in reversed(self.wall.live) if (back := self.tiles[tile].back) is not None)

    def public_view(self) -> PublicView:
        """The table as everyone sees it: backs where public, honba and riichi sticks."""
        return replace(super().public_view(), honba=self.honba, riichi_sticks=self.deposits // RIICHI_STICK)

    def view(self, seat: int) -> SeatView:
        """The seat's hand; a tenpai hand that may not win on every wait is told why."""
        base = super().view(seat)
        notes = (base.private_note, self._forced_kan_note(seat), self._sakizuke_note(seat))
        return replace(base, private_note=" · ".join(note for note in notes if note))

    def _forced_kan_note(self, seat: int) -> str:
        if self.phase is not Phase.TURN or self.turn != seat:
            return ""
        forced = self._forced_kans(seat)
        if not forced:
            return ""
        faces = " ".join(sorted({kind_name(self.kinds[tile]) for kan in forced for tile in kan.tiles}))
        return f"強制カン {faces}: add it to your ankan or win (暗カンした牌は加えてカン)"

    # --- tile accounting -----------------------------------------------------------------------------------

    def board_with(self, seat: int, tile: int) -> int:
        """The seat's concealed tiles with ``tile`` added (a ron)."""
        return add_tile(self.seats[seat].board, self.kinds[tile])

    def suit_kinds(self) -> frozenset[int]:
        """The kinds of this hand's number suit."""
        return frozenset(kind for kind in range(34) if kind < 27 and suit_of(kind) is self.suit)

    def held(self, seat: int, kind: int) -> int:
        return count_of(self.seats[seat].board, kind)
