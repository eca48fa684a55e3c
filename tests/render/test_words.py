"""Pictures in the viewer's language: every word a picture draws comes from render.words.

The test reads the text each picture draws (every call of Pillow's ``ImageDraw.text`` with the UI
font, caches emptied first), not its pixels: an English picture draws no Japanese word of the
picture texts, a Japanese one keeps them. Names (the variant's, a yaku's, アリス's) may stay
Japanese where they are the variant's own words.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.engine.tiles import Kind
from bot.engine.variants import find_variant
from bot.engine.views import PublicView, WinView
from render.cards import compose_draw, compose_standings, compose_win
from render.samples import (
    sample_chinitsu_table,
    sample_draft,
    sample_draw,
    sample_goto_table,
    sample_goto_win,
    sample_seat,
    sample_standings,
    sample_table,
    sample_win,
)
from render.table import _strip_image, compose_seat, compose_table
from render.text import UI_FONT, text_image
from render.words import WORDS, Language, draw_reason, limit_name, phase_name, round_name, wind_name, word

NAMES = ["Alice", "Bob", "Carol", "Dave"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The strings drawn with the UI font from now on (tile faces use the tile font)."""
    strings: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, content: Any, *args: Any, **kwargs: Any) -> None:
        font = kwargs.get("font")
        if isinstance(font, ImageFont.FreeTypeFont) and font.path == str(UI_FONT):
            strings.append(str(content))
        original(self, xy, content, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    text_image.cache_clear()
    _strip_image.cache_clear()
    yield strings
    text_image.cache_clear()
    _strip_image.cache_clear()


def _ui_words(language: Language) -> set[str]:
    """The picture texts of ``language`` with their fields left out (「残り」 of 「残り{count}枚」)."""
    index = 1 if language is Language.JA else 0
    words: set[str] = set()
    for pair in WORDS.values():
        words.update(part.strip() for part in re.split(r"\{\w+\}", pair[index]) if part.strip())
    return words


JAPANESE_UI = {word for word in _ui_words(Language.JA) if JAPANESE.search(word)}


def _japanese_words(strings: list[str], allowed: set[str]) -> list[str]:
    """The drawn strings holding Japanese that are not names the picture may keep."""
    return [string for string in strings if JAPANESE.search(string) and string not in allowed]


def _public(view: PublicView) -> PublicView:
    # The deadline's clock text is another change's (it leaves the pictures): keep it out of these.
    return dataclasses.replace(view, deadline=None)


def _titles() -> set[str]:
    return {find_variant(key).title for key in ("nishoku", "zuno", "inage", "chinitsu", "goto")}


TABLES: dict[str, Callable[[], PublicView]] = {
    "4p": lambda: _public(sample_table(4, 5)),
    "3p-goto": lambda: _public(sample_goto_table()),
    "3p-chinitsu": lambda: _public(sample_chinitsu_table()),
    "2p": lambda: _public(sample_table(2, 3)),
}


@pytest.mark.parametrize("kind", TABLES)
def test_an_english_table_draws_no_japanese_word(kind: str, drawn: list[str]) -> None:
    view = TABLES[kind]()
    compose_table(view, NAMES, language=Language.EN)
    assert drawn, "the table drew no text at all"
    assert _japanese_words(drawn, set()) == []
    assert round_name(view.round_label, Language.EN) in drawn


@pytest.mark.parametrize("kind", TABLES)
def test_a_japanese_table_keeps_its_words(kind: str, drawn: list[str]) -> None:
    view = TABLES[kind]()
    compose_table(view, NAMES, language=Language.JA)
    assert view.round_label in drawn
    assert word("remaining", Language.JA, count=view.tiles_left) in " ".join(drawn)


def test_the_plates_badges_follow_the_language(drawn: list[str]) -> None:
    view = _public(sample_goto_table())
    compose_table(view, NAMES, language=Language.EN)
    english = set(drawn)
    drawn.clear()
    text_image.cache_clear()
    compose_table(view, NAMES, language=Language.JA)
    japanese = set(drawn)
    for key in ("riichi", "dealer", "open"):
        assert word(key, Language.EN) in english
        assert word(key, Language.JA) in japanese
    assert any(string.startswith("Chips ") for string in english)
    assert any(string.startswith("チップ ") for string in japanese)


@pytest.mark.parametrize("language", list(Language))
def test_a_panel_draws_its_words_in_its_language(language: Language, drawn: list[str]) -> None:
    seat = sample_seat(4, 9)
    view = dataclasses.replace(seat, public=_public(seat.public), furiten=True, waits=(Kind.M1,), ukeire={Kind.M1: 2})
    compose_seat(view, NAMES, language=language)
    if language is Language.EN:
        assert _japanese_words(drawn, set()) == []
    else:
        assert {"待ち", "フリテン"} <= set(drawn)
    assert word("waits", language) in drawn
    assert word("tiles", language, count=2) in drawn


def test_a_draft_panel_draws_its_label_in_english(drawn: list[str]) -> None:
    view = sample_draft(1)
    compose_seat(dataclasses.replace(view, public=_public(view.public)), NAMES, language=Language.EN)
    assert "Draft packet" in drawn
    assert _japanese_words(drawn, set()) == []


def _win_names(view: WinView) -> set[str]:
    """The names a win card may draw in Japanese: the variant's title (in the caption), its yaku,
    its chip items and its flip run."""
    names = {line.name for line in view.yaku} | {item.name for item in view.chip_items} | {view.flip_name}
    # A roll's note is the engine's own text (ゾロ目: another roll), as a private note is.
    names |= {line.note for line in view.dice}
    return names | {f"{title} · {round_name(view.round_label, Language.EN)}" for title in _titles()}


@pytest.mark.parametrize("make", [lambda: sample_win(3), lambda: sample_goto_win("alice")])
def test_an_english_win_card_leads_with_english_names(make: Callable[[], WinView], drawn: list[str]) -> None:
    view = make()
    compose_win(view, NAMES, language=Language.EN)
    assert _japanese_words(drawn, _win_names(view)) == []
    assert not (JAPANESE_UI & set(drawn)) - _win_names(view)
    for line in view.yaku:
        if line.en:
            assert line.en in drawn
    if view.limit_name:
        assert limit_name(view.limit_name, Language.EN) in drawn
    assert word("han", Language.EN, han=view.han) in " ".join(drawn)


def test_a_japanese_win_card_keeps_its_words(drawn: list[str]) -> None:
    view = sample_win(3)
    compose_win(view, NAMES, language=Language.JA)
    assert word("tsumo" if view.from_seat is None else "ron", Language.JA) in drawn
    assert any(string.endswith("翻") for string in drawn)


@pytest.mark.parametrize("language", list(Language))
def test_a_draw_card_follows_the_language(language: Language, drawn: list[str]) -> None:
    view = sample_draw(4)
    compose_draw(view, NAMES, language=language)
    assert draw_reason(view.reason, language) in drawn
    if language is Language.EN:
        assert _japanese_words(drawn, {f"{t} · {round_name(view.round_label, language)}" for t in _titles()}) == []
    else:
        assert {"聴牌", "ノーテン"} & set(drawn)


@pytest.mark.parametrize("language", list(Language))
def test_the_standings_follow_the_language(language: Language, drawn: list[str]) -> None:
    view = sample_standings(5)
    compose_standings(view, language=language)
    assert word("final_result", language) in drawn
    if language is Language.EN:
        assert _japanese_words(drawn, _titles() | set(view.names)) == []
        assert "East 2" in drawn


def test_engine_labels_have_english() -> None:
    assert round_name("東1局", Language.EN) == "East 1"
    assert round_name("第3局", Language.EN) == "Hand 3"
    assert round_name("返り南2局・索子", Language.EN) == "Return South 2 · Souzu"
    assert round_name("東1局", Language.JA) == "東1局"
    assert limit_name("跳満", Language.EN) == "Haneman"
    assert draw_reason("流局", Language.EN) == "Exhaustive draw"
    assert phase_name("discard", Language.EN) == "Discard"
    assert wind_name(Kind.NORTH, Language.EN) == "N"
    assert wind_name(Kind.NORTH, Language.JA) == "北"


def test_every_english_word_is_free_of_japanese() -> None:
    assert all(not JAPANESE.search(pair[0]) for pair in WORDS.values())
    assert all(JAPANESE.search(pair[1]) or not pair[1].strip("{} ") for pair in WORDS.values())


def test_an_image_of_either_language_has_the_same_size() -> None:
    view = _public(sample_table(4, 5))
    sizes = {compose_table(view, NAMES, language=language).size for language in Language}
    assert len(sizes) == 1
    assert isinstance(compose_table(view, NAMES, language=Language.EN), Image.Image)
