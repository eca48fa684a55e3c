"""Scripted players: people at a table of the local Discord, who act only as a person can, through
slash commands and the buttons of the messages they see.

The e2e tests drive their games with :class:`World` and :class:`Player`; ``bench.soak`` and
``bench.load`` read the same messages with the same patterns (:data:`ACT`, :func:`table_message`,
:func:`game_over_text`, :func:`pending_buttons`), and ``bench.soak`` chooses with the same
:data:`simple_policy` (a variant's tests make their own with :func:`preferring`).
What a player may see is the fake's to decide (``bot/sandbox/fakediscord``); what the bot must or
must not send is for the tests to check.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.sandbox.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMember,
    FakeMessage,
    InteractionRecord,
    InteractionRefused,
)
from bot.ui.labels import tile_label
from render.emoji import tile_of_emoji

FREE_KINDS = ("vote_end",)
"""Action kinds offered beside every decision (see TableActor.decision)."""
ACT = re.compile(r"jt:act:(?P<game>\d+):(?P<seq>\d+):(?P<kind>[a-z_]+)(?::(?P<args>[0-9.]+))?")
"""A game-action button's custom_id (``bot/runtime/customid.py``)."""
GAME_OVER = re.compile(r"Game #(\d+) is over")
"""The end of a game, as its channel announces it."""


def action_kind(button: dict[str, Any] | str) -> str:
    """The action kind of a button (or of a custom_id)."""
    match = ACT.fullmatch(button if isinstance(button, str) else button["custom_id"])
    assert match is not None, button
    return match["kind"]


def button_text(button: dict[str, Any]) -> str:
    """What a player reads on a button: a tile's emoji read as the tile's name (in English, as
    the button says it where it has no emoji: ``9s``, ``🔵4p``, ``白 pocchi``), else its label."""
    emoji = button.get("emoji") or {}
    tile = tile_of_emoji(str(emoji.get("name", "")))
    return tile_label(tile) if tile is not None else str(button.get("label") or "")


def action_buttons(message: FakeMessage) -> list[dict[str, Any]]:
    """The enabled game-action buttons on a panel."""
    return [b for b in message.buttons if ACT.fullmatch(b.get("custom_id", "")) and not b.get("disabled")]


def pending_buttons(panel: FakeMessage | None, clicked: set[str]) -> list[dict[str, Any]]:
    """Action buttons on a panel that were not clicked yet, leaving out those on offer at any
    moment (いなげ's vote to end): they answer no decision, and a scripted player who pressed them
    would end the game (tests that vote press them on purpose)."""
    if panel is None:
        return []
    return [
        button
        for button in action_buttons(panel)
        if button["custom_id"] not in clicked and not action_kind(button).startswith(FREE_KINDS)
    ]


def seq_of(custom_id: str) -> int:
    """The decision's sequence number an action button answers."""
    match = ACT.fullmatch(custom_id)
    assert match is not None, custom_id
    return int(match["seq"])


def table_message(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage | None:
    """The channel's current public table message (the newest one with a "My hand" button)."""
    for message in reversed(fake.messages_in(channel)):
        if any(cid.startswith("jt:table:") for cid in message.custom_ids):
            return message
    return None


def game_over_text(fake: FakeDiscord, channel: FakeChannel) -> str | None:
    """The channel's newest "Game #N is over" message, if its game ended."""
    for message in reversed(fake.messages_in(channel)):
        if GAME_OVER.search(message.content):
            return message.content
    return None


Policy = Callable[[list[dict[str, Any]], random.Random], dict[str, Any]]
"""How a scripted player picks one of the buttons on offer."""


def preferring(*kinds: str) -> Policy:
    """A policy that presses the first of ``kinds`` on offer, in that order, and otherwise
    discards the drawn tile (the green button) half the time, else a random tile (or, with no
    discard on offer, any button)."""

    def policy(buttons: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        by_kind: dict[str, list[dict[str, Any]]] = {}
        for button in buttons:
            by_kind.setdefault(action_kind(button), []).append(button)
        for kind in kinds:
            if kind in by_kind:
                return by_kind[kind][0]
        discards = by_kind.get("discard", [])
        drawn = [b for b in discards if b.get("style") == 3]
        if drawn and rng.random() < 0.5:
            return drawn[0]
        return rng.choice(discards or buttons)

    return policy


simple_policy = preferring("tsumo", "ron", "pass")
"""Win when possible, never call, otherwise discard the drawn tile (green) or a random tile."""


@dataclass
class Player:
    """A scripted human: knows its member and its current panel message."""

    member: FakeMember
    panel: FakeMessage | None = None
    clicked: set[str] = field(default_factory=set)
    clicks: int = 0

    @property
    def shown_panel(self) -> FakeMessage:
        """The panel the player has open, for a test that knows one is: fails if none is yet."""
        assert self.panel is not None, f"member {self.member.id} has no panel open"
        return self.panel


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
        return table_message(self.fake, self.channel)

    def game_over_text(self) -> str | None:
        return game_over_text(self.fake, self.channel)

    def public_texts(self) -> list[str]:
        return [message.text for message in self.fake.messages_in(self.channel)]

    # --- doing things -------------------------------------------------------------------------------

    async def open_table(self, host: FakeMember, variant: str = "nishoku", **options: Any) -> FakeMessage:
        record = await host.slash(self.channel, "mahjong new", variant=variant, **options)
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
        await self.fake.wait_for(lambda: self.table_message() is not None, what="the table message")
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
            await self.fake.wait_for(lambda: record.message is not None and not record.message.loading)
        assert record.message is not None, record.errors
        player.panel = record.message
        return record

    def pending_button(self, player: Player) -> list[dict[str, Any]]:
        """The player's :func:`pending_buttons`."""
        return pending_buttons(player.panel, player.clicked)

    async def play(
        self,
        players: list[Player],
        *,
        policy: Policy = simple_policy,
        seed: int = 0,
        until: Callable[[], bool] | None = None,
        max_clicks: int | None = None,
        wait: Callable[[Callable[[], bool]], Awaitable[object]] | None = None,
    ) -> None:
        """Let the scripted players act through their panels until the game is over (or ``until``).

        ``wait(ready)`` waits until one of them has something to click or the game is done: by
        default the fake's :meth:`~FakeDiscord.wait_for`, bounded only against a hang, not by how
        long a game should take (on a loaded machine it takes longer); a bot whose timers run on a
        manual clock may need its time passed instead (``tests/e2e/helpers.py::pass_time_until``)."""
        rng = random.Random(seed)
        done = until or (lambda: self.game_over_text() is not None)
        for player in players:
            if player.panel is None:
                await self.open_panel(player)

        def ready() -> bool:
            return done() or any(self.pending_button(p) for p in players)

        total = 0
        while not done():
            waiting = [(p, self.pending_button(p)) for p in players]
            waiting = [(p, b) for p, b in waiting if b]
            if not waiting:
                if wait is not None:
                    await wait(ready)
                else:
                    await self.fake.wait_for(ready, what="a decision for a scripted player or the end of the game")
                continue
            for player, buttons in waiting:
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
                    await self.fake.wait_for(edited_past(panel, edits), what="the deferred panel")
                player.clicks += 1
                total += 1
                if max_clicks is not None and total >= max_clicks:
                    return


def edited_past(message: FakeMessage, edits: int) -> Callable[[], bool]:
    """Whether ``message`` has been edited more than ``edits`` times (bound now, read later)."""
    return lambda: len(message.history) > edits
