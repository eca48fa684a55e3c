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
    Pon,
    Riichi,
    Ron,
    SetAside,
    Tsumo,
    placements_by_points,
)
from bot.engine.melds import Meld, MeldType
from bot.engine.shapes import FIVE_PAIRS_AND_A_HALF, INAGE_KOKUSHI, ShapeRules, add_tile, count_of
from bot.engine.tiles import FLOWERS, YAOCHU, Kind, Tile, TileSet, inage_tileset, parse_tiles
from bot.engine.variants.common import TableSettings, VariantGame, public_deciding, state_digest, wall_digest
from bot.engine.variants.inage_discards import DiscardRules, DiscardYaku, discard_yaku
from bot.engine.variants.inage_yaku import HanTable, InageScore, InageScorer, InageWin
from bot.engine.views import PublicView, SeatView, WinView, YakuLine

__all__ = ["InageGame", "InageSettings", "JuusanFutou", "TimeUp", "VoteEnd", "inage_shapes", "is_juusan_futou"]

HAND_SIZE = 10
SIDE_KINDS = frozenset({Kind.WEST, Kind.NORTH}) | FLOWERS
"""「花牌・西・北の３種の牌は横に出してドラとすることが出来る」."""
PONNABLE_SIDE = frozenset({Kind.WEST, Kind.NORTH})
END_MODES = ("hands", "score", "time", "vote")


# --- actions of this variant --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JuusanFutou(Tsumo):
    """Declare 十三不塔 on the deal: a self-declared win, paid by whoever passed you the tiles."""

    kind: ClassVar[str] = "juusan_futou"


@dataclass(frozen=True, slots=True)
class VoteEnd(Action):
    """Vote to end the game now (``end``), or take a vote back; every seat may, at any time."""

    kind: ClassVar[str] = "vote_end"
    end: bool = True


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """The table's time is up (sent by the host's clock): the game ends with the current hand."""

    kind: ClassVar[str] = "time_up"


# --- settings -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InageSettings(TableSettings):
    title = "いなげ麻雀"

    """Table settings. Defaults are the seed's rules and the spec's [recommended] rulings."""

    end: str = "hands"
    """「好きな時に終わってかまいません」: end after a number of ``hands``, at a ``score``, when the
    ``time`` is up, or only by ``vote``; a unanimous vote ends any game at once."""
    hands: int = 9
    """How many hands when ``end`` is ``hands``."""
    target: int = 200
    """When ``end`` is ``score``: the game ends after the hand in which a player reaches this."""
    minutes: int = 60
    """When ``end`` is ``time``: the host's clock sends time-up after this long (「８時になったらおわり」)."""
    points_table: str = "1:8,2:12,4:16,8:24,12:32,16:40"
    """INA-A3 [recommended]: the 早見表 as HAN:POINTS tiers (1 han 8, 16 han 40 are the seed's)."""
    kazoe_from: int = 20
    """「２０飜以上は数え切り役満」."""
    kazoe_per_han: int = 4
    """「１飜につき４点で、どこまでも伸びる」."""
    yonbaiman: int = 32
    """INA-A3 [recommended]: a 四倍満 yaku (天和系, 十三不塔, 流し満貫, リーのみ) is 4 × 8 points."""
    yakuman: int = 80
    """INA-A3 [recommended]: a yakuman is the 20-han value, 80 points."""
    noten_penalty: int = 48
    """「ノーテン罰符は場に４８点」, split between the tenpai and the no-ten players."""
    deal_set_aside: bool = True
    """[recommended] Flowers, 西 and 北 may be set aside from the dealt 10 (「配牌を取って花牌を出した時点で」)."""
    juusan_futou: bool = True
    """十三不塔 may be declared on the deal (optional rule, on)."""
    discard_yaku: bool = True
    """捨牌役 (optional rule block, on)."""
    even_palindromes: bool = True
    """INA-A2 [recommended]: palindromes of even length count too."""
    mane_min: int = 3
    """INA-A2: the shortest copy that makes 真似満."""
    riichi_chain_at_declaration: bool = False
    """INA-A2: the after-riichi chain starts at the declaration tile (off: at the next discard)."""
    nagashi: bool = True
    """流し満貫 (optional rule, on)."""
    nagashi_ends_hand: bool = True
    """INA-A10 [recommended]: 流し満貫 is paid at once and ends the hand (off: paid when it ends)."""
    ippatsu: bool = True
    """INA-A11: 一発 (optional, on)."""
    double_riichi: bool = True
    """ダブル立直 (optional, on)."""
    multiple_ron: bool = False
    """INA-A14 [recommended off]: only the first ron in turn order wins (頭ハネ)."""
    draw_keeps_starter: bool = True
    """INA-A13 [recommended]: after an exhaustive draw the same player starts (off: the next one)."""
    dora_count_for_minimum: bool = False
    """INA-A5 [recommended off]: dora alone do not make a win."""
    hints: bool = True
    """Show waits and ukeire on the private panel."""

    def __post_init__(self) -> None:
        if self.end not in END_MODES:
            raise ValueError(f"end must be one of {', '.join(END_MODES)}")
        if not 1 <= self.hands <= 100:
            raise ValueError("a game has 1 to 100 hands")
        if self.target <= 0 or self.minutes <= 0:
            raise ValueError("the target score and the minutes must be positive")
        if self.noten_penalty < 0 or self.noten_penalty % 2:
            raise ValueError("the no-ten penalty must be an even number of points, so it splits evenly")
        if self.mane_min < 1:
            raise ValueError("mane_min must be at least 1")
        self.han_table()  # raises for a malformed points table

    def han_table(self) -> HanTable:
        """The 早見表 these settings describe."""
        return HanTable.parse(
            self.points_table,
            kazoe_from=self.kazoe_from,
            per_han=self.kazoe_per_han,
            yonbaiman=self.yonbaiman,
            yakuman=self.yakuman,
        )

    def discard_rules(self) -> DiscardRules:
        """The discard-yaku choices."""
        return DiscardRules(
            even_palindromes=self.even_palindromes,
            mane_min=self.mane_min,
            chain_from_declaration=self.riichi_chain_at_declaration,
        )


# --- state ------------------------------------------------------------------------------------------


@dataclass
class _River:
    tile: int
    time: int
    """When it was discarded (one count per discard across the table), for 真似満."""
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
    set_aside: list[int] = field(default_factory=list)
    riichi: bool = False
    riichi_index: int | None = None
    double_riichi: bool = False
    ippatsu: bool = False
    temporary_furiten: bool = False
    riichi_furiten: bool = False
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


class InageGame(VariantGame[InageSettings, _Seat]):
    """One game of いなげ麻雀, from the first hand until the table stops."""

    settings_class = InageSettings
    variant: ClassVar[str] = "inage"
    aliases: ClassVar[tuple[str, ...]] = ("inage", "いなげ", "inage-mahjong")
    title: ClassVar[str] = "いなげ麻雀"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3

    def __init__(self, settings: InageSettings | None = None, *, seed: int = 0, players: int = 3) -> None:
        if players not in (2, 3):
            raise ValueError("いなげ麻雀 is played by 3 or 2 players (「３人または２人麻雀」)")
        self.settings = settings or InageSettings()
        self.seed = seed
        self.sequence = 0
        self._players = players
        self.tileset: TileSet = inage_tileset()
        self.tiles: tuple[Tile, ...] = self.tileset.tiles
        self.kinds: tuple[int, ...] = tuple(tile.kind for tile in self.tiles)
        self.shapes = inage_shapes()
        self.table = self.settings.han_table()
        self.scorer = InageScorer(self.shapes, self.table, dora_counts=self.settings.dora_count_for_minimum)
        self.discard_rules = self.settings.discard_rules()
        # 「いちばんはじめ？じゃんけんででも」: the first starter is drawn from the seed.
        self.first_starter = random.Random(f"inage:{seed}:starter").randrange(players)
        self.starter = self.first_starter
        self.points = [0] * players
        self.created = 0
        """Points added by tsumo and 流し満貫, which nobody pays: the ledger's expected total."""
        self.history: list[tuple[int, ...]] = [tuple(self.points)]
        self.hand_index = 0
        self.votes: set[int] = set()
        self.time_up = False
        self._outcome: Outcome | None = None
        self.last_result: WinView | dict[str, Any] | None = None
        self.last_results: list[WinView] = []
        self._start_hand()

    # --- the registry's hooks -----------------------------------------------------------------

    @property
    def players(self) -> int:
        """3 or 2."""
        return self._players

    @property
    def round_label(self) -> str:
        """第1局, 第2局 … (there are no winds to name a hand by)."""
        return f"第{self.hand_index + 1}局"

    def expected_points_total(self) -> int:
        """What the ledger must add up to: 0 plus every point a tsumo or 流し満貫 created."""
        return self.created

    # --- hand set-up ----------------------------------------------------------------------------

    def _start_hand(self, order: list[int] | None = None) -> None:
        rng = random.Random(f"inage:{self.seed}:hand:{self.hand_index}")
        if order is None:
            # 「山は積まないで伏せてかき混ぜるだけ」「ツモるときも適当なところから」: taking a uniformly
            # random tile each time is the same as taking the next of a shuffled pool.
            order = list(range(len(self.tiles)))
            rng.shuffle(order)
        self.salt = f"{rng.getrandbits(64):016x}"
        self.pool_digest = wall_digest(order, self.salt)
        self.pool: list[int] = order[::-1]
        n = self._players
        self.seats = [_Seat() for _ in range(n)]
        # 「王牌は始めに２枚だけ出し（表裏ドラ）」: one face up, one face down, out of play.
        self.dora: list[int] = [self.pool.pop()]
        self.ura: list[int] = [self.pool.pop()]
        # 「配牌は１０枚。適当に取って上家に回す」: each hand was grabbed by its owner's 下家.
        self.dealt_by = tuple((seat + 1) % n for seat in range(n))
        for offset in range(n):
            seat = self.seats[(self.starter + offset) % n]
            for _ in range(HAND_SIZE):
                self._take(seat, self.pool.pop())
        self.phase = "deal"
        self.turn = self.starter
        self.after_pon = False
        self.rinshan = False
        self.any_call = False
        self.first_go_around = True
        self.starter_draws = 0
        self.clock = 0
        self.last_discard: tuple[int, int] | None = None
        self.claim_kind = ""
        self.claim_from = 0
        self.claim_tile = 0
        self.claims: dict[int, tuple[Action, ...]] = {}
        self.responses: dict[int, Action] = {}
        self.deal_queue = [(self.starter + offset) % n for offset in range(n)]
        self.pending_events = [
            Event(
                "hand_start",
                {
                    "hand": self.hand_index,
                    "round": self.round_label,
                    "starter": self.starter,
                    "dealer": self.starter,
                    "pool_sha256": self.pool_digest,
                    "dora": [self.dora[0]],
                    "points": list(self.points),
                },
            )
        ]
        for index, seat in enumerate(self.seats):
            self.pending_events.append(
                Event(
                    "deal",
                    {"seat": index, "tiles": sorted(seat.concealed), "from": self.dealt_by[index]},
                    visible_to=(index,),
                )
            )
        self._advance_deal()

    def rig(
        self,
        hands: Sequence[str],
        draws: str = "",
        *,
        starter: int | None = None,
        dora: str = "",
        ura: str = "",
    ) -> None:
        """Restart the current hand from chosen tiles (for tests and puzzles).

        ``hands`` are every seat's 10 tiles in mpsz notation, seat 0 first; ``draws`` the next
        tiles taken from the pool, in order (the starter's first draw first; replacements and
        kan indicators take their turn). ``dora``/``ura`` are the indicators (default: two
        flowers, which point at nothing a hand can hold as a set). The rest of the pool follows
        in tile-id order, so every tile still exists once.
        """
        if starter is not None:
            self.starter = starter
        free = list(range(len(self.tiles)))

        def take(face: Tile) -> int:
            for index, tile in enumerate(free):
                if self.tiles[tile] == face:
                    return free.pop(index)
            raise ValueError(f"no {face} left to rig")

        dealt = [[take(face) for face in parse_tiles(text)] for text in hands]
        if len(dealt) != self._players or any(len(tiles) != HAND_SIZE for tiles in dealt):
            raise ValueError(f"rig needs {self._players} hands of {HAND_SIZE} tiles")
        indicators = [take(face) for face in parse_tiles(dora)] if dora else [free.pop()]
        under = [take(face) for face in parse_tiles(ura)] if ura else [free.pop()]
        drawn = [take(face) for face in parse_tiles(draws)]
        order = [indicators[0], under[0]]
        for offset in range(self._players):
            order += dealt[(self.starter + offset) % self._players]
        self._start_hand(order=order + drawn + free)

    # --- the deal-time set-aside step and 十三不塔 -------------------------------------------------

    def _deal_actions(self, seat_index: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        actions: list[Action] = []
        if self.settings.deal_set_aside:
            actions += [SetAside(seat_index, tile) for tile in self._side_tiles(seat)]
        if (
            self.settings.juusan_futou
            and not seat.juusan_futou
            and is_juusan_futou([self.kinds[tile] for tile in seat.concealed])
        ):
            actions.append(JuusanFutou(seat_index))
        if actions:
            actions.append(Pass(seat_index))
        return tuple(actions)

    def _side_tiles(self, seat: _Seat, only: int | None = None) -> list[int]:
        """One tile per kind that may be set aside (flowers, 西, 北)."""
        tiles = seat.concealed if only is None else [only]
        return self._distinct(tile for tile in tiles if self.kinds[tile] in SIDE_KINDS)

    def _advance_deal(self) -> None:
        """Move the deal step to the next seat with something to decide, or start play."""
        while self.deal_queue and not self._deal_actions(self.deal_queue[0]):
            self.deal_queue.pop(0)
        if self.deal_queue:
            return
        declared = [
            (self.starter + offset) % self._players
            for offset in range(self._players)
            if self.seats[(self.starter + offset) % self._players].juusan_futou
        ]
        if declared:
            self._settle_juusan_futou(declared)
        else:
            self._draw(self.starter)

    def _settle_juusan_futou(self, declared: list[int]) -> None:
        # 「配牌を渡した人が責任を取って払ってください」: each declarer is paid by their passer.
        changes = [0] * self._players
        for winner in declared:
            changes[winner] += self.table.yonbaiman
            changes[self.dealt_by[winner]] -= self.table.yonbaiman
        views = []
        pairs = []
        for winner in declared:
            payer = self.dealt_by[winner]
            seat = self.seats[winner]
            hand = sorted(seat.concealed, key=self._sort_key)
            pair = next(tile for tile in hand if count_of(seat.board, self.kinds[tile]) == 2)
            pairs.append(pair)
            views.append(
                self._win_view(
                    winner,
                    payer,
                    [tile for tile in hand if tile != pair],
                    pair,
                    (YakuLine("十三不塔", "Thirteen unconnected", 0, detail="四倍満"),),
                    0,
                    self.table.yonbaiman,
                    "四倍満",
                    changes,
                )
            )
        self._apply_changes(changes)
        self._report_win(declared, self.dealt_by[declared[0]], views, changes, self.table.yonbaiman, pairs[0])
        self._end_hand(declared[0])

    # --- drawing ------------------------------------------------------------------------------------

    def _draw(self, seat_index: int, *, replacement: bool = False, rinshan: bool = False) -> None:
        if not self.pool:
            self._exhaustive_draw()
            return
        seat = self.seats[seat_index]
        tile = self.pool.pop()
        self._take(seat, tile)
        seat.drawn = tile
        self.turn = seat_index
        self.phase = "turn"
        self.after_pon = False
        self.rinshan = rinshan
        if not replacement and seat_index == self.starter:
            self.starter_draws += 1
            # The first go-around (天和, 地和, 人和) lasts until the starter draws again.
            if self.starter_draws > 1:
                self.first_go_around = False
        self.pending_events.append(Event("draw", {"seat": seat_index, "tile": tile}, visible_to=(seat_index,)))
        self.pending_events.append(
            Event("drew", {"seat": seat_index, "tiles_left": len(self.pool), "replacement": replacement})
        )

    # --- decisions ------------------------------------------------------------------------------------

    def decisions(self) -> tuple[Decision, ...]:
        """Who must act now: a seat in the deal step, the seat on turn, or every claimant."""
        if self._outcome is not None:
            return ()
        if self.phase == "deal":
            seat = self.deal_queue[0]
            return (Decision(seat, self._deal_actions(seat), Pass(seat)),)
        if self.phase == "turn":
            actions = self._turn_actions(self.turn)
            return (Decision(self.turn, actions, self._turn_default(self.turn, actions)),)
        return tuple(
            Decision(seat, actions, Pass(seat))
            for seat, actions in sorted(self.claims.items())
            if seat not in self.responses
        )

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now: its decision's options, plus voting (and time-up) at any time."""
        if self._outcome is not None:
            return ()
        actions: tuple[Action, ...] = ()
        for decision in self.decisions():
            if decision.seat == seat:
                actions = decision.actions
        if 0 <= seat < self._players:
            actions += self.free_actions(seat)
            if self.time_limit_seconds is not None:
                actions += (TimeUp(seat),)
        return actions

    def free_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do at any moment, whether or not it is deciding: vote to end the
        game or take its vote back (「好きな時に終わってかまいません」)."""
        if self._outcome is not None or not 0 <= seat < self._players:
            return ()
        return (VoteEnd(seat, seat not in self.votes),)

    @property
    def time_limit_seconds(self) -> float | None:
        """How long after the start the host's clock sends time-up (``end`` is ``time``), or None."""
        if self.settings.end != "time" or self.time_up or self._outcome is not None:
            return None
        return self.settings.minutes * 60.0

    def _distinct(self, tiles: Iterable[int], prefer: int | None = None) -> list[int]:
        """One tile id per kind (いなげ has no red fives), preferring ``prefer`` for its kind."""
        chosen: dict[int, int] = {}
        if prefer is not None:
            chosen[self.kinds[prefer]] = prefer
        for tile in sorted(tiles):
            chosen.setdefault(self.kinds[tile], tile)
        return sorted(chosen.values(), key=self._sort_key)

    def _turn_actions(self, seat_index: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        actions: list[Action] = []
        if not self.after_pon and self._score(seat_index, seat.drawn, how="tsumo") is not None:
            actions.append(Tsumo(seat_index))
        if seat.riichi and seat.drawn is not None:
            # Riichi: the drawn tile goes, or is set aside, or makes a kan that keeps the waits.
            actions.append(Discard(seat_index, seat.drawn))
            if self.pool:
                actions += [SetAside(seat_index, tile) for tile in self._side_tiles(seat, only=seat.drawn)]
            actions += self._kans(seat_index, riichi=True)
            return tuple(actions)
        faces = self._distinct(seat.concealed, prefer=seat.drawn)
        actions += [Discard(seat_index, tile) for tile in faces]
        if self.after_pon:
            return tuple(actions)
        closed = all(meld.type is MeldType.ANKAN for meld in seat.melds)
        if closed and self.pool:
            # 「リーチ、と宣言して牌を横に向けておくだけ」: closed, tenpai after the discard, a draw left.
            actions += [
                Riichi(seat_index, tile)
                for tile in faces
                if self.shapes.is_tenpai(seat.board - (1 << (4 * self.kinds[tile])))
            ]
        if self.pool:
            actions += [SetAside(seat_index, tile) for tile in self._side_tiles(seat)]
        actions += self._kans(seat_index, riichi=False)
        return tuple(actions)

    def _kans(self, seat_index: int, *, riichi: bool) -> list[Action]:
        """Concealed kans and added kans; each needs two indicators and a replacement left."""
        seat = self.seats[seat_index]
        if len(self.pool) < 3:
            return []
        kans: list[Action] = []
        for kind in sorted({self.kinds[tile] for tile in seat.concealed}):
            if count_of(seat.board, kind) == 4:
                if riichi and not self._kan_keeps_waits(seat, kind):
                    continue
                tiles = tuple(sorted(tile for tile in seat.concealed if self.kinds[tile] == kind))
                kans.append(Kan(seat_index, tiles))
        if not riichi:
            for meld in seat.melds:
                if meld.type is MeldType.PON:
                    extra = [tile for tile in seat.concealed if self.kinds[tile] == meld.kind]
                    if extra:
                        kans.append(Kan(seat_index, (extra[0],)))
        return kans

    def _kan_keeps_waits(self, seat: _Seat, kind: int) -> bool:
        """In riichi, a concealed kan must use the drawn tile and leave the waits as they were."""
        if seat.drawn is None or self.kinds[seat.drawn] != kind:
            return False
        before = self.shapes.waits(seat.board - (1 << (4 * kind)))
        after = self.shapes.waits(seat.board - (4 << (4 * kind)))
        return bool(before) and before == after

    def _turn_default(self, seat_index: int, actions: tuple[Action, ...]) -> Action:
        """Tsumogiri; with no drawn tile (after a pon), the highest face the legal list offers."""
        seat = self.seats[seat_index]
        if seat.drawn is not None and Discard(seat_index, seat.drawn) in actions:
            return Discard(seat_index, seat.drawn)
        return [action for action in actions if isinstance(action, Discard)][-1]

    # --- applying actions ---------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one seat's choice and return what happened."""
        if self._outcome is not None:
            raise NotYourTurnError("the game is over")
        legal = self.legal_actions(action.seat)
        if not isinstance(action, VoteEnd | TimeUp) and not any(d.seat == action.seat for d in self.decisions()):
            raise NotYourTurnError("it is not your turn to act")
        if action not in legal:
            raise IllegalActionError(f"{type(action).__name__.lower()} is not allowed now")
        self.pending_events = []
        if isinstance(action, VoteEnd):
            self._vote(action)
        elif isinstance(action, TimeUp):
            self.time_up = True
            self.pending_events.append(Event("time_up", {"seat": action.seat}))
        elif self.phase == "deal":
            self._apply_deal(action)
        elif self.phase == "turn":
            self._apply_turn(action)
        else:
            self.responses[action.seat] = action
            if len(self.responses) == len(self.claims):
                self._resolve_claims()
        self.sequence += 1
        events, self.pending_events = self.pending_events, []
        return events

    def _vote(self, action: VoteEnd) -> None:
        if action.end:
            self.votes.add(action.seat)
        else:
            self.votes.discard(action.seat)
        self.pending_events.append(
            Event("vote_end", {"seat": action.seat, "end": action.end, "votes": len(self.votes)})
        )
        if len(self.votes) == self._players:
            # Everyone agreed: stop now; the hand in progress is not scored.
            self.pending_events.append(Event("pool_revealed", {"hand": self.hand_index, "salt": self.salt}))
            self._finish("投票で終了")

    def _apply_deal(self, action: Action) -> None:
        seat_index = action.seat
        seat = self.seats[seat_index]
        if isinstance(action, SetAside):
            self._give(seat, action.tile)
            seat.set_aside.append(action.tile)
            self.pending_events.append(Event("set_aside", {"seat": seat_index, "tile": action.tile, "deal": True}))
            # A deal-time set-aside cannot be claimed: the replacement comes at once.
            tile = self.pool.pop()
            self._take(seat, tile)
            self.pending_events.append(Event("draw", {"seat": seat_index, "tile": tile}, visible_to=(seat_index,)))
            self.pending_events.append(
                Event("drew", {"seat": seat_index, "tiles_left": len(self.pool), "replacement": True})
            )
        else:
            if isinstance(action, JuusanFutou):
                seat.juusan_futou = True
                self.pending_events.append(Event("juusan_futou", {"seat": seat_index}))
            self.deal_queue.pop(0)
        self._advance_deal()

    def _apply_turn(self, action: Action) -> None:
        seat_index = action.seat
        if isinstance(action, Tsumo):
            seat = self.seats[seat_index]
            assert seat.drawn is not None  # a tsumo is only offered on a drawn tile
            self._win([seat_index], from_seat=None, tile=seat.drawn, how="tsumo")
        elif isinstance(action, Riichi | Discard):
            self._discard(seat_index, action.tile, riichi=isinstance(action, Riichi))
        elif isinstance(action, SetAside):
            self._set_aside(seat_index, action.tile)
        elif isinstance(action, Kan):
            self._declare_kan(seat_index, action.tiles)

    def _discard(self, seat_index: int, tile: int, *, riichi: bool) -> None:
        seat = self.seats[seat_index]
        tsumogiri = tile == seat.drawn
        self._give(seat, tile)
        seat.drawn = None
        if riichi:
            seat.riichi = True
            seat.riichi_index = len(seat.river)
            seat.double_riichi = self.settings.double_riichi and not seat.river and self.first_go_around
            seat.ippatsu = self.settings.ippatsu
        else:
            seat.ippatsu = False
        seat.temporary_furiten = False
        self.rinshan = False
        self.clock += 1
        seat.river.append(_River(tile, self.clock, riichi=riichi, tsumogiri=tsumogiri))
        self.last_discard = (seat_index, len(seat.river) - 1)
        self.pending_events.append(
            Event("discard", {"seat": seat_index, "tile": tile, "riichi": riichi, "tsumogiri": tsumogiri})
        )
        self._open_claims("discard", seat_index, tile)

    def _set_aside(self, seat_index: int, tile: int) -> None:
        seat = self.seats[seat_index]
        self._give(seat, tile)
        seat.drawn = None
        seat.set_aside.append(tile)
        self.rinshan = False
        self.pending_events.append(Event("set_aside", {"seat": seat_index, "tile": tile, "deal": False}))
        # 「横においた牌でもポン・ロンの対象にはなります」: a claim window, as for a discard.
        self._open_claims("set_aside", seat_index, tile)

    def _declare_kan(self, seat_index: int, tiles: tuple[int, ...]) -> None:
        seat = self.seats[seat_index]
        kind = self.kinds[tiles[0]]
        if len(tiles) == 4:
            for tile in tiles:
                self._give(seat, tile)
            seat.melds.append(Meld(MeldType.ANKAN, kind, tiles=tiles))
            self.pending_events.append(Event("kan", {"seat": seat_index, "type": "ankan", "tiles": list(tiles)}))
            self._after_kan(seat_index)
            return
        # An added kan can be robbed (槍槓) before it stands.
        self.pending_events.append(Event("kakan_declared", {"seat": seat_index, "tile": tiles[0]}))
        self._open_claims("kakan", seat_index, tiles[0])

    def _complete_kakan(self, seat_index: int, tile: int) -> None:
        seat = self.seats[seat_index]
        self._give(seat, tile)
        index = next(
            i for i, meld in enumerate(seat.melds) if meld.type is MeldType.PON and meld.kind == self.kinds[tile]
        )
        pon = seat.melds[index]
        seat.melds[index] = Meld(
            MeldType.KAKAN, pon.kind, tiles=(*pon.tiles, tile), called=pon.called, from_seat=pon.from_seat
        )
        self.pending_events.append(Event("kan", {"seat": seat_index, "type": "kakan", "tiles": [*pon.tiles, tile]}))
        self._after_kan(seat_index)

    def _after_kan(self, seat_index: int) -> None:
        self._note_call()
        # 「カンしたら、もう１枚づつ出して槓ドラ・槓裏にします」; the new dora counts at once.
        self.dora.append(self.pool.pop())
        self.ura.append(self.pool.pop())
        self.pending_events.append(Event("dora", {"tile": self.dora[-1], "indicators": list(self.dora)}))
        self._draw(seat_index, replacement=True, rinshan=True)

    def _note_call(self) -> None:
        """Any pon or kan ends the first go-around and every ippatsu."""
        self.any_call = True
        self.first_go_around = False
        for seat in self.seats:
            seat.ippatsu = False

    # --- claims -------------------------------------------------------------------------------------

    def _open_claims(self, kind: str, from_seat: int, tile: int) -> None:
        self.claim_kind = kind
        self.claim_from = from_seat
        self.claim_tile = tile
        self.claims = {}
        self.responses = {}
        for offset in range(1, self._players):
            other = (from_seat + offset) % self._players
            options = self._claim_options(other, tile)
            if options:
                self.claims[other] = options
        if self.claims:
            self.phase = "claims"
        else:
            self._no_claim()

    def _claim_options(self, seat_index: int, tile: int) -> tuple[Action, ...]:
        seat = self.seats[seat_index]
        kind = self.kinds[tile]
        options: list[Action] = []
        waits = self.shapes.waits(seat.board)
        if kind in waits:
            if (
                not self._furiten(seat_index, waits)
                and self._may_ron(seat)
                and self._score(seat_index, tile, how=self.claim_kind)
            ):
                options.append(Ron(seat_index))
            else:
                # A winning tile the seat cannot take still makes it furiten for the go-around.
                self._note_missed_win(seat_index)
        can_call = not seat.riichi and self.claim_kind != "kakan" and self.pool
        if self.claim_kind == "set_aside" and kind not in PONNABLE_SIDE:
            can_call = False
        if can_call and count_of(seat.board, kind) >= 2:
            matching = sorted(t for t in seat.concealed if self.kinds[t] == kind)
            options.append(Pon(seat_index, (matching[0], matching[1])))
            # 「カンするごとに」: a discard may also be called for an open kan (not a set-aside tile).
            if self.claim_kind == "discard" and len(matching) == 3 and len(self.pool) >= 3:
                options.append(Kan(seat_index, tuple(matching)))
        if options:
            options.append(Pass(seat_index))
        return tuple(options)

    def _may_ron(self, seat: _Seat) -> bool:
        """「手牌が１０枚のときはリーチを掛けなければロンあがりできない（人和を除く）」 (INA-A1)."""
        return bool(seat.melds) or seat.riichi or self.first_go_around

    def _resolve_claims(self) -> None:
        source = self.claim_from
        order = [(source + offset) % self._players for offset in range(1, self._players)]
        rons = [seat for seat in order if isinstance(self.responses.get(seat), Ron)]
        for seat, options in self.claims.items():
            if any(isinstance(option, Ron) for option in options) and seat not in rons:
                self._note_missed_win(seat)
        calls = [(seat, self.responses[seat]) for seat in order if isinstance(self.responses.get(seat), Pon | Kan)]
        self.claims = {}
        self.responses = {}
        if rons:
            # INA-A14: by default only the claimant nearest in turn order wins (頭ハネ).
            winners = rons if self.settings.multiple_ron else rons[:1]
            self._win(winners, from_seat=source, tile=self.claim_tile, how=self.claim_kind)
            return
        if calls:
            seat_index, call = calls[0]
            self._call(seat_index, call)
            return
        self._no_claim()

    def _no_claim(self) -> None:
        """Nobody claimed: the discard stays, the set-aside gets its replacement, the kan stands."""
        self.phase = "turn"
        source = self.claim_from
        if self.claim_kind == "set_aside":
            # 「川に捨てたことにはならないので、新しい一枚をツモってくることができます」.
            self._draw(source, replacement=True)
        elif self.claim_kind == "kakan":
            self._complete_kakan(source, self.claim_tile)
        else:
            seat = self.seats[source]
            if self.settings.nagashi and self._nagashi_complete(seat):
                seat.nagashi = True
                if self.settings.nagashi_ends_hand:
                    self._nagashi_win(source)
                    return
            self._draw((source + 1) % self._players)

    def _nagashi_complete(self, seat: _Seat) -> bool:
        """「１８枚捨てた時点で判断します」: 18 discards, every one 么九, none of them claimed."""
        return (
            not seat.nagashi
            and len(seat.river) == 18
            and all(self.kinds[entry.tile] in YAOCHU and not entry.called for entry in seat.river)
        )

    def _call(self, seat_index: int, call: Action) -> None:
        seat = self.seats[seat_index]
        source = self.claim_from
        tile = self.claim_tile
        if self.claim_kind == "discard":
            self.seats[source].river[-1].called = True
        else:
            self.seats[source].set_aside.remove(tile)
        assert isinstance(call, Pon | Kan)
        for own in call.tiles:
            self._give(seat, own)
        self._note_call()
        if isinstance(call, Kan):
            meld = Meld(MeldType.MINKAN, self.kinds[tile], tiles=(*call.tiles, tile), called=tile, from_seat=source)
            seat.melds.append(meld)
            self.pending_events.append(
                Event("kan", {"seat": seat_index, "type": "minkan", "from": source, "tiles": list(meld.tiles)})
            )
            self._after_kan(seat_index)
            return
        meld = Meld(MeldType.PON, self.kinds[tile], tiles=(*call.tiles, tile), called=tile, from_seat=source)
        seat.melds.append(meld)
        self.turn = seat_index
        self.phase = "turn"
        self.after_pon = True
        self.rinshan = False
        seat.drawn = None
        self.pending_events.append(
            Event(
                "pon",
                {
                    "seat": seat_index,
                    "from": source,
                    "tiles": list(meld.tiles),
                    "called": tile,
                    "set_aside": self.claim_kind == "set_aside",
                },
            )
        )

    # --- winning and scoring ----------------------------------------------------------------------------

    def _score(self, seat_index: int, tile: int | None, *, how: str) -> InageScore | None:
        """The score of ``seat_index`` winning on ``tile`` (``how``: tsumo, discard, set_aside or
        kakan), or None if that is no legal win."""
        if tile is None:
            return None
        seat = self.seats[seat_index]
        tsumo = how == "tsumo"
        kind = self.kinds[tile]
        board = seat.board if tsumo else add_tile(seat.board, kind)
        if not self.shapes.is_agari(board):
            return None
        first = self.first_go_around and not self.any_call
        win = InageWin(
            concealed=board,
            win_tile=kind,
            melds=tuple(seat.melds),
            tsumo=tsumo,
            riichi=seat.riichi and not seat.double_riichi,
            double_riichi=seat.double_riichi,
            ippatsu=seat.ippatsu,
            haitei=tsumo and not self.pool,
            houtei=how == "discard" and not self.pool,
            rinshan=tsumo and self.rinshan,
            chankan=how == "kakan",
            yaridora=how == "set_aside" and kind in PONNABLE_SIDE,
            tenhou=tsumo and first and not seat.river and seat_index == self.starter,
            chiihou=tsumo and first and not seat.river and seat_index != self.starter,
            renhou=not tsumo and first,
            dora_indicators=tuple(self.kinds[t] for t in self.dora),
            ura_indicators=tuple(self.kinds[t] for t in self.ura),
            set_aside=tuple(self.kinds[t] for t in seat.set_aside),
            discards=self._discard_yaku(seat_index) if self.settings.discard_yaku else (),
        )
        return self.scorer.score(win)

    def _discard_yaku(self, seat_index: int) -> tuple[DiscardYaku, ...]:
        seat = self.seats[seat_index]
        others = [
            (index, [self.kinds[e.tile] for e in other.river], [e.time for e in other.river])
            for index, other in enumerate(self.seats)
            if index != seat_index
        ]
        return discard_yaku(
            [self.kinds[entry.tile] for entry in seat.river],
            seat.riichi_index,
            times=[entry.time for entry in seat.river],
            others=others,
            rules=self.discard_rules,
        )

    def _win(self, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
        scores = [self._score(winner, tile, how=how) for winner in winners]
        if any(score is None for score in scores):  # legal_actions only offers wins that score
            raise IllegalActionError("that hand does not win")
        changes = [0] * self._players
        views = []
        for winner, score in zip(winners, scores, strict=True):
            assert score is not None
            if from_seat is None:
                # 「自模は点が増えるだけ」: nobody pays for a tsumo.
                self.created += score.points
            else:
                # 「振り込んだひとの点数を４０点へらし、自分の点数を４０点増やします」.
                changes[from_seat] -= score.points
            changes[winner] += score.points
        if from_seat is not None:
            # The claimed tile leaves the river (or the set-aside area, or the added kan) and
            # joins the first winner's hand.
            if how == "discard":
                self.seats[from_seat].river.pop()
                self.last_discard = None
            elif how == "set_aside":
                self.seats[from_seat].set_aside.remove(tile)
            else:
                self._give(self.seats[from_seat], tile)
            self._take(self.seats[winners[0]], tile)
        for winner, score in zip(winners, scores, strict=True):
            assert score is not None
            seat = self.seats[winner]
            hand = [t for t in seat.concealed if t != tile]
            views.append(
                self._win_view(winner, from_seat, hand, tile, score.yaku, score.han, score.points, score.limit, changes)
            )
        self._apply_changes(changes)
        self._report_win(winners, from_seat, views, changes, views[0].points, tile)
        self._end_hand(winners[0])

    def _win_view(
        self,
        winner: int,
        from_seat: int | None,
        hand: Sequence[int],
        tile: int,
        yaku: tuple[YakuLine, ...],
        han: int,
        points: int,
        limit: str,
        changes: Sequence[int],
    ) -> WinView:
        seat = self.seats[winner]
        return WinView(
            variant=self.variant,
            round_label=self.round_label,
            winner=winner,
            from_seat=from_seat,
            hand=tuple(self.tiles[t] for t in sorted(hand, key=self._sort_key)),
            win_tile=self.tiles[tile],
            melds=tuple(self._meld_view(meld) for meld in seat.melds),
            yaku=yaku,
            han=han,
            fu=None,
            points=points,
            point_changes=tuple(changes),
            dora_indicators=tuple(self.tiles[t] for t in self.dora),
            ura_indicators=tuple(self.tiles[t] for t in self.ura),
            limit_name=limit,
        )

    def _report_win(
        self,
        winners: list[int],
        from_seat: int | None,
        views: list[WinView],
        changes: Sequence[int],
        points: int,
        tile: int,
    ) -> None:
        """One ``win`` event per hand (the first winner's, with everyone's changes)."""
        self.last_results = views
        self.last_result = views[0]
        first = views[0]
        self.pending_events.append(
            Event(
                "win",
                {
                    "winner": winners[0],
                    "winners": list(winners),
                    "wins": [{"winner": v.winner, "from": v.from_seat, "points": v.points} for v in views],
                    "from": from_seat,
                    "tile": tile,
                    "hand": sorted(self.seats[winners[0]].concealed, key=self._sort_key),
                    "han": first.han,
                    "points": points,
                    "yaku": [[line.name, line.han, line.yakuman, line.detail] for line in first.yaku],
                    "ura": list(self.ura),
                    "changes": list(changes),
                },
            )
        )

    def _nagashi_win(self, seat_index: int) -> None:
        """INA-A10: 流し満貫 is paid at once, like a tsumo, and ends the hand."""
        seat = self.seats[seat_index]
        changes = [0] * self._players
        changes[seat_index] = self.table.yonbaiman
        self.created += self.table.yonbaiman
        view = self._win_view(
            seat_index,
            None,
            seat.concealed,
            seat.river[-1].tile,
            (YakuLine("流し満貫", "Nagashi mangan", 0, detail="四倍満"),),
            0,
            self.table.yonbaiman,
            "四倍満",
            changes,
        )
        self._apply_changes(changes)
        self._report_win([seat_index], None, [view], changes, self.table.yonbaiman, seat.river[-1].tile)
        self._end_hand(seat_index)

    def _apply_changes(self, changes: Sequence[int]) -> None:
        for index, change in enumerate(changes):
            self.points[index] += change

    def _exhaustive_draw(self) -> None:
        # 「空テンなし、すなわち５枚目の牌を待っても形テン」: formal tenpai, yaku or not.
        tenpai = [self.shapes.is_tenpai(seat.board) for seat in self.seats]
        ready = sum(tenpai)
        changes = [0] * self._players
        if 0 < ready < self._players:
            # 「ノーテン罰符は場に４８点」: the no-ten players pay it, the tenpai players share it.
            penalty = self.settings.noten_penalty
            for index, is_ready in enumerate(tenpai):
                changes[index] = penalty // ready if is_ready else -penalty // (self._players - ready)
        self._apply_changes(changes)
        hands = [
            sorted(seat.concealed, key=self._sort_key) if tenpai[index] else None
            for index, seat in enumerate(self.seats)
        ]
        self.last_result = {"type": "draw", "round": self.round_label, "tenpai": tenpai, "hands": hands}
        self.last_results = []
        self.pending_events.append(Event("exhaustive_draw", {"tenpai": tenpai, "hands": hands, "changes": changes}))
        self._end_hand(self.starter if self.settings.draw_keeps_starter else (self.starter + 1) % self._players)

    def _end_hand(self, next_starter: int) -> None:
        if not self.settings.nagashi_ends_hand:
            for index, seat in enumerate(self.seats):
                if seat.nagashi:
                    # INA-A10 alternative: 流し満貫 is paid when the hand is over.
                    self.points[index] += self.table.yonbaiman
                    self.created += self.table.yonbaiman
                    self.pending_events.append(Event("nagashi", {"seat": index, "points": self.table.yonbaiman}))
        self.pending_events.append(Event("pool_revealed", {"hand": self.hand_index, "salt": self.salt}))
        self.history.append(tuple(self.points))
        self.hand_index += 1
        self.starter = next_starter
        self.phase = "ended"
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
        events = self.pending_events
        self._start_hand()
        self.pending_events = events + self.pending_events

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        placements = placements_by_points(self.points, first_dealer=self.first_starter)
        self._outcome = Outcome(
            points=tuple(self.points), placements=placements, hands_played=self.hand_index, reason=reason
        )
        self.pending_events.append(
            Event("game_end", {"points": list(self.points), "placements": list(placements), "reason": reason})
        )

    # --- views ------------------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        """The table as everyone sees it (the ura indicators stay face down)."""
        seats = tuple(
            self._seat_public(
                index,
                wind=None,
                dealer=index == self.starter,
                set_aside=tuple(self.tiles[t] for t in seat.set_aside),
            )
            for index, seat in enumerate(self.seats)
        )
        return PublicView(
            variant=self.variant,
            round_label=self.round_label,
            seats=seats,
            tiles_left=len(self.pool),
            dora_indicators=tuple(self.tiles[t] for t in self.dora),
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
            self.tiles[action.tile]
            for action in self.legal_actions(seat_index)
            if isinstance(action, Discard | SetAside)
        )
        selectable = tuple(dict.fromkeys(selectable))
        waits, ukeire, furiten = self._hand_hints(seat_index, seat.board)
        votes = f"終了投票 {len(self.votes)}/{self._players}" if self.votes else ""
        return SeatView(
            public=self.public_view(),
            seat=seat_index,
            hand=tuple(self.tiles[t] for t in hand),
            drawn=self.tiles[drawn] if drawn is not None else None,
            selectable=selectable,
            waits=waits,
            ukeire=ukeire,
            furiten=furiten,
            private_note=votes,
        )

    # --- invariants and hashing -------------------------------------------------------------------

    def all_tile_locations(self) -> list[int]:
        """Every tile id wherever it is now: pool, indicators, hands, rivers, melds, set aside."""
        tiles = list(self.pool) + list(self.ura)
        for seat in self.seats:
            tiles += seat.concealed
        return tiles + self.public_tiles()

    def public_tiles(self) -> list[int]:
        """Tile ids anyone may see: rivers (claimed tiles sit in their meld), melds, set-aside
        tiles and the face-up indicators. The ura indicators are nobody's until the hand ends."""
        tiles = [entry.tile for seat in self.seats for entry in seat.river if not entry.called]
        tiles += [tile for seat in self.seats for meld in seat.melds for tile in meld.tiles]
        tiles += [tile for seat in self.seats for tile in seat.set_aside]
        return tiles + list(self.dora)

    def concealed_tiles(self, seat_index: int) -> list[int]:
        """Tile ids only ``seat_index`` may see."""
        return list(self.seats[seat_index].concealed)

    def state_hash(self) -> str:
        """A digest of everything that defines the state."""
        parts: list[Any] = [
            self.hand_index,
            self.starter,
            self.points,
            self.created,
            self.pool,
            self.dora,
            self.ura,
            self.phase,
            self.turn,
            self.after_pon,
            self.rinshan,
            self.any_call,
            self.first_go_around,
            self.starter_draws,
            self.clock,
            self.last_discard,
            self.claim_kind,
            self.claim_from,
            self.claim_tile,
            sorted((seat, repr(actions)) for seat, actions in self.claims.items()),
            sorted((seat, repr(action)) for seat, action in self.responses.items()),
            self.deal_queue,
            sorted(self.votes),
            self.time_up,
            self.sequence,
        ]
        for seat in self.seats:
            parts.append(
                (
                    sorted(seat.concealed),
                    seat.drawn,
                    [(e.tile, e.time, e.riichi, e.called, e.tsumogiri) for e in seat.river],
                    [(m.type.value, m.tiles, m.from_seat) for m in seat.melds],
                    seat.set_aside,
                    seat.riichi,
                    seat.riichi_index,
                    seat.double_riichi,
                    seat.ippatsu,
                    seat.temporary_furiten,
                    seat.riichi_furiten,
                    seat.juusan_futou,
                    seat.nagashi,
                )
            )
        return state_digest(parts)
