"""A panel's clock: the turn's seconds and the bank after them, apart, as Discord timestamps.

A 30-second turn must read "in 30 seconds", not "in 2 minutes" (turn and bank added), and a
rounded timestamp must never claim less time than is left.
"""

from __future__ import annotations

import re

import pytest

from bot.engine.variants.nishoku import NishokuGame
from bot.runtime.decisions import Decision
from bot.ui.panel_spec import panel_spec

NAMES = ("Alice", "Bob", "Carol", "Dave")
TURN_ENDS = 1_700_000_030.2
"""When the turn's 30 seconds run out (Unix time): not a whole second, to show the rounding."""
DEADLINE = TURN_ENDS + 44.5
"""The bank after them: 44.5 seconds, shown as 45 and ending at the next whole second."""


def _panel_text(*, turn_ends: float | None, deadline: float | None, now: float | None, locale: str | None) -> str:
    game = NishokuGame(seed=3)
    (asked,) = game.decisions()
    decision = Decision(asked.seat, game.sequence, asked.actions, asked.default, deadline, turn_ends=turn_ends)
    view = game.view(asked.seat)
    spec = panel_spec(
        game_id=1, title="二色麻雀", view=view, decision=decision, waiting_for=(), names=NAMES, tiles=game.tiles,
        locale=locale, now=now,
    )  # fmt: skip
    return spec.content


def _timestamps(text: str) -> list[int]:
    return [int(seconds) for seconds in re.findall(r"<t:(\d+):R>", text)]


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (None, "⏱ Turn ends <t:1700000031:R> · then your bank (45 s) runs out <t:1700000075:R>"),
        ("ja", "⏱ 持ち時間 <t:1700000031:R>まで ・ その後 予備 45秒（<t:1700000075:R>まで）"),
    ],
)
def test_the_turn_and_the_bank_are_two_timestamps_rounded_up(locale: str | None, line: str) -> None:
    text = _panel_text(turn_ends=TURN_ENDS, deadline=DEADLINE, now=TURN_ENDS - 30, locale=locale)
    assert line in text.splitlines(), text
    # Rounded up, never down: neither moment is shown before it comes.
    turn, deadline = _timestamps(text)
    assert turn >= TURN_ENDS and turn - TURN_ENDS < 1 and deadline >= DEADLINE and deadline - DEADLINE < 1
    # The prompt keeps its own line, with no clock left dangling on it.
    assert "▶" in text and not any(row.endswith(" ") for row in text.splitlines())


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (None, "⏱ Turn time is up — your bank runs out <t:1700000075:R>"),
        ("ja", "⏱ 持ち時間終了：予備を使用中（<t:1700000075:R>まで）"),
    ],
)
def test_once_the_turn_is_gone_the_panel_says_the_bank_runs(locale: str | None, line: str) -> None:
    text = _panel_text(turn_ends=TURN_ENDS, deadline=DEADLINE, now=TURN_ENDS + 0.1, locale=locale)
    assert line in text.splitlines(), text
    assert _timestamps(text) == [1_700_000_075]


def test_a_seat_with_no_bank_left_sees_only_its_turn() -> None:
    text = _panel_text(turn_ends=TURN_ENDS, deadline=TURN_ENDS, now=TURN_ENDS - 5, locale=None)
    assert "⏱ Turn ends <t:1700000031:R> (no bank left)" in text.splitlines(), text
    assert _timestamps(text) == [1_700_000_031]


def test_no_clock_when_nobody_waits_on_one() -> None:
    """An automatic move or a stopped table (the store refusing writes) shows no countdown."""
    text = _panel_text(turn_ends=None, deadline=None, now=TURN_ENDS, locale=None)
    assert "⏱" not in text and "<t:" not in text
