"""``/mahjong stats`` explains its figures (issue 35 item 11): each variant's score in its own unit
(points against the table's average, pt after uma and oka, chips), never one sum across variants,
and what a game's score, the total and the best game are, in English and Japanese."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import JantakuBot
from bot.engine.game import Outcome
from bot.engine.table.ending import Ending
from bot.engine.variants import VARIANTS
from bot.runtime.i18n import has_text
from bot.runtime.variants import build_settings
from bot.sandbox.fakediscord import FakeDiscord, running_bot
from bot.sandbox.players import World
from bot.storage import PlayerSeat

from .helpers import make_bot


@pytest.fixture
async def bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[JantakuBot]:
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as running:
        yield running


async def _finished(bot: JantakuBot, world: World, variant: str, outcome: Outcome) -> None:
    """A finished game of ``variant`` stored with ``outcome``: Alice in seat 0, CPUs beside her."""
    alice = world.members[0]
    seats = [PlayerSeat.human(alice.id, "Alice"), *(PlayerSeat.cpu(f"CPU {n}") for n in range(1, len(outcome.points)))]
    store = bot.store
    game = await store.games.create(
        world.guild.id, world.channel.id, variant, build_settings(variant, {}), 1, seats, alice.id
    )
    await store.results.record_final(game, outcome)


def _fields(message: Any) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0]["fields"]}


async def test_stats_give_each_variants_score_its_unit_and_say_what_it_counts(
    fake_discord: FakeDiscord, bot: JantakuBot
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    # 二色麻雀 keeps no score of its own: 6,000 below the table's average of 40,000.
    await _finished(bot, world, "nishoku", Outcome((34_000, 40_000, 43_000, 43_000), (4, 3, 1, 2)))
    # ずーの scores in thousands after uma and oka; 5等三麻's score is its chips.
    await _finished(
        bot, world, "zuno", Outcome((52_000, 25_000, 13_000, 10_000), (1, 2, 3, 4), (45.2, 5.0, -17.0, -33.2))
    )
    await _finished(bot, world, "goto", Outcome((60_000, 30_000, 15_000), (1, 2, 3), (12.0, -4.0, -8.0)))

    nishoku = await alice.slash(world.channel, "mahjong stats", variant="nishoku")
    assert nishoku.message is not None
    fields = _fields(nishoku.message)
    assert fields["Total score"] == "**-6,000 points**" and fields["Best game"] == "-6,000 points"
    assert nishoku.message.embeds[0]["description"] == (
        "A game's score is your points at the end minus the table's average: -6,000 points is 6,000 below it.\n"
        "Total score adds up the scores of every game counted; best game is the highest."
    )

    zuno = await alice.slash(world.channel, "mahjong stats", variant="zuno", locale="ja")
    assert zuno.message is not None
    fields = _fields(zuno.message)
    assert fields["合計スコア"] == "**+45.2pt**" and fields["最高スコア"] == "+45.2pt"
    assert fields["平均順位"] == "**1.00**" and fields["着順"].startswith("1着 1")
    description = zuno.message.embeds[0]["description"]
    assert description.startswith("対局のスコア（pt）は終了時の持ち点から返し点を引いて千点単位にし、順位のウマ")
    assert description.endswith("合計スコアは集計した対局のスコアの合計、最高スコアはその中の最大値です。")

    # Every variant: one line each, in its own unit, never one sum of points and chips.
    every = await alice.slash(world.channel, "mahjong stats")
    assert every.message is not None
    assert _fields(every.message)["Total score"] == (
        "二色麻雀: **-6,000 points** (best game -6,000 points)\n"
        "ずーの: **+45.2 pt** (best game +45.2 pt)\n"
        "5等三麻: **+12 chips** (best game +12 chips)"
    )
    about = every.message.embeds[0]["description"].splitlines()
    assert [line.split(":")[0] for line in about[:3]] == ["**二色麻雀**", "**ずーの**", "**5等三麻**"]
    assert "**5等三麻**: A game's score is the chips you won or lost in it" in about[2]


def test_every_variant_that_scores_its_own_games_says_what_its_score_is() -> None:
    """A variant whose engine reports its own final scores (``Ending._final_scores``) says in its
    ``ui.py`` how a score reads and what it is; the others are scored by the store against the
    table's average: a new variant with scores of its own fails here until its stats say so."""
    own = {cls.variant for cls in VARIANTS if _scores_its_own_games(cls.game)}
    assert own == {"zuno", "chinitsu", "goto"}
    assert {cls.variant for cls in VARIANTS if has_text(f"stats_score_{cls.variant}")} == own
    assert {cls.variant for cls in VARIANTS if has_text(f"stats_about_{cls.variant}")} == own


def _scores_its_own_games(game: object) -> bool:
    return isinstance(game, type) and issubclass(game, Ending) and game._final_scores is not Ending._final_scores
