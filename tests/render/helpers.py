"""Helpers for the renderer tests: decode PNG bytes, read pixels, measure regions."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

import render.table
from render.layout import BAND, BOTTOM, RIGHT, TOP, layout_for, positions
from render.text import draw_text

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
CLOCK_IN_PICTURE = re.compile(r"UTC|期限|あと|\d+:\d\d")
"""A clock drawn in a picture (a time of day, a UTC time, seconds left), which cannot count down:
the message beside the picture carries the live one."""


def decode(png: bytes) -> Image.Image:
    """Decode PNG bytes fully (a truncated or corrupt file raises here)."""
    assert png.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image.load()
    return image


def is_opaque(image: Image.Image) -> bool:
    """No alpha and no transparent palette entry: the picture reads the same on Discord's light
    and dark themes."""
    return image.mode in ("RGB", "P", "L") and "transparency" not in image.info


def mean_brightness(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    values = levels(image.crop(box).convert("L"))
    return sum(values) / len(values)


def levels(image: Image.Image) -> list[int]:
    """Every value of a greyscale (``L``) image, row by row. Read from the raw bytes, one a pixel:
    ``getdata`` is deprecated from Pillow 13 and its replacement is missing before it."""
    assert image.mode == "L", image.mode
    return list(image.tobytes())


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    """Every pixel of an ``RGB`` or ``RGBA`` image, row by row, one value a band (what
    ``getdata`` gave), read from the raw bytes as :func:`levels` is."""
    assert image.mode in ("RGB", "RGBA"), image.mode
    bands = len(image.mode)
    raw = image.tobytes()
    return [tuple(raw[start : start + bands]) for start in range(0, len(raw), bands)]


def band_rect(seats: int, seat: int, bottom: int = 0) -> tuple[int, int, int, int]:
    """The image rectangle of a seat's edge band (hand and melds)."""
    slot = layout_for(seats).slots[positions(seats, bottom)[seat]]
    frame = slot.band
    lw, ld = slot.band_length, BAND
    width, height = (lw, ld) if frame.rotation in (0, 180) else (ld, lw)
    x, y = frame.place(0, 0, lw, ld)
    return (x, y, x + width, y + height)


def grow_towards_centre(box: tuple[int, int, int, int], position: int, by: int) -> tuple[int, int, int, int]:
    left, top, right, bottom = box
    if position == BOTTOM:
        return (left, top - by, right, bottom)
    if position == TOP:
        return (left, top, right, bottom + by)
    if position == RIGHT:
        return (left - by, top, right, bottom)
    return (left, top, right + by, bottom)


def inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int], slack: int = 0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the table and seat pictures draw from now on (in this process: the bot under
    test renders in threads)."""
    drawn: list[str] = []

    def recording(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> int:
        drawn.append(text)
        return draw_text(image, xy, text, *args, **kwargs)

    monkeypatch.setattr(render.table, "draw_text", recording)
    return drawn
