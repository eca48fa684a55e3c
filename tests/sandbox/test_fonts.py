"""The sandbox's web fonts hold every character the page and the pictures show.

The page serves the renderer's committed fonts (``render/fonts``) through ``@font-face``, so that
a machine without a Japanese font shows "日本語" and not "日本□". Every player text is read from
the code that holds it: the string literals (docstrings left out) of the i18n texts, the
commands' translations, the Discord side's labels, help and rules, the cogs, every variant's and
every yaku's texts, and the renderer; and the page's own files. A character none of the served
fonts holds fails the test, naming where it is used: add it to ``render/glyphs.py`` and rerun
``scripts/subset_font.py`` (``render/fonts/README.md``).
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont

from bot.sandbox.web import SandboxWeb
from render.text import EMOJI_FONT, UI_FONT

ROOT = Path(__file__).resolve().parents[2]
PLAYER_TEXT = (
    "bot/runtime/i18n.py",
    "bot/runtime/errors.py",
    "bot/ui",
    "cogs",
    "bot/engine/variants",
    "bot/engine/yaku",
    "bot/engine/scoring",
    "render",
)
"""Where the texts a player reads (in messages, on buttons and in pictures) are written."""
NOT_SHOWN = ("render/samples.py", "render/text.py", "render/glyphs.py")
"""Sample player names (which try characters no font holds on purpose), and the renderer's own
tables of what it leaves out or replaces."""
PAGE = ROOT / "bot" / "sandbox" / "static"
SHAPING = {"Cc", "Cf", "Mn", "Zl", "Zp"}
"""Controls, joiners, variation selectors and combining marks: they shape what is drawn, and no
font draws them on their own."""


def _python_files() -> Iterator[Path]:
    for entry in PLAYER_TEXT:
        path = ROOT / entry
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            if file.relative_to(ROOT).as_posix() not in NOT_SHOWN:
                yield file


def _literals(source: str) -> Iterator[str]:
    """Every string literal of a module but its docstrings (and bare string statements)."""
    tree = ast.parse(source)
    notes = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in notes:
            yield node.value


def shown_characters() -> dict[str, set[str]]:
    """Every character of the player texts and the page, with the files that use it."""
    used: dict[str, set[str]] = {}
    sources = [(file, "".join(_literals(file.read_text(encoding="utf-8")))) for file in _python_files()]
    sources += [(file, file.read_text(encoding="utf-8")) for file in sorted(PAGE.iterdir())]
    for file, text in sources:
        for char in text:
            if unicodedata.category(char) not in SHAPING:
                used.setdefault(char, set()).add(file.relative_to(ROOT).as_posix())
    return used


@cache
def _cmap(path: Path) -> frozenset[int]:
    return frozenset(TTFont(path).getBestCmap())


def served_fonts() -> list[Path]:
    """The font files the page's stylesheet loads with ``@font-face``."""
    css = (PAGE / "style.css").read_text(encoding="utf-8")
    names = re.findall(r'url\("/static/fonts/([^"]+)"\)', css)
    return [UI_FONT.parent / name for name in names]


def test_the_page_loads_the_renderers_fonts_and_the_server_serves_them() -> None:
    fonts = served_fonts()
    assert UI_FONT in fonts and EMOJI_FONT in fonts
    assert all(font.name in SandboxWeb.FONTS for font in fonts)


def test_every_character_the_page_and_the_pictures_show_is_in_a_served_font() -> None:
    held = frozenset().union(*(_cmap(font) for font in served_fonts()))
    used = shown_characters()
    missing = {char: files for char, files in used.items() if ord(char) not in held}
    assert not missing, "no served font holds:\n" + "\n".join(
        f"  {char!r} U+{ord(char):04X} {unicodedata.name(char, '?')}: {', '.join(sorted(files)[:3])}"
        for char, files in sorted(missing.items())
    )


def test_the_check_reads_the_texts_it_means() -> None:
    used = shown_characters()
    # From the i18n table, a command's translation, a yaku, a variant's text and the page.
    for char, where in (("既", "i18n"), ("歴", "command_i18n"), ("槓", "yaku"), ("枠", "goto"), ("語", "app.js")):
        assert char in used and any(where in file for file in used[char]), (char, where)
    assert "李" not in used, "sample names are not player texts"
