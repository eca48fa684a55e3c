"""Auto options (a panel's ⚙ Auto buttons) in the runtime: which decisions they answer, at what
pace, and how the table's clocks and timeouts follow them. The actor runs on its own on a
ManualClock; the deals are rigged in tile notation."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.game import Action, Chi, Discard, Game, Kan, Pass, Pon, Riichi, Ron, SetAside, Tsumo
from bot.engine.tiles import Tile
from bot.engine.variants import VARIANTS, new_game
from bot.runtime import RuntimeOptions, TableActor
from bot.runtime.auto_moves import AutoOption, automatic_move
from bot.runtime.clocks import ManualClock
from bot.runtime.customid import ActionId, action_args
from bot.storage import AutoOptions, Store
from tests.engine.rigging import as_table, find
from tests.runtime.tables import HOST, humans, start_table
from tests.waiting import eventually

RIICHI_DEAL = (
    ["123p456p789p1122s", "234678p346789s5z", "234678p346789s5z", "234678p346789s5z"],
    "7z6z6z6z6z7z7z7z1s",
)
"""The dealer riichis on 7z waiting on 1s and 2s; nobody can call a thing. Its next draw, 6z,
cannot win; the one after, 1s, wins."""
CLAIMS = (["4678p1234567z11s", "123456789s1123p", "4499p77s1234566z", "5599p6688s12345z"], "7z")
"""The dealer's 4p may be ronned by seat 1 and ponned by seat 2."""
CPU_DELAY = 1.0


def _game(deal: tuple[list[str], str]) -> Game:
    game = new_game("nishoku", {"hands": 1}, seed=11)
    as_table(game).rig(*deal)
    return game


async def _start(
    store: Store, game: Game, clock: ManualClock, options: Mapping[int, AutoOptions] | None = None
) -> TableActor:
    runtime = RuntimeOptions(
        cpu_delay=CPU_DELAY, hand_pause=0.0, clock=clock.monotonic, wall_clock=clock.time, scheduler=clock
    )
    return await start_table(store, game, humans(game.players), options=runtime, auto_options=options)


async def _click(actor: TableActor, seat: int, action: Action) -> None:
    decision = actor.decision(seat)
    assert decision is not None and action in decision.actions, (seat, action)
    await actor.act(HOST + seat, ActionId(actor.game_id, decision.seq, action.kind, action_args(action)))


async def _to_the_next_draw_after_riichi(actor: TableActor, game: Game) -> None:
    """The dealer riichis on 7z, and the other three let their draws go by hand."""
    await _click(actor, 0, find(as_table(game), 0, Riichi, "7z"))
    for seat in (1, 2, 3):
        decision = actor.decision(seat)
        assert decision is not None
        await _click(actor, seat, decision.default)


async def _to_the_winning_draw(actor: TableActor, game: Game, clock: ManualClock) -> None:
    """After the riichi, 6z goes out by itself at a CPU's pace, the others let their draws go by
    hand, and the dealer draws 1s, which wins."""
    await _to_the_next_draw_after_riichi(actor, game)
    clock.advance(CPU_DELAY)
    await eventually(lambda: actor.decision(1) is not None, "the next seat's turn")
    for seat in (1, 2, 3):
        decision = actor.decision(seat)
        assert decision is not None
        await _click(actor, seat, decision.default)


async def test_riichi_auto_discards_a_draw_that_cannot_win_with_no_clock_at_a_cpus_pace(store: Store) -> None:
    clock = ManualClock()
    game = _game(RIICHI_DEAL)
    actor = await _start(store, game, clock)
    await _to_the_next_draw_after_riichi(actor, game)
    decision = actor.decision(0)
    assert decision is not None and decision.deadline is None  # nobody waits on a clock
    assert decision.automatic == decision.default and isinstance(decision.automatic, Discard)
    assert actor.snapshot().decision(0) is None  # the panel asks nothing
    sequence = game.sequence
    clock.advance(CPU_DELAY - 0.1)
    await eventually(lambda: actor.idle)
    assert game.sequence == sequence  # not before a CPU would have played
    clock.advance(0.1)
    await eventually(lambda: game.sequence == sequence + 1, "the draw discarded")
    assert game.public_view().seats[0].river[-1].tile == Tile.parse("6z")
    await actor.stop()


async def test_riichi_still_asks_for_a_draw_that_can_win(store: Store) -> None:
    clock = ManualClock()
    game = _game(RIICHI_DEAL)
    actor = await _start(store, game, clock)
    await _to_the_winning_draw(actor, game, clock)
    decision = actor.decision(0)
    assert decision is not None and decision.automatic is None and decision.deadline is not None
    assert any(isinstance(action, Tsumo) for action in decision.actions)
    await actor.stop()


async def test_riichi_auto_discard_switched_off_asks_for_every_draw(store: Store) -> None:
    clock = ManualClock()
    game = _game(RIICHI_DEAL)
    actor = await _start(store, game, clock, {HOST: AutoOptions(riichi_discard=False)})
    await _to_the_next_draw_after_riichi(actor, game)
    decision = actor.decision(0)
    assert decision is not None and decision.automatic is None and decision.deadline is not None
    await actor.stop()


async def test_auto_win_takes_the_tsumo_as_soon_as_it_is_offered(store: Store) -> None:
    clock = ManualClock()
    game = _game(RIICHI_DEAL)
    actor = await _start(store, game, clock, {HOST: AutoOptions(auto_win=True)})
    await _to_the_winning_draw(actor, game, clock)
    decision = actor.decision(0)
    assert decision is not None and isinstance(decision.automatic, Tsumo)
    clock.advance(CPU_DELAY)
    await eventually(lambda: actor.finished, "the hand won and the one-hand game over")
    stored = await store.games.actions(actor.game_id)
    assert stored[-1] == {"type": "tsumo", "seat": 0}  # stored like a click, so it replays
    await actor.stop()


async def test_switching_auto_win_on_while_asked_takes_the_win_and_is_remembered(store: Store) -> None:
    """The player is asked (auto-win off) with a tsumo on offer and its clock running, then
    switches auto-win on: the win is taken without a click, and the option is stored."""
    clock = ManualClock()
    game = _game(RIICHI_DEAL)
    actor = await _start(store, game, clock)
    await _to_the_winning_draw(actor, game, clock)
    asked = actor.decision(0)
    assert asked is not None and asked.deadline is not None
    await actor.toggle_auto(HOST, AutoOption.AUTO_WIN)
    now = actor.decision(0)
    assert now is not None and now.deadline is None and isinstance(now.automatic, Tsumo)
    assert actor.public_view().deadline is None  # no clock on the table either
    clock.advance(CPU_DELAY)
    await eventually(lambda: actor.finished, "the win taken")
    assert await store.players.auto_options(1, humans(1)) == {HOST: AutoOptions(auto_win=True)}
    await actor.stop()


async def test_a_seat_on_autopilot_with_auto_win_takes_the_win_instead_of_the_default(store: Store) -> None:
    """Timeouts follow the options: autopilot (two timeouts) plays the automatic move where there
    is one, a win with auto-win on, and the default (the drawn tile) only where there is none."""
    clock = ManualClock()
    game = _game(RIICHI_DEAL)
    actor = await _start(store, game, clock, {HOST: AutoOptions(auto_win=True)})
    actor.seats[0].auto = True
    await _to_the_winning_draw(actor, game, clock)
    decision = actor.decision(0)
    assert decision is not None and isinstance(decision.unattended, Tsumo) and not isinstance(decision.default, Tsumo)
    clock.advance(CPU_DELAY)
    await eventually(lambda: actor.finished, "the win taken")
    await actor.stop()


async def test_no_calls_passes_a_pon_but_not_a_ron(store: Store) -> None:
    clock = ManualClock()
    game = _game(CLAIMS)
    no_calls = AutoOptions(no_calls=True)
    actor = await _start(store, game, clock, {HOST + 1: no_calls, HOST + 2: no_calls})
    await _click(actor, 0, find(as_table(game), 0, Discard, "4p"))
    ron, pon = actor.decision(1), actor.decision(2)
    assert ron is not None and any(isinstance(action, Ron) for action in ron.actions)
    assert ron.automatic is None and ron.deadline is not None  # a ron is the player's to decide
    assert pon is not None and any(isinstance(action, Pon) for action in pon.actions)
    assert isinstance(pon.automatic, Pass) and pon.deadline is None
    # Passed at once, as a CPU passes a claim: no clock of its own tells the table it could call.
    await eventually(lambda: actor.decision(2) is None, "the pon passed")
    assert (await store.games.actions(actor.game_id))[-1] == {"type": "pass", "seat": 2}
    await actor.stop()


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        pytest.param(AutoOptions(), None, id="defaults-ask"),
        pytest.param(AutoOptions(auto_win=True), Ron, id="auto-win-rons"),
        pytest.param(AutoOptions(no_calls=True), None, id="no-calls-leaves-the-ron"),
    ],
)
def test_a_claim_with_a_ron_is_only_auto_wins(options: AutoOptions, expected: type[Action] | None) -> None:
    game = _game(CLAIMS)
    as_table(game).apply(find(as_table(game), 0, Discard, "4p"))
    move = automatic_move(options, game.view(1), game.legal_actions(1))
    assert (None if move is None else type(move)) is expected


@pytest.mark.parametrize("variant", [entry.variant for entry in VARIANTS])
def test_every_variants_riichi_draws_that_cannot_win_are_auto_discarded_and_the_rest_asked(variant: str) -> None:
    """Along CPU-played games of each variant, at every decision of a seat in riichi: the default
    options discard the drawn tile (or set aside one the river may not take) exactly when that is
    the only move, and ask whenever a win or anything else is on offer; auto-win takes only a
    win; no calls passes only a claim without a ron."""
    auto_discarded = asked_in_riichi = 0
    for seed in range(6):
        game = new_game(variant, seed=seed)
        cpus = [CpuPlayer.for_game(game, seed=seat) for seat in range(game.players)]
        while game.outcome() is None and game.sequence < 1_500:
            for decision in game.decisions():
                view, actions = game.view(decision.seat), decision.actions
                move = automatic_move(AutoOptions(), view, actions)
                if view.public.seats[decision.seat].riichi:
                    if move is None:
                        asked_in_riichi += 1
                        assert len(actions) > 1 or not isinstance(actions[0], Discard | SetAside)
                    else:
                        auto_discarded += 1
                        assert actions == (move,) and isinstance(move, Discard | SetAside)
                        assert view.drawn is not None and game.tiles[move.tile] == view.drawn
                else:
                    assert move is None
                win = automatic_move(AutoOptions(riichi_discard=False, auto_win=True), view, actions)
                assert win is None or isinstance(win, Tsumo | Ron) or (view.rons_claimed and isinstance(win, Pass))
                passed = automatic_move(AutoOptions(riichi_discard=False, no_calls=True), view, actions)
                if passed is not None:
                    assert isinstance(passed, Pass) and not any(isinstance(a, Ron | Tsumo) for a in actions)
                    assert any(isinstance(a, Pon | Chi | Kan) for a in actions)
            decision = game.decisions()[0]
            game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
        if auto_discarded and asked_in_riichi:
            break
    assert auto_discarded and asked_in_riichi, (auto_discarded, asked_in_riichi)
