"""The text side of what a variant makes public: the table's note on the table message and every
panel, and another seat's open riichi waits in words."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.engine.tiles import Kind
from bot.engine.views import PublicView, SeatView
from bot.runtime.panel import panel_spec, table_spec
from render.samples import sample_goto_table

NAMES = ("Alice", "Bob", "Carol")
NOTE = "🎲 3+5 = 8枚オール, 1 roll left"


@pytest.fixture
def table() -> PublicView:
    view = sample_goto_table()
    assert view.note == NOTE
    return view


def _table_text(view: PublicView, locale: str | None = None) -> str:
    return table_spec(
        game_id=1, title="T", view=view, names=NAMES, decisions=(), auto=(), over=False, locale=locale
    ).content


def _panel_text(view: PublicView, seat: int, locale: str | None = None) -> str:
    seat_view = SeatView(public=view, seat=seat, hand=())
    spec = panel_spec(
        game_id=1,
        title="T",
        view=seat_view,
        decision=None,
        waiting_for=("Bob",),
        names=NAMES,
        tiles=(),
        locale=locale,
    )
    return spec.content


def test_the_table_message_and_every_panel_carry_the_note(table: PublicView) -> None:
    assert NOTE in _table_text(table).splitlines()
    for seat in range(3):
        assert NOTE in _panel_text(table, seat).splitlines()
    quiet = dataclasses.replace(table, note="")
    assert _table_text(quiet).count("\n") == _table_text(table).count("\n") - 1
    assert NOTE not in _panel_text(quiet, 0)
    # A new note is a new message: the key changes, so the table and the panels are redrawn.
    other = dataclasses.replace(table, note="🎲 1+1")
    args: dict[str, Any] = {"game_id": 1, "title": "T", "names": NAMES, "decisions": (), "auto": (), "over": False}
    assert table_spec(view=table, **args).key != table_spec(view=other, **args).key


@pytest.mark.parametrize(
    ("locale", "phrase"),
    [("en-US", "Bob's open riichi waits on 3p 6p 9p"), ("ja", "Bob のオープン立直の待ち: 3p 6p 9p")],
)
def test_other_seats_read_an_open_riichis_waits(table: PublicView, locale: str, phrase: str) -> None:
    assert table.seats[1].open_waits == (Kind.P3, Kind.P6, Kind.P9)
    assert phrase in _panel_text(table, 0, locale)
    assert phrase in _panel_text(table, 2, locale)
    assert "open riichi" not in _panel_text(table, 1)  # its own waits are its panel's "Waits" line
