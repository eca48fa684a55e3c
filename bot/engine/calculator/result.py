"""What a calculator answers: :class:`CalcResult`, typed, and its JSON (:meth:`CalcResult.to_json`,
what the CLI prints), with the yaku lines and who pays what.

>>> from bot.engine.calc import calculate, parse_args
>>> result = calculate(parse_args(["--hand", "123m456m789m234p55s", "--win", "5s", "--ron", "--seat", "S"]))
>>> result.han, result.fu, result.total, dict(result.payments)
(2, 40, 2600, {'discarder': 2600})
>>> result.to_json()["yaku"]
[{'name': '一気通貫', 'en': 'Pure straight', 'han': 2}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.engine.calculator.request import CalcRequest
from bot.engine.scoring import HandScore
from bot.engine.views import YakuLine
from bot.engine.yaku.base import YakuHit

__all__ = [
    "CalcChips",
    "CalcExtras",
    "CalcResult",
    "JsonObject",
    "JsonValue",
    "hand_result",
    "payments",
    "yaku_lines",
]

JsonValue = str | int | float | bool | None | Sequence["JsonValue"] | Mapping[str, "JsonValue"]
"""A value ``json.dumps`` writes."""
JsonObject = dict[str, JsonValue]
"""A JSON object, its keys in the order they are written."""


def yaku_lines(lines: Iterable[YakuHit | YakuLine]) -> tuple[YakuLine, ...]:
    """A scorer's yaku (or a win card's lines) as the result's lines."""
    return tuple(
        line if isinstance(line, YakuLine) else YakuLine(line.name, line.en, line.han, line.yakuman) for line in lines
    )


def payments(request: CalcRequest, *, ron: int, tsumo_dealer: int, tsumo_non_dealer: int) -> dict[str, int]:
    """Who pays the winner what: the discarder on a ron; on a tsumo each player, or the dealer
    and each other player when they pay differently."""
    if not request.tsumo:
        return {"discarder": ron}
    if request.dealer or tsumo_dealer == tsumo_non_dealer:
        return {"each": tsumo_non_dealer}
    return {"dealer": tsumo_dealer, "each_other": tsumo_non_dealer}


@dataclass(frozen=True)
class CalcChips:
    """The chips a win earns beside its points (ずーの, チンイツゲーム, 5等三麻)."""

    per_payer: Mapping[str, int]
    """What each payer hands over: ``each`` on a tsumo, else ``discarder`` (and ``other``)."""
    total: int
    items: Mapping[str, int]
    """What they are for, by Japanese name: each item's chips from each of its payers."""
    multiplier: int | None = None
    """What every transfer is multiplied by (ずーの's イナズマ and 割れ目); None: not shown."""

    def to_json(self) -> JsonObject:
        """The chips as the CLI prints them."""
        shown: JsonObject = {**self.per_payer, "total": self.total, "items": dict(self.items)}
        if self.multiplier is not None:
            shown["multiplier"] = self.multiplier
        return shown


class CalcExtras(Protocol):
    """A variant's own parts of a result (5等三麻's rank, dice and seasons), typed by the variant;
    the result's JSON shows them where the variant's output always had them."""

    def head_json(self) -> JsonObject:
        """What is shown after the hand's limit, before its yaku."""

    def tail_json(self) -> JsonObject:
        """What is shown after the chips, before the ポッチ."""


@dataclass(frozen=True)
class CalcResult:
    """A scored hand, as every calculator returns it; :meth:`to_json` is what the CLI prints.

    ``fu`` is None where the points have none (a yakuman, 二色麻雀, いなげ); ``total`` is what the
    winner receives for the hand, ``honba`` included (shown apart where the variant pays them:
    チンイツゲーム, 5等三麻); ``pocchi`` names the tile a wild ポッチ stood for."""

    variant: str
    han: int
    fu: int | None
    yakuman: int
    limit: str
    yaku: tuple[YakuLine, ...]
    total: int
    payments: Mapping[str, int]
    honba: int | None = None
    chips: CalcChips | None = None
    pocchi: str | None = None
    extras: CalcExtras | None = None

    def to_json(self) -> JsonObject:
        """The result as the CLI prints it, keys in this order: variant, han, fu, yakuman, limit,
        the variant's head extras, yaku, total, honba, payments, chips, the variant's tail
        extras, pocchi (each optional part only where it is given)."""
        shown: JsonObject = {
            "variant": self.variant,
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
        }
        if self.extras is not None:
            shown.update(self.extras.head_json())
        shown["yaku"] = [_yaku_json(line) for line in self.yaku]
        shown["total"] = self.total
        if self.honba is not None:
            shown["honba"] = self.honba
        shown["payments"] = dict(self.payments)
        if self.chips is not None:
            shown["chips"] = self.chips.to_json()
        if self.extras is not None:
            shown.update(self.extras.tail_json())
        if self.pocchi is not None:
            shown["pocchi"] = self.pocchi
        return shown


def hand_result(
    request: CalcRequest,
    score: HandScore,
    *,
    show_fu: bool = True,
    multiplier: int = 1,
    honba_share: int | None = None,
    tsumo_payers: int = 3,
    chips: CalcChips | None = None,
    pocchi: str | None = None,
    extras: CalcExtras | None = None,
) -> CalcResult:
    """A hand scored on the shared points tables as the calc's result: its points ×``multiplier``
    (ずーの's イナズマ and 割れ目), and ``honba_share`` (None: the variant shows no honba) added to
    each payment, its ``tsumo_payers`` (2 at a three-player table) on a tsumo, and shown apart.
    ``show_fu``: whether the points table has fu at all (二色麻雀's has none)."""
    payment, share = score.payment, honba_share or 0
    added = share * (tsumo_payers if request.tsumo else 1)
    return CalcResult(
        variant=request.variant,
        han=score.han,
        fu=score.fu if show_fu else None,
        yakuman=score.yakuman,
        limit=score.limit,
        yaku=yaku_lines(score.yaku),
        total=payment.total * multiplier + added,
        honba=added if honba_share is not None else None,
        payments=payments(
            request,
            ron=payment.ron * multiplier + share,
            tsumo_dealer=payment.tsumo_dealer * multiplier + share,
            tsumo_non_dealer=payment.tsumo_non_dealer * multiplier + share,
        ),
        chips=chips,
        pocchi=pocchi,
        extras=extras,
    )


def _yaku_json(line: YakuLine) -> JsonObject:
    """A yaku line: name, English name, han, and the yakuman weight or the detail where there is one."""
    shown: JsonObject = {"name": line.name, "en": line.en, "han": line.han}
    if line.yakuman:
        shown["yakuman"] = line.yakuman
    if line.detail:
        shown["detail"] = line.detail
    return shown
