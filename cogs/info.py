"""Reference: ``/mahjong help`` shows how to play here, ``/mahjong rules`` explains a variant,
``/mahjong calc`` scores a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.engine.calc import CALC_VARIANTS, calculate, parse_args
from bot.engine.calculator import CalcError
from bot.engine.table import TableSettings
from bot.runtime.errors import CalcRejected
from bot.runtime.i18n import text
from bot.runtime.rendering import Priority
from bot.runtime.variants import variant_class
from bot.storage import GuildSettings
from bot.ui.help import send_help
from bot.ui.interactions import locale_of
from bot.ui.labels import picture_file
from bot.ui.rules import rules_embed
from cogs._shared import MahjongCog, VariantName
from render import render_tiles

if TYPE_CHECKING:
    from bot.app import JantakuBot

CalcVariant = Literal[tuple(CALC_VARIANTS)]  # type: ignore[valid-type]
DEFAULT_CALC_VARIANT = CALC_VARIANTS[0]
"""The first registered variant the calc scores (the standard rules come last)."""
Wind = Literal["E", "S", "W", "N"]


class Info(MahjongCog):
    """How to play here, rules of each variant and a hand calculator."""

    @app_commands.command(name="help")
    @app_commands.describe(variant="Which game (default: this channel's table, else the server's default)")
    async def help_command(self, interaction: discord.Interaction[Any], variant: VariantName | None = None) -> None:  # type: ignore[valid-type]
        """How a hand goes here, what each button does, and the special rules pictured."""
        await send_help(
            interaction, self.runtime, str(variant) if variant is not None else await self._here(interaction)
        )

    async def _here(self, interaction: discord.Interaction[Any]) -> str:
        """The variant of this channel's table or lobby, else the server's default variant."""
        channel_id = interaction.channel_id
        if channel_id is not None:
            actor = self.runtime.tables.in_channel(channel_id)
            if actor is not None:
                return actor.game.variant
            if self.runtime.lobbies.has(channel_id):
                return self.runtime.lobbies.in_channel(channel_id).variant
        if interaction.guild_id is not None:
            return (await self.runtime.store.guilds.settings(interaction.guild_id)).default_variant
        return GuildSettings(guild_id=0).default_variant

    @app_commands.command(name="rules")
    @app_commands.describe(variant="Which game to explain")
    async def rules(self, interaction: discord.Interaction[Any], variant: VariantName) -> None:  # type: ignore[valid-type]
        """Explain a variant's rules and its table settings."""
        key = variant_class(str(variant)).variant
        embed = rules_embed(key, locale_of(interaction), self._table_settings(interaction, key))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _table_settings(self, interaction: discord.Interaction[Any], variant: str) -> TableSettings | None:
        """The settings of this channel's table or lobby when it plays ``variant``: the rules then
        say what they are at this table. None elsewhere (the defaults)."""
        channel_id = interaction.channel_id
        if channel_id is None:
            return None
        actor = self.runtime.tables.in_channel(channel_id)
        if actor is not None:
            game = actor.game
            return (
                variant_class(game.variant).settings_from_json(game.settings_json())
                if game.variant == variant
                else None
            )
        if self.runtime.lobbies.has(channel_id):
            lobby = self.runtime.lobbies.in_channel(channel_id)
            return lobby.settings if lobby.variant == variant else None
        return None

    @app_commands.command(name="calc")
    @app_commands.rename(seat_wind="seat", round_wind="round")
    @app_commands.describe(
        hand="Every concealed tile including the winning one, e.g. 234567p345678s99s",
        win="The winning tile, e.g. 2p",
        tsumo="Won by tsumo (off: ron)",
        variant=f"Scoring rules (default {DEFAULT_CALC_VARIANT})",
        melds="Open or concealed melds, e.g. pon:777z,ankan:1111p",
        dora="Dora indicators",
        ura="Ura-dora indicators",
        seat_wind="Seat wind (E is the dealer)",
        round_wind="Round wind",
        dealer="The winner is the dealer",
        riichi="Riichi declared",
        double_riichi="Double riichi declared",
        ippatsu="Won within one go-around of riichi",
        haitei="Won on the last tile of the wall",
        houtei="Won on the last discard",
        rinshan="Won on a replacement tile after a kan",
        chankan="Robbed a kan",
        first_turn="Won on the first draw (tenhou/chiihou) or first go-around (renhou)",
    )
    async def calc(
        self,
        interaction: discord.Interaction[Any],
        hand: str,
        win: str,
        tsumo: bool = False,
        variant: CalcVariant = DEFAULT_CALC_VARIANT,  # type: ignore[valid-type]
        melds: str = "",
        dora: str = "",
        ura: str = "",
        seat_wind: Wind = "E",
        round_wind: Wind = "E",
        dealer: bool = False,
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        first_turn: bool = False,
    ) -> None:
        """Score a hand: shows the tiles and the yaku, han and points."""
        argv = ["--variant", str(variant), "--hand", hand, "--win", win, "--tsumo" if tsumo else "--ron"]
        argv += ["--seat", seat_wind, "--round", round_wind]
        for flag, value in (("--melds", melds), ("--dora", dora), ("--ura", ura)):
            if value:
                argv += [flag, value]
        flags = {
            "--dealer": dealer,
            "--riichi": riichi,
            "--double-riichi": double_riichi,
            "--ippatsu": ippatsu,
            "--haitei": haitei,
            "--houtei": houtei,
            "--rinshan": rinshan,
            "--chankan": chankan,
            "--first-turn": first_turn,
        }
        argv += [flag for flag, on in flags.items() if on]
        try:
            request = parse_args(argv)
            result = calculate(request)
        except CalcError as error:
            raise CalcRejected(detail=str(error)) from error
        tiles = list(request.hand) + [tile for _, meld in request.melds for tile in meld]
        png = await self.runtime.renderer.render(Priority.CLICK, render_tiles, tiles)
        locale = locale_of(interaction)
        if result.fu:
            title = text("calc_fu", locale, han=result.han, fu=result.fu, points=f"{result.total:,}")
        else:
            title = text("calc_title", locale, han=result.han, points=f"{result.total:,}")
        if result.limit:
            title += f" · {result.limit}"
        embed = discord.Embed(title=title, colour=0xC62828)
        lines = []
        for yaku in result.yaku:
            value = f"役満×{yaku.yakuman}" if yaku.yakuman else f"{yaku.han} han"
            lines.append(f"{yaku.name} ({yaku.en}) — {value}")
        embed.description = "\n".join(lines) or "—"
        payments = ", ".join(f"{who}: {amount:,}" for who, amount in result.payments.items())
        embed.add_field(name=text("calc_payments", locale), value=payments)
        embed.set_image(url="attachment://hand.png")
        embed.set_footer(text=f"{request.variant} · {hand} · {win} {'tsumo' if tsumo else 'ron'}")
        await interaction.response.send_message(embed=embed, file=picture_file(png, "hand.png", f"{hand} {win}"))


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Info(bot))
