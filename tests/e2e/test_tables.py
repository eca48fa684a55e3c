"""Every registered variant at every table size it seats, played whole through the fake Discord:
one scripted human clicking its panel, CPUs in the other seats, the hidden-information spy on
every payload. What holds for every variant is checked here once; what a variant adds (ずーの's
simultaneous discards, 5等三麻's dice, チンイツゲーム's backs) has its own rule-by-rule tests
beside this file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.engine.record import replay
from bot.engine.variants import VARIANTS, Variant
from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World, preferring
from bot.storage import GameStatus, Store
from bot.ui.labels import round_text

from .helpers import fix_seed, make_bot, record_standings
from .spies import ConcealedFaceSpy, LogTrap

pytestmark = pytest.mark.slow  # a whole game each: seconds to a minute

SEED = 5
"""The tables' seed: one fixed game per variant and size, the same on every run."""

whole_game_policy = preferring("tsumo", "ron", "goto_roll", "goto_snake_twenty", "set_aside", "goto_stop", "pass")
"""Win whenever offered, roll 5等三麻's dice, set flowers and 北 aside, never call; otherwise
discard (the drawn tile half the time)."""

SHORT_GAME: dict[str, dict[str, Any]] = {"inage": {"hands": 3}}
"""Options that keep a variant's default game under a minute here (いなげ's default is 9 hands)."""


def tables() -> list[object]:
    """Every registered variant at every player count it allows."""
    return [
        pytest.param(variant, players, id=f"{variant.variant}-{players}")
        for variant in VARIANTS
        for players in range(variant.min_players, variant.max_players + 1)
    ]


@pytest.mark.parametrize(("variant", "players"), tables())
async def test_a_whole_game_with_one_human_and_cpus(
    variant: Variant,
    players: int,
    fake_discord: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    log_trap: LogTrap,
) -> None:
    """A whole game by clicks only: the game-over message names the game, its end and every
    seat's points (and chips where the variant keeps them, and no chips where it does not); the
    standings card shows the same; every hand's wall is revealed, its result posted and stored;
    the stored log replays to the live state; the stored results and the guild's leaderboard
    carry the placements and chips; no concealed tile reached anyone it should not, and nothing
    was logged as an error."""
    fix_seed(monkeypatch, SEED)
    cards = record_standings(monkeypatch)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(ConcealedFaceSpy(bot, monkeypatch))
        await world.start_game(alice, variant=variant.variant, cpus=players - 1, **SHORT_GAME.get(variant.variant, {}))
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None and actor.game.players == players
        player = Player(alice)
        await world.play([player], policy=whole_game_policy)
        game = actor.game
        outcome = game.outcome()
        assert outcome is not None
        over = world.game_over_text()
        assert over is not None and f"Game #{actor.game_id} is over" in over and outcome.reason in over
        for seat in range(players):
            standing = f"{actor.names[seat]} — {outcome.points[seat]:,}"
            if variant.has_chips:
                standing += f" · チップ {outcome.chips[seat]:+,}"
            assert standing in over
        if not variant.has_chips:
            assert "チップ" not in over and outcome.chips == ()
        (card,) = cards
        assert card.chips == outcome.chips
        assert player.clicks >= 1
        assert spy.images_checked > 0 and spy.tiles_checked > 0 and spy.table_views > 0

        hands = await bot.store.results.hands(actor.game_id)
        assert [hand.hand_index for hand in hands] == list(range(outcome.hands_played))
        texts = world.public_texts()
        assert sum("wall salt" in text for text in texts) == outcome.hands_played
        posted = "\n".join(texts)
        # Each hand by its name in the channel's language (English here: East 1, Hand 3, ...).
        assert all(round_text(hand.label, None) in posted for hand in hands), [hand.label for hand in hands]
        record = await bot.store.games.record(actor.game_id)
        assert replay(record).state_hash() == game.state_hash()
    spy.check()
    log_trap.check()

    async with Store.open(database) as store:
        (stored,) = await store.stats.history(world.guild.id, world.channel.id)
        assert stored.status is GameStatus.FINISHED and stored.variant == variant.variant
        assert stored.hands_played == outcome.hands_played
        assert sorted(result.placement for result in stored.results) == list(range(1, players + 1))
        by_seat = sorted(stored.results, key=lambda result: result.seat)
        assert [result.points for result in by_seat] == list(outcome.points)
        assert [result.chips for result in by_seat] == (list(outcome.chips) if variant.has_chips else [None] * players)
        board, total = await store.stats.leaderboard(world.guild.id, variant.variant, period="all", offset=0, limit=10)
        assert total == 1 and [row.name for row in board] == ["Alice"]
        if variant.has_chips:
            assert (board[0].chips, board[0].chip_games) == (outcome.chips[actor.seat_of(alice.id)], 1)
