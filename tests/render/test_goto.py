"""5等三麻 on the table: an open riichi's waits, twenty set-aside tiles, chips that always show,
gold and red fives and 白ポッチ, and two indicators."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageChops

from bot.engine.tiles import Kind, Tile, parse_tiles
from bot.engine.views import PublicView, RiverTile, SeatPublic
from render.layout import RIVER_TILE, layout_for, positions
from render.samples import (
    GOTO_OPEN_WAITS,
    GOTO_SET_ASIDE,
    sample_goto_table,
    sample_table,
)
from render.table import compose_table
from tests.render.helpers import band_rect, inside, overlaps

NAMES = ["Alice", "さくら🌸", "山田太郎"]
Box = tuple[int, int, int, int]


def diff_box(a: Image.Image, b: Image.Image) -> Box | None:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


def plate_region(seats: int, seat: int, bottom: int = 0) -> Box:
    """A seat's plate region, one pixel wider: the turn outline is drawn on the region's last
    column and row, as it always was."""
    left, top, right, bottom_edge = layout_for(seats).slots[positions(seats, bottom)[seat]].plate
    return (left, top, right + 1, bottom_edge + 1)


def river_rect(seats: int, seat: int, bottom: int = 0) -> Box:
    """Where a seat's river may lie: its rows of six (one tile turned) towards the centre."""
    slot = layout_for(seats).slots[positions(seats, bottom)[seat]]
    frame = slot.river
    length, depth = 6 * RIVER_TILE + 10, slot.river_rows * 44
    x, y = frame.place(0, 0, length, depth)
    width, height = (length, depth) if frame.rotation in (0, 180) else (depth, length)
    return (x, y, x + width, y + height)


def replace_seat(view: PublicView, seat: int, **changes: object) -> PublicView:
    seats = list(view.seats)
    seats[seat] = dataclasses.replace(seats[seat], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(view, seats=tuple(seats))


@pytest.fixture(scope="module")
def table() -> PublicView:
    return sample_goto_table()


def test_the_sample_is_the_promised_position(table: PublicView) -> None:
    assert table.seats[1].open_waits == GOTO_OPEN_WAITS and table.seats[1].riichi
    assert len(table.seats[2].set_aside) == 20
    flowers = [tile for tile in table.seats[2].set_aside if tile.kind >= Kind.SPRING]
    assert len(flowers) == 16
    assert len(table.dora_indicators) == 2
    assert all(seat.chips is not None for seat in table.seats)
    assert table.note


@pytest.mark.parametrize("bottom", [0, 1, 2])
def test_open_waits_are_drawn_in_their_seats_plate(table: PublicView, bottom: int) -> None:
    shown = compose_table(table, NAMES, bottom=bottom)
    hidden = compose_table(replace_seat(table, 1, open_waits=()), NAMES, bottom=bottom)
    box = diff_box(shown, hidden)
    assert box is not None, "the open waits are not drawn"
    assert inside(box, plate_region(3, 1, bottom))
    assert not overlaps(box, river_rect(3, 1, bottom))
    assert not any(overlaps(box, band_rect(3, seat, bottom)) for seat in range(3))


def test_every_open_wait_is_drawn(table: PublicView) -> None:
    waits = (Kind.P1, Kind.P4, Kind.S2, Kind.S5, Kind.EAST, Kind.WHITE, Kind.RED)
    view = replace_seat(table, 1, open_waits=waits)
    image = compose_table(view, NAMES)
    for index in range(len(waits)):
        changed = list(waits)
        changed[index] = Kind.M9
        box = diff_box(image, compose_table(replace_seat(view, 1, open_waits=tuple(changed)), NAMES))
        assert box is not None, f"wait {index} is not drawn"
        assert inside(box, plate_region(3, 1))


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("waits", [(), GOTO_OPEN_WAITS, tuple(range(9, 18))])
def test_twenty_set_aside_tiles_stay_in_the_plate_and_all_show(seats: int, waits: tuple[int, ...]) -> None:
    """16 flowers and 4 北 (the most a 5等 seat pulls), with or without open waits beside them."""
    base = sample_table(seats, 1)
    crowded = replace_seat(
        base, 0, set_aside=tuple(parse_tiles(GOTO_SET_ASIDE)), open_waits=waits, riichi=True, chips=-40
    )
    bare = replace_seat(crowded, 0, set_aside=())
    for bottom in range(seats):
        image = compose_table(crowded, NAMES * 2, bottom=bottom)
        box = diff_box(image, compose_table(bare, NAMES * 2, bottom=bottom))
        assert box is not None
        plate = plate_region(seats, 0, bottom)
        assert inside(box, plate), (box, plate)
        for seat in range(seats):
            assert not overlaps(box, band_rect(seats, seat, bottom))
            assert not overlaps(box, river_rect(seats, seat, bottom))
        assert not overlaps(box, layout_for(seats).centre)
    # Each of the twenty is drawn (none dropped for lack of room).
    image = compose_table(crowded, NAMES * 2)
    tiles = crowded.seats[0].set_aside
    for index in range(len(tiles)):
        changed = list(tiles)
        changed[index] = Tile(Kind.RED)
        box = diff_box(image, compose_table(replace_seat(crowded, 0, set_aside=tuple(changed)), NAMES * 2))
        assert box is not None, f"set-aside tile {index} is not drawn"
        assert inside(box, plate_region(seats, 0))


@pytest.mark.parametrize("points", [25000, -12300, 145000])
def test_chips_show_even_behind_every_badge(points: int) -> None:
    """リーチ, 親 and 自動 leave no room for the chips on their row: they move, never vanish."""
    seat = SeatPublic(seat=0, wind=Kind.EAST, points=points, chips=7, riichi=True, dealer=True, auto_played=True)
    view = PublicView(
        variant="test",
        round_label="東1局",
        seats=(seat, *(SeatPublic(seat=s, wind=Kind.EAST + s, points=35000, chips=0) for s in (1, 2))),
        tiles_left=50,
    )
    image = compose_table(view, NAMES)
    for chips in (8, -40):
        box = diff_box(image, compose_table(replace_seat(view, 0, chips=chips), NAMES))
        assert box is not None, f"chips are not drawn at {points} points"
        assert inside(box, plate_region(3, 0))
    none = compose_table(replace_seat(view, 0, chips=None), NAMES)
    assert diff_box(image, none) is not None


def river_with(tile: Tile) -> PublicView:
    seats = tuple(
        SeatPublic(seat=s, wind=Kind.EAST + s, points=35000, river=(RiverTile(tile),) if s == 0 else ())
        for s in range(3)
    )
    return PublicView(variant="test", round_label="東1局", seats=seats, tiles_left=50)


def test_gold_red_and_plain_fives_and_the_dotted_white_differ_on_the_table() -> None:
    faces = {notation: compose_table(river_with(parse_tiles(notation)[0]), NAMES) for notation in ("gp", "0p", "5p")}
    river = river_rect(3, 0)
    for a, b in (("gp", "0p"), ("gp", "5p"), ("0p", "5p")):
        box = diff_box(faces[a], faces[b])
        assert box is not None, f"{a} and {b} look the same"
        assert inside(box, river)
    pocchi = compose_table(river_with(parse_tiles("0z")[0]), NAMES)
    white = compose_table(river_with(parse_tiles("5z")[0]), NAMES)
    assert diff_box(pocchi, white) is not None


def test_both_dora_indicators_show(table: PublicView) -> None:
    image = compose_table(table, NAMES)
    for index in range(2):
        changed = list(table.dora_indicators)
        changed[index] = Tile(Kind.RED)
        box = diff_box(image, compose_table(dataclasses.replace(table, dora_indicators=tuple(changed)), NAMES))
        assert box is not None, f"indicator {index} is not drawn"
        assert inside(box, layout_for(3).centre)
