"""Lobbies: ``/mahjong new`` opens a table, players join, the host starts or cancels."""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.engine.table import Form, OneOf, Range
from bot.engine.variants import VARIANTS
from bot.runtime.customid import LobbyId
from bot.runtime.errors import ChannelBusy, LobbyGone, LobbySaveFailed, NotHost, NotInLobby
from bot.runtime.i18n import text
from bot.runtime.lobby import Lobby
from bot.runtime.new_options import offered_settings, rules_example
from bot.runtime.options import TIMER_RANGES, TableTimers
from bot.runtime.variants import Setting, build_settings, changed_settings, parse_rules_text, variant_class
from bot.storage import PlayerSeat
from bot.ui.command_i18n import (
    more_rules_description,
    setting_description,
    setting_name,
    variant_command_description,
    variant_command_name,
)
from bot.ui.components import ButtonSpec, build_view
from bot.ui.help import send_help
from bot.ui.replies import STARTED, answered, defer_if_slow, respond, send_ephemeral
from bot.ui.slash import ALLOWED, IN_RULES
from cogs._shared import MahjongCog, can_manage, display_name, guild_locale_of, locale_of, require_guild

if TYPE_CHECKING:
    from bot.app import JantakuBot
    from bot.runtime.actor import TableActor

TURN, BANK = TIMER_RANGES["turn_seconds"], TIMER_RANGES["bank_seconds"]
TIMER_OPTIONS = {
    "turn_seconds": (
        app_commands.Range[int, TURN.low, TURN.high],
        f"Seconds for each decision, {TURN} (default: the server's, 30)",
    ),
    "bank_seconds": (
        app_commands.Range[int, BANK.low, BANK.high],
        f"Extra seconds per player for the whole game, {BANK} (default: the server's, 60)",
    ),
}


class Lobbies(MahjongCog):
    """Open a table, gather players and CPUs, start or cancel the game."""

    async def cog_load(self) -> None:
        await super().cog_load()
        self._drawn: dict[int, str] = {}
        """What each open lobby's message was last drawn with (see :meth:`_unchanged`)."""
        self._new = _new_group(self)
        self.bot.mahjong.add_command(self._new)
        self.bot.buttons.register(LobbyId, self.on_button)

    async def cog_unload(self) -> None:
        self.bot.mahjong.remove_command(self._new.name)
        self.bot.buttons.unregister(LobbyId)
        await super().cog_unload()

    # --- /mahjong new ------------------------------------------------------------------------------

    async def open_table(self, interaction: discord.Interaction[Any], variant_key: str, values: dict[str, Any]) -> None:
        """Open a lobby in this channel with the caller as host."""
        guild_id, channel_id = require_guild(interaction)
        if self.runtime.channel_busy(channel_id):
            raise ChannelBusy()
        guild = await self.runtime.store.guilds.settings(guild_id)
        variant = variant_class(variant_key)
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
        lobby = self.runtime.lobbies.open(
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
                    embed=self._embed(lobby), view=self._view(lobby), allowed_mentions=discord.AllowedMentions.none()
                ),
            )
            # None: an earlier attempt posted the lobby (Discord answered it with an error); ask
            # which message it is.
            message_id = response.message_id if response is not None else (await interaction.original_response()).id
        except BaseException:
            self.runtime.lobbies.close(lobby)
            raise
        lobby.message_id = message_id
        if not await self.runtime.save_lobby(lobby):
            # Not stored, so not opened: a restart would not know it.
            self.runtime.lobbies.close(lobby)
            refused = LobbySaveFailed()
            closed = self._closed_embed(lobby, refused.message(lobby.locale))
            await interaction.edit_original_response(embed=closed, view=build_view(()))
            await send_ephemeral(interaction, refused.message(locale_of(interaction)))

    # --- /mahjong join, leave, start, cancel ------------------------------------------------------

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """Join the table being gathered in this channel."""
        _, channel_id = require_guild(interaction)
        await self._do(interaction, self.runtime.lobbies.in_channel(channel_id), "join")

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Leave the table being gathered in this channel."""
        _, channel_id = require_guild(interaction)
        await self._do(interaction, self.runtime.lobbies.in_channel(channel_id), "leave")

    @app_commands.command(name="start")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """Start the game (host or Manage Server)."""
        _, channel_id = require_guild(interaction)
        await self._do(interaction, self.runtime.lobbies.in_channel(channel_id), "start")

    @app_commands.command(name="cancel")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Cancel this channel's lobby or running game (host or Manage Server)."""
        _, channel_id = require_guild(interaction)
        actor = self.runtime.tables.in_channel(channel_id)
        if actor is not None:
            if not can_manage(interaction, actor.host_id):
                raise NotHost()
            await actor.cancel(display_name(interaction.user))
            await interaction.response.send_message(
                text("game_cancelled", locale_of(interaction), game=actor.game_id, name=display_name(interaction.user)),
                ephemeral=True,
            )
            return
        await self._do(interaction, self.runtime.lobbies.in_channel(channel_id), "cancel")

    async def on_button(self, interaction: discord.Interaction[Any], button: LobbyId) -> None:
        """A lobby button was clicked."""
        lobby = self.runtime.lobbies.get(button.lobby)
        if interaction.channel_id != lobby.channel_id:
            raise LobbyGone()
        await self._do(interaction, lobby, button.op)

    # --- the operations, for buttons and commands alike --------------------------------------------

    async def _do(self, interaction: discord.Interaction[Any], lobby: Lobby, op: str) -> None:
        if op == "help":
            # Anyone may ask, seated or not; the lobby stays as it is.
            await send_help(interaction, self.runtime, lobby.variant)
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
            lobby.check_ready(variant_class(lobby.variant).title)
            if lobby.starting:
                raise LobbyGone()
            lobby.starting = True

            async def start() -> TableActor:
                actor = await self.runtime.tables.start_from_lobby(lobby)
                await self.runtime.close_lobby(lobby)
                return actor

            try:
                # Creating the game writes to the store: on a busy store, acknowledge first.
                actor, _ = await defer_if_slow(
                    interaction,
                    start(),
                    budget=self._budget(interaction),
                    defer=functools.partial(self._defer, interaction, lobby),
                )
            finally:
                lobby.starting = False
            closed = self._closed_embed(lobby, text("lobby_started", lobby.locale, game=actor.game_id))
            await self._update(interaction, lobby, closed, view=build_view(()), note="")
            self._drawn.pop(lobby.id, None)
            return
        if op == "cancel":
            await self.runtime.close_lobby(lobby)
            closed = self._closed_embed(lobby, text("lobby_cancelled", lobby.locale))
            await self._update(interaction, lobby, closed, view=build_view(()), note=text("lobby_cancelled", locale))
            self._drawn.pop(lobby.id, None)
            return
        # Store, then show: a change the clicker was shown survives a crash. A store slower than
        # the answer's budget gets the click acknowledged first.
        stored, _ = await defer_if_slow(
            interaction,
            self.runtime.save_lobby(lobby),
            budget=self._budget(interaction),
            defer=functools.partial(self._defer, interaction, lobby),
        )
        if not stored:
            # What could not be stored does not stand: the lobby message never showed it.
            if undo is not None:
                undo()
            await send_ephemeral(interaction, LobbySaveFailed().message(locale))
            return
        await self._update(interaction, lobby, self._embed(lobby), view=self._view(lobby), note=note)

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
        on_lobby = self._on_lobby(interaction, lobby)
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
            await self.runtime.limiter.acquire()
            channel = self.bot.get_partial_messageable(lobby.channel_id, guild_id=lobby.guild_id)
            await channel.get_partial_message(lobby.message_id).edit(embed=embed, view=view)

    def _unchanged(self, lobby: Lobby, embed: discord.Embed, view: discord.ui.View) -> bool:
        """Whether the lobby message already shows this; if not, it is about to."""
        drawn = json.dumps([embed.to_dict(), view.to_components()], sort_keys=True, default=str)
        if self._drawn.get(lobby.id) == drawn:
            return True
        self._drawn[lobby.id] = drawn
        return False

    async def _redraw(self, lobby: Lobby) -> None:
        """Edit the lobby message to show the lobby as it is now."""
        if lobby.message_id is None:
            return
        await self.runtime.limiter.acquire()
        channel = self.bot.get_partial_messageable(lobby.channel_id, guild_id=lobby.guild_id)
        embed, view = self._embed(lobby), self._view(lobby)
        if self._unchanged(lobby, embed, view):
            return
        with contextlib.suppress(discord.NotFound):
            await channel.get_partial_message(lobby.message_id).edit(embed=embed, view=view)

    @staticmethod
    def _on_lobby(interaction: discord.Interaction[Any], lobby: Lobby) -> bool:
        # A lobby whose message id is not known yet (its /mahjong new is still retrying an
        # answer that Discord had already posted) has its buttons on that one message only.
        return interaction.message is not None and lobby.message_id in (None, interaction.message.id)

    async def _defer(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        if self._on_lobby(interaction, lobby):
            await respond(interaction, interaction.response.defer)
        else:
            await respond(interaction, lambda: interaction.response.defer(ephemeral=True, thinking=True))

    def _budget(self, interaction: discord.Interaction[Any]) -> float:
        options = self.runtime.options
        started = float(interaction.extras.get(STARTED, options.clock()))
        return options.ack_budget - (options.clock() - started)

    # --- drawing -----------------------------------------------------------------------------------

    def _embed(self, lobby: Lobby) -> discord.Embed:
        locale = lobby.locale
        variant = variant_class(lobby.variant)
        embed = discord.Embed(title=text("lobby_title", locale, title=variant.title), colour=0x2E7D32)
        changed = [f"`{s.name}` = {_show(value)}" for s, value in changed_settings(lobby.variant, lobby.settings)]
        lines = [
            text("lobby_host", locale, host=f"<@{lobby.host_id}>"),
            text("lobby_timer", locale, turn=int(lobby.timers.turn_seconds), bank=int(lobby.timers.bank_seconds)),
            f"{text('lobby_settings', locale)}: {', '.join(changed) if changed else text('lobby_defaults', locale)}",
        ]
        embed.description = "\n".join(lines)
        seats = [
            f"{index}. {'🤖 ' if player.is_cpu else ''}{player.name}" for index, player in enumerate(lobby.players, 1)
        ]
        seats += [
            f"{index}. {text('lobby_empty_seat', locale)}" for index in range(len(lobby.players) + 1, lobby.size + 1)
        ]
        embed.add_field(
            name=text("lobby_seats", locale, have=len(lobby.players), needed=lobby.size), value="\n".join(seats)
        )
        return embed

    @staticmethod
    def _closed_embed(lobby: Lobby, note: str) -> discord.Embed:
        title = variant_class(lobby.variant).title
        names = ", ".join(player.name for player in lobby.players)
        return discord.Embed(title=title, description=f"{note}\n{names}", colour=0x546E7A)

    @staticmethod
    def _view(lobby: Lobby) -> discord.ui.View:
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


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _new_group(cog: Lobbies) -> app_commands.Group:
    """``/mahjong new <variant>``: one subcommand per variant, whose options are the few table
    settings its ``ui.py`` offers (``VariantUI.new_options``), the timers, and ``rules`` for
    every setting as ``key=value`` pairs.

    Few options, because Discord counts the names and descriptions of every option of every
    variant against one 8,000-character budget for all of ``/mahjong``.
    """
    group = app_commands.Group(name="new", description="Open a mahjong table in this channel and gather players")
    for variant in VARIANTS:
        group.add_command(_variant_command(cog, variant.variant))
    return group


def _variant_command(cog: Lobbies, key: str) -> app_commands.Command[Any, ..., Any]:
    cls = variant_class(key)
    offered, rest = offered_settings(key)
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    ]
    descriptions: dict[str, str | app_commands.locale_str] = {}
    names: dict[str, str | app_commands.locale_str] = {}  # each setting's own, marked for its Japanese
    # The bot checks each option against its setting's range before the callback runs (the
    # step, which Discord cannot show, too); see bot.ui.slash. ``rules`` is checked when
    # the settings are built.
    allowed: dict[str, Any] = {setting.name: setting.allowed for setting in offered if setting.allowed is not None}
    allowed.update(TIMER_RANGES)
    for setting in offered:
        parameters.append(
            inspect.Parameter(
                setting.name, inspect.Parameter.KEYWORD_ONLY, annotation=_option_type(setting), default=None
            )
        )
        text_of = cls.ui.settings_ja.get(setting.name)
        english = text_of.english if text_of is not None and text_of.english else setting.doc or setting.name
        descriptions[setting.name] = setting_description(key, setting.name, _describe(setting, english))
        names[setting.name] = setting_name(key, setting.name)
    for name, (annotation, description) in TIMER_OPTIONS.items():
        parameters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None))
        descriptions[name] = description
    if rest:
        parameters.append(inspect.Parameter("rules", inspect.Parameter.KEYWORD_ONLY, annotation=str, default=None))
        example = rules_example(rest)
        english = f"Other settings as key=value, e.g. {example} (all of them: /mahjong rules)"
        descriptions["rules"] = more_rules_description(example, english[:100])

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        await cog.open_table(interaction, key, values)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = key  # a dotted qualname would read as a method
    players = str(cls.max_players) if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
    return app_commands.Command(
        name=variant_command_name(key),
        description=variant_command_description(key, f"{cls.title}: open a table for {players} players"),
        callback=app_commands.rename(**names)(app_commands.describe(**descriptions)(callback)),
        extras={ALLOWED: allowed, IN_RULES: frozenset(setting.name for setting in rest)},
    )


def _option_type(setting: Setting) -> Any:
    """The option's annotation: its range or words, so that Discord offers only those."""
    allowed = setting.allowed
    if isinstance(allowed, Range) and setting.type is int:
        return app_commands.Range[int, allowed.low, allowed.high]
    if isinstance(allowed, OneOf) and setting.type is str:
        return Literal[allowed.values]
    if isinstance(allowed, Form) and setting.type is str:
        return app_commands.Range[str, 1, allowed.max_length]
    return setting.type if setting.type in (bool, int, float, str) else str


def _describe(setting: Setting, english: str) -> str:
    """``english`` with the setting's range and default, within Discord's 100 characters."""
    default = f"{setting.default:,}" if type(setting.default) is int else _show(setting.default)
    suffix = (
        f" ({setting.allowed}; default {default})" if isinstance(setting.allowed, Range) else f" (default {default})"
    )
    return english[: 100 - len(suffix)] + suffix if len(english) + len(suffix) > 100 else english + suffix


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Lobbies(bot))


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
