"""What a lobby's message shows: its host, clock, changed settings and seats, and its buttons;
the message a started or cancelled lobby leaves behind; and the buttons of ``/mahjong cancel``'s
confirmation of a running game."""

from __future__ import annotations

import discord

from bot.runtime.customid import CancelGameId, LobbyId
from bot.runtime.i18n import Locale, text
from bot.runtime.lobby import Lobby
from bot.runtime.variants import changed_settings, variant_class
from bot.ui.components import ButtonSpec, build_view

__all__ = ["cancel_game_view", "closed_embed", "lobby_embed", "lobby_view", "setting_text"]


def setting_text(value: object) -> str:
    """A setting's value as the lobby and ``/mahjong new`` write it: ``on``/``off`` for a switch."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def lobby_embed(lobby: Lobby) -> discord.Embed:
    """The open lobby: host, clock, the settings it changes from the defaults, and its seats."""
    locale = lobby.locale
    variant = variant_class(lobby.variant)
    embed = discord.Embed(title=text("lobby_title", locale, title=variant.title), colour=0x2E7D32)
    changed = [f"`{s.name}` = {setting_text(value)}" for s, value in changed_settings(lobby.variant, lobby.settings)]
    lines = [
        text("lobby_host", locale, host=f"<@{lobby.host_id}>"),
        text("lobby_timer", locale, turn=int(lobby.timers.turn_seconds), bank=int(lobby.timers.bank_seconds)),
        f"{text('lobby_settings', locale)}: {', '.join(changed) if changed else text('lobby_defaults', locale)}",
    ]
    embed.description = "\n".join(lines)
    seats = [f"{index}. {'🤖 ' if player.is_cpu else ''}{player.name}" for index, player in enumerate(lobby.players, 1)]
    seats += [f"{index}. {text('lobby_empty_seat', locale)}" for index in range(len(lobby.players) + 1, lobby.size + 1)]
    embed.add_field(
        name=text("lobby_seats", locale, have=len(lobby.players), needed=lobby.size), value="\n".join(seats)
    )
    return embed


def closed_embed(lobby: Lobby, note: str) -> discord.Embed:
    """What a started or cancelled lobby's message says instead (``note``), with who sat in it."""
    title = variant_class(lobby.variant).title
    names = ", ".join(player.name for player in lobby.players)
    return discord.Embed(title=title, description=f"{note}\n{names}", colour=0x546E7A)


def cancel_game_view(game_id: int, locale: Locale | None) -> discord.ui.View:
    """``/mahjong cancel``'s confirmation of a running game: Cancel the game, or Keep playing."""
    return build_view(
        (
            ButtonSpec(CancelGameId(game_id, "confirm").custom_id, text("button_cancel_game", locale), "danger"),
            ButtonSpec(CancelGameId(game_id, "keep").custom_id, text("button_keep_playing", locale), "secondary"),
        )
    )


def lobby_view(lobby: Lobby) -> discord.ui.View:
    """Join / Leave / Add CPU / Start / Cancel, and Help on a row of its own."""
    locale = lobby.locale
    buttons = [
        ButtonSpec(LobbyId(lobby.id, "join").custom_id, text("button_join", locale), "primary"),
        ButtonSpec(LobbyId(lobby.id, "leave").custom_id, text("button_leave", locale), "secondary"),
        ButtonSpec(LobbyId(lobby.id, "cpu").custom_id, "🤖 " + text("button_cpu", locale), "secondary"),
        ButtonSpec(LobbyId(lobby.id, "start").custom_id, text("button_start", locale), "success"),
        ButtonSpec(LobbyId(lobby.id, "cancel").custom_id, text("button_cancel", locale), "danger"),
        # A row of its own: Discord shows at most five buttons a row.
        ButtonSpec(LobbyId(lobby.id, "help").custom_id, "❔ " + text("button_help", locale), "secondary", row=1),
    ]
    return build_view(buttons)
