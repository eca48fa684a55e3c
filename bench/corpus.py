"""A corpus of recorded games, to prove that a change of the engine changed no behaviour.

    python -m bench.corpus record [--games 200] [--tables T,...] [--e2e FILE]   # tests/engine/corpus/
    python -m bench.corpus check [--sample N]                   # replay it, compare everything

Each entry is one game: its variant, players, settings and seed, any rigged deal a test set up
(with the action number it came at), and every action in order. Recording plays seeded games
(the CPU mostly, with random legal moves and timeout defaults mixed in so odd corners come up)
and, for the e2e games, the action lists the end-to-end suite played (captured by
``JANTAKU_RECORD_CORPUS=FILE``, see ``tests/conftest.py``).

After every action the recorder digests what the engine shows the world: the events of that
action, the public view, every seat's view, every decision with its default, every seat's legal
actions and the outcome. Views are compared field by field, leaving out fields at their default
value, so a view may gain a defaulted field without failing the check. The digests are chained,
and the chain is kept every :data:`CHECKPOINT_EVERY` actions and at the end: a check replays the
action list on the engine under test and names the first stretch of actions where it differs.

Events are compared in the form they had when the corpus was recorded (each variant's own
``Event(type, data)`` shapes, before the hand engine was shared): :mod:`bench.corpus_legacy`
writes today's typed events in that form, so the corpus proves the information is all still there.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import gzip
import hashlib
import json
import random
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.corpus_legacy import legacy_events
from bot.engine.ai import CpuPlayer
from bot.engine.events import Event
from bot.engine.game import Action, Game, Outcome, action_from_json, action_to_json
from bot.engine.variants import find_variant, new_game

__all__ = ["CorpusEntry", "canonical", "check_entry", "load", "main", "record_game"]

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "engine" / "corpus"
CHECKPOINT_EVERY = 25
MAX_ACTIONS = 3_000
"""A game the seeded play has not finished by then is cut there (いなげ's vote-only tables)."""


_PLAIN = (int, str, bool, type(None))
_ADDED_SINCE_RECORDING: frozenset[tuple[str, str]] = frozenset(
    {
        ("RiverTile", "order"),
        ("PublicView", "noten_riichi"),
        ("PublicView", "strict_furiten"),
        ("PublicView", "flower_dora"),
        ("PublicView", "final_hand"),
        ("ZunoPublicView", "final_hand"),
        ("SeatPublic", "stakes"),
        ("SeatView", "discard_gains"),
    }
)
"""View fields added after the corpus was recorded that carry new information (so they are not
at their default): left out of the digests, and proven by their own tests (``RiverTile.order``:
tests/engine/test_defence.py and test_river_order.py; ``PublicView.noten_riichi``:
test_nishoku.py; ``PublicView.strict_furiten``, ``flower_dora`` and ``final_hand``, ``SeatPublic.stakes``: test_ai.py;
``SeatView.discard_gains``: test_ai.py and the doctest of bot/engine/variants/inage/discards.py)."""
_FIELDS: dict[type, tuple[tuple[str, Any], ...] | None] = {}
"""Per class: its dataclass fields and their defaults (None: not a dataclass)."""


def _fields(kind: type) -> tuple[tuple[str, Any], ...] | None:
    if kind not in _FIELDS:
        if dataclasses.is_dataclass(kind):
            found = []
            for f in dataclasses.fields(kind):
                if (kind.__name__, f.name) in _ADDED_SINCE_RECORDING:
                    continue
                default = f.default if f.default_factory is dataclasses.MISSING else f.default_factory()
                found.append((f.name, default))
            _FIELDS[kind] = tuple(found)
        else:
            _FIELDS[kind] = None
    return _FIELDS[kind]


def canonical(value: Any) -> Any:
    """A JSON-ready form of a view, outcome or action that ignores fields at their defaults."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    fields = _fields(kind)
    if fields is not None:
        out: dict[str, Any] = {}
        for name, default in fields:
            item = getattr(value, name)
            if default is not dataclasses.MISSING and item == default:
                continue
            out[name] = canonical(item)
        return out
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if isinstance(value, Mapping):
        return {str(key): canonical(item) for key, item in sorted(value.items(), key=lambda kv: repr(kv[0]))}
    if isinstance(value, list | tuple):
        return [canonical(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(canonical(item) for item in value)
    if isinstance(value, float):
        return repr(value)
    return value


def step_digest(game: Game, events: Sequence[Event]) -> bytes:
    """Everything the engine shows after one action, as canonical JSON bytes."""
    seats = range(game.players)
    record = {
        "events": legacy_events(game, events),
        "public": canonical(game.public_view()),
        "views": [canonical(game.view(seat)) for seat in seats],
        "decisions": [
            [d.seat, [action_to_json(a) for a in d.actions], action_to_json(d.default)] for d in game.decisions()
        ],
        "legal": [[action_to_json(a) for a in game.legal_actions(seat)] for seat in seats],
        "outcome": _recorded_outcome(game.outcome()),
    }
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def _recorded_outcome(outcome: Outcome | None) -> Any:
    """The outcome in the form the corpus recorded: outcomes did not carry the final chips then.
    They are left out here; every view and the game-end event already show them, and the check
    compares them there."""
    if outcome is None:
        return None
    return canonical(dataclasses.replace(outcome, chips=()))


@dataclass
class CorpusEntry:
    """One recorded game."""

    table: str
    variant: str
    players: int
    settings: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]]
    setup: list[list[Any]] = field(default_factory=list)
    """``["rig", action_number, args, kwargs]``: a deal a test rigged before that action."""
    checkpoints: list[list[Any]] = field(default_factory=list)
    """``[action_count, digest]`` every few actions and at the end."""

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> CorpusEntry:
        return cls(**json.loads(text))


def _setup_at(entry: CorpusEntry, game: Game, number: int) -> None:
    for kind, at, args, kwargs in entry.setup:
        if kind == "rig" and at == number:
            game.rig(*args, **kwargs)  # type: ignore[attr-defined]


def replay_digests(entry: CorpusEntry) -> Iterator[tuple[int, str]]:
    """Replay an entry's actions; yields ``(action_count, chained digest)`` after every action,
    starting with 0 for the state before the first one."""
    game = new_game(entry.variant, entry.settings, seed=entry.seed, players=entry.players)
    chain = hashlib.sha256()
    _setup_at(entry, game, 0)
    chain.update(step_digest(game, []))
    yield 0, chain.hexdigest()[:16]
    for number, data in enumerate(entry.actions, start=1):
        events = game.apply(action_from_json(data))
        _setup_at(entry, game, number)
        chain.update(step_digest(game, events))
        yield number, chain.hexdigest()[:16]


def seal(entry: CorpusEntry) -> CorpusEntry:
    """Fill in an entry's checkpoints by replaying it on the current engine."""
    last = len(entry.actions)
    entry.checkpoints = [
        [number, digest] for number, digest in replay_digests(entry) if number % CHECKPOINT_EVERY == 0 or number == last
    ]
    return entry


def check_entry(entry: CorpusEntry) -> str | None:
    """None when the engine under test shows exactly what was recorded; else where it first differs."""
    expected = {int(number): digest for number, digest in entry.checkpoints}
    previous = 0
    try:
        for number, digest in replay_digests(entry):
            if number in expected:
                if expected[number] != digest:
                    return f"{entry.table} seed {entry.seed}: differs between actions {previous} and {number}"
                previous = number
    except Exception as error:
        return f"{entry.table} seed {entry.seed}: replay failed after action {previous}: {error!r}"
    return None


# --- recording seeded games ---------------------------------------------------------------------

SETTING_CHOICES: dict[str, dict[str, Sequence[Any]]] = {
    "nishoku": {
        "red_5p": (0, 1, 2),
        "red_5s": (0, 1, 2),
        "hands": (1, 2, 4, 8, 16),
        "start_points": (20_000, 50_000),
        "bust_below": (0, 10_000),
    },
    "inage": {
        "end": ("hands", "hands", "score", "time", "vote"),
        "hands": (1, 3, 9),
        "target": (60, 200),
        "noten_penalty": (0, 48),
        "mane_min": (2, 3, 4),
    },
    "zuno": {"start_points": (8_000, 25_000), "uma": ("10-30", "5-10"), "chips": ("1/1/1/2", "2/1/3/4")},
    "chinitsu": {"first_suit": ("p", "s", "random"), "start_points": (35_000, 25_000), "dobon_chips": (0, 2, 5)},
    "goto": {
        "start_points": (35_000, 25_000),
        "indicator_slots": (3, 5),
        "pocchi_tiles": (0, 1, 4),
        "soku_pocchi_stock": (0, 1, 2),
        "open_riichi_han": (1, 2),
    },
}
"""Values tried for a variant's non-boolean settings (booleans flip at random)."""


def random_settings(variant: str, rng: random.Random) -> dict[str, Any]:
    """Table settings for one recorded game: the defaults half the time, else a random mix."""
    cls = find_variant(variant)
    defaults = cls.settings_from_json({})
    if rng.random() < 0.5:
        return {}
    chosen: dict[str, Any] = {}
    for f in dataclasses.fields(defaults):
        value = getattr(defaults, f.name)
        if isinstance(value, bool):
            if rng.random() < 0.3:
                chosen[f.name] = not value
        elif f.name in SETTING_CHOICES.get(variant, {}):
            chosen[f.name] = rng.choice(SETTING_CHOICES[variant][f.name])
    try:
        cls.settings_from_json(chosen)
    except ValueError:
        return {}
    return chosen


def _free_actions(game: Game, seat: int, deciding: set[int]) -> list[Action]:
    """What a seat may do besides its decision: ずーの's switch of a locked discard, いなげ's vote."""
    if seat in deciding:
        decision = next(d for d in game.decisions() if d.seat == seat)
        return [a for a in game.legal_actions(seat) if a not in decision.actions]
    return list(game.legal_actions(seat))


def record_game(variant: str, players: int, seed: int, settings: Mapping[str, Any]) -> CorpusEntry:
    """Play one seeded game and record its actions (checkpoints are added by :func:`seal`)."""
    game = new_game(variant, dict(settings), seed=seed, players=players)
    rng = random.Random(f"corpus:{variant}:{players}:{seed}")
    cpus = [CpuPlayer.for_game(game, seed=seed * 8 + seat) for seat in range(players)]
    actions: list[dict[str, Any]] = []
    while game.outcome() is None and len(actions) < MAX_ACTIONS:
        decisions = game.decisions()
        deciding = {d.seat for d in decisions}
        roll = rng.random()
        action: Action | None = None
        if roll < 0.015:
            # Now and then someone who is not deciding acts: a switch, a vote, time-up.
            seat = rng.randrange(players)
            extra = _free_actions(game, seat, deciding)
            if extra:
                action = rng.choice(extra)
        if action is None:
            decision = rng.choice(decisions)
            if roll < 0.12:
                action = decision.default
            elif roll < 0.25:
                action = rng.choice(decision.actions)
            else:
                action = cpus[decision.seat].choose(game.view(decision.seat), decision.actions)
        game.apply(action)
        actions.append(action_to_json(action))
    return CorpusEntry(
        table=f"{variant}/{players}",
        variant=variant,
        players=players,
        settings=dict(settings),
        seed=seed,
        actions=actions,
    )


TABLES = (("nishoku", 4), ("zuno", 4), ("inage", 2), ("inage", 3), ("chinitsu", 3), ("goto", 3))


def _file(table: str) -> Path:
    return CORPUS / f"{table.replace('/', '-')}.jsonl.gz"


def write(path: Path, entries: Iterable[CorpusEntry]) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    # mtime=0: the same corpus is the same bytes.
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        for entry in entries:
            out.write(entry.to_json().encode() + b"\n")
            count += 1
    return count


def load(path: Path) -> list[CorpusEntry]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [CorpusEntry.from_json(line) for line in lines if line.strip()]


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.jsonl.gz"))


def e2e_entries(capture: Path) -> list[CorpusEntry]:
    """The games an e2e run captured, without the replays of one game (a prefix of another), and
    without games a test changed by hand (those do not replay to the state the test left)."""
    games = [json.loads(line) for line in capture.read_text("utf-8").splitlines() if line.strip()]
    games = [g for g in games if g["actions"]]
    kept: list[dict[str, Any]] = []
    for game in sorted(games, key=lambda g: -len(g["actions"])):
        key = (game["variant"], game["players"], json.dumps(game["settings"], sort_keys=True), game["seed"])
        if any(
            (k["variant"], k["players"], json.dumps(k["settings"], sort_keys=True), k["seed"]) == key
            and k["setup"] == game["setup"]
            and k["actions"][: len(game["actions"])] == game["actions"]
            for k in kept
        ):
            continue
        kept.append(game)
    entries = []
    for game in kept:
        entry = CorpusEntry(
            table=f"e2e:{game['variant']}/{game['players']}",
            variant=game["variant"],
            players=game["players"],
            settings=game["settings"],
            seed=game["seed"],
            actions=game["actions"],
            setup=game["setup"],
        )
        if _final_hash(entry) == game["state_hash"]:
            entries.append(entry)
    return entries


def _final_hash(entry: CorpusEntry) -> str | None:
    game = new_game(entry.variant, entry.settings, seed=entry.seed, players=entry.players)
    try:
        _setup_at(entry, game, 0)
        for number, data in enumerate(entry.actions, start=1):
            game.apply(action_from_json(data))
            _setup_at(entry, game, number)
    except Exception:
        return None
    return game.state_hash()


def record(games: int, e2e: Path | None, tables: Sequence[str] | None = None) -> dict[str, int]:
    """Record ``games`` seeded games of each table (every table, or the ones named), and the
    captured e2e games when ``e2e`` is given; other files are left as they are."""
    counts: dict[str, int] = {}
    for variant, players in TABLES:
        table = f"{variant}/{players}"
        if tables is not None and table not in tables:
            continue
        rng = random.Random(f"corpus-settings:{table}")
        entries = []
        for number in range(games):
            settings = random_settings(variant, rng)
            entries.append(seal(record_game(variant, players, 10_000 + number, settings)))
        counts[table] = write(_file(table), entries)
    if e2e is not None:
        counts["e2e"] = write(CORPUS / "e2e.jsonl.gz", (seal(entry) for entry in e2e_entries(e2e)))
    return counts


def check(sample: int | None) -> tuple[int, int, list[str]]:
    """Replay the corpus (the first ``sample`` games of each file); returns games, actions, problems."""
    problems: list[str] = []
    games = actions = 0
    for path in corpus_files():
        entries = load(path)
        for entry in entries[:sample] if sample is not None else entries:
            games += 1
            actions += len(entry.actions)
            problem = check_entry(entry)
            if problem is not None:
                problems.append(problem)
    return games, actions, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Record or check the corpus of games.")
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--games", type=int, default=200)
    rec.add_argument("--e2e", type=Path, default=None, help="a JANTAKU_RECORD_CORPUS capture of the e2e suite")
    rec.add_argument("--tables", default=None, help="only these tables, e.g. chinitsu/3,goto/3 (default: all)")
    chk = sub.add_parser("check")
    chk.add_argument("--sample", type=int, default=None)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.command == "record":
        tables = args.tables.split(",") if args.tables else None
        counts = record(args.games, args.e2e, tables)
        print(json.dumps({"recorded": counts, "seconds": round(time.perf_counter() - started, 1)}))
        return 0
    games, actions, problems = check(args.sample)
    seconds = round(time.perf_counter() - started, 1)
    print(json.dumps({"games": games, "actions": actions, "problems": problems[:20], "seconds": seconds}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
