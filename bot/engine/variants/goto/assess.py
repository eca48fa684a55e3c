"""What a 5等三麻 win is worth, all of it: points, chips and dice, from one place.

The game (:mod:`bot.engine.variants.goto.settle`) and the calculator
(:mod:`bot.engine.variants.goto.calc`) both ask :func:`assess_win`, so a hand is worth the same
at the table and on the command line. The caller says what the table knows and a hand cannot:
the seasons the winner holds (:class:`Seasons`: pulled flowers and flowers shown as indicators),
how many 北 it pulled, whether the winning tile was a 白ポッチ standing for another, and the
Alice chips already counted.

>>> from bot.engine.shapes import hand
>>> from bot.engine.tiles import Kind
>>> ctx = WinContext(hand("123p456p789s111m99s"), win_tile=Kind.S9, tsumo=True, riichi=True)
>>> result = assess_win(ctx, GotoSettings(), seasons=Seasons(summer=1))
>>> result.rank.tier.name, result.score.ron, result.score.tsumo_non_dealer
('BELOW', 0, 3000)
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from bot.engine.scoring import HandScore, NoWin
from bot.engine.tiles import Kind
from bot.engine.variants.goto.chips import ChipValues, WinChips, WinFacts, win_chips
from bot.engine.variants.goto.dice import DiceFacts, DiceTriggers, dice_triggers
from bot.engine.variants.goto.points import GotoPoints, Rank, Tier, rank
from bot.engine.variants.goto.settings import GotoSettings
from bot.engine.variants.goto.yaku import AUTUMN, GotoScorer
from bot.engine.yaku.context import WinContext

__all__ = ["Seasons", "WinAssessment", "assess_win", "chip_values", "goto_scorer"]


@dataclass(frozen=True, slots=True)
class Seasons:
    """The season effects a winner holds: flowers it pulled plus, with ``flower_indicators``,
    flowers shown as dora (or, for a riichi winner, ura) indicators (GTS-A13). ``pulled`` counts
    only the flowers the seat pulled: 4華 and Spring's ``F`` count those alone."""

    spring: int = 0
    summer: int = 0
    autumn: int = 0
    winter: int = 0
    pulled: int = 0
    pulled_seasons: int = 0
    """How many different seasons the seat pulled (4華 of one of each, with
    ``four_flowers_any_season`` off)."""


@dataclass(frozen=True, slots=True)
class WinAssessment:
    """A win's score (points, 夏 included), its :class:`Rank`, its chips and its dice."""

    score: HandScore
    rank: Rank
    chips: WinChips
    dice: DiceTriggers


def chip_values(settings: GotoSettings) -> ChipValues:
    """The chip table of a table's settings."""
    return ChipValues(
        red=settings.red_chips,
        gold=settings.gold_chips,
        north=settings.north_chips,
        ippatsu=settings.ippatsu_chips,
        ura=settings.ura_chips,
        pocchi=settings.pocchi_tsumo_chips,
        soku_pocchi=settings.soku_pocchi_chips,
        sanbaiman=settings.sanbaiman_chips,
        yakuman=settings.yakuman_chips,
        gobaiman=settings.gobaiman_chips,
        tobi=settings.tobi_chips,
        top=settings.big_top_chips,
        top_from=settings.big_top_points,
        placement_high=(settings.rank_top_chips_second_returns, 0, -settings.rank_top_chips_second_returns),
        placement_low=(
            settings.rank_top_chips,
            -settings.rank_second_chips,
            -(settings.rank_top_chips - settings.rank_second_chips),
        ),
        returned=settings.return_points,
    )


@functools.lru_cache(maxsize=64)
def goto_scorer(settings: GotoSettings, summers: int = 0) -> GotoScorer:
    """The scorer of a table's settings for a winner holding ``summers`` 夏 (cached: a scorer
    builds its yaku table)."""
    return GotoScorer.from_settings(settings, GotoPoints(summers=summers))


def effective_summers(settings: GotoSettings, summers: int) -> int:
    """「夏」 stacks (GTS-A4) unless the table says only one counts."""
    return summers if settings.summer_stacks else min(summers, 1)


def _all_star(ctx: WinContext, red: int, gold: int) -> bool:
    """門前オールスター (GTS-A7): a closed win holding all four red and gold fives."""
    closed = all(not meld.is_open for meld in ctx.melds)
    return closed and red >= 2 and gold >= 2


def assess_win(
    ctx: WinContext,
    settings: GotoSettings,
    *,
    seasons: Seasons = Seasons(),
    red: int = 0,
    gold: int = 0,
    north: int | None = None,
    pocchi: bool = False,
    alice: int = 0,
    furiten: bool = False,
) -> WinAssessment | NoWin:
    """Score ``ctx`` for a table's settings, or say why it is no win.

    ``ctx.red_dora`` counts the red and gold fives (one dora each; 秋 doubles them here, so the
    caller does not set the flag), ``red`` and ``gold`` count them apart for the chips, ``north``
    the 北 pulled (default ``ctx.nuki_dora``), ``pocchi`` a 白ポッチ tsumo (即ポッチ with
    ``ctx.ippatsu``), ``alice`` the Alice chips each payer owes, ``furiten`` the winner's (for
    the dice of 国士無双十三面待ち).
    """
    summers = effective_summers(settings, seasons.summer)
    flags = ctx.flags | {AUTUMN} if seasons.autumn else ctx.flags
    ctx = dataclasses.replace(ctx, flags=flags)
    scorer = goto_scorer(settings, summers)
    result = scorer.evaluate(ctx)
    if isinstance(result, NoWin):
        return result
    ranked = rank(result.han, result.fu, result.yakuman, summers=summers)
    pulled_north = ctx.nuki_dora if north is None else north
    values = chip_values(settings)
    ura = ctx.ura_dora(sanma=True, nuki_kind=Kind.NORTH)
    facts = WinFacts(
        tsumo=ctx.tsumo,
        red=red,
        gold=gold,
        north=pulled_north,
        ippatsu=ctx.ippatsu,
        ura=ura,
        pocchi=pocchi and ctx.tsumo,
        alice=alice,
        rank=ranked if ranked.tier >= Tier.SANBAIMAN else None,
    )
    chips = win_chips(facts, values) if settings.chips else WinChips(ctx.tsumo)
    dice = DiceTriggers()
    if settings.dice and settings.chips:
        yakuman = tuple(hit.name for hit in result.yaku if hit.yakuman)
        dice = dice_triggers(
            DiceFacts(
                yakuman=yakuman,
                soku_pocchi=pocchi and ctx.tsumo and ctx.ippatsu,
                closed=all(not meld.is_open for meld in ctx.melds),
                furiten=furiten,
                all_star=settings.monzen_all_star and _all_star(ctx, red, gold),
                north=pulled_north,
                flowers=seasons.pulled if settings.four_flowers_any_season else 4 * (seasons.pulled_seasons == 4),
                gobaiman=ranked.tier is Tier.GOBAIMAN,
            )
        )
        if dice.jackpot and dice.jackpot != settings.jackpot_chips:
            dice = dataclasses.replace(dice, jackpot=settings.jackpot_chips)
    return WinAssessment(result, ranked, chips, dice)
