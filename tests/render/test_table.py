"""The table and the seat picture: sizes, hidden hands as backs only, markers, any names."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.engine.tiles import Back, Kind, Tile, parse_tiles
from bot.engine.views import PublicView, RiverTile, SeatPublic
from render import DEFAULT_THEME, NAVY_THEME, render_seat, render_table
from render.draw import draw_row as real_draw_row
from render.layout import BAND, BAND_TILE, BOTTOM, LEFT, PUBLIC_BOTTOM, RIGHT, TOP, Slot, layout_for, positions
from render.samples import sample_draft, sample_names, sample_seat, sample_table
from render.sprites import tile_sprite
from render.table import PACKET_ROW, compose_seat, compose_table
from render.text import safe_text
from render.words import Language
from tests.render.helpers import CLOCK_IN_PICTURE, decode, drawn_texts, is_opaque, mean_brightness

SIZES = {2: (624, 628), 3: (716, 716), 4: (716, 716)}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_table_png_decodes_with_layout_size(seats: int) -> None:
    for seed in range(6):
        image = decode(render_table(sample_table(seats, seed), sample_names(seats, seed)))
        assert image.size == SIZES[seats]
        assert is_opaque(image)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_seat_can_be_at_the_bottom(seats: int) -> None:
    view = sample_table(seats, 3)
    images = {render_table(view, sample_names(seats), bottom=seat) for seat in range(seats)}
    assert len(images) == seats


def test_rendering_is_pure_and_deterministic() -> None:
    view = sample_table(4, 11)
    names = sample_names(4, 11)
    assert render_table(view, names) == render_table(view, names)
    assert render_table(view, names) != render_table(view, names, theme=NAVY_THEME)


def quiet_seat(seat: int, concealed: int, backs: tuple[Back | None, ...] = ()) -> SeatPublic:
    return SeatPublic(seat=seat, wind=Kind.EAST + seat, points=25000, concealed_count=concealed, concealed_backs=backs)


def band_boxes(seats: int, seat: int, bottom: int, count: int) -> list[tuple[int, int, int, int, int]]:
    """Where the renderer lays a seat's concealed backs: (x, y, width, height, rotation) each."""
    slot = layout_for(seats).slots[positions(seats, bottom)[seat]]
    frame = slot.band
    boxes = []
    lx = 0
    for _ in range(count):
        sprite = tile_sprite(None, BAND_TILE, frame.rotation)
        lw, ld = frame.local_size(sprite.width, sprite.height)
        x, y = frame.place(lx, BAND - ld, lw, ld)
        boxes.append((x, y, sprite.width, sprite.height, frame.rotation))
        lx += lw
    return boxes


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_other_seats_hands_show_only_backs(seats: int) -> None:
    """Every concealed tile of every seat is exactly the back sprite, pixel for pixel."""
    chinitsu_backs = (Back.BLUE, Back.YELLOW) * 6 + (Back.BLUE,)
    view = PublicView(
        variant="test",
        round_label="東1局",
        seats=tuple(quiet_seat(s, 13, chinitsu_backs if s == 1 else ()) for s in range(seats)),
        tiles_left=70,
    )
    image = compose_table(view, ["a", "b", "c", "d"][:seats])
    for seat in range(seats):
        for index, (x, y, width, height, rotation) in enumerate(band_boxes(seats, seat, 0, 13)):
            back = chinitsu_backs[index] if seat == 1 else None
            sprite = tile_sprite(None, BAND_TILE, rotation, back=back)
            # Inset by the shadow margin: a neighbour's soft shadow may touch the very edge.
            inset = sprite.pad
            expected = sprite.image.crop(
                (sprite.pad + inset, sprite.pad + inset, sprite.pad + width - inset, sprite.pad + height - inset)
            )
            actual = image.crop((x + inset, y + inset, x + width - inset, y + height - inset))
            diff = ImageChops.difference(actual, expected.convert("RGB")).getbbox()
            assert diff is None, f"seat {seat} tile {index} is not a plain back"


def test_seat_picture_adds_nothing_about_other_seats() -> None:
    """The private picture's table equals the public table seen from that chair, except its own edge."""
    seat_view = sample_seat(4, 5)
    names = sample_names(4, 5)
    private = compose_seat(seat_view, names)
    public = compose_table(seat_view.public, names, bottom=seat_view.seat, private_seat=seat_view.seat)
    assert private.crop((0, 0, public.width, public.height)).tobytes() == public.tobytes()
    # And only the own seat's edge differs from the plain public table.
    plain = compose_table(seat_view.public, names, bottom=seat_view.seat)
    diff = ImageChops.difference(plain, public).getbbox()
    assert diff is not None
    own = layout_for(4).slots[BOTTOM]
    for region in (own.plate, (0, public.height - 16 - BAND - 4, public.width, public.height)):
        for image in (plain, public):
            image.paste((0, 0, 0), region)
    assert ImageChops.difference(plain, public).getbbox() is None


def test_seat_picture_shows_the_hand_and_dims_what_cannot_be_chosen() -> None:
    seat_view = sample_seat(4, 2)
    names = sample_names(4, 2)
    hand = parse_tiles("123m456p789s11222z")
    base = dataclasses.replace(seat_view, hand=tuple(hand[:13]), drawn=hand[13], selectable=())
    only_drawn = dataclasses.replace(base, selectable=(hand[13],))
    free = compose_seat(base, names)
    riichi = compose_seat(only_drawn, names)
    assert free.size == riichi.size
    assert free.height > layout_for(4).height + 80
    y = layout_for(4).height + 12 + 30
    first_tile = (16, y + 4, 14 + 40, y + 50)
    assert mean_brightness(riichi, first_tile) < mean_brightness(free, first_tile) - 40
    drawn_x = 14 + 13 * 45 + 14
    drawn_tile = (drawn_x + 2, y + 4, drawn_x + 40, y + 50)
    assert abs(mean_brightness(riichi, drawn_tile) - mean_brightness(free, drawn_tile)) < 1


def test_seat_png_decodes() -> None:
    for seats in (2, 3, 4):
        view = sample_seat(seats, 7)
        image = decode(render_seat(view, sample_names(seats, 7)))
        assert image.width == SIZES[seats][0]
        assert image.height > SIZES[seats][1]


def test_seat_without_hints_is_shorter() -> None:
    with_hints = sample_seat(4, 9)
    without = dataclasses.replace(with_hints, waits=(), ukeire={})
    assert decode(render_seat(without, [])).height < decode(render_seat(with_hints, [])).height


NAMES = [
    "さくら🌸",
    "👨‍👩‍👧‍👦🇯🇵",
    "Łukasz Šťastný",
    "",
    "\u202eRTL\u200f مرحبا",
    "𠮷野家の" + "とても長い名前" * 10,
    "\x00\x1b[31m",
    "🀄" * 40,
]


@pytest.mark.parametrize("name", NAMES)
def test_any_name_renders(name: str) -> None:
    view = sample_table(4, 1)
    image = decode(render_table(view, [name] * 4))
    assert image.size == SIZES[4]
    decode(render_seat(sample_seat(4, 1), [name] * 4))


def test_a_japanese_and_emoji_name_draws_text() -> None:
    view = sample_table(4, 1)
    plain = compose_table(view, ["", "", "", ""])
    named = compose_table(view, ["さくら🌸", "山田太郎", "Zoë", "🀄"])
    assert ImageChops.difference(plain, named).getbbox() is not None


def test_safe_text_falls_back_gracefully() -> None:
    assert safe_text("さくら🌸") == "さくら🌸"
    assert safe_text("👨‍👩‍👧‍👦") == ""
    assert safe_text("Šárka") == "Sárka"
    assert safe_text("a\x00b\u200dc") == "abc"
    assert safe_text("東1局 立直 門前清自摸和") == "東1局 立直 門前清自摸和"


def test_no_picture_draws_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture cannot count down: the deadline lives in the message's Discord timestamp, so no
    picture draws a clock time, a UTC time or seconds left, and the deadline changes no pixel."""
    drawn = drawn_texts(monkeypatch)
    for seats in (2, 3, 4):
        view = dataclasses.replace(sample_table(seats, 1), deadline=1_700_000_004.0)
        seat = sample_seat(seats, 1)
        compose_table(view, sample_names(seats, 1))
        compose_seat(dataclasses.replace(seat, public=dataclasses.replace(seat.public, deadline=1_700_000_004.0)), [])
        assert render_table(view, []) == render_table(dataclasses.replace(view, deadline=None), [])
    assert drawn
    assert [text for text in drawn if CLOCK_IN_PICTURE.search(text)] == []


def test_calls_open_status_names_the_tile_s_seat_and_no_claimant(monkeypatch: pytest.MonkeyPatch) -> None:
    """While calls are open the picture's status line says so, on whose tile (the table
    message's words), and highlights nobody: the view names no claimant to draw."""
    names = ["Alice", "Bob", "Carol", "Dave"]
    window = dataclasses.replace(sample_table(4, 1), phase="claims", turn=None, deciding=(), calls_on=0)
    drawn = drawn_texts(monkeypatch)
    compose_table(window, names)
    assert "鳴き確認中（Alice の牌）" in drawn
    drawn.clear()
    compose_table(dataclasses.replace(window, calls_on=None), names)
    assert "鳴き確認中" in drawn
    assert not any("手番" in text for text in drawn)
    drawn.clear()
    compose_table(window, names, language=Language.EN)
    assert "Calls open on Alice's tile" in drawn


def crowded_seat(seat: int) -> SeatPublic:
    river = tuple(RiverTile(Tile(k % 38), riichi=k == 5, called=k % 7 == 0, tsumogiri=k % 3 == 0) for k in range(40))
    return SeatPublic(
        seat=seat,
        wind=None,
        points=-12000,
        chips=-40,
        river=river,
        set_aside=tuple(Tile(Kind.SPRING + k % 4) for k in range(20)),
        concealed_count=20,
        riichi=True,
        dealer=seat == 0,
        auto_played=True,
    )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_overfull_tables_still_render(seats: int) -> None:
    view = PublicView(
        variant="stress",
        round_label="第99局" * 5,
        seats=tuple(crowded_seat(s) for s in range(seats)),
        tiles_left=0,
        dora_indicators=tuple(parse_tiles("1234567z")),
        honba=12,
        riichi_sticks=7,
        turn=1,
        deciding=(0, 1),
        deadline=0.0,
        phase="some-unknown-phase",
        last_discard=(1, 39),
    )
    assert decode(render_table(view, NAMES)).size == SIZES[seats]


def test_table_rejects_an_impossible_seat_count() -> None:
    view = PublicView(variant="x", round_label="", seats=(quiet_seat(0, 13),), tiles_left=0)
    with pytest.raises(ValueError, match="2, 3 or 4"):
        render_table(view, [])


def test_themes_are_opaque_and_differ() -> None:
    view = sample_table(3, 4)
    dark = decode(render_table(view, [], theme=NAVY_THEME))
    green = decode(render_table(view, [], theme=DEFAULT_THEME))
    assert dark.getpixel((5, 5)) != green.getpixel((360, 360))
    assert isinstance(green, Image.Image)


def test_rendering_from_worker_threads_matches_serial() -> None:
    """The bot renders with asyncio.to_thread, so several renders may run at once."""
    views = [(sample_table(4, seed), sample_names(4, seed)) for seed in range(8)]
    serial = [render_table(view, names) for view, names in views]
    with ThreadPoolExecutor(4) as pool:
        parallel = list(pool.map(lambda item: render_table(*item), views))
    assert parallel == serial


def _plates(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Where each name plate is drawn, by position round the table (filled by the next picture)."""
    import render.table

    placed: dict[int, str] = {}
    original = render.table._plate

    def plate(image: Image.Image, slot: Slot, seat: SeatPublic, name: str, *args: Any, **kwargs: Any) -> None:
        placed[slot.position] = name
        original(image, slot, seat, name, *args, **kwargs)

    monkeypatch.setattr(render.table, "_plate", plate)
    return placed


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_panel_turns_the_table_so_its_seat_is_at_the_bottom(seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["East-chair", "South-chair", "West-chair", "North-chair"][:seats]
    placed = _plates(monkeypatch)
    base = sample_seat(seats, 4)
    for seat in range(seats):
        placed.clear()
        compose_seat(dataclasses.replace(base, seat=seat), names)
        assert placed[BOTTOM] == names[seat]
        if seats == 2:
            assert placed[TOP] == names[1 - seat]
            continue
        # As in every client: the next seat to play (shimocha) on the right, the one across on top,
        # the one before (kamicha) on the left; at three seats the chair left empty is North's.
        assert placed.get(RIGHT) == (names[(seat + 1) % 4] if (seat + 1) % 4 < seats else None)
        assert placed.get(TOP) == (names[(seat + 2) % 4] if (seat + 2) % 4 < seats else None)
        assert placed.get(LEFT) == (names[(seat + 3) % 4] if (seat + 3) % 4 < seats else None)


def test_a_panel_river_lies_in_front_of_its_seat() -> None:
    layout = layout_for(4)
    bottom = layout.slots[BOTTOM]
    assert bottom.river.rotation == 0 and bottom.river.oy >= layout.centre[3]
    assert layout.slots[TOP].river.oy <= layout.centre[1]


def test_the_public_table_keeps_the_first_dealer_at_the_bottom(monkeypatch: pytest.MonkeyPatch) -> None:
    placed = _plates(monkeypatch)
    compose_table(sample_table(4, 2), ["S0", "S1", "S2", "S3"], bottom=PUBLIC_BOTTOM)
    assert placed == {BOTTOM: "S0", RIGHT: "S1", TOP: "S2", LEFT: "S3"}


def test_the_two_seat_table_is_compact() -> None:
    two, four = layout_for(2), layout_for(4)
    assert two.width * two.height < 0.8 * four.width * four.height
    assert abs(two.width - two.height) <= 16  # about square, no strip of empty felt
    bottom, top = two.slots[BOTTOM], two.slots[TOP]
    assert bottom.river_columns * bottom.river_rows >= 36
    # Each name plate beside the centre on its own seat's side, clear of both rivers.
    assert bottom.plate[0] >= two.centre[2] and top.plate[2] <= two.centre[0]
    assert bottom.plate[1] >= two.centre[1] - 1 and bottom.plate[3] <= two.centre[3] + 1


def test_a_draft_packet_is_drawn_under_the_hand_of_its_holder_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.table

    view = sample_draft(1)
    assert len(view.packet) == 4
    rows: list[tuple[Tile, ...]] = []
    original = real_draw_row

    def draw_row(image: Image.Image, tiles: Sequence[Tile], *args: Any, **kwargs: Any) -> Any:
        rows.append(tuple(tiles))
        return original(image, tiles, *args, **kwargs)

    monkeypatch.setattr(render.table, "draw_row", draw_row)
    with_packet = compose_seat(view, sample_names(4))
    assert view.packet in rows
    without = compose_seat(dataclasses.replace(view, packet=()), sample_names(4))
    assert with_packet.height == without.height + PACKET_ROW
    # The public picture of the same moment shows no packet: it takes only the public view.
    rows.clear()
    compose_table(view.public, sample_names(4))
    assert view.packet not in rows
