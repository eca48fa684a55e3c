"""Bad input changes nothing and gets a clear, private explanation: stale, double, foreign and
forged clicks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app import JantakuBot
from bot.runtime import TableActor
from bot.sandbox.fakediscord import FakeDiscord, FakeMember, InteractionRefused, running_bot
from bot.sandbox.players import Player, World, action_buttons

from .helpers import ephemeral_reply, forge_click, make_bot


@dataclass
class Game:
    world: World
    bot: JantakuBot
    alice: Player
    bob: FakeMember
    actor: TableActor

    async def my_turn(self) -> list[dict[str, object]]:
        """Wait until Alice's panel offers actions; returns them."""
        await self.world.fake.wait_for(lambda: bool(self.world.pending_button(self.alice)))
        return self.world.pending_button(self.alice)

    async def actions_logged(self) -> int:
        return len(await self.bot.store.games.actions(self.actor.game_id))


@pytest.fixture
async def game(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Game]:
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(alice, hands=2)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        player = Player(alice)
        await world.open_panel(player)
        yield Game(world, bot, player, bob, actor)


def ids(buttons: list[dict[str, object]]) -> list[str]:
    return [str(b["custom_id"]) for b in buttons]


async def test_stale_click_is_explained_and_changes_nothing(game: Game) -> None:
    await game.my_turn()
    old_panel = game.alice.panel
    second = Player(game.alice.member)
    await game.world.open_panel(second)  # a second panel, with the same buttons
    assert second.panel is not None and old_panel is not None
    stale_id = ids(action_buttons(second.panel))[0]
    played = await game.alice.member.click(old_panel, ids(action_buttons(old_panel))[-1])
    assert played.response_type == 7
    # The CPUs play on after the click: measure once the table waits on Alice again.
    seat = game.actor.seat_of(game.alice.member.id)
    await game.world.fake.wait_for(lambda: game.actor.decision(seat) is not None, what="Alice's turn")
    sequence, logged = game.actor.sequence, await game.actions_logged()

    stale = await game.alice.member.click(second.panel, stale_id)
    text = ephemeral_reply(stale)
    assert "earlier turn" in text and "latest panel" in text
    assert game.actor.sequence == sequence
    assert await game.actions_logged() == logged


async def test_double_click_plays_once(game: Game) -> None:
    buttons = await game.my_turn()
    button = str(buttons[0]["custom_id"])  # a discard, or a call if that is what is on offer
    assert game.alice.panel is not None
    before = await game.actions_logged()
    first = await game.alice.member.click(game.alice.panel, button, wait=False)
    second = await game.alice.member.click(game.alice.panel, button, wait=False)
    await asyncio.gather(first.wait_response(), second.wait_response())
    kinds = sorted([first.response_type or 0, second.response_type or 0])
    assert kinds == [4, 7], (first.errors, second.errors)
    refused = first if first.response_type == 4 else second
    assert "earlier turn" in ephemeral_reply(refused)
    # Her action once, plus whatever the CPUs played after it.
    logged = await game.bot.store.games.actions(game.actor.game_id)
    alice_seat = game.actor.seat_of(game.alice.member.id)
    assert sum(1 for a in logged[before:] if a["seat"] == alice_seat) == 1


async def test_foreign_clicks_are_refused(game: Game) -> None:
    table = game.world.table_message()
    assert table is not None and game.alice.panel is not None
    hand = next(cid for cid in table.custom_ids if cid.endswith(":hand"))
    not_seated = await game.bob.click(table, hand)
    assert "not seated at this table" in ephemeral_reply(not_seated)
    slash = await game.bob.slash(game.world.channel, "mahjong hand")
    assert "not seated" in ephemeral_reply(slash)
    with pytest.raises(InteractionRefused, match="cannot see"):
        await game.bob.click(game.alice.panel, game.alice.panel.custom_ids[0])

    buttons = await game.my_turn()
    sequence = game.actor.sequence
    # A hand may have ended meanwhile, which moves the table to a new message below its card.
    table = game.world.table_message()
    assert table is not None
    stolen = await forge_click(game.bob, table, str(buttons[0]["custom_id"]))
    assert "not seated" in ephemeral_reply(stolen)
    assert game.actor.sequence == sequence


async def test_forged_custom_ids_are_refused(game: Game) -> None:
    buttons = await game.my_turn()
    assert game.alice.panel is not None
    actor = game.actor
    sequence, logged = actor.sequence, await game.actions_logged()
    decision_seq = int(str(buttons[0]["custom_id"]).split(":")[3])
    alice = actor.seat_of(game.alice.member.id)
    other = (alice + 1) % 4
    hidden = actor.game.concealed_tiles(other)[0]
    forged = [
        f"jt:act:{actor.game_id}:{decision_seq}:discard:{hidden}",  # someone else's tile
        f"jt:act:{actor.game_id}:{decision_seq}:discard:99999",  # no such tile
        f"jt:act:{actor.game_id}:{decision_seq}:tsumo:5",  # arguments an action does not take
        f"jt:act:{actor.game_id}:{decision_seq}:steal",  # no such action
        "jt:act:1:zz",  # malformed
        "jt:nope:1:2",  # unknown verb
        f"jt:act:{10**25}:1:pass",  # out of range
        f"jt:table:{actor.game_id}:1:explode",  # unknown operation
    ]
    for custom_id in forged:
        record = await forge_click(game.alice.member, game.alice.panel, custom_id)
        assert ephemeral_reply(record) == "That button is not valid.", custom_id
    unknown = f"jt:act:{actor.game_id + 50}:{decision_seq}:pass"
    no_game = await forge_click(game.alice.member, game.alice.panel, unknown)
    assert ephemeral_reply(no_game) == f"There is no game #{actor.game_id + 50}."  # not "has ended"
    assert actor.sequence == sequence
    assert await game.actions_logged() == logged
    # And the real buttons still work.
    played = await game.alice.member.click(game.alice.panel, ids(buttons)[0])
    assert played.response_type == 7


async def test_current_button_while_another_seat_decides_says_it_is_not_your_turn(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Alice, seated, clicks a button numbered with the game's current move while a CPU thinks:
    she is told it is not her turn (not that the button is "from an earlier turn #8; the game is
    at #8"), and nothing is played. Once the game is over, its buttons say it has ended."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    # CPUs that think for a minute hold the table on their decisions while the test clicks.
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=60)) as bot:
        await world.start_game(alice, hands=1)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        seat = actor.seat_of(alice.id)
        player = Player(alice)
        await world.open_panel(player)
        if actor.decision(seat) is not None:  # Alice deals: her discard hands the turn to a CPU
            (discard, *_) = await Game(world, bot, player, alice, actor).my_turn()
            played = await alice.click(player.shown_panel, str(discard["custom_id"]))
            assert played.response_type == 7, played.errors
        assert actor.decision(seat) is None
        sequence, logged = actor.sequence, len(await bot.store.games.actions(actor.game_id))
        tile = actor.game.concealed_tiles(seat)[0]
        current = f"jt:act:{actor.game_id}:{sequence}:discard:{tile}"

        refused = await forge_click(alice, player.shown_panel, current)
        assert ephemeral_reply(refused) == "It is not your turn to act."
        assert actor.sequence == sequence and len(await bot.store.games.actions(actor.game_id)) == logged

        await actor.cancel("Alice")
        ended = await forge_click(alice, player.shown_panel, current)
        assert ephemeral_reply(ended) == "This game has ended."
