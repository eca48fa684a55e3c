"""Deal-in estimates against a riichi (bot.engine.defence) and the CPU's push or fold, on tables
written in tile notation: seat 0 reads the table, seat 1 has declared riichi."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.defence import (
    CLOSED,
    NOTEN_READY_FIRST,
    ONE_CHANCE,
    PAIR_BY_UNSEEN,
    TWO_SIDED,
    DangerParts,
    RiichiHistory,
    kokushi_prior,
    read_threats,
)
from bot.engine.game import Action, Chi, Discard, Pass, Pon, Riichi, SetAside
from bot.engine.melds import MeldType
from bot.engine.shapes import STANDARD, ShapeRules, pack
from bot.engine.tiles import Tile, parse_kinds, parse_tiles
from bot.engine.variants.inage.game import inage_shapes
from bot.engine.views import MeldView, PublicView, RiverTile, SeatPublic, SeatView


def river(text: str, *, riichi_at: int | None = None, start: int = 1, step: int = 4) -> tuple[RiverTile, ...]:
    """A river whose ``i``-th tile was discarded at order ``start + i*step`` (four seats take
    turns), the ``riichi_at``-th laid sideways."""
    return tuple(
        RiverTile(tile, riichi=index == riichi_at, order=start + index * step)
        for index, tile in enumerate(parse_tiles(text))
    )


def table(
    hand: str,
    rivers: Sequence[tuple[RiverTile, ...]],
    *,
    riichi: Sequence[int] = (1,),
    melds: Sequence[str] = ("", "", "", ""),
    tiles_left: int = 50,
    open_waits: str = "",
) -> SeatView:
    seats = tuple(
        SeatPublic(
            seat=seat,
            wind=None,
            points=25000,
            river=rivers[seat],
            melds=tuple(MeldView(MeldType.PON, tuple(parse_tiles(m))) for m in [melds[seat]] if m),
            riichi=seat in riichi,
            open_waits=tuple(parse_kinds(open_waits)) if seat == 1 else (),
        )
        for seat in range(len(rivers))
    )
    public = PublicView(variant="test", round_label="東1局", seats=seats, tiles_left=tiles_left)
    return SeatView(public=public, seat=0, hand=tuple(parse_tiles(hand)))


SETS_AND_PAIRS = ShapeRules(kokushi=None)
"""The usual tiles without 国士無双: the figures of runs, pairs and single waits alone (the
thirteen-orphans share is tested on its own, below)."""


def danger_of(view: SeatView, kind: str, shapes: ShapeRules = SETS_AND_PAIRS) -> float:
    board = pack(tile.kind for tile in view.hand)
    return read_threats(view, shapes, board).percent(parse_kinds(kind)[0])


NO_RIVER: tuple[RiverTile, ...] = ()


def test_tiles_cut_after_the_riichi_1s_are_safe_but_not_those_before() -> None:
    # Seat 1 declares on 5p at order 6; seat 2 cut 1s at order 3 (before) and 9s at order 7.
    view = table(
        "123m456p1s4s9s",
        [NO_RIVER, river("2z5p", riichi_at=1, start=2), river("1s9s", start=3), NO_RIVER],
    )
    assert danger_of(view, "9s") == 0.0  # let pass after the declaration: furiten
    assert danger_of(view, "1s") > 0.0  # cut before it: the riichi hand may still wait on it
    assert danger_of(view, "5p") == 0.0  # its own discard


def test_genbutsu_of_the_riichi_hands_river_5m_is_safe() -> None:
    view = table("5m5m6m", [NO_RIVER, river("5m1z", riichi_at=1), NO_RIVER, NO_RIVER])
    assert danger_of(view, "5m") == 0.0


def test_suji_1p_of_4p_is_safer_than_2p_and_a_middle_5p_is_worst() -> None:
    view = table("1p2p5p9s", [NO_RIVER, river("4p1z", riichi_at=1), NO_RIVER, NO_RIVER])
    suji_terminal, two, middle = danger_of(view, "1p"), danger_of(view, "2p"), danger_of(view, "5p")
    # The suji terminal keeps only its pair or single wait; 2p a two-sided wait (34p), a closed
    # one (13p) and that; 5p two two-sided ones, a closed one and a pair.
    assert suji_terminal == pytest.approx(PAIR_BY_UNSEEN[3])
    assert suji_terminal < two / 2 and two < middle
    assert middle > 15.0


def test_double_suji_6s_of_3s_and_9s_is_one_two_sided_wait_safer_than_half_suji_6s() -> None:
    both = table("6s", [NO_RIVER, river("3s9s1z", riichi_at=2), NO_RIVER, NO_RIVER])
    half = table("6s", [NO_RIVER, river("3s1z", riichi_at=1), NO_RIVER, NO_RIVER])
    none = table("6s", [NO_RIVER, river("1z2z", riichi_at=1), NO_RIVER, NO_RIVER])
    assert danger_of(both, "6s") == pytest.approx(danger_of(half, "6s") - TWO_SIDED)
    assert danger_of(half, "6s") == pytest.approx(danger_of(none, "6s") - TWO_SIDED)
    assert danger_of(both, "6s") == pytest.approx(CLOSED + PAIR_BY_UNSEEN[3]), "57s, or a pair or single"


def test_kabe_8888s_leaves_9s_only_a_pair_or_single_wait() -> None:
    # Every 8s in sight (three in a pon, one in the river): no 78s or 89s shape can wait on 9s.
    kabe = table("9s1p", [NO_RIVER, river("1z2z", riichi_at=1), river("8s"), NO_RIVER], melds=("", "", "", "8s8s8s"))
    open_ = table("9s1p", [NO_RIVER, river("1z2z", riichi_at=1), NO_RIVER, NO_RIVER])
    assert danger_of(kabe, "9s") == pytest.approx(PAIR_BY_UNSEEN[3])
    assert danger_of(open_, "9s") > danger_of(kabe, "9s") + TWO_SIDED - 0.1


def test_one_chance_7p_with_three_6p_in_sight_is_safer_than_with_none() -> None:
    # 56p, the two-sided shape on 7p, needs a 6p: with one left it is unlikely (and so is 68p).
    seen = table("7p6p", [NO_RIVER, river("1z2z", riichi_at=1), river("6p6p"), NO_RIVER])
    unseen = table("7p", [NO_RIVER, river("1z2z", riichi_at=1), NO_RIVER, NO_RIVER])
    expected_drop = (TWO_SIDED + CLOSED) * (1 - ONE_CHANCE)
    assert danger_of(seen, "7p") == pytest.approx(danger_of(unseen, "7p") - expected_drop)


@pytest.mark.parametrize(("seen", "expected"), [("", 7.7), ("1z", 3.5), ("1z1z", 1.1), ("1z1z1z", 0.0)])
def test_honour_1z_by_copies_in_sight(seen: str, expected: float) -> None:
    view = table("1z", [NO_RIVER, river("9m2z", riichi_at=1), river(seen), NO_RIVER])
    assert danger_of(view, "1z") == pytest.approx(expected)


def test_an_open_riichis_shown_waits_36p_are_the_only_danger() -> None:
    view = table("3p5p", [NO_RIVER, river("1z2z", riichi_at=1), NO_RIVER, NO_RIVER], open_waits="3p6p")
    assert danger_of(view, "3p") == 100.0
    assert danger_of(view, "5p") == 0.0


def test_eight_copies_of_8p_leave_a_one_chance_7p_live_where_four_would_not() -> None:
    # Four 8p in sight: with four copies a kabe, with eight (チンイツゲーム) the shape lives on.
    eight = ShapeRules(limits=tuple(8 if 9 <= kind < 18 else 0 for kind in range(34)) + (0,) * 4, kokushi=None)
    view = table("7p", [NO_RIVER, river("1p2p", riichi_at=1), river("8p8p8p8p"), NO_RIVER])
    assert danger_of(view, "7p", eight) == pytest.approx(danger_of(view, "7p") + 2 * CLOSED)


def test_a_missing_suit_has_no_shapes_7m_in_nishoku_is_only_a_pair_wait() -> None:
    # 二色麻雀 has no 2m-8m: a manzu terminal can only be waited on as a pair or alone.
    nishoku = ShapeRules(limits=tuple(0 if kind < 9 else 4 for kind in range(34)) + (0,) * 4, kokushi=None)
    view = table("1p", [NO_RIVER, river("1z2z", riichi_at=1), NO_RIVER, NO_RIVER])
    assert danger_of(view, "1p", nishoku) > 0
    assert danger_of(view, "1p", nishoku) == danger_of(view, "1p")


# --- the CPU's choice ------------------------------------------------------------------------------


def cpu_choice(view: SeatView, claims: Sequence[Action] = (), *, riichi: bool = False) -> tuple[str, Action]:
    """What the CPU does holding ``view.hand`` (tile ids are positions in the hand): discard,
    or, offered ``claims``, claim or pass."""
    tiles: list[Tile] = list(view.hand)
    actions: list[Action] = [] if claims else [Discard(seat=0, tile=index) for index in range(len(tiles))]
    if riichi:
        actions += [Riichi(seat=0, tile=index) for index in range(len(tiles))]
    actions += list(claims)
    choice = CpuPlayer(STANDARD, tiles).choose(view, actions)
    tile = getattr(choice, "tile", None)
    return (str(tiles[tile]) if tile is not None else "", choice)


def test_cpu_2_away_folds_with_1s_let_pass_after_the_riichi_not_9s() -> None:
    # The hand: two from tenpai, it held a 1s another seat had cut after the declaration
    # and cut 9s into the riichi. 1s is the free tile.
    view = table(
        "14m3668p2479s1s5z7z9s",
        [NO_RIVER, river("3z2z5p", riichi_at=2, start=2), river("4z6z1s", start=3), river("1m")],
    )
    tile, _ = cpu_choice(view)
    assert tile == "1s"


def test_cpu_2_away_cuts_a_safe_useless_honour_1z_not_the_genbutsu_3s_of_its_13s() -> None:
    view = table(
        "23m45p67p13s79s1z5z6z",
        [NO_RIVER, river("5z6z3s", riichi_at=2), river("1z1z1z"), NO_RIVER],
    )
    tile, _ = cpu_choice(view)
    assert tile in {"1z", "5z", "6z"}


def test_cpu_pushes_a_good_tenpai_23m_with_a_dangerous_5p_against_riichi() -> None:
    # Cutting the 5p it drew keeps tenpai on 1m4m; breaking the hand instead would be a waste.
    view = table("23m456m789m234s55s5p", [NO_RIVER, river("1z2z3z", riichi_at=2), NO_RIVER, NO_RIVER])
    assert danger_of(view, "5p") > 10.0
    tile, _ = cpu_choice(view)
    assert tile == "5p"


def test_cpu_2_away_with_a_cheap_hand_plays_its_safest_tile_not_a_live_5p() -> None:
    view = table(
        "23m56m79m234s5p1z1z9s4z",
        [NO_RIVER, river("3z2z4s9m", riichi_at=3), river("9s"), NO_RIVER],
        tiles_left=30,
    )
    tile, _ = cpu_choice(view)
    assert tile != "5p"
    assert danger_of(view, tile) == min(danger_of(view, str(face)) for face in view.hand)


def set_aside_choice(view: SeatView, kind: str) -> Action:
    """What the CPU does offered its discards and setting ``kind`` aside (いなげ's honours)."""
    tiles: list[Tile] = list(view.hand)
    actions: list[Action] = [Discard(seat=0, tile=index) for index in range(len(tiles))]
    actions.append(SetAside(seat=0, tile=next(i for i, face in enumerate(tiles) if str(face) == kind)))
    return CpuPlayer(STANDARD, tiles).choose(view, actions)


HAND_WITH_A_LONE_5Z = "14m3668p2479s1s5z9s"
"""Two from tenpai, with a lone 5z that forms nothing."""


def test_cpu_sets_a_lone_5z_aside_when_nobody_is_in_riichi() -> None:
    view = table(HAND_WITH_A_LONE_5Z, [NO_RIVER, river("1z2z3p"), NO_RIVER, NO_RIVER], riichi=())
    assert isinstance(set_aside_choice(view, "5z"), SetAside)


def test_cpu_2_away_keeps_a_live_5z_in_hand_against_riichi_a_tile_set_aside_can_be_ronned() -> None:
    # いなげ's 槍ドラ: the riichi hand may claim a tile set aside. The 5z nobody has cut is worth
    # more than a free tile, so the 2-away hand folds with the genbutsu 3p instead.
    view = table(HAND_WITH_A_LONE_5Z, [NO_RIVER, river("1z2z3p", riichi_at=2), NO_RIVER, NO_RIVER])
    assert danger_of(view, "5z") > 1.0
    choice = set_aside_choice(view, "5z")
    assert isinstance(choice, Discard) and str(view.hand[choice.tile]) == "3p"


def test_cpu_sets_aside_a_5z_cut_after_the_riichi_it_is_safe() -> None:
    rivers = [NO_RIVER, river("1z2z3p", riichi_at=2), river("5z", start=11), NO_RIVER]
    view = table(HAND_WITH_A_LONE_5Z, rivers)
    assert danger_of(view, "5z") == 0.0
    assert isinstance(set_aside_choice(view, "5z"), SetAside)


def with_last_discard(view: SeatView, seat: int) -> SeatView:
    public = PublicView(
        variant="test", round_label="東1局", seats=view.public.seats, tiles_left=40, last_discard=(seat, 0)
    )
    return SeatView(public=public, seat=0, hand=view.hand)


def test_cpu_chis_4m_onto_23m_for_an_all_simples_tenpai() -> None:
    # 23m 456p 678p 35s 66s 8s: the chi makes 234m, and cutting 8s leaves 断么九 tenpai on 4s.
    view = with_last_discard(table("23m456p678p35s66s8s", [NO_RIVER, NO_RIVER, NO_RIVER, river("4m")], riichi=()), 3)
    chi = Chi(seat=0, tiles=(0, 1))
    _, choice = cpu_choice(view, [chi, Pass(seat=0)])
    assert choice == chi


def test_cpu_does_not_chi_4m_onto_23m_with_99s2z_and_no_yaku_in_reach() -> None:
    view = with_last_discard(table("23m456p678p35s99s2z", [NO_RIVER, NO_RIVER, NO_RIVER, river("4m")], riichi=()), 3)
    chi = Chi(seat=0, tiles=(0, 1))
    _, choice = cpu_choice(view, [chi, Pass(seat=0)])
    assert isinstance(choice, Pass)


def test_cpu_reads_a_chis_tile_1m_from_its_kamicha_not_the_latest_discard_4m() -> None:
    # ずーの's seats discard at once: the latest discard shown is seat 2's 4m, but a chi can only
    # take the 上家's (seat 3's) 1m. 234m would be 断么九 tenpai cutting the 9s; 123m with the 9s
    # leaves no yaku in reach: no chi.
    rivers = [NO_RIVER, NO_RIVER, river("4m"), river("1m")]
    view = with_last_discard(table("23m456p678p35s66s9s", rivers, riichi=()), 2)
    chi = Chi(seat=0, tiles=(0, 1))
    _, choice = cpu_choice(view, [chi, Pass(seat=0)])
    assert isinstance(choice, Pass)


def test_cpu_pons_6s_against_riichi_to_reach_tenpai_cutting_the_genbutsu_2z() -> None:
    # 234m 567p 345s 66s 2z 4p: the pon makes tenpai on 4p by cutting 2z, which is 現物.
    view = with_last_discard(
        table("234m567p345s66s2z4p", [NO_RIVER, river("2z3z9p", riichi_at=2), river("6s"), NO_RIVER]), 2
    )
    pon = Pon(seat=0, tiles=(9, 10))
    _, choice = cpu_choice(view, [pon, Pass(seat=0)])
    assert choice == pon


def test_cpu_does_not_pon_6s_against_riichi_when_it_stays_two_away() -> None:
    view = with_last_discard(
        table("258m567p345s66s2z4p", [NO_RIVER, river("2z3z9p", riichi_at=2), river("6s"), NO_RIVER]), 2
    )
    pon = Pon(seat=0, tiles=(9, 10))
    _, choice = cpu_choice(view, [pon, Pass(seat=0)])
    assert isinstance(choice, Pass)


# --- riichi without tenpai (二色麻雀) ----------------------------------------------------------------


def with_noten_riichi(view: SeatView) -> SeatView:
    """The same view at a table where a riichi proves no tenpai (二色麻雀's rule)."""
    return SeatView(public=replace(view.public, noten_riichi=True), seat=0, hand=view.hand)


def test_an_early_riichi_where_noten_riichi_is_allowed_is_weighed_as_likely_a_bluff_5p() -> None:
    view = table("5p", [NO_RIVER, river("1z", riichi_at=0), NO_RIVER, NO_RIVER])
    honest = danger_of(view, "5p")
    bluff_rules = danger_of(with_noten_riichi(view), "5p")
    assert bluff_rules == pytest.approx(honest * NOTEN_READY_FIRST)


def test_a_late_riichi_where_noten_riichi_is_allowed_is_taken_as_ready() -> None:
    view = table("5p", [NO_RIVER, river("1z2z3z4z1m9m7z6z5z1p9p", riichi_at=10), NO_RIVER, NO_RIVER])
    assert danger_of(with_noten_riichi(view), "5p") == pytest.approx(danger_of(view, "5p"))


def hand_views(points_after: int, hands: int) -> list[SeatView]:
    """Seat 1 declares riichi in each of ``hands`` hands; the next hand starts with its points at
    ``points_after`` times the hand number more (a win) or the same."""
    views = []
    for number in range(hands + 1):
        seats = tuple(
            SeatPublic(seat=seat, wind=None, points=25000 + (points_after * number if seat == 1 else 0), riichi=False)
            for seat in range(4)
        )
        start = PublicView(
            variant="test", round_label=f"東{number + 1}局", seats=seats, tiles_left=60, noten_riichi=True
        )
        declared = replace(start, seats=tuple(replace(s, riichi=s.seat == 1) for s in seats), tiles_left=30)
        views += [SeatView(public=start, seat=0, hand=()), SeatView(public=declared, seat=0, hand=())]
    return views


def test_riichi_history_counts_a_players_riichi_hands_and_their_wins() -> None:
    bluffer, winner = RiichiHistory(), RiichiHistory()
    for view in hand_views(0, 4):
        bluffer.observe(view)
    for view in hand_views(8000, 4):
        winner.observe(view)
    assert (bluffer.declared[1], bluffer.won[1]) == (4, 0)
    assert (winner.declared[1], winner.won[1]) == (4, 4)
    assert bluffer.ready(1, 0.5) < 0.15 < 0.5 < winner.ready(1, 0.5)
    assert bluffer.ready(2, 0.5) == 0.5  # nothing known of seat 2: the timing guess


def test_a_first_discard_riichi_from_a_player_seen_never_to_win_is_almost_surely_empty() -> None:
    history = RiichiHistory()
    for view in hand_views(0, 6):
        history.observe(view)
    assert history.ready(1, NOTEN_READY_FIRST) < 0.05


# --- 国士無双 -----------------------------------------------------------------------------------

SIMPLES_RIVER = "2p3p4s5p6s7p8s"
"""Seven simples to a riichi: what a 国士無双 hand throws."""
ORPHANS_RIVER = "1m9m2z9p5z6z8s"
"""Six terminals and honours before it: no such hand would."""


def test_kokushi_riichi_after_2p3p4s5p6s7p8s_may_wait_on_1z_with_every_other_copy_in_sight() -> None:
    # Three 1z held and one in a river: no pair or single wait is left on 1z, but いなげ's
    # 11-tile 国士 waits on terminals and honours it need not hold, and seven simples to a
    # riichi make it a likely hand.
    shapes = inage_shapes()
    simples = table("1z1z1z5s", [NO_RIVER, river(SIMPLES_RIVER, riichi_at=6), river("1z"), NO_RIVER])
    orphans = table("1z1z1z5s", [NO_RIVER, river(ORPHANS_RIVER, riichi_at=6), river("1z"), NO_RIVER])
    assert danger_of(simples, "1z", shapes) > 10.0
    assert danger_of(orphans, "1z", shapes) < 0.5
    assert danger_of(simples, "1z") == 0.0  # without the shape the count alone rules it out
    # A simple is no 国士 wait: the riichi hand's likely shape makes it no more dangerous.
    assert danger_of(simples, "5s", shapes) <= danger_of(simples, "5s")


def test_kokushi_is_ruled_out_with_five_orphan_kinds_1z9s1s9p2z_all_in_sight() -> None:
    # Its tenpai holds nine of the thirteen kinds: with five all seen, only eight are left.
    shapes = inage_shapes()
    view = table(
        "1z1z1z9s9s9s9s1s1s1s1s",
        [NO_RIVER, river(SIMPLES_RIVER, riichi_at=6), river("1z9p9p9p9p"), river("2z2z2z2z")],
    )
    assert danger_of(view, "1z", shapes) == 0.0


def test_kokushi_prior_of_inage_11_tile_form_is_far_above_the_usual_14_tile_one() -> None:
    inage, usual = kokushi_prior(inage_shapes()), kokushi_prior(STANDARD)
    assert inage > 0.01
    assert inage > 10 * usual > 0
    assert kokushi_prior(SETS_AND_PAIRS) == 0.0


def test_the_parts_of_an_estimate_add_up_to_it_on_every_kind_against_a_kokushi_likely_riichi() -> None:
    # いなげ's shapes and a river of simples: every kind gets the plain parts and the orphans
    # a 国士無双 part; a suji terminal (1s of 4s) has only its pair and single part left.
    shapes = inage_shapes()
    view = table("1z1z1z5s", [NO_RIVER, river(SIMPLES_RIVER, riichi_at=6), river("1z4s"), NO_RIVER])
    danger = read_threats(view, shapes, pack(tile.kind for tile in view.hand))
    (threat,) = danger.threats
    for kind in range(34):
        assert danger.parts(threat, kind).total == pytest.approx(danger.against(threat, kind))
    one_sou = danger.parts(threat, parse_kinds("1s")[0])
    assert one_sou.pair > 0 and one_sou.kokushi > 0 and one_sou.two_sided == one_sou.closed == 0
    east = danger.parts(threat, parse_kinds("1z")[0])
    assert east.honour == 0 and east.kokushi > 10, "all four 1z in sight: only 国士無双 waits on it"
    six_pin = danger.parts(threat, parse_kinds("6p")[0])
    assert six_pin.two_sided > six_pin.closed > 0 and six_pin.honour == 0, "45p and 78p, then 57p"
    assert danger.parts(threat, parse_kinds("2p")[0]).kokushi == 0


def test_an_open_riichis_shown_wait_2p_is_a_known_part_of_100() -> None:
    view = table("2p3p", [NO_RIVER, river("1z", riichi_at=0), NO_RIVER, NO_RIVER], open_waits="2p5p")
    danger = read_threats(view, STANDARD, pack(tile.kind for tile in view.hand))
    (threat,) = danger.threats
    assert danger.parts(threat, parse_kinds("2p")[0]) == DangerParts(known=100.0)
    assert danger.parts(threat, parse_kinds("3p")[0]).total == 0.0
