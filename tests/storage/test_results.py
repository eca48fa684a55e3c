"""Hand and final results, ratings, leaderboards, player stats and history.

The ``season`` fixture plays three games in guild 1 between Alice (1), Bob (2), Carol (3) and
CPUs, spread over 30 days, so every number below can be checked by hand:

====  =======  ==========================  ======================================================
game  day      seats                       hands
====  =======  ==========================  ======================================================
A     0        Alice, Bob, Carol, CPU      Alice (riichi) rons Bob for 8000; draw, Carol riichi+tenpai
B     20       Bob, Alice, CPU, Carol      Bob tsumo 3000; Carol (riichi) rons Alice (riichi) 2000
C     30       Carol, CPU, CPU, Bob        Bob rons Carol for 12000
====  =======  ==========================  ======================================================

"Now" is day 30 plus an hour, so the 30-day window drops game A and the 7-day one keeps only C.
"""

from __future__ import annotations

import pytest

from bot.engine.game import Outcome
from bot.storage import (
    GameStateError,
    GameStatus,
    HandResult,
    HandRow,
    LeaderboardRow,
    Period,
    Store,
)
from bot.storage.ratings import Skill, initial_skill
from tests.storage.helpers import NISHOKU, FakeClock, cpu, draw, human, play_out, ron, tsumo

ALICE, BOB, CAROL = 1, 2, 3


@pytest.fixture
async def season(store: Store, clock: FakeClock) -> Store:
    await play_out(
        store,
        [human(ALICE), human(BOB), human(CAROL), cpu()],
        [1, 4, 2, 3],
        [ron(0, 1, 8000, riichi=[0]), draw(riichi=[2], tenpai=[2])],
        channel_id=100,
    )
    clock.advance(days=20)
    await play_out(
        store,
        [human(BOB), human(ALICE), cpu(), human(CAROL)],
        [1, 4, 3, 2],
        [tsumo(0, 3000), ron(3, 1, 2000, riichi=[1, 3])],
        channel_id=101,
    )
    clock.advance(days=10)
    await play_out(
        store,
        [human(CAROL), cpu(1), cpu(2), human(BOB)],
        [4, 2, 3, 1],
        [ron(3, 0, 12_000)],
        channel_id=100,
    )
    clock.advance(hours=1)
    return store


def by_user(rows: list[LeaderboardRow]) -> dict[int, LeaderboardRow]:
    return {row.user_id: row for row in rows}


# --- hands --------------------------------------------------------------------------------------


async def test_hands_read_back_and_rerecording_replaces(store: Store) -> None:
    game_id = await store.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1), human(2), cpu(1), cpu(2)], host_id=1)
    first = ron(0, 2, 3900, riichi=[0, 1])
    await store.results.record_hand(game_id, 0, "東1局", first)
    await store.results.record_hand(game_id, 1, "東2局", draw(tenpai=[1, 3]))
    await store.results.record_hand(game_id, 1, "東2局", tsumo(1, 6000))  # a replay after a crash records again
    assert await store.results.hands(game_id) == [
        HandRow(game_id, 0, "東1局", first),
        HandRow(game_id, 1, "東2局", tsumo(1, 6000)),
    ]


async def test_a_hand_must_cover_every_seat(store: Store) -> None:
    game_id = await store.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1), cpu(1), cpu(2)], host_id=1)
    with pytest.raises(ValueError, match="3 seats"):
        await store.results.record_hand(game_id, 0, "東1局", draw(seats=4))


@pytest.mark.parametrize(
    ("winner", "from_seat", "tenpai"),
    [
        pytest.param(None, 1, (), id="discarder-without-winner"),
        pytest.param(1, 1, (), id="self-deal-in"),
        pytest.param(4, None, (), id="no-such-seat"),
        pytest.param(None, None, (1, 1), id="repeated-seat"),
    ],
)
def test_impossible_hand_results_are_refused(
    winner: int | None, from_seat: int | None, tenpai: tuple[int, ...]
) -> None:
    with pytest.raises(ValueError, match=r"seat|deal"):
        HandResult(winner=winner, from_seat=from_seat, changes=(0, 0, 0, 0), tenpai=tenpai)


# --- final results and ratings --------------------------------------------------------------------


async def test_record_final_stores_results_and_finishes_the_game(store: Store, clock: FakeClock) -> None:
    summary = await play_out(store, [human(1), cpu(), human(2), cpu(2)], [2, 1, 4, 3], [ron(1, 2, 8000)])
    assert summary.status is GameStatus.FINISHED
    assert summary.finished_at == clock.now
    assert summary.hands_played == 1
    assert summary.end_reason == "終局"
    assert [(r.placement, r.name, r.points, r.final_score) for r in summary.results] == [
        (1, "CPU 1", 58_000, 8.0),
        (2, "player1", 50_000, 0.0),
        (3, "CPU 2", 50_000, 0.0),
        (4, "player2", 42_000, -8.0),
    ]
    game = await store.games.get(summary.game_id)
    assert (game.status, game.hands_played) == (GameStatus.FINISHED, 1)
    assert await store.games.unfinished() == []


async def test_reported_final_scores_are_kept(store: Store) -> None:
    summary = await play_out(store, [human(1), human(2), human(3)], [1, 2, 3], final_scores=[45.5, -5.0, -40.5])
    assert [r.final_score for r in summary.results] == [45.5, -5.0, -40.5]


async def test_the_winner_gains_rating_and_cpus_are_not_rated(store: Store) -> None:
    # Humans finish 2nd and 4th: the CPUs around them still decide who beat whom.
    summary = await play_out(store, [cpu(1), human(1), cpu(2), human(2)], [1, 2, 3, 4])
    winner, loser = await store.results.rating(1, "nishoku", 1), await store.results.rating(1, "nishoku", 2)
    assert winner is not None
    assert loser is not None
    start = initial_skill()
    assert winner.mu > start.mu > loser.mu
    assert winner.rating > start.rating
    assert winner.rating > loser.rating
    assert winner.rating == pytest.approx(winner.mu - 3 * winner.sigma)
    assert (winner.rated_games, loser.rated_games) == (1, 1)
    results = {r.seat: r for r in summary.results}
    assert results[1].rating_change is not None
    assert results[1].rating_change > 0
    assert results[1].rating_after == pytest.approx(winner.rating)
    assert all(results[seat].rating_before is None and results[seat].rating_change is None for seat in (0, 2))
    stats = await store.stats.player_stats(1, 1, "nishoku")
    assert [rating.user_id for rating in stats.ratings] == [1]


async def test_ratings_carry_over_between_games(store: Store) -> None:
    await play_out(store, [human(1), human(2)], [1, 2])
    after_one = await store.results.rating(1, "nishoku", 1)
    await play_out(store, [human(1), human(2)], [1, 2])
    after_two = await store.results.rating(1, "nishoku", 1)
    assert after_one is not None
    assert after_two is not None
    assert after_two.mu > after_one.mu
    assert after_two.rated_games == 2


async def test_a_lone_human_among_cpus_keeps_their_rating(store: Store) -> None:
    summary = await play_out(store, [human(1), cpu(1), cpu(2), cpu(3)], [1, 2, 3, 4])
    rating = await store.results.rating(1, "nishoku", 1)
    assert rating is not None
    assert (rating.mu, rating.sigma, rating.rated_games) == (initial_skill().mu, initial_skill().sigma, 0)
    assert summary.results[0].rating_change == 0


async def test_ratings_are_per_guild_and_variant(store: Store) -> None:
    await play_out(store, [human(1), human(2)], [1, 2], guild_id=1)
    await play_out(store, [human(1), human(2)], [2, 1], guild_id=2, channel_id=200)
    await play_out(store, [human(1), human(2)], [2, 1], guild_id=1, channel_id=101, variant="goto")
    guild_1, guild_2 = await store.results.rating(1, "nishoku", 1), await store.results.rating(2, "nishoku", 1)
    goto = await store.results.rating(1, "goto", 1)
    assert guild_1 is not None
    assert guild_2 is not None
    assert goto is not None
    assert guild_1.mu > initial_skill().mu > guild_2.mu
    assert goto.mu < initial_skill().mu


async def test_a_game_is_finished_only_once(store: Store) -> None:
    summary = await play_out(store, [human(1), human(2)], [1, 2])
    before = await store.results.rating(1, "nishoku", 1)
    with pytest.raises(GameStateError, match="finished"):
        await store.results.record_final(summary.game_id, Outcome(points=(1, 0), placements=(1, 2)))
    assert await store.results.rating(1, "nishoku", 1) == before


async def test_record_final_is_all_or_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await store.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1), human(2)], host_id=1)

    def half_broken(skills: list[Skill], placements: list[int]) -> list[Skill]:
        return [Skill(30.0, 7.0), Skill(20.0, 0.0)]  # sigma 0 breaks the second rating's CHECK

    monkeypatch.setattr("bot.storage.results.rate_placements", half_broken)
    with pytest.raises(Exception, match=r"(?i)check"):
        await store.results.record_final(game_id, Outcome(points=(60_000, 40_000), placements=(1, 2)))
    assert (await store.games.get(game_id)).status is GameStatus.RUNNING
    assert await store.results.rating(1, "nishoku", 1) is None  # the first player's update was rolled back
    assert await store.stats.history(1) == []


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        pytest.param(Outcome(points=(1, 2, 3), placements=(1, 2, 3)), "2 seats", id="too-many-seats"),
        pytest.param(Outcome(points=(1, 2), placements=(1, 2), final_scores=(1.0,)), "2 seats", id="short-scores"),
        pytest.param(Outcome(points=(1, 2), placements=(0, 3)), "between 1 and 2", id="placements-out-of-range"),
    ],
)
async def test_an_outcome_that_does_not_fit_the_table_is_refused(store: Store, outcome: Outcome, message: str) -> None:
    game_id = await store.games.create(1, 100, "nishoku", NISHOKU, 1, [human(1), human(2)], host_id=1)
    with pytest.raises(ValueError, match=message):
        await store.results.record_final(game_id, outcome)
    assert (await store.games.get(game_id)).is_running


# --- leaderboards ------------------------------------------------------------------------------------


async def test_leaderboard_all_time(season: Store) -> None:
    rows, total = await season.stats.leaderboard(1, "nishoku", order_by="total_score")
    assert total == 3
    assert [(row.rank, row.user_id) for row in rows] == [(1, BOB), (2, ALICE), (3, CAROL)]
    alice, bob, carol = by_user(rows)[ALICE], by_user(rows)[BOB], by_user(rows)[CAROL]
    assert (alice.name, alice.games, alice.average_placement, alice.total_score) == ("player1", 2, 2.5, 5.0)
    assert (alice.hands, alice.wins, alice.deal_ins, alice.riichi_hands) == (4, 1, 1, 2)
    assert (alice.win_rate, alice.deal_in_rate, alice.riichi_rate) == (0.25, 0.25, 0.5)
    assert (bob.games, bob.average_placement, bob.total_score) == (3, 2.0, 7.0)
    assert (bob.hands, bob.wins, bob.deal_ins, bob.riichi_hands) == (5, 2, 1, 0)
    assert (carol.games, carol.total_score) == (3, -11.0)
    assert carol.average_placement == pytest.approx(8 / 3)
    assert (carol.hands, carol.wins, carol.deal_ins, carol.riichi_hands) == (5, 1, 1, 2)
    for row in rows:
        rating = await season.results.rating(1, "nishoku", row.user_id)
        assert rating is not None
        assert (row.rating, row.mu, row.sigma) == (rating.rating, rating.mu, rating.sigma)


@pytest.mark.parametrize(
    ("order_by", "expected"),
    [
        pytest.param("average_placement", [BOB, ALICE, CAROL], id="average-placement-ascending"),
        pytest.param("win_rate", [BOB, ALICE, CAROL], id="win-rate"),
        pytest.param("riichi_rate", [ALICE, CAROL, BOB], id="riichi-rate"),
        pytest.param("games", [BOB, CAROL, ALICE], id="games-then-rating"),
    ],
)
async def test_leaderboard_orders(season: Store, order_by: str, expected: list[int]) -> None:
    rows, _ = await season.stats.leaderboard(1, "nishoku", order_by=order_by)
    assert [row.user_id for row in rows] == expected


async def test_leaderboard_by_rating_is_sorted_by_rating(season: Store) -> None:
    rows, _ = await season.stats.leaderboard(1, "nishoku")
    assert [row.rating for row in rows] == sorted((row.rating for row in rows), reverse=True)
    assert [row.rank for row in rows] == [1, 2, 3]


async def test_deal_in_rate_puts_the_fewest_deal_ins_first(season: Store) -> None:
    rows, _ = await season.stats.leaderboard(1, "nishoku", order_by="deal_in_rate")
    assert [row.deal_in_rate for row in rows] == [0.2, 0.2, 0.25]
    assert rows[-1].user_id == ALICE


@pytest.mark.parametrize(
    ("period", "games"),
    [
        pytest.param("all", {ALICE: 2, BOB: 3, CAROL: 3}, id="all"),
        pytest.param("30d", {ALICE: 1, BOB: 2, CAROL: 2}, id="30d"),
        pytest.param("7d", {BOB: 1, CAROL: 1}, id="7d"),
    ],
)
async def test_leaderboard_periods(season: Store, period: Period, games: dict[int, int]) -> None:
    rows, total = await season.stats.leaderboard(1, "nishoku", period=period)
    assert {row.user_id: row.games for row in rows} == games
    assert total == len(games)


async def test_leaderboard_30d_numbers(season: Store) -> None:
    rows, _ = await season.stats.leaderboard(1, "nishoku", period="30d")
    bob, alice = by_user(rows)[BOB], by_user(rows)[ALICE]
    assert (bob.average_placement, bob.total_score, bob.hands, bob.wins) == (1.0, 15.0, 3, 2)
    assert (alice.average_placement, alice.total_score, alice.deal_ins, alice.riichi_hands) == (4.0, -3.0, 1, 1)


async def test_leaderboard_minimum_games(season: Store) -> None:
    rows, total = await season.stats.leaderboard(1, "nishoku", min_games=3)
    assert {row.user_id for row in rows} == {BOB, CAROL}
    assert total == 2


async def test_leaderboards_are_per_guild_and_variant(season: Store) -> None:
    await play_out(season, [human(ALICE), human(9)], [2, 1], guild_id=2, channel_id=200)
    await play_out(season, [human(ALICE), cpu(), cpu(2)], [1, 2, 3], channel_id=102, variant="goto")
    rows, total = await season.stats.leaderboard(1, "nishoku")
    assert total == 3
    assert 9 not in by_user(rows)
    assert by_user(rows)[ALICE].games == 2
    goto, goto_total = await season.stats.leaderboard(1, "goto")
    assert [(row.user_id, row.games) for row in goto] == [(ALICE, 1)]
    assert goto_total == 1
    assert await season.stats.leaderboard(3, "nishoku") == ([], 0)


async def test_leaderboard_pages(store: Store) -> None:
    players = list(range(101, 113))
    for game in range(6):  # everyone plays twice, in shifting tables of four
        table = [players[(game * 2 + offset) % 12] for offset in range(4)]
        await play_out(store, [human(user) for user in table], [1, 2, 3, 4], channel_id=100 + game)
    pages = [await store.stats.leaderboard(1, "nishoku", offset=offset, limit=5) for offset in (0, 5, 10, 15)]
    assert [len(rows) for rows, _ in pages] == [5, 5, 2, 0]
    assert {total for _, total in pages} == {12}
    everyone = [row for rows, _ in pages for row in rows]
    assert [row.rank for row in everyone] == list(range(1, 13))
    assert sorted(row.user_id for row in everyone) == players
    assert [row.rating for row in everyone] == sorted((row.rating for row in everyone), reverse=True)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        pytest.param({"order_by": "luck"}, "luck", id="order"),
        pytest.param({"period": "1y"}, "1y", id="period"),
        pytest.param({"limit": 0}, "limit", id="limit"),
        pytest.param({"offset": -5}, "offset", id="offset"),
    ],
)
async def test_bad_leaderboard_arguments(store: Store, arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        # Arguments the signature refuses on purpose (a period outside Period), spread from a dict.
        await store.stats.leaderboard(1, "nishoku", **arguments)  # type: ignore[arg-type]


# --- player stats ---------------------------------------------------------------------------------------


async def test_player_stats_for_a_variant(season: Store) -> None:
    alice = await season.stats.player_stats(1, ALICE, "nishoku")
    assert (alice.name, alice.variant, alice.period, alice.games) == ("player1", "nishoku", "all", 2)
    assert alice.placements == (1, 0, 0, 1)
    assert (alice.average_placement, alice.total_score, alice.best_score) == (2.5, 5.0, 8.0)
    assert (alice.hands, alice.wins, alice.tsumo_wins, alice.deal_ins, alice.riichi_hands) == (4, 1, 0, 1, 2)
    assert (alice.win_rate, alice.deal_in_rate, alice.riichi_rate) == (0.25, 0.25, 0.5)
    assert alice.average_win_points == 8000
    assert [(rating.variant, rating.user_id) for rating in alice.ratings] == [("nishoku", ALICE)]
    bob = await season.stats.player_stats(1, BOB, "nishoku")
    assert (bob.wins, bob.tsumo_wins, bob.average_win_points, bob.placements) == (2, 1, 7500, (2, 0, 0, 1))


async def test_player_stats_across_variants_and_periods(season: Store) -> None:
    await play_out(season, [human(ALICE), cpu(), cpu(2)], [1, 2, 3], [tsumo(0, 6000, seats=3)], variant="goto")
    every = await season.stats.player_stats(1, ALICE)
    assert (every.variant, every.games, every.placements, every.wins, every.tsumo_wins) == (None, 3, (2, 0, 0, 1), 2, 1)
    assert {rating.variant for rating in every.ratings} == {"nishoku", "goto"}
    recent = await season.stats.player_stats(1, ALICE, "nishoku", period="7d")
    assert (recent.games, recent.hands, recent.placements, recent.best_score) == (0, 0, (), None)


async def test_stats_of_a_newcomer_are_zeros(store: Store) -> None:
    stats = await store.stats.player_stats(1, 12345, "nishoku")
    assert (stats.name, stats.games, stats.placements, stats.average_placement, stats.total_score) == (
        None,
        0,
        (),
        0.0,
        0.0,
    )
    assert (stats.hands, stats.win_rate, stats.deal_in_rate, stats.riichi_rate, stats.ratings) == (0, 0.0, 0.0, 0.0, ())


# --- history ----------------------------------------------------------------------------------------------


async def test_history_lists_ended_games_newest_first(season: Store, clock: FakeClock) -> None:
    cancelled = await season.games.create(1, 100, "nishoku", NISHOKU, 1, [human(ALICE)], host_id=ALICE)
    await season.games.finish(cancelled, "cancelled", reason="host left")
    await season.games.create(1, 101, "nishoku", NISHOKU, 1, [human(BOB)], host_id=BOB)  # still running: not history

    games = await season.stats.history(1)
    assert [game.channel_id for game in games] == [100, 101, 100]
    newest = games[0]
    assert [(r.placement, r.user_id) for r in newest.results] == [(1, BOB), (2, None), (3, None), (4, CAROL)]
    assert newest.results[0].rating_change is not None
    assert newest.results[0].rating_change > 0
    assert newest.players[0].user_id == CAROL  # seats stay in seat order

    assert [game.channel_id for game in await season.stats.history(1, 101)] == [101]
    assert len(await season.stats.history(1, limit=2)) == 2
    assert [game.channel_id for game in await season.stats.history(1, limit=2, offset=2)] == [100]
    with_cancelled = await season.stats.history(1, 100, include_cancelled=True)
    assert (with_cancelled[0].status, with_cancelled[0].end_reason) == (GameStatus.CANCELLED, "host left")
    assert with_cancelled[0].results == ()
    assert await season.stats.history(2) == []


async def test_a_stored_result_waits_for_its_end_to_be_shown(store: Store) -> None:
    """``record_final`` leaves the end to be shown; ``mark_end_shown`` takes it off the list a
    restart reads, and a cancelled game (no result) is never on it."""
    shown = await play_out(store, [human(ALICE), cpu()], [1, 2], guild_id=1 << 22)
    waiting = await play_out(store, [human(BOB), cpu()], [2, 1])
    cancelled = await store.games.create(1, 200, "nishoku", NISHOKU, 1, [human(CAROL), cpu()], host_id=CAROL)
    await store.games.finish(cancelled, GameStatus.CANCELLED)
    await store.results.mark_end_shown(shown.game_id)
    unshown = await store.results.unshown_ends()
    assert [summary.game_id for summary in unshown] == [waiting.game_id]
    assert [result.placement for result in unshown[0].results] == [1, 2]
    # A shard sees only its own guilds' games (guild 1 is shard 0 of 2; 1 << 22 is shard 1).
    assert [s.game_id for s in await store.results.unshown_ends(shard_ids=[0], shard_count=2)] == [waiting.game_id]
    assert await store.results.unshown_ends(shard_ids=[1], shard_count=2) == []
    await store.results.mark_end_shown(waiting.game_id)
    assert await store.results.unshown_ends() == []
