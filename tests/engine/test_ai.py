"""The CPU player's choices on rigged hands (tile strings), beyond "never illegal", which the
simulations check."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.game import Discard, Kan, Pick
from bot.engine.shapes import STANDARD
from bot.engine.tiles import parse_tiles
from bot.engine.variants.chinitsu import ChinitsuGame
from bot.engine.variants.goto import GotoGame
from bot.engine.variants.inage import InageGame
from bot.engine.variants.inage.settings import InageSettings
from bot.engine.variants.nishoku import NishokuGame
from bot.engine.variants.nishoku.settings import NishokuSettings
from bot.engine.variants.zuno import ZunoGame
from bot.engine.variants.zuno.settings import ZunoSettings
from bot.engine.views import SeatView
from tests.engine.rigging import act, kind
from tests.engine.test_defence import NO_RIVER, cpu_choice, river, table
from tests.engine.test_inage import game_with, pass_all


def _cpu_choice(game: InageGame, seat: int = 0) -> object:
    (decision,) = [d for d in game.decisions() if d.seat == seat]
    cpu = CpuPlayer(game.shapes, game.tiles, seed=0)
    return cpu.choose(game.view(seat), decision.actions)


def test_cpu_declares_the_ankan_1111p_that_costs_nothing() -> None:
    # 1111p 234s 567s + 9s: the quad is a set either way, so the kan keeps the hand tenpai.
    game = game_with(["1111p234s567s", "", ""], draws="9s")
    choice = _cpu_choice(game)
    assert isinstance(choice, Kan) and len(choice.tiles) == 4
    assert {game.kinds[tile] for tile in choice.tiles} == {game.kinds[choice.tiles[0]]}


def test_cpu_keeps_1111p_when_a_kan_would_break_123p() -> None:
    # 111p + 123p use all four 1p: a kan would leave a bare 23p and put the hand one step back.
    game = game_with(["1111p23p567s5z", "", ""], draws="6z")
    assert any(isinstance(a, Kan) for a in game.legal_actions(0))
    assert not isinstance(_cpu_choice(game), Kan)  # it discards (here: with riichi)


def test_inage_offers_the_2_han_of_hakuhatsuchun_for_a_7z_after_5z6z_in_the_river() -> None:
    game = _after_5z_6z()
    assert game.view(0).discard_gains == {kind("7z"): 2}


def test_cpu_lays_hakuhatsuchun_5z6z7z_with_its_lone_7z_rather_than_cut_the_2s_it_drew() -> None:
    # 123p 456p 78p 9s 7z + 2s: the 7z (a dragon, kept before a lone 2s) and the 2s are equal in
    # shape; the 7z after 白發 in the river is 白發中, two han when the hand wins.
    game = _after_5z_6z()
    choice = _cpu_choice(game)
    assert isinstance(choice, Discard) and game.kinds[choice.tile] == kind("7z")
    view = dataclasses.replace(game.view(0), discard_gains={})
    (decision,) = [d for d in game.decisions() if d.seat == 0]
    without = CpuPlayer(game.shapes, game.tiles, seed=0).choose(view, decision.actions)
    assert isinstance(without, Discard) and game.kinds[without.tile] == kind("2s")


def _after_5z_6z() -> InageGame:
    """Seat 0 has cut 白 then 發 and drawn a 2s, holding a lone 中."""
    game = game_with(["123p456p56z7z9s", "", ""], draws="8p9p9p7p9p1s2s")
    for tile in ("5z", "6z"):
        act(game, 0, Discard, tile)
        pass_all(game)
        for seat in (1, 2):
            (decision,) = [d for d in game.decisions() if d.seat == seat]
            game.apply(decision.default)
            pass_all(game)
    assert [str(entry.tile) for entry in game.public_view().seats[0].river] == ["5z", "6z"]
    return game


def test_cpu_at_tenpai_waits_on_1s_rather_than_on_the_5p_it_has_discarded_furiten() -> None:
    # 123m 456m 789m 999p with 1s and 5p: either single is a tanki wait. Three 5p are live to
    # two 1s, but a 5p in its own river makes that wait フリテン: tsumo only.
    rivers = [river("5p"), NO_RIVER, river("1s"), NO_RIVER]
    tile, _ = cpu_choice(table("123m456m789m1s5p999p", rivers, riichi=()))
    assert tile == "5p"


def test_cpu_at_tenpai_keeps_the_wider_5p_wait_when_it_is_not_furiten() -> None:
    rivers = [river("2z"), NO_RIVER, river("1s"), NO_RIVER]
    tile, _ = cpu_choice(table("123m456m789m1s5p999p", rivers, riichi=()))
    assert tile == "1s"


# --- what a hand is worth: the game's points table --------------------------------------------

FLAT_PRICES = (0, *[1000] * 13)
"""Every win worth the same: the CPU builds for speed alone."""
CHINITSU_PRICES = ChinitsuGame(seed=1).han_prices


def _discard(hand: str, prices: Sequence[int], *, tiles_left: int = 50, rivers: Sequence[str] = ()) -> str:
    seen = [river(text) for text in rivers] + [NO_RIVER] * (4 - len(rivers))
    view = table(hand, seen, riichi=(), tiles_left=tiles_left)
    tiles = list(view.hand)
    choice = CpuPlayer(STANDARD, tiles, prices=prices).choose(view, [Discard(0, i) for i in range(len(tiles))])
    assert isinstance(choice, Discard)
    return str(tiles[choice.tile])


def test_han_prices_follow_each_games_points_table() -> None:
    # A non-dealer's ron by han: いなげ's 1 han 8, 2-3 12, 4-7 16 (INA-A3); 二色麻雀's one flat table;
    # チンイツゲーム's fu-less 1,000 / 2,000 / 4,000 then 満貫 (CHN-A13); ずーの the usual 40 fu.
    assert InageGame(seed=1).han_prices[:9] == (0, 8, 12, 12, 16, 16, 16, 16, 24)
    assert NishokuGame(seed=1).han_prices[:5] == (0, 1500, 3000, 6000, 9000)
    assert CHINITSU_PRICES[:7] == (0, 1000, 2000, 4000, 8000, 8000, 12000)
    assert ZunoGame(seed=1).han_prices[:5] == (0, 1300, 2600, 5200, 8000)
    game = InageGame(seed=1)
    assert tuple(CpuPlayer.for_game(game, seed=0).prices) == game.han_prices


def test_cpu_at_tenpai_keeps_the_honitsu_123p456p789p111z5z5s_cutting_5s_not_5z() -> None:
    # Either single is a tanki wait, and with a 5z in a river 5s has one live tile more; the 5z
    # wait keeps 混一色.
    rivers = ("2z", "", "5z")
    assert _discard("123p456p789p111z5z5s", CHINITSU_PRICES, rivers=rivers) == "5s"
    assert _discard("123p456p789p111z5z5s", FLAT_PRICES, rivers=rivers) == "5z"


def test_cpu_early_steps_back_from_1244457789p36z88s_cutting_8s_for_the_flush() -> None:
    # Cutting 3z keeps the hand one from tenpai with the 88s pair; cutting 8s is a shanten back
    # but leaves 混一色 (worth 満貫 here instead of 1,000) one 8s away. Late in the wall, speed.
    assert _discard("1244457789p36z88s", CHINITSU_PRICES) == "8s"
    assert _discard("1244457789p36z88s", FLAT_PRICES) == "3z"
    assert _discard("1244457789p36z88s", CHINITSU_PRICES, tiles_left=20) == "3z"


def test_cpu_one_from_tenpai_on_4445567p2337889s_cuts_8s_for_two_sided_waits_not_2s() -> None:
    # Cutting 2s leaves 31 live tiles, 8s 30; but after 2s most of them (3p, 7p, 6s, 8s, 9s...)
    # make a tenpai on one or two live tiles, while after 8s the 233s shape turns 1s/4s and the
    # pinzu draws into two-sided waits: the live tiles the tenpai will have decide, not the count.
    assert _discard("4445567p2337889s", FLAT_PRICES, tiles_left=30) == "8s"


def test_cpu_waits_on_a_furiten_2p5p8p_by_tsumo_but_not_where_furiten_blocks_tsumo_too() -> None:
    # 111m 456m 2345678p 1z with a 2p in its own river: cutting 1z waits on 2p 5p 8p (8 live,
    # フリテン), cutting 2p, 5p or 8p waits on the one live 1z. Where furiten only bars ron the
    # three-sided wait still wins by tsumo, about one tile in three; in チンイツゲーム
    # (「フリテンは一切不可」) it wins nothing, so the tanki it is.
    rivers = [river("2p"), river("1z"), river("1z")]
    view = table("111m456m2345678p1z", rivers, riichi=(), tiles_left=30)
    assert cpu_choice(view)[0] == "1z"
    strict = dataclasses.replace(view, public=dataclasses.replace(view.public, strict_furiten=True))
    assert cpu_choice(strict)[0] in ("2p", "5p", "8p")


def test_chinitsu_tells_its_views_that_furiten_blocks_tsumo() -> None:
    assert ChinitsuGame(seed=1).view(0).public.strict_furiten
    assert not NishokuGame(seed=1).view(0).public.strict_furiten


def one_from_tenpai_against_a_riichi_on_2p(flowers: str, *, stakes: int = 1, flower_dora: bool = True) -> SeatView:
    """2678m124p123678s5z with ``flowers`` set aside, 40 tiles left and a riichi that declared on
    2p: cutting the live 5z (5.5%) keeps the hand one from tenpai; the 2p it let pass is safe
    but puts the hand two away."""
    view = table("2678m124p123678s5z", [NO_RIVER, river("5p9m8m9p7p2p", riichi_at=5), NO_RIVER, NO_RIVER])
    seats = list(view.public.seats)
    seats[0] = dataclasses.replace(seats[0], set_aside=tuple(parse_tiles(flowers)), stakes=stakes)
    public = dataclasses.replace(view.public, seats=tuple(seats), tiles_left=40, flower_dora=flower_dora)
    return dataclasses.replace(view, public=public)


def test_cpu_one_from_tenpai_on_2678m124p123678s5z_pushes_5z_on_flower_dora_but_not_where_flowers_pay_no_han() -> None:
    # Three flowers set aside: as いなげ's 花ドラ they make it a 4-han hand, worth the push; in
    # 5等三麻 (「華牌」 pay chips and turn effects on, no han) it is a 1-han hand, and folds.
    assert cpu_choice(one_from_tenpai_against_a_riichi_on_2p("1f2f3f"))[0] == "5z"
    assert cpu_choice(one_from_tenpai_against_a_riichi_on_2p("1f2f3f", flower_dora=False))[0] == "2p"


def test_goto_tells_its_views_that_flowers_are_no_han() -> None:
    assert not GotoGame(seed=1).view(0).public.flower_dora
    assert InageGame(seed=1).view(0).public.flower_dora


def test_cpu_one_from_tenpai_on_2678m124p123678s5z_pushes_5z_as_the_wareme_seat_but_not_otherwise() -> None:
    # Two flowers: 3 han, 5,200, short of a big hand, so it folds onto the 2p the riichi let
    # pass. As the 割れ目 seat, whose every payment is doubled, the same hand is worth 10,400
    # and pushes the live 5z.
    assert cpu_choice(one_from_tenpai_against_a_riichi_on_2p("1f2f"))[0] == "2p"
    assert cpu_choice(one_from_tenpai_against_a_riichi_on_2p("1f2f", stakes=2))[0] == "5z"


def at_the_final_hand(view: SeatView, points: Sequence[int], *, final: bool = True) -> SeatView:
    """``view`` with the seats at ``points`` (seat 0 is the CPU), at the game's last hand or not."""
    seats = tuple(
        dataclasses.replace(seat, points=score) for seat, score in zip(view.public.seats, points, strict=True)
    )
    return dataclasses.replace(view, public=dataclasses.replace(view.public, seats=seats, final_hand=final))


@pytest.mark.parametrize(
    ("points", "final", "cut"),
    [
        ((20_000, 25_000, 25_000, 30_000), True, "5z"),  # last already: no place to lose
        ((50_000, 15_000, 15_000, 20_000), True, "5z"),  # further ahead than a 満貫 to the riichi swings
        ((30_000, 25_000, 25_000, 20_000), True, "2p"),  # a 満貫 to seat 1 (+8,000 / -8,000) passes it
        ((20_000, 25_000, 25_000, 30_000), False, "2p"),  # hands to come: points lost still count
    ],
)
def test_cpu_at_the_final_hand_pushes_5z_from_2678m124p123678s5z_only_with_no_place_to_lose(
    points: tuple[int, ...], final: bool, cut: str
) -> None:
    # A 1-han hand one from tenpai folds onto the 2p the riichi let pass (see above), unless
    # the standings after this hand are final and no deal-in can change its place.
    view = at_the_final_hand(one_from_tenpai_against_a_riichi_on_2p(""), points, final=final)
    assert cpu_choice(view)[0] == cut


def test_nishoku_and_inage_tell_their_views_which_hand_ends_the_game() -> None:
    assert NishokuGame(NishokuSettings(hands=1), seed=1).view(0).public.final_hand
    assert not NishokuGame(NishokuSettings(hands=2), seed=1).view(0).public.final_hand
    assert InageGame(InageSettings(hands=1), seed=1).view(0).public.final_hand
    assert not InageGame(InageSettings(hands=2), seed=1).view(0).public.final_hand
    assert not InageGame(InageSettings(hands=1, end="score"), seed=1).view(0).public.final_hand
    # ずーの, チンイツゲーム and 5等三麻: in their own tests, where their last hands are dealt.


def test_zuno_tells_its_views_that_the_wareme_seat_pays_and_receives_double() -> None:
    game = ZunoGame(seed=1)
    assert game.wareme is not None
    stakes = [seat.stakes for seat in game.view(0).public.seats]
    assert stakes == [2 if seat == game.wareme else 1 for seat in range(4)]
    assert all(seat.stakes == 1 for seat in ZunoGame(ZunoSettings(wareme=False), seed=1).view(0).public.seats)


def test_cpu_drafting_far_from_tenpai_against_a_riichi_takes_the_genbutsu_9p_over_the_5s_its_46s_wants() -> None:
    # 147m258p46s1357z9m is far from tenpai. Offered 5s (filling 46s) and 9p: with no riichi it
    # takes the 5s; against a riichi that discarded 9p it takes the 9p, a safe tile to cut when
    # every seat discards at once.
    def kept(riichi: bool) -> str:
        rivers = [NO_RIVER] * 4
        rivers[3] = river("1z2z9p8p9s", riichi_at=4 if riichi else None)
        view = table("147m258p46s1357z9m", rivers, riichi=(3,) if riichi else ())
        tiles = [*view.hand, *parse_tiles("5s9p")]
        picks = [Pick(seat=0, tile=len(view.hand)), Pick(seat=0, tile=len(view.hand) + 1)]
        choice = CpuPlayer(STANDARD, tiles).choose(view, picks)
        assert isinstance(choice, Pick)
        return str(tiles[choice.tile])

    assert kept(riichi=True) == "9p"
    assert kept(riichi=False) == "5s"
