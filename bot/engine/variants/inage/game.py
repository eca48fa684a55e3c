"""いなげ麻雀 (Inage): 2 or 3 players, 112 tiles, no wall, 10+1-tile hands, han-only points.

Every rule here cites the seed (``000_71d312fd0d93721d.txt``) line it comes from in
``docs/rules/inage.md``; rules the seed leaves open follow ``../shared/rules/variants.md`` §1
(the INA-A rulings) and are table settings where that document marks them [recommended].

The hand in brief: each player gets 10 tiles, may set aside flowers, 西 and 北 (横ドラ) for a
replacement, then play goes round: draw a random tile from the pool, set aside, kan, win or
discard. Pon and kans are allowed, chi is not; a hand with no pon and no kan may only ron in
riichi. A tsumo adds points to the winner and nobody pays; a ron moves them from the discarder.
There is no dealer: whoever won starts the next hand.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bot.engine.events import Event, PrivateEvent, Win
from bot.engine.game import Action, Kan, Pass, Riichi, SetAside, Tsumo, VoteEnd
from bot.engine.melds import MeldType
from bot.engine.shapes import FIVE_PAIRS_AND_A_HALF, INAGE_KOKUSHI, ShapeRules, count_of
from bot.engine.table import (
    ClaimSource,
    ClaimWindow,
    DeadWall,
    RiverEntry,
    Seat,
    TableSize,
    TurnGame,
    split_noten_penalty,
)
from bot.engine.table.turns import Phase
from bot.engine.tiles import FLOWERS, YAOCHU, Kind, TileSet
from bot.engine.variants.inage.discards import DiscardYaku, discard_gains, discard_yaku
from bot.engine.variants.inage.settings import InageSettings
from bot.engine.variants.inage.tiles import inage_tileset
from bot.engine.variants.inage.ui import INAGE_UI
from bot.engine.variants.inage.yaku import InageScore, InageScorer, InageWin
from bot.engine.views import WinView, YakuLine
from bot.engine.yaku.context import WinContext

__all__ = ["InageGame", "JuusanFutou", "inage_shapes", "is_juusan_futou"]

SIDE_KINDS = frozenset({Kind.WEST, Kind.NORTH}) | FLOWERS
"""「花牌・西・北の３種の牌は横に出してドラとすることが出来る」."""
PONNABLE_SIDE = frozenset({Kind.WEST, Kind.NORTH})


@dataclass(frozen=True, slots=True)
class JuusanFutou(Tsumo):
    """Declare 十三不塔 on the deal: a self-declared win, paid by whoever passed you the tiles."""

    kind: ClassVar[str] = "juusan_futou"


# --- events of this variant --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt(PrivateEvent):
    """The seat's 10 dealt tiles, grabbed for it by ``from_seat`` (who pays a 十三不塔)."""

    type: ClassVar[str] = "deal"
    tiles: tuple[int, ...]
    from_seat: int


@dataclass(frozen=True, slots=True)
class JuusanFutouDeclared(Event):
    type: ClassVar[str] = "juusan_futou"
    seat: int


@dataclass(frozen=True, slots=True)
class NagashiPaid(Event):
    """INA-A10's alternative: a 流し満貫 paid when the hand is over."""

    type: ClassVar[str] = "nagashi"
    seat: int
    points: int


# --- state ---------------------------------------------------------------------------------------


@dataclass
class InageRiver(RiverEntry):
    time: int = 0
    """When it was discarded (one count per discard across the table), for 真似満."""


@dataclass
class InageSeat(Seat):
    riichi_index: int | None = None
    juusan_futou: bool = False
    nagashi: bool = False


@functools.cache
def inage_shapes() -> ShapeRules:
    """いなげ's winning shapes: 3 sets and a pair, 五対子半 and the 11-tile 国士, over its 112 tiles."""
    return ShapeRules(limits=inage_tileset().copies(), pairs=FIVE_PAIRS_AND_A_HALF, kokushi=INAGE_KOKUSHI)


def is_juusan_futou(kinds: Sequence[int]) -> bool:
    """十三不塔 on a 10-tile hand: exactly one pair, no triplet, and no two tiles of one suit
    within two ranks of each other (no ryanmen, penchan or kanchan; the pair's tile included).

    >>> from bot.engine.tiles import parse_kinds
    >>> is_juusan_futou(parse_kinds("147p258s1m1z1z5z")), is_juusan_futou(parse_kinds("147p257s1m1z1z5z"))
    (True, False)
    """
    counts = [0] * 38
    for kind in kinds:
        counts[kind] += 1
    if sorted(count for count in counts if count > 1) != [2]:
        return False
    for suit in range(3):
        ranks = [rank for rank in range(9) if counts[9 * suit + rank]]
        if any(b - a <= 2 for a, b in itertools.pairwise(ranks)):
            return False
    return True


class InageGame(TurnGame[InageSettings, InageSeat]):
    """One game of いなげ麻雀, from the first hand until the table stops."""

    variant: ClassVar[str] = "inage"
    aliases: ClassVar[tuple[str, ...]] = ("inage", "いなげ", "inage-mahjong")
    title: ClassVar[str] = "いなげ麻雀"
    table_size = TableSize(2, 3, quote="「３人または２人麻雀」")
    settings_class = InageSettings
    ui = INAGE_UI
    seat_class = InageSeat
    derived: ClassVar[frozenset[str]] = frozenset({"table", "discard_rules"})
    # 「配牌は１０枚。適当に取って上家に回す」: each seat's 10 are grabbed whole.
    hand_size: ClassVar[int] = 10
    deal_whole_hands: ClassVar[bool] = True
    # 「王牌は始めに２枚だけ出し（表裏ドラ）」: one face up, one face down, out of play.
    dead_wall = DeadWall(rinshan=0, indicators=1, ura=1, first=True)
    deal_step: ClassVar[bool] = True
    scorer: InageScorer

    def _tileset(self) -> TileSet:
        return inage_tileset()

    def _shapes(self) -> ShapeRules:
        return inage_shapes()

    def _setup(self) -> None:
        self.table = self.settings.han_table()
        self.scorer = InageScorer(self.shapes, self.table, dora_counts=self.settings.dora_count_for_minimum)
        self.discard_rules = self.settings.discard_rules()
        # 「いちばんはじめ？じゃんけんででも」: the first starter is drawn from the seed.
        self.dealer = random.Random(f"inage:{self.seed}:starter").randrange(self._players)

    # --- the round -----------------------------------------------------------------------------

    @property
    def starter(self) -> int:
        """There is no dealer: the starter plays first (and breaks ties in the standings), in the
        dealer's place."""
        return self.dealer

    def seat_wind(self, seat: int) -> int | None:
        """There are no winds."""
        return None

    @property
    def round_label(self) -> str:
        """第1局, 第2局 … (there are no winds to name a hand by)."""
        return f"第{self.hand_index + 1}局"

    def _final_hand(self) -> bool:
        """Only a game of a number of ``hands`` knows its last hand in advance."""
        return self.settings.end == "hands" and self.hand_index == self.settings.hands - 1

    @property
    def time_limit_seconds(self) -> float | None:
        """How long after the start the host's clock sends time-up (``end`` is ``time``), or None."""
        if self.settings.end != "time" or self.time_up or self._outcome is not None:
            return None
        return self.settings.minutes * 60.0

    def free_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do at any moment: vote to end the game or take its vote back
        (「好きな時に終わってかまいません」)."""
        if self._outcome is not None or not 0 <= seat < self._players:
            return ()
        return (VoteEnd(seat, seat not in self.votes),)

    # --- dealing -------------------------------------------------------------------------------------

    def _new_hand(self) -> None:
        # 「山は積まないで伏せてかき混ぜるだけ」「ツモるときも適当なところから」: taking a uniformly
        # random tile each time is the same as taking the next of a shuffled pool. Each hand was
        # grabbed by its owner's 下家, who pays a 十三不塔.
        self.dealt_by = tuple((seat + 1) % self._players for seat in range(self._players))
        self.clock = 0
        self.pending_events += [
            Dealt(index, tuple(sorted(seat.concealed)), self.dealt_by[index]) for index, seat in enumerate(self.seats)
        ]

    def rig(self, hands: Sequence[str], draws: str = "", *, starter: int | None = None, **table: Any) -> None:
        """:meth:`TableGame.rig`, the dealer named the ``starter``; ``dora`` and ``ura`` are the
        two indicators (default: two flowers, which point at nothing a hand can hold as a set)."""
        super().rig(hands, draws, dealer=starter, **table)

    # --- the deal step and 十三不塔 ---------------------------------------------------------------------

    def _deal_actions(self, seat_index: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        actions: list[Action] = []
        if self.settings.deal_set_aside:
            actions += [SetAside(seat_index, tile) for tile in self._side_tiles(seat.concealed)]
        if (
            self.settings.juusan_futou
            and not seat.juusan_futou
            and is_juusan_futou([self.kinds[tile] for tile in seat.concealed])
        ):
            actions.append(JuusanFutou(seat_index))
        if actions:
            actions.append(Pass(seat_index))
        return tuple(actions)

    def _side_tiles(self, tiles: Sequence[int]) -> list[int]:
        """One tile per kind that may be set aside (flowers, 西, 北)."""
        return self._distinct_faces(tile for tile in tiles if self.kinds[tile] in SIDE_KINDS)

    def _declare_at_deal(self, action: Action) -> None:
        if isinstance(action, JuusanFutou):
            self.seats[action.seat].juusan_futou = True
            self.pending_events.append(JuusanFutouDeclared(action.seat))

    def _deal_done(self) -> None:
        declared = [
            (self.dealer + offset) % self._players
            for offset in range(self._players)
            if self.seats[(self.dealer + offset) % self._players].juusan_futou
        ]
        if declared:
            self._settle_juusan_futou(declared)
        else:
            self._draw(self.dealer)

    def _settle_juusan_futou(self, declared: list[int]) -> None:
        # 「配牌を渡した人が責任を取って払ってください」: each declarer is paid by their passer.
        changes = [0] * self._players
        for winner in declared:
            changes[winner] += self.table.yonbaiman
            changes[self.dealt_by[winner]] -= self.table.yonbaiman
        line = (YakuLine("十三不塔", "Thirteen unconnected", 0, detail="四倍満"),)
        wins = []
        for winner in declared:
            seat = self.seats[winner]
            hand = self._sorted(seat.concealed)
            pair = next(tile for tile in hand if count_of(seat.board, self.kinds[tile]) == 2)
            rest = [tile for tile in hand if tile != pair]
            wins.append(self._limit_win(winner, self.dealt_by[winner], rest, pair, line, hand, changes))
        self.ledger.pay(changes)
        self._report(wins, changes)
        self._end_hand(declared[0])

    # --- the turn --------------------------------------------------------------------------------------

    def _can_tsumo(self, seat: int) -> bool:
        return self._win_score(seat, self.seats[seat].drawn, how="tsumo") is not None

    def _riichi_turn(self, seat_index: int) -> list[Action]:
        # The drawn tile goes, or is set aside, or makes a kan that keeps the waits.
        seat = self.seats[seat_index]
        assert seat.drawn is not None
        actions: list[Action] = []
        if self.wall.live:
            actions += [SetAside(seat_index, tile) for tile in self._side_tiles([seat.drawn])]
        return actions + self._kans(seat_index, riichi=True)

    def _riichi_options(self, seat_index: int, faces: Sequence[int]) -> list[Action]:
        # 「リーチ、と宣言して牌を横に向けておくだけ」: closed, tenpai after the discard, a draw left.
        if not self.seats[seat_index].closed or not self.wall.live:
            return []
        return [Riichi(seat_index, tile) for tile in self._tenpai_discards(seat_index, faces)]

    def _set_aside_options(self, seat_index: int) -> list[Action]:
        if not self.wall.live:
            return []
        return [SetAside(seat_index, tile) for tile in self._side_tiles(self.seats[seat_index].concealed)]

    def _kan_options(self, seat_index: int) -> list[Action]:
        return self._kans(seat_index, riichi=False)

    def _kans(self, seat_index: int, *, riichi: bool) -> list[Action]:
        """Concealed kans and added kans; each needs two indicators and a replacement left."""
        seat = self.seats[seat_index]
        if len(self.wall.live) < 3:
            return []
        kans: list[Action] = []
        for kind in sorted({self.kinds[tile] for tile in seat.concealed}):
            if count_of(seat.board, kind) == 4:
                held = tuple(self._held(seat, kind))
                if not riichi or self._kan_keeps_waits(seat_index, held):
                    kans.append(Kan(seat_index, held))
        if not riichi:
            for meld in seat.melds:
                if meld.type is MeldType.PON:
                    extra = self._held(seat, meld.kind)
                    if extra:
                        kans.append(Kan(seat_index, (extra[0],)))
        return kans

    def _on_discard(self, seat_index: int, tile: int, *, riichi: bool) -> None:
        super()._on_discard(seat_index, tile, riichi=riichi)
        seat = self.seats[seat_index]
        if riichi:
            # ダブル立直 and 一発 are table settings (INA-A11).
            seat.riichi_index = len(seat.river)
            seat.double_riichi = seat.double_riichi and self.settings.double_riichi
            seat.ippatsu = self.settings.ippatsu

    def _river_entry(self, seat: int, tile: int, *, riichi: bool, tsumogiri: bool) -> RiverEntry:
        self.clock += 1
        return InageRiver(tile, riichi=riichi, tsumogiri=tsumogiri, time=self.clock, order=self._next_discard_order())

    def _reveal_kan_dora(self) -> None:
        # 「カンしたら、もう１枚づつ出して槓ドラ・槓裏にします」; the new dora counts at once.
        self.wall.indicators.append(self.wall.draw())
        self.wall.ura.append(self.wall.draw())
        self._reveal_indicator()

    # --- claims ----------------------------------------------------------------------------------------

    def _may_ron(self, seat_index: int, tile: int, window: ClaimWindow) -> bool:
        seat = self.seats[seat_index]
        # 「手牌が１０枚のときはリーチを掛けなければロンあがりできない（人和を除く）」 (INA-A1).
        may = bool(seat.melds) or seat.riichi or self.first_go_around
        return may and self._win_score(seat_index, tile, how=window.source) is not None

    def _may_call(self, seat: int, tile: int, window: ClaimWindow) -> bool:
        # 「横においた牌でもポン・ロンの対象にはなります」: only 西 and 北 among the tiles set aside.
        if window.source == ClaimSource.SET_ASIDE and self.kinds[tile] not in PONNABLE_SIDE:
            return False
        return super()._may_call(seat, tile, window)

    def _open_kan_allowed(self, seat: int, window: ClaimWindow) -> bool:
        # 「カンするごとに」: a discard may also be called for an open kan (not a tile set aside).
        return window.source == ClaimSource.DISCARD and len(self.wall.live) >= 3

    def _ron_winners(self, rons: list[int]) -> list[int]:
        # INA-A14: by default only the claimant nearest in turn order wins (頭ハネ).
        return rons if self.settings.multiple_ron else rons[:1]

    def _after_discard_passed(self, seat_index: int) -> None:
        seat = self.seats[seat_index]
        if self.settings.nagashi and self._nagashi_complete(seat):
            seat.nagashi = True
            if self.settings.nagashi_ends_hand:
                self._nagashi_win(seat_index)
                return
        self._draw((seat_index + 1) % self._players)

    def _nagashi_complete(self, seat: InageSeat) -> bool:
        """「１８枚捨てた時点で判断します」: 18 discards, every one 么九, none of them claimed."""
        return (
            not seat.nagashi
            and len(seat.river) == 18
            and all(self.kinds[entry.tile] in YAOCHU and not entry.called for entry in seat.river)
        )

    # --- winning and scoring -----------------------------------------------------------------------------

    def _win_score(self, seat_index: int, tile: int | None, *, how: str) -> InageScore | None:
        """The score of ``seat_index`` winning on ``tile`` (``how``: tsumo, discard, set_aside or
        kakan), or None if that is no legal win."""
        if tile is None:
            return None
        seat = self.seats[seat_index]
        ctx = self._win_context(seat_index, tile, tsumo=how == "tsumo", how=how)
        if not self.shapes.is_agari(ctx.concealed):
            return None
        win = InageWin(
            concealed=ctx.concealed,
            win_tile=ctx.win_tile,
            melds=ctx.melds,
            tsumo=ctx.tsumo,
            riichi=seat.riichi and not seat.double_riichi,
            double_riichi=seat.double_riichi,
            ippatsu=seat.ippatsu,
            haitei=ctx.haitei,
            houtei=ctx.houtei,
            rinshan=ctx.rinshan,
            chankan=ctx.chankan,
            yaridora=how == ClaimSource.SET_ASIDE and ctx.win_tile in PONNABLE_SIDE,
            tenhou=ctx.tenhou,
            chiihou=ctx.chiihou,
            renhou=ctx.renhou,
            dora_indicators=ctx.dora_indicators,
            ura_indicators=ctx.ura_indicators,
            set_aside=tuple(self.kinds[t] for t in seat.set_aside),
            discards=self._discard_yaku(seat_index) if self.settings.discard_yaku else (),
        )
        return self.scorer.score(win)

    def _situation(self, ctx: WinContext, seat: int, *, how: str) -> WinContext:
        # 海底 on the last tile whether or not it replaced a kan (the pool has no dead wall), and
        # 人和 on any ron of the first go-around.
        return replace(
            super()._situation(ctx, seat, how=how),
            haitei=ctx.tsumo and self._last_draw(),
            renhou=not ctx.tsumo and self.first_go_around,
        )

    def _discard_yaku(self, seat_index: int) -> tuple[DiscardYaku, ...]:
        seat = self.seats[seat_index]
        return discard_yaku(
            [self.kinds[entry.tile] for entry in seat.river],
            seat.riichi_index,
            times=[self._time(entry) for entry in seat.river],
            others=self._other_rivers(seat_index),
            rules=self.discard_rules,
        )

    def _discard_gains(self, seat_index: int, kinds: Collection[int]) -> dict[int, int]:
        """What each discard on offer would add to the seat's discard yaku (a hint for the CPU)."""
        if not self.settings.discard_yaku:
            return {}
        seat = self.seats[seat_index]
        return discard_gains(
            [self.kinds[entry.tile] for entry in seat.river],
            seat.riichi_index,
            kinds,
            times=[self._time(entry) for entry in seat.river],
            time=self.clock + 1,
            others=self._other_rivers(seat_index),
            rules=self.discard_rules,
        )

    def _other_rivers(self, seat_index: int) -> list[tuple[int, list[int], list[int]]]:
        """The other seats' rivers as (seat, kinds, times), what 真似満 may copy."""
        return [
            (index, [self.kinds[e.tile] for e in other.river], [self._time(e) for e in other.river])
            for index, other in enumerate(self.seats)
            if index != seat_index
        ]

    @staticmethod
    def _time(entry: RiverEntry) -> int:
        return entry.time if isinstance(entry, InageRiver) else 0

    def _win(self, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
        scores = [self._win_score(winner, tile, how=how) for winner in winners]
        changes = [0] * self._players
        for winner, score in zip(winners, scores, strict=True):
            assert score is not None  # only wins that score are offered
            if from_seat is None:
                # 「自模は点が増えるだけ」: nobody pays for a tsumo.
                self.ledger.created += score.points
            else:
                # 「振り込んだひとの点数を４０点へらし、自分の点数を４０点増やします」.
                changes[from_seat] -= score.points
            changes[winner] += score.points
        if from_seat is not None:
            self._take_claimed(winners[0], from_seat, tile, how)
        wins = []
        for winner, score in zip(winners, scores, strict=True):
            assert score is not None
            seat = self.seats[winner]
            hand = [t for t in seat.concealed if t != tile]
            wins.append(
                self._win_result(
                    winner,
                    from_seat,
                    tile,
                    hand,
                    score.yaku,
                    han=score.han,
                    points=score.points,
                    point_changes=changes,
                    limit=score.limit,
                    ura=self.wall.ura,
                    whole=seat.concealed,
                )
            )
        self.ledger.pay(changes)
        self._report(wins, changes)
        self._end_hand(winners[0])

    def _limit_win(
        self,
        winner: int,
        from_seat: int | None,
        hand: Sequence[int],
        tile: int,
        line: tuple[YakuLine, ...],
        shown: Sequence[int],
        changes: Sequence[int],
    ) -> tuple[WinView, Win]:
        """A 四倍満 win without a hand to score (十三不塔, 流し満貫)."""
        points = self.table.yonbaiman
        return self._win_result(
            winner,
            from_seat,
            tile,
            hand,
            line,
            han=0,
            points=points,
            point_changes=changes,
            limit="四倍満",
            ura=self.wall.ura,
            whole=shown,
        )

    def _report(self, wins: Sequence[tuple[WinView, Win]], changes: Sequence[int]) -> None:
        self._hand_ended([card for card, _ in wins], wins=[win for _, win in wins])

    def _nagashi_win(self, seat_index: int) -> None:
        """INA-A10: 流し満貫 is paid at once, like a tsumo, and ends the hand."""
        seat = self.seats[seat_index]
        changes = [0] * self._players
        changes[seat_index] = self.table.yonbaiman
        self.ledger.created += self.table.yonbaiman
        line = (YakuLine("流し満貫", "Nagashi mangan", 0, detail="四倍満"),)
        tile = seat.river[-1].tile
        win = self._limit_win(seat_index, None, seat.concealed, tile, line, seat.concealed, changes)
        self.ledger.pay(changes)
        self._report([win], changes)
        self._end_hand(seat_index)

    def _exhaustive_draw(self) -> None:
        # 「空テンなし、すなわち５枚目の牌を待っても形テン」: formal tenpai, yaku or not.
        tenpai = [self.shapes.is_tenpai(seat.board) for seat in self.seats]
        # 「ノーテン罰符は場に４８点」: the no-ten players pay it, the tenpai players share it.
        changes = split_noten_penalty(tenpai, self.settings.noten_penalty)
        self.ledger.pay(changes)
        card, draw = self._draw_card(tenpai, changes)
        self._hand_ended((card,), draw=draw)
        self._end_hand(self.dealer if self.settings.draw_keeps_starter else (self.dealer + 1) % self._players)

    def _end_hand(self, next_starter: int) -> None:
        if not self.settings.nagashi_ends_hand:
            for index, seat in enumerate(self.seats):
                if seat.nagashi:
                    # INA-A10 alternative: 流し満貫 is paid when the hand is over.
                    self.ledger.create(index, self.table.yonbaiman)
                    self.pending_events.append(NagashiPaid(index, self.table.yonbaiman))
        self._close_hand()
        self.dealer = next_starter
        reason = ""
        if self.settings.end == "hands" and self.hand_index >= self.settings.hands:
            reason = "終局"
        elif self.settings.end == "score" and max(self.points) >= self.settings.target:
            reason = "目標点"
        elif self.settings.end == "time" and self.time_up:
            reason = "時間"
        if reason:
            self._finish(reason)
            return
        self._next_hand()

    def _finish(self, reason: str) -> None:
        self.phase = Phase.OVER
        super()._finish(reason)
