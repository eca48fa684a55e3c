"""チンイツゲーム through the fake Discord, every move a slash command or a click: its lobby and
settings, a table of three people pulling 北 and calling, and a spy that fails on any concealed
face in a public payload or a log line (a whole game against CPUs is test_tables.py's).

The lobby's seed is random (``secrets.randbits`` in the registry); these tests fix it
(:func:`_seed`) so a game is the same game on every run and its length stays known.
"""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.engine.ai import CpuPlayer
from bot.runtime import TableActor
from bot.runtime.customid import ActionId, action_args
from bot.sandbox.fakediscord import PATIENCE, FakeDiscord, FakeMessage, running_bot
from bot.sandbox.players import Player, World, action_buttons, action_kind, button_text, preferring, seq_of
from bot.ui.labels import BACK_MARKS

from .helpers import ephemeral_reply, fix_seed, make_bot, raw_options
from .spies import ConcealedFaceSpy, LogTrap

NAMES = ("Alice", "Bob", "Carol")


chinitsu_policy = preferring("tsumo", "ron", "set_aside", "kan", "pass")
"""Win when possible, pull 北 whenever offered, kan (a forced kan is the only choice anyway),
never call, otherwise discard the drawn tile or a random one."""


# --- the lobby and its settings ------------------------------------------------------------------------


def _without_backs(text: str) -> str:
    """A button's words without the tiles' back colours."""
    return "".join(char for char in text if char not in BACK_MARKS.values())


async def test_chinitsu_lobby_takes_its_settings_and_explains_bad_ones(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """``/mahjong new variant:chinitsu`` takes a few ChinitsuSettings fields as options, the rest through
    ``rules``; the lobby has
    three seats and shows what differs from the defaults; a bad value or an unknown key is
    refused with a message naming it, and opens nothing."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        command = next(c for c in fake_discord.commands() if c["name"] == "mahjong")
        new = next(o for o in command["options"] if o["name"] == "new")
        offered = [o["name"] for o in new["options"]]
        assert {"variant", "first_suit", "start_points", "chips", "hints", "turn_seconds", "bank_seconds", "rules"} <= {
            *offered
        }
        first_suit = next(o for o in new["options"] if o["name"] == "first_suit")
        assert first_suit["description"].startswith("chinitsu: "), first_suit

        # Values outside a setting's choices or range only a modified client sends (Discord
        # offers the choices and bounds): the bot refuses them itself, naming what is allowed.
        for options, expected in (
            ({"first_suit": "m"}, "`first_suit` cannot be 'm': choose `p`, `s`, `random`."),
            ({"start_points": 0}, "`start_points` must be from 1,000 to 200,000 in steps of 1,000, not 0."),
            ({"start_points": 50_000}, "return_points (40000) must be at least start_points (50000)"),
            ({"rules": "dobon_chips=-1"}, "`dobon_chips` must be from 0 to 20, not -1."),
            (
                {"rules": "return_points=30000", "turn_seconds": 60},
                "return_points (30000) must be at least start_points (35000)",
            ),
            ({"rules": "ippatsu_chips=-2", "chips": True}, "`ippatsu_chips` must be from 0 to 20, not -2."),
        ):
            record = await alice.slash_raw(
                world.channel, "mahjong new", options=raw_options(variant="chinitsu", **options)
            )
            reply = ephemeral_reply(record)
            assert expected in reply, (options, reply)
            assert not bot.runtime.channel_busy(world.channel.id), options

        lobby = await world.open_table(alice, "chinitsu", first_suit="s", rules="backs_public=off", start_points=30_000)
        description = lobby.embeds[0]["description"]
        assert "`first_suit` = s" in description and "`backs_public` = off" in description
        assert "`start_points` = 30000" in description
        assert lobby.embeds[0]["fields"][0]["name"] == "Players (1/3)", lobby.embeds
        lobby_id = lobby.custom_ids[0].split(":")[2]
        # Two CPUs fill the table; a third is refused: three seats.
        for _ in range(2):
            assert (await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")).response_type == 7
        full = await alice.click(lobby, f"jt:lobby:{lobby_id}:cpu")
        assert "The table is full." in ephemeral_reply(full)
        start = await alice.click(lobby, f"jt:lobby:{lobby_id}:start")
        assert start.response_type == 7, start.errors
        await fake_discord.wait_for(lambda: world.table_message() is not None, what="the table")
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game: Any = actor.game
        assert game.settings.first_suit == "s" and not game.settings.backs_public
        assert game.points == [30_000] * 3 and game.round_label == "東1局・索子"
        await actor.cancel("Alice")


# --- (a) three people at one table ------------------------------------------------------------------

RIGGED = ("B1111pY1pB234pB0678pB4z", "B223344pY00pB66778p", "B9988pY7766pY1mY9mB123z")
"""Seat 0, the dealer, holds 北 and five 1p (an ankan, then the fifth must join it: 強制カン);
seat 1 holds 22p 33p 44p, so seat 0's 2p can be ponned."""
RINSHAN = "Y5zY6zY7zY2z"
"""Replacement tiles that complete nothing: the kans do not end the hand at once."""


async def _rig(actor: TableActor, spy: ConcealedFaceSpy, hands: Sequence[str], draws: str, rinshan: str) -> None:
    """Deal chosen hands in place of the random deal, before anyone opens a panel (as
    test_zuno_table does): the actor takes the new decisions and the presenter redraws."""
    await actor.presenter.drain(timeout=PATIENCE)  # type: ignore[attr-defined]
    actor.game.rig(hands, draws, rinshan=rinshan, dealer=0)  # type: ignore[attr-defined]
    spy.snapshot(actor)
    actor._sync_decisions(acted=None, pause=0.0)
    actor.presenter.table_changed(actor.snapshot())
    actor.presenter.panels_changed(actor.snapshot(), range(3))


def _offers(panel: FakeMessage, custom_id: str) -> bool:
    """Whether the panel shows this button now."""
    return custom_id in panel.custom_ids


def _current(actor: TableActor, player: Player) -> bool:
    decision = actor.decision(actor.seat_of(player.member.id))
    buttons = action_buttons(player.panel) if player.panel is not None else []
    if decision is None or decision.seat not in {d.seat for d in actor.decisions()}:
        return not buttons
    return bool(buttons) and all(seq_of(b["custom_id"]) == decision.seq for b in buttons)


async def test_chinitsu_three_humans_pull_north_kan_and_pon(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log_trap: LogTrap
) -> None:
    """Three people play a whole hand through their panels, each clicking what a CPU in its seat
    would (the CPU adviser, from its own view only), after a rigged opening clicked by hand: the
    dealer pulls 北, kans four 1p, is then forced to add the fifth (its panel says 強制カン and
    offers only that kan), discards 2p, and the next seat pons it."""
    fix_seed(monkeypatch, 7)
    database = tmp_path / "db.sqlite3"
    world = World.build(fake_discord, *NAMES)
    alice, *others = world.members
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(ConcealedFaceSpy(bot, monkeypatch))
        await world.start_game(alice, variant="chinitsu", humans=others, cpus=0, turn_seconds=600)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game: Any = actor.game
        await _rig(actor, spy, RIGGED, "Y9p", rinshan=RINSHAN)
        players = [Player(member) for member in world.members]
        by_seat = {actor.seat_of(p.member.id): p for p in players}
        for player in players:
            await world.open_panel(player)

        async def wait_current() -> None:
            await fake_discord.wait_for(
                lambda: game.outcome() is not None or all(_current(actor, p) for p in players),
                what="every panel to show the current decisions",
            )

        async def click(seat: int, kind: str, label: str | None = None) -> dict[str, Any]:
            await wait_current()
            player = by_seat[seat]
            assert player.panel is not None
            buttons = [b for b in action_buttons(player.panel) if action_kind(b) == kind]
            if label is not None:
                # The buttons also say each tile's back (🔵, 🟡): public, and not what this test is about.
                buttons = [b for b in buttons if _without_backs(button_text(b)) == label]
            assert buttons, (kind, label, [button_text(b) for b in action_buttons(player.panel)])
            record = await player.member.click(player.panel, buttons[0]["custom_id"])
            await record.wait_response()
            assert not record.failed and record.response_type in (6, 7), record.errors
            return buttons[0]

        await click(0, "set_aside", "Set aside 北")
        assert len(game.seats[0].set_aside) == 1
        await click(0, "kan", "Kan 1p 1p 1p 1p")
        await wait_current()
        panel = by_seat[0].panel
        assert panel is not None
        assert "強制カン 1p" in panel.text and "Your turn — choose an action" in panel.text
        assert [_without_backs(button_text(b)) for b in action_buttons(panel)] == ["Kan: add 1p"]
        await click(0, "kan", "Kan: add 1p")
        assert len(game.seats[0].melds[0].tiles) == 5
        await click(0, "discard", "2p")
        await click(1, "pon")
        assert [m.type.value for m in game.seats[1].melds] == ["pon"]

        advisers = {seat: CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(3)}
        kinds: Counter[str] = Counter()
        while game.hand_index == 0 and game.outcome() is None:
            await wait_current()
            if game.hand_index > 0 or game.outcome() is not None:
                break
            chosen = []
            for decision in actor.decisions():
                action = advisers[decision.seat].choose(game.view(decision.seat), decision.actions)
                custom_id = ActionId(actor.game_id, decision.seq, action.kind, action_args(action)).custom_id
                chosen.append((by_seat[decision.seat], custom_id))
            for player, custom_id in chosen:
                panel = player.shown_panel
                if custom_id not in panel.custom_ids:
                    toggle = next(c for c in panel.custom_ids if c.endswith(":riichi"))
                    await (await player.member.click(panel, toggle)).wait_response()
                    await fake_discord.wait_for(functools.partial(_offers, panel, custom_id))
            records = await asyncio.gather(*(p.member.click(p.shown_panel, c) for p, c in chosen))
            for record, (_, custom_id) in zip(records, chosen, strict=True):
                await record.wait_response()
                assert not record.failed and record.response_type in (6, 7), record.errors
                kinds[action_kind(custom_id)] += 1
        assert kinds["discard"] > 3, kinds
        hands = await bot.store.results.hands(actor.game_id)
        assert [h.hand_index for h in hands] == [0]
        log = await bot.store.games.record(actor.game_id)
        # Every click was stored once (the rigged deal is no move, so the log would not replay it).
        assert len(log.actions) == game.sequence
        assert spy.images_checked > 0 and spy.tiles_checked > 0 and spy.strings_checked > 0
        await actor.cancel("Alice")
    spy.check()
    log_trap.check()


# --- (b) the spy, with the backs hidden ------------------------------------------------------------


@pytest.mark.slow
async def test_chinitsu_spy_with_backs_hidden(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log_trap: LogTrap
) -> None:
    """``backs_public=False``: two people and a CPU play two hands; no table image carries a back
    colour, and nothing concealed reaches anyone it should not (see :class:`ConcealedFaceSpy`)."""
    fix_seed(monkeypatch, 99)
    world = World.build(fake_discord, "Alice", "Bob")
    alice, bob = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(ConcealedFaceSpy(bot, monkeypatch))
        await world.start_game(alice, variant="chinitsu", humans=[bob], cpus=1, rules="backs_public=off")
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game: Any = actor.game
        assert not game.settings.backs_public
        players = [Player(alice), Player(bob)]
        await world.play(
            players,
            policy=chinitsu_policy,
            until=lambda: game.hand_index >= 2 or world.game_over_text() is not None,
        )
        assert spy.table_views > 0 and spy.images_checked > 0 and spy.public_payloads > 0
        if world.game_over_text() is None:
            await actor.cancel("Alice")
    spy.check()
    log_trap.check()
