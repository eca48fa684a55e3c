"""The sim's check catches what ずーの may leak or lose: a packet, chips, a tile in two places
(its CPU games, checked after every action, are in ``test_games.py``)."""

from __future__ import annotations

import pytest

from bot.engine.sim import check_invariants
from bot.engine.variants.zuno import ZunoGame
from bot.engine.variants.zuno.state import ZunoRiver


def test_the_check_catches_a_leaked_packet_and_lost_chips(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ZunoGame(seed=2)
    assert check_invariants(game, 100_000) == []
    game.chips[0] += 1
    assert any("chips" in problem for problem in check_invariants(game, 100_000))
    # The start player's packet counts as its concealed tiles: were it not, its view would leak it.
    game = ZunoGame(seed=2)
    assert game.seats[0].packet
    monkeypatch.setattr(game, "concealed_tiles", lambda seat: list(game.seats[seat].concealed))
    assert any("seat 0 view shows" in problem for problem in check_invariants(game, 100_000))
    # A tile in two places at once.
    game = ZunoGame(seed=2)
    game.seats[2].river.append(ZunoRiver(game.seats[1].concealed[0], round=1))
    assert any("tiles" in problem for problem in check_invariants(game, 100_000))
