"""ずーの and いなげ麻雀 tables through slash commands and clicks only, against the fake Discord."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.engine.record import replay
from bot.engine.variants.zuno import ZunoGame
from bot.sandbox.fakediscord import FakeDiscord, InteractionRecord, InteractionRefused, running_bot
from bot.sandbox.players import ACT, Player, World, action_buttons, action_kind, button_text, simple_policy
from bot.ui.labels import tile_label

from .helpers import HiddenInformationSpy, make_bot


def _picks_only(buttons: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Draft with the first tile offered; nothing else (the test drives the declare phase)."""
    return next((b for b in buttons if action_kind(b) == "pick"), buttons[0])


async def test_zuno_lock_can_be_switched_until_the_last_lock(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A locked seat keeps its discard buttons and may switch; the reveal shows the last choice."""
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        await world.start_game(alice, variant="zuno", humans=[bob], cpus=2)
        players = [Player(alice), Player(bob)]

        def declaring() -> bool:
            return all(any(action_kind(b) == "discard" for b in world.pending_button(p)) for p in players)

        await world.play(players, policy=_picks_only, until=declaring)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        first, second = players
        panel = first.panel
        assert panel is not None
        discards = [b for b in action_buttons(panel) if action_kind(b) == "discard"]
        assert len(discards) >= 2
        lock = await first.member.click(panel, discards[0]["custom_id"])
        await lock.wait_response()
        assert not lock.failed, lock.errors
        await fake_discord.wait_for(lambda: "Locked in" in panel.text, what="the lock on Alice's panel")
        switch_to = next(
            b
            for b in action_buttons(panel)
            if action_kind(b) == "discard" and button_text(b) != button_text(discards[0])
        )
        switched = await first.member.click(panel, switch_to["custom_id"])
        await switched.wait_response()
        assert not switched.failed, switched.errors
        await fake_discord.wait_for(lambda: f"Locked in: {button_text(switch_to)}" in panel.text, what="the switch")
        seat = actor.seat_of(first.member.id)
        assert second.panel is not None
        last = next(b for b in action_buttons(second.panel) if action_kind(b) == "discard")
        await (await second.member.click(second.panel, last["custom_id"])).wait_response()
        await fake_discord.wait_for(lambda: bool(actor.game.public_view().seats[seat].river), what="the reveal")
        revealed = actor.game.public_view().seats[seat].river[-1].tile
        assert tile_label(revealed) == button_text(switch_to)
        assert spy.tiles_checked > 0


def test_every_zuno_and_inage_action_kind_has_a_label() -> None:
    """No ずーの or いなげ button shows a raw action kind, in either language."""
    from bot.engine.game import Kan, SetAside
    from bot.engine.variants.inage import JuusanFutou, VoteEnd
    from bot.engine.variants.zuno import CallChi, CallKan, CallPon, InazumaRiichi, PocchiTsumo, RonOn, ZunoGame
    from bot.ui.labels import action_label

    game = ZunoGame(seed=1)
    public, tiles, names = game.public_view(), game.tiles, ("A", "B", "C", "D")
    actions = [
        RonOn(seat=0, from_seat=1),
        CallPon(seat=0, tiles=(1, 2), from_seat=1),
        CallChi(seat=0, tiles=(1, 5)),
        CallKan(seat=0, tiles=(1, 2, 3), from_seat=2),
        Kan(seat=0, tiles=(1, 2, 3, 4)),
        InazumaRiichi(seat=0, tile=7),
        PocchiTsumo(seat=0, as_kind=3),
        SetAside(seat=0, tile=9),
        JuusanFutou(seat=0),
        VoteEnd(seat=0),
        VoteEnd(seat=0, end=False),
    ]
    for locale in ("en-US", "ja"):
        labels = [action_label(action, public, names, tiles, locale) for action in actions]
        for action, label in zip(actions, labels, strict=True):
            assert label and not label.startswith(action.kind), (action, label)
        assert "B" in labels[0] and "B" in labels[1] and "C" in labels[3]


@pytest.mark.slow
async def test_zuno_four_humans_click_at_once_and_nothing_is_lost_or_doubled(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four scripted humans play a ずーの hand; every round, everyone who has buttons clicks at
    once (asyncio.gather), and each clicks its choice twice, like a double-click. The store's log
    must hold exactly the accepted clicks, once each, and replay to the live engine's state."""
    world = World.build(fake_discord, "Alice", "Bob", "Carol", "Dave")
    alice, *others = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        await world.start_game(alice, variant="zuno", humans=others, cpus=0, turn_seconds=600)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None

        def hand_index() -> int:  # the actor's game now (a new object if it was ever rebuilt)
            game = actor.game
            assert isinstance(game, ZunoGame)
            return game.hand_index

        players = [Player(member) for member in world.members]
        for player in players:
            await world.open_panel(player)
        rng = random.Random(3)
        accepted: Counter[tuple[int, str, str]] = Counter()
        clicks = 0
        while hand_index() < 1 and not actor.finished:
            ready = [(p, world.pending_button(p)) for p in players]
            ready = [(p, b) for p, b in ready if b]
            if not ready:
                await fake_discord.wait_for(
                    lambda: hand_index() >= 1 or any(world.pending_button(p) for p in players),
                    what="a decision for a scripted player",
                )
                continue
            batch = []
            for player, buttons in ready:
                choice = simple_policy(buttons, rng)
                player.clicked.add(choice["custom_id"])
                assert player.panel is not None
                for _ in range(2):
                    batch.append((player, choice["custom_id"], player.member.click(player.panel, choice["custom_id"])))
            # A panel redrawn between reading it and clicking (another seat's riichi redraws every
            # panel) no longer has the button: Discord refuses that click before the bot sees it.
            outcomes = await asyncio.gather(*(click for _, _, click in batch), return_exceptions=True)
            sent: list[tuple[tuple[Player, str, object], InteractionRecord]] = []
            for item, outcome in zip(batch, outcomes, strict=True):
                if isinstance(outcome, InteractionRefused):
                    continue
                assert isinstance(outcome, InteractionRecord), outcomes
                sent.append((item, outcome))
            records = [r for _, r in sent]
            await asyncio.gather(*(record.wait_response() for record in records))
            for (player, custom_id, _), record in sent:
                assert not record.failed, record.errors
                clicks += 1
                if record.response_type in (6, 7):  # the panel was updated: the action was taken
                    match = ACT.fullmatch(custom_id)
                    assert match is not None
                    accepted[(actor.seat_of(player.member.id), match["kind"], match["args"] or "")] += 1
        assert clicks > 40
        logged: Counter[tuple[int, str, str]] = Counter()
        for entry in await bot.store.games.actions(actor.game_id):
            args = [entry[k] for k in entry if k not in ("type", "seat")]
            flat = [str(int(x)) for a in args for x in (a if isinstance(a, list) else [a]) if not isinstance(x, bool)]
            logged[(int(entry["seat"]), str(entry["type"]), ".".join(flat))] += 1
        assert logged == accepted
        log = await bot.store.games.record(actor.game_id)
        assert replay(log).state_hash() == actor.game.state_hash()
        assert spy.tiles_checked > 0


async def test_inage_lobby_starts_with_two_players_not_one(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """いなげ seats 2 or 3: a lobby with one player says it needs two, and with a CPU beside
    it starts a 2-player game (played whole in test_tables.py)."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        fake_discord.add_spy(HiddenInformationSpy(bot, monkeypatch))
        lobby = await world.open_table(alice, "inage", hands=1)
        lobby_id = lobby.custom_ids[0].split(":")[2]
        short = await alice.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert short.message is not None and "needs 2 players; 1 seated" in short.message.text
        await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        start = await alice.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert start.response_type == 7, start.errors
        await fake_discord.wait_for(lambda: world.table_message() is not None, what="the table")
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and actor.game.players == 2
