"""A seat's private panel: its situation in words and one button per legal action.

Pure: a seat's view and decision in, a :class:`~bot.ui.components.MessageSpec` out; the presenter
sends it with the seat's image, only to that seat. Keeping this free of Discord calls lets tests
check the button set against the legal actions directly.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.game import Action, Ron, TimeUp, Tsumo, VoteEnd
from bot.engine.table.turns import Phase
from bot.engine.tiles import Tile, kind_name
from bot.engine.variant_ui import MultiClaim, TilePage
from bot.engine.variants import tile_pages, variant_ui
from bot.engine.views import PublicView, SeatView
from bot.runtime.auto_moves import AutoOption
from bot.runtime.customid import AUTO_PAGE, ActionId, PanelId, action_args
from bot.runtime.decisions import Decision
from bot.runtime.i18n import Locale, is_japanese, picture_language, text
from bot.runtime.snapshot import declarations
from bot.storage import AutoOptions
from bot.ui.components import ButtonSpec, MessageSpec, Style
from bot.ui.emoji import TileEmojis
from bot.ui.labels import action_label, deadline_text, round_text, tile_label, tile_mark
from bot.ui.table_spec import table_picture
from render.words import wind_name

__all__ = ["PAGES", "PanelMode", "panel_mode", "panel_picture", "panel_spec"]

log = logging.getLogger(__name__)

PanelMode = str
"""Which tile buttons the panel shows: ``discard`` (discards, or draft picks), or the name of a
tile page (:class:`~bot.engine.variant_ui.TilePage`: the shared riichi page, or a variant's), each
entered by a ``PanelId`` button of that name; or ``auto`` (``AUTO_PAGE``): the player's auto
options in place of the tiles and calls, until they press Back."""

MAX_ROWS = 5
ROW_SIZE = 5
PAGES: dict[str, TilePage] = tile_pages()
"""Every tile page by name, whichever variant shows it (a name means one page everywhere)."""
FREE_KINDS = frozenset({VoteEnd.kind, TimeUp.kind})
"""Actions a seat may take at any moment (a vote to end): they are no decision of its own."""
CALL_ORDER = ("tsumo", "ron", "pon")
"""The common calls come first among the action buttons; the rest follow by kind."""


def panel_picture(view: SeatView, deciding: bool) -> tuple[Any, ...]:
    """What a panel's image must show; while it is unchanged, an edit sends no new image.

    A deciding seat sees the table as it is now (it chooses from it, a claim on the last discard
    above all). A waiting seat's image changes only with its own tiles and the public facts the
    panel's key follows (points, round, declarations): the other seats' moves while it waits
    update the text, and the table message shows them; its next decision brings the table up to
    date.
    """
    if deciding:
        return ("deciding", dataclasses.replace(view, public=table_picture(view.public)))
    public = view.public
    # The seat's own view without the table, and without the live counts (hints), which move
    # with every discard anyone makes, like the rivers.
    own = dataclasses.replace(view, public=_NO_TABLE, ukeire={})
    return ("waiting", own, public.seats[view.seat].points, public.round_label, declarations(public))


_NO_TABLE = PublicView(variant="", round_label="", seats=(), tiles_left=0)
"""Stands in for the table in a waiting panel's picture key (see :func:`panel_picture`)."""
_NO_EMOJIS = TileEmojis()
"""Tile buttons in words (no emoji synced, or a test that does not care)."""


def panel_mode(mode: str, decision: Decision | None) -> PanelMode:
    """The mode a panel should be in: ``mode`` while the decision still has actions for its
    page, else ``discard`` (a tile page never outlives its choices, and an unknown name or
    another variant's page has none); the auto options stay until the player leaves them."""
    if mode == AUTO_PAGE:
        return AUTO_PAGE
    page = PAGES.get(mode)
    if page is None or decision is None or not any(action.kind == page.kind for action in decision.actions):
        return "discard"
    return page.name


@dataclass(frozen=True)
class _Choice:
    """What a panel offers now, as its pieces below read it."""

    game_id: int
    seq: int
    """The number its action buttons carry (0 for a waiting panel: see :func:`panel_spec`)."""
    actions: tuple[Action, ...]
    by_kind: dict[str, list[Action]]
    mode: PanelMode
    page: TilePage | None
    """The tile page shown instead of the discards, if any."""
    multi: MultiClaim | None
    """Several claims in one decision (ずーの's multi-ron), when this decision is one."""


def panel_spec(
    *,
    game_id: int,
    title: str,
    view: SeatView,
    decision: Decision | None,
    waiting_for: Sequence[str],
    names: Sequence[str],
    tiles: Sequence[Tile],
    mode: PanelMode = "discard",
    auto: bool = False,
    dm: bool = False,
    over: bool = False,
    notice: str = "",
    locale: Locale | None = None,
    dm_offered: bool = True,
    auto_options: AutoOptions | None = None,
    now: float | None = None,
    emojis: TileEmojis | None = None,
) -> MessageSpec:
    """A seat's private panel: its situation in words and one button per legal action.

    Discards get one button per distinct tile face (the drawn tile green, last). Riichi (and any
    other tile page of the variant's) is a toggle that swaps the tile buttons for riichi discards:
    14 discards plus 14 riichi discards would not fit in one message's 25 buttons. Other actions
    follow on their own rows, then the utility buttons. Every action of the decision is on the
    panel in some mode; should the buttons ever exceed 5 rows of 5 anyway, they are packed
    tighter, and what still does not fit is logged as an error (see :func:`_layout`).

    ``dm_offered`` False leaves out the DM button: its process gets no DM clicks (shard 0's does).
    ``auto_options`` are the player's (the defaults if not given): in the ``auto`` mode one button
    each, showing its state, in place of the tiles and calls; in any other, a ⚙ Auto button.
    ``now`` (Unix time) tells whether the decision's turn seconds are gone and its bank runs.
    The 🌐 button (the panel in the other language) comes last, where a place is spare.
    ``emojis``: the tile emojis the process has; a tile button shows its face's emoji and a short
    mark (:func:`~bot.ui.labels.tile_mark`), or the tile in words where it has none.
    """
    public = view.public
    choice = _choice(game_id, view, decision, mode, playing=not auto and not over)
    lines = [notice] if notice else []
    lines.append(_title(view, locale))
    if over:
        lines.append(text("panel_over", locale))
    elif auto:
        lines.append(text("panel_auto", locale))
    else:
        lines += _prompt(choice, view, decision, waiting_for, names, locale, now)
    settings = choice.mode == AUTO_PAGE and not over
    if settings:
        lines.append(text("panel_auto_options", locale))
    lines += _facts(view, names, over, locale)
    utility = _utility_buttons(
        choice, auto=auto, over=over, dm=dm, dm_offered=dm_offered, settings=settings, locale=locale
    )
    spare = [] if over else [_language_button(choice, locale)]
    if settings:
        options = auto_options if auto_options is not None else AutoOptions()
        auto_buttons = _auto_buttons(choice, options, locale)
        buttons = _layout([], auto_buttons, [*utility, *spare], where=f"game {game_id} auto options")
    else:
        tile_buttons = _tile_buttons(choice, view, tiles, emojis or _NO_EMOJIS, locale)
        calls = _call_buttons(choice, view, names, tiles, locale)
        if _rows(len(tile_buttons)) + _rows(len(calls)) + _rows(len(utility) + len(spare)) > MAX_ROWS:
            spare = []
        buttons = _layout(
            tile_buttons, calls, [*utility, *spare], where=f"game {game_id} seat {view.seat} mode {choice.mode}"
        )
    # The panel's picture shows the whole table, but redrawing every panel for every discard would
    # cost an edit per seat per move; declarations (riichi, melds and kans) change how a hand is
    # played, so they do redraw it (ずーの: 「宣言は即公開」).
    points = public.seats[view.seat].points
    key = (tuple(lines), buttons, view.hand, view.drawn, points, public.round_label, declarations(public))
    return MessageSpec("\n".join(lines), buttons, key)


def _choice(game_id: int, view: SeatView, decision: Decision | None, mode: PanelMode, *, playing: bool) -> _Choice:
    """What the panel offers: nothing to a seat on autopilot or a finished game (``playing``)."""
    ui = variant_ui(view.public.variant)
    # A waiting panel's buttons (DM, I'm back) are never stale, so their ids need no number that
    # moves with every move elsewhere: the panel then reads the same through others' moves and
    # costs no edit each.
    seq = decision.seq if decision is not None else 0
    actions = decision.actions if decision is not None and playing else ()
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    # The auto options are there for a seat that waits too: switching one is no move.
    mode = panel_mode(mode, decision) if actions or mode == AUTO_PAGE else "discard"
    # Several claims in one decision (ずーの's multi-ron): each taken with its own click, then Done.
    multi = ui.multi_claim
    if multi is not None and not (multi.kind in by_kind and (len(by_kind[multi.kind]) > 1 or view.rons_claimed)):
        multi = None
    return _Choice(game_id, seq, actions, by_kind, mode, ui.page(mode), multi)


def _title(view: SeatView, locale: Locale | None) -> str:
    """The round, the seat's wind and its points."""
    public = view.public
    seat_public = public.seats[view.seat]
    wind = wind_name(seat_public.wind, picture_language(locale)) if seat_public.wind is not None else ""
    points = f"{seat_public.points:,}"
    round_label = round_text(public.round_label, locale)
    if wind:
        return text("panel_title", locale, round=round_label, wind=wind, points=points)
    return text("panel_title_no_wind", locale, round=round_label, points=points)


def _prompt(
    choice: _Choice,
    view: SeatView,
    decision: Decision | None,
    waiting_for: Sequence[str],
    names: Sequence[str],
    locale: Locale | None,
    now: float | None,
) -> list[str]:
    """What the seat is asked to do and its clock (:func:`_clock`); or whom it waits for."""
    public, by_kind = view.public, choice.by_kind
    if decision is None or set(by_kind) <= FREE_KINDS:
        # The seat that plays on after a claim window is not told to wait for itself.
        others = [name for name in waiting_for if not 0 <= view.seat < len(names) or name != names[view.seat]]
        if others:
            return [text("panel_wait", locale, names=", ".join(others))]
        return [text("panel_wait_others", locale)]
    clock = _clock(decision, now, locale)
    if choice.page is not None:
        return [text(choice.page.prompt, locale), *clock]
    if "pick" in by_kind:
        return [text("panel_pick", locale), *clock]
    if "discard" in by_kind:
        return [text("panel_turn", locale), *clock]
    if public.phase == Phase.DEAL:
        # The deal step (いなげ's flowers, 西 and 北): no discard exists yet to call.
        return [text("panel_deal", locale), *clock]
    if public.turn == view.seat and "pass" not in by_kind:
        # The seat's own turn without a discard to choose (a forced kan, チンイツゲーム's 強制カン):
        # no discard is on offer to call.
        return [text("panel_turn_act", locale), *clock]
    if choice.multi is not None:
        lines = [text(choice.multi.prompt, locale), *clock]
        if view.rons_claimed:
            claimed = ", ".join(names[seat] for seat in view.rons_claimed if 0 <= seat < len(names))
            lines.append(text(choice.multi.claimed, locale, names=claimed))
        return lines
    return [text("panel_claim", locale, what=_on_offer(choice.actions, public, names)), *clock]


def _clock(decision: Decision, now: float | None, locale: Locale | None) -> list[str]:
    """The decision's clock as the panel's own line: when the turn's seconds end and when the
    bank after them does, two Discord timestamps that count down in the player's client (as
    Tenhou and Mahjong Soul show the turn's seconds and the bank apart); once the turn's seconds
    are gone (``now``, Unix time, past them), only the bank's end. Everything is rounded up
    (:func:`~bot.ui.labels.deadline_text`), so the clock never claims less time than is left.
    No line when nobody waits on a clock."""
    deadline, turn_ends = decision.deadline, decision.turn_ends
    if deadline is None:
        return []
    if turn_ends is None:
        return [text("panel_clock", locale, deadline=deadline_text(deadline))]
    bank = math.ceil(deadline - turn_ends)
    if bank <= 0:
        return [text("panel_clock_no_bank", locale, turn=deadline_text(turn_ends))]
    if now is not None and now >= turn_ends:
        return [text("panel_clock_bank", locale, deadline=deadline_text(deadline))]
    turn = deadline_text(turn_ends)
    return [text("panel_clock_turn", locale, turn=turn, bank=bank, deadline=deadline_text(deadline))]


def _facts(view: SeatView, names: Sequence[str], over: bool, locale: Locale | None) -> list[str]:
    """What the seat should know besides: its locked choice, the table's note, who is in riichi
    (and their open waits), its own waits, the variant's word to it."""
    public = view.public
    lines: list[str] = []
    # A locked-in simultaneous choice (ずーの's) stays private (this panel only) and may be switched.
    locked, locked_tsumo = view.locked, view.locked_tsumo
    if (locked is not None or locked_tsumo) and not over:
        what = tile_label(locked, locale) if locked is not None and not locked_tsumo else text("locked_tsumo", locale)
        lines.append(text("panel_locked", locale, what=what))
    if public.note:
        lines.append(public.note)
    in_riichi = [names[seat.seat] for seat in public.seats if seat.riichi and seat.seat != view.seat]
    if in_riichi and not over:
        # Public, and it changes what is safe to discard: said in words, not only drawn.
        lines.append(text("panel_others_riichi", locale, names=", ".join(in_riichi)))
        for seat in public.seats:
            if seat.open_waits and seat.seat != view.seat:
                waits = " ".join(kind_name(kind) for kind in seat.open_waits)
                lines.append(text("panel_open_waits", locale, name=names[seat.seat], tiles=waits))
    if view.waits and not over:
        waits = " ".join(kind_name(kind) for kind in view.waits)
        furiten = text("panel_furiten", locale) if view.furiten else ""
        lines.append(text("panel_waits", locale, tiles=waits) + furiten)
    if view.private_note and not over:
        # The variant's word to this seat alone (a forced kan, why a wait may not win, a vote):
        # drawn in the hand image too, but said here so it reads without the picture.
        lines.append(text("panel_note", locale, note=view.private_note))
    return lines


def _tile_buttons(
    choice: _Choice, view: SeatView, tiles: Sequence[Tile], emojis: TileEmojis, locale: Locale | None
) -> list[ButtonSpec]:
    """One button per tile the seat may discard (or pick, or play on the tile page shown): its
    emoji and what the picture may not tell, or the tile in words."""
    page, by_kind = choice.page, choice.by_kind
    # A draft offers picks instead of discards; they lay out the same way.
    tile_kind = page.kind if page is not None else "pick" if "pick" in by_kind else "discard"
    tile_actions = by_kind.get(tile_kind, [])
    drawn = view.drawn
    # The engine offers the drawn tile itself for its face, so at most one button matches it.
    tile_actions.sort(key=lambda a: drawn is not None and tiles[action_args(a)[0]] == drawn)
    buttons: list[ButtonSpec] = []
    for action in tile_actions:
        tile = action_args(action)[0]
        is_drawn = drawn is not None and tiles[tile] == drawn
        style: Style = "danger" if page is not None else "success" if is_drawn else "secondary"
        custom_id = ActionId(choice.game_id, choice.seq, action.kind, action_args(action)).custom_id
        face = tiles[tile]
        emoji = emojis.get(face)
        label = tile_mark(face, locale) if emoji is not None else tile_label(face, locale)
        buttons.append(ButtonSpec(custom_id, label, style, emoji=emoji))
    return buttons


def _call_buttons(
    choice: _Choice, view: SeatView, names: Sequence[str], tiles: Sequence[Tile], locale: Locale | None
) -> list[ButtonSpec]:
    """Every other action (the common calls first), pass, and the tile pages' toggles."""
    game_id, seq, by_kind, page = choice.game_id, choice.seq, choice.by_kind, choice.page
    tile_pages = variant_ui(view.public.variant).tile_pages
    calls: list[ButtonSpec] = []
    # Tile choices are laid out above and pass comes last; ``time_up`` is the clock's to send (a
    # timed table's), never a player's button.
    laid_out = {"discard", "pick", "pass", TimeUp.kind, *(page.kind for page in tile_pages)}
    rest = sorted(set(by_kind) - laid_out - set(CALL_ORDER))
    for kind in [*(kind for kind in CALL_ORDER if kind in by_kind), *rest]:
        for action in by_kind[kind]:
            label = action_label(action, view.public, names, tiles, locale)
            colour: Style = "success" if isinstance(action, Tsumo | Ron) else "primary"
            calls.append(ButtonSpec(ActionId(game_id, seq, kind, action_args(action)).custom_id, label[:80], colour))
    if "pass" in by_kind:
        multi = choice.multi
        label = text(multi.done if multi is not None and view.rons_claimed else "button_pass", locale)
        calls.append(ButtonSpec(ActionId(game_id, seq, "pass").custom_id, label, "secondary"))
    if page is not None:
        back = text("button_cancel_riichi", locale)
        calls.append(ButtonSpec(PanelId(game_id, seq, "discard").custom_id, back, "secondary"))
    for other in tile_pages:
        if other is not page and other.kind in by_kind:
            calls.append(ButtonSpec(PanelId(game_id, seq, other.name).custom_id, text(other.button, locale), "danger"))
    return calls


def _auto_buttons(choice: _Choice, options: AutoOptions, locale: Locale | None) -> list[ButtonSpec]:
    """One button per auto option, showing its state (green and ON, grey and OFF), then Back to
    the tiles."""
    buttons: list[ButtonSpec] = []
    for option in AutoOption:
        on = option.is_on(options)
        label = text("auto_on" if on else "auto_off", locale, option=text(f"button_auto_{option.value}", locale))
        style: Style = "success" if on else "secondary"
        buttons.append(ButtonSpec(PanelId(choice.game_id, choice.seq, option.value).custom_id, label, style))
    back = text("button_cancel_riichi", locale)
    buttons.append(ButtonSpec(PanelId(choice.game_id, choice.seq, "discard").custom_id, back, "secondary"))
    return buttons


def _utility_buttons(
    choice: _Choice, *, auto: bool, over: bool, dm: bool, dm_offered: bool, settings: bool, locale: Locale | None
) -> list[ButtonSpec]:
    """I'm back (on autopilot), the panel's DM switch (where this process takes DM clicks), and
    ⚙ Auto (unless the auto options are shown already: ``settings``)."""
    game_id, seq = choice.game_id, choice.seq
    utility: list[ButtonSpec] = []
    if auto and not over:
        utility.append(ButtonSpec(PanelId(game_id, seq, "back").custom_id, text("button_back", locale), "success"))
    if not over and dm_offered:
        op, label = ("here", "button_here") if dm else ("dm", "button_dm")
        utility.append(ButtonSpec(PanelId(game_id, seq, op).custom_id, "📬 " + text(label, locale), "secondary"))
    if not over and not settings:
        utility.append(ButtonSpec(PanelId(game_id, seq, AUTO_PAGE).custom_id, text("button_auto", locale), "secondary"))
    return utility


def _language_button(choice: _Choice, locale: Locale | None) -> ButtonSpec:
    """🌐: the panel in the other language from now on (the sandbox page's language switch
    presses it too). It only takes a spare place: a crowded panel goes without it."""
    other = "locale-en" if is_japanese(locale) else "locale-ja"
    label = text("button_language", locale)
    return ButtonSpec(PanelId(choice.game_id, choice.seq, other).custom_id, label, "secondary")


def _rows(count: int) -> int:
    return math.ceil(count / ROW_SIZE)


def _layout(
    tile_buttons: Sequence[ButtonSpec], calls: Sequence[ButtonSpec], utility: Sequence[ButtonSpec], *, where: str
) -> tuple[ButtonSpec, ...]:
    """Give the buttons their rows: Discord shows at most 5 rows of 5 buttons.

    Each group starts a row of its own when that fits; otherwise the calls and the utility
    buttons share rows, and failing that every button is packed five to a row. A panel that
    still has more than 25 buttons loses the last ones (utility buttons go first), and that is
    logged as an error: no variant's decision should ever come to that, and tests check it.
    """
    groups: list[Sequence[ButtonSpec]]
    if _rows(len(tile_buttons)) + _rows(len(calls)) + _rows(len(utility)) <= MAX_ROWS:
        groups = [tile_buttons, calls, utility]
    elif _rows(len(tile_buttons)) + _rows(len(calls) + len(utility)) <= MAX_ROWS:
        groups = [tile_buttons, [*calls, *utility]]
    else:
        groups = [[*tile_buttons, *calls, *utility]]
    laid: list[ButtonSpec] = []
    row = 0
    for group in groups:
        for start in range(0, len(group), ROW_SIZE):
            laid += [dataclasses.replace(spec, row=row) for spec in group[start : start + ROW_SIZE]]
            row += 1
    if len(laid) > MAX_ROWS * ROW_SIZE:
        kept = [*tile_buttons, *calls, *utility][: MAX_ROWS * ROW_SIZE]
        dropped = [spec.custom_id for spec in [*tile_buttons, *calls, *utility][MAX_ROWS * ROW_SIZE :]]
        log.error("panel overflow (%s): %d buttons, dropped %s", where, len(laid), dropped)
        laid = [dataclasses.replace(spec, row=index // ROW_SIZE) for index, spec in enumerate(kept)]
    return tuple(laid)


def _on_offer(actions: Sequence[Action], view: PublicView, names: Sequence[str]) -> str:
    """ "Bob · 5p": the discards a claim decision may take, by the seats its actions claim from
    (ずーの's revealed discards), else the last discard (public information)."""
    sources = dict.fromkeys(
        source
        for action in actions
        if isinstance(source := getattr(action, "from_seat", None), int) and 0 <= source < len(view.seats)
    )
    offered = [
        f"{names[seat]} · {tile_label(view.seats[seat].river[-1].tile)}" for seat in sources if view.seats[seat].river
    ]
    return ", ".join(offered) if offered else _last_discard(view, names)


def _last_discard(view: PublicView, names: Sequence[str]) -> str:
    """ "Bob's 5p": the discard on offer (public information)."""
    if view.last_discard is None:
        return ""
    seat, index = view.last_discard
    river = view.seats[seat].river
    if not 0 <= index < len(river):
        return ""
    return f"{names[seat]} · {tile_label(river[index].tile)}"
