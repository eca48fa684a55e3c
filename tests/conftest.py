"""Shared test helpers: where ../shared lives, and skipping cleanly when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("JANTAKU_SHARED", Path(__file__).resolve().parents[1].parent / "shared"))
SEEDS = SHARED / "seeds"


def seed_text(name: str) -> str:
    """The text of a seed document, or skip the test when ../shared is not checked out."""
    path = SEEDS / name
    if not path.is_file():
        pytest.skip(f"seed {name} is not available at {SEEDS}")
    return path.read_text("utf-8")
