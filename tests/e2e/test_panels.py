"""Private panels: by DM, a refused DM, an interaction token that expires mid-game, and riichi
through the panel (the draws after it discarded by the auto option)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

import pytest

from bot.app import JantakuBot
from bot.engine.game import Game
from bot.engine.table.settings import TableSettings
from bot.engine.tiles import Tile
from bot.runtime import TableActor
from bot.runtime.variants import new_table_game
from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, running_bot
from bot.sandbox.fakediscord.faults import Faults
from bot.sandbox.players import Player, World, action_buttons, button_text
from tests.engine.rigging import as_table

from .helpers import HiddenInformationSpy, fix_seed, make_bot, pass_time_until, settle

P = ParamSpec("P")
R = TypeVar("R")


def held_until(event: asyncio.Event, real: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """``real``, answering only once ``event`` is set (a store write held back)."""

    async def held(*args: P.args, **kwargs: P.kwargs) -> R:
        await event.wait()
        return await real(*args, **kwargs)

    return held


async def test_panel_by_dm_updates_in_place(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        await world.start_game(alice, hands=2)
        record = await alice.slash(world.channel, "mahjong hand", dm=True)
        await fake_discord.wait_for(lambda: record.message is not None and "DMs" in record.message.text)
        assert record.message is not None and record.message.ephemeral
        dms = fake_discord.messages_in(fake_discord.dm_channel(alice))
        assert len(dms) == 1
        panel = dms[0]
        assert panel.attachments[0].is_png and "Your hand" in panel.text
        assert "jt:panel:" in " ".join(panel.custom_ids)  # the "Stop DMs" button
        player = Player(alice, panel=panel)
        await world.play([player], max_clicks=6)
        assert len(panel.history) >= 6, "the DM panel is edited in place, not re-sent"
        assert len(fake_discord.messages_in(fake_discord.dm_channel(alice))) == 1
        assert spy.images_checked > 0
        # Back to ephemeral panels.
        stop = next(cid for cid in panel.custom_ids if cid.endswith(":here"))
        back = await alice.click(panel, stop)
        assert back.message is not None and "shown here again" in back.message.text
        await world.open_panel(player)
        assert player.panel is not None and player.panel.ephemeral


@pytest.mark.slow
async def test_dm_panel_sent_while_the_game_moves_shows_the_turn_that_came_meanwhile(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob discards while Alice's DM panel is still being posted: her panel catches up.

    It used to keep "Waiting for the other players." with her clock running, because a change
    that finds a panel not yet open is skipped and only the ephemeral path caught up after."""
    fix_seed(monkeypatch, 0)  # Bob deals; Alice sits after him
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        await world.start_game(alice, humans=[bob], cpus=2, hands=1)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        seat = actor.seat_of(alice.id)
        assert actor.decision(seat) is None and actor.decision(actor.seat_of(bob.id)) is not None
        assert (actor.seat_of(bob.id) + 1) % 4 == seat
        bob_player = Player(bob)
        await world.open_panel(bob_player)
        # The DM's post is answered two seconds late, on the fake's clock: only once the test lets
        # them pass, after Bob's discard has given Alice her turn.
        held = Faults(
            seed=1, slow=1.0, slow_seconds=2.0, slow_on_clock=True, routes={"POST /channels/{channel_id}/messages"}
        )
        fake_discord.inject(held)
        record = await alice.slash(world.channel, "mahjong hand", dm=True, wait=False)
        await fake_discord.wait_for(lambda: fake_discord.faults.injected["slow"] >= 1, what="the DM post to start")
        assert bob_player.panel is not None
        discard = next(b for b in action_buttons(bob_player.panel) if ":discard:" in b["custom_id"])
        await bob.click(bob_player.panel, discard["custom_id"])
        await fake_discord.wait_for(lambda: actor.decision(seat) is not None, what="Alice's turn")
        assert fake_discord.messages_in(fake_discord.dm_channel(alice)) == [], "Alice's turn came before her DM"
        fake_discord.inject(None)
        fake_discord.advance_clock(2.0)  # within the 3 s Alice's command has to be answered
        await fake_discord.wait_for(lambda: record.message is not None and "DMs" in record.message.text)
        (panel,) = fake_discord.messages_in(fake_discord.dm_channel(alice))
        await fake_discord.wait_for(lambda: bool(action_buttons(panel)), what="the DM panel to offer Alice's turn")


async def test_refused_dm_falls_back_to_an_ephemeral_panel(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    fake_discord.fail_dms_to(alice)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")):
        await world.start_game(alice, hands=1)
        record = await alice.slash(world.channel, "mahjong hand", dm=True)
        await fake_discord.wait_for(lambda: record.message is not None and not record.message.loading)
        panel = record.message
        assert panel is not None and panel.ephemeral
        assert "could not DM you" in panel.text and "Your hand" in panel.text
        assert panel.attachments and panel.attachments[0].is_png
        assert fake_discord.messages_in(fake_discord.dm_channel(alice)) == []
        # The fallback panel is a working panel: play on through it.
        player = Player(alice, panel=panel)
        await world.play([player], max_clicks=3)
        # Asking again through the panel's own button is refused the same way.
        dm_button = next(cid for cid in panel.custom_ids if cid.endswith(":dm"))
        again = await alice.click(panel, dm_button)
        await fake_discord.wait_for(lambda: again.message is not None and not again.message.loading)
        assert again.message is not None and "could not DM you" in again.message.text


@pytest.mark.slow
async def test_expired_token_is_not_used_and_my_hand_reopens(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    # CPUs think for a moment here (on the fake's clock, which the test moves), so there are
    # moments in which Alice has nothing to decide and nothing moves.
    cpu_delay = 0.2
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=cpu_delay)

    async def cpus_think(ready: Callable[[], bool]) -> None:
        await pass_time_until(fake_discord, ready, bot, within=cpu_delay)

    async with running_bot(fake_discord, bot):
        # Several hands, so a quick win in the first cannot end the game before the clock jump.
        await world.start_game(alice, hands=3)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        seat = actor.seat_of(alice.id)
        player = Player(alice)
        await world.play([player], max_clicks=3, wait=cpus_think)
        # Play on to a moment in which Alice has nothing to decide. Her last click may have handed
        # her the next decision at once (a pass, then her own turn): then she plays on.
        for _ in range(30):
            await settle(fake_discord, bot)
            if actor.decision(seat) is None:
                break
            await world.play([player], max_clicks=1, wait=cpus_think)
        else:
            raise AssertionError("Alice was never without a decision")
        old_panel = player.panel
        assert old_panel is not None

        fake_discord.advance_clock(15 * 60 + 1)  # every token the bot holds is now dead
        requests_before = len(fake_discord.requests)
        await cpus_think(lambda: actor.decision(seat) is not None)
        await fake_discord.wait_for(lambda: world.table_message() is not None)
        webhook_edits = [
            r for r in fake_discord.requests[requests_before:] if r.route and r.route.startswith("/webhooks/")
        ]
        assert webhook_edits == [], "the bot used an expired token"
        assert action_buttons(old_panel) == []  # the panel could not be told: it is stale

        await world.open_panel(player)  # "My hand": a fresh token
        assert player.panel is not old_panel
        assert action_buttons(player.shown_panel)
        await world.play([player], wait=cpus_think)
        assert world.game_over_text() is not None


def _seed_seating_first_player_east() -> int:
    """A seed whose seat draw puts the lobby's first player (the host) in the first East seat."""
    from bot.engine.variants.nishoku import NishokuGame

    return next(seed for seed in range(1000) if NishokuGame(seed=seed).seating[0] == 0)


def _alice_deals_tenpai(monkeypatch: pytest.MonkeyPatch, draws: str) -> None:
    """The next table seats Alice East with 1-9p 1123s, and draws ``draws`` (hers first)."""
    import bot.runtime.registry as registry

    # Only the registry's draw: patching secrets.randbits itself would give every message
    # discord.py posts the same nonce, and the fake (like Discord) dedupes repeated nonces.
    fix_seed(monkeypatch, _seed_seating_first_player_east())

    def rigged(name: str, settings: TableSettings, *, seed: int, players: int) -> Game:
        game = new_table_game(name, settings, seed=seed, players=players)
        as_table(game).rig(["123456789p1123s", "13579p5679s1234z", "2468p5678s14567z", "2468p6789s12345z"], draws=draws)
        return game

    monkeypatch.setattr(registry, "new_table_game", rigged)


async def _riichi_on_9s(world: World, bot: JantakuBot) -> tuple[TableActor, FakeMessage]:
    """Alice (East, with CPUs) opens her panel and declares riichi on the 9s she drew."""
    (alice,) = world.members
    await world.start_game(alice, hands=1)
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None and actor.seat_of(alice.id) == 0
    player = Player(alice)
    await world.open_panel(player)
    panel = player.shown_panel
    labels = [button_text(b) for b in action_buttons(panel)]
    assert "9s" in labels and len(labels) == 13  # one button per distinct tile: 1-9p, 1-3s, 9s
    riichi = next(cid for cid in panel.custom_ids if cid.endswith(":riichi") and cid.startswith("jt:panel:"))
    switched = await alice.click(panel, riichi)
    assert switched.response_type == 7
    riichi_buttons = {button_text(b): b["custom_id"] for b in action_buttons(panel)}
    assert all(":riichi:" in cid for cid in riichi_buttons.values())
    assert "Riichi: choose the tile" in panel.text
    declared = await alice.click(panel, riichi_buttons["9s"])
    assert declared.response_type == 7
    assert actor.game.public_view().seats[0].riichi
    return actor, panel


async def test_riichi_then_tsumo_through_the_panel(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice deals a rigged tenpai hand: "Riichi…" swaps the tile buttons for riichi discards, and
    her winning draw offers Tsumo (auto-discard in riichi asks for a draw that wins)."""
    _alice_deals_tenpai(monkeypatch, draws="9s7z6z7z4s")
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        _, panel = await _riichi_on_9s(world, bot)
        await fake_discord.wait_for(lambda: any(":tsumo" in b["custom_id"] for b in action_buttons(panel)))
        tsumo = next(b for b in action_buttons(panel) if b["custom_id"].endswith(":tsumo"))
        assert tsumo["label"] == "Tsumo"
        await alice.click(panel, tsumo["custom_id"])
        await fake_discord.wait_for(lambda: world.game_over_text() is not None)
        assert any("Alice wins" in text and "by tsumo" in text for text in world.public_texts())


async def test_riichi_auto_discards_a_draw_that_cannot_win_with_no_click(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice riichis on 9s; her next draw, another 9s, cannot win: it is discarded for her with no
    click (her auto option, on by default), and stored like one."""
    _alice_deals_tenpai(monkeypatch, draws="9s7z6z7z9s")
    world = World.build(fake_discord, "Alice")
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        actor, panel = await _riichi_on_9s(world, bot)
        clicks = len(fake_discord.interactions)
        await fake_discord.wait_for(
            lambda: len(actor.game.public_view().seats[0].river) >= 2, what="the second 9s discarded for Alice"
        )
        await settle(fake_discord, bot)
        assert len(fake_discord.interactions) == clicks  # nobody clicked it
        river = actor.game.public_view().seats[0].river
        assert [entry.tile for entry in river[:2]] == [Tile.parse("9s")] * 2 and not river[1].riichi
        # Every later draw that could not win went the same way (a winning one would wait for her).
        logged = await bot.runtime.store.games.actions(actor.game_id)
        alice_moves = [action["type"] for action in logged if action["seat"] == 0]
        assert alice_moves[0] == "riichi" and set(alice_moves[1:]) == {"discard"}
        assert len(alice_moves) == len(river)
        if actor.decision(0) is None:
            assert not action_buttons(panel)  # her panel asks nothing of her while nothing is hers


async def test_slow_answers_are_deferred_and_still_update_the_panel(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """With no time to spare (budget 0), every answer is acknowledged first and drawn after."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3", ack_budget=0.0)):
        await world.start_game(alice, hands=1)
        # The start writes the game to the store: acknowledged first, the lobby closed after.
        start = world.start_record
        assert start is not None and start.response_type == 6
        lobby = start.message
        assert lobby is not None
        await fake_discord.wait_for(lambda: "started below" in str(lobby.embeds))
        player = Player(alice)
        opened = await world.open_panel(player)
        assert opened.response_type == 5 and opened.ephemeral
        assert player.panel is not None and "Your hand" in player.panel.text
        await world.play([player], max_clicks=4)
        clicks = [r for r in fake_discord.interactions.values() if (r.custom_id or "").startswith("jt:act:")]
        assert clicks and all(r.response_type == 6 for r in clicks)  # deferred updates
        assert len(player.panel.history) >= 4  # each then drawn through the token


async def test_my_hand_right_after_a_deferred_start_waits_for_the_game(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start acknowledged before the store has written the game (a slow store): "My hand"
    sent in that moment waits for the game and opens the panel, instead of "no game here"."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", ack_budget=0.0)
    async with running_bot(fake_discord, bot):
        lobby = await world.open_table(alice, hands=1)
        lobby_id = lobby.custom_ids[0].split(":")[2]
        for _ in range(3):
            await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        store = bot.runtime.store
        written = asyncio.Event()
        monkeypatch.setattr(store.games, "create", held_until(written, store.games.create))
        start = await alice.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert start.response_type == 6  # acknowledged, the game not written yet
        assert bot.runtime.tables.in_channel(world.channel.id) is None
        hand = await alice.slash(world.channel, "mahjong hand")
        assert hand.deferred and hand.ephemeral
        written.set()
        await fake_discord.wait_for(
            lambda: hand.message is not None and "Your hand" in hand.message.content, what="the panel"
        )
        assert hand.message is not None and "no game" not in hand.message.content.lower()
