"""The tile emojis' pictures and names: what Discord takes, the same on every start, one per face."""

from __future__ import annotations

import io

from PIL import Image

from bot.engine.tiles import Tile, parse_tiles
from render.emoji import EMOJI_NAME, EMOJI_PREFIX, EMOJI_SIZE, MAX_EMOJI_BYTES, tile_emoji

FACES = parse_tiles("1m9m0p5pgp1s0s1z5z0z7z1f4f") + parse_tiles("B4pY4pB0pY0pB1zY1z")


def test_every_picture_is_a_square_transparent_png_discord_takes() -> None:
    for tile in FACES:
        picture = tile_emoji(tile)
        assert EMOJI_NAME.fullmatch(picture.name) and picture.name.startswith(EMOJI_PREFIX), picture.name
        assert len(picture.png) <= MAX_EMOJI_BYTES
        image = Image.open(io.BytesIO(picture.png)).convert("RGBA")
        assert image.size == (EMOJI_SIZE, EMOJI_SIZE)
        # A transparent margin round the tile: the corners are clear, the middle is the face.
        alpha = image.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((EMOJI_SIZE - 1, 0)) == 0
        assert alpha.getpixel((EMOJI_SIZE // 2, EMOJI_SIZE // 2)) == 255


def test_names_are_stable_and_tell_the_faces_apart() -> None:
    names = [tile_emoji(tile).name for tile in FACES]
    assert len(set(names)) == len(names), names
    assert tile_emoji(Tile.parse("B0p")).name.startswith("jt_b0p_")
    assert tile_emoji(Tile.parse("0z")).name.startswith("jt_0z_")
    # Derived from the picture, not from the process: drawn again, the same name.
    tile_emoji.cache_clear()
    assert [tile_emoji(tile).name for tile in FACES] == names


def test_the_back_colour_is_part_of_the_picture() -> None:
    """チンイツゲーム's two backs show on the tile's lower edge, as on the table."""
    blue, yellow = (tile_emoji(Tile.parse(text)).png for text in ("B4p", "Y4p"))
    assert blue != yellow
