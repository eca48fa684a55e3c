"""Each player's auto options: the defaults until changed, remembered per guild and across a
restart (a reopened store), on both backends."""

from __future__ import annotations

import pytest

from bot.storage import AutoOptions, PlayerSeat, Store

SEATS = (PlayerSeat.human(1, "Ann"), PlayerSeat.cpu("CPU"), PlayerSeat.human(2, "Bo"))


async def test_a_player_who_never_changed_an_option_gets_the_defaults(store: Store) -> None:
    assert await store.players.auto_options(7, SEATS) == {
        1: AutoOptions(riichi_discard=True, auto_win=False, no_calls=False),
        2: AutoOptions(),
    }


async def test_auto_options_are_remembered_per_player_per_guild_across_a_restart(store: Store, database: str) -> None:
    mine = AutoOptions(riichi_discard=False, auto_win=True, no_calls=True)
    await store.players.set_auto_options(7, 1, mine)
    await store.players.set_auto_options(7, 1, AutoOptions(riichi_discard=False, auto_win=True, no_calls=False))
    async with Store.open(database) as reopened:
        found = await reopened.players.auto_options(7, SEATS)
        elsewhere = await reopened.players.auto_options(8, SEATS[:1])
    assert found == {1: AutoOptions(riichi_discard=False, auto_win=True, no_calls=False), 2: AutoOptions()}
    assert elsewhere == {1: AutoOptions()}  # another guild keeps its own


def test_an_auto_option_is_true_or_false() -> None:
    with pytest.raises(TypeError, match="auto_win"):
        AutoOptions(auto_win=1)  # type: ignore[arg-type]  # what a caller that mixed up types would pass
