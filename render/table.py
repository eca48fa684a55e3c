"""The table image: felt, rivers, hands as backs, melds, name plates and the centre console."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol, runtime_checkable

from PIL import Image, ImageDraw

from bot.engine.table.turns import Phase
from bot.engine.tiles import Back, Tile
from bot.engine.views import PublicView, RiverTile, SeatPublic, SeatView
from render.draw import (
    PasteOp,
    back_colour,
    badge,
    draw_meld,
    draw_row,
    draw_upright_meld,
    flush,
    meld_length,
    outline,
    points_text,
    signed,
    stick_image,
    upright_meld_length,
)
from render.layout import (
    BAND,
    BAND_TILE,
    BOTTOM,
    LEFT,
    RIGHT,
    RIVER_TILE,
    TOP,
    Layout,
    Slot,
    layout_for,
    positions,
    wall_region,
)
from render.sprites import Shade, face_size, paste, thickness, tile_sprite
from render.text import draw_text, fit, safe_text, text_image, text_width, ui_font
from render.theme import DEFAULT_THEME, Theme
from render.words import Language, phase_name, round_name, wind_name, word

__all__ = ["compose_seat", "compose_table", "indicator_grid", "seat_name"]

STRIP = 26


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's display name, or a stand-in when the caller passed none or nothing of it can be
    drawn (a name of only flags or characters neither font has)."""
    if 0 <= seat < len(names) and safe_text(names[seat]).strip():
        return names[seat]
    return f"Seat {seat + 1}"


def _blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=32)
def _felt(width: int, height: int, theme: Theme) -> Image.Image:
    """Cloth lit from above: a soft vignette towards the corners, inside a wooden rail."""
    gradient = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    # radial_gradient reaches 255 at the inscribed circle; soften so the corners stay cloth.
    gradient = gradient.point(lambda v: min(255, int((v / 255) ** 1.6 * 200)))
    felt = Image.composite(
        Image.new("RGB", (width, height), theme.felt_edge), Image.new("RGB", (width, height), theme.felt), gradient
    )
    draw = ImageDraw.Draw(felt)
    rail = 10
    draw.rectangle((0, 0, width - 1, height - 1), outline=theme.rail, width=rail)
    draw.rectangle(
        (rail - 2, rail - 2, width - rail + 1, height - rail + 1), outline=_blend(theme.rail, (0, 0, 0), 0.4), width=2
    )
    draw.rectangle((1, 1, width - 2, height - 2), outline=_blend(theme.rail, (255, 255, 255), 0.25), width=1)
    return felt


@lru_cache(maxsize=64)
def _background(seat_count: int, theme: Theme) -> Image.Image:
    """Everything that does not change during a game: drawn once per layout, copied per image."""
    layout = layout_for(seat_count)
    image = _felt(layout.width, layout.height, theme).copy()
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    left, top, right, bottom = layout.centre
    draw.rounded_rectangle((left + 2, top + 3, right + 2, bottom + 3), radius=14, fill=(0, 0, 0, 90))
    draw.rounded_rectangle(
        layout.centre, radius=14, fill=(*theme.panel, 255), outline=(*theme.panel_edge, 255), width=2
    )
    image.paste(overlay, (0, 0), overlay)
    return image


def _river(image: Image.Image, slot: Slot, river: Sequence[RiverTile], last: int | None, theme: Theme) -> None:
    """Discards in rows of six facing their owner; the riichi tile turned, called tiles dimmed."""
    frame = slot.river
    columns = slot.river_columns
    per_row = columns if len(river) <= columns * slot.river_rows else math.ceil(len(river) / slot.river_rows)
    upright = tile_sprite(Tile(0), RIVER_TILE, frame.rotation)
    _, row_depth = frame.local_size(upright.width, upright.height)
    ops: list[PasteOp] = []
    marks: list[tuple[int, int, int, int]] = []
    for row_start in range(0, len(river), per_row):
        lx = 0
        ly = (row_start // per_row) * row_depth
        for index in range(row_start, min(row_start + per_row, len(river))):
            discard = river[index]
            shade = Shade.DIM if discard.called else Shade.TSUMOGIRI if discard.tsumogiri else Shade.NONE
            rotation = frame.rotation + (90 if discard.riichi else 0)
            sprite = tile_sprite(discard.tile, RIVER_TILE, rotation, shade=shade)
            lw, ld = frame.local_size(sprite.width, sprite.height)
            x, y = frame.place(lx, ly + row_depth - ld, lw, ld)
            ops.append((y, x, sprite))
            if index == last:
                marks.append((x, y, x + sprite.width, y + sprite.height))
            lx += lw
    flush(image, ops)
    for box in marks:
        outline(image, box, theme.accent, 2)


def _band(image: Image.Image, slot: Slot, seat: SeatPublic, *, show_hand: bool) -> None:
    """The strip along a seat's edge: its concealed tiles as backs on the left, melds on the right."""
    frame = slot.band
    width = BAND_TILE
    gap = 6
    for candidate in (BAND_TILE, 20, 18, 16, 14):
        width = candidate
        melds_length = sum(meld_length(meld, width, frame) + gap for meld in seat.melds)
        hand_length = (seat.concealed_count * width + 8) if show_hand else 0
        if melds_length + hand_length <= slot.band_length:
            break
    ops: list[PasteOp] = []
    if show_hand:
        lx = 0
        for index in range(seat.concealed_count):
            if seat.has_drawn and index == seat.concealed_count - 1:
                lx += 8
            sprite = tile_sprite(None, width, frame.rotation, back=back_colour(seat.concealed_backs, index))
            lw, ld = frame.local_size(sprite.width, sprite.height)
            x, y = frame.place(lx, BAND - ld, lw, ld)
            ops.append((y, x, sprite))
            lx += lw
    lx = slot.band_length
    overlays: list[PasteOp] = []
    for meld in reversed(seat.melds):
        length = meld_length(meld, width, frame)
        lx -= length
        _, meld_ops, meld_overlays = draw_meld(image, meld, width, frame, lx, BAND)
        ops.extend(meld_ops)
        overlays.extend(meld_overlays)
        lx -= gap
    flush(image, ops)
    flush(image, overlays)


def _wind_label(seat: SeatPublic, language: Language) -> str:
    """The seat's wind (東 / E), or its number in a variant without winds."""
    return (wind_name(seat.wind, language) if seat.wind is not None else "") or str(seat.seat + 1)


def _translucent(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int], alpha: int) -> None:
    """A see-through rounded panel (composited on the region only, which is cheap)."""
    left, top, right, bottom = box
    region = image.crop(box).convert("RGBA")
    overlay = Image.new("RGBA", region.size, (0, 0, 0, 0))
    ImageDraw.Draw(overlay).rounded_rectangle(
        (0, 0, right - left - 1, bottom - top - 1), radius=12, fill=(*colour, alpha)
    )
    image.paste(Image.alpha_composite(region, overlay).convert("RGB"), (left, top))


def _tile_pitch(size: int) -> int:
    """Height of one row of upright tiles ``size`` wide, with the gap under it."""
    return face_size(size)[1] + thickness(size) + 2


SET_ASIDE_SIZES = (22, 18, 14, 12, 10, 8)
"""Set-aside tiles shrink until they fit the plate (a 5等 seat may hold 16 flowers and 4 北)."""


def _set_aside_grid(count: int, width: int, space: int) -> tuple[int, int, int]:
    """(tile width, tiles per row, rows) for the set-aside tiles of a plate ``width`` wide."""
    for size in SET_ASIDE_SIZES:
        per_row = max(1, (width - 16) // (size + 1))
        rows = math.ceil(count / per_row)
        if rows * _tile_pitch(size) <= space or size == SET_ASIDE_SIZES[-1]:
            return size, per_row, rows
    raise AssertionError("unreachable")


PLATE_TEXT = 108
"""Where the set-aside tiles start below a plate's top: under the name, points and badges."""
BADGES_END = 100
"""The bottom of the badge row; an open riichi's waits start here."""
OPEN_LABEL_SIZE = 11
OPEN_COLOUR = (214, 110, 24)
WAIT_SIZES = (16, 14, 12, 10)


def _waits_grid(count: int, room: int) -> tuple[int, int, int]:
    """(tile width, tiles per row, rows) for an open riichi's waits in ``room`` px beside the label:
    one row of the largest tiles that fit, else rows of the smallest."""
    for size in WAIT_SIZES:
        per_row = max(1, (room + 1) // (size + 1))
        if count <= per_row:
            return size, per_row, 1
    size = WAIT_SIZES[-1]
    per_row = max(1, (room + 1) // (size + 1))
    return size, per_row, math.ceil(count / per_row)


def _open_label_width(language: Language) -> int:
    return text_width(word("open", language), OPEN_LABEL_SIZE) + OPEN_LABEL_SIZE


def _waits_layout(count: int, width: int, language: Language) -> tuple[int, int, int, int]:
    """(tile width, per row, rows, block height) of the waits row of a plate ``width`` wide."""
    room = width - 16 - _open_label_width(language) - 6
    size, per_row, rows = _waits_grid(count, room)
    return size, per_row, rows, max(OPEN_LABEL_SIZE + 8, rows * (_tile_pitch(size) - 1)) + 2


def _chips(
    image: Image.Image, seat: SeatPublic, x: int, box: tuple[int, int, int, int], theme: Theme, language: Language
) -> None:
    """A seat's chips: after the badges when they fit there, else at the end of the points line
    (shorter if need be); never left off."""
    if seat.chips is None:
        return
    left, top, right, _ = box
    label = word("chips", language, chips=signed(seat.chips))
    y = top + 78
    if x + text_width(label, 14) <= right - 8:
        draw_text(image, (x + 2, y + 2), label, 14, theme.muted)
        return
    points_end = left + 10 + text_width(points_text(seat.points), 26) + 8
    room = right - 8 - points_end
    candidates = ((label, 14), (label, 12), (label, 11), (signed(seat.chips), 14))
    shown, size = next(((t, s) for t, s in candidates if text_width(t, s) <= room), candidates[-1])
    # On the points line's baseline, flush right.
    baseline = top + 42 + ui_font(26).getmetrics()[0]
    draw_text(image, (right - 8, baseline), shown, size, theme.muted, anchor="rs", max_width=max(1, room))


def _plate(
    image: Image.Image,
    slot: Slot,
    seat: SeatPublic,
    name: str,
    view: PublicView,
    theme: Theme,
    language: Language,
    *,
    own: bool,
) -> None:
    """Name, points, chips, status, an open riichi's waits and the set-aside tiles of one seat,
    upright for legibility."""
    left, region_top, right, region_bottom = slot.plate
    region = region_bottom - region_top
    waits = seat.open_waits
    waits_layout = _waits_layout(len(waits), right - left, language) if waits else None
    tiles_top = BADGES_END + waits_layout[3] + 3 if waits_layout else PLATE_TEXT
    tiles = seat.set_aside
    grid = _set_aside_grid(len(tiles), right - left, region - tiles_top - 6) if tiles else None
    height = tiles_top + (grid[2] * _tile_pitch(grid[0]) + 6 if grid else 0)
    if waits_layout and not grid:
        height += 3
    height = min(height, region)
    top = region_top if slot.plate_anchor == "top" else region_bottom - height
    box = (left, top, right, top + height)
    _translucent(image, box, theme.panel, 170)
    draw = ImageDraw.Draw(image)
    if view.turn == seat.seat:
        draw.rounded_rectangle(box, radius=12, outline=theme.accent, width=3)
    elif seat.seat in view.deciding:
        draw.rounded_rectangle(box, radius=12, outline=theme.deciding, width=2)
    badge_colour = (200, 64, 40) if seat.dealer else _blend(theme.panel_edge, theme.panel, 0.35)
    draw.ellipse((left + 8, top + 8, left + 38, top + 38), fill=badge_colour, outline=theme.text, width=1)
    draw_text(image, (left + 23, top + 23), _wind_label(seat, language), 18, theme.text, anchor="mm")
    draw_text(image, (left + 46, top + 11), name, 17, theme.accent if own else theme.text, max_width=right - left - 54)
    draw_text(image, (left + 10, top + 42), points_text(seat.points), 26, theme.text)
    x = left + 10
    y = top + 78
    if seat.riichi:
        x += badge(image, x, y, word("riichi", language), 13, (255, 255, 255), (196, 30, 48)) + 4
    if seat.dealer:
        x += badge(image, x, y, word("dealer", language), 13, (255, 255, 255), (200, 64, 40)) + 4
    if seat.auto_played:
        x += badge(image, x, y, word("auto", language), 13, (20, 20, 20), (200, 200, 200)) + 4
    _chips(image, seat, x, box, theme, language)
    if waits_layout is not None:
        _open_waits(image, waits, waits_layout, left + 8, top + BADGES_END, language)
    if grid is not None:
        size, per_row, rows = grid
        pitch = _tile_pitch(size)
        for row in range(rows):
            row_y = top + tiles_top + row * pitch
            if row_y + pitch > top + height + 2:
                break
            draw_row(image, tiles[row * per_row : (row + 1) * per_row], left + 8, row_y, size)


def _open_waits(
    image: Image.Image, waits: Sequence[int], layout: tuple[int, int, int, int], x: int, y: int, language: Language
) -> None:
    """The 「オープン」 label and the kinds an open riichi waits on, as small faces."""
    size, per_row, rows, block = layout
    label_height = OPEN_LABEL_SIZE + 8
    label_y = y + (min(block, _tile_pitch(size)) - label_height) // 2
    x += badge(image, x, label_y, word("open", language), OPEN_LABEL_SIZE, (255, 255, 255), OPEN_COLOUR) + 6
    pitch = _tile_pitch(size) - 1
    for row in range(rows):
        kinds = waits[row * per_row : (row + 1) * per_row]
        draw_row(image, [Tile(kind) for kind in kinds], x, y + row * pitch, size)


def _strip(
    image: Image.Image, slot: Slot, seat: SeatPublic, view: PublicView, theme: Theme, language: Language
) -> None:
    """The console edge facing a seat: its wind (turned towards it), riichi stick and turn light."""
    left, top, right, bottom = slot.strip
    rotation = slot.rotation
    length = (right - left) if rotation in (0, 180) else (bottom - top)
    depth = (bottom - top) if rotation in (0, 180) else (right - left)
    colour = theme.accent if view.turn == seat.seat else theme.deciding if seat.seat in view.deciding else None
    content = _strip_image(length, depth, _wind_label(seat, language), seat.dealer, seat.riichi, colour, theme)
    if rotation:
        content = content.rotate(rotation, expand=True)
    image.paste(content, (left, top), content)


@lru_cache(maxsize=256)
def _strip_image(
    length: int,
    depth: int,
    wind: str,
    dealer: bool,
    riichi: bool,
    light: tuple[int, int, int] | None,
    theme: Theme,
) -> Image.Image:
    """The strip as seen by its seat (drawn upright, turned by the caller)."""
    image = Image.new("RGBA", (length, depth), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if light is not None:
        draw.rounded_rectangle((14, depth - 5, length - 15, depth - 2), radius=2, fill=(*light, 255))
    wind_colour = (255, 120, 90) if dealer else theme.muted
    label = text_image(wind, 17, (*wind_colour, 255))
    image.paste(label, (12, (depth - label.height) // 2 - 1), label)
    if riichi:
        stick = stick_image(110, 8, True)
        image.paste(stick, ((length - stick.width) // 2, (depth - stick.height) // 2 - 1), stick)
    return image


def _centre(
    image: Image.Image,
    layout: Layout,
    view: PublicView,
    names: Sequence[str],
    theme: Theme,
    language: Language,
    *,
    wall_in_centre: bool = True,
) -> None:
    """Round, counters, dora indicators, and whose move it is (no clock: a picture cannot count
    down, and the message beside it carries the live one)."""
    left, top, right, _bottom = layout.centre
    middle = (left + right) // 2
    # Keep clear of the 26 px strips along each edge (winds, riichi sticks, turn lights).
    inner = top + STRIP
    room = right - left - 2 * STRIP - 8
    round_label = round_name(view.round_label, language)
    label_size = next((size for size in (26, 24, 22, 20) if text_width(round_label, size) <= room), 18)
    draw_text(image, (middle, inner + 18), round_label, label_size, theme.text, anchor="mm", max_width=room)
    y = inner + 38
    parts: list[tuple[Image.Image, str]] = []
    if view.honba:
        parts.append((stick_image(40, 8, False), f"{view.honba}"))
    if view.riichi_sticks:
        parts.append((stick_image(40, 8, True), f"{view.riichi_sticks}"))
    remaining = word("remaining", language, count=view.tiles_left)
    if wall_in_centre and view.wall_backs:
        remaining += "  " + "  ".join(f"{name}{count}" for name, count in _back_counts(view.wall_backs, language))
    indicators = view.dora_indicators
    one_row = len(indicators) * (24 + 2) - 2 <= room
    if one_row:
        _sticks(image, parts, middle, y, theme)
        draw_text(image, (middle, y + 30), remaining, 15, theme.muted, anchor="mm", max_width=room)
        if indicators:
            row = len(indicators) * (24 + 2) - 2
            draw_row(image, indicators, middle - row // 2, y + 42, 24, gap=2)
    else:
        # Many indicators (kans past the dead wall's five): the counters share one line and the
        # indicators take rows of their own, the largest tiles that fit above the status lines.
        if parts:
            parts.append((Image.new("RGBA", (1, 1)), remaining))
            _sticks(image, parts, middle, y, theme)
        else:
            draw_text(image, (middle, y + 8), remaining, 15, theme.muted, anchor="mm", max_width=room)
        _indicator_rows(image, indicators, middle, y + 26, inner + 124, room)
    who = _status(view, names, language)
    if who:
        draw_text(image, (middle, inner + 132), who, 14, theme.accent, anchor="mm", max_width=room)


def _sticks(image: Image.Image, parts: list[tuple[Image.Image, str]], middle: int, y: int, theme: Theme) -> None:
    """Honba and riichi sticks with their counts (and any text after them), centred."""
    total = sum(icon.width + 6 + text_width(label, 15) + 12 for icon, label in parts) - 12
    x = middle - total // 2
    for icon, label in parts:
        image.paste(icon, (x, y + 6), icon)
        x += icon.width + 5
        x += draw_text(image, (x, y), label, 15, theme.text) + 13


def indicator_grid(count: int, room: int, height: int) -> tuple[int, int]:
    """(tile width, tiles per row) for ``count`` indicators in ``room`` × ``height`` px."""
    for width in (24, 22, 20, 18, 16, 14, 12):
        per_row = max(1, (room + 2) // (width + 2))
        rows = math.ceil(count / per_row)
        if rows * (face_size(width)[1] + thickness(width) + 2) <= height:
            return width, per_row
    return 12, max(1, (room + 2) // 14)


def _indicator_rows(
    image: Image.Image, indicators: Sequence[Tile], middle: int, top: int, bottom: int, room: int
) -> list[tuple[int, int, int, int]]:
    """Every indicator, in rows of equal length centred under each other; returns their boxes."""
    width, per_row = indicator_grid(len(indicators), room, bottom - top)
    rows = math.ceil(len(indicators) / per_row)
    # Balance the rows (7 as 4 + 3, not 6 + 1).
    per_row = math.ceil(len(indicators) / rows)
    pitch = face_size(width)[1] + thickness(width) + 2
    boxes: list[tuple[int, int, int, int]] = []
    for row in range(rows):
        tiles = indicators[row * per_row : (row + 1) * per_row]
        length = len(indicators[:per_row]) * (width + 2) - 2
        boxes += draw_row(image, tiles, middle - length // 2, top + row * pitch, width, gap=2)
    return boxes


def _back_counts(backs: Sequence[Back], language: Language) -> list[tuple[str, int]]:
    names = ((Back.BLUE, word("back_blue", language)), (Back.YELLOW, word("back_yellow", language)))
    return [(name, sum(1 for b in backs if b is back)) for back, name in names]


WALL_TILE = 14
WALL_PER_ROW = 13


def _wall(
    image: Image.Image, box: tuple[int, int, int, int], backs: Sequence[Back], theme: Theme, language: Language
) -> None:
    """The live wall's backs in draw order (the next tile first, outlined), with counts by colour.

    Drawn upright on the side no seat uses, so it reads the same from every chair.
    """
    left, top, right, bottom = box
    pitch = WALL_TILE + 1
    per_row = min(WALL_PER_ROW, (right - left - 24 + 1) // pitch)
    tile_height = face_size(WALL_TILE)[1] + thickness(WALL_TILE)
    rows = max(1, math.ceil(len(backs) / per_row))
    height = 34 + rows * (tile_height + 3) + 8
    width = per_row * pitch - 1 + 20
    panel = (
        (left + right - width) // 2,
        (top + bottom - height) // 2,
        (left + right + width) // 2,
        (top + bottom + height) // 2,
    )
    _translucent(image, panel, theme.panel, 150)
    x0, y0 = panel[0] + 10, panel[1] + 8
    x = x0 + draw_text(image, (x0, y0), word("wall", language, count=len(backs)), 15, theme.text) + 10
    for (name, count), back in zip(_back_counts(backs, language), (Back.BLUE, Back.YELLOW), strict=True):
        swatch = tile_sprite(None, 12, back=back)
        paste(image, swatch, x, y0 + 1)
        x += swatch.width + 4
        x += draw_text(image, (x, y0 + 1), f"{name}{count}", 14, theme.muted) + 10
    y = y0 + 26
    for index, back in enumerate(backs):
        row, column = divmod(index, per_row)
        tx, ty = x0 + column * pitch, y + row * (tile_height + 3)
        sprite = tile_sprite(None, WALL_TILE, back=back)
        paste(image, sprite, tx, ty)
        if index == 0:
            outline(image, (tx, ty, tx + sprite.width, ty + sprite.height), theme.accent, 2)


def _status(view: PublicView, names: Sequence[str], language: Language) -> str:
    """Whose move it is and in which phase; while calls are open, on whose tile (never who may
    call). No clock: the table message's countdown is the live one."""
    if view.phase == Phase.CLAIMS:
        if view.calls_on is None:
            return word("calls_open", language)
        return word("calls_open_on", language, name=fit(seat_name(names, view.calls_on), 14, 100))
    phase = phase_name(view.phase, language)
    return " · ".join(
        part for part in (fit(seat_name(names, view.turn), 14, 100) if view.turn is not None else "", phase) if part
    )


def compose_table(
    view: PublicView,
    names: Sequence[str],
    *,
    theme: Theme = DEFAULT_THEME,
    bottom: int = 0,
    private_seat: int | None = None,
    language: Language = Language.JA,
) -> Image.Image:
    """Draw the table seen from seat ``bottom``; ``private_seat``'s concealed tiles are left off the band."""
    seat_count = len(view.seats)
    if seat_count not in (2, 3, 4):
        raise ValueError(f"a table has 2, 3 or 4 seats, not {seat_count}")
    layout = layout_for(seat_count)
    where = positions(seat_count, bottom)
    image = _background(seat_count, theme).copy()
    last_seat, last_index = view.last_discard if view.last_discard is not None else (None, None)
    for seat in view.seats:
        slot = layout.slots[where[seat.seat]]
        _river(image, slot, seat.river, last_index if seat.seat == last_seat else None, theme)
        _band(image, slot, seat, show_hand=seat.seat != private_seat)
        _plate(image, slot, seat, seat_name(names, seat.seat), view, theme, language, own=seat.seat == private_seat)
        _strip(image, slot, seat, view, theme, language)
    free = [position for position in (LEFT, TOP, RIGHT, BOTTOM) if position not in where.values()]
    wall_box = wall_region(layout, free[0]) if free and len(layout.slots) == 4 else None
    if wall_box is not None and view.wall_backs:
        _wall(image, wall_box, view.wall_backs, theme, language)
    _centre(image, layout, view, names, theme, language, wall_in_centre=wall_box is None)
    return image


HAND_TILE = 44
PANEL_PAD = 14
PACKET_TILE = 34
PACKET_ROW = 12 + 50
"""The draft packet's row under the hand: its label and tiles a little smaller than the hand's."""


@runtime_checkable
class HoldsPacket(Protocol):
    """A seat view that may hold a draft packet (ずーの's): tiles only that seat sees, one of
    which it takes into its hand. Read through this protocol, the renderer knows no variant."""

    @property
    def packet(self) -> tuple[Tile, ...]: ...


def packet_of(view: SeatView) -> tuple[Tile, ...]:
    """The draft packet the seat holds now (empty for a seat or variant without one)."""
    return view.packet if isinstance(view, HoldsPacket) else ()


def compose_seat(
    view: SeatView,
    names: Sequence[str],
    *,
    theme: Theme = DEFAULT_THEME,
    language: Language = Language.JA,
) -> Image.Image:
    """The table from this seat's chair (it at the bottom, as in every mahjong client), with its
    own hand face up and large beneath it, and a draft packet it holds beside it."""
    table = compose_table(view.public, names, theme=theme, bottom=view.seat, private_seat=view.seat, language=language)
    seat = next((s for s in view.public.seats if s.seat == view.seat), None)
    width = table.width
    hand = list(view.hand)
    melds = seat.melds if seat is not None else ()
    tile_width = HAND_TILE
    meld_width = 30
    for tile_width, meld_width in ((44, 30), (40, 28), (36, 26), (32, 24), (28, 20), (24, 18)):
        hand_length = (len(hand) + (1 if view.drawn else 0)) * (tile_width + 1) + (14 if view.drawn else 0)
        melds_length = sum(upright_meld_length(m, meld_width) + 8 for m in melds)
        if hand_length + melds_length <= width - 2 * PANEL_PAD:
            break
    hand_height = face_size(tile_width)[1] + thickness(tile_width)
    hints = bool(view.waits or view.ukeire)
    packet = packet_of(view)
    height = (
        12
        + 26
        + hand_height
        + 14
        + (PACKET_ROW if packet else 0)
        + (44 if hints else 0)
        + (24 if view.private_note else 0)
        + 8
    )
    image = Image.new("RGB", (width, table.height + height), theme.card)
    image.paste(table, (0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, table.height, width - 1, table.height + 3), fill=theme.rail)
    y = table.height + 12
    x = PANEL_PAD
    if seat is not None:
        wind = _wind_label(seat, language)
        x += draw_text(image, (x, y), f"{wind} {seat_name(names, view.seat)}", 18, theme.accent, max_width=width // 2)
        x += 12
        points = word("points", language, points=points_text(seat.points))
        x += draw_text(image, (x, y), points, 18, theme.text) + 10
        if seat.riichi:
            x += badge(image, x, y - 1, word("riichi", language), 13, (255, 255, 255), (196, 30, 48)) + 6
    if view.furiten:
        badge(image, x, y - 1, word("furiten", language), 13, (255, 255, 255), (150, 60, 160))
    y += 30
    selectable = set(view.selectable)

    def shade(tile: Tile) -> Shade:
        return Shade.DIM if selectable and tile not in selectable else Shade.NONE

    boxes = draw_row(image, hand, PANEL_PAD, y, tile_width, shades=[shade(t) for t in hand])
    if view.drawn is not None:
        x = (boxes[-1][2] if boxes else PANEL_PAD) + 14
        draw_row(image, [view.drawn], x, y, tile_width, shades=[shade(view.drawn)])
    x = width - PANEL_PAD
    meld_y = y + hand_height - face_size(meld_width)[1] - thickness(meld_width)
    for meld in reversed(melds):
        x -= upright_meld_length(meld, meld_width)
        draw_upright_meld(image, meld, x, meld_y, meld_width)
        x -= 8
    y += hand_height + 12
    if packet:
        _packet(image, packet, y, theme, language)
        y += PACKET_ROW
    if hints:
        _hints(image, view, y, theme, language)
        y += 44
    if view.private_note:
        draw_text(image, (PANEL_PAD, y), view.private_note, 15, theme.muted, max_width=width - 2 * PANEL_PAD)
    return image


def _packet(image: Image.Image, packet: Sequence[Tile], y: int, theme: Theme, language: Language) -> None:
    """The draft packet on a strip of cloth: the tiles the seat chooses one of now."""
    label = word("packet", language)
    x = PANEL_PAD + draw_text(image, (PANEL_PAD, y + 16), label, 16, theme.accent) + 12
    length = len(packet) * (PACKET_TILE + 2) - 2
    ImageDraw.Draw(image).rounded_rectangle(
        (x - 6, y, x + length + 6, y + PACKET_ROW - 8), radius=8, fill=theme.felt, outline=theme.felt_edge, width=2
    )
    draw_row(image, packet, x, y + 5, PACKET_TILE, gap=2)


def _hints(image: Image.Image, view: SeatView, y: int, theme: Theme, language: Language) -> None:
    """Waits (or, short of tenpai, the tiles that improve the hand) with how many are live."""
    kinds = list(view.waits) if view.waits else sorted(view.ukeire)
    label = word("waits" if view.waits else "ukeire", language)
    x = PANEL_PAD
    x += draw_text(image, (x, y + 8), label, 16, theme.accent) + 10
    total = sum(view.ukeire.get(kind, 0) for kind in kinds)
    summary = word("tiles", language, count=total) if view.ukeire else ""
    right_edge = image.width - PANEL_PAD - (text_width(summary, 16) + 8 if summary else 0)
    width = 24
    for index, kind in enumerate(kinds):
        count = f"×{view.ukeire[kind]}" if kind in view.ukeire else ""
        step = width + 4 + (text_width(count, 14) + 8 if count else 4)
        if x + step > right_edge - 20 and index < len(kinds) - 1:
            draw_text(image, (x, y + 8), "…", 16, theme.muted)
            break
        paste(image, tile_sprite(Tile(kind), width), x, y)
        x += width + 4
        if count:
            colour = theme.muted if view.ukeire[kind] else theme.loss
            x += draw_text(image, (x, y + 12), count, 14, colour) + 8
        else:
            x += 4
    if summary:
        draw_text(image, (image.width - PANEL_PAD, y + 8), summary, 16, theme.text, anchor="ra")
