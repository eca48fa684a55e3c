"""Whole games while the fake Discord misbehaves on purpose (see ``fakediscord/faults.py``).

Each test plays a seeded game (one scripted human, three CPUs) with one kind of fault armed
once the table is up (one test arms them all, on 二色麻雀 and ずーの) and checks what the players
and the channel end up with:

* the game ends, and the store holds its final result;
* the table message converged: one table message, showing the final state (its image is the
  final public view drawn afresh, its text what the bot last drew, no buttons left);
* nothing was posted twice (a retried post with a nonce is not a second post) and nothing was
  lost: every public message is one of a kind, one result post per stored hand, one game-over
  post;
* every click was answered, except those whose callback (or gateway session) failed on purpose,
  and the player who clicks again gets through;
* the bot logged no error, and ``fake.assert_clean()`` holds (the fixture checks it).

The fault counts are printed, kept as the test's ``faults`` property and listed in the terminal
summary (see ``conftest.py``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import JantakuBot
from bot.runtime.i18n import text
from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, Faults, InteractionRecord, InteractionRefused, running_bot
from bot.sandbox.players import GAME_OVER, Player, World, edited_past, simple_policy
from bot.storage import GameStatus, Store
from bot.ui.labels import round_text
from render import render_table

from .helpers import fix_seed, make_bot, quiet, settle
from .spies import LogTrap

TABLE_SEED = 2024
HUMAN_SEED = 11
POSTS = "POST /channels/{channel_id}/messages"


@dataclass
class Run:
    """What the scripted player went through in one game under faults."""

    clicks: int = 0
    failed_clicks: int = 0
    """Clicks that went unanswered because their callback (or the session) failed on purpose."""
    clicked_again: int = 0
    reopened: int = 0
    """Times the player pressed "My hand" again after a failed click left the panel behind."""

    def __str__(self) -> str:
        return (
            f"clicks {self.clicks}, failed {self.failed_clicks}, clicked again {self.clicked_again}, "
            f"reopened {self.reopened}"
        )


async def _answered(world: World, bot: JantakuBot, record: InteractionRecord) -> bool:
    """Wait for the answer to a click (sent with ``wait=False``); False when it failed, which only an
    injected fault excuses.

    A click whose callback (or gateway session) a fault cut off may never be answered: once the
    bot has nothing left to do, Discord's deadline passes for it (the test moves the fake's clock
    by as much) and it fails, as it would on Discord after three seconds."""
    fake = world.fake
    try:
        await fake.wait_for(
            lambda: record.done.is_set() or (record.fault is not None and quiet(fake, bot)),
            what="an answer to the click",
        )
    except TimeoutError as error:
        unanswered = [
            (rec.custom_id or rec.command, rec.fault, rec.response_type)
            for rec in fake.interactions.values()
            if not rec.done.is_set()
        ]
        sessions = [
            (
                session.shard_id,
                session.invalid,
                session.connected,
                session.seq,
                [frame["s"] for frame in session.events if frame["d"].get("id") == str(record.id)],
            )
            for session in fake.gateway.sessions.values()
        ]
        raise AssertionError(
            f"sessions (shard, invalid, connected, seq, the click's seqs) {sessions}, identifies "
            f"{len(fake.gateway.identifies)}, resumes {len(fake.gateway.resumes)}; "
            f"click {record.custom_id}: fault {record.fault}, callbacks {record.callbacks}; fake busy "
            f"{fake.busy} (requests in hand, events to send: {fake.gateway.sending}; unanswered "
            f"{unanswered}); actors idle {[a.idle for a in bot.runtime.tables.actors()]}, presenters idle "
            f"{[p.idle for p in bot.runtime.tables.presenters()]}"
        ) from error
    if not record.done.is_set():
        await settle(fake, bot)
    if not record.done.is_set():
        fake.advance_clock(fake.response_deadline)
    await record.wait_response()
    if record.failed:
        assert record.fault is not None, f"a click went unanswered without a fault: {record.errors}"
        # Lost with a dropped gateway session: the next click goes nowhere either until the bot
        # has identified again (the player clicks again once it has, however long that takes).
        await fake.wait_for(lambda: not fake.gateway.dropped(world.guild.id), what="the bot back on the gateway")
        return False
    if record.deferred and record.message is not None:
        message = record.message
        await world.fake.wait_for(lambda: not message.loading, what="the deferred answer")
    return True


async def _open_panel(world: World, bot: JantakuBot, player: Player, run: Run) -> None:
    """Press "My hand" until it answers (after a failed callback the player presses it again)."""
    for _ in range(5):
        table = world.table_message()
        assert table is not None
        hand = next(cid for cid in table.custom_ids if cid.endswith(":hand"))
        record = await player.member.click(table, hand, wait=False)
        if await _answered(world, bot, record):
            assert record.message is not None, record.errors
            player.panel = record.message
            player.clicked.clear()
            return
        run.failed_clicks += 1
    raise AssertionError("'My hand' failed five times in a row")


async def _play(world: World, bot: JantakuBot, player: Player, run: Run) -> None:
    """Play through the player's panel until the game is over, clicking again what failed."""
    rng = random.Random(HUMAN_SEED)
    fake = world.fake
    await _open_panel(world, bot, player, run)
    after_failure = False

    def ready() -> bool:
        return world.game_over_text() is not None or bool(world.pending_button(player))

    while world.game_over_text() is None:
        buttons = world.pending_button(player)
        if not buttons:
            if not after_failure:
                await fake.wait_for(ready, what="a decision for the player or the end of the game")
                continue
            # A click of theirs failed: the panel it was on may never move on. Once nothing more
            # happens and it still offers nothing, the player, like a person, asks for a fresh one.
            await fake.wait_for(lambda: ready() or quiet(fake, bot), what="the panel to move on, or nothing more")
            if not ready():
                await settle(fake, bot)
            if not ready():
                run.reopened += 1
                after_failure = False
                await _open_panel(world, bot, player, run)
            continue
        choice = simple_policy(buttons, rng)
        custom_id = choice["custom_id"]
        player.clicked.add(custom_id)
        panel = player.panel
        assert panel is not None
        edits = len(panel.history)
        for attempt in range(3):
            try:
                record = await player.member.click(panel, custom_id, wait=False)
            except InteractionRefused:
                break  # the panel moved on meanwhile, as it can for a person
            run.clicks += attempt == 0
            if await _answered(world, bot, record):
                if record.response_type == 6:
                    await fake.wait_for(edited_past(panel, edits), what="the deferred panel")
                break
            run.failed_clicks += 1
            run.clicked_again += 1
            after_failure = True


def _looks(message: FakeMessage) -> tuple[str, tuple[bytes, ...]]:
    return message.text, tuple(attachment.data for attachment in message.attachments)


async def _game_under(
    fake: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    log_trap: LogTrap,
    report: Callable[[str], None],
    *,
    variant: str,
    options: dict[str, Any],
    plan: Faults,
    bot_options: dict[str, Any] | None = None,
) -> Counter[str]:
    """Play one game with ``plan`` armed; check it ended and converged; return the fault counts."""
    fix_seed(monkeypatch, TABLE_SEED)
    world = World.build(fake, "Alice")
    (alice,) = world.members
    database = tmp_path / f"{variant}.sqlite3"
    bot = make_bot(fake, database, **(bot_options or {}))
    run = Run()
    before = Counter(fake.faults.injected)
    async with running_bot(fake, bot):
        await world.start_game(alice, variant=variant, **options)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        presenter: Any = actor.presenter
        fake.inject(plan)
        await _play(world, bot, Player(alice), run)
        await settle(fake, bot)  # the presenter has shown the end
        fake.inject(None)
        injected = Counter(fake.faults.injected) - before
        events = sum(session.seq for session in fake.gateway.sessions.values())
        report(f"{variant}: {', '.join(f'{k}={n}' for k, n in sorted(injected.items()))}; {run}; {events} events")

        # The table message converged on the final state.
        tables = [
            m for m in fake.messages_in(world.channel) if m.attachments and m.attachments[0].filename == "table.png"
        ]
        assert len(tables) == 1, f"{len(tables)} table messages in the channel"
        (table,) = tables
        assert table.id == presenter.message_id
        assert not table.custom_ids, "the finished table still offers its buttons"
        language = await presenter.picture_language()
        final = render_table(actor.public_view(), actor.names, bottom=presenter.bottom, language=language)
        assert table.attachments[0].data == final, "the table image is not the final state"
        assert table.content == presenter._shown[0]  # the text the bot last drew
        outcome = actor.game.outcome()
        assert outcome is not None

    public = fake.messages_in(world.channel)
    copies = Counter(_looks(m) for m in public)
    assert [shown for (shown, _), n in copies.items() if n > 1] == [], "a message was posted twice"
    over = [m.content for m in public if GAME_OVER.search(m.content)]
    assert len(over) == 1, over
    for record in fake.interactions.values():
        assert record.acknowledged or (record.failed and record.fault is not None), record
    # A failed answer is answered again, not apologised for: the click took effect.
    apology = text("internal", None)
    assert not [m for m in fake.messages_in(world.channel, include_ephemeral=True) if apology in m.text]
    async with Store.open(database) as store:
        (game,) = await store.stats.history(world.guild.id, world.channel.id)
        assert game.status is GameStatus.FINISHED
        assert sorted(result.placement for result in game.results) == list(range(1, len(actor.names) + 1))
        for result in game.results:
            line = f"{result.placement}. {actor.names[result.seat]} — {outcome.points[result.seat]:,}"
            assert line in over[0]
        hands = await store.results.hands(game.game_id)
        assert len(hands) == game.hands_played
    # Each hand's result was posted once (a lost post does not converge).
    labels = [round_text(hand.label, None) for hand in hands]  # as the channel names them (English)
    results = [m for m in public if any(m.content.startswith(f"{label}: ") for label in labels)]
    assert len(results) == len(hands), [m.content for m in results]
    log_trap.check()
    return injected


@pytest.fixture
def report(record_property: Callable[[str, object], None]) -> Callable[[str], None]:
    """Print a line and keep it as the test's ``faults`` property (the terminal summary lists it)."""

    def say(line: str) -> None:
        print(line)
        record_property("faults", line)

    return say


ONE_HAND = {"hands": 1}
CASES = {
    "rate_limit": (Faults(seed=1, rate_limit=0.25, retry_after=0.05), {"rate_limit"}),
    "global_rate_limit": (Faults(seed=2, global_rate_limit=0.15, retry_after=0.05), {"global_rate_limit"}),
    "server_error": (Faults(seed=3, server_error=0.12), {"server_error_before", "server_error_after"}),
    "server_error_on_posts": (
        # 503: discord.py does not retry it, so the bot must, and without posting twice.
        Faults(seed=4, server_error=1.0, server_error_statuses=(503,), routes={POSTS}),
        {"server_error_before", "server_error_after"},
    ),
    "slow": (Faults(seed=5, slow=0.2, slow_seconds=0.2), {"slow"}),
    "gateway_drop": (Faults(seed=6, gateway_drop=0.25), {"gateway_resume", "gateway_reidentify"}),
    "callback_failure": (
        Faults(seed=7, callback_failure=0.35),
        {"callback_error_before", "callback_drop_after", "callback_error_after", "callback_drop_before"},
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
async def test_nishoku_game_goes_on_and_converges_under(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    log_trap: LogTrap,
    report: Callable[[str], None],
    case: str,
) -> None:
    plan, kinds = CASES[case]
    injected = await _game_under(
        fake_discord, tmp_path, monkeypatch, log_trap, report, variant="nishoku", options=ONE_HAND, plan=plan
    )
    missing = kinds - set(injected)
    assert not missing, f"the plan injected no {sorted(missing)}: {dict(injected)}"


MIXED = Faults(
    seed=16,
    rate_limit=0.04,
    global_rate_limit=0.02,
    server_error=0.03,
    slow=0.04,
    slow_seconds=0.1,
    gateway_drop=0.08,
    callback_failure=0.08,
    retry_after=0.05,
)
MIXED_LONGER_GAME = dataclasses.replace(MIXED, server_error=0.015, callback_failure=0.04, gateway_drop=0.03)
"""For ずーの, whose game makes about three times the requests: about as many faults, and each
5xx costs a second of discord.py's back-off."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "options", "plan"), [("nishoku", {"hands": 2}, MIXED), ("zuno", {}, MIXED_LONGER_GAME)]
)
async def test_game_goes_on_and_converges_under_every_fault_at_once(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    log_trap: LogTrap,
    report: Callable[[str], None],
    variant: str,
    options: dict[str, Any],
    plan: Faults,
) -> None:
    injected = await _game_under(
        fake_discord, tmp_path, monkeypatch, log_trap, report, variant=variant, options=options, plan=plan
    )
    families = {kind.split("_")[0] for kind in injected}
    assert len(families) >= 4, f"the mixed plan touched too few kinds: {dict(injected)}"


@pytest.mark.slow
async def test_lobby_clicks_whose_callbacks_fail_still_show_on_the_lobby(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log_trap: LogTrap
) -> None:
    """Every lobby click meets a failing callback (5xx or a dropped connection, before or after
    it took effect): each CPU added shows on the lobby message at once, and the start starts."""
    fix_seed(monkeypatch, TABLE_SEED)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        fake_discord.inject(Faults(seed=1, callback_failure=1.0))
        lobby = await world.open_table(alice)
        lobby_id = lobby.custom_ids[0].split(":")[2]
        for cpus in range(1, 4):
            click = await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu", wait=False)
            assert await _answered(world, bot, click)
            assert f"Players ({cpus + 1}/4)" in lobby.text, (click.fault, lobby.text)
        start = await alice.click(lobby, f"jt:lobby:{lobby_id}:start", wait=False)
        assert await _answered(world, bot, start)
        await fake_discord.wait_for(lambda: world.table_message() is not None, what="the table")
        injected = fake_discord.faults.injected
        assert set(injected) == {
            "callback_error_before",
            "callback_drop_after",
            "callback_error_after",
            "callback_drop_before",
        }
    log_trap.check()


async def test_a_lobby_opened_through_a_failing_callback_is_posted_once_and_updates_in_place(
    fake_discord: FakeDiscord, tmp_path: Path, log_trap: LogTrap
) -> None:
    """``/mahjong new`` in four channels, its callback failing each way in turn: one lobby each,
    and its buttons redraw that very message, even clicked while the bot still retries the
    answer that had in fact posted it (discord.py waits a second before retrying a 5xx)."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    channels = [world.channel, *(world.guild.add_text_channel(f"table-{n}") for n in range(2, 5))]
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        fake_discord.inject(Faults(seed=1, callback_failure=1.0))
        for channel in channels:
            opened = await alice.slash(channel, "mahjong new", variant="nishoku", wait=False)
            assert await _answered(world, bot, opened)
        fake_discord.inject(None)
        assert set(fake_discord.faults.injected) == {
            "callback_error_before",
            "callback_drop_after",
            "callback_error_after",
            "callback_drop_before",
        }
        for channel in channels:
            (lobby,) = fake_discord.messages_in(channel)
            lobby_id = lobby.custom_ids[0].split(":")[2]
            added = await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")
            assert added.response_type == 7 and "Players (2/4)" in lobby.text, (channel.name, added.errors)
    log_trap.check()


@pytest.mark.slow
async def test_deferred_answers_survive_failing_callbacks(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    log_trap: LogTrap,
    report: Callable[[str], None],
) -> None:
    """With no time to spare every click is deferred first: the defers meet the failures."""
    plan, kinds = CASES["callback_failure"]
    injected = await _game_under(
        fake_discord,
        tmp_path,
        monkeypatch,
        log_trap,
        report,
        variant="nishoku",
        options=ONE_HAND,
        plan=plan,
        bot_options={"ack_budget": 0.0},
    )
    assert kinds <= set(injected), dict(injected)
