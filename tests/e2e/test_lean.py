"""What keeps the bot fast under load: views built once per move, waiting panels that cost no
edit per move elsewhere, images sent only when they change, and a heap the collector skips.

(The fake itself fails any e2e test whose bot edits a message to what it already shows, or
uploads the image a message already shows; see ``FakeDiscord.assert_lean``.)
"""

from __future__ import annotations

import contextlib
import gc
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World

from .helpers import fix_seed, make_bot

# Its hand runs 56 moves (seed 2's ends in 14).
LONG_HAND_SEED = 1

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from bot.runtime import TableActor


@contextlib.asynccontextmanager
async def one_human_table(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[tuple[World, TableActor, Player]]:
    """Alice and three CPUs, the game started, Alice's panel not opened yet."""
    world = World.build(fake, "Alice")
    (alice,) = world.members
    bot = make_bot(fake, tmp_path / "db.sqlite3")
    async with running_bot(fake, bot):
        await world.start_game(alice, hands=1)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        yield world, actor, Player(alice)


async def test_the_heap_is_frozen_after_start_up_and_thawed_at_close(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    assert gc.get_freeze_count() == 0
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", freeze_heap=True)
    async with running_bot(fake_discord, bot):
        assert gc.get_freeze_count() > 10_000
    assert gc.get_freeze_count() == 0


async def test_views_are_built_once_per_move_and_again_after_it(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with one_human_table(fake_discord, tmp_path) as (world, actor, player):
        assert actor.public_view() is actor.public_view()
        assert actor.seat_view(0) is actor.seat_view(0)
        before, sequence = actor.public_view(), actor.sequence
        await world.open_panel(player)
        await world.play([player], max_clicks=1)
        await fake_discord.wait_for(lambda: actor.sequence > sequence)
        after = actor.public_view()
        assert after is not before and after.sequence == actor.sequence
        # A rigged deal moves no sequence number but does change what the views show.
        seat = actor.seat_of(player.member.id)
        rigged_before = actor.seat_view(seat)
        actor.game.revision += 1
        assert actor.seat_view(seat) is not rigged_before


async def test_a_waiting_panel_is_not_edited_for_every_cpu_move(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One human, three CPUs: while the CPUs play their turns the panel reads the same (「Waiting
    for the other players.」, the same buttons), so it is edited far less often than moves are
    made, and its image is uploaded only with a change the panel must show."""
    # A deal whose hand lasts long enough to count (an unseeded one can end in a dozen moves).
    fix_seed(monkeypatch, LONG_HAND_SEED)
    async with one_human_table(fake_discord, tmp_path) as (world, actor, player):
        await world.open_panel(player)
        await world.play([player])
        panel = player.panel
        assert panel is not None
        moves = actor.sequence
        edits = len(panel.history)
        assert moves > 20
        # About one edit per own turn (draw, then the discard's answer), not one per move.
        assert edits < 0.75 * moves, (edits, moves)
        texts = [version["content"] for version in panel.history]
        waiting = [t for t in texts if "Waiting for the other players." in t]
        assert waiting, texts
