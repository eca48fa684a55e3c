"""A lobby's buttons, and the commands that do what they do: ``/mahjong new`` opens a lobby (of the
server's default variant unless one is named), Join, Leave, Add CPU, Start and Cancel (buttons,
or ``/mahjong join`` … ``cancel``) change it, Help explains its variant; ``/mahjong cancel`` of a
running game asks first, and its confirmation's buttons come here too. The router hands each
lobby click here; the lobby cog's commands call here.

Store, then show: a change the clicker was shown survives a crash, and one the store refuses is
taken back and never shown. What is refused is raised and becomes an ephemeral reply
(:mod:`bot.ui.replies`).
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable
from typing import Any

import discord

from bot.runtime.actor import TableActor
from bot.runtime.customid import CancelGameId, LobbyId
from bot.runtime.errors import (
    CancelStale,
    ChannelBusy,
    GameOver,
    InvalidButton,
    LobbyGone,
    LobbySaveFailed,
    NotHost,
    NotInLobby,
)
from bot.runtime.i18n import text
from bot.runtime.lobby import Lobby
from bot.runtime.new_options import check_new_options
from bot.runtime.options import TableTimers
from bot.runtime.shared import Runtime
from bot.runtime.variants import build_settings, parse_rules_text, variant_class
from bot.storage import PlayerSeat
from bot.ui.components import build_view
from bot.ui.help import send_help
from bot.ui.interactions import can_manage, display_name, guild_locale_of, locale_of, require_guild
from bot.ui.lobby_message import cancel_game_view, closed_embed, lobby_embed, lobby_view
from bot.ui.pacing import RateLimiter
from bot.ui.presenter import DiscordPresenter
from bot.ui.replies import answered, budget_left, defer_if_slow, respond, send_ephemeral

__all__ = ["LobbyClicks"]


class LobbyClicks:
    """Opens lobbies and runs every operation on one, for its buttons and commands alike."""

    def __init__(self, runtime: Runtime[DiscordPresenter], client: discord.Client, limiter: RateLimiter) -> None:
        self._runtime = runtime
        self._client = client
        self._limiter = limiter
        self._drawn: dict[int, str] = {}
        """What each open lobby's message was last drawn with (see :meth:`_unchanged`)."""

    async def open(
        self, interaction: discord.Interaction[Any], variant_key: str | None, values: dict[str, Any]
    ) -> None:
        """``/mahjong new [variant]``: open a lobby of ``variant_key`` (None: the server's
        ``default_variant``) in this channel with the caller as host; ``values`` are the
        command's other options (settings, timers, ``rules``), all but ``variant_key``'s own
        settings left out (None)."""
        runtime = self._runtime
        guild_id, channel_id = require_guild(interaction)
        if runtime.channel_busy(channel_id):
            raise ChannelBusy()
        guild = await runtime.store.guilds.settings(guild_id)
        variant = variant_class(variant_key if variant_key is not None else guild.default_variant)
        check_new_options(variant.variant, values)
        turn = values.pop("turn_seconds", None)
        bank = values.pop("bank_seconds", None)
        rules = values.pop("rules", None)
        timers = TableTimers(
            turn_seconds=float(turn if turn is not None else guild.turn_seconds),
            bank_seconds=float(bank if bank is not None else guild.time_bank_seconds),
        )
        chosen = {key: value for key, value in values.items() if value is not None}
        if rules:
            # A setting given both ways: the option wins; a rule for a setting left out still counts.
            chosen = {**parse_rules_text(variant.variant, rules), **chosen}
        settings = build_settings(variant.variant, chosen, defaults={"hints": guild.hints})
        lobby = runtime.lobbies.open(
            lobby_id=interaction.id,
            guild_id=guild_id,
            channel_id=channel_id,
            host=PlayerSeat.human(interaction.user.id, display_name(interaction.user)),
            variant=variant.variant,
            settings=settings,
            timers=timers,
            size=variant.max_players,
            min_size=variant.min_players,
            locale=guild_locale_of(interaction) or locale_of(interaction),
        )
        try:
            response = await respond(
                interaction,
                lambda: interaction.response.send_message(
                    embed=lobby_embed(lobby), view=lobby_view(lobby), allowed_mentions=discord.AllowedMentions.none()
                ),
            )
            # None: an earlier attempt posted the lobby (Discord answered it with an error); ask
            # which message it is.
            message_id = response.message_id if response is not None else (await interaction.original_response()).id
        except BaseException:
            runtime.lobbies.close(lobby)
            raise
        lobby.message_id = message_id
        if not await runtime.save_lobby(lobby):
            # Not stored, so not opened: a restart would not know it.
            runtime.lobbies.close(lobby)
            refused = LobbySaveFailed()
            closed = closed_embed(lobby, refused.message(lobby.locale))
            await interaction.edit_original_response(embed=closed, view=build_view(()))
            await send_ephemeral(interaction, refused.message(locale_of(interaction)))

    async def command(self, interaction: discord.Interaction[Any], op: str) -> None:
        """``/mahjong join``, ``leave`` or ``start``: ``op`` on this channel's lobby."""
        _, channel_id = require_guild(interaction)
        await self._do(interaction, self._runtime.lobbies.in_channel(channel_id), op)

    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """``/mahjong cancel``: this channel's running game, after a confirmation (its buttons:
        :meth:`on_cancel_game`), else its lobby at once (host or Manage Server)."""
        _, channel_id = require_guild(interaction)
        actor = self._runtime.tables.in_channel(channel_id)
        if actor is not None:
            if not can_manage(interaction, actor.host_id):
                raise NotHost()
            locale = locale_of(interaction)
            await respond(
                interaction,
                lambda: interaction.response.send_message(
                    text("cancel_confirm", locale, game=actor.game_id),
                    view=cancel_game_view(actor.game_id, locale),
                    ephemeral=True,
                ),
            )
            return
        await self._do(interaction, self._runtime.lobbies.in_channel(channel_id), "cancel")

    async def on_cancel_game(self, interaction: discord.Interaction[Any], button: CancelGameId) -> None:
        """A button of the confirmation :meth:`cancel` sent: "Cancel the game" cancels it (the
        clicker checked again: host or Manage Server), "Keep playing" changes nothing. Either
        answers in place of the confirmation, whose buttons go."""
        guild_id, channel_id = require_guild(interaction)
        if interaction.message is None or not interaction.message.flags.ephemeral:
            raise InvalidButton()  # the bot sends these on its private confirmation only
        locale = locale_of(interaction)
        try:
            actor = await self._runtime.tables.clicked_game(button.game, guild_id)
        except GameOver:
            raise CancelStale(game=button.game) from None  # "the game goes on" would be wrong too
        if actor.channel_id != channel_id:
            raise InvalidButton()
        if button.op == "keep":
            reply = text("cancel_kept", locale)
        else:
            if not can_manage(interaction, actor.host_id):
                raise NotHost()
            name = display_name(interaction.user)
            try:
                # The actor takes one message at a time: of two clicks, the second finds the game over.
                await actor.cancel(name)
            except GameOver:
                raise CancelStale(game=button.game) from None
            reply = text("game_cancelled", locale, game=button.game, name=name)
        await respond(interaction, lambda: interaction.response.edit_message(content=reply, view=build_view(())))

    async def on_button(self, interaction: discord.Interaction[Any], button: LobbyId) -> None:
        """A lobby button was clicked."""
        lobby = self._runtime.lobbies.get(button.lobby)
        if interaction.channel_id != lobby.channel_id:
            raise LobbyGone()
        await self._do(interaction, lobby, button.op)

    # --- the operations, for buttons and commands alike --------------------------------------------

    async def _do(self, interaction: discord.Interaction[Any], lobby: Lobby, op: str) -> None:
        if op == "help":
            # Anyone may ask, seated or not; the lobby stays as it is.
            await send_help(interaction, self._runtime, lobby.variant)
            return
        locale = locale_of(interaction)
        user = interaction.user
        note = ""
        undo: Callable[[], None] | None = None  # takes the change back should the store refuse it
        if op == "join":
            lobby.join(PlayerSeat.human(user.id, display_name(user)))
            note = text("joined", locale)
            undo = functools.partial(_undo_join, lobby, user.id)
        elif op == "leave":
            seat, host = next((i for i, p in enumerate(lobby.players) if p.user_id == user.id), 0), lobby.host_id
            undo = functools.partial(_undo_leave, lobby, seat, lobby.leave(user.id), host)  # NotInLobby first
            note = text("left", locale)
            if not lobby.humans:
                op = "cancel"
        elif op == "cpu":
            if not can_manage(interaction, lobby.host_id):
                raise NotHost()
            undo = functools.partial(_undo_cpu, lobby, lobby.add_cpu())
        elif op in ("start", "cancel") and not can_manage(interaction, lobby.host_id):
            raise NotHost()

        if op == "start":
            await self._start(interaction, lobby)
            return
        if op == "cancel":
            await self._runtime.close_lobby(lobby)
            closed = closed_embed(lobby, text("lobby_cancelled", lobby.locale))
            await self._update(interaction, lobby, closed, view=build_view(()), note=text("lobby_cancelled", locale))
            self._drawn.pop(lobby.id, None)
            return
        # Store, then show: a change the clicker was shown survives a crash. A store slower than
        # the answer's budget gets the click acknowledged first.
        stored, _ = await defer_if_slow(
            interaction,
            self._runtime.save_lobby(lobby),
            budget=budget_left(interaction, self._runtime.options),
            defer=functools.partial(self._defer, interaction, lobby),
        )
        if not stored:
            # What could not be stored does not stand: the lobby message never showed it.
            if undo is not None:
                undo()
            await send_ephemeral(interaction, LobbySaveFailed().message(locale))
            return
        await self._update(interaction, lobby, lobby_embed(lobby), view=lobby_view(lobby), note=note)

    async def _start(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        """Start the lobby's game (the clicker may: checked) and close the lobby."""
        lobby.check_ready(variant_class(lobby.variant).title)
        if lobby.starting:
            raise LobbyGone()
        lobby.starting = True

        async def start() -> TableActor:
            actor = await self._runtime.tables.start_from_lobby(lobby)
            await self._runtime.close_lobby(lobby)
            return actor

        try:
            # Creating the game writes to the store: on a busy store, acknowledge first.
            actor, _ = await defer_if_slow(
                interaction,
                start(),
                budget=budget_left(interaction, self._runtime.options),
                defer=functools.partial(self._defer, interaction, lobby),
            )
        finally:
            lobby.starting = False
        closed = closed_embed(lobby, text("lobby_started", lobby.locale, game=actor.game_id))
        await self._update(interaction, lobby, closed, view=build_view(()), note="")
        self._drawn.pop(lobby.id, None)

    async def _update(
        self,
        interaction: discord.Interaction[Any],
        lobby: Lobby,
        embed: discord.Embed,
        *,
        view: discord.ui.View,
        note: str,
    ) -> None:
        """Redraw the lobby message: in place for its own buttons, by a channel edit otherwise
        (through the deferred response when :meth:`_defer` acknowledged the click already)."""
        on_lobby = _on_lobby(interaction, lobby)
        deferred = answered(interaction)
        unchanged = self._unchanged(lobby, embed, view)
        if on_lobby and unchanged:
            # A click acknowledged first whose change a later click's answer already drew (both
            # draw the lobby as it is): the acknowledgement was the whole answer.
            if not deferred:
                await respond(interaction, interaction.response.defer)
            return
        if on_lobby:
            if deferred:
                await interaction.edit_original_response(embed=embed, view=view)
            else:
                # Through respond: a dropped connection is answered again, a 40060 took effect.
                await respond(interaction, lambda: interaction.response.edit_message(embed=embed, view=view))
            return
        if deferred:
            await interaction.edit_original_response(content=note or embed.description or "✓")
        else:
            reply = note or embed.description or "✓"
            await respond(interaction, lambda: interaction.response.send_message(reply, ephemeral=True))
        if lobby.message_id is not None and interaction.channel is not None and not unchanged:
            await self._limiter.acquire()
            channel = self._client.get_partial_messageable(lobby.channel_id, guild_id=lobby.guild_id)
            await channel.get_partial_message(lobby.message_id).edit(embed=embed, view=view)

    def _unchanged(self, lobby: Lobby, embed: discord.Embed, view: discord.ui.View) -> bool:
        """Whether the lobby message already shows this; if not, it is about to."""
        drawn = json.dumps([embed.to_dict(), view.to_components()], sort_keys=True, default=str)
        if self._drawn.get(lobby.id) == drawn:
            return True
        self._drawn[lobby.id] = drawn
        return False

    async def _defer(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        if _on_lobby(interaction, lobby):
            await respond(interaction, interaction.response.defer)
        else:
            await respond(interaction, lambda: interaction.response.defer(ephemeral=True, thinking=True))


def _on_lobby(interaction: discord.Interaction[Any], lobby: Lobby) -> bool:
    """Whether the interaction is a click on the lobby's own message.

    A lobby whose message id is not known yet (its /mahjong new is still retrying an answer that
    Discord had already posted) has its buttons on that one message only."""
    return interaction.message is not None and lobby.message_id in (None, interaction.message.id)


def _undo_join(lobby: Lobby, user_id: int) -> None:
    """Take back a join that could not be stored (unless the player left meanwhile)."""
    with contextlib.suppress(NotInLobby):
        lobby.leave(user_id)


def _undo_leave(lobby: Lobby, seat: int, player: PlayerSeat, host_id: int) -> None:
    """Give back a seat whose leaving could not be stored, where it was (if it is still free)."""
    if len(lobby.players) < lobby.size and all(p.user_id != player.user_id for p in lobby.players):
        lobby.players.insert(min(seat, len(lobby.players)), player)
        lobby.host_id = host_id


def _undo_cpu(lobby: Lobby, cpu: PlayerSeat) -> None:
    """Take back a CPU whose seat could not be stored."""
    with contextlib.suppress(ValueError):
        lobby.players.remove(cpu)
