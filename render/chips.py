"""The chips block of a result card: itemised chips, the flips of a tile-turning run and the
winner's dice, between the score and the payment boxes.

A card whose view has none of these has no block at all (height 0), so it looks exactly as
it did before variants itemised their chips. The same code measures and draws the block
(:func:`chips_block` with ``image=None`` only measures), so the card's height always matches
what is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.views import ChipItem, DiceLine, FlipLine
from render.sprites import face_size, paste, thickness, tile_sprite
from render.table import seat_name
from render.text import Color, draw_text, fit, text_width
from render.theme import Theme
from render.words import Language, word

__all__ = ["ChipsBlock", "chips_block", "die_image", "mark_image"]

LABEL_COLUMN = 116
"""Width of the section names on the left ("チップ", the run's name, "サイコロ")."""
LABEL_SIZE = 15
NOTE_SIZE = 11
STOCK_TINT = (96, 70, 150)
TOP_PAD = 10
BOTTOM_PAD = 14
SECTION_GAP = 8

PILL_SIZE = 15
PILL_HEIGHT = 26
PILL_ROW = 32
PILL_GAP = 8

FLIP_TILE = 26
FLIP_ROW = 48
FLIP_GAP = 10
MARK = 13

DIE = 22
DICE_ROW = 34
DICE_GAP = 16


@dataclass(frozen=True, slots=True)
class ChipsBlock:
    """What a card's chips block shows (all empty: no block)."""

    items: tuple[ChipItem, ...] = ()
    flip_name: str = ""
    flips: tuple[FlipLine, ...] = ()
    dice: tuple[DiceLine, ...] = ()
    winner: int | None = None
    """The card's winner: items received by another seat name that seat."""

    def __bool__(self) -> bool:
        return bool(self.items or self.flips or self.dice)


def _plus(chips: int) -> str:
    return f"+{chips}" if chips >= 0 else f"{chips}"


def _flow(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """Greedy lines of cells ``widths`` wide in ``room`` px (each line holds at least one)."""
    lines: list[list[int]] = []
    used = 0
    for index, width in enumerate(widths):
        if lines and used + gap + width <= room:
            lines[-1].append(index)
            used += gap + width
        else:
            lines.append([index])
            used = width
    return lines


def _pill_parts(item: ChipItem, names: Sequence[str], winner: int | None) -> tuple[str, str, str]:
    """(name, "+n", receiving seat or "") of one chip item, each already fitted."""
    who = ""
    if item.seat is not None and item.seat != winner:
        who = fit(seat_name(names, item.seat), 13, 120)
    return fit(item.name, PILL_SIZE, 160), _plus(item.chips), who


def _pill_width(parts: tuple[str, str, str]) -> int:
    name, value, who = parts
    width = text_width(name, PILL_SIZE) + 6 + text_width(value, PILL_SIZE) + 20
    return width + (text_width("→ " + who, 13) + 8 if who else 0)


def _flip_cells(flips: Sequence[FlipLine], language: Language) -> list[tuple[int, FlipLine | None]]:
    """The flips' cells in order as (width, flip), with a 「ストック」 label (flip None) before
    each run of stocked flips."""
    cells: list[tuple[int, FlipLine | None]] = []
    previous_stocked = False
    for flip in flips:
        if flip.stocked and not previous_stocked:
            cells.append((text_width(word("stock", language), 12) + 4, None))
        previous_stocked = flip.stocked
        text = MARK + 2
        if flip.matches > 0 or flip.chips:
            text = max(MARK + 3 + text_width(f"×{flip.matches}", 14), text_width(_plus(flip.chips), 14))
        cells.append((FLIP_TILE + 6 + text + 8, flip))
    return cells


def _dice_width(line: DiceLine) -> int:
    width = 2 * DIE + 4 + 8 + text_width(_plus(line.chips), 16)
    return width + (8 + text_width(fit(line.note, 12, 260), 12) if line.note else 0)


def _label(image: Image.Image, x: int, y: int, name: str, note: str, theme: Theme) -> None:
    draw_text(image, (x, y), name, LABEL_SIZE, theme.text, max_width=LABEL_COLUMN - 8)
    if note:
        draw_text(image, (x, y + LABEL_SIZE + 5), note, NOTE_SIZE, theme.muted, max_width=LABEL_COLUMN - 8)


def chips_block(
    image: Image.Image | None,
    y: int,
    block: ChipsBlock,
    names: Sequence[str],
    theme: Theme,
    language: Language,
    *,
    left: int,
    right: int,
) -> int:
    """Draw the block from ``y`` between ``left`` and ``right`` (or only measure it, when
    ``image`` is None); return its height, 0 for an empty block."""
    if not block:
        return 0
    x0 = left + LABEL_COLUMN
    room = right - x0
    top = y
    if image is not None:
        ImageDraw.Draw(image).line((left, y, right, y), fill=theme.panel_edge, width=1)
    y += TOP_PAD
    sections = 0

    if block.items:
        parts = [_pill_parts(item, names, block.winner) for item in block.items]
        widths = [_pill_width(p) for p in parts]
        lines = _flow(widths, room, PILL_GAP)
        if image is not None:
            total = sum(item.chips for item in block.items)
            heading, note = word("chips_heading", language), word("chips_total", language, total=_plus(total))
            _label(image, left, y + 3, heading, note, theme)
            draw = ImageDraw.Draw(image)
            for row, line in enumerate(lines):
                x = x0
                for index in line:
                    name, value, who = parts[index]
                    py = y + row * PILL_ROW
                    draw.rounded_rectangle(
                        (x, py, x + widths[index], py + PILL_HEIGHT),
                        radius=PILL_HEIGHT // 2,
                        fill=theme.card_band,
                        outline=theme.panel_edge,
                    )
                    tx = x + 10 + draw_text(image, (x + 10, py + 3), name, PILL_SIZE, theme.text) + 6
                    tx += draw_text(image, (tx, py + 3), value, PILL_SIZE, theme.gain) + 8
                    if who:
                        draw_text(image, (tx, py + 6), "→ " + who, 13, theme.muted)
                    x += widths[index] + PILL_GAP
        y += max(len(lines) * PILL_ROW, 2 * LABEL_SIZE + 8)
        sections += 1

    if block.flips:
        if sections:
            y += SECTION_GAP
        cells = _flip_cells(block.flips, language)
        lines = _flow([width for width, _ in cells], room, FLIP_GAP)
        if image is not None:
            flips = block.flip_name or word("flips", language)
            _label(image, left, y + 6, flips, word("per_payer", language), theme)
            for row, line in enumerate(lines):
                x = x0
                for index in line:
                    width, flip = cells[index]
                    cy = y + row * FLIP_ROW
                    if flip is None:
                        draw_text(image, (x, cy + 13), word("stock", language), 12, _lighter(STOCK_TINT))
                    else:
                        _flip(image, x, cy, width, flip, theme)
                    x += width + FLIP_GAP
        y += len(lines) * FLIP_ROW
        sections += 1

    if block.dice:
        if sections:
            y += SECTION_GAP
        widths = [_dice_width(line) for line in block.dice]
        lines = _flow(widths, room, DICE_GAP)
        if image is not None:
            _label(image, left, y, word("dice", language), word("per_payer", language), theme)
            for row, line in enumerate(lines):
                x = x0
                for index in line:
                    _roll(image, x, y + row * DICE_ROW, block.dice[index], theme)
                    x += widths[index] + DICE_GAP
        y += max(len(lines) * DICE_ROW, 2 * LABEL_SIZE + 8)
    return y + BOTTOM_PAD - top


def _lighter(colour: tuple[int, int, int], amount: float = 0.45) -> tuple[int, int, int]:
    r, g, b = colour
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def _flip(image: Image.Image, x: int, y: int, width: int, flip: FlipLine, theme: Theme) -> None:
    """One flipped tile: its face, then ✓ ×matches over +chips, or ✗; stocked flips tinted."""
    tile_height = face_size(FLIP_TILE)[1] + thickness(FLIP_TILE)
    if flip.stocked:
        ImageDraw.Draw(image).rounded_rectangle(
            (x - 4, y - 1, x + width, y + tile_height + 5), radius=8, outline=_lighter(STOCK_TINT), width=2
        )
    paste(image, tile_sprite(flip.tile, FLIP_TILE), x, y + 2)
    tx = x + FLIP_TILE + 6
    hit = flip.matches > 0
    mark = mark_image(hit, MARK, theme.gain if hit else theme.loss)
    image.paste(mark, (tx, y + 5), mark)
    if hit:
        draw_text(image, (tx + MARK + 3, y + 1), f"×{flip.matches}", 14, theme.text)
    if hit or flip.chips:
        draw_text(image, (tx, y + 20), _plus(flip.chips), 14, theme.gain)


def _roll(image: Image.Image, x: int, y: int, line: DiceLine, theme: Theme) -> None:
    """One roll: both dice, the chips it took, and its note."""
    for offset, value in enumerate(line.dice[:2]):
        die = die_image(value, DIE)
        image.paste(die, (x + offset * (DIE + 4), y + 2), die)
    tx = x + 2 * DIE + 4 + 8
    tx += draw_text(image, (tx, y + 1), _plus(line.chips), 16, theme.gain) + 8
    if line.note:
        draw_text(image, (tx, y + 5), line.note, 12, theme.muted, max_width=260)


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)),
}
_SCALE = 4


@lru_cache(maxsize=32)
def die_image(value: int, size: int) -> Image.Image:
    """A die showing ``value`` (⚀–⚅; the 1 red, as on Japanese dice), drawn large and shrunk
    for smooth pips; a value off the die is printed as a number."""
    big = size * _SCALE
    image = Image.new("RGBA", (big, big + 2 * _SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 2 * _SCALE, big - 1, big + 2 * _SCALE - 1), radius=big // 5, fill=(0, 0, 0, 110))
    draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=(248, 246, 238, 255))
    pips = _PIPS.get(value)
    if pips is None:
        small = image.resize((size, size + 2), Image.Resampling.LANCZOS)
        draw_text(small, (size / 2, size / 2), str(value), max(8, size - 8), (30, 30, 36), anchor="mm")
        return small
    radius = big * (0.15 if value == 1 else 0.095)
    colour = (200, 24, 40, 255) if value == 1 else (30, 30, 36, 255)
    for px, py in pips:
        cx, cy = px * big, py * big
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
    return image.resize((size, size + 2), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def mark_image(hit: bool, size: int, colour: Color) -> Image.Image:
    """A ✓ (``hit``) or ✗ drawn as strokes: the committed font has neither glyph."""
    big = size * _SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    width = max(2, round(big * 0.18))
    fill = colour if len(colour) == 4 else (*colour, 255)
    if hit:
        draw.line(((big * 0.1, big * 0.55), (big * 0.4, big * 0.84), (big * 0.92, big * 0.16)), fill=fill, width=width)
    else:
        draw.line(((big * 0.15, big * 0.15), (big * 0.85, big * 0.85)), fill=fill, width=width)
        draw.line(((big * 0.85, big * 0.15), (big * 0.15, big * 0.85)), fill=fill, width=width)
    return image.resize((size, size), Image.Resampling.LANCZOS)
