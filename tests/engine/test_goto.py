"""5等三麻's game rules, one test per seed line (see docs/rules/goto.md), hands in tile notation.

The yaku, points, chips and dice tables are in ``test_goto_yaku.py``, ``test_goto_points.py`` and
``test_goto_chips.py``; these tests drive the real game: ``rig`` deals chosen tiles, and every
move is one of ``legal_actions``.
"""

from __future__ import annotations

from collections import Counter
from typing import TypedDict

import pytest

from bot.engine.game import Action, Discard, Kan, Pass, Pon, Riichi, Ron, SetAside, Tsumo
from bot.engine.melds import MeldType
from bot.engine.shapes import hand
from bot.engine.tiles import Kind, parse_kinds
from bot.engine.variants import SettingValue
from bot.engine.variants.goto.actions import (
    ContinueGame,
    OpenRiichi,
    RollDice,
    SnakeEyesTwenty,
    SnakeEyesTwo,
    StopGame,
)
from bot.engine.variants.goto.game import GotoGame
from bot.engine.variants.goto.settings import GotoSettings
from bot.engine.views import DrawView, WinView
from tests.engine.rigging import act, discard_drawn, drawn_kind, drawn_tile, has, kind, pass_claims, tsumogiri, win_card

# Junk for the seats a test is not about: 123456789 of a suit makes three sets, and the four lone
# tiles keep the hand two away from tenpai, with no pair to call. Each holds one 1m, 9m, 2z, 3z.
J1 = "1m9m2z3z147p258p369p"
J2 = "1m9m2z3z147s258s369s"

# The dead wall, unless a test rigs its own: the replacement tiles are 發, the two indicators up
# are 東 (dora 南), the three for kans 中 (dora 白), the ura 東 東 中 南 南. With the junk hands'
# 南 every 南 is out, so no hand a test builds holds a dora or an ura dora unless it says so; and
# no flower lies in the dead wall (the tiles a test leaves unrigged come from the top ids: flowers).
RINSHAN = "6z6z6z6z"
DORA = "1z1z7z7z7z"
URA = "1z1z7z2z2z"


def game_with(
    hands: list[str],
    draws: str = "",
    *,
    dealer: int = 0,
    honba: int = 0,
    rinshan: str = RINSHAN,
    dora: str = DORA,
    ura: str = URA,
    seed: int = 1,
    **settings: SettingValue,
) -> GotoGame:
    """A game whose current hand is rigged (the dead wall above unless told), on the default
    settings but for ``settings``."""
    game = GotoGame(GotoSettings.from_json(settings), seed=seed)
    game.rig(hands, draws, rinshan=rinshan, dora=dora, ura=ura, dealer=dealer, honba=honba)
    return game


def claim(game: GotoGame, seat: int, cls: type[Action]) -> None:
    """``seat`` takes its ``cls`` claim; everyone else passes."""
    assert game.phase == "claims"
    act(game, seat, cls)
    pass_claims(game)


def shorten(game: GotoGame, left: int) -> None:
    """Keep only the next ``left`` live tiles (the rest go to the box): a drawn hand comes quickly."""
    wall = game.wall
    wall.box += wall.live[:-left]
    wall.live = wall.live[-left:]


def play_out(game: GotoGame) -> None:
    """Everyone discards what they draw (pulling 北 and flowers) and passes every claim, to the
    end of the hand (and its dice, at their defaults)."""
    hand = game.hand_index
    while game.hand_index == hand and game.outcome() is None:
        if game.phase == "claims":
            pass_claims(game)
            continue
        if game.phase != "turn":
            game.apply(game.decisions()[0].default)
            continue
        seat = game.turn
        drawn = drawn_tile(game, seat)
        if game.is_pulled_kind(game.kinds[drawn]):
            game.apply(SetAside(seat, drawn))
        else:
            game.apply(Discard(seat, drawn))


def roll_all(game: GotoGame) -> None:
    """Take every default while the dice are rolled (each roll; 20 chips on ピンゾロ)."""
    while game.phase == "dice":
        game.apply(game.decisions()[0].default)


def changes(game: GotoGame) -> list[int]:
    """The last hand's point changes."""
    return [game.history[-1][s] - game.history[-2][s] for s in range(3)]


def yaku_of(card: WinView) -> dict[str, int]:
    return {line.name: line.yakuman or line.han for line in card.yaku}


def chip_items(card: WinView | DrawView) -> dict[str, int]:
    return {item.name: item.chips for item in card.chip_items}


def set_points(game: GotoGame, points: list[int]) -> None:
    """Move points so the seats hold ``points`` (they must add up to the same total), as if they
    had started the hand with them."""
    game.ledger.pay([p - q for p, q in zip(points, game.points, strict=True)])
    assert game.points == points
    game.history[-1] = game.hand_start_points = tuple(points)


def chips_conserved(game: GotoGame) -> bool:
    return sum(game.chips) == 0 and game.ledger.balanced


# --- tiles, deal and the dead wall -------------------------------------------------------------------


def test_124_tiles_5p_5s_black_black_red_gold_one_0z_pocchi_four_each_of_1f_2f_3f_4f() -> None:
    game = GotoGame(seed=3)
    assert len(game.tiles) == 124 and len(game.all_tile_locations()) == 124
    counts = Counter(game.kinds)
    assert set(counts.values()) == {4} and len(counts) == 31  # 1m 9m, 1-9p, 1-9s, 7 honours, 4 flowers
    assert not any(counts[k] for k in range(Kind.M1 + 1, Kind.M9))
    for five in (Kind.P5, Kind.S5):
        faces = [tile for tile in game.tiles if tile.kind == five]
        assert (sum(t.red for t in faces), sum(t.gold for t in faces)) == (1, 1)
    assert not any(t.red or t.gold for t in game.tiles if t.kind not in (Kind.P5, Kind.S5))
    assert [t.kind for t in game.tiles if t.pocchi] == [Kind.WHITE]
    assert [counts[k] for k in range(Kind.SPRING, Kind.WINTER + 1)] == [4, 4, 4, 4]


def test_deal_13_each_dealer_draws_a_14th_two_indicators_up_a_dead_wall_of_14() -> None:
    game = GotoGame(seed=5)
    assert [len(seat.concealed) for seat in game.seats] == [14, 13, 13]
    wall = game.wall
    assert (len(wall.rinshan), len(wall.indicators), len(wall.ura)) == (4, 5, 5)
    assert wall.revealed == 2 and len(game.public_view().dora_indicators) == 2
    assert len(wall.live) == 124 - 40 - 14
    assert game.points == [35_000] * 3 and game.round_label == "東1局"


def test_replacement_for_a_pulled_1f_comes_from_the_dead_wall_topped_up_from_the_live_walls_end() -> None:
    game = game_with(["1f123p456p789s11m9s", J1, J2], "5z", rinshan="3s6z6z6z")
    end = game.wall.live[0]
    live = len(game.wall.live)
    act(game, 0, SetAside, "1f")
    assert drawn_kind(game, 0) == Kind.S3
    wall = game.wall
    assert len(wall.rinshan) + len(wall.indicators) + len(wall.ura) == 14
    assert wall.rinshan[0] == end and len(wall.live) == live - 1
    assert game.seats[0].flowers == [Kind.SPRING] and game.public_view().seats[0].set_aside == (
        game.tiles[game.seats[0].set_aside[0]],
    )


# --- 北 and the flowers ------------------------------------------------------------------------------


def test_4z_and_1f_are_never_discardable_each_is_pulled_with_set_aside_and_a_replacement() -> None:
    game = game_with(["4z1f123p456p678s11m", J1, J2], "5z", rinshan="3z8p6z6z")
    assert not has(game, 0, Discard, "4z") and not has(game, 0, Discard, "1f")
    assert has(game, 0, SetAside, "4z") and has(game, 0, SetAside, "1f") and has(game, 0, Discard, "5z")
    act(game, 0, SetAside, "4z")
    assert drawn_kind(game, 0) == Kind.WEST and game.phase == "turn" and game.turn == 0
    act(game, 0, SetAside, "1f")
    assert drawn_kind(game, 0) == Kind.P8
    seat = game.seats[0]
    assert [game.kinds[t] for t in seat.set_aside] == [Kind.NORTH, Kind.SPRING] and seat.river == []
    assert seat.flowers == [Kind.SPRING]


def test_riichi_seat_drawing_2f_may_only_pull_it() -> None:
    game = game_with(["123p456p678s55z99s", J1, J2], "3z2p2s2f", rinshan="8p6z6z6z")
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.SUMMER
    assert [type(a) for a in game.legal_actions(0)] == [SetAside]
    assert game.decisions()[0].default == game.legal_actions(0)[0]


def test_timeout_default_pulls_a_dealt_1f() -> None:
    game = game_with(["1f123p456p678s11m9s", J1, J2], "5z")
    default = game.decisions()[0].default
    assert isinstance(default, SetAside) and game.kinds[default.tile] == Kind.SPRING


def test_timeout_default_keeps_a_dealt_4z_and_discards_the_drawn_tile() -> None:
    game = game_with(["4z123p456p678s11m9s", J1, J2], "5z")
    drawn = game.seats[0].drawn
    assert drawn is not None and game.kinds[drawn] == Kind.WHITE
    assert game.decisions()[0].default == Discard(0, drawn)


def test_timeout_default_pulls_a_drawn_4z_while_another_4z_is_held() -> None:
    game = game_with(["4z123p456p678s11m9s", J1, J2], "4z")
    drawn = game.seats[0].drawn
    assert drawn is not None and game.kinds[drawn] == Kind.NORTH
    assert game.decisions()[0].default == SetAside(0, drawn)


def test_pulled_4z_is_a_dora_and_a_chip_tsumo_123p456p678s11m99s() -> None:
    game = game_with(["4z123p456p678s11m9s", J1, J2], "9s2p2s9s", rinshan="3z6z6z6z")
    act(game, 0, SetAside, "4z")
    act(game, 0, Discard, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    card = win_card(game)
    assert yaku_of(card) == {"門前清自摸和": 1, "抜きドラ": 1}
    # 30 fu 2 han: 1,000 all for a dealer in 4-player, 2,000 all here.
    assert changes(game) == [4_000, -2_000, -2_000]
    assert chip_items(card) == {"北": 2} and game.chips == [2, -1, -1] and chips_conserved(game)


def test_4z_kept_in_hand_is_no_win_123p456p678s55z44z_no_ron_on_5z() -> None:
    game = game_with([J1, "123p456p678s55z44z", J2], "2p5z")
    assert set(game.shapes.waits(game.seats[1].board)) == {Kind.NORTH, Kind.WHITE}
    discard_drawn(game, 0)
    assert game.phase == "turn" and game.turn == 1, "no ron, so no claim window"
    assert game.shapes.is_agari(game.seats[1].board) and not has(game, 1, Tsumo)


def test_no_riichi_on_a_4z_tanki_123p456p678s555z_4z_that_can_never_win() -> None:
    game = game_with(["123p456p678s555z4z", J2, J2], "3z")
    assert game.shapes.is_tenpai(game.seats[0].board - (1 << (4 * Kind.WEST))), "tenpai in shape only"
    assert not has(game, 0, Riichi) and not has(game, 0, OpenRiichi) and has(game, 0, Discard, "3z")


def test_a_4z_tanki_123p456p678s555z_4z_is_noten_at_the_draw() -> None:
    game = _drawn_hand([J2, "123p456p678s555z4z", J2])
    draw = game.last_results[0]
    assert isinstance(draw, DrawView) and draw.tenpai == (False, False, False)
    assert changes(game) == [0, 0, 0]


# 国士無双 waiting on 北 alone; the junk hands here hold no honours, the dead wall none either.
KOKUSHI = "1m9m1p9p1s9s1z2z3z5z6z7z1p"
K1 = "1m9m1s4z147p258p369p"
K2 = "1m9m1s9s147p258p369p"


class DeadWallTiles(TypedDict):
    """A dead wall :func:`game_with` rigs: its replacement tiles, indicators and ura indicators."""

    rinshan: str
    dora: str
    ura: str


SOUZU_DEAD = DeadWallTiles(rinshan="2s2s2s2s", dora="3s3s3s3s4s", ura="4s4s4s5s6s")


def test_4z_kept_in_hand_wins_for_kokushi_tsumo_on_4z() -> None:
    game = game_with([K2, KOKUSHI, K2], "8p8s7s6s4z", **SOUZU_DEAD)
    for seat in (0, 1, 2, 0):
        tsumogiri(game, seat)
    assert drawn_kind(game, 1) == Kind.NORTH and has(game, 1, Tsumo) and has(game, 1, SetAside, "4z")
    act(game, 1, Tsumo)
    roll_all(game)
    assert yaku_of(win_card(game)) == {"国士無双": 1}


def test_riichi_on_kokushi_13_sided_holding_4z_is_offered() -> None:
    game = game_with(["1m9m1p9p1s9s1z2z3z4z5z6z7z", K2, K2], "8p", **SOUZU_DEAD)
    assert has(game, 0, Riichi, "8p")


@pytest.mark.parametrize("nuki_ron", [False, True])
def test_no_ron_on_a_pulled_4z_by_default_nuki_ron_lets_kokushi_take_it(nuki_ron: bool) -> None:
    game = game_with([K1, KOKUSHI, K2], "8p8s7s6s", nuki_ron=nuki_ron, **SOUZU_DEAD)
    for seat in (0, 1, 2):
        tsumogiri(game, seat)
    act(game, 0, SetAside, "4z")
    if not nuki_ron:
        assert game.phase == "turn" and game.turn == 0 and drawn_kind(game, 0) == Kind.S2
        return
    assert game.phase == "claims" and has(game, 1, Ron)
    claim(game, 1, Ron)
    roll_all(game)
    card = win_card(game)
    assert card.winner == 1 and card.from_seat == 0 and yaku_of(card) == {"国士無双": 1}
    assert game.seats[0].set_aside == [] and changes(game) == [-32_000, 32_000, 0]


# --- kans ----------------------------------------------------------------------------------------------


def test_three_kans_1111p_2222p_3333p_each_reveal_an_indicator_then_9999p_has_no_slot_left() -> None:
    game = game_with(["1111p2222p3333p4s", J2, J2], "9p", rinshan="9p9p9p8p")
    for number, face in enumerate(("1p", "2p", "3p"), start=3):
        act(game, 0, Kan, face)
        assert game.wall.revealed == number and len(game.public_view().dora_indicators) == number
        assert drawn_kind(game, 0) == Kind.P9
    assert game.held(0, Kind.P9) == 4 and not game.kan_slot_free()
    assert not has(game, 0, Kan), "「新ドラを表示できない場合は暗槓・明槓ともにできない」"
    assert [meld.type for meld in game.seats[0].melds] == [MeldType.ANKAN] * 3


def test_indicator_slots_3_allow_one_kan_then_no_daiminkan_of_a_discarded_8p_only_a_pon() -> None:
    game = game_with(["1111p234p567p8p9s2s", "888p1m9m3z147s258s6s", J2], "9p", indicator_slots=3)
    act(game, 0, Kan, "1p")
    assert game.wall.revealed == 3 and not game.kan_slot_free()
    act(game, 0, Discard, "8p")
    assert has(game, 1, Pon) and not has(game, 1, Kan)
    fresh = game_with(["1111p234p567p8p9s2s", "888p1m9m3z147s258s6s", J2], "9p")
    act(fresh, 0, Discard, "8p")
    assert has(fresh, 1, Kan), "with a slot free the 大明槓 is offered"


@pytest.mark.parametrize(
    ("tiles", "draw", "allowed"),
    [("1112p456p777p678s", "1p", True), ("1112p456p777p678s", "7p", True), ("2223p567p789p678s", "2p", False)],
)
def test_ankan_after_riichi_if_waits_unchanged_1111p_of_1112p456p777p_rereads_234p_2222p_of_2223p_does_not(
    tiles: str, draw: str, allowed: bool
) -> None:
    # 1112p456p777p678s waits on 2p 3p, and still does after 1111p (2p tanki, or 234p 567p 77p:
    # 「手牌構成変わっても可能」) or 7777p; 2223p567p789p678s waits on 1p 3p 4p, after 2222p on 3p alone.
    game = game_with([tiles, J2, J2], "3z2s2s" + draw)
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == kind(draw)
    assert has(game, 0, Kan) is allowed
    if allowed:
        act(game, 0, Kan)
        assert game.seats[0].melds[0].type is MeldType.ANKAN and game.wall.revealed == 3
        assert drawn_kind(game, 0) == Kind.GREEN and game.seats[0].riichi


def test_no_okurikan_after_riichi_3333p45p789p555z9m_drawing_6p_keeps_the_9m_wait_but_not_the_drawn_tile() -> None:
    # 3333p 456p would wait on 9m as before, but the drawn 6p would stay in the hand: a riichi hand
    # discards what it draws ([baseline] B6), so only a kan of the drawn tile's kind is offered.
    game = game_with(["3333p45p789p555z9m", J2, J2], "3z2s2s6p")
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.P6
    assert game.shapes.waits(hand("3333p45p789p555z9m")) == game.shapes.waits(hand("456p789p555z9m")) == [Kind.M9]
    drawn = game.seats[0].drawn
    assert not has(game, 0, Kan) and drawn is not None and game.legal_actions(0) == (Discard(0, drawn),)


# --- riichi ------------------------------------------------------------------------------------------

# 23p 456p 678s 99s 555z waits on 1p, 4p or 7p; 白 is a yaku, so a ron on it is no 立直のみ出和了.
TENPAI_147P = "23p456p678s99s555z"


def test_riichi_allowed_at_exactly_1000_points_refused_at_0() -> None:
    game = game_with([TENPAI_147P, J2, J2], "3z")
    set_points(game, [1_000, 69_000, 35_000])
    assert has(game, 0, Riichi, "3z") and not has(game, 0, OpenRiichi), "an open riichi needs its 2,000"
    act(game, 0, Riichi, "3z")
    assert game.seats[0].riichi and game.points[0] == 0 and game.deposits == 1_000
    assert game.outcome() is None and game.phase == "turn" and game.turn == 1
    broke = game_with([TENPAI_147P, J2, J2], "3z")
    set_points(broke, [0, 70_000, 35_000])
    assert not has(broke, 0, Riichi) and has(broke, 0, Discard, "3z")


def test_furiten_riichi_on_4p_waiting_1p_4p_7p_is_allowed_no_ron_on_1p_tsumo_on_1p_wins() -> None:
    game = game_with([TENPAI_147P, J2, J2], "4p2s1p1p", furiten_riichi=True)
    assert has(game, 0, Riichi, "4p")
    act(game, 0, Riichi, "4p")
    pass_claims(game)
    assert game.view(0).furiten
    discard_drawn(game, 1)
    assert game.phase == "turn" and game.turn == 2, "furiten: no ron on the 1p"
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.P1 and has(game, 0, Tsumo)


def test_furiten_riichi_off_refuses_riichi_discarding_4p_a_wait_of_23p_and_allows_it_on_3z() -> None:
    game = game_with([TENPAI_147P, J2, J2], "4p2s1p1p", furiten_riichi=False)
    assert not has(game, 0, Riichi, "4p") and has(game, 0, Discard, "4p")
    clean = game_with([TENPAI_147P, J2, J2], "3z2s1p1p", furiten_riichi=False)
    assert has(clean, 0, Riichi, "3z")


@pytest.mark.parametrize("minogashi", [True, False])
def test_minogashi_riichi_passes_a_ron_on_1p_then_rons_the_next_1p_from_another_seat(minogashi: bool) -> None:
    game = game_with([TENPAI_147P, J2, J2], "3z1p1p2s3s1p", riichi_minogashi=minogashi)
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    discard_drawn(game, 1)
    assert has(game, 0, Ron)
    act(game, 0, Pass)
    discard_drawn(game, 2)
    assert game.phase == "turn" and game.turn == 0, "the go-around's furiten: no ron before its own discard"
    tsumogiri(game, 0)
    tsumogiri(game, 1)
    discard_drawn(game, 2)
    # 「立直後の見逃し…あり」 (GTS-A9); riichi_minogashi=False: furiten for the rest of the hand.
    assert has(game, 0, Ron) is minogashi
    if minogashi:
        claim(game, 0, Ron)
        assert win_card(game).from_seat == 2 and "ダブル立直" in yaku_of(win_card(game))


def test_open_riichi_on_23p456p678s99s555z_shows_waits_1p_4p_7p_and_deposits_2000() -> None:
    game = game_with([TENPAI_147P, J2, J2], "3z")
    act(game, 0, OpenRiichi, "3z")
    pass_claims(game)
    assert game.seats[0].riichi and game.seats[0].open_riichi
    assert game.points[0] == 33_000 and game.deposits == 2_000
    public = game.public_view().seats[0]
    assert public.open_waits == (Kind.P1, Kind.P4, Kind.P7) and public.riichi
    # 「待ちのみ開示」: the waits, never the hand.
    assert public.concealed_count == 13 and public.concealed_backs == ()
    other = game.view(1)
    assert other.public.seats[0].open_waits == (Kind.P1, Kind.P4, Kind.P7)
    assert not {Kind.P2, Kind.P3, Kind.P6} & {tile.kind for tile in other.hand}
    assert all(f"'{face}'" not in repr(other) for face in ("2p", "3p", "6p"))


def test_open_riichi_not_offered_as_the_third_riichi() -> None:
    # Seat 1 deals: seats 1 and 2 declare riichi, then seat 0 may only declare a plain one.
    hands = ["111p789s888p99m33z", TENPAI_147P, "123s345s567s11m99p"]
    game = game_with(hands, "2s4s6s", dealer=1)
    act(game, 1, Riichi, "2s")
    pass_claims(game)
    assert has(game, 2, OpenRiichi, "4s"), "the second riichi may be open"
    act(game, 2, Riichi, "4s")
    pass_claims(game)
    assert game.turn == 0 and has(game, 0, Riichi, "6s") and not has(game, 0, OpenRiichi)


def test_open_riichi_is_2_han_on_the_win_card_23p456p678s99s555z_tsumo_1p() -> None:
    game = game_with([TENPAI_147P, J2, J2], "9p9p9p3z8p8p1p")
    for seat in (0, 1, 2):
        tsumogiri(game, seat)
    act(game, 0, OpenRiichi, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    roll_all(game)
    assert yaku_of(win_card(game)) == {"オープン立直": 2, "一発": 1, "門前清自摸和": 1, "役牌 白": 1}


# --- 白ポッチ -------------------------------------------------------------------------------------------

# 23456789p 678s 99s waits on 1p (一気通貫, the 高め), 4p or 7p.
ITTSU_147P = "23456789p678s99s"


def riichi_then_pocchi(*, ippatsu: bool) -> GotoGame:
    """Seat 0 declares riichi on ITTSU_147P and draws 白ポッチ: at once (即ポッチ) or a go-around later."""
    later = "" if ippatsu else "8p8p8p"
    game = game_with([ITTSU_147P, J2, J2], "3z9p9p" + later + "0z")
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    for seat in (1, 2) if ippatsu else (1, 2, 0, 1, 2):
        tsumogiri(game, seat)
    assert game.tiles[drawn_tile(game, 0)].pocchi and game.pocchi_drawn(0)
    return game


def test_riichi_seat_drawing_0z_tsumos_it_as_the_takame_1p_of_23456789p678s99s() -> None:
    game = riichi_then_pocchi(ippatsu=False)
    assert "白ポッチ: tsumo as 1p" in game.view(0).private_note
    act(game, 0, Tsumo)
    card = win_card(game)
    (pocchi,) = [line for line in card.yaku if line.name == "白ポッチ"]
    assert pocchi.detail == "→ 1p" and pocchi.han == 0
    names = yaku_of(card)
    assert names == {"ダブル立直": 2, "門前清自摸和": 1, "平和": 1, "一気通貫": 2, "白ポッチ": 0}
    assert card.win_tile.pocchi and card.limit_name == "跳満"
    # 「白ポッチツモ→1枚」 from each opponent; a dealer's 跳満 tsumo: 7,000 all.
    assert chip_items(card) == {"白ポッチツモ": 2} and game.chips == [2, -1, -1]
    assert changes(game) == [14_000, -7_000, -7_000]


def test_riichi_seat_drawing_0z_times_out_into_the_win_not_a_discard_of_it() -> None:
    game = riichi_then_pocchi(ippatsu=False)
    (decision,) = game.decisions()
    assert decision.default == Tsumo(0) and Discard(0, drawn_tile(game, 0)) in decision.actions


def test_soku_pocchi_3_chips_and_ippatsu_1_from_each_and_a_roll() -> None:
    game = riichi_then_pocchi(ippatsu=True)
    act(game, 0, Tsumo)
    assert game.phase == "dice"
    roll_all(game)
    card = win_card(game)
    assert {"即ポッチ": 6, "一発": 2}.items() <= chip_items(card).items() and "白ポッチツモ" not in chip_items(card)
    assert len(card.dice) >= 1 and chips_conserved(game)


def test_0z_for_a_non_riichi_seat_is_a_plain_white_no_tsumo_on_23456789p678s99s() -> None:
    game = game_with([ITTSU_147P, J2, J2], "3z9p9p0z")
    act(game, 0, Discard, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert game.tiles[drawn_tile(game, 0)].pocchi and not game.pocchi_drawn(0)
    assert not has(game, 0, Tsumo) and has(game, 0, Discard, "5z")


def test_0z_completes_a_non_riichi_5z_tanki_123456789p678s5z_as_a_white() -> None:
    game = game_with(["123456789p678s5z", J2, J2], "3z9p9p0z")
    act(game, 0, Discard, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    card = win_card(game)
    assert card.win_tile.pocchi and "白ポッチ" not in yaku_of(card) and "白ポッチツモ" not in chip_items(card)
    assert yaku_of(card) == {"一気通貫": 2, "門前清自摸和": 1}


# --- the flowers' effects --------------------------------------------------------------------------------


@pytest.mark.parametrize("without_win", [True, False])
def test_spring_1f_with_3f_pays_2_from_each_opponent_at_a_draw_too(without_win: bool) -> None:
    # Seat 1 pulls 春 and 秋: F = 2 flowers, so its one 春 pays it 2 chips from each (GTS-A3).
    game = game_with([J2, "1f3f1m9m147p258p369p", J2], "6p7p8p2s3s", spring_without_win=without_win)
    tsumogiri(game, 0)
    act(game, 1, SetAside, "1f")
    act(game, 1, SetAside, "3f")
    act(game, 1, Discard, "7p")
    pass_claims(game)
    shorten(game, 3)
    play_out(game)
    draw = game.last_results[0]
    assert isinstance(draw, DrawView) and draw.tenpai == (False, False, False)
    assert changes(game) == [0, 0, 0]
    expected = [-2, 4, -2] if without_win else [0, 0, 0]
    assert game.chips == expected and list(draw.chip_changes) == expected
    assert chip_items(draw) == ({"春": 4} if without_win else {})


def _flower_then_tsumo(flower: str, tiles: str, draw: str, win: str, *, dora: str = DORA) -> GotoGame:
    """The dealer holds ``flower`` and ``tiles``, draws ``draw``, pulls the flower at once (a 西 comes
    instead, and goes), the others pass, and the dealer draws ``win`` and tsumos."""
    game = game_with([flower + tiles, J2, J2], draw + "9p9p" + win, rinshan="3z6z6z6z", dora=dora)
    act(game, 0, SetAside, flower)
    act(game, 0, Discard, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    roll_all(game)
    return game


@pytest.mark.parametrize(("flower", "each"), [("1f", 3_000), ("2f", 5_000)])
def test_summer_2f_adds_a_han_below_mangan_tsumo_123456789p678s99s_3_han_to_4(flower: str, each: int) -> None:
    # 一気通貫 and 門前清自摸和 on a 9s tanki: 3 han 30 fu (2,000 all → 3,000 all); with 夏 4 han
    # (3,900 all → 5,000 all): 「満貫以下は1飜増し」.
    game = _flower_then_tsumo(flower, "123456789p78s9s", "6s", "9s")
    assert changes(game) == [2 * each, -each, -each]
    card = win_card(game)
    assert card.han == (3 if flower == "1f" else 4)
    assert yaku_of(card).get("夏") == (None if flower == "1f" else 1)


@pytest.mark.parametrize(("flower", "limit", "each"), [("1f", "満貫", 5_000), ("2f", "跳満", 7_000)])
def test_summer_2f_raises_a_mangan_to_haneman_23406789p678s99s_tsumo_1p(flower: str, limit: str, each: int) -> None:
    # 門前清自摸和, 平和, 一気通貫 and the red 0p: 5 han, 満貫; with 夏 「満貫→跳満」.
    game = _flower_then_tsumo(flower, "23406789p78s99s", "6s", "1p")
    card = win_card(game)
    assert card.limit_name == limit and changes(game) == [2 * each, -each, -each]
    assert ("夏" in yaku_of(card)) is (flower == "2f")


@pytest.mark.parametrize(("flower", "each"), [("1f", 4_000), ("3f", 7_000)])
def test_autumn_3f_makes_red_0p_and_gold_gp_2_han_each_chips_unchanged_340pg67p123s11m78s(
    flower: str, each: int
) -> None:
    # 門前清自摸和, 平和, 赤 and 金 (one dora each): 4 han 20 fu, 3,000 all → 4,000 all; with 秋 the
    # fives are 2 han each: 6 han, 跳満 7,000 all. Their chips stay 1 and 2 (「祝儀は変わらない」).
    game = _flower_then_tsumo(flower, "340pg67p123s11m7s", "8s", "9s")
    card = win_card(game)
    assert changes(game) == [2 * each, -each, -each]
    assert {"赤": 2, "金": 4}.items() <= chip_items(card).items()


def flips(card: WinView) -> list[tuple[str, int, int]]:
    return [(str(flip.tile), flip.matches, flip.chips) for flip in card.flips]


def test_winter_4f_alice_flips_the_next_kan_indicators_first_2_chips_a_tile_closed_north_is_a_miss() -> None:
    # The winning hand 123456789p 678s 99s; the indicators a kan would turn next: 9p, 8s, 北.
    game = _flower_then_tsumo("4f", "123456789p78s9s", "6s", "9s", dora="1z1z9p8s4z")
    card = win_card(game)
    assert card.flip_name == "アリス"
    assert flips(card) == [("9p", 1, 2), ("8s", 1, 2), ("4z", 0, 0)]
    assert chip_items(card)["アリス"] == 8 and chips_conserved(game)


def test_winter_alice_flips_go_on_to_the_rinshan_tiles_then_the_ura_a_non_riichi_winner_never_saw() -> None:
    game = _flower_then_tsumo("4f", "123456789p78s9s", "6s", "9s", dora="1z1z1p2p3p")
    # After the three kan indicators: the replacement tiles (6z: a miss).
    assert flips(win_card(game)) == [("1p", 1, 2), ("2p", 1, 2), ("3p", 1, 2), ("6z", 0, 0)]


@pytest.mark.parametrize("win", ["ippatsu tsumo", "pocchi tsumo"])
def test_winter_half_tulip_after_an_ippatsu_or_a_pocchi_tsumo_counts_a_neighbour_too(win: str) -> None:
    # Riichi on 123456789p 78s 9s; 9p flips 9p and 8p (or 1p), 7s flips 7s and 8s: 2 tiles each, 2 chips a tile.
    game = game_with(
        ["4f123456789p78s9s", J2, J2],
        "6s9p9p" + ("9s" if win == "ippatsu tsumo" else "8p8p8p0z"),
        rinshan="3z6z6z6z",
        dora="1z1z9p7s4z",
    )
    act(game, 0, SetAside, "4f")
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    for seat in (1, 2) if win == "ippatsu tsumo" else (1, 2, 0, 1, 2):
        tsumogiri(game, seat)
    act(game, 0, Tsumo)
    roll_all(game)
    card = win_card(game)
    assert card.flip_name == "半チューリップ"
    assert flips(card) == [("9p", 2, 4), ("7s", 2, 4), ("4z", 0, 0)]
    assert chip_items(card)["アリス"] == 16


def test_soku_pocchi_half_tulip_has_one_stock_a_free_flip_after_the_first_miss() -> None:
    game = game_with(["4f123456789p78s9s", J2, J2], "6s9p9p0z", rinshan="3z6z6z6z", dora="1z1z9p4z7s")
    act(game, 0, SetAside, "4f")
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    roll_all(game)
    card = win_card(game)
    assert [(str(f.tile), f.matches, f.stocked) for f in card.flips][:3] == [
        ("9p", 2, False),
        ("4z", 0, False),
        ("7s", 2, True),
    ]


@pytest.mark.parametrize("shown", [False, True])
def test_flower_2f_shown_as_a_dora_indicator_gives_the_winner_its_summer(shown: bool) -> None:
    game = _flower_then_tsumo("1f", "123456789p78s9s", "6s", "9s", dora="1z2f" if shown else "1z1z")
    each = 5_000 if shown else 3_000
    assert changes(game) == [2 * each, -each, -each]
    assert [str(t) for t in win_card(game).dora_indicators] == (["1z", "2f"] if shown else ["1z", "1z"])


@pytest.mark.parametrize("riichi", [True, False])
def test_flower_2f_under_an_indicator_gives_a_riichi_winner_its_summer_an_ura_nobody_else_sees(riichi: bool) -> None:
    # 123p456p 678s 99p 78p tsumo on 6p; the ura under 東 is 夏: after (double) riichi the 満貫 is a
    # 跳満 (「裏ドラに華牌がめくれると、和了った人に効果発動」); without riichi nobody sees the ura.
    cards = []
    for ura in ("1z1z", "2f1z"):
        game = game_with(["123p456p678s99p78p", J2, J2], "3z2s2s6p", ura=ura)
        act(game, 0, Riichi if riichi else Discard, "3z")
        pass_claims(game)
        tsumogiri(game, 1)
        tsumogiri(game, 2)
        act(game, 0, Tsumo)
        cards.append(win_card(game))
    plain, summer = cards
    assert (plain.limit_name, summer.limit_name) == (("満貫", "跳満") if riichi else ("", ""))
    assert ("夏" in yaku_of(summer)) is riichi
    assert [str(t) for t in summer.ura_indicators] == (["2f", "1z"] if riichi else [])


@pytest.mark.parametrize("fourth", ["pulled", "indicator"])
def test_four_flowers_3f_pulled_roll_the_dice_a_fourth_shown_as_indicator_does_not(fourth: str) -> None:
    if fourth == "pulled":
        game = game_with(["3f3f3f3f123456789p", J2, J2], "7s9p9p5z", rinshan="8s9s5z3z")
    else:
        game = game_with(["3f3f3f123456789p7s", J2, J2], "8s9p9p5z", rinshan="9s5z3z6z", dora="1z3f")
    while has(game, 0, SetAside):
        act(game, 0, SetAside, "3f")
    act(game, 0, Discard, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    assert (game.phase == "dice") is (fourth == "pulled"), "「4華」: four flowers the winner pulled"
    roll_all(game)
    assert yaku_of(win_card(game)) == {"門前清自摸和": 1, "一気通貫": 2}


def test_four_flowers_3f3f3f3f_of_one_season_roll_nothing_when_4_hana_needs_every_season() -> None:
    game = game_with(["3f3f3f3f123456789p", J2, J2], "7s9p9p5z", rinshan="8s9s5z3z", four_flowers_any_season=False)
    while has(game, 0, SetAside):
        act(game, 0, SetAside, "3f")
    act(game, 0, Discard, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    assert game.phase != "dice" and win_card(game).dice == ()


# --- chips -------------------------------------------------------------------------------------------------


def test_red_0p_1_and_gold_gp_2_count_in_an_open_hand_pon_555z_ron_1m() -> None:
    # Seat 1 pons 白, then waits on 1m with 340p g67p 123s: 白, 赤 and 金, 3 han 30 fu, 3,900 → 4,000.
    game = game_with([J1, "55z340pg67p123s1m9s", J2], "5z1m")
    act(game, 0, Discard, "5z")
    claim(game, 1, Pon)
    act(game, 1, Discard, "9s")
    pass_claims(game)
    act(game, 2, Discard, "1m")
    claim(game, 1, Ron)
    card = win_card(game)
    assert yaku_of(card) == {"役牌 白": 1, "赤ドラ": 2}
    assert chip_items(card) == {"赤": 1, "金": 2} and card.chip_changes == (0, 3, -3)
    assert changes(game) == [0, 4_000, -4_000]


def test_sanbaiman_3_chips_from_everyone_even_on_a_ron_double_riichi_chinitsu_123406789p11p23p() -> None:
    # ダブル立直, 清一色, 一気通貫, 平和 and 赤: 12 han, 三倍満 24,000 from the discarder (the stick back); its 3 chips
    # come from both opponents (「三倍満~五倍満の祝儀はロン・ツモに関わらず全員から貰える」), 赤 from the discarder.
    game = game_with([J2, "123406789p11p23p", J2], "8s3z2s9m9m4p")
    tsumogiri(game, 0)
    act(game, 1, Riichi, "3z")
    pass_claims(game)
    for seat in (2, 0, 1):
        tsumogiri(game, seat)
    discard_drawn(game, 2)
    claim(game, 1, Ron)
    card = win_card(game)
    assert card.limit_name == "三倍満" and changes(game) == [0, 24_000, -24_000]
    assert chip_items(card) == {"赤": 1, "三倍満": 6} and card.chip_changes == (-3, 7, -4)
    assert chips_conserved(game)


def test_yakuman_5_chips_from_everyone_on_a_ron_kokushi_13_sided_and_its_2_rolls() -> None:
    thirteen = "1m9m1p9p1s9s1z2z3z4z5z6z7z"
    game = game_with([K2, thirteen, K2], "8p8s7s6s", **SOUZU_DEAD)
    for seat in (0, 1, 2):
        tsumogiri(game, seat)
    act(game, 0, Discard, "9p")
    claim(game, 1, Ron)
    assert game.phase == "dice"
    roll_all(game)
    card = win_card(game)
    assert yaku_of(card) == {"国士無双十三面待ち": 1} and changes(game) == [-32_000, 32_000, 0]
    assert chip_items(card)["役満"] == 10
    rolled = sum(line.chips for line in card.dice)
    assert card.chip_changes == (-5 - rolled, 10 + 2 * rolled, -5 - rolled)
    assert len(card.dice) >= 2, "「フリテンなし国士無双十三面待ち…→2回」"


@pytest.mark.parametrize("riichi", [True, False])
def test_ura_dora_only_for_riichi_1_chip_each_ura_indicator_8p_under_99p(riichi: bool) -> None:
    # 123p456p 678s 99p + 7p8p (waits 6p 9p); the ura indicators 8p 1z make the 99p two ura dora.
    game = game_with(["123p456p678s99p78p", J2, J2], "3z2s2s6p", ura="8p1z")
    act(game, 0, Riichi if riichi else Discard, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    card = win_card(game)
    assert ("裏ドラ" in yaku_of(card)) is riichi
    assert chip_items(card).get("裏ドラ") == (4 if riichi else None)
    assert [str(t) for t in card.ura_indicators] == (["8p", "1z"] if riichi else [])


# --- points, double ron, トビ -------------------------------------------------------------------------

# Seat 0 discards 9m into two 9m tanki: seat 1 (一気通貫, 2 han 40 fu) and seat 2, which declared
# riichi on its first discard the tile before (ダブル立直 and 一発, 3 han 50 fu).
DOUBLE_RON = ["9m9m2z3z147p258p369p", "123p456p789p222s9m", "111s234s567s888s9m"]


def _double_ron(*, dealer: int = 0, honba: int = 0, seat0_points: int | None = None) -> GotoGame:
    game = game_with(DOUBLE_RON, "3z3z3z2p" if dealer == 0 else "3z3z2p", dealer=dealer, honba=honba)
    if seat0_points is not None:
        set_points(game, [seat0_points, 35_000, 70_000 - seat0_points])
    if dealer == 0:
        tsumogiri(game, 0)
    tsumogiri(game, 1)
    act(game, 2, Riichi, "3z")
    pass_claims(game)
    act(game, 0, Discard, "9m")
    assert has(game, 1, Ron) and has(game, 2, Ron)
    act(game, 2, Ron)
    act(game, 1, Ron)
    return game


def test_double_ron_honba_2000_to_both_winners_the_riichi_stick_to_the_kamicha_winner() -> None:
    game = _double_ron(honba=2)
    first, second = win_card(game, 0), win_card(game, 1)
    assert (first.winner, second.winner) == (1, 2), "上家取り: the discarder's 下家 first"
    # 2,600 → 3,000 and 6,400 → 7,000, each with 2 honba of 2,000 (「本場は両方に払う」); seat 2's
    # stick goes to seat 1 (「供託…上家取り」).
    assert first.point_changes == (-7_000, 7_000 + 1_000, 0)
    assert second.point_changes == (-11_000, 0, 11_000)
    assert changes(game) == [-18_000, 8_000, 10_000]
    assert game.deposits == 0 and game.honba == 0 and game.dealer == 1, "the dealer lost: the deal passes"
    assert chip_items(second) == {"一発": 1} and game.chips == [-1, 0, 1]


def test_double_ron_including_the_dealer_keeps_the_deal() -> None:
    game = _double_ron(dealer=1, honba=1)
    assert {win_card(game, n).winner for n in (0, 1)} == {1, 2}
    assert game.dealer == 1 and game.honba == 2 and game.round_label == "東1局"


@pytest.mark.parametrize(("seat0_points", "tobi"), [(10_000, 0), (2_000, 3), (0, 4)])
def test_tobi_below_0_ends_the_game_3_chips_and_1_a_full_10000_to_the_kamicha_winner_0_goes_on(
    seat0_points: int, tobi: int
) -> None:
    # Seat 0 pays 3,000 and 7,000: from 2,000 it is left with -8,000 (3 chips), from 0 with -10,000 (4).
    game = _double_ron(seat0_points=seat0_points)
    assert game.points[0] == seat0_points - 10_000
    items = {item.name: item.chips for item in win_card(game, 0).chip_items}
    if not tobi:
        assert game.outcome() is None and "トビ" not in items, "「0点ちょうどは続行」"
        return
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "トビ"
    assert items["トビ"] == tobi and "トビ" not in {item.name for item in win_card(game, 1).chip_items}
    assert win_card(game, 0).chip_changes == (-tobi, tobi, 0)
    assert chips_conserved(game)


def test_points_are_the_4_player_value_rounded_up_haku_1_han_40_fu_ron_1300_is_2000() -> None:
    game = game_with([J1, "555z123p789p234p9m", J2], "6s6s6s8s")
    for seat in (0, 1, 2):
        tsumogiri(game, seat)
    act(game, 0, Discard, "9m")
    claim(game, 1, Ron)
    card = win_card(game)
    assert (card.han, card.fu, yaku_of(card)) == (1, 40, {"役牌 白": 1})
    assert changes(game) == [-2_000, 2_000, 0]


@pytest.mark.parametrize(
    ("honba", "honba_points", "moved"),
    [(0, 2_000, [-3_000, 5_000, -2_000]), (1, 2_000, [-4_000, 7_000, -3_000]), (1, 1_000, [-3_500, 6_000, -2_500])],
)
def test_tsumo_1000_added_per_payer_child_1000_2000_is_2000_3000_honba_1000_each(
    honba: int, honba_points: int, moved: list[int]
) -> None:
    # 一気通貫 and 門前清自摸和 on a 9s tanki, 3 han 30 fu: 1,000-2,000 in 4-player; the honba's
    # value is a setting (half of it from each tsumo payer).
    game = game_with([J1, "123456789p678s9s", J2], "4s4s4s8p9s", honba=honba, honba_points=honba_points)
    for seat in (0, 1, 2, 0):
        tsumogiri(game, seat)
    act(game, 1, Tsumo)
    assert changes(game) == moved


# Each seat discards a simple twice (no 流し), then the wall is empty.
DRAW_TILES = "8p2s3s8p2s3s"


def _drawn_hand(hands: list[str]) -> GotoGame:
    game = game_with(hands, DRAW_TILES)
    shorten(game, len(parse_kinds(DRAW_TILES)) - 1)
    play_out(game)
    return game


@pytest.mark.parametrize(
    ("hands", "moved"),
    [
        ([J1, TENPAI_147P, J2], [-2_000, 4_000, -2_000]),
        (["123s456s789s11m99m", TENPAI_147P, J1], [2_000, 2_000, -4_000]),
    ],
)
def test_noten_4000_to_the_field_and_the_noten_dealer_keeps_the_deal(hands: list[str], moved: list[int]) -> None:
    game = _drawn_hand(hands)
    draw = game.last_results[0]
    assert isinstance(draw, DrawView) and sum(draw.tenpai) == (1 if moved[0] < 0 else 2)
    assert changes(game) == moved
    assert game.dealer == 0 and game.honba == 1 and game.round_label == "東1局", "「親はノーテンでも続行」"


def test_nagashi_every_discard_yaochu_none_called_is_a_yakuman_tsumo_5_chips_all_the_dealer_stays() -> None:
    # Seat 1 discards only 1p and 9p; the others discard simples.
    game = game_with([J2, "1m9m3z5z147p258p369p", J2], "8p1p3s8p9p2s")
    shorten(game, 5)
    play_out(game)
    card = win_card(game)
    assert card.winner == 1 and "流し" in yaku_of(card)
    assert changes(game) == [-17_000, 26_000, -9_000], "a child's 役満 tsumo: 9,000-17,000"
    rolled = sum(line.chips for line in card.dice)
    assert len(card.dice) >= 1 and card.chip_changes == (-5 - rolled, 10 + 2 * rolled, -5 - rolled)
    assert game.dealer == 0 and game.honba == 1 and chips_conserved(game)


# --- the dice -------------------------------------------------------------------------------------------------


def _soku_pocchi_won(seed: int = 1) -> GotoGame:
    """Seat 0's 即ポッチ tsumo: one roll (「即ポッチ…→1回」), waiting in phase ``dice``."""
    game = game_with([ITTSU_147P, J2, J2], "3z9p9p0z", seed=seed)
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Tsumo)
    return game


def test_dice_a_win_with_rolls_waits_in_phase_dice_for_the_winners_roll_which_pays_its_pips_from_each() -> None:
    game = _soku_pocchi_won(seed=2)
    assert game.phase == "dice" and game.last_results == ()
    (decision,) = game.decisions()
    assert decision.seat == 0 and decision.actions == (RollDice(0),) and decision.default == RollDice(0)
    assert game.legal_actions(1) == () and "🎲" in game.public_view().note
    paid = list(game.chips)
    game.apply(RollDice(0))
    card = win_card(game)
    (line,) = card.dice
    assert line.chips == sum(line.dice) and line.dice[0] != line.dice[1], "GTS-A1: the pip total"
    assert [game.chips[s] - paid[s] for s in range(3)] == [2 * line.chips, -line.chips, -line.chips]
    assert game.phase == "turn" and game.hand_index == 1 and chips_conserved(game)


def test_dice_the_same_seed_and_actions_roll_the_same() -> None:
    rolls = []
    for seed in (7, 7, 8):
        game = _soku_pocchi_won(seed)
        roll_all(game)
        rolls.append([line.dice for line in win_card(game).dice])
    assert rolls[0] == rolls[1] and rolls[0] != rolls[2]


class LoadedDice:
    """An RNG whose ``randint`` gives the planned dice of one roll."""

    def __init__(self, dice: tuple[int, int]) -> None:
        self.dice = list(dice)

    def randint(self, low: int, high: int) -> int:
        return self.dice.pop(0)


def test_dice_doubles_3_3_roll_again(monkeypatch: pytest.MonkeyPatch) -> None:
    planned = [(3, 3), (2, 5)]
    monkeypatch.setattr(GotoGame, "_dice_rng", lambda game, win: LoadedDice(planned[len(win.run.rolls)]))
    game = _soku_pocchi_won()
    game.apply(RollDice(0))
    assert game.phase == "dice", "「ゾロ目の場合続行」"
    game.apply(RollDice(0))
    assert [(line.dice, line.chips) for line in win_card(game).dice] == [((3, 3), 6), ((2, 5), 7)]


@pytest.mark.parametrize(("choice", "lines"), [(SnakeEyesTwenty, [20, 5]), (SnakeEyesTwo, [2, 5, 9])])
def test_dice_snake_eyes_1_1_offers_20_chips_and_a_roll_or_2_chips_and_two_rolls_twenty_by_default(
    monkeypatch: pytest.MonkeyPatch, choice: type, lines: list[int]
) -> None:
    planned = [(1, 1), (2, 3), (4, 5)]
    monkeypatch.setattr(GotoGame, "_dice_rng", lambda game, win: LoadedDice(planned[len(win.run.rolls)]))
    game = _soku_pocchi_won()
    game.apply(RollDice(0))
    assert game.phase == "dice" and "ピンゾロ" in game.public_view().note
    (decision,) = game.decisions()
    assert decision.actions == (SnakeEyesTwenty(0), SnakeEyesTwo(0)) and decision.default == SnakeEyesTwenty(0)
    paid = list(game.chips)
    game.apply(choice(0))
    roll_all(game)
    card = win_card(game)
    assert [line.chips for line in card.dice] == lines and card.dice[0].dice == (1, 1)
    assert [game.chips[s] - paid[s] for s in range(3)] == [2 * sum(lines), -sum(lines), -sum(lines)]


# --- the game -----------------------------------------------------------------------------------------------

# 白 on a 9m tanki: 1 han 40 fu, 1,300 → 2,000 (a dealer's 2,000 too).
HAKU_9M = "555z123p789p234p9m"


def _last_hand(
    wind: Kind,
    points: list[int] | None = None,
    hands: list[str] | None = None,
    draws: str = "6s6s6s8s8s8s",
    *,
    sudden_death: bool = GotoSettings.sudden_death,
) -> GotoGame:
    """The wind round's 3局 (seat 2 deals), by default with HAKU_9M in seat 0 and J1 (a 9m) in seat 1."""
    game = game_with(hands or [HAKU_9M, J1, J2], draws, dealer=2, sudden_death=sudden_death)
    game.round_wind = wind
    game.round_hand = 2
    game.south_entered = wind != Kind.EAST
    if points is not None:
        set_points(game, points)
    assert game.oorasu and game.round_label == "東南西北"[wind - Kind.EAST] + "3局"
    return game


@pytest.mark.parametrize(
    ("wind", "points", "sudden_death", "final"),
    [
        # GTS-A11's sudden death: on (the default) but in the last row.
        (Kind.EAST, [40_000, 32_000, 33_000], True, True),  # the top has 40,000: East's end ends the game
        (Kind.EAST, [35_000, 35_000, 35_000], True, False),  # 南入 follows
        (Kind.SOUTH, [35_000, 35_000, 35_000], True, False),  # GTS-A11: West follows
        (Kind.SOUTH, [35_000, 35_000, 35_000], False, True),
    ],
)
def test_oorasu_is_the_final_hand_its_views_say_only_when_the_round_end_ends_the_game(
    wind: Kind, points: list[int], sudden_death: bool, final: bool
) -> None:
    game = _last_hand(wind, points, sudden_death=sudden_death)
    assert game.view(0).public.final_hand is final
    assert not game_with([HAKU_9M, J1, J2]).view(0).public.final_hand, "東1局"


def _child_ron(game: GotoGame) -> None:
    """Seat 0 rons seat 1's 9m after a go-around (no 人和)."""
    for seat in (2, 0, 1, 2, 0):
        tsumogiri(game, seat)
    act(game, 1, Discard, "9m")
    claim(game, 0, Ron)
    assert changes(game) == [2_000, -2_000, 0]


@pytest.mark.parametrize(("top", "ends"), [(37_000, False), (40_000, True)])
def test_east_only_when_the_top_has_40000_after_east_3_else_south(top: int, ends: bool) -> None:
    game = _last_hand(Kind.EAST, [top - 2_000, 35_000, 105_000 - top - 33_000])
    _child_ron(game)
    outcome = game.outcome()
    if ends:
        assert outcome is not None and outcome.reason == "終局"
    else:
        assert outcome is None and game.round_label == "南1局" and game.dealer == 0 and game.honba == 0


@pytest.mark.parametrize(("seat1", "ends"), [(35_000, False), (36_000, True)])
def test_south_ends_as_soon_as_someone_has_40000_even_by_the_noten_payment(seat1: int, ends: bool) -> None:
    game = game_with([J1, TENPAI_147P, J2], DRAW_TILES)
    game.round_wind = Kind.SOUTH
    game.south_entered = True
    set_points(game, [35_000, seat1, 70_000 - seat1])
    shorten(game, len(parse_kinds(DRAW_TILES)) - 1)
    play_out(game)
    assert game.points[1] == seat1 + 4_000
    outcome = game.outcome()
    if ends:
        assert outcome is not None and outcome.reason == "終局"
    else:
        assert outcome is None and game.round_label == "南1局" and game.honba == 1


@pytest.mark.parametrize("sudden_death", [True, False])
def test_south_3_ending_with_nobody_at_40000_goes_on_to_west_as_sudden_death(sudden_death: bool) -> None:
    game = _last_hand(Kind.SOUTH, sudden_death=sudden_death)
    _child_ron(game)
    outcome = game.outcome()
    if sudden_death:
        assert outcome is None and game.round_label == "西1局" and game.dealer == 0
    else:
        assert outcome is not None and outcome.reason == "終局"


def test_sudden_death_after_north_3_goes_on_in_east_where_40000_still_ends_the_game_at_once() -> None:
    game = _last_hand(Kind.NORTH)
    _child_ron(game)
    assert game.outcome() is None and game.round_label == "東1局"
    # The fifth wind round is sudden death too: seat 1 reaches 40,000 by the no-ten payment.
    game.rig([J1, TENPAI_147P, J2], DRAW_TILES, rinshan=RINSHAN, dora=DORA, ura=URA)
    set_points(game, [33_000, 36_000, 36_000])
    shorten(game, len(parse_kinds(DRAW_TILES)) - 1)
    play_out(game)
    outcome = game.outcome()
    assert game.points[1] == 40_000 and outcome is not None and outcome.reason == "終局"


def _dealer_wins_east_3(points: list[int]) -> GotoGame:
    """東3局: the dealer (seat 2, HAKU_9M) rons seat 0's 9m at once: 2,000."""
    game = _last_hand(Kind.EAST, points, hands=[J1, J2, HAKU_9M])
    tsumogiri(game, 2)
    act(game, 0, Discard, "9m")
    claim(game, 2, Ron)
    assert changes(game) == [-2_000, 0, 2_000]
    return game


@pytest.mark.parametrize(
    ("points", "default"), [([35_000, 35_000, 35_000], StopGame), ([40_000, 32_000, 33_000], ContinueGame)]
)
def test_oorasu_dealer_win_asks_stop_or_continue_stop_by_default_only_when_top(
    points: list[int], default: type
) -> None:
    game = _dealer_wins_east_3(points)
    assert game.phase == "stop" and game.outcome() is None
    (decision,) = game.decisions()
    assert decision.seat == 2 and set(decision.actions) == {StopGame(2), ContinueGame(2)}
    assert decision.default == default(2), "「何着でも辞めあり・トップでも続行可能」"


def test_oorasu_continue_keeps_the_deal_in_east_3_with_a_honba() -> None:
    game = _dealer_wins_east_3([45_000, 30_000, 30_000])
    game.apply(ContinueGame(2))
    assert game.outcome() is None and game.round_label == "東3局" and game.dealer == 2 and game.honba == 1


@pytest.mark.parametrize(("points", "after"), [([35_000, 35_000, 35_000], "南1局"), ([30_000, 35_000, 40_000], "")])
def test_oorasu_stop_ends_the_wind_round_south_if_the_top_is_below_40000(points: list[int], after: str) -> None:
    game = _dealer_wins_east_3(points)
    game.apply(StopGame(2))
    outcome = game.outcome()
    if after:
        assert outcome is None and game.round_label == after and game.dealer == 0 and game.honba == 0
    else:
        assert outcome is not None and outcome.reason == "あがりやめ" and game.points[2] == 42_000


def test_oorasu_no_stop_after_a_draw_the_dealer_plays_on() -> None:
    game = _last_hand(Kind.EAST, hands=[J1, J2, TENPAI_147P], draws=DRAW_TILES)
    shorten(game, len(parse_kinds(DRAW_TILES)) - 1)
    play_out(game)
    assert isinstance(game.last_results[0], DrawView) and game.phase == "turn"
    assert game.round_label == "東3局" and game.dealer == 2 and game.honba == 1


@pytest.mark.parametrize(
    ("before", "chips"),
    [
        ([48_000, 42_000, 15_000], [15, 0, -15]),
        ([58_000, 32_000, 15_000], [20, -5, -15]),
        ([88_000, 12_000, 5_000], [20 + 2 * 4, -5 - 4, -15 - 4]),
    ],
)
def test_final_rank_payout_15_0_minus15_or_20_minus5_minus15_and_the_80000_top_bonus_final_scores_are_chips(
    before: list[int], chips: list[int]
) -> None:
    # Seat 0 wins 2,000 from seat 1 and East ends (the top has 40,000). With 2nd at 40,000 or more
    # 「15枚-0枚-▲15枚」, else 「20枚-▲5枚-▲15枚」; a top of 90,000 takes 3 + 1 from each (「80,000点以上トップ」).
    game = _last_hand(Kind.EAST, before)
    _child_ron(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "終局" and outcome.placements == (1, 2, 3)
    assert game.chips == chips and outcome.final_scores == tuple(float(c) for c in chips)
    assert chips_conserved(game)
