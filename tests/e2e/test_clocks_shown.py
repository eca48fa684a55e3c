"""The clocks as a player reads them, through the fake Discord on its manual clock: the panel's
turn and bank as two Discord timestamps (then the bank alone once the turn's seconds are gone),
no clock in any picture, and a claim window the table shows as "calls open" on the discarder's
tile, naming no claimant and showing no claimant's clock."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World, action_buttons
from tests.render.helpers import CLOCK_IN_PICTURE, drawn_texts

from .helpers import cancel_game, fix_seed, make_bot, pass_time, settle
from .test_no_tells import rig_east
from .test_zuno_table import RenderLog

TIMESTAMP = re.compile(r"<t:(\d+):R>")
NO_CALLS_SEED = 15
"""A seed that seats the host in seat 0 (the first dealer) and the lobby's second player in seat 2."""


def _clock_line(text: str) -> str:
    """The panel's clock line."""
    return next(line for line in text.splitlines() if line.startswith("⏱"))


async def test_the_panel_shows_the_turn_and_the_bank_apart_then_the_bank_alone(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 30-second turn with a 45-second bank reads "turn ends in 30 seconds, then your bank
    runs out in 75 seconds" (two timestamps, rounded up), not one deadline 75 seconds away; once
    the turn's seconds are gone, the panel says the bank is running, with its end (edited then,
    and so drawn when opened later)."""
    fix_seed(monkeypatch, NO_CALLS_SEED)
    drawn = drawn_texts(monkeypatch)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(alice, hands=1, turn_seconds=30, bank_seconds=45)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and actor.seat_of(alice.id) == 0
        player = Player(alice)
        await world.open_panel(player)
        await fake_discord.wait_for(lambda: bool(action_buttons(player.shown_panel)), what="Alice's turn")
        await settle(fake_discord, bot)
        # No CPU moved before her (she deals, and the CPUs wait no delay): her clock started now.
        started = fake_discord.clock.time()
        line = _clock_line(player.shown_panel.text)
        assert line.startswith("⏱ Turn ends <t:") and "then your bank (45 s) runs out <t:" in line, line
        assert [int(at) for at in TIMESTAMP.findall(line)] == [math.ceil(started + 30), math.ceil(started + 75)]

        # The turn's 30 seconds run out: her panel says so at that moment, with the bank's end.
        bank_runs = f"⏱ Turn time is up — your bank runs out <t:{math.ceil(started + 75)}:R>"
        await pass_time(fake_discord, 29.9, bot)
        assert _clock_line(player.shown_panel.text) == line
        await pass_time(fake_discord, 0.2, bot)
        await settle(fake_discord, bot)
        assert _clock_line(player.shown_panel.text) == bank_runs, player.shown_panel.text
        # A panel opened later in the bank says the same.
        await pass_time(fake_discord, 10, bot)
        reopened = Player(alice)
        await world.open_panel(reopened)
        await fake_discord.wait_for(lambda: bool(action_buttons(reopened.shown_panel)), what="the reopened panel")
        assert _clock_line(reopened.shown_panel.text) == bank_runs, reopened.shown_panel.text

        # Neither the table's picture nor the panel's draws a clock: they cannot count down.
        await settle(fake_discord, bot)
        assert drawn and [text for text in drawn if CLOCK_IN_PICTURE.search(text)] == []
        await cancel_game(alice, world.channel)


async def test_a_claim_window_shows_calls_open_on_the_discarders_tile_and_nothing_of_the_claimant(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice discards 東; Bob (seat 2, a person) may pon it. While he decides, the table says
    calls are open on Alice's tile, in words and in its picture, with no clock and no name but
    hers: not "CPU 1 to play", for CPU 1 is not the one deciding. Bob's own panel has his clock."""
    fix_seed(monkeypatch, NO_CALLS_SEED)
    renders = RenderLog(monkeypatch)
    drawn = drawn_texts(monkeypatch)
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(alice, humans=[bob], cpus=2, hands=1, turn_seconds=30, bank_seconds=45)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and (actor.seat_of(alice.id), actor.seat_of(bob.id)) == (0, 2)
        bob_panel = Player(bob)
        alice_panel, east = await rig_east(world, bot, actor, ["1z", "", "11z", ""], watching=[bob_panel])
        record = await alice.click(alice_panel.shown_panel, east)
        await record.wait_response()
        await fake_discord.wait_for(
            lambda: any(":pon:" in b["custom_id"] for b in action_buttons(bob_panel.shown_panel)), what="Bob's pon"
        )
        await settle(fake_discord, bot)

        table = world.table_message()
        assert table is not None
        line = table.text.splitlines()[-1]
        assert line == "▶ Calls open on Alice's tile", table.text
        assert "<t:" not in table.text and "Bob" not in table.text and "to play" not in table.text
        picture = renders.table_view(table)
        assert picture is not None
        assert (picture.phase, picture.calls_on, picture.turn, picture.deciding, picture.deadline) == (
            "claims",
            0,
            None,
            (),
            None,
        )
        # In the server's picture language (its preferred locale here: English).
        assert "Calls open on Alice's tile" in drawn
        # Bob's own panel asks him, with his own clock: his turn's 30 seconds, then his bank.
        line = _clock_line(bob_panel.shown_panel.text)
        now = fake_discord.clock.time()
        assert [int(at) for at in TIMESTAMP.findall(line)] == [math.ceil(now + 30), math.ceil(now + 75)], line

        buttons = action_buttons(bob_panel.shown_panel)
        passing = next(b["custom_id"] for b in buttons if b["custom_id"].endswith(":pass"))
        record = await bob.click(bob_panel.shown_panel, passing)
        await record.wait_response()
        await settle(fake_discord, bot)
        moved_on = world.table_message()
        # Play went on (the CPUs move at once here; another window may be open by now).
        assert moved_on is not None
        assert "Calls open on Alice's tile" not in moved_on.text, moved_on.text
        await cancel_game(alice, world.channel)
