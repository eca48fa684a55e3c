"""CPU-only games with invariants checked after every action.

    python -m bot.engine.sim --variant nishoku --games 20 --seed 1

Prints one JSON summary and exits non-zero on any invariant violation or exception. After
every action it checks: every tile is accounted for exactly once; points (and chips, where a
variant keeps them) are conserved; no seat's view holds a tile it may not see; every
decision's default is one of its legal actions.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine.ai import CpuPlayer
from bot.engine.events import Discarded, HandEnded
from bot.engine.game import Game, IllegalActionError
from bot.engine.record import GameRecord, replay
from bot.engine.tiles import Tile
from bot.engine.variants import find_variant, new_game
from bot.engine.views import RiverTile

__all__ = ["SimSummary", "check_invariants", "main", "simulate"]


@dataclass
class SimSummary:
    """What a simulation run saw."""

    variant: str
    games: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    ron: int = 0
    draws: int = 0
    actions: int = 0
    turns: int = 0
    seconds: float = 0.0
    checks: int = 0
    violations: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The printed summary."""
        return {
            "variant": self.variant,
            "games": self.games,
            "hands": self.hands,
            "wins": self.wins,
            "tsumo": self.tsumo,
            "ron": self.ron,
            "draws": self.draws,
            "avg_turns_per_hand": round(self.turns / self.hands, 2) if self.hands else 0.0,
            "hands_per_second": round(self.hands / self.seconds, 2) if self.seconds else 0.0,
            "actions": self.actions,
            "invariant_checks": self.checks,
            "invariants": [
                "tiles_accounted_once",
                "points_conserved",
                "chips_conserved",
                "views_hide_concealed_tiles",
                "defaults_legal",
                "replays_identically",
            ],
            "violations": self.violations[:20],
            "ok": not self.violations,
        }


# Fields that point back at tiles already shown elsewhere in the same view (the selectable
# tiles are a subset of the hand), so counting them would count those tiles twice.
_REFERENCE_FIELDS = frozenset({"selectable"})


_VIEW_FIELDS: dict[type, tuple[str, ...] | None] = {}
"""Per class seen in a view: the dataclass fields to walk (None for a class that is no dataclass).
The check runs after every action of every simulated game, and asking :mod:`dataclasses` about
each value again was most of its time."""


def _view_fields(kind: type) -> tuple[str, ...] | None:
    if kind not in _VIEW_FIELDS:
        _VIEW_FIELDS[kind] = (
            tuple(f.name for f in dataclasses.fields(kind) if f.name not in _REFERENCE_FIELDS)
            if dataclasses.is_dataclass(kind)
            else None
        )
    return _VIEW_FIELDS[kind]


_SCALARS = frozenset({int, str, bool, float, type(None)})
"""Values that hold no tile (most fields of a view): skipped before any other test."""


def _faces_in(value: Any, into: list[Tile] | None = None) -> list[Tile]:
    """Every Tile inside a view (walking dataclasses, tuples and dicts), appended to ``into``."""
    faces: list[Tile] = [] if into is None else into
    kind = type(value)
    if kind is Tile:
        faces.append(value)
    elif kind in _SCALARS:
        return faces
    elif isinstance(value, RiverTile) and value.called:
        return faces  # a claimed tile stays in the river only as a marker; it is counted in the meld
    elif isinstance(value, Tile):
        faces.append(value)
    elif isinstance(value, list | tuple):
        for item in value:
            if type(item) is Tile:
                faces.append(item)
            else:
                _faces_in(item, faces)
    elif isinstance(value, dict):
        for item in value.values():
            _faces_in(item, faces)
    elif (names := _view_fields(kind)) is not None:
        for name in names:
            _faces_in(getattr(value, name), faces)
    return faces


def check_invariants(game: Game, start_total: int | None = None) -> list[str]:
    """The invariants after one action; an empty list means all hold."""
    del start_total  # the game says what its points must add up to (いなげ's tsumo creates points)
    problems: list[str] = []
    locations = sorted(game.all_tile_locations())
    if locations != list(range(len(game.tiles))):
        seen = Counter(locations)
        doubled = [tile for tile, count in seen.items() if count > 1]
        missing = sorted(set(range(len(game.tiles))) - set(seen))
        problems.append(f"tiles: doubled {doubled[:5]} missing {missing[:5]}")
    expected = game.expected_points_total()
    if sum(game.points) != expected:
        problems.append(f"points: total {sum(game.points)} != {expected}")
    # Chips (ずーの's 祝儀) are a second ledger, zero-sum; all zero in a variant without them.
    if sum(game.chips) != 0:
        problems.append(f"chips: total {sum(game.chips)} != 0")
    for decision in game.decisions():
        # The default is what a timeout plays: the engine must accept it.
        if decision.default not in decision.actions:
            problems.append(f"seat {decision.seat}: default {decision.default} is not one of its legal actions")
    public = Counter(_faces_in(game.public_view()))
    expected_public = Counter(game.tiles[t] for t in game.public_tiles())
    if public != expected_public:
        problems.append(f"public view shows {sorted(map(str, (public - expected_public).elements()))}")
    for seat in range(game.players):
        view = game.view(seat)
        shown = Counter(_faces_in(view))
        allowed = expected_public + Counter(game.tiles[t] for t in game.concealed_tiles(seat))
        leaked = shown - allowed
        if leaked:
            problems.append(f"seat {seat} view shows {sorted(map(str, leaked.elements()))}")
        own = Counter([*view.hand, *([view.drawn] if view.drawn is not None else [])])
        if Counter(view.selectable) - own:
            problems.append(f"seat {seat} may select a tile it does not hold")
    return problems


def simulate(variant: str, games: int, seed: int, players: int | None = None, *, check: bool = True) -> SimSummary:
    """Play ``games`` CPU-only games and check invariants after every action."""
    summary = SimSummary(variant=find_variant(variant).variant)
    started = time.perf_counter()
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        try:
            _play(new_game(variant, {}, seed=game_seed, players=players), game_seed, summary, check=check)
        except Exception:
            summary.violations.append(f"game seed {game_seed}: {traceback.format_exc(limit=3)}")
        summary.games += 1
    summary.seconds = time.perf_counter() - started
    return summary


def _play(game: Game, game_seed: int, summary: SimSummary, *, check: bool) -> None:
    cpus = [CpuPlayer.for_game(game, seed=game_seed + seat) for seat in range(game.players)]
    record = GameRecord(game.variant, game.settings_json(), game.seed, game.players)
    while game.outcome() is None:
        decisions = game.decisions()
        if not decisions:
            raise RuntimeError("a running game has no pending decision")
        decision = decisions[0]
        action = cpus[decision.seat].choose(game.view(decision.seat), decision.actions)
        record = record.with_action(action)
        for event in game.apply(action):
            if isinstance(event, HandEnded):
                summary.hands += 1
                if event.wins:
                    summary.wins += 1
                    if event.wins[0].from_seat is None:
                        summary.tsumo += 1
                    else:
                        summary.ron += 1
                else:
                    summary.draws += 1
            elif isinstance(event, Discarded):
                summary.turns += 1
        summary.actions += 1
        if check:
            summary.checks += 1
            problems = check_invariants(game)
            if problems:
                summary.violations += [f"game seed {game_seed}, action {summary.actions}: {p}" for p in problems]
                return
    if check:
        # Every random thing (the shuffle, dice, Alice's flips) comes from the seed and the log, so
        # the replay must end where the game did. A replay that parts ways may also reach an action
        # its own state refuses (other dice, other options): the same failure, found sooner.
        try:
            replayed = replay(record).state_hash()
        except IllegalActionError as error:
            summary.violations.append(f"game seed {game_seed}: the replayed game differs from the one played ({error})")
            return
        if replayed != game.state_hash():
            summary.violations.append(f"game seed {game_seed}: the replayed game differs from the one played")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play CPU-only games and check invariants.")
    parser.add_argument("--variant", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        find_variant(args.variant)
    except ValueError as error:
        print(json.dumps({"error": str(error)}))
        return 2
    summary = simulate(args.variant, args.games, args.seed, args.players)
    print(json.dumps(summary.to_json(), ensure_ascii=False))
    return 0 if not summary.violations else 1


if __name__ == "__main__":
    sys.exit(main())
