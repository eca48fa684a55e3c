"""Two bot processes, each running half the shards, on one fake Discord and one shared database.

Process A runs shards 0 and 1 of 4, process B shards 2 and 3; a guild on each shard plays a
table. A is SIGKILLed mid-game: B's tables play on through the outage, and A's stay exactly as
they were (nobody else runs them). A starts again, resumes its own tables from the buttons its
players already hold, plays them to the end, and never touches B's. Every request the fake saw
for a guild came from the process that runs the guild's shard (each process reaches the fake by
its own name, which the fake records), every action log replays to the result the store holds,
and each guild's stats, answered by its own process, count the finished game.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest

from bot.engine.record import replay
from bot.sandbox.fakediscord import PATIENCE, FakeDiscord, FakeMessage, RequestRecord
from bot.sandbox.players import Player, World
from bot.sandbox.process import BotProcess
from bot.storage import GameStatus, Store

from .conftest import checked_fake

pytestmark = pytest.mark.slow

SHARDS = 4
HOSTS = {"a": "127.0.0.1", "b": "localhost"}
"""The name each process reaches the fake by: the fake records it on every request."""
OWNED = {"a": (0, 1), "b": (2, 3)}
TABLE_ID = re.compile(r"jt:table:(\d+):\d+:hand")
CHANNEL_PATH = re.compile(r"/channels/(\d+)")


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database both processes open, as a URL passed to them as it is: a SQLite file (WAL
    mode is safe across processes), or a database of a throwaway PostgreSQL server (skipped,
    naming the package to install, where there is none)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def fake4() -> AsyncIterator[FakeDiscord]:
    # The bots run in processes of their own, on the machine's clock: so does Discord here. Its
    # 3-second deadline, checked on a manual clock by the in-process tests, only guards against a
    # hang here: a bot process starved of the CPU by a loaded machine must not fail the test.
    async with checked_fake(shard_count=SHARDS, clock=None, response_deadline=PATIENCE) as fake:
        yield fake


def owner(shard: int) -> str:
    return next(name for name, shards in OWNED.items() if shard in shards)


def guild_of(fake: FakeDiscord, request: RequestRecord) -> int | None:
    """The guild a request is about: its interaction's, or that of the channel it names."""
    if request.interaction is not None:
        guild = request.interaction.channel.guild
        return guild.id if guild is not None else None
    match = CHANNEL_PATH.match(request.path)
    channel = fake.channels.get(int(match[1])) if match is not None else None
    return channel.guild.id if channel is not None and channel.guild is not None else None


def game_id_of(world: World) -> int:
    table = world.table_message()
    assert table is not None
    match = next(m for cid in table.custom_ids if (m := TABLE_ID.fullmatch(cid)) is not None)
    return int(match[1])


def _over(world: World) -> bool:
    return world.game_over_text() is not None


def _redrawn(table: FakeMessage, edits: int) -> bool:
    """Whether the table message was edited past ``edits`` times, or replaced."""
    return len(table.history) > edits or table.deleted


def _says(world: World, text: str) -> bool:
    """Whether some public message of the world's channel has ``text``."""
    return any(text in public for public in world.public_texts())


async def game_status(url: str, game_id: int) -> tuple[GameStatus, int]:
    async with Store.open(url) as store:
        row = await store.games.get(game_id)
        return row.status, row.action_count


async def test_two_processes_each_run_their_own_shards_tables_through_a_kill_of_one(
    fake4: FakeDiscord, shared_database_url: str, tmp_path: Path
) -> None:
    fake = fake4
    url = shared_database_url
    worlds = [World.build(fake, f"Player {shard}", shard=shard) for shard in range(SHARDS)]
    players = [Player(world.members[0]) for world in worlds]
    ours = {name: [i for i in range(SHARDS) if owner(i) == name] for name in OWNED}
    bots = {
        name: BotProcess(
            fake,
            url,
            cpu_delay=0.0,
            hand_pause=0.0,
            render_threads=True,
            log=tmp_path / f"{name}.log",
            shards=(shards, SHARDS),
            host=HOSTS[name],
        )
        for name, shards in OWNED.items()
    }
    a, b = bots["a"], bots["b"]
    try:
        # Both at once, as a deployment starts them: they migrate the fresh database together.
        await asyncio.gather(a.start(), b.start())
        await asyncio.gather(a.wait_ready(), b.wait_ready())
        assert sorted(tuple(i["shard"]) for i in fake.gateway.identifies) == [(s, SHARDS) for s in range(SHARDS)]
        assert fake.sync_count == 1, "only shard 0's process syncs the commands"

        # Two hands: a hand that ends in the first clicks still leaves the game running.
        await asyncio.gather(*(world.start_game(world.members[0], hands=2) for world in worlds))
        games = [game_id_of(world) for world in worlds]
        await asyncio.gather(*(w.play([p], max_clicks=2) for w, p in zip(worlds, players, strict=True)))
        # Each table waits for its player, whose panel shows the decision.
        await fake.wait_for(
            lambda: all(w.pending_button(p) or w.game_over_text() for w, p in zip(worlds, players, strict=True)),
            what="every table to wait for its player",
        )
        for game_id in games:
            assert (await game_status(url, game_id))[0] is GameStatus.RUNNING
        held = {i: [b["custom_id"] for b in worlds[i].pending_button(players[i])] for i in ours["a"]}

        # --- A dies mid-game -----------------------------------------------------------------------
        await a.kill()
        # What A sent before it died is taken in by the fake once every connection of A's is closed.
        await fake.wait_for(lambda: HOSTS["a"] not in fake.connected_hosts(), what="A's connections closed")
        killed_at = len(fake.requests)
        before = {i: await game_status(url, games[i]) for i in ours["a"]}
        shown = {i: [(m.id, len(m.history)) for m in fake.messages_in(worlds[i].channel)] for i in ours["a"]}

        # B's tables answer every click and move on while A is down.
        for i in ours["b"]:
            actions = (await game_status(url, games[i]))[1]
            table = worlds[i].table_message()
            assert table is not None
            edits = len(table.history)
            await worlds[i].play([players[i]], max_clicks=2, until=partial(_over, worlds[i]))
            assert (await game_status(url, games[i]))[1] > actions, "the click moved B's table on"
            await fake.wait_for(partial(_redrawn, table, edits), what="B's table redrawn")
        # A's tables are exactly as A left them: nobody else runs them.
        assert {i: await game_status(url, games[i]) for i in ours["a"]} == before
        assert {i: [(m.id, len(m.history)) for m in fake.messages_in(worlds[i].channel)] for i in ours["a"]} == shown
        touched = [r for r in fake.requests[killed_at:] if guild_of(fake, r) in {worlds[i].guild.id for i in ours["a"]}]
        assert touched == []

        # --- A comes back --------------------------------------------------------------------------
        restarted_at = len(fake.requests)
        await a.start()
        await a.wait_ready()
        for i in ours["a"]:
            await fake.wait_for(
                partial(_says, worlds[i], "continues from move"),
                what=f"table {i} resumed",
            )
            # A button its player held from before the kill plays: the same decision, the same id.
            panel, (custom_id, *_) = players[i].panel, held[i]
            assert panel is not None and custom_id in {b["custom_id"] for b in worlds[i].pending_button(players[i])}
            actions = (await game_status(url, games[i]))[1]
            players[i].clicked.add(custom_id)
            click = await players[i].member.click(panel, custom_id)
            await click.wait_response()
            assert click.response_type in (6, 7), [m.text for m in click.messages if m is not None]
            # Committed before it was answered.
            assert (await game_status(url, games[i]))[1] > actions
        # B's tables were recovered by nobody: no resume notice, and A, back, sent nothing about them.
        # (B itself may still be reposting a table whose hand its last click ended.)
        b_guilds = {worlds[i].guild.id for i in ours["b"]}
        for i in ours["b"]:
            assert not any("continues from move" in text for text in worlds[i].public_texts())
        from_a = [r for r in fake.requests[restarted_at:] if guild_of(fake, r) in b_guilds and r.host == HOSTS["a"]]
        assert from_a == []

        # Every table to its end.
        await asyncio.gather(*(w.play([p]) for w, p in zip(worlds, players, strict=True)))

        # Every request about a guild came from the process running its shard.
        by_guild = {world.guild.id: HOSTS[owner(world.guild.shard_id)] for world in worlds}
        strays = [
            f"{r.method} {r.path} from {r.host}"
            for r in fake.requests
            if (guild := guild_of(fake, r)) in by_guild and r.host != by_guild[guild]
        ]
        assert strays == []
        assert {r.host for r in fake.requests} == set(HOSTS.values())

        # The action logs replay to the stored results: one actor per game wrote each.
        async with Store.open(url) as store:
            for game_id in games:
                row = await store.games.get(game_id)
                assert row.status is GameStatus.FINISHED
                (summary,) = await store.stats.history(row.guild_id, row.channel_id)
                outcome = replay(await store.games.record(game_id)).outcome()
                assert outcome is not None
                assert tuple(r.points for r in sorted(summary.results, key=lambda r: r.seat)) == outcome.points
                assert len(await store.results.hands(game_id)) == outcome.hands_played == summary.hands_played

        # Stats and the leaderboard, answered by each guild's own process, count the game.
        for world, player in zip(worlds, players, strict=True):
            stats = await player.member.slash(world.channel, "mahjong stats", member=player.member)
            assert stats.message is not None and "**1**" in stats.message.text, stats.message
            board = await player.member.slash(world.channel, "mahjong leaderboard")
            assert board.message is not None and player.member.name in board.message.text
            hosts = {r.host for r in fake.requests if r.interaction in (stats, board)}
            assert hosts == {HOSTS[owner(world.guild.shard_id)]}
    finally:
        await asyncio.gather(a.stop(), b.stop())
    for name in OWNED:
        errors = [line for line in (tmp_path / f"{name}.log").read_text().splitlines() if " ERROR " in line]
        assert errors == [], f"process {name} logged errors"
