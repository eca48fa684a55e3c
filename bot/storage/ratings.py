"""Multiplayer skill ratings with openskill's Plackett-Luce model.

Plackett-Luce rates a full finishing order at once, which suits a four-player game better than
pairwise Elo. Only humans are rated; CPUs still shape the order because each human is ranked by
their own placement, so a human who beat a CPU and lost to another human lands between them.

>>> first, second = rate_placements([initial_skill(), initial_skill()], [1, 2])
>>> first.mu > initial_skill().mu > second.mu
True
>>> first.rating > initial_skill().rating
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = ["Skill", "initial_skill", "rate_placements"]

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """A skill estimate: mean ``mu`` and uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The display rating: openskill's ordinal ``mu - 3 * sigma``, a cautious lower bound."""
        return self.mu - 3 * self.sigma


def initial_skill() -> Skill:
    """What a player starts with (the model's defaults, mu 25 and sigma 25/3)."""
    return Skill(_MODEL.mu, _MODEL.sigma)


def rate_placements(skills: Sequence[Skill], placements: Sequence[int]) -> list[Skill]:
    """New skills after one game, given each rated player's placement (1 = first).

    Placements need not be consecutive (a CPU may sit between two humans) and equal placements
    are a tie. With fewer than two players there is nobody to compare with, so skills are kept.
    """
    if len(skills) != len(placements):
        raise ValueError("one placement per rated player")
    if len(skills) < 2:
        return list(skills)
    teams = [[_MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in placements])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
