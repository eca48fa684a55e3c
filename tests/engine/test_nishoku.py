"""二色麻雀's rules, one test per seed line (see docs/rules/nishoku.md), hands in tile notation."""

from __future__ import annotations

import random

import pytest

from bot.engine.events import HandEnded
from bot.engine.game import Discard, IllegalActionError, NotYourTurnError, Pass, Pon, Riichi, Ron, Tsumo
from bot.engine.table import wall_digest
from bot.engine.tiles import Kind, parse_kinds
from bot.engine.variants import SettingValue, new_game
from bot.engine.variants.nishoku import NishokuGame, NishokuSettings
from tests.engine.padding import pad_hands
from tests.engine.rigging import act, discard_drawn, has, pass_claims, win_card

# Hands are written with only the tiles a test is about; ``game_with`` pads each to 13 with
# isolated junk tiles of kinds no test string mentions, so nothing else can call or win.
JUNK_ORDER = parse_kinds("1p9p1s9s1z2z3z4z5z6z7z4p6s3p7p3s7s2p8p2s8s6p4s5p5s")


def padded(hands: list[str], draws: str) -> list[str]:
    """Fill each hand to 13 tiles with this variant's junk (see :func:`pad_hands`)."""
    return pad_hands(hands, draws, size=13, junk_order=JUNK_ORDER, short_below=12)


def game_with(hands: list[str], draws: str = "", **settings: SettingValue) -> NishokuGame:
    game = NishokuGame(NishokuSettings.from_json(settings), seed=1)
    game.rig(padded(hands, draws), draws)
    return game


def play_until_turn(game: NishokuGame, seat: int) -> None:
    """Everyone else discards what they draw and passes every claim until ``seat`` is on turn."""
    pass_claims(game)
    while not (game.phase == "turn" and game.turn == seat):
        decision = game.decisions()[0]
        action = next((a for a in decision.actions if isinstance(a, Pass)), decision.default)
        game.apply(action)


# --- game set-up -----------------------------------------------------------------------------


def test_start_50000_points_seats_by_random_draw() -> None:
    game = NishokuGame(seed=3)
    assert game.points == [50_000] * 4
    assert sorted(game.seating) == [0, 1, 2, 3]
    seatings = {NishokuGame(seed=seed).seating for seed in range(20)}
    assert len(seatings) > 5, "the draw for seats depends on the seed"
    assert game.dealer == 0 and game.round_label == "東1局"


def test_no_dead_wall_every_tile_is_drawn() -> None:
    game = NishokuGame(seed=5)
    assert len(game.wall.live) == 100 - 52 - 1  # the dealer has drawn its 14th
    assert len(game.seats[0].concealed) == 14


def test_wall_hash_is_published_then_revealed() -> None:
    game = NishokuGame(seed=9)
    digest = game.wall_digest
    order = list(reversed(game.wall.live))
    dealt_and_drawn = len(game.tiles) - len(order)
    assert dealt_and_drawn == 53
    events = []
    while game.hand_index == 0:
        decision = game.decisions()[0]
        events += game.apply(decision.default)
    revealed = next(e for e in events if e.type == "wall_revealed")
    assert revealed.data["wall_sha256"] == digest
    # Anyone holding the seed can rebuild the shuffled wall and check it against the hash.
    rebuilt = list(range(len(game.tiles)))
    random.Random("nishoku:9:hand:0").shuffle(rebuilt)
    assert wall_digest(rebuilt, revealed.data["salt"]) == digest
    assert wall_digest(rebuilt[::-1], revealed.data["salt"]) != digest


# --- calls and turns ----------------------------------------------------------------------------


def test_pon_only_no_chi_no_kan_1111p() -> None:
    game = game_with(["1111p3456p789s55z", "23p", "", ""], draws="7z")
    # The dealer holds four 1p and may only discard, riichi or tsumo: there is no kan.
    kinds = {type(action).__name__ for action in game.legal_actions(0)}
    assert kinds <= {"Discard", "Riichi", "Tsumo"}
    act(game, 0, Discard, "4p")
    # Seat 1 holds 23p but 二色麻雀 has no chi, so a 4p discard offers seat 1 nothing.
    assert 1 not in game.window.options


def test_kuikae_allowed_after_pon() -> None:
    game = game_with(["6z", "666p66z", "", ""], draws="8s")
    act(game, 0, Discard, "6z")
    assert has(game, 1, Pon)
    act(game, 1, Pon)
    pass_claims(game)
    assert game.turn == 1 and game.after_pon
    assert not has(game, 1, Riichi) and not has(game, 1, Tsumo)
    # Any tile may follow the pon: kuikae is no problem.
    discards = {game.tiles[a.tile].kind for a in game.legal_actions(1) if isinstance(a, Discard)}
    assert discards == {game.tiles[t].kind for t in game.seats[1].concealed}


def test_riichi_costs_nothing() -> None:
    game = game_with(["123p456p789s66z", "", "", ""], draws="7z")
    act(game, 0, Riichi, "7z")
    assert game.seats[0].riichi
    assert game.points == [50_000] * 4


def test_noten_riichi_is_allowed() -> None:
    game = game_with(["", "", "", ""], draws="8s")
    assert game.shapes.shanten(game.seats[0].board) > 0
    assert has(game, 0, Riichi)


def test_noten_riichi_is_public_knowledge_of_the_rules() -> None:
    # 「ノーテンリーチ大歓迎」: every view says a riichi here proves no tenpai (the CPU weighs it).
    game = game_with(["", "", "", ""], draws="8s")
    assert game.public_view().noten_riichi and game.view(1).public.noten_riichi
    assert not new_game("zuno", {}, seed=1).public_view().noten_riichi


def test_riichi_needs_a_draw_left() -> None:
    game = NishokuGame(seed=11)
    while len(game.wall.live) > 0 or game.phase != "turn":
        decision = game.decisions()[0]
        game.apply(decision.default)
        if game.hand_index:
            pytest.skip("the hand ended early")
    assert not game.wall.live and game.phase == "turn"
    assert not has(game, game.turn, Riichi)


def play_until_tiles_left(game: NishokuGame, seat: int, left: int) -> None:
    """Everyone discards what they draw and passes every claim until ``seat`` is on turn with
    ``left`` tiles in the wall."""
    while not (game.phase == "turn" and game.turn == seat and len(game.wall.live) == left):
        assert len(game.wall.live) >= left and game.hand_index == 0, "the hand went past the point"
        decision = game.decisions()[0]
        action = next((a for a in decision.actions if isinstance(a, Pass)), decision.default)
        game.apply(action)


def test_riichi_needs_a_draw_of_its_own_left_123p456p789s66z_three_tiles_left() -> None:
    # NIS-A9: with 3 tiles left the other three seats draw them all, so the declarer would never
    # draw again: no riichi (the dealer is on turn with 47, 43, … 3 tiles left).
    game = game_with(["123p456p789s66z", "", "", ""])
    play_until_tiles_left(game, 0, 3)
    assert not has(game, 0, Riichi)


def test_riichi_with_four_tiles_left_123p456p789s66z_draws_the_last_tile() -> None:
    # NIS-A9: with 4 left the declarer still draws the last one (seat 3 is on turn with 44, … 4).
    game = game_with(["", "", "", "123p456p789s66z"])
    play_until_tiles_left(game, 3, 4)
    assert has(game, 3, Riichi)
    act(game, 3, Riichi)
    play_until_tiles_left(game, 3, 0)
    assert game.seats[3].drawn is not None, "the declarer drew the last tile"


def test_after_riichi_only_the_drawn_tile_may_go() -> None:
    game = game_with(["123p456p789s66z", "", "", ""], draws="7z")
    act(game, 0, Riichi, "7z")
    pass_claims(game)
    while game.turn != 0 or game.phase != "turn":
        decision = game.decisions()[0]
        game.apply(decision.default)
    discards = [a for a in game.legal_actions(0) if isinstance(a, Discard)]
    assert [a.tile for a in discards] == [game.seats[0].drawn]


def test_no_abortive_draw_after_four_east_discards() -> None:
    game = game_with(["1z", "1z", "1z", "1z"], draws="8s8s8s8s")
    for seat in range(4):
        act(game, seat, Discard, "1z")
        pass_claims(game)
    assert game.phase == "turn" and game.hand_index == 0


# --- winning ----------------------------------------------------------------------------------

WAITING_ON_4S = "123p456p789s555z4s"
"""Tanki on 4s; 役牌 白 gives the yaku."""


def winning_tsumo(hand: str, tile: str, seat: int = 0) -> NishokuGame:
    """``seat`` holds ``hand`` and draws ``tile`` on its second draw (a first draw is 天和/地和)."""
    hands = ["", "", "", ""]
    hands[seat] = hand
    junk = ["8p", "8s", "6z", "2z", "8p", "8s", "6z"]
    game = game_with(hands, draws="".join(junk[: 4 + seat]) + tile)
    play_until_turn(game, seat)
    discard_drawn(game, seat)
    play_until_turn(game, seat)
    return game


def test_first_draw_tsumo_is_tenchiho_small_yakuman() -> None:
    game = game_with([WAITING_ON_4S, "", "", ""], draws="4s")
    act(game, 0, Tsumo)
    assert game.points == [74_000, 42_000, 42_000, 42_000]
    assert {line.name for line in win_card(game).yaku} >= {"天和"}


def test_tsumo_is_the_ron_value_from_three() -> None:
    # メンツモ + 役牌 白 = 2 han = 3,000, so 1,000 from each of the three others.
    game = winning_tsumo(WAITING_ON_4S, "4s")
    act(game, 0, Tsumo)
    assert game.points == [53_000, 49_000, 49_000, 49_000]


def test_dealer_and_non_dealer_score_the_same() -> None:
    dealer = winning_tsumo(WAITING_ON_4S, "4s", seat=0)
    act(dealer, 0, Tsumo)
    other = winning_tsumo(WAITING_ON_4S, "4s", seat=1)
    act(other, 1, Tsumo)
    assert max(dealer.points) - 50_000 == max(other.points) - 50_000 == 3_000


def test_one_han_minimum_red_five_alone_does_not_win() -> None:
    # 123p 406p 789s 44s 66s + 6s: complete, with a red five, but no yaku (6s is no 役牌).
    game = game_with(["6s", "123p406p789s4466s", "", ""], draws="8p")
    act(game, 0, Discard, "6s")
    assert game.shapes.is_agari(game.seats[1].board + (1 << (4 * Kind.S6)))
    assert not has(game, 1, Ron)


def test_ron_is_offered_only_on_a_scoring_win() -> None:
    game = game_with(["4s", WAITING_ON_4S, "", ""], draws="8p")
    act(game, 0, Discard, "4s")
    assert has(game, 1, Ron)
    with pytest.raises(NotYourTurnError):
        game.apply(Ron(2))
    act(game, 1, Ron)
    assert game.points[0] == 50_000 - 1_500 and game.points[1] == 50_000 + 1_500


def test_double_ron_head_bump_to_the_nearer_seat() -> None:
    game = game_with(["4s", "", WAITING_ON_4S, "123p456p789s666z4s"], draws="8p")
    # Seat 0 discards 4s: seats 2 and 3 can both ron; seat 2 is nearer, so only seat 2 wins.
    act(game, 0, Discard, "4s")
    assert has(game, 2, Ron) and has(game, 3, Ron)
    act(game, 3, Ron)
    act(game, 2, Ron)
    assert game.points[2] > 50_000 and game.points[3] == 50_000


def test_furiten_23p456p789s555z44s_tsumo_only() -> None:
    # Waits 1p-4p; draws 4p and throws it: its own river now holds a winning tile.
    game = game_with(["23p456p789s555z44s", "1p", "", ""], draws="4p8s8s8s1p")
    act(game, 0, Discard, "4p")
    pass_claims(game)
    act(game, 1, Discard, "1p")
    assert not has(game, 0, Ron)
    pass_claims(game)
    while not (game.phase == "turn" and game.turn == 0):
        decision = game.decisions()[0]
        game.apply(decision.default)
    assert has(game, 0, Tsumo)


def test_missed_ron_is_furiten_until_next_discard() -> None:
    game = game_with(["4s", "4s", WAITING_ON_4S, "4s"], draws="8p8s")

    def furiten() -> bool:
        # A call, so the type checker reads the flag afresh after the moves (an attribute it
        # would keep as the first assert left it).
        return game.seats[2].temporary_furiten

    act(game, 0, Discard, "4s")
    act(game, 2, Pass)
    assert furiten()
    act(game, 1, Discard, "4s")
    assert not has(game, 2, Ron), "the same go-around: no choosing a later win"
    pass_claims(game)
    discard_drawn(game, 2)
    assert not furiten()
    act(game, 3, Discard, "4s")
    assert has(game, 2, Ron)


def test_red_fives_only_dora_0p_adds_a_han() -> None:
    plain = winning_tsumo(WAITING_ON_4S, "4s")
    act(plain, 0, Tsumo)
    red = winning_tsumo("123p406p789s555z4s", "4s")
    act(red, 0, Tsumo)
    assert red.points[0] - 50_000 == 6_000 and plain.points[0] - 50_000 == 3_000


def test_exhaustive_draw_pays_nothing() -> None:
    game = NishokuGame(seed=21)
    events = []
    while game.hand_index == 0:
        decision = game.decisions()[0]
        action = next((a for a in decision.actions if isinstance(a, Pass)), decision.default)
        events += game.apply(action)
    assert any(isinstance(e, HandEnded) and e.draw is not None for e in events)
    assert game.points == [50_000] * 4


def test_dealership_passes_even_after_a_dealer_win() -> None:
    game = winning_tsumo(WAITING_ON_4S, "4s")
    act(game, 0, Tsumo)
    assert game.hand_index == 1 and game.dealer == 1 and game.round_label == "東2局"


def test_16_hands_east_1_to_north_4() -> None:
    game = NishokuGame(seed=2)
    labels = []
    while game.outcome() is None:
        if game.round_label not in labels:
            labels.append(game.round_label)
        decision = game.decisions()[0]
        action = next((a for a in decision.actions if isinstance(a, Pass)), decision.default)
        game.apply(action)
    assert labels == [f"{wind}{n}局" for wind in "東南西北" for n in range(1, 5)]
    outcome = game.outcome()
    assert outcome is not None and outcome.hands_played == 16 and outcome.reason == "終局"


def test_game_ends_when_a_score_falls_below_zero() -> None:
    game = game_with(["4s", WAITING_ON_4S, "", ""], draws="8p")
    game.points[0] = 1_000
    act(game, 0, Discard, "4s")
    act(game, 1, Ron)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "ハコワレ"
    assert outcome.placements[0] == 4


def test_exactly_zero_continues() -> None:
    game = game_with(["4s", WAITING_ON_4S, "", ""], draws="8p")
    game.points[0] = 1_500
    game.points[1] = 50_000 + 48_500
    act(game, 0, Discard, "4s")
    act(game, 1, Ron)
    assert game.points[0] == 0 and game.outcome() is None


def test_ties_go_to_the_seat_nearer_the_first_dealer() -> None:
    from bot.engine.game import placements_by_points

    assert placements_by_points([50_000, 50_000, 40_000, 60_000]) == (2, 3, 4, 1)


def test_no_pao_daisangen_tsumo_is_paid_by_all_three() -> None:
    game = winning_tsumo("555z666z777z11p23s", "4s")
    act(game, 0, Tsumo)
    assert game.points == [50_000 + 24_000, 42_000, 42_000, 42_000]


def test_points_table_matches_the_seed() -> None:
    from bot.engine.variants.nishoku.yaku import ron_points

    table = {1: 1_500, 2: 3_000, 3: 6_000, 4: 9_000, 5: 12_000, 6: 15_000, 7: 18_000, 8: 21_000, 9: 24_000, 10: 27_000}
    for han, points in table.items():
        assert ron_points(han, 0) == points
    assert ron_points(11, 0) == ron_points(14, 0) == 30_000
    assert ron_points(0, 4) == 24_000  # 小役満
    assert ron_points(0, 5) == 30_000  # 大役満


def test_illegal_and_foreign_actions_change_nothing() -> None:
    game = game_with([WAITING_ON_4S, "", "", ""], draws="8s")
    before = game.state_hash()
    with pytest.raises(NotYourTurnError):
        game.apply(Discard(2, game.seats[2].concealed[0]))
    with pytest.raises(IllegalActionError):
        game.apply(Discard(0, game.seats[1].concealed[0]))
    assert game.state_hash() == before


def test_atozuke_pon_777z_then_win() -> None:
    # Seat 1 holds 34s 77z 55z 123p 456p: no yaku in sight until it pons 中, then 2s/5s wins.
    game = game_with(["7z", "34s77z55z123p456p", "", "5s"], draws="8p8s8s")
    act(game, 0, Discard, "7z")
    act(game, 1, Pon)
    pass_claims(game)
    keep = set(parse_kinds("34s55z123p456p"))
    junk = next(t for t in game.seats[1].concealed if game.tiles[t].kind not in keep)
    game.apply(Discard(1, junk))
    play_until_turn(game, 3)
    act(game, 3, Discard, "5s")
    assert has(game, 1, Ron)


def test_public_view_does_not_tell_who_may_claim() -> None:
    game = game_with(["4s", WAITING_ON_4S, "", ""], draws="8p")
    act(game, 0, Discard, "4s")
    assert [decision.seat for decision in game.decisions()] == [1]
    assert game.public_view().deciding == (1, 2, 3)
