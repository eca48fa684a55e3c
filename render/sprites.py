"""Tile sprites: a face shrunk to size, turned, given thickness and a shadow, and cached.

Every tile on every image is one of these pasted with its alpha, so the cost of drawing a
face is paid once per (face, width, rotation, state). The tile's thickness is always shown on
the lower edge of the image, whichever way the face is turned, as a camera above the bottom
seat would see it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.engine.tiles import Back, Tile
from render.faces import BACK_COLOURS, FaceKey, back_master, face_key, face_master

__all__ = ["Shade", "Sprite", "face_size", "paste", "thickness", "tile_sprite"]

SHADOW_PAD = 3
_SIDE_CREAM = (214, 205, 182)
_EDGE = (170, 160, 136)


class Shade(enum.IntEnum):
    """How a face is toned down."""

    NONE = 0
    TSUMOGIRI = 1
    """Discarded straight after drawing: slightly greyed, as in most clients."""
    DIM = 2
    """Called away from the river, or not selectable now: clearly darker."""


@dataclass(frozen=True, slots=True)
class Sprite:
    """A ready-to-paste tile: ``image`` holds the footprint at (pad, pad) plus shadow margins."""

    image: Image.Image
    width: int
    """Footprint width on the table, thickness and shadow excluded."""
    height: int
    """Footprint height, thickness included (shadow excluded)."""
    pad: int = SHADOW_PAD


def face_size(width: int) -> tuple[int, int]:
    """Upright face size for a tile ``width`` pixels wide (tiles are 3:4)."""
    return width, round(width * 4 / 3)


def thickness(width: int) -> int:
    """Visible depth of a tile's side."""
    return max(2, round(width * 0.15))


def _shrink(master: Image.Image, width: int) -> Image.Image:
    return master.resize(face_size(width), Image.Resampling.LANCZOS)


_TRANSPOSE = {
    90: Image.Transpose.ROTATE_90,
    180: Image.Transpose.ROTATE_180,
    270: Image.Transpose.ROTATE_270,
}


@lru_cache(maxsize=4096)
def _sprite(face: FaceKey | None, back: Back | None, width: int, rotation: int, shade: Shade) -> Sprite:
    layer = BACK_COLOURS[back]
    surface = _shrink(back_master(back) if face is None else face_master(face), width)
    if rotation:
        surface = surface.transpose(_TRANSPOSE[rotation])
    fw, fh = surface.size
    depth = thickness(width)
    radius = max(2, round(width * 0.14))
    pad = SHADOW_PAD
    canvas = Image.new("RGBA", (fw + 2 * pad, fh + depth + 2 * pad), (0, 0, 0, 0))

    shadow = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle(
        (pad + 1, pad + 2, pad + fw, pad + fh + depth + 1), radius=radius, fill=(0, 0, 0, 120)
    )
    canvas = Image.alpha_composite(canvas, shadow.filter(ImageFilter.GaussianBlur(1.3)))

    draw = ImageDraw.Draw(canvas)
    box = (pad, pad, pad + fw - 1, pad + fh + depth - 1)
    dark_layer = tuple(int(c * 0.72) for c in layer)
    if face is None:
        # Face down: the coloured layer is on top, the cream front layer underneath.
        draw.rounded_rectangle(box, radius=radius, fill=(*_SIDE_CREAM, 255))
        draw.rounded_rectangle((pad, pad, pad + fw - 1, pad + fh + depth // 2), radius=radius, fill=(*dark_layer, 255))
    else:
        draw.rounded_rectangle(box, radius=radius, fill=(*dark_layer, 255))
        # Most of the visible side is the coloured back layer, so a discard still shows its back colour.
        draw.rounded_rectangle(
            (pad, pad, pad + fw - 1, pad + fh + depth // 3 - 1), radius=radius, fill=(*_SIDE_CREAM, 255)
        )

    if shade:
        tone = Image.new("RGB", surface.size, (40, 44, 48) if shade is Shade.DIM else (120, 120, 120))
        surface = Image.blend(surface, tone, 0.5 if shade is Shade.DIM else 0.22)
    mask = Image.new("L", surface.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, fw - 1, fh - 1), radius=radius, fill=255)
    canvas.paste(surface, (pad, pad), mask)
    draw.rounded_rectangle((pad, pad, pad + fw - 1, pad + fh - 1), radius=radius, outline=(*_EDGE, 255), width=1)
    return Sprite(canvas, fw, fh + depth)


def tile_sprite(
    tile: Tile | None,
    width: int,
    rotation: int = 0,
    *,
    back: Back | None = None,
    face_down: bool = False,
    shade: Shade = Shade.NONE,
) -> Sprite:
    """The sprite of a tile ``width`` pixels wide (its upright width), turned ``rotation``° anticlockwise.

    ``tile=None`` or ``face_down`` draws the back, in ``back`` colour or the tile's own.
    """
    rotation %= 360
    if tile is not None:
        back = tile.back if tile.back is not None else back
    face = None if tile is None or face_down else face_key(tile)
    return _sprite(face, back, width, rotation, shade)


def paste(image: Image.Image, sprite: Sprite, x: int, y: int) -> None:
    """Paste a sprite with its footprint's top-left corner at (x, y)."""
    image.paste(sprite.image, (x - sprite.pad, y - sprite.pad), sprite.image)
