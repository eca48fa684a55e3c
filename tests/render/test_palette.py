"""The 256-colour palette PNG looks like the full-colour picture and is a fraction of its size."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import partial

import pytest
from PIL import Image, ImageChops

from render import encode_png
from render.cards import compose_draw, compose_standings, compose_win
from render.samples import (
    sample_chinitsu_table,
    sample_draw,
    sample_goto_table,
    sample_names,
    sample_seat,
    sample_standings,
    sample_table,
    sample_win,
)
from render.table import compose_seat, compose_table
from tests.render.helpers import decode, is_opaque

MEAN_DIFFERENCE = 3.0
"""Mean absolute difference per pixel, in 0–255 levels of the difference's luminance (measured
1.5–2.0 on tables and panels, under 1 on cards)."""
VISIBLE = 24
"""A pixel off by this many levels or more could be seen side by side at full size."""
VISIBLE_SHARE = 0.005
"""At most this share of the pixels may be visibly off (measured under 0.1%)."""


def full_colour_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def difference(image: Image.Image, png: bytes) -> tuple[float, float]:
    """Mean difference and the share of visibly different pixels between a picture and its PNG."""
    decoded = decode(png)
    assert is_opaque(decoded)
    histogram = ImageChops.difference(image.convert("RGB"), decoded.convert("RGB")).convert("L").histogram()
    count = sum(histogram)
    mean = sum(level * pixels for level, pixels in enumerate(histogram)) / count
    return mean, sum(histogram[VISIBLE:]) / count


def table_picture(seats: int, seed: int) -> Image.Image:
    return compose_table(sample_table(seats, seed), sample_names(seats, seed))


def seat_picture(seats: int, seed: int) -> Image.Image:
    return compose_seat(sample_seat(seats, seed), sample_names(seats, seed))


PICTURES: dict[str, Callable[[], Image.Image]] = {
    **{f"table-{seats}p-{seed}": partial(table_picture, seats, seed) for seats in (2, 3, 4) for seed in (0, 1)},
    **{f"seat-{seats}p-{seed}": partial(seat_picture, seats, seed) for seats in (2, 3, 4) for seed in (0, 1)},
}
"""Tables and panels of each size, by name: each draws its picture when called."""


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_palette_png_of_a_table_or_panel_matches_the_full_colour_render(name: str) -> None:
    image = PICTURES[name]()
    png = encode_png(image)
    mean, visible = difference(image, png)
    assert mean < MEAN_DIFFERENCE
    assert visible < VISIBLE_SHARE
    # The point of it: a fraction of the full-colour file, and within the targets
    # (p50 60 KB for a table, 70 KB for a panel).
    assert len(png) < 0.5 * len(full_colour_png(image))
    assert len(png) <= (60 if name.startswith("table") else 70) * 1024


@pytest.mark.parametrize(
    "image",
    [
        pytest.param(lambda: compose_win(sample_win(1), sample_names(4, 1)), id="win"),
        pytest.param(lambda: compose_draw(sample_draw(1), sample_names(4, 1)), id="draw"),
        pytest.param(lambda: compose_standings(sample_standings(1)), id="standings"),
        pytest.param(lambda: compose_table(sample_goto_table(), sample_names(3, 1)), id="goto-table"),
        pytest.param(lambda: compose_table(sample_chinitsu_table(), sample_names(3, 1)), id="chinitsu-backs"),
    ],
)
def test_cards_and_variant_tables_survive_the_palette(image: Callable[[], Image.Image]) -> None:
    picture = image()
    mean, visible = difference(picture, encode_png(picture))
    assert mean < MEAN_DIFFERENCE
    assert visible < VISIBLE_SHARE
