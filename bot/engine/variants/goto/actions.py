"""5等三麻's own actions: open riichi, シュバリー, the winner's dice and the オーラス stop.

Each is a plain dataclass the store keeps as JSON (``kind`` names it); the runtime gives every
one a button labelled by the text ``button_<kind>`` in :mod:`bot.engine.variants.goto.ui`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.engine.game import Action, Riichi

__all__ = ["ContinueGame", "OpenRiichi", "RollDice", "ShubariiRiichi", "SnakeEyesTwenty", "SnakeEyesTwo", "StopGame"]


@dataclass(frozen=True, slots=True)
class OpenRiichi(Riichi):
    """オープン立直: riichi with a 2,000 deposit, its waits shown to the table (「待ちのみ開示」)."""

    kind: ClassVar[str] = "goto_open_riichi"
    cpu_share: ClassVar[float] = 0.25


@dataclass(frozen=True, slots=True)
class ShubariiRiichi(Riichi):
    """シュバリー (祝儀倍立直): once a game, a riichi whose chips received this hand count double
    (Spring aside)."""

    kind: ClassVar[str] = "goto_shubarii"
    cpu_share: ClassVar[float] = 0.3


@dataclass(frozen=True, slots=True)
class RollDice(Action):
    """The winner throws the next roll of their dice (🎲)."""

    kind: ClassVar[str] = "goto_roll"


@dataclass(frozen=True, slots=True)
class SnakeEyesTwo(Action):
    """On ピンゾロ (1-1): 2 chips from each opponent and 2 more rolls."""

    kind: ClassVar[str] = "goto_snake_two"


@dataclass(frozen=True, slots=True)
class SnakeEyesTwenty(Action):
    """On ピンゾロ (1-1): 20 chips from each opponent and 1 more roll."""

    kind: ClassVar[str] = "goto_snake_twenty"


@dataclass(frozen=True, slots=True)
class StopGame(Action):
    """オーラス: the dealer who just won stops here (あがりやめ, 「何着でも辞めあり」)."""

    kind: ClassVar[str] = "goto_stop"


@dataclass(frozen=True, slots=True)
class ContinueGame(Action):
    """オーラス: the dealer who just won plays on (「トップでも続行可能」)."""

    kind: ClassVar[str] = "goto_continue"
