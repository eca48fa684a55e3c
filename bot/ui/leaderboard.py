"""A server's leaderboard, ten players a page: ``/mahjong leaderboard`` shows the first page, and
its Previous / Next buttons (``jt:board:…``, handed here by the router) turn it."""

from __future__ import annotations

from typing import Any

import discord

from bot.runtime.customid import LeaderboardId
from bot.runtime.errors import InvalidButton, NoChips
from bot.runtime.i18n import period_name, text
from bot.runtime.shared import Runtime
from bot.runtime.variants import has_chips, variant_class
from bot.storage import PERIODS, LeaderboardRow
from bot.ui.components import ButtonSpec, build_view
from bot.ui.interactions import locale_of, require_guild
from bot.ui.slash import check_choice

__all__ = ["ORDERS", "PAGE", "Leaderboards"]

ORDERS: dict[str, str] = {"rating": "rating", "chips": "chips"}
"""The leaderboard's ``order`` option -> the store's ``order_by``; ``chips`` only for a variant with chips."""
PAGE = 10
"""Players a page."""


class Leaderboards:
    """Draws leaderboard pages from the store's rankings."""

    def __init__(self, runtime: Runtime[Any]) -> None:
        self._runtime = runtime

    async def show(self, interaction: discord.Interaction[Any], variant: str | None, period: str, order: str) -> None:
        """``/mahjong leaderboard``: the first page of ``variant`` (default: the server's)."""
        guild_id, _ = require_guild(interaction)
        name = variant if variant else (await self._runtime.store.guilds.settings(guild_id)).default_variant
        key = variant_class(name).variant
        check_choice("period", period, PERIODS)
        check_choice("order", order, ORDERS)
        if order == "chips" and not has_chips(key):
            raise NoChips(variant=variant_class(key).title)
        embed, view = await self._page(interaction, guild_id, key, period, 0, order)
        await interaction.response.send_message(embed=embed, view=view)

    async def on_page(self, interaction: discord.Interaction[Any], button: LeaderboardId) -> None:
        """Previous / Next on a leaderboard."""
        guild_id, _ = require_guild(interaction)
        if button.period not in PERIODS or button.order not in ORDERS:
            raise InvalidButton()
        key = variant_class(button.variant).variant
        if button.order == "chips" and not has_chips(key):
            raise InvalidButton()
        embed, view = await self._page(interaction, guild_id, key, button.period, button.offset, button.order)
        await interaction.response.edit_message(embed=embed, view=view)

    async def _page(
        self,
        interaction: discord.Interaction[Any],
        guild_id: int,
        variant: str,
        period: str,
        offset: int,
        order: str = "rating",
    ) -> tuple[discord.Embed, discord.ui.View]:
        locale = locale_of(interaction)
        rows, total = await self._runtime.store.stats.leaderboard(
            guild_id,
            variant,
            period=period,  # type: ignore[arg-type]
            order_by=ORDERS[order],
            offset=offset,
            limit=PAGE,
        )
        title = variant_class(variant).title
        heading = "board_title_chips" if order == "chips" else "board_title"
        embed = discord.Embed(
            title=text(heading, locale, variant=title, period=period_name(period, locale)), colour=0xF9A825
        )
        chips = has_chips(variant)
        lines = [_board_line(row, chips=chips, locale=locale) for row in rows]
        embed.description = "\n".join(lines) or text("board_empty", locale)
        if rows:
            embed.set_footer(text=text("board_footer", locale, first=offset + 1, last=offset + len(rows), total=total))
        buttons = [
            ButtonSpec(
                LeaderboardId(variant, period, max(0, offset - PAGE), order).custom_id,
                "◀ " + text("board_prev", locale),
                disabled=offset == 0,
            ),
            ButtonSpec(
                LeaderboardId(variant, period, offset + PAGE, order).custom_id,
                text("board_next", locale) + " ▶",
                disabled=offset + PAGE >= total,
            ),
        ]
        return embed, build_view(buttons)


def _board_line(row: LeaderboardRow, *, chips: bool, locale: str) -> str:
    """One player on a leaderboard page; with the chips they won in a variant that keeps them."""
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    rank = medals.get(row.rank, f"`{row.rank:>2}.`")
    line = (
        f"{rank} **{discord.utils.escape_markdown(row.name)}** · rating **{row.rating:.1f}** · "
        f"{row.games} games · avg place {row.average_placement:.2f} · "
        f"win {row.win_rate:.0%} · deal-in {row.deal_in_rate:.0%}"
    )
    if chips and row.chip_games:
        line += " · " + text("chips_per_game", locale, chips=row.chips, per_game=row.chips_per_game)
    return line
