"""Tile faces drawn procedurally on a large master canvas, later shrunk to sprite size.

Drawing at several times the display size and shrinking with a Lanczos filter gives smooth
circles and bamboo without anti-aliased primitives (Pillow's ellipses are aliased). A master is
made once per face and kept.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from bot.engine.tiles import Back, Kind, Suit, Tile, rank_of, suit_of
from render.text import tile_font

__all__ = ["MASTER_H", "MASTER_W", "FaceKey", "back_master", "face_key", "face_master"]

MASTER_W = 120
MASTER_H = 160

FaceKey = tuple[int, bool, bool, bool]
"""(kind, red, gold, pocchi): what is printed on a tile, whatever its back."""

RGB = tuple[int, int, int]

FACE = (248, 244, 231)
FACE_GOLD = (250, 236, 190)
INK = (28, 30, 52)
RED = (204, 22, 40)
GREEN = (22, 120, 62)
BLUE = (26, 74, 160)
GOLD = (196, 142, 18)
GOLD_DARK = (128, 88, 8)
BACK_COLOURS: dict[Back | None, RGB] = {
    None: (32, 128, 112),
    Back.BLUE: (36, 84, 184),
    Back.YELLOW: (236, 178, 40),
}
"""The coloured back layer: the チンイツゲーム blue and yellow sets, and a teal default."""

_SEASON_COLOURS: dict[int, RGB] = {
    Kind.SPRING: (206, 34, 112),
    Kind.SUMMER: (30, 126, 52),
    Kind.AUTUMN: (214, 96, 10),
    Kind.WINTER: (30, 92, 178),
}
_NUMERALS = "一二三四五六七八九"
_HONOURS = "東南西北白發中"
_SEASONS = "春夏秋冬"


def face_key(tile: Tile) -> FaceKey:
    """What distinguishes one printed face from another (the back colour does not)."""
    return (tile.kind, tile.red, tile.gold, tile.pocchi)


def _darker(colour: RGB, factor: float = 0.65) -> RGB:
    return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))


def _lighter(colour: RGB, amount: float = 0.45) -> RGB:
    r, g, b = colour
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def _disk(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def _pin(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """One 筒子 circle: concentric rings, like the printed coins."""
    _disk(draw, cx, cy, r, _darker(colour, 0.7))
    _disk(draw, cx, cy, r * 0.9, colour)
    _disk(draw, cx, cy, r * 0.72, FACE)
    _disk(draw, cx, cy, r * 0.56, colour)
    _disk(draw, cx, cy, r * 0.3, FACE)
    _disk(draw, cx, cy, r * 0.16, _darker(colour, 0.8))


def _stick(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, length: float, colour: RGB, angle: float = 0.0, width: float = 14
) -> None:
    """One 索子 bamboo stick with its three nodes; ``angle`` in degrees from vertical."""
    dx, dy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
    half = length / 2 - width / 2

    def at(t: float) -> tuple[float, float]:
        return (cx + dx * half * t, cy + dy * half * t)

    dark = _darker(colour, 0.6)
    for radius, fill in ((width / 2 + 2, dark), (width / 2, colour)):
        _disk(draw, *at(-1), radius, fill)
        _disk(draw, *at(1), radius, fill)
        draw.line((at(-1), at(1)), fill=fill, width=round(radius * 2))
    # The light stripe down the middle and the three dark nodes make it read as bamboo.
    draw.line((at(-0.8), at(0.8)), fill=_lighter(colour, 0.5), width=3)
    px, py = -dy, dx
    for t in (-1.0, 0.0, 1.0):
        x, y = at(t * 0.92 if t else 0.0)
        reach = width / 2 + 2
        draw.line((x - px * reach, y - py * reach, x + px * reach, y + py * reach), fill=dark, width=4)


def _bird(draw: ImageDraw.ImageDraw, colour: RGB, accent: RGB) -> None:
    """1索 as a bird on a branch (a distinct mark, never confused with a stick)."""
    draw.line((18, 136, 104, 128), fill=(120, 80, 40), width=6)
    draw.line((60, 106, 56, 132), fill=RED, width=5)
    draw.line((74, 104, 76, 130), fill=RED, width=5)
    for tip, fill in (((8, 96), RED), ((12, 124), BLUE), ((30, 138), colour)):
        draw.polygon(((46, 92), (54, 108), tip), fill=fill)
    draw.ellipse((30, 58, 94, 114), fill=_darker(colour, 0.75))
    draw.ellipse((33, 61, 91, 111), fill=colour)
    draw.ellipse((44, 70, 84, 100), fill=BLUE)
    draw.ellipse((50, 74, 82, 96), fill=_lighter(BLUE, 0.35))
    draw.polygon(((78, 30), (84, 14), (90, 30)), fill=accent)
    draw.polygon(((70, 34), (72, 18), (82, 32)), fill=accent)
    _disk(draw, 82, 46, 17, _darker(colour, 0.75))
    _disk(draw, 82, 46, 15, colour)
    draw.polygon(((95, 40), (114, 48), (95, 54)), fill=GOLD)
    _disk(draw, 86, 43, 5, FACE)
    _disk(draw, 87, 43, 2.5, INK)


_PIN_LAYOUTS: dict[int, tuple[tuple[float, float, float, str], ...]] = {
    2: ((60, 44, 28, "g"), (60, 116, 28, "b")),
    3: ((30, 34, 21, "b"), (60, 80, 21, "r"), (90, 126, 21, "g")),
    4: ((34, 44, 23, "b"), (86, 44, 23, "g"), (34, 116, 23, "g"), (86, 116, 23, "b")),
    5: ((31, 35, 20, "b"), (89, 35, 20, "g"), (60, 80, 20, "r"), (31, 125, 20, "g"), (89, 125, 20, "b")),
    6: (
        (36, 32, 19, "g"),
        (84, 32, 19, "g"),
        (36, 88, 19, "r"),
        (84, 88, 19, "r"),
        (36, 130, 19, "r"),
        (84, 130, 19, "r"),
    ),
    7: (
        (28, 24, 15, "g"),
        (60, 38, 15, "g"),
        (92, 52, 15, "g"),
        (38, 94, 17, "r"),
        (82, 94, 17, "r"),
        (38, 132, 17, "r"),
        (82, 132, 17, "r"),
    ),
    8: tuple((x, y, 16.5, "b") for y in (24, 61, 99, 136) for x in (36, 84)),
    9: tuple((x, y, 16, c) for y, c in ((32, "b"), (80, "r"), (128, "g")) for x in (26, 60, 94)),
}
_STICK_LAYOUTS: dict[int, tuple[tuple[float, float, float, float, str], ...]] = {
    2: ((60, 46, 50, 0, "g"), (60, 114, 50, 0, "b")),
    3: ((60, 46, 50, 0, "g"), (36, 114, 50, 0, "b"), (84, 114, 50, 0, "b")),
    4: ((36, 46, 50, 0, "g"), (84, 46, 50, 0, "b"), (36, 114, 50, 0, "b"), (84, 114, 50, 0, "g")),
    5: ((28, 46, 50, 0, "g"), (92, 46, 50, 0, "b"), (60, 80, 50, 0, "r"), (28, 114, 50, 0, "b"), (92, 114, 50, 0, "g")),
    6: tuple((x, y, 50, 0, c) for y, c in ((46, "g"), (114, "b")) for x in (28, 60, 92)),
    7: ((60, 26, 38, 0, "r"), *((x, y, 40, 0, "g") for y in (78, 128) for x in (28, 60, 92))),
    8: (
        *((x, 46, 54, a, "g") for x, a in ((18, -14), (46, 14), (74, -14), (102, 14))),
        *((x, 114, 54, a, "b") for x, a in ((18, 14), (46, -14), (74, 14), (102, -14))),
    ),
    9: tuple((x, y, 42, 0, "r" if x == 60 else c) for y, c in ((30, "g"), (80, "b"), (130, "g")) for x in (28, 60, 92)),
}


def _palette(face: FaceKey) -> dict[str, RGB]:
    """Symbol colours: traditional for ordinary tiles, all red or all gold for dora fives."""
    _, red, gold, _ = face
    if red:
        return {"r": RED, "g": RED, "b": RED}
    if gold:
        return {"r": GOLD, "g": GOLD, "b": GOLD}
    return {"r": RED, "g": GREEN, "b": BLUE}


@cache
def face_master(face: FaceKey) -> Image.Image:
    """The printed face of a tile at master size (RGB, the cream background included)."""
    kind, red, gold, pocchi = face
    image = Image.new("RGB", (MASTER_W, MASTER_H), FACE_GOLD if gold else FACE)
    draw = ImageDraw.Draw(image)
    colours = _palette(face)
    suit = suit_of(kind)
    rank = rank_of(kind)
    if suit is Suit.MAN:
        numeral_colour = RED if red else GOLD_DARK if gold else INK
        draw.text((60, 46), _NUMERALS[rank - 1], font=tile_font(62), fill=numeral_colour, anchor="mm")
        draw.text((60, 114), "萬", font=tile_font(66), fill=GOLD_DARK if gold else RED, anchor="mm")
    elif suit is Suit.PIN and rank == 1:
        _disk(draw, 60, 80, 52, _darker(BLUE, 0.7))
        _disk(draw, 60, 80, 50, BLUE)
        _disk(draw, 60, 80, 44, FACE)
        for step in range(16):
            angle = 2 * math.pi * step / 16
            _disk(draw, 60 + 37 * math.cos(angle), 80 + 37 * math.sin(angle), 4.5, RED)
        _disk(draw, 60, 80, 30, GREEN)
        _disk(draw, 60, 80, 25, FACE)
        _disk(draw, 60, 80, 18, RED)
        _disk(draw, 60, 80, 8, FACE)
        _disk(draw, 60, 80, 4, RED)
    elif suit is Suit.PIN:
        for x, y, r, c in _PIN_LAYOUTS[rank]:
            _pin(draw, x, y, r, colours[c])
    elif suit is Suit.SOU and rank == 1:
        _bird(draw, GREEN, RED)
    elif suit is Suit.SOU:
        for x, y, length, angle, c in _STICK_LAYOUTS[rank]:
            _stick(draw, x, y, length, colours[c] if c != "b" or red or gold else (24, 96, 120), angle)
    elif kind == Kind.WHITE:
        # 白 is the framed blank of Japanese sets; ポッチ adds a solid mark in the middle.
        draw.rounded_rectangle((22, 24, 98, 136), radius=8, outline=BLUE, width=7)
        draw.rounded_rectangle((32, 34, 88, 126), radius=4, outline=_lighter(BLUE, 0.35), width=3)
        if pocchi:
            _disk(draw, 60, 80, 17, _darker(GOLD, 0.8))
            _disk(draw, 60, 80, 14, GOLD)
            _disk(draw, 55, 75, 5, _lighter(GOLD, 0.6))
    elif suit is Suit.HONOR:
        colour = GREEN if kind == Kind.GREEN else RED if kind == Kind.RED else INK
        draw.text((60, 82), _HONOURS[rank - 1], font=tile_font(96), fill=colour, anchor="mm")
    else:
        colour = _SEASON_COLOURS[kind]
        draw.text((60, 96), _SEASONS[rank - 1], font=tile_font(80), fill=colour, anchor="mm")
        draw.text((22, 24), str(rank), font=tile_font(34), fill=INK, anchor="mm")
        for step in range(5):
            angle = 2 * math.pi * step / 5 - math.pi / 2
            _disk(draw, 94 + 9 * math.cos(angle), 24 + 9 * math.sin(angle), 7, _lighter(colour, 0.25))
        _disk(draw, 94, 24, 5, GOLD)
    if red or gold:
        # A coloured frame on top of coloured symbols: a dora five must never pass for a plain one.
        draw.rounded_rectangle((5, 5, MASTER_W - 6, MASTER_H - 6), radius=10, outline=RED if red else GOLD, width=5)
    return image


@cache
def back_master(back: Back | None) -> Image.Image:
    """The back of a tile at master size: the layer colour with a bevel and a faint emblem."""
    colour = BACK_COLOURS[back]
    image = Image.new("RGB", (MASTER_W, MASTER_H), colour)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((6, 6, MASTER_W - 7, MASTER_H - 7), radius=10, outline=_lighter(colour, 0.25), width=4)
    draw.rounded_rectangle((40, 58, 80, 102), radius=6, outline=_darker(colour, 0.85), width=4)
    _disk(draw, 60, 80, 8, _darker(colour, 0.85))
    return image
