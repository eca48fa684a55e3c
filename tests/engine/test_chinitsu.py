"""チンイツゲーム's game rules, one test per seed line (see docs/rules/chinitsu.md), hands in tile notation.

The scoring tables are in ``test_chinitsu_yaku.py`` and ``test_chinitsu_calc.py``; these tests drive
the real game: ``rig`` deals chosen tiles, and every move is one of ``legal_actions``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.game import Action, Discard, Kan, Pass, Pon, Riichi, Ron, SetAside, Tsumo
from bot.engine.melds import MeldType
from bot.engine.tiles import Back, Kind, Suit, kind_of, parse_kinds, suit_of
from bot.engine.variants import SettingValue
from bot.engine.variants.chinitsu.game import ChinitsuGame
from bot.engine.variants.chinitsu.settings import ChinitsuSettings
from bot.engine.views import WinView
from tests.engine.rigging import (
    act,
    discard_drawn,
    draw_card,
    drawn_kind,
    drawn_tile,
    has,
    kind,
    pass_claims,
    tsumogiri,
    win_card,
)

# Junk for the seats a test is not about: 123456789p makes three sets, and the four lone
# yaochū tiles keep the hand two away from tenpai, with no pair to call. Each holds one 1m and one 9m.
J1 = "1m9m2z3z147p258p369p"
J2 = "1m9m5z6z147p258p369p"


def game_with(
    hands: list[str],
    draws: str = "",
    *,
    dealer: int = 0,
    honba: int = 0,
    rinshan: str = "",
    dora: str = "7z",
    ura: str = "",
    **settings: SettingValue,
) -> ChinitsuGame:
    """A game whose current hand is rigged (the dora indicator 7z points at 5z unless told), on
    the default settings but for ``settings``."""
    game = ChinitsuGame(ChinitsuSettings.from_json(settings), seed=1)
    game.rig(hands, draws, rinshan=rinshan, dora=dora, ura=ura, dealer=dealer, honba=honba)
    return game


def claim(game: ChinitsuGame, seat: int, cls: type[Action]) -> None:
    """``seat`` takes its ``cls`` claim; everyone else passes."""
    assert game.phase == "claims"
    act(game, seat, cls)
    pass_claims(game)


def shorten(game: ChinitsuGame, left: int) -> None:
    """Keep only the next ``left`` live tiles (the rest go to the box): a drawn hand comes quickly."""
    wall = game.wall
    wall.box += wall.live[:-left]
    wall.live = wall.live[-left:]


def play_out(game: ChinitsuGame) -> None:
    """Everyone discards what they draw (pulling a North) and passes every claim, to the end of the hand."""
    hand = game.hand_index
    while game.hand_index == hand and game.outcome() is None:
        if game.phase == "claims":
            pass_claims(game)
            continue
        seat = game.turn
        drawn = drawn_tile(game, seat)
        if game.kinds[drawn] == Kind.NORTH:
            act(game, seat, SetAside, "4z")
        else:
            game.apply(Discard(seat, drawn))


def souzu(hand: str) -> str:
    """The same hand in souzu, for the second hand of a game."""
    return hand.replace("p", "s")


def changes(game: ChinitsuGame) -> list[int]:
    """The last hand's point changes."""
    return [game.history[-1][s] - game.history[-2][s] for s in range(3)]


# --- tiles and deal ---------------------------------------------------------------------------------


def test_hand_plays_108_of_180_tiles_1m_9m_honours_x4_the_suit_x8_the_other_suit_in_the_box() -> None:
    game = ChinitsuGame(seed=2)
    assert len(game.tiles) == 180
    box = set(game.wall.box)
    playing = [tile for tile in game.all_tile_locations() if tile not in box]
    assert len(playing) == 108 and len(box) == 72
    counts = Counter(game.kinds[tile] for tile in playing)
    assert len(counts) == 18
    assert all(counts[k] == 4 for k in (Kind.M1, Kind.M9, *range(Kind.EAST, Kind.RED + 1)))
    assert all(counts[kind_of(Suit.PIN, rank)] == 8 for rank in range(1, 10))
    assert {suit_of(game.kinds[tile]) for tile in box} == {Suit.SOU}
    assert Counter(game.kinds[tile] for tile in box) == {kind_of(Suit.SOU, rank): 8 for rank in range(1, 10)}
    # 13 each, the dealer's 14th, and a dead wall of 14.
    assert [len(seat.concealed) for seat in game.seats] == [14, 13, 13]
    assert len(game.wall.live) == 108 - 40 - 14


def _suits_of_hands(game: ChinitsuGame, hands: int) -> list[str]:
    suits: list[str] = []
    while len(suits) < hands:
        hand = game.hand_index
        dealt = {suit_of(game.kinds[t]) for seat in game.seats for t in seat.concealed} - {Suit.MAN, Suit.HONOR}
        assert len(dealt) <= 1
        assert game.suit.value in game.round_label or "筒子" in game.round_label or "索子" in game.round_label
        suits.append(game.suit.value)
        shorten(game, 3)
        play_out(game)
        assert game.hand_index == hand + 1
    return suits


def test_suit_alternates_p_s_every_hand_dealt_from_pinzu_and_first_suit_setting() -> None:
    assert _suits_of_hands(ChinitsuGame(seed=4), 4) == ["p", "s", "p", "s"]
    assert _suits_of_hands(ChinitsuGame(ChinitsuSettings(first_suit="s"), seed=4), 3) == ["s", "p", "s"]
    firsts = {ChinitsuGame(ChinitsuSettings(first_suit="random"), seed=seed).suit for seed in range(12)}
    assert firsts == {Suit.PIN, Suit.SOU}
    assert ChinitsuGame(seed=0).round_label == "東1局・筒子"


def test_every_5p_and_5s_is_red_eight_each() -> None:
    game = ChinitsuGame(seed=0)
    for five in (Kind.P5, Kind.S5):
        fives = [tile for tile in game.tiles if tile.kind == five]
        assert len(fives) == 8 and all(tile.red for tile in fives)
    assert not any(tile.red for tile in game.tiles if tile.kind not in (Kind.P5, Kind.S5))


def test_backs_of_standing_hands_and_wall_are_public_by_default_hidden_with_backs_public_false() -> None:
    game = game_with(["B1112345678999p", "Y1112345678999p", J1])
    public = game.public_view()
    for seat in range(3):
        expected = Counter(game.tiles[t].back for t in game.seats[seat].concealed)
        assert Counter(public.seats[seat].concealed_backs) == expected
    assert set(public.seats[0].concealed_backs) == {Back.BLUE}
    assert set(public.seats[1].concealed_backs) == {Back.YELLOW}
    # The wall's backs, in draw order.
    assert public.wall_backs == tuple(game.tiles[t].back for t in reversed(game.wall.live))
    assert game.view(2).public.wall_backs == public.wall_backs
    hidden = game_with(["B1112345678999p", "Y1112345678999p", J1], backs_public=False).public_view()
    assert hidden.wall_backs == () and all(seat.concealed_backs == () for seat in hidden.seats)


def test_faces_of_concealed_tiles_are_never_in_another_seats_view() -> None:
    # Only seat 0 holds 中 (7z): it shows in seat 0's view and in no other seat's.
    game = game_with(["1112345678p77z9m", J2, J1], "7z", dora="1z")
    assert "7z" in repr(game.view(0))
    for seat in (1, 2):
        view = game.view(seat)
        assert "7z" not in repr(view) and view.drawn is None
        assert Counter(view.hand) == Counter(game.tiles[t] for t in game.seats[seat].concealed)
        seat0 = view.public.seats[0]
        assert seat0.concealed_count == 14 and seat0.river == () and seat0.melds == ()
        assert all(isinstance(back, Back) for back in seat0.concealed_backs)


def test_three_players_35000_to_start_seats_east_south_west() -> None:
    with pytest.raises(ValueError, match="exactly 3 players"):
        ChinitsuGame(players=4)
    game = ChinitsuGame(seed=0)
    assert game.points == [35_000] * 3
    assert [game.seat_wind(s) for s in range(3)] == [Kind.EAST, Kind.SOUTH, Kind.WEST]


# --- riichi ---------------------------------------------------------------------------------------------

# Riichi on 7z leaves 123456789p 111z 9m, waiting on 9m alone.
RIICHI_HAND = "123p456p789p111z9m"


def test_riichi_allowed_at_exactly_1000_points_and_not_below_its_stick_a_1000_deposit() -> None:
    game = game_with([RIICHI_HAND, J1, J2], "7z")
    game.ledger.pay([-34_000, 34_000, 0])
    assert game.points[0] == 1_000 and has(game, 0, Riichi, "7z")
    act(game, 0, Riichi, "7z")
    assert game.seats[0].riichi and game.points[0] == 0 and game.deposits == 1_000
    # CHN-A8: a bust is only checked when the hand is settled, so play goes on.
    assert game.outcome() is None and game.phase == "turn" and game.turn == 1
    poorer = game_with([RIICHI_HAND, J1, J2], "7z")
    poorer.ledger.pay([-34_100, 34_100, 0])
    assert not has(poorer, 0, Riichi) and has(poorer, 0, Discard, "7z")


def _after_first_discard(riichi: bool) -> ChinitsuGame:
    # Seat 0 waits on 7z or 9m (a 77z 99m shanpon); seat 1 then discards 7z.
    game = game_with(["123p456p789p77z99m", J1, J2], "1z7z1z2p")
    act(game, 0, Riichi if riichi else Discard, "1z")
    pass_claims(game)
    discard_drawn(game, 1)  # claims left open for the test
    return game


def test_no_pon_of_7z_after_riichi_and_riichi_cannot_be_undone() -> None:
    dama = _after_first_discard(riichi=False)
    assert has(dama, 0, Pon) and has(dama, 0, Ron)
    game = _after_first_discard(riichi=True)
    assert has(game, 0, Ron) and not has(game, 0, Pon) and not has(game, 0, Kan)
    pass_claims(game)
    tsumogiri(game, 2)
    # On its turn a riichi hand discards what it drew: no other discard, no second riichi.
    drawn = game.seats[0].drawn
    assert game.turn == 0 and drawn is not None and game.seats[0].riichi
    assert game.legal_actions(0) == (Discard(0, drawn),)


@pytest.mark.parametrize(("draw", "allowed"), [("1p", False), ("1z", True)])
def test_kan_after_riichi_only_if_waits_unchanged_1111p_changes_2p3p_1111z_does_not(draw: str, allowed: bool) -> None:
    # After riichi on 7z: 1112p 456789p 111z waits on 2p or 3p. 1111p would leave a 2p tanki.
    game = game_with(["1112456789p111z", J1, J2], "7z6z3z" + draw, rinshan="2z")
    act(game, 0, Riichi, "7z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert game.turn == 0 and drawn_kind(game, 0) == kind(draw)
    assert has(game, 0, Kan) is allowed
    if allowed:
        act(game, 0, Kan)
        assert game.seats[0].melds[0].type is MeldType.ANKAN and game.wall.revealed == 2
        assert drawn_kind(game, 0) == Kind.SOUTH


def test_no_okurikan_after_riichi_3333p45p789p555z9m_drawing_6p_keeps_the_9m_wait_but_not_the_drawn_tile() -> None:
    # 3333p 456p would wait on 9m as before, but the drawn 6p would stay in the hand: a riichi hand
    # discards what it draws ([baseline] B6), so only a kan of the drawn tile's kind is offered.
    game = game_with(["3333p45p789p555z9m", J1, J2], "7z6z3z6p")
    act(game, 0, Riichi, "7z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.P6
    drawn = game.seats[0].drawn
    assert not has(game, 0, Kan) and drawn is not None and game.legal_actions(0) == (Discard(0, drawn),)


# --- North, kans and the dead wall ------------------------------------------------------------------------


def test_north_4z_cannot_be_discarded_and_is_pulled_with_a_replacement() -> None:
    game = game_with(["123p456p789p11z4z9m", J1, J2], "7z", rinshan="2z")
    assert not has(game, 0, Discard, "4z") and has(game, 0, Discard, "7z")
    north = next(t for t in game.seats[0].concealed if game.kinds[t] == Kind.NORTH)
    act(game, 0, SetAside, "4z")
    seat = game.seats[0]
    assert seat.set_aside == [north] and north not in seat.concealed and seat.river == []
    assert game.turn == 0 and drawn_kind(game, 0) == Kind.SOUTH and len(game.wall.rinshan) == 3
    assert game.public_view().seats[0].set_aside == (game.tiles[north],)


@pytest.mark.parametrize("north_rinshan", [True, False])
def test_tsumo_on_the_6z_replacing_a_pulled_4z_is_rinshan_123p456p789p55p66z(north_rinshan: bool) -> None:
    # A Kansai house rule (the `north_rinshan` setting): the tile replacing a pulled North is a
    # 嶺上牌 as after a kan, so a win on it is 嶺上開花.
    game = game_with(["123p456p789p55p66z", J1, J2], "2z1z1z4z", rinshan="6z", north_rinshan=north_rinshan)
    for seat in range(3):
        act(game, seat, Discard, ("2z", "1z", "1z")[seat])
        pass_claims(game)
    act(game, 0, SetAside, "4z")
    assert drawn_kind(game, 0) == Kind.GREEN
    act(game, 0, Tsumo)
    (card,) = [c for c in game.last_results if isinstance(c, WinView)]
    names = {line.name for line in card.yaku}
    assert {"門前清自摸和", "役牌 發"} <= names
    assert ("嶺上開花" in names) is north_rinshan


def test_four_norths_4444z_pulled_by_one_player_flip_a_kan_dora_then_rinshan_comes_from_the_live_wall() -> None:
    game = game_with(["4444z123p456p789p", J1, J2], "7z", rinshan="111p2z")
    replacements = []
    for pulled in range(1, 5):
        assert game.wall.revealed == 1, pulled
        act(game, 0, SetAside, "4z")
        replacements.append(drawn_kind(game, 0))
    assert game.wall.revealed == 2, "the fourth North turns a kan dora"
    # 「リンシャン牌がなくなった場合、普通のツモ山から順に取っていく」: the four replacement tiles in order,
    # then the live wall's next tile.
    assert replacements == parse_kinds("111p2z") and game.wall.rinshan == []
    live = len(game.wall.live)
    next_tile = game.wall.live[-1]
    act(game, 0, Kan, "1p")
    assert game.seats[0].drawn == next_tile and len(game.wall.live) == live - 1
    assert game.wall.revealed == 3


def test_fifth_copy_11111p_the_first_kan_is_exactly_1111p_then_the_5th_extends_it_and_flips_an_indicator() -> None:
    game = game_with(["11111p456p789p11z", J1, J2], "7z2z5z1p", rinshan="6z3z")
    kans = [a for a in game.legal_actions(0) if isinstance(a, Kan)]
    assert len(kans) == 1 and len(kans[0].tiles) == 4
    game.apply(kans[0])
    seat = game.seats[0]
    assert [len(m.tiles) for m in seat.melds] == [4] and game.wall.revealed == 2
    assert drawn_kind(game, 0) == Kind.GREEN
    # CHN-A4 強制カン: the fifth 1p was not the tile just drawn, so the kan (or a win) is all there is.
    assert {type(a) for a in game.legal_actions(0)} == {Kan}
    assert "強制カン" in game.view(0).private_note
    assert game.decisions()[0].default in game.legal_actions(0)
    act(game, 0, Kan, "1p")
    pass_claims(game)
    assert len(seat.melds) == 1 and len(seat.melds[0].tiles) == 5 and seat.melds[0].type is MeldType.ANKAN
    assert game.wall.revealed == 3 and drawn_kind(game, 0) == Kind.WEST
    # A freshly drawn copy may be kept: the sixth 1p is discardable, and may be added too.
    tsumogiri(game, 0)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.P1
    assert has(game, 0, Discard, "1p") and has(game, 0, Kan, "1p") and has(game, 0, Discard, "7z")


def test_no_suukaikan_four_kans_by_three_players_and_a_fifth_do_not_abort() -> None:
    game = game_with(
        ["1111p2222p789p77z", "3333p1m9m2z3z456p8p6z", "6666p1m9m5z6z789p9p1z"], "5z2z3z1p", rinshan="1z1z1z5z"
    )
    act(game, 0, Kan, "1p")
    act(game, 0, Kan, "2p")
    tsumogiri(game, 0)
    act(game, 1, Kan, "3p")
    tsumogiri(game, 1)
    act(game, 2, Kan, "6p")
    tsumogiri(game, 2)
    assert sum(len(seat.melds) for seat in game.seats) == 4 and game.wall.revealed == 5
    assert game.hand_index == 0 and game.phase == "turn" and game.turn == 0
    # A fifth kan (the 5th 1p): its indicator comes from the live wall, past the dead wall's five.
    live = len(game.wall.live)
    act(game, 0, Kan, "1p")
    pass_claims(game)
    assert game.wall.revealed == 6 and len(game.wall.indicators) == 6
    assert len(game.wall.live) == live - 3  # the indicator, its ura and the replacement
    assert game.hand_index == 0 and game.phase == "turn" and [len(m.tiles) for m in game.seats[0].melds] == [5, 4]


def test_daiminkan_holding_four_2222p_takes_three_and_the_5th_a_first_kan_of_four() -> None:
    # With 8 copies a seat may hold four of the discard: pon, or a 大明槓 of three and the discard.
    game = game_with([J1, "2222p1m9m3z6z147p58p", J2], "1z", rinshan="2z")
    act(game, 0, Discard, "2p")
    kans = [a for a in game.legal_actions(1) if isinstance(a, Kan)]
    assert kans and all(len(k.tiles) == 3 for k in kans) and has(game, 1, Pon)
    claim(game, 1, Kan)
    seat = game.seats[1]
    assert [(m.type, len(m.tiles)) for m in seat.melds] == [(MeldType.MINKAN, 4)]
    assert sum(game.kinds[t] == Kind.P2 for t in seat.concealed) == 1
    assert game.wall.revealed == 2 and drawn_kind(game, 1) == Kind.SOUTH


def _kan_then_5p(kakan: bool) -> ChinitsuGame:
    """Seat 1 makes a kan of 2p (a pon then 加槓, or 大明槓) and waits on 2p or 5p; seat 2 discards 5p."""
    if kakan:
        game = game_with([J1, "222p34p666z777z9m1z", J2], "1z3z2z9m5p", rinshan="3z")
        act(game, 0, Discard, "2p")
        claim(game, 1, Pon)
        act(game, 1, Discard, "1z")
        pass_claims(game)
        tsumogiri(game, 2)
        tsumogiri(game, 0)
        act(game, 1, Kan, "2p")
        pass_claims(game)
        assert game.seats[1].melds[0].type is MeldType.KAKAN
    else:
        game = game_with([J1, "222p34p666z777z99m", J2], "1z5p", rinshan="3z")
        act(game, 0, Discard, "2p")
        claim(game, 1, Kan)
        assert game.seats[1].melds[0].type is MeldType.MINKAN
    tsumogiri(game, 1)
    assert set(game.shapes.waits(game.seats[1].board)) == {Kind.P2, Kind.P5}
    discard_drawn(game, 2)
    return game


def test_kakan_2p_of_a_wait_is_furiten_a_daiminkan_2p_is_not() -> None:
    added = _kan_then_5p(kakan=True)
    assert added.view(1).furiten and not has(added, 1, Ron)
    claimed = _kan_then_5p(kakan=False)
    assert not claimed.view(1).furiten and has(claimed, 1, Ron)


def test_daiminkan_2222p_declining_the_ron_on_2p_is_no_furiten_rinshan_5p_wins_222p34p678p99m555z() -> None:
    # 「※大明カンの場合はフリテンではありません」: seat 1 waits on 2p or 5p and may ron seat 0's 2p; it
    # calls the kan instead, and the 5p replacement tile wins (paid by seat 0: the kan's 責任払い).
    hands = ["2z3z6z7z147p258p369p", "222p34p678p99m555z", "2z3z6z7z147p258p369p"]
    game = game_with(hands, "4p", rinshan="5p", dora="1z")
    act(game, 0, Discard, "2p")
    assert has(game, 1, Ron) and not game.view(1).furiten
    claim(game, 1, Kan)
    assert drawn_kind(game, 1) == Kind.P5 and not game.view(1).furiten
    act(game, 1, Tsumo)
    assert changes(game)[1] > 0 and changes(game)[2] == 0
    passed = game_with(hands, "4p5p", dora="1z")
    act(passed, 0, Discard, "2p")
    claim(passed, 1, Pass)
    assert drawn_kind(passed, 1) == Kind.P5 and not has(passed, 1, Tsumo), "passing the 2p is 同巡内フリテン"


# --- furiten -----------------------------------------------------------------------------------------------

# 123456789p 23p 99m waits on 1p or 4p once the dealer discards its 14th tile.
WAITING_1P_4P = "123456789p23p99m"


def test_strict_furiten_4p_in_own_river_blocks_ron_and_tsumo_on_1p() -> None:
    control = game_with([WAITING_1P_4P, J1, J2], "7z1p")
    act(control, 0, Discard, "7z")
    pass_claims(control)
    discard_drawn(control, 1)
    assert has(control, 0, Ron), "not furiten: the 1p may be ronned"
    game = game_with([WAITING_1P_4P, J1, J2], "4p1p2z1p")
    act(game, 0, Discard, "4p")
    pass_claims(game)
    assert game.view(0).furiten
    discard_drawn(game, 1)
    assert not has(game, 0, Ron)
    pass_claims(game)
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.P1 and game.shapes.is_agari(game.seats[0].board)
    assert not has(game, 0, Tsumo)


def test_strict_furiten_a_passed_1p_since_the_last_discard_blocks_tsumo_on_4p() -> None:
    control = game_with([WAITING_1P_4P, J1, J2], "7z2z3z4p")
    act(control, 0, Discard, "7z")
    pass_claims(control)
    tsumogiri(control, 1)
    tsumogiri(control, 2)
    assert has(control, 0, Tsumo), "no winning tile passed: the 4p wins"
    game = game_with([WAITING_1P_4P, J1, J2], "7z1p3z4p")
    act(game, 0, Discard, "7z")
    pass_claims(game)
    discard_drawn(game, 1)
    act(game, 0, Pass)  # the 1p goes by
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.P4 and game.shapes.is_agari(game.seats[0].board)
    assert not has(game, 0, Tsumo)


# Rivers with a simple each (no 流し): the dealer, seat 1 and seat 2 draw these in turn after the first.
DRAW_TILES = "6p7p8p2z3z6z"


def _drawn_hand(
    hands: list[str], first: str, *, noten_per_pair: bool = ChinitsuSettings.noten_per_pair
) -> ChinitsuGame:
    game = game_with(hands, first + DRAW_TILES, noten_per_pair=noten_per_pair)
    act(game, 0, Discard, first)
    pass_claims(game)
    shorten(game, len(parse_kinds(DRAW_TILES)))
    return game


# Seat 1 waits on 9m (123456789p 333z 9m), all of which are held: it stays tenpai to the end.
TENPAI_9M = "123p456p789p333z9m"
J3 = "1m9m1z7z147p258p369p"


def test_furiten_hand_is_noten_at_the_exhaustive_draw_and_noten_pays_1000_per_tenpai_player() -> None:
    furiten = _drawn_hand([WAITING_1P_4P, TENPAI_9M, J2], "4p")
    play_out(furiten)
    assert draw_card(furiten).tenpai == (False, True, False)
    assert changes(furiten) == [-1_000, 2_000, -1_000]
    assert furiten.dealer == 1, "East: a no-ten dealer passes"
    ready = _drawn_hand([WAITING_1P_4P, TENPAI_9M, J2], "7z")
    play_out(ready)
    assert changes(ready) == [1_000, 1_000, -2_000]
    assert ready.dealer == 0 and ready.honba == 1, "a tenpai dealer keeps the deal"


def test_noten_off_per_pair_1000_to_the_field() -> None:
    game = _drawn_hand([J3, TENPAI_9M, J2], "7z", noten_per_pair=False)
    play_out(game)
    assert changes(game) == [-500, 1_000, -500]


def test_east_all_three_noten_the_deal_passes_south_the_dealer_stays() -> None:
    east = _drawn_hand([J3, J1, J2], "7z")
    play_out(east)
    assert changes(east) == [0, 0, 0] and east.dealer == 1 and east.honba == 1
    assert east.round_label == "東2局・索子"
    south = _drawn_hand([J3, J1, J2], "7z")
    south.round_wind = Kind.SOUTH
    play_out(south)
    assert south.dealer == 0 and south.honba == 1 and south.round_label == "南1局・索子"


def test_nagashi_every_discard_yaochu_none_called_is_a_yakuman_tsumo() -> None:
    # Seat 1 discards only 1z, 2z, 3z, 6z; the others discard simples.
    game = game_with([J3, J1, J2], "7z" + "1z2p6p" + "2z7p8p" + "3z8p2p")
    act(game, 0, Discard, "7z")
    shorten(game, 9)
    play_out(game)
    card = win_card(game)
    assert card.winner == 1 and "流し" in {line.name for line in card.yaku}
    assert changes(game) == [-20_000, 32_000, -12_000]
    assert card.chip_changes == (-5, 10, -5)


# --- 完全先付け ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("pair", "dealer_hand", "other", "ron"), [("11m", J1, J2, False), ("55z", J2, J1, True)])
def test_sakizuke_open_pon_then_123p456p78p99p_rons_9p_only_with_a_yaku_common_to_6p(
    pair: str, dealer_hand: str, other: str, ron: bool
) -> None:
    # After a pon of 1m, 一気通貫 is only on the 9p: 後付け, refused. A pon of 白 is a yaku on both waits.
    game = game_with([dealer_hand, pair + "123p456p78p99p1z", other], "2z9p")
    act(game, 0, Discard, pair[-2:])
    claim(game, 1, Pon)
    act(game, 1, Discard, "1z")
    pass_claims(game)
    note = game.view(1).private_note
    assert ("完全先付け" in note) is not ron
    discard_drawn(game, 2)
    assert has(game, 1, Ron) is ron


def test_sakizuke_closed_dama_123p456p78p333z99m_no_ron_on_9p_while_6p_has_no_yaku_tsumo_allowed() -> None:
    game = game_with([J1, "123p456p78p333z99m", J2], "2z6z9p" + "1z2z5z" + "1z6p")
    assert "6p" in game.view(1).private_note and "完全先付け" in game.view(1).private_note
    tsumogiri(game, 0)
    tsumogiri(game, 1)
    discard_drawn(game, 2)
    assert not has(game, 1, Ron)
    pass_claims(game)
    for seat in (0, 1, 2, 0):
        tsumogiri(game, seat)
    # 門前清自摸和 is a yaku on every wait of a tsumo, the bare 6p too.
    assert drawn_kind(game, 1) == Kind.P6 and has(game, 1, Tsumo)


@pytest.mark.parametrize("dama_ron", [True, False])
def test_dama_ron_setting_123p456p789p555z9p_closed_ron_on_6p(dama_ron: bool) -> None:
    game = game_with([J1, "123p456p789p555z9p", J2], "2z6z6p", dama_ron=dama_ron)
    tsumogiri(game, 0)
    tsumogiri(game, 1)
    discard_drawn(game, 2)
    assert has(game, 1, Ron) is dama_ron


# Seat 1 waits on 2p or 5p with 34p 456p 678p 789p 11m: 平和 and nothing else.
PINFU = "34p456p678p789p11m"


@pytest.mark.parametrize("tsumo", [True, False])
def test_no_tsumo_pinfu_34p456p678p789p11m_tsumo_2p_is_menzen_tsumo_ron_is_pinfu(tsumo: bool) -> None:
    game = game_with([J1, PINFU, J2], "2z6z5z" + ("3z2p" if tsumo else "2p"))
    tsumogiri(game, 0)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    if tsumo:
        tsumogiri(game, 0)
        act(game, 1, Tsumo)
    else:
        discard_drawn(game, 0)
        claim(game, 1, Ron)
    names = {line.name for line in win_card(game).yaku}
    assert ("平和" in names) is not tsumo
    assert ("門前清自摸和" in names) is tsumo


# --- payments -------------------------------------------------------------------------------------------

# Seat 0 (in riichi, on 7 pairs) discards 1z; seat 1 (一気通貫 + 赤, 3 han: 4,000) and seat 2
# (混一色 + 一気通貫 + 赤, 6 han: 12,000) both ron it on a 1z tanki.
DOUBLE_RON = ["22p33p44p66p77p88p9p", "123p456p789p999m1z", "111p123p456p789p1z"]


def _double_ron(honba: int = 0, seat0_points: int = 35_000) -> ChinitsuGame:
    game = game_with(DOUBLE_RON, "3z2z6z1z", honba=honba)
    if seat0_points != 35_000:
        moved = 35_000 - seat0_points
        game.ledger.pay([-moved, moved // 2, moved - moved // 2])
    act(game, 0, Riichi, "3z")
    pass_claims(game)
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    act(game, 0, Discard, "1z")
    act(game, 2, Ron)
    act(game, 1, Ron)
    return game


def test_double_ron_paid_nearest_winner_first_riichi_stick_and_honba_to_the_first_only() -> None:
    game = _double_ron(honba=2)
    assert [win_card(game, n).winner for n in (0, 1)] == [1, 2], "上家から: seat 0's 下家 first"
    # 4,000 + 2 honba × 1,000 + the riichi stick to seat 1; seat 2 its 12,000 alone.
    assert changes(game) == [-1_000 - 6_000 - 12_000, 7_000, 12_000]
    assert game.deposits == 0 and game.honba == 0 and game.dealer == 1


@pytest.mark.parametrize(("seat0_points", "busted_by"), [(6_000, 2), (3_000, 1), (1_000, 1)])
def test_dobon_fee_to_the_winner_whose_payment_took_the_discarder_to_zero(seat0_points: int, busted_by: int) -> None:
    game = _double_ron(seat0_points=seat0_points)
    fee = game.settings.dobon_chips
    expected = [-fee, 0, 0]
    expected[busted_by] = fee
    assert game.chips == expected
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "ドボン"
    # 「箱下も全て計算します」: the negative score counts in full; 40,000 returned, オカ to the top, no uma.
    assert game.points[0] < 0 and sum(game.points) == 105_000
    top = max(range(3), key=lambda s: game.points[s])
    assert outcome.final_scores == tuple((game.points[s] - 40_000) / 1_000 + (15 if s == top else 0) for s in range(3))
    assert sum(outcome.final_scores or ()) == 0


@pytest.mark.parametrize("honba", [0, 2])
def test_honba_1000_each_ron_from_the_discarder_tsumo_500_from_each(honba: int) -> None:
    base = game_with([J1, PINFU, J2], "2z6z5z3z2p")
    game = game_with([J1, PINFU, J2], "2z6z5z3z2p", honba=honba)
    for table in (base, game):
        for seat in (0, 1, 2, 0):
            tsumogiri(table, seat)
        act(table, 1, Tsumo)
    extra = [c - b for c, b in zip(changes(game), changes(base), strict=True)]
    assert extra == [-500 * honba, 1_000 * honba, -500 * honba]


def test_honba_each_payer_setting_1000_from_each_on_a_tsumo() -> None:
    base = game_with([J1, PINFU, J2], "2z6z5z3z2p")
    game = game_with([J1, PINFU, J2], "2z6z5z3z2p", honba=2, honba_each_payer=True)
    for table in (base, game):
        for seat in (0, 1, 2, 0):
            tsumogiri(table, seat)
        act(table, 1, Tsumo)
    extra = [c - b for c, b in zip(changes(game), changes(base), strict=True)]
    assert extra == [-2_000, 4_000, -2_000]


def test_ronned_riichi_declaration_tile_returns_its_stick() -> None:
    # Seat 1 declares riichi with 9m, which the dealer (waiting on 9m) rons.
    game = game_with([RIICHI_HAND, "123p456p789p222z9m", J2], "2z6z")
    tsumogiri(game, 0)
    act(game, 1, Riichi, "9m")
    assert game.seats[1].riichi and has(game, 0, Ron)
    claim(game, 0, Ron)
    moved = changes(game)
    assert moved[0] > 0 and moved == [moved[0], -moved[0], 0] and game.deposits == 0


def test_dealer_win_keeps_the_deal_and_adds_a_honba() -> None:
    game = game_with([PINFU, J1, J2], "2z3z6z2p")
    for seat in (0, 1, 2):
        tsumogiri(game, seat)
    act(game, 0, Tsumo)
    assert game.dealer == 0 and game.honba == 1 and game.round_label == "東1局・索子"


@pytest.mark.parametrize("pao", [True, False])
def test_pao_daiminkan_7777p_rinshan_tsumo_is_paid_by_the_discarder(pao: bool) -> None:
    game = game_with([J1, "777p123p456p666z9m", J2], "1z", rinshan="9m", pao=pao)
    act(game, 0, Discard, "7p")
    claim(game, 1, Kan)
    act(game, 1, Tsumo)
    moved = changes(game)
    assert moved[1] > 0
    if pao:
        assert moved == [-moved[1], moved[1], 0]
    else:
        assert moved[0] < 0 and moved[2] < 0


def _yakuman_won_by_seat_1(game: ChinitsuGame, yakuman: str) -> tuple[WinView, int, int]:
    """The last hand's card, seat 1's win with ``yakuman``, and the points and chips it won (the
    本役満 chips of both opponents: 「本役満のご祝儀はツモ、ロンともに2人から」)."""
    card = win_card(game)
    assert yakuman in {line.name for line in card.yaku}
    won, chips = card.point_changes[1], card.chip_changes[1]
    assert chips == 2 * game.settings.yakuman_chips
    return card, won, chips


@pytest.mark.parametrize("win", ["tsumo", "ron", "ron from the responsible"])
def test_pao_daisangen_third_dragon_7z_discarder_pays_a_tsumo_in_full_a_ron_by_another_half(win: str) -> None:
    # Seat 1 pons 白 from seat 0, 發 and 中 from seat 2, then wins on a 9p tanki.
    last = {"tsumo": "3z2z9p", "ron": "3z9p", "ron from the responsible": "9p"}[win]
    game = game_with([J2, "55z66z77z123p9p1m9m2z", J1], "1z6z7z" + last)
    act(game, 0, Discard, "5z")
    claim(game, 1, Pon)
    act(game, 1, Discard, "1m")
    pass_claims(game)
    discard_drawn(game, 2)
    claim(game, 1, Pon)
    act(game, 1, Discard, "9m")
    pass_claims(game)
    discard_drawn(game, 2)
    claim(game, 1, Pon)
    act(game, 1, Discard, "2z")
    pass_claims(game)
    if win == "ron from the responsible":
        discard_drawn(game, 2)
        claim(game, 1, Ron)
    else:
        tsumogiri(game, 2)
        if win == "tsumo":
            tsumogiri(game, 0)
            act(game, 1, Tsumo)
        else:
            discard_drawn(game, 0)
            claim(game, 1, Ron)
    card, won, chips = _yakuman_won_by_seat_1(game, "大三元")
    if win != "ron":
        # 「3（4）枚目を鳴かせた人の振り込みの場合も、点棒、祝儀両方」.
        assert card.point_changes == (0, won, -won) and card.chip_changes == (0, chips, -chips)
    else:
        assert card.point_changes == (-won // 2, won, -won // 2)
        assert card.chip_changes == (-chips // 2, chips, -chips // 2)


@pytest.mark.parametrize("daisuushii_pao", [True, False])
def test_pao_daisuushii_444z_concealed_pon_111z_222z_333z_from_seat_0_tsumo_5p_seat_0_pays_all(
    daisuushii_pao: bool,
) -> None:
    # 「大四喜は責任払いあり。ツモの場合は、3（4）枚目を鳴かせた人が点棒、祝儀両方」: 北 is never called, so
    # seat 0, which let the last open wind set (西) be called, pays the tsumo alone; off, a plain tsumo.
    game = game_with([J1, "11z22z33z444z5p1m9m7z", J2], "1z8p8p8p8p8p8p5p", daisuushii_pao=daisuushii_pao)
    discard_drawn(game, 0)  # 1z
    for junk, wind in (("1m", "2z"), ("9m", "3z"), ("7z", "")):
        claim(game, 1, Pon)
        act(game, 1, Discard, junk)
        pass_claims(game)
        tsumogiri(game, 2)
        if wind:
            act(game, 0, Discard, wind)
    tsumogiri(game, 0)
    act(game, 1, Tsumo)
    card, won, chips = _yakuman_won_by_seat_1(game, "大四喜")
    if daisuushii_pao:
        assert card.point_changes == (-won, won, 0) and card.chip_changes == (-chips, chips, 0)
    else:
        # A child's yakuman tsumo: the dealer 20,000, the other child 12,000, and 5 chips each.
        assert card.point_changes == (-20_000, 32_000, -12_000)
        assert card.chip_changes == (-chips // 2, chips, -chips // 2)


def test_chips_ippatsu_and_ura_from_the_discarder_their_own_ledger() -> None:
    # Riichi on a 9m tanki; seat 1 deals the 9m at once; the ura indicator 1m makes 9m9m two ura.
    game = game_with([RIICHI_HAND, J1, J2], "7z9m", ura="1m")
    act(game, 0, Riichi, "7z")
    pass_claims(game)
    discard_drawn(game, 1)
    claim(game, 0, Ron)
    card = win_card(game)
    han = {line.name: line.han for line in card.yaku}
    assert han["一発"] == 1 and han["裏ドラ"] == 2
    assert card.chip_changes == (3, -3, 0) and game.chips == [3, -3, 0]
    assert sum(game.points) == 105_000


def test_chips_riichi_only_yakuman_123p678p789p333z9m_5_from_both_opponents_on_a_ron() -> None:
    game = game_with([J1, "123p678p789p333z9m", J2], "2z6z5z2z1z9m", ura="6z")
    tsumogiri(game, 0)
    act(game, 1, Riichi, "6z")
    pass_claims(game)
    for seat in (2, 0, 1):
        tsumogiri(game, seat)
    discard_drawn(game, 2)
    claim(game, 1, Ron)
    card = win_card(game)
    assert {line.name for line in card.yaku} == {"リーチのみ"}
    assert card.chip_changes == (-5, 10, -5)
    assert changes(game) == [0, 32_000, -32_000]


def test_riichi_hand_drawing_the_last_tile_4z_with_no_replacement_left_still_has_a_move() -> None:
    game = game_with([RIICHI_HAND, J1, J2], "8p6p7p4z")
    act(game, 0, Riichi, "8p")
    pass_claims(game)
    # Every replacement tile already used (as after four kans or pulls); the North is the last tile.
    game.wall.box += game.wall.rinshan
    game.wall.rinshan = []
    shorten(game, 2)  # seat 1 has drawn its 6p
    tsumogiri(game, 1)
    tsumogiri(game, 2)
    assert drawn_kind(game, 0) == Kind.NORTH and not game.wall.live
    decision = game.decisions()[0]
    assert decision.actions and decision.default in decision.actions
    game.apply(decision.default)
    assert game.hand_index == 1, "pulling the last North ends the hand drawn"
    assert draw_card(game).tenpai[0]


# --- the end of the game -------------------------------------------------------------------------------

# In 南3局 (seat 2 deals), a 1-han 中 ron on a 9m tanki from seat 1: 1,000 for a child, 2,000 for the dealer.
CHUN_9M = "777z123p789p234p9m"


def _south_3(hands: list[str], points: list[int] | None = None) -> ChinitsuGame:
    game = game_with(hands, "1z2z9m", dealer=2)
    game.round_wind = Kind.SOUTH
    game.round_hand = 2
    if points is not None:
        game.ledger.pay([p - 35_000 for p in points])
    assert game.last_regular_hand and game.round_label == "南3局・筒子"
    tsumogiri(game, 2)
    tsumogiri(game, 0)
    discard_drawn(game, 1)
    return game


@pytest.mark.parametrize(("top", "final"), [(40_000, True), (39_000, False)])
def test_south_3_is_the_final_hand_its_views_say_only_with_someone_at_40000(top: int, final: bool) -> None:
    # 「最終局を終了した時点で全員が39000点以下の場合は「返り東場」」: below 40,000 the game goes on.
    game = game_with([J1, J2, CHUN_9M], "1z2z9m", dealer=2)
    game.round_wind = Kind.SOUTH
    game.round_hand = 2
    game.ledger.pay([top - 35_000, 35_000 - top, 0])
    assert game.last_regular_hand and game.view(0).public.final_hand is final
    assert not game_with([J1, J2, CHUN_9M], "1z2z9m").view(0).public.final_hand, "東1局"


def play_drawn_souzu_hand(game: ChinitsuGame) -> None:
    """返り東1局 (souzu, seat 0 deals): only seat 1 is tenpai at the draw."""
    game.rig([souzu(J2), souzu(TENPAI_9M), souzu(J3)], "7z" + souzu(DRAW_TILES), dora="7z")
    act(game, 0, Discard, "7z")
    pass_claims(game)
    shorten(game, len(parse_kinds(DRAW_TILES)))
    play_out(game)


def test_kaeri_toba_when_nobody_has_40000_after_south_3_then_the_first_hand_ending_with_40000_including_noten() -> None:
    game = _south_3([CHUN_9M, J1, J2])
    claim(game, 0, Ron)
    assert changes(game) == [1_000, -1_000, 0] and max(game.points) < 40_000
    assert game.outcome() is None and game.kaeri and game.dealer == 0
    assert game.round_label.startswith("返り東1局")
    # 返り東場: seat 1 reaches 40,000 by the no-ten payment alone, and that ends the game.
    short = 39_000 - game.points[1]
    game.ledger.pay([-short, short, 0])
    play_drawn_souzu_hand(game)
    outcome = game.outcome()
    assert game.last_results[0].point_changes == (-1_000, 2_000, -1_000)
    assert game.points[1] == 41_000 and outcome is not None and outcome.reason == "返り東場"


def test_kaeri_toba_goes_on_while_nobody_reaches_40000() -> None:
    game = _south_3([CHUN_9M, J1, J2])
    claim(game, 0, Ron)
    play_drawn_souzu_hand(game)
    assert game.outcome() is None and game.kaeri and game.round_label.startswith("返り東2局")


def test_game_ends_after_south_3_when_someone_has_40000() -> None:
    game = _south_3([CHUN_9M, J1, J2], points=[35_000, 30_000, 40_000])
    claim(game, 0, Ron)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "終局" and not game.kaeri


@pytest.mark.parametrize(("standing", "ends"), [("top", True), ("tie", True), ("behind", False)])
def test_agari_yame_dealer_wins_south_3_and_is_top_ties_too(standing: str, ends: bool) -> None:
    plain = _south_3([J1, J2, CHUN_9M])
    claim(plain, 2, Ron)
    won = changes(plain)[2]
    ahead = {"top": -1_000, "tie": 0, "behind": 1_000}[standing]
    game = _south_3([J1, J2, CHUN_9M], points=[40_000 + won + ahead, 25_000 - won - ahead, 40_000])
    claim(game, 2, Ron)
    outcome = game.outcome()
    if ends:
        assert outcome is not None and outcome.reason == "あがりやめ"
        assert game.points[2] == max(game.points)
    else:
        assert outcome is None and game.dealer == 2 and game.honba == 1 and game.last_regular_hand


def test_agari_yame_below_40000_is_no_end_the_kaeri_toba_follows() -> None:
    game = _south_3([J1, J2, CHUN_9M])
    claim(game, 2, Ron)
    assert game.points[2] == max(game.points) < 40_000
    assert game.outcome() is None and game.kaeri and game.round_label.startswith("返り東1局")
