"""Write the sample images of ``docs/gallery/`` (rerun whenever the look of the renderer changes).

    python scripts/make_gallery.py [OUT_DIR]

The views come from :mod:`render.samples`, seeded, so the images only change when the renderer
does. Each table is the first seeded sample that shows the features worth seeing (a riichi,
calls, set-aside tiles), found by trying seeds in order.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from bot.engine.tiles import NUM_KINDS, Kind, Tile  # noqa: E402
from bot.engine.views import PublicView, SeatView  # noqa: E402
from render import (  # noqa: E402
    NAVY_THEME,
    Language,
    encode_png,
    render_draw,
    render_seat,
    render_standings,
    render_table,
    render_tiles,
    render_win,
)
from render.samples import (  # noqa: E402
    sample_chinitsu_table,
    sample_chinitsu_win,
    sample_draft,
    sample_draw,
    sample_goto_draw,
    sample_goto_table,
    sample_goto_win,
    sample_names,
    sample_seat,
    sample_standings,
    sample_table,
    sample_win,
)

GALLERY = ROOT / "docs" / "gallery"
SCREENSHOTS = (
    (
        "sandbox.png",
        "the sandbox (`python -m bot --sandbox`) in headless Chromium: Alice's tab, the table and her own panel;"
        " taken by `JANTAKU_GALLERY=1 pytest tests/sandbox/test_browser.py`, not by the script",
    ),
    (
        "new-player-en.png",
        "a new player's first hand in the sandbox, in English: `/mahjong new` with no variant, tile emojis on the"
        " buttons, the English pictures, the turn and bank clocks; taken by"
        " `JANTAKU_GALLERY=1 pytest tests/sandbox/test_new_player.py`",
    ),
    (
        "new-player-ja.png",
        "the same in Japanese: 日本語 chosen for the tab, so the panel and its picture speak Japanese, while the"
        " table's picture follows the server's language (`/mahjong settings locale`)",
    ),
)
"""(image, caption) of the gallery's screenshots, which the browser test takes."""


def _showcase(seats: int, variant: str, wanted: Callable[[PublicView], bool]) -> int:
    """The first seed whose table has what the picture should show."""
    for seed in range(500):
        if wanted(sample_table(seats, seed, variant=variant)):
            return seed
    return 0


def _busy(view: PublicView) -> bool:
    rivers = [len(seat.river) for seat in view.seats]
    return (
        any(seat.riichi for seat in view.seats)
        and any(seat.melds for seat in view.seats)
        and min(rivers) >= 8
        and view.turn is not None
    )


def _with_set_aside(view: PublicView) -> bool:
    return _busy(view) and sum(len(seat.set_aside) for seat in view.seats) >= 3


def _good_seat(view: SeatView) -> bool:
    me = view.public.seats[view.seat]
    return _busy(view.public) and bool(view.waits) and view.drawn is not None and not me.riichi and not me.melds


def _riichi_seat(view: SeatView) -> bool:
    return (
        view.public.seats[view.seat].riichi and view.drawn is not None and len(view.public.seats[view.seat].river) > 6
    )


def every_face() -> list[Tile]:
    """All 38 kinds, then the red and gold fives and 白ポッチ."""
    faces = [Tile(kind) for kind in range(NUM_KINDS)]
    faces += [Tile(kind, red=True) for kind in (Kind.M5, Kind.P5, Kind.S5)]
    faces += [Tile(kind, gold=True) for kind in (Kind.P5, Kind.S5)]
    faces.append(Tile(Kind.WHITE, pocchi=True))
    return faces


def _face_sheet() -> bytes:
    """Every face in four rows (one ``render_tiles`` strip per row, stacked)."""
    faces = every_face()
    rows = [faces[0:9], faces[9:18], faces[18:27], faces[27:]]
    strips = [Image.open(io.BytesIO(render_tiles(row))) for row in rows]
    sheet = Image.new("RGB", (max(s.width for s in strips), sum(s.height for s in strips)), strips[0].getpixel((0, 0)))
    y = 0
    for strip in strips:
        sheet.paste(strip, (0, y))
        y += strip.height
    return encode_png(sheet)


def make_gallery(out: Path = GALLERY) -> list[Path]:
    """Render every sample image into ``out`` with a README listing them; return the image paths."""
    out.mkdir(parents=True, exist_ok=True)
    images: list[tuple[str, str, bytes]] = []

    seed = _showcase(4, "zuno", _busy)
    view = sample_table(4, seed, variant="zuno")
    images.append(("table-4p.png", "4 seats (ずーの), public table", render_table(view, sample_names(4, seed))))
    images.append(
        (
            "table-4p-navy.png",
            "the same table in the navy theme, seen from seat 2",
            render_table(view, sample_names(4, seed), theme=NAVY_THEME, bottom=2),
        )
    )
    seed = _showcase(3, "goto", _with_set_aside)
    view = sample_table(3, seed, variant="goto")
    images.append(
        (
            "table-3p.png",
            "3 seats (5等三麻): North and flowers set aside",
            render_table(view, sample_names(3, seed)),
        )
    )
    images.append(
        (
            "table-3p-chinitsu.png",
            "3 seats (チンイツゲーム, played by the real game): blue and yellow backs of hands and live wall,"
            " a 7-tile kan, four 北 pulled, six indicators",
            render_table(sample_chinitsu_table(), sample_names(3, 2)),
        )
    )
    images.append(
        (
            "table-3p-goto.png",
            "5等三麻: an open riichi's waits beside 「オープン」, 16 flowers and 4 北 set aside, gold, red and"
            " plain 5p and 白ポッチ in a river, two indicators, chips",
            render_table(sample_goto_table(), sample_names(3, 2)),
        )
    )
    seed = _showcase(2, "inage", _busy)
    view = sample_table(2, seed, variant="inage")
    images.append(
        (
            "table-2p.png",
            "2 seats (いなげ麻雀): the compact two-seat table, rivers across its width",
            render_table(view, sample_names(2, seed)),
        )
    )

    seed = next(seed for seed in range(500) if _good_seat(sample_seat(4, seed)))
    images.append(
        (
            "seat-4p.png",
            "a seat's private picture: its hand, the drawn tile apart, waits and live counts",
            render_seat(sample_seat(4, seed), sample_names(4, seed)),
        )
    )
    images.append(
        (
            "seat-4p-en.png",
            "the same panel in English (a panel follows its player's language)",
            render_seat(sample_seat(4, seed), sample_names(4, seed), language=Language.EN),
        )
    )
    images.append(
        (
            "seat-4p-draft.png",
            "ずーの: the draft packet a seat holds, under its hand (only its own panel shows it)",
            render_seat(sample_draft(1), sample_names(4, 1), language=Language.EN),
        )
    )
    seed = next(seed for seed in range(500) if _riichi_seat(sample_seat(3, seed)))
    images.append(
        (
            "seat-3p-riichi.png",
            "after riichi only the drawn tile may be discarded: the rest of the hand is dimmed",
            render_seat(sample_seat(3, seed), sample_names(3, seed)),
        )
    )
    images.append(("win.png", "win card", render_win(sample_win(3), sample_names(4, 3))))
    images.append(
        (
            "win-en.png",
            "the same win card in English (a server's `locale` setting)",
            render_win(sample_win(3), sample_names(4, 3), language=Language.EN),
        )
    )
    images.append(
        (
            "win-chinitsu.png",
            "チンイツゲーム win card: 二十倍満 by tsumo, ten dora, chips for three",
            render_win(sample_chinitsu_win(), sample_names(3, 1)),
        )
    )
    images.append(
        (
            "win-goto-alice.png",
            "5等三麻 win card: itemised chips, アリス (three flips, the last a miss) and two dice rolls",
            render_win(sample_goto_win("alice"), sample_names(3, 2)),
        )
    )
    images.append(
        (
            "win-goto-tulip.png",
            "5等三麻 win card: 半チューリップ with two stocked flips after the miss",
            render_win(sample_goto_win("tulip"), sample_names(3, 2)),
        )
    )
    images.append(("draw.png", "exhaustive-draw card", render_draw(sample_draw(4), sample_names(4, 4))))
    images.append(
        (
            "draw-goto.png",
            "5等三麻 draw card: 春's chips, received by a seat other than a winner",
            render_draw(sample_goto_draw(), sample_names(3, 2)),
        )
    )
    images.append(("standings.png", "final standings with the points chart", render_standings(sample_standings(5))))
    images.append(
        (
            "standings-en.png",
            "the standings in English",
            render_standings(sample_standings(5), language=Language.EN),
        )
    )
    images.append(("tiles.png", "every tile face (38 kinds, red and gold fives, 白ポッチ)", _face_sheet()))

    written = []
    lines = [
        "# Gallery",
        "",
        "Sample images from the renderer (`render/`), made by `python scripts/make_gallery.py`",
        "from the seeded views in `render/samples.py`. Rerun the script whenever the look changes.",
        "",
        "| image | what |",
        "|---|---|",
    ]
    for name, caption, png in images:
        path = out / name
        path.write_bytes(png)
        written.append(path)
        lines.append(f"| [`{name}`]({name}) | {caption} ({len(png) // 1024} KB) |")
    # The browser test's screenshots are not the script's to make, but stay listed.
    for name, caption in SCREENSHOTS:
        if (out / name).exists():
            size = (out / name).stat().st_size // 1024
            lines.append(f"| [`{name}`]({name}) | {caption} ({size} KB) |")
    lines += ["", *(f"![{name}]({name})" for name, _, _ in images), ""]
    (out / "README.md").write_text("\n".join(lines), "utf-8")
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else GALLERY
    for path in make_gallery(target):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
