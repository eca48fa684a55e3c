"""Messages as plain data, and the Discord view that carries their buttons.

A :class:`MessageSpec` is what a message says and which buttons it carries; specs are built by
pure functions (:mod:`bot.ui.table_spec`, :mod:`bot.ui.panel_spec`, :mod:`bot.ui.lobby_message`,
:mod:`bot.ui.leaderboard`) so tests can check them without Discord, and :func:`build_view` turns the buttons
into components only when the message is sent.

Messages are sent with plain buttons in a :class:`StaticView`, never with DynamicItem instances:
discord.py drops a DynamicItem's template from its registry when a view that contained one
times out (ephemeral views do after 15 minutes), which would silence every button at once
(see :mod:`bot.ui.router`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

import discord

from bot.ui.emoji import TileEmoji

__all__ = ["ButtonSpec", "MessageSpec", "StaticView", "Style", "build_view"]

Style = Literal["primary", "secondary", "success", "danger"]

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button: its custom_id, label, colour and row, and the emoji before the label (a
    tile's: then the label may be empty)."""

    custom_id: str
    label: str
    style: Style = "secondary"
    row: int = 0
    disabled: bool = False
    emoji: TileEmoji | None = None


@dataclass(frozen=True, slots=True)
class MessageSpec:
    """A message's text and buttons, plus a key that changes whenever the message should."""

    content: str
    buttons: tuple[ButtonSpec, ...]
    key: tuple[Any, ...]


class StaticView(discord.ui.View):
    """A view that only carries buttons; clicks reach :class:`~bot.ui.router.JantakuButton` instead.

    Not dispatchable, so discord.py keeps no per-message copy of it (a copy per table edit would
    pile up forever); ephemeral responses still store one for their 15 minutes.
    """

    def __init__(self) -> None:
        super().__init__(timeout=15 * 60.0)

    def is_dispatchable(self) -> bool:
        """Never: the DynamicItem handles every click."""
        return False


def build_view(buttons: Iterable[ButtonSpec]) -> StaticView:
    """A view holding these buttons in their rows."""
    view = StaticView()
    for spec in buttons:
        view.add_item(
            discord.ui.Button(
                label=spec.label[:80] or None,
                emoji=discord.PartialEmoji(name=spec.emoji.name, id=spec.emoji.id) if spec.emoji is not None else None,
                custom_id=spec.custom_id,
                style=_STYLES[spec.style],
                row=spec.row,
                disabled=spec.disabled,
            )
        )
    return view
