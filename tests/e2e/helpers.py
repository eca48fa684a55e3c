"""Shared pieces of the Jantaku end-to-end tests: a bot wired to the fake, a table world, and
scripted players who act only through slash commands and button clicks."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import JantakuBot
from bot.config import Settings
from bot.runtime import RuntimeOptions

from .fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeMessage, InteractionRecord

ACT = re.compile(r"jt:act:(?P<game>\d+):(?P<seq>\d+):(?P<kind>[a-z]+)(?::(?P<args>[0-9.]+))?")
GAME_OVER = re.compile(r"Game #(\d+) is over")


def make_bot(fake: FakeDiscord, database: Path, **options: Any) -> JantakuBot:
    """A JantakuBot on ``database`` with test pacing: no CPU delay, no pauses, the fake's clock."""
    defaults: dict[str, Any] = {
        "cpu_delay": 0.0,
        "hand_pause": 0.0,
        "min_edit_interval": 0.05,
        "clock": fake.clock.now,
        "channel_requests_per_second": 0.0,
    }
    defaults.update(options)
    settings = Settings(token=fake.token, database=str(database))
    return JantakuBot(settings, options=RuntimeOptions(**defaults))


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

    @classmethod
    def build(cls, fake: FakeDiscord, *names: str, channel: str = "table-1") -> World:
        guild = fake.add_guild("Mahjong Club")
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

    async def open_table(self, host: FakeMember, **options: Any) -> FakeMessage:
        record = await host.slash(self.channel, "mahjong new", **options)
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
        assert start.response_type == 7, start.errors
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
        """Action buttons on the player's panel that were not clicked yet."""
        if player.panel is None:
            return []
        return [b for b in action_buttons(player.panel) if b["custom_id"] not in player.clicked]

    async def play(
        self,
        players: list[Player],
        *,
        policy: Policy = simple_policy,
        seed: int = 0,
        timeout: float = 120.0,
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
        loop_deadline = self.fake.clock.now() + timeout
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
                choice = policy(buttons, rng)
                player.clicked.add(choice["custom_id"])
                assert player.panel is not None
                record = await player.member.click(player.panel, choice["custom_id"])
                await record.wait_response()
                assert not record.failed, record.errors
                player.clicks += 1
                total += 1
                if max_clicks is not None and total >= max_clicks:
                    return
