"""The reference and results commands: rules, calc, leaderboard, stats, history, replay."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import JantakuBot
from bot.engine.game import Outcome
from bot.engine.record import replay
from bot.engine.variants import VARIANTS
from bot.engine.views import StandingsView
from bot.runtime.variants import build_settings, variant_class
from bot.sandbox.fakediscord import FakeDiscord, limits, running_bot
from bot.sandbox.players import Player, World
from bot.storage import PlayerSeat
from render import Language, render_standings
from tests.engine import replays

from .helpers import ephemeral_reply, forge_click, forge_slash, make_bot, raw_options

SUBCOMMANDS = {"new", "join", "leave", "start", "cancel", "hand", "rules", "calc", "leaderboard", "stats"}
SUBCOMMANDS |= {"history", "replay", "settings", "help"}


@pytest.fixture
async def bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[JantakuBot]:
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as running:
        yield running


async def test_one_mahjong_group_holds_every_command(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    (command,) = fake_discord.commands()
    assert command["name"] == "mahjong"
    assert {option["name"] for option in command["options"]} == SUBCOMMANDS
    new = next(option for option in command["options"] if option["name"] == "new")
    # One command, so that /mahjong new alone runs (Discord never runs a command that has
    # subcommands): which variant, the settings every variant's ui.py offers (VariantUI.new_options,
    # a name several share once), the timers, and rules for the others; none required.
    assert new["type"] == 1
    options = [option["name"] for option in new["options"]]
    assert options[0] == "variant" and options[-3:] == ["turn_seconds", "bank_seconds", "rules"]
    assert {"hands", "start_points", "red_5p", "red_5s", "hints", "end", "first_suit", "shubarii"} <= {*options}
    assert len(options) == len(set(options)) <= 25
    assert not any(option.get("required") for option in new["options"])
    variant = new["options"][0]
    assert [choice["value"] for choice in variant["choices"]] == [cls.variant for cls in VARIANTS]


MAHJONG_SIZE_BUDGET = 7000
"""What ``/mahjong`` may count of Discord's 8,000 characters per command, so that a new subcommand
or variant does not make Discord refuse the whole command tree."""


async def test_mahjong_fits_discords_8000_characters_with_room_to_spare(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    (command,) = fake_discord.commands()
    size = limits.command_size(command)
    parts = ", ".join(f"{option['name']} {limits.command_size(option)}" for option in command["options"])
    assert size <= MAHJONG_SIZE_BUDGET, f"/mahjong is {size} characters ({parts}); Discord refuses over 8,000"


async def test_rules_explain_the_variant_and_its_settings(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    world = World.build(fake_discord, "Alice")
    record = await world.members[0].slash(world.channel, "mahjong rules", variant="nishoku")
    assert record.message is not None and record.message.ephemeral
    text = record.message.text
    assert "二色麻雀" in text and "Pon only" in text
    assert "`red_5p` = **1**" in text and "`hands` = **16**" in text and "`hints` = **on**" in text
    # Each setting with a range shows it, and says what it sets in players' words, not the spec's.
    assert "`hands` = **16** (from 1 to 16) — Hands in the game, the deal passing every hand" in text
    assert "`start_points` = **50,000** (from 1,000 to 200,000 in steps of 1,000) — " in text
    assert "`shin_pinfu_any_wait` = **on** — 新ピンフ wins on any wait (off: two-sided waits only)" in text
    assert "NIS-A" not in text and "seed" not in text and "recommended" not in text
    # Where each is set: the few options of its own, and rules for any.
    assert record.message.embeds[0]["footer"]["text"] == (
        "Set at /mahjong new variant:nishoku: hands, start_points, red_5p, red_5s, hints as options of their own, "
        "and any setting in rules as key=value, e.g. rules: shin_pinfu_any_wait=off"
    )


async def test_calc_scores_a_hand_and_explains_errors(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    record = await alice.slash(world.channel, "mahjong calc", hand="234567p345678s99s", win="2p", riichi=True)
    message = record.message
    assert message is not None and not message.ephemeral
    assert "2 han" in message.text and "3,000 points" in message.text
    assert "立直" in message.text and "新ピンフ" in message.text
    (image,) = message.attachments
    assert image.is_png and image.dimensions is not None and image.dimensions[0] > 200
    bad = await alice.slash(world.channel, "mahjong calc", hand="123p", win="2p")
    assert bad.message is not None and bad.message.ephemeral
    assert "Cannot score that hand" in bad.message.text and "14" in bad.message.text
    riichi = await alice.slash(
        world.channel, "mahjong calc", hand="123m456m789m123p55p", win="5p", variant="riichi", tsumo=True, dealer=True
    )
    assert riichi.message is not None
    assert "3 han 30 fu · 6,000 points" in riichi.message.text
    assert "一気通貫" in riichi.message.text and "each: 2,000" in riichi.message.text


async def test_calc_refuses_an_impossible_situation_ephemerally_234567m234p55666s(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    """/mahjong calc goes through the CLI's situation checks: 一発 without riichi and 搶槓 on a tsumo
    are refused to the asker alone, naming the conflict, and nothing is posted."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    hand = {"hand": "234567m234p55666s", "win": "6s", "variant": "riichi", "seat": "S"}
    before = len(fake_discord.messages_in(world.channel))
    ippatsu = await alice.slash(world.channel, "mahjong calc", options=hand, ippatsu=True)
    assert ippatsu.message is not None and ippatsu.message.ephemeral
    assert "Cannot score that hand" in ippatsu.message.text
    assert "一発 (--ippatsu) needs a riichi" in ippatsu.message.text
    chankan = await alice.slash(world.channel, "mahjong calc", options=hand, tsumo=True, chankan=True)
    assert chankan.message is not None and chankan.message.ephemeral
    assert "搶槓 (--chankan) is a ron" in chankan.message.text
    assert len(fake_discord.messages_in(world.channel)) == before
    legal = await alice.slash(world.channel, "mahjong calc", options=hand, riichi=True, ippatsu=True)
    assert legal.message is not None and not legal.message.ephemeral and "一発" in legal.message.text


async def _finished_game(bot: JantakuBot, guild_id: int, channel_id: int, players: list[PlayerSeat], first: int) -> int:
    """Store a finished game directly (results data for the board; the store is real)."""
    store = bot.store
    game_id = await store.games.create(
        guild_id, channel_id, "nishoku", build_settings("nishoku", {}), 1, players, players[0].user_id or 0
    )
    placements = tuple((seat + first) % 4 + 1 for seat in range(4))
    points = tuple(50_000 + 10_000 * (2 - place) for place in placements)
    await store.results.record_final(
        game_id, Outcome(points=points, placements=placements, hands_played=16, reason="終局")
    )
    return game_id


async def test_leaderboard_pages_stats_history_and_replay(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    guild, channel = world.guild.id, world.channel.id
    users = [PlayerSeat.human(alice.id, "Alice")]
    users += [PlayerSeat.human(1000 + n, f"Player {n}") for n in range(1, 16)]
    for game in range(5):
        table = [users[0], *users[1 + 3 * game : 4 + 3 * game]]
        await _finished_game(bot, guild, channel, table, first=game)

    board = await alice.slash(world.channel, "mahjong leaderboard")
    message = board.message
    assert message is not None and not message.ephemeral
    assert "leaderboard" in message.text and "🥇" in message.text
    assert "Players 1–10 of 16" in message.text
    next_id = next(cid for cid in message.custom_ids if cid.endswith(":10"))
    page = await alice.click(message, next_id)
    assert page.response_type == 7
    assert "Players 11–16 of 16" in message.text
    assert next((b for b in message.buttons if b["custom_id"].endswith(":20")), {}).get("disabled") is True

    stats = await alice.slash(world.channel, "mahjong stats", member=alice)
    assert stats.message is not None
    assert "Games" in stats.message.text and "**5**" in stats.message.text
    assert "Average place" in stats.message.text and "Rating" in stats.message.text
    nobody = await alice.slash(world.channel, "mahjong stats", member=world.guild.add_member("Newcomer"))
    assert nobody.message is not None and "has not finished a game" in nobody.message.text

    history = await alice.slash(world.channel, "mahjong history")
    assert history.message is not None
    assert history.message.text.count("**#") == 5

    missing = await alice.slash(world.channel, "mahjong replay", game=999)
    assert missing.message is not None and missing.message.ephemeral and "no game #999" in missing.message.text


async def _chip_game(
    bot: JantakuBot,
    world: World,
    variant: str,
    players: list[PlayerSeat],
    placements: tuple[int, ...],
    chips: tuple[int, ...],
) -> None:
    """Store a finished game with final chips (empty for a variant without them)."""
    store = bot.store
    game_id = await store.games.create(
        world.guild.id, world.channel.id, variant, build_settings(variant, {}), 1, players, players[0].user_id or 0
    )
    points = tuple(40_000 + 10_000 * (2 - place) for place in placements)
    outcome = Outcome(points=points, placements=placements, hands_played=4, reason="終局", chips=chips)
    await store.results.record_final(game_id, outcome)


async def test_chips_in_the_leaderboard_stats_and_history_of_a_chip_variant_only(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    """Alice wins +10 and +13 chips in two チンイツゲーム games, Bob and Carol lose them; the
    二色麻雀 game beside them keeps no chips, and nothing about chips shows for it."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    seats = [PlayerSeat.human(alice.id, "Alice"), PlayerSeat.human(2001, "Bob"), PlayerSeat.human(2002, "Carol")]
    await _chip_game(bot, world, "chinitsu", seats, (1, 2, 3), (10, 2, -12))
    await _chip_game(bot, world, "chinitsu", seats, (2, 3, 1), (13, -20, 7))
    fourth = PlayerSeat.human(2003, "Dave")
    await _chip_game(bot, world, "nishoku", [*seats, fourth], (1, 2, 3, 4), ())

    board = await alice.slash(world.channel, "mahjong leaderboard", variant="chinitsu")
    assert board.message is not None and not board.message.ephemeral
    assert "チップ +23 (+11.5/game)" in board.message.text
    assert "チップ -18 (-9.0/game)" in board.message.text and "チップ -5 (-2.5/game)" in board.message.text

    by_chips = await alice.slash(world.channel, "mahjong leaderboard", variant="chinitsu", order="chips")
    message = by_chips.message
    assert message is not None and "leaderboard by chips" in message.text
    lines = [line for line in message.text.splitlines() if "チップ" in line]
    assert [line.split("**")[1] for line in lines] == ["Alice", "Carol", "Bob"]
    assert all(cid.endswith(":chips") for cid in message.custom_ids)
    again = await forge_click(alice, message, "jt:board:chinitsu:all:0:chips")  # a page by chips stays by chips
    assert again.response_type == 7 and "leaderboard by chips" in message.text

    plain = await alice.slash(world.channel, "mahjong leaderboard", variant="nishoku")
    assert plain.message is not None and "🥇" in plain.message.text and "チップ" not in plain.message.text
    refused = await alice.slash(world.channel, "mahjong leaderboard", variant="nishoku", order="chips")
    assert "keeps no chips" in ephemeral_reply(refused)
    assert plain.message.custom_ids and all(not cid.endswith(":chips") for cid in plain.message.custom_ids)
    page = await forge_click(alice, plain.message, "jt:board:nishoku:all:0:chips")
    assert "not valid" in ephemeral_reply(page)
    forged = await forge_slash(fake_discord, alice, world.channel, "mahjong leaderboard", order="money")
    assert "`order` cannot be 'money'" in ephemeral_reply(forged)
    forged = await forge_slash(fake_discord, alice, world.channel, "mahjong stats", period="forever")
    assert "`period` cannot be 'forever'" in ephemeral_reply(forged)

    stats = await alice.slash(world.channel, "mahjong stats", member=alice, variant="chinitsu")
    assert stats.message is not None and "チップ +23 (+11.5/game)" in stats.message.text
    every = await alice.slash(world.channel, "mahjong stats", member=alice)
    assert every.message is not None and "チンイツゲーム: チップ +23 (+11.5/game)" in every.message.text
    nishoku = await alice.slash(world.channel, "mahjong stats", member=alice, variant="nishoku")
    assert nishoku.message is not None and "**1**" in nishoku.message.text
    assert "チップ" not in nishoku.message.text and "Chips" not in nishoku.message.text

    history = await alice.slash(world.channel, "mahjong history")
    assert history.message is not None
    chinitsu_lines = [line for line in history.message.text.splitlines() if "チンイツゲーム" in line]
    assert len(chinitsu_lines) == 2 and all("チップ" in line for line in chinitsu_lines)
    assert "チップ +13" in history.message.text
    (nishoku_line,) = [line for line in history.message.text.splitlines() if "二色麻雀" in line]
    assert "チップ" not in nishoku_line


@pytest.mark.slow
async def test_replay_of_a_played_game_and_of_a_running_one(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    await world.start_game(alice, hands=1)
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None
    game_id = actor.game_id
    running = await alice.slash(world.channel, "mahjong replay", game=game_id)
    await running.wait_followups(1)
    assert running.message is not None and not running.message.ephemeral
    assert "still running" in running.message.text
    assert [a.filename for a in running.message.attachments] == ["table.png"]

    await world.play([Player(alice)])
    done = await alice.slash(world.channel, "mahjong replay", game=game_id)
    await done.wait_followups(1)
    assert done.message is not None
    assert "東1局" in done.message.text
    assert sorted(a.filename for a in done.message.attachments) == [f"game-{game_id}.json", "standings.png"]


@pytest.mark.slow
async def test_the_replay_of_a_chip_game_shows_its_chips(
    fake_discord: FakeDiscord, bot: JantakuBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole チンイツゲーム game stored as the table would have stored it: its replay's standings
    card carries the final chips, as the card at the end of the game did."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    record, _ = replays.play_recorded("chinitsu", 3, 3, pass_rate=0.7)
    outcome = replay(record).outcome()
    assert outcome is not None and len(outcome.chips) == 3
    store = bot.store
    seats = [PlayerSeat.human(alice.id, "Alice"), PlayerSeat.cpu("CPU 1"), PlayerSeat.cpu("CPU 2")]
    game_id = await store.games.create(
        world.guild.id,
        world.channel.id,
        "chinitsu",
        variant_class("chinitsu").settings_from_json(record.settings),
        record.seed,
        seats,
        alice.id,
    )
    for seq, action in enumerate(record.actions):
        await store.games.append_action(game_id, seq, action)
    await store.results.record_final(game_id, outcome)
    drawn: list[StandingsView] = []
    stats_module = sys.modules["cogs.stats"]  # the module the bot loaded (discord.py loads extensions afresh)

    def recording(view: StandingsView, *, language: Language = Language.JA) -> bytes:
        drawn.append(view)
        return render_standings(view, language=language)

    monkeypatch.setattr(stats_module, "render_standings", recording)
    done = await alice.slash(world.channel, "mahjong replay", game=game_id)
    await done.wait_followups(1)
    assert done.message is not None and "standings.png" in [a.filename for a in done.message.attachments]
    (card,) = drawn
    assert card.chips == outcome.chips and card.final_scores == outcome.final_scores


async def test_server_settings_shape_new_tables(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    mod = world.guild.add_member("Mod", manage_guild=True)
    shown = await alice.slash(world.channel, "mahjong settings")
    assert shown.message is not None and shown.message.ephemeral and "二色麻雀" in shown.message.text
    refused = await alice.slash(world.channel, "mahjong settings", turn_seconds=10)
    assert refused.message is not None and "Manage Server" in refused.message.text
    changed = await mod.slash(world.channel, "mahjong settings", turn_seconds=12, bank_seconds=5, hints=False)
    assert changed.message is not None and "Saved" in changed.message.text
    lobby = await world.open_table(alice)
    assert "12s per decision + 5s bank" in lobby.text
    assert "`hints` = off" in lobby.text


async def test_rules_of_every_variant(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    """In English and in Japanese, as the viewer's client asks (いなげ麻雀's body too)."""
    from bot.engine.variants import VARIANTS

    world = World.build(fake_discord, "Alice")
    for variant in VARIANTS:
        record = await world.members[0].slash(world.channel, "mahjong rules", variant=variant.variant)
        assert record.message is not None and variant.title in record.message.text
        assert "players" in record.message.text
        assert variant.ui.summary is not None and variant.ui.summary[0] in record.message.text
        japanese = ephemeral_reply(
            await world.members[0].slash_raw(
                world.channel, "mahjong rules", options=raw_options(variant=variant.variant), locale="ja"
            )
        )
        assert variant.ui.summary[1] in japanese and "卓の設定（既定値）" in japanese and "players" not in japanese


async def test_rules_in_a_lobbys_channel_show_that_tables_settings(fake_discord: FakeDiscord, bot: JantakuBot) -> None:
    """Asked where a table of the variant is set up, the rules say its values, changes marked;
    another variant's rules there are its defaults."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    await world.open_table(alice, "inage", end="score", target=300)
    record = await alice.slash(world.channel, "mahjong rules", variant="inage")
    assert record.message is not None
    text = record.message.text
    assert "This table's settings" in text and "Table settings (default)" not in text
    assert "`end` = **score** (`hands`, `score`, `time`, `vote`; default hands) — How the game ends" in text
    assert "`target` = **300** (from 8 to 2,000; default 200) — " in text
    other = await alice.slash(world.channel, "mahjong rules", variant="nishoku")
    assert other.message is not None and "Table settings (default)" in other.message.text
