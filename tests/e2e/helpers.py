"""Shared pieces of the Jantaku end-to-end tests: a bot wired to the fake with test pacing and the
fake's clock, waiting for the bot and the fake to settle, a modified client's forged clicks and
commands, and the spies that check what the bot sends.

Time in these tests is the fake's :class:`~bot.runtime.clocks.ManualClock` (see ``conftest.py``):
Discord's deadlines and token lifetimes, and every timer of the bot (turns, banks, CPU delays,
store retries, edit spacing), move only when a test calls :func:`pass_time` (or
``fake.advance_clock``). However slow the machine, no player times out and no interaction
misses its deadline by accident; a test that wants a deadline to pass says so. That nothing
happened is shown by :func:`settle`, which waits until neither the bot nor the fake has anything
left to do, never by sleeping.

The scripted players themselves (``World``, ``Player``, the policies) live beside the fake in
``bot/sandbox/players.py``, where the benchmarks drive them too."""

from __future__ import annotations

import asyncio
import hashlib
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypedDict

import pytest

import bot.runtime.registry as registry_module
import bot.ui.panels as bot_module_panels
import bot.ui.presenter as bot_module_presenter
from bot.app import JantakuBot
from bot.config import Settings
from bot.engine.events import Event
from bot.engine.game import Action
from bot.engine.views import SeatView, StandingsView
from bot.runtime import RuntimeOptions, TableActor
from bot.runtime.clocks import ManualClock
from bot.sandbox.fakediscord import (
    PATIENCE,
    FakeChannel,
    FakeDiscord,
    FakeMember,
    FakeMessage,
    InteractionRecord,
    SpyEvent,
    handling_events,
)
from bot.sandbox.players import ACT, Player
from bot.storage import Store
from render import Language


def fix_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The next table's seed (the registry draws it with ``secrets.randbits``)."""
    monkeypatch.setattr(registry_module, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))


def manual_clock() -> ManualClock:
    """A clock for the fake and its bots that starts at the machine's time (so Discord's
    timestamps and the bot's Unix times look like today) and then moves only when told."""
    return ManualClock(time.monotonic(), wall_start=time.time())


def runtime_options(clock: ManualClock | None, **options: Any) -> RuntimeOptions:
    """The runtime options of a bot under test: no CPU delay, no pauses, no edit spacing, and every
    clock and timer on ``clock`` (the fake's manual clock; None: the machine's). ``options``
    override any of it (a CPU delay, an edit spacing: on a manual clock the test passes that time
    with :func:`pass_time`)."""
    timing: dict[str, Any] = (
        {} if clock is None else {"clock": clock.monotonic, "wall_clock": clock.time, "scheduler": clock}
    )
    defaults: dict[str, Any] = {
        "cpu_delay": 0.0,
        "hand_pause": 0.0,
        "min_edit_interval": 0.0,
        **timing,
        "channel_requests_per_second": 0.0,
        # Threads start instantly (a process pool would cost every test a second).
        "render_processes": False,
        "render_workers": 2,
        # An answer is never deferred for being slow, however loaded the machine, so tests can
        # expect the one-request path; a test of deferring sets 0 (always defer).
        "ack_budget": PATIENCE,
        # gc.freeze() is for one long-lived process, not for a test process that starts hundreds.
        "freeze_heap": False,
    }
    return RuntimeOptions(**{**defaults, **options})


class Backoff(TypedDict):
    """A table's store-retry backoff, as keyword options of :func:`make_bot` (``**backoff``)."""

    retry_seconds: float
    retry_max_seconds: float


def make_bot(
    fake: FakeDiscord,
    database: Path | str,
    *,
    shard_ids: tuple[int, ...] | None = None,
    shard_count: int | None = None,
    store: Store | None = None,
    **options: Any,
) -> JantakuBot:
    """A JantakuBot on ``database`` with :func:`runtime_options` on the fake's clock; running
    ``shard_ids`` of ``shard_count`` when given (every shard otherwise), on ``store`` when given
    (already open on ``database``)."""
    if fake.clock.manual is None:
        options.setdefault("clock", fake.clock.now)
    settings = Settings(token=fake.token, database=str(database), shard_ids=shard_ids, shard_count=shard_count)
    return JantakuBot(settings, store=store, options=runtime_options(fake.clock.manual, **options))


def quiet(fake: FakeDiscord, *bots: JantakuBot) -> bool:
    """Whether nothing is under way: the fake has answered every request and sent every event, the
    bots have answered every interaction (discord.py runs no handler), and every table's actor
    has an empty inbox and its presenter has shown (and stored) all it was given."""
    return (
        not fake.busy
        and not handling_events()
        and all(actor.idle for bot in bots for actor in bot.runtime.tables.actors())
        and all(presenter.idle for bot in bots for presenter in bot.runtime.tables.presenters())
    )


async def settle(fake: FakeDiscord, *bots: JantakuBot) -> None:
    """Wait until nothing more happens unless someone clicks or the clock moves: what a test
    waits for before checking that something did *not* happen, or before moving the clock (so
    that no interaction is still being answered when its deadline passes)."""
    while True:
        await fake.wait_for(lambda: quiet(fake, *bots), what="the bot and the fake to settle")
        # What was just finished may have queued more (a callback, a task): let it start.
        for _ in range(5):
            await asyncio.sleep(0)
        if quiet(fake, *bots):
            return


async def pass_time_until(
    fake: FakeDiscord, done: Callable[[], object], *bots: JantakuBot, within: float, what: str = "it"
) -> None:
    """Let the fake's manual clock run, timer by timer, until ``done()``: settle, and while it is
    not done, move the clock to the next timer's moment. That timer must fall due ``within``
    seconds: a test that expects only short waits (CPU delays, edit spacing, store retries) must
    not time a player out by jumping to a turn's deadline instead."""
    clock = fake.clock.manual
    assert clock is not None, "the fake runs on the machine's clock: time passes by itself"
    while True:
        await settle(fake, *bots)
        if done():
            return
        due = clock.next_due
        if due is None or due - clock.monotonic() > within + 1e-6:  # (float rounding)
            raise AssertionError(f"nothing more happens within {within} s, and still not {what}")
        fake.advance_clock(max(0.0, due - clock.monotonic()))


async def pass_time(fake: FakeDiscord, seconds: float, *bots: JantakuBot) -> None:
    """Let ``seconds`` pass on the fake's manual clock, one due timer at a time: settle, move the
    clock to the next timer's moment and so on, so that what a timer starts (a CPU's move after a
    timeout, the next retry) runs at its own moment, as it would in real time; then settle."""
    clock = fake.clock.manual
    assert clock is not None, "the fake runs on the machine's clock: time passes by itself"
    until = clock.monotonic() + seconds
    while True:
        await settle(fake, *bots)
        due = clock.next_due
        if due is None or due > until:
            break
        fake.advance_clock(max(0.0, due - clock.monotonic()))
    fake.advance_clock(max(0.0, until - clock.monotonic()))
    await settle(fake, *bots)


async def forge_click(member: FakeMember, message: FakeMessage, custom_id: str) -> InteractionRecord:
    """Click a button that is not on the message, as a modified client could.

    The fake only lets users click what they see, so for the click the stored message shows the
    forged button alone; its real components are put back afterwards.
    """
    real = message.components
    message.components = [{"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}]
    try:
        record = await member.click(message, custom_id)
    finally:
        message.components = real
    return await record.wait_response()


async def forge_slash(
    fake: FakeDiscord, member: FakeMember, channel: FakeChannel, command: str, **values: Any
) -> InteractionRecord:
    """Run a slash command with option values outside its choices, as a modified client could.

    The fake only lets users pick what the client offers, so for the call the synced commands
    list no choices; they are put back afterwards.
    """
    specs = [*fake.commands_global, *(c for commands in fake.commands_guild.values() for c in commands)]
    stripped: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    todo = [option for spec in specs for option in spec.get("options") or []]
    while todo:
        option = todo.pop()
        todo += option.get("options") or []
        if option.get("choices"):
            stripped.append((option, option.pop("choices")))
    try:
        return await member.slash(channel, command, **values)
    finally:
        for option, choices in stripped:
            option["choices"] = choices


def raw_options(**values: Any) -> list[dict[str, Any]]:
    """Option values as a slash command's raw payload (for ``member.slash_raw``), each typed by
    its Python type as Discord's client would send it: text 3, whole numbers 4, on/off 5."""
    kinds = {bool: 5, int: 4, float: 10, str: 3}
    return [{"name": name, "type": kinds[type(value)], "value": value} for name, value in values.items()]


def record_standings(monkeypatch: pytest.MonkeyPatch) -> list[StandingsView]:
    """Every standings card the presenter draws from now on, as the view it drew."""
    drawn: list[StandingsView] = []
    # Read where the presenter looks it up (not from ``render``), so that a spy set up before
    # this one stays in the chain; the module imports it without re-exporting it.
    real = bot_module_presenter.render_standings  # type: ignore[attr-defined]

    def recording(view: StandingsView, *, language: Language = Language.JA) -> bytes:
        drawn.append(view)
        return real(view, language=language)

    monkeypatch.setattr(bot_module_presenter, "render_standings", recording)
    return drawn


def player_in_seat(players: dict[int, Player], actor: TableActor, seat: int) -> Player:
    """The scripted player (``players`` by member id) in a human ``seat`` of ``actor``'s table."""
    user_id = actor.seats[seat].player.user_id
    assert user_id is not None, f"seat {seat} is a CPU's"
    return players[user_id]


def ephemeral_reply(record: InteractionRecord) -> str:
    """The text of an ephemeral answer to an interaction."""
    assert record.message is not None, record.errors
    assert record.message.ephemeral or record.message.audience.kind == "dm"
    return record.message.text


async def cancel_game(member: FakeMember, channel: FakeChannel) -> InteractionRecord:
    """``/mahjong cancel`` of the channel's running game and a click on the confirmation's "Cancel
    the game": the click's record (its message is the confirmation, answered in place)."""
    asked = await member.slash(channel, "mahjong cancel")
    confirmation = asked.message
    assert confirmation is not None and confirmation.ephemeral, asked.errors
    confirm = next(cid for cid in confirmation.custom_ids if cid.endswith(":confirm"))
    return await (await member.click(confirmation, confirm)).wait_response()


TILE_KINDS = (
    *("discard", "riichi", "pon", "pick", "kan", "set_aside"),
    *("zuno_inazuma", "zuno_chi", "goto_open_riichi", "goto_shubarii"),
)
"""Action kinds whose button args are all tile ids."""
SEAT_LAST_KINDS = ("zuno_pon", "zuno_kan")
"""Action kinds whose args are tile ids followed by the seat the tile comes from."""


class HiddenInformationSpy:
    """Watches every payload the bot sends and fails the test (as a ``spy`` violation of the fake)
    when something only one seat may see reaches anyone else:

    * an image rendered by ``render_seat`` (a private panel) sent to anyone but that seat's player;
    * a button carrying a tile id that is concealed in another seat's hand at that moment (tile
      ids are physical tiles, so this is exact; ずーの's draft packet and locked discard count as
      concealed), or any tile-carrying button in a public message;
    * panel text or action buttons in a public message.
    """

    def __init__(self, bot: JantakuBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.bot = bot
        self.private_images: dict[str, tuple[int, int]] = {}
        self.actors: dict[int, TableActor] = {}
        self.hand_started: dict[int, int] = {}
        """Per game, the sequence number of the action that dealt the current hand."""
        self.images_checked = 0
        self.tiles_checked = 0
        self.public_payloads = 0
        # Read where the panels look it up (not from ``render``), so that another spy of the same
        # test (a second bot's) stays in the chain; the module imports it without re-exporting it.
        real_render_seat = bot_module_panels.render_seat  # type: ignore[attr-defined]

        def recording_render_seat(view: SeatView, names: Sequence[str], *, language: Language = Language.JA) -> bytes:
            png = real_render_seat(view, names, language=language)
            self.private_images[hashlib.sha256(png).hexdigest()] = (view.public.sequence, view.seat)
            return png

        monkeypatch.setattr(bot_module_panels, "render_seat", recording_render_seat)

    def _refresh_actors(self) -> None:
        for actor in self.bot.runtime.tables.actors():
            if actor.game_id not in self.actors:
                self._watch_deals(actor)
            self.actors[actor.game_id] = actor

    def _watch_deals(self, actor: TableActor) -> None:
        """Note where each hand begins: a panel drawn just before a deal may reach its player just
        after it, with buttons (of a stale sequence, which the actor refuses) for tiles that player
        held in the finished hand and that are now dealt elsewhere; that tells nobody anything."""
        game = actor.game
        real_apply = game.apply

        def apply(action: Action) -> list[Event]:
            before = game.sequence
            events = real_apply(action)
            if any(event.type == "hand_start" for event in events):
                self.hand_started[actor.game_id] = before
            return events

        game.apply = apply  # type: ignore[method-assign]  # the spy wraps the running game's own apply

    def _user_of(self, seat: int) -> int | None:
        owners = {actor.seats[seat].player.user_id for actor in self.actors.values()}
        assert len(owners) == 1, "the spy follows one table at a time"
        return owners.pop()

    def __call__(self, event: SpyEvent) -> None:
        self._refresh_actors()
        audience = event.audience
        if audience.kind == "none":
            return
        viewer = audience.user_id if audience.kind in ("ephemeral", "dm") else None
        if viewer is None:
            self.public_payloads += 1
        for upload in event.files:
            owner = self.private_images.get(hashlib.sha256(upload.data).hexdigest())
            if owner is not None:
                self.images_checked += 1
                user = self._user_of(owner[1])
                assert viewer == user, f"seat {owner[1]}'s hand image was sent to {audience}"
        for custom_id in event.custom_ids():
            match = ACT.fullmatch(custom_id)
            if match is None:
                continue
            assert viewer is not None, f"an action button {custom_id} in a public message"
            if match["kind"] not in TILE_KINDS + SEAT_LAST_KINDS or not match["args"]:
                continue
            actor = self.actors.get(int(match["game"]))
            assert actor is not None, custom_id
            if int(match["seq"]) <= self.hand_started.get(actor.game_id, -1):
                continue
            tiles = list(map(int, match["args"].split(".")))
            if match["kind"] in SEAT_LAST_KINDS:
                tiles = tiles[:-1]
            for tile in tiles:
                self.tiles_checked += 1
                for seat, state in enumerate(actor.seats):
                    if state.player.user_id != viewer:
                        concealed = actor.game.concealed_tiles(seat)
                        assert tile not in concealed, f"{custom_id} shows seat {seat}'s concealed tile to {viewer}"
        if viewer is None:
            for string in event.strings():
                assert "Your hand" not in string, "panel text in a public message"
