"""HandTracker turns a real 二色麻雀 game's events into hand results the store can aggregate."""

from __future__ import annotations

import random

from bot.engine.game import action_to_json
from bot.engine.variants.nishoku import NishokuGame, NishokuSettings
from bot.storage import HandEntry, HandResult, HandTracker, PlayerSeat, Store
from tests.storage.helpers import default_settings, next_action


def play_tracked(seed: int, hands: int = 4) -> tuple[NishokuGame, list[HandEntry], list[dict[str, object]]]:
    rng = random.Random(seed)
    game = NishokuGame(NishokuSettings(hands=hands), seed=seed)
    tracker = HandTracker.for_game(game)
    entries: list[HandEntry] = []
    actions: list[dict[str, object]] = []
    while game.outcome() is None:
        action = next_action(game, rng)
        actions.append(action_to_json(action))
        entries += tracker.feed(game.apply(action))
    return game, entries, actions


def test_one_entry_per_hand_with_labels_and_conserved_points() -> None:
    game, entries, _ = play_tracked(seed=3)
    outcome = game.outcome()
    assert outcome is not None
    assert [entry.hand_index for entry in entries] == list(range(outcome.hands_played))
    assert [entry.label for entry in entries] == ["東1局", "東2局", "東3局", "東4局"]
    totals = [game.settings.start_points] * 4
    for entry in entries:
        totals = [total + change for total, change in zip(totals, entry.result.changes, strict=True)]
    assert tuple(totals) == outcome.points


def test_wins_draws_riichi_and_tenpai_are_seen() -> None:
    _, entries, _ = play_tracked(seed=1)  # seed 1: a ron, a tenpai draw, riichi in both
    wins = [entry.result for entry in entries if entry.result.winner is not None]
    draws = [entry.result for entry in entries if entry.result.winner is None]
    assert wins
    assert draws
    assert any(result.tenpai for result in draws)
    assert any(result.riichi for result in entries_results(entries))
    for result in wins:
        assert result.winner is not None
        assert result.changes[result.winner] == result.points > 0
        assert sum(result.changes) == 0
    for result in draws:
        assert result.changes == (0, 0, 0, 0)  # 「ノーテン罰ナシ」


def entries_results(entries: list[HandEntry]) -> list[HandResult]:
    return [entry.result for entry in entries]


async def test_a_tracked_game_feeds_stats_and_ratings(store: Store) -> None:
    game, entries, actions = play_tracked(seed=3)
    outcome = game.outcome()
    assert outcome is not None
    players = [PlayerSeat.human(seat + 1, f"p{seat}") for seat in range(4)]
    game_id = await store.games.create(1, 100, "nishoku", game.settings, game.seed, players, host_id=1)
    for seq, action in enumerate(actions):
        await store.games.append_action(game_id, seq, action)
    for entry in entries:
        await store.results.record_hand(game_id, entry.hand_index, entry.label, entry.result)
    await store.results.record_final(game_id, outcome)

    rows, total = await store.stats.leaderboard(1, "nishoku")
    assert total == 4
    for row in rows:
        seat = row.user_id - 1
        assert row.games == 1
        assert row.hands == len(entries)
        assert row.wins == sum(entry.result.winner == seat for entry in entries)
        assert row.deal_ins == sum(entry.result.from_seat == seat for entry in entries)
        assert row.riichi_hands == sum(seat in entry.result.riichi for entry in entries)
        assert row.average_placement == outcome.placements[seat]
    assert [hand.result for hand in await store.results.hands(game_id)] == [entry.result for entry in entries]


def test_zuno_ron_on_3s_and_5s_is_one_hand_with_two_discarders_dealing_in() -> None:
    """One seat rons two revealed discards: one hand entry, won by seat 0, dealt in by 1 and 2."""
    from bot.engine.variants.zuno import RonOn
    from tests.engine import test_zuno

    game = test_zuno.game_with([test_zuno.TANYAO_READY, "", "", ""], draws="1p3s5s4p")
    tracker = HandTracker.for_game(game)
    test_zuno.draft(game, "1p", "3s", "5s")
    test_zuno.lock_rest(game)
    entries = tracker.feed(game.apply(RonOn(0, 1))) + tracker.feed(game.apply(RonOn(0, 2)))
    ((entry,),) = [entries]
    assert (entry.result.winners, entry.result.dealt_in, entry.result.tsumo) == ((0,), (1, 2), ())
    # 断么九 ron, 40 fu, from each discarder: 2,000 twice.
    assert entry.result.win_points == (4_000,)


def test_inage_double_ron_7s_is_one_hand_with_both_winners() -> None:
    from bot.engine.game import Discard, Ron
    from tests.engine import test_inage
    from tests.engine.rigging import act

    game = test_inage.game_with(["7s", "555z123p456p7s", "666z123s456s7s"], draws="8p", multiple_ron=True)
    tracker = HandTracker.for_game(game)
    act(game, 0, Discard, "7s")
    entries = tracker.feed(game.apply(Ron(1))) + tracker.feed(game.apply(Ron(2)))
    ((entry,),) = [entries]
    assert (entry.result.winners, entry.result.dealt_in) == ((1, 2), (0,))
    assert entry.result.win_points == (32, 32)


async def test_every_winner_and_discarder_is_stored_per_seat(store: Store) -> None:
    players = [PlayerSeat.human(seat + 1, f"P{seat}") for seat in range(3)]
    game_id = await store.games.create(1, 100, "inage", default_settings("inage"), 1, players, 1)
    result = HandResult(
        winner=1, from_seat=0, points=32, changes=(-64, 32, 32), winners=(1, 2), dealt_in=(0,), win_points=(32, 40)
    )
    await store.results.record_hand(game_id, 0, "第1局", result)
    (row,) = await store.results.hands(game_id)
    assert row.result == result
