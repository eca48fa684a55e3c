"""CPU players that play any variant through the Game protocol, seeing only their own view.

The ladder (after kobalab's majiang-ai and tenhou-python-bot): take any win; discard for the
lowest shanten, then the most live tiles that help (ukeire counted against what is visible;
one from tenpai, each weighted by the live waits of the tenpai it makes), priced by the hand;
call (pon, chi, an open kan) only when the call keeps a yaku in reach and brings the hand
closer; declare riichi when tenpai on a live wait. Against a riichi every tile gets a deal-in
chance (:mod:`bot.engine.defence`: what the riichi hand let pass, suji, kabe, one-chance,
honours by count) and the hand's rough value sets how much of it is worth taking: a good or
dear tenpai pushes, a cheap hand far away plays safe tiles, building with them where they fit.
The CPU only ever picks from the legal actions it is given, so it cannot act illegally.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.engine.defence import RiichiHistory, TileDanger, hand_board, kokushi_prior, read_threats, visible_board
from bot.engine.game import Action, Chi, Discard, Game, Kan, Pass, Pick, Pon, Riichi, Ron, SetAside, Tsumo
from bot.engine.shapes import ShapeRules, add_tile, count_of, remove_tile
from bot.engine.tiles import HONORS, NUM_STANDARD_KINDS, Kind, Tile, dora_after, is_honor, suit_of
from bot.engine.views import PublicView, SeatView

__all__ = ["CpuPlayer"]

DRAGONS = frozenset({Kind.WHITE, Kind.GREEN, Kind.RED})

# Push or fold: the deal-in chance (percent, see bot.engine.defence) a hand is worth taking.
FREE_TILE = 0.85
"""Far from tenpai (or late in the wall): only tiles about as safe as 現物 (an honour with every
copy in sight is 0, with three 1.1)."""
PUSH_ONE_AWAY = 6.8
"""One from tenpai: a suji (a suji terminal is 4.9), a one-chance tile or a well-counted honour
(three times that with a big hand)."""
PUSH_TENPAI = 17.0
"""Tenpai: most tiles but a live middle one, 17.9 (twice that with a good wait, again with a big hand)."""
GOOD_WAIT = 5
"""Live tiles that make a wait worth pushing."""
BIG_HAND = 6
"""A hand worth this many of the cheapest win pushes harder (in the usual table a child's 満貫 or
a dealer's 3 han; in a flat one like いなげ's, none but a 役満)."""
LATE_WALL = 12
"""Tiles left under which a hand not yet tenpai stops pushing."""
PLAIN_STICK = 1000
"""A plain riichi's stick: a seat with less cannot pay for a larger one."""
RACE_WON = 0.6
"""The share of a hand's chances to win that an opponent does not take first."""
HAND_POINTS = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000)
"""A non-dealer's rough price of a hand by han (riichi or yaku included), where the game gives none."""
EARLY_WALL = 40
"""Tiles left from which a hand may give up a shanten for value."""
DETOUR_WORTH = 1.5
"""How much dearer a hand a shanten back must be to be worth the detour."""
FLUSH_REACH = 0.5
"""How much of a flush's han a hand keeps for each tile it still holds of another suit."""
RIICHI_EXTRAS = 1
"""Han a riichi win picks up on average that the hand does not show (裏ドラ, 一発, 門前ツモ): the
price of the hand a riichi that raises its stake (イナズマ) is weighed on."""
SWING_HAN = 5
"""The han of the dearest deal-in the standings are weighed against at the game's last hand (a
child's 満貫 in the usual table)."""
NO_LIMIT = 100.0
"""A push cap no tile exceeds: at the last hand, a seat no deal-in can cost a place plays on."""


@dataclass(frozen=True, slots=True)
class _Option:
    """One candidate discard: its kind, the action, shanten and live tiles after it, deal-in %."""

    kind: int
    action: Action
    shanten: int
    ukeire: int
    risk: float
    reach: float
    """Live tiles weighted by what they lead to: one from tenpai, each draw by the live waits of
    the best tenpai it makes; otherwise the live tiles themselves."""


@dataclass(frozen=True, slots=True)
class _Reading:
    """What one decision reads off the view once: the hand, every tile seen outside it, and the
    danger of each tile against the riichi on the table (empty without one)."""

    board: int
    visible: int
    danger: TileDanger


@dataclass
class CpuPlayer:
    """A heuristic CPU for one seat. ``tiles`` maps tile ids to faces (the variant's tile set)."""

    shapes: ShapeRules
    tiles: Sequence[Tile]
    seed: int = 0
    prices: Sequence[int] = HAND_POINTS
    """A non-dealer's ron by han (the game's ``han_prices``): what a hand it builds is worth."""

    @classmethod
    def for_game(cls, game: Game, seed: int) -> CpuPlayer:
        """A CPU for one of ``game``'s seats, pricing hands by the game's points table."""
        return cls(game.shapes, game.tiles, seed=seed, prices=game.han_prices)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._riichi_history = RiichiHistory()
        # 三麻 without 2m-8m: 1m and 9m point to each other as dora indicators.
        limits = self.shapes.limits
        self._sanma = limits[Kind.M1] > 0 and limits[Kind.M2] == 0
        # Worked out once per process and set of shapes (20-40 ms): at the table's start, not
        # inside the first decision against a riichi.
        kokushi_prior(self.shapes)

    def choose(self, view: SeatView, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (which must be the seat's legal actions)."""
        self._riichi_history.observe(view)
        for action in actions:
            if isinstance(action, Tsumo | Ron):
                return action
        discards = [a for a in actions if isinstance(a, Discard | Riichi)]
        set_asides = [a for a in actions if isinstance(a, SetAside)]
        reading = self._read(view) if discards or set_asides else None
        if set_asides and reading is not None:
            discardable = {self.tiles[a.tile].kind for a in discards}
            set_aside = self._choose_set_aside(view, reading, set_asides, discardable)
            if set_aside is not None:
                return set_aside
        picks = [a for a in actions if isinstance(a, Pick)]
        if picks:
            return self._choose_pick(view, picks)
        own_kans = [a for a in actions if isinstance(a, Kan) and len(a.tiles) in (1, 4)]
        kan = self._choose_own_kan(view, own_kans) if discards else None
        if kan is not None:
            return kan
        if discards and reading is not None:
            return self._choose_discard(view, reading, actions)
        call = self._choose_call(view, actions)
        if call is not None:
            return call
        for action in actions:
            if isinstance(action, Pass):
                return action
        return actions[0]

    def reconsider(self, view: SeatView, actions: Sequence[Action]) -> Action | None:
        """A choice locked in during a simultaneous phase (``view.locked``), weighed again now
        that the table has changed (a riichi declared in the same round, say): the action to
        switch to among ``actions`` (what the seat may switch to), or None to keep the lock.

        The lock is put back in the hand and offered beside ``actions``, so the CPU chooses as
        if it were choosing afresh; a locked tsumo is a win and is always kept."""
        if view.locked is None or view.locked_tsumo:
            return None
        keep = next((Discard(view.seat, tile) for tile, face in enumerate(self.tiles) if face == view.locked), None)
        if keep is None:
            return None
        held = (*view.hand, *([view.drawn] if view.drawn is not None else []))
        afresh = dataclasses.replace(view, hand=held, drawn=view.locked, locked=None)
        chosen = self.choose(afresh, [keep, *actions])
        same_tile = isinstance(chosen, Discard) and self.tiles[chosen.tile] == view.locked
        return None if chosen == keep or same_tile else chosen

    # --- what the seat can see ------------------------------------------------------------------

    def _read(self, view: SeatView) -> _Reading:
        board = hand_board(view)
        visible = visible_board(view)
        return _Reading(board, visible, self._danger(view, board, visible))

    def _danger(self, view: SeatView, board: int, visible: int | None = None) -> TileDanger:
        """The deal-in chance of every tile against the riichi on the table, read off the view.
        The one place the CPU learns it: ``bench.cpu``'s oracle seat overrides it to measure
        what a perfect reading would be worth."""
        return read_threats(view, self.shapes, board, self._riichi_history, visible)

    def _threats(self, view: SeatView) -> list[int]:
        return [seat.seat for seat in view.public.seats if seat.riichi and seat.seat != view.seat]

    # --- set-aside tiles (横ドラ, 抜きドラ, flowers) --------------------------------------------------

    def _choose_set_aside(
        self, view: SeatView, reading: _Reading, options: Sequence[SetAside], discardable: Collection[int]
    ) -> SetAside | None:
        """Set aside a flower, a tile the river may not take (チンイツゲーム's North), or an honour
        held alone: it forms nothing in hand, and setting it aside is worth a dora and a
        replacement tile."""
        board, danger = reading.board, reading.danger
        # A tile set aside can be claimed like a discard (いなげ's 槍ドラ): against a riichi only
        # one the hand would also be willing to discard.
        cap = self._push_cap(view, board, self.shapes.shanten(board), good_wait=False) if danger else 0.0
        for action in options:
            kind = self.tiles[action.tile].kind
            lone_honour = is_honor(kind) and count_of(board, kind) == 1
            # On a turn (there are discards), a kind with no discard may only ever be set aside.
            stuck = bool(discardable) and kind not in discardable
            if kind >= NUM_STANDARD_KINDS or stuck or (lone_honour and (not danger or danger.percent(kind) <= cap)):
                return action
        return None

    # --- discards -------------------------------------------------------------------------------

    def _choose_discard(self, view: SeatView, reading: _Reading, actions: Sequence[Action]) -> Action:
        board, visible, danger = reading.board, reading.visible, reading.danger
        by_kind: dict[int, Action] = {}
        riichi_by_kind: dict[int, Riichi] = {}
        for action in actions:
            if isinstance(action, Riichi):
                riichi_by_kind.setdefault(self.tiles[action.tile].kind, action)
            elif isinstance(action, Discard):
                face = self.tiles[action.tile]
                # Keep red fives: prefer discarding a plain copy of the same kind.
                current = by_kind.get(face.kind)
                if current is None or (self.tiles[current.tile].red and not face.red):  # type: ignore[attr-defined]
                    by_kind[face.kind] = action
        if not by_kind:  # a hand in riichi whose only discard declares (or none is plain)
            by_kind = dict(riichi_by_kind)
        shantens = {kind: self.shapes.shanten(remove_tile(board, kind)) for kind in by_kind}
        best_shanten = min(shantens.values())
        # Live tiles (34 shanten calls a candidate) only where they can decide: among the best
        # discards, or, against a riichi, among those a push or a weave may choose.
        # Early in the wall a hand may also step back a shanten for a dearer hand (a flush).
        early = view.public.tiles_left >= EARLY_WALL and best_shanten >= 1
        # Where furiten blocks tsumo a furiten tenpai wins nothing and ranks with the hands one
        # away, so their live tiles count too.
        strict = view.public.strict_furiten
        worth = best_shanten + 1 if danger or early or strict else best_shanten
        options = []
        river = {entry.tile.kind for entry in view.public.seats[view.seat].river}
        for kind, action in by_kind.items():
            after = remove_tile(board, kind)
            shanten = shantens[kind]
            counted = shanten <= worth and shanten < 8
            draws = self.shapes.ukeire(after, visible) if counted else {}
            ukeire = sum(draws.values())
            reach = float(ukeire)
            discarded = river | {kind}
            if shanten == 0 and discarded & set(self.shapes.waits(after)):
                if strict:
                    # Only a draw that changes the wait can still make it a hand that wins.
                    shanten = 1
                    reach, ukeire = self._tenpai_reach(after, visible, None, discarded, view.public)
                else:
                    ukeire = int(ukeire * self._furiten_share(view.public))
                    reach = float(ukeire)
            elif shanten == 1 and draws and (best_shanten == 1 or strict):
                reach, _ = self._tenpai_reach(after, visible, draws, discarded, view.public)
            risk = danger.percent(kind) if danger else 0.0
            options.append(_Option(kind, action, shanten, ukeire, risk, reach))
        best_shanten = min(option.shanten for option in options)
        if danger:
            chosen = self._against_riichi(view, board, options, best_shanten, danger)
        else:
            chosen = self._building(view, board, options, best_shanten, early=early)
        if chosen.shanten == 0 and chosen.kind in riichi_by_kind and chosen.ukeire > 0 and view.public.tiles_left >= 4:
            return self._riichi_of(view, board, actions, riichi_by_kind[chosen.kind], chosen.ukeire)
        return chosen.action

    @staticmethod
    def _furiten_share(public: PublicView) -> float:
        """What a フリテン wait keeps of its live tiles: it wins by tsumo only, one tile in every
        go-round of the table instead of all of them; nothing where furiten blocks tsumo too."""
        return 0.0 if public.strict_furiten else 1 / len(public.seats)

    def _tenpai_reach(
        self, board: int, visible: int, draws: dict[int, int] | None, river: Collection[int], public: PublicView
    ) -> tuple[float, int]:
        """One from tenpai: for every draw that reaches a tenpai, its live copies times the live
        waits of the best tenpai it makes, over the waits a plain tenpai has (``GOOD_WAIT``), so
        a shape that reaches good waits beats one that reaches as often onto a single tile; and
        the live copies of those draws. ``draws`` None is every live tile (from a furiten tenpai,
        any draw may change the wait). A wait among the kinds in ``river`` makes the tenpai
        フリテン, worth only :meth:`_furiten_share` of it."""
        left = self.shapes.remaining(board, visible)
        if draws is None:
            draws = {draw: copies for draw, copies in enumerate(left[:NUM_STANDARD_KINDS]) if copies}
        furiten_share = self._furiten_share(public)
        total = 0.0
        reaching = 0
        for draw, copies in draws.items():
            drawn = add_tile(board, draw)
            best = 0.0
            for cut in range(NUM_STANDARD_KINDS):
                if not count_of(drawn, cut) or cut == draw:
                    continue
                tenpai = remove_tile(drawn, cut)
                if self.shapes.shanten(tenpai) != 0:
                    continue
                waits = self.shapes.waits(tenpai)
                wait = float(sum(max(0, left[kind] - (kind == draw)) for kind in waits))
                if any(kind == cut or kind in river for kind in waits):
                    wait *= furiten_share
                best = max(best, wait)
            total += copies * best
            reaching += copies if best else 0
        return total / GOOD_WAIT, reaching

    def _building(
        self, view: SeatView, board: int, options: Sequence[_Option], best_shanten: int, *, early: bool
    ) -> _Option:
        """No threat: the discard at the best shanten that lays a discard yaku in the river
        (いなげ's 捨牌役, han for free), then the most live tiles weighted by what the hand is worth
        (a dora kept, a flush kept in reach). Early in the wall a discard a shanten back is taken
        when it makes the hand far dearer: the first step into a flush costs a tile of speed."""
        gains = view.discard_gains
        values = {o.kind: self._hand_value(view, remove_tile(board, o.kind)) for o in options if o.ukeire}
        best = min(
            options,
            key=lambda o: (
                o.shanten,
                -gains.get(o.kind, 0),
                -o.reach * values.get(o.kind, 0),
                self._keep_value(view, o.kind, board),
            ),
        )
        if early and best.kind in values:
            dearer = [
                o
                for o in options
                if o.shanten == best_shanten + 1 and values.get(o.kind, 0) >= DETOUR_WORTH * values[best.kind]
            ]
            if dearer:
                return max(dearer, key=lambda o: o.reach * values[o.kind])
        return best

    def _against_riichi(
        self, view: SeatView, board: int, options: Sequence[_Option], best_shanten: int, danger: TileDanger
    ) -> _Option:
        """Push, weave or fold: take the best shape among the tiles whose deal-in chance the hand
        is worth; a hand not worth the risk plays the safest tile, keeping what shape it can.

        Against a riichi the safest tiles are often free (what the riichi hand let pass, a dead
        suji): a hand far from tenpai still builds with them rather than give up."""
        best_wait = max(o.ukeire for o in options if o.shanten == best_shanten)
        cap = self._push_cap(view, board, best_shanten, good_wait=best_wait >= GOOD_WAIT)
        pushing = [o for o in options if o.risk <= cap]
        if pushing:
            return min(pushing, key=lambda o: (o.shanten, -o.reach, o.risk, self._keep_value(view, o.kind, board)))
        # Nothing on the way is worth it: the safest tile, the least harmful of equally safe ones.
        return min(options, key=lambda o: (round(o.risk, 1), o.shanten, -o.ukeire))

    def _push_cap(self, view: SeatView, board: int, shanten: int, *, good_wait: bool) -> float:
        """The deal-in chance (percent) a hand ``shanten`` from tenpai is worth taking."""
        # At the last hand a seat with no place to lose plays on; further than one from tenpai
        # it would seldom win, and the points it pays still count in the final score.
        if shanten <= 1 and self._nothing_to_lose(view):
            return NO_LIMIT
        big = self._hand_value(view, board) >= BIG_HAND * self._points(1)
        if shanten <= 0:
            return PUSH_TENPAI * (2 if good_wait else 1) * (2 if big else 1)
        if view.public.tiles_left < LATE_WALL:
            return FREE_TILE
        if shanten == 1:
            return PUSH_ONE_AWAY * (3 if big else 1)
        return FREE_TILE

    def _nothing_to_lose(self, view: SeatView) -> bool:
        """At the game's last hand, whether no deal-in to a riichi on the table could cost the
        seat a place: it is last already, or further ahead of everyone than a dear hand
        (``SWING_HAN``, as the riichi seat's dealer and stakes make it) could swing."""
        public = view.public
        if not public.final_hand:
            return False
        me = public.seats[view.seat]
        others = [seat for seat in public.seats if seat.seat != view.seat]
        if all(seat.points > me.points for seat in others):
            return True
        for threat in others:
            if not threat.riichi:
                continue
            loss = self._points(SWING_HAN) * threat.stakes * me.stakes * (3 if threat.dealer else 2) // 2
            after = me.points - loss
            if any(after <= seat.points + (loss if seat is threat else 0) for seat in others):
                return False
        return True

    def _hand_value(self, view: SeatView, board: int, *, extra_han: int = 0) -> int:
        """A rough price of the hand if it wins, in the game's points (×1.5 for the dealer): one
        han for riichi or a yaku (and ``extra_han``), one per dora and red five held, one per
        yakuhai set, and a 清一色 or 混一色 by how near the hand is to it; times the stakes of
        the seat and of the average payer (ずーの's 割れ目 doubles what it pays or receives)."""
        me = view.public.seats[view.seat]
        kinds = [k for k in range(NUM_STANDARD_KINDS) for _ in range(count_of(board, k))]
        kinds += [tile.kind for meld in me.melds for tile in meld.tiles]
        dora = [dora_after(tile.kind, sanma=self._sanma) for tile in view.public.dora_indicators]
        han = 1 + extra_han + sum(kinds.count(kind) for kind in dora)
        held = [*view.hand, *([view.drawn] if view.drawn is not None else [])]
        han += sum(1 for tile in held if tile.red) + sum(1 for meld in me.melds for tile in meld.tiles if tile.red)
        # 抜きドラ and 横ドラ are dora where they are set aside, and so are flowers where the game says.
        han += sum(1 for tile in me.set_aside if tile.kind < NUM_STANDARD_KINDS or view.public.flower_dora)
        han += sum(1 for kind in set(kinds) if kinds.count(kind) >= 3 and self._is_yakuhai(view, kind))
        flush, reach = self._flush(kinds, closed=not me.melds)
        points = (1 - reach) * self._points(han) + reach * self._points(han + flush)
        payers = [seat.stakes for seat in view.public.seats if seat.seat != view.seat]
        points *= me.stakes * sum(payers) / max(1, len(payers))
        return int(points * 3 // 2 if me.dealer else points)

    def _points(self, han: int) -> int:
        return self.prices[min(han, len(self.prices) - 1)]

    @staticmethod
    def _flush(kinds: Sequence[int], *, closed: bool) -> tuple[int, float]:
        """清一色 (one number suit) or 混一色 (with honours) the hand is making: its han, and how
        near it is (1 with every tile in the suit, halved for each tile of another suit)."""
        suits = Counter(suit_of(k) for k in kinds if not is_honor(k))
        if not suits:
            return 0, 0.0
        off_suit = sum(suits.values()) - max(suits.values())
        han = (3 if any(is_honor(k) for k in kinds) else 6) - (0 if closed else 1)
        return han, FLUSH_REACH**off_suit

    def _riichi_of(self, view: SeatView, board: int, actions: Sequence[Action], plain: Riichi, wait: int) -> Riichi:
        """The plain riichi, or another kind on the same tile: one that pays more for a larger
        stake (ずーの's イナズマ) when the hand's chance and value make it pay, or one the CPU
        declares now and then (5等三麻's open riichi), as often as its ``cpu_share`` says."""
        others = [a for a in actions if isinstance(a, Riichi) and a.tile == plain.tile and type(a) is not type(plain)]
        for action in others:
            if action.payout > plain.payout and self._worth_the_stake(view, board, action, wait):
                return action
        for action in others:
            if action.cpu_share > 0 and self._rng.random() < action.cpu_share:
                return action
        return plain

    def _worth_the_stake(self, view: SeatView, board: int, riichi: Riichi, wait: int) -> bool:
        """Whether the extra a win would bring covers the stake lost otherwise. Never on points
        the seat does not have: a borrowed stick (借りイナズマ) that fails busts the seat."""
        me = view.public.seats[view.seat]
        if me.points < PLAIN_STICK + riichi.stake:
            return False
        chance = self._win_chance(view, wait)
        gain = chance * self._hand_value(view, board, extra_han=RIICHI_EXTRAS) * (riichi.payout - 1)
        return gain > (1 - chance) * riichi.stake

    def _win_chance(self, view: SeatView, wait: int) -> float:
        """A rough chance that a tenpai hand with ``wait`` live tiles wins before the hand ends:
        every tile it sees (its draws, about as many discards it could ron) may be one of them,
        and an opponent may win first."""
        players = len(view.public.seats)
        unseen = max(1, view.public.tiles_left + 13 * (players - 1))
        seen = 2 * view.public.tiles_left / players
        missed: float = (1 - min(wait, unseen) / unseen) ** seen
        return RACE_WON * (1 - missed)

    def _choose_own_kan(self, view: SeatView, kans: Sequence[Kan]) -> Kan | None:
        """A concealed or added kan that costs the hand nothing: the shanten after setting the
        tiles aside is no worse than the best discard's (a kan adds a dora and a rinshan draw).
        Never while someone else is in riichi: the new dora helps them as much."""
        if not kans or self._threats(view):
            return None
        board = hand_board(view)
        now = self.shapes.shanten(board)
        for kan in kans:
            kind = self.tiles[kan.tiles[0]].kind
            after = board
            for _ in kan.tiles:
                after = remove_tile(after, kind)
            if self.shapes.shanten(after) <= now:
                return kan
        return None

    def _choose_pick(self, view: SeatView, picks: Sequence[Pick]) -> Pick:
        """A draft: take the tile after which the best discard leaves the lowest shanten, then the
        most live tiles; a tile that completes the hand wins outright. Against a riichi a hand not
        worth a push takes the safest tile instead: the discards that follow are all at once, and
        a hand folding with nothing safe deals in."""
        board = hand_board(view)
        shanten: dict[Pick, int] = {}
        rests: dict[Pick, list[int]] = {}
        for pick in picks:
            after = add_tile(board, self.tiles[pick.tile].kind)
            if self.shapes.shanten(after) < 0:
                return pick
            rests[pick] = [remove_tile(after, kind) for kind in range(NUM_STANDARD_KINDS) if count_of(after, kind)]
            shanten[pick] = min(self.shapes.shanten(rest) for rest in rests[pick])
        best = min(shanten.values())
        if self._threats(view) and self._push_cap(view, board, best, good_wait=False) <= FREE_TILE:
            danger = self._danger(view, board)
            return min(picks, key=lambda pick: (round(danger.percent(self.tiles[pick.tile].kind), 1), shanten[pick]))
        tied = [pick for pick in picks if shanten[pick] == best]
        if len(tied) == 1:
            return tied[0]
        # Live tiles are counted only between the picks that tie on shanten: the costly part.
        visible = visible_board(view)

        def value(pick: Pick) -> tuple[int, bool]:
            ukeire = max(
                sum(self.shapes.ukeire(rest, visible).values())
                for rest in rests[pick]
                if self.shapes.shanten(rest) == best
            )
            return (-ukeire, not self.tiles[pick.tile].red)

        return min(tied, key=value)

    def _keep_value(self, view: SeatView, kind: int, board: int) -> int:
        """Lower means a better discard among equals: lone honours and terminals go first."""
        if is_honor(kind):
            value = 10 if self._is_yakuhai(view, kind) else 0
            return value + 5 * (count_of(board, kind) - 1)
        rank = kind % 9 + 1
        neighbours = sum(
            count_of(board, other)
            for other in (kind - 2, kind - 1, kind + 1, kind + 2)
            if 0 <= other < 27 and other // 9 == kind // 9
        )
        return 4 * neighbours + (3 if 3 <= rank <= 7 else 1) + 2 * (count_of(board, kind) - 1)

    # --- calls ----------------------------------------------------------------------------------

    def _is_yakuhai(self, view: SeatView, kind: int) -> bool:
        seat = view.public.seats[view.seat]
        return kind in DRAGONS or (kind in HONORS and kind in (seat.wind, self._round_wind(view)))

    @staticmethod
    def _round_wind(view: SeatView) -> int | None:
        label = view.public.round_label
        return Kind.EAST + "東南西北".index(label[0]) if label and label[0] in "東南西北" else None

    def _choose_call(self, view: SeatView, actions: Sequence[Action]) -> Action | None:
        """The claim worth making on the tile on offer, if any: a pon or chi that brings the hand
        closer with a yaku kept, or an open kan that costs nothing. Against a riichi only a call
        that reaches tenpai or one from it with a tile worth pushing to discard after, or one with
        a free tile to discard after."""
        board = hand_board(view)
        before = self.shapes.shanten(board)
        danger = self._danger(view, board)
        no_place_to_lose = bool(danger) and self._nothing_to_lose(view)
        best: tuple[int, float, Action] | None = None
        for action in actions:
            if isinstance(action, Pon | Chi):
                kinds = [self.tiles[tile].kind for tile in action.tiles]
                claimed = self._claimed_kind(view, action, kinds)
                after_call = board
                for kind in kinds:
                    after_call = remove_tile(after_call, kind)
                # After the call the hand discards once: judge the best shanten after one discard.
                after, risk = min(
                    (self.shapes.shanten(remove_tile(after_call, other)), danger.percent(other) if danger else 0.0)
                    for other in range(NUM_STANDARD_KINDS)
                    if count_of(after_call, other)
                )
                if after >= before or not self._keeps_a_yaku(view, board, claimed):
                    continue
                # The first call gives up riichi (and a closed hand's value): only for a yakuhai
                # or to reach tenpai at once; an open hand calls whenever the call helps.
                opening = not view.public.seats[view.seat].melds
                if opening and after > 0 and not (isinstance(action, Pon) and self._is_yakuhai(view, claimed)):
                    continue
                # Against a riichi: to reach tenpai with a tile worth pushing, or further off only
                # with a free tile to cut after (a riichi that is likely a bluff has many).
                calm = not danger or (after <= 1 and no_place_to_lose)
                if not calm and (risk > PUSH_ONE_AWAY or (after > 1 and risk > FREE_TILE)):
                    continue
                if best is None or (after, risk) < best[:2]:
                    best = (after, risk, action)
            elif (
                isinstance(action, Kan)
                and len(action.tiles) != 1
                and not danger
                and self._open_kan_is_free(view, board, action)
            ):
                return action
        return best[2] if best is not None else None

    def _claimed_kind(self, view: SeatView, call: Pon | Chi, kinds: Sequence[int]) -> int:
        """The kind of the discard a call takes: for a pon its own; for a chi the 上家's latest
        discard (the tile a chi may take, also where several seats discard at once), or the
        link a closed shape is missing."""
        if isinstance(call, Pon):
            return kinds[0]
        low, high = sorted(kinds)
        if high - low == 2:
            return low + 1
        seats = view.public.seats
        river = seats[(view.seat - 1) % len(seats)].river
        if river and river[-1].tile.kind in (low - 1, high + 1):
            return river[-1].tile.kind
        return low - 1 if low % 9 > 0 else high + 1

    def _open_kan_is_free(self, view: SeatView, board: int, kan: Kan) -> bool:
        """An open kan (大明槓, or a discard added to one's own pon) when the hand is already open
        or the kan is a yakuhai: it costs no shape and brings a dora and a replacement draw."""
        me = view.public.seats[view.seat]
        if not kan.tiles:  # the discard joins a pon already on the table
            return True
        kind = self.tiles[kan.tiles[0]].kind
        if not me.melds and not self._is_yakuhai(view, kind):
            return False
        after = board
        for _ in kan.tiles:
            after = remove_tile(after, kind)
        return self.shapes.shanten(after) <= self.shapes.shanten(board)

    def _keeps_a_yaku(self, view: SeatView, board: int, kind: int) -> bool:
        """After claiming ``kind``: a yakuhai set, all simples, or one suit (with honours) in reach."""
        if self._is_yakuhai(view, kind):
            return True
        melds = view.public.seats[view.seat].melds
        kinds = [k for k in range(34) for _ in range(count_of(board, k))]
        kinds += [tile.kind for meld in melds for tile in meld.tiles]
        kinds.append(kind)
        if any(self._is_yakuhai(view, k) and kinds.count(k) >= 3 for k in set(kinds)):
            return True
        # The call is followed by a discard: one tile off the yaku may still go.
        off_simples = sum(1 for k in kinds if is_honor(k) or k % 9 in (0, 8))
        if off_simples <= 1:
            return True
        suits = Counter(suit_of(k) for k in kinds if not is_honor(k))
        return sum(suits.values()) - max(suits.values(), default=0) <= 1
