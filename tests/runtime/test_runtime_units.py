"""The runtime's pure parts and the actor on its own: button ids, panels, settings, lobbies, the
commit-before-show rule. Fast checks that the end-to-end tests build on."""

from __future__ import annotations

import doctest
import importlib
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.game import Discard, Riichi, Ron, Unclaimed
from bot.engine.variants import new_game
from bot.engine.views import PublicView
from bot.runtime import RuntimeOptions, TableActor, TableTimers
from bot.runtime.customid import ActionId, LeaderboardId, LobbyId, PanelId, TableId, action_args, parse
from bot.runtime.decisions import Decision
from bot.runtime.errors import (
    AlreadyJoined,
    BadSetting,
    InvalidButton,
    NeedPlayers,
    NotSeated,
    OptionNotAllowed,
    OptionWrongType,
    SaveFailed,
    StaleClick,
)
from bot.runtime.lobby import LobbyBook
from bot.runtime.presenting import NullPresenter
from bot.runtime.snapshot import public_table_view
from bot.runtime.variants import build_settings, parse_rules_text
from bot.storage import PlayerSeat, StorageError, Store
from bot.ui.pacing import RateLimiter
from bot.ui.panel_spec import panel_spec
from bot.ui.table_spec import table_spec

RUNTIME_MODULES = (
    "bot.runtime.customid",
    "bot.runtime.errors",
    "bot.runtime.i18n",
    "bot.runtime.lobby",
    "bot.runtime.options",
    "bot.runtime.shards",
    "bot.runtime.variants",
    "bot.ui.labels",
)


@pytest.mark.parametrize("module", RUNTIME_MODULES)
def test_runtime_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0


@pytest.mark.parametrize(
    "button",
    [
        ActionId(12, 34, "discard", (17,)),
        ActionId(1, 0, "pon", (3, 4)),
        ActionId(1, 0, "pass"),
        TableId(99, 5, "hand"),
        PanelId(99, 5, "riichi"),
        LobbyId(1576573326246019081, "start"),
        LeaderboardId("nishoku", "30d", 20),
        LeaderboardId("chinitsu", "all", 10, "chips"),
    ],
)
def test_custom_ids_round_trip_and_fit(button: object) -> None:
    custom_id = button.custom_id  # type: ignore[attr-defined]
    assert len(custom_id) <= 100
    assert parse(custom_id) == button


@pytest.mark.parametrize(
    "custom_id",
    [
        "jt:act:1:2",
        "jt:act:1:2:Discard:3",
        "jt:act:1:2:discard:3:4",
        "jt:act:1:2:discard:1.2.3.4.5",
        "jt:act:99999999999999999999:2:pass",
        "jt:act:-1:2:pass",
        "jt:table:1:2:steal",
        "jt:lobby:1:launch",
        "jt:board:NISHOKU:all:0",
        "jt:board:chinitsu:all:0:Chips",
        "jt:board:chinitsu:all:0:chips:1",
        "jt:x",
        "jt:act:1:2:pass" + "0" * 90,
        "other:act:1:2:pass",
    ],
)
def test_malformed_custom_ids_are_invalid_buttons(custom_id: str) -> None:
    with pytest.raises(InvalidButton):
        parse(custom_id)


def _states(seed: int, limit: int = 400) -> list[tuple[object, Decision]]:
    """Decisions met along a CPU-played game, with the game at that moment (rebuilt each time)."""
    game = new_game("nishoku", {"hands": 2}, seed=seed)
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(4)]  # type: ignore[attr-defined]
    found: list[tuple[object, Decision]] = []
    while game.outcome() is None and len(found) < limit:
        for decision in game.decisions():
            found.append(
                (
                    game.view(decision.seat),
                    Decision(decision.seat, game.sequence, decision.actions, decision.default, None),
                )
            )
        decision = game.decisions()[0]
        game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
    return found


def test_panel_buttons_are_exactly_the_legal_actions() -> None:
    game = new_game("nishoku", {}, seed=0)
    tiles = game.tiles  # type: ignore[attr-defined]
    names = ["A", "B", "C", "D"]
    checked = 0
    for view, decision in _states(seed=3) + _states(seed=4):
        common = {"game_id": 7, "title": "二色麻雀", "view": view, "decision": decision, "waiting_for": ()}
        normal = panel_spec(**common, names=names, tiles=tiles)  # type: ignore[arg-type]
        riichi = panel_spec(**common, names=names, tiles=tiles, mode="riichi")  # type: ignore[arg-type]
        expected = {
            ActionId(7, decision.seq, a.kind, action_args(a)).custom_id
            for a in decision.actions
            if not isinstance(a, Riichi)
        }
        shown = {b.custom_id for b in normal.buttons if b.custom_id.startswith("jt:act:")}
        assert shown == expected
        riichis = {
            ActionId(7, decision.seq, "riichi", action_args(a)).custom_id
            for a in decision.actions
            if isinstance(a, Riichi)
        }
        if riichis:
            assert PanelId(7, decision.seq, "riichi").custom_id in {b.custom_id for b in normal.buttons}
            assert {b.custom_id for b in riichi.buttons if b.custom_id.startswith("jt:act:")} == riichis | {
                c for c in expected if ":discard:" not in c
            }
        for spec in (normal, riichi):
            rows = [b.row for b in spec.buttons]
            assert max(rows, default=0) < 5
            assert all(rows.count(row) <= 5 for row in set(rows))
            assert len({b.custom_id for b in spec.buttons}) == len(spec.buttons)
        checked += 1
    assert checked > 100


def _claim_windows(seed: int) -> list[tuple[PublicView, Unclaimed, Decision]]:
    """The public view, how play goes on unclaimed and a claimant's decision (with a clock) at
    every claim window of a CPU-played game."""
    game = new_game("nishoku", {"hands": 2}, seed=seed)
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(4)]  # type: ignore[attr-defined]
    found: list[tuple[PublicView, Unclaimed, Decision]] = []
    while game.outcome() is None:
        unclaimed = game.unclaimed()
        decision = game.decisions()[0]
        if unclaimed is not None:
            clocked = Decision(decision.seat, game.sequence, decision.actions, decision.default, 1_700_000_000.0)
            found.append((game.public_view(), unclaimed, clocked))
        game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
    return found


def test_public_table_view_hides_who_may_call() -> None:
    for view, decision in _states(seed=5):
        public = view.public  # type: ignore[attr-defined]
        shown = public_table_view(public, deadline=None, auto=())
        if public.turn is not None:
            assert shown.deciding == (public.turn,)
        del decision
    windows = _claim_windows(seed=5)
    for public, unclaimed, _ in windows:
        # Not even that a window is open: the seat after the discarder is on turn, as it would
        # be had nobody been able to claim, and no claimant's deadline shows.
        after = (public.last_discard[0] + 1) % len(public.seats)  # type: ignore[index]
        assert public.phase == "claims" and unclaimed == Unclaimed("turn", after)
        shown = public_table_view(public, deadline=123.0, auto=(), unclaimed=unclaimed)
        assert (shown.phase, shown.turn, shown.deciding, shown.deadline) == ("turn", after, (after,), None)
    assert windows


def test_table_line_in_a_claim_window_names_the_next_seat_without_the_claimants_clock() -> None:
    """A person's claim window keeps the table waiting (that cannot be hidden), but what it says
    is what it says between two turns: the seat after the discarder plays, with no deadline, and
    nothing about calls."""
    names = ("Alice", "Bob", "Carol", "Dave")
    windows = _claim_windows(seed=5)
    for public, unclaimed, claimant in windows:
        shown = public_table_view(public, deadline=claimant.deadline, auto=(), unclaimed=unclaimed)
        after = names[unclaimed.turn]  # type: ignore[index]
        for locale, line in (("en-US", f"▶ {after} to play "), ("ja", f"▶ {after} の手番 ")):
            content = table_spec(
                game_id=1,
                title="二色麻雀",
                view=shown,
                names=names,
                decisions=[claimant],
                auto=(),
                over=False,
                locale=locale,
            ).content
            assert content.endswith(line), content
            assert "<t:" not in content and "call" not in content and "鳴き" not in content, content
    assert windows


def test_settings_from_options_and_rules_text() -> None:
    assert build_settings("nishoku", {"hands": 4}).to_json()["hands"] == 4
    assert build_settings("nishoku", {}, defaults={"hints": False, "minutes": 3}).hints is False
    with pytest.raises(OptionNotAllowed, match="`hands` must be from 1 to 16, not 40"):
        build_settings("nishoku", {"hands": 40})
    with pytest.raises(OptionWrongType, match="`hands` takes a whole number, not 'abc'"):
        build_settings("nishoku", {"hands": "abc"})
    with pytest.raises(BadSetting, match="no setting"):
        build_settings("nishoku", {"minutes": 3})
    assert parse_rules_text("nishoku", "red_5p=2 hints=no") == {"red_5p": 2, "hints": False}
    with pytest.raises(OptionWrongType, match="`hands` takes a whole number, not 'many'"):
        parse_rules_text("nishoku", "hands=many")
    with pytest.raises(BadSetting, match="key=value"):
        parse_rules_text("nishoku", "colour=red")


def test_lobby_rules() -> None:
    book = LobbyBook()
    host = PlayerSeat.human(1, "Host")
    lobby = book.open(
        lobby_id=5,
        guild_id=2,
        channel_id=3,
        host=host,
        variant="nishoku",
        settings=build_settings("nishoku", {}),
        timers=TableTimers(),
        size=4,
    )
    with pytest.raises(AlreadyJoined):
        lobby.join(host)
    lobby.join(PlayerSeat.human(2, "Guest"))
    with pytest.raises(NeedPlayers):
        lobby.check_ready("二色麻雀")
    assert [lobby.add_cpu().name, lobby.add_cpu().name] == ["CPU 1", "CPU 2"]
    lobby.check_ready("二色麻雀")
    lobby.leave(1)
    assert lobby.host_id == 2  # the host's role passes on
    assert book.get(5) is lobby and book.in_channel(3) is lobby


async def test_rate_limiter_spaces_requests() -> None:
    limiter = RateLimiter(50.0, burst=5)
    started = time.monotonic()
    for _ in range(15):
        await limiter.acquire()
    assert time.monotonic() - started >= 10 / 50 * 0.9


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with Store.open(tmp_path / "db.sqlite3") as opened:
        yield opened


async def _actor(store: Store, rig: tuple[list[str], str] | None = None) -> TableActor:
    game = new_game("nishoku", {"hands": 1}, seed=11)
    if rig is not None:
        game.rig(*rig)  # type: ignore[attr-defined]
    players = [PlayerSeat.human(100 + seat, f"P{seat}") for seat in range(4)]
    game_id = await store.games.create(1, 2, "nishoku", game.settings, 11, players, 100)  # type: ignore[attr-defined]
    actor = TableActor(
        game_id=game_id,
        guild_id=1,
        channel_id=2,
        host_id=100,
        game=game,
        players=players,
        store=store,
        options=RuntimeOptions(cpu_delay=0, hand_pause=0),
        timers=TableTimers(30, 0),
    )
    actor.start(presenter=NullPresenter())
    return actor


def _button(actor: TableActor, seat: int) -> ActionId:
    decision = actor.decision(seat)
    assert decision is not None
    action = next(a for a in decision.actions if isinstance(a, Discard))
    return ActionId(actor.game_id, decision.seq, action.kind, action_args(action))


async def test_actor_commits_before_it_applies(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    actor = await _actor(store)
    dealer = actor.decisions()[0].seat
    user = 100 + dealer
    state = actor.game.state_hash()

    async def broken(*args: object, **kwargs: object) -> None:
        raise StorageError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(store.games, "append_action", broken)
        with pytest.raises(SaveFailed):
            await actor.act(user, _button(actor, dealer))
    assert actor.game.state_hash() == state and await store.games.actions(actor.game_id) == []

    button = _button(actor, dealer)
    with pytest.raises(NotSeated):
        await actor.act(999, button)
    assert await actor.act(user, button) == dealer
    assert len(await store.games.actions(actor.game_id)) == 1
    with pytest.raises(StaleClick):
        await actor.act(user, button)
    await actor.stop()


async def test_simultaneous_claims_keep_their_sequence_numbers(store: Store) -> None:
    """Two seats may ron one discard: one passing does not make the other's buttons stale."""
    hands = ["4678p1234567z11s", "123456789s1123p", "123456789s1123p", "5599p6688s12345z"]
    actor = await _actor(store, rig=(hands, "7z"))
    four_pin = next(
        a
        for a in actor.decision(0).actions
        if isinstance(a, Discard) and actor.tiles[a.tile].kind == 12  # type: ignore[union-attr]
    )
    await actor.act(100, ActionId(actor.game_id, actor.decision(0).seq, "discard", action_args(four_pin)))  # type: ignore[union-attr]
    first, second = actor.decisions()
    assert (first.seat, second.seat) == (1, 2)
    assert first.seq == second.seq and any(isinstance(a, Ron) for a in second.actions)
    await actor.act(101, ActionId(actor.game_id, first.seq, "pass"))
    still = actor.decision(2)
    assert still is not None and still.seq == second.seq
    await actor.act(102, ActionId(actor.game_id, second.seq, "ron"))
    await actor.stop()
    assert actor.finished


def test_zuno_table_text_names_the_simultaneous_phase_and_nobody_in_it() -> None:
    """In ずーの's declare phase the table says everyone is choosing (not "calls on the discard"),
    and names no one: who has locked in stays private."""
    from bot.engine.variants.zuno import ZunoGame
    from bot.ui.table_spec import table_spec

    game = ZunoGame(seed=4)
    while game.phase == "draft":
        game.apply(game.decisions()[0].default)
    assert game.phase == "declare"
    game.apply(game.decisions()[0].default)  # one seat locks in
    names = ("Alice", "Bob", "Carol", "Dave")
    decisions = [Decision(d.seat, game.sequence, d.actions, d.default, None) for d in game.decisions()]
    for locale, phrase in (("en-US", "Everyone chooses a discard"), ("ja", "全員が打牌を選択中")):
        spec = table_spec(
            game_id=1,
            title="ずーの",
            view=game.public_view(),
            names=names,
            decisions=decisions,
            auto=(),
            over=False,
            locale=locale,
        )
        assert phrase in spec.content and not any(name in spec.content for name in names), spec.content


def test_a_leaderboard_page_by_rating_keeps_the_id_it_had_before_orders() -> None:
    assert LeaderboardId("nishoku", "7d", 10).custom_id == "jt:board:nishoku:7d:10"
    assert parse("jt:board:nishoku:7d:10") == LeaderboardId("nishoku", "7d", 10, "rating")
