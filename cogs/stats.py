"""Results: leaderboards, a player's stats, recent games and replays of any game.

The leaderboard's pages, and their Previous / Next buttons, are :mod:`bot.ui.leaderboard`'s."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.engine.record import GameRecord, replay
from bot.engine.variants import VARIANTS
from bot.engine.views import StandingsView
from bot.runtime.errors import UnknownGame
from bot.runtime.i18n import has_text, is_japanese, period_name, picture_language, text
from bot.runtime.rendering import Priority
from bot.runtime.snapshot import public_table_view
from bot.runtime.variants import has_chips, variant_class
from bot.storage import PERIODS, ChipTotals, GameNotFoundError, GameStatus, GameSummary, HandRow, ScoreTotals
from bot.storage.results import AVERAGE_SCALE
from bot.ui.interactions import locale_of, require_guild
from bot.ui.labels import picture_file
from bot.ui.replies import PUBLIC_DEFER
from bot.ui.slash import check_choice
from cogs._shared import MahjongCog, VariantName
from render import Language, render_standings, render_table
from render.layout import PUBLIC_BOTTOM
from render.words import word

if TYPE_CHECKING:
    from bot.app import JantakuBot

REGISTRY_ORDER = {cls.variant: index for index, cls in enumerate(VARIANTS)}
PeriodName = Literal["all", "30d", "7d"]
OrderName = Literal["rating", "chips"]
PLACES = ("1st", "2nd", "3rd", "4th", "5th")


class Stats(MahjongCog):
    """Leaderboards, player stats, game history and replays."""

    # --- leaderboard -------------------------------------------------------------------------------

    @app_commands.command(name="leaderboard")
    @app_commands.describe(
        variant="Which game (default: the server's)",
        period="Which games count",
        order="Rank by rating (default) or, in a game with chips, by chips won",
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        variant: VariantName | None = None,  # type: ignore[valid-type]
        period: PeriodName = "all",
        order: OrderName = "rating",
    ) -> None:
        """The server's best players, ten to a page."""
        await self.runtime.leaderboards.show(interaction, str(variant) if variant else None, period, order)

    # --- stats -------------------------------------------------------------------------------------

    @app_commands.command(name="stats")
    @app_commands.describe(
        member="Whose stats (default: yours)", variant="One game only (default: all)", period="Which games count"
    )
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | None = None,
        variant: VariantName | None = None,  # type: ignore[valid-type]
        period: PeriodName = "all",
    ) -> None:
        """A player's record in this server: placements, win and deal-in rates, rating."""
        guild_id, _ = require_guild(interaction)
        locale = locale_of(interaction)
        who: discord.abc.User = member or interaction.user
        check_choice("period", period, PERIODS)
        key = variant_class(str(variant)).variant if variant else None
        store = self.runtime.store.stats
        stats = await store.player_stats(guild_id, who.id, key, period=period)
        title = variant_class(key).title if key else text("stats_all_games", locale)
        embed = discord.Embed(title=text("stats_title", locale, name=who.display_name, variant=title), colour=0x1565C0)
        if stats.games == 0:
            embed.description = text("stats_none", locale, name=who.display_name)
            await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
            return
        places = " · ".join(f"{_place(i + 1, locale)} {count}" for i, count in enumerate(stats.placements))
        field = functools.partial(_field, embed, locale)
        field("games", f"**{stats.games}** ({period_name(period, locale)})")
        field("average_place", f"**{stats.average_placement:.2f}**")
        field("placements", places or "—")
        # Scores of different variants are different units (points, pt, chips): each variant's
        # own, never one sum; in the registry's order, as the variants are listed everywhere.
        scores = sorted(stats.scores, key=lambda each: REGISTRY_ORDER.get(each.variant, len(REGISTRY_ORDER)))
        if key:
            field("total_score", f"**{_score(stats.total_score, key, locale)}**")
            best = stats.best_score
            field("best_game", _score(best, key, locale) if best is not None else "—")
        else:
            field("total_score", "\n".join(_score_line(each, locale) for each in scores), inline=False)
        field("hands", str(stats.hands))
        field("win_rate", text("stats_win_rate", locale, rate=f"{stats.win_rate:.1%}", tsumo=stats.tsumo_wins))
        field("deal_in_rate", f"{stats.deal_in_rate:.1%}")
        field("riichi_rate", f"{stats.riichi_rate:.1%}")
        field("average_win", text("stats_average_win", locale, points=f"{stats.average_win_points:,.0f}"))
        chips = [totals for totals in stats.chips if has_chips(totals.variant)]
        if chips:
            field("chips", _chips_lines(chips, named=key is None, locale=locale), inline=False)
        if stats.ratings:
            ratings = "\n".join(
                f"{variant_class(r.variant).title}: **{r.rating:.1f}** "
                + text("stats_rating_detail", locale, mu=f"{r.mu:.1f}", sigma=f"{r.sigma:.1f}", games=r.rated_games)
                for r in stats.ratings
            )
            field("rating", ratings, inline=False)
        embed.description = _scores_explained([each.variant for each in scores], locale)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    # --- history and replay -------------------------------------------------------------------------

    @app_commands.command(name="history")
    @app_commands.describe(everywhere="Games of the whole server (default: this channel)")
    async def history(self, interaction: discord.Interaction[Any], everywhere: bool = False) -> None:
        """The most recent finished games here, with their results."""
        guild_id, channel_id = require_guild(interaction)
        locale = locale_of(interaction)
        games = await self.runtime.store.stats.history(guild_id, None if everywhere else channel_id, limit=10)
        embed = discord.Embed(title=text("history_title", locale), colour=0x6A1B9A)
        embed.description = "\n".join(_summary_line(game, locale) for game in games) or text("history_none", locale)
        embed.set_footer(text="/mahjong replay game:<id>")
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="replay")
    @app_commands.describe(game="The game's number (see /mahjong history)")
    async def replay(self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1]) -> None:
        """Show how a game went: hand by hand results and the final standings."""
        guild_id, _ = require_guild(interaction)
        locale = locale_of(interaction)
        store = self.runtime.store
        try:
            row = await store.games.get(game)
        except GameNotFoundError:
            raise UnknownGame(game=game) from None
        if row.guild_id != guild_id:
            raise UnknownGame(game=game)
        await interaction.response.defer(thinking=True)
        interaction.extras[PUBLIC_DEFER] = True
        record = await store.games.record(game)
        hands = await store.results.hands(game)
        names = tuple(player.name for player in row.players)
        title = variant_class(row.variant).title
        embed = discord.Embed(title=f"{title} · game #{game}", colour=0x6A1B9A)
        language = picture_language(locale)
        if row.status is GameStatus.RUNNING:
            # Only what everyone at the table can see: the record holds the seed, so every wall.
            # In the language of the answer around it (the asker's), as /mahjong help's picture.
            png = await self.runtime.renderer.render(Priority.CLICK, _running_table, record, names, language)
            embed.description = text("replay_running", locale, game=game)
            embed.set_image(url="attachment://table.png")
            await interaction.followup.send(embed=embed, file=picture_file(png, "table.png", embed.title or ""))
            return
        lines = [_hand_line(hand, names) for hand in hands]
        embed.description = "\n".join(lines)[:4000] or "—"
        if row.status is GameStatus.CANCELLED:
            embed.add_field(name="Cancelled", value=row.end_reason or "—")
            await interaction.followup.send(embed=embed)
            return
        png = await self.runtime.renderer.render(Priority.CLICK, _standings, record, names, language)
        embed.set_image(url="attachment://standings.png")
        log = discord.File(io.BytesIO(record.to_json().encode()), f"game-{game}.json")
        standings = picture_file(png, "standings.png", word("alt_standings", language))
        await interaction.followup.send(embed=embed, files=[standings, log])


def _running_table(record: GameRecord, names: tuple[str, ...], language: Language) -> bytes:
    game = replay(record)
    view = public_table_view(game.public_view(), deadline=None, auto=(), unclaimed=game.unclaimed())
    return render_table(view, names, bottom=PUBLIC_BOTTOM, language=language)


def _standings(record: GameRecord, names: tuple[str, ...], language: Language) -> bytes:
    game = replay(record)
    outcome = game.outcome()
    points = (
        tuple(outcome.points)
        if outcome is not None
        else tuple(game.public_view().seats[s].points for s in range(game.players))
    )
    placements = tuple(outcome.placements) if outcome is not None else tuple(range(1, game.players + 1))
    history = tuple(game.history) or (points,)
    chips: tuple[int, ...] = ()
    if has_chips(record.variant):
        chips = tuple(outcome.chips) if outcome is not None else tuple(game.chips)
    return render_standings(
        StandingsView(
            variant=record.variant,
            names=names,
            final_points=points,
            placements=placements,
            history=history,
            final_scores=tuple(outcome.final_scores) if outcome is not None else (),
            chips=chips,
        ),
        language=language,
    )


def _own_score(variant: str) -> bool:
    """Whether the variant's game reports its own final scores (its ``ui.py`` then says what they
    are: ``stats_score_<variant>``, ``stats_about_<variant>``)."""
    return has_text(f"stats_score_{variant}")


def _score(score: float, variant: str, locale: str) -> str:
    """A stored score as its variant means it: ``-6,000 points``, ``+45.2 pt``, ``+12 chips``."""
    if _own_score(variant):
        return text(f"stats_score_{variant}", locale, score=score)
    # Stored in thousands above the table's average (いなげ麻雀's few points would read 0.0).
    return text("stats_score_points", locale, score=score * AVERAGE_SCALE)


def _score_line(scores: ScoreTotals, locale: str) -> str:
    """One variant's total and best game, for the stats of every variant."""
    variant = scores.variant
    best, total = _score(scores.best, variant, locale), _score(scores.total, variant, locale)
    return text("stats_score_line", locale, variant=variant_class(variant).title, total=total, best=best)


def _scores_explained(variants: Sequence[str], locale: str) -> str:
    """What the scores shown mean: a game's score in each variant (named when several), then
    what the total and the best game count."""
    about = [text(f"stats_about_{v}" if _own_score(v) else "stats_about_average", locale) for v in variants]
    if len(variants) > 1:
        about = [f"**{variant_class(v).title}**: {line}" for v, line in zip(variants, about, strict=True)]
    return "\n".join([*about, text("stats_about_totals", locale)])


def _field(embed: discord.Embed, locale: str, name: str, value: str, *, inline: bool = True) -> None:
    """Add the stats field ``name`` (its title in the reader's language)."""
    embed.add_field(name=text(f"stats_field_{name}", locale), value=value, inline=inline)


def _place(place: int, locale: str) -> str:
    """``1st`` ... in English, ``1着`` ... in Japanese."""
    if is_japanese(locale):
        return f"{place}着"
    return PLACES[place - 1] if place <= len(PLACES) else f"{place}th"


def _chips_lines(chips: Sequence[ChipTotals], *, named: bool, locale: str) -> str:
    """A player's chips, one line per variant (named when the stats cover every variant): chips
    of different variants are different money and are never added together."""
    lines = []
    for totals in chips:
        line = text("chips_per_game", locale, chips=totals.chips, per_game=totals.per_game)
        lines.append(f"{variant_class(totals.variant).title}: {line}" if named else line)
    return "\n".join(lines)


def _summary_line(game: GameSummary, locale: str) -> str:
    when = discord.utils.format_dt(game.finished_at, "R") if game.finished_at else ""
    chips = has_chips(game.variant)
    results = " · ".join(
        f"{r.placement}. {discord.utils.escape_markdown(r.name)} {r.points:,}"
        + (f" ({r.rating_change:+.1f})" if r.rating_change is not None else "")
        + (" " + text("chips_total", locale, chips=r.chips) if chips and r.chips is not None else "")
        for r in game.results
    )
    return f"**#{game.game_id}** {variant_class(game.variant).title} {when} — {results or game.end_reason}"


def _hand_line(hand: HandRow, names: tuple[str, ...]) -> str:
    result = hand.result
    if result.winner is None:
        tenpai = ", ".join(names[seat] for seat in result.tenpai) or "nobody"
        return f"`{hand.label}` draw — tenpai: {tenpai}"
    how = "tsumo" if result.from_seat is None else f"ron off {names[result.from_seat]}"
    return f"`{hand.label}` **{names[result.winner]}** {how} · {result.han} han · {result.points:,}"


async def setup(bot: JantakuBot) -> None:
    await bot.add_cog(Stats(bot))
