"""Where things go on the table image: fixed geometry per layout, and the side frames.

A side frame turns a seat's own coordinates (x along the seat's row towards its right, y away
from the centre towards the seat) into image coordinates, so rivers, hands and melds are laid
out once and drawn on any of the four sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

__all__ = [
    "BOTTOM",
    "LEFT",
    "PUBLIC_BOTTOM",
    "RIGHT",
    "TOP",
    "Frame",
    "Layout",
    "Slot",
    "layout_for",
    "positions",
    "wall_region",
]

BOTTOM, RIGHT, TOP, LEFT = 0, 1, 2, 3
"""Positions round the table, anticlockwise from the viewer, as seats are in play order."""

PUBLIC_BOTTOM = 0
"""The seat at the bottom of the public table picture, for the whole game: seat 0, the first
dealer (起家), East of the first hand. A Tenhou spectator (観戦) picks one player and watches the
whole game from that chair, never following the deal round the table; the channel cannot pick,
so it sits with the first dealer, and seats never jump round the picture when the deal passes.
Each player's own panel turns the table to put them at the bottom instead."""

ROTATION = {BOTTOM: 0, RIGHT: 90, TOP: 180, LEFT: 270}
"""How far each side's tiles are turned anticlockwise so that they face their owner."""

Rect = tuple[int, int, int, int]
"""(left, top, right, bottom), right and bottom exclusive."""

RAIL = 10
"""Width of the wooden rim."""
RIVER_TILE = 30
BAND_TILE = 22
BAND = 40
"""Depth of the strip along the edge that holds a seat's concealed tiles and melds."""
CENTRE = 220
GAP_CENTRE = 6
GAP_BAND = 10
INSET = RAIL + 6


@dataclass(frozen=True, slots=True)
class Frame:
    """A side's own coordinate system: origin and rotation."""

    ox: int
    oy: int
    rotation: int

    def place(self, lx: int, ly: int, lw: int, ld: int) -> tuple[int, int]:
        """Image top-left of a footprint ``lw`` long (along the row) and ``ld`` deep at local (lx, ly)."""
        if self.rotation == 0:
            return self.ox + lx, self.oy + ly
        if self.rotation == 90:
            return self.ox + ly, self.oy - lx - lw
        if self.rotation == 180:
            return self.ox - lx - lw, self.oy - ly - ld
        return self.ox - ly - ld, self.oy + lx

    def local_size(self, width: int, height: int) -> tuple[int, int]:
        """A sprite's image size as (length along the row, depth)."""
        return (width, height) if self.rotation in (0, 180) else (height, width)


@dataclass(frozen=True, slots=True)
class Slot:
    """The regions of one position: river, edge band and name plate."""

    position: int
    river: Frame
    river_rows: int
    band: Frame
    band_length: int
    plate: Rect
    """The corner region a name plate may use; plates are as tall as their content."""
    plate_anchor: str
    """Which edge of that region a plate hugs ("top" or "bottom"), chosen so it sits by its own seat's tiles."""
    strip: Rect
    """The edge of the centre panel that faces this position (wind marker, riichi stick)."""
    river_columns: int = 6
    """Discards per river row, until the river outgrows its rows (then the rows widen)."""

    @property
    def rotation(self) -> int:
        return ROTATION[self.position]


@dataclass(frozen=True, slots=True)
class Layout:
    """Geometry of one table layout."""

    name: str
    width: int
    height: int
    centre: Rect
    slots: dict[int, Slot]


def positions(seat_count: int, bottom: int) -> dict[int, int]:
    """Map each seat to its position round the table, seen from seat ``bottom``.

    Three players sit as at a real sanma table, where the North chair stays empty, so the empty
    side depends on who is looking.
    """
    if seat_count == 2:
        return {bottom % 2: BOTTOM, (bottom + 1) % 2: TOP}
    return {seat: (seat - bottom) % 4 for seat in range(seat_count)}


def _strip(centre: Rect, position: int, depth: int = 26) -> Rect:
    left, top, right, bottom = centre
    if position == BOTTOM:
        return (left, bottom - depth, right, bottom)
    if position == TOP:
        return (left, top, right, top + depth)
    if position == RIGHT:
        return (right - depth, top, right, bottom)
    return (left, top, left + depth, bottom)


ROW_UPRIGHT = 44
"""A row of upright river tiles: a 30 px tile is 40 px tall plus its 4 px side."""
ROW_TURNED = 40
TWO_SEAT_ROWS = 3
TWO_SEAT_COLUMNS = 12
"""Two seats face each other across the centre with nobody beside them: their rivers run the
table's whole width (12 a row; rows widen past 36 discards), so three rows hold what six did."""
PLATE = 176
"""Width of a name plate where it has a side of its own (the two-seat table)."""


@cache
def layout_for(seat_count: int) -> Layout:
    """The square table for three or four seats, or the compact one for two."""
    if seat_count == 2:
        return _two_seat_layout()
    river_depth_rows = 4
    depth = max(river_depth_rows * ROW_UPRIGHT, 4 * ROW_TURNED)
    side = INSET + BAND + GAP_BAND + depth + GAP_CENTRE
    size = 2 * side + CENTRE
    c0, c1 = side, side + CENTRE
    band_start = INSET + BAND + 8
    band_length = size - 2 * band_start
    near, far = c1 + GAP_CENTRE, size - INSET - BAND - GAP_BAND
    plate_lo, plate_hi = INSET + BAND + GAP_BAND, c0 - GAP_CENTRE
    edge = INSET + BAND
    centre = (c0, c0, c1, c1)
    slots = {
        BOTTOM: Slot(
            BOTTOM,
            Frame(c0 + 8, c1 + GAP_CENTRE, 0),
            river_depth_rows,
            Frame(band_start, size - edge, 0),
            band_length,
            (near, near, far, far),
            "bottom",
            _strip(centre, BOTTOM),
        ),
        RIGHT: Slot(
            RIGHT,
            Frame(c1 + GAP_CENTRE, c1 - 3, 90),
            4,
            Frame(size - edge, size - band_start, 90),
            band_length,
            (near, plate_lo, far, plate_hi),
            "bottom",
            _strip(centre, RIGHT),
        ),
        TOP: Slot(
            TOP,
            Frame(c1 - 8, c0 - GAP_CENTRE, 180),
            river_depth_rows,
            Frame(size - band_start, edge, 180),
            band_length,
            (plate_lo, plate_lo, plate_hi, plate_hi),
            "top",
            _strip(centre, TOP),
        ),
        LEFT: Slot(
            LEFT,
            Frame(c0 - GAP_CENTRE, c0 + 3, 270),
            4,
            Frame(edge, band_start, 270),
            band_length,
            (plate_lo, near, plate_hi, far),
            "top",
            _strip(centre, LEFT),
        ),
    }
    return Layout(f"{seat_count}p", size, size, centre, slots)


def _two_seat_layout() -> Layout:
    """Two seats facing each other: rivers across the width, each name plate beside the centre
    panel on its own side of the table (the bottom seat's right of it, low; the top seat's left
    of it, high), so the picture is about as tall as it is wide."""
    width = 2 * (INSET + PLATE + GAP_BAND) + CENTRE
    side = INSET + BAND + GAP_BAND + TWO_SEAT_ROWS * ROW_UPRIGHT + GAP_CENTRE
    height = 2 * side + CENTRE
    x0, x1 = (width - CENTRE) // 2, (width + CENTRE) // 2
    y0, y1 = side, side + CENTRE
    centre = (x0, y0, x1, y1)
    river_length = TWO_SEAT_COLUMNS * (RIVER_TILE + 1)
    river_left, river_right = (width - river_length) // 2, (width + river_length) // 2
    band_start = INSET + 8
    band_length = width - 2 * band_start
    edge = INSET + BAND
    slots = {
        BOTTOM: Slot(
            BOTTOM,
            Frame(river_left, y1 + GAP_CENTRE, 0),
            TWO_SEAT_ROWS,
            Frame(band_start, height - edge, 0),
            band_length,
            (x1 + GAP_BAND, y0, width - INSET, y1),
            "bottom",
            _strip(centre, BOTTOM),
            TWO_SEAT_COLUMNS,
        ),
        TOP: Slot(
            TOP,
            Frame(river_right, y0 - GAP_CENTRE, 180),
            TWO_SEAT_ROWS,
            Frame(width - band_start, edge, 180),
            band_length,
            (INSET, y0, x0 - GAP_BAND, y1),
            "top",
            _strip(centre, TOP),
            TWO_SEAT_COLUMNS,
        ),
    }
    return Layout("2p", width, height, centre, slots)


def wall_region(layout: Layout, position: int) -> Rect:
    """Between the centre and the rail on ``position``'s side: the river and edge of a chair left
    empty (three players at a square table), where the live wall is shown when its backs are public."""
    left, top, right, bottom = layout.centre
    if position == LEFT:
        return (INSET, top, left - GAP_CENTRE, bottom)
    if position == RIGHT:
        return (right + GAP_CENTRE, top, layout.width - INSET, bottom)
    if position == TOP:
        return (left, INSET, right, top - GAP_CENTRE)
    return (left, bottom + GAP_CENTRE, right, layout.height - INSET)
