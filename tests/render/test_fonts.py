"""The committed fonts: small, licensed, and holding a real glyph for every listed character."""

from __future__ import annotations

from render.glyphs import TILE_TEXT, YAKU_NAMES, tile_chars, ui_chars
from render.text import FONT_DIR, TILE_FONT, UI_FONT, safe_text, tile_font, ui_font

MISSING = "\U000e01ef"  # a variation selector no CJK font maps: renders the .notdef box


def test_fonts_and_licence_are_committed_and_small() -> None:
    assert (FONT_DIR / "OFL.txt").read_text("utf-8").count("SIL OPEN FONT LICENSE Version 1.1") >= 1
    assert UI_FONT.stat().st_size < 400_000
    assert TILE_FONT.stat().st_size < 50_000


def test_every_ui_character_has_a_glyph() -> None:
    font = ui_font(20)
    notdef = bytes(font.getmask(MISSING))
    missing = [c for c in sorted(ui_chars()) if not c.isspace() and bytes(font.getmask(c)) == notdef]
    assert missing == []


def test_every_tile_character_has_a_glyph() -> None:
    font = tile_font(40)
    notdef = bytes(font.getmask(MISSING))
    assert [c for c in sorted(tile_chars()) if bytes(font.getmask(c)) == notdef] == []


def test_yaku_names_and_tile_kanji_need_no_fallback() -> None:
    for text in (*YAKU_NAMES, TILE_TEXT, "東1局 2本場 供託1 残り45 聴牌 ノーテン 満貫 跳満 倍満 三倍満 役満 流局"):
        assert safe_text(text) == text
