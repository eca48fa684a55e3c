"""A panel's 🌐 button shows it in the other language at once, through the table's actor, and the
choice holds while the player's client speaks another language; a double click or a forged
language changes nothing."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, running_bot
from bot.sandbox.players import Player, World, action_buttons

from .helpers import forge_click, make_bot, pass_time, settle

JAPANESE_TITLE = "**あなたの手牌**"
ENGLISH_TITLE = "**Your hand**"


def language_button(panel: FakeMessage) -> tuple[str, str]:
    """The panel's 🌐 button: its custom_id and label."""
    return next((b["custom_id"], b["label"]) for b in panel.buttons if ":locale-" in b.get("custom_id", ""))


async def test_the_language_button_redraws_the_panel_at_once_and_the_choice_holds(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    assert alice.user.locale == "en-US"
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(alice, hands=1)
        player = Player(alice)
        await world.open_panel(player)
        panel = player.panel
        assert panel is not None and panel.text.startswith(ENGLISH_TITLE)
        button, label = language_button(panel)
        assert button.endswith(":locale-ja") and label == "🌐 日本語"
        answered = await alice.click(panel, button)
        # Answered by redrawing the clicked panel in place, in Japanese, with the way back (7; or
        # 6 when a refresh of the panel for a CPU's move meanwhile drew it in Japanese first).
        assert answered.response_type in (6, 7) and not answered.failed
        assert panel.text.startswith(JAPANESE_TITLE)
        way_back, label = language_button(panel)
        # (Its sequence number is the decision's, which may have come meanwhile: only its op counts.)
        assert way_back.endswith(":locale-en") and label == "🌐 English"
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and actor.seats[actor.seat_of(alice.id)].locale == "ja"
        # The game goes on and the panel stays Japanese, though Alice's client is English.
        await pass_time(fake_discord, 5, bot)
        await settle(fake_discord, bot)
        assert panel.text.startswith(JAPANESE_TITLE)
        if moves := action_buttons(panel):
            played = await alice.click(panel, moves[0]["custom_id"])
            assert not played.failed and panel.text.startswith(JAPANESE_TITLE)
        # A double click (🌐 日本語 again, from a modified client) changes nothing.
        edits = len(panel.edited_at)
        double = await forge_click(alice, panel, button)
        assert not double.failed
        await settle(fake_discord, bot)
        assert panel.text.startswith(JAPANESE_TITLE) and len(fake_discord.identical_edits) == 0
        # A forged language is refused privately and changes nothing.
        forged = await forge_click(alice, panel, button.replace("locale-ja", "locale-fr"))
        assert forged.message is not None and forged.message.ephemeral and forged.message is not panel
        await settle(fake_discord, bot)
        assert actor.seats[actor.seat_of(alice.id)].locale == "ja" and panel.text.startswith(JAPANESE_TITLE)
        assert len(panel.edited_at) >= edits
    fake_discord.assert_clean()
