"""Chips (祝儀), the second ledger of some variants: stored per seat with the final results, and
counted per variant in leaderboards and player stats.

Three チンイツゲーム games, one ずーの game and one 二色麻雀 game (which keeps no chips) in guild 1,
between Alice (1), Bob (2), Carol (3) and CPUs:

====  ========  =====  =====================  ==========================
game  variant   day    seats                  final chips
====  ========  =====  =====================  ==========================
A     chinitsu  0      Alice, Bob, Carol      +10, -4, -6
B     chinitsu  20     Bob, Alice, CPU        +3, -7, +4
C     chinitsu  30     Carol, Alice, Bob      -2, +10, -8
D     zuno      30     Alice, Bob, CPU, CPU   +30, -10, -5, -15
E     nishoku   30     Alice, Bob, CPU, CPU   —
====  ========  =====  =====================  ==========================

"Now" is day 30 plus an hour. In チンイツゲーム Carol has more chips than Bob (-8 to -9) but
fewer per game (-4 to -3).
"""

from __future__ import annotations

import pytest

from bot.engine.game import Outcome
from bot.storage import ChipTotals, LeaderboardRow, Store
from tests.storage.helpers import FakeClock, cpu, default_settings, human, play_out

ALICE, BOB, CAROL = 1, 2, 3


@pytest.fixture
async def chips_season(store: Store, clock: FakeClock) -> Store:
    three = [human(ALICE), human(BOB), human(CAROL)]
    await play_out(store, three, [1, 2, 3], variant="chinitsu", chips=[10, -4, -6])
    clock.advance(days=20)
    await play_out(store, [human(BOB), human(ALICE), cpu()], [1, 3, 2], variant="chinitsu", chips=[3, -7, 4])
    clock.advance(days=10)
    await play_out(store, [human(CAROL), human(ALICE), human(BOB)], [3, 1, 2], variant="chinitsu", chips=[-2, 10, -8])
    await play_out(
        store, [human(ALICE), human(BOB), cpu(), cpu(2)], [1, 2, 3, 4], variant="zuno", chips=[30, -10, -5, -15]
    )
    await play_out(store, [human(ALICE), human(BOB), cpu(), cpu(2)], [1, 2, 3, 4])
    clock.advance(hours=1)
    return store


def by_user(rows: list[LeaderboardRow]) -> dict[int, LeaderboardRow]:
    return {row.user_id: row for row in rows}


async def test_final_results_keep_each_seats_chips(store: Store) -> None:
    summary = await play_out(store, [human(ALICE), cpu(), human(BOB)], [2, 1, 3], variant="chinitsu", chips=[3, 5, -8])
    assert [(r.placement, r.seat, r.chips) for r in summary.results] == [(1, 1, 5), (2, 0, 3), (3, 2, -8)]
    (stored,) = await store.stats.history(1)
    assert [r.chips for r in stored.results] == [5, 3, -8]


async def test_a_game_without_chips_stores_none(store: Store) -> None:
    summary = await play_out(store, [human(ALICE), human(BOB), cpu(), cpu(2)], [1, 2, 3, 4])
    assert [r.chips for r in summary.results] == [None] * 4


async def test_chips_that_do_not_fit_the_table_are_refused(store: Store) -> None:
    game_id = await store.games.create(
        1, 100, "chinitsu", default_settings("chinitsu"), 1, [human(ALICE), human(BOB)], host_id=ALICE
    )
    with pytest.raises(ValueError, match="2 seats; the outcome has 3 chip counts"):
        await store.results.record_final(game_id, Outcome(points=(1, 2), placements=(2, 1), chips=(1, 2, -3)))
    assert (await store.games.get(game_id)).is_running


async def test_leaderboard_counts_chips_per_variant(chips_season: Store) -> None:
    rows, total = await chips_season.stats.leaderboard(1, "chinitsu")
    assert total == 3
    alice, bob, carol = (by_user(rows)[user] for user in (ALICE, BOB, CAROL))
    assert (alice.games, alice.chip_games, alice.chips) == (3, 3, 13)
    assert alice.chips_per_game == pytest.approx(13 / 3)
    assert (bob.chip_games, bob.chips, bob.chips_per_game) == (3, -9, -3.0)
    assert (carol.chip_games, carol.chips, carol.chips_per_game) == (2, -8, -4.0)
    zuno, _ = await chips_season.stats.leaderboard(1, "zuno")
    assert [(row.user_id, row.chips, row.chip_games) for row in zuno] == [(ALICE, 30, 1), (BOB, -10, 1)]


async def test_a_variant_without_chips_has_none_on_its_board(chips_season: Store) -> None:
    rows, _ = await chips_season.stats.leaderboard(1, "nishoku")
    assert [(row.chips, row.chip_games, row.chips_per_game) for row in rows] == [(0, 0, 0.0)] * 2


@pytest.mark.parametrize(
    ("order_by", "expected"),
    [
        pytest.param("chips", [ALICE, CAROL, BOB], id="total"),
        pytest.param("chips_per_game", [ALICE, BOB, CAROL], id="per-game"),
    ],
)
async def test_leaderboard_by_chips(chips_season: Store, order_by: str, expected: list[int]) -> None:
    rows, _ = await chips_season.stats.leaderboard(1, "chinitsu", order_by=order_by)
    assert [row.user_id for row in rows] == expected


async def test_leaderboard_chips_follow_the_period(chips_season: Store) -> None:
    rows, _ = await chips_season.stats.leaderboard(1, "chinitsu", period="7d")
    assert {row.user_id: (row.chips, row.chip_games) for row in rows} == {ALICE: (10, 1), BOB: (-8, 1), CAROL: (-2, 1)}


async def test_player_stats_count_chips_per_variant_never_together(chips_season: Store) -> None:
    every = await chips_season.stats.player_stats(1, ALICE)
    assert every.games == 5
    assert every.chips == (ChipTotals("chinitsu", 3, 13), ChipTotals("zuno", 1, 30))
    assert every.chips[0].per_game == pytest.approx(13 / 3)
    one = await chips_season.stats.player_stats(1, CAROL, "chinitsu")
    assert one.chips == (ChipTotals("chinitsu", 2, -8),)
    assert one.chips[0].per_game == -4.0
    recent = await chips_season.stats.player_stats(1, ALICE, "chinitsu", period="7d")
    assert recent.chips == (ChipTotals("chinitsu", 1, 10),)


async def test_player_stats_sum_scores_per_variant_in_the_same_read(chips_season: Store) -> None:
    every = await chips_season.stats.player_stats(1, ALICE)
    # One row per variant played, each summing only its own games' scores (its own unit).
    assert [(row.variant, row.games) for row in every.scores] == [("chinitsu", 3), ("nishoku", 1), ("zuno", 1)]
    assert sum(row.total for row in every.scores) == pytest.approx(every.total_score)
    one = await chips_season.stats.player_stats(1, ALICE, "chinitsu")
    assert [(row.variant, row.total, row.best) for row in one.scores] == [("chinitsu", one.total_score, one.best_score)]


async def test_player_stats_of_a_variant_without_chips_have_none(chips_season: Store) -> None:
    assert (await chips_season.stats.player_stats(1, ALICE, "nishoku")).chips == ()
    assert (await chips_season.stats.player_stats(1, 12345)).chips == ()
