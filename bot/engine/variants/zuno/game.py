"""ずーの (Zuno): 4-player riichi with a draft and simultaneous discards (seed ``001_ec8a60ce93efe5ee.txt``).

Every rule here cites its seed line in ``docs/rules/zuno.md``; rules the seed leaves open follow
``../shared/rules/variants.md`` §2 and its ZUN-A rulings, as table settings where it says
[recommended] (:class:`~bot.engine.variants.zuno.settings.ZunoSettings`).

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

The draft, the lock-ins and the call phase live here; the ron windows, wins and settlements in
:mod:`bot.engine.variants.zuno.settle`. Points and chips are the shared ledger; riichi sticks sit
in its deposits until a winner takes them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from bot.engine.events import Called, DoraRevealed, Drew, TileDrawn
from bot.engine.game import Action, Decision, Discard, Kan, Pick, Riichi, Tsumo, Unclaimed
from bot.engine.melds import Meld, MeldType
from bot.engine.shapes import count_of
from bot.engine.table import ClaimWindow, DeadWall, TableSize, hand_label, public_deciding
from bot.engine.table.dice import roll
from bot.engine.tiles import Kind, TileSet
from bot.engine.variants.zuno.events import (
    CallsResolved,
    Claimed,
    ClaimMade,
    DeclarePhase,
    Drafted,
    DraftPacket,
    DraftTurn,
    LockCleared,
    Locked,
    LockShown,
    RoundStarted,
    Unlocked,
    ZunoDiscarded,
    ZunoHandStarted,
    ZunoRiichi,
)
from bot.engine.variants.zuno.payments import WAREME_FACTOR, wareme_seat
from bot.engine.variants.zuno.settings import ZunoSettings
from bot.engine.variants.zuno.settle import ZunoHand
from bot.engine.variants.zuno.state import (
    INAZUMA_STICK,
    KARI_LIMIT,
    MAX_KANS,
    PACKET,
    PLAYERS,
    RIICHI_STICK,
    CallChi,
    CallKan,
    CallPon,
    InazumaRiichi,
    PocchiTsumo,
    RonOn,
    ZunoPhase,
    ZunoPublicView,
    ZunoRiver,
    ZunoSeat,
    ZunoSeatView,
)
from bot.engine.variants.zuno.tiles import zuno_tileset
from bot.engine.variants.zuno.ui import ZUNO_UI
from bot.engine.variants.zuno.yaku import ZunoScorer
from bot.engine.views import SeatPublic

__all__ = [
    "CallChi",
    "CallKan",
    "CallPon",
    "InazumaRiichi",
    "PocchiTsumo",
    "RonOn",
    "ZunoGame",
    "ZunoPhase",
    "ZunoPublicView",
    "ZunoSeatView",
]


class ZunoGame(ZunoHand):
    """One game of ずーの: 東風戦 with 和了連荘, from 東1局 to the final standings."""

    variant: ClassVar[str] = "zuno"
    aliases: ClassVar[tuple[str, ...]] = ("zuno", "ずーの", "ズーノ", "draft")
    title: ClassVar[str] = "ずーの"
    table_size = TableSize.exactly(PLAYERS)
    settings_class = ZunoSettings
    ui = ZUNO_UI
    seat_class = ZunoSeat
    has_chips: ClassVar[bool] = True
    derived: ClassVar[frozenset[str]] = frozenset({"_cache", "_views", "_cache_revision"})
    # 「配牌は四家とも、ごく普通に13牌づつ取ります」: the dealer too, since the draft gives everyone's draw.
    deal_whole_hands: ClassVar[bool] = True
    # Both stacks are drawn from their end: live[-1] is the next tile, live[0] the 海底 side; a kan
    # moves a live tile to the dead wall (``filler``), so it keeps 14 tiles.
    dead_wall = DeadWall()

    def _tileset(self) -> TileSet:
        return zuno_tileset()

    def _setup(self) -> None:
        self.scorer = ZunoScorer(self.shapes)
        self.tobi: list[tuple[int, int | None]] = []
        """(busted, buster); a None buster is the top player at the end (ZUN-A8)."""
        self.failed_loans: list[int] = []
        """Seats whose 借りイナズマ failed: each pays 慰謝料 to the top player at the end."""
        self._cache: dict[int, tuple[Action, ...]] = {}
        self._views: dict[int, ZunoSeatView | ZunoPublicView] = {}
        self._cache_revision = -1

    @property
    def round_label(self) -> str:
        """東1局 … 東4局 (「東風戦」)."""
        return hand_label(Kind.EAST, self.dealer + 1)

    # --- hand set-up ----------------------------------------------------------------------------

    def _start_hand(self, order: Sequence[int] | None = None) -> None:
        rng = self._shuffle(order)
        # 割れ目: the dice come from the hand's own RNG, so a replay rolls the same numbers.
        first, second = roll(rng)
        self.dice = (first, second)
        self.wareme: int | None = wareme_seat(self.dice, self.dealer) if self.settings.wareme else None
        self._deal()
        self.kans = 0
        self.round = 0
        self.sp = self.dealer
        self.any_call_or_kan = False
        self.phase = ZunoPhase.DRAFT
        self.drafter: int | None = None
        self.tsumo_locks: dict[int, Tsumo] = {}
        self.round_discards: dict[int, int] = {}
        self.window = ClaimWindow()
        self.call_queue: list[Action] = []
        self.call_seat: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.pending_events = [
            ZunoHandStarted(
                self.hand_index,
                self.round_label,
                self.dealer,
                self.wall.digest,
                tuple(self.points),
                chips=tuple(self.chips),
                honba=self.honba,
                deposits=self.deposits,
                dice=self.dice,
                dora_indicators=tuple(self.wall.dora),
                wareme=self.wareme,
            )
        ]
        self._start_round()

    def rig(self, hands: Sequence[str], draws: str = "", *, wareme: int | None = None, **table: Any) -> None:
        """:meth:`TableGame.rig`, ``draws`` beginning with round 1's packet (in the order offered);
        ``wareme`` names the 割れ目 seat (None: nobody)."""
        super().rig(hands, draws, **table)
        self.wareme = wareme
        if wareme is not None:
            total = (wareme - self.dealer) % PLAYERS + 5
            self.dice = (total // 2, total - total // 2)

    def _draw(self, seat_index: int, tile: int, *, rinshan: bool) -> None:
        seat = self.seats[seat_index]
        self._take(seat, tile)
        seat.drawn = tile
        seat.rinshan = rinshan
        self.pending_events.append(TileDrawn(seat_index, tile, replacement=rinshan))

    # --- rounds and the draft -------------------------------------------------------------------

    def _start_round(self) -> None:
        if len(self.wall.live) < PACKET:
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
        packet = [self.wall.draw() for _ in range(PACKET)]
        self.pending_events.append(RoundStarted(self.round, self.sp, len(self.wall.live)))
        self.phase = ZunoPhase.DRAFT
        self._hand_packet(self.sp, packet)

    def _hand_packet(self, seat_index: int, packet: list[int]) -> None:
        if len(packet) == 1:
            # 「四番手は渡された牌をツモ牌とする」: no choice, so no decision.
            self.pending_events.append(Drafted(seat_index, 0))
            self._draw(seat_index, packet[0], rinshan=False)
            self.drafter = None
            self.phase = ZunoPhase.DECLARE
            self.pending_events.append(DeclarePhase(self.round))
            return
        self.seats[seat_index].packet = packet
        self.drafter = seat_index
        self.pending_events.append(DraftPacket(seat_index, tuple(packet)))
        self.pending_events.append(DraftTurn(seat_index, len(packet)))

    def _pick(self, action: Pick) -> None:
        seat = self.seats[action.seat]
        rest = [tile for tile in seat.packet if tile != action.tile]
        seat.packet = []
        self._draw(action.seat, action.tile, rinshan=False)
        # 「残りを二番手（下家）に渡す」: face down, so only the count is public.
        self.pending_events.append(Drafted(action.seat, len(rest)))
        self._hand_packet((action.seat + 1) % PLAYERS, rest)

    # --- decisions ------------------------------------------------------------------------------

    def decisions(self) -> tuple[Decision, ...]:
        """Who must act now. In ``declare`` a seat that has locked in is not listed (it may still
        change its choice through :meth:`legal_actions`)."""
        if self._outcome is not None:
            return ()
        if self.phase == ZunoPhase.DRAFT and self.drafter is not None:
            actions = self.legal_actions(self.drafter)
            return (Decision(self.drafter, actions, actions[0]),)
        if self.phase == ZunoPhase.DECLARE:
            found = []
            for seat_index in range(PLAYERS):
                if self.seats[seat_index].lock is None:
                    actions = self.legal_actions(seat_index)
                    found.append(Decision(seat_index, actions, self._declare_default(seat_index, actions)))
            return tuple(found)
        if self.phase in (ZunoPhase.RON, ZunoPhase.CALL_RON, ZunoPhase.CALL):
            return self.window.decisions()
        if self.phase == ZunoPhase.CALL_DISCARD and self.call_seat is not None:
            actions = self.legal_actions(self.call_seat)
            return (Decision(self.call_seat, actions, self._discard_default(self.call_seat, actions)),)
        return ()

    def _seat_actions(self, seat: int) -> tuple[Action, ...]:
        # Views and options are asked for many times between two actions (every seat's panel,
        # the CPU, the simulator's checks); the state only changes in apply() and rig().
        self._fresh_cache()
        if seat not in self._cache:
            self._cache[seat] = self._actions(seat)
        return self._cache[seat]

    def _fresh_cache(self) -> None:
        if self._cache_revision != self.revision:
            self._cache = {}
            self._views = {}
            self._cache_revision = self.revision

    def locked_in(self, seat: int) -> bool:
        """Whether the seat has locked in this round's discard or tsumo."""
        return self.phase == ZunoPhase.DECLARE and self.seats[seat].lock is not None

    def _actions(self, seat_index: int) -> tuple[Action, ...]:
        if self._outcome is not None:
            return ()
        if self.phase == ZunoPhase.DRAFT:
            if seat_index != self.drafter:
                return ()
            packet = self.seats[seat_index].packet
            return tuple(Pick(seat_index, tile) for tile in self._distinct_faces(packet, keep_order=True))
        if self.phase == ZunoPhase.DECLARE:
            lock = self.seats[seat_index].lock
            return tuple(action for action in self._declare_actions(seat_index) if action != lock)
        if self.phase in (ZunoPhase.RON, ZunoPhase.CALL_RON, ZunoPhase.CALL):
            return self.window.actions(seat_index)
        if self.phase == ZunoPhase.CALL_DISCARD and seat_index == self.call_seat:
            return self._call_turn_actions(seat_index)
        return ()

    def _declare_default(self, seat_index: int, actions: Sequence[Action]) -> Action:
        # ZUN-A1: a seat that does not answer discards the tile it drafted (or drew from the dead wall).
        drawn = self.seats[seat_index].drawn
        if drawn is not None and Discard(seat_index, drawn) in actions:
            return Discard(seat_index, drawn)
        return next(action for action in actions if isinstance(action, Discard))

    def _discard_default(self, seat_index: int, actions: Sequence[Action]) -> Action:
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
        if seat.closed and len(self.wall.live) >= PACKET:
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
        return self.kans < MAX_KANS and len(self.wall.live) >= PACKET

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
            options.append(Kan(seat_index, tuple(self._held(seat, kind))))
        if not declared and self.settings.own_kakan:
            # ZUN-A2: adding your own tile to your pon, at the same time as an ankan.
            for meld in seat.melds:
                if meld.type is MeldType.PON:
                    options += [Kan(seat_index, (tile,)) for tile in self._distinct_faces(self._held(seat, meld.kind))]
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
        return [Kan(seat_index, tuple(self._held(seat, kind)))]

    def _call_turn_actions(self, seat_index: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        actions: list[Action] = []
        winning = seat.rinshan and seat.drawn is not None and self.shapes.is_agari(seat.board)
        if winning and self._tsumo_score(seat_index) is not None:
            # 「嶺上ツモも当然できる」.
            actions.append(Tsumo(seat_index))
        allowed = [t for t in seat.concealed if self.kinds[t] not in seat.kuikae]
        actions += [Discard(seat_index, tile) for tile in self._distinct_faces(allowed, prefer=[seat.drawn])]
        if seat.rinshan:
            actions += self._kan_options(seat_index, declared=False)
        return tuple(actions)

    # --- applying actions -----------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if self.phase == ZunoPhase.DRAFT and isinstance(action, Pick):
            self._pick(action)
        elif self.phase == ZunoPhase.DECLARE:
            self._declare(action)
        elif self.phase in (ZunoPhase.RON, ZunoPhase.CALL_RON):
            self._answer_ron(action)
        elif self.phase == ZunoPhase.CALL:
            self._claim(action)
        elif self.phase == ZunoPhase.CALL_DISCARD:
            self._call_turn(action)

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
        tile = action.tile if isinstance(action, Discard) else None
        as_kind = action.as_kind if isinstance(action, PocchiTsumo) else None
        self.pending_events.append(Locked(seat_index, isinstance(action, Tsumo), tile, as_kind))
        self.pending_events.append(LockShown(seat_index, changed))
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
        self.pending_events.append(ZunoRiichi(seat_index, inazuma, seat.borrowed, seat.double_riichi))

    def _check_locks(self) -> None:
        """A kan can take away another seat's locked choice (it ends ippatsu, so a ポッチ tsumo);
        such a lock is dropped and that seat must lock in again."""
        for index, seat in enumerate(self.seats):
            if seat.lock is not None and seat.lock not in self._declare_actions(index):
                seat.lock = None
                self.pending_events.append(LockCleared(index))
                self.pending_events.append(Unlocked(index))

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
        self.pending_events.append(Called(seat_index, meld.type, meld.tiles))
        self._after_kan(seat_index)

    def _after_kan(self, seat_index: int) -> None:
        self.kans += 1
        self.any_call_or_kan = True
        self._kill_ippatsu()
        # 「新ドラ表示牌は即めくり」 (ドラフト麻雀), then the replacement tile.
        self.wall.revealed += 1
        self.pending_events.append(DoraRevealed(self.wall.dora[-1], tuple(self.wall.dora)))
        tile = self.wall.rinshan.pop()
        self.wall.filler.append(self.wall.live.pop(0))
        self._draw(seat_index, tile, rinshan=True)
        self.pending_events.append(Drew(seat_index, len(self.wall.live), replacement=True))

    def _order(self) -> list[int]:
        """Seats from the start player on."""
        return [(self.sp + offset) % PLAYERS for offset in range(PLAYERS)]

    # --- the call phase -------------------------------------------------------------------------

    def _open_calls(self) -> None:
        self.phase = ZunoPhase.CALL
        self.window = ClaimWindow()
        for seat_index in self._order():
            self.window.offer(seat_index, self._call_options(seat_index))
        if not self.window.open:
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
            held = self._held(seat, kind)
            if self.kans < MAX_KANS:
                if len(held) == 3:
                    options.append(CallKan(seat_index, tuple(held), other))
                if any(m.type is MeldType.PON and m.kind == kind for m in seat.melds):
                    options.append(CallKan(seat_index, (), other))
            if len(held) >= 2:
                for pair in self._face_pairs(held):
                    if self._can_discard_after(seat, pair, (kind,)):
                        options.append(CallPon(seat_index, pair, other))
            if other == (seat_index - 1) % PLAYERS and kind < 27:
                options += self._chi_options(seat_index, tile)
        return options

    def _chi_options(self, seat_index: int, tile: int) -> list[Action]:
        seat = self.seats[seat_index]
        kind = self.kinds[tile]
        rank = kind % 9
        options: list[Action] = []
        for low in (kind - 2, kind - 1, kind):
            if low < kind - rank or low + 2 > kind - rank + 8:
                continue
            needed = [k for k in (low, low + 1, low + 2) if k != kind]
            first = self._distinct_faces(self._held(seat, needed[0]))
            second = self._distinct_faces(self._held(seat, needed[1]))
            for a in first:
                for b in second:
                    if self._can_discard_after(seat, (a, b), _kuikae(kind, low)):
                        options.append(CallChi(seat_index, (a, b)))
        return options

    def _can_discard_after(self, seat: ZunoSeat, used: Sequence[int], barred: tuple[int, ...]) -> bool:
        return any(t not in used and self.kinds[t] not in barred for t in seat.concealed)

    def _claim(self, action: Action) -> None:
        self.window.answer(action)
        # Claims are made together, so nobody sees another's until they are settled.
        self.pending_events.append(ClaimMade(action.seat, action.kind))
        self.pending_events.append(Claimed(action.seat))
        if self.window.complete:
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
            (action for seat in self.window.answers for action in self.window.taken(seat)),
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
        accepted = tuple((a.seat, a.kind, self._call_target(a)) for a in queue)
        self.pending_events.append(CallsResolved(accepted, tuple(failed)))
        self.window = ClaimWindow()
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
        self.phase = ZunoPhase.CALL_DISCARD
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
            self.pending_events.append(Called(seat_index, meld.type, meld.tiles, target, tile, "discard"))
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
            seat.kuikae = _kuikae(kind, kinds[0])
        seat.melds.append(meld)
        seat.drawn = None
        seat.rinshan = False
        self.pending_events.append(Called(seat_index, meld.type, meld.tiles, target, tile, "discard"))

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
        seat.river.append(ZunoRiver(tile, tsumogiri=tsumogiri, round=self.round, after_call=True, order=self.round))
        self.last_discard = (seat_index, len(seat.river) - 1)
        self.pending_events.append(ZunoDiscarded(seat_index, tile, tsumogiri=tsumogiri, after_call=True))
        # 「この副露者が行った捨て牌に対しても、ロン宣言は当然できる」.
        self.phase = ZunoPhase.CALL_RON
        self._open_rons([seat_index], phase_s=False)

    def unclaimed(self) -> Unclaimed | None:
        """In a ron or call window: nobody claiming, the next accepted caller discards (public:
        the calls were announced when settled), else the next round's start player drafts."""
        if self._outcome is not None or self.phase not in (ZunoPhase.RON, ZunoPhase.CALL, ZunoPhase.CALL_RON):
            return None
        # A caller's own discard is one seat's tile; the revealed discards are everyone's.
        offered_by = self.last_discard[0] if self.phase == ZunoPhase.CALL_RON and self.last_discard else None
        if self.phase == ZunoPhase.CALL_RON and self.call_queue:
            return Unclaimed(ZunoPhase.CALL_DISCARD, self.call_queue[0].seat, offered_by)
        return Unclaimed(ZunoPhase.DRAFT, (self.sp + 1) % PLAYERS, offered_by)

    # --- views ----------------------------------------------------------------------------------

    def public_view(self) -> ZunoPublicView:
        """The table as everyone sees it: no concealed tile, packet or locked discard."""
        self._fresh_cache()
        cached = self._views.get(-1)
        if isinstance(cached, ZunoPublicView):
            return cached
        self._views[-1] = view = self._public_view()
        return view

    def _final_hand(self) -> bool:
        """「東風戦（和了連荘制）」: the North seat's deal ends the game unless that dealer wins."""
        return self.dealer == PLAYERS - 1

    def _seat_public(self, index: int, *, wind: int | None, dealer: bool) -> SeatPublic:
        seat = super()._seat_public(index, wind=wind, dealer=dealer)
        return dataclasses.replace(seat, stakes=WAREME_FACTOR) if index == self.wareme else seat

    def _public_view(self) -> ZunoPublicView:
        holder = self.drafter if self.phase == ZunoPhase.DRAFT else None
        single = holder if holder is not None else self.call_seat if self.phase == ZunoPhase.CALL_DISCARD else None
        return ZunoPublicView(
            variant=self.variant,
            round_label=self.round_label,
            seats=tuple(
                self._seat_public(index, wind=self.seat_wind(index), dealer=index == self.dealer)
                for index in range(PLAYERS)
            ),
            tiles_left=len(self.wall.live),
            dora_indicators=self._faces(self.wall.dora),
            honba=self.honba,
            riichi_sticks=self.deposits // RIICHI_STICK,
            turn=single,
            deciding=public_deciding(
                tuple(decision.seat for decision in self.decisions()),
                self.players,
                claim_phase=self.phase in (ZunoPhase.RON, ZunoPhase.CALL, ZunoPhase.CALL_RON),
                actor=None,
            ),
            phase=self.phase,
            last_discard=self.last_discard,
            sequence=self.sequence,
            final_hand=self._final_hand(),
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

    def view(self, seat: int) -> ZunoSeatView:
        """``seat``'s own hand, packet and locked discard, plus the public table."""
        self._fresh_cache()
        cached = self._views.get(seat)
        if isinstance(cached, ZunoSeatView):
            return cached
        self._views[seat] = view = self._seat_view(seat)
        return view

    def _seat_view(self, seat_index: int) -> ZunoSeatView:
        seat = self.seats[seat_index]
        lock = seat.lock if self.phase == ZunoPhase.DECLARE else None
        locked = lock.tile if isinstance(lock, Discard) else None
        drawn = seat.drawn if seat.drawn != locked else None
        hand = self._sorted(t for t in seat.concealed if t not in (drawn, locked))
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
            hand=self._faces(hand),
            drawn=self.tiles[drawn] if drawn is not None else None,
            selectable=selectable,
            waits=waits,
            ukeire=ukeire,
            furiten=furiten,
            locked=self.tiles[locked] if locked is not None else None,
            locked_tsumo=isinstance(lock, Tsumo),
            rons_claimed=tuple(a.from_seat for a in self.window.taken(seat_index) if isinstance(a, RonOn)),
            packet=self._faces(seat.packet),
        )

    # --- tile accounting --------------------------------------------------------------------------

    def concealed_tiles(self, seat_index: int) -> list[int]:
        """Tile ids only ``seat_index`` may see: its hand (locked discard included) and its packet."""
        seat = self.seats[seat_index]
        return seat.concealed + seat.packet


def _kuikae(kind: int, low: int) -> tuple[int, ...]:
    """Kinds a caller may not discard after a chi of ``kind`` as the run from ``low``: the called
    kind, and the tile at the other end of the run (喰い替え)."""
    barred = [kind]
    if low == kind and kind % 9 <= 5:
        barred.append(kind + 3)
    if low == kind - 2 and kind % 9 >= 3:
        barred.append(kind - 3)
    return tuple(barred)
