"""ずーの's rules, one test per seed line and table rule (see docs/rules/zuno.md), hands in tile notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, Unpack

import pytest

from bot.engine.events import Called, Event, HandEnded, TileDrawn, Win
from bot.engine.game import (
    Discard,
    Kan,
    Pass,
    Pick,
    Riichi,
    RulesError,
    Tsumo,
)
from bot.engine.melds import MeldType
from bot.engine.sim import check_invariants
from bot.engine.tiles import Kind, parse_kinds
from bot.engine.variants import JsonSettings, SettingValue
from bot.engine.variants.zuno import (
    CallChi,
    CallKan,
    CallPon,
    InazumaRiichi,
    PocchiTsumo,
    RonOn,
    ZunoGame,
    ZunoSettings,
)
from bot.engine.variants.zuno.payments import final_scores, wareme_seat
from tests.engine.padding import pad_hands
from tests.engine.rigging import act, drawn_kind, drawn_tile, find, has, kind, tile_kind, win_card

# Hands are written with only the tiles a test is about; ``game_with`` pads each to 13 with
# isolated junk of kinds no test string mentions, so nothing else can call or win.
JUNK_ORDER = parse_kinds("1p9p1s9s1z2z3z4z5z6z7z9m4p6s3p7p3s7s2p8p2s8s6p4s5p5s8m2m")
RIICHI_READY = "234m456p678s99p11s"
"""Waits on 9p or 1s (シャンポン); riichi is its only yaku."""
TANYAO_READY = "234m456p678s33s55s"
"""Waits on 3s or 5s; 断么九 makes a ron legal without riichi."""


def padded(hands: list[str], draws: str) -> list[str]:
    """Fill each hand to 13 tiles with this variant's junk (see :func:`pad_hands`)."""
    return pad_hands(hands, draws, size=13, junk_order=JUNK_ORDER, short_below=12)


class ZunoRig(TypedDict, total=False):
    """The table :func:`game_with` rigs besides the tiles: ``TableGame.rig``'s options and the
    割れ目 seat of ``ZunoGame.rig``."""

    rinshan: str
    dora: str
    ura: str
    dealer: int
    honba: int
    points: Sequence[int]
    deposits: int
    wareme: int


def game_with(
    hands: list[str], draws: str = "", settings: JsonSettings | None = None, **rig: Unpack[ZunoRig]
) -> ZunoGame:
    """A game on the default settings but for ``settings``, its first hand rigged: ``hands``
    padded with junk, ``draws`` the first packets, and the table as ``rig`` says."""
    game = ZunoGame(ZunoSettings.from_json(dict(settings or {})), seed=1)
    dead = rig.get("rinshan", "") + rig.get("dora", "") + rig.get("ura", "")
    game.rig(padded(hands, draws + dead), draws, **rig)
    return game


def draft(game: ZunoGame, *picks: str | None) -> None:
    """Play the draft: each drafter in turn takes the named kind (``None``: the first offered)."""
    for pick in picks:
        assert game.phase == "draft"
        seat = game.drafter
        assert seat is not None
        options = game.legal_actions(seat)
        action = options[0] if pick is None else find(game, seat, Pick, pick)
        game.apply(action)
    while game.phase == "draft":
        game.apply(game.decisions()[0].default)


def lock_rest(game: ZunoGame) -> list[Event]:
    """Every seat that has not locked in discards its drafted tile."""
    events: list[Event] = []
    while game.phase == "declare":
        decision = game.decisions()[0]
        events += game.apply(decision.default)
    return events


def pass_all(game: ZunoGame) -> list[Event]:
    events: list[Event] = []
    while game.phase in ("ron", "call", "call_ron") and game.decisions():
        decision = game.decisions()[0]
        events += game.apply(Pass(decision.seat))
    return events


def play_round(game: ZunoGame, *picks: str | None) -> list[Event]:
    """A round where nobody does anything but draft and discard what they drafted."""
    draft(game, *picks)
    events = lock_rest(game)
    return events + pass_all(game)


def events_of(events: list[Event], kind_: str) -> list[Event]:
    return [event for event in events if event.type == kind_]


def wins_of(events: list[Event]) -> list[Win]:
    """Every win of the hands that ended, settlement order."""
    return [win for event in events if isinstance(event, HandEnded) for win in event.wins]


def draw_of(events: list[Event]) -> HandEnded | None:
    """The drawn hand's end, if a hand was drawn."""
    return next((event for event in events if isinstance(event, HandEnded) and event.draw is not None), None)


# --- deal, wall and draft --------------------------------------------------------------------


def test_deal_13_each_dealer_too_live_wall_70() -> None:
    game = ZunoGame(seed=3)
    assert [len(seat.concealed) for seat in game.seats] == [13, 13, 13, 13]
    # 136 - 52 dealt - 14 dead = 70 live; round 1's packet of 4 is already out.
    assert len(game.wall.live) == 70 - 4 and len(game.wall.rinshan) == 4
    assert game.points == [25_000] * 4 and game.round_label == "東1局"
    assert len(game.public_view().dora_indicators) == 1


def test_round_1_east_is_start_player_takes_4_unseen() -> None:
    game = game_with(["", "", "", ""], draws="1p2p3p4p")
    assert game.phase == "draft" and game.sp == game.dealer == 0 and game.drafter == 0
    assert [tile_kind(game, a) for a in game.legal_actions(0)] == parse_kinds("1p2p3p4p")
    # 「手牌には入れない」: the packet is not in the hand.
    assert len(game.seats[0].concealed) == 13
    assert [str(t) for t in game.view(0).packet] == ["1p", "2p", "3p", "4p"]


def test_draft_packet_1p2p3p4p_seen_only_by_its_holder() -> None:
    game = game_with(["", "", "", ""], draws="1p2p3p4p")
    for seat in (1, 2, 3):
        assert game.view(seat).packet == ()
    assert game.public_view().packet_holder == 0 and game.public_view().packet_size == 4
    events = game.apply(find(game, 0, Pick, "2p"))
    packet = events_of(events, "draft_packet")[0]
    assert packet.visible_to == (1,) and [game.kinds[t] for t in packet.data["tiles"]] == parse_kinds("1p3p4p")
    pick = events_of(events, "draw")[0]
    assert pick.visible_to == (0,)
    assert all("tiles" not in e.data and "tile" not in e.data for e in events if e.visible_to is None)
    assert game.view(0).packet == () and [str(t) for t in game.view(1).packet] == ["1p", "3p", "4p"]
    assert not check_invariants(game, 100_000)


def test_draft_keep_1_pass_3_then_2_then_last_forced() -> None:
    game = game_with(["", "", "", ""], draws="1p2p3p4p")
    draft(game, "3p", "1p", "4p")
    drawn = [drawn_kind(game, seat) for seat in range(4)]
    assert drawn == parse_kinds("3p1p4p2p")
    # 「四番手は渡された牌をツモ牌とする」: seat 3 never had a decision.
    assert game.phase == "declare" and all(len(seat.concealed) == 14 for seat in game.seats)


def test_draft_default_is_the_first_tile_offered() -> None:
    game = game_with(["", "", "", ""], draws="7p2p3p4p")
    decision = game.decisions()[0]
    assert decision.seat == 0 and tile_kind(game, decision.default) == kind("7p")


def test_start_player_moves_to_south_in_round_2_even_after_a_call() -> None:
    # Seat 2 pons seat 0's 5z in round 1; round 2 still starts with seat 1 (南家).
    game = game_with(["5z", "", "55z", ""], draws="5z1p2p3p" + "6p7p8p9p")
    draft(game, "5z")
    act(game, 0, Discard, "5z")
    lock_rest(game)
    assert game.phase == "call"
    act(game, 2, CallPon)
    pass_all(game)
    assert game.phase == "call_discard" and game.call_seat == 2
    game.apply(game.decisions()[0].default)
    pass_all(game)
    assert game.round == 2 and game.sp == 1 and game.drafter == 1
    assert [tile_kind(game, a) for a in game.legal_actions(1)] == parse_kinds("6p7p8p9p")


# --- the riichi declaration and ankan phase ----------------------------------------------------


def test_riichi_declaration_is_public_at_once_discard_hidden() -> None:
    game = game_with([RIICHI_READY, "", "", ""], draws="7z1p2p3p")
    draft(game, "7z")
    events = act(game, 0, Riichi, "7z")
    declared = events_of(events, "riichi")[0]
    assert declared.visible_to is None and declared.data["seat"] == 0
    assert game.public_view().seats[0].riichi
    lock = events_of(events, "lock")[0]
    assert lock.visible_to == (0,) and game.kinds[lock.data["tile"]] == kind("7z")
    # Nobody else sees the locked tile: not in the public view, nor in another seat's view.
    assert game.public_view().locked == (True, False, False, False)
    assert game.view(1).locked is None and str(game.view(0).locked) == "7z"
    assert all(str(face) != "7z" for seat in game.public_view().seats for face in (e.tile for e in seat.river))
    assert not check_invariants(game, 100_000)


def test_discard_choice_can_change_after_anothers_riichi() -> None:
    game = game_with([RIICHI_READY, "6z", "", ""], draws="7z6p2p3p")
    draft(game, "7z", "6p")
    act(game, 1, Discard, "6z")
    assert game.locked_in(1) and 1 not in [d.seat for d in game.decisions()]
    act(game, 0, Riichi, "7z")
    # Seat 1 saw the declaration and may still switch to a safer tile.
    act(game, 1, Discard, "6p")
    lock = game.seats[1].lock
    assert lock is not None and tile_kind(game, lock) == kind("6p")
    lock_rest(game)
    assert game.kinds[game.seats[1].river[-1].tile] == kind("6p")


def test_riichi_cannot_be_withdrawn_only_tenpai_discards() -> None:
    game = game_with([RIICHI_READY, "", "", ""], draws="7z1p2p3p")
    draft(game, "7z")
    act(game, 0, Riichi, "7z")
    # 234m456p678s99p11s + 7z: only the locked 7z keeps the hand tenpai, so nothing else is on offer.
    assert [a for a in game.legal_actions(0) if isinstance(a, Discard | Riichi)] == []
    with pytest.raises(RulesError):
        game.apply(Discard(0, next(t for t in game.seats[0].concealed if game.kinds[t] == kind("2m"))))
    lock_rest(game)
    assert game.seats[0].riichi and game.seats[0].river[-1].riichi


def test_riichi_needs_1000_points_and_another_round() -> None:
    game = game_with([RIICHI_READY, "", "", ""], draws="7z1p2p3p", points=[900, 33_100, 33_000, 33_000])
    draft(game, "7z")
    assert not has(game, 0, Riichi)
    assert has(game, 0, InazumaRiichi), "借りイナズマ is still open at 900"
    late = game_with([RIICHI_READY, "", "", ""], draws="7z1p2p3p")
    late.wall.live[:] = late.wall.live[-3:]  # only 3 live tiles after this packet: no next round
    draft(late, "7z")
    assert not has(late, 0, Riichi)


def test_ankan_1111m_draws_rinshan_flips_kan_dora() -> None:
    game = game_with(["111m", "", "", ""], draws="1m2p3p4p", rinshan="6z", dora="1z2z")
    draft(game, "1m")
    events = act(game, 0, Kan)
    kan = events_of(events, "call")[0]
    assert isinstance(kan, Called) and kan.visible_to is None and kan.meld is MeldType.ANKAN and kan.from_seat is None
    assert game.seats[0].melds[0].type is MeldType.ANKAN
    assert [str(t) for t in game.public_view().dora_indicators] == ["1z", "2z"]
    draw = events_of(events, "draw")[0]
    assert isinstance(draw, TileDrawn) and draw.visible_to == (0,) and game.kinds[draw.tile] == kind("6z")
    assert draw.replacement
    assert len(game.wall.live) == 66 - 1, "a live tile moves to the dead wall"
    assert not check_invariants(game, 100_000)
    lock_rest(game)
    assert game.kinds[game.seats[0].river[-1].tile] == kind("6z")


def test_own_kakan_in_declare_phase_setting() -> None:
    def ponned(**settings: SettingValue) -> ZunoGame:
        game = game_with(["", "", "55z", ""], draws="5z1p2p3p" + "4p6p7p5z", settings=settings)
        draft(game, "5z")
        act(game, 0, Discard, "5z")
        lock_rest(game)
        act(game, 2, CallPon)
        pass_all(game)
        game.apply(game.decisions()[0].default)
        pass_all(game)
        draft(game, "4p", "5z")  # seat 1 starts round 2; seat 2 is next and takes 白
        return game

    game = ponned()
    assert drawn_kind(game, 2) == Kind.WHITE
    act(game, 2, Kan, "5z")
    assert game.seats[2].melds[0].type is MeldType.KAKAN and game.kans == 1
    assert not has(ponned(own_kakan=False), 2, Kan)


def test_riichi_ankan_1111m_only_if_waits_stay() -> None:
    # 111m 456p 678s 99p 11s waits on 9p / 1s with or without a kan of 1m; 1112m would not.
    game = game_with(["111m456p678s99p11s", "", "", ""], draws="7z1p2p3p" + "4p5p6p7p" + "8p9m1m3z")
    draft(game, "7z")
    act(game, 0, Riichi, "7z")
    play_round_after_lock(game)
    play_round(game)  # round 2: seat 1 starts; seat 0 is fourth and gets 7p
    # Round 3 (seat 2 starts): seat 0 is third; make it take the fourth 1m.
    draft(game, None, None, "1m")
    assert drawn_kind(game, 0) == kind("1m")
    assert has(game, 0, Kan), "111m + 1m keeps the 9p / 1s wait"
    blocked = game_with(["1112m456p678s999p", "", "", ""], draws="7z1p2p3p" + "4p5p6p7p" + "8p9m1m3z")
    draft(blocked, "7z")
    act(blocked, 0, Riichi, "7z")
    play_round_after_lock(blocked)
    play_round(blocked)
    draft(blocked, None, None, "1m")
    assert not has(blocked, 0, Kan), "1112m: a kan of 1m would change the waits"


def play_round_after_lock(game: ZunoGame) -> None:
    lock_rest(game)
    pass_all(game)


# --- the simultaneous discard and ron ----------------------------------------------------------


def test_discards_revealed_together_when_the_last_seat_locks() -> None:
    game = game_with(["", "", "", ""], draws="1p2p3p4p")
    draft(game)
    for seat in (2, 0, 1):
        events = act(game, seat, Discard)
        assert not events_of(events, "discard") and all(not s.river for s in game.seats)
        assert events_of(events, "locked")[0].visible_to is None
    # Seat 3's lock is the 「ずーの」: every discard is revealed at once.
    events = act(game, 3, Discard)
    assert len(events_of(events, "discard")) == 4 and events_of(events, "reveal")[0].visible_to is None
    assert all(len(s.river) == 1 for s in game.seats)


def test_default_discard_is_the_drafted_tile() -> None:
    game = game_with(["", "", "", ""], draws="1p2p3p4p")
    draft(game)
    defaults = {d.seat: d.default for d in game.decisions()}
    assert defaults == {seat: Discard(seat, drawn_tile(game, seat)) for seat in range(4)}


def test_tsumo_on_3s_is_declared_instead_of_a_discard() -> None:
    game = game_with(["", TANYAO_READY, "", ""], draws="1p2p4p6p" + "3s7p8p9p")
    play_round(game)
    draft(game, "3s")  # round 2: seat 1 starts and takes 3s
    act(game, 1, Tsumo)
    events = lock_rest(game)
    assert [e.data["seat"] for e in events_of(events, "discard")] == [2, 3, 0]
    win = wins_of(events)[0]
    assert win.winner == 1 and win.from_seat is None
    # 断么九 + 門前清自摸和, 30 fu: 1,000 from the dealer and 500 from each other player.
    assert game.points == [24_000, 27_000, 24_500, 24_500]


def test_ron_on_a_revealed_3s() -> None:
    game = game_with(["", TANYAO_READY, "", ""], draws="1p2p3s4p")
    draft(game, "1p", "2p", "3s")
    lock_rest(game)
    assert game.phase == "ron" and game.legal_actions(1) == (RonOn(1, 2), Pass(1))
    events = act(game, 1, RonOn)
    assert wins_of(events)[0].from_seat == 2
    assert game.points == [25_000, 26_300, 23_700, 25_000]
    # 「ツモ・ロンが発生したらその局は終了」: the next hand has begun, dealt by seat 1.
    assert game.hand_index == 1 and game.dealer == 1 and game.phase == "draft"


def test_one_player_rons_two_discards_3s_5s() -> None:
    game = game_with([TANYAO_READY, "", "", ""], draws="1p3s5s4p")
    draft(game, "1p", "3s", "5s")
    lock_rest(game)
    assert {a for a in game.legal_actions(0) if isinstance(a, RonOn)} == {RonOn(0, 1), RonOn(0, 2)}
    act(game, 0, RonOn)
    assert game.legal_actions(0) == (RonOn(0, 2), Pass(0))
    events = act(game, 0, RonOn)
    assert len(wins_of(events)) == 2
    # The dealer's 断么九 ron, 40 fu: 2,000 from each discarder.
    assert game.points == [29_000, 23_000, 23_000, 25_000]


def test_two_players_ron_the_same_3s() -> None:
    game = game_with(["", TANYAO_READY, "", "234p567m678p45s88p"], draws="1p2p3s4p")
    draft(game, "1p", "2p", "3s")
    lock_rest(game)
    assert set(game.window.options) == {1, 3}
    act(game, 3, RonOn)
    act(game, 1, RonOn)
    # 断么九 1,300 and 断么九 平和 2,000, both paid by seat 2.
    assert game.points == [25_000, 26_300, 21_700, 27_000]


def test_tsumo_on_3s_then_ron_on_5s_with_13_tiles() -> None:
    game = game_with([TANYAO_READY, "", "", ""], draws="3s5s1p2p", settings={"tenhou": False})
    draft(game, "3s", "5s")
    act(game, 0, Tsumo)
    lock_rest(game)
    # Its ron hand is the 13 tiles without the drafted 3s: 33s 55s waits on 5s.
    assert game.legal_actions(0) == (RonOn(0, 1), Pass(0))
    events = act(game, 0, RonOn)
    assert [(win.winner, win.from_seat) for win in wins_of(events)] == [(0, None), (0, 1)]
    # Dealer tsumo 断么九 門前清自摸和 1,000 all, then the ron 2,000.
    assert game.points == [30_000, 22_000, 24_000, 24_000]


def test_own_simultaneous_5s_discard_makes_furiten() -> None:
    game = game_with(["", TANYAO_READY, "", ""], draws="1p5s3s2p")
    draft(game, "1p", "5s", "3s")
    assert has(game, 1, Tsumo)
    act(game, 1, Discard, "5s")  # keeps 33s 55s … waiting on 3s / 5s, but throws a 5s
    events = lock_rest(game)
    # The river is updated before rons are judged, so seat 2's 3s cannot be ronned.
    assert not any(isinstance(a, RonOn) for a in game.legal_actions(1)) and not wins_of(events)
    assert game.seats[1].temporary_furiten, "a winning tile it may not take: furiten for the round"


def test_missed_ron_is_furiten_until_the_next_simultaneous_discard() -> None:
    game = game_with(["", TANYAO_READY, "", ""], draws="1p2p3s4p" + "7p3s8p9p" + "1z2z6p3z")
    draft(game, "1p", "2p", "3s")
    lock_rest(game)
    act(game, 1, Pass)
    assert game.seats[1].temporary_furiten
    pass_all(game)
    # Round 2: seat 1 starts and is still furiten when it drafts 7p ... until its own discard.
    draft(game, "7p", "3s")
    lock_rest(game)
    assert 1 in game.window.options, "its round-2 discard lifted the furiten"


# --- the call phase ----------------------------------------------------------------------------


def test_call_priority_kan_7z_then_pon_6z_then_chi_1p() -> None:
    game = game_with(["", "66z", "23p", "777z"], draws="7z1p6z2p")
    draft(game, "7z", "1p", "6z")
    lock_rest(game)
    assert game.phase == "call"
    act(game, 1, CallPon)
    act(game, 2, CallChi)
    events = act(game, 3, CallKan)
    calls = events_of(events, "calls")[0].data
    # 「大明槓→加槓→ポン→チーの順に処理する」: seat 3's kan first, though seat 1 is nearer the SP.
    assert [seat for seat, _, _ in calls["accepted"]] == [3, 1, 2] and calls["failed"] == []
    assert game.call_seat == 3 and game.seats[3].melds[0].type is MeldType.MINKAN
    while game.phase in ("call_discard", "call_ron"):
        decision = game.decisions()[0]
        game.apply(Pass(decision.seat) if game.phase == "call_ron" else decision.default)
    assert [m.type for s in game.seats for m in s.melds] == [MeldType.PON, MeldType.CHI, MeldType.MINKAN]
    assert game.round == 2 and game.sp == 1


def test_pon_beats_chi_on_the_same_5p() -> None:
    game = game_with(["", "46p", "55p", ""], draws="5p7z6z1z")
    draft(game, "5p")
    lock_rest(game)
    act(game, 1, CallChi)
    events = act(game, 2, CallPon)
    calls = events_of(events, "calls")[0].data
    assert calls["accepted"] == [[2, "zuno_pon", 0]] and calls["failed"] == [1]
    assert game.call_seat == 2


def test_caller_discards_3s_after_pon_5z_ron_only() -> None:
    game = game_with(["", TANYAO_READY, "55z3s", ""], draws="5z1z2z4z")
    draft(game, "5z")
    lock_rest(game)
    act(game, 2, CallPon)
    assert game.phase == "call_discard" and game.call_seat == 2 and game.seats[2].drawn is None
    # 「副露者は捨て牌まで実行する」; the called 白 itself may not follow (kuikae).
    assert not any(tile_kind(game, a) == Kind.WHITE for a in game.legal_actions(2))
    act(game, 2, Discard, "3s")
    # 「この副露者が行った捨て牌に対しても、ロン宣言は当然できる」, and it cannot be called.
    assert game.phase == "call_ron" and game.legal_actions(1) == (RonOn(1, 2), Pass(1))
    events = act(game, 1, RonOn)
    assert wins_of(events)[0].from_seat == 2


def test_daiminkan_777z_rinshan_tsumo_3s() -> None:
    game = game_with(["", "777z234m456p678s3s", "", ""], draws="7z1z2z4z", rinshan="3s")
    draft(game, "7z")
    lock_rest(game)
    act(game, 1, CallKan)
    assert game.seats[1].rinshan and drawn_kind(game, 1) == kind("3s")
    events = act(game, 1, Tsumo)
    yaku = [line.name for line in wins_of(events)[0].yaku]
    assert "嶺上開花" in yaku and "役牌 中" in yaku


def test_one_call_per_player_per_round_66z77z() -> None:
    game = game_with(["", "66z77z", "", ""], draws="6z1z7z2z")
    draft(game, "6z", "1z", "7z")
    lock_rest(game)
    options = [a for a in game.legal_actions(1) if isinstance(a, CallPon)]
    assert {a.from_seat for a in options} == {0, 2}
    game.apply(options[0])
    # One claim per seat, so one call at most: seat 1 is now discarding after its pon.
    assert game.phase == "call_discard" and game.call_seat == 1
    game.apply(game.decisions()[0].default)
    pass_all(game)
    assert len(game.seats[1].melds) == 1 and game.round == 2


def test_one_call_per_round_setting() -> None:
    def claims(**settings: SettingValue) -> list[Event]:
        game = game_with(["", "66z", "", "77z"], draws="6z1z7z2z", settings=settings)
        draft(game, "6z", "1z", "7z")
        lock_rest(game)
        act(game, 1, CallPon)
        return events_of(act(game, 3, CallPon), "calls")

    assert len(claims()[0].data["accepted"]) == 2
    limited = claims(one_call_each=False)[0].data
    assert [seat for seat, _, _ in limited["accepted"]] == [1] and limited["failed"] == [3]


def test_after_pon_5z_no_ron_on_3s_in_the_same_round() -> None:
    game = game_with(["", "", "55z234m456p678s3s", "68p3s"], draws="5z1z7p2z")
    draft(game, "5z", "1z", "7p")
    lock_rest(game)
    act(game, 2, CallPon)
    act(game, 3, CallChi)
    act(game, 2, Discard, "1s")  # the junk tile: seat 2 now waits on 3s with 白
    assert game.shapes.waits(game.seats[2].board) == [kind("3s")]
    act(game, 3, Discard, "3s")
    # 「ポンした後に、別の人の牌をロンする。ことはできない」.
    assert 2 not in game.window.options and game.round == 2


def test_chi_only_from_kamicha_kuikae_barred() -> None:
    game = game_with(["", "234p5p", "67p", ""], draws="5p7z6z1z")
    draft(game, "5p")
    lock_rest(game)
    assert not any(isinstance(a, CallChi) for a in game.legal_actions(2)), "seat 0 is not seat 2's 上家"
    act(game, 1, CallChi, "3p")
    discards = {game.kinds[a.tile] for a in game.legal_actions(1) if isinstance(a, Discard)}
    # 345p called with 5p: neither 5p nor the suji 2p may follow.
    assert kind("5p") not in discards and kind("2p") not in discards and discards


# --- points, settlement and the end of the game ------------------------------------------------

KIRIAGE_READY = "234m406p34567s88s"
"""平和 断么九 with a red 5p, waiting on 2s / 5s / 8s; with dora 2m a 2s ron is 4 han 30 fu."""


def ron_by_seat_1_on_seat_2(
    hand: str = TANYAO_READY,
    winning: str = "3s",
    *,
    seat_3: str = "",
    settings: JsonSettings | None = None,
    **rig: Unpack[ZunoRig],
) -> ZunoGame:
    """Round 1: seat 2 drafts and discards ``winning``; seat 1 (holding ``hand``) may ron it."""
    game = game_with(["", hand, "", seat_3], draws=f"1p2p{winning}4p", settings=settings, **rig)
    draft(game, "1p", "2p", winning)
    lock_rest(game)
    return game


def test_kiriage_30fu_4han_2s_is_mangan() -> None:
    game = ron_by_seat_1_on_seat_2(KIRIAGE_READY, "2s", dora="1m")
    events = act(game, 1, RonOn)
    win = wins_of(events)[0]
    assert (win.han, win.fu, win.limit) == (4, 30, "満貫")
    # 「30符4翻は切り上げ満貫」: 8,000 rather than 7,700; the red five is also a chip.
    assert game.points == [25_000, 33_000, 17_000, 25_000] and game.chips == [0, 1, -1, 0]


def test_deposits_and_honba_go_to_the_first_winner_from_sp() -> None:
    game = ron_by_seat_1_on_seat_2(
        seat_3="234p567m678p45s88p", points=[25_000, 25_000, 24_000, 24_000], deposits=2_000, honba=2
    )
    act(game, 3, RonOn)
    act(game, 1, RonOn)
    # Seat 1 comes first from the SP (seat 0), though seat 3 sits right after the discarder.
    assert game.points == [25_000, 28_300, 20_700, 26_000]
    assert game.chips == [0, 2, -2, 0], "一枚場 ×2 goes with the deposits"
    assert game.honba == 0 and game.dealer == 1


def test_settlement_order_decides_who_busts() -> None:
    game = ron_by_seat_1_on_seat_2(seat_3="234p567m678p45s88p", points=[33_000, 33_000, 1_000, 33_000])
    act(game, 3, RonOn)
    act(game, 1, RonOn)
    # Seat 1's 1,300 is settled first and takes seat 2 below zero: seat 1 busted it.
    assert game.tobi == [(2, 1)]
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "トビ"
    expected = final_scores(outcome.points, outcome.placements, game.settings, tobi=[(2, 1)])
    assert outcome.final_scores == expected and sum(expected) == pytest.approx(0)


def test_exactly_zero_is_not_a_bust() -> None:
    game = ron_by_seat_1_on_seat_2(seat_3="234p567m678p45s88p", points=[33_000, 32_700, 1_300, 33_000])
    act(game, 1, RonOn)
    act(game, 3, RonOn)
    # After seat 1's ron seat 2 has exactly 0; seat 3's 2,000 then busts it.
    assert game.tobi == [(2, 3)]


def test_final_score_uma_10_30_oka_20_tobi_30() -> None:
    settings = ZunoSettings()
    # (points - 30,000) / 1,000, uma +30/+10/-10/-30, oka +20 to the top.
    assert final_scores([45_000, 30_000, 20_000, 5_000], [1, 2, 3, 4], settings) == (65.0, 10.0, -20.0, -55.0)
    # トビ料▲30 moves from the busted player to the one who busted them.
    assert final_scores([60_000, 30_000, 20_000, -10_000], [1, 2, 3, 4], settings, tobi=[(3, 1)]) == (
        80.0,
        40.0,
        -20.0,
        -100.0,
    )
    assert ZunoSettings(uma="5-10").uma_values() == (10, 5, -5, -10)
    assert ZunoSettings(return_points=25_000).oka == 0


def test_east_only_dealer_keeps_seat_only_by_winning() -> None:
    game = game_with([TANYAO_READY, "", "", ""], draws="1p3s2p4p")
    draft(game, "1p", "3s")
    lock_rest(game)
    act(game, 0, RonOn)
    # 「東風戦（和了連荘制）」: the dealer won, so 東1局 again with one honba.
    assert (game.hand_index, game.dealer, game.honba, game.round_label) == (1, 0, 1, "東1局")
    game.rig(padded(["", TANYAO_READY, "", ""], "1p2p3s4p"), "1p2p3s4p")
    draft(game, "1p", "2p", "3s")
    lock_rest(game)
    act(game, 1, RonOn)
    assert (game.dealer, game.honba, game.round_label) == (1, 0, "東2局")


def play_out(game: ZunoGame) -> list[Event]:
    """Finish the hand with every seat discarding its drafted tile and passing every claim."""
    start = game.hand_index
    events: list[Event] = []
    while game.hand_index == start and game.outcome() is None:
        decision = game.decisions()[0]
        action = decision.default if game.phase in ("draft", "declare", "call_discard") else Pass(decision.seat)
        events += game.apply(action)
    return events


def test_exhaustive_draw_when_a_round_cannot_be_dealt_dealer_passes() -> None:
    game = game_with([RIICHI_READY, "", "", ""])
    events = play_out(game)
    # 70 live tiles make 17 rounds; the 2 left cannot make an 18th.
    rounds = [e.data["round"] for e in events_of(events, "round_start")]
    assert rounds == [*range(2, 18), 1] and len(game.history) == 2
    draw = draw_of(events)
    assert draw is not None and draw.draw is not None and draw.draw.tenpai == (True, False, False, False)
    # The dealer was tenpai but the dealership passes (和了連荘), with one more honba.
    assert (game.dealer, game.honba, game.round_label) == (1, 1, "東2局")


def test_no_abortive_draw_four_1z_discarded() -> None:
    game = game_with(["", "", "", ""], draws="1z1z1z1z")
    play_round(game)
    assert game.hand_index == 0 and game.round == 2 and game.phase == "draft"


def test_last_round_haitei_houtei_and_no_calls() -> None:
    def last_round(**settings: SettingValue) -> ZunoGame:
        game = game_with(["", TANYAO_READY, "", "33z"], draws="3z2p3s4p", settings=settings or None)
        game.wall.filler += game.wall.live[:-3]  # only 3 live tiles after this packet: the last round
        del game.wall.live[:-3]
        return game

    game = last_round()
    draft(game, "3z", "2p", "3s")
    lock_rest(game)
    events = act(game, 1, RonOn)
    assert "河底撈魚" in [line.name for line in wins_of(events)[0].yaku]
    game = last_round()
    draft(game, "3z", "2p", "3s")
    lock_rest(game)
    events = act(game, 1, Pass)
    # Seat 0's 西 cannot be called in the last round: the hand is drawn.
    assert draw_of(events) and not events_of(events, "calls")
    game = last_round(tenhou=False)
    draft(game, "3z", "3s")
    events = act(game, 1, Tsumo) + lock_rest(game)
    assert "海底摸月" in [line.name for line in wins_of(events)[0].yaku]


def test_agari_yame_setting_ends_east_4_with_a_top_dealer() -> None:
    game = game_with(["", "", "", TANYAO_READY], draws="1p3s2p4p", dealer=3)
    draft(game, "1p", "3s")  # seat 3 deals 東4局 and starts; seat 0 takes 3s and discards it
    lock_rest(game)
    act(game, 3, RonOn)
    assert game.outcome() is None and game.round_label == "東4局" and game.honba == 1
    game = game_with(["", "", "", TANYAO_READY], draws="1p3s2p4p", dealer=3, settings={"agari_yame": True})
    draft(game, "1p", "3s")
    lock_rest(game)
    act(game, 3, RonOn)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "和了止め"


def test_game_ends_after_east_4_without_a_dealer_win() -> None:
    game = game_with(["", TANYAO_READY, "", ""], draws="1p3s2p4p", dealer=3)
    draft(game, "1p", "3s")  # seat 3 deals and starts; seat 0 takes 3s, which seat 1 rons
    lock_rest(game)
    act(game, 1, RonOn)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "終局" and outcome.hands_played == 1


def test_east_4_is_the_final_hand_its_views_say_and_east_3_is_not() -> None:
    # 「東風戦（和了連荘制）」: 東4局 ends the game unless its dealer wins; a CPU weighs its standings.
    assert game_with(["", "", "", ""], dealer=3).view(0).public.final_hand
    assert game_with(["", "", "", ""], dealer=3).public_view().final_hand
    assert not game_with(["", "", "", ""], dealer=2).view(1).public.final_hand


# --- 零発, 一発 and chips ------------------------------------------------------------------------

NO_DOUBLE: JsonSettings = {"double_riichi": False}


def riichi_seat_1(
    hand: str = RIICHI_READY,
    *,
    declare: str = "1z",
    inazuma: bool = False,
    third: str = "9p",
    draws: str = "",
    settings: JsonSettings | None = None,
    **rig: Unpack[ZunoRig],
) -> ZunoGame:
    """Round 1: seat 1 drafts ``declare`` and declares riichi with it; seat 2 drafts and discards
    ``third`` (9p: a 零発 chance; anything else leaves seat 1 free of furiten for round 2)."""
    game = game_with(
        ["", hand, "", ""], draws=f"7z{declare}{third}2p" + draws, settings={**NO_DOUBLE, **(settings or {})}, **rig
    )
    draft(game, "7z", declare, third)
    act(game, 1, InazumaRiichi if inazuma else Riichi, declare)
    lock_rest(game)
    return game


def yaku_of(events: list[Event], number: int = 0) -> dict[str, int]:
    return {line.name: line.han for line in wins_of(events)[number].yaku}


def test_zerohatsu_ron_on_9p_in_declaration_round_is_2_han() -> None:
    game = riichi_seat_1()
    assert game.legal_actions(1) == (RonOn(1, 2), Pass(1))
    events = act(game, 1, RonOn)
    assert yaku_of(events) == {"立直": 1, "零発": 2}
    # 3 han 40 fu = 5,200; 零発 is worth 2 chips; the riichi stick comes back to its owner.
    assert game.points == [25_000, 30_200, 19_800, 25_000] and game.chips == [0, 2, -2, 0]


def test_zerohatsu_setting_off_is_plain_ippatsu() -> None:
    game = riichi_seat_1(settings={"zerohatsu": False})
    events = act(game, 1, RonOn)
    assert yaku_of(events) == {"立直": 1, "一発": 1} and game.chips == [0, 1, -1, 0]


def test_ippatsu_ron_on_9p_in_the_round_after_riichi() -> None:
    game = riichi_seat_1(third="3p", draws="4p9p5p6p")
    pass_all(game)
    draft(game, "4p", "9p")  # round 2: seat 1 starts, seat 2 takes the other 9p
    lock_rest(game)
    events = act(game, 1, RonOn)
    assert yaku_of(events) == {"立直": 1, "一発": 1} and game.chips == [0, 1, -1, 0]


def test_a_kan_1111z_in_between_ends_ippatsu() -> None:
    game = game_with(["", RIICHI_READY, "", "111z"], draws="7z2z3p6z" + "4p9p1z6p", settings=NO_DOUBLE)
    draft(game, "7z", "2z", "3p")
    act(game, 1, Riichi, "2z")
    lock_rest(game)
    pass_all(game)
    draft(game, "4p", "9p", "1z")
    act(game, 3, Kan)  # seat 3's ankan of 東 comes between the declaration and the ron
    lock_rest(game)
    events = act(game, 1, RonOn)
    assert "一発" not in yaku_of(events) and game.chips[1] == 0


def test_chips_0p_ippatsu_ura_2m_one_each() -> None:
    def ippatsu_ron(**settings: SettingValue) -> ZunoGame:
        game = riichi_seat_1("234m406p678s99p11s", third="3p", draws="4p9p5p6p", ura="1m", settings=settings)
        pass_all(game)
        draft(game, "4p", "9p")
        lock_rest(game)
        act(game, 1, RonOn)
        return game

    # 「赤・一発・裏で1枚」: 0p, 一発 and one ura dora (2m) make 3 chips from the discarder.
    assert ippatsu_ron().chips == [0, 3, -3, 0]
    # 「慣れてきた人はカスタマイズしても良い」: the values are a setting.
    assert ippatsu_ron(chips="2/3/4/5").chips == [0, 9, -9, 0]
    assert ippatsu_ron(chips="0/0/0/0").chips == [0, 0, 0, 0]


def test_red_chips_open_hand_setting() -> None:
    def open_win(**settings: SettingValue) -> ZunoGame:
        hand = "55z406p789p23s11s"
        game = game_with(["", "", hand, ""], draws="5z1z2z6z" + "7p8s4s9m", settings=settings or None)
        draft(game, "5z", "1z", "2z")
        lock_rest(game)
        act(game, 2, CallPon)
        junk = next(t for t in game.seats[2].concealed if game.kinds[t] not in parse_kinds(hand))
        game.apply(Discard(2, junk))  # 白 pon, 406p 789p 23s 11s: waits on 1s / 4s
        pass_all(game)
        draft(game, "7p", "8s", "4s")
        lock_rest(game)
        act(game, 2, RonOn)
        return game

    # [recommended] the red five earns its chip in an open hand too; the setting can turn that off.
    assert open_win().chips == [0, 0, 1, -1]
    assert open_win(red_chips_open=False).chips == [0, 0, 0, 0]


TENPAI_HANDS = [RIICHI_READY, "567m234s789p33z44z", "123p789m456s66z77z"]


@pytest.mark.parametrize(("ready", "expected"), [(1, [3, -1, -1, -1]), (2, [2, 2, -2, -2]), (3, [1, 1, 1, -3])])
def test_noten_chips_each_noten_pays_each_tenpai(ready: int, expected: list[int]) -> None:
    hands = [*TENPAI_HANDS[:ready], *[""] * (4 - ready)]
    game = game_with(hands)
    events = play_out(game)
    draw = draw_of(events)
    assert draw is not None and draw.draw is not None
    assert sum(draw.draw.tenpai) == ready and list(draw.chip_changes) == expected
    assert game.chips == expected and game.points == [25_000] * 4


def test_noten_chips_setting() -> None:
    game = game_with([RIICHI_READY, "", "", ""], settings={"noten_chips": 0})
    play_out(game)
    assert game.chips == [0, 0, 0, 0]


# --- ポッチ and コスモリーチ ------------------------------------------------------------------------


def pocchi_round(
    hand: str = RIICHI_READY, *, declare: str = "1z", wild: str = "5z", **settings: SettingValue
) -> ZunoGame:
    """Seat 1 declares riichi in round 1 with ``declare`` and drafts ``wild`` first in round 2."""
    game = riichi_seat_1(hand, declare=declare, third="3p", draws=f"{wild}4p6p8p", settings=settings)
    pass_all(game)
    draft(game, wild)
    return game


def test_pocchi_5z_is_wild_on_ippatsu_tsumo() -> None:
    game = pocchi_round()
    options = [a for a in game.legal_actions(1) if isinstance(a, Tsumo)]
    # The wild 白 may be 9p or 1s (both complete the シャンポン); the bot proposes one of equal value first.
    assert options == [PocchiTsumo(1, kind("9p")), PocchiTsumo(1, kind("1s"))]
    events = game.apply(options[0]) + lock_rest(game)
    yaku = yaku_of(events)
    assert yaku["一発"] == 1 and yaku["門前清自摸和"] == 1 and "ポッチ" not in yaku
    assert win_card(game).yaku[-1].name == "ポッチ"
    # The 一発 chip from each of the three others; ポッチ earns nothing of its own.
    assert game.chips == [-1, 3, -1, -1]


def test_pocchi_setting_off_and_only_on_the_ippatsu_draw() -> None:
    assert not has(pocchi_round(pocchi=False), 1, PocchiTsumo)
    assert not has(pocchi_round(wild="6z"), 1, PocchiTsumo), "發 is wild only after a コスモリーチ"


def test_cosmo_riichi_1p_makes_6z_and_4z_wild() -> None:
    for wild in ("5z", "6z", "4z"):
        game = pocchi_round(declare="1p", wild=wild)
        assert game.seats[1].cosmo and has(game, 1, PocchiTsumo), wild
    assert not has(pocchi_round(declare="1p", wild="6z", cosmo=False), 1, PocchiTsumo)


def test_pocchi_cannot_be_a_fifth_1m() -> None:
    # 1111m 22m 33m 44m 777m waits on 1m (a fifth copy) and 4m: the wild may only be 4m.
    game = pocchi_round("1111223344777m")
    assert [a for a in game.legal_actions(1) if isinstance(a, Tsumo)] == [PocchiTsumo(1, kind("4m"))]


# --- 一枚場, 割れ目, イナズマ ----------------------------------------------------------------------


def test_ichimaiba_one_chip_per_honba_per_payer() -> None:
    game = ron_by_seat_1_on_seat_2(honba=2)
    act(game, 1, RonOn)
    # 「300でも1500でもなくチップ1枚」: two honba are two chips from the discarder, no points.
    assert game.chips == [0, 2, -2, 0] and game.points == [25_000, 26_300, 23_700, 25_000]

    def tsumo(**settings: SettingValue) -> ZunoGame:
        game = game_with(["", TANYAO_READY, "", ""], draws="1p2p4p6p3s7p8p9p", honba=2, settings=settings or None)
        play_round(game)
        draft(game, "3s")
        act(game, 1, Tsumo)
        lock_rest(game)
        return game

    assert tsumo().chips == [-2, 6, -2, -2], "per payer: 2 chips from each of the three"
    assert tsumo(honba_chips_each=False).chips == [0, 2, -2, 0], "ZUN-A6 alternative: 2 in total"
    assert tsumo(honba_chips=0).chips == [0, 0, 0, 0]


def test_wareme_doubles_points_and_chips() -> None:
    game = ron_by_seat_1_on_seat_2(KIRIAGE_READY, "2s", dora="1m", wareme=2)
    act(game, 1, RonOn)
    # The discarder is 割れ目: 8,000 and the red-five chip are both doubled.
    assert game.points == [25_000, 41_000, 9_000, 25_000] and game.chips == [0, 2, -2, 0]
    game = ron_by_seat_1_on_seat_2(KIRIAGE_READY, "2s", dora="1m", wareme=3)
    act(game, 1, RonOn)
    assert game.points == [25_000, 33_000, 17_000, 25_000], "a 割れ目 that neither pays nor receives changes nothing"


def test_wareme_dice_from_the_seed() -> None:
    # Sum 5/9 the dealer, 2/6/10 下家, 3/7/11 opposite, 4/8/12 上家.
    expected = {5: 0, 9: 0, 2: 1, 6: 1, 10: 1, 3: 2, 7: 2, 11: 2, 4: 3, 8: 3, 12: 3}
    for total, offset in expected.items():
        assert wareme_seat((1, total - 1), dealer=1) == (1 + offset) % 4
    games = [ZunoGame(seed=seed) for seed in range(30)]
    assert all(g.wareme == wareme_seat(g.dice, g.dealer) for g in games)
    assert [g.dice for g in games] == [ZunoGame(seed=seed).dice for seed in range(30)], "replays roll the same"
    assert len({g.dice for g in games}) > 5
    assert ZunoGame(ZunoSettings(wareme=False), seed=1).wareme is None


def test_inazuma_riichi_10000_stick_doubles_points_and_chips() -> None:
    game = riichi_seat_1(inazuma=True, third="3p", draws="4p9p5p6p")
    # 「千点棒の代わりに一万点棒を払う」: the stick went out with the declaration tile.
    assert game.points[1] == 15_000 and game.deposits == 10_000 and game.public_view().inazuma[1]
    pass_all(game)
    draft(game, "4p", "9p")
    lock_rest(game)
    act(game, 1, RonOn)
    # 立直 一発 2 han 40 fu = 2,600, doubled; the 一発 chip doubled; the 10,000 back to its owner.
    assert game.points == [25_000, 30_200, 19_800, 25_000] and game.chips == [0, 2, -2, 0]


def test_inazuma_and_cosmo_together_and_setting() -> None:
    game = riichi_seat_1(declare="1p", inazuma=True)
    assert game.seats[1].inazuma and game.seats[1].cosmo
    off = game_with(["", RIICHI_READY, "", ""], draws="7z1z9p2p", settings={"inazuma": False})
    draft(off, "7z", "1z")
    assert has(off, 1, Riichi) and not has(off, 1, InazumaRiichi)


def test_kari_inazuma_failure_busts_with_penalty_10() -> None:
    game = game_with(
        ["", RIICHI_READY, "", TANYAO_READY],
        draws="7z1z9p2p" + "4p5p6p3s",
        points=[35_000, 5_000, 30_000, 30_000],
        settings=NO_DOUBLE,
    )
    draft(game, "7z", "1z", "9p")
    assert game.seats[1].borrowed is False
    act(game, 1, InazumaRiichi, "1z")
    lock_rest(game)
    # 「黒棒（借り一万点棒）」: below zero on the loan, but not bust while the hand goes on.
    assert game.points[1] == -5_000 and game.outcome() is None and game.public_view().borrowed[1]
    act(game, 1, Pass)
    pass_all(game)
    draft(game, "4p", "5p", "6p")  # round 2: seat 0 is fourth and gets the 3s
    lock_rest(game)
    act(game, 3, RonOn)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "トビ"
    # 「その局で和了できなければ強制的にトビ」: ▲30 to the winner who ended the hand, ▲10 to the top.
    assert game.tobi == [(1, 3)] and game.failed_loans == [1]
    assert outcome.placements[3] == 1
    expected = final_scores(outcome.points, outcome.placements, game.settings, tobi=[(1, 3)], penalties=[(1, 3)])
    assert outcome.final_scores == expected and sum(expected) == pytest.approx(0)


def test_kari_inazuma_win_repays_the_loan() -> None:
    game = riichi_seat_1(inazuma=True, third="3p", draws="4p9p5p6p", points=[35_000, 5_000, 30_000, 30_000])
    pass_all(game)
    draft(game, "4p", "9p")
    lock_rest(game)
    act(game, 1, RonOn)
    # -5,000 + 5,200 (doubled) + the 10,000 stick back: the loan is repaid, no bust.
    assert game.points[1] == 10_200 and game.outcome() is None and game.tobi == []


def test_kari_inazuma_setting() -> None:
    game = game_with(["", RIICHI_READY, "", ""], draws="7z1z9p2p", points=[35_000, 5_000, 30_000, 30_000])
    draft(game, "7z", "1z")
    assert has(game, 1, InazumaRiichi)
    off = game_with(
        ["", RIICHI_READY, "", ""],
        draws="7z1z9p2p",
        points=[35_000, 5_000, 30_000, 30_000],
        settings={"kari_inazuma": False},
    )
    draft(off, "7z", "1z")
    assert has(off, 1, Riichi) and not has(off, 1, InazumaRiichi)


# --- first-round specials and settings -----------------------------------------------------------


def test_double_riichi_in_round_1_setting() -> None:
    game = riichi_seat_1(settings={"double_riichi": True})
    assert yaku_of(act(game, 1, RonOn)) == {"ダブル立直": 2, "零発": 2}
    game = riichi_seat_1()
    assert yaku_of(act(game, 1, RonOn)) == {"立直": 1, "零発": 2}


def test_tenhou_chiihou_in_round_1_setting() -> None:
    def first_tsumo(**settings: SettingValue) -> dict[str, int]:
        game = game_with([TANYAO_READY, "", "", ""], draws="3s1p2p4p", settings=settings or None)
        draft(game, "3s")
        act(game, 0, Tsumo)
        return yaku_of(lock_rest(game))

    assert first_tsumo() == {"天和": 0}
    assert "天和" not in first_tsumo(tenhou=False)


def test_settings_json_round_trip_and_errors() -> None:
    settings = ZunoSettings(chips="2/2/2/4", uma="20-40", wareme=False)
    assert ZunoSettings.from_json(settings.to_json()) == settings
    assert ZunoGame.settings_from_json({}) == ZunoSettings()
    for bad in ({"chips": "1/1"}, {"uma": "x"}, {"tobi": -1}, {"start_points": 0}, {"nope": 1}):
        with pytest.raises(ValueError, match=r"."):
            ZunoSettings.from_json(bad)


def test_illegal_and_foreign_actions_change_nothing() -> None:
    game = game_with(["", "", "", ""], draws="1p2p3p4p")
    before = game.state_hash()
    with pytest.raises(RulesError):
        game.apply(Pick(1, game.seats[0].packet[0]))
    with pytest.raises(RulesError):
        game.apply(Pick(0, game.seats[1].concealed[0]))
    assert game.state_hash() == before


# --- rulings beyond the seed ---------------------------------------------------------------------


def test_kakan_5z_with_a_discard_in_the_call_phase() -> None:
    # Round 1: seat 2 pons seat 0's 白. Round 2: seat 3 discards the last 白, and seat 2 adds it (ZUN-A2).
    game = game_with(["", "", "55z", ""], draws="5z1z2z3z" + "6p7p5z8p")
    draft(game, "5z")
    lock_rest(game)
    act(game, 2, CallPon)
    game.apply(game.decisions()[0].default)
    pass_all(game)
    draft(game, "6p", "7p", "5z")  # round 2: seats 1, 2, 3 pick; seat 3 takes 白 and discards it
    lock_rest(game)
    kakan = find(game, 2, CallKan)
    assert kakan == CallKan(2, (), 3)
    game.apply(kakan)
    pass_all(game)
    assert game.seats[2].melds[0].type is MeldType.KAKAN and game.seats[2].rinshan


def test_claims_stay_hidden_until_settled() -> None:
    game = game_with(["", "46p", "55p", ""], draws="5p7z6z1z")
    draft(game, "5p")
    lock_rest(game)
    events = act(game, 1, CallChi)
    assert events_of(events, "claim")[0].visible_to == (1,)
    assert events_of(events, "claimed")[0].data == {"seat": 1}, "public: only that seat has answered"


def test_a_kan_1111z_clears_a_5z_pocchi_lock() -> None:
    game = game_with(["", RIICHI_READY, "", "111z"], draws="7z2z3p6z" + "5z4p1z8p", settings=NO_DOUBLE)
    draft(game, "7z", "2z", "3p")
    act(game, 1, Riichi, "2z")
    lock_rest(game)
    pass_all(game)
    draft(game, "5z", "4p", "1z")  # round 2: seat 1 drafts 白, seat 3 the fourth 東
    act(game, 1, PocchiTsumo)
    assert game.locked_in(1)
    events = act(game, 3, Kan)
    # The kan ends ippatsu, so 白 is no longer wild: the lock is dropped and seat 1 must choose again.
    assert not game.locked_in(1) and events_of(events, "lock_cleared")[0].visible_to == (1,)
    assert not has(game, 1, PocchiTsumo) and 1 in [d.seat for d in game.decisions()]


def test_ronned_3s_declaration_tile_pays_no_stick() -> None:
    game = game_with(["", "234m456p678s99p1s3s", TANYAO_READY, ""], draws="7z3s9m2p", settings=NO_DOUBLE)
    draft(game, "7z", "3s")
    act(game, 1, Riichi, "3s")  # 234m456p678s 99p 1s3s + the drafted 3s: riichi on 3s, waiting on 2s
    events = lock_rest(game)
    assert game.deposits == 1_000 and not wins_of(events)
    events = act(game, 2, RonOn)
    # Baseline B6: the declaration tile was ronned, so the stick goes back before the settlement.
    assert game.points == [25_000, 23_700, 26_300, 25_000] and game.deposits == 0


def test_unclaimed_deposits_go_to_the_top_at_the_end() -> None:
    game = game_with(["", "", "", ""], dealer=3, deposits=2_000, points=[30_000, 25_000, 23_000, 20_000])
    play_out(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "終局" and outcome.points == (32_000, 25_000, 23_000, 20_000)


def test_kari_inazuma_on_a_drawn_hand_busts_to_the_top() -> None:
    game = game_with(
        ["", RIICHI_READY, "", ""], draws="7z1z3p2p", points=[35_000, 5_000, 30_000, 30_000], settings=NO_DOUBLE
    )
    draft(game, "7z", "1z")
    act(game, 1, InazumaRiichi, "1z")
    events = play_out(game)
    assert draw_of(events) and events_of(events, "kari_inazuma_failed")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "トビ"
    # ZUN-A8: nobody won, so the top player takes both the ▲30 and the ▲10; the stick goes to the top too.
    assert outcome.placements[0] == 1 and outcome.points[0] == 45_000
    expected = final_scores(outcome.points, outcome.placements, game.settings, tobi=[(1, 0)], penalties=[(1, 0)])
    assert outcome.final_scores == expected
