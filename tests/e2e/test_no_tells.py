"""The public table tells nobody who may claim a tile, nor that a window is open where nobody has
to be waited for.

A window opens only when some seat can pon, kan, chi or ron the tile on offer, so anything the
channel sees only because of one (a line about calls, a phase, a pause while a CPU "thinks")
tells everyone that someone holds a pair of the tile or waits on it. These tests play the same
discard twice, once where a CPU can claim it (and passes) and once where nobody can, and compare
what the channel received (every public payload: its text, buttons, embeds and whether it
carried an image, the tiles and numbers that differ between the two games taken out) and when,
on the fake's manual clock: the test lets the CPUs' delay pass itself, so "when" is exact and no
slower machine can move a payload from one moment to another.

A window a person may claim keeps the table waiting for them, which no text can hide: the table
then says calls are open on the discarder's tile. The same comparison, between a window Bob may
claim and one Carol may (each with another bank), shows that it never says who, nor shows a
clock that would tell by its bank.

They also check that a ずーの seat switching its locked-in discard, a private choice, costs the
table no edit at all.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app import JantakuBot
from bot.engine.game import Action, Discard, Pass
from bot.engine.tiles import Kind, Tile
from bot.engine.variants.zuno import ZunoGame
from bot.engine.views import SeatView
from bot.runtime import TableActor
from bot.runtime.customid import ActionId, action_args
from bot.sandbox.fakediscord import PATIENCE, FakeDiscord, FakeMember, SpyEvent, running_bot
from bot.sandbox.players import Player, World, action_buttons, button_text
from bot.storage import AutoOptions
from bot.ui.presenter import DiscordPresenter
from tests.engine.rigging import as_table
from tests.engine.test_nishoku import padded as nishoku_padded
from tests.engine.test_zuno import padded as zuno_padded

from .helpers import cancel_game, fix_seed, make_bot, pass_time, pass_time_until, settle
from .test_zuno_table import JUNK, TENPAI, _click, _draft, _four_humans, _open_panels, _rig, _wait_current

pytestmark = pytest.mark.slow  # the same discards played twice with a 0.6 s CPU delay, payloads and timings compared

CPU_DELAY = 0.6
"""A CPU answering a window after this delay would show in the timings below."""
WATCH = 1.5 * CPU_DELAY
"""How long after the discard the channel is watched: the next seat's own move (a CPU's, after
``CPU_DELAY``) falls inside, the one after it does not."""
NISHOKU_SEED = 1
"""A seed whose 「つかみ取り」 seats the host (the lobby's first player) in seat 0, the first dealer."""


@dataclass
class PublicLog:
    """Every public payload the bot sent, with when (the fake's clock)."""

    clock: Callable[[], float]
    events: list[tuple[float, SpyEvent]] = field(default_factory=list)

    def __call__(self, event: SpyEvent) -> None:
        if event.audience.kind == "public":
            self.events.append((self.clock(), event))

    def since(self, mark: int, start: float) -> list[tuple[float, SpyEvent]]:
        """The payloads after the first ``mark`` ones, with when, counted from ``start``. (On the
        manual clock, what came before the mark may share its moment.)"""
        return [(at - start, event) for at, event in self.events[mark:]]


def _plain(text: str) -> str:
    """A payload's text without what differs between two games anyway: game ids, button numbers,
    the wall's hash and Discord timestamps."""
    text = re.sub(r"jt:[a-z]+(:[a-z0-9_.]+)+", lambda m: re.sub(r"\d+", "N", m.group(0)), text)
    text = re.sub(r"`[0-9a-f]{16}…`", "`…`", text)
    text = re.sub(r"<t:\d+:R>", "<t:T:R>", text)
    return re.sub(r"#\d+", "#N", text)


def _shape(event: SpyEvent) -> tuple[Any, ...]:
    """What a public payload shows, normalised (see :func:`_plain`)."""
    payload = event.payload if isinstance(event.payload, dict) else {}
    return (
        event.method,
        re.sub(r"\d+", "N", event.path),
        sorted(payload),
        _plain(str(payload.get("content", ""))),
        _plain(json.dumps(payload.get("embeds"), sort_keys=True, ensure_ascii=False)),
        _plain(json.dumps(payload.get("components"), sort_keys=True, ensure_ascii=False)),
        bool(event.files),
    )


def _first_choice(
    tiles: Sequence[Tile], asked: list[tuple[Action, ...]]
) -> Callable[[SeatView, Sequence[Action]], Action]:
    """A CPU that passes every claim (``asked`` records each window it was offered), otherwise
    discards the tile it drew, or takes the first choice offered (a draft's first tile): the same
    moves in both games, so the two streams differ only where a window does."""

    def choose(view: SeatView, actions: Sequence[Action]) -> Action:
        passing = next((action for action in actions if isinstance(action, Pass)), None)
        if passing is not None:
            asked.append(tuple(actions))
            return passing
        drawn = [a for a in actions if type(a) is Discard and view.drawn is not None and tiles[a.tile] == view.drawn]
        return drawn[0] if drawn else actions[0]

    return choose


def _tame_cpus(actor: TableActor) -> list[tuple[Action, ...]]:
    asked: list[tuple[Action, ...]] = []
    for state in actor.seats:
        if state.cpu is not None:
            # The CPUs' own choice replaced on purpose, on these two tables only.
            state.cpu.choose = _first_choice(actor.tiles, asked)  # type: ignore[assignment]
    return asked


def _button_for(actor: TableActor, player: Player, seat: int, kind: int) -> str:
    """The custom_id of the player's discard button for a tile of ``kind``."""
    decision = actor.decision(seat)
    assert decision is not None
    action = next(a for a in decision.actions if type(a) is Discard and actor.tiles[a.tile].kind == kind)
    custom_id = ActionId(actor.game_id, decision.seq, action.kind, action_args(action)).custom_id
    assert player.panel is not None and custom_id in {b["custom_id"] for b in action_buttons(player.panel)}
    return custom_id


async def rig_east(
    world: World, bot: JantakuBot, actor: TableActor, hands: list[str], *, watching: Sequence[Player] = ()
) -> tuple[Player, str]:
    """Deal ``hands`` by seat (Alice, the dealer in seat 0, holds 東) and open Alice's panel, and
    those of ``watching``; returns Alice's player and her 東's button once her turn offers it,
    everything settled. Seat 1 then draws 5s, seat 2 8p: nobody can claim either."""
    draws = "2s5s8p"
    await settle(world.fake, bot)
    as_table(actor.game).rig(nishoku_padded(hands, draws), draws)
    actor._sync_decisions(acted=None, pause=0.0)
    actor.presenter.table_changed(actor.snapshot())
    player = Player(world.members[0])
    for opening in (player, *watching):
        await world.open_panel(opening)
    await world.fake.wait_for(lambda: bool(action_buttons(player.shown_panel)), what="Alice's turn")
    east = _button_for(actor, player, 0, Kind.EAST)
    await settle(world.fake, bot)
    return player, east


@dataclass
class Watched:
    """What the channel received in the ``WATCH`` seconds after a discard, and how many claim
    windows the CPUs were offered meanwhile."""

    events: list[tuple[float, SpyEvent]]
    windows: int

    @property
    def shapes(self) -> list[tuple[Any, ...]]:
        return [_shape(event) for _, event in self.events]

    @property
    def times(self) -> list[float]:
        return [at for at, _ in self.events]


def _assert_alike(claimable: Watched, unclaimable: Watched) -> None:
    assert claimable.windows == 1 and unclaimable.windows == 0, "the set-up: a window only where a CPU can claim"
    texts = [shape[3] for shape in claimable.shapes]
    assert claimable.shapes == unclaimable.shapes, (texts, [shape[3] for shape in unclaimable.shapes])
    assert len(claimable.events) >= 2, texts  # the discard, and the next seat's own move after it
    assert claimable.times == unclaimable.times


# --- 二色麻雀: a discard a CPU can pon -------------------------------------------------------------


async def _nishoku_discard(world: World, bot: JantakuBot, log: PublicLog, claimer_hand: str) -> Watched:
    """Alice (seat 0, the dealer) discards 東; seat 2, a CPU (or the world's second member, whom
    the seed seats there), holds ``claimer_hand``. Returns what the channel received in the
    ``WATCH`` seconds after the click."""
    alice, *others = world.members
    await world.start_game(alice, humans=others, cpus=3 - len(others), variant="nishoku", turn_seconds=600)
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None and actor.seat_of(alice.id) == 0
    asked = _tame_cpus(actor)
    player, east = await rig_east(world, bot, actor, ["1z", "", claimer_hand, ""])
    start, mark = world.fake.clock.now(), len(log.events)
    await _press(alice, player, east)
    await pass_time(world.fake, WATCH, bot)
    watched = Watched(log.since(mark, start), len(asked))
    await cancel_game(alice, world.channel)
    return watched


@dataclass
class NishokuPair:
    """Alice's 東 played twice, where seat 2 can pon it and where nobody can claim it."""

    with_window: Watched
    without: Watched
    passes: list[dict[str, object]]
    """The passes stored in the first game."""


async def _nishoku_pair(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, bob: AutoOptions | None
) -> NishokuPair:
    """Seat 2 is a CPU, or with ``bob`` Bob, a player with those auto options (a seed seats him
    there), who holds 東東 in the first game and not in the second."""
    fix_seed(monkeypatch, NISHOKU_SEED if bob is None else NO_CALLS_SEED)
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=CPU_DELAY)
    async with running_bot(fake_discord, bot):
        log = PublicLog(fake_discord.clock.now)
        fake_discord.add_spy(log)
        guild = fake_discord.add_guild("Mahjong Club")
        members = [guild.add_member("Alice")]
        if bob is not None:
            members.append(guild.add_member("Bob"))
            await bot.store.players.set_auto_options(guild.id, members[1].id, bob)
        claimable = World(fake_discord, guild, guild.add_text_channel("table-1"), members)
        unclaimable = World(fake_discord, guild, guild.add_text_channel("table-2"), members)
        with_window = await _nishoku_discard(claimable, bot, log, "11z")
        without = await _nishoku_discard(unclaimable, bot, log, "")
        # The first game of a fresh store is number 1.
        passes = [action for action in await bot.store.games.actions(1) if action["type"] == "pass"]
    return NishokuPair(with_window, without, passes)


async def test_nishoku_a_discard_a_cpu_can_pon_looks_like_one_nobody_can(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's 東 where a CPU holds 東東 (and passes) and where nobody can claim it: the channel
    receives the same edits, saying the same, at the same moments (the window costs no CPU
    delay and is never drawn)."""
    pair = await _nishoku_pair(fake_discord, tmp_path, monkeypatch, bob=None)
    _assert_alike(pair.with_window, pair.without)
    assert "Waiting for calls" not in repr(pair.with_window.shapes)


NO_CALLS_SEED = 15
"""A seed that seats the host in seat 0 and the lobby's second player in seat 2."""


async def test_nishoku_a_discard_a_player_passes_by_no_calls_looks_like_one_nobody_can(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob, in seat 2 with no calls on, holds 東東 when Alice discards 東: his option passes the
    pon as a CPU would, and the channel receives what it does where nobody can claim, at the same
    moments (his pass, like a CPU's, costs no delay, and the window is never drawn)."""
    pair = await _nishoku_pair(fake_discord, tmp_path, monkeypatch, bob=AutoOptions(no_calls=True))
    assert pair.passes == [{"type": "pass", "seat": 2}]  # Bob's, by his option, in the first game only
    assert pair.with_window.windows == pair.without.windows == 0  # no CPU was asked
    assert pair.with_window.shapes == pair.without.shapes and pair.with_window.times == pair.without.times
    assert len(pair.with_window.events) >= 2


# --- 二色麻雀: a discard a person can pon, whoever they are --------------------------------------------


async def _nishoku_person_window(
    world: World, bot: JantakuBot, log: PublicLog, claimant: FakeMember, bank: float
) -> Watched:
    """Alice (seat 0) discards 東, which ``claimant`` (Bob in seat 2 or Carol in seat 3, with
    ``bank`` seconds of bank) may pon; they pass at once. Returns what the channel received in
    the ``WATCH`` seconds after Alice's click."""
    alice, *others = world.members
    await world.start_game(alice, humans=others, cpus=1, variant="nishoku", turn_seconds=30, bank_seconds=60)
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None and [actor.seat_of(member.id) for member in world.members] == [0, 2, 3]
    asked = _tame_cpus(actor)
    seat = actor.seat_of(claimant.id)
    actor.seats[seat].bank = bank
    hands = ["1z", "", "", ""]
    hands[seat] = "11z"
    claiming = Player(claimant)
    player, east = await rig_east(world, bot, actor, hands, watching=[claiming])
    start, mark = world.fake.clock.now(), len(log.events)
    await _press(alice, player, east)

    def passing() -> str | None:
        buttons = action_buttons(claiming.panel) if claiming.panel is not None else []
        return next((b["custom_id"] for b in buttons if b["custom_id"].endswith(":pass")), None)

    await world.fake.wait_for(lambda: passing() is not None, what=f"{claimant.name}'s pon")
    await settle(world.fake, bot)
    assert claiming.panel is not None
    shown = actor.decision(seat)
    assert shown is not None and shown.deadline is not None and shown.turn_ends is not None
    # The claimant's own clock runs on their own bank: shown to them, never to the channel.
    assert shown.deadline - shown.turn_ends == pytest.approx(bank)
    await _press(claimant, claiming, passing() or "")
    await pass_time(world.fake, WATCH, bot)
    watched = Watched(log.since(mark, start), len(asked))
    await cancel_game(alice, world.channel)
    return watched


async def test_nishoku_a_window_a_person_decides_says_calls_are_open_and_not_who_decides(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's 東 where Bob (seat 2, a minute of bank) may pon it, and where Carol (seat 3, five
    seconds of bank) may: each passes at once. A person's window keeps the table waiting, which
    cannot be hidden, so the channel sees it: "calls open on Alice's tile", with no clock (the
    claimant's would differ with their bank) and no claimant's name, and the channel receives
    the same edits, saying the same, at the same moments, whichever of them could call. (A
    window only CPUs or auto options answer is never drawn: the tests above.)"""
    fix_seed(monkeypatch, NO_CALLS_SEED)
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=CPU_DELAY)
    async with running_bot(fake_discord, bot):
        log = PublicLog(fake_discord.clock.now)
        fake_discord.add_spy(log)
        guild = fake_discord.add_guild("Mahjong Club")
        members = [guild.add_member(name) for name in ("Alice", "Bob", "Carol")]
        _, bob, carol = members
        by_bob = World(fake_discord, guild, guild.add_text_channel("table-1"), members)
        by_carol = World(fake_discord, guild, guild.add_text_channel("table-2"), members)
        bobs = await _nishoku_person_window(by_bob, bot, log, bob, bank=60.0)
        carols = await _nishoku_person_window(by_carol, bot, log, carol, bank=5.0)
    texts = [shape[3] for shape in bobs.shapes]
    assert bobs.windows == carols.windows == 0, "no CPU could call"
    assert bobs.shapes == carols.shapes, (texts, [shape[3] for shape in carols.shapes])
    assert bobs.times == carols.times
    window = [text for text in texts if "Calls open" in text]
    assert window and all(text.endswith("▶ Calls open on Alice's tile") for text in window), texts
    assert not any("<t:" in text or "Bob" in text or "Carol" in text for text in window), window


# --- ずーの: a revealed discard a CPU can pon --------------------------------------------------------


async def _zuno_reveal(world: World, bot: JantakuBot, log: PublicLog, claimer_hand: str) -> Watched:
    """Round 1: Alice (seat 0, the start player) drafts 白 and locks it in last; seat 2, a CPU,
    holds ``claimer_hand``. Returns what the channel received in the ``WATCH`` seconds after the
    lock that reveals the four discards."""
    alice = world.members[0]
    await world.start_game(alice, cpus=3, variant="zuno", turn_seconds=600)
    actor = bot.runtime.tables.in_channel(world.channel.id)
    assert actor is not None and actor.seat_of(alice.id) == 0
    asked = _tame_cpus(actor)
    # The CPUs draft 1p, 2p and 3p and discard them (nobody can chi or pon those); round 2's
    # packet follows, which seat 1 drafts from first.
    hands, draws = ["5z", "", claimer_hand, ""], "5z1p2p3p" + "6p7p8p9p"
    await settle(world.fake, bot)
    as_table(actor.game).rig(zuno_padded(hands, draws), draws)
    actor._sync_decisions(acted=None, pause=0.0)
    actor.presenter.table_changed(actor.snapshot())
    player = Player(alice)
    await world.open_panel(player)
    (white,) = await _wait_for_buttons(world, actor, player, "pick", Kind.WHITE)
    await _press(alice, player, white)
    game = actor.game
    assert isinstance(game, ZunoGame)
    await pass_time_until(
        world.fake,
        lambda: game.phase == "declare" and all(game.seats[seat].lock is not None for seat in (1, 2, 3)),
        bot,
        within=CPU_DELAY,
        what="the CPUs' locks",
    )
    (discard,) = await _wait_for_buttons(world, actor, player, "discard", Kind.WHITE)
    await settle(world.fake, bot)
    start, mark = world.fake.clock.now(), len(log.events)
    await _press(alice, player, discard)
    await pass_time(world.fake, WATCH, bot)
    watched = Watched(log.since(mark, start), len(asked))
    assert game.round == 2, "the round's discards were revealed and passed"
    await cancel_game(alice, world.channel)
    return watched


async def _wait_for_buttons(world: World, actor: TableActor, player: Player, kind: str, tile: int) -> list[str]:
    """The player's buttons of this action kind on a tile of ``tile``, once the panel offers them."""
    seat = actor.seat_of(player.member.id)

    def found() -> list[str]:
        decision = actor.decision(seat)
        if decision is None or player.panel is None:
            return []
        shown = {b["custom_id"] for b in action_buttons(player.panel)}
        wanted = [
            ActionId(actor.game_id, decision.seq, a.kind, action_args(a)).custom_id
            for a in decision.actions
            if a.kind == kind and actor.tiles[getattr(a, "tile", -1)].kind == tile
        ]
        return [cid for cid in wanted if cid in shown]

    await world.fake.wait_for(lambda: bool(found()), what=f"{kind} on {player.member.name}'s panel")
    return found()


async def _press(member: FakeMember, player: Player, custom_id: str) -> None:
    assert player.panel is not None
    record = await member.click(player.panel, custom_id)
    await record.wait_response()
    assert not record.failed, record.errors


async def test_zuno_revealed_discards_a_cpu_can_pon_look_like_ones_nobody_can(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The reveal of round 1 where a CPU can pon Alice's 白 (and passes) and where nobody can
    claim anything: the same edits, saying the same, at the same moments."""
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3", cpu_delay=CPU_DELAY)
    async with running_bot(fake_discord, bot):
        log = PublicLog(fake_discord.clock.now)
        fake_discord.add_spy(log)
        guild = fake_discord.add_guild("Mahjong Club")
        alice = guild.add_member("Alice")
        claimable = World(fake_discord, guild, guild.add_text_channel("table-1"), [alice])
        unclaimable = World(fake_discord, guild, guild.add_text_channel("table-2"), [alice])
        # Seat 2 holds 白白 in the first game: a call window on Alice's 白 that its CPU passes.
        with_window = await _zuno_reveal(claimable, bot, log, "55z")
        without = await _zuno_reveal(unclaimable, bot, log, "")
    _assert_alike(with_window, without)
    assert "revealed discards" not in repr(with_window.shapes)


# --- ずーの: a switched lock is private ---------------------------------------------------------------


async def test_zuno_switching_a_locked_discard_edits_nothing_public(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice locks in 9m, then switches to another tile while the others still choose: the switch
    is hers alone, so the channel receives nothing for it (her panel says it), and it does not
    hold back the next public change either: the reveal when the last seat locks in shows at once,
    not after the table's edit spacing (a wait that would tell that something was redrawn)."""
    spacing = 1.0
    bot_options = {"min_edit_interval": spacing}
    async with _four_humans(fake_discord, tmp_path / "db.sqlite3", monkeypatch, bot_options) as table:
        actor = table.actor
        await _rig(table, (TENPAI, *JUNK), draws="9m9p9s7z")
        players = [Player(member) for member in table.world.members]
        await _open_panels(table, players)
        await _draft(table, players, picks={0: "9m"})
        alice, *others = (table.player(seat, players) for seat in range(4))
        discards = await _wait_current(table, alice, "discard")
        nine = next(b for b in discards if button_text(b) == "9m")
        await _click(table, alice, nine["custom_id"])
        assert alice.panel is not None and "Locked in: 9m" in alice.panel.text
        locks = [(await _wait_current(table, player, "discard"))[0]["custom_id"] for player in others]
        for player, lock in zip(others[:2], locks, strict=False):
            await _click(table, player, lock)
        # Past the table's edit spacing (each edit holds the next back a second): the worker is idle.
        presenter = actor.presenter
        assert isinstance(presenter, DiscordPresenter)
        drained = asyncio.ensure_future(presenter.drain(timeout=PATIENCE))
        await pass_time_until(table.fake, drained.done, table.bot, within=spacing, what="the table worker idle")
        log = PublicLog(table.fake.clock.now)
        table.fake.add_spy(log)
        other = next(b for b in action_buttons(alice.panel) if button_text(b) != "9m" and ":discard:" in b["custom_id"])
        await _click(table, alice, other["custom_id"])
        assert f"Locked in: {button_text(other)}" in alice.panel.text
        await settle(table.fake, table.bot)
        assert [_shape(event) for _, event in log.events] == [], "the switch reached the channel"

        clicked = table.fake.clock.now()
        await _click(table, others[2], locks[2])  # the last lock: every discard is revealed
        game = actor.game
        assert isinstance(game, ZunoGame) and game.phase != "declare"
        # No time passes: a reveal held back by the edit spacing would not be shown yet.
        await settle(table.fake, table.bot)
        assert log.events, "the reveal waited for the table's edit spacing"
        assert log.events[0][0] == clicked
