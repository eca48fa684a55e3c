"""5等三麻: 3 players, 16 flowers, 白ポッチ, Alice, dice and a chip economy (seed ``003_75c9e8506e78b360.txt``).

Every rule here cites its seed line in ``docs/rules/goto.md``; rules the seed leaves open follow
``../shared/rules/variants.md`` §4 and its GTS-A rulings, as table settings where it says
[recommended] (:class:`~bot.engine.variants.goto.settings.GotoSettings`).

Kansai sanma on the shared turn cycle, with 124 tiles: 北 and the flowers are pulled with a
replacement draw and never discarded, two dora indicators are always up and a kan needs a free
indicator slot, 白ポッチ is a wild tsumo after riichi, open riichi shows its waits. A win's worth
is :func:`~bot.engine.variants.goto.assess.assess_win`'s; payments, Alice, the dice and the end of
the game live in :mod:`bot.engine.variants.goto.settle`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from bot.engine.game import Action, Decision, Kan, Riichi, SetAside, Tsumo
from bot.engine.melds import MeldType
from bot.engine.shapes import ShapeRules, count_of
from bot.engine.table import ClaimSource, ClaimWindow, DeadWall, TableSize, hand_label
from bot.engine.tiles import NUM_STANDARD_KINDS, Kind, TileSet
from bot.engine.variants.goto.actions import (
    ContinueGame,
    OpenRiichi,
    ShubariiRiichi,
    StopGame,
)
from bot.engine.variants.goto.assess import goto_scorer
from bot.engine.variants.goto.settings import GotoSettings
from bot.engine.variants.goto.settle import GotoHand, GotoPhase, GotoSeat
from bot.engine.variants.goto.shapes import goto_shapes
from bot.engine.variants.goto.tiles import goto_tileset
from bot.engine.variants.goto.ui import GOTO_UI
from bot.engine.views import PublicView, SeatPublic, SeatView

__all__ = ["GotoGame", "GotoPhase", "GotoSeat"]

PLAYERS = 3
RIICHI_STICK = 1_000


class GotoGame(GotoHand):
    """One game of 5等三麻: East, South if the top is under 40,000, to 40,000 or a bust."""

    variant: ClassVar[str] = "goto"
    aliases: ClassVar[tuple[str, ...]] = ("goto", "5等三麻", "五等三麻", "5等", "gotou", "goto-sanma")
    title: ClassVar[str] = "5等三麻"
    table_size = TableSize.exactly(PLAYERS, quote="「三人麻雀」")
    settings_class = GotoSettings
    seat_class = GotoSeat
    has_chips: ClassVar[bool] = True
    flower_dora: ClassVar[bool] = False  # 春夏秋冬 pay chips and turn effects on (「華牌」), no han
    ui = GOTO_UI
    # A dead wall of 14: 4 replacement tiles, 5 indicator slots and the ura under them
    # (「ドラは常時2枚めくり」); it is topped up from the live wall's end after every replacement
    # draw ([baseline sanma]).
    dead_wall = DeadWall(revealed=2)

    def _tileset(self) -> TileSet:
        return goto_tileset(self.settings.pocchi_tiles)

    def _shapes(self) -> ShapeRules:
        return goto_shapes()

    def _setup(self) -> None:
        self.scorer = goto_scorer(self.settings)
        self.round_hand = 0
        self.south_entered = False
        self.shubarii_used: list[bool] = [False] * PLAYERS
        """「1半荘に1回シュバリー」: who has declared theirs this game."""
        self.settlement = None

    # --- the round -----------------------------------------------------------------------------

    @property
    def round_label(self) -> str:
        """東1局 … 南3局, 西1局 … (sudden death)."""
        return hand_label(self.round_wind, self.round_hand + 1)

    def _final_hand(self) -> bool:
        """The round's last hand where its end ends the game: someone has the return points, or
        South is over and the table plays no sudden death (GTS-A11)."""
        ends = max(self.points) >= self.settings.return_points or (
            self.south_entered and not self.settings.sudden_death
        )
        return self.oorasu and ends

    # --- dealing -------------------------------------------------------------------------------------

    def _new_hand(self) -> None:
        self.settlement = None

    # --- 北 and the flowers ------------------------------------------------------------------------

    def is_pulled_kind(self, kind: int) -> bool:
        """北 and the flowers: pulled, never discarded (「北は抜きドラ…河にも切れない」, 「華牌」)."""
        return kind == Kind.NORTH or kind >= NUM_STANDARD_KINDS

    def _discardable(self, seat: int, tile: int) -> bool:
        return not self.is_pulled_kind(self.kinds[tile])

    def _set_aside_options(self, seat_index: int) -> list[Action]:
        seat = self.seats[seat_index]
        pulls = [tile for tile in seat.concealed if self.is_pulled_kind(self.kinds[tile])]
        # The drawn copy stands for its face, so the timeout's pull of a drawn 北 is offered.
        return [SetAside(seat_index, tile) for tile in self._distinct_faces(pulls, prefer=[seat.drawn])]

    def _set_aside_claimable(self, seat: int, tile: int) -> bool:
        # [recommended] no ron on a pulled tile; the setting allows it on a 北 (never a flower).
        return self.settings.nuki_ron and self.kinds[tile] == Kind.NORTH

    def _after_set_aside(self, seat: int, tile: int) -> None:
        kind = self.kinds[tile]
        if kind >= NUM_STANDARD_KINDS:
            self.seats[seat].flowers.append(kind)

    def _replacement_tile(self) -> int | None:
        # The dead wall keeps 14: each replacement is replaced from the live wall's end.
        if not self.wall.rinshan:
            return None
        tile = self.wall.rinshan.pop()
        if self.wall.live:
            self.wall.rinshan.insert(0, self.wall.live.pop(0))
        return tile

    def _reveal_kan_dora(self) -> None:
        if self.wall.revealed < self.settings.indicator_slots:
            self._reveal_indicator()

    def kan_slot_free(self) -> bool:
        """「新ドラを表示できない場合は暗槓・明槓ともにできない」: a kan needs an indicator slot."""
        return self.wall.revealed < self.settings.indicator_slots and bool(self.wall.live)

    # --- the turn --------------------------------------------------------------------------------------

    def _turn_default(self, seat_index: int, actions: tuple[Action, ...]) -> Action:
        # A flower is always pulled (it can be neither kept to any use nor discarded); so is a
        # drawn 北 (a timed-out seat is not building a 国士).
        seat = self.seats[seat_index]
        if self.pocchi_drawn(seat_index) and Tsumo(seat_index) in actions:
            # 「立直後白ポッチを河に切ってしまっても戻すことができる」: a riichi seat's 白ポッチ is never
            # thrown away by the clock; it wins.
            return Tsumo(seat_index)
        pulls = [action for action in actions if isinstance(action, SetAside)]
        drawn = next((action for action in pulls if action.tile == seat.drawn), None)
        if drawn is not None:
            return drawn
        flower = next((action for action in pulls if self.kinds[action.tile] >= NUM_STANDARD_KINDS), None)
        if flower is not None:
            return flower
        return super()._turn_default(seat_index, actions)

    def _can_tsumo(self, seat_index: int) -> bool:
        seat = self.seats[seat_index]
        if seat.drawn is None:
            return False
        return self._best_tsumo(seat_index) is not None

    def _riichi_options(self, seat_index: int, faces: Sequence[int]) -> list[Action]:
        seat = self.seats[seat_index]
        # 「立直…1,000点から」 (0 continues); one more draw left; furiten riichi allowed.
        if not self._may_riichi(seat_index):
            return []
        tenpai = [
            tile
            for tile in faces
            if self._discardable(seat_index, tile)
            and self.is_tenpai(seat_index, seat.board - (1 << (4 * self.kinds[tile])))
        ]
        if not self.settings.furiten_riichi:
            tenpai = [tile for tile in tenpai if not self._furiten_after(seat_index, tile)]
        options: list[Action] = [Riichi(seat_index, tile) for tile in tenpai]
        others = sum(other.riichi for index, other in enumerate(self.seats) if index != seat_index)
        # 「3軒目はオープン立直不可」; its deposit is 2,000.
        if self.settings.open_riichi and others < 2 and self.points[seat_index] >= self.settings.open_riichi_deposit:
            options += [OpenRiichi(seat_index, tile) for tile in tenpai]
        if self.settings.shubarii and not self.shubarii_used[seat_index]:
            options += [ShubariiRiichi(seat_index, tile) for tile in tenpai]
        return options

    def _furiten_after(self, seat_index: int, tile: int) -> bool:
        """Whether discarding ``tile`` leaves the seat furiten: a wait in its river, that tile
        included (the ``furiten_riichi`` setting off refuses such a riichi)."""
        seat = self.seats[seat_index]
        waits = self.shapes.waits(seat.board - (1 << (4 * self.kinds[tile])))
        river = {self.kinds[entry.tile] for entry in seat.river} | {self.kinds[tile]}
        return seat.temporary_furiten or any(kind in river for kind in waits)

    def _riichi_turn(self, seat_index: int) -> list[Action]:
        seat = self.seats[seat_index]
        assert seat.drawn is not None
        pull: list[Action] = []
        if self.is_pulled_kind(self.kinds[seat.drawn]):
            pull.append(SetAside(seat_index, seat.drawn))
        # 「立直後の暗槓は待ちが変わらなければ可能(手牌構成変わっても可能)」.
        kans = [kan for kan in self._ankans(seat_index) if self._kan_keeps_waits(seat_index, kan.tiles)]
        return [*pull, *kans]

    def _ankans(self, seat_index: int) -> list[Kan]:
        seat = self.seats[seat_index]
        if not self.kan_slot_free():
            return []
        kinds = sorted({self.kinds[tile] for tile in seat.concealed})
        return [
            Kan(seat_index, tuple(self._held(seat, kind)))
            for kind in kinds
            if not self.is_pulled_kind(kind) and len(self._held(seat, kind)) == 4
        ]

    def _kan_options(self, seat_index: int) -> list[Action]:
        seat = self.seats[seat_index]
        if not self.kan_slot_free():
            return []
        pons = {meld.kind for meld in seat.melds if meld.type is MeldType.PON}
        added = [Kan(seat_index, (tile,)) for tile in seat.concealed if self.kinds[tile] in pons]
        return [*self._ankans(seat_index), *added]

    def _apply_turn(self, action: Action) -> None:
        seat = self.seats[action.seat]
        if isinstance(action, OpenRiichi):
            seat.open_riichi = True
        elif isinstance(action, ShubariiRiichi):
            seat.shubarii = True
            self.shubarii_used[action.seat] = True
        super()._apply_turn(action)

    def _riichi_stick(self, seat: int) -> int:
        # 「オープン立直は2,000点供託」.
        return self.settings.open_riichi_deposit if self.seats[seat].open_riichi else RIICHI_STICK

    def _on_discard(self, seat_index: int, tile: int, *, riichi: bool) -> None:
        super()._on_discard(seat_index, tile, riichi=riichi)
        seat = self.seats[seat_index]
        if riichi and seat.open_riichi:
            # 「待ちのみ開示」: the waits, never the hand.
            seat.open_waits = tuple(self.shapes.waits(seat.board))

    def _note_missed_win(self, seat_index: int) -> None:
        # 「立直後の見逃し…あり」 (GTS-A9): a riichi seat that lets a win go may still ron later;
        # only the go-around's furiten stays.
        seat = self.seats[seat_index]
        seat.temporary_furiten = True
        if seat.riichi and not self.settings.riichi_minogashi:
            seat.riichi_furiten = True

    # --- claims ----------------------------------------------------------------------------------------

    def _may_ron(self, seat_index: int, tile: int, window: ClaimWindow) -> bool:
        return self._ron_score(seat_index, tile, how=window.source) is not None

    def _may_call(self, seat: int, tile: int, window: ClaimWindow) -> bool:
        return window.source == ClaimSource.DISCARD and super()._may_call(seat, tile, window)

    def _open_kan_allowed(self, seat: int, window: ClaimWindow) -> bool:
        return window.source == ClaimSource.DISCARD and self.kan_slot_free()

    def _ron_winners(self, rons: list[int]) -> list[int]:
        # 「ダブロンあり」: both, the 上家 (nearer the discarder) first.
        return rons

    # --- the dice and the オーラス stop ------------------------------------------------------------------

    def decisions(self) -> tuple[Decision, ...]:
        if self._outcome is None and self.phase == GotoPhase.DICE:
            return (self._dice_decision(),)
        if self._outcome is None and self.phase == GotoPhase.STOP:
            stop, play_on = StopGame(self.dealer), ContinueGame(self.dealer)
            # The timeout (listed first) keeps a top's win (あがりやめ) and plays on otherwise.
            if self.points[self.dealer] == max(self.points):
                return (Decision(self.dealer, (stop, play_on), stop),)
            return (Decision(self.dealer, (play_on, stop), play_on),)
        return super().decisions()

    def _apply(self, action: Action) -> None:
        if self.phase == GotoPhase.DICE:
            self._apply_dice(action)
        elif self.phase == GotoPhase.STOP:
            self._apply_stop(stop=isinstance(action, StopGame))
        else:
            super()._apply(action)

    # --- views -------------------------------------------------------------------------------------------

    def _seat_public(self, index: int, *, wind: int | None, dealer: bool) -> SeatPublic:
        return replace(super()._seat_public(index, wind=wind, dealer=dealer), open_waits=self.seats[index].open_waits)

    def public_view(self) -> PublicView:
        """The table: honba, riichi sticks, open-riichi waits, and the dice as they are rolled."""
        base = super().public_view()
        return replace(
            base,
            honba=self.honba,
            riichi_sticks=self.deposits // RIICHI_STICK,
            note=self._dice_note(),
        )

    def view(self, seat: int) -> SeatView:
        """The seat's hand; a riichi seat that drew 白ポッチ is told what it stands for."""
        base = super().view(seat)
        note = self._pocchi_note(seat)
        return replace(base, private_note=" · ".join(part for part in (base.private_note, note) if part))

    # --- tile accounting -----------------------------------------------------------------------------------

    def held(self, seat: int, kind: int) -> int:
        return count_of(self.seats[seat].board, kind)
