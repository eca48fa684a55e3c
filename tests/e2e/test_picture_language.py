"""Pictures in the viewer's language, through the fake Discord: a panel's picture speaks its
player's locale, while the table message's picture speaks the server's ``locale`` setting (by
default the server's preferred locale in Discord: the fake's guilds prefer en-US).

Which language a picture is in is read from its pixels: the picture the channel or the player got
is the very PNG the renderer draws from the same view in that language, and not the other one's.
"""

from __future__ import annotations

from pathlib import Path

from bot.runtime.actor import TableActor
from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, running_bot
from bot.sandbox.players import Player, World
from bot.ui.presenter import DiscordPresenter
from render import Language, render_seat, render_table

from .helpers import make_bot, settle


def _picture(message: FakeMessage, name: str) -> bytes:
    (attachment,) = [a for a in message.attachments if a.filename == name]
    return attachment.data


def _alt(message: FakeMessage, name: str) -> str:
    """The picture's alt text (its attachment's description), what a screen reader says."""
    (attachment,) = [a for a in message.attachments if a.filename == name]
    return attachment.description or ""


def _table_in(world: World, actor: TableActor, language: Language) -> str:
    """Check that the table message shows the picture of the table as it is, drawn in
    ``language``; its alt text."""
    table, presenter = world.table_message(), actor.presenter
    assert table is not None and isinstance(presenter, DiscordPresenter)
    assert _picture(table, "table.png") == render_table(presenter._snapshot.table, actor.names, language=language)
    return _alt(table, "table.png")


async def _set_locale(world: World, admin: Player, locale: str) -> None:
    # "locale" names the option here, not the client language slash() also takes.
    record = await admin.member.slash(world.channel, "mahjong settings", options={"locale": locale})
    assert record.message is not None and not record.errors, record.errors
    assert "locale" in str(record.message.embeds)


async def test_a_panel_speaks_its_player_and_the_table_its_server(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    world = World.build(fake_discord, "Host")
    (host,) = world.members
    alice = world.guild.add_member("Alice")
    kenji = world.guild.add_member("Kenji")
    kenji.user.locale = "ja"
    admin = world.guild.add_member("Admin", manage_guild=True)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        # The server's pictures in Japanese, although its preferred locale (en-US) is English.
        await _set_locale(world, Player(admin), "ja")
        assert (await bot.runtime.store.guilds.settings(world.guild.id)).locale == "ja"
        await world.start_game(host, humans=[alice, kenji], cpus=1, hands=1)
        await settle(fake_discord, bot)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        presenter = actor.presenter
        assert isinstance(presenter, DiscordPresenter)
        english, japanese = Player(alice), Player(kenji)
        await world.open_panel(english)
        await world.open_panel(japanese)
        await settle(fake_discord, bot)

        snapshot = presenter._snapshot
        names = actor.names
        table = world.table_message()
        assert table is not None
        shown = _picture(table, "table.png")
        assert shown == render_table(snapshot.table, names, language=Language.JA)
        assert shown != render_table(snapshot.table, names, language=Language.EN)
        # Its alt text in the same language: the hand and the wall, nothing a seat hides.
        left = snapshot.table.tiles_left
        assert _alt(table, "table.png") == f"卓: {snapshot.table.round_label}・残り{left}枚"
        for player, language, other in ((english, Language.EN, Language.JA), (japanese, Language.JA, Language.EN)):
            assert player.panel is not None
            seat = actor.seat_of(player.member.id)
            view = snapshot.seats[seat]
            panel = _picture(player.panel, "hand.png")
            assert panel == render_seat(view, names, language=language), f"{player.member.name}'s panel"
            assert panel != render_seat(view, names, language=other)
            alt = _alt(player.panel, "hand.png")
            assert alt.startswith(
                "Your hand and the table: East 1" if language is Language.EN else "あなたの手牌と卓: 東1局"
            )


async def test_the_table_follows_the_servers_preferred_locale_by_default(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Kenji")
    (kenji,) = world.members
    kenji.user.locale = "ja"  # a Japanese player does not make the server's pictures Japanese
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(kenji, hands=1)
        await settle(fake_discord, bot)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        left = actor.game.public_view().tiles_left
        assert _table_in(world, actor, Language.EN) == f"The table: East 1, {left} tiles left"


async def test_a_changed_server_locale_redraws_the_running_table_at_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    world = World.build(fake_discord, "Host")
    (host,) = world.members
    admin = world.guild.add_member("Admin", manage_guild=True)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        await world.start_game(host, hands=1)
        await settle(fake_discord, bot)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        assert _table_in(world, actor, Language.EN).startswith("The table: ")
        # Changed mid-game, the setting redraws this table's picture, not only the next table's.
        await _set_locale(world, Player(admin), "ja")
        await settle(fake_discord, bot)
        assert _table_in(world, actor, Language.JA).startswith("卓: ")
