"""5等三麻's dice (🎲, spec §4.8): how many rolls a win earns, and the rolls themselves.

「🎲の回数は複合あり(例: 国士無双×夏は2回、即ポ×門前オールスター×四暗刻は3回)」: every trigger of the
win adds its rolls (:func:`dice_triggers`). Each roll is two dice from the hand's RNG
(:func:`bot.engine.table.dice.roll`), so a replay rolls the same; it pays its pip total from each
opponent (GTS-A1). 「🎲はゾロ目の場合続行、ピンゾロは2枚+ストック2回or20枚+ストック1回(お好みで)」:
doubles earn one more roll; snake eyes (1-1) waits for the winner's choice (:class:`SnakeEyes`),
which replaces the doubles' extra roll. Dice are only rolled for the winner [recommended].

>>> import random
>>> run = roll_dice(random.Random(1), 1, lambda run: SnakeEyes.TWENTY)
>>> [roll.dice for roll in run.rolls], run.chips
([(2, 5)], 7)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.engine.table.dice import roll

__all__ = [
    "JACKPOT_CHIPS",
    "DiceFacts",
    "DiceRoll",
    "DiceRun",
    "DiceTriggers",
    "SnakeEyes",
    "dice_triggers",
    "roll_dice",
]

JACKPOT_CHIPS = 100
"""「4北4華→100枚オール&2回」."""
TWO_ROLLS = frozenset({"四暗刻単騎", "天和", "地和", "人和", "小四喜", "清老頭", "緑一色"})
"""「四暗刻単騎、…天和、地和、人和、小四喜、清老頭、緑一色→2回」 (国士 and 大三元 need more, below)."""
THREE_ROLLS = frozenset({"大四喜", "字一色", "四槓子", "九蓮宝燈", "純正九蓮宝燈"})
"""「大四喜、字一色、四槓子、九蓮宝燈→3回」 (純正九蓮宝燈 is a 九蓮宝燈)."""
KOKUSHI_13 = "国士無双十三面待ち"
DAISANGEN = "大三元"


@dataclass(frozen=True, slots=True)
class DiceFacts:
    """What a win's dice depend on: ``yakuman`` names the 本役満 as the scorer does (every one
    combined); ``closed`` and ``furiten`` the hand (for 門前大三元 and フリテンなし国士無双十三面待ち);
    ``north`` and ``flowers`` count the tiles the winner pulled (indicator flowers never count,
    GTS-A13); ``all_star`` is 門前オールスター (GTS-A7); ``gobaiman`` the win's 五倍満."""

    yakuman: tuple[str, ...] = ()
    soku_pocchi: bool = False
    closed: bool = True
    furiten: bool = False
    all_star: bool = False
    north: int = 0
    flowers: int = 0
    gobaiman: bool = False


@dataclass(frozen=True, slots=True)
class DiceTriggers:
    """The rolls a win earns, itemised by Japanese name, and the 4北4華 jackpot's chips from each
    opponent."""

    items: tuple[tuple[str, int], ...] = ()
    jackpot: int = 0

    @property
    def rolls(self) -> int:
        """Every trigger's rolls, added up."""
        return sum(count for _, count in self.items)


def _yakuman_rolls(name: str, facts: DiceFacts) -> int:
    if name in THREE_ROLLS:
        return 3
    if name in TWO_ROLLS:
        return 2
    if name == KOKUSHI_13:
        return 1 if facts.furiten else 2
    if name == DAISANGEN:
        return 2 if facts.closed else 1
    return 1


def dice_triggers(facts: DiceFacts) -> DiceTriggers:
    """The rolls of a win: 1 for 即ポッチ, any 本役満 not listed, 門前オールスター, 4北, 4華 and 五倍満;
    2 for 四暗刻単騎, non-furiten 国士無双十三面待ち, closed 大三元, 天和, 地和, 人和, 小四喜, 清老頭
    and 緑一色; 3 for 大四喜, 字一色, 四槓子 and 九蓮宝燈; each yakuman of a combination counts
    (「🎲も2ストック」). 4北 with 4華: 100 chips from each opponent and 2 rolls, in place of the
    4北 and 4華 rolls.

    >>> dice_triggers(DiceFacts(yakuman=("国士無双",), gobaiman=True)).rolls
    2
    >>> dice_triggers(DiceFacts(yakuman=("四暗刻",), soku_pocchi=True, all_star=True)).rolls
    3
    """
    items = [(name, _yakuman_rolls(name, facts)) for name in facts.yakuman]
    if facts.soku_pocchi:
        items.append(("即ポッチ", 1))
    if facts.all_star:
        items.append(("門前オールスター", 1))
    jackpot = 0
    if facts.north >= 4 and facts.flowers >= 4:
        items.append(("4北4華", 2))
        jackpot = JACKPOT_CHIPS
    elif facts.north >= 4:
        items.append(("4北", 1))
    elif facts.flowers >= 4:
        items.append(("4華", 1))
    if facts.gobaiman:
        items.append(("五倍満", 1))
    return DiceTriggers(tuple(items), jackpot)


class SnakeEyes(enum.Enum):
    """The winner's choice on 1-1 (「ピンゾロは2枚+ストック2回or20枚+ストック1回(お好みで)」)."""

    TWO = "2枚+ストック2回"
    TWENTY = "20枚+ストック1回"

    @property
    def chips(self) -> int:
        """What the roll pays from each opponent."""
        return 2 if self is SnakeEyes.TWO else 20

    @property
    def stock(self) -> int:
        """How many rolls it adds."""
        return 2 if self is SnakeEyes.TWO else 1


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """One roll: the two dice, what it pays from each opponent, the rolls it added (doubles 1,
    snake eyes as chosen) and the snake-eyes choice."""

    dice: tuple[int, int]
    chips: int
    stocked: int = 0
    choice: SnakeEyes | None = None


@dataclass(frozen=True, slots=True)
class DiceRun:
    """A winner's dice, roll by roll: ``stock`` rolls still to throw, the ``rolls`` thrown, and a
    snake eyes ``pending`` the winner's :meth:`choose`."""

    stock: int
    rolls: tuple[DiceRoll, ...] = ()
    pending: tuple[int, int] | None = None

    @property
    def done(self) -> bool:
        """Whether every roll is thrown and paid."""
        return self.stock == 0 and self.pending is None

    @property
    def chips(self) -> int:
        """What each opponent pays for the rolls so far."""
        return sum(thrown.chips for thrown in self.rolls)

    def roll(self, rng: random.Random) -> DiceRun:
        """Throw the next roll: the pip total; doubles add a roll; 1-1 waits for :meth:`choose`."""
        if self.pending is not None or self.stock <= 0:
            raise ValueError("no roll to throw" if self.pending is None else "snake eyes wait for a choice")
        first, second = roll(rng)
        dice = (first, second)
        if dice == (1, 1):
            return replace(self, stock=self.stock - 1, pending=dice)
        stocked = 1 if first == second else 0
        return replace(
            self, stock=self.stock - 1 + stocked, rolls=(*self.rolls, DiceRoll(dice, first + second, stocked))
        )

    def choose(self, choice: SnakeEyes) -> DiceRun:
        """The winner's choice on the pending snake eyes."""
        if self.pending is None:
            raise ValueError("no snake eyes to choose for")
        thrown = DiceRoll(self.pending, choice.chips, choice.stock, choice)
        return DiceRun(self.stock + choice.stock, (*self.rolls, thrown))


def roll_dice(rng: random.Random, rolls: int, choose: Callable[[DiceRun], SnakeEyes]) -> DiceRun:
    """Throw ``rolls`` rolls and every roll they earn, asking ``choose`` at each snake eyes; the same
    RNG state and choices always throw the same rolls (the choice draws nothing from ``rng``)."""
    run = DiceRun(rolls)
    while not run.done:
        run = run.roll(rng) if run.pending is None else run.choose(choose(run))
    return run
