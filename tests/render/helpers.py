"""Helpers for the renderer tests: decode PNG bytes, read pixels, measure regions."""

from __future__ import annotations

import io

from PIL import Image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(png: bytes) -> Image.Image:
    """Decode PNG bytes fully (a truncated or corrupt file raises here)."""
    assert png.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image.load()
    return image


def mean_brightness(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    values = pixels(image.crop(box).convert("L"))
    return sum(values) / len(values)


def pixels(image: Image.Image) -> list:
    """Every pixel value, row by row (``getdata`` is deprecated from Pillow 13)."""
    flattened = getattr(image, "get_flattened_data", None)
    return list(flattened() if flattened is not None else image.getdata())
