"""Baseline players for :mod:`bench.cpu`: simple opponents to measure the CPU against.

Every player has the same small interface, ``choose(view, actions, default) -> Action``, and only
ever returns one of the ``actions`` it is given (the driver checks). They read a decision through
the engine's base action classes only (:class:`~bot.engine.game.Discard`, ``Riichi``, ``Tsumo``,
``Ron``, ``Pon``, ``Kan``, ``SetAside``, ``Pick``, ``Pass``), so they play every variant without
knowing which one it is; whatever they do not understand gets the decision's default.

* ``G`` (:class:`GreedyPlayer`): takes every win, discards for the lowest shanten then the most
  live tiles, riichis as soon as it is tenpai, never calls, never declares a kan, never folds.
* ``R`` (:class:`RandomPlayer`): takes every win, riichis whenever it may, otherwise plays a
  uniformly random legal action.
* ``N`` (:class:`RandomPlayer` with ``riichi=False``): the same without ever declaring riichi.
* ``C`` (:class:`CpuAdapter`): this commit's :class:`~bot.engine.ai.CpuPlayer`, timed.
* ``O`` (:class:`CpuAdapter` with ``oracle=True``): the same CPU, but its deal-in reading is
  replaced by the truth (:class:`OracleCpuPlayer`: 100% on every wait of every riichi hand, 0
  elsewhere). It cheats, so it is no opponent: it measures what a perfect defence would be worth
  to the CPU's placement, the ceiling any better reading of the table can reach.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.engine.ai import CpuPlayer
from bot.engine.defence import TileDanger, hand_board, visible_board
from bot.engine.game import Action, Discard, Game, Pass, Pick, Riichi, Ron, SetAside, Tsumo
from bot.engine.shapes import ShapeRules, add_tile, count_of, remove_tile, tile_count
from bot.engine.tiles import NUM_STANDARD_KINDS, Tile
from bot.engine.views import SeatView

__all__ = [
    "PLAYER_TYPES",
    "CpuAdapter",
    "GreedyPlayer",
    "OracleCpuPlayer",
    "OracleDanger",
    "Player",
    "RandomPlayer",
    "hand_board",
    "make_player",
    "riichi_waits",
    "visible_board",
]

PLAYER_TYPES = "CGRNO"
"""The letters of a lineup: C the CPU, G greedy, R random riichi-spammer, N random without riichi,
O the CPU reading the riichi hands' waits (a ceiling, not an opponent)."""


class Player(Protocol):
    """One seat's decision maker."""

    def choose(self, view: SeatView, actions: Sequence[Action], default: Action) -> Action:
        """One of ``actions`` (the seat's legal actions); ``default`` is what a timeout would play."""
        ...

    def reconsider(self, view: SeatView, actions: Sequence[Action]) -> Action | None:
        """For a seat locked in during a simultaneous phase (``view.locked``) when the table has
        changed: one of ``actions`` (what it may switch to), or None to keep its choice."""
        ...


# --- what a seat can see ---------------------------------------------------------------------------


def _wins(actions: Sequence[Action]) -> list[Action]:
    return [action for action in actions if isinstance(action, Tsumo | Ron)]


# --- greedy ----------------------------------------------------------------------------------------


@dataclass
class GreedyPlayer:
    """Shanten and ukeire only: the strongest play that never looks at the other seats."""

    shapes: ShapeRules
    tiles: Sequence[Tile]

    def choose(self, view: SeatView, actions: Sequence[Action], default: Action) -> Action:
        """Win, set aside what must be, pick or discard greedily, pass every claim."""
        wins = _wins(actions)
        if wins:
            return wins[0]
        discards = [a for a in actions if isinstance(a, Discard | Riichi)]
        discardable = {self.tiles[a.tile].kind for a in discards}
        for action in actions:
            if isinstance(action, SetAside):
                kind = self.tiles[action.tile].kind
                # A flower, or (on a turn) a kind no discard is offered for: it may only be set aside.
                if kind >= NUM_STANDARD_KINDS or (discards and kind not in discardable):
                    return action
        picks = [a for a in actions if isinstance(a, Pick)]
        if picks:
            return self._pick(view, picks)
        if discards:
            return self._discard(view, discards)
        for action in actions:
            if isinstance(action, Pass):
                return action
        return default

    def _discard(self, view: SeatView, discards: Sequence[Discard | Riichi]) -> Action:
        board = hand_board(view)
        plain: dict[int, Discard] = {}
        riichis: dict[int, list[Riichi]] = {}
        for action in discards:
            face = self.tiles[action.tile]
            if isinstance(action, Riichi):
                riichis.setdefault(face.kind, []).append(action)
                continue
            current = plain.get(face.kind)
            # Of several copies of a kind, give away a plain one before a red five.
            if current is None or (self.tiles[current.tile].is_dora_five and not face.is_dora_five):
                plain[face.kind] = action
        kinds = sorted(set(plain) | set(riichis))
        shanten = {kind: self.shapes.shanten(remove_tile(board, kind)) for kind in kinds}
        best = min(shanten.values())
        visible = visible_board(view)
        ukeire = {
            kind: sum(self.shapes.ukeire(remove_tile(board, kind), visible).values())
            for kind in kinds
            if shanten[kind] == best
        }
        kind = max(ukeire, key=lambda k: (ukeire[k], -k))
        if best <= 0 and kind in riichis:
            return _plainest(riichis[kind])
        if kind in plain:
            return plain[kind]
        return _plainest(riichis[kind])  # no plain discard of the kind: legality first

    def _pick(self, view: SeatView, picks: Sequence[Pick]) -> Pick:
        board = hand_board(view)
        rests: dict[Pick, list[int]] = {}
        shanten: dict[Pick, int] = {}
        for pick in picks:
            after = add_tile(board, self.tiles[pick.tile].kind)
            if self.shapes.shanten(after) < 0:
                return pick  # the pick completes the hand
            rests[pick] = [remove_tile(after, k) for k in range(NUM_STANDARD_KINDS) if count_of(after, k)]
            shanten[pick] = min(self.shapes.shanten(rest) for rest in rests[pick])
        best = min(shanten.values())
        tied = [pick for pick in picks if shanten[pick] == best]
        if len(tied) == 1:
            return tied[0]
        visible = visible_board(view)

        def ukeire(pick: Pick) -> int:
            return max(
                sum(self.shapes.ukeire(rest, visible).values())
                for rest in rests[pick]
                if self.shapes.shanten(rest) == best
            )

        return max(tied, key=ukeire)

    def reconsider(self, view: SeatView, actions: Sequence[Action]) -> Action | None:
        """Greedy never folds: what it locked in is still its best shape."""
        del view, actions
        return None


def _plainest(riichis: Sequence[Riichi]) -> Riichi:
    """The plain riichi: the lowest ``cpu_share``, the base class before any subclass."""
    return min(riichis, key=lambda action: (action.cpu_share, type(action) is not Riichi))


# --- random ----------------------------------------------------------------------------------------


@dataclass
class RandomPlayer:
    """Takes every win; otherwise random. ``riichi=True`` declares riichi whenever it may (the
    riichi-spammer R); ``riichi=False`` never does unless nothing else is legal (N)."""

    seed: int
    riichi: bool = True
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, view: SeatView, actions: Sequence[Action], default: Action) -> Action:
        """A win, else (R) a riichi, else a uniformly random legal action."""
        del view, default
        wins = _wins(actions)
        if wins:
            return wins[0]
        riichis = [a for a in actions if isinstance(a, Riichi)]
        if self.riichi and riichis:
            return self._rng.choice(riichis)
        others = [a for a in actions if not isinstance(a, Riichi)]
        return self._rng.choice(others or list(actions))

    def reconsider(self, view: SeatView, actions: Sequence[Action]) -> Action | None:
        """A random choice is as good as another: kept."""
        del view, actions
        return None


# --- the CPU ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OracleDanger(TileDanger):
    """The truth in place of an estimate: discarding one of ``waits`` deals in, nothing else does."""

    waits: frozenset[int] = frozenset()

    def percent(self, kind: int) -> float:
        """100 on a wait of a riichi hand at the table, else 0."""
        return 100.0 if kind in self.waits else 0.0


def riichi_waits(game: Game, seat: int) -> frozenset[int]:
    """Every kind some other seat in riichi waits on, read from the game itself (hidden hands).

    In a simultaneous phase a riichi hand may hold a drawn tile and a locked discard: its wait is
    the one after that discard, or, with nothing locked yet, after any discard that keeps it tenpai."""
    waits: set[int] = set()
    shapes = game.shapes
    for other in game.view(seat).public.seats:
        if not other.riichi or other.seat == seat:
            continue
        view = game.view(other.seat)
        board = hand_board(view)
        if tile_count(board) % 3 == 2:
            cuts = [view.locked.kind] if view.locked is not None else range(NUM_STANDARD_KINDS)
            boards = [remove_tile(board, cut) for cut in cuts if count_of(board, cut)]
        else:
            boards = [board]
        for rest in boards:
            if shapes.shanten(rest) == 0:
                waits.update(shapes.waits(rest))
    return frozenset(waits)


@dataclass
class OracleCpuPlayer(CpuPlayer):
    """The CPU with its deal-in reading replaced by the riichi hands' real waits (bench only)."""

    game: Game | None = None

    def _danger(self, view: SeatView, board: int, visible: int | None = None) -> TileDanger:
        estimate = super()._danger(view, board, visible)
        assert self.game is not None, "an oracle reads the game it sits at"
        waits = riichi_waits(self.game, view.seat) if estimate else frozenset()
        return OracleDanger(estimate.threats, estimate.unseen, estimate.shapes, waits)


@dataclass
class CpuAdapter:
    """:class:`CpuPlayer` behind the baselines' interface, with the time of every decision
    (``oracle``: an :class:`OracleCpuPlayer`, the ``O`` of a lineup)."""

    game: Game
    seed: int
    oracle: bool = False
    times_ms: list[float] = field(default_factory=list)
    _cpu: CpuPlayer = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.oracle:
            self._cpu = OracleCpuPlayer(
                self.game.shapes, self.game.tiles, seed=self.seed, prices=self.game.han_prices, game=self.game
            )
        else:
            self._cpu = CpuPlayer.for_game(self.game, seed=self.seed)

    def choose(self, view: SeatView, actions: Sequence[Action], default: Action) -> Action:
        """The CPU's choice (it needs no default)."""
        del default
        started = time.perf_counter()
        action = self._cpu.choose(view, actions)
        self.times_ms.append((time.perf_counter() - started) * 1000)
        return action

    def reconsider(self, view: SeatView, actions: Sequence[Action]) -> Action | None:
        """The CPU's second look at a locked-in choice, timed like a decision."""
        started = time.perf_counter()
        action = self._cpu.reconsider(view, actions)
        self.times_ms.append((time.perf_counter() - started) * 1000)
        return action


def make_player(letter: str, game: Game, seed: int) -> Player:
    """The player a lineup letter names (see :data:`PLAYER_TYPES`) for a seat of ``game``."""
    if letter in ("C", "O"):
        return CpuAdapter(game, seed, oracle=letter == "O")
    if letter == "G":
        return GreedyPlayer(game.shapes, game.tiles)
    if letter == "R":
        return RandomPlayer(seed, riichi=True)
    if letter == "N":
        return RandomPlayer(seed, riichi=False)
    raise ValueError(f"unknown player type {letter!r} (known: {', '.join(PLAYER_TYPES)})")
