"""Small drawing pieces shared by the table and the cards: sticks, badges, tile rows, melds."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.melds import MeldType
from bot.engine.tiles import Back, Tile
from bot.engine.views import MeldView
from render.layout import Frame
from render.sprites import Shade, Sprite, face_size, paste, thickness, tile_sprite
from render.text import Color, draw_text, text_width

__all__ = [
    "PasteOp",
    "back_colour",
    "badge",
    "count_badge",
    "draw_meld",
    "draw_melds_right",
    "draw_row",
    "draw_upright_meld",
    "flush",
    "meld_length",
    "melds_length",
    "outline",
    "points_text",
    "signed",
    "stick_image",
    "tile_row_width",
    "upright_meld_length",
]

PasteOp = tuple[int, int, Sprite]
"""(y, x, sprite): a queued paste, sorted by position before drawing."""


@lru_cache(maxsize=64)
def stick_image(length: int, thickness: int, thousand: bool, rotate: int = 0) -> Image.Image:
    """A point stick: the 1000-point riichi stick (one red dot) or a 100-point honba stick."""
    image = Image.new("RGBA", (length + 2, thickness + 3), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((1, 2, length + 1, thickness + 2), radius=thickness // 2, fill=(0, 0, 0, 110))
    draw.rounded_rectangle((0, 0, length - 1, thickness - 1), radius=thickness // 2, fill=(246, 244, 236, 255))
    middle, centre_y = length // 2, (thickness - 1) / 2
    if thousand:
        r = thickness * 0.34
        draw.ellipse((middle - r, centre_y - r, middle + r, centre_y + r), fill=(206, 24, 40, 255))
    else:
        r = max(1.0, thickness * 0.14)
        for dx in (-3, -1, 1, 3):
            for dy in (-1, 1):
                x, y = middle + dx * r * 2.2, centre_y + dy * r * 1.4
                draw.ellipse((x - r, y - r, x + r, y + r), fill=(30, 30, 30, 255))
    return image.rotate(rotate, expand=True) if rotate else image


def badge(image: Image.Image, x: int, y: int, text: str, size: int, fg: Color, bg: Color) -> int:
    """A rounded label; returns its width."""
    width = text_width(text, size) + size
    ImageDraw.Draw(image).rounded_rectangle((x, y, x + width, y + size + 8), radius=(size + 8) // 2, fill=bg)
    draw_text(image, (x + size // 2, y + 3), text, size, fg)
    return width


def outline(image: Image.Image, box: tuple[int, int, int, int], colour: Color, width: int = 2) -> None:
    """A rounded outline just outside a footprint, to mark one tile."""
    left, top, right, bottom = box
    ImageDraw.Draw(image).rounded_rectangle(
        (left - width, top - width, right + width - 1, bottom + width - 1), radius=4, outline=colour, width=width
    )


def points_text(points: int) -> str:
    return f"{points:,}"


def signed(value: int | float) -> str:
    if isinstance(value, float):
        return f"{value:+.1f}"
    return f"{value:+,}" if value else "±0"


def tile_row_width(count: int, width: int, gap: int = 1) -> int:
    return count * (width + gap) - gap if count else 0


def draw_row(
    image: Image.Image,
    tiles: Sequence[Tile],
    x: int,
    y: int,
    width: int,
    *,
    gap: int = 1,
    shades: Sequence[Shade] | None = None,
) -> list[tuple[int, int, int, int]]:
    """Upright tiles left to right from (x, y); returns each footprint box."""
    boxes = []
    for index, tile in enumerate(tiles):
        sprite = tile_sprite(tile, width, shade=shades[index] if shades else Shade.NONE)
        paste(image, sprite, x, y)
        boxes.append((x, y, x + sprite.width, y + sprite.height))
        x += sprite.width + gap
    return boxes


FAN_FROM = 5
"""Kans of this many tiles or more (チンイツゲーム grows them up to eight) are fanned: each tile
but the last two and the turned one half covered by the next, after a ×N badge, so the meld
stays about as long as an ordinary kan and its count is read, not counted."""
FAN_STEP = 0.5


def _meld_pieces(meld: MeldView, width: int, rotation: int) -> list[tuple[Sprite, Sprite | None]]:
    """Each column of a meld: its sprite and, for a 加槓, the tile stacked on the turned one."""
    tiles = list(meld.tiles)
    stacked: Tile | None = None
    if meld.type is MeldType.KAKAN and meld.called_index is not None and len(tiles) >= 4:
        # Convention: the added tile is the last one, laid on top of the claimed tile.
        stacked = tiles.pop()
    pieces: list[tuple[Sprite, Sprite | None]] = []
    for index, tile in enumerate(tiles):
        face_down = meld.type is MeldType.ANKAN and index in (0, len(tiles) - 1)
        turned = index == meld.called_index
        sprite = tile_sprite(tile, width, rotation + (90 if turned else 0), face_down=face_down)
        top = tile_sprite(stacked, width, rotation + 90) if turned and stacked is not None else None
        pieces.append((sprite, top))
    return pieces


def _steps(meld: MeldView, pieces: Sequence[tuple[Sprite, Sprite | None]], frame: Frame) -> list[int]:
    """How far along the row each column advances: its length, or part of it in a fanned kan."""
    lengths = [frame.local_size(sprite.width, sprite.height)[0] for sprite, _ in pieces]
    if len(meld.tiles) < FAN_FROM:
        return lengths
    steps = []
    for index, length in enumerate(lengths):
        # The last two columns stay whole, so a concealed kan (backs at both ends) shows one face.
        full = index >= len(lengths) - 2 or index == meld.called_index or index + 1 == meld.called_index
        steps.append(length if full else max(4, round(length * FAN_STEP)))
    return steps


def _badge_for(meld: MeldView, width: int) -> Sprite | None:
    return count_badge(len(meld.tiles), max(11, min(14, width // 2 + 1))) if len(meld.tiles) >= FAN_FROM else None


BADGE_GAP = 3


def meld_length(meld: MeldView, width: int, frame: Frame) -> int:
    """Length of a meld along its row (a fanned kan's badge included)."""
    length = sum(_steps(meld, _meld_pieces(meld, width, frame.rotation), frame))
    badge_sprite = _badge_for(meld, width)
    if badge_sprite is not None:
        length += frame.local_size(badge_sprite.width, badge_sprite.height)[0] + BADGE_GAP
    return length


@lru_cache(maxsize=64)
def count_badge(count: int, size: int) -> Sprite:
    """The upright ×N pill at the head of a fanned kan (a sprite without shadow margins)."""
    label = f"×{count}"
    width = text_width(label, size) + size // 2 + 2
    height = size + 6
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=height // 2, fill=(24, 22, 30, 230), outline=(250, 214, 96, 255)
    )
    draw_text(image, (width // 2, height // 2), label, size, (255, 255, 255), anchor="mm")
    return Sprite(image, width, height, pad=0)


def draw_meld(
    image: Image.Image, meld: MeldView, width: int, frame: Frame, lx: int, depth: int
) -> tuple[int, list[PasteOp], list[PasteOp]]:
    """Lay a meld along a frame's row starting at ``lx``, tiles aligned to the seat's edge.

    Returns the length used, the tile pastes, which callers sort (see :func:`flush`), and the
    pastes to lay over them afterwards (a fanned kan's ×N badge, upright whatever the side).
    """
    ops: list[PasteOp] = []
    overlays: list[PasteOp] = []
    start = lx
    pieces = _meld_pieces(meld, width, frame.rotation)
    badge_sprite = _badge_for(meld, width)
    if badge_sprite is not None and pieces:
        bw, bd = frame.local_size(badge_sprite.width, badge_sprite.height)
        first = pieces[0][0]
        tile_depth = frame.local_size(first.width, first.height)[1]
        x, y = frame.place(lx, depth - (tile_depth + bd) // 2, bw, bd)
        overlays.append((y, x, badge_sprite))
        lx += bw + BADGE_GAP
    for (sprite, top), step in zip(pieces, _steps(meld, pieces, frame), strict=True):
        lw, ld = frame.local_size(sprite.width, sprite.height)
        x, y = frame.place(lx, depth - ld, lw, ld)
        ops.append((y, x, sprite))
        if top is not None:
            tw, td = frame.local_size(top.width, top.height)
            x2, y2 = frame.place(lx, depth - ld - td, tw, td)
            ops.append((y2, x2, top))
        lx += step
    return lx - start, ops, overlays


def flush(image: Image.Image, ops: list[PasteOp]) -> None:
    """Paste queued sprites top to bottom, so lower tiles' edges overlap the shadows above."""
    for y, x, sprite in sorted(ops, key=lambda op: (op[0], op[1])):
        paste(image, sprite, x, y)


def upright_meld_length(meld: MeldView, width: int) -> int:
    """Length of a meld laid left to right, as on the cards and the private panel."""
    return meld_length(meld, width, Frame(0, 0, 0))


def draw_upright_meld(image: Image.Image, meld: MeldView, x: int, y: int, width: int) -> None:
    """A meld left to right with its top-left at (x, y), turned tiles sitting on the baseline."""
    depth = face_size(width)[1] + thickness(width)
    _, ops, overlays = draw_meld(image, meld, width, Frame(x, y, 0), 0, depth)
    flush(image, ops)
    flush(image, overlays)


def draw_melds_right(
    image: Image.Image, melds: Sequence[MeldView], right: int, y: int, width: int, gap: int = 8
) -> int:
    """Melds packed against ``right``, last meld rightmost; returns the left edge used."""
    x = right
    for meld in reversed(melds):
        x -= upright_meld_length(meld, width)
        draw_upright_meld(image, meld, x, y, width)
        x -= gap
    return x + gap


def melds_length(melds: Sequence[MeldView], width: int, gap: int = 8) -> int:
    return sum(upright_meld_length(meld, width) + gap for meld in melds) - (gap if melds else 0)


def back_colour(backs: Sequence[Back | None], index: int) -> Back | None:
    return backs[index] if index < len(backs) else None
