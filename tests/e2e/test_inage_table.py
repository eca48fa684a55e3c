"""いなげ麻雀 tables through Discord: a claim on a set-aside 北 (槍ドラ and pon), the unanimous
vote to end, and the time limit. Every move is a click on a panel of the fake Discord, and the
hidden-information spy watches every payload."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import bot.ui.presenter as presenter_module
from bot.app import JantakuBot
from bot.engine.melds import MeldType
from bot.engine.tiles import Kind, Tile
from bot.engine.variants.inage import InageGame, VoteEnd
from bot.engine.views import PublicView
from bot.runtime import TableActor
from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, running_bot
from bot.sandbox.players import Player, World, action_buttons, action_kind, seq_of, simple_policy
from bot.storage import GameStatus, Store
from bot.ui.labels import tile_label
from tests.engine.test_inage import padded

from .helpers import HiddenInformationSpy, make_bot

NORTH = tile_label(Tile(Kind.NORTH))
VOTE_END = "Vote to end"
VOTE_CONTINUE = "Vote to continue"


def _buttons(player: Player, kind: str) -> list[dict[str, Any]]:
    """The enabled action buttons of one kind on the player's panel."""
    if player.panel is None:
        return []
    return [b for b in action_buttons(player.panel) if action_kind(b) == kind]


def _labelled(player: Player, label: str) -> dict[str, Any] | None:
    return next((b for b in _buttons(player, "vote_end") if b["label"] == label), None)


def _up_to_date(actor: TableActor, player: Player) -> bool:
    """Whether the player's panel shows the seat's current decision: every action button carries
    its number, and the vote button its current side. (A panel is redrawn a moment after the
    table moves on; a click on the old one is answered as stale, as it would be for a person.)"""
    decision = actor.decision(actor.seat_of(player.member.id))
    buttons = action_buttons(player.panel) if player.panel is not None else []
    if decision is None:
        return not buttons
    if not buttons or any(seq_of(b["custom_id"]) != decision.seq for b in buttons):
        return False
    votes = [a for a in decision.actions if isinstance(a, VoteEnd)]
    shown = [b["label"] for b in buttons if action_kind(b) == "vote_end"]
    return shown == [VOTE_END if vote.end else VOTE_CONTINUE for vote in votes]


def _waiting_on_people(actor: TableActor) -> bool:
    """Whether the table waits on human decisions only: nothing moves until someone clicks."""
    decisions = actor.decisions()
    return bool(decisions) and not any(actor.seats[d.seat].player.is_cpu for d in decisions)


async def _vote_button(world: World, actor: TableActor, player: Player, label: str) -> dict[str, Any]:
    """The vote button with this label on the player's up-to-date panel."""
    await world.fake.wait_for(
        lambda: _waiting_on_people(actor) and _up_to_date(actor, player) and _labelled(player, label) is not None,
        what=f"{label!r} on {player.member.name}'s panel",
    )
    button = _labelled(player, label)
    assert button is not None
    return button


async def _press(world: World, player: Player, button: dict[str, Any]) -> None:
    """Click a button on the player's panel and wait for the answer (and a deferred redraw)."""
    panel = player.panel
    assert panel is not None
    edits = len(panel.history)
    record = await player.member.click(panel, button["custom_id"])
    await record.wait_response()
    assert not record.failed, record.errors
    if record.deferred:
        await world.fake.wait_for(lambda: len(panel.history) > edits, what="the deferred panel")
    player.clicks += 1


def _actor(bot: JantakuBot, world: World) -> TableActor:
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None
    return actor


def _record_tables(monkeypatch: pytest.MonkeyPatch) -> list[PublicView]:
    """Every public view the table image is drawn from, in order."""
    views: list[PublicView] = []
    # Read where the presenter looks it up, so that a spy set up before stays in the chain; the
    # module imports it without re-exporting it.
    real = presenter_module.render_table  # type: ignore[attr-defined]

    def recording(view: PublicView, names: Any, **kwargs: Any) -> bytes:
        views.append(view)
        return real(view, names, **kwargs)

    monkeypatch.setattr(presenter_module, "render_table", recording)
    return views


def _messages_with(world: World, needle: str) -> list[FakeMessage]:
    return [m for m in world.fake.messages_in(world.channel) if needle in m.content]


# --- 1. a claim on a set-aside 北 ------------------------------------------------------------------


async def _north_set_aside(
    world: World, bot: JantakuBot, tables: list[PublicView]
) -> tuple[TableActor, Player, Player, int, int]:
    """At a 2-player table of Alice and Bob, rig the hand so that Alice draws 北 on her first turn
    and Bob waits on 北 with a pair of it (shanpon 北/7s, 人和 allows a ron in the first go-around);
    Alice sets 北 aside with her panel's button. Returns once Bob's panel offers the claim."""
    alice, bob = world.members
    await world.start_game(
        alice, humans=[bob], cpus=0, variant="inage", hands=1, rules="deal_set_aside=off juusan_futou=off"
    )
    actor = _actor(bot, world)
    assert actor.game.players == 2
    setter, claimer = actor.seat_of(alice.id), actor.seat_of(bob.id)
    hands = ["", ""]
    hands[claimer] = "123p456p44z77s"
    # The rigged hand replaces the dealt one before anyone opened a panel (nobody saw a tile yet);
    # the actor then takes the engine's new decisions as it does after any action.
    actor.game.rig(padded(hands, "4z8s"), "4z8s", starter=setter)  # type: ignore[attr-defined]
    changed = actor._sync_decisions(acted=None, pause=0.0)
    actor.presenter.table_changed(actor.snapshot())
    actor.presenter.panels_changed(actor.snapshot(), changed | {setter, claimer})

    first, second = Player(alice), Player(bob)
    await world.open_panel(first)
    await world.open_panel(second)
    (set_aside,) = _buttons(first, "set_aside")
    assert set_aside["label"] == f"Set aside {NORTH}"
    assert not any(action_kind(b) in ("ron", "pon") for b in action_buttons(second.panel))  # type: ignore[arg-type]
    await _press(world, first, set_aside)

    await world.fake.wait_for(
        lambda: bool(_buttons(second, "ron")) and bool(_buttons(second, "pon")), what="Bob's claim"
    )
    kinds = [action_kind(b) for b in action_buttons(second.panel)]  # type: ignore[arg-type]
    assert {"ron", "pon", "pass"} <= set(kinds)
    (pon,) = _buttons(second, "pon")
    assert pon["label"] == f"Pon {NORTH} {NORTH}"

    # 北 lies in Alice's set-aside row, not in her river, in the engine and on the table image.
    seat = actor.public_view().seats[setter]
    assert [t.kind for t in seat.set_aside] == [Kind.NORTH] and not seat.river

    def drawn_apart() -> bool:
        return any(
            [t.kind for t in v.seats[setter].set_aside] == [Kind.NORTH] and not v.seats[setter].river for v in tables
        )

    await world.fake.wait_for(drawn_apart, what="a table image with 北 set aside")
    return actor, first, second, setter, claimer


async def test_inage_ron_on_a_set_aside_north_is_yaridora(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob rons the 北 Alice set aside: a 槍ドラ win paid by Alice, with its result card posted."""
    world = World.build(fake_discord, "Alice", "Bob")
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    tables = _record_tables(monkeypatch)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        actor, _, bob, setter, claimer = await _north_set_aside(world, bot, tables)
        (ron,) = _buttons(bob, "ron")
        await _press(world, bob, ron)
        await fake_discord.wait_for(lambda: world.game_over_text() is not None, what="the game over")

        result = actor.game.last_result  # type: ignore[attr-defined]
        assert result.winner == claimer and result.from_seat == setter
        assert result.win_tile.kind == Kind.NORTH
        assert "槍ドラ" in [line.name for line in result.yaku]
        points = result.points
        assert actor.game.public_view().seats[setter].points == -points
        assert not actor.game.public_view().seats[setter].set_aside  # the tile went to Bob's hand
        (card,) = _messages_with(world, f"Hand 1: Bob wins {points} from Alice")
        assert len(card.attachments) == 1
        assert spy.tiles_checked > 0 and spy.images_checked > 0
        game_id = actor.game_id
    async with Store.open(database) as store:
        row = await store.games.get(game_id)
        assert row.status is GameStatus.FINISHED
        actions = [(a["type"], a["seat"]) for a in await store.games.actions(game_id)]
        assert actions[-2:] == [("set_aside", setter), ("ron", claimer)]
        (hand,) = await store.results.hands(game_id)
        assert (hand.result.winner, hand.result.from_seat, hand.result.points) == (claimer, setter, points)


async def test_inage_pon_on_a_set_aside_north(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob pons the 北 Alice set aside: the meld comes from her set-aside row, and Bob discards next."""
    world = World.build(fake_discord, "Alice", "Bob")
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    tables = _record_tables(monkeypatch)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        actor, alice, bob, setter, claimer = await _north_set_aside(world, bot, tables)
        (pon,) = _buttons(bob, "pon")
        await _press(world, bob, pon)

        public = actor.game.public_view()
        (meld,) = public.seats[claimer].melds
        assert meld.type is MeldType.PON and meld.from_seat == setter
        assert [t.kind for t in meld.tiles] == [Kind.NORTH] * 3
        assert not public.seats[setter].set_aside and not public.seats[setter].river
        assert public.turn == claimer
        # Bob's panel now asks for his discard after the pon (no tsumo, no claim left).
        await fake_discord.wait_for(lambda: bool(_buttons(bob, "discard")), what="Bob's discard")
        assert not _buttons(bob, "ron") and not _buttons(bob, "pon") and not _buttons(bob, "tsumo")
        assert not _buttons(alice, "set_aside")
        await fake_discord.wait_for(
            lambda: any(v.seats[claimer].melds and not v.seats[setter].set_aside for v in tables),
            what="a table image with Bob's pon",
        )
        assert world.game_over_text() is None
        assert spy.tiles_checked > 0
        game_id = actor.game_id
        logged = await bot.store.games.actions(game_id)
        assert [(a["type"], a["seat"]) for a in logged[-2:]] == [("set_aside", setter), ("pon", claimer)]


# --- 2. the vote to end -------------------------------------------------------------------------------


async def _play_moves(world: World, actor: TableActor, players: list[Player], moves: int, rng: random.Random) -> None:
    """Let the players make ``moves`` game moves through their panels, never touching the vote."""
    for _ in range(moves):

        def playable(player: Player) -> list[dict[str, Any]]:
            if not (_waiting_on_people(actor) and _up_to_date(actor, player)):
                return []
            return [b for b in world.pending_button(player) if action_kind(b) != "vote_end"]

        await world.fake.wait_for(lambda: any(playable(p) for p in players), what="a move for a scripted player")
        player = next(p for p in players if playable(p))
        choice = simple_policy(playable(player), rng)
        player.clicked.add(choice["custom_id"])
        await _press(world, player, choice)


async def _vote_table(world: World, bot: JantakuBot) -> tuple[TableActor, Player, Player]:
    alice, bob = world.members
    await world.start_game(alice, humans=[bob], cpus=1, variant="inage", end="vote")
    actor = _actor(bot, world)
    assert actor.game.players == 3
    first, second = Player(alice), Player(bob)
    for player in (first, second):
        await world.open_panel(player)
    return actor, first, second


async def test_inage_vote_to_end_through_the_panels(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice votes: the channel hears it and play goes on; once Bob votes too the CPU follows
    and the game ends at once, finished in the store by vote."""
    world = World.build(fake_discord, "Alice", "Bob")
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        actor, alice, bob = await _vote_table(world, bot)
        cpu = next(name for name in actor.names if name not in ("Alice", "Bob"))

        vote = await _vote_button(world, actor, alice, VOTE_END)
        await _press(world, alice, vote)
        await fake_discord.wait_for(
            lambda: bool(_messages_with(world, "Alice votes to end the game (1/3).")), what="the notice"
        )
        await _vote_button(world, actor, alice, VOTE_CONTINUE)
        assert _labelled(bob, VOTE_END) is not None

        # One vote ends nothing: the table plays on, and the vote stands across the moves.
        before = actor.sequence
        await _play_moves(world, actor, [alice, bob], 4, random.Random(1))
        assert actor.sequence >= before + 4
        assert not actor.finished and world.game_over_text() is None
        assert not _messages_with(world, f"{cpu} votes to end")

        vote = await _vote_button(world, actor, bob, VOTE_END)
        await _press(world, bob, vote)
        await fake_discord.wait_for(lambda: world.game_over_text() is not None, what="the game over")
        over = world.game_over_text()
        assert over is not None and "投票で終了" in over
        texts = world.public_texts()
        order = [
            next(i for i, t in enumerate(texts) if needle in t)
            for needle in ("Bob votes to end the game (2/3).", f"{cpu} votes to end the game (3/3).", "is over")
        ]
        assert order == sorted(order)
        assert actor.game.outcome() is not None and spy.public_payloads > 0  # the game is over
        game_id = actor.game_id
    async with Store.open(database) as store:
        row = await store.games.get(game_id)
        assert row.status is GameStatus.FINISHED and "投票" in row.end_reason
        votes = [(a["seat"], a.get("end", True)) for a in await store.games.actions(game_id) if a["type"] == "vote_end"]
        seats = [actor.seat_of(alice.member.id), actor.seat_of(bob.member.id), actor.names.index(cpu)]
        assert votes == [(seat, True) for seat in seats]


async def test_inage_vote_withdrawn_through_the_panel(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice votes, then takes it back with "Vote to continue": Bob's vote alone ends nothing (the
    CPU only follows once every human voted); Alice's second vote then ends the game."""
    world = World.build(fake_discord, "Alice", "Bob")
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        actor, alice, bob = await _vote_table(world, bot)
        cpu = next(name for name in actor.names if name not in ("Alice", "Bob"))

        vote = await _vote_button(world, actor, alice, VOTE_END)
        await _press(world, alice, vote)
        withdraw = await _vote_button(world, actor, alice, VOTE_CONTINUE)
        await _press(world, alice, withdraw)
        await fake_discord.wait_for(lambda: bool(_messages_with(world, "Alice withdrew their vote to end (0/3).")))
        await _vote_button(world, actor, alice, VOTE_END)

        vote = await _vote_button(world, actor, bob, VOTE_END)
        await _press(world, bob, vote)
        await fake_discord.wait_for(lambda: bool(_messages_with(world, "Bob votes to end the game (1/3).")))
        await _play_moves(world, actor, [alice, bob], 3, random.Random(2))
        assert not actor.finished and world.game_over_text() is None
        assert not _messages_with(world, f"{cpu} votes to end")

        vote = await _vote_button(world, actor, alice, VOTE_END)
        await _press(world, alice, vote)
        await fake_discord.wait_for(lambda: world.game_over_text() is not None, what="the game over")
        assert _messages_with(world, "Alice votes to end the game (2/3).")
        assert _messages_with(world, f"{cpu} votes to end the game (3/3).")
        game_id = actor.game_id
    async with Store.open(database) as store:
        row = await store.games.get(game_id)
        assert row.status is GameStatus.FINISHED and "投票" in row.end_reason
        votes = [a.get("end", True) for a in await store.games.actions(game_id) if a["type"] == "vote_end"]
        assert votes == [True, False, True, True, True]


# --- 3. the time limit --------------------------------------------------------------------------------


async def test_inage_time_limit_ends_the_game_after_the_hand_in_play(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-minute table. The actor's time limit is a timer set from the game's start and the wall
    clock (RuntimeOptions.wall_clock), both the fake's manual clock here. The minute passes the way
    that is hardest for the bot: while it is down mid-hand, so the bot that resumes the game reads
    a wall clock a minute past the stored start. It sends time-up at once; the hand in play is
    finished by clicks, and the game then ends, 時間."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    player = Player(alice)

    first = make_bot(fake_discord, database)
    async with running_bot(fake_discord, first):
        spy = fake_discord.add_spy(HiddenInformationSpy(first, monkeypatch))
        await world.start_game(alice, cpus=2, variant="inage", end="time", minutes=1)
        actor = _actor(first, world)
        await world.play([player], max_clicks=3)
        # Stop while the table waits on Alice, so that nothing moves after the restart until she does.
        await fake_discord.wait_for(lambda: _waiting_on_people(actor), what="Alice's decision")
        assert world.game_over_text() is None
        assert not _messages_with(world, "Time is up")
        game_id = actor.game_id
        started = (await first.store.games.get(game_id)).created_at.timestamp()
        old_table = world.table_message()
    fake_discord.remove_spy(spy)
    # The bot is down until a minute after the stored start (which the store stamped with the
    # machine's time, a moment after the fake's clock began).
    assert fake_discord.clock.time() < started + 60
    fake_discord.advance_clock(started + 60 - fake_discord.clock.time())

    second = make_bot(fake_discord, database)
    async with running_bot(fake_discord, second):
        fake_discord.add_spy(HiddenInformationSpy(second, monkeypatch))
        resumed = _actor(second, world)
        assert resumed.game_id == game_id
        await fake_discord.wait_for(lambda: world.table_message() not in (None, old_table))
        await fake_discord.wait_for(
            lambda: bool(_messages_with(world, "⏰ Time is up: this hand is the last.")), what="time-up"
        )
        # The hand in play goes on: nothing ended, and the table waits on Alice's move.
        hand = resumed.game.hand_index  # type: ignore[attr-defined]
        assert resumed.game.outcome() is None and world.game_over_text() is None
        assert [d.seat for d in resumed.decisions()] == [resumed.seat_of(alice.id)]
        player.panel, player.clicked = None, set()
        await world.play([player])
        over = world.game_over_text()
        assert over is not None and "時間" in over
    async with Store.open(database) as store:
        row = await store.games.get(game_id)
        assert row.status is GameStatus.FINISHED and row.end_reason == "時間"
        assert row.hands_played == hand + 1
        actions = await store.games.actions(game_id)
        ups = [index for index, action in enumerate(actions) if action["type"] == "time_up"]
        assert len(ups) == 1 and ups[0] < len(actions) - 1  # the hand was played on after time-up


async def test_inage_double_click_on_vote_keeps_one_vote(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player double-clicks "Vote to end" while a decision of theirs is pending (both clicks sent
    before the panel is redrawn): one vote stands and the second click is stale, as for any other
    button. (The vote and its withdrawal share a button id; the vote must renumber the panel.)"""
    world = World.build(fake_discord, "Alice", "Bob")
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        actor, alice, bob = await _vote_table(world, bot)
        await world.fake.wait_for(lambda: _waiting_on_people(actor))
        deciding = {d.seat for d in actor.decisions()}
        player = next(p for p in (alice, bob) if actor.seat_of(p.member.id) in deciding)
        seat = actor.seat_of(player.member.id)
        vote = await _vote_button(world, actor, player, VOTE_END)
        assert player.panel is not None
        records = await asyncio.gather(*(player.member.click(player.panel, vote["custom_id"]) for _ in range(2)))
        await asyncio.gather(*(r.wait_response() for r in records))
        assert sorted(r.response_type or 0 for r in records) == [4, 7]  # one played, one told it is stale
        game = actor.game
        assert isinstance(game, InageGame) and game.votes == {seat}
