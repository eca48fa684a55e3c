"""Clicks on a running table's buttons, and ``/mahjong hand``: the router hands each parsed id here.

Every handler finds the clicked game's actor, asks it what the click changes (the actor checks
the seat, the decision and the action, and plays it), then lets that table's presenter answer the
click from the snapshot the actor handed it: router -> here -> actor -> presenter, one way. What
is refused is raised, and the router turns it into an ephemeral reply (:mod:`bot.ui.replies`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.runtime.auto_moves import AutoOption
from bot.runtime.customid import AUTO_PAGE, PANEL_LANGUAGES, ActionId, PanelId, TableId
from bot.runtime.errors import InvalidButton, NoTable
from bot.runtime.i18n import text
from bot.runtime.options import RuntimeOptions
from bot.runtime.registry import TableRegistry
from bot.ui.interactions import locale_of, require_guild
from bot.ui.presenter import DiscordPresenter
from bot.ui.replies import budget_left, defer_if_slow, deferring

__all__ = ["TableClicks"]

AUTO_OPTIONS: dict[str, AutoOption] = {option.value: option for option in AutoOption}
"""Each auto option by its panel button's op."""


class TableClicks:
    """The buttons of the table message (My hand, I'm back) and of a panel (actions, tile pages,
    DM on/off, I'm back), and ``/mahjong hand``."""

    def __init__(self, tables: TableRegistry[DiscordPresenter], options: RuntimeOptions) -> None:
        self._tables = tables
        self._options = options

    async def open_hand(self, interaction: discord.Interaction[Any], *, dm: bool | None) -> None:
        """``/mahjong hand``: open the clicker's panel for this channel's game."""
        _, channel_id = require_guild(interaction)
        tables = self._tables
        if tables.in_channel(channel_id) is None and tables.is_starting(channel_id):
            # The start was acknowledged before the game was stored: wait for it (deferring,
            # should that take a while) rather than say there is no game.
            actor, _ = await defer_if_slow(
                interaction,
                tables.in_channel_or_starting(channel_id),
                budget=self._options.ack_budget,
                defer=deferring(interaction, ephemeral=True, thinking=True),
            )
        else:
            actor = tables.in_channel(channel_id)
        if actor is None:
            raise NoTable()
        seat = actor.seat_of(interaction.user.id)
        await tables.presenter(actor).open_panel(interaction, seat, dm=dm)

    async def on_table(self, interaction: discord.Interaction[Any], button: TableId) -> None:
        """ "My hand" or "I'm back" on the public table message."""
        actor = await self._tables.clicked_game(button.game, interaction.guild_id)
        seat = actor.seat_of(interaction.user.id)
        presenter = self._tables.presenter(actor)
        notice = ""
        if button.op == "back":
            await actor.come_back(interaction.user.id)
            notice = text("back_done", locale_of(interaction))
        await presenter.open_panel(interaction, seat, notice=notice)

    async def on_panel(self, interaction: discord.Interaction[Any], button: PanelId) -> None:
        """Panel buttons that do not play: a tile page (riichi…) or the discards, DM on/off, I'm
        back, the auto options and each option's switch."""
        actor = await self._tables.clicked_game(button.game, interaction.guild_id)
        seat = actor.seat_of(interaction.user.id)
        presenter = self._tables.presenter(actor)
        if button.op in PanelId.PAGES or button.op in ("discard", AUTO_PAGE):
            await presenter.answer_click(interaction, seat, mode=button.op)
        elif button.op in AUTO_OPTIONS:
            # Stored before it takes effect, like a move: answered in time however slow the store.
            await defer_if_slow(
                interaction,
                actor.toggle_auto(interaction.user.id, AUTO_OPTIONS[button.op]),
                budget=budget_left(interaction, self._options),
                defer=deferring(interaction),
            )
            await presenter.answer_click(interaction, seat, mode=AUTO_PAGE)
        elif button.op in PANEL_LANGUAGES:
            # The actor keeps the choice; the click is answered with the panel redrawn in it.
            await actor.set_locale(interaction.user.id, PANEL_LANGUAGES[button.op])
            await presenter.answer_click(interaction, seat)
        elif button.op == "dm":
            await presenter.open_panel(interaction, seat, dm=True)
        elif button.op == "here":
            await presenter.stop_dms(interaction, seat)
        elif button.op != "back":
            raise InvalidButton()
        else:
            await actor.come_back(interaction.user.id)
            await presenter.answer_click(interaction, seat, notice=text("back_done", locale_of(interaction)))

    async def on_action(self, interaction: discord.Interaction[Any], button: ActionId) -> None:
        """A game action from a panel: committed by the table's actor, then the panel redrawn."""
        actor = await self._tables.clicked_game(button.game, interaction.guild_id)
        seat, _ = await defer_if_slow(
            interaction,
            actor.act(interaction.user.id, button),
            budget=budget_left(interaction, self._options),
            defer=deferring(interaction),
        )
        await self._tables.presenter(actor).answer_click(interaction, seat)
