"""Shared test helpers: where ../shared lives, and skipping cleanly when it is absent."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres import postgres_server, postgres_url

__all__ = ["postgres_server", "postgres_url", "seed_text"]

SHARED = Path(os.environ.get("JANTAKU_SHARED", Path(__file__).resolve().parents[1].parent / "shared"))
SEEDS = SHARED / "seeds"


# Hypothesis times each example (200 ms, by default) and checks that making examples is not too
# slow: both measure the machine, and a loaded one fails them. The properties are what is tested.
settings.register_profile("jantaku", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("jantaku")


def seed_text(name: str) -> str:
    """The text of a seed document, or skip the test when ../shared is not checked out."""
    path = SEEDS / name
    if not path.is_file():
        pytest.skip(f"seed {name} is not available at {SEEDS}")
    return path.read_text("utf-8")


# --- capturing the games a test run plays, for bench.corpus ----------------------------------------

_CAPTURED: list[Any] = []


def pytest_configure(config: pytest.Config) -> None:
    """With ``JANTAKU_RECORD_CORPUS=FILE``, remember every game the run plays (its variant,
    settings, seed, rigged deals and accepted actions) and write them to FILE at the end, for
    ``python -m bench.corpus record --e2e FILE``. Capture in one process (``-n0``): each test
    worker would write its own games over the others'."""
    if not os.environ.get("JANTAKU_RECORD_CORPUS"):
        return
    from bot.engine.game import action_to_json
    from bot.engine.variants import VARIANTS

    for variant in VARIANTS:
        cls = variant.game
        init, apply, rig = cls.__init__, cls.apply, cls.rig  # type: ignore[attr-defined, misc]

        def patched_init(self: Any, *args: Any, _init: Any = init, **kwargs: Any) -> None:
            _init(self, *args, **kwargs)
            self._corpus = {"setup": [], "actions": []}
            _CAPTURED.append(self)

        def patched_apply(self: Any, action: Any, _apply: Any = apply) -> Any:
            events = _apply(self, action)
            self._corpus["actions"].append(action_to_json(action))
            return events

        def patched_rig(self: Any, *args: Any, _rig: Any = rig, **kwargs: Any) -> Any:
            result = _rig(self, *args, **kwargs)
            self._corpus["setup"].append(
                ["rig", self.sequence, [list(a) if isinstance(a, list | tuple) else a for a in args], kwargs]
            )
            return result

        cls.__init__, cls.apply, cls.rig = patched_init, patched_apply, patched_rig  # type: ignore[attr-defined, misc]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    target = os.environ.get("JANTAKU_RECORD_CORPUS")
    if not target or not _CAPTURED:
        return
    import json

    with Path(target).open("w", encoding="utf-8") as out:
        for game in _CAPTURED:
            entry = {
                "variant": game.variant,
                "players": game.players,
                "settings": game.settings_json(),
                "seed": game.seed,
                **game._corpus,
                "state_hash": game.state_hash(),
            }
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")


# --- scheduling ---------------------------------------------------------------------------------------


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked ``slow`` first. xdist hands tests to its workers in collection order,
    so a long test collected late would run alone at the end while the other worker has nothing
    left to do; started first, the short ones fill in around them.

    The end-to-end tests share the workers with the rest. They were once meant to keep to one
    worker (an ``xdist_group``), but with pytest 9.2 and pytest-xdist 3.8 the group never reached
    the scheduler (pytest-dev/pytest-xdist#1386), so they have always run two at a time; they
    assert nothing about time (their clock is the test's, see ``tests/e2e/helpers.py``), and
    serial they would be the run's critical path."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
