"""Crash soak: concurrent games of every variant while the bot is SIGKILLed and restarted.

    python -m bench.soak [--games 20] [--kills 10] [--seed 1]

Two processes, as in production: this one runs the fake Discord and the scripted players, the
other the unmodified bot (:mod:`bot.sandbox.process`) on one SQLite file. ``--games`` tables
start at once, cycling through every variant and seat count (二色麻雀 4p, ずーの 4p, いなげ 2p and
3p, チンイツゲーム 3p, 5等三麻 3p), each with one or two scripted humans and CPUs in the other
seats, playing short games (one hand, or starting points so low that the first payment ends the
game). At seeded random moments the bot's process group gets SIGKILL: no clean-up of any kind
runs. A new bot process starts on the same file, recovers every table from its action log and
says it is ready; the players carry on as people would: a click that got no answer, or a panel
that sat still for a while, makes them press "My hand" on the table message again (a panel that
keeps working after the restart is used as it is).

At the end it checks, and exits non-zero listing every failure:

* every game finished: ``finished`` in the store with its results, "Game #N is over" in its channel;
* each stored action log replays (:func:`bot.engine.record.replay`) to a finished game whose
  outcome (points, placements, chips, hands played) is what the store recorded;
* no accepted click was lost: every action click the bot answered with its result (the panel
  updated in the answer, or edited through the click's own token after a deferred answer) is in
  the action log, by seat, kind and tiles, at or after the move it was offered for; a click
  only deferred when a kill came is not (the player saw nothing taken), but one only deferred
  with no kill after it is a loss;
* no interaction went unanswered outside a killed window: from the response deadline (3 s)
  before a kill to the new process's ready, when an interaction may die with the process;
* the fake recorded no violation outside those windows.

Prints one JSON line of figures: games, variants, kills, actions, clicks accepted/lost,
unanswered interactions (inside/outside the windows), restart seconds, time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.runtime.i18n import text
from bot.sandbox.players import ACT, game_over_text, pending_buttons, simple_policy, table_message

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from bot.sandbox.fakediscord import (
        FakeChannel,
        FakeDiscord,
        FakeGuild,
        FakeMember,
        FakeMessage,
        InteractionRecord,
        Violation,
    )
    from bot.sandbox.process import BotProcess

STALL_SECONDS = 5.0
"""A panel with nothing to click for this long is opened again with "My hand"."""
POLL_SECONDS = 0.05
SETTLE_SECONDS = 3.5
"""After the last game: every interaction still open is answered or failed by then."""


@dataclass(frozen=True)
class TablePlan:
    """One kind of table: a variant, its seat count and the settings that keep its game short."""

    variant: str
    seats: int
    settings: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.variant} {self.seats}p"


PLANS = (
    TablePlan("nishoku", 4, {"hands": 1}),
    # ずーの, チンイツゲーム and 5等三麻 have no hand count: start so low that the first payment
    # busts someone, which ends the game (one hand, now and then two). return_points has no
    # option of its own: it goes in rules.
    TablePlan("zuno", 4, {"start_points": 1000, "rules": "return_points=1000"}),
    TablePlan("inage", 2, {"hands": 1}),
    TablePlan("inage", 3, {"hands": 1}),
    TablePlan("chinitsu", 3, {"start_points": 5000, "rules": "return_points=5000"}),
    TablePlan("goto", 3, {"start_points": 1000, "rules": "return_points=1000"}),
)


@dataclass
class KillWindow:
    """From the SIGKILL to the new process's ready (fake clock)."""

    killed_at: float
    ready_at: float = math.inf

    def covers(self, moment: float, *, before: float) -> bool:
        """Whether ``moment`` is at most ``before`` seconds ahead of the kill, or while the bot was down."""
        return self.killed_at - before <= moment <= self.ready_at


@dataclass
class Table:
    """One table of the soak: its guild and channel, its humans (the first hosts), and what its
    players saw."""

    index: int
    plan: TablePlan
    guild: FakeGuild
    channel: FakeChannel
    humans: list[FakeMember]
    lobby: FakeMessage | None = None
    lobby_joined: set[int] = field(default_factory=set)
    lobby_cpus: int = 0
    lobby_clicks_lost: int = 0
    reopenings: int = 0
    gave_up: str = ""
    seconds: float = 0.0
    """From the table's /mahjong new to the end of its game (as its players saw it)."""


@dataclass
class Soak:
    """Everything the players, the killer and the checks share."""

    fake: FakeDiscord
    bot: BotProcess
    args: argparse.Namespace
    tables: list[Table]
    windows: list[KillWindow] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    kills: int = 0

    def now(self) -> float:
        return float(self.fake.clock.now())


# --- reading the channel ------------------------------------------------------------------------------


def game_over(soak: Soak, table: Table) -> bool:
    return game_over_text(soak.fake, table.channel) is not None


def reply_text(record: InteractionRecord) -> str:
    """What the bot said back to an interaction (its ephemeral answer or error), if anything."""
    messages = [m for m in record.messages if m is not None]
    return " ".join(m.text for m in messages)


def refused(record: InteractionRecord) -> bool:
    """The click was answered with an explanation (an error) rather than with its result."""
    return record.response_type == 4 or bool(record.followups)


# --- the players -------------------------------------------------------------------------------------------


async def interact(soak: Soak, action: Awaitable[InteractionRecord]) -> InteractionRecord | None:
    """Run one fake-user interaction; None when Discord would not let the user do it (the message
    changed or went) or no bot session takes the guild's events."""
    from bot.sandbox.fakediscord import InteractionRefused

    try:
        return await action
    except InteractionRefused:
        await asyncio.sleep(POLL_SECONDS)  # never spin: the fake and every player share this loop
        return None
    except RuntimeError as error:  # between a kill and the new process's IDENTIFY
        if "no bot session" not in str(error):
            raise
        await asyncio.sleep(0.2)
        return None


async def gather_table(soak: Soak, table: Table, rng: random.Random) -> None:
    """The host opens a lobby, the other human joins, the host adds CPUs and starts; whatever a
    kill undid is done again, as the host would on seeing the lobby."""
    host = table.humans[0]
    deadline = soak.now() + soak.args.timeout
    while table_message(soak.fake, table.channel) is None and soak.now() < deadline:
        if table.lobby is None:
            record = await interact(
                soak, host.slash(table.channel, "mahjong new", variant=table.plan.variant, **table.plan.settings)
            )
            if record is None or record.failed or record.message is None:
                continue
            if record.message.ephemeral:
                # The channel is taken: by the game (its start answered into a kill) or by a
                # lobby whose answer was lost; the table appears, or the host clears the lobby.
                await asyncio.sleep(1.0)
                if table_message(soak.fake, table.channel) is None:
                    asked = await interact(soak, host.slash(table.channel, "mahjong cancel"))
                    # A running game's cancel asks first: the host confirms.
                    confirmation = asked.message if asked is not None else None
                    confirm = (
                        [cid for cid in confirmation.custom_ids if cid.endswith(":confirm")] if confirmation else []
                    )
                    if confirmation is not None and confirm:
                        await interact(soak, host.click(confirmation, confirm[0]))
                continue
            table.lobby, table.lobby_joined, table.lobby_cpus = record.message, {host.id}, 0
            continue
        lobby_id = table.lobby.custom_ids[0].split(":")[2]
        missing = [member for member in table.humans if member.id not in table.lobby_joined]
        if missing:
            member, op = missing[0], "join"
        elif len(table.lobby_joined) + table.lobby_cpus < table.plan.seats:
            member, op = host, "cpu"
        else:
            member, op = host, "start"
        await asyncio.sleep(rng.random() * soak.args.think_ms / 1000)
        record = await interact(soak, member.click(table.lobby, f"jt:lobby:{lobby_id}:{op}"))
        if record is None or record.failed:
            continue
        said = reply_text(record)
        if not refused(record):
            if op == "join":
                table.lobby_joined.add(member.id)
            elif op == "cpu":
                table.lobby_cpus += 1
            else:
                await wait_until(soak, lambda: table_message(soak.fake, table.channel) is not None, 10.0)
        elif text("already_joined", None) in said:
            table.lobby_joined.add(member.id)
        elif text("lobby_full", None) in said:
            table.lobby_cpus = table.plan.seats - len(table.lobby_joined)
        elif "needs" in said and "seated" in said:
            # The lobby after the restart has fewer seats than the answers showed: a click the
            # bot had answered was lost with the process.
            table.lobby_clicks_lost += 1
            table.lobby_cpus -= 1
        elif text("lobby_gone", None).split(" (")[0] in said:
            # Closed by a start whose answer died with the process (the table is coming), or
            # lost with the process: answered, never stored. Then the host opens another.
            if not await wait_until(soak, lambda: table_message(soak.fake, table.channel) is not None, 5.0):
                table.lobby_clicks_lost += 1
                table.lobby = None
        else:
            await asyncio.sleep(0.5)


async def wait_until(soak: Soak, predicate: Callable[[], bool], timeout: float) -> bool:  # noqa: ASYNC109
    end = soak.now() + timeout
    while not predicate():
        if soak.now() > end:
            return False
        await asyncio.sleep(POLL_SECONDS)
    return True


async def open_panel(soak: Soak, table: Table, member: FakeMember) -> FakeMessage | None:
    """Press "My hand" on the newest table message; the panel it opened, or None when that got
    no answer (or there is no table message to press it on)."""
    message = table_message(soak.fake, table.channel)
    hand = next((cid for cid in message.custom_ids if cid.endswith(":hand")), None) if message else None
    if message is None or hand is None:
        await asyncio.sleep(0.2)
        return None
    table.reopenings += 1
    record = await interact(soak, member.click(message, hand))
    if record is None or record.failed:
        return None
    if record.deferred:
        await wait_until(soak, lambda: record.message is not None and not record.message.loading, 10.0)
    panel = record.message
    if panel is None or panel.loading:
        return None
    return panel


def pending(panel: FakeMessage | None, clicked: set[str]) -> list[dict[str, Any]]:
    """What the player may click on its panel, if the panel is still there."""
    if panel is not None and panel.deleted:
        return []
    return pending_buttons(panel, clicked)


async def play(soak: Soak, table: Table, member: FakeMember, rng: random.Random) -> None:
    """One scripted human, from the table's start to the end of its game."""
    panel = None
    clicked: set[str] = set()
    idle_since = soak.now()
    deadline = soak.now() + soak.args.timeout
    while not game_over(soak, table):
        if soak.now() > deadline:
            message = table_message(soak.fake, table.channel)
            shown = message.text[:300] if message is not None else None
            table.gave_up += f"timed out; {member.name}'s panel: {panel.text[:300] if panel else None}; table: {shown}"
            return
        buttons = pending(panel, clicked)
        if buttons:
            await asyncio.sleep(soak.args.think_ms / 1000 * (0.5 + rng.random()))
            buttons = pending(panel, clicked)
            if not buttons:
                continue
            choice = simple_policy(buttons, rng)
            assert panel is not None  # it has buttons
            record = await interact(soak, member.click(panel, choice["custom_id"]))
            idle_since = soak.now()
            if record is None:
                continue  # the panel changed under the click: look again
            if record.failed:
                panel = None  # no answer (the bot is down): open the panel again
                continue
            clicked.add(choice["custom_id"])
            continue
        if panel is None or soak.now() - idle_since > STALL_SECONDS:
            idle_since = soak.now()
            panel = await open_panel(soak, table, member) or panel
            if panel is None:
                await asyncio.sleep(1.0)  # no answer: the bot is down; try again in a moment
            continue
        await asyncio.sleep(POLL_SECONDS)


async def run_table(soak: Soak, table: Table) -> None:
    rng = random.Random(soak.args.seed * 7919 + table.index)
    await asyncio.sleep(rng.random() * soak.args.ramp)
    opened = soak.now()
    await gather_table(soak, table, rng)
    if table_message(soak.fake, table.channel) is None:
        table.gave_up = "never started"
        return
    await asyncio.gather(
        *(play(soak, table, member, random.Random(rng.random())) for member in table.humans),
    )
    table.seconds = soak.now() - opened


# --- the killer ---------------------------------------------------------------------------------------------


async def killer(soak: Soak, rng: random.Random) -> None:
    """SIGKILL the bot ``--kills`` times at random moments, each time starting another on the file."""
    args = soak.args
    for _ in range(args.kills):
        gap = rng.uniform(args.min_gap, args.max_gap)
        try:
            await asyncio.wait_for(soak.done.wait(), gap)
            return  # every game is over
        except TimeoutError:
            pass
        window = KillWindow(soak.now())
        soak.windows.append(window)
        await soak.bot.kill()
        soak.kills += 1
        await soak.bot.start()
        await soak.bot.wait_ready()
        window.ready_at = soak.now()


# --- the checks ------------------------------------------------------------------------------------------------


def excused(soak: Soak, moment: float) -> bool:
    deadline = float(soak.fake.response_deadline)
    return any(window.covers(moment, before=deadline) for window in soak.windows)


async def check(soak: Soak, database: Path) -> tuple[dict[str, Any], list[str]]:
    """Every figure, and every failure as a sentence."""
    from bot.engine.game import action_from_json
    from bot.engine.record import replay
    from bot.runtime.customid import action_args
    from bot.storage import GameStatus, Store

    problems: list[str] = []
    if soak.kills < soak.args.kills:
        # A soak is only as strong as its kills: one whose games end first proves less than asked.
        problems.append(
            f"only {soak.kills} of {soak.args.kills} kills before every game ended (try a shorter --max-gap)"
        )
    fake = soak.fake
    by_channel = {table.channel.id: table for table in soak.tables}
    actions = 0
    logs: dict[int, list[tuple[int, int, str, tuple[int, ...]]]] = {}
    seats: dict[int, dict[int, int]] = {}
    async with Store.open(str(database)) as store:
        for table in soak.tables:
            where = f"table {table.index} ({table.plan.label})"
            if table.gave_up:
                problems.append(f"{where}: {table.gave_up}")
            if table.lobby_clicks_lost:
                problems.append(f"{where}: {table.lobby_clicks_lost} answered lobby click(s) lost in a kill")
            games = await store.stats.history(table.guild.id, table.channel.id)
            if len(games) != 1:
                problems.append(f"{where}: {len(games)} games in the store, not 1")
                continue
            (summary,) = games
            where += f" game #{summary.game_id}"
            if summary.status is not GameStatus.FINISHED or not summary.results:
                problems.append(f"{where}: {summary.status.value} in the store, with {len(summary.results)} results")
            if not game_over(soak, table):
                problems.append(f"{where}: no game-over message in its channel")
            record = await store.games.record(summary.game_id)
            actions += len(record.actions)
            try:
                game = replay(record)
            except Exception as error:
                problems.append(f"{where}: the action log does not replay: {error!r}")
                continue
            outcome = game.outcome()
            if outcome is None:
                problems.append(f"{where}: the replayed log ends in a running game")
                continue
            results = sorted(summary.results, key=lambda result: result.seat)
            stored = (
                tuple(r.points for r in results),
                tuple(r.placement for r in results),
                tuple(r.chips for r in results) if outcome.chips else (),
                summary.hands_played,
            )
            replayed = (outcome.points, outcome.placements, tuple(outcome.chips or ()), outcome.hands_played)
            if stored != replayed:
                problems.append(f"{where}: the store says {stored}, the replayed log {replayed}")
            hands = await store.results.hands(summary.game_id)
            if len(hands) != outcome.hands_played:
                problems.append(f"{where}: {len(hands)} hands recorded for {outcome.hands_played} played")
            seats[summary.game_id] = {
                player.user_id: seat for seat, player in enumerate(summary.players) if player.user_id is not None
            }
            logs[summary.game_id] = [
                (index, (action := action_from_json(data)).seat, action.kind, action_args(action))
                for index, data in enumerate(record.actions)
            ]

    clicks = accepted = lost = unconfirmed = answered_errors = 0
    unanswered_in_windows = unanswered_outside = 0
    matched: set[tuple[int, int]] = set()
    error_replies: Counter[str] = Counter()
    invalid: Counter[str] = Counter()
    records = sorted(fake.interactions.values(), key=lambda rec: rec.created_at)
    for rec in records:
        if not rec.acknowledged:
            if excused(soak, rec.created_at):
                unanswered_in_windows += 1
            else:
                unanswered_outside += 1
                what = rec.custom_id or f"/{rec.command}"
                problems.append(f"unanswered outside a killed window: {what} at {rec.created_at:.1f}")
            continue
        match = ACT.fullmatch(rec.custom_id or "")
        if match is None or rec.channel.id not in by_channel:
            continue
        clicks += 1
        if refused(rec):
            answered_errors += 1
            said = reply_text(rec)
            error_replies[re.sub(r"#?\d+", "N", said)[:80]] += 1
            if text("invalid_button", None) in said:
                # A button the bot drew, refused as never offered: which kind, and was its panel
                # drawn by an earlier process?
                opener = rec.source_message.interaction if rec.source_message is not None else None
                drawn = opener.created_at if opener is not None else -math.inf
                earlier = any(drawn < w.killed_at and w.ready_at < rec.created_at for w in soak.windows)
                invalid[f"{match['kind']}{' (panel from before a restart)' if earlier else ''}"] += 1
            continue
        # Shown taken: updated in the answer, or, after a deferred answer, a message edited through
        # this click's own token by the same process. Not any edit of its panel: a refresh for
        # another seat's move edits it too (through an earlier token) while this click still
        # waits its turn at the table, and says nothing of it.
        answered = float(rec.responded_at or 0.0)  # acknowledged, so set
        died = min((w.killed_at for w in soak.windows if w.killed_at >= answered), default=math.inf)
        confirmed = rec.response_type == 7 or any(answered <= at < died for at in rec.token_edits)
        game_id, seq = int(match["game"]), int(match["seq"])
        args = tuple(int(part) for part in match["args"].split(".")) if match["args"] else ()
        seat = seats.get(game_id, {}).get(rec.user.id)
        entry = next(
            (
                index
                for index, logged_seat, kind, logged_args in logs.get(game_id, [])
                if index >= seq
                and (game_id, index) not in matched
                and (logged_seat, kind, logged_args) == (seat, match["kind"], args)
            ),
            None,
        )
        if entry is not None:
            matched.add((game_id, entry))
            accepted += 1
        elif not confirmed and died < math.inf:
            # Acknowledged by a deferral only, and the process died before the result was shown:
            # the player never saw the move taken (nor was it, as the log says), however long the
            # click waited its turn on a loaded machine. With no kill after it, a deferred click
            # must be shown taken: that is a loss.
            unconfirmed += 1
        else:
            lost += 1
            same = [
                (round(r.created_at, 1), r.response_type, r.failed)
                for r in records
                if r.custom_id == rec.custom_id and r is not rec
            ]
            problems.append(
                f"accepted click lost: {rec.custom_id} by seat {seat} (answer type {rec.response_type}"
                f" at {answered:.1f}; the same button's other clicks {same};"
                f" kills at {[round(w.killed_at, 1) for w in soak.windows]})"
            )

    def when(violation: Violation) -> float | None:
        # An interaction's failure is recorded 3 s after it was created: judge it by its creation.
        interaction = violation.interaction_id
        rec = fake.interactions.get(interaction) if interaction is not None else None
        return float(rec.created_at) if rec is not None else violation.at

    violations = [v for v in fake.violations if (at := when(v)) is None or not excused(soak, at)]
    problems += [f"fake: {violation}" for violation in violations]
    # A request cut off half-sent: only the killed process can have done that.
    aborted = [request for request in fake.aborted_requests if not excused(soak, request.at)]
    problems += [f"fake: a request cut off outside a killed window: {r.method} {r.path}" for r in aborted]
    problems += [f"fake: unknown route {method} {path}" for method, path in fake.unknown_routes]
    problems += [f"fake internal error: {error}" for error in fake.internal_errors]
    restarts = [w.ready_at - w.killed_at for w in soak.windows]
    figures = {
        "games": len(soak.tables),
        "variants": sorted({table.plan.label for table in soak.tables}),
        "kills": soak.kills,
        "actions": actions,
        "clicks": clicks,
        "clicks_accepted": accepted,
        "clicks_lost": lost,
        "clicks_answered_with_an_error": answered_errors,
        "clicks_unconfirmed_at_a_kill": unconfirmed,
        "error_replies": dict(error_replies.most_common()),
        "invalid_button_replies": dict(invalid.most_common()),
        "interactions": len(records),
        "unanswered_in_killed_windows": unanswered_in_windows,
        "unanswered_outside": unanswered_outside,
        "violations_excused": len(fake.violations) - len(violations),
        "violations_outside": len(violations),
        "requests_cut_off_by_a_kill": len(fake.aborted_requests) - len(aborted),
        "panel_reopenings": sum(table.reopenings for table in soak.tables),
        "restart_s_mean": round(sum(restarts) / len(restarts), 2) if restarts else 0.0,
        "restart_s_max": round(max(restarts, default=0.0), 2),
    }
    return figures, problems


# --- a run ------------------------------------------------------------------------------------------------------


async def soak_run(args: argparse.Namespace) -> dict[str, Any]:
    """One soak: a fresh fake and database, ``args.games`` tables to their end through ``args.kills`` kills."""
    from bot.sandbox.fakediscord import FakeDiscord
    from bot.sandbox.process import BotProcess

    started = time.perf_counter()
    rng = random.Random(args.seed)
    fake = await FakeDiscord.start(spec_path=None if args.spec else False)
    workdir = Path(args.workdir) if args.workdir else Path(tempfile.mkdtemp(prefix="jantaku-soak-"))
    workdir.mkdir(parents=True, exist_ok=True)
    database = workdir / "soak.sqlite3"
    log = workdir / "bot.log"
    bot = BotProcess(
        fake,
        database,
        cpu_delay=args.cpu_delay,
        hand_pause=args.hand_pause,
        ack_budget=args.ack_budget,
        log=log,
        render_threads=args.render_threads,
    )
    tables = []
    for index in range(args.games):
        plan = PLANS[index % len(PLANS)]
        guild = fake.add_guild(f"Club {index}")
        humans = rng.choice([1, 2])
        members = [guild.add_member(f"Player {index}.{number}") for number in range(humans)]
        tables.append(Table(index, plan, guild, guild.add_text_channel("mahjong"), members))
    soak = Soak(fake, bot, args, tables)
    try:
        await bot.start()
        await bot.wait_ready()
        first_ready = time.perf_counter() - started
        killing = asyncio.create_task(killer(soak, random.Random(rng.random())))
        try:
            await asyncio.gather(*(run_table(soak, table) for table in tables))
        finally:
            soak.done.set()
            await killing
        await asyncio.sleep(SETTLE_SECONDS)
        await bot.stop()
        figures, problems = await check(soak, database)
    finally:
        await bot.stop()
        await fake.stop()
    errors = [line for line in log.read_text(errors="replace").splitlines() if " ERROR " in line]
    figures["bot_errors_logged"] = len(errors)
    figures["bot_starts"] = bot.starts
    figures["first_ready_s"] = round(first_ready, 1)
    figures["table_seconds"] = {table.plan.label: round(table.seconds, 1) for table in tables[: len(PLANS)]}
    figures["seconds"] = round(time.perf_counter() - started, 1)
    figures["seed"] = args.seed
    figures["log"] = str(log)
    figures["ok"] = not problems
    figures["problems"] = problems
    figures["bot_errors"] = errors[:20]
    return figures


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="tables at once (cycling through every variant)")
    parser.add_argument("--kills", type=int, default=10, help="SIGKILLs of the bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-gap", type=float, default=1.0, help="least seconds from a ready to the next kill")
    parser.add_argument("--max-gap", type=float, default=5.0, help="most seconds from a ready to the next kill")
    parser.add_argument("--think-ms", type=float, default=150.0, help="mean thinking time of a scripted human")
    parser.add_argument("--cpu-delay", type=float, default=0.05, help="seconds a CPU waits before acting")
    parser.add_argument("--hand-pause", type=float, default=0.0)
    parser.add_argument("--ack-budget", type=float, default=0.15, help="the bot defers answers slower than this")
    parser.add_argument("--ramp", type=float, default=2.0, help="tables open over this many seconds")
    parser.add_argument("--timeout", type=float, default=900.0, help="give up on a table after this many seconds")
    parser.add_argument(
        "--render-threads",
        action="store_true",
        help="the bot draws in threads (a quicker restart; not production's pool)",
    )
    parser.add_argument("--spec", action="store_true", help="also validate every request against the OpenAPI spec")
    parser.add_argument("--workdir", help="where the database and the bot's log go (default: a new temp directory)")
    return parser.parse_args(argv)


async def _run_until_terminated(args: argparse.Namespace) -> dict[str, Any] | None:
    """The soak; a SIGTERM (a `timeout`, a CI runner) cancels it, so that it stops the bot process
    on the way out: in a session of its own, that would otherwise outlive this one."""
    task = asyncio.current_task()
    assert task is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
    try:
        return await soak_run(args)
    except asyncio.CancelledError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    figures = asyncio.run(_run_until_terminated(args))
    if figures is None:
        return 128 + signal.SIGTERM
    print(json.dumps(figures, ensure_ascii=False), flush=True)
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
