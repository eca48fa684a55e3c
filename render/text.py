"""Text with the committed fonts: safe for any Unicode, cached, measured, fitted to a width."""

from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.glyphs import PLACEHOLDER, ui_chars

__all__ = ["FONT_DIR", "draw_text", "fit", "safe_text", "text_image", "text_width", "tile_font", "ui_font"]

FONT_DIR = Path(__file__).resolve().parent / "fonts"
UI_FONT = FONT_DIR / "JantakuSans-Bold.otf"
TILE_FONT = FONT_DIR / "JantakuSerif-Black.otf"

Color = tuple[int, int, int] | tuple[int, int, int, int]

# Characters that only shape their neighbours (emoji joiners, variation selectors, skin tones,
# tag characters): dropped rather than shown as boxes, so one emoji costs one placeholder.
_INVISIBLE = frozenset(
    (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x20E3, *range(0xFE00, 0xFE10), *range(0x1F3FB, 0x1F400))
) | frozenset(range(0xE0020, 0xE0080))


# One FreeType face per thread: a face is not safe to use from two threads at once, and the bot
# renders in worker threads (asyncio.to_thread).
_FONTS = threading.local()


def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    cache: dict[tuple[Path, int], ImageFont.FreeTypeFont] | None = getattr(_FONTS, "cache", None)
    if cache is None:
        cache = _FONTS.cache = {}
    font = cache.get((path, size))
    if font is None:
        font = cache[(path, size)] = ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
    return font


def ui_font(size: int) -> ImageFont.FreeTypeFont:
    """The UI font (Latin, kana, yaku kanji) at a pixel size."""
    return _font(UI_FONT, size)


def tile_font(size: int) -> ImageFont.FreeTypeFont:
    """The serif font printed on tile faces."""
    return _font(TILE_FONT, size)


@lru_cache(maxsize=4096)
def safe_text(text: str) -> str:
    """Return ``text`` with every character the font lacks replaced, so drawing never fails.

    Accented letters the subset lacks fall back to their base letter (``ł`` stays a box, ``š``
    becomes ``s``); emoji sequences and other missing characters become one placeholder each;
    control characters and joiners disappear.
    """
    supported = ui_chars()
    out: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        code = ord(char)
        if char in supported:
            out.append(char)
            continue
        if code in _INVISIBLE or unicodedata.category(char) in ("Cc", "Cf", "Mn", "Me", "Zl", "Zp"):
            continue
        if char.isspace():
            out.append(" ")
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        if base and all(c in supported for c in base):
            out.append(base)
        elif not (out and out[-1] == PLACEHOLDER and code >= 0x1F000):
            # Runs of emoji collapse to one box: a flag or a family is several code points.
            out.append(PLACEHOLDER)
    return "".join(out)


def text_width(text: str, size: int) -> int:
    """Advance width of already-safe text in pixels."""
    return int(ui_font(size).getlength(text) + 0.5)


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int) -> str:
    """Safe text shortened with an ellipsis so it is at most ``width`` pixels wide."""
    text = safe_text(text)
    if text_width(text, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + "…", size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


@lru_cache(maxsize=2048)
def text_image(text: str, size: int, color: Color, rotate: int = 0) -> Image.Image:
    """A tightly cropped RGBA image of one line of safe text, optionally rotated by 90° steps.

    Rotated labels (the wind on each side of the centre panel) are drawn upright and turned, as
    Pillow cannot draw rotated text directly.
    """
    font = ui_font(size)
    ascent, descent = font.getmetrics()
    width = max(1, text_width(text, size))
    image = Image.new("RGBA", (width, ascent + descent), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((0, 0), text, font=font, fill=color)
    if rotate:
        image = image.rotate(rotate, expand=True)
    return image


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    color: Color,
    *,
    anchor: str = "la",
    max_width: int | None = None,
) -> int:
    """Draw one line of any Unicode text, fitted to ``max_width``; return its width in pixels."""
    shown = fit(text, size, max_width) if max_width is not None else safe_text(text)
    ImageDraw.Draw(image).text(xy, shown, font=ui_font(size), fill=color, anchor=anchor)
    return text_width(shown, size)
