"""5等三麻 through the fake Discord, every move a slash command or a click: its lobby and
settings, a whole game against CPUs that opens with a pulled 冬, a 天和, its Alice and the dice
rolled by button, a table of three people with an open riichi, and the spy on every payload.

The first hand of the whole game is dealt from chosen tiles by wrapping ``GotoGame._start_hand``
for the test's duration, so the stored game, replayed in the same process, deals it again: the
replay still proves the log rebuilds the live game.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.record import replay
from bot.engine.variants.goto import GotoGame
from bot.runtime import TableActor
from bot.runtime.customid import ActionId, action_args
from bot.sandbox.fakediscord import PATIENCE, FakeDiscord, running_bot
from bot.sandbox.players import Player, World, action_buttons, action_kind, button_text, preferring
from bot.storage import GameStatus, Store

from .helpers import ephemeral_reply, fix_seed, make_bot, raw_options
from .spies import ConcealedFaceSpy, LogTrap

NAMES = ("Alice", "Bob", "Carol")


goto_policy = preferring("tsumo", "ron", "goto_roll", "goto_snake_twenty", "set_aside", "goto_stop", "pass")
"""A scripted player wins whenever it can, rolls its dice, takes the 20 chips on ピンゾロ, pulls
北 and flowers, stops at オーラス, and never calls."""


# --- the lobby ---------------------------------------------------------------------------------------


async def test_goto_lobby_takes_its_settings_and_explains_bad_ones(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """``/mahjong new variant:goto`` takes a few GotoSettings as options (the rest through ``rules``);
    a bad value is refused with a message naming it and opens nothing; a good table
    starts with three seats and its settings."""
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        command = next(c for c in fake_discord.commands() if c["name"] == "mahjong")
        new = next(o for o in command["options"] if o["name"] == "new")
        offered = {o["name"] for o in new["options"]}
        assert {"variant", "start_points", "chips", "dice", "shubarii", "hints", "rules"} <= offered
        assert len(new["options"]) <= 25
        variant = next(o for o in new["options"] if o["name"] == "variant")
        assert "goto" in [choice["value"] for choice in variant["choices"]]
        # The typed options out of range only a modified client sends (Discord shows the bounds);
        # the settings in ``rules`` are checked against the same ranges.
        for options, expected in (
            ({"rules": "open_riichi_han=0"}, "`open_riichi_han` must be from 1 to 13, not 0."),
            ({"rules": "red_chips=-1"}, "`red_chips` must be from 0 to 20, not -1."),
            ({"start_points": 0}, "`start_points` must be from 1,000 to 200,000 in steps of 1,000, not 0."),
            ({"rules": "pocchi_tiles=5"}, "`pocchi_tiles` must be from 0 to 4, not 5."),
            ({"rules": "no_such_rule=1"}, "no_such_rule"),
        ):
            record = await alice.slash_raw(world.channel, "mahjong new", options=raw_options(variant="goto", **options))
            assert record.message is not None and record.message.ephemeral, (options, record.message)
            reply = ephemeral_reply(record)
            assert expected in reply, (options, reply)
            assert not bot.runtime.channel_busy(world.channel.id), options
        lobby = await world.open_table(alice, "goto", shubarii=True, rules="gold_chips=3")
        description = lobby.embeds[0]["description"]
        assert "`shubarii` = on" in description and "`gold_chips` = 3" in description, description
        lobby_id = lobby.custom_ids[0].split(":")[2]
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
        assert isinstance(game, GotoGame) and game.settings.shubarii and game.settings.gold_chips == 3
        assert game.points == [35_000] * 3 and game.round_label == "東1局"
        assert len(game.wall.dora) == 2
        await actor.cancel("Alice")


# --- (a) a whole game: one person and two CPUs ----------------------------------------------------------

TENHOU = ("4f123p456p789p11s9s", "1m9m2z3z147p258s369s", "1m9m5z6z147s258p369p")
"""The dealer (Alice) holds 冬 and, with the 9s it draws, 天和 once the 冬 is pulled and its
replacement 1s arrives: 123p456p789p 111s 99s."""
TENHOU_DORA = "7z7z1p2p9s"
"""Two indicators up (7z: the dora is 5z); the three slots after them are Alice's first flips:
1p, 2p and 9s all match (2 chips a tile, the hand is closed), and the replacement tiles' 2z ends it."""


def _rig_first_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    real = GotoGame._start_hand

    def start_hand(self: GotoGame, order: Sequence[int] | None = None) -> None:
        if order is None and self.hand_index == 0:
            self.rig(TENHOU, "9s", rinshan="1s2z2z2z", dora=TENHOU_DORA, dealer=0)
            return
        real(self, order)

    monkeypatch.setattr(GotoGame, "_start_hand", start_hand)


WHOLE_GAME_SEED = 3


@pytest.mark.slow
async def test_goto_whole_game_one_human_two_cpus_with_alice_and_dice(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log_trap: LogTrap
) -> None:
    """A whole 5等三麻 by clicks only, the spy on every payload: Alice pulls 冬, wins 天和 by
    tsumo, sees her Alice on the result, rolls her dice with the 🎲 button (each roll paid as it
    lands, the table saying so), and plays on to the end; the game-over message is posted, the
    store finishes the game with placements 1–3, chips that add up to 0, every hand, and a log
    that replays to the live state."""
    fix_seed(monkeypatch, WHOLE_GAME_SEED)
    _rig_first_hand(monkeypatch)
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    database = tmp_path / "db.sqlite3"
    bot = make_bot(fake_discord, database)
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(ConcealedFaceSpy(bot, monkeypatch))
        await world.start_game(alice, variant="goto", cpus=2)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game: Any = actor.game
        assert actor.seat_of(alice.id) == 0 and game.dealer == 0
        player = Player(alice)
        await world.open_panel(player)

        async def click(kind: str) -> None:
            await fake_discord.wait_for(
                lambda: player.panel is not None and any(action_kind(b) == kind for b in action_buttons(player.panel)),
                what=f"a {kind} button on Alice's panel",
            )
            assert player.panel is not None
            button = next(b for b in action_buttons(player.panel) if action_kind(b) == kind)
            record = await alice.click(player.panel, button["custom_id"])
            await record.wait_response()
            assert not record.failed and record.response_type in (6, 7), record.errors

        await click("set_aside")
        assert game.seats[0].flowers == [37]  # 冬
        await click("tsumo")
        assert game.phase == "dice"
        rolls = 0
        while game.phase == "dice":
            await fake_discord.wait_for(
                lambda: "🎲" in (world.table_message().text if world.table_message() else ""),  # type: ignore[union-attr]
                what="the table to say the dice are being rolled",
            )
            before = list(game.chips)
            await click(
                "goto_snake_twenty" if game.decisions()[0].actions[0].kind == "goto_snake_twenty" else "goto_roll"
            )
            rolls += 1
            assert game.chips != before or game.phase == "dice"
        assert rolls >= 2
        (card,) = game.last_results
        assert card.flip_name == "アリス" and [flip.matches for flip in card.flips] == [1, 1, 2, 0]
        assert len(card.dice) >= 2 and all(line.chips >= 2 for line in card.dice)
        assert any(item.name == "アリス" for item in card.chip_items)

        await world.play([player], policy=goto_policy)
        over = world.game_over_text()
        assert over is not None and f"Game #{actor.game_id} is over" in over
        outcome = game.outcome()
        assert outcome is not None and outcome.reason in over
        assert sum(game.chips) == 0 and outcome.final_scores == tuple(float(c) for c in game.chips)
        assert spy.images_checked > 0 and spy.tiles_checked > 0 and spy.table_views > 0
        hands = await bot.store.results.hands(actor.game_id)
        assert [h.hand_index for h in hands] == list(range(game.hand_index))
        record = await bot.store.games.record(actor.game_id)
        assert replay(record).state_hash() == game.state_hash()
        texts = "\n".join(world.public_texts())
        assert "アリス" in texts and "🎲" in texts, texts[-2000:]
    spy.check()
    log_trap.check()
    async with Store.open(database) as store:
        (stored,) = await store.stats.history(world.guild.id, world.channel.id)
        assert stored.status is GameStatus.FINISHED and stored.variant == "goto"
        assert sorted(result.placement for result in stored.results) == [1, 2, 3]


# --- (b) three people, one open riichi ---------------------------------------------------------------------

OPEN_RIICHI = ("123p456p789p1s23s6z", "1m9m2z3z147p258s369s", "1m9m5z7z147s258p369p")
"""The dealer draws 6z and may declare open riichi on 1s, waiting on 1s-4s with 66z."""


async def _rig(actor: TableActor, spy: ConcealedFaceSpy, hands: Sequence[str], draws: str) -> None:
    await actor.presenter.drain(timeout=PATIENCE)  # type: ignore[attr-defined]
    actor.game.rig(hands, draws, dealer=0)  # type: ignore[attr-defined]
    spy.snapshot(actor)
    actor._sync_decisions(acted=None, pause=0.0)
    actor.presenter.table_changed(actor.snapshot())
    actor.presenter.panels_changed(actor.snapshot(), range(3))


async def test_goto_three_humans_open_riichi_waits_are_public(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log_trap: LogTrap
) -> None:
    """Three people: the dealer opens the open-riichi page on its panel and declares on 1s; the
    2,000 deposit is taken and the public table view (drawn for everyone) carries its waits 1s
    and 4s and never its hand; then all three play the hand out through their panels, each
    clicking what a CPU in its seat would, and the spy sees nothing concealed in public."""
    fix_seed(monkeypatch, 11)
    world = World.build(fake_discord, *NAMES)
    alice, *others = world.members
    bot = make_bot(fake_discord, tmp_path / "db.sqlite3")
    async with running_bot(fake_discord, bot):
        spy = fake_discord.add_spy(ConcealedFaceSpy(bot, monkeypatch))
        await world.start_game(alice, variant="goto", humans=others, cpus=0, turn_seconds=600)
        actor = bot.runtime.tables.in_channel(world.channel.id)
        assert actor is not None
        game: Any = actor.game
        await _rig(actor, spy, OPEN_RIICHI, "6z")
        players = [Player(member) for member in world.members]
        by_seat = {actor.seat_of(p.member.id): p for p in players}
        for player in players:
            await world.open_panel(player)
        dealer = by_seat[0]
        await fake_discord.wait_for(
            lambda: dealer.panel is not None and any(c.endswith(":openriichi") for c in dealer.panel.custom_ids),
            what="the open-riichi page button",
        )
        assert dealer.panel is not None
        page = next(c for c in dealer.panel.custom_ids if c.endswith(":openriichi"))
        await (await dealer.member.click(dealer.panel, page)).wait_response()
        await fake_discord.wait_for(
            lambda: any(action_kind(b) == "goto_open_riichi" for b in action_buttons(dealer.panel)),  # type: ignore[arg-type]
            what="the open-riichi discards",
        )
        button = next(b for b in action_buttons(dealer.panel) if button_text(b) == "1s")
        points = game.points[0]
        record = await dealer.member.click(dealer.panel, button["custom_id"])
        await record.wait_response()
        assert not record.failed, record.errors
        assert game.points[0] == points - 2_000 and game.seats[0].open_riichi
        public = game.public_view()
        assert public.seats[0].open_waits == (18, 21)  # 1s and 4s: the waits, and no tile of the hand
        assert public.seats[0].concealed_count == 13 and not public.seats[1].open_waits

        advisers = {seat: CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(3)}
        clicks = 0
        while game.hand_index == 0:
            # The dealer's draws that cannot win after its open riichi go out by themselves (its
            # auto option, on by default): nobody clicks those.
            decisions = [decision for decision in actor.decisions() if decision.automatic is None]
            if not decisions:
                await fake_discord.wait_for(
                    lambda: any(d.automatic is None for d in actor.decisions()) or game.hand_index > 0
                )
                continue
            decision = decisions[0]
            action = advisers[decision.seat].choose(game.view(decision.seat), decision.actions)
            custom_id = ActionId(actor.game_id, decision.seq, action.kind, action_args(action)).custom_id
            player = by_seat[decision.seat]
            await fake_discord.wait_for(
                lambda p=player, c=custom_id: p.panel is not None and c in p.panel.custom_ids,  # type: ignore[misc]
                what=f"{custom_id} on seat {decision.seat}'s panel",
            )
            assert player.panel is not None
            record = await player.member.click(player.panel, custom_id)
            await record.wait_response()
            assert not record.failed and record.response_type in (6, 7), record.errors
            clicks += 1
        assert clicks > 3
        assert spy.table_views > 0 and spy.strings_checked > 0
        if game.outcome() is None:
            await actor.cancel("Alice")
    spy.check()
    log_trap.check()
