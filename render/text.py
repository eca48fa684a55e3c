"""Text with the committed fonts: safe for any Unicode, cached, measured, fitted to a width.

Text is drawn with the UI font; the emoji people put in names (:func:`render.glyphs.emoji_chars`)
are drawn in colour from the bundled emoji font, scaled to the text's size. Anything neither
font holds is left out (:func:`safe_text`), so no name shows a box.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.glyphs import emoji_chars, ui_chars

__all__ = [
    "FONT_DIR",
    "draw_text",
    "emoji_font",
    "fit",
    "safe_text",
    "text_image",
    "text_width",
    "tile_font",
    "ui_font",
]

FONT_DIR = Path(__file__).resolve().parent / "fonts"
UI_FONT = FONT_DIR / "JantakuSans-Bold.otf"
TILE_FONT = FONT_DIR / "JantakuSerif-Black.otf"
EMOJI_FONT = FONT_DIR / "JantakuEmoji-Regular.ttf"
EMOJI_PPEM = 109
"""The one bitmap size the colour emoji font holds (FreeType opens a CBDT font at no other)."""

Color = tuple[int, int, int] | tuple[int, int, int, int]

ZWJ = "\u200d"
# Characters that only shape their neighbours (emoji joiners, variation selectors, skin tones,
# tag characters): dropped. A skin-toned emoji so shows its base emoji, the fallback Unicode
# suggests (UTS #51) for a modifier the font cannot apply.
_INVISIBLE = frozenset(
    (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x20E3, *range(0xFE00, 0xFE10), *range(0x1F3FB, 0x1F400))
) | frozenset(range(0xE0020, 0xE0080))
_SPACES = re.compile(" {2,}")
# Letters with a stroke have no Unicode decomposition to fall back on: "Łukasz" reads "Lukasz".
_STROKED = str.maketrans("ŁłĦħŦŧıĸŊŋĿŀ", "LlHhTtikNnLl")


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


def emoji_font() -> ImageFont.FreeTypeFont:
    """The colour emoji font at its only size; :func:`draw_text` scales its glyphs to the text."""
    return _font(EMOJI_FONT, EMOJI_PPEM)


def _pictographic(char: str) -> bool:
    """An emoji or symbol that may stand in an emoji ZWJ sequence (👨‍👩‍👧, ❤️‍🔥, 🐻‍❄️)."""
    return char in emoji_chars() or ord(char) >= 0x1F000 or unicodedata.category(char) == "So"


def _zwj_sequence_indices(text: str) -> set[int]:
    """Indices of every code point of an emoji ZWJ sequence in ``text``.

    Such a sequence is drawn as one picture by fonts that know it; the bundled font holds only
    single emoji, so drawing its parts side by side would show the wrong thing (🐻❄️ for a polar
    bear): the whole sequence is left out instead.
    """
    if ZWJ not in text:
        return set()
    # Units: a base character with the modifiers and selectors that follow it.
    units: list[range] = []
    start = 0
    for index in range(1, len(text) + 1):
        if index == len(text) or text[index] == ZWJ or text[index - 1] == ZWJ or ord(text[index]) not in _INVISIBLE:
            units.append(range(start, index))
            start = index
    left_out: set[int] = set()
    for position in range(1, len(units) - 1):
        if text[units[position].start] != ZWJ:
            continue
        before, after = text[units[position - 1].start], text[units[position + 1].start]
        if _pictographic(before) and _pictographic(after):
            for unit in units[position - 1 : position + 2]:
                left_out.update(unit)
    return left_out


@lru_cache(maxsize=4096)
def safe_text(text: str) -> str:
    """Return ``text`` with only characters the fonts hold, so drawing never shows a box.

    Accented letters the subset lacks fall back to their base letter (``š`` becomes ``s``);
    emoji of the emoji font stay; other emoji, flags, ZWJ sequences and characters neither font
    has are left out, and the spaces around them closed up; control characters and joiners
    disappear.
    """
    supported = ui_chars()
    emoji = emoji_chars()
    normal = unicodedata.normalize("NFC", text)
    in_sequence = _zwj_sequence_indices(normal)
    out: list[str] = []
    left_out = False
    for index, char in enumerate(normal):
        code = ord(char)
        if index in in_sequence:
            left_out = True
            continue
        if char in supported or char in emoji:
            out.append(char)
            continue
        if code in _INVISIBLE or unicodedata.category(char) in ("Cc", "Cf", "Mn", "Me", "Zl", "Zp"):
            continue
        if char.isspace():
            out.append(" ")
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char.translate(_STROKED)) if not unicodedata.combining(c)
        )
        if base and all(c in supported for c in base):
            out.append(base)
        else:
            left_out = True
    shown = "".join(out)
    # "Ann 🇯🇵 Lee" loses its flag, not the look of its spacing: "Ann Lee".
    return _SPACES.sub(" ", shown).strip(" ") if left_out else shown


@lru_cache(maxsize=4096)
def _runs(text: str) -> tuple[str, ...]:
    """Safe text cut into runs: each run is one emoji or a stretch of UI-font text."""
    emoji = emoji_chars()
    runs: list[str] = []
    for char in text:
        if char in emoji or not runs or runs[-1][-1] in emoji:
            runs.append(char)
        else:
            runs[-1] += char
    return tuple(runs)


def _has_emoji(text: str) -> bool:
    return not emoji_chars().isdisjoint(text)


@lru_cache(maxsize=32)
def _emoji_master(char: str) -> tuple[Image.Image, int]:
    """One emoji at the font's own size, and how far its top stands above the baseline."""
    font = emoji_font()
    left, top, right, bottom = (round(edge) for edge in font.getbbox(char, anchor="ls"))
    image = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((-left, -top), char, font=font, anchor="ls", embedded_color=True)
    return image, -top


@lru_cache(maxsize=2048)
def _emoji_sprite(char: str, size: int) -> tuple[Image.Image, int]:
    """One emoji as tall as text of pixel ``size`` (the emoji's em is the text's em), with the
    height of its top above the baseline."""
    master, rise = _emoji_master(char)
    scale = size / EMOJI_PPEM
    width, height = max(1, round(master.width * scale)), max(1, round(master.height * scale))
    return master.resize((width, height), Image.Resampling.LANCZOS), round(rise * scale)


def _emoji_advance(size: int) -> float:
    return emoji_font().getlength("😀") * size / EMOJI_PPEM


def _run_width(run: str, size: int) -> float:
    if run in emoji_chars():
        return _emoji_advance(size)
    return ui_font(size).getlength(run)


def text_width(text: str, size: int) -> int:
    """Advance width of already-safe text in pixels."""
    if not _has_emoji(text):
        return int(ui_font(size).getlength(text) + 0.5)
    return int(sum(_run_width(run, size) for run in _runs(text)) + 0.5)


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


def _baseline(font: ImageFont.FreeTypeFont, y: float, vertical: str, text: str) -> float:
    """Where Pillow would put the baseline of ``text`` drawn at height ``y`` with a vertical
    anchor (``a``, ``m``, ``s``, ``d``, or ``t``/``b`` for the ink's top and bottom).

    Asked of Pillow itself, so that a line with emoji sits exactly where the same line without
    them would: its text runs share this one baseline. ``t`` and ``b`` go by the text's own ink.
    """
    ink_top_at_baseline = font.getbbox(text, anchor="ls")[1]
    ink_top_at_anchor = font.getbbox(text, anchor="l" + vertical)[1]
    return y + ink_top_at_anchor - ink_top_at_baseline


def _draw_mixed(image: Image.Image, xy: tuple[float, float], text: str, size: int, color: Color, anchor: str) -> None:
    """Draw safe text holding emoji: text runs with the UI font, emoji pasted in colour."""
    font = ui_font(size)
    horizontal, vertical = anchor[0], anchor[1]
    width = sum(_run_width(run, size) for run in _runs(text))
    shift = {"m": width / 2, "r": width}.get(horizontal, 0.0)
    # Pillow moves a centred or right-aligned line by whole pixels (rounded half up): so does
    # this one, so that a name's text lands where it would without its emoji.
    x = xy[0] - math.floor(shift + 0.5)
    words = "".join(run for run in _runs(text) if run not in emoji_chars())
    baseline = _baseline(font, xy[1], vertical, words or "x")
    draw = ImageDraw.Draw(image)
    for run in _runs(text):
        if run not in emoji_chars():
            draw.text((x, baseline), run, font=font, fill=color, anchor="ls")
            x += font.getlength(run)
            continue
        sprite, rise = _emoji_sprite(run, size)
        _paste(image, sprite, (round(x), round(baseline) - rise))
        x += _emoji_advance(size)


def _paste(image: Image.Image, sprite: Image.Image, at: tuple[int, int]) -> None:
    """Lay an RGBA sprite over ``image`` (RGB, or RGBA with transparent parts), clipped to it."""
    if image.mode != "RGBA":
        image.paste(sprite, at, sprite)
        return
    left, top = max(0, at[0]), max(0, at[1])
    box = (left - at[0], top - at[1], min(sprite.width, image.width - at[0]), min(sprite.height, image.height - at[1]))
    if box[0] < box[2] and box[1] < box[3]:
        image.alpha_composite(sprite, (left, top), box)


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
    if _has_emoji(text):
        _draw_mixed(image, (0, 0), text, size, color, "la")
    else:
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
    if _has_emoji(shown):
        _draw_mixed(image, xy, shown, size, color, anchor)
    else:
        ImageDraw.Draw(image).text(xy, shown, font=ui_font(size), fill=color, anchor=anchor)
    return text_width(shown, size)
