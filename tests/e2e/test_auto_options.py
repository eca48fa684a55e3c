"""Auto options through the fake Discord: the ⚙ Auto buttons of a panel show and switch a player's
options, which are remembered for the server across games and a restart (the riichi draw that
goes out with no click: test_panels.py)."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, running_bot
from bot.sandbox.players import Player, World, action_buttons, button_text
from bot.storage import AutoOptions, PlayerSeat

from .helpers import cancel_game, make_bot, settle


def _labels(panel: FakeMessage) -> dict[str, tuple[str, int]]:
    """Each of a panel's buttons by its custom_id's last part: its label and style."""
    return {b["custom_id"].rsplit(":", 1)[-1]: (button_text(b), b["style"]) for b in panel.buttons if "custom_id" in b}


async def test_auto_buttons_show_and_switch_the_options_remembered_across_games_and_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    async with running_bot(fake_discord, make_bot(fake_discord, database)) as bot:
        await world.start_game(alice, hands=1)
        player = Player(alice)
        await world.open_panel(player)
        panel = player.panel
        assert panel is not None
        gear = next(cid for cid in panel.custom_ids if cid.endswith(":auto"))
        assert _labels(panel)["auto"][0] == "⚙ Auto"
        shown = await alice.click(panel, gear)
        assert shown.response_type == 7
        labels = _labels(panel)
        assert labels["riichi_discard"] == ("Riichi: auto-discard: ON", 3)  # green
        assert labels["auto_win"] == ("Auto-win: OFF", 2)  # grey
        assert labels["no_calls"] == ("No calls: OFF", 2)
        assert "Auto options" in panel.text and not action_buttons(panel)  # in place of the tiles
        switched = await alice.click(panel, next(cid for cid in panel.custom_ids if cid.endswith(":auto_win")))
        assert switched.response_type == 7 and not switched.failed
        assert _labels(panel)["auto_win"] == ("Auto-win: ON", 3)
        assert await bot.runtime.store.players.auto_options(world.guild.id, [PlayerSeat.human(alice.id, "Alice")]) == {
            alice.id: AutoOptions(auto_win=True)
        }
        back = await alice.click(panel, next(cid for cid in panel.custom_ids if cid.endswith(":discard")))
        assert back.response_type == 7 and action_buttons(panel)  # the tiles again
        # The next game in this server starts with them.
        done = await cancel_game(alice, world.channel)
        assert done.message is not None and "cancelled" in done.message.text
        await settle(fake_discord, bot)
        await world.start_game(alice, hands=1)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and actor.seats[actor.seat_of(alice.id)].auto_options == AutoOptions(auto_win=True)
    # And after a restart, the game resumed keeps them.
    async with running_bot(fake_discord, make_bot(fake_discord, database)) as bot:
        await settle(fake_discord, bot)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and actor.seats[actor.seat_of(alice.id)].auto_options == AutoOptions(auto_win=True)
