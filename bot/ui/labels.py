"""What buttons and lines call things: tiles, actions, deadlines, and a hand's chips and dice.

Pure text (the deadline as a Discord timestamp is only markup), shared by the table message, the
panels, the result captions and ``/mahjong help``.

>>> from bot.engine.tiles import Tile, Kind
>>> tile_label(Tile(Kind.P5, red=True)), tile_label(Tile(Kind.GREEN))
('赤5p', '發')
>>> tile_label(Tile.parse("Y4p")), tile_label(Tile.parse("0z"), "ja"), tile_label(Tile.parse("1f"))
('🟡4p', '白ポッチ', 'Spring')
"""

from __future__ import annotations

import dataclasses
import datetime
import io
import math
from collections.abc import Sequence

import discord

from bot.engine.game import Action, Kan, VoteEnd
from bot.engine.tiles import Back, Kind, Tile, kind_name
from bot.engine.views import ChipItem, DiceLine, DrawView, FlipLine, PublicView, WinView
from bot.runtime.i18n import Locale, has_text, picture_language, text
from render.words import Language, round_name, word

__all__ = [
    "BACK_MARKS",
    "HONOR_NAMES",
    "action_label",
    "deadline_text",
    "picture_file",
    "result_alt",
    "result_extras",
    "round_text",
    "seat_alt",
    "table_alt",
    "tile_label",
    "tile_mark",
]

HONOR_NAMES = {
    Kind.EAST: "東",
    Kind.SOUTH: "南",
    Kind.WEST: "西",
    Kind.NORTH: "北",
    Kind.WHITE: "白",
    Kind.GREEN: "發",
    Kind.RED: "中",
}


BACK_MARKS = {Back.BLUE: "🔵", Back.YELLOW: "🟡"}
"""The back colour before a tile's name (チンイツゲーム's backs are public, and two tiles of one
face with different backs play differently)."""
_SEASON_TEXTS = {
    Kind.SPRING: "tile_spring",
    Kind.SUMMER: "tile_summer",
    Kind.AUTUMN: "tile_autumn",
    Kind.WINTER: "tile_winter",
}


def _back_mark(tile: Tile) -> str:
    """🔵 or 🟡 for a tile whose back colour the table shows, else nothing."""
    return BACK_MARKS.get(tile.back, "") if tile.back is not None else ""


def _face_words(tile: Tile, locale: Locale | None) -> str | None:
    """The words for a face its notation does not say plainly (a flower's season, the dotted
    白), or None."""
    if tile.kind in _SEASON_TEXTS:
        return text(_SEASON_TEXTS[Kind(tile.kind)], locale)
    if tile.pocchi:
        return text("tile_pocchi", locale)
    return None


def tile_label(tile: Tile, locale: Locale | None = None) -> str:
    """A short name for a button or a line: ``1p``, ``赤5p``, ``東``, ``白ポッチ``, ``Spring``, and
    ``🔵4p`` for a tile whose back colour the table shows."""
    mark = _back_mark(tile)
    words = _face_words(tile, locale)
    if words is not None:
        return mark + words
    if tile.kind in HONOR_NAMES:
        return mark + HONOR_NAMES[Kind(tile.kind)]
    name = kind_name(tile.kind)
    if tile.red:
        return f"{mark}赤{name}"
    if tile.gold:
        return f"{mark}金{name}"
    return mark + name


def tile_mark(tile: Tile, locale: Locale | None = None) -> str:
    """What a button that shows the tile as an emoji still says in words: what a small picture
    may not tell apart (the back colour, the ポッチ dot, a flower's season), else nothing.

    >>> from bot.engine.tiles import Tile
    >>> tile_mark(Tile.parse("4p")), tile_mark(Tile.parse("B4p")), tile_mark(Tile.parse("0z"), "ja")
    ('', '🔵', 'ポッチ')
    """
    mark = _back_mark(tile)
    if tile.pocchi:
        return mark + text("tile_mark_pocchi", locale)
    if tile.kind in _SEASON_TEXTS:
        return mark + text(_SEASON_TEXTS[Kind(tile.kind)], locale)
    return mark


def deadline_text(deadline: float | None) -> str:
    """A Discord timestamp that counts down in every client (never edited once a second).

    Rounded up to the whole second: the countdown never claims less time than is left.
    """
    if deadline is None:
        return ""
    return discord.utils.format_dt(datetime.datetime.fromtimestamp(math.ceil(deadline), datetime.UTC), "R")


def action_label(
    action: Action, public: PublicView, names: Sequence[str], tiles: Sequence[Tile], locale: Locale | None
) -> str:
    """An action button's label: the text ``button_<kind>`` (shared, or the variant's own).

    The template may use ``tiles`` (the faces of the action's tile ids, ``tile`` or ``tiles``),
    ``name`` (the seat a claimed tile comes from, ``from_seat``), ``tile`` (that seat's last
    discard, the one a ずーの ron claims) and ``kind`` (a tile kind the action names, ``as_kind``:
    what ポッチ stands for). The vote to end is core and has a label for each way.
    """
    if isinstance(action, VoteEnd):
        return text("button_vote_end" if action.end else "button_vote_continue", locale)
    fields = {field.name: getattr(action, field.name) for field in dataclasses.fields(action)}
    source = fields.get("from_seat")
    name = names[source] if isinstance(source, int) and 0 <= source < len(names) else ""
    river = public.seats[source].river if isinstance(source, int) and 0 <= source < len(public.seats) else ()
    ids = list(fields.get("tiles", ()) or ([fields["tile"]] if "tile" in fields else []))
    faces = " ".join(tile_label(tiles[t], locale) for t in ids if 0 <= t < len(tiles))
    as_kind = fields.get("as_kind")
    key = f"button_{action.kind}"
    if isinstance(action, Kan) and len(action.tiles) == 1:
        # One tile joins a meld already on the table (加カン, a kan grown past four): not a new kan.
        key = "button_kan_add"
    if not has_text(key):
        # A kind nobody labelled yet still gets a working button.
        return " ".join(part for part in (action.kind, faces) if part)
    return text(
        key,
        locale,
        tiles=faces,
        name=name,
        tile=tile_label(river[-1].tile, locale) if river else "",
        kind=kind_name(as_kind) if isinstance(as_kind, int) else "",
    )


DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def _chips(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _chip_item(item: ChipItem, names: Sequence[str], winner: int | None) -> str:
    line = f"{item.name} {_chips(item.chips)}"
    if item.seat is not None and item.seat != winner and 0 <= item.seat < len(names):
        line += f" → {names[item.seat]}"
    return line


def _flip(flip: FlipLine, locale: Locale | None) -> str:
    line = (
        f"{tile_label(flip.tile, locale)} ✓×{flip.matches} {_chips(flip.chips)}"
        if flip.matches
        else f"{tile_label(flip.tile, locale)} ✗"
    )
    return f"{line} ({text('result_stocked', locale)})" if flip.stocked else line


def _roll(roll: DiceLine) -> str:
    faces = "".join(DICE_FACES[value - 1] if 1 <= value <= 6 else str(value) for value in roll.dice)
    return f"{faces} {_chips(roll.chips)}" + (f" ({roll.note})" if roll.note else "")


def result_extras(result: WinView | DrawView, names: Sequence[str], locale: Locale | None = None) -> str:
    """The chips a hand's result itemises, its flips and its dice in one compact line for the
    channel (empty when it has none, as in most variants). An item another seat received names
    that seat; flips and dice say what each payer paid.

    >>> from bot.engine.views import ChipItem, DrawView
    >>> spring = ChipItem("春", 4, seat=1)
    >>> draw = DrawView("x", "南1局", (True, False), (None, None), ((), ()), (0, 0), chip_items=(spring,))
    >>> result_extras(draw, ["Alice", "Bob"])
    '🪙 Chips: 春 +4 → Bob'
    """
    parts: list[str] = []
    winner = result.winner if isinstance(result, WinView) else None
    if result.chip_items:
        items = " · ".join(_chip_item(item, names, winner) for item in result.chip_items)
        parts.append(text("result_chips", locale, items=items))
    if isinstance(result, WinView) and result.flips:
        flips = " · ".join(_flip(flip, locale) for flip in result.flips)
        name = result.flip_name or text("result_flips_default", locale)
        parts.append(text("result_flips", locale, name=name, flips=flips))
    if isinstance(result, WinView) and result.dice:
        parts.append(text("result_dice", locale, rolls=" · ".join(_roll(roll) for roll in result.dice)))
    return " | ".join(parts)


def round_text(label: str, locale: Locale | None) -> str:
    """The engine's hand label (東1局, 返り東1局・筒子) in the reader's language, as the pictures
    write it (``East 1``, ``Return East 1 · Pinzu``)."""
    return round_name(label, picture_language(locale))


def picture_file(png: bytes, filename: str, alt: str) -> discord.File:
    """A picture to attach, with its alt text: what a screen reader says of it (Discord's
    attachment ``description``, at most 1,024 characters), in the picture's own language."""
    return discord.File(io.BytesIO(png), filename, description=alt[:1024])


def table_alt(view: PublicView, language: Language) -> str:
    """The public table picture's alt text: the hand and the wall, nothing any seat hides."""
    return word("alt_table", language, round=round_name(view.round_label, language), count=view.tiles_left)


def seat_alt(view: PublicView, language: Language) -> str:
    """A panel picture's alt text (its player's language)."""
    return word("alt_seat", language, round=round_name(view.round_label, language))


def result_alt(round_label: str, language: Language) -> str:
    """A win or draw card's alt text."""
    return word("alt_result", language, round=round_name(round_label, language))
