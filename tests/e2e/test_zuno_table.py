"""ずーの at a table of four people, through the fake Discord: a whole game clicked together,
multi-ron through the panels, and the draft's timeout.

Rigged hands (``ZunoGame.rig``) are dealt right after the game starts, before anyone opens a
panel, so no panel of the random deal was ever drawn; the actor is then told to take the new
decisions and the presenter to redraw (see :func:`_rig`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import bot.ui.panels as panels_module
import bot.ui.presenter as presenter_module
from bot.app import JantakuBot
from bot.engine.ai import CpuPlayer
from bot.engine.record import replay
from bot.engine.views import PublicView, SeatView, WinView
from bot.runtime import TableActor
from bot.runtime.customid import ActionId, action_args
from bot.sandbox.fakediscord import FakeDiscord, FakeMessage, InteractionRecord, running_bot
from bot.sandbox.players import ACT, Player, World, action_buttons, action_kind, button_text, seq_of
from bot.storage import AutoOptions, GameStatus, Store

from .helpers import HiddenInformationSpy, fix_seed, make_bot, pass_time, pass_time_until, settle

NAMES = ("Alice", "Bob", "Carol", "Dave")


MODE_OF_KIND = {"riichi": "riichi", "zuno_inazuma": "inazuma"}
"""Actions whose tile buttons sit behind a panel toggle (``jt:panel:…:<mode>``)."""


def _panel_is_current(actor: TableActor, player: Player) -> bool:
    """Whether the player's panel offers exactly the seat's pending decision (or nothing)."""
    decision = actor.decision(actor.seat_of(player.member.id))
    buttons = _buttons(player)
    if decision is None or decision.seat not in {d.seat for d in actor.decisions()}:
        # Nothing to decide (a locked-in seat's switch buttons may stay: it need not click them).
        return decision is not None or not buttons
    return bool(buttons) and all(seq_of(b["custom_id"]) == decision.seq for b in buttons)


def _buttons(player: Player) -> list[dict[str, Any]]:
    """The enabled action buttons on the player's panel."""
    return action_buttons(player.panel) if player.panel is not None else []


def _offers(player: Player, custom_id: str) -> bool:
    """Whether the player's open panel shows this button."""
    return custom_id in player.shown_panel.custom_ids


def _offers_nothing(player: Player) -> bool:
    return not _buttons(player)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class RenderLog:
    """Remembers the view every table and panel image was drawn from, by the image's hash, so a
    test can tell what a message's current picture shows."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.tables: dict[str, PublicView] = {}
        self.panels: dict[str, SeatView] = {}
        # Read where the bot looks them up (not from ``render``), so that a spy set up before
        # this log stays in the chain; the modules import them without re-exporting them.
        real_seat = panels_module.render_seat  # type: ignore[attr-defined]
        real_table = presenter_module.render_table  # type: ignore[attr-defined]

        def render_seat(view: SeatView, names: Any, **kwargs: Any) -> bytes:
            png = real_seat(view, names, **kwargs)
            self.panels[_sha(png)] = view
            return png

        def render_table(view: PublicView, names: Any, **kwargs: Any) -> bytes:
            png = real_table(view, names, **kwargs)
            self.tables[_sha(png)] = view
            return png

        monkeypatch.setattr(panels_module, "render_seat", render_seat)
        monkeypatch.setattr(presenter_module, "render_table", render_table)

    def table_view(self, message: FakeMessage | None) -> PublicView | None:
        if message is None or not message.attachments:
            return None
        return self.tables.get(_sha(message.attachments[0].data))

    def panel_view(self, message: FakeMessage | None) -> SeatView | None:
        if message is None or not message.attachments:
            return None
        return self.panels.get(_sha(message.attachments[0].data))


@dataclass
class Table:
    world: World
    bot: JantakuBot
    actor: TableActor
    spy: HiddenInformationSpy
    renders: RenderLog

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    def player(self, seat: int, players: Sequence[Player]) -> Player:
        return next(p for p in players if self.actor.seat_of(p.member.id) == seat)


@contextlib.asynccontextmanager
async def _four_humans(
    fake: FakeDiscord,
    database: Path,
    monkeypatch: pytest.MonkeyPatch,
    bot_options: dict[str, Any] | None = None,
    *,
    by_hand: bool = False,
    **options: Any,
) -> AsyncIterator[Table]:
    """A running ずーの game of Alice, Bob, Carol and Dave, with the spy and a render log;
    ``options`` are the lobby's, ``bot_options`` the runtime's (see ``make_bot``); ``by_hand``:
    the four switched auto-discard in riichi off, so every move of theirs is a click."""
    world = World.build(fake, *NAMES)
    alice, *others = world.members
    bot = make_bot(fake, database, **(bot_options or {}))
    async with running_bot(fake, bot):
        if by_hand:
            for member in world.members:
                await bot.store.players.set_auto_options(world.guild.id, member.id, AutoOptions(riichi_discard=False))
        spy = fake.add_spy(HiddenInformationSpy(bot, monkeypatch))
        renders = RenderLog(monkeypatch)
        options.setdefault("turn_seconds", 600)
        await world.start_game(alice, variant="zuno", humans=others, cpus=0, **options)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        yield Table(world, bot, actor, spy, renders)


async def _rig(table: Table, hands: Sequence[str], draws: str) -> None:
    """Deal a chosen hand in place of the random one, before anyone has opened a panel.

    ``rig`` leaves the sequence number as it was, so the actor's ``_sync_decisions`` swaps the
    drafter's decision for the rigged packet's (same seq, new actions); then the presenter is
    told that the table and every panel changed, as the actor does after an action.
    """
    actor = table.actor
    await settle(table.fake, table.bot)
    actor.game.rig(hands, draws)  # type: ignore[attr-defined]
    actor._sync_decisions(acted=None, pause=0.0)
    actor.presenter.table_changed(actor.snapshot())
    actor.presenter.panels_changed(actor.snapshot(), range(4))


async def _click(table: Table, player: Player, custom_id: str) -> InteractionRecord:
    """Click a button of the player's panel; the action must be taken (the panel updated)."""
    assert player.panel is not None
    record = await player.member.click(player.panel, custom_id)
    await record.wait_response()
    assert not record.failed, record.errors
    assert record.response_type in (6, 7), f"{custom_id} was not taken: {[m.text for m in record.messages]}"
    return record


async def _wait_current(table: Table, player: Player, kind: str) -> list[dict[str, Any]]:
    """Wait until the player's panel shows its current decision with ``kind`` buttons; returns them."""
    await table.fake.wait_for(
        lambda: _panel_is_current(table.actor, player) and any(action_kind(b) == kind for b in _buttons(player)),
        what=f"{kind} buttons on {player.member.name}'s panel",
    )
    assert player.panel is not None
    return [b for b in action_buttons(player.panel) if action_kind(b) == kind]


async def _draft(table: Table, players: Sequence[Player], picks: dict[int, str] | None = None) -> None:
    """Play round 1's draft through the panels: each drafter picks the tile labelled ``picks[seat]``
    (default: the first tile offered)."""
    game: Any = table.actor.game
    while game.phase == "draft":
        seat = game.drafter
        player = table.player(seat, players)
        offered = await _wait_current(table, player, "pick")
        wanted = (picks or {}).get(seat)
        choice = next(b for b in offered if button_text(b) == wanted) if wanted else offered[0]
        await _click(table, player, choice["custom_id"])


async def _open_panels(table: Table, players: Sequence[Player]) -> None:
    for player in players:
        await table.world.open_panel(player)


# --- 1. a whole game -----------------------------------------------------------------------------


@pytest.mark.slow
async def test_zuno_whole_game_four_humans_clicking_together(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole 東風戦 of ずーの (every hand, to the game-over message) played by four scripted
    humans. They read their panels, then everyone whose decision it is clicks at once
    (asyncio.gather): no click fails or is refused, nothing hidden leaks, the store finishes the
    game with placements 1-4, and its action log replays to the live state."""
    database = tmp_path / "db.sqlite3"
    # A fixed deal that runs the full 東風戦 with no one bust: with the lobby's random seed a
    # 倍満 in the first hand could end the game by トビ before the humans had much to click at once.
    fix_seed(monkeypatch, 3)
    # Table edits at production pace (one a second at most, the rest coalesced): every edit costs
    # the fake a schema check, and the panels, which the players wait on, are not throttled. The
    # second passes on the fake's clock while the players read their panels (the turns, of ten
    # minutes, never run out).
    async with _four_humans(fake_discord, database, monkeypatch, {"min_edit_interval": 1.0}, by_hand=True) as table:
        world, actor = table.world, table.actor
        players = [Player(member) for member in world.members]
        await _open_panels(table, players)
        game: Any = actor.game
        # Each scripted human plays what a CPU would in its seat, judged from its own view only,
        # so the game has riichi, calls and wins, not only draws.
        advisers = {seat: CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(4)}
        clicks = together = toggles = 0
        kinds: Counter[str] = Counter()

        def settled() -> bool:
            return world.game_over_text() is not None or (
                bool(actor.decisions()) and all(_panel_is_current(actor, p) for p in players)
            )

        while world.game_over_text() is None:
            # People read their panels before clicking: wait until every panel shows the state
            # the game is in, then everyone whose decision it is clicks at once.
            await pass_time_until(
                fake_discord, settled, table.bot, within=1.0, what="every panel to show the current decisions"
            )
            if world.game_over_text() is not None:
                break
            chosen: list[tuple[Player, str]] = []
            for decision in actor.decisions():
                player = table.player(decision.seat, players)
                action = advisers[decision.seat].choose(game.view(decision.seat), decision.actions)
                chosen.append(
                    (player, ActionId(actor.game_id, decision.seq, action.kind, action_args(action)).custom_id)
                )
            # A riichi discard is behind the panel's riichi (or イナズマ) toggle: those players
            # open that page first, all at once.
            flips = []
            for player, custom_id in chosen:
                assert player.panel is not None
                mode = MODE_OF_KIND.get(action_kind(custom_id))
                if mode is not None and custom_id not in player.panel.custom_ids:
                    toggle = next(
                        c for c in player.panel.custom_ids if c.startswith("jt:panel:") and c.endswith(f":{mode}")
                    )
                    flips.append((player, toggle))
            for record in await asyncio.gather(*(p.member.click(p.shown_panel, c) for p, c in flips)):
                await record.wait_response()
                assert not record.failed, record.errors
                toggles += 1
            for player, custom_id in chosen:
                await fake_discord.wait_for(
                    functools.partial(_offers, player, custom_id), what=f"{custom_id} on {player.member.name}'s panel"
                )
            together += len(chosen) > 1
            records = await asyncio.gather(*(p.member.click(p.shown_panel, c) for p, c in chosen))
            await asyncio.gather(*(record.wait_response() for record in records))
            for record, (_, custom_id) in zip(records, chosen, strict=True):
                assert not record.failed, record.errors
                assert record.response_type in (6, 7), f"a click on a current panel was refused: {record.messages}"
                kinds[action_kind(custom_id)] += 1
                clicks += 1
        assert actor.finished and game.outcome() is not None
        outcome = game.outcome()
        assert outcome is not None and outcome.reason == "終局" and game.hand_index >= 4, outcome
        assert together > 4 * game.hand_index, "the humans rarely clicked at the same time"
        assert clicks > 100 and kinds["pick"] and kinds["discard"]
        hands = await table.bot.store.results.hands(actor.game_id)
        assert [h.hand_index for h in hands] == list(range(game.hand_index))
        assert table.spy.tiles_checked > 0 and table.spy.images_checked > 0
        log = await table.bot.store.games.record(actor.game_id)
        assert len(log.actions) == actor.sequence == clicks
        assert replay(log).state_hash() == game.state_hash()
    async with Store.open(database) as store:
        (stored,) = await store.stats.history(world.guild.id, world.channel.id)
        assert stored.status is GameStatus.FINISHED
        assert sorted(result.placement for result in stored.results) == [1, 2, 3, 4]


# --- riichi is public at once -----------------------------------------------------------------

TENPAI = "123m456p789s1122z"
"""Seat 0's hand for the riichi test: after drafting 9m, discarding it leaves 1z/2z waits."""
JUNK = ("147m258p369s3z5z6z7z", "258m369p147s3z4z5z6z", "369m147p258s4z5z6z7z")


async def test_zuno_riichi_shows_on_the_table_and_every_panel_at_once(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the declare phase seat 0 declares riichi (the panel's riichi toggle, then the riichi
    tile). Before anyone else clicks, the public table picture and the other three players'
    panel pictures are redrawn from views that show seat 0 in riichi, and the others' panels say
    it in words too."""
    async with _four_humans(fake_discord, tmp_path / "db.sqlite3", monkeypatch) as table:
        actor, renders = table.actor, table.renders
        await _rig(table, (TENPAI, *JUNK), draws="9m9p9s7z")
        players = [Player(member) for member in table.world.members]
        await _open_panels(table, players)
        await _draft(table, players, picks={0: "9m"})
        declarer = table.player(0, players)
        others = [p for p in players if p is not declarer]
        for player in players:
            await _wait_current(table, player, "discard")

        def shown_riichi(view: PublicView | None) -> bool:
            return view is not None and view.seats[0].riichi

        def panel_shows_riichi(player: Player) -> bool:
            seen = renders.panel_view(player.panel)
            return seen is not None and shown_riichi(seen.public)

        # Nothing shows a riichi yet.
        assert not shown_riichi(renders.table_view(table.world.table_message()))
        for player in others:
            seen = renders.panel_view(player.panel)
            assert seen is not None and not shown_riichi(seen.public)
        edits = {id(p): len(p.panel.history) for p in others if p.panel is not None}

        panel = declarer.panel
        assert panel is not None
        toggle = next(cid for cid in panel.custom_ids if cid.startswith("jt:panel:") and cid.endswith(":riichi"))
        record = await declarer.member.click(panel, toggle)
        await record.wait_response()
        assert not record.failed, record.errors
        riichi = [b for b in action_buttons(panel) if action_kind(b) == "riichi"]
        assert [button_text(b) for b in riichi if button_text(b) == "9m"], riichi
        await _click(table, declarer, next(b for b in riichi if button_text(b) == "9m")["custom_id"])
        assert actor.game.public_view().seats[0].riichi
        assert "Locked in: 9m" in panel.text

        await table.fake.wait_for(
            lambda: shown_riichi(renders.table_view(table.world.table_message())),
            what="the table picture to show the riichi",
        )
        for player in others:
            await table.fake.wait_for(
                functools.partial(panel_shows_riichi, player),
                what=f"{player.member.name}'s panel picture to show the riichi",
            )
            assert player.panel is not None and len(player.panel.history) > edits[id(player)]
            assert f"In riichi: {declarer.member.name}" in player.panel.text
            assert player.clicks == 0
        assert "In riichi" not in panel.text  # the declarer's own panel lists only the others
        # Nobody else acted: the others still have their declare decisions, untouched.
        assert {d.seat for d in actor.decisions()} == {1, 2, 3}


# --- 2. multi-ron ---------------------------------------------------------------------------------

TANYAO_25S = "234567m345p66s34s"
"""Closed 断么九 (and 平和) waiting on 2s-5s."""


def _posted(table: Table) -> set[int]:
    return {m.id for m in table.fake.messages_in(table.world.channel)}


def _cards_after(table: Table, seen: set[int]) -> list[FakeMessage]:
    """The result-card messages posted since ``seen`` (messages with a result image)."""
    return [
        m
        for m in table.fake.messages_in(table.world.channel)
        if m.id not in seen and any(a.filename.startswith("result") for a in m.attachments)
    ]


async def _lock_discards(table: Table, players: Sequence[Player], discards: dict[int, str]) -> None:
    """Every seat locks the discard labelled ``discards[seat]``, all four clicks at once."""
    chosen = []
    for seat, label in discards.items():
        player = table.player(seat, players)
        offered = await _wait_current(table, player, "discard")
        chosen.append((player, next(b for b in offered if button_text(b) == label)["custom_id"]))
    await asyncio.gather(*(_click(table, player, custom_id) for player, custom_id in chosen))


async def _wait_nothing_to_do(table: Table, players: Sequence[Player]) -> None:
    """Wait until these players' panels offer no action (the discarders, during the rons)."""
    for player in players:
        assert table.actor.decision(table.actor.seat_of(player.member.id)) is None
        await table.fake.wait_for(
            functools.partial(_offers_nothing, player),
            what=f"{player.member.name}'s panel to drop its buttons",
        )


@pytest.mark.slow
async def test_zuno_one_seat_rons_two_discards_through_its_panel(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 waits on 2s-5s; Bob's seat discards 2s and Carol's 5s in the same reveal. Seat 0's
    panel offers a ron button for each; after the first ron it still offers the second; taking
    both settles the hand with two wins for seat 0, and the result is posted naming the winner."""
    async with _four_humans(fake_discord, tmp_path / "db.sqlite3", monkeypatch) as table:
        actor = table.actor
        game: Any = actor.game
        hands = (TANYAO_25S, "147m258p2s69s3z5z6z7z", "258m369p5s17s3z4z5z6z", "369m147p9p48s4z5z6z7z")
        await _rig(table, hands, draws="1z1z1z1z")
        players = [Player(member) for member in table.world.members]
        await _open_panels(table, players)
        await _draft(table, players)
        before = _posted(table)
        await _lock_discards(table, players, {0: "東", 1: "2s", 2: "5s", 3: "東"})
        assert game.phase == "ron"

        winner = table.player(0, players)
        rons = await _wait_current(table, winner, "zuno_ron")
        names = actor.names
        assert len(rons) == 2, rons
        assert any(names[1] in button_text(b) and "2s" in button_text(b) for b in rons), rons
        assert any(names[2] in button_text(b) and "5s" in button_text(b) for b in rons), rons
        await _wait_nothing_to_do(table, [p for p in players if p is not winner])
        first, second = rons
        await _click(table, winner, first["custom_id"])
        # The click's answer redraws the panel: the other discard is still on offer.
        left = [b for b in _buttons(winner) if action_kind(b) == "zuno_ron"]
        assert [button_text(b) for b in left] == [button_text(second)], left
        assert any(action_kind(b) == "pass" for b in _buttons(winner))
        assert game.hand_index == 0, "one ron must not end the hand while another is on offer"
        await _click(table, winner, left[0]["custom_id"])

        assert game.hand_index == 1
        results: tuple[WinView, ...] = game.last_results
        results = tuple(sorted(results, key=lambda w: w.from_seat or 0))
        assert [(w.winner, w.from_seat) for w in results] == [(0, 1), (0, 2)]
        assert all(w.points > 0 for w in results)
        await table.fake.wait_for(lambda: bool(_cards_after(table, before)), what="the result card")
        await settle(table.fake, table.bot)
        # One message for the hand: a line and a card per win.
        (card,) = _cards_after(table, before)
        assert f"{names[0]} wins {results[0].points} from {names[1]}" in card.text, card.text
        assert f"{names[0]} wins {results[1].points} from {names[2]}" in card.text, card.text
        assert len([a for a in card.attachments if a.filename.startswith("result")]) == 2
        stored = await table.bot.store.results.hands(actor.game_id)
        assert [(h.hand_index, h.result.winner) for h in stored] == [(0, 0)]


async def test_zuno_two_seats_ron_one_discard_clicking_at_once(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats 0 and 1 both wait on 5s and seat 2 discards it: both panels offer ron on it, both
    click at once, and the hand settles with a win for each; the posted result names both."""
    async with _four_humans(fake_discord, tmp_path / "db.sqlite3", monkeypatch) as table:
        actor = table.actor
        game: Any = actor.game
        hands = (TANYAO_25S, "234p678p345m678m5s", "147m369p5s17s3z4z5z6z", "369m147p9p48s4z5z6z7z")
        await _rig(table, hands, draws="1z1z1z1z")
        players = [Player(member) for member in table.world.members]
        await _open_panels(table, players)
        await _draft(table, players)
        before = _posted(table)
        await _lock_discards(table, players, {0: "東", 1: "東", 2: "5s", 3: "東"})
        assert game.phase == "ron"

        names = actor.names
        winners = [table.player(0, players), table.player(1, players)]
        clicks = []
        for player in winners:
            (ron,) = await _wait_current(table, player, "zuno_ron")
            assert names[2] in ron["label"] and "5s" in ron["label"], ron
            clicks.append(ron["custom_id"])
        await _wait_nothing_to_do(table, [p for p in players if p not in winners])
        await asyncio.gather(*(_click(table, p, cid) for p, cid in zip(winners, clicks, strict=True)))

        assert game.hand_index == 1
        results: tuple[WinView, ...] = game.last_results
        assert sorted((w.winner, w.from_seat) for w in results) == [(0, 2), (1, 2)]
        await table.fake.wait_for(lambda: bool(_cards_after(table, before)), what="the result card")
        await settle(table.fake, table.bot)
        (card,) = _cards_after(table, before)
        assert f"{names[0]} wins" in card.text and f"{names[1]} wins" in card.text, card.text
        assert len([a for a in card.attachments if a.filename.startswith("result")]) == 2


# --- 3. the draft's default on timeout ------------------------------------------------------------


@pytest.mark.slow
async def test_zuno_draft_timeout_keeps_the_first_tile_offered(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A drafter who does not pick before the clock runs out keeps the first tile of the packet
    (the first pick button), and the rest goes on to the next seat."""
    async with _four_humans(
        fake_discord, tmp_path / "db.sqlite3", monkeypatch, turn_seconds=5, bank_seconds=0
    ) as table:
        actor = table.actor
        game: Any = actor.game
        players = [Player(member) for member in table.world.members]
        drafter = game.drafter
        player = table.player(drafter, players)
        await table.world.open_panel(player)
        offered = await _wait_current(table, player, "pick")
        assert len(offered) >= 2
        first = int(ACT.fullmatch(offered[0]["custom_id"])["args"])  # type: ignore[index]
        packet = list(game.seats[drafter].packet)
        assert first == packet[0]
        await pass_time(table.fake, 5, table.bot)  # the drafter's 5 s, and no bank
        assert game.sequence == 1, "the draft's timeout"
        logged = await table.bot.store.games.actions(actor.game_id)
        assert logged[0] == {"type": "pick", "seat": drafter, "tile": first}
        assert game.seats[drafter].drawn == first
        assert game.drafter == (drafter + 1) % 4
        assert sorted(game.seats[game.drafter].packet) == sorted(packet[1:])
        # The panel shows the kept tile as drawn, and no pick buttons any more.
        await table.fake.wait_for(
            lambda: not any(action_kind(b) == "pick" for b in _buttons(player)),
            what="the timed-out drafter's panel to drop its pick buttons",
        )
        seen = table.renders.panel_view(player.panel)
        assert seen is not None and seen.drawn == game.tiles[first]
        assert player.clicks == 0
