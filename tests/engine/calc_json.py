"""The calc CLI as the tests run it: in-process, its JSON read back as :class:`CalcJson`.

``python -m bot.engine.calc`` prints :meth:`bot.engine.calculator.CalcResult.to_json` and exits 0
for a win, or prints ``{"error": "<why>"}`` and exits 2. The types below are that JSON as the
tests read it, so a test that names a key the CLI never prints, or reads a number as a mapping,
fails type-checking instead of reading ``object``.
"""

from __future__ import annotations

import json
from typing import NotRequired, TypedDict

import pytest

from bot.engine.calc import main

__all__ = ["CalcJson", "ChipsJson", "RankJson", "YakuJson", "calc_refusal", "calc_win", "run_calc", "yaku_by_name"]


class YakuJson(TypedDict):
    """A yaku line (:class:`bot.engine.views.YakuLine`)."""

    name: str
    en: str
    han: int
    yakuman: NotRequired[int]
    """Only for a yakuman: its weight."""
    detail: NotRequired[str]
    """Only where the line has one (いなげ's discard yaku: the run of discards)."""


class ChipsJson(TypedDict, total=False):
    """A chip variant's chips (:class:`bot.engine.calculator.CalcChips`): what each payer hands
    over (``each`` on a tsumo, else ``discarder`` and ``other``), the total and the items."""

    each: int
    discarder: int
    other: int
    total: int
    items: dict[str, int]
    multiplier: int


class RankJson(TypedDict):
    """5等三麻's rank: the tier, and the han and fu after 夏."""

    tier: str
    han: int
    fu: int | None


class CalcJson(TypedDict, total=False):
    """What the CLI prints. Every key is optional to the type: a refusal holds only ``error``, and
    each variant shows only its own parts (``honba``, ``chips``, ``pocchi``, 5等三麻's ``rank``,
    dice, seasons, flowers and ``alice``)."""

    error: str
    variant: str
    han: int
    fu: int | None
    yakuman: int
    limit: str
    rank: RankJson
    yaku: list[YakuJson]
    total: int
    honba: int
    payments: dict[str, int]
    chips: ChipsJson
    dice: int
    dice_items: dict[str, int]
    seasons: dict[str, int]
    flowers: int
    alice: str
    pocchi: str


def run_calc(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, CalcJson]:
    """The CLI's exit code on ``args`` and the JSON it printed."""
    code = main(list(args))
    printed: CalcJson = json.loads(capsys.readouterr().out)
    return code, printed


def calc_win(capsys: pytest.CaptureFixture[str], *args: str) -> CalcJson:
    """The JSON of a request that must score."""
    code, printed = run_calc(capsys, *args)
    assert code == 0, printed
    return printed


def calc_refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The message of a request the CLI must refuse."""
    code, printed = run_calc(capsys, *args)
    assert code == 2, printed
    assert set(printed) == {"error"} and isinstance(printed["error"], str), printed
    return printed["error"]


def yaku_by_name(printed: CalcJson) -> dict[str, int]:
    """Each yaku line's han, or its yakuman weight for a yakuman, by Japanese name."""
    return {line["name"]: line.get("yakuman") or line["han"] for line in printed["yaku"]}
