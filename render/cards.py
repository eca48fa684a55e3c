"""Result cards: a win, an exhaustive draw, the final standings, and a plain row of tiles."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine.tiles import Tile
from bot.engine.variants import find_variant
from bot.engine.views import DrawView, MeldView, StandingsView, WinView
from render.chips import ChipsBlock, chips_block
from render.draw import draw_melds_right, draw_row, melds_length, outline, points_text, signed
from render.sprites import face_size, thickness
from render.table import seat_name
from render.text import draw_text, text_width
from render.theme import DEFAULT_THEME, Theme
from render.words import Language, draw_reason, limit_name, round_name, word

__all__ = ["compose_draw", "compose_standings", "compose_tiles", "compose_win"]

CARD_WIDTH = 720
PAD = 20
_YAKUMAN = {1: "yakuman", 2: "double_yakuman", 3: "triple_yakuman"}
"""The picture words of a single, double and triple yakuman (more: ``multiple_yakuman``)."""


def _variant(name: str) -> str:
    """The variant's title for a card; a name the registry does not know is shown as it is."""
    try:
        return find_variant(name).title
    except ValueError:
        return name


def _tile_height(width: int) -> int:
    return face_size(width)[1] + thickness(width)


def _mat(image: Image.Image, box: tuple[int, int, int, int], theme: Theme) -> None:
    """A strip of table cloth for tiles to lie on, so hands on cards look like the table."""
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box, radius=12, fill=theme.felt, outline=theme.felt_edge, width=2)


def _header(image: Image.Image, title: str, colour: tuple[int, int, int], right: str, theme: Theme) -> int:
    """The title band; returns the x after the title badge."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width, 60), fill=theme.card_band)
    width = text_width(title, 28) + 28
    draw.rounded_rectangle((PAD, 10, PAD + width, 50), radius=10, fill=colour)
    draw_text(image, (PAD + width // 2, 30), title, 28, (255, 255, 255), anchor="mm")
    draw_text(image, (image.width - PAD, 30), right, 15, theme.muted, anchor="rm", max_width=240)
    return PAD + width + 14


def _fit_hand(
    count: int, melds: Sequence[MeldView], extra: int, room: int, sizes: Sequence[tuple[int, int]]
) -> tuple[int, int]:
    """The largest (hand tile, meld tile) widths that fit ``count`` tiles, melds and ``extra`` px in ``room``."""
    for hand_width, meld_width in sizes:
        total = count * (hand_width + 1) + extra + (melds_length(melds, meld_width) + 16 if melds else 0)
        if total <= room:
            return hand_width, meld_width
    return sizes[-1]


def _yaku_value(han: int, yakuman: int, language: Language) -> str:
    """A yaku line's worth: its han, or which yakuman it is."""
    if not yakuman:
        return word("han", language, han=han)
    key = _YAKUMAN.get(yakuman)
    return word(key, language) if key else word("multiple_yakuman", language, times=yakuman)


def compose_win(
    view: WinView, names: Sequence[str], *, theme: Theme = DEFAULT_THEME, language: Language = Language.JA
) -> Image.Image:
    """The winning hand with the winning tile apart, the yaku, the score and who paid whom."""
    yaku_rows = len(view.yaku) + sum(1 for line in view.yaku if line.detail)
    two_columns = yaku_rows > 8
    yaku_height = 28 * ((yaku_rows + 1) // 2 if two_columns else yaku_rows)
    seats = len(view.point_changes)
    extras = ChipsBlock(view.chip_items, view.flip_name, view.flips, view.dice, winner=view.winner)
    extras_height = chips_block(None, 0, extras, names, theme, language, left=PAD, right=CARD_WIDTH - PAD)
    height = 60 + 16 + 130 + 12 + yaku_height + 16 + 50 + 16 + 64 + PAD + extras_height
    image = Image.new("RGB", (CARD_WIDTH, height), theme.card)
    tsumo = view.from_seat is None
    x = _header(
        image,
        word("tsumo" if tsumo else "ron", language),
        (36, 96, 190) if tsumo else (196, 30, 48),
        f"{_variant(view.variant)} · {round_name(view.round_label, language)}",
        theme,
    )
    x += draw_text(image, (x, 16), seat_name(names, view.winner), 22, theme.text, max_width=260) + 12
    if view.from_seat is not None:
        draw_text(image, (x, 22), f"← {seat_name(names, view.from_seat)}", 15, theme.muted, max_width=180)

    y = 76
    _mat(image, (PAD - 8, y, CARD_WIDTH - PAD + 8, y + 130), theme)
    hand_width, meld_width = _fit_hand(
        len(view.hand) + 1, view.melds, 14, CARD_WIDTH - 2 * PAD, ((42, 32), (38, 30), (34, 26), (30, 22), (26, 20))
    )
    tile_y = y + 12
    boxes = draw_row(image, view.hand, PAD, tile_y, hand_width)
    win_x = (boxes[-1][2] if boxes else PAD) + 14
    win_box = draw_row(image, [view.win_tile], win_x, tile_y, hand_width)[0]
    outline(image, win_box, theme.accent, 3)
    if view.melds:
        meld_y = tile_y + _tile_height(hand_width) - _tile_height(meld_width)
        draw_melds_right(image, view.melds, CARD_WIDTH - PAD, meld_y, meld_width)
    groups = [
        (word(key, language), tiles)
        for key, tiles in (("dora", view.dora_indicators), ("ura_dora", view.ura_indicators))
        if tiles
    ]
    labels = sum(text_width(label, 15) + 8 + 22 for label, _ in groups)
    count = sum(len(tiles) for _, tiles in groups)
    # Ten or more indicators each (kans past the dead wall) shrink the row rather than run off the card.
    dora_width = next((w for w in (24, 22, 20, 18, 16) if labels + count * (w + 2) <= CARD_WIDTH - 2 * PAD), 14)
    dora_y = y + 130 - 12 - _tile_height(24) + (_tile_height(24) - _tile_height(dora_width)) // 2
    x = PAD
    for label, tiles in groups:
        label_y = dora_y + 6 + (_tile_height(dora_width) - _tile_height(24)) // 2
        x += draw_text(image, (x, label_y), label, 15, theme.muted) + 8
        placed = draw_row(image, tiles, x, dora_y, dora_width, gap=2)
        x = placed[-1][2] + 22

    y += 130 + 16
    column_width = (CARD_WIDTH - 2 * PAD - 24) // 2 if two_columns else CARD_WIDTH - 2 * PAD
    row = 0
    for line in view.yaku:
        column = 1 if two_columns and row >= (yaku_rows + 1) // 2 else 0
        line_x = PAD + column * (column_width + 24)
        line_y = y + 28 * (row - ((yaku_rows + 1) // 2 if column else 0))
        value = _yaku_value(line.han, line.yakuman, language)
        value_width = text_width(value, 18)
        # An English card leads with the yaku's English name where the engine has one; the
        # Japanese name (the variant's own word) stays beside it, small.
        name, aside = (line.en, line.name) if language is Language.EN and line.en else (line.name, line.en)
        name_width = draw_text(image, (line_x, line_y), name, 18, theme.text, max_width=column_width - value_width - 20)
        if aside:
            draw_text(
                image,
                (line_x + name_width + 10, line_y + 4),
                aside,
                13,
                theme.muted,
                max_width=max(0, column_width - name_width - value_width - 30),
            )
        draw_text(image, (line_x + column_width, line_y), value, 18, theme.accent, anchor="ra")
        row += 1
        if line.detail:
            draw_text(image, (line_x + 16, line_y + 28), line.detail, 13, theme.muted, max_width=column_width - 16)
            row += 1

    y += yaku_height + 8
    ImageDraw.Draw(image).line((PAD, y, CARD_WIDTH - PAD, y), fill=theme.panel_edge, width=1)
    y += 10
    total = word("han", language, han=view.han) + (
        " " + word("fu", language, fu=view.fu) if view.fu is not None else ""
    )
    x = PAD + draw_text(image, (PAD, y), total, 24, theme.text) + 16
    if view.limit_name:
        limit = limit_name(view.limit_name, language)
        width = text_width(limit, 18) + 20
        ImageDraw.Draw(image).rounded_rectangle((x, y + 2, x + width, y + 32), radius=8, fill=(196, 142, 18))
        draw_text(image, (x + width // 2, y + 17), limit, 18, (30, 20, 0), anchor="mm")
    points = word("points", language, points=points_text(view.points))
    draw_text(image, (CARD_WIDTH - PAD, y - 4), points, 32, theme.accent, anchor="ra")

    y += 50 + 6
    y += chips_block(image, y - 6, extras, names, theme, language, left=PAD, right=CARD_WIDTH - PAD)
    _changes(image, y, names, view.point_changes, view.chip_changes, seats, theme, language, highlight=view.winner)
    return image


def _changes(
    image: Image.Image,
    y: int,
    names: Sequence[str],
    points: Sequence[int],
    chips: Sequence[int],
    seats: int,
    theme: Theme,
    language: Language,
    *,
    highlight: int | None = None,
) -> None:
    """One box per seat: name, point change and chip change, coloured by sign."""
    if seats == 0:
        return
    gap = 10
    width = (CARD_WIDTH - 2 * PAD - gap * (seats - 1)) // seats
    draw = ImageDraw.Draw(image)
    for seat in range(seats):
        x = PAD + seat * (width + gap)
        border = theme.accent if seat == highlight else theme.panel_edge
        draw.rounded_rectangle((x, y, x + width, y + 60), radius=10, fill=theme.card_band, outline=border, width=2)
        draw_text(image, (x + 10, y + 7), seat_name(names, seat), 14, theme.muted, max_width=width - 20)
        change = points[seat] if seat < len(points) else 0
        colour = theme.gain if change > 0 else theme.loss if change < 0 else theme.muted
        draw_text(image, (x + 10, y + 28), signed(change), 20, colour)
        if seat < len(chips) and chips[seat]:
            chip = chips[seat]
            draw_text(
                image,
                (x + width - 10, y + 34),
                word("chips", language, chips=signed(chip)),
                13,
                theme.gain if chip > 0 else theme.loss,
                anchor="ra",
            )


def compose_draw(
    view: DrawView, names: Sequence[str], *, theme: Theme = DEFAULT_THEME, language: Language = Language.JA
) -> Image.Image:
    """An exhaustive draw: each seat's tenpai state, the tenpai hands face up, and the payments."""
    seats = len(view.tenpai)
    row_height = 64
    extras = ChipsBlock(view.chip_items)
    extras_height = chips_block(None, 0, extras, names, theme, language, left=PAD, right=CARD_WIDTH - PAD)
    height = 60 + 16 + seats * (row_height + 8) + 8 + 64 + PAD + extras_height
    image = Image.new("RGB", (CARD_WIDTH, height), theme.card)
    caption = f"{_variant(view.variant)} · {round_name(view.round_label, language)}"
    _header(image, draw_reason(view.reason, language), (90, 100, 110), caption, theme)
    y = 76
    name_width = 150
    for seat in range(seats):
        ready = view.tenpai[seat]
        hand = view.hands[seat] if seat < len(view.hands) else None
        melds = view.melds[seat] if seat < len(view.melds) else ()
        _mat(image, (PAD - 8, y, CARD_WIDTH - PAD + 8, y + row_height), theme)
        draw_text(image, (PAD, y + 8), seat_name(names, seat), 15, theme.text, max_width=name_width - 10)
        label = word("tenpai" if ready else "noten", language)
        colour = (40, 150, 80) if ready else (90, 90, 96)
        width = text_width(label, 13) + 14
        ImageDraw.Draw(image).rounded_rectangle((PAD, y + 34, PAD + width, y + 56), radius=8, fill=colour)
        draw_text(image, (PAD + 7, y + 36), label, 13, (255, 255, 255))
        if hand is not None:
            room = CARD_WIDTH - 2 * PAD - name_width
            hand_width, meld_width = _fit_hand(
                len(hand), melds, 0, room, ((30, 26), (28, 24), (26, 22), (24, 20), (20, 18))
            )
            tile_y = y + (row_height - _tile_height(hand_width)) // 2
            draw_row(image, hand, PAD + name_width, tile_y, hand_width)
            if melds:
                meld_y = tile_y + _tile_height(hand_width) - _tile_height(meld_width)
                draw_melds_right(image, melds, CARD_WIDTH - PAD, meld_y, meld_width)
        y += row_height + 8
    y += chips_block(image, y + 2, extras, names, theme, language, left=PAD, right=CARD_WIDTH - PAD)
    _changes(image, y + 8, names, view.point_changes, view.chip_changes, seats, theme, language)
    return image


def _nice_step(span: float) -> int:
    """A round gridline spacing giving four to eight lines over ``span``."""
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000):
        if span / step <= 8:
            return step
    return 100000


def compose_standings(
    view: StandingsView, *, theme: Theme = DEFAULT_THEME, language: Language = Language.JA
) -> Image.Image:
    """Placements with points, score and chips, and a chart of every seat's points over the hands."""
    seats = len(view.names)
    row_height = 46
    chart_height = 260
    height = 60 + 12 + seats * row_height + 20 + chart_height + PAD
    image = Image.new("RGB", (CARD_WIDTH, height), theme.card)
    _header(image, word("final_result", language), (150, 110, 20), _variant(view.variant), theme)
    draw = ImageDraw.Draw(image)
    medal = {1: (212, 170, 40), 2: (176, 184, 196), 3: (186, 120, 70)}
    order = sorted(range(seats), key=lambda s: (view.placements[s] if s < len(view.placements) else 99, s))
    y = 72
    for seat in order:
        place = view.placements[seat] if seat < len(view.placements) else 0
        colour = theme.series[seat % len(theme.series)]
        draw.rounded_rectangle((PAD, y, CARD_WIDTH - PAD, y + row_height - 6), radius=10, fill=theme.card_band)
        draw.ellipse((PAD + 8, y + 5, PAD + 38, y + 35), fill=medal.get(place, (80, 90, 96)))
        draw_text(image, (PAD + 23, y + 20), str(place), 17, (20, 20, 20), anchor="mm")
        draw.rounded_rectangle((PAD + 48, y + 13, PAD + 62, y + 27), radius=3, fill=colour)
        draw_text(image, (PAD + 72, y + 9), seat_name(view.names, seat), 18, theme.text, max_width=250)
        points = view.final_points[seat] if seat < len(view.final_points) else 0
        draw_text(image, (PAD + 450, y + 8), points_text(points), 20, theme.text, anchor="ra")
        if seat < len(view.final_scores):
            score = view.final_scores[seat]
            score_colour = theme.gain if score > 0 else theme.loss if score < 0 else theme.muted
            draw_text(image, (PAD + 560, y + 8), signed(score), 20, score_colour, anchor="ra")
        if seat < len(view.chips):
            draw_text(
                image,
                (CARD_WIDTH - PAD - 12, y + 11),
                word("chips", language, chips=signed(view.chips[seat])),
                15,
                theme.muted,
                anchor="ra",
            )
        y += row_height
    _chart(image, (PAD, y + 14, CARD_WIDTH - PAD, y + 14 + chart_height), view, theme, language)
    return image


def _chart(
    image: Image.Image, box: tuple[int, int, int, int], view: StandingsView, theme: Theme, language: Language
) -> None:
    """Points over the hands: one line per seat, gridlines at round values, the start dashed."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box, radius=12, fill=theme.card_band)
    history = [row for row in view.history if row]
    if not history:
        draw_text(image, ((left + right) // 2, (top + bottom) // 2), "—", 20, theme.muted, anchor="mm")
        return
    plot_left, plot_right = left + 64, right - 16
    plot_top, plot_bottom = top + 14, bottom - 30
    values = [v for row in history for v in row]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1000, high + 1000
    step = _nice_step(high - low)
    low, high = (low // step) * step, -((-high) // step) * step

    def to_y(value: float) -> int:
        return round(plot_bottom - (value - low) / (high - low) * (plot_bottom - plot_top))

    def to_x(index: int) -> int:
        if len(history) == 1:
            return (plot_left + plot_right) // 2
        return round(plot_left + index * (plot_right - plot_left) / (len(history) - 1))

    for value in range(low, high + 1, step):
        y = to_y(value)
        draw.line((plot_left, y, plot_right, y), fill=_mix(theme.card_band, theme.muted, 0.25), width=1)
        draw_text(image, (plot_left - 8, y), f"{value:,}", 12, theme.muted, anchor="rm")
    start = history[0][0] if len(set(history[0])) == 1 else None
    if start is not None:
        y = to_y(start)
        for x in range(plot_left, plot_right, 10):
            draw.line((x, y, min(x + 5, plot_right), y), fill=theme.muted, width=1)
    hand_labels = [round_name(label, language) for label in view.hand_labels]
    labels = ["", *hand_labels] if len(hand_labels) == len(history) - 1 else hand_labels
    every = max(1, len(history) // 12 + (1 if len(history) > 12 else 0))
    for index, label in enumerate(labels[: len(history)]):
        if label and index % every == 0:
            draw_text(image, (to_x(index), plot_bottom + 16), label, 12, theme.muted, anchor="mm")
    seats = len(history[0])
    for seat in range(seats):
        colour = theme.series[seat % len(theme.series)]
        points = [(to_x(i), to_y(row[seat])) for i, row in enumerate(history) if seat < len(row)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3, joint="curve")
        for x, y in points:
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def compose_tiles(tiles: Sequence[Tile], *, theme: Theme = DEFAULT_THEME, width: int = 40) -> Image.Image:
    """A row of tiles on a strip of cloth (the calculator's picture of a hand)."""
    count = max(1, len(tiles))
    image = Image.new("RGB", (count * (width + 1) - 1 + 2 * 16, _tile_height(width) + 2 * 14), theme.felt_edge)
    _mat(image, (0, 0, image.width - 1, image.height - 1), theme)
    if tiles:
        draw_row(image, tiles, 16, 14, width)
    return image
