"""Names with emoji and characters the fonts lack: emoji in colour, the rest left out, no boxes."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw

from render import encode_png
from render.glyphs import emoji_chars
from render.samples import sample_seat, sample_table
from render.table import compose_seat, compose_table, seat_name
from render.text import EMOJI_FONT, _draw_mixed, draw_text, fit, safe_text, text_image, text_width, ui_font
from tests.render.helpers import decode, pixels

GREY = (60, 60, 60)
WHITE = (255, 255, 255)


def coloured_pixels(image: Image.Image) -> int:
    """Pixels far from any grey: white text on grey has none, an emoji has many."""
    return sum(1 for r, g, b in pixels(image.convert("RGB")) if max(r, g, b) - min(r, g, b) > 60)


def canvas() -> Image.Image:
    return Image.new("RGB", (240, 40), GREY)


def test_the_emoji_font_is_bundled_small_and_holds_every_listed_emoji() -> None:
    assert EMOJI_FONT.stat().st_size < 1_550_000
    font = TTFont(EMOJI_FONT)
    cmap = font.getBestCmap()
    strike = font["CBDT"].strikeData[0]
    assert [c for c in sorted(emoji_chars()) if ord(c) not in cmap or cmap[ord(c)] not in strike] == []
    assert font["name"].getDebugName(1) == "Jantaku Emoji"


def test_a_name_with_an_emoji_draws_it_in_colour_where_it_stands() -> None:
    image = canvas()
    width = draw_text(image, (10, 8), "🌸Sakura", 20, WHITE)
    emoji_width = text_width("🌸", 20)
    assert coloured_pixels(image.crop((10, 0, 10 + emoji_width, 40))) > 100
    assert coloured_pixels(image.crop((10 + emoji_width, 0, 240, 40))) == 0
    # The text after the emoji starts where the emoji's advance ends, and the ink stays inside
    # the width draw_text reports.
    ink = ImageChops.difference(image, canvas()).getbbox()
    assert ink is not None and ink[0] >= 10 and ink[2] <= 10 + width + 1


def test_an_emoji_name_has_no_placeholder_box() -> None:
    assert safe_text("さくら🌸") == "さくら🌸"
    assert safe_text("🀄Mahjong Fan") == "🀄Mahjong Fan"
    drawn, boxed = canvas(), canvas()
    draw_text(drawn, (10, 8), "🀄Mahjong Fan", 20, WHITE)
    draw_text(boxed, (10, 8), "□Mahjong Fan", 20, WHITE)
    assert ImageChops.difference(drawn, boxed).getbbox() is not None
    assert coloured_pixels(drawn) > 40  # the red 中 of a mostly white tile


def test_emoji_the_font_cannot_draw_are_left_out_with_their_spaces_closed() -> None:
    assert safe_text("Ann 🇯🇵 Lee") == "Ann Lee"
    assert safe_text("👨‍👩‍👧‍👦 family") == "family"
    # A ZWJ sequence whose parts the font has would draw as the wrong picture (🐻❄️).
    assert safe_text("🐻‍❄️ Bear") == "Bear"
    assert safe_text("❤️‍🔥 Hot") == "Hot"
    # A skin tone the font cannot apply falls back to the base emoji (UTS #51).
    assert safe_text("👍🏽ok") == "👍ok"
    assert safe_text("❤️") == "❤"
    assert "  " not in safe_text("a 🇫🇷 🇩🇪 b") and "□" not in safe_text("𐍈 x 🏴‍☠️")


def test_letters_with_a_stroke_fall_back_to_their_base_letter() -> None:
    assert safe_text("Łukasz Šťastný") == "Lukasz Stastný"


def test_a_name_of_only_unsupported_characters_falls_back_to_its_seat_label() -> None:
    names = ["🇯🇵🇫🇷", "𐍈𐌰", "Bob", "👨‍👩‍👧"]
    assert [seat_name(names, seat) for seat in range(4)] == ["Seat 1", "Seat 2", "Bob", "Seat 4"]
    view = sample_table(4, 1)
    assert compose_table(view, names).tobytes() == compose_table(view, ["", "", "Bob", ""]).tobytes()


def test_fit_counts_each_emoji_at_its_drawn_width() -> None:
    assert text_width("🌸", 20) == round(136 * 20 / 109)
    assert text_width("A🌸B", 20) == text_width("A", 20) + text_width("🌸", 20) + text_width("B", 20)
    shown = fit("🌸" * 10, 20, 80)
    assert shown.endswith("…") and text_width(shown, 20) <= 80
    assert text_width(shown[:-1] + "🌸…", 20) > 80
    assert fit("🀄Mahjong Master🀄", 17, 1000) == "🀄Mahjong Master🀄"


def test_emoji_follow_every_anchor_the_renderer_uses() -> None:
    for anchor in ("la", "mm", "rm", "ra", "rs"):
        image = Image.new("RGB", (240, 60), GREY)
        width = draw_text(image, (120, 30), "x🌸", 20, WHITE, anchor=anchor)
        ink = ImageChops.difference(image, Image.new("RGB", (240, 60), GREY)).getbbox()
        assert ink is not None
        left = {"l": 120, "m": 120 - width / 2, "r": 120 - width}[anchor[0]]
        assert left - 1 <= ink[0] and ink[2] <= left + width + 1, anchor


def test_a_label_image_with_an_emoji_keeps_transparent_edges() -> None:
    label = text_image("🌸", 20, (*WHITE, 255))
    assert label.mode == "RGBA" and label.getpixel((0, 0)) == (0, 0, 0, 0)
    alpha = label.getchannel("A")
    assert alpha.getextrema() == (0, 255)


def test_an_emoji_name_survives_the_palette_png_of_a_table_and_a_panel() -> None:
    names = ["🌸Sakura", "🍣Sushi", "🀄Mahjong", "🔥Fire"]
    for image, plain in (
        (compose_table(sample_table(4, 1), names), compose_table(sample_table(4, 1), ["", "", "", ""])),
        (compose_seat(sample_seat(4, 1), names), compose_seat(sample_seat(4, 1), ["", "", "", ""])),
    ):
        decoded = decode(encode_png(image)).convert("RGB")
        boxes = name_boxes(image, plain)
        assert len(boxes) >= 3
        for box in boxes:
            original, quantized = image.crop(box), decoded.crop(box)
            histogram = ImageChops.difference(original, quantized).convert("L").histogram()
            mean = sum(level * count for level, count in enumerate(histogram)) / sum(histogram)
            assert mean < 6.0
            assert coloured_pixels(original) > 50
            assert coloured_pixels(quantized) >= 0.8 * coloured_pixels(original)


def name_boxes(image: Image.Image, plain: Image.Image) -> list[tuple[int, int, int, int]]:
    """Boxes round each place where the named picture has colour the nameless one lacks."""
    changed = (
        ImageChops.difference(image.convert("RGB"), plain.convert("RGB")).convert("L").point(lambda v: 255 * (v > 40))
    )
    boxes: list[tuple[int, int, int, int]] = []
    step = 40
    for top in range(0, image.height, step):
        for left in range(0, image.width, step):
            box = (left, top, min(image.width, left + step), min(image.height, top + step))
            if changed.crop(box).getbbox() is not None and coloured_pixels(image.crop(box)) > 50:
                boxes.append(box)
    return boxes


def test_emoji_names_render_the_same_from_worker_threads() -> None:
    views = [(sample_table(4, seed), ["🌸", "🍣 x", "🀄" * 5, "🔥🐱🍙"]) for seed in range(6)]
    serial = [encode_png(compose_table(view, names)) for view, names in views]
    with ThreadPoolExecutor(4) as pool:
        parallel = list(pool.map(lambda item: encode_png(compose_table(*item)), views))
    assert parallel == serial
    assert Image.open(io.BytesIO(serial[0])).size == (716, 716)


@pytest.mark.parametrize("anchor", ["la", "mm", "rm", "ra", "rs", "mb", "lt"])
def test_the_runs_of_a_line_with_emoji_sit_exactly_where_pillow_puts_plain_text(anchor: str) -> None:
    """The emoji path draws each text run itself (``_draw_mixed``); fed a line without emoji it
    must give Pillow's own pixels, or names with emoji would jump a pixel against their row."""
    for size in (13, 17, 22):
        for x in (100.0, 100.5, 37.25):
            expected, drawn = Image.new("RGB", (200, 60), GREY), Image.new("RGB", (200, 60), GREY)
            ImageDraw.Draw(expected).text((x, 30), "東1局 Ég", font=ui_font(size), fill=WHITE, anchor=anchor)
            _draw_mixed(drawn, (x, 30), "東1局 Ég", size, WHITE, anchor)
            assert ImageChops.difference(expected, drawn).getbbox() is None, (size, x)
