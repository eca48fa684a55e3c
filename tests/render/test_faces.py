"""Every tile face is drawn, distinct, and the dora fives and backs are unmistakable."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops

from bot.engine.tiles import NUM_KINDS, Back, Kind, Tile, parse_tiles
from render.sprites import Shade, thickness, tile_sprite
from tests.render.helpers import levels, mean_brightness, pixels

FIVES = (Kind.M5, Kind.P5, Kind.S5)


def every_face() -> dict[str, Tile | Back | None]:
    """All 38 kinds, red and gold fives, 白ポッチ, and the three back colours."""
    faces: dict[str, Tile | Back | None] = {str(Tile(kind)): Tile(kind) for kind in range(NUM_KINDS)}
    for kind in FIVES:
        faces[str(Tile(kind, red=True))] = Tile(kind, red=True)
        faces[str(Tile(kind, gold=True))] = Tile(kind, gold=True)
    faces["0z"] = Tile(Kind.WHITE, pocchi=True)
    faces["back"] = None
    faces["back-blue"] = Back.BLUE
    faces["back-yellow"] = Back.YELLOW
    return faces


def sprite_of(face: Tile | Back | None, width: int, rotation: int = 0) -> Image.Image:
    if isinstance(face, Tile):
        return tile_sprite(face, width, rotation).image
    return tile_sprite(None, width, rotation, back=face).image


@pytest.mark.parametrize("width", [14, 22, 30, 44])
def test_every_face_is_distinct(width: int) -> None:
    faces = every_face()
    assert len(faces) == 38 + 6 + 1 + 3
    images = {name: sprite_of(face, width).tobytes() for name, face in faces.items()}
    for (name_a, bytes_a), (name_b, bytes_b) in itertools.combinations(images.items(), 2):
        assert bytes_a != bytes_b, f"{name_a} and {name_b} draw the same at {width}px"


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_sprites_have_the_footprint_of_their_rotation(rotation: int) -> None:
    sprite = tile_sprite(Tile(0), 30, rotation)
    # The side of the tile always shows below the face, whichever way the face is turned.
    expected = (40, 30 + thickness(30)) if rotation in (90, 270) else (30, 40 + thickness(30))
    assert (sprite.width, sprite.height) == expected


def red_pixels(image: Image.Image) -> int:
    return sum(1 for r, g, b, a in pixels(image) if a > 200 and r > 150 and g < 90 and b < 90)


def gold_pixels(image: Image.Image) -> int:
    return sum(1 for r, g, b, a in pixels(image) if a > 200 and r > 150 and 100 < g < 190 and b < 80)


@pytest.mark.parametrize("kind", FIVES)
@pytest.mark.parametrize("width", [22, 30])
def test_red_five_is_unmistakable(kind: int, width: int) -> None:
    plain = tile_sprite(Tile(kind), width).image
    red = tile_sprite(Tile(kind, red=True), width).image
    changed = (
        ImageChops.difference(plain.convert("RGB"), red.convert("RGB"))
        .convert("L")
        .point(lambda v: 255 if v > 40 else 0)
    )
    assert sum(1 for v in levels(changed) if v) > width * width * 0.15
    # The red version carries clearly more red, whatever the suit's usual colours are.
    assert red_pixels(red) > red_pixels(plain) + width * 2


@pytest.mark.parametrize("kind", [Kind.P5, Kind.S5])
def test_gold_five_is_gold(kind: int) -> None:
    plain = tile_sprite(Tile(kind), 30).image
    gold = tile_sprite(Tile(kind, gold=True), 30).image
    red = tile_sprite(Tile(kind, red=True), 30).image
    assert gold_pixels(gold) > gold_pixels(plain) + 60
    assert gold_pixels(gold) > gold_pixels(red) + 60


def centre_colour(image: Image.Image) -> tuple[int, int, int]:
    pixel = image.convert("RGB").getpixel((image.width // 2, image.height // 3))
    assert isinstance(pixel, tuple)
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]))


def test_back_colours_read_as_blue_and_yellow() -> None:
    blue = centre_colour(tile_sprite(None, 30, back=Back.BLUE).image)
    yellow = centre_colour(tile_sprite(None, 30, back=Back.YELLOW).image)
    assert blue[2] > blue[0] + 80
    assert yellow[0] > yellow[2] + 80
    assert yellow[1] > yellow[2] + 60


def test_a_face_up_tile_keeps_its_back_colour_on_its_side() -> None:
    blue, yellow = parse_tiles("B5pY5p")
    assert tile_sprite(blue, 30).image.tobytes() != tile_sprite(yellow, 30).image.tobytes()


def test_shades_darken_the_face() -> None:
    def brightness(shade: Shade) -> float:
        return mean_brightness(tile_sprite(Tile(Kind.WHITE), 30, shade=shade).image, (6, 6, 28, 36))

    assert brightness(Shade.NONE) > brightness(Shade.TSUMOGIRI) > brightness(Shade.DIM) + 40


def test_sprites_are_cached() -> None:
    assert tile_sprite(Tile(3), 30, 90) is tile_sprite(Tile(3), 30, 450)
