"""The CPU in チンイツゲーム on rigged hands: it pulls 北, makes and grows its kans when they cost
nothing (and the forced one), and folds against a riichi."""

from __future__ import annotations

from bot.engine.ai import CpuPlayer
from bot.engine.game import Action, Discard, Kan, Pass, Riichi, SetAside
from bot.engine.melds import MeldType
from bot.engine.tiles import Kind
from bot.engine.variants.chinitsu import ChinitsuGame


def cpu_move(game: ChinitsuGame, seat: int) -> Action:
    (decision,) = [d for d in game.decisions() if d.seat == seat]
    return CpuPlayer(game.shapes, game.tiles, seed=seat).choose(game.view(seat), decision.actions)


def test_cpu_pulls_north_4z_rather_than_discarding() -> None:
    game = ChinitsuGame(seed=1)
    game.rig(["123p456p789p11z4z9m", "1199m123456789p", "2233445566778p"], draws="3z")
    move = cpu_move(game, 0)
    assert isinstance(move, SetAside) and game.kinds[move.tile] == Kind.NORTH


def test_cpu_kans_1111p_then_adds_the_5th_1p_it_must_add() -> None:
    # 1111p 234p 567p 9p 55z with a fifth 1p drawn: the kan of four costs nothing; after the
    # replacement the 1p left in hand is not the tile just drawn, so it must join the kan.
    game = ChinitsuGame(seed=1)
    game.rig(["1111p234p567p9p55z", "1199m123456789p", "2233445566778p"], draws="1p", rinshan="9m9m")
    first = cpu_move(game, 0)
    assert isinstance(first, Kan) and len(first.tiles) == 4
    game.apply(first)
    assert all(isinstance(action, Kan) for action in game.legal_actions(0))
    second = cpu_move(game, 0)
    assert isinstance(second, Kan) and len(second.tiles) == 1
    game.apply(second)
    (kan,) = game.seats[0].melds
    assert kan.type is MeldType.ANKAN and len(kan.tiles) == 5


def test_cpu_folds_with_the_riichi_players_own_tile_when_two_away() -> None:
    # Seat 0 declares riichi cutting 6z; seat 1, far from tenpai, breaks its 66z pair to follow
    # suit rather than cut one of its lone honours (which an attacking hand would).
    game = ChinitsuGame(seed=1)
    game.rig(["123p456p789p11m99m", "1m9m45p66z1z2z3z5z7p8p9p", "2233445566778p"], draws="6z2p")
    riichi = next(a for a in game.legal_actions(0) if isinstance(a, Riichi) and game.kinds[a.tile] == Kind.GREEN)
    game.apply(riichi)
    for seat in (1, 2):
        if any(isinstance(a, Pass) for a in game.legal_actions(seat)):
            game.apply(Pass(seat))
    move = cpu_move(game, 1)
    assert isinstance(move, Discard) and game.kinds[move.tile] == Kind.GREEN
