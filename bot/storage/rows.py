"""Database rows into the dataclasses of :mod:`bot.storage.models`: the one place that reads a
column by name.

:mod:`bot.storage.store` runs the SQL and hands each query's rows to one function here, so a
renamed column or a new field is one edit, and the SQL side never unpacks a row. The schema's
conventions (``migrations/*/0001_initial.sql``) are undone here: times are Unix seconds in UTC,
booleans 0 or 1, JSON columns text, a game's seed text (a Python int may pass 64 bits) and its
status the :class:`GameStatus` value.

>>> guild_settings(5, None)  # doctest: +NORMALIZE_WHITESPACE
GuildSettings(guild_id=5, default_variant='nishoku', turn_seconds=30, time_bank_seconds=60, hints=True,
              dm_panels=False, locale='')
>>> _first_then_rest(2, [0, 2, 3])
(2, 0, 3)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from bot.engine.table import TableSettings
from bot.engine.variants import find_variant
from bot.storage.models import (
    AutoOptions,
    ChipTotals,
    FinalResult,
    GameRow,
    GameStatus,
    GameSummary,
    GuildSettings,
    HandResult,
    HandRow,
    LeaderboardRow,
    LobbyRow,
    PanelHandle,
    PlayerRating,
    PlayerSeat,
    PlayerStats,
    ScoreTotals,
    UnreadableLobby,
)
from bot.storage.ratings import Skill, initial_skill
from bot.storage.sql import Row

__all__ = [
    "action",
    "count",
    "final_results_by_game",
    "game",
    "game_summary",
    "guild_settings",
    "hands",
    "leaderboard_row",
    "lobby",
    "lobby_data",
    "panel",
    "player_stats",
    "rating",
    "row_id",
    "seat_banks",
    "seats_by_game",
    "skill",
    "table_settings",
]


def _moment(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def _maybe_moment(seconds: int | None) -> datetime | None:
    return None if seconds is None else _moment(seconds)


def _object(text: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(text)
    return value


def _first_then_rest(first: int | None, seats: Sequence[int]) -> tuple[int, ...]:
    """``seats`` with ``first`` (the hands row's seat) leading, as HandResult lists them."""
    if first is None:
        return tuple(seats)
    return (first, *(seat for seat in seats if seat != first))


def count(row: Row | None) -> int:
    """The one value of a ``SELECT COUNT(*)``."""
    return 0 if row is None else int(row[0])


def row_id(row: Row) -> int:
    """A row's ``id`` column (a new game's ``RETURNING id``, a page of history)."""
    return int(row["id"])


def auto_options(row: Row | None) -> AutoOptions:
    """A ``player_options`` row's auto options; no row is a player who never changed them."""
    if row is None:
        return AutoOptions()
    return AutoOptions(
        riichi_discard=bool(row["riichi_discard"]), auto_win=bool(row["auto_win"]), no_calls=bool(row["no_calls"])
    )


def guild_settings(guild_id: int, row: Row | None) -> GuildSettings:
    """A ``guild_settings`` row; no row is a guild that never changed its defaults."""
    if row is None:
        return GuildSettings(guild_id=guild_id)
    return GuildSettings(
        guild_id=guild_id,
        default_variant=row["default_variant"],
        turn_seconds=row["turn_seconds"],
        time_bank_seconds=row["time_bank_seconds"],
        hints=bool(row["hints"]),
        dm_panels=bool(row["dm_panels"]),
        locale=row["locale"],
    )


def seats_by_game(found: Iterable[Row]) -> dict[int, tuple[PlayerSeat, ...]]:
    """``game_players`` rows, ordered by game then seat, as each game's seats in order."""
    seats: dict[int, list[PlayerSeat]] = {}
    for row in found:
        seats.setdefault(row["game_id"], []).append(PlayerSeat(row["user_id"], row["name"], bool(row["is_cpu"])))
    return {owner: tuple(players) for owner, players in seats.items()}


def game(row: Row, players: tuple[PlayerSeat, ...]) -> GameRow:
    """A ``games`` row with its ``action_count``, and the seats :func:`seats_by_game` found for it."""
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        variant=row["variant"],
        settings=_object(row["settings"]),
        seed=int(row["seed"]),
        players=players,
        status=GameStatus(row["status"]),
        created_at=_moment(row["created_at"]),
        finished_at=_maybe_moment(row["finished_at"]),
        end_reason=row["end_reason"],
        hands_played=row["hands_played"],
        action_count=row["action_count"],
        turn_seconds=row["turn_seconds"],
        bank_seconds=row["bank_seconds"],
    )


def final_results_by_game(found: Iterable[Row]) -> dict[int, tuple[FinalResult, ...]]:
    """``final_results`` rows joined with their seat's ``user_id``, ``name`` and ``is_cpu``, per game
    in the order they come (by placement)."""
    results: dict[int, list[FinalResult]] = {}
    for row in found:
        results.setdefault(row["game_id"], []).append(
            FinalResult(
                seat=row["seat"],
                user_id=row["user_id"],
                name=row["name"],
                is_cpu=bool(row["is_cpu"]),
                points=row["points"],
                placement=row["placement"],
                final_score=row["final_score"],
                rating_before=row["rating_before"],
                rating_after=row["rating_after"],
                chips=row["chips"],
            )
        )
    return {owner: tuple(seats) for owner, seats in results.items()}


def game_summary(stored: GameRow, results: tuple[FinalResult, ...]) -> GameSummary:
    """A game as history lists it (no results for a cancelled one)."""
    return GameSummary(
        game_id=stored.id,
        guild_id=stored.guild_id,
        channel_id=stored.channel_id,
        variant=stored.variant,
        status=stored.status,
        created_at=stored.created_at,
        finished_at=stored.finished_at,
        end_reason=stored.end_reason,
        hands_played=stored.hands_played,
        players=stored.players,
        results=results,
    )


def rating(row: Row) -> PlayerRating:
    """A ``ratings`` row."""
    return PlayerRating(
        guild_id=row["guild_id"],
        variant=row["variant"],
        user_id=row["user_id"],
        name=row["name"],
        mu=row["mu"],
        sigma=row["sigma"],
        rating=row["rating"],
        rated_games=row["rated_games"],
        updated_at=_moment(row["updated_at"]),
    )


def skill(row: Row | None) -> Skill:
    """The ``mu`` and ``sigma`` of a ``ratings`` row; no row is a player's first rated game."""
    return initial_skill() if row is None else Skill(row["mu"], row["sigma"])


def leaderboard_row(rank: int, row: Row) -> LeaderboardRow:
    """A row of the leaderboard's ``board``, at ``rank`` (1 is the top of the first page)."""
    return LeaderboardRow(
        rank=rank,
        user_id=row["user_id"],
        name=row["name"],
        games=row["games"],
        average_placement=row["average_placement"],
        total_score=row["total_score"],
        hands=row["hands"],
        wins=row["wins"],
        deal_ins=row["deal_ins"],
        riichi_hands=row["riichi_hands"],
        rating=row["rating"],
        mu=row["mu"],
        sigma=row["sigma"],
        chips=row["chips"],
        chip_games=row["chip_games"],
    )


def player_stats(
    *,
    guild_id: int,
    user_id: int,
    variant: str | None,
    period: str,
    totals: Row,
    placements: Iterable[Row],
    hand_totals: Row,
    name: Row | None,
    ratings: Sequence[PlayerRating],
    chips: Iterable[Row] = (),
    scores: Iterable[Row] = (),
) -> PlayerStats:
    """``/mahjong stats`` from its queries: the game ``totals``, one ``(placement, times)`` row per
    place reached, the hand totals, the player's latest seat ``name`` (None if they never sat), and
    one ``(variant, games, chips)`` row per variant whose games kept chips, and one
    ``(variant, games, total, best)`` row per variant played."""
    places = {row["placement"]: row["times"] for row in placements}
    return PlayerStats(
        guild_id=guild_id,
        user_id=user_id,
        name=name["name"] if name is not None else None,
        variant=variant,
        period=period,
        games=totals["games"],
        placements=tuple(places.get(place, 0) for place in range(1, max(places, default=0) + 1)),
        average_placement=totals["average_placement"] or 0.0,
        total_score=totals["total_score"],
        best_score=totals["best_score"],
        hands=hand_totals["hands"],
        wins=hand_totals["wins"],
        tsumo_wins=hand_totals["tsumo_wins"],
        deal_ins=hand_totals["deal_ins"],
        riichi_hands=hand_totals["riichi_hands"],
        average_win_points=hand_totals["average_win_points"] or 0.0,
        ratings=tuple(ratings),
        chips=tuple(ChipTotals(row["variant"], row["games"], row["chips"]) for row in chips),
        scores=tuple(ScoreTotals(row["variant"], row["games"], row["total"], row["best"]) for row in scores),
    )


def hands(game_id: int, found: Iterable[Row], seats: Iterable[Row]) -> list[HandRow]:
    """A game's ``hands`` rows in order, each with its ``hand_seats`` rows (ordered by hand, then seat)."""
    by_hand: dict[int, list[Row]] = {}
    for row in seats:
        by_hand.setdefault(row["hand_index"], []).append(row)
    result: list[HandRow] = []
    for hand in found:
        hand_seats = by_hand.get(hand["hand_index"], [])
        won = {row["seat"]: row for row in hand_seats if row["won"]}
        winners = _first_then_rest(hand["winner_seat"], list(won))
        result.append(
            HandRow(
                game_id=game_id,
                hand_index=hand["hand_index"],
                label=hand["label"],
                result=HandResult(
                    winner=hand["winner_seat"],
                    from_seat=hand["from_seat"],
                    han=hand["han"],
                    points=hand["points"],
                    changes=tuple(row["point_change"] for row in hand_seats),
                    riichi=tuple(row["seat"] for row in hand_seats if row["riichi"]),
                    tenpai=tuple(row["seat"] for row in hand_seats if row["tenpai"]),
                    winners=winners,
                    win_points=tuple(won[seat]["win_points"] if seat in won else 0 for seat in winners),
                    tsumo=tuple(seat for seat in winners if seat in won and won[seat]["tsumo"]),
                    dealt_in=_first_then_rest(
                        hand["from_seat"], [row["seat"] for row in hand_seats if row["dealt_in"]]
                    ),
                ),
            )
        )
    return result


def action(row: Row) -> dict[str, Any]:
    """The ``action`` JSON of an ``actions`` row, as it was appended."""
    return _object(row["action"])


def seat_banks(found: Iterable[Row]) -> dict[int, float]:
    """``(action, bank)`` rows in log order: each seat's bank after the last of its actions listed."""
    banks: dict[int, float] = {}
    for row in found:
        seat = _object(row["action"]).get("seat")
        if isinstance(seat, int):
            banks[seat] = float(row["bank"])
    return banks


def table_settings(variant: str, data: dict[str, Any]) -> TableSettings:
    """A table's settings as stored (JSON) as the variant's settings dataclass: the store's one
    call into the engine's variant registry. An unknown variant or setting raises ValueError."""
    settings: TableSettings = find_variant(variant).settings_from_json(data)
    return settings


def lobby(row: Row) -> LobbyRow | UnreadableLobby:
    """A ``lobbies`` row: its ``data`` JSON as :func:`lobby_data` wrote it, or, when this release
    cannot read it back, what it holds and why not."""
    try:
        data = _object(row["data"])
        turn, bank = data["timers"]
        return LobbyRow(
            id=int(data["id"]),
            guild_id=int(data["guild_id"]),
            channel_id=int(data["channel_id"]),
            host_id=int(data["host_id"]),
            variant=str(data["variant"]),
            settings=table_settings(str(data["variant"]), dict(data["settings"])),
            turn_seconds=float(turn),
            bank_seconds=float(bank),
            size=int(data["size"]),
            min_size=int(data["min_size"]),
            players=tuple(
                PlayerSeat.cpu(name) if user_id is None else PlayerSeat.human(int(user_id), name)
                for user_id, name in data["players"]
            ),
            message_id=data.get("message_id"),
            locale=data.get("locale"),
        )
    except (KeyError, TypeError, ValueError) as error:
        return UnreadableLobby(id=row["id"], guild_id=row["guild_id"], data=row["data"], error=repr(error))


def lobby_data(lobby: LobbyRow) -> dict[str, Any]:
    """What a ``lobbies`` row's ``data`` holds (:func:`lobby` reads it back): the lobby as JSON,
    its settings as their dataclass writes them."""
    return {
        "id": lobby.id,
        "guild_id": lobby.guild_id,
        "channel_id": lobby.channel_id,
        "host_id": lobby.host_id,
        "variant": lobby.variant,
        "settings": lobby.settings.to_json(),
        "timers": [lobby.turn_seconds, lobby.bank_seconds],
        "size": lobby.size,
        "min_size": lobby.min_size,
        "players": [[player.user_id, player.name] for player in lobby.players],
        "message_id": lobby.message_id,
        "locale": lobby.locale,
    }


def panel(row: Row) -> PanelHandle:
    """A ``panels`` row."""
    return PanelHandle(
        seat=row["seat"],
        opened_at=row["opened_at"],
        mode=row["mode"],
        application_id=row["application_id"],
        token=row["token"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        locale=row["locale"],
        prefers_dm=bool(row["prefers_dm"]),
        shown=row["shown"],
        image=row["image"],
    )
