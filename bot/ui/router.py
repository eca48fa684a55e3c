"""Buttons: one DynamicItem that receives every ``jt:`` click, and a router that hands each
parsed id to the cog that registered for it.

Why one DynamicItem for all ids: discord.py only answers ids that match a registered template,
and an id that matches none (forged, or from an older version) would go unanswered ("This
interaction failed"). A single broad template lets :func:`~bot.runtime.customid.parse` reject
such ids with an explanation, in the same place that turns every error into a reply.

Messages carry their buttons in a :class:`~bot.ui.components.StaticView` (see there why never a
DynamicItem instance).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

import discord

from bot.runtime.customid import TEMPLATE, ButtonId, parse
from bot.runtime.errors import InvalidButton
from bot.runtime.options import Clock
from bot.ui.replies import STARTED, reply_error

__all__ = ["ButtonRouter", "JantakuButton", "RoutingClient"]

log = logging.getLogger(__name__)

IdT = TypeVar("IdT", bound=ButtonId)
Handler = Callable[[discord.Interaction[Any], Any], Awaitable[None]]


class ButtonRouter:
    """Maps each kind of parsed custom_id to the coroutine that handles it."""

    def __init__(self, clock: Clock) -> None:
        self._handlers: dict[type[ButtonId], Handler] = {}
        self._clock = clock

    def register(self, kind: type[IdT], handler: Callable[[discord.Interaction[Any], IdT], Awaitable[None]]) -> None:
        """Send clicks on ``kind`` ids to ``handler`` (a cog does this in ``cog_load``)."""
        self._handlers[kind] = handler

    def unregister(self, kind: type[ButtonId]) -> None:
        """Stop routing ``kind`` (``cog_unload``)."""
        self._handlers.pop(kind, None)

    async def dispatch(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """Parse, route and run; every error becomes an ephemeral reply here."""
        interaction.extras.setdefault(STARTED, self._clock())
        try:
            button = parse(custom_id)
            handler = self._handlers.get(type(button))
            if handler is None:
                raise InvalidButton()
            await handler(interaction, button)
        except Exception as error:
            await reply_error(interaction, error)


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
