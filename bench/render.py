"""Table and panel image speed and size: random mid-game tables and seat panels for 2, 3 and 4 seats.

    python -m bench.render [--tables 200] [--seed 1]

Prints one JSON object per layout and picture (``4p`` the public table, ``4p-seat`` a seat's
panel)::

    {"layout": "4p", "tables": 200, "render_ms_p50": .., "render_ms_p95": .., "encode_ms_p50": ..,
     "encode_ms_p95": .., "total_ms_p95": .., "png_kb_p50": .., "png_kb_max": ..,
     "full_colour_kb_p50": .., "first_table_ms": ..}

``render`` is drawing the image (sprites pasted on a cached background), ``encode`` is the PNG
encoding (a 256-colour palette PNG), ``total`` the two together per table (the figure the 50 ms
goal is about). ``full_colour_kb_p50`` is the same pictures as full-colour PNGs, for the ratio. The tables
are made before timing starts. ``first_table_ms`` is the very first table of the run, drawn
before the timed ones, when the sprite and background caches are still empty.
"""

from __future__ import annotations

import argparse
import io
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from render import encode_png
from render.samples import sample_names, sample_seat, sample_table
from render.table import compose_seat, compose_table


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def full_colour_kb(image: Image.Image) -> float:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return len(buffer.getvalue()) / 1024


def bench_layout(seats: int, tables: int, seed: int, *, seat: bool = False) -> dict[str, object]:
    sample: Callable[[int, int], Any] = sample_seat if seat else sample_table
    compose: Callable[..., Image.Image] = compose_seat if seat else compose_table
    views = [sample(seats, seed * 100_000 + index) for index in range(tables)]
    names = [sample_names(seats, seed * 100_000 + index) for index in range(tables)]
    start = time.perf_counter()
    encode_png(compose(views[0], names[0]))
    first = (time.perf_counter() - start) * 1000
    render_ms, encode_ms, total_ms, sizes, full_sizes = [], [], [], [], []
    for view, seat_names in zip(views, names, strict=True):
        start = time.perf_counter()
        image = compose(view, seat_names)
        drawn = time.perf_counter()
        png = encode_png(image)
        done = time.perf_counter()
        render_ms.append((drawn - start) * 1000)
        encode_ms.append((done - drawn) * 1000)
        total_ms.append((done - start) * 1000)
        sizes.append(len(png) / 1024)
        full_sizes.append(full_colour_kb(image))
    return {
        "layout": f"{seats}p-seat" if seat else f"{seats}p",
        "tables": tables,
        "render_ms_p50": round(percentile(render_ms, 0.5), 2),
        "render_ms_p95": round(percentile(render_ms, 0.95), 2),
        "encode_ms_p50": round(percentile(encode_ms, 0.5), 2),
        "encode_ms_p95": round(percentile(encode_ms, 0.95), 2),
        "total_ms_p95": round(percentile(total_ms, 0.95), 2),
        "png_kb_p50": round(percentile(sizes, 0.5), 1),
        "png_kb_max": round(max(sizes), 1),
        "full_colour_kb_p50": round(percentile(full_sizes, 0.5), 1),
        "first_table_ms": round(first, 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Table image render and encode timings")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for seats in (2, 3, 4):
        for seat in (False, True):
            print(json.dumps(bench_layout(seats, args.tables, args.seed, seat=seat)), flush=True)


if __name__ == "__main__":
    main()
