"""The CPU in ずーの: the riichi, plain or イナズマ, and the simultaneous discard phase, where a
discard locked in before another seat's riichi is weighed again once the declaration shows (hands
in tile notation)."""

from __future__ import annotations

from bot.engine.ai import CpuPlayer
from bot.engine.defence import read_threats
from bot.engine.game import Discard, Riichi
from bot.engine.shapes import pack
from bot.engine.variants.zuno import InazumaRiichi, ZunoGame
from tests.engine.rigging import act, find, kind, tile_kind
from tests.engine.test_zuno import RIICHI_READY, ZunoRig, draft, game_with


def _cpu(game: ZunoGame, seat: int) -> CpuPlayer:
    return CpuPlayer(game.shapes, game.tiles, seed=seat)


def _locked_5p_then_riichi() -> ZunoGame:
    # Seat 1 (far from tenpai: isolated junk) drafts 5p and locks it in; seat 0 then declares.
    game = game_with([RIICHI_READY, "", "", ""], draws="7z5p2p3p")
    draft(game, "7z", "5p")
    act(game, 1, Discard, "5p")
    act(game, 0, Riichi, "7z")
    assert game.locked_in(1) and game.public_view().seats[0].riichi
    return game


def test_cpu_far_away_switches_a_locked_5p_for_a_safer_tile_after_a_riichi_in_the_same_round() -> None:
    game = _locked_5p_then_riichi()
    view = game.view(1)
    switch = _cpu(game, 1).reconsider(view, game.legal_actions(1))
    assert isinstance(switch, Discard) and switch in game.legal_actions(1)
    assert game.kinds[switch.tile] != kind("5p")
    # The hand as it would be with the 5p back in it: the switch is the safer tile.
    held = pack(tile.kind for tile in (*view.hand, view.locked) if tile is not None)
    danger = read_threats(view, game.shapes, held)
    assert danger.percent(game.kinds[switch.tile]) < danger.percent(kind("5p"))
    game.apply(switch)
    assert game.seats[1].lock is not None and tile_kind(game, game.seats[1].lock) == game.kinds[switch.tile]


def test_cpu_keeps_its_own_locked_discard_when_nothing_has_changed() -> None:
    game = game_with([RIICHI_READY, "", "", ""], draws="7z5p2p3p")
    draft(game, "7z", "5p")
    cpu = _cpu(game, 1)
    game.apply(cpu.choose(game.view(1), game.legal_actions(1)))
    assert game.locked_in(1)
    assert cpu.reconsider(game.view(1), game.legal_actions(1)) is None


def test_cpu_has_nothing_to_reconsider_before_it_locks_in_5p() -> None:
    game = game_with([RIICHI_READY, "", "", ""], draws="7z5p2p3p")
    draft(game, "7z", "5p")
    assert game.view(1).locked is None
    assert _cpu(game, 1).reconsider(game.view(1), [find(game, 1, Discard, "5p")]) is None


DORA_READY = "23m456p678s55s999p"
"""Tenpai on 1m4m, eight tiles; with 8p as the indicator the 999p are three dora."""


def _riichi_choice(indicator: str, points: list[int] | None = None) -> Riichi:
    rig = ZunoRig(dora=indicator)
    if points:
        rig["points"] = points
    game = game_with([DORA_READY, "", "", ""], draws="7z1p2p3p", **rig)
    draft(game, "7z")
    choice = _cpu(game, 0).choose(game.view(0), game.legal_actions(0))
    assert isinstance(choice, Riichi) and game.kinds[choice.tile] == kind("7z")
    return choice


def test_cpu_declares_inazuma_on_a_two_sided_23m_wait_with_three_dora_999p() -> None:
    # 「打点倍増」: doubling a hand of four han or so outweighs the 9,000 more it may lose.
    assert type(_riichi_choice("8p")) is InazumaRiichi


def test_cpu_declares_a_plain_riichi_on_23m_without_dora() -> None:
    assert type(_riichi_choice("1z")) is Riichi


def test_cpu_never_borrows_the_inazuma_stick_at_9900() -> None:
    # 借りイナズマ that fails busts the seat: the CPU only stakes points it has.
    assert type(_riichi_choice("8p", [9_900, 35_100, 35_000, 35_000])) is Riichi
