"""ずーの (Zuno): 4-player riichi with a draft and simultaneous discards (seed ``001_ec8a60ce93efe5ee.txt``).

Every rule here cites its seed line in ``docs/rules/zuno.md``; rules the seed leaves open follow
``../shared/rules/variants.md`` §2 and its ZUN-A rulings, as table settings where it says
[recommended] (:class:`~bot.engine.variants.zuno_rules.ZunoSettings`).

A hand is a series of rounds (ラウンド), each with a start player (SP) who moves one seat on
every round. A round has these phases (``game.phase``):

``draft``
    The SP takes 4 tiles and keeps one (:class:`~bot.engine.game.Pick`); the rest go to the next
    seat, who keeps one of 3, and so on; the fourth seat takes the last tile. One seat decides at
    a time, and only the holder of a packet sees it.
``declare`` (simultaneous)
    Every seat locks in a discard (:class:`Discard`), a riichi declaration with its discard
    (:class:`Riichi`, :class:`InazumaRiichi`) or a tsumo (:class:`Tsumo`, :class:`PocchiTsumo`),
    and may first make kans (:class:`Kan`). Declarations and kans are public at once; locked
    choices stay hidden. A seat that has locked in leaves :meth:`ZunoGame.decisions` but may still
    change its lock through :meth:`ZunoGame.legal_actions` until the last seat locks in: that
    last lock is the 「ずーの」, and every discard is revealed together.
``ron`` (simultaneous)
    Every seat that can ron a revealed discard may take any of them (:class:`RonOn`, one at a
    time, then :class:`Pass` when done). Any tsumo or ron ends the hand.
``call`` (simultaneous), then ``call_discard`` and ``call_ron``
    Each seat may claim one discard of the round (:class:`CallKan`, :class:`CallPon`,
    :class:`CallChi`); claims are settled 大明槓 → 加槓 → ポン → チー, and each caller then
    discards, which others may ron.

Points and chips are two ledgers (``points`` and ``chips``); riichi sticks sit in ``deposits``
until a winner takes them, so ``sum(points) + deposits`` and ``sum(chips)`` never change.
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
    Kan,
    NotYourTurnError,
    Outcome,
    Pass,
    Pick,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    placements_by_points,
)
from bot.engine.melds import Meld, MeldType
from bot.engine.scoring import HandScore
from bot.engine.shapes import SEVEN_PAIRS, THIRTEEN_ORPHANS, ShapeRules, add_tile, count_of, tile_count
from bot.engine.tiles import Kind, Tile, TileSet, parse_tiles, zuno_tileset
from bot.engine.variants.common import VariantGame, public_deciding, state_digest, wall_digest
from bot.engine.variants.zuno_rules import (
    ZERO_HATSU,
    ZunoScorer,
    ZunoSettings,
    final_scores,
    transfer_factor,
    wareme_seat,
    win_chips,
)
from bot.engine.views import (
    DrawView,
    PublicView,
    SeatView,
    WinView,
    YakuLine,
)
from bot.engine.yaku.context import WinContext

__all__ = [
    "CallChi",
    "CallKan",
    "CallPon",
    "InazumaRiichi",
    "PocchiTsumo",
    "RonOn",
    "ZunoGame",
    "ZunoPublicView",
    "ZunoSeatView",
    "ZunoSettings",
]

PLAYERS = 4
WIND_NAMES = "東南西北"
PACKET = 4
"""「山から牌を4牌…取る」: one tile per seat per round."""
RIICHI_STICK = 1_000
INAZUMA_STICK = 10_000
KARI_LIMIT = 9_900
"""「残り点数が9900点以下の状況であっても…黒棒（借り一万点棒）」."""
MAX_KANS = 4
"""Four replacement tiles: with no abortive draws a fifth kan simply cannot be made."""


# --- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InazumaRiichi(Riichi):
    """イナズマリーチ: declare riichi with a 10,000 stick (borrowed at 9,900 or less) and lock ``tile``."""

    kind: ClassVar[str] = "zuno_inazuma"


@dataclass(frozen=True, slots=True)
class PocchiTsumo(Tsumo):
    """Tsumo on the ippatsu draw with a wild ポッチ tile standing for ``as_kind``."""

    kind: ClassVar[str] = "zuno_pocchi"
    as_kind: int


@dataclass(frozen=True, slots=True)
class RonOn(Ron):
    """Ron on ``from_seat``'s discard; a seat may take several discards, one action each."""

    kind: ClassVar[str] = "zuno_ron"
    from_seat: int


@dataclass(frozen=True, slots=True)
class CallPon(Pon):
    """ポン on ``from_seat``'s discard of this round with two tiles from the hand."""

    kind: ClassVar[str] = "zuno_pon"
    from_seat: int


@dataclass(frozen=True, slots=True)
class CallChi(Action):
    """チー on the 上家's discard of this round with two tiles from the hand."""

    kind: ClassVar[str] = "zuno_chi"
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class CallKan(Kan):
    """大明槓 on ``from_seat``'s discard with three tiles from the hand, or (``tiles`` empty)
    加槓: that discard added to your own pon."""

    kind: ClassVar[str] = "zuno_kan"
    from_seat: int


# --- views ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ZunoPublicView(PublicView):
    """The table as everyone sees it, with ずーの's round, locks and ledgers."""

    round_number: int = 0
    start_player: int = 0
    packet_holder: int | None = None
    packet_size: int = 0
    locked: tuple[bool, ...] = ()
    """Who has locked in this round's choice (never what they chose)."""
    tsumo_declared: tuple[bool, ...] = ()
    deposits: int = 0
    """Points in riichi and イナズマ sticks on the table."""
    inazuma: tuple[bool, ...] = ()
    borrowed: tuple[bool, ...] = ()
    dice: tuple[int, int] = (0, 0)
    wareme: int | None = None


@dataclass(frozen=True, slots=True)
class ZunoSeatView(SeatView):
    """One seat's view: its hand, the draft packet it holds and its locked discard (kept apart
    from ``hand``, as the tile laid face down in front of the player)."""

    packet: tuple[Tile, ...] = ()
    locked: Tile | None = None
    locked_tsumo: bool = False
    rons_claimed: tuple[int, ...] = ()
    """In the ron phases: the seats whose discard this seat has declared ron on so far."""


# --- state ---------------------------------------------------------------------------------------


@dataclass
class _River:
    tile: int
    round: int
    riichi: bool = False
    called: bool = False
    after_call: bool = False
    """Discarded by a caller in the call phase: it may be ronned, not called."""
    tsumogiri: bool = False


@dataclass
class _Seat:
    concealed: list[int] = field(default_factory=list)
    board: int = 0
    drawn: int | None = None
    rinshan: bool = False
    packet: list[int] = field(default_factory=list)
    river: list[_River] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    lock: Action | None = None
    riichi: bool = False
    riichi_round: int = 0
    riichi_tile: int | None = None
    double_riichi: bool = False
    inazuma: bool = False
    borrowed: bool = False
    stick: int = 0
    paid: bool = False
    ippatsu: bool = False
    cosmo: bool = False
    temporary_furiten: bool = False
    riichi_furiten: bool = False
    called_round: int = 0
    kuikae: tuple[int, ...] = ()


@dataclass(frozen=True)
class _Win:
    winner: int
    from_seat: int | None
    tile: int
    as_kind: int | None
    ctx: WinContext
    score: HandScore


class ZunoGame(VariantGame[ZunoSettings, _Seat]):
    """One game of ずーの: 東風戦 with 和了連荘, from 東1局 to the final standings."""

    settings_class = ZunoSettings
    variant: ClassVar[str] = "zuno"
    aliases: ClassVar[tuple[str, ...]] = ("zuno", "ずーの", "ズーノ", "draft")
    title: ClassVar[str] = "ずーの"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4

    def __init__(self, settings: ZunoSettings | None = None, *, seed: int = 0, players: int = PLAYERS) -> None:
        if players != PLAYERS:
            raise ValueError("ずーの is played by exactly 4 players")
        self.settings = settings or ZunoSettings()
        self.seed = seed
        self.sequence = 0
        self.tileset: TileSet = zuno_tileset()
        self.tiles: tuple[Tile, ...] = self.tileset.tiles
        self.kinds: tuple[int, ...] = tuple(tile.kind for tile in self.tiles)
        self.shapes = ShapeRules(limits=self.tileset.copies(), pairs=SEVEN_PAIRS, kokushi=THIRTEEN_ORPHANS)
        self.scorer = ZunoScorer(self.shapes)
        self.points = [self.settings.start_points] * PLAYERS
        self.chips = [0] * PLAYERS
        self.deposits = 0
        self._points_total = sum(self.points)
        self.history: list[tuple[int, ...]] = [tuple(self.points)]
        self.hand_index = 0
        self.dealer = 0
        self.honba = 0
        self.tobi: list[tuple[int, int | None]] = []
        """(busted, buster); a None buster is the top player at the end (ZUN-A8)."""
        self.failed_loans: list[int] = []
        """Seats whose 借りイナズマ failed: each pays 慰謝料 to the top player at the end."""
        self._outcome: Outcome | None = None
        self.last_result: WinView | DrawView | None = None
        self.last_results: tuple[WinView, ...] = ()
        self._cache: dict[int, tuple[Action, ...]] = {}
        self._views: dict[int, ZunoSeatView | ZunoPublicView] = {}
        self._cache_sequence = -1
        self._start_hand()

    # --- the registry's hooks ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always 4."""
        return PLAYERS

    # --- hand set-up ----------------------------------------------------------------------------

    @property
    def round_label(self) -> str:
        """東1局 … 東4局 (「東風戦」)."""
        return f"東{self.dealer + 1}局"

    def seat_wind(self, seat: int) -> int:
        """The seat's wind this hand."""
        return Kind.EAST + (seat - self.dealer) % PLAYERS

    def _start_hand(self, wall: list[int] | None = None) -> None:
        rng = random.Random(f"zuno:{self.seed}:hand:{self.hand_index}")
        if wall is None:
            wall = list(range(len(self.tiles)))
            rng.shuffle(wall)
        self.salt = f"{rng.getrandbits(64):016x}"
        self.wall_digest = wall_digest(wall, self.salt)
        # 割れ目: the dice come from the hand's own RNG, so a replay rolls the same numbers.
        self.dice: tuple[int, int] = (rng.randint(1, 6), rng.randint(1, 6))
        self.wareme: int | None = wareme_seat(self.dice, self.dealer) if self.settings.wareme else None
        self.seats = [_Seat() for _ in range(PLAYERS)]
        # 「配牌は四家とも、ごく普通に13牌づつ取ります」: the dealer too, since the draft gives everyone's draw.
        for offset in range(PLAYERS):
            seat = self.seats[(self.dealer + offset) % PLAYERS]
            for tile in wall[13 * offset : 13 * offset + 13]:
                self._take(seat, tile)
        dead = wall[-14:]
        # Both stacks are drawn from their end: live[-1] is the next tile, live[0] the 海底 side.
        self.live: list[int] = wall[4 * 13 : -14][::-1]
        self.rinshan_tiles: list[int] = dead[:4][::-1]
        self.dora_stack: list[int] = dead[4:9]
        self.ura_stack: list[int] = dead[9:14]
        self.revealed = 1
        self.filler: list[int] = []
        """Live tiles moved to the dead wall after each kan, so it keeps 14 tiles."""
        self.kans = 0
        self.round = 0
        self.sp = self.dealer
        self.any_call_or_kan = False
        self.phase = "draft"
        self.drafter: int | None = None
        self.tsumo_locks: dict[int, Tsumo] = {}
        self.round_discards: dict[int, int] = {}
        self.ron_options: dict[int, list[int]] = {}
        self.ron_claims: dict[int, list[int]] = {}
        self.ron_done: set[int] = set()
        self.call_options: dict[int, tuple[Action, ...]] = {}
        self.call_claims: dict[int, Action] = {}
        self.call_queue: list[Action] = []
        self.call_seat: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.hand_start_points = tuple(self.points)
        self.hand_start_chips = tuple(self.chips)
        self.pending_events: list[Event] = [
            Event(
                "hand_start",
                {
                    "hand": self.hand_index,
                    "round": self.round_label,
                    "dealer": self.dealer,
                    "honba": self.honba,
                    "deposits": self.deposits,
                    "dice": list(self.dice),
                    "wareme": self.wareme,
                    "wall_sha256": self.wall_digest,
                    "points": list(self.points),
                    "chips": list(self.chips),
                    "dora_indicators": [self.dora_stack[0]],
                },
            )
        ]
        self._start_round()

    def rig(
        self,
        hands: Sequence[str],
        draws: str = "",
        *,
        rinshan: str = "",
        dora: str = "",
        ura: str = "",
        points: Sequence[int] | None = None,
        honba: int | None = None,
        deposits: int | None = None,
        dealer: int | None = None,
        wareme: int | None = None,
    ) -> None:
        """Restart the current hand from chosen tiles (for tests and puzzles).

        ``hands`` are the four seats' 13 tiles in mpsz notation, seat 0 first; ``draws`` are the
        next live tiles in draw order (the first 4 are round 1's packet, in the order offered);
        ``rinshan``, ``dora`` and ``ura`` fill the dead wall (replacement tiles in draw order,
        then indicators: the first is shown at once, the others after each kan). The remaining
        tiles follow in tile-id order. ``wareme`` names the 割れ目 seat (None: nobody).
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
        dead = [[take(face) for face in parse_tiles(text)] for text in (rinshan, dora, ura)]
        for tiles, size in zip(dead, (4, 5, 5), strict=True):
            if len(tiles) > size:
                raise ValueError("the dead wall holds 4 replacement tiles and 5 + 5 indicators")
            while len(tiles) < size:
                tiles.append(free.pop())
        live = drawn + free
        if len(live) != len(self.tiles) - 4 * 13 - 14:
            raise ValueError("too many tiles rigged into the live wall")
        if dealer is not None:
            self.dealer = dealer
        if points is not None:
            self.points = list(points)
        if honba is not None:
            self.honba = honba
        if deposits is not None:
            self.deposits = deposits
        self._points_total = sum(self.points) + self.deposits
        order = [tile for offset in range(PLAYERS) for tile in dealt[(self.dealer + offset) % PLAYERS]]
        self._start_hand(wall=order + live + dead[0] + dead[1] + dead[2])
        self.wareme = wareme
        if wareme is not None:
            total = (wareme - self.dealer) % PLAYERS + 5
            self.dice = (total // 2, total - total // 2)
        self._cache_sequence = -1

    def _draw(self, seat_index: int, tile: int, *, rinshan: bool) -> None:
        seat = self.seats[seat_index]
        self._take(seat, tile)
        seat.drawn = tile
        seat.rinshan = rinshan
        self.pending_events.append(
            Event("draw", {"seat": seat_index, "tile": tile, "rinshan": rinshan}, visible_to=(seat_index,))
        )

    # --- rounds and the draft -------------------------------------------------------------------

    def _start_round(self) -> None:
        if len(self.live) < PACKET:
            # ZUN-A4: a round that cannot be dealt four tiles is not played.
            self._exhaustive_draw()
            return
        self.round += 1
        if self.round > 1:
            # 「次ラウンドに移る際、スタートプレイヤーは下家に移る」, whatever happened in the round.
            self.sp = (self.sp + 1) % PLAYERS
        for seat in self.seats:
            seat.lock = None
        self.tsumo_locks = {}
        self.round_discards = {}
        packet = [self.live.pop() for _ in range(PACKET)]
        self.pending_events.append(
            Event("round_start", {"round": self.round, "start_player": self.sp, "tiles_left": len(self.live)})
        )
        self.phase = "draft"
        self._hand_packet(self.sp, packet)

    def _hand_packet(self, seat_index: int, packet: list[int]) -> None:
        if len(packet) == 1:
            # 「四番手は渡された牌をツモ牌とする」: no choice, so no decision.
            self.pending_events.append(Event("drafted", {"seat": seat_index, "passed": 0}))
            self._draw(seat_index, packet[0], rinshan=False)
            self.drafter = None
            self.phase = "declare"
            self.pending_events.append(Event("declare", {"round": self.round}))
            return
        self.seats[seat_index].packet = packet
        self.drafter = seat_index
        self.pending_events.append(
            Event("draft_packet", {"seat": seat_index, "tiles": list(packet)}, visible_to=(seat_index,))
        )
        self.pending_events.append(Event("draft_turn", {"seat": seat_index, "size": len(packet)}))

    def _pick(self, action: Pick) -> None:
        seat = self.seats[action.seat]
        rest = [tile for tile in seat.packet if tile != action.tile]
        seat.packet = []
        self._draw(action.seat, action.tile, rinshan=False)
        # 「残りを二番手（下家）に渡す」: face down, so only the count is public.
        self.pending_events.append(Event("drafted", {"seat": action.seat, "passed": len(rest)}))
        self._hand_packet((action.seat + 1) % PLAYERS, rest)

    # --- decisions ------------------------------------------------------------------------------

    def decisions(self) -> tuple[Decision, ...]:
        """Who must act now. In ``declare`` a seat that has locked in is not listed (it may still
        change its choice through :meth:`legal_actions`)."""
        if self._outcome is not None:
            return ()
        if self.phase == "draft" and self.drafter is not None:
            actions = self.legal_actions(self.drafter)
            return (Decision(self.drafter, actions, actions[0]),)
        if self.phase == "declare":
            found = []
            for seat_index in range(PLAYERS):
                if self.seats[seat_index].lock is None:
                    actions = self.legal_actions(seat_index)
                    found.append(Decision(seat_index, actions, self._declare_default(seat_index, actions)))
            return tuple(found)
        if self.phase in ("ron", "call_ron"):
            return tuple(
                Decision(seat, self.legal_actions(seat), Pass(seat))
                for seat in sorted(self.ron_options)
                if seat not in self.ron_done
            )
        if self.phase == "call":
            return tuple(
                Decision(seat, self.legal_actions(seat), Pass(seat))
                for seat in sorted(self.call_options)
                if seat not in self.call_claims
            )
        if self.phase == "call_discard" and self.call_seat is not None:
            actions = self.legal_actions(self.call_seat)
            return (Decision(self.call_seat, actions, self._call_default(self.call_seat, actions)),)
        return ()

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now (a locked-in seat: what it may change its lock to)."""
        self._fresh_cache()
        if seat not in self._cache:
            self._cache[seat] = self._actions(seat)
        return self._cache[seat]

    def _fresh_cache(self) -> None:
        # Views and options are asked for many times between two actions (every seat's panel,
        # the CPU, the simulator's checks); the state only changes in apply() and rig().
        if self._cache_sequence != self.sequence:
            self._cache = {}
            self._views = {}
            self._cache_sequence = self.sequence

    def locked_in(self, seat: int) -> bool:
        """Whether the seat has locked in this round's discard or tsumo."""
        return self.phase == "declare" and self.seats[seat].lock is not None

    def _actions(self, seat_index: int) -> tuple[Action, ...]:
        if self._outcome is not None:
            return ()
        if self.phase == "draft":
            if seat_index != self.drafter:
                return ()
            packet = self.seats[seat_index].packet
            return tuple(Pick(seat_index, tile) for tile in self._distinct_faces(packet, keep_order=True))
        if self.phase == "declare":
            lock = self.seats[seat_index].lock
            return tuple(action for action in self._declare_actions(seat_index) if action != lock)
        if self.phase in ("ron", "call_ron"):
            if seat_index not in self.ron_options or seat_index in self.ron_done:
                return ()
            claimed = self.ron_claims.get(seat_index, [])
            options: list[Action] = [
                RonOn(seat_index, other) for other in self.ron_options[seat_index] if other not in claimed
            ]
            return (*options, Pass(seat_index))
        if self.phase == "call":
            if seat_index in self.call_claims:
                return ()
            return self.call_options.get(seat_index, ())
        if self.phase == "call_discard" and seat_index == self.call_seat:
            return self._call_turn_actions(seat_index)
        return ()

    def _distinct_faces(
        self, tiles: Iterable[int], *, prefer: Iterable[int] = (), keep_order: bool = False
    ) -> list[int]:
        """One tile id per distinct face (kind + red), preferring the ids in ``prefer``."""
        tiles = list(tiles)
        chosen: dict[Tile, int] = {}
        for tile in prefer:
            if tile in tiles:
                chosen.setdefault(self.tiles[tile], tile)
        for tile in tiles if keep_order else sorted(tiles, key=self._sort_key):
            chosen.setdefault(self.tiles[tile], tile)
        if keep_order:
            return [tile for tile in tiles if chosen[self.tiles[tile]] == tile]
        return sorted(chosen.values(), key=self._sort_key)

    def _declare_default(self, seat_index: int, actions: Sequence[Action]) -> Action:
        # ZUN-A1: a seat that does not answer discards the tile it drafted (or drew from the dead wall).
        drawn = self.seats[seat_index].drawn
        if drawn is not None and Discard(seat_index, drawn) in actions:
            return Discard(seat_index, drawn)
        return next(action for action in actions if isinstance(action, Discard))

    def _call_default(self, seat_index: int, actions: Sequence[Action]) -> Action:
        drawn = self.seats[seat_index].drawn
        if drawn is not None and Discard(seat_index, drawn) in actions:
            return Discard(seat_index, drawn)
        return [action for action in actions if isinstance(action, Discard)][-1]

    def _declare_actions(self, seat_index: int) -> list[Action]:
        """Everything the seat may lock in or declare in the riichi/ankan phase."""
        seat = self.seats[seat_index]
        actions: list[Action] = []
        if seat.riichi and seat.riichi_round < self.round:
            # After riichi the drafted tile goes out unless it wins or makes a kan that keeps the waits.
            actions += self._tsumo_options(seat_index)
            if seat.drawn is not None:
                actions.append(Discard(seat_index, seat.drawn))
            actions += self._riichi_kans(seat_index)
            return actions
        prefer = [seat.lock.tile] if isinstance(seat.lock, Discard) else []
        prefer += [seat.drawn] if seat.drawn is not None else []
        faces = self._distinct_faces(seat.concealed, prefer=prefer)
        if seat.riichi:
            # Declared this round: the discard locked in must leave the hand tenpai (baseline B6).
            actions += [Discard(seat_index, tile) for tile in faces if self._keeps_tenpai(seat.board, tile)]
            actions += self._kan_options(seat_index, declared=True)
            return actions
        actions += self._tsumo_options(seat_index)
        actions += [Discard(seat_index, tile) for tile in faces]
        if not any(meld.is_open for meld in seat.melds) and len(self.live) >= PACKET:
            ready = [tile for tile in faces if self._keeps_tenpai(seat.board, tile)]
            points = self.points[seat_index]
            if points >= RIICHI_STICK:
                actions += [Riichi(seat_index, tile) for tile in ready]
            if self.settings.inazuma and (
                points >= INAZUMA_STICK or (self.settings.kari_inazuma and points <= KARI_LIMIT)
            ):
                actions += [InazumaRiichi(seat_index, tile) for tile in ready]
        actions += self._kan_options(seat_index, declared=False)
        return actions

    def _keeps_tenpai(self, board: int, tile: int) -> bool:
        rest = board - (1 << (4 * self.kinds[tile]))
        # Shanten first: it is cheap, and most discards are not tenpai at all.
        return self.shapes.shanten(rest) == 0 and self.shapes.is_tenpai(rest, formal=False)

    def _kans_possible(self) -> bool:
        # No kan in the last round: like the baseline's "no kan off the last tile".
        return self.kans < MAX_KANS and len(self.live) >= PACKET

    def _kan_options(self, seat_index: int, *, declared: bool) -> list[Action]:
        if not self._kans_possible():
            return []
        seat = self.seats[seat_index]
        options: list[Action] = []
        for kind in sorted({self.kinds[tile] for tile in seat.concealed}):
            if count_of(seat.board, kind) != 4:
                continue
            rest = seat.board - (4 << (4 * kind))
            # Just declared riichi: the kan must leave some discard that keeps the hand tenpai.
            if declared and not any(
                count_of(rest, other) and self.shapes.is_tenpai(rest - (1 << (4 * other)), formal=False)
                for other in range(34)
            ):
                continue
            tiles = tuple(sorted((t for t in seat.concealed if self.kinds[t] == kind), key=self._sort_key))
            options.append(Kan(seat_index, tiles))
        if not declared and self.settings.own_kakan:
            # ZUN-A2: adding your own tile to your pon, at the same time as an ankan.
            for meld in seat.melds:
                if meld.type is MeldType.PON:
                    for tile in self._distinct_faces(t for t in seat.concealed if self.kinds[t] == meld.kind):
                        options.append(Kan(seat_index, (tile,)))
        return options

    def _riichi_kans(self, seat_index: int) -> list[Action]:
        """A riichi hand's ankan: only with the tile just drawn, and only if the waits stay the same."""
        seat = self.seats[seat_index]
        if not self._kans_possible() or seat.drawn is None:
            return []
        kind = self.kinds[seat.drawn]
        if count_of(seat.board, kind) != 4:
            return []
        before = self.shapes.waits(seat.board - (1 << (4 * kind)))
        after = self.shapes.waits(seat.board - (4 << (4 * kind)))
        if before != after:
            return []
        tiles = tuple(sorted((t for t in seat.concealed if self.kinds[t] == kind), key=self._sort_key))
        return [Kan(seat_index, tiles)]

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
        drawn_kind = self.kinds[seat.drawn]
        if drawn_kind in self._pocchi_kinds(seat_index):
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

    def _call_turn_actions(self, seat_index: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        actions: list[Action] = []
        winning = seat.rinshan and seat.drawn is not None and self.shapes.is_agari(seat.board)
        if winning and self._tsumo_score(seat_index) is not None:
            # 「嶺上ツモも当然できる」.
            actions.append(Tsumo(seat_index))
        prefer = [seat.drawn] if seat.drawn is not None else []
        allowed = [t for t in seat.concealed if self.kinds[t] not in seat.kuikae]
        actions += [Discard(seat_index, tile) for tile in self._distinct_faces(allowed, prefer=prefer)]
        if seat.rinshan:
            actions += self._kan_options(seat_index, declared=False)
        return tuple(actions)

    # --- applying actions -----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one seat's choice and return what happened."""
        if self._outcome is not None:
            raise NotYourTurnError("the game is over")
        legal = self.legal_actions(action.seat)
        if not legal:
            raise NotYourTurnError("it is not your turn to act")
        if action not in legal:
            raise IllegalActionError(f"{type(action).__name__} is not allowed now")
        self.pending_events = []
        if self.phase == "draft" and isinstance(action, Pick):
            self._pick(action)
        elif self.phase == "declare":
            self._declare(action)
        elif self.phase in ("ron", "call_ron"):
            self._answer_ron(action)
        elif self.phase == "call":
            self._claim(action)
        elif self.phase == "call_discard":
            self._call_turn(action)
        self.sequence += 1
        events, self.pending_events = self.pending_events, []
        return events

    def _declare(self, action: Action) -> None:
        seat_index = action.seat
        seat = self.seats[seat_index]
        if isinstance(action, Kan):
            seat.lock = None
            self._concealed_kan(seat_index, action.tiles)
            self._check_locks()
            return
        if isinstance(action, Riichi):
            self._declare_riichi(seat_index, inazuma=isinstance(action, InazumaRiichi))
            action = Discard(seat_index, action.tile)
        changed = seat.lock is not None
        seat.lock = action
        detail: dict[str, Any] = {"seat": seat_index, "tsumo": isinstance(action, Tsumo)}
        if isinstance(action, Discard):
            detail["tile"] = action.tile
        if isinstance(action, PocchiTsumo):
            detail["as_kind"] = action.as_kind
        self.pending_events.append(Event("lock", detail, visible_to=(seat_index,)))
        self.pending_events.append(Event("locked", {"seat": seat_index, "changed": changed}))
        if all(other.lock is not None for other in self.seats):
            self._reveal()

    def _declare_riichi(self, seat_index: int, *, inazuma: bool) -> None:
        seat = self.seats[seat_index]
        seat.riichi = True
        seat.riichi_round = self.round
        seat.inazuma = inazuma
        seat.borrowed = inazuma and self.points[seat_index] < INAZUMA_STICK
        seat.stick = INAZUMA_STICK if inazuma else RIICHI_STICK
        seat.double_riichi = self.settings.double_riichi and self.round == 1 and not self.any_call_or_kan
        seat.ippatsu = True
        # 「宣言発生のみを行う」 and public at once; it can never be withdrawn.
        self.pending_events.append(
            Event(
                "riichi",
                {"seat": seat_index, "inazuma": inazuma, "borrowed": seat.borrowed, "double": seat.double_riichi},
            )
        )

    def _check_locks(self) -> None:
        """A kan can take away another seat's locked choice (it ends ippatsu, so a ポッチ tsumo);
        such a lock is dropped and that seat must lock in again."""
        for index, seat in enumerate(self.seats):
            if seat.lock is not None and seat.lock not in self._declare_actions(index):
                seat.lock = None
                self.pending_events.append(Event("lock_cleared", {"seat": index}, visible_to=(index,)))
                self.pending_events.append(Event("unlocked", {"seat": index}))

    def _kill_ippatsu(self) -> None:
        for seat in self.seats:
            seat.ippatsu = False

    def _concealed_kan(self, seat_index: int, tiles: tuple[int, ...]) -> None:
        seat = self.seats[seat_index]
        kind = self.kinds[tiles[0]]
        if len(tiles) == 4:
            for tile in tiles:
                self._give(seat, tile)
            meld = Meld(MeldType.ANKAN, kind, tiles=tiles)
            seat.melds.append(meld)
        else:
            self._give(seat, tiles[0])
            index = next(i for i, m in enumerate(seat.melds) if m.type is MeldType.PON and m.kind == kind)
            pon = seat.melds[index]
            meld = Meld(MeldType.KAKAN, kind, tiles=(*pon.tiles, tiles[0]), called=pon.called, from_seat=pon.from_seat)
            seat.melds[index] = meld
        self.pending_events.append(
            Event("kan", {"seat": seat_index, "type": meld.type.value, "tiles": list(meld.tiles), "from": None})
        )
        self._after_kan(seat_index)

    def _after_kan(self, seat_index: int) -> None:
        self.kans += 1
        self.any_call_or_kan = True
        self._kill_ippatsu()
        # 「新ドラ表示牌は即めくり」 (ドラフト麻雀), then the replacement tile.
        self.revealed += 1
        self.pending_events.append(Event("dora", {"indicator": self.dora_stack[self.revealed - 1]}))
        tile = self.rinshan_tiles.pop()
        self.filler.append(self.live.pop(0))
        self._draw(seat_index, tile, rinshan=True)
        self.pending_events.append(Event("drew", {"seat": seat_index, "rinshan": True, "tiles_left": len(self.live)}))

    # --- the simultaneous discard and ron -------------------------------------------------------

    def _order(self) -> list[int]:
        """Seats from the start player on."""
        return [(self.sp + offset) % PLAYERS for offset in range(PLAYERS)]

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
            seat.river.append(_River(tile, self.round, riichi=declaring, tsumogiri=tsumogiri))
            seat.temporary_furiten = False
            self.round_discards[seat_index] = len(seat.river) - 1
            self.last_discard = (seat_index, len(seat.river) - 1)
            if declaring:
                seat.riichi_tile = tile
                seat.cosmo = self.kinds[tile] == Kind.P1
                # The stick goes out with the declaration tile; a borrowed one may take the score below 0.
                self.points[seat_index] -= seat.stick
                self.deposits += seat.stick
                seat.paid = True
            shown.append([seat_index, tile, declaring])
            self.pending_events.append(
                Event(
                    "discard",
                    {"seat": seat_index, "tile": tile, "riichi": declaring, "tsumogiri": tsumogiri, "phase": "S"},
                )
            )
        self.pending_events.append(Event("reveal", {"discards": shown, "tsumo": sorted(self.tsumo_locks)}))
        self.phase = "ron"
        self._open_rons(list(self.round_discards), phase_s=True)

    def _open_rons(self, discarders: Sequence[int], *, phase_s: bool) -> None:
        self.ron_options = {}
        self.ron_claims = {}
        self.ron_done = set()
        for seat_index in range(PLAYERS):
            options = []
            for other in discarders:
                if other == seat_index:
                    continue
                tile = self.seats[other].river[-1].tile
                status = self._ron_status(seat_index, tile, phase_s=phase_s)
                if status == "ron":
                    options.append(other)
                elif status == "missed":
                    self._note_missed_win(seat_index)
            if options:
                self.ron_options[seat_index] = options
                self.ron_claims[seat_index] = []
        if not self.ron_options:
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
        seat_index = action.seat
        if isinstance(action, RonOn):
            self.ron_claims[seat_index].append(action.from_seat)
            self.pending_events.append(Event("ron", {"seat": seat_index, "from": action.from_seat}))
            if len(self.ron_claims[seat_index]) == len(self.ron_options[seat_index]):
                self.ron_done.add(seat_index)
        else:
            self.ron_done.add(seat_index)
            if len(self.ron_claims[seat_index]) < len(self.ron_options[seat_index]):
                self._note_missed_win(seat_index)
        if self.ron_done >= set(self.ron_options):
            self._resolve_rons()

    def _resolve_rons(self) -> None:
        phase_s = self.phase == "ron"
        wins = [self._tsumo_win(seat, lock) for seat, lock in sorted(self.tsumo_locks.items())] if phase_s else []
        for seat_index, discarders in sorted(self.ron_claims.items()):
            for discarder in discarders:
                wins.append(self._ron_win(seat_index, discarder, phase_s=phase_s))
        self.ron_options = {}
        self.ron_claims = {}
        self.ron_done = set()
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
        if len(self.live) < PACKET:
            # The last round: its discards cannot be called, and the hand is drawn.
            self._exhaustive_draw()
            return
        self._open_calls()

    # --- the call phase -------------------------------------------------------------------------

    def _open_calls(self) -> None:
        self.phase = "call"
        self.call_options = {}
        self.call_claims = {}
        for seat_index in self._order():
            options = self._call_options(seat_index)
            if options:
                self.call_options[seat_index] = (*options, Pass(seat_index))
        if not self.call_options:
            self._start_round()

    def _call_options(self, seat_index: int) -> list[Action]:
        seat = self.seats[seat_index]
        if seat.riichi:
            return []
        options: list[Action] = []
        for other in self._order():
            if other == seat_index or other not in self.round_discards:
                continue
            tile = self.seats[other].river[self.round_discards[other]].tile
            kind = self.kinds[tile]
            held = [t for t in seat.concealed if self.kinds[t] == kind]
            if self.kans < MAX_KANS:
                if len(held) == 3:
                    options.append(CallKan(seat_index, tuple(sorted(held, key=self._sort_key)), other))
                if any(m.type is MeldType.PON and m.kind == kind for m in seat.melds):
                    options.append(CallKan(seat_index, (), other))
            if len(held) >= 2:
                for pair in self._face_pairs(held):
                    if self._can_discard_after(seat, pair, (kind,)):
                        options.append(CallPon(seat_index, pair, other))
            if other == (seat_index - 1) % PLAYERS and kind < 27:
                options += self._chi_options(seat_index, tile)
        return options

    def _face_pairs(self, tiles: Sequence[int]) -> list[tuple[int, int]]:
        """Pairs of tiles, one per distinct pair of faces (a red five makes its own pair)."""
        pairs: dict[tuple[Tile, Tile], tuple[int, int]] = {}
        ordered = sorted(tiles, key=self._sort_key)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                pairs.setdefault((self.tiles[a], self.tiles[b]), (a, b))
        return list(pairs.values())

    def _chi_options(self, seat_index: int, tile: int) -> list[Action]:
        seat = self.seats[seat_index]
        kind = self.kinds[tile]
        rank = kind % 9
        options: list[Action] = []
        for low in (kind - 2, kind - 1, kind):
            if low < kind - rank or low + 2 > kind - rank + 8:
                continue
            needed = [k for k in (low, low + 1, low + 2) if k != kind]
            first = self._distinct_faces(t for t in seat.concealed if self.kinds[t] == needed[0])
            second = self._distinct_faces(t for t in seat.concealed if self.kinds[t] == needed[1])
            # Kuikae: neither the called kind nor the tile at the other end of the run may follow.
            barred = [kind]
            if low == kind and kind % 9 <= 5:
                barred.append(kind + 3)
            if low == kind - 2 and kind % 9 >= 3:
                barred.append(kind - 3)
            for a in first:
                for b in second:
                    if self._can_discard_after(seat, (a, b), tuple(barred)):
                        options.append(CallChi(seat_index, (a, b)))
        return options

    def _can_discard_after(self, seat: _Seat, used: Sequence[int], barred: tuple[int, ...]) -> bool:
        return any(t not in used and self.kinds[t] not in barred for t in seat.concealed)

    def _claim(self, action: Action) -> None:
        self.call_claims[action.seat] = action
        # Claims are made together, so nobody sees another's until they are settled.
        self.pending_events.append(
            Event("claim", {"seat": action.seat, "type": action.kind}, visible_to=(action.seat,))
        )
        self.pending_events.append(Event("claimed", {"seat": action.seat}))
        if set(self.call_claims) >= set(self.call_options):
            self._resolve_calls()

    @staticmethod
    def _call_rank(action: Action) -> int:
        """「大明槓→加槓→ポン→チーの順に処理する」."""
        if isinstance(action, CallKan):
            return 0 if action.tiles else 1
        return 2 if isinstance(action, CallPon) else 3

    def _call_target(self, action: Action) -> int:
        if isinstance(action, CallKan | CallPon):
            return action.from_seat
        return (action.seat - 1) % PLAYERS

    def _resolve_calls(self) -> None:
        claims = sorted(
            (action for action in self.call_claims.values() if not isinstance(action, Pass)),
            key=lambda a: (self._call_rank(a), (a.seat - self.sp) % PLAYERS),
        )
        taken: set[int] = set()
        kans = self.kans
        queue: list[Action] = []
        failed: list[int] = []
        for action in claims:
            target = self._call_target(action)
            is_kan = isinstance(action, CallKan)
            # 「１ラウンドの副露フェイズで実行可能な副露は【1回まで】」 (ZUN-A3).
            limit = not self.settings.one_call_each and bool(queue)
            if target in taken or limit or (is_kan and kans >= MAX_KANS):
                failed.append(action.seat)
                continue
            taken.add(target)
            kans += is_kan
            queue.append(action)
        self.pending_events.append(
            Event(
                "calls",
                {
                    "accepted": [[a.seat, a.kind, self._call_target(a)] for a in queue],
                    "failed": failed,
                },
            )
        )
        self.call_options = {}
        self.call_claims = {}
        self.call_queue = queue
        self._next_call()

    def _next_call(self) -> None:
        if not self.call_queue:
            self.call_seat = None
            # 「副露フェイズが終了したら次のラウンドへ」.
            self._start_round()
            return
        action = self.call_queue.pop(0)
        seat_index = action.seat
        seat = self.seats[seat_index]
        target = self._call_target(action)
        entry = self.seats[target].river[self.round_discards[target]]
        entry.called = True
        tile = entry.tile
        kind = self.kinds[tile]
        seat.called_round = self.round
        self.any_call_or_kan = True
        self._kill_ippatsu()
        self.call_seat = seat_index
        self.phase = "call_discard"
        if isinstance(action, CallKan):
            if action.tiles:
                for t in action.tiles:
                    self._give(seat, t)
                meld = Meld(MeldType.MINKAN, kind, tiles=(*action.tiles, tile), called=tile, from_seat=target)
                seat.melds.append(meld)
            else:
                index = next(i for i, m in enumerate(seat.melds) if m.type is MeldType.PON and m.kind == kind)
                pon = seat.melds[index]
                meld = Meld(MeldType.KAKAN, kind, tiles=(*pon.tiles, tile), called=pon.called, from_seat=pon.from_seat)
                seat.melds[index] = meld
            self.pending_events.append(self._call_event(seat_index, meld, target, tile))
            self._after_kan(seat_index)
            return
        pair = action.tiles if isinstance(action, CallPon | CallChi) else ()
        for t in pair:
            self._give(seat, t)
        if isinstance(action, CallPon):
            meld = Meld(MeldType.PON, kind, tiles=(*pair, tile), called=tile, from_seat=target)
            seat.kuikae = (kind,)
        else:
            kinds = sorted([kind, *(self.kinds[t] for t in pair)])
            meld = Meld(MeldType.CHI, kinds[0], tiles=(*pair, tile), called=tile, from_seat=target)
            barred = [kind]
            if kinds[0] == kind and kind % 9 <= 5:
                barred.append(kind + 3)
            if kinds[2] == kind and kind % 9 >= 3:
                barred.append(kind - 3)
            seat.kuikae = tuple(barred)
        seat.melds.append(meld)
        seat.drawn = None
        seat.rinshan = False
        self.pending_events.append(self._call_event(seat_index, meld, target, tile))

    def _call_event(self, seat_index: int, meld: Meld, target: int, tile: int) -> Event:
        return Event(
            "call",
            {"seat": seat_index, "type": meld.type.value, "from": target, "tiles": list(meld.tiles), "called": tile},
        )

    def _call_turn(self, action: Action) -> None:
        """「副露者は捨て牌まで実行する」: the caller discards (or wins on its replacement tile)."""
        seat_index = action.seat
        seat = self.seats[seat_index]
        if isinstance(action, Tsumo):
            self._settle([self._tsumo_win(seat_index, action)])
            return
        if isinstance(action, Kan):
            self._concealed_kan(seat_index, action.tiles)
            return
        assert isinstance(action, Discard)
        tile = action.tile
        tsumogiri = tile == seat.drawn
        self._give(seat, tile)
        seat.drawn = None
        seat.rinshan = False
        seat.kuikae = ()
        seat.river.append(_River(tile, self.round, after_call=True, tsumogiri=tsumogiri))
        self.last_discard = (seat_index, len(seat.river) - 1)
        self.pending_events.append(
            Event("discard", {"seat": seat_index, "tile": tile, "riichi": False, "tsumogiri": tsumogiri, "phase": "C"})
        )
        # 「この副露者が行った捨て牌に対しても、ロン宣言は当然できる」.
        self.phase = "call_ron"
        self._open_rons([seat_index], phase_s=False)

    # --- winning ----------------------------------------------------------------------------------

    def _context(
        self,
        seat_index: int,
        board: int,
        win_kind: int,
        tiles: Sequence[int],
        *,
        tsumo: bool,
        phase_s: bool = True,
    ) -> WinContext:
        seat = self.seats[seat_index]
        last_round = len(self.live) < PACKET
        zerohatsu = (
            not tsumo
            and phase_s
            and self.settings.zerohatsu
            and seat.riichi
            and seat.ippatsu
            and seat.riichi_round == self.round
        )
        first = tsumo and self.settings.tenhou and self.round == 1 and not self.any_call_or_kan
        every = [*tiles, *(t for meld in seat.melds for t in meld.tiles)]
        return WinContext(
            concealed=board,
            win_tile=win_kind,
            melds=tuple(seat.melds),
            tsumo=tsumo,
            seat_wind=self.seat_wind(seat_index),
            round_wind=Kind.EAST,
            dealer=seat_index == self.dealer,
            riichi=seat.riichi,
            double_riichi=seat.double_riichi,
            ippatsu=seat.riichi and seat.ippatsu and phase_s and not zerohatsu,
            haitei=tsumo and last_round and not seat.rinshan,
            houtei=not tsumo and phase_s and last_round,
            rinshan=tsumo and seat.rinshan,
            tenhou=first and seat_index == self.dealer,
            chiihou=first and seat_index != self.dealer,
            dora_indicators=tuple(self.kinds[t] for t in self.dora_stack[: self.revealed]),
            ura_indicators=tuple(self.kinds[t] for t in self.ura_stack[: self.revealed]),
            red_dora=sum(self.tiles[t].red for t in every),
            flags=frozenset({ZERO_HATSU}) if zerohatsu else frozenset(),
        )

    def _tsumo_context(self, seat_index: int, as_kind: int | None = None) -> WinContext:
        seat = self.seats[seat_index]
        assert seat.drawn is not None
        board = seat.board
        win_kind = self.kinds[seat.drawn]
        if as_kind is not None:
            board = add_tile(board - (1 << (4 * win_kind)), as_kind)
            win_kind = as_kind
        return self._context(seat_index, board, win_kind, seat.concealed, tsumo=True)

    def _tsumo_score(self, seat_index: int, as_kind: int | None = None) -> HandScore | None:
        return self.scorer.score(self._tsumo_context(seat_index, as_kind))

    def _ron_context(self, seat_index: int, tile: int, *, phase_s: bool) -> WinContext:
        board, tiles = self._ron_board(seat_index)
        kind = self.kinds[tile]
        return self._context(seat_index, add_tile(board, kind), kind, [*tiles, tile], tsumo=False, phase_s=phase_s)

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
            index = len(discarder.river) - 1 if self.phase == "call_ron" else self.round_discards[win.from_seat]
            entry = discarder.river[index]
            if entry.riichi and discarder.paid:
                # Baseline B6: a ronned declaration tile means the stick was never paid.
                self.points[win.from_seat] += discarder.stick
                self.deposits -= discarder.stick
                discarder.paid = False
                discarder.borrowed = False
        first = wins[0].winner
        busted: set[int] = {seat for seat, _ in self.tobi}
        views: list[WinView] = []
        summaries: list[dict[str, Any]] = []
        for number, win in enumerate(wins):
            point_changes, chip_changes = self._win_transfers(win, first=number == 0)
            if number == 0 and self.deposits:
                # 「供託・積み棒はスタートプレイヤーから順に優先権」.
                point_changes[first] += self.deposits
                self.deposits = 0
            for seat in range(PLAYERS):
                self.points[seat] += point_changes[seat]
                self.chips[seat] += chip_changes[seat]
            for seat in range(PLAYERS):
                exempt = self.seats[seat].borrowed and self.seats[seat].paid
                if seat not in busted and self.points[seat] < 0 and not exempt:
                    busted.add(seat)
                    self.tobi.append((seat, win.winner))
            view = self._win_view(win, point_changes, chip_changes)
            views.append(view)
            summaries.append(self._win_summary(win, view))
            self.pending_events.append(Event("agari", summaries[-1]))
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
        self.last_results = tuple(views)
        self.last_result = views[0]
        changes = [self.points[s] - self.hand_start_points[s] for s in range(PLAYERS)]
        chip_totals = [self.chips[s] - self.hand_start_chips[s] for s in range(PLAYERS)]
        self.pending_events.append(
            Event(
                "win",
                {
                    "winner": first,
                    "from": wins[0].from_seat,
                    "han": wins[0].score.han,
                    "points": views[0].points,
                    "yaku": summaries[0]["yaku"],
                    "changes": changes,
                    "chip_changes": chip_totals,
                    "wins": summaries,
                    "tobi": [list(entry) for entry in self.tobi],
                },
            )
        )
        self._end_hand(dealer_won=self.dealer in winners, drawn=False)

    def _win_transfers(self, win: _Win, *, first: bool) -> tuple[list[int], list[int]]:
        """Points and chips of one win: the hand ×2 for イナズマ, every transfer of the 割れ目
        player ×2, and 一枚場 (honba chips) on the first winner's first settlement."""
        settings = self.settings
        winner = win.winner
        seat = self.seats[winner]
        inazuma = seat.riichi and seat.inazuma
        payment = win.score.payment
        chips_each = win_chips(win.ctx, settings).total
        honba_chips = settings.honba_chips * self.honba if first else 0
        payers = [win.from_seat] if win.from_seat is not None else [(winner + o) % PLAYERS for o in range(1, PLAYERS)]
        points = [0] * PLAYERS
        chips = [0] * PLAYERS
        for number, payer in enumerate(payers):
            if win.from_seat is not None:
                base = payment.ron
            elif payer == self.dealer:
                base = payment.tsumo_dealer
            else:
                base = payment.tsumo_non_dealer
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
        self.pending_events.append(Event("kari_inazuma_failed", {"seat": seat_index, "buster": buster}))

    def _win_view(self, win: _Win, point_changes: list[int], chip_changes: list[int]) -> WinView:
        seat = self.seats[win.winner]
        hand = self._ron_board(win.winner)[1] if win.from_seat is not None else seat.concealed
        hand = [t for t in hand if win.from_seat is not None or t != win.tile]
        yaku = [YakuLine(hit.name, hit.en, hit.han, hit.yakuman) for hit in win.score.yaku]
        if win.as_kind is not None:
            detail = f"{self.tiles[win.tile]}→{_kind_text(win.as_kind)}"
            yaku.append(YakuLine("ポッチ", "Pocchi (wild tile)", 0, detail=detail))
        return WinView(
            variant=self.variant,
            round_label=self.round_label,
            winner=win.winner,
            from_seat=win.from_seat,
            hand=tuple(self.tiles[t] for t in sorted(hand, key=self._sort_key)),
            win_tile=self.tiles[win.tile],
            melds=tuple(self._meld_view(meld) for meld in seat.melds),
            yaku=tuple(yaku),
            han=win.score.han,
            fu=win.score.fu,
            points=point_changes[win.winner],
            point_changes=tuple(point_changes),
            chip_changes=tuple(chip_changes),
            dora_indicators=tuple(self.tiles[t] for t in self.dora_stack[: self.revealed]),
            ura_indicators=tuple(self.tiles[t] for t in self.ura_stack[: self.revealed]) if seat.riichi else (),
            limit_name=win.score.limit,
        )

    def _win_summary(self, win: _Win, view: WinView) -> dict[str, Any]:
        chips = win_chips(win.ctx, self.settings)
        seat = self.seats[win.winner]
        return {
            "winner": win.winner,
            "from": win.from_seat,
            "tile": win.tile,
            "as_kind": win.as_kind,
            "hand": sorted(self._ron_board(win.winner)[1] if win.from_seat is not None else seat.concealed),
            "han": win.score.han,
            "fu": win.score.fu,
            "yakuman": win.score.yakuman,
            "limit": win.score.limit,
            "yaku": [[y.name, y.han, y.yakuman] for y in win.score.yaku],
            "chips": chips.to_json(),
            "inazuma": seat.inazuma and seat.riichi,
            "wareme": self.wareme,
            "points": view.points,
            "point_changes": list(view.point_changes),
            "chip_changes": list(view.chip_changes),
        }

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
        for seat in range(PLAYERS):
            self.chips[seat] += chip_changes[seat]
        for seat_index, state in enumerate(self.seats):
            if state.borrowed and state.paid:
                self._fail_loan(seat_index, buster=None)
        hands = [
            sorted(seat.concealed, key=self._sort_key) if tenpai[index] else None
            for index, seat in enumerate(self.seats)
        ]
        changes = [self.points[s] - self.hand_start_points[s] for s in range(PLAYERS)]
        self.last_results = ()
        self.last_result = DrawView(
            variant=self.variant,
            round_label=self.round_label,
            tenpai=tuple(tenpai),
            hands=tuple(None if h is None else tuple(self.tiles[t] for t in h) for h in hands),
            melds=tuple(tuple(self._meld_view(m) for m in seat.melds) for seat in self.seats),
            point_changes=tuple(changes),
            chip_changes=tuple(chip_changes),
        )
        self.pending_events.append(
            Event(
                "exhaustive_draw",
                {"tenpai": tenpai, "hands": hands, "changes": changes, "chip_changes": chip_changes},
            )
        )
        self._end_hand(dealer_won=False, drawn=True)

    def _end_hand(self, *, dealer_won: bool, drawn: bool) -> None:
        self.pending_events.append(
            Event("wall_revealed", {"hand": self.hand_index, "salt": self.salt, "wall_sha256": self.wall_digest})
        )
        self.history.append(tuple(self.points))
        self.hand_index += 1
        self.phase = "ended"
        self.drafter = None
        self.call_seat = None
        # Honba: +1 when the dealer wins or on a draw, back to 0 when only others win.
        self.honba = self.honba + 1 if dealer_won or drawn else 0
        placements = placements_by_points(self.points, first_dealer=0)
        if self.tobi:
            self._end_game("トビ")
            return
        last = self.dealer == PLAYERS - 1
        if last and not dealer_won:
            self._end_game("終局")
            return
        if last and self.settings.agari_yame and placements[self.dealer] == 1:
            self._end_game("和了止め")
            return
        if not dealer_won:
            # 「東風戦（和了連荘制）」: the dealer keeps the seat only by winning.
            self.dealer += 1
        events = self.pending_events
        self._start_hand()
        self.pending_events = events + self.pending_events

    def _end_game(self, reason: str) -> None:
        placements = placements_by_points(self.points, first_dealer=0)
        if self.deposits:
            # Unclaimed sticks go to the top player [baseline].
            self.points[placements.index(1)] += self.deposits
            self.deposits = 0
            placements = placements_by_points(self.points, first_dealer=0)
        by_place = sorted(range(PLAYERS), key=lambda seat: placements[seat])
        tobi = [(seat, by_place[0] if buster is None else buster) for seat, buster in self.tobi]
        tobi = [(seat, by_place[1] if seat == buster else buster) for seat, buster in tobi]
        penalties = [(seat, by_place[1] if seat == by_place[0] else by_place[0]) for seat in self.failed_loans]
        scores = final_scores(self.points, placements, self.settings, tobi=tobi, penalties=penalties)
        self._outcome = Outcome(
            points=tuple(self.points),
            placements=placements,
            final_scores=scores,
            hands_played=self.hand_index,
            reason=reason,
        )
        self.pending_events.append(
            Event(
                "game_end",
                {
                    "points": list(self.points),
                    "chips": list(self.chips),
                    "placements": list(placements),
                    "final_scores": list(scores),
                    "tobi": [list(entry) for entry in tobi],
                    "penalties": [list(entry) for entry in penalties],
                    "reason": reason,
                },
            )
        )

    # --- views ----------------------------------------------------------------------------------

    def public_view(self) -> ZunoPublicView:
        """The table as everyone sees it: no concealed tile, packet or locked discard."""
        self._fresh_cache()
        cached = self._views.get(-1)
        if isinstance(cached, ZunoPublicView):
            return cached
        self._views[-1] = view = self._public_view()
        return view

    def _public_view(self) -> ZunoPublicView:
        seats = tuple(
            self._seat_public(index, wind=self.seat_wind(index), dealer=index == self.dealer, chips=self.chips[index])
            for index in range(PLAYERS)
        )
        holder = self.drafter if self.phase == "draft" else None
        single = holder if holder is not None else self.call_seat if self.phase == "call_discard" else None
        return ZunoPublicView(
            variant=self.variant,
            round_label=self.round_label,
            seats=seats,
            tiles_left=len(self.live),
            dora_indicators=tuple(self.tiles[t] for t in self.dora_stack[: self.revealed]),
            honba=self.honba,
            riichi_sticks=self.deposits // RIICHI_STICK,
            turn=single,
            deciding=public_deciding(
                tuple(decision.seat for decision in self.decisions()),
                self.players,
                claim_phase=self.phase in ("ron", "call", "call_ron"),
                actor=None,
            ),
            phase=self.phase,
            last_discard=self.last_discard,
            sequence=self.sequence,
            round_number=self.round,
            start_player=self.sp,
            packet_holder=holder,
            packet_size=len(self.seats[holder].packet) if holder is not None else 0,
            locked=tuple(self.locked_in(seat) for seat in range(PLAYERS)),
            tsumo_declared=tuple(seat in self.tsumo_locks for seat in range(PLAYERS)),
            deposits=self.deposits,
            inazuma=tuple(seat.riichi and seat.inazuma for seat in self.seats),
            borrowed=tuple(seat.borrowed and seat.paid for seat in self.seats),
            dice=self.dice,
            wareme=self.wareme,
        )

    def view(self, seat_index: int) -> ZunoSeatView:
        """``seat_index``'s own hand, packet and locked discard, plus the public table."""
        self._fresh_cache()
        cached = self._views.get(seat_index)
        if isinstance(cached, ZunoSeatView):
            return cached
        self._views[seat_index] = view = self._seat_view(seat_index)
        return view

    def _seat_view(self, seat_index: int) -> ZunoSeatView:
        seat = self.seats[seat_index]
        lock = seat.lock if self.phase == "declare" else None
        locked = lock.tile if isinstance(lock, Discard) else None
        drawn = seat.drawn if seat.drawn != locked else None
        hand = sorted((t for t in seat.concealed if t not in (drawn, locked)), key=self._sort_key)
        selectable = tuple(
            self.tiles[action.tile]
            for action in self.legal_actions(seat_index)
            if isinstance(action, Discard) and action.tile != locked
        )
        board = seat.board - (1 << (4 * self.kinds[locked]) if locked is not None else 0)
        waits, ukeire, furiten = self._hand_hints(seat_index, board)
        return ZunoSeatView(
            public=self.public_view(),
            seat=seat_index,
            hand=tuple(self.tiles[t] for t in hand),
            drawn=self.tiles[drawn] if drawn is not None else None,
            selectable=selectable,
            waits=waits,
            ukeire=ukeire,
            furiten=furiten,
            packet=tuple(self.tiles[t] for t in seat.packet),
            locked=self.tiles[locked] if locked is not None else None,
            locked_tsumo=isinstance(lock, Tsumo),
            rons_claimed=tuple(self.ron_claims.get(seat_index, ())),
        )

    # --- invariants and hashing -------------------------------------------------------------------

    def expected_points_total(self) -> int:
        """What the scores add up to: the starting points less the sticks on the table."""
        return self._points_total - self.deposits

    def all_tile_locations(self) -> list[int]:
        """Every tile id wherever it is now (walls, hands, packets, rivers, melds, indicators)."""
        tiles = [*self.live, *self.rinshan_tiles, *self.dora_stack[self.revealed :], *self.ura_stack, *self.filler]
        for seat in self.seats:
            tiles += seat.concealed + seat.packet
        return tiles + self.public_tiles()

    def public_tiles(self) -> list[int]:
        """Tile ids anyone may see: rivers (claimed tiles sit in their meld), melds, dora indicators."""
        tiles = [entry.tile for seat in self.seats for entry in seat.river if not entry.called]
        tiles += [tile for seat in self.seats for meld in seat.melds for tile in meld.tiles]
        return tiles + self.dora_stack[: self.revealed]

    def concealed_tiles(self, seat_index: int) -> list[int]:
        """Tile ids only ``seat_index`` may see: its hand (locked discard included) and its packet."""
        seat = self.seats[seat_index]
        return seat.concealed + seat.packet

    def state_hash(self) -> str:
        """A digest of everything that defines the state."""
        parts: list[Any] = [
            self.hand_index,
            self.dealer,
            self.honba,
            self.deposits,
            self.points,
            self.chips,
            self.live,
            self.rinshan_tiles,
            self.dora_stack,
            self.ura_stack,
            self.revealed,
            self.filler,
            self.kans,
            self.round,
            self.sp,
            self.phase,
            self.drafter,
            self.any_call_or_kan,
            sorted(self.tsumo_locks.items()),
            sorted(self.round_discards.items()),
            sorted(self.ron_options.items()),
            sorted(self.ron_claims.items()),
            sorted(self.ron_done),
            sorted(self.call_options.items()),
            sorted(self.call_claims.items()),
            self.call_queue,
            self.call_seat,
            self.last_discard,
            self.dice,
            self.wareme,
            self.tobi,
            self.failed_loans,
            self.sequence,
            self.seats,
        ]
        return state_digest(parts)


def _kind_text(kind: int) -> str:
    return str(Tile(kind))
