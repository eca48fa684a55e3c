"""5等三麻 on the table and the cards: an open riichi's waits, twenty set-aside tiles, chips that
always show, gold and red fives and 白ポッチ, two indicators, and the chips block of the cards
(itemised chips, Alice / 半チューリップ flips, dice)."""

from __future__ import annotations

import dataclasses
from typing import TypedDict, Unpack

import pytest
from PIL import Image, ImageChops

from bot.engine.tiles import Kind, Tile, parse_tiles
from bot.engine.views import ChipItem, DiceLine, FlipLine, PublicView, RiverTile, SeatPublic, WinView
from render import render_draw, render_win
from render.cards import CARD_WIDTH, compose_draw, compose_win
from render.chips import ChipsBlock, chips_block, die_image, mark_image
from render.layout import RIVER_TILE, layout_for, positions
from render.samples import (
    GOTO_OPEN_WAITS,
    GOTO_SET_ASIDE,
    sample_draw,
    sample_goto_draw,
    sample_goto_table,
    sample_goto_win,
    sample_names,
    sample_table,
    sample_win,
)
from render.table import compose_table
from render.theme import DEFAULT_THEME
from render.words import Language
from tests.render.helpers import band_rect, decode, inside, overlaps

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


class SeatChanges(TypedDict, total=False):
    """What the tests change of a seat's public view."""

    open_waits: tuple[int, ...]
    set_aside: tuple[Tile, ...]
    riichi: bool
    chips: int | None


def replace_seat(view: PublicView, seat: int, **changes: Unpack[SeatChanges]) -> PublicView:
    seats = list(view.seats)
    seats[seat] = dataclasses.replace(seats[seat], **changes)
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


def plain(view: WinView) -> WinView:
    return dataclasses.replace(view, chip_items=(), flip_name="", flips=(), dice=())


@pytest.mark.parametrize("run", ["alice", "tulip", "none"])
def test_the_win_card_grows_a_chips_block_and_leaves_the_rest_alone(run: str) -> None:
    view = sample_goto_win(run)
    names = sample_names(3, 2)
    decode(render_win(view, names))
    # Compared as composed: the palette PNG picks its 256 colours per picture.
    full = compose_win(view, names)
    bare = compose_win(plain(view), names)
    assert full.width == CARD_WIDTH
    assert full.height > bare.height
    grown = full.height - bare.height
    # Everything above the block (header, hand, yaku, total) and the payment boxes below it are
    # the same pixels as on the card without the block.
    payments = 64 + 20 + 16
    split = bare.height - payments
    assert full.crop((0, 0, CARD_WIDTH, split)).tobytes() == bare.crop((0, 0, CARD_WIDTH, split)).tobytes()
    below = full.crop((0, split + grown, CARD_WIDTH, full.height))
    assert below.tobytes() == bare.crop((0, split, CARD_WIDTH, bare.height)).tobytes()


def test_the_sample_runs_are_the_promised_ones() -> None:
    alice = sample_goto_win("alice")
    assert alice.flip_name == "アリス"
    assert len(alice.flips) == 3 and alice.flips[-1].matches == 0
    assert all(flip.matches for flip in alice.flips[:-1])
    tulip = sample_goto_win("tulip")
    assert tulip.flip_name == "半チューリップ" and any(flip.stocked for flip in tulip.flips)
    assert len(alice.dice) == 2 and alice.chip_items


def test_every_flip_and_roll_is_drawn_and_stocked_flips_look_different() -> None:
    view = sample_goto_win("tulip")
    names = sample_names(3, 2)
    image = compose_win(view, names)
    for index, flip in enumerate(view.flips):
        flips = list(view.flips)
        flips[index] = dataclasses.replace(flip, tile=Tile(Kind.RED) if flip.tile.kind != Kind.RED else Tile(Kind.M1))
        assert diff_box(image, compose_win(dataclasses.replace(view, flips=tuple(flips)), names)) is not None
        flips[index] = dataclasses.replace(flip, stocked=not flip.stocked)
        assert diff_box(image, compose_win(dataclasses.replace(view, flips=tuple(flips)), names)) is not None
    for index, line in enumerate(view.dice):
        dice = list(view.dice)
        dice[index] = dataclasses.replace(line, dice=(line.dice[0], 7 - line.dice[1]))
        assert diff_box(image, compose_win(dataclasses.replace(view, dice=tuple(dice)), names)) is not None


def test_chips_block_wraps_long_lists_inside_the_card() -> None:
    view = dataclasses.replace(
        sample_goto_win("alice"),
        chip_items=tuple(ChipItem(f"祝儀{n}", n, seat=n % 3) for n in range(24)),
        flips=tuple(FlipLine(Tile(n % 34), n % 3, 2 * (n % 3), stocked=n > 12) for n in range(20)),
        dice=tuple(DiceLine((n % 6 + 1, (n * 5) % 6 + 1), n, "ゾロ目: もう1回" * (n % 2)) for n in range(9)),
    )
    image = compose_win(view, ["👑" * 30] * 3)
    short = compose_win(sample_goto_win("alice"), ["👑" * 30] * 3)
    assert image.height > short.height + 150
    assert image.width == CARD_WIDTH
    # Nothing is drawn past the card's margins (below the title band, which spans the card).
    background = Image.new("RGB", image.size, DEFAULT_THEME.card)
    for edge in ((0, 61, 8, image.height), (CARD_WIDTH - 8, 61, CARD_WIDTH, image.height)):
        assert diff_box(image.crop(edge), background.crop(edge)) is None


def test_an_empty_chips_block_takes_no_room() -> None:
    assert chips_block(None, 0, ChipsBlock(), [], DEFAULT_THEME, Language.JA, left=20, right=700) == 0
    for view in (sample_win(3), sample_goto_win("none")):
        names = sample_names(3, 1)
        assert render_win(plain(view), names) == render_win(dataclasses.replace(plain(view)), names)
    draw = sample_draw(2, 3)
    assert draw.chip_items == ()
    assert (
        compose_draw(draw, NAMES).tobytes() == compose_draw(dataclasses.replace(draw, chip_items=()), NAMES).tobytes()
    )


def test_the_draw_card_lists_chips_with_who_received_them() -> None:
    view = sample_goto_draw()
    assert view.chip_items and view.chip_items[0].seat == 1
    with_chips = decode(render_draw(view, NAMES))
    without = compose_draw(dataclasses.replace(view, chip_items=()), NAMES)
    assert with_chips.height > without.height
    # The receiver's name is written in the block, between the seat rows and the payment boxes
    # (which name every seat as well).
    renamed = compose_draw(view, [NAMES[0], "Bob", NAMES[2]])
    block = (0, 60 + 16 + 3 * 72, CARD_WIDTH, with_chips.height - 64 - 20 - 8)
    assert diff_box(compose_draw(view, NAMES).crop(block), renamed.crop(block)) is not None


def test_dice_and_marks() -> None:
    faces = [die_image(value, 22).tobytes() for value in range(1, 7)]
    assert len(set(faces)) == 6
    assert die_image(9, 22).size == die_image(1, 22).size  # off the die: a number, same size
    assert mark_image(True, 13, (0, 255, 0)).tobytes() != mark_image(False, 13, (0, 255, 0)).tobytes()
