"""``python -m bench.cpu``: the baseline players on rigged hands, lineups and seats, and a tiny run
whose figures must add up (and not depend on the number of worker processes)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

import pytest

import bench.cpu
from bench.baselines import (
    CpuAdapter,
    GreedyPlayer,
    OracleCpuPlayer,
    Player,
    RandomPlayer,
    hand_board,
    make_player,
    riichi_waits,
    visible_board,
)
from bench.cpu import (
    IllegalChoiceError,
    adapt_lineup,
    goals,
    main,
    mean_interval,
    p99,
    place_goal,
    play_game,
    rotated,
    run,
)
from bot.engine.game import Action, Decision, Discard, Pass, Pon, Riichi
from bot.engine.shapes import remove_tile
from bot.engine.variants import new_game
from bot.engine.variants.inage import InageGame
from bot.engine.views import SeatView
from tests.engine.rigging import act, kind
from tests.engine.test_inage import game_with, pass_all


def _decision(game: InageGame, seat: int) -> Decision:
    (decision,) = [d for d in game.decisions() if d.seat == seat]
    return decision


def _greedy(game: InageGame, seat: int) -> Action:
    decision = _decision(game, seat)
    action = GreedyPlayer(game.shapes, game.tiles).choose(game.view(seat), decision.actions, decision.default)
    assert action in decision.actions
    return action


# --- the players -----------------------------------------------------------------------------------


def test_greedy_discards_for_the_lowest_shanten_then_the_most_ukeire() -> None:
    # 22p 3p 456s 789s 5z + 4p: two discards leave it tenpai, 5z (22p 34p waits on 2p/5p, six
    # live) and 2p (234p, a lone 5z wait, three live); everything else leaves it 1-shanten.
    game = game_with(["22p3p456s789s5z", "", ""], draws="4p")
    choice = _greedy(game, 0)
    assert isinstance(choice, Discard | Riichi)
    assert game.kinds[choice.tile] == kind("5z")
    board = hand_board(game.view(0))
    actions = _decision(game, 0).actions
    discarded = {game.kinds[a.tile] for a in actions if isinstance(a, Discard)}
    shantens = {k: game.shapes.shanten(remove_tile(board, k)) for k in discarded}
    assert {k for k, s in shantens.items() if s == min(shantens.values())} == {kind("5z"), kind("2p")}
    # Tenpai after the discard and a riichi on it is legal: greedy declares it.
    assert any(isinstance(a, Riichi) and game.kinds[a.tile] == kind("5z") for a in actions)
    assert type(choice) is Riichi


def test_greedy_keeps_the_partial_run_when_one_shanten() -> None:
    # 2p 8p 456s 789s 1z 5z + 3p: 8p, 1z or 5z leaves it 1-shanten, 2p or 3p two away. Among
    # the first the most live tiles decide, counted against what the seat sees.
    game = game_with(["28p456s789s15z", "", ""], draws="3p")
    choice = _greedy(game, 0)
    assert type(choice) is Discard  # not tenpai after any discard: no riichi
    view = game.view(0)
    board, visible = hand_board(view), visible_board(view)
    options = {}
    for k in {game.kinds[a.tile] for a in _decision(game, 0).actions if isinstance(a, Discard)}:
        rest = remove_tile(board, k)
        options[k] = (game.shapes.shanten(rest), -sum(game.shapes.ukeire(rest, visible).values()))
    assert options[kind("2p")][0] == options[kind("3p")][0] == 2
    assert options[game.kinds[choice.tile]] == min(options.values())
    assert game.kinds[choice.tile] in {kind("8p"), kind("1z"), kind("5z")}


def test_greedy_passes_a_pon_offer() -> None:
    game = game_with(["5z", "", "55z"], draws="8s")
    act(game, 0, Discard, "5z")
    actions = _decision(game, 2).actions
    assert any(isinstance(a, Pon) for a in actions)
    assert isinstance(_greedy(game, 2), Pass)


def test_random_players_stay_legal_and_only_r_riichis() -> None:
    # 二色麻雀 allows a riichi on any closed hand (ノーテンリーチ), so the dealer may declare at once.
    for seed in range(12):
        game = new_game("nishoku", {}, seed=seed)
        decision = game.decisions()[0]
        assert any(isinstance(a, Riichi) for a in decision.actions)
        view = game.view(decision.seat)
        spam = RandomPlayer(seed, riichi=True).choose(view, decision.actions, decision.default)
        calm = RandomPlayer(seed, riichi=False).choose(view, decision.actions, decision.default)
        assert spam in decision.actions and isinstance(spam, Riichi)
        assert calm in decision.actions and not isinstance(calm, Riichi)


def test_n_never_riichis_and_r_does_over_whole_games() -> None:
    # The driver raises on any action not offered, so finishing the game is the legality check.
    result = play_game("nishoku", 4, "RNRN", 0, seed=3)
    by_type = {t: [r for r in result.results if r.type == t] for t in "RN"}
    assert all(r.riichi == 0 for r in by_type["N"])
    assert sum(r.riichi for r in by_type["R"]) > 0


def test_only_riichi_on_offer_n_still_picks_one() -> None:
    actions = (Riichi(0, 5), Riichi(0, 9))
    game = new_game("nishoku", {}, seed=1)
    choice = RandomPlayer(1, riichi=False).choose(game.view(0), actions, actions[0])
    assert choice in actions


# --- lineups and seats ------------------------------------------------------------------------------


def test_lineups_adapt_to_smaller_tables() -> None:
    assert adapt_lineup("CGGG", 4) == "CGGG"
    assert adapt_lineup("CGGG", 3) == "CGG"
    assert adapt_lineup("CGGG", 2) == "CG"
    assert adapt_lineup("CCCG", 3) == "CCG"
    assert adapt_lineup("CCCG", 2) == "CG"
    assert adapt_lineup("CRRR", 3) == "CRR"
    assert adapt_lineup("CNN", 3) == "CNN"
    with pytest.raises(ValueError, match="does not fit"):
        adapt_lineup("CG", 4)
    with pytest.raises(ValueError, match="does not fit"):
        adapt_lineup("CCGG", 3)
    with pytest.raises(ValueError, match="unknown player type"):
        adapt_lineup("CXGG", 4)


def test_bad_lineup_or_variant_is_an_argument_error(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["--variant", "nishoku", "--lineup", "CG"],
        ["--variant", "nosuch"],
        ["--variant", "inage", "--players", "4"],
    ):
        with pytest.raises(SystemExit) as exit_info:
            main([*argv, "--games", "1"])
        assert exit_info.value.code == 2
    assert "does not fit" in capsys.readouterr().err


@pytest.mark.parametrize("lineup", ["CGGG", "CRR", "CG"])
def test_every_type_sits_in_every_seat(lineup: str) -> None:
    players = len(lineup)
    seats_of: dict[str, set[int]] = {letter: set() for letter in lineup}
    for number in range(players):
        seats = rotated(lineup, number)
        assert sorted(seats) == sorted(lineup)
        for seat, letter in enumerate(seats):
            seats_of[letter].add(seat)
    assert all(seats == set(range(players)) for seats in seats_of.values())


# --- statistics -------------------------------------------------------------------------------------


def test_mean_interval_on_a_known_sample() -> None:
    mean, half = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert half == pytest.approx(1.96 * math.sqrt(5 / 3) / 2)  # s = sqrt(5/3), n = 4
    assert mean_interval([3.0]) == (3.0, 0.0)
    assert p99(list(map(float, range(1, 201)))) == 198.0


def test_oracle_knows_the_riichi_123p456p789s1z_waits_on_1z_and_never_discards_it() -> None:
    # Seat 1 declares riichi on 123p 456p 789s 1z (a lone 1z wait); seat 0 holds a 1z.
    game = game_with(["19m19p19s1z5z6z7z", "123p456p789s1z", "2468p2468s2z2z"], draws="2z9m6z2z")
    act(game, 0, Discard, "2z")
    pass_all(game)
    act(game, 1, Riichi, "9m")
    pass_all(game)
    act(game, 2, Discard, "6z")
    pass_all(game)
    assert riichi_waits(game, 0) == {kind("1z")}
    assert riichi_waits(game, 1) == frozenset()  # its own riichi is no threat to it
    view = game.view(0)
    oracle = OracleCpuPlayer(game.shapes, game.tiles, seed=1, prices=game.han_prices, game=game)
    danger = oracle._danger(view, hand_board(view))
    assert danger and {k: danger.percent(k) for k in range(34) if danger.percent(k)} == {kind("1z"): 100.0}
    decision = _decision(game, 0)
    choice = CpuAdapter(game, 1, oracle=True).choose(view, decision.actions, decision.default)
    assert isinstance(choice, Discard | Riichi) and game.kinds[choice.tile] != kind("1z")


def test_an_oracle_lineup_plays_whole_games_and_sets_no_goal() -> None:
    (report,) = run("zuno", 4, ["OGGG"], games=1, seed=2)
    assert report.stats["O"].games == 1 and report.stats["G"].games == 3
    # The goals are C's: an oracle's figures never pass (or fail) one.
    assert [goal.passed for goal in goals([report], 4)] == [None, None]
    assert adapt_lineup("OGGG", 3) == "OGG"


@pytest.mark.slow
def test_a_tiny_run_adds_up_and_is_deterministic() -> None:
    (report,) = run("nishoku", 4, ["CGGG"], games=2, seed=1)
    assert [game.seats for game in report.games] == ["CGGG", "GGGC"]
    assert report.stats["C"].games == 2 and report.stats["G"].games == 6
    places = [r.placement for game in report.games for r in game.results]
    assert sum(places) / len(places) == 2.5
    # Each type's place shares add up to its seat-games and give back its average place.
    for stats in report.stats.values():
        assert len(stats.place_pct) == 4 and math.isclose(sum(stats.place_pct), 100.0)
        assert math.isclose(sum(place * share for place, share in enumerate(stats.place_pct, 1)) / 100, stats.avg_place)
    c_places = [r.placement for game in report.games for r in game.results if r.type == "C"]
    assert report.stats["C"].place_pct == tuple(100 * c_places.count(place) / 2 for place in (1, 2, 3, 4))
    for game in report.games:
        assert sorted(r.placement for r in game.results) == [1, 2, 3, 4]
        assert all(r.hands == game.hands for r in game.results)
    wins = sum(stats.wins for stats in report.stats.values())
    assert report.hands - report.draws <= wins <= report.hands
    c = report.stats["C"]
    assert c.hands == report.hands and c.decisions > 0 and c.decision_ms_p99 >= c.decision_ms_mean > 0
    assert report.stats["G"].call_pct == 0.0  # greedy never calls
    assert all(
        d <= n for s in report.stats.values() for d, n in zip(s.against_riichi_deal_ins, s.against_riichi, strict=True)
    )
    (again,) = run("nishoku", 4, ["CGGG"], games=2, seed=1)
    assert again.games == report.games
    (other,) = run("nishoku", 4, ["CGGG"], games=2, seed=2)
    assert other.games != report.games


@pytest.mark.slow
def test_two_jobs_give_the_same_games_as_one() -> None:
    one = run("nishoku", 4, ["CRRR", "CG" * 2], games=2, seed=5, jobs=1)
    two = run("nishoku", 4, ["CRRR", "CG" * 2], games=2, seed=5, jobs=2)
    assert [r.games for r in one] == [r.games for r in two]
    assert [r.stats["R"].to_json() for r in one[:1]] == [r.stats["R"].to_json() for r in two[:1]]


def test_json_output_has_every_lineup_and_the_goals(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["--variant", "inage", "--players", "2", "--games", "1", "--lineup", "CRRR", "--lineup", "CNNN", "--json"]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert [lineup["seats"] for lineup in out["lineups"]] == ["CR", "CN"]
    assert all(sum(t["place_pct"]) == 100.0 for lineup in out["lineups"] for t in lineup["types"].values())
    assert [goal["name"].split(" ")[0] for goal in out["goals"]] == ["C", "C", "riichi-spam"]
    assert out["goals"][0]["result"] == "n/a"  # no CGGG in this run


class _Cheat:
    """Answers every decision with a pass nobody offered."""

    def choose(self, view: SeatView, actions: object, default: Action) -> Action:
        return Pass(seat=view.seat + 100)


def test_an_illegal_choice_stops_the_run_with_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench.cpu, "make_player", lambda letter, game, seed: _Cheat())
    with pytest.raises(IllegalChoiceError, match="not one of"):
        play_game("nishoku", 4, "CGGG", 0, seed=1)
    assert main(["--variant", "nishoku", "--games", "1", "--lineup", "CGGG"]) == 1


@pytest.mark.slow
def test_goals_read_the_right_lineups() -> None:
    reports = run("nishoku", 4, ["CGGG", "CRRR", "CNNN"], games=1, seed=2)
    place, folding, spam = goals(reports, 4)
    cggg, crrr, cnnn = (r.stats["C"] for r in reports)
    assert place.target is not None and place.target == pytest.approx(2.1)
    assert place.number == pytest.approx(cggg.place_upper)
    assert place.passed == (cggg.place_upper <= place.target)
    # Folding is judged where the riichis are real: CGGG only, not against the random players.
    assert "CGGG" in folding.name and "CRRR" not in folding.name
    assert folding.value.endswith(f"/{cggg.against_riichi[2]} discards)")
    assert spam.number == pytest.approx(crrr.win_pct / cnnn.win_pct) if cnnn.win_pct else spam.passed is None


def test_the_placement_goal_beats_the_same_share_of_opponents_at_every_table_size() -> None:
    # 2.1 among four finishes above 1.9 of 3 opponents; the same 19/30 at three and two seats.
    assert [round(place_goal(players), 3) for players in (2, 3, 4)] == [1.367, 1.733, 2.1]
    for players in (2, 3, 4):
        assert (players - place_goal(players)) / (players - 1) == pytest.approx(19 / 30)


class _Watched:
    """A player that notes every time it is asked to reconsider, and what it saw then."""

    def __init__(self, player: Player, asked: list[tuple[int, bool, frozenset[int]]]) -> None:
        self._player, self._asked = player, asked

    def choose(self, view: SeatView, actions: Sequence[Action], default: Action) -> Action:
        return self._player.choose(view, actions, default)

    def reconsider(self, view: SeatView, actions: Sequence[Action]) -> Action | None:
        riichi = frozenset(seat.seat for seat in view.public.seats if seat.riichi and seat.seat != view.seat)
        self._asked.append((view.seat, view.locked is not None or view.locked_tsumo, riichi))
        return self._player.reconsider(view, actions)


@pytest.mark.slow
def test_zuno_seats_locked_in_are_asked_again_only_when_a_riichi_is_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, bool, frozenset[int]]] = []
    monkeypatch.setattr(
        bench.cpu, "make_player", lambda letter, game, seed: _Watched(make_player(letter, game, seed), asked)
    )
    for number in range(3):
        play_game("zuno", 4, "CGGG", number, seed=1)
    assert asked, "some seat locked in before another's riichi in three games"
    assert all(locked and riichi for _, locked, riichi in asked)
