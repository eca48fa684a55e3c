"""チンイツゲーム on the table and the cards: public backs, the live wall, kans of 5-8 tiles, many
dora indicators, the active suit, 北 pulled, and the n倍満 win card with chips."""

from __future__ import annotations

import dataclasses
import statistics

import pytest
from PIL import Image, ImageChops

from bot.engine.game import Kan, SetAside
from bot.engine.melds import MeldType
from bot.engine.tiles import Back, Kind, Tile, parse_tiles
from bot.engine.variants import new_game
from bot.engine.variants.chinitsu import ChinitsuGame
from bot.engine.views import MeldView, PublicView, SeatPublic
from render import render_table, render_win
from render.cards import CARD_WIDTH, compose_win
from render.draw import meld_length
from render.faces import BACK_COLOURS
from render.layout import GAP_BAND, LEFT, Frame, layout_for, positions, wall_region
from render.samples import CHINITSU_RIG, sample_chinitsu_table, sample_chinitsu_win, sample_names, sample_table
from render.table import compose_table
from tests.render.helpers import band_rect, decode, grow_towards_centre, inside, overlaps, pixels

NAMES = ["Alice", "さくら🌸", "山田太郎"]


def colour_count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    """Pixels of exactly a back's colour (the flat middle of a back sprite) inside ``box``."""
    return sum(1 for pixel in pixels(image.crop(box).convert("RGB")) if pixel == colour)


@pytest.fixture(scope="module")
def public() -> PublicView:
    return sample_chinitsu_table()


@pytest.fixture(scope="module")
def hidden() -> PublicView:
    return sample_chinitsu_table(settings={"backs_public": False})


BLUE, YELLOW = BACK_COLOURS[Back.BLUE], BACK_COLOURS[Back.YELLOW]


def test_the_sample_is_the_promised_position(public: PublicView) -> None:
    dealer = public.seats[0]
    assert public.variant == "chinitsu"
    assert public.round_label.endswith("・筒子")
    assert [len(meld.tiles) for meld in dealer.melds] == [7]
    assert [tile.kind for tile in dealer.set_aside] == [Kind.NORTH] * 4
    assert len(public.dora_indicators) == 6
    assert public.wall_backs and all(seat.concealed_backs for seat in public.seats)


@pytest.mark.parametrize("seat", [1, 2])
def test_opponent_hands_show_both_back_colours_only_when_public(
    public: PublicView, hidden: PublicView, seat: int
) -> None:
    box = band_rect(3, seat)
    shown = compose_table(public, NAMES)
    assert colour_count(shown, box, BLUE) > 100
    assert colour_count(shown, box, YELLOW) > 100
    plain = compose_table(hidden, NAMES)
    assert colour_count(plain, box, BLUE) == 0
    assert colour_count(plain, box, YELLOW) == 0
    assert colour_count(plain, box, BACK_COLOURS[None]) > 100


@pytest.mark.parametrize("bottom", [0, 1, 2])
def test_the_live_wall_is_drawn_on_the_empty_side_only_when_public(
    public: PublicView, hidden: PublicView, bottom: int
) -> None:
    empty = next(p for p in range(4) if p not in positions(3, bottom).values())
    box = wall_region(layout_for(3), empty)
    shown = compose_table(public, NAMES, bottom=bottom)
    blues = sum(1 for back in public.wall_backs if back is Back.BLUE)
    yellows = len(public.wall_backs) - blues
    # Each 14 px back has a flat middle of at least 30 pixels of its colour.
    assert colour_count(shown, box, BLUE) >= 30 * blues
    assert colour_count(shown, box, YELLOW) >= 30 * yellows
    plain = compose_table(hidden, NAMES, bottom=bottom)
    assert colour_count(plain, box, BLUE) == colour_count(plain, box, YELLOW) == 0


def test_the_wall_strip_follows_draw_order(public: PublicView) -> None:
    """Swapping the next tile's colour changes the picture; the same counts in another order too."""
    base = compose_table(public, NAMES)
    flipped = tuple(Back.YELLOW if b is Back.BLUE else Back.BLUE for b in public.wall_backs[:1])
    other = dataclasses.replace(public, wall_backs=flipped + public.wall_backs[1:])
    assert ImageChops.difference(base, compose_table(other, NAMES)).getbbox() is not None
    reordered = dataclasses.replace(public, wall_backs=public.wall_backs[::-1])
    if reordered.wall_backs != public.wall_backs:
        diff = ImageChops.difference(base, compose_table(reordered, NAMES)).getbbox()
        assert diff is not None
        assert inside(diff, wall_region(layout_for(3), LEFT))


def rigged(second: str, third: str) -> PublicView:
    game = new_game("chinitsu", {}, seed=3)
    assert isinstance(game, ChinitsuGame)
    hands, draws, rinshan = CHINITSU_RIG
    game.rig([hands[0], second, third], draws, rinshan=rinshan, dealer=0)
    for _ in range(8):
        actions = game.legal_actions(0)
        move = next((a for a in actions if isinstance(a, SetAside)), None) or next(
            (a for a in actions if isinstance(a, Kan)), None
        )
        if move is None:
            break
        game.apply(move)
    return game.public_view()


def test_no_concealed_face_is_drawn() -> None:
    """Seats 1 and 2 swap same-backed tiles of different faces: the tables are identical."""
    _, second, third = CHINITSU_RIG[0]
    assert second.startswith("B1") and third.endswith("Y1m")
    # B1p (seat 1) for B2p (seat 2): the same back, another face.
    swapped_second = second.replace("B12406p", "B22406p", 1)
    swapped_third = third.replace("B2468p", "B1468p", 1)
    one = rigged(second, third)
    two = rigged(swapped_second, swapped_third)
    assert one.seats[1].concealed_backs == two.seats[1].concealed_backs
    for bottom in range(3):
        assert render_table(one, NAMES, bottom=bottom) == render_table(two, NAMES, bottom=bottom)


def kan_view(kind: MeldType, count: int, seat: int, *, extra_melds: int = 0) -> PublicView:
    tiles = tuple(Tile(Kind.P1 + 2, back=Back.BLUE if i % 2 else Back.YELLOW) for i in range(count))
    called = None if kind is MeldType.ANKAN else 1
    melds = [MeldView(kind, tiles, called, (seat + 1) % 3)] if count else []
    melds += [MeldView(MeldType.PON, tuple(parse_tiles("Y777z")), 0, 0) for _ in range(extra_melds)]
    seats = tuple(
        SeatPublic(
            seat=s,
            wind=Kind.EAST + s,
            points=35000,
            concealed_count=13 - 3 * (1 + extra_melds) if s == seat else 13,
            melds=tuple(melds) if s == seat else (),
        )
        for s in range(3)
    )
    return PublicView(variant="chinitsu", round_label="東1局・筒子", seats=seats, tiles_left=40)


@pytest.mark.parametrize("kind", [MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_an_eight_tile_kan_stays_in_its_band(kind: MeldType, seat: int) -> None:
    layout = layout_for(3)
    empty = compose_table(kan_view(kind, 0, seat), NAMES)
    for extra in (0, 3):
        with_kan = compose_table(kan_view(kind, 8, seat, extra_melds=extra), NAMES)
        without = compose_table(kan_view(kind, 0, seat, extra_melds=extra), NAMES)
        diff = ImageChops.difference(with_kan, without).getbbox()
        assert diff is not None
        band = band_rect(3, seat)
        if kind is MeldType.KAKAN:
            # A 加槓's added tile lies on the turned one, reaching into the gap before the river
            # as a four-tile 加槓 always has (its shadow may touch the gap's last pixel).
            band = grow_towards_centre(band, positions(3, 0)[seat], GAP_BAND)
        # The band plus the sprites' shadow margin; never towards the river or another seat.
        assert inside(diff, band, slack=3), (diff, band)
        assert not overlaps(diff, layout.centre)
        other_bands = [band_rect(3, s) for s in range(3) if s != seat]
        assert not any(overlaps(diff, other) for other in other_bands)
    assert empty.size == (716, 716)


def test_fanned_kans_stay_short_and_show_their_count() -> None:
    frame = Frame(0, 0, 0)
    four = MeldView(MeldType.ANKAN, tuple(parse_tiles("B3333p")))
    lengths = {}
    for count in range(5, 9):
        meld = MeldView(MeldType.ANKAN, tuple(parse_tiles("B3333p") + parse_tiles("Y3333p"))[:count])
        lengths[count] = meld_length(meld, 22, frame)
        assert lengths[count] <= meld_length(four, 22, frame) + 3 * 22
    assert sorted(lengths.values()) == list(lengths.values())
    # The ×N badge tells 7 from 8 where the tiles alone would need counting.
    seven = compose_table(kan_view(MeldType.ANKAN, 7, 0), NAMES)
    eight = compose_table(kan_view(MeldType.ANKAN, 8, 0), NAMES)
    assert ImageChops.difference(seven, eight).getbbox() is not None


@pytest.mark.parametrize("count", [1, 5, 6, 7, 8, 10, 12])
def test_every_dora_indicator_is_drawn(count: int) -> None:
    kinds = [Kind.P1 + i % 9 if i < 9 else Kind.EAST + i % 7 for i in range(count)]
    indicators = tuple(Tile(kind, back=Back.BLUE) for kind in kinds)
    base = kan_view(MeldType.ANKAN, 0, 0)
    view = dataclasses.replace(base, dora_indicators=indicators, honba=2, riichi_sticks=1)
    image = compose_table(view, NAMES)
    centre = layout_for(3).centre
    for index in range(count):
        changed = list(indicators)
        changed[index] = Tile(Kind.RED, back=Back.BLUE)
        diff = ImageChops.difference(
            image, compose_table(dataclasses.replace(view, dora_indicators=tuple(changed)), NAMES)
        )
        box = diff.getbbox()
        assert box is not None, f"indicator {index} of {count} is not drawn"
        assert inside(box, centre)


def test_many_indicators_leave_the_status_lines_alone() -> None:
    base = dataclasses.replace(kan_view(MeldType.ANKAN, 0, 0), turn=1, phase="turn")
    ten = dataclasses.replace(base, dora_indicators=tuple(Tile(Kind.P1 + i % 9) for i in range(10)))
    image = compose_table(ten, NAMES)
    named = compose_table(ten, ["Alice", "Bob", "山田太郎"])
    diff = ImageChops.difference(image, named).getbbox()
    assert diff is not None  # the status line names the seat to move, and it is not under tiles
    status = ImageChops.difference(compose_table(ten, NAMES), compose_table(base, NAMES)).getbbox()
    assert status is not None
    assert status[3] < layout_for(3).centre[1] + 26 + 126


@pytest.mark.parametrize("label", ["東1局・筒子", "返り東3局・筒子", "南3局・筒子"])
def test_the_active_suit_renders_in_the_round_label(label: str) -> None:
    view = dataclasses.replace(kan_view(MeldType.ANKAN, 0, 0), round_label=label)
    souzu = dataclasses.replace(view, round_label=label.replace("筒子", "索子"))
    # If the label were cut short with "…", the suit would not show and both would be equal.
    assert ImageChops.difference(compose_table(view, NAMES), compose_table(souzu, NAMES)).getbbox() is not None


def test_pulled_norths_sit_in_the_plate_clear_of_the_melds(public: PublicView) -> None:
    image = compose_table(public, NAMES)
    without = compose_table(
        dataclasses.replace(public, seats=(dataclasses.replace(public.seats[0], set_aside=()), *public.seats[1:])),
        NAMES,
    )
    diff = ImageChops.difference(image, without).getbbox()
    assert diff is not None
    plate = layout_for(3).slots[positions(3, 0)[0]].plate
    assert inside(diff, plate)
    assert not overlaps(diff, band_rect(3, 0))


def test_chinitsu_table_size_and_bytes_are_like_the_other_variants(public: PublicView) -> None:
    png = render_table(public, NAMES)
    assert decode(png).size == (716, 716)
    others = [len(render_table(sample_table(3, seed, variant="goto"), sample_names(3, seed))) for seed in range(4)]
    typical = statistics.median(others)
    assert 0.5 * typical < len(png) < 1.6 * typical


LIMITS = ["五倍満", "十倍満", "二十倍満", "数え役満", "ダブル役満"]


def test_win_card_limit_names_and_chips_for_three() -> None:
    base = sample_chinitsu_win()
    assert base.limit_name == "二十倍満"
    assert len(base.chip_changes) == 3 and all(base.chip_changes)
    images = {}
    for name in LIMITS:
        image = decode(render_win(dataclasses.replace(base, limit_name=name), sample_names(3, 1)))
        assert image.width == CARD_WIDTH
        assert 300 < image.height < 700
        images[name] = image.tobytes()
    assert len(set(images.values())) == len(LIMITS)
    # Compared as composed: the palette PNG picks its 256 colours per picture.
    no_chips = compose_win(dataclasses.replace(base, chip_changes=()), sample_names(3, 1))
    with_chips = compose_win(base, sample_names(3, 1))
    diff = ImageChops.difference(no_chips, with_chips).getbbox()
    assert diff is not None
    assert diff[1] > with_chips.height - 90  # only the payment boxes differ


def test_a_long_yaku_list_and_twenty_indicators_fit_the_card() -> None:
    base = sample_chinitsu_win()
    names = [line.name for line in base.yaku]
    for wanted in ("立直", "一発", "門前清自摸和", "清一色", "一気通貫", "ドラ"):
        assert wanted in names
    crowded = dataclasses.replace(base, ura_indicators=base.dora_indicators)
    image = decode(render_win(crowded, sample_names(3, 1)))
    plain = decode(render_win(dataclasses.replace(crowded, ura_indicators=()), sample_names(3, 1)))
    diff = ImageChops.difference(image, plain).getbbox()
    assert diff is not None
    assert diff[2] <= CARD_WIDTH - 12  # the ura row ends on the mat, not off the card
