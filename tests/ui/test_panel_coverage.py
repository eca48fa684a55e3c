"""No legal action is ever out of reach of a seat's panel.

Discord shows at most 5 rows of 5 buttons, and the panel used to drop silently whatever did not
fit: an action the player could then never take. These tests build the panel for every decision
of many CPU-played games of every variant (and for rigged worst cases), follow every mode switch
the panel offers from its default page, and check that each legal action has a button there, and
that every page is a message Discord accepts.
"""

from __future__ import annotations

import logging
import os
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest

from bot.engine.ai import CpuPlayer
from bot.engine.game import Action, Discard, Game, Pass, Pick, Riichi, SetAside
from bot.engine.tiles import Kind, Tile
from bot.engine.variants import new_game
from bot.engine.variants.chinitsu import ChinitsuGame
from bot.engine.variants.inage import InageGame, JuusanFutou, VoteEnd
from bot.engine.variants.zuno import InazumaRiichi, PocchiTsumo, RonOn, ZunoGame
from bot.engine.views import SeatView
from bot.runtime.customid import ActionId, PanelId, action_args, parse
from bot.runtime.decisions import Decision
from bot.runtime.snapshot import public_table_view
from bot.ui.components import MessageSpec
from bot.ui.panel_spec import MAX_ROWS, ROW_SIZE, PanelMode, panel_spec
from bot.ui.table_spec import table_spec
from tests.engine.rigging import find
from tests.engine.test_zuno import draft, game_with, pocchi_round

NAMES = ("Alice", "Bob", "Carol", "Dave")
MODES: dict[str, PanelMode] = {"discard": "discard", "riichi": "riichi", "inazuma": "inazuma"}
"""PanelId ops that switch the panel's mode, and the mode each switches to."""
GAME = 4242
SCALE = int(os.environ.get("PANEL_COVERAGE_SCALE", "1"))
"""Multiplies the number of games of the sweep (the default run stays well under 30 s)."""


@dataclass
class Reach:
    """What following a panel's mode switches found."""

    modes: dict[str, MessageSpec]
    actions: dict[tuple[str, tuple[int, ...]], str]
    """(kind, args) of every action button, and the mode it was found in."""


def wanted(actions: Sequence[Action]) -> set[tuple[str, tuple[int, ...]]]:
    """The (kind, args) a click must carry for each action a player may take (not the clock's)."""
    return {(action.kind, action_args(action)) for action in actions if action.kind != "time_up"}


def check_message(spec: MessageSpec) -> None:
    """What Discord accepts: rows 0-4 of at most 5 buttons, unique ids that parse, short labels."""
    rows = Counter(button.row for button in spec.buttons)
    assert all(0 <= row < MAX_ROWS for row in rows), rows
    assert all(count <= ROW_SIZE for count in rows.values()), rows
    assert len(spec.buttons) <= MAX_ROWS * ROW_SIZE
    ids = [button.custom_id for button in spec.buttons]
    assert len(set(ids)) == len(ids), ids
    for button in spec.buttons:
        parse(button.custom_id)
        assert 0 < len(button.label) <= 80, button.label
    # Buttons are listed row by row, so Discord shows them in the order they are laid out.
    assert [b.row for b in spec.buttons] == sorted(b.row for b in spec.buttons)


def reach(
    view: SeatView,
    decision: Decision,
    tiles: Sequence[Tile],
    *,
    names: Sequence[str] = NAMES,
    locale: str | None = None,
    dm: bool = False,
) -> Reach:
    """Open the panel in its default mode and follow every mode switch it offers, checking every page."""
    found = Reach({}, {})
    todo: list[PanelMode] = ["discard"]
    while todo:
        mode = todo.pop()
        if mode in found.modes:
            continue
        spec = panel_spec(
            game_id=GAME,
            title="t",
            view=view,
            decision=decision,
            waiting_for=(),
            names=names,
            tiles=tiles,
            mode=mode,
            dm=dm,
            locale=locale,
        )
        check_message(spec)
        ops = {parsed.op for parsed in map(parse, (b.custom_id for b in spec.buttons)) if isinstance(parsed, PanelId)}
        assert ops & {"dm", "here"}, "the DM button is missing"
        found.modes[mode] = spec
        for button in spec.buttons:
            parsed = parse(button.custom_id)
            if isinstance(parsed, ActionId):
                assert (parsed.game, parsed.seq) == (GAME, decision.seq)
                found.actions.setdefault((parsed.kind, parsed.args), mode)
            elif isinstance(parsed, PanelId) and parsed.op in MODES:
                assert parsed.seq == decision.seq
                todo.append(MODES[parsed.op])
    return found


def check_seat(game: Game, seat: int, *, locale: str | None = None) -> Reach | None:
    """Check the seat's panel against everything it may do now (its decision, a locked seat's
    switches, いなげ's votes); None when it may do nothing."""
    actions = tuple(action for action in game.legal_actions(seat) if action.kind != "time_up")
    if not actions:
        return None
    decision = Decision(seat, game.sequence, actions, actions[0], 1_700_000_000.0)
    found = reach(game.view(seat), decision, game.tiles, names=NAMES[: game.players], locale=locale)
    missing = wanted(actions) - set(found.actions)
    assert not missing, f"unreachable actions {sorted(missing)} in modes {sorted(found.modes)}"
    extra = set(found.actions) - wanted(actions)
    assert not extra, f"buttons for actions that are not legal: {sorted(extra)}"
    return found


@pytest.fixture(autouse=True)
def _no_overflow_logged(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The panel logs an error when buttons do not fit even packed tight: never acceptable."""
    with caplog.at_level(logging.ERROR, logger="bot.ui.panel_spec"):
        yield
    overflow = [r.getMessage() for r in caplog.records if r.name == "bot.ui.panel_spec"]
    assert not overflow, overflow


# --- the sweep: every decision of CPU-played games -------------------------------------------------------


class Explorer:
    """The CPU's choice most of the time, any legal action sometimes (riichi, イナズマ, kans, set
    asides, calls the CPU would not make), so the games pass through many kinds of decisions."""

    def __init__(self, game: Game, seed: int, wander: float) -> None:
        self.cpus = [CpuPlayer(game.shapes, game.tiles, seed=seed + seat) for seat in range(game.players)]
        self.rng = random.Random(seed)
        self.wander = wander

    def choose(self, game: Game, seat: int, actions: Sequence[Action]) -> Action:
        # Votes and the clock would end the game early; they are checked on the panel all the same.
        playable = [a for a in actions if a.kind not in ("vote_end", "time_up")] or list(actions)
        if self.rng.random() < self.wander:
            return self.rng.choice(playable)
        return self.cpus[seat].choose(game.view(seat), playable)


def sweep(variant: str, players: int, games: int, seed: int, *, wander: float = 0.25) -> Counter[str]:
    """Play ``games`` games and check every seat's panel after every action; returns what was seen."""
    seen: Counter[str] = Counter()
    for number in range(games):
        game = new_game(variant, {}, seed=seed + number, players=players)
        explorer = Explorer(game, seed + number, wander)
        steps = 0
        while game.outcome() is None:
            for seat in range(game.players):
                found = check_seat(game, seat)
                if found is not None:
                    seen["panels"] += 1
                    seen.update(f"mode:{mode}" for mode in found.modes)
                    seen.update(f"kind:{kind}" for kind, _ in found.actions)
            decision = game.decisions()[0]
            game.apply(explorer.choose(game, decision.seat, decision.actions))
            steps += 1
            assert steps < 5_000, "the game does not end"
        seen["games"] += 1
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "games", "seed"),
    [
        ("nishoku", 4, 3, 100),
        ("zuno", 4, 3, 200),
        ("inage", 3, 6, 300),
        ("inage", 2, 6, 400),
        ("chinitsu", 3, 2, 500),
    ],
)
def test_every_action_of_every_decision_has_a_button(variant: str, players: int, games: int, seed: int) -> None:
    seen = sweep(variant, players, games * SCALE, seed)
    assert seen["games"] == games * SCALE and seen["panels"] > 100
    assert seen["mode:riichi"] > 0, seen  # the riichi page was reached and checked
    if variant == "chinitsu":
        # 北 is pulled (抜きドラ) and eight copies of each tile make kans common.
        assert seen["kind:set_aside"] > 0 and seen["kind:kan"] > 0, seen


# --- rigged worst cases ------------------------------------------------------------------------------


def zuno_declare(hand: str, pick: str) -> ZunoGame:
    """Seat 0 (the start player) holds ``hand`` and drafts ``pick``: the declare phase."""
    game = game_with([hand, "", "", ""], pick + "1z2z3z", dealer=0)
    draft(game, pick)
    assert game.phase == "declare"
    return game


def count_kinds(game: Game, seat: int) -> Counter[str]:
    return Counter(action.kind for action in game.legal_actions(seat))


def test_zuno_eleven_discards_eleven_riichi_eleven_inazuma_and_tsumo() -> None:
    """456m 111p 5p赤5p 56778s + 9s: a complete hand where every one of 11 faces may be discarded
    for riichi or イナズマリーチ. The old panel needed 6 rows: it dropped two イナズマ buttons
    and the riichi toggle, so no riichi at all could be declared."""
    game = zuno_declare("456m111p05p56778s", "9s")
    assert count_kinds(game, 0) == Counter(discard=11, riichi=11, zuno_inazuma=11, tsumo=1)
    found = check_seat(game, 0)
    assert found is not None and set(found.modes) == {"discard", "riichi", "inazuma"}
    # Each kind of tile choice has its own page; tsumo is on every page.
    by_mode = Counter((mode, kind) for (kind, _), mode in found.actions.items())
    assert by_mode == Counter(
        {("discard", "discard"): 11, ("riichi", "riichi"): 11, ("inazuma", "zuno_inazuma"): 11, ("discard", "tsumo"): 1}
    )
    for spec in found.modes.values():
        assert any(b.custom_id == ActionId(GAME, game.sequence, "tsumo").custom_id for b in spec.buttons)
    assert "Inazuma riichi" in found.modes["inazuma"].content


def test_zuno_tsumo_ankan_riichi_and_inazuma_on_nine_tiles() -> None:
    """1112345678999m + 1m: tsumo, an ankan of 1m, and riichi or イナズマ on all nine faces."""
    game = zuno_declare("1112345678999m", "1m")
    assert count_kinds(game, 0) == Counter(discard=9, riichi=9, zuno_inazuma=9, tsumo=1, kan=1)
    for locale in (None, "ja"):
        found = check_seat(game, 0, locale=locale)
        assert found is not None and found.actions[("kan", found_kan(game))] == "discard"


def found_kan(game: ZunoGame) -> tuple[int, ...]:
    return next(action_args(a) for a in game.legal_actions(0) if a.kind == "kan")


def test_zuno_locked_seat_keeps_every_switch() -> None:
    """A seat that locked in a discard may still switch to any other choice, riichi pages included."""
    game = zuno_declare("456m111p05p56778s", "9s")
    game.apply(next(a for a in game.legal_actions(0) if isinstance(a, Discard)))
    assert game.locked_in(0)
    assert count_kinds(game, 0)["zuno_inazuma"] == 11
    check_seat(game, 0)


def test_zuno_pocchi_on_a_nine_sided_wait() -> None:
    """Riichi on 1112345678999m, then the wild 白 on the ippatsu draw: it may stand for any of 9."""
    game = pocchi_round("1112345678999m")
    assert count_kinds(game, 1)["zuno_pocchi"] == 9
    check_seat(game, 1)


def inage_game(hands: list[str], draws: str, players: int = 3) -> InageGame:
    game = InageGame(seed=5, players=players)
    game.rig(hands, draws, starter=0)
    return game


def test_inage_deal_step_says_it_sets_aside_flowers_not_that_a_discard_may_be_called() -> None:
    """While the deal step runs no discard exists: the table says what it waits on (without
    naming who), and the deciding seat's panel asks for its flowers, 西 and 北."""
    game = inage_game(["1234f34z11m1p5s", "99m2289p2278s", "1199p3367s55z"], "9s")
    assert game.phase == "deal" and game.public_view().last_discard is None
    names = NAMES[:3]
    decision = Decision(0, game.sequence, game.legal_actions(0), Pass(0), 1_700_000_000.0)
    for locale, on_table, on_panel in (
        (
            None,
            "▶ Setting aside flowers, 西 and 北 from the dealt hands <t:1700000000:R>",
            "set aside flowers, 西 and 北",
        ),
        ("ja", "▶ 配牌から花牌・西・北を抜いています <t:1700000000:R>", "配牌から花牌・西・北を抜いてください"),
    ):
        table = table_spec(
            game_id=GAME,
            title="いなげ",
            view=public_table_view(game.public_view(), deadline=decision.deadline, auto=()),
            names=names,
            decisions=[decision],
            auto=(),
            over=False,
            locale=locale,
        ).content
        assert on_table in table and not any(name in table for name in names), table
        panel = panel_spec(
            game_id=GAME,
            title="いなげ",
            view=game.view(0),
            decision=decision,
            waiting_for=(),
            names=names,
            tiles=game.tiles,
            locale=locale,
        ).content
        assert on_panel in panel and "()" not in panel and "（）" not in panel, panel
        assert "call the discard" not in panel and "鳴き・ロンできます" not in panel, panel


def test_inage_deal_set_aside_juusan_futou_pass_and_vote() -> None:
    """十三不塔 on a deal holding four flowers, 西 and 北: six set-asides, the declaration, pass
    and the end vote, in English and Japanese, and for a 2-player table."""
    hand = "1234f34z11m1p5s"
    for players, others in ((3, ["99m2289p2278s", "1199p3367s55z"]), (2, ["99m2289p2278s"])):
        game = inage_game([hand, *others], "9s", players=players)
        kinds = count_kinds(game, 0)
        assert kinds == Counter(set_aside=6, juusan_futou=1, vote_end=1, **{"pass": 1}), kinds
        assert [d.seat for d in game.decisions()] == [0]
        for locale in (None, "ja"):
            check_seat(game, 0, locale=locale)
        assert any(isinstance(a, JuusanFutou) for a in game.legal_actions(0))
        # The others may only vote meanwhile: that is no decision of theirs, so they wait.
        assert [a.kind for a in game.legal_actions(1)] == ["vote_end"]
        vote = game.legal_actions(1)
        spec = panel_spec(
            game_id=GAME,
            title="t",
            view=game.view(1),
            decision=Decision(1, game.sequence, vote, vote[0], None),
            waiting_for=("Alice",),
            names=NAMES,
            tiles=game.tiles,
        )
        assert "Waiting for Alice." in spec.content and "Vote to end" in [b.label for b in spec.buttons]


def test_inage_turn_eleven_faces_six_set_asides_and_vote() -> None:
    """Eleven different tiles on the turn, six of them set-aside-able, and the vote: the old
    panel needed six rows and dropped the DM button."""
    game = inage_game(["1234f34z1m1p5s9s", "99m2289p2278s", "1199p3367s55z"], "9m")
    game.apply(Pass(0))  # keep the flowers in the hand for now
    while game.phase == "deal":
        game.apply(game.decisions()[0].default)
    kinds = count_kinds(game, 0)
    assert kinds["discard"] == 11 and kinds["set_aside"] == 6 and kinds["vote_end"] == 1, kinds
    found = check_seat(game, 0)
    assert found is not None
    spec = found.modes["discard"]
    assert any(b.custom_id.endswith(":dm") for b in spec.buttons)
    assert any(isinstance(a, VoteEnd) for a in game.legal_actions(0))


# --- the panel's own rules ----------------------------------------------------------------------------


def test_a_mode_without_its_actions_falls_back_to_discards() -> None:
    """A stale riichi or イナズマ mode (the decision moved on) shows the discards, never an empty page."""
    game = zuno_declare("19m", "1z")
    actions = game.legal_actions(0)
    assert not any(isinstance(a, Riichi) for a in actions)
    decision = Decision(0, game.sequence, actions, actions[0], None)
    plain = panel_spec(
        game_id=GAME, title="t", view=game.view(0), decision=decision, waiting_for=(), names=NAMES, tiles=game.tiles
    )
    for mode in ("riichi", "inazuma"):
        spec = panel_spec(
            game_id=GAME,
            title="t",
            view=game.view(0),
            decision=decision,
            waiting_for=(),
            names=NAMES,
            tiles=game.tiles,
            mode=mode,
        )
        assert spec.buttons == plain.buttons and spec.content == plain.content


def test_rows_are_packed_tighter_before_anything_is_dropped(caplog: pytest.LogCaptureFixture) -> None:
    """Too many buttons for one row per group: calls share rows with the utility buttons, then
    everything is packed; past 25 buttons the overflow is logged as an error."""
    game = zuno_declare("456m111p05p56778s", "9s")
    tiles = game.tiles
    view = game.view(0)
    discards = [Discard(0, t) for t in range(0, 44, 4)]  # 11 faces
    extra = [SetAside(0, t) for t in range(44, 72, 4)]  # 7 calls
    decision = Decision(0, 1, (*discards, *extra), discards[0], None)
    spec = panel_spec(game_id=GAME, title="t", view=view, decision=decision, waiting_for=(), names=NAMES, tiles=tiles)
    check_message(spec)
    assert len(spec.buttons) == 11 + 7 + 2 and max(b.row for b in spec.buttons) == 4
    # 11 + 12 + DM + ⚙ Auto: everything packed five to a row, still no drop.
    many = [SetAside(0, t) for t in range(44, 92, 4)]
    decision = Decision(0, 1, (*discards, *many), discards[0], None)
    spec = panel_spec(game_id=GAME, title="t", view=view, decision=decision, waiting_for=(), names=NAMES, tiles=tiles)
    check_message(spec)
    assert len(spec.buttons) == 25 and not caplog.records
    # One more and the ⚙ Auto button cannot fit: an error, loud enough for any test to see.
    more = [SetAside(0, t) for t in range(44, 96, 4)]
    decision = Decision(0, 1, (*discards, *more), discards[0], None)
    spec = panel_spec(game_id=GAME, title="t", view=view, decision=decision, waiting_for=(), names=NAMES, tiles=tiles)
    check_message(spec)
    assert not any(b.custom_id.endswith(":auto") for b in spec.buttons)
    assert [r.levelname for r in caplog.records] == ["ERROR"] and "panel overflow" in caplog.text
    caplog.clear()


# --- ずーの's ron phase -------------------------------------------------------------------------------


def zuno_ron_phase() -> ZunoGame:
    """Seat 0 waits on 2s or 6s (断么九); seats 1 and 2 discard one each in the same round."""
    game = game_with(["234m567p345s2266s", "2s", "6s", ""], "1z2z3z4z", dealer=0)
    draft(game, "1z", "2z", "3z")
    for seat, tile in ((0, "1z"), (1, "2s"), (2, "6s"), (3, "4z")):
        game.apply(find(game, seat, Discard, tile))
    assert game.phase == "ron"
    return game


def ron_panel(game: ZunoGame, locale: str | None) -> MessageSpec:
    actions = game.legal_actions(0)
    decision = Decision(0, game.sequence, actions, Pass(0), 1_700_000_000.0)
    return panel_spec(
        game_id=GAME,
        title="t",
        view=game.view(0),
        decision=decision,
        waiting_for=(),
        names=NAMES,
        tiles=game.tiles,
        locale=locale,
    )


def pass_label(spec: MessageSpec) -> str:
    return next(b.label for b in spec.buttons if b.custom_id.endswith(":pass"))


def test_zuno_ron_phase_says_several_discards_may_be_ronned() -> None:
    game = zuno_ron_phase()
    assert game.legal_actions(0) == (RonOn(0, 1), RonOn(0, 2), Pass(0))
    english, japanese = ron_panel(game, None), ron_panel(game, "ja")
    assert "ron any of the revealed discards" in english.content and "several" in english.content
    assert "shared deadline" in english.content and "<t:1700000000:R>" in english.content
    assert "どれでもロンできます" in japanese.content and "複数可" in japanese.content
    assert "全員共通" in japanese.content
    assert "You may call the discard" not in english.content
    assert (pass_label(english), pass_label(japanese)) == ("Pass", "パス")
    assert [b.label for b in english.buttons if ":zuno_ron:" in b.custom_id] == ["Ron on Bob (2s)", "Ron on Carol (6s)"]
    assert game.view(0).rons_claimed == ()


def test_zuno_ron_phase_pass_becomes_done_after_a_ron() -> None:
    game = zuno_ron_phase()
    game.apply(RonOn(0, 1))
    assert game.phase == "ron" and game.legal_actions(0) == (RonOn(0, 2), Pass(0))
    assert game.view(0).rons_claimed == (1,)
    english, japanese = ron_panel(game, None), ron_panel(game, "ja")
    assert (pass_label(english), pass_label(japanese)) == ("Done", "終了")
    assert "Ron declared on: Bob" in english.content and "ロン宣言済み: Bob" in japanese.content
    assert "several" in english.content and "複数可" in japanese.content
    check_seat(game, 0)


def test_claims_outside_zunos_ron_phase_keep_the_claim_text() -> None:
    """Pass stays "Pass" and the generic claim text stays for ordinary claims (二色麻雀's pon/ron)."""
    game = new_game("nishoku", {}, seed=7)
    cpus = [CpuPlayer(game.shapes, game.tiles, seed=seat) for seat in range(4)]
    for _ in range(2_000):
        claims = [d for d in game.decisions() if any(a.kind == "pass" for a in d.actions)]
        if claims:
            break
        decision = game.decisions()[0]
        game.apply(cpus[decision.seat].choose(game.view(decision.seat), decision.actions))
    decision = claims[0]
    runtime = Decision(decision.seat, game.sequence, decision.actions, decision.default, None)
    spec = panel_spec(
        game_id=GAME,
        title="t",
        view=game.view(decision.seat),
        decision=runtime,
        waiting_for=(),
        names=NAMES,
        tiles=game.tiles,
    )
    assert "You may call the discard" in spec.content and pass_label(spec) == "Pass"


def test_draft_picks_still_lay_out_as_tiles() -> None:
    game = game_with(["", "", "", ""], "1z2z3z4z", dealer=0)
    assert game.phase == "draft"
    found = check_seat(game, 0)
    assert found is not None and all(kind == "pick" for kind, _ in found.actions)
    assert isinstance(game.legal_actions(0)[0], Pick)
    assert not any(isinstance(a, InazumaRiichi | PocchiTsumo) for a in game.legal_actions(0))


# --- チンイツゲーム: 北, kans past four, the forced kan and 完全先付け -----------------------------------

CHINITSU_HANDS = ("B1111pY1pB234pB0678pB4z", "B234pB067pY888pB1mY1mB9mY9m", "B9988pY7766pY1mY9mB123z")
"""Seat 0 (the dealer) holds five 1p and a 北; seat 1 waits on 1m/9m with no yaku (no ron: 完全先付け)."""


def chinitsu_game(draws: str = "Y9p") -> ChinitsuGame:
    game = ChinitsuGame(seed=11)
    game.rig(CHINITSU_HANDS, draws)
    return game


def chinitsu_panel(game: ChinitsuGame, seat: int, locale: str | None = None) -> MessageSpec:
    actions = game.legal_actions(seat)
    decision = Decision(seat, game.sequence, actions, actions[0], None) if actions else None
    return panel_spec(
        game_id=GAME,
        title="t",
        view=game.view(seat),
        decision=decision,
        waiting_for=("Alice",),
        names=NAMES[:3],
        tiles=game.tiles,
        locale=locale,
    )


def test_chinitsu_north_ankan_forced_kan_and_its_note() -> None:
    """The dealer may pull 北 or kan four 1p; after the ankan the fifth 1p must join it: the only
    button is that kan, labelled as an addition, and the panel says why in words."""
    game = chinitsu_game()
    assert count_kinds(game, 0) == Counter(discard=10, riichi=2, set_aside=1, kan=1)
    for locale in (None, "ja"):
        check_seat(game, 0, locale=locale)
    labels = [b.label for b in chinitsu_panel(game, 0).buttons]
    # チンイツゲーム's backs are public, and every tile button says its own (🔵 blue, 🟡 yellow).
    assert "Set aside 🔵北" in labels and "Kan 🔵1p 🔵1p 🔵1p 🔵1p" in labels
    assert "抜く 🔵北" in [b.label for b in chinitsu_panel(game, 0, "ja").buttons]
    game.apply(next(a for a in game.legal_actions(0) if a.kind == "kan"))
    assert count_kinds(game, 0) == Counter(kan=1)
    check_seat(game, 0)
    english, japanese = chinitsu_panel(game, 0), chinitsu_panel(game, 0, "ja")
    assert "Your turn — choose an action" in english.content and "You may call" not in english.content
    assert "強制カン 1p" in english.content and "強制カン 1p" in japanese.content
    assert [b.label for b in english.buttons if ":kan:" in b.custom_id] == ["Kan: add 🟡1p"]
    assert [b.label for b in japanese.buttons if ":kan:" in b.custom_id] == ["加カン 🟡1p"]
    game.apply(game.legal_actions(0)[0])
    assert len(game.seats[0].melds[0].tiles) == 5
    assert "強制カン" not in chinitsu_panel(game, 0).content
    check_seat(game, 0)


def test_chinitsu_sakizuke_refusal_is_said_on_the_panel() -> None:
    """A closed tenpai hand whose waits have no yaku is told on its panel (not only in the image)
    that it may not ron: 完全先付け."""
    game = chinitsu_game()
    spec = chinitsu_panel(game, 1)
    assert "Waits: 1m 9m" in spec.content
    assert "完全先付け: no ron while 1m 9m has no yaku" in spec.content
    assert "完全先付け" not in chinitsu_panel(game, 2).content


def test_chinitsu_strict_furiten_is_said_on_the_panel() -> None:
    """Seat 1 draws a third 9m and discards it: still waiting on 1m/9m, with a wait in its own
    river (furiten, which in チンイツゲーム blocks tsumo too), and its panel says so."""
    game = chinitsu_game("Y9pB9m")
    kinds = game.kinds
    game.apply(next(a for a in game.legal_actions(0) if isinstance(a, Discard) and kinds[a.tile] == Kind.P9))
    game.apply(Pass(2))  # seat 2 could pon the 9p
    game.apply(next(a for a in game.legal_actions(1) if isinstance(a, Discard) and kinds[a.tile] == Kind.M9))
    view = game.view(1)
    assert view.waits and view.furiten
    assert "(furiten)" in chinitsu_panel(game, 1).content
    assert "（フリテン）" in chinitsu_panel(game, 1, "ja").content
