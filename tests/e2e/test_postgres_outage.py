"""The PostgreSQL server going away mid-game, through the fake Discord: the table pauses with a
public notice and keeps the move it could not save; when the server is back the pool reconnects
by itself, the move lands once, and the game plays to its end and replays from the log.

The outage is real: the test's own throwaway server is shut down (``pg_ctl stop``), so the bot's
pooled connections drop and new ones are refused, and then started again on the same port.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.engine.record import replay
from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import Player, World, action_buttons, action_kind
from bot.storage.pgcluster import ThrowawayCluster
from tests.postgres import start_cluster_or_skip

from .helpers import Backoff, fix_seed, make_bot, pass_time_until, player_in_seat

pytestmark = pytest.mark.slow  # a throwaway PostgreSQL server, stopped and started

PAUSED = "Saving is failing, so the table is paused"
RESUMED = "Saving works again: the table carries on."
RETRY = Backoff(retry_seconds=0.2, retry_max_seconds=0.8)


@pytest.fixture
def cluster() -> Iterator[ThrowawayCluster]:
    """A server of this test's own: stopping it must not take other tests' databases with it."""
    made = start_cluster_or_skip()
    try:
        yield made
    finally:
        made.stop()


def _count(world: World, text: str) -> int:
    return sum(text in message for message in world.public_texts())


async def test_a_postgres_outage_pauses_the_table_and_it_carries_on_losing_nothing(
    fake_discord: FakeDiscord, cluster: ThrowawayCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 11)
    url = cluster.create_database("jantaku")
    world = World.build(fake_discord, "Alice", "Bob")
    bot = make_bot(fake_discord, url, **RETRY)
    async with running_bot(fake_discord, bot):
        alice, bob = world.members
        await world.start_game(alice, humans=[bob], cpus=1, variant="inage", hands=1, turn_seconds=60)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        players = {member.id: Player(member) for member in world.members}
        for player in players.values():
            await world.open_panel(player)
        humans = [seat for seat, state in enumerate(actor.seats) if not state.player.is_cpu]
        await fake_discord.wait_for(lambda: any(actor.decision(seat) for seat in humans))
        turner = next(seat for seat in humans if actor.decision(seat) is not None)
        voter = next(player_in_seat(players, actor, seat) for seat in humans if seat != turner)
        await fake_discord.wait_for(lambda: voter.panel is not None and bool(action_buttons(voter.panel)))
        assert voter.panel is not None
        vote = next(b["custom_id"] for b in action_buttons(voter.panel) if action_kind(b) == "vote_end")
        stored = len(await bot.store.games.actions(actor.game_id))

        cluster.stop_server()
        record = await voter.member.click(voter.panel, vote)
        await record.wait_response()
        assert not record.failed, record.errors
        await fake_discord.wait_for(lambda: _count(world, PAUSED) == 1, what="the pause notice")
        assert actor.paused

        cluster.start_server()
        # The table tries again after its backoff (on the fake's clock, which the test moves).
        await pass_time_until(
            fake_discord,
            lambda: _count(world, RESUMED) == 1,
            bot,
            within=RETRY["retry_max_seconds"],
            what="the resume notice",
        )
        logged = await bot.store.games.actions(actor.game_id)
        assert len(logged) == stored + 1
        assert logged[stored]["type"] == "vote_end"

        await world.play(list(players.values()))
        assert world.game_over_text() is not None
        logged = await bot.store.games.actions(actor.game_id)
        assert len(logged) == actor.game.sequence
        assert replay(await bot.store.games.record(actor.game_id)).state_hash() == actor.game.state_hash()
        assert [action["type"] for action in logged].count("vote_end") == 1
