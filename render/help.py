"""The help card: a variant's special rules, each named and explained beside its tiles drawn.

``/mahjong help`` sends it with its explanation of the buttons. The rules and their example
tiles are data the variant declares (``VariantUI.help``, :class:`bot.engine.variant_ui.HelpRule`);
the runtime hands this module only the words in the reader's language and the parsed tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine.tiles import Tile
from render.cards import CARD_WIDTH, PAD, _header, _mat, _tile_height
from render.draw import draw_row
from render.text import draw_text, safe_text, text_width
from render.theme import DEFAULT_THEME, Theme

__all__ = ["HelpCard", "HelpRow", "compose_help", "wrap"]

NAME_SIZE = 19
TEXT_SIZE = 15
LINE_HEIGHT = 21
TILE_SIZES = (34, 30, 26, 22, 18)
"""Tile widths tried for a row of examples, largest first: a long example shrinks to fit the card."""
ROW_GAP = 14
TILE_PAD = 10


@dataclass(frozen=True, slots=True)
class HelpRow:
    """One special rule: its name, a sentence, and its example tiles."""

    name: str
    text: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class HelpCard:
    """The whole card: a title band (the variant), a caption on the right, and the rules."""

    title: str
    caption: str
    rows: tuple[HelpRow, ...]


def wrap(text: str, size: int, width: int) -> list[str]:
    """Break ``text`` into lines of at most ``width`` pixels: at spaces where it has them
    (English), anywhere else (Japanese, which has none between words).

    >>> wrap("Pon only, no chi", 15, 80)
    ['Pon only,', 'no chi']
    """
    lines: list[str] = []
    line = ""
    for word in _words(safe_text(text)):
        if line and text_width((line + word).rstrip(), size) > width:
            lines.append(line.rstrip())
            line = ""
        line += word
        while len(line) > 1 and text_width(line.rstrip(), size) > width:
            # A word longer than the line: a Japanese sentence is one "word".
            cut = _fitting(line, size, width)
            lines.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _fitting(line: str, size: int, width: int) -> int:
    """How many leading characters of ``line`` fit in ``width`` pixels (at least one)."""
    count = 1
    while count < len(line) and text_width(line[: count + 1], size) <= width:
        count += 1
    return count


def _words(text: str) -> list[str]:
    """Spaces stay with the word before them, so joining the words gives the text back."""
    words: list[str] = []
    for part in text.split(" "):
        words.append(part + " ")
    if words:
        words[-1] = words[-1][:-1]
    return [word for word in words if word]


def _tile_width(count: int, room: int) -> int:
    return next((width for width in TILE_SIZES if count * (width + 1) <= room), TILE_SIZES[-1])


def compose_help(card: HelpCard, *, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The rules one under another: the name, the sentence wrapped, the tiles on a strip of cloth."""
    room = CARD_WIDTH - 2 * PAD
    laid: list[tuple[HelpRow, list[str], int]] = []
    height = 60 + 16
    for row in card.rows:
        lines = wrap(row.text, TEXT_SIZE, room)
        width = _tile_width(len(row.tiles), room - 2 * TILE_PAD)
        laid.append((row, lines, width))
        height += 28 + LINE_HEIGHT * len(lines) + 6 + _tile_height(width) + 2 * TILE_PAD + ROW_GAP
    height += PAD - ROW_GAP
    image = Image.new("RGB", (CARD_WIDTH, height), theme.card)
    _header(image, card.title, (46, 125, 50), card.caption, theme)
    y = 76
    for index, (row, lines, width) in enumerate(laid):
        draw_text(image, (PAD, y), row.name, NAME_SIZE, theme.accent, max_width=room)
        y += 28
        for line in lines:
            draw_text(image, (PAD, y), line, TEXT_SIZE, theme.text, max_width=room)
            y += LINE_HEIGHT
        y += 6
        strip = _tile_height(width) + 2 * TILE_PAD
        _mat(image, (PAD - 8, y, CARD_WIDTH - PAD + 8, y + strip), theme)
        draw_row(image, row.tiles, PAD + TILE_PAD, y + TILE_PAD, width)
        y += strip + ROW_GAP
        if index < len(laid) - 1:
            ImageDraw.Draw(image).line(
                (PAD, y - ROW_GAP // 2, CARD_WIDTH - PAD, y - ROW_GAP // 2), fill=theme.card_band
            )
    return image
