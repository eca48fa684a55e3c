"""The actor's handling of the rules that are more than one seat answering one decision: several
wins in one hand, a choice made in several clicks under one deadline, the vote to end and the
time limit. The actor runs on its own here, with a presenter that records what it is told."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pytest

from bot.engine.events import Event, WallRevealed
from bot.engine.game import Action, Discard, Game, Outcome, Pick, VoteEnd, action_from_json
from bot.engine.variants import JsonSettings, new_game
from bot.engine.variants.inage import InageGame, InageSettings
from bot.engine.views import SeatView, WinView
from bot.runtime import RuntimeOptions, TableActor, TableTimers
from bot.runtime.customid import ActionId, action_args
from bot.runtime.presenting import NullPresenter, ResultCard
from bot.runtime.snapshot import TableSnapshot
from bot.storage import GameSummary, HandEntry, PlayerSeat, Store
from tests.engine import test_inage, test_zuno
from tests.engine.rigging import find
from tests.runtime.tables import humans, start_table
from tests.waiting import PATIENCE, eventually


@dataclass
class Recorder(NullPresenter):
    """A presenter that keeps what the actor tells it."""

    hands: list[tuple[HandEntry, tuple[ResultCard, ...]]] = field(default_factory=list)
    notices: list[tuple[str, dict[str, object]]] = field(default_factory=list)
    over: list[Outcome] = field(default_factory=list)
    ended: asyncio.Event = field(default_factory=asyncio.Event)

    def hand_ended(self, entry: HandEntry, results: Sequence[ResultCard], reveal: WallRevealed | None = None) -> None:
        self.hands.append((entry, tuple(results)))

    def notice(self, key: str, **params: object) -> None:
        self.notices.append((key, params))

    def game_over(self, snapshot: TableSnapshot, outcome: Outcome, summary: GameSummary | None) -> None:
        self.over.append(outcome)
        self.ended.set()

    def only_hand_wins(self) -> tuple[HandEntry, list[WinView]]:
        """The one hand played and its result cards, which must all be wins."""
        ((entry, results),) = self.hands
        wins = [card for card in results if isinstance(card, WinView)]
        assert len(wins) == len(results), results
        return entry, wins


async def _start(
    store: Store,
    game: Game,
    players: Sequence[PlayerSeat],
    *,
    started_at: float | None = None,
    cpu_delay: float = 0.0,
    retry_seconds: float = 2.0,
    timers: TableTimers | None = None,
) -> tuple[TableActor, Recorder]:
    recorder = Recorder()
    actor = await start_table(
        store,
        game,
        players,
        presenter=recorder,
        timers=timers,
        started_at=started_at,
        options=RuntimeOptions(cpu_delay=cpu_delay, hand_pause=0.0, retry_seconds=retry_seconds),
    )
    return actor, recorder


async def _click(actor: TableActor, seat: int, action: Action) -> None:
    decision = actor.decision(seat)
    assert decision is not None and action in decision.actions, (seat, action)
    await actor.act(100 + seat, ActionId(actor.game_id, decision.seq, action.kind, action_args(action)))


async def _click_default(actor: TableActor, seat: int) -> None:
    decision = next(d for d in actor.decisions() if d.seat == seat)
    await _click(actor, seat, decision.default)


async def test_zuno_ron_on_3s_and_5s_keeps_one_deadline_and_shows_both_wins(store: Store) -> None:
    """One seat rons two revealed discards in two clicks: the second click runs on the deadline
    the first one had, and the presenter gets both win cards for the one hand."""
    game = test_zuno.game_with([test_zuno.TANYAO_READY, "", "", ""], draws="1p3s5s4p")
    actor, recorder = await _start(store, game, humans(4))
    for pick in ("1p", "3s", "5s"):
        seat = game.drafter
        assert seat is not None
        await _click(actor, seat, find(game, seat, Pick, pick))
    while game.phase in ("draft", "declare"):
        await _click_default(actor, actor.decisions()[0].seat)
    assert game.phase == "ron"
    first = actor.decision(0)
    assert first is not None and first.deadline is not None
    rons = [a for a in first.actions if a.kind == "zuno_ron"]
    assert len(rons) == 2
    await _click(actor, 0, rons[0])
    second = actor.decision(0)
    assert second is not None and second.seq != first.seq
    assert second.deadline == first.deadline
    assert [a.kind for a in second.actions] == ["zuno_ron", "pass"]
    await _click(actor, 0, rons[1])
    entry, wins = recorder.only_hand_wins()
    assert entry.result.winner == 0 and len(wins) == 2
    assert {r.from_seat for r in wins} == {1, 2} and {r.winner for r in wins} == {0}
    await actor.stop()


async def test_inage_double_ron_7s_gives_the_presenter_both_wins(store: Store) -> None:
    hands = ["7s", "555z123p456p7s", "666z123s456s7s"]
    game = test_inage.game_with(hands, draws="8p", multiple_ron=True)
    actor, recorder = await _start(store, game, humans(3))
    await _click(actor, 0, find(game, 0, Discard, "7s"))
    for seat in (1, 2):
        ron = next(a for a in game.legal_actions(seat) if a.kind == "ron")
        await _click(actor, seat, ron)
    _, wins = recorder.only_hand_wins()
    assert sorted(r.winner for r in wins) == [1, 2]
    assert all(r.from_seat == 0 and r.points == 32 for r in wins)
    await actor.stop()


async def test_inage_vote_to_end_keeps_the_turn_clock_and_cpus_follow(store: Store) -> None:
    """The one human votes while it is its turn: its decision keeps its number and deadline (a
    vote is no answer), the table hears of the vote, and the CPUs agree, which ends the game."""
    game = InageGame(InageSettings(end="vote"), seed=5, players=3)
    players = [PlayerSeat.human(100, "P0"), PlayerSeat.cpu("CPU 1"), PlayerSeat.cpu("CPU 2")]
    actor, recorder = await _start(store, game, players)
    await _until(lambda: actor.decisions() and actor.decisions()[0].seat == 0, "the human's turn")
    before = next(d for d in actor.decisions() if d.seat == 0)
    panel = actor.decision(0)
    assert panel is not None and panel.seq == before.seq
    vote = next(a for a in panel.actions if a.kind == "vote_end")
    await actor.act(100, ActionId(actor.game_id, panel.seq, "vote_end", action_args(vote)))
    await asyncio.wait_for(recorder.ended.wait(), PATIENCE)
    assert recorder.over[0].reason == "投票で終了"
    cast = [params for key, params in recorder.notices if key == "vote_end_cast"]
    assert [p["name"] for p in cast] == ["P0", "CPU 1", "CPU 2"] and cast[-1]["votes"] == 3
    logged = [a for a in await store.games.actions(actor.game_id) if a["type"] == "vote_end"]
    assert [a["seat"] for a in logged] == [0, 1, 2]


async def test_inage_vote_alone_does_not_end_and_can_be_withdrawn(store: Store) -> None:
    """Two humans: one vote is not enough, and the voter's button turns into "keep playing"."""
    game = InageGame(InageSettings(end="vote"), seed=6, players=2)
    actor, recorder = await _start(store, game, humans(2))
    idle = next(seat for seat in (0, 1) if seat not in {d.seat for d in actor.decisions()})
    panel = actor.decision(idle)
    assert panel is not None and [a.kind for a in panel.actions] == ["vote_end"]
    (vote,) = panel.actions
    await _click(actor, idle, vote)
    assert not actor.finished and not recorder.over
    again = actor.decision(idle)
    assert again is not None and again.actions != panel.actions
    (withdraw,) = again.actions
    assert isinstance(withdraw, VoteEnd) and withdraw.end is False
    await _click(actor, idle, withdraw)
    assert [key for key, _ in recorder.notices] == ["vote_end_cast", "vote_end_withdrawn"]
    assert recorder.notices[-1][1]["votes"] == 0
    await actor.stop()


async def test_inage_time_limit_counts_from_the_game_start_across_restarts(store: Store) -> None:
    """A timed table whose hour ran out while the bot was down sends time-up at once; the game
    then ends after the hand in play, with one time_up in its log."""
    game = new_game("inage", {"end": "time", "minutes": 1}, seed=7, players=3)
    players = [PlayerSeat.cpu(f"CPU {seat}") for seat in range(3)]
    actor, recorder = await _start(store, game, players, started_at=1.0)
    await asyncio.wait_for(recorder.ended.wait(), PATIENCE)
    assert recorder.over[0].reason == "時間"
    assert ("time_up", {}) in recorder.notices
    logged = [a for a in await store.games.actions(actor.game_id) if a["type"] == "time_up"]
    assert len(logged) == 1


async def test_inage_time_limit_waits_for_its_minutes(store: Store) -> None:
    game = new_game("inage", {"end": "time", "minutes": 90}, seed=7, players=3)
    actor, recorder = await _start(store, game, humans(3))
    handle = actor._time_limit
    assert isinstance(handle, asyncio.TimerHandle)  # the loop's timer: the actor runs on LoopScheduler
    loop = asyncio.get_running_loop()
    assert 90 * 60 - 5 < handle.when() - loop.time() <= 90 * 60
    await actor.stop()
    assert actor._time_limit is None and ("time_up", {}) not in recorder.notices


async def test_a_cpu_that_fails_to_choose_plays_its_default_and_the_game_goes_on(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.engine.ai import CpuPlayer

    calls = {"n": 0}
    choose = CpuPlayer.choose

    def flaky(self: CpuPlayer, view: SeatView, actions: Sequence[Action]) -> Action:
        calls["n"] += 1
        if calls["n"] % 5 == 0:
            raise RuntimeError("a CPU bug")
        return choose(self, view, actions)

    monkeypatch.setattr(CpuPlayer, "choose", flaky)
    game = new_game("nishoku", {"hands": 1}, seed=3)
    _, recorder = await _start(store, game, [PlayerSeat.cpu(f"CPU {seat}") for seat in range(4)])
    await asyncio.wait_for(recorder.ended.wait(), PATIENCE)
    assert calls["n"] >= 10 and recorder.over


async def test_a_move_the_store_refuses_is_retried_not_dropped(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody clicks a CPU's move again: when the store refuses it, the actor tries again."""
    from bot.storage import StorageError

    refusals = {"left": 3}
    append = store.games.append_action

    async def sometimes(
        game_id: int, seq: int, action_json: Mapping[str, object], *, bank: float | None = None
    ) -> None:
        if refusals["left"] > 0:
            refusals["left"] -= 1
            raise StorageError("database is locked")
        await append(game_id, seq, action_json, bank=bank)

    monkeypatch.setattr(store.games, "append_action", sometimes)
    game = new_game("nishoku", {"hands": 1}, seed=3)
    actor, recorder = await _start(
        store, game, [PlayerSeat.cpu(f"CPU {seat}") for seat in range(4)], retry_seconds=0.01
    )
    await asyncio.wait_for(recorder.ended.wait(), PATIENCE)
    assert refusals["left"] == 0
    assert len(await store.games.actions(actor.game_id)) == game.sequence


async def test_seats_asked_at_once_share_one_deadline_and_the_smaller_bank(store: Store) -> None:
    """Two seats may ron one 7s: both panels count down to one deadline, the turn's 30 s plus the
    smaller of their banks; a timeout costs each only the bank that deadline allowed."""
    hands = ["7s", "555z123p456p7s", "666z123s456s7s"]
    game = test_inage.game_with(hands, draws="8p", multiple_ron=True)
    actor, _ = await _start(store, game, humans(3), timers=TableTimers(30, 60))
    actor.seats[2].bank = 5.0
    discard = find(game, 0, Discard, "7s")
    before = time.time()
    await _click(actor, 0, discard)
    one, two = (actor.decision(seat) for seat in (1, 2))
    assert one is not None and two is not None and one.deadline == two.deadline
    assert one.deadline is not None and before + 35 - 1 < one.deadline < time.time() + 35 + 1
    assert (actor.seats[1].allowance, actor.seats[2].allowance) == pytest.approx((5.0, 5.0), abs=0.5)
    await actor.stop()


async def test_a_vote_counts_whatever_the_panel_number_and_twice_is_stale(store: Store) -> None:
    """A vote clicked on a panel drawn before the seat's turn came still counts (it is no answer
    to the turn); the same vote clicked again is stale, and the turn's buttons stay current."""
    from bot.runtime.errors import StaleClick

    game = InageGame(InageSettings(end="vote"), seed=6, players=2)
    actor, recorder = await _start(store, game, humans(2))
    seat = actor.decisions()[0].seat
    turn = actor.decision(seat)
    assert turn is not None
    vote = next(a for a in turn.actions if a.kind == "vote_end")
    old_panel = ActionId(actor.game_id, turn.seq - 1 if turn.seq else 999, "vote_end", action_args(vote))
    await actor.act(100 + seat, old_panel)
    assert game.votes == {seat}
    with pytest.raises(StaleClick):
        await actor.act(100 + seat, old_panel)
    assert game.votes == {seat}
    after = actor.decision(seat)
    assert after is not None and after.seq == turn.seq
    assert [key for key, _ in recorder.notices] == ["vote_end_cast"]
    await actor.stop()


async def _replays_to_live_state(store: Store, actor: TableActor) -> bool:
    from bot.engine.record import replay

    record = await store.games.record(actor.game_id)
    return len(record.actions) == actor.game.sequence and replay(record).state_hash() == actor.game.state_hash()


async def test_an_illegal_default_is_never_stored_and_a_legal_move_is_played(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A timeout plays the decision's default; a default the rules refuse (an engine bug) is
    replaced by a legal move before anything is stored, and the table goes on."""
    from bot.engine.game import Decision, Discard

    game = new_game("nishoku", {"hands": 1}, seed=5)
    decisions = game.decisions

    def broken_defaults() -> tuple[Decision, ...]:
        return tuple(
            Decision(
                d.seat, d.actions, Discard(d.seat, next(t for t in range(200) if Discard(d.seat, t) not in d.actions))
            )
            for d in decisions()
        )

    monkeypatch.setattr(game, "decisions", broken_defaults)
    actor, _ = await _start(store, game, humans(4), timers=TableTimers(0.05, 0))
    await _until(lambda: game.sequence >= 3, "three timeouts played")
    await actor.stop()
    assert game.sequence >= 3, "the table stalled on an illegal default"
    assert await _replays_to_live_state(store, actor)


async def test_a_move_the_engine_refuses_after_it_is_saved_is_taken_back_and_the_table_goes_on(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the engine refuse a move it listed as legal, half-way through applying it, the
    stored action is taken back and the game rebuilt from the log: what is stored always
    replays, and a CPU's table plays a legal move instead and finishes."""
    from bot.engine.game import IllegalActionError

    game = new_game("nishoku", {"hands": 1}, seed=3)
    apply = game.apply
    calls = {"n": 0}

    def refuses_the_fifth(action: Action) -> list[Event]:
        calls["n"] += 1
        if calls["n"] == 5:
            game.points[0] += 1_000  # a half-applied move the rebuild must undo
            raise IllegalActionError("an engine bug")
        return apply(action)

    monkeypatch.setattr(game, "apply", refuses_the_fifth)
    actor, recorder = await _start(store, game, [PlayerSeat.cpu(f"CPU {seat}") for seat in range(4)])
    await asyncio.wait_for(recorder.ended.wait(), PATIENCE)
    assert calls["n"] >= 5 and actor.game is not game, "the refused move was not undone by a rebuild"
    assert await _replays_to_live_state(store, actor)
    assert sum(recorder.over[0].points) == 200_000


@pytest.mark.parametrize(
    ("variant", "settings", "players"),
    [("nishoku", {"hands": 2}, 4), ("zuno", {}, 4), ("inage", {"hands": 2}, 3), ("inage", {"hands": 2}, 2)],
)
async def test_every_stored_game_replays_to_the_table_it_stored(
    store: Store, variant: str, settings: JsonSettings, players: int
) -> None:
    """A whole CPU table of each variant: what the store kept rebuilds the live game exactly."""
    game = new_game(variant, settings, seed=17, players=players)
    actor, recorder = await _start(store, game, [PlayerSeat.cpu(f"CPU {seat}") for seat in range(players)])
    await asyncio.wait_for(recorder.ended.wait(), PATIENCE)
    assert await _replays_to_live_state(store, actor)
    outcome = actor.game.outcome()
    assert outcome is not None and len(recorder.hands) == outcome.hands_played


async def _until(condition: Callable[[], object], what: str) -> None:
    """Until the actor's own task has moved the game so far (bounded only against a hang)."""
    await eventually(condition, what)


async def test_zuno_cpu_locked_in_reconsiders_once_a_riichi_on_7z_is_declared_and_the_switch_is_stored(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CPU that locked in its discard is asked again when a riichi is declared in the same
    round (not when a seat merely locks in); what it switches to is the discard revealed, and
    the stored log replays to it."""
    from bot.engine.ai import CpuPlayer

    asked: list[tuple[int, frozenset[int]]] = []

    def reconsider(self: CpuPlayer, view: SeatView, actions: Sequence[Action]) -> Action | None:
        asked.append((view.seat, frozenset(s.seat for s in view.public.seats if s.riichi)))
        return next(a for a in actions if isinstance(a, Discard) and self.tiles[a.tile] != view.locked)

    monkeypatch.setattr(CpuPlayer, "reconsider", reconsider)
    game = test_zuno.game_with([test_zuno.RIICHI_READY, "", "", ""], draws="7z5p2p3p")
    players = humans(4)
    players[1] = PlayerSeat.cpu("CPU 1")
    actor, _ = await _start(store, game, players)
    while game.phase == "draft":
        seat = game.drafter
        assert seat is not None
        if seat == 1:
            await _until(lambda: game.phase != "draft" or game.drafter != 1, "the CPU's pick")
        elif seat == 0:
            await _click(actor, 0, find(game, 0, Pick, "7z"))
        else:
            await _click_default(actor, seat)
    await _until(lambda: game.locked_in(1), "the CPU to lock in")
    await _click_default(actor, 2)
    assert game.locked_in(2) and asked == []
    first_lock = game.view(1).locked
    await _click(actor, 0, next(a for a in game.legal_actions(0) if a.kind == "riichi"))
    await _until(lambda: asked, "the CPU to reconsider")
    await _until(lambda: game.view(1).locked != first_lock, "the CPU's switch")
    assert asked == [(1, frozenset({0}))]
    switched = game.view(1).locked
    await _click_default(actor, 3)
    assert str(actor.game.public_view().seats[1].river[-1].tile) == str(switched)
    await actor.stop()  # (the CPU would go on to draft the next round)
    # The rigged deal is not in the store: deal it again and play the stored log on it.
    replayed = test_zuno.game_with([test_zuno.RIICHI_READY, "", "", ""], draws="7z5p2p3p")
    for stored in (await store.games.record(actor.game_id)).actions:
        replayed.apply(action_from_json(stored))
    assert replayed.state_hash() == actor.game.state_hash()
    assert str(replayed.public_view().seats[1].river[-1].tile) == str(switched)
    assert asked == [(1, frozenset({0}))], "a revealed discard is nothing to reconsider"
