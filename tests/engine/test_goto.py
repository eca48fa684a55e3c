"""5等三麻's game rules, one test per seed line (see docs/rules/goto.md), hands in tile notation.

The yaku, points, chips and dice tables are in ``test_goto_yaku.py``, ``test_goto_points.py`` and
``test_goto_chips.py``; these tests drive the real game: ``rig`` deals chosen tiles, and every
move is one of ``legal_actions``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.game import Action, Discard, Kan, Pass, Pon, Riichi, Ron, SetAside, Tsumo
from bot.engine.tiles import Kind, parse_kinds
from bot.engine.variants.goto.game import GotoGame
from bot.engine.variants.goto.settings import GotoSettings
from bot.engine.views import DrawView, WinView

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
    **settings: object,
) -> GotoGame:
    """A game whose current hand is rigged (the dead wall above unless told)."""
    game = GotoGame(GotoSettings(**settings), seed=seed)  # type: ignore[arg-type]
    game.rig(hands, draws, rinshan=rinshan, dora=dora, ura=ura, dealer=dealer, honba=honba)
    return game


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def tile_kind(game: GotoGame, action: Action) -> int | None:
    """The kind of the tile an action is about (a kan's first tile), None for one without."""
    if isinstance(action, Discard | Riichi | SetAside):
        return game.kinds[action.tile]
    if isinstance(action, Kan | Pon):
        return game.kinds[action.tiles[0]] if action.tiles else None
    return None


def find(game: GotoGame, seat: int, cls: type, face: str | None = None) -> Action | None:
    """The first legal action of exactly ``cls`` (an OpenRiichi is no Riichi here)."""
    for action in game.legal_actions(seat):
        if type(action) is cls and (face is None or tile_kind(game, action) == kind(face)):
            return action
    return None


def act(game: GotoGame, seat: int, cls: type, face: str | None = None) -> None:
    """Apply the first legal action of ``cls`` (on a tile of ``face`` when given)."""
    action = find(game, seat, cls, face)
    assert action is not None, f"seat {seat} has no {cls.__name__} {face or ''}: {game.legal_actions(seat)}"
    game.apply(action)


def has(game: GotoGame, seat: int, cls: type, face: str | None = None) -> bool:
    return find(game, seat, cls, face) is not None


def pass_claims(game: GotoGame) -> None:
    while game.phase == "claims":
        game.apply(Pass(game.decisions()[0].seat))


def drawn_kind(game: GotoGame, seat: int) -> int:
    drawn = game.seats[seat].drawn
    assert drawn is not None
    return game.kinds[drawn]


def discard_drawn(game: GotoGame, seat: int) -> None:
    """``seat`` discards what it drew, leaving the claims on it open."""
    drawn = game.seats[seat].drawn
    assert drawn is not None
    game.apply(Discard(seat, drawn))


def tsumogiri(game: GotoGame, seat: int) -> None:
    """``seat`` is on turn and discards what it drew; the others pass every claim."""
    assert game.phase == "turn" and game.turn == seat, (game.phase, game.turn, seat)
    discard_drawn(game, seat)
    pass_claims(game)


def claim(game: GotoGame, seat: int, cls: type) -> None:
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
        drawn = game.seats[seat].drawn
        assert drawn is not None
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


def win_card(game: GotoGame, number: int = 0) -> WinView:
    card = game.last_results[number]
    assert isinstance(card, WinView)
    return card


def yaku_of(card: WinView) -> dict[str, int]:
    return {line.name: line.yakuman or line.han for line in card.yaku}


def chip_items(card: WinView | DrawView) -> dict[str, int]:
    return {item.name: item.chips for item in card.chip_items}


def set_points(game: GotoGame, points: list[int]) -> None:
    """Move points so the seats hold ``points`` (they must add up to the same total)."""
    game.ledger.pay([p - q for p, q in zip(points, game.points, strict=True)])
    assert game.points == points


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


# 国士無双 waiting on 北 alone; the junk hands here hold no honours, the dead wall none either.
KOKUSHI = "1m9m1p9p1s9s1z2z3z5z6z7z1p"
K1 = "1m9m1s4z147p258p369p"
K2 = "1m9m1s9s147p258p369p"
SOUZU_DEAD = {"rinshan": "2s2s2s2s", "dora": "3s3s3s3s4s", "ura": "4s4s4s5s6s"}


def test_4z_kept_in_hand_wins_for_kokushi_tsumo_on_4z() -> None:
    game = game_with([K2, KOKUSHI, K2], "8p8s7s6s4z", **SOUZU_DEAD)  # type: ignore[arg-type]
    for seat in (0, 1, 2, 0):
        tsumogiri(game, seat)
    assert drawn_kind(game, 1) == Kind.NORTH and has(game, 1, Tsumo) and has(game, 1, SetAside, "4z")
    act(game, 1, Tsumo)
    roll_all(game)
    assert yaku_of(win_card(game)) == {"国士無双": 1}


@pytest.mark.parametrize("nuki_ron", [False, True])
def test_no_ron_on_a_pulled_4z_by_default_nuki_ron_lets_kokushi_take_it(nuki_ron: bool) -> None:
    game = game_with([K1, KOKUSHI, K2], "8p8s7s6s", nuki_ron=nuki_ron, **SOUZU_DEAD)  # type: ignore[arg-type]
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
