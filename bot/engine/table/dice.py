"""Dice, rolled from a hand's seeded RNG so that a replay rolls the same numbers."""

from __future__ import annotations

import random

__all__ = ["roll"]


def roll(rng: random.Random, count: int = 2) -> tuple[int, ...]:
    """``count`` six-sided dice.

    >>> roll(random.Random(1))
    (2, 5)
    """
    return tuple(rng.randint(1, 6) for _ in range(count))
