"""Pure Pillow rendering: a public or seat view in, PNG bytes out.

Every function takes a view from :mod:`bot.engine.views` (never a game state, so nothing the
viewer may not see can be drawn) and returns the bytes of an opaque PNG. Nothing is read but the
committed fonts in ``render/fonts``; the only state kept between calls is caches of tile sprites,
backgrounds and text. The functions are safe to run in a worker thread
(``await asyncio.to_thread(render_table, view, names)``).

>>> from bot.engine.tiles import parse_tiles
>>> png = render_tiles(parse_tiles("123m0p"))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from bot.engine.tiles import Tile
from bot.engine.views import DrawView, PublicView, SeatView, StandingsView, WinView
from render.cards import compose_draw, compose_standings, compose_tiles, compose_win
from render.help import HelpCard, compose_help
from render.table import compose_seat, compose_table
from render.theme import DEFAULT_THEME, NAVY_THEME, THEMES, Theme
from render.words import Language

__all__ = [
    "DEFAULT_THEME",
    "NAVY_THEME",
    "THEMES",
    "Language",
    "Theme",
    "encode_png",
    "render_draw",
    "render_help",
    "render_seat",
    "render_standings",
    "render_table",
    "render_tiles",
    "render_win",
]

PALETTE_COLOURS = 256
PNG_COMPRESS_LEVEL = 3
"""On a palette image (one byte a pixel): measured half the time of zlib's default 6 for about
a sixth more bytes, and still a quarter of the full-colour file."""


def encode_png(image: Image.Image) -> bytes:
    """Opaque 256-colour palette PNG bytes of an image.

    The pictures are flat cloth, tile faces and text: reduced with Pillow's fast octree and no
    dithering, a 4-player table measured about a quarter of its full-colour size and encodes in
    less time than the full-colour PNG, with a mean pixel difference near 1/255 that does not
    show at Discord's size (``tests/render/test_palette.py`` bounds it).
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    palette = rgb.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def render_table(
    view: PublicView,
    names: Sequence[str],
    *,
    theme: Theme = DEFAULT_THEME,
    bottom: int = 0,
    language: Language = Language.JA,
) -> bytes:
    """The public table, seen from seat ``bottom``, its words in ``language``.

    ``names`` are the seats' display names (any Unicode; missing glyphs become a box). No clock
    is drawn: a picture cannot count down, so the message beside it carries the deadline.
    """
    return encode_png(compose_table(view, names, theme=theme, bottom=bottom, language=language))


def render_seat(
    view: SeatView,
    names: Sequence[str],
    *,
    theme: Theme = DEFAULT_THEME,
    language: Language = Language.JA,
) -> bytes:
    """One seat's private picture: the table turned so that its chair is at the bottom, its own
    hand large and face up, with the drawn tile apart, the tiles it may choose now bright and the
    others dimmed, its waits and live counts when the table allows hints, and a draft packet it
    holds (ずーの)."""
    return encode_png(compose_seat(view, names, theme=theme, language=language))


def render_win(
    view: WinView, names: Sequence[str], *, theme: Theme = DEFAULT_THEME, language: Language = Language.JA
) -> bytes:
    """A win card: hand and winning tile, yaku with han, fu, points, and point and chip changes."""
    return encode_png(compose_win(view, names, theme=theme, language=language))


def render_draw(
    view: DrawView, names: Sequence[str], *, theme: Theme = DEFAULT_THEME, language: Language = Language.JA
) -> bytes:
    """An exhaustive-draw card: who was tenpai (their hands shown) and the payments."""
    return encode_png(compose_draw(view, names, theme=theme, language=language))


def render_standings(view: StandingsView, *, theme: Theme = DEFAULT_THEME, language: Language = Language.JA) -> bytes:
    """The final standings card with a chart of points over the hands."""
    return encode_png(compose_standings(view, theme=theme, language=language))


def render_tiles(tiles: Sequence[Tile], *, theme: Theme = DEFAULT_THEME) -> bytes:
    """A row of tiles on cloth (used by ``/mahjong calc``)."""
    return encode_png(compose_tiles(tiles, theme=theme))


def render_help(card: HelpCard, *, theme: Theme = DEFAULT_THEME) -> bytes:
    """The help card: a variant's special rules, each named and explained beside its tiles."""
    return encode_png(compose_help(card, theme=theme))
