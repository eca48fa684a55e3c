"""Whole games of every registered variant, at every table size it allows: CPU games with every
invariant checked after every action (``bot.engine.sim``), seeded random games whose replay
matches the state hash after every action, and the sim CLI.

Each table (variant and player count) has its row in :data:`SIM_PLANS` and :data:`REPLAY_PLANS`:
how many hands it plays and what those must reach. A newly registered variant fails here until
it has its rows. What one variant asserts beyond these lives in its own file (チンイツゲーム's
108 tiles a hand in ``test_chinitsu_games.py``, 5等三麻's dice in ``test_goto_games.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pytest

from bot.engine.game import Game
from bot.engine.sim import simulate
from bot.engine.variants import VARIANTS, JsonSettings
from tests.engine import replays
from tests.engine.rigging import as_table

pytestmark = pytest.mark.slow  # seconds to a minute a table: CPU games and replays by the hundred hands


def tables() -> list[tuple[str, int]]:
    """Every registered variant at every player count it allows."""
    return [
        (variant.variant, players)
        for variant in VARIANTS
        for players in range(variant.min_players, variant.max_players + 1)
    ]


def table_id(variant: str, players: int) -> str:
    return f"{variant}-{players}"


@dataclass(frozen=True)
class SimPlan:
    """The CPU games of one table: ``games`` from ``seed`` must play at least ``hands`` hands and
    ``wins`` wins, tsumo and ron both among them and more wins than draws."""

    games: int
    seed: int
    hands: int
    wins: int = 1


SIM_PLANS: dict[str, SimPlan] = {
    "nishoku-4": SimPlan(games=14, seed=1, hands=200, wins=51),
    "inage-2": SimPlan(games=4, seed=1, hands=30),
    "inage-3": SimPlan(games=9, seed=1, hands=75),
    "zuno-4": SimPlan(games=30, seed=1, hands=100),
    "chinitsu-3": SimPlan(games=3, seed=2, hands=3),
    "goto-3": SimPlan(games=5, seed=3, hands=10),
}


def no_settings(seed: int) -> JsonSettings:
    return {}


def zuno_settings(seed: int) -> JsonSettings:
    """Both ways of each of ずーの's call and honba rules, across the seeds."""
    return {"one_call_each": seed % 5 != 4, "honba_chips_each": seed % 3 != 2}


def has_a_kan_past_four_tiles(game: Game) -> bool:
    """チンイツゲーム's kans grow from four tiles to eight."""
    return any(len(meld.tiles) > 4 for seat in as_table(game).seats for meld in seat.melds)


@dataclass(frozen=True)
class ReplayPlan:
    """The recorded games of one table: seeded random games, from seed 0 on, until at least
    ``hands`` hands and more than ``actions`` actions were replayed, every kind in ``kinds``
    among them (and a game for which ``must_include`` holds, when given)."""

    hands: int
    actions: int
    kinds: frozenset[str]
    pass_rate: float = 0.7
    hands_per_game: int | None = None
    """Cut each game after this many hands (a long game's later hands add nothing new)."""
    settings: Callable[[int], JsonSettings] = no_settings
    """A game's settings from its seed."""
    choose: replays.Chooser | None = None
    """The player of every seat (by default a random decision of any seat, passing claims at
    ``pass_rate``)."""
    must_include: Callable[[Game], bool] | None = None


CLAIMS = frozenset({"kan", "pon", "riichi", "ron", "tsumo"})

REPLAY_PLANS: dict[str, ReplayPlan] = {
    # Random play in 二色麻雀 neither kans nor wins by tsumo often enough to ask for either.
    "nishoku-4": ReplayPlan(hands=1000, actions=10_000, kinds=frozenset({"pon", "riichi", "ron"}), hands_per_game=16),
    "inage-2": ReplayPlan(hands=100, actions=1_500, kinds=CLAIMS | {"set_aside"}, pass_rate=0.6),
    "inage-3": ReplayPlan(hands=200, actions=3_500, kinds=CLAIMS | {"set_aside"}, pass_rate=0.6),
    "zuno-4": ReplayPlan(
        hands=300,
        actions=20_000,
        # Every kind of ずーの action.
        kinds=frozenset({"pick", "discard", "riichi", "zuno_inazuma", "tsumo", "zuno_ron", "pass", "zuno_pon"})
        | {"zuno_chi", "zuno_kan", "kan", "zuno_pocchi"},
        settings=zuno_settings,
        choose=replays.zuno_choice,
    ),
    "chinitsu-3": ReplayPlan(
        hands=60, actions=1_000, kinds=CLAIMS | {"set_aside"}, must_include=has_a_kan_past_four_tiles
    ),
    # Ten hands a game: random play makes long 5等三麻 games, and more of them reach more.
    "goto-3": ReplayPlan(hands=60, actions=1_000, kinds=CLAIMS | {"set_aside", "goto_roll"}, hands_per_game=10),
}


def plans(table: Mapping[str, SimPlan | ReplayPlan]) -> Sequence[object]:
    """Every table as a test case with its row; a registered table without a row is a case that
    fails and says to add one."""
    return [
        pytest.param(variant, players, table.get(table_id(variant, players)), id=table_id(variant, players))
        for variant, players in tables()
    ]


@pytest.mark.parametrize(("variant", "players", "plan"), plans(SIM_PLANS))
def test_cpu_hands_keep_every_invariant(variant: str, players: int, plan: SimPlan | None) -> None:
    assert plan is not None, f"add {table_id(variant, players)} to SIM_PLANS"
    summary = simulate(variant, games=plan.games, seed=plan.seed, players=players)
    report = summary.to_json()
    assert report["ok"], report["violations"]
    assert summary.checks == summary.actions
    assert summary.hands >= plan.hands and summary.wins >= plan.wins
    assert summary.ron > 0 and summary.tsumo > 0 and summary.wins > summary.draws


@pytest.mark.parametrize(("variant", "players", "plan"), plans(REPLAY_PLANS))
def test_replay_matches_the_state_hash_after_every_action(variant: str, players: int, plan: ReplayPlan | None) -> None:
    assert plan is not None, f"add {table_id(variant, players)} to REPLAY_PLANS"
    hands = actions = seed = 0
    kinds: set[str] = set()
    included = plan.must_include is None
    while hands < plan.hands or actions <= plan.actions or not included:
        record, hashes = replays.play_recorded(
            variant,
            seed,
            players,
            pass_rate=plan.pass_rate,
            hands=plan.hands_per_game,
            settings=plan.settings(seed),
            choose=plan.choose,
        )
        game, replayed = replays.replayed_hashes(record)
        assert replayed == hashes
        hands += as_table(game).hand_index
        actions += len(record.actions)
        kinds |= {data["type"] for data in record.actions}
        included = included or (plan.must_include is not None and plan.must_include(game))
        seed += 1
        assert seed < 200, f"{hands} hands and {actions} actions in 200 games; included: {included}"
    assert kinds >= plan.kinds, plan.kinds - kinds


@pytest.mark.parametrize(("variant", "players"), [pytest.param(*t, id=table_id(*t)) for t in tables()])
def test_sim_cli_prints_one_json_summary(variant: str, players: int) -> None:
    arguments = ["--variant", variant, "--players", str(players), "--games", "1", "--seed", "5"]
    completed = subprocess.run(
        [sys.executable, "-m", "bot.engine.sim", *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    summary = json.loads(completed.stdout)
    assert summary["variant"] == variant and summary["games"] == 1 and summary["ok"] and summary["hands"] >= 1
    assert {"hands_per_second", "avg_turns_per_hand", "invariants"} <= set(summary)
