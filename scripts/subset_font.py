"""Regenerate the committed font subsets in ``render/fonts/`` from the full Noto fonts.

    python scripts/subset_font.py [--ui PATH] [--tiles PATH] [--emoji PATH] [--symbols PATH]

The sources are Debian's ``fonts-noto-cjk`` and ``fonts-noto-cjk-extra`` collections,
``fonts-noto-color-emoji`` and ``fonts-dejavu-core`` (``apt-get install fonts-noto-cjk
fonts-noto-cjk-extra fonts-noto-color-emoji fonts-dejavu-core``); the Japanese face is the first
font of each CJK collection. The
character lists come from :mod:`render.glyphs`, so rerun this script whenever that module
changes. Needs fontTools (a build-time tool, not a run-time dependency).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from render.glyphs import emoji_chars, symbol_chars, tile_chars, ui_chars  # noqa: E402

FONTS = ROOT / "render" / "fonts"
NOTO = Path("/usr/share/fonts/opentype/noto")
DEFAULT_UI = NOTO / "NotoSansCJK-Bold.ttc"
DEFAULT_TILES = NOTO / "NotoSerifCJK-Black.ttc"
DEFAULT_EMOJI = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
DEFAULT_SYMBOLS = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
UI_OUT = "JantakuSans-Bold.otf"
TILES_OUT = "JantakuSerif-Black.otf"
EMOJI_OUT = "JantakuEmoji-Regular.ttf"
SYMBOLS_OUT = "JantakuSymbols-Bold.ttf"


def _japanese_face(path: Path) -> TTFont:
    """Open the Japanese face of a Noto CJK collection (or a single font file)."""
    if path.suffix.lower() != ".ttc":
        return TTFont(path)
    index = 0
    while True:
        font = TTFont(path, fontNumber=index)
        if " JP" in str(font["name"].getDebugName(4)):
            return font
        index += 1


def _rename(font: TTFont, family: str, style: str) -> None:
    """Name the subset as a Modified Version, as the SIL OFL asks of derivatives."""
    full = f"{family} {style}"
    postscript = f"{family.replace(' ', '')}-{style}"
    names = {1: family, 2: style, 3: f"{postscript};subset", 4: full, 6: postscript, 16: family, 17: style}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in names or record.nameID in (18, 21, 22):
            table.removeNames(nameID=record.nameID)
    for name_id, value in names.items():
        table.setName(value, name_id, 3, 1, 0x409)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [postscript]
        top = cff.topDictIndex[0]
        top.FullName = full
        top.FamilyName = family


def make_subset(source: Path, chars: frozenset[str], out: Path, family: str, style: str) -> int:
    font = _japanese_face(source)
    cmap = font.getBestCmap()
    missing = sorted(char for char in chars if ord(char) not in cmap)
    if missing:
        sys.exit(f"{source.name} has no glyph for {''.join(missing)!r}: remove them from render/glyphs.py")
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 16, 17]
    options.name_languages = [0x409]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(chars)))
    subsetter.subset(font)
    _rename(font, family, style)
    font.save(out)
    return out.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ui", type=Path, default=DEFAULT_UI, help="Noto Sans CJK Bold collection or OTF")
    parser.add_argument("--tiles", type=Path, default=DEFAULT_TILES, help="Noto Serif CJK Black collection or OTF")
    parser.add_argument("--emoji", type=Path, default=DEFAULT_EMOJI, help="Noto Color Emoji (CBDT) TTF")
    parser.add_argument("--symbols", type=Path, default=DEFAULT_SYMBOLS, help="DejaVu Sans Bold TTF")
    parser.add_argument(
        "--only",
        choices=("ui", "tiles", "emoji", "symbols"),
        action="append",
        help="rebuild only this font (repeatable)",
    )
    args = parser.parse_args()
    only = set(args.only or ("ui", "tiles", "emoji", "symbols"))
    FONTS.mkdir(parents=True, exist_ok=True)
    if "ui" in only:
        size = make_subset(args.ui, ui_chars(), FONTS / UI_OUT, "Jantaku Sans", "Bold")
        print(f"{UI_OUT}: {len(ui_chars())} characters, {size // 1024} KB")
    if "tiles" in only:
        size = make_subset(args.tiles, tile_chars(), FONTS / TILES_OUT, "Jantaku Serif", "Black")
        print(f"{TILES_OUT}: {len(tile_chars())} characters, {size // 1024} KB")
    if "emoji" in only:
        # The colour bitmaps (CBDT, one 136x128 PNG per emoji) are copied as they are: scaled-down
        # copies would not be smaller, as Noto's PNGs are already palette images.
        size = make_subset(args.emoji, emoji_chars(), FONTS / EMOJI_OUT, "Jantaku Emoji", "Regular")
        print(f"{EMOJI_OUT}: {len(emoji_chars())} emoji, {size // 1024} KB")
    if "symbols" in only:
        # Only the sandbox page uses it (the dice faces on buttons): Bitstream Vera's licence asks
        # a modified font not to be named "Bitstream" or "Vera".
        size = make_subset(args.symbols, symbol_chars(), FONTS / SYMBOLS_OUT, "Jantaku Symbols", "Bold")
        print(f"{SYMBOLS_OUT}: {len(symbol_chars())} characters, {size // 1024} KB")


if __name__ == "__main__":
    main()
