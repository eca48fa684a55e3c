"""Buttons: one DynamicItem that receives every ``jt:`` click, and a router that hands each
parsed id to the ``bot.ui`` module that handles its kind.

Why one DynamicItem for all ids: discord.py only answers ids that match a registered template,
and an id that matches none (forged, or from an older version) would go unanswered ("This
interaction failed"). A single broad template lets :func:`~bot.runtime.customid.parse` reject
such ids with an explanation, in the same place that turns every error into a reply.

The click path runs one way: :class:`JantakuButton` -> :class:`ButtonRouter` -> the kind's
handler (:mod:`bot.ui.table_clicks`, :mod:`bot.ui.lobby_clicks`, :mod:`bot.ui.leaderboard`) ->
the actor (:mod:`bot.runtime`) -> the presenter. The cogs only declare slash commands.

Messages carry their buttons in a :class:`~bot.ui.components.StaticView` (see there why never a
DynamicItem instance).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, runtime_checkable

import discord

from bot.runtime.customid import (
    TEMPLATE,
    ActionId,
    ButtonId,
    CancelGameId,
    LeaderboardId,
    LobbyId,
    PanelId,
    TableId,
    parse,
)
from bot.runtime.errors import InvalidButton
from bot.runtime.options import Clock
from bot.ui.leaderboard import Leaderboards
from bot.ui.lobby_clicks import LobbyClicks
from bot.ui.replies import STARTED, reply_error
from bot.ui.table_clicks import TableClicks

__all__ = ["ButtonRouter", "JantakuButton", "RoutingClient"]

log = logging.getLogger(__name__)


class ButtonRouter:
    """Hands each kind of parsed custom_id to its handler."""

    def __init__(self, clock: Clock, *, table: TableClicks, lobbies: LobbyClicks, leaderboards: Leaderboards) -> None:
        self._clock = clock
        self._table = table
        self._lobbies = lobbies
        self._leaderboards = leaderboards

    async def dispatch(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """Parse, route and run; every error becomes an ephemeral reply here."""
        interaction.extras.setdefault(STARTED, self._clock())
        try:
            await self._route(interaction, parse(custom_id))
        except Exception as error:
            await reply_error(interaction, error)

    async def _route(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        match button:
            case ActionId():
                await self._table.on_action(interaction, button)
            case PanelId():
                await self._table.on_panel(interaction, button)
            case TableId():
                await self._table.on_table(interaction, button)
            case LobbyId():
                await self._lobbies.on_button(interaction, button)
            case CancelGameId():
                await self._lobbies.on_cancel_game(interaction, button)
            case LeaderboardId():
                await self._leaderboards.on_page(interaction, button)
            case _:
                raise InvalidButton()


@runtime_checkable
class RoutingClient(Protocol):
    """A client that routes button clicks (JantakuBot)."""

    buttons: ButtonRouter


class JantakuButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Receives every click on a ``jt:`` button, sent by any version of the bot."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JantakuButton:
        # Must not raise: discord.py only logs errors here and leaves the click unanswered.
        button = item if isinstance(item, discord.ui.Button) else discord.ui.Button(custom_id=match.group(0))
        return cls(button)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = interaction.client
        custom_id = self.item.custom_id or ""
        if isinstance(client, RoutingClient):
            await client.buttons.dispatch(interaction, custom_id)
        else:  # pragma: no cover - the class is only registered by JantakuBot
            log.error("a jt: button was clicked on a client without a router")
