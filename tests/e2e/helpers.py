"""Shared pieces of the Jantaku end-to-end tests: a bot wired to the fake, a table world, and
scripted players who act only through slash commands and button clicks."""

from __future__ import annotations

import hashlib
import random
import re
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import bot.runtime.registry as registry_module
import bot.ui.panels as bot_module_panels
import bot.ui.presenter as bot_module_presenter
from bot.app import JantakuBot
from bot.config import Settings
from bot.engine.views import SeatView, StandingsView
from bot.runtime import RuntimeOptions, TableActor
from bot.sandbox.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMember,
    FakeMessage,
    InteractionRecord,
    InteractionRefused,
    SpyEvent,
)
from bot.storage import Store

FREE_KINDS = ("vote_end",)
"""Action kinds offered beside every decision (see TableActor.decision)."""
ACT = re.compile(r"jt:act:(?P<game>\d+):(?P<seq>\d+):(?P<kind>[a-z_]+)(?::(?P<args>[0-9.]+))?")
GAME_OVER = re.compile(r"Game #(\d+) is over")


def action_kind(button: dict[str, Any] | str) -> str:
    """The action kind of a button (or of a custom_id)."""
    match = ACT.fullmatch(button if isinstance(button, str) else button["custom_id"])
    assert match is not None, button
    return match["kind"]


def fix_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The next table's seed (the registry draws it with ``secrets.randbits``)."""
    monkeypatch.setattr(registry_module, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))


def make_bot(
    fake: FakeDiscord,
    database: Path | str,
    *,
    shard_ids: tuple[int, ...] | None = None,
    shard_count: int | None = None,
    store: Store | None = None,
    **options: Any,
) -> JantakuBot:
    """A JantakuBot on ``database`` with test pacing: no CPU delay, no pauses, the fake's clock;
    running ``shard_ids`` of ``shard_count`` when given (every shard otherwise), on ``store``
    when given (already open on ``database``)."""
    defaults: dict[str, Any] = {
        "cpu_delay": 0.0,
        "hand_pause": 0.0,
        "min_edit_interval": 0.05,
        "clock": fake.clock.now,
        "channel_requests_per_second": 0.0,
        # Threads start instantly (a process pool would cost every test a second); a generous
        # budget keeps answers on the one-request path so tests can expect it.
        "render_processes": False,
        "render_workers": 2,
        "ack_budget": 2.0,
        # gc.freeze() is for one long-lived process, not for a test process that starts hundreds.
        "freeze_heap": False,
    }
    defaults.update(options)
    settings = Settings(token=fake.token, database=str(database), shard_ids=shard_ids, shard_count=shard_count)
    return JantakuBot(settings, store=store, options=RuntimeOptions(**defaults))


def action_buttons(message: FakeMessage) -> list[dict[str, Any]]:
    """The enabled game-action buttons on a panel."""
    return [b for b in message.buttons if ACT.fullmatch(b.get("custom_id", "")) and not b.get("disabled")]


def seq_of(custom_id: str) -> int:
    match = ACT.fullmatch(custom_id)
    assert match is not None, custom_id
    return int(match["seq"])


Policy = Callable[[list[dict[str, Any]], random.Random], dict[str, Any]]


def simple_policy(buttons: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Win when possible, never call, otherwise discard the drawn tile (green) or a random tile."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for button in buttons:
        match = ACT.fullmatch(button["custom_id"])
        assert match is not None
        by_kind.setdefault(match["kind"], []).append(button)
    for kind in ("tsumo", "ron", "pass"):
        if kind in by_kind:
            return by_kind[kind][0]
    discards = by_kind.get("discard", [])
    drawn = [b for b in discards if b.get("style") == 3]
    if drawn and rng.random() < 0.5:
        return drawn[0]
    return rng.choice(discards or buttons)


@dataclass
class Player:
    """A scripted human: knows its member and its current panel message."""

    member: FakeMember
    panel: FakeMessage | None = None
    clicked: set[str] = field(default_factory=set)
    clicks: int = 0


@dataclass
class World:
    """One guild with a table channel and some members."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    members: list[FakeMember]
    start_record: InteractionRecord | None = None
    """The last start click of :meth:`start_game`."""

    @classmethod
    def build(cls, fake: FakeDiscord, *names: str, channel: str = "table-1", shard: int | None = None) -> World:
        """A guild (on ``shard`` of the fake's, when given) with these members and a channel."""
        guild = fake.add_guild("Mahjong Club", shard=shard)
        members = [guild.add_member(name) for name in names]
        return cls(fake, guild, guild.add_text_channel(channel), members)

    # --- reading the channel ----------------------------------------------------------------------

    def table_message(self) -> FakeMessage | None:
        """The current public table message (the newest one with a "My hand" button)."""
        for message in reversed(self.fake.messages_in(self.channel)):
            if any(cid.startswith("jt:table:") for cid in message.custom_ids):
                return message
        return None

    def game_over_text(self) -> str | None:
        for message in reversed(self.fake.messages_in(self.channel)):
            if GAME_OVER.search(message.content):
                return message.content
        return None

    def public_texts(self) -> list[str]:
        return [message.text for message in self.fake.messages_in(self.channel)]

    # --- doing things -------------------------------------------------------------------------------

    async def open_table(self, host: FakeMember, variant: str = "nishoku", **options: Any) -> FakeMessage:
        record = await host.slash(self.channel, f"mahjong new {variant}", **options)
        assert record.message is not None, record.errors
        return record.message

    async def start_game(
        self, host: FakeMember, *, humans: Iterable[FakeMember] = (), cpus: int = 3, **options: Any
    ) -> FakeMessage:
        """Open a lobby, have ``humans`` join by button, add CPUs, start; returns the table message."""
        lobby = await self.open_table(host, **options)
        lobby_id = lobby.custom_ids[0].split(":")[2]
        for member in humans:
            await member.click(lobby, f"jt:lobby:{lobby_id}:join")
        for _ in range(cpus):
            await host.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        start = await host.click(lobby, f"jt:lobby:{lobby_id}:start")
        self.start_record = start
        # 7: the lobby updated in the answer; 6: acknowledged first (a slow store), updated after.
        assert start.response_type in (6, 7), start.errors
        await self.fake.wait_for(lambda: self.table_message() is not None, timeout=10, what="the table message")
        table = self.table_message()
        assert table is not None
        return table

    async def open_panel(self, player: Player) -> InteractionRecord:
        """Press "My hand" on the table message; the reply is the player's panel."""
        table = self.table_message()
        assert table is not None
        hand = next(cid for cid in table.custom_ids if cid.endswith(":hand"))
        record = await player.member.click(table, hand)
        await record.wait_response()
        if record.deferred:
            await self.fake.wait_for(lambda: record.message is not None and not record.message.loading, timeout=10)
        assert record.message is not None, record.errors
        player.panel = record.message
        return record

    def pending_button(self, player: Player) -> list[dict[str, Any]]:
        """Action buttons on the player's panel that were not clicked yet, leaving out those on
        offer at any moment (いなげ's vote to end): they answer no decision, and a scripted
        player who pressed them would end the game (tests that vote press them on purpose)."""
        if player.panel is None:
            return []
        return [
            b
            for b in action_buttons(player.panel)
            if b["custom_id"] not in player.clicked and not b["custom_id"].split(":")[4].startswith(FREE_KINDS)
        ]

    async def play(
        self,
        players: list[Player],
        *,
        policy: Policy = simple_policy,
        seed: int = 0,
        seconds: float = 120.0,
        until: Callable[[], bool] | None = None,
        max_clicks: int | None = None,
    ) -> None:
        """Let the scripted players act through their panels until the game is over (or ``until``)."""
        rng = random.Random(seed)
        done = until or (lambda: self.game_over_text() is not None)
        for player in players:
            if player.panel is None:
                await self.open_panel(player)
        total = 0
        loop_deadline = self.fake.clock.now() + seconds
        while not done():
            ready = [(p, self.pending_button(p)) for p in players]
            ready = [(p, b) for p, b in ready if b]
            if not ready:
                await self.fake.wait_for(
                    lambda: done() or any(self.pending_button(p) for p in players),
                    timeout=max(1.0, loop_deadline - self.fake.clock.now()),
                    what="a decision for a scripted player or the end of the game",
                )
                continue
            for player, buttons in ready:
                # Another player's click may have moved the game on since the buttons were read
                # (a ron ends everyone's claims): pick from what the panel shows now.
                buttons = [b for b in buttons if b in self.pending_button(player)]
                if not buttons:
                    continue
                choice = policy(buttons, rng)
                player.clicked.add(choice["custom_id"])
                panel = player.panel
                assert panel is not None
                edits = len(panel.history)
                try:
                    record = await player.member.click(panel, choice["custom_id"])
                except InteractionRefused:
                    continue  # the panel changed between reading it and clicking, as it can for a person

                await record.wait_response()
                assert not record.failed, record.errors
                if record.deferred:
                    # Acknowledged first, drawn after: wait for the panel to show the result.
                    await self.fake.wait_for(lambda p=panel, n=edits: len(p.history) > n, timeout=10)
                player.clicks += 1
                total += 1
                if max_clicks is not None and total >= max_clicks:
                    return


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
    real = bot_module_presenter.render_standings

    def recording(view: StandingsView, **kwargs: Any) -> bytes:
        drawn.append(view)
        return real(view, **kwargs)

    monkeypatch.setattr(bot_module_presenter, "render_standings", recording)
    return drawn


def ephemeral_reply(record: InteractionRecord) -> str:
    """The text of an ephemeral answer to an interaction."""
    assert record.message is not None, record.errors
    assert record.message.ephemeral or record.message.audience.kind == "dm"
    return record.message.text


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
        real_render_seat = bot_module_panels.render_seat

        def recording_render_seat(view: SeatView, names: Any, **kwargs: Any) -> bytes:
            png = real_render_seat(view, names, **kwargs)
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

        def apply(action: Any) -> Any:
            before = game.sequence
            events = real_apply(action)
            if any(event.type == "hand_start" for event in events):
                self.hand_started[actor.game_id] = before
            return events

        game.apply = apply  # type: ignore[method-assign]

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
                        concealed = actor.game.concealed_tiles(seat)  # type: ignore[attr-defined]
                        assert tile not in concealed, f"{custom_id} shows seat {seat}'s concealed tile to {viewer}"
        if viewer is None:
            for string in event.strings():
                assert "Your hand" not in string, "panel text in a public message"
