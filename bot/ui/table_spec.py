"""The public table message: who is to play and until when, and the My hand / I'm back buttons.

Pure: a view in, a :class:`~bot.ui.components.MessageSpec` out; the presenter sends it with the
table's image.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.engine.table.turns import Phase
from bot.engine.variants import variant_ui
from bot.engine.views import PublicView
from bot.runtime.customid import TableId
from bot.runtime.decisions import Decision
from bot.runtime.i18n import Locale, text
from bot.ui.components import ButtonSpec, MessageSpec
from bot.ui.labels import deadline_text, round_text

__all__ = ["WAITING", "table_picture", "table_spec"]

WAITING: dict[str, str] = {Phase.DEAL: "waiting_deal"}
"""The table's line in a shared phase where nobody is on turn (see also ``VariantUI.waiting``)."""


def table_spec(
    *,
    game_id: int,
    title: str,
    view: PublicView,
    names: Sequence[str],
    decisions: Sequence[Decision],
    auto: Sequence[int],
    over: bool,
    seq: int | None = None,
    wall: str | None = None,
    locale: Locale | None = None,
) -> MessageSpec:
    """The public table message: who is to play and until when (the view's ``deadline``, which
    :func:`~bot.runtime.snapshot.public_table_view` sets), and the My hand / I'm back buttons.

    The buttons carry ``seq``, the sequence number at which this message was posted (default: the
    current one), so they keep their ids while the message is edited and a click that races an
    edit still finds its button.

    While a claim window is shown, the line says that calls are open and on whose tile, with no
    clock and no name of a seat that may call (see :func:`~bot.runtime.snapshot.public_table_view`).
    """
    lines = [
        text(
            "table_header",
            locale,
            title=title,
            game=game_id,
            round=round_text(view.round_label, locale),
            left=view.tiles_left,
        )
    ]
    # The view's deadline, as public_table_view set it: none during a claim window.
    deadline = view.deadline
    if wall and not over:
        lines.append(text("wall_commitment", locale, digest=wall[:16]))
    if view.note:
        # The variant's public word (dice being rolled, ...), as it gives it.
        lines.append(view.note)
    if over:
        lines.append(text("table_over", locale))
    else:
        if view.phase == Phase.CLAIMS and decisions:
            lines.append(_calls_open(view, names, locale))
        elif view.turn is not None and decisions:
            lines.append(text("to_discard", locale, name=names[view.turn], deadline=deadline_text(deadline)))
        elif decisions:
            waiting = variant_ui(view.variant).waiting.get(view.phase) or WAITING.get(view.phase, "waiting_others")
            lines.append(text(waiting, locale, deadline=deadline_text(deadline)))
        if auto:
            lines.append(text("autoplay_note", locale, names=", ".join(names[seat] for seat in auto)))
    buttons: list[ButtonSpec] = []
    if not over:
        seq = view.sequence if seq is None else seq
        hand = "🀄 " + text("button_hand", locale)
        buttons.append(ButtonSpec(TableId(game_id, seq, "hand").custom_id, hand, "primary"))
        if auto:
            buttons.append(ButtonSpec(TableId(game_id, seq, "back").custom_id, text("button_back", locale), "success"))
    key = (tuple(lines), tuple(buttons), view)
    return MessageSpec("\n".join(lines), tuple(buttons), key)


def _calls_open(view: PublicView, names: Sequence[str], locale: Locale | None) -> str:
    """The line of a claim window the channel sees: calls are open, on whose tile (none when the
    window offers several seats' tiles, ずーの's revealed discards). It has no clock: the one the
    window runs on is a claimant's, their turn plus their own bank."""
    if view.calls_on is not None and 0 <= view.calls_on < len(names):
        return text("calls_open_on", locale, name=names[view.calls_on])
    return text("calls_open", locale)


def table_picture(view: PublicView) -> PublicView:
    """What the table image is drawn from: the view less its sequence number, which the image
    does not show (a switched ずーの lock moves the sequence and changes no pixel)."""
    return dataclasses.replace(view, sequence=0)
