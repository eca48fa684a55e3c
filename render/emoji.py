"""Tile pictures for Discord's application emojis: the sprites of the table, one per face.

A tile button shows its tile as an emoji. Discord takes an emoji as a square picture of at most
128x128 pixels and 256 KiB, named ``[a-z0-9_]{2,32}``; the picture here is the very sprite the
table draws (:func:`render.sprites.tile_sprite`: face, the back's colour on its lower edge, and
shadow), centred on a transparent square.

The name says which face it is, in the tile notation (``jt_0p_…`` a red 5p, ``jt_b4p_…`` a blue
4p, ``jt_0z_…`` 白ポッチ, ``jt_1f_…`` 春), and ends in a short hash of the picture's pixels: a
face drawn differently one day is a new emoji, uploaded beside the old one, instead of an old
picture kept forever under a name that still matches. The same face gives the same name on
every start and in every process.

>>> from bot.engine.tiles import Tile
>>> picture = tile_emoji(Tile.parse("B0p"))
>>> picture.name.startswith("jt_b0p_"), picture.png[:4] == b"\\x89PNG"
(True, True)
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from functools import cache

from PIL import Image

from bot.engine.tiles import Tile
from render.sprites import tile_sprite

__all__ = [
    "EMOJI_NAME",
    "EMOJI_PREFIX",
    "EMOJI_SIZE",
    "MAX_EMOJI_BYTES",
    "EmojiPicture",
    "tile_emoji",
    "tile_of_emoji",
]

EMOJI_SIZE = 128
"""Discord's largest emoji picture, in pixels a side (a button shows it far smaller)."""
MAX_EMOJI_BYTES = 256 * 1024
"""Discord refuses a larger emoji picture."""
EMOJI_PREFIX = "jt_"
"""Every emoji this bot makes is named so: it touches no other (see :mod:`bot.ui.emoji`)."""
EMOJI_NAME = re.compile(r"[a-z0-9_]{2,32}")
"""The names Discord takes (upper case too; ours are lower case)."""
SPRITE_WIDTH = 80
"""The sprite's upright width: its height with the tile's thickness and shadow fits 128."""
HASH_CHARS = 4
PALETTE_COLOURS = 256


@dataclass(frozen=True, slots=True)
class EmojiPicture:
    """One face's emoji: the name to upload it by and its PNG."""

    tile: Tile
    name: str
    png: bytes


@cache
def tile_emoji(tile: Tile) -> EmojiPicture:
    """The emoji of one tile face (its back colour included): a square, transparent-edged PNG."""
    sprite = tile_sprite(tile, SPRITE_WIDTH)
    canvas = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    left = (EMOJI_SIZE - sprite.image.width) // 2
    top = (EMOJI_SIZE - sprite.image.height) // 2
    canvas.paste(sprite.image, (left, top), sprite.image)
    # The pixels, not the PNG's bytes: another zlib compresses the same picture otherwise.
    digest = hashlib.blake2b(canvas.tobytes(), digest_size=8).hexdigest()[:HASH_CHARS]
    name = f"{EMOJI_PREFIX}{str(tile).lower()}_{digest}"
    # A palette keeps the alpha (Pillow's fast octree takes RGBA): about a quarter of the bytes
    # to upload, with no difference a button's size shows.
    palette = canvas.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, "PNG")
    return EmojiPicture(tile, name, buffer.getvalue())


def tile_of_emoji(name: str) -> Tile | None:
    """The face an emoji of :func:`tile_emoji` shows, read back from its name (None for another
    emoji): what a test or a tool reads off a button.

    >>> tile_of_emoji("jt_b0p_bac6"), tile_of_emoji("someone_elses")
    (Tile.parse('B0p'), None)
    """
    if not name.startswith(EMOJI_PREFIX):
        return None
    notation = name.removeprefix(EMOJI_PREFIX).rpartition("_")[0]
    try:
        return Tile.parse(notation[0].upper() + notation[1:] if notation[:1] in ("b", "y") else notation)
    except ValueError:
        return None
