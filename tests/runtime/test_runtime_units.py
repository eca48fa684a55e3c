"""The runtime's pure parts and the actor on its own: button ids, the public table view, settings,
lobbies, the commit-before-show rule. Fast checks that the end-to-end tests build on (what the
Discord side draws of them: tests/ui)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from bot.engine.game import Discard, Ron, Unclaimed
from bot.engine.variants import new_game
from bot.runtime import TableActor, TableTimers
from bot.runtime.customid import ActionId, ButtonId, LeaderboardId, LobbyId, PanelId, TableId, action_args, parse
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
from bot.runtime.snapshot import public_table_view
from bot.runtime.variants import build_settings, parse_rules_text
from bot.storage import PlayerSeat, StorageError, Store
from tests.engine.rigging import as_table
from tests.runtime.played import claim_windows, decisions_met
from tests.runtime.tables import humans, start_table

RUNTIME_MODULES = (
    "bot.runtime.customid",
    "bot.runtime.errors",
    "bot.runtime.i18n",
    "bot.runtime.lobby",
    "bot.runtime.options",
    "bot.runtime.shards",
    "bot.runtime.variants",
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
def test_custom_ids_round_trip_and_fit(button: ButtonId) -> None:
    custom_id = button.custom_id
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


def test_public_table_view_hides_who_may_call() -> None:
    for view, _ in decisions_met(seed=5):
        public = view.public
        shown = public_table_view(public, deadline=None, auto=())
        if public.turn is not None:
            assert shown.deciding == (public.turn,)
    windows = claim_windows(seed=5)
    for public, unclaimed, _ in windows:
        # That calls are open on the discarder's tile, and nothing of who may call: nobody on
        # turn or highlighted, and no claimant's deadline.
        assert public.last_discard is not None
        discarder = public.last_discard[0]
        after = (discarder + 1) % len(public.seats)
        assert public.phase == "claims" and unclaimed == Unclaimed("turn", after, offered_by=discarder)
        shown = public_table_view(public, deadline=123.0, auto=(), unclaimed=unclaimed)
        assert (shown.phase, shown.turn, shown.deciding, shown.deadline) == ("claims", None, (), None)
        assert shown.calls_on == discarder
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


async def _actor(store: Store, rig: tuple[list[str], str] | None = None) -> TableActor:
    game = new_game("nishoku", {"hands": 1}, seed=11)
    if rig is not None:
        as_table(game).rig(*rig)
    return await start_table(store, game, humans(4))


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
    dealer = actor.decision(0)
    assert dealer is not None
    four_pin = next(a for a in dealer.actions if isinstance(a, Discard) and actor.tiles[a.tile].kind == 12)
    await actor.act(100, ActionId(actor.game_id, dealer.seq, "discard", action_args(four_pin)))
    first, second = actor.decisions()
    assert (first.seat, second.seat) == (1, 2)
    assert first.seq == second.seq and any(isinstance(a, Ron) for a in second.actions)
    await actor.act(101, ActionId(actor.game_id, first.seq, "pass"))
    still = actor.decision(2)
    assert still is not None and still.seq == second.seq
    await actor.act(102, ActionId(actor.game_id, second.seq, "ron"))
    await actor.stop()
    assert actor.finished


def test_a_leaderboard_page_by_rating_keeps_the_id_it_had_before_orders() -> None:
    assert LeaderboardId("nishoku", "7d", 10).custom_id == "jt:board:nishoku:7d:10"
    assert parse("jt:board:nishoku:7d:10") == LeaderboardId("nishoku", "7d", 10, "rating")
