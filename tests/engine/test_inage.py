"""いなげ麻雀's rules of play, one test per seed line (see docs/rules/inage.md), hands in tile notation.

The yaku, the 早見表 and the discard yaku are in ``test_inage_yaku.py``; replays and CPU games in
``test_inage_games.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.events import Event, HandEnded
from bot.engine.game import (
    Action,
    Discard,
    IllegalActionError,
    Kan,
    NotYourTurnError,
    Pass,
    Pon,
    Riichi,
    Ron,
    SetAside,
    Tsumo,
    action_from_json,
    action_to_json,
)
from bot.engine.melds import MeldType
from bot.engine.sim import check_invariants
from bot.engine.tiles import YAOCHU, Kind, format_kinds, parse_kinds
from bot.engine.variants import SettingValue, find_variant, new_game
from bot.engine.variants.inage import (
    InageGame,
    InageSettings,
    JuusanFutou,
    TimeUp,
    VoteEnd,
    is_juusan_futou,
)
from tests.engine.padding import pad_hands
from tests.engine.rigging import act, discard_drawn, drawn_kind, has, kind, win_card

# Hands are written with only the tiles a test is about; ``padded`` fills each to 10 with
# isolated junk of kinds no test string mentions. Junk is never 西, 北 or a flower (those would
# open the deal-time set-aside step) and never forms a run, a triplet or more than two pairs.
# The order mixes in middle tiles early, so a junk hand is never ten lone 么九 (an いなげ国士 wait).
JUNK_ORDER = parse_kinds("1m9m1p5z4p6s9p1s9s1z2z6z7z3p7p3s7s2p8p2s8s6p4s5p5s")


def padded(hands: list[str], draws: str) -> list[str]:
    """Fill each hand to 10 tiles with this variant's junk (see :func:`pad_hands`)."""
    return pad_hands(hands, draws, size=10, junk_order=JUNK_ORDER, short_below=20)


def game_with(
    rigged: list[str],
    draws: str = "",
    *,
    players: int = 3,
    starter: int = 0,
    dora: str = "",
    **settings: SettingValue,
) -> InageGame:
    """A rigged hand, the deal-time set-aside step passed; 十三不塔 is off unless a test turns it on."""
    settings.setdefault("juusan_futou", False)
    game = InageGame(InageSettings.from_json(settings), seed=1, players=players)
    game.rig(padded(rigged, draws), draws, starter=starter, dora=dora)
    pass_all(game)
    return game


def pass_all(game: InageGame) -> None:
    while game.phase in ("claims", "deal"):
        decision = game.decisions()[0]
        game.apply(Pass(decision.seat))


def play_until_turn(game: InageGame, seat: int) -> None:
    """Everyone passes every claim and discards what they draw until ``seat`` is on turn."""
    pass_all(game)
    while not (game.phase == "turn" and game.turn == seat):
        decision = game.decisions()[0]
        action = next((a for a in decision.actions if isinstance(a, Pass)), decision.default)
        game.apply(action)
        pass_all(game)


def play_out(game: InageGame) -> list[Event]:
    """Finish the hand with defaults (pass claims, discard the drawn tile) and return the events."""
    events: list[Event] = []
    start = game.hand_index
    while game.hand_index == start and game.outcome() is None:
        decision = game.decisions()[0]
        action = next((a for a in decision.actions if isinstance(a, Pass)), decision.default)
        events += game.apply(action)
    return events


# --- tiles, players, the deal ------------------------------------------------------------------------


def test_112_tiles_31_kinds_in_play() -> None:
    game = InageGame(seed=4)
    assert len(game.tiles) == 112 and len(game.tileset.kinds()) == 31
    assert sorted(game.all_tile_locations()) == list(range(112))
    assert not any(kind in game.kinds for kind in range(Kind.M2, Kind.M8 + 1))


@pytest.mark.parametrize("players", [2, 3])
def test_three_or_two_players(players: int) -> None:
    game = InageGame(seed=7, players=players)
    assert game.players == players and len(game.seats) == players
    assert check_invariants(game, 0) == []
    with pytest.raises(ValueError, match="3 or 2"):
        InageGame(players=4)
    assert find_variant("いなげ麻雀").min_players == 2 and find_variant("inage").max_players == 3


@pytest.mark.parametrize("players", [2, 3])
def test_deal_10_tiles_each_passed_on_by_the_shimocha(players: int) -> None:
    game = InageGame(InageSettings(deal_set_aside=False, juusan_futou=False), seed=3, players=players)
    starter = game.starter
    for seat in range(players):
        expected = 11 if seat == starter else 10  # the starter has drawn its first tile
        assert len(game.seats[seat].concealed) == expected
    # 「適当に取って上家に回す」: each hand was grabbed by the owner's 下家 (in 2-player, the other).
    assert game.dealt_by == tuple((seat + 1) % players for seat in range(players))
    assert len(game.wall.live) == 112 - 2 - 10 * players - 1


def test_no_wall_each_draw_is_a_random_tile_of_the_pool() -> None:
    first, again, other = InageGame(seed=11), InageGame(seed=11), InageGame(seed=12)
    assert first.wall.live == again.wall.live and first.wall.digest == again.wall.digest
    assert first.wall.live != other.wall.live
    # Every hand reshuffles the whole set: no wall, no dead wall, nothing built.
    assert set(first.wall.live) | set(first.wall.dora) | set(first.wall.ura) | {
        t for seat in first.seats for t in seat.concealed + seat.set_aside
    } == set(range(112))


def test_first_starter_is_drawn_from_the_seed() -> None:
    starters = {InageGame(seed=seed).first_dealer for seed in range(30)}
    assert starters == {0, 1, 2}


def test_two_indicators_ura_face_down() -> None:
    game = InageGame(seed=2)
    assert len(game.wall.dora) == 1 and len(game.wall.ura) == 1
    public = game.public_view()
    assert public.dora_indicators == (game.tiles[game.wall.dora[0]],)
    assert game.wall.ura[0] not in game.public_tiles()
    for seat in range(3):
        assert game.wall.ura[0] not in game.concealed_tiles(seat)


# --- calls -------------------------------------------------------------------------------------------


def test_no_chi_23p_cannot_call_1p() -> None:
    game = game_with(["1p", "23p", ""], draws="7z")
    act(game, 0, Discard, "1p")
    assert 1 not in game.window.options
    assert game.phase == "turn" and game.turn == 1


def test_pon_55z_from_any_seat_then_discard_only() -> None:
    game = game_with(["5z", "", "55z"], draws="8s")
    act(game, 0, Discard, "5z")
    assert has(game, 2, Pon)
    act(game, 2, Pon)
    assert game.turn == 2 and game.after_pon
    kinds = {type(action) for action in game.decisions()[0].actions}
    assert kinds == {Discard}
    assert game.seats[2].melds[0].type is MeldType.PON and game.seats[2].melds[0].from_seat == 0


def test_ankan_1111p_two_more_indicators_and_a_replacement() -> None:
    game = game_with(["111p", "", ""], draws="1p" + "7s8s" + "9s")
    act(game, 0, Kan, "1p")
    # 「カンするごとに２枚ずつ増やしていく」: a kan dora and a kan ura, then the replacement.
    assert len(game.wall.dora) == 2 and len(game.wall.ura) == 2
    assert game.tiles[game.wall.dora[1]].kind == kind("7s") and game.tiles[game.wall.ura[1]].kind == kind("8s")
    assert drawn_kind(game, 0) == kind("9s") and game.rinshan
    assert game.seats[0].melds[0].type is MeldType.ANKAN
    assert game.public_view().dora_indicators[-1].kind == kind("7s")
    assert game.wall.ura[1] not in game.public_tiles()


def test_daiminkan_777z_on_a_discard() -> None:
    game = game_with(["7z", "777z", ""], draws="8s" + "2s3s" + "4s")
    act(game, 0, Discard, "7z")
    assert has(game, 1, Kan) and has(game, 1, Pon)
    act(game, 1, Kan)
    assert game.seats[1].melds[0].type is MeldType.MINKAN and len(game.wall.dora) == 2
    assert game.turn == 1 and drawn_kind(game, 1) == kind("4s")


def test_kakan_5p_can_be_robbed_chankan() -> None:
    # Seat 1 pons 5p and later adds the 4th; seat 2, in riichi on a 4-6p kanchan, robs it.
    game = game_with(["5p", "55p1z", "123s456s46p77z"], draws="9p" + "2z" + "8s" + "5p")
    discard = game.seats[0].drawn
    act(game, 0, Discard, "5p")
    assert discard is not None and has(game, 1, Pon)
    act(game, 1, Pon)
    if 2 in game.window.options:  # 人和 would let seat 2 ron this first discard; it waits for more
        act(game, 2, Pass)
    act(game, 1, Discard, "1z")
    pass_all(game)
    act(game, 2, Riichi, "2z")
    pass_all(game)
    discard_drawn(game, 0)
    pass_all(game)
    assert game.turn == 1 and drawn_kind(game, 1) == kind("5p")
    act(game, 1, Kan, "5p")
    assert game.phase == "claims" and has(game, 2, Ron)
    act(game, 2, Ron)
    names = {line.name for line in win_card(game).yaku}
    assert "槍槓" in names and len(game.wall.dora) == 1  # a robbed kan never stands


# --- 横ドラ: setting aside flowers, 西 and 北 ---------------------------------------------------------


def test_set_aside_3z_gives_a_replacement_then_a_discard() -> None:
    game = game_with(["", "", ""], draws="3z" + "8s")
    assert has(game, 0, SetAside)
    act(game, 0, SetAside, "3z")
    # 「川に捨てたことにはならないので、新しい一枚をツモってくることができます」.
    assert game.phase == "turn" and game.turn == 0
    assert [game.kinds[t] for t in game.seats[0].set_aside] == [Kind.WEST]
    assert drawn_kind(game, 0) == kind("8s") and not game.seats[0].river
    assert game.public_view().seats[0].set_aside[0].kind == Kind.WEST
    discard_drawn(game, 0)
    assert len(game.seats[0].river) == 1


def test_set_aside_4z_can_be_ponned() -> None:
    game = game_with(["", "44z", ""], draws="4z" + "8s")
    act(game, 0, SetAside, "4z")
    assert has(game, 1, Pon)
    act(game, 1, Pon)
    assert not game.seats[0].set_aside and len(game.seats[0].concealed) == 10
    assert game.turn == 1 and game.after_pon
    meld = game.seats[1].melds[0]
    assert meld.kind == Kind.NORTH and meld.from_seat == 0


def test_set_aside_3z_can_be_ronned_yaridora() -> None:
    # Seat 1 declares riichi on its first turn, waiting on 西 tanki; seat 0 sets 西 aside later.
    game = game_with(["", "123p456p789s3z", ""], draws="8s" + "2s" + "6s" + "3z")
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Riichi, "2s")
    pass_all(game)
    discard_drawn(game, 2)
    pass_all(game)
    act(game, 0, SetAside, "3z")
    assert has(game, 1, Ron)
    act(game, 1, Ron)
    names = [line.name for line in win_card(game).yaku]
    assert "槍ドラ" in names and win_card(game).from_seat == 0
    assert game.points[0] == -win_card(game).points


def test_declining_a_ron_on_a_set_aside_3z_is_furiten() -> None:
    game = game_with(["", "123p456p789s3z", ""], draws="8s" + "2s" + "6s" + "3z")
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Riichi, "2s")
    pass_all(game)
    discard_drawn(game, 2)
    pass_all(game)
    act(game, 0, SetAside, "3z")
    act(game, 1, Pass)
    assert game.seats[1].temporary_furiten and game.seats[1].riichi_furiten
    # A set-aside tile is no discard: it never enters its owner's river.
    assert all(game.kinds[entry.tile] != Kind.WEST for entry in game.seats[0].river)


def test_deal_time_set_aside_1f_replaced_at_once_no_claims() -> None:
    game = InageGame(InageSettings(juusan_futou=False), seed=1)
    game.rig(padded(["1f", "", ""], "8s"), "8s" + "9s", starter=0)
    assert game.phase == "deal" and game.decisions()[0].seat == 0
    act(game, 0, SetAside, "1f")
    assert game.phase == "turn" and game.turn == 0  # nobody may claim, and play starts
    assert [game.kinds[t] for t in game.seats[0].set_aside] == [Kind.SPRING]
    assert len(game.seats[0].concealed) == 11


def test_deal_time_set_aside_can_be_declined() -> None:
    game = InageGame(InageSettings(juusan_futou=False), seed=1)
    game.rig(padded(["3z", "", ""], "8s"), "8s", starter=0)
    act(game, 0, Pass)
    assert game.phase == "turn" and not game.seats[0].set_aside


def test_riichi_may_set_aside_a_drawn_4z() -> None:
    game = game_with(["123p456p789s1z", "", ""], draws="8s" + "7s" + "6s" + "4z" + "5s")
    act(game, 0, Riichi, "8s")
    play_until_turn(game, 0)
    legal = {type(action) for action in game.legal_actions(0)}
    assert SetAside in legal and Discard in legal
    act(game, 0, SetAside, "4z")
    assert game.seats[0].riichi and drawn_kind(game, 0) == kind("5s")


# --- riichi and ron ------------------------------------------------------------------------------------


def test_closed_hand_cannot_ron_without_riichi_555z123p456p7s() -> None:
    # 役牌 白 is a yaku, but a hand with no pon and no kan may only ron in riichi.
    game = game_with(["", "555z123p456p7s", ""], draws="8s" + "9s" + "6s" + "7s")
    play_until_turn(game, 0)
    discard_drawn(game, 0)
    pass_all(game)
    play_until_turn(game, 0)
    act(game, 0, Discard, "7s")
    assert not has(game, 1, Ron)


def test_ankan_lets_a_dama_hand_ron_111p555z456p7s() -> None:
    # 「暗槓さえすればダマでロンできます」.
    game = game_with(["", "111p555z456p7s", ""], draws="8s" + "1p" + "9m9m" + "6s" + "2s" + "7s")
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Kan, "1p")
    discard_drawn(game, 1)
    pass_all(game)
    discard_drawn(game, 2)
    pass_all(game)
    act(game, 0, Discard, "7s")
    assert has(game, 1, Ron)


def test_renhou_ron_without_riichi_in_the_first_go_around() -> None:
    game = game_with(["7s", "555z123p456p7s", ""], draws="8s")
    act(game, 0, Discard, "7s")
    assert has(game, 1, Ron)
    act(game, 1, Ron)
    names = [line.name for line in win_card(game).yaku]
    assert "人和" in names and win_card(game).points == 32


def test_riichi_costs_nothing_points_start_at_0() -> None:
    game = game_with(["123p456p789s1z", "", ""], draws="8s")
    assert game.points == [0, 0, 0]
    act(game, 0, Riichi, "8s")
    assert game.seats[0].riichi and game.points == [0, 0, 0]


def test_riichi_needs_tenpai_and_a_closed_hand() -> None:
    game = game_with(["", "", ""], draws="8s")
    assert not has(game, 0, Riichi)
    game = game_with(["5z", "55z123p456p7s", ""], draws="8s" + "8p")
    act(game, 0, Discard, "5z")
    act(game, 1, Pon)
    act(game, 1, Discard, "7s")
    play_until_turn(game, 1)
    assert not has(game, 1, Riichi)


def test_after_riichi_only_the_drawn_tile_goes() -> None:
    game = game_with(["123p456p789s1z", "", ""], draws="8s" + "7s" + "6s" + "5s")
    act(game, 0, Riichi, "8s")
    play_until_turn(game, 0)
    discards = [a for a in game.legal_actions(0) if isinstance(a, Discard)]
    assert [a.tile for a in discards] == [game.seats[0].drawn]


def test_furiten_own_river_123p456p789s1z_cannot_ron_1z() -> None:
    game = game_with(["123p456p789s1z", "", "1z"], draws="1z" + "7s" + "6s" + "5s")
    act(game, 0, Riichi, "1z")  # throws the winning tile itself: furiten
    pass_all(game)
    discard_drawn(game, 1)
    pass_all(game)
    act(game, 2, Discard, "1z")
    assert not has(game, 0, Ron)


def test_missed_ron_in_riichi_is_furiten_for_the_rest_of_the_hand() -> None:
    game = game_with(["123p456p789s1z", "1z", "1z"], draws="8s" + "7s" + "6s" + "5s" + "4s")
    act(game, 0, Riichi, "8s")
    pass_all(game)
    act(game, 1, Discard, "1z")
    act(game, 0, Pass)
    assert game.seats[0].riichi_furiten
    discard_drawn(game, 2)
    pass_all(game)
    discard_drawn(game, 0)
    pass_all(game)
    discard_drawn(game, 1)
    pass_all(game)
    act(game, 2, Discard, "1z")
    assert not has(game, 0, Ron)


def test_head_bump_only_the_nearer_ron_wins() -> None:
    hands = ["7s", "555z123p456p7s", "666z123s456s7s"]
    game = game_with(hands, draws="8p")
    act(game, 0, Discard, "7s")
    assert has(game, 1, Ron) and has(game, 2, Ron)
    act(game, 2, Ron)
    act(game, 1, Ron)
    assert game.points[1] > 0 and game.points[2] == 0 and game.starter == 1


def test_multiple_ron_setting_pays_each() -> None:
    hands = ["7s", "555z123p456p7s", "666z123s456s7s"]
    game = game_with(hands, draws="8p", multiple_ron=True)
    act(game, 0, Discard, "7s")
    act(game, 1, Ron)
    act(game, 2, Ron)
    assert game.points[1] == game.points[2] == 32 and game.points[0] == -64
    assert len(game.last_results) == 2 and game.starter == 1


# --- points ----------------------------------------------------------------------------------------------


def test_tsumo_only_adds_to_the_winner() -> None:
    # 「自分でツモって…自分の点数が４０点増えるだけです」.
    game = game_with(["123p456p789s1z", "", ""], draws="8s" + "7s" + "6s" + "1z")
    discard_drawn(game, 0)
    play_until_turn(game, 0)
    act(game, 0, Tsumo)
    score = win_card(game)
    assert game.points == [score.points, 0, 0] and game.expected_points_total() == score.points
    assert score.fu is None


def test_ron_moves_the_points_from_the_discarder() -> None:
    game = game_with(["", "123p456p789s1z", "1z"], draws="8s" + "7s")
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Riichi, "7s")
    pass_all(game)
    act(game, 2, Discard, "1z")
    act(game, 1, Ron)
    points = win_card(game).points
    assert game.points == [0, points, -points] and sum(game.points) == 0


def test_winner_starts_the_next_hand() -> None:
    game = game_with(["", "123p456p789s1z", "1z"], draws="8s" + "7s")
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Riichi, "7s")
    pass_all(game)
    act(game, 2, Discard, "1z")
    act(game, 1, Ron)
    assert game.hand_index == 1 and game.starter == 1
    assert game.round_label == "第2局"
    assert game.phase == "deal" or game.turn == 1


def test_noten_penalty_3p_two_tenpai_24_24_minus48() -> None:
    game = game_with(["123p456p789s1z", "234s567s11p99m", ""], draws="")
    events = play_out(game)
    draw = next(e for e in events if isinstance(e, HandEnded) and e.draw is not None)
    assert draw.draw is not None and draw.draw.tenpai == (True, True, False)
    assert draw.changes == (24, 24, -48)


def test_noten_penalty_3p_one_tenpai_48_minus24_minus24() -> None:
    game = game_with(["123p456p789s1z", "", ""], draws="")
    events = play_out(game)
    draw = next(e for e in events if isinstance(e, HandEnded) and e.draw is not None)
    assert draw.changes == (48, -24, -24)
    assert game.starter == 0  # INA-A13: the same starter again


def test_noten_penalty_2p_48_minus48() -> None:
    game = game_with(["123p456p789s1z", ""], draws="", players=2)
    events = play_out(game)
    draw = next(e for e in events if isinstance(e, HandEnded) and e.draw is not None)
    assert draw.changes == (48, -48)


def test_formal_tenpai_1111p_waiting_on_the_5th_1p() -> None:
    # 「空テンなし、すなわち５枚目の牌を待っても形テン」.
    game = game_with(["1111p234s567s", "", ""], draws="")
    events = play_out(game)
    draw = next(e for e in events if isinstance(e, HandEnded) and e.draw is not None)
    assert draw.draw is not None and draw.draw.tenpai[0] and draw.changes[0] == 48


def test_nobody_pays_when_all_or_none_are_tenpai() -> None:
    game = game_with(["", "", ""], draws="")
    events = play_out(game)
    draw = next(e for e in events if isinstance(e, HandEnded) and e.draw is not None)
    assert draw.changes == (0, 0, 0)


# --- limit hands and special endings ---------------------------------------------------------------------


def test_juusan_futou_147p258s1m11z5z_paid_by_the_passer() -> None:
    game = InageGame(InageSettings(juusan_futou=True), seed=1)
    game.rig(["147p258s1m11z5z", "19m1p9p1s9s1z5z6z7z", "2468p2468s1s2z"], "8s", starter=0)
    assert is_juusan_futou(parse_kinds("147p258s1m11z5z"))
    assert game.phase == "deal" and has(game, 0, JuusanFutou)
    act(game, 0, JuusanFutou)
    # 「配牌を渡した人が責任を取って払ってください」: seat 0's tiles came from seat 1.
    assert game.points == [32, -32, 0] and game.hand_index == 1 and game.starter == 0
    assert win_card(game).yaku[0].name == "十三不塔"


def test_juusan_futou_is_optional_and_a_setting() -> None:
    game = InageGame(InageSettings(juusan_futou=True), seed=1)
    game.rig(["147p258s1m11z5z", "19m1p9p1s9s1z5z6z7z", "2468p2468s1s2z"], "8s", starter=0)
    act(game, 0, Pass)
    assert game.phase == "turn" and game.points == [0, 0, 0]
    off = game_with(["147p258s1m11z5z", "", ""], draws="8s")
    assert off.phase == "turn"
    assert not is_juusan_futou(parse_kinds("147p257s1m11z5z"))  # 5s-7s is a kanchan


def test_juusan_futou_two_declarers_each_paid_by_their_own_passer() -> None:
    game = InageGame(InageSettings(juusan_futou=True), seed=1)
    game.rig(["147p258s1m11z5z", "19m1p9p1s9s1z5z6z7z", "369p147s9m22z6z"], "8s", starter=0)
    act(game, 0, JuusanFutou)
    act(game, 2, JuusanFutou)
    # INA-A18: seat 0 is paid by seat 1, seat 2 by seat 0; the first declarer starts next.
    assert game.points == [0, -32, 32] and game.starter == 0


def test_tenhou_starter_wins_on_the_first_draw() -> None:
    game = game_with(["123p456p789s1z", "", ""], draws="1z")
    act(game, 0, Tsumo)
    assert "天和" in [line.name for line in win_card(game).yaku] and game.points[0] == 32


def test_chiihou_another_seat_wins_on_its_first_draw() -> None:
    game = game_with(["", "123p456p789s1z", ""], draws="8s" + "1z")
    discard_drawn(game, 0)
    pass_all(game)
    act(game, 1, Tsumo)
    assert "地和" in [line.name for line in win_card(game).yaku]


def test_tenhou_void_after_a_pon() -> None:
    game = game_with(["5z", "", "55z123p456p7s"], draws="8s" + "8p")
    act(game, 0, Discard, "5z")
    act(game, 2, Pon)
    act(game, 2, Discard, "7s")
    assert not game.first_go_around


def test_nagashi_mangan_18_yaochu_discards() -> None:
    hands = ["2345p2345s66p", "2345p2345s66s", "678p678s23p44s"]
    game = InageGame(InageSettings(juusan_futou=False), seed=1)
    left = Counter(game.kinds)
    for text in hands:
        left.subtract(parse_kinds(text))
    left.subtract([Kind.WINTER, Kind.AUTUMN])  # rig's default indicators
    yaochu = [k for k in sorted(left) if k in YAOCHU for _ in range(left[k])]
    others = [k for k in sorted(left) if k not in YAOCHU for _ in range(left[k])]
    others += yaochu[18:]
    draws = []
    for turn in range(18):
        # Seat 0 draws a 么九 tile each turn and throws it; the others draw anything else.
        draws += [yaochu[turn], others[2 * turn], others[2 * turn + 1]]
    game.rig(hands, "".join(format_kinds([k]) for k in draws), starter=0)
    events = play_out(game)
    win = next(e for e in events if isinstance(e, HandEnded)).wins[0]
    assert win.winner == 0 and win.yaku[0].name == "流し満貫"
    assert len(game.history) == 2 and game.points == [32, 0, 0] and game.expected_points_total() == 32


# --- the end of the game -----------------------------------------------------------------------------------


def test_game_ends_after_the_set_number_of_hands() -> None:
    game = game_with(["", "", ""], hands=1)
    play_out(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.hands_played == 1 and outcome.reason == "終局"


def test_game_ends_at_the_target_score() -> None:
    game = game_with(["123p456p789s1z", "", ""], draws="1z", end="score", target=30)
    act(game, 0, Tsumo)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "目標点"


def test_game_ends_with_the_hand_when_time_is_up() -> None:
    game = game_with(["", "", ""], end="time")
    assert has(game, 2, TimeUp)
    game.apply(TimeUp(2))
    assert game.outcome() is None
    play_out(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "時間"


def test_vote_to_end_any_seat_any_time() -> None:
    game = game_with(["", "", ""])
    assert VoteEnd(2, True) in game.legal_actions(2)  # seat 2 has no decision now
    game.apply(VoteEnd(2, True))
    game.apply(VoteEnd(1, True))
    game.apply(VoteEnd(1, False))  # a vote can be taken back
    assert game.outcome() is None and game.votes == {2}
    game.apply(VoteEnd(1, True))
    game.apply(VoteEnd(0, True))
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "投票で終了"
    assert game.decisions() == () and game.legal_actions(0) == ()


def test_end_mode_must_be_known() -> None:
    with pytest.raises(ValueError, match="end must be"):
        InageSettings(end="never")
    with pytest.raises(ValueError, match="unknown"):
        InageSettings.from_json({"wall": True})


# --- the protocol ------------------------------------------------------------------------------------------


def test_illegal_and_foreign_actions_change_nothing() -> None:
    game = game_with(["123p456p789s1z", "", ""], draws="8s")
    before = game.state_hash()
    with pytest.raises(NotYourTurnError):
        game.apply(Discard(2, game.seats[2].concealed[0]))
    with pytest.raises(IllegalActionError):
        game.apply(Discard(0, game.seats[1].concealed[0]))
    assert game.state_hash() == before


@pytest.mark.parametrize(
    "action",
    [SetAside(1, 5), Kan(0, (1, 2, 3, 4)), JuusanFutou(2), VoteEnd(1, False), TimeUp(0)],
)
def test_actions_round_trip_through_json(action: Action) -> None:
    assert action_from_json(action_to_json(action)) == action


def test_settings_round_trip_and_build_a_game() -> None:
    settings = InageSettings(points_table="1:8,2:12,4:16,8:24,12:32,16:40", hands=4)
    assert InageSettings.from_json(settings.to_json()) == settings
    game = new_game("inage", {"hands": 4}, seed=3, players=2)
    assert game.players == 2 and game.settings_json()["hands"] == 4
    with pytest.raises(ValueError, match="HAN:POINTS"):
        InageSettings(points_table="1-8")
    with pytest.raises(ValueError, match="even"):
        InageSettings(noten_penalty=47)


def test_views_never_show_other_hands_or_the_ura() -> None:
    game = game_with(["111p", "", ""], draws="1p" + "7s8s" + "9s")
    act(game, 0, Kan, "1p")
    assert check_invariants(game, 0) == []
    hidden = set(game.wall.ura) | set(game.wall.live) | set(game.seats[1].concealed) | set(game.seats[2].concealed)
    assert hidden.isdisjoint(game.public_tiles())
    view = game.view(1)
    assert len(view.hand) == 10 and view.public.seats[0].concealed_count == len(game.seats[0].concealed)


def test_unused_ron_offer_is_not_a_decision_for_others() -> None:
    game = game_with(["", "", ""], draws="8s")
    decision = game.decisions()[0]
    assert decision.seat == 0 and isinstance(decision.default, Discard)
    assert Ron not in {type(a) for a in decision.actions}
