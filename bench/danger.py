"""How well the CPU's deal-in estimates (:mod:`bot.engine.defence`) match the deal-ins that happen.

    python -m bench.danger --variant nishoku [--players P] [--lineup CGGG] [--games 100]
                           [--seed 1] [--json]

The games are :func:`bench.cpu.play_game`'s (same walls, same rotation). For every discard made
while another seat is in riichi, by any player, the estimate is read from the discarder's own
view just before the discard, as a CPU in that seat would read it (with its own
:class:`~bot.engine.defence.RiichiHistory`). A discard "dealt in" when a seat that was in riichi
at that moment won on that very tile. The report gives:

* predicted against actual deal-in %, by predicted bucket, for every tile and for honours,
  terminals and simples apart (an estimate can be right on average and wrong by kind);
* per part of the estimate (two-sided, closed, number pair or single, honour, 国士無双, an open
  riichi's shown waits) the multiplier that fits the deal-ins best: 1.0 where the part is right,
  above where it is too low. Fitted by maximum likelihood, treating deal-ins as rare (a Poisson
  approximation), with the multiplicative updates of a mixture of rates.

A tile the estimate calls 0% (現物, what the riichi hand let pass) and that dealt in would be a
bug in the reading: the report counts those apart. Exits 0 on a completed run, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import bisect
import dataclasses
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from bench.cpu import adapt_lineup, add_table_arguments, play_game, read_table_arguments, rotated
from bot.engine.defence import DangerParts, RiichiHistory, hand_board, read_threats, visible_board
from bot.engine.events import Discarded, Event, HandEnded, HandStarted
from bot.engine.game import Action, Discard, Game, Riichi
from bot.engine.tiles import is_honor
from bot.engine.views import SeatView

__all__ = ["PARTS", "DangerWatch", "Estimate", "calibration", "fit_multipliers", "main"]

PARTS = tuple(f.name for f in dataclasses.fields(DangerParts))
"""The parts of an estimate, in :class:`DangerParts` order."""
BUCKETS = (0.01, 0.75, 1.5, 3.0, 6.0, 10.0, 20.0, 101.0)
"""Upper edges (percent) of the predicted buckets; the first holds the tiles called safe."""
FIT_ROUNDS = 300
TileClass = Literal["honour", "terminal", "simple"]
TILE_CLASSES: tuple[TileClass, ...] = ("honour", "terminal", "simple")


@dataclass(frozen=True, slots=True)
class Estimate:
    """One discard against a riichi: its estimate by part, the tile's class, whether it dealt in."""

    parts: tuple[float, ...]
    tile_class: TileClass
    dealt_in: bool

    @property
    def predicted(self) -> float:
        return sum(self.parts)


def _tile_class(kind: int) -> TileClass:
    return "honour" if is_honor(kind) else "terminal" if kind % 9 in (0, 8) else "simple"


@dataclass
class DangerWatch:
    """A :class:`bench.cpu.GameWatcher` that reads the estimate of every discard against a riichi."""

    estimates: list[Estimate] = field(default_factory=list)
    _histories: dict[int, RiichiHistory] = field(default_factory=dict)
    _pending: dict[int, tuple[int, int, tuple[float, ...], frozenset[int]]] = field(default_factory=dict)
    """Per seat, the discard it chose (tile id and kind), its estimate and the riichi seats it was
    against; it counts once the tile is in the river (ずーの's locked discards may switch)."""
    _hand: list[tuple[int, int, int, tuple[float, ...], frozenset[int]]] = field(default_factory=list)
    """This hand's discards against a riichi: seat, tile id and kind, estimate, riichi seats."""

    def new_game(self) -> None:
        """Forget what the seats saw of the last game's riichi hands."""
        self._histories = {}
        self._pending = {}
        self._hand = []

    def decided(self, game: Game, view: SeatView, action: Action) -> None:
        history = self._histories.setdefault(view.seat, RiichiHistory())
        history.observe(view)
        if not isinstance(action, Discard | Riichi):
            return
        threats = read_threats(view, game.shapes, hand_board(view), history, visible_board(view))
        if not threats:
            self._pending.pop(view.seat, None)
            return
        kind = game.tiles[action.tile].kind
        total = [0.0] * len(PARTS)
        for threat in threats.threats:
            for index, value in enumerate(dataclasses.astuple(threats.parts(threat, kind))):
                total[index] += value
        riichi = frozenset(threat.seat for threat in threats.threats)
        self._pending[view.seat] = (action.tile, kind, tuple(total), riichi)

    def happened(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self._pending = {}
            self._hand = []
        elif isinstance(event, Discarded):
            pending = self._pending.pop(event.seat, None)
            if pending is not None and pending[0] == event.tile:
                self._hand.append((event.seat, *pending))
        elif isinstance(event, HandEnded):
            for seat, tile, kind, parts, riichi in self._hand:
                hit = any(win.from_seat == seat and win.tile == tile and win.winner in riichi for win in event.wins)
                self.estimates.append(Estimate(parts, _tile_class(kind), hit))
            self._hand = []


def watch_games(variant: str, players: int, lineup: str, games: int, seed: int) -> list[Estimate]:
    """Play ``games`` games of ``lineup`` (adapted to the table) and read every discard against a riichi."""
    seats = adapt_lineup(lineup, players)
    watch = DangerWatch()
    for number in range(games):
        watch.new_game()
        play_game(variant, players, rotated(seats, number), number, seed, watcher=watch)
    return watch.estimates


def fit_multipliers(estimates: Sequence[Estimate], rounds: int = FIT_ROUNDS) -> tuple[float, ...]:
    """Per part, the factor that makes the estimates fit the deal-ins best (1.0 for a part no
    discard had): the Poisson likelihood's fixed point ``m_i = m_i * sum(y c_i / rate) / sum(c_i)``."""
    multipliers = [1.0] * len(PARTS)
    totals = [sum(e.parts[i] for e in estimates) for i in range(len(PARTS))]
    hits = [e for e in estimates if e.dealt_in and e.predicted > 0]
    for _ in range(rounds):
        credit = [0.0] * len(PARTS)
        for estimate in hits:
            rate = sum(m * c for m, c in zip(multipliers, estimate.parts, strict=True))
            for index, part in enumerate(estimate.parts):
                credit[index] += multipliers[index] * part / rate
        multipliers = [credit[i] * 100 / totals[i] if totals[i] > 0 else multipliers[i] for i in range(len(PARTS))]
    return tuple(multipliers)


@dataclass(frozen=True, slots=True)
class Bucket:
    """Discards whose estimate fell in ``[low, high)`` percent."""

    low: float
    high: float
    discards: int
    predicted: float
    """Their mean estimate (percent)."""
    dealt_in: int

    @property
    def actual(self) -> float:
        return 100 * self.dealt_in / self.discards if self.discards else 0.0


def calibration(estimates: Iterable[Estimate]) -> list[Bucket]:
    """The estimates by predicted bucket (empty buckets left out)."""
    by_bucket: dict[int, list[Estimate]] = {}
    for estimate in estimates:
        index = min(bisect.bisect_right(BUCKETS, estimate.predicted), len(BUCKETS) - 1)
        by_bucket.setdefault(index, []).append(estimate)
    return [
        Bucket(
            low=BUCKETS[index - 1] if index else 0.0,
            high=BUCKETS[index],
            discards=len(found),
            predicted=sum(e.predicted for e in found) / len(found),
            dealt_in=sum(e.dealt_in for e in found),
        )
        for index, found in sorted(by_bucket.items())
    ]


def _format_buckets(title: str, buckets: Sequence[Bucket]) -> list[str]:
    lines = [title]
    for b in buckets:
        lines.append(
            f"  [{b.low:5.2f}, {b.high:6.2f})%  {b.discards:7d} discards  predicted {b.predicted:6.2f}%"
            f"  actual {b.actual:6.2f}%  ({b.dealt_in})"
        )
    return lines


def report(variant: str, players: int, lineup: str, games: int, seed: int, estimates: Sequence[Estimate]) -> str:
    hits = sum(e.dealt_in for e in estimates)
    predicted = sum(e.predicted for e in estimates) / 100
    called_safe = sum(e.dealt_in for e in estimates if e.predicted == 0)
    ratio = hits / predicted if predicted else 0.0
    lines = [
        f"{variant} {players}p, lineup {lineup}, {games} games, seed {seed}:"
        f" {len(estimates)} discards against a riichi, {hits} dealt in, {predicted:.0f} predicted"
        f" (actual / predicted {ratio:.2f}); dealt in on a tile called safe: {called_safe}",
        *_format_buckets("all tiles:", calibration(estimates)),
    ]
    for tile_class in TILE_CLASSES:
        lines += _format_buckets(f"{tile_class}s:", calibration(e for e in estimates if e.tile_class == tile_class))
    fitted = fit_multipliers(estimates)
    used = [name for index, name in enumerate(PARTS) if any(e.parts[index] for e in estimates)]
    lines.append("fitted multipliers: " + ", ".join(f"{name} {fitted[PARTS.index(name)]:.2f}" for name in used))
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench.danger", description="Weigh the CPU's deal-in estimates against what happened."
    )
    add_table_arguments(parser, games=100)
    parser.add_argument("--lineup", default="CGGG", help="one letter per seat, as bench.cpu (default: CGGG)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    variant, players = read_table_arguments(parser, args)
    lineup = args.lineup.strip().upper()
    try:
        adapt_lineup(lineup, players)
    except ValueError as error:
        parser.error(f"--lineup: {error}")
    estimates = watch_games(variant, players, lineup, args.games, args.seed)
    if args.json:
        fitted = fit_multipliers(estimates)
        summary = {
            "variant": variant,
            "players": players,
            "lineup": lineup,
            "games": args.games,
            "seed": args.seed,
            "discards": len(estimates),
            "dealt_in": sum(e.dealt_in for e in estimates),
            "predicted": round(sum(e.predicted for e in estimates) / 100, 2),
            "buckets": [dataclasses.asdict(b) | {"actual": round(b.actual, 3)} for b in calibration(estimates)],
            "multipliers": dict(zip(PARTS, (round(m, 3) for m in fitted), strict=True)),
        }
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(report(variant, players, lineup, args.games, args.seed, estimates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
