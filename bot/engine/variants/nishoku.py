"""二色麻雀 (Nishoku): 4 players, 100 tiles without manzu, pon only, no dead wall, flat points.

Every rule here cites the seed (``004_2bab2064d36240f8.txt``) line it comes from in
``docs/rules/nishoku.md``; rules the seed leaves open follow ``../shared/rules/variants.md`` §5
and are table settings where that document marks them [recommended].
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bot.engine.game import (
    Action,
    Decision,
    Discard,
    Event,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    placements_by_points,
)
from bot.engine.melds import Meld, MeldType
from bot.engine.shapes import SEVEN_PAIRS, ShapeRules, add_tile, count_of
from bot.engine.tiles import Kind, Tile, TileSet, nishoku_tileset, parse_tiles
from bot.engine.variants.common import TableSettings, VariantGame, public_deciding, state_digest, wall_digest
from bot.engine.variants.nishoku_yaku import NishokuScorer, WinScore
from bot.engine.views import PublicView, SeatView, WinView, YakuLine
from bot.engine.yaku.context import WinContext

__all__ = ["NishokuGame", "NishokuSettings"]

PLAYERS = 4
WIND_NAMES = "東南西北"


@dataclass(frozen=True)
class NishokuSettings(TableSettings):
    title = "二色麻雀"

    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    red_5p: int = 1
    """NIS-A1: red 5p in the set (the seed only says 「ドラは赤牌のみ」)."""
    red_5s: int = 1
    """NIS-A1: red 5s in the set."""
    start_points: int = 50_000
    """「５万点持ち」."""
    hands: int = 16
    """「１ゲームは東南西北の一荘戦」 with 「連荘ナシ」: one hand per seat per wind."""
    shin_pinfu_any_wait: bool = True
    """NIS-A2: 新ピンフ takes any wait; off requires a two-sided wait."""
    add_double_yakuman: bool = True
    """NIS-A4: several yakuman add up; off caps the hand at 大役満."""
    bust_below: int = 0
    """NIS-A6: 「ハコワレ終了」 when a score falls below this; exactly 0 continues."""
    hints: bool = True
    """Show waits and ukeire on the private panel."""

    def __post_init__(self) -> None:
        for name in ("red_5p", "red_5s"):
            if not 0 <= getattr(self, name) <= 2:
                raise ValueError(f"{name} must be 0, 1 or 2 (NIS-A1)")
        if not 1 <= self.hands <= 16:
            raise ValueError("a game has 1 to 16 hands")
        if self.start_points <= 0:
            raise ValueError("start_points must be positive")


@dataclass
class _River:
    tile: int
    riichi: bool = False
    called: bool = False
    tsumogiri: bool = False


@dataclass
class _Seat:
    concealed: list[int] = field(default_factory=list)
    board: int = 0
    drawn: int | None = None
    river: list[_River] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    riichi: bool = False
    double_riichi: bool = False
    temporary_furiten: bool = False
    riichi_furiten: bool = False
    discarded_once: bool = False


class NishokuGame(VariantGame[NishokuSettings, _Seat]):
    """One game of 二色麻雀 from the first hand to the final standings."""

    settings_class = NishokuSettings
    variant: ClassVar[str] = "nishoku"
    aliases: ClassVar[tuple[str, ...]] = ("nishoku", "二色", "nisyoku", "two-colour", "two-color")
    title: ClassVar[str] = "二色麻雀"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4

    def __init__(self, settings: NishokuSettings | None = None, *, seed: int = 0, players: int = PLAYERS) -> None:
        if players != PLAYERS:
            raise ValueError("二色麻雀 is played by exactly 4 players")
        self.settings = settings or NishokuSettings()
        self.seed = seed
        self.sequence = 0
        self.tileset: TileSet = nishoku_tileset(self.settings.red_5p, self.settings.red_5s)
        self.tiles: tuple[Tile, ...] = self.tileset.tiles
        self.kinds: tuple[int, ...] = tuple(tile.kind for tile in self.tiles)
        self.shapes = ShapeRules(limits=self.tileset.copies(), pairs=SEVEN_PAIRS, kokushi=None)
        self.scorer = NishokuScorer(
            self.shapes,
            shin_pinfu_any_wait=self.settings.shin_pinfu_any_wait,
            add_double_yakuman=self.settings.add_double_yakuman,
        )
        rng = random.Random(f"nishoku:{seed}:seating")
        # 「つかみ取りで席決め」: seat s (0 = the first East) is taken by player seating[s].
        self.seating: tuple[int, ...] = tuple(rng.sample(range(PLAYERS), PLAYERS))
        self.points = [self.settings.start_points] * PLAYERS
        self.history: list[tuple[int, ...]] = [tuple(self.points)]
        self.hand_index = 0
        self._outcome: Outcome | None = None
        self.last_result: WinView | dict[str, Any] | None = None
        self._start_hand()

    # --- the registry's hooks ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always 4."""
        return PLAYERS

    # --- hand set-up ----------------------------------------------------------------------------

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

    def seat_wind(self, seat: int) -> int:
        """The seat's wind this hand."""
        return Kind.EAST + (seat - self.dealer) % PLAYERS

    def _start_hand(self, wall: list[int] | None = None) -> None:
        rng = random.Random(f"nishoku:{self.seed}:hand:{self.hand_index}")
        if wall is None:
            wall = list(range(len(self.tiles)))
            rng.shuffle(wall)
        self.salt = f"{rng.getrandbits(64):016x}"
        self.wall_digest = wall_digest(wall, self.salt)
        # The wall is drawn from its end, so reverse it: wall[-1] is the next tile.
        self.wall: list[int] = wall[::-1]
        self.seats = [_Seat() for _ in range(PLAYERS)]
        # 「王牌なし」: deal 13 each, then the dealer draws the 14th as an ordinary first draw.
        for _ in range(13):
            for offset in range(PLAYERS):
                self._take(self.seats[(self.dealer + offset) % PLAYERS], self.wall.pop())
        self.any_call = False
        self.phase = "turn"
        self.turn = self.dealer
        self.after_pon = False
        self.last_discard: tuple[int, int] | None = None
        self.claims: dict[int, tuple[Action, ...]] = {}
        self.responses: dict[int, Action] = {}
        self.pending_events: list[Event] = [
            Event(
                "hand_start",
                {
                    "hand": self.hand_index,
                    "round": self.round_label,
                    "dealer": self.dealer,
                    "wall_sha256": self.wall_digest,
                    "points": list(self.points),
                },
            )
        ]
        self._draw(self.dealer)

    def rig(self, hands: Sequence[str], draws: str = "") -> None:
        """Restart the current hand from chosen tiles (for tests and puzzles).

        ``hands`` are the four seats' 13 tiles in mpsz notation, seat 0 first; ``draws`` are the
        next tiles of the wall in the order they will be drawn (the dealer draws the first at
        once). The rest of the wall follows in tile-id order, so every tile still exists once.
        """
        free = list(range(len(self.tiles)))

        def take(face: Tile) -> int:
            for index, tile in enumerate(free):
                if self.tiles[tile] == face:
                    return free.pop(index)
            raise ValueError(f"no {face} left to rig")

        dealt = [[take(face) for face in parse_tiles(text)] for text in hands]
        if len(dealt) != PLAYERS or any(len(tiles) != 13 for tiles in dealt):
            raise ValueError("rig needs four hands of 13 tiles")
        drawn = [take(face) for face in parse_tiles(draws)]
        order: list[int] = []
        for round_ in range(13):
            for offset in range(PLAYERS):
                order.append(dealt[(self.dealer + offset) % PLAYERS][round_])
        self._start_hand(wall=order + drawn + free)

    def _draw(self, seat_index: int) -> None:
        seat = self.seats[seat_index]
        tile = self.wall.pop()
        self._take(seat, tile)
        seat.drawn = tile
        self.turn = seat_index
        self.phase = "turn"
        self.after_pon = False
        self.pending_events.append(Event("draw", {"seat": seat_index, "tile": tile}, visible_to=(seat_index,)))
        self.pending_events.append(Event("drew", {"seat": seat_index, "tiles_left": len(self.wall)}))

    # --- decisions ----------------------------------------------------------------------------

    def decisions(self) -> tuple[Decision, ...]:
        """Who must act now: the seat on turn, or every seat with a claim on the last discard."""
        if self._outcome is not None:
            return ()
        if self.phase == "turn":
            actions = self._turn_actions(self.turn)
            return (Decision(self.turn, actions, self._turn_default(self.turn, actions)),)
        return tuple(
            Decision(seat, actions, Pass(seat))
            for seat, actions in sorted(self.claims.items())
            if seat not in self.responses
        )

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now."""
        for decision in self.decisions():
            if decision.seat == seat:
                return decision.actions
        return ()

    def _distinct_faces(self, tiles: Iterable[int], prefer: int | None = None) -> list[int]:
        """One tile id per distinct face (kind + red), preferring ``prefer`` for its face."""
        chosen: dict[Tile, int] = {}
        if prefer is not None:
            chosen[self.tiles[prefer]] = prefer
        for tile in sorted(tiles, key=self._sort_key):
            chosen.setdefault(self.tiles[tile], tile)
        return sorted(chosen.values(), key=self._sort_key)

    def _turn_actions(self, seat_index: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        actions: list[Action] = []
        if not self.after_pon and self._tsumo_score(seat_index) is not None:
            actions.append(Tsumo(seat_index))
        if seat.riichi and seat.drawn is not None:
            # Riichi: every drawn tile that does not win is discarded.
            actions.append(Discard(seat_index, seat.drawn))
            return tuple(actions)
        faces = self._distinct_faces(seat.concealed, prefer=seat.drawn)
        actions += [Discard(seat_index, tile) for tile in faces]
        # 「フリテンリーチ、ノーテンリーチ大歓迎」: closed and one more draw left is all it needs.
        if not seat.riichi and not seat.melds and not self.after_pon and self.wall:
            actions += [Riichi(seat_index, tile) for tile in faces]
        return tuple(actions)

    def _turn_default(self, seat_index: int, actions: tuple[Action, ...]) -> Action:
        """Tsumogiri; with no drawn tile (after a pon), the highest face the legal list offers."""
        seat = self.seats[seat_index]
        if seat.drawn is not None and Discard(seat_index, seat.drawn) in actions:
            return Discard(seat_index, seat.drawn)
        return [action for action in actions if isinstance(action, Discard)][-1]

    # --- applying actions -------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one seat's choice and return what happened."""
        if self._outcome is not None:
            raise NotYourTurnError("the game is over")
        legal = self.legal_actions(action.seat)
        if not legal:
            raise NotYourTurnError("it is not your turn to act")
        if action not in legal:
            raise IllegalActionError(f"{type(action).__name__.lower()} is not allowed now")
        self.pending_events = []
        if self.phase == "turn":
            if isinstance(action, Tsumo):
                self._win(action.seat, from_seat=None)
            elif isinstance(action, Riichi | Discard):
                self._discard(action.seat, action.tile, riichi=isinstance(action, Riichi))
        else:
            self.responses[action.seat] = action
            if len(self.responses) == len(self.claims):
                self._resolve_claims()
        self.sequence += 1
        events, self.pending_events = self.pending_events, []
        return events

    def _discard(self, seat_index: int, tile: int, *, riichi: bool) -> None:
        seat = self.seats[seat_index]
        tsumogiri = tile == seat.drawn
        self._give(seat, tile)
        seat.drawn = None
        if riichi:
            seat.riichi = True
            # ダブリー: riichi with the first discard, no pon before it.
            seat.double_riichi = not seat.discarded_once and not self.any_call
        seat.discarded_once = True
        seat.temporary_furiten = False  # 「同巡内の選択アガリ不可」 lasts until your next discard
        seat.river.append(_River(tile, riichi=riichi, tsumogiri=tsumogiri))
        self.last_discard = (seat_index, len(seat.river) - 1)
        self.pending_events.append(
            Event(
                "discard",
                {"seat": seat_index, "tile": tile, "riichi": riichi, "tsumogiri": tsumogiri},
            )
        )
        self.claims = {}
        self.responses = {}
        for offset in range(1, PLAYERS):
            other = (seat_index + offset) % PLAYERS
            options = self._claim_options(other, tile)
            if options:
                self.claims[other] = options
        if self.claims:
            self.phase = "claims"
        else:
            self._next_turn(seat_index)

    def _claim_options(self, seat_index: int, tile: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        kind = self.kinds[tile]
        options: list[Action] = []
        waits = self.shapes.waits(seat.board)
        can_ron = (
            kind in waits and not self._furiten(seat_index, waits) and self._ron_score(seat_index, tile) is not None
        )
        if can_ron:
            options.append(Ron(seat_index))
        elif kind in waits:
            # A winning tile the seat cannot take still makes it furiten for the go-around.
            self._note_missed_win(seat_index)
        # 「鳴きはポンのみ可」; nothing may be called off the very last discard (河底).
        if not seat.riichi and self.wall and count_of(seat.board, kind) >= 2:
            matching = [t for t in seat.concealed if self.kinds[t] == kind]
            pairs = {
                tuple(sorted((a, b), key=self._sort_key)): (self.tiles[a], self.tiles[b])
                for i, a in enumerate(matching)
                for b in matching[i + 1 :]
            }
            seen: set[tuple[Tile, Tile]] = set()
            for pair, faces in sorted(pairs.items(), key=lambda item: [self._sort_key(t) for t in item[0]]):
                key = tuple(sorted(faces, key=lambda f: f.red))
                if key not in seen:
                    seen.add(key)  # type: ignore[arg-type]
                    options.append(Pon(seat_index, (pair[0], pair[1])))
        if options:
            options.append(Pass(seat_index))
        return tuple(options)

    def _resolve_claims(self) -> None:
        discarder, index = self.last_discard or (0, 0)
        order = [(discarder + offset) % PLAYERS for offset in range(1, PLAYERS)]
        rons = [seat for seat in order if isinstance(self.responses.get(seat), Ron)]
        for seat, options in self.claims.items():
            if any(isinstance(option, Ron) for option in options) and seat not in rons:
                self._note_missed_win(seat)
        self.claims = {}
        if rons:
            # 「同時ロンは上家優先」: the claimant nearest the discarder in turn order wins alone.
            self._win(rons[0], from_seat=discarder)
            return
        pons = [(seat, action) for seat, action in self.responses.items() if isinstance(action, Pon)]
        self.responses = {}
        if pons:
            seat_index, pon = pons[0]
            self._pon(seat_index, discarder, index, pon)
            return
        self._next_turn(discarder)

    def _pon(self, seat_index: int, discarder: int, river_index: int, pon: Pon) -> None:
        seat = self.seats[seat_index]
        entry = self.seats[discarder].river[river_index]
        entry.called = True
        for tile in pon.tiles:
            self._give(seat, tile)
        meld = Meld(
            MeldType.PON,
            self.kinds[entry.tile],
            tiles=(*pon.tiles, entry.tile),
            called=entry.tile,
            from_seat=discarder,
        )
        seat.melds.append(meld)
        self.any_call = True
        self.turn = seat_index
        self.phase = "turn"
        self.after_pon = True
        self.pending_events.append(
            Event("pon", {"seat": seat_index, "from": discarder, "tiles": list(meld.tiles), "called": entry.tile})
        )

    def _next_turn(self, discarder: int) -> None:
        if not self.wall:
            self._exhaustive_draw()
            return
        self._draw((discarder + 1) % PLAYERS)

    # --- winning ------------------------------------------------------------------------------

    def _context(self, seat_index: int, win_tile: int, *, tsumo: bool) -> WinContext:
        seat = self.seats[seat_index]
        board = seat.board if tsumo else add_tile(seat.board, self.kinds[win_tile])
        tiles = [*seat.concealed, *([] if tsumo else [win_tile])]
        tiles += [tile for meld in seat.melds for tile in meld.tiles]
        first_draw = tsumo and not seat.discarded_once and not self.any_call
        return WinContext(
            concealed=board,
            win_tile=self.kinds[win_tile],
            melds=tuple(seat.melds),
            tsumo=tsumo,
            seat_wind=self.seat_wind(seat_index),
            round_wind=self.round_wind,
            dealer=seat_index == self.dealer,
            riichi=seat.riichi,
            double_riichi=seat.double_riichi,
            haitei=tsumo and not self.wall,
            houtei=not tsumo and not self.wall,
            tenhou=first_draw and seat_index == self.dealer,
            chiihou=first_draw and seat_index != self.dealer,
            red_dora=sum(self.tiles[tile].red for tile in tiles),
        )

    def _tsumo_score(self, seat_index: int) -> WinScore | None:
        seat = self.seats[seat_index]
        if seat.drawn is None or not self.shapes.is_agari(seat.board):
            return None
        return self.scorer.score(self._context(seat_index, seat.drawn, tsumo=True))

    def _ron_score(self, seat_index: int, tile: int) -> WinScore | None:
        return self.scorer.score(self._context(seat_index, tile, tsumo=False))

    def _win(self, winner: int, *, from_seat: int | None) -> None:
        seat = self.seats[winner]
        if from_seat is None:
            win_tile = seat.drawn if seat.drawn is not None else seat.concealed[-1]
            score = self._tsumo_score(winner)
        else:
            discarder = self.seats[from_seat]
            win_tile = discarder.river[-1].tile
            score = self._ron_score(winner, win_tile)
        if score is None:  # legal_actions only offers wins that score
            raise IllegalActionError("that hand does not win")
        if from_seat is not None:
            # The ronned tile leaves the river and joins the winner's hand.
            self.seats[from_seat].river.pop()
            self.last_discard = None
            self._take(seat, win_tile)
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
        for index, change in enumerate(changes):
            self.points[index] += change
        hand_tiles = [t for t in seat.concealed if t != win_tile]
        result = WinView(
            variant=self.variant,
            round_label=self.round_label,
            winner=winner,
            from_seat=from_seat,
            hand=tuple(self.tiles[t] for t in sorted(hand_tiles, key=self._sort_key)),
            win_tile=self.tiles[win_tile],
            melds=tuple(self._meld_view(meld) for meld in seat.melds),
            yaku=tuple(YakuLine(y.name, y.en, y.han, y.yakuman) for y in score.yaku),
            han=score.han,
            fu=None,
            points=score.total,
            point_changes=tuple(changes),
            limit_name=score.limit,
        )
        self.last_result = result
        self.pending_events.append(
            Event(
                "win",
                {
                    "winner": winner,
                    "from": from_seat,
                    "tile": win_tile,
                    "hand": sorted(seat.concealed, key=self._sort_key),
                    "han": score.han,
                    "points": score.total,
                    "yaku": [[y.name, y.han, y.yakuman] for y in score.yaku],
                    "changes": changes,
                },
            )
        )
        self._end_hand()

    def _exhaustive_draw(self) -> None:
        # 「ノーテン罰ナシ」: nobody pays; tenpai hands are shown.
        tenpai = [self.shapes.is_tenpai(seat.board) for seat in self.seats]
        self.last_result = {
            "type": "draw",
            "round": self.round_label,
            "tenpai": tenpai,
            "hands": [
                sorted(seat.concealed, key=self._sort_key) if tenpai[i] else None for i, seat in enumerate(self.seats)
            ],
        }
        self.pending_events.append(
            Event("exhaustive_draw", {"tenpai": tenpai, "hands": self.last_result["hands"], "changes": [0] * PLAYERS})
        )
        self._end_hand()

    def _end_hand(self) -> None:
        self.pending_events.append(
            Event("wall_revealed", {"hand": self.hand_index, "salt": self.salt, "wall_sha256": self.wall_digest})
        )
        self.history.append(tuple(self.points))
        self.hand_index += 1
        self.phase = "ended"
        busted = any(points < self.settings.bust_below for points in self.points)
        if busted or self.hand_index >= self.settings.hands:
            placements = placements_by_points(self.points, first_dealer=0)
            self._outcome = Outcome(
                points=tuple(self.points),
                placements=placements,
                hands_played=self.hand_index,
                reason="ハコワレ" if busted else "終局",
            )
            self.pending_events.append(
                Event(
                    "game_end",
                    {"points": list(self.points), "placements": list(placements), "reason": self._outcome.reason},
                )
            )
            return
        events = self.pending_events
        self._start_hand()
        self.pending_events = events + self.pending_events

    # --- views ----------------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        """The table as everyone sees it."""
        seats = tuple(
            self._seat_public(index, wind=self.seat_wind(index), dealer=index == self.dealer)
            for index in range(PLAYERS)
        )
        return PublicView(
            variant=self.variant,
            round_label=self.round_label,
            seats=seats,
            tiles_left=len(self.wall),
            turn=self.turn if self.phase == "turn" else None,
            deciding=public_deciding(
                tuple(decision.seat for decision in self.decisions()),
                self.players,
                claim_phase=self.phase in ("claims",),
                actor=self.last_discard[0] if self.last_discard else None,
            ),
            phase=self.phase,
            last_discard=self.last_discard,
            sequence=self.sequence,
        )

    def view(self, seat_index: int) -> SeatView:
        """``seat_index``'s own hand plus the public table."""
        seat = self.seats[seat_index]
        drawn = seat.drawn
        hand = sorted((t for t in seat.concealed if t != drawn), key=self._sort_key)
        selectable = tuple(
            self.tiles[action.tile] for action in self.legal_actions(seat_index) if isinstance(action, Discard)
        )
        waits, ukeire, furiten = self._hand_hints(seat_index, seat.board)
        return SeatView(
            public=self.public_view(),
            seat=seat_index,
            hand=tuple(self.tiles[t] for t in hand),
            drawn=self.tiles[drawn] if drawn is not None else None,
            selectable=selectable,
            waits=waits,
            ukeire=ukeire,
            furiten=furiten,
        )

    # --- invariants and hashing -------------------------------------------------------------------

    def all_tile_locations(self) -> list[int]:
        """Every tile id wherever it is now (wall, hands, rivers not called, melds)."""
        tiles = list(self.wall)
        for seat in self.seats:
            tiles += seat.concealed
        return tiles + self.public_tiles()

    def public_tiles(self) -> list[int]:
        """Tile ids anyone may see: rivers (claimed tiles sit in their meld) and melds."""
        tiles = [entry.tile for seat in self.seats for entry in seat.river if not entry.called]
        return tiles + [tile for seat in self.seats for meld in seat.melds for tile in meld.tiles]

    def concealed_tiles(self, seat_index: int) -> list[int]:
        """Tile ids only ``seat_index`` may see."""
        return list(self.seats[seat_index].concealed)

    def state_hash(self) -> str:
        """A digest of everything that defines the state."""
        parts: list[Any] = [
            self.hand_index,
            self.points,
            self.wall,
            self.phase,
            self.turn,
            self.after_pon,
            self.any_call,
            self.last_discard,
            sorted(self.claims),
            sorted((seat, repr(action)) for seat, action in self.responses.items()),
            self.sequence,
        ]
        for seat in self.seats:
            parts.append(
                (
                    sorted(seat.concealed),
                    seat.drawn,
                    [(e.tile, e.riichi, e.called, e.tsumogiri) for e in seat.river],
                    [(m.type.value, m.tiles, m.from_seat) for m in seat.melds],
                    seat.riichi,
                    seat.double_riichi,
                    seat.temporary_furiten,
                    seat.riichi_furiten,
                    seat.discarded_once,
                )
            )
        return state_digest(parts)
