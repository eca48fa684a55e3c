"""What the table message and a panel say and which buttons they carry (pure specs, no Discord):
a panel offers exactly the legal actions, and the table's line tells nothing a seat may not see."""

from __future__ import annotations

import doctest
from functools import partial

import bot.ui.labels
from bot.engine.game import Riichi
from bot.engine.variants import new_game
from bot.runtime.customid import AUTO_PAGE, ActionId, PanelId, action_args
from bot.runtime.decisions import Decision
from bot.runtime.snapshot import public_table_view
from bot.storage import AutoOptions
from bot.ui.panel_spec import panel_spec
from bot.ui.table_spec import table_spec
from tests.runtime.played import claim_windows, decisions_met
from tests.ui.test_panel_coverage import zuno_ron_phase


def test_label_doctests() -> None:
    assert doctest.testmod(bot.ui.labels).failed == 0


def test_panel_buttons_are_exactly_the_legal_actions() -> None:
    game = new_game("nishoku", {}, seed=0)
    tiles = game.tiles
    names = ["A", "B", "C", "D"]
    panel = partial(panel_spec, game_id=7, title="二色麻雀", waiting_for=(), names=names, tiles=tiles)
    checked = 0
    for view, decision in decisions_met(seed=3) + decisions_met(seed=4):
        normal = panel(view=view, decision=decision)
        riichi = panel(view=view, decision=decision, mode="riichi")
        expected = {
            ActionId(7, decision.seq, a.kind, action_args(a)).custom_id
            for a in decision.actions
            if not isinstance(a, Riichi)
        }
        shown = {b.custom_id for b in normal.buttons if b.custom_id.startswith("jt:act:")}
        assert shown == expected
        riichis = {
            ActionId(7, decision.seq, "riichi", action_args(a)).custom_id
            for a in decision.actions
            if isinstance(a, Riichi)
        }
        if riichis:
            assert PanelId(7, decision.seq, "riichi").custom_id in {b.custom_id for b in normal.buttons}
            assert {b.custom_id for b in riichi.buttons if b.custom_id.startswith("jt:act:")} == riichis | {
                c for c in expected if ":discard:" not in c
            }
        for spec in (normal, riichi):
            rows = [b.row for b in spec.buttons]
            assert max(rows, default=0) < 5
            assert all(rows.count(row) <= 5 for row in set(rows))
            assert len({b.custom_id for b in spec.buttons}) == len(spec.buttons)
        checked += 1
    assert checked > 100


def test_table_line_in_a_claim_window_says_calls_are_open_on_whose_tile_and_nothing_of_the_claimant() -> None:
    """A person's claim window keeps the table waiting (that cannot be hidden): the line says
    calls are open on the discarder's tile, names neither the claimant nor the seat that plays on
    (it is not the one deciding), and shows no clock (the claimant's, bank and all, would tell
    who decides)."""
    names = ("Alice", "Bob", "Carol", "Dave")
    windows = claim_windows(seed=5)
    for public, unclaimed, claimant in windows:
        shown = public_table_view(public, deadline=claimant.deadline, auto=(), unclaimed=unclaimed)
        assert public.last_discard is not None
        discarder = names[public.last_discard[0]]
        for locale, line in (
            ("en-US", f"▶ Calls open on {discarder}'s tile"),
            ("ja", f"▶ 鳴き確認中（{discarder} の牌）"),
        ):
            content = table_spec(
                game_id=1,
                title="二色麻雀",
                view=shown,
                names=names,
                decisions=[claimant],
                auto=(),
                over=False,
                locale=locale,
            ).content
            assert content.splitlines()[-1] == line, content
            assert "<t:" not in content and "to play" not in content and "手番" not in content, content
            assert names[claimant.seat] not in content, content
    assert windows


def test_zuno_table_text_names_the_simultaneous_phase_and_nobody_in_it() -> None:
    """In ずーの's declare phase the table says everyone is choosing (not "calls on the discard"),
    and names no one: who has locked in stays private."""
    from bot.engine.variants.zuno import ZunoGame

    game = ZunoGame(seed=4)
    while game.phase == "draft":
        game.apply(game.decisions()[0].default)
    assert game.phase == "declare"
    game.apply(game.decisions()[0].default)  # one seat locks in
    names = ("Alice", "Bob", "Carol", "Dave")
    decisions = [Decision(d.seat, game.sequence, d.actions, d.default, None) for d in game.decisions()]
    for locale, phrase in (("en-US", "Everyone chooses a discard"), ("ja", "全員が打牌を選択中")):
        spec = table_spec(
            game_id=1,
            title="ずーの",
            view=game.public_view(),
            names=names,
            decisions=decisions,
            auto=(),
            over=False,
            locale=locale,
        )
        assert phrase in spec.content and not any(name in spec.content for name in names), spec.content


def test_the_auto_page_shows_each_option_with_its_state_in_the_players_language() -> None:
    """The ⚙ Auto page: one button per option, green and ON or grey and OFF, and Back, in place
    of the tiles and calls (the decision's buttons come back with Back); in Japanese too."""
    game = new_game("nishoku", {}, seed=0)
    view, decision = decisions_met(seed=3)[0]
    panel = partial(panel_spec, game_id=7, title="二色麻雀", view=view, decision=decision, waiting_for=(), names="ABCD")
    options = AutoOptions(riichi_discard=True, auto_win=False, no_calls=True)
    for locale, on, off, explained in [
        ("en-US", "Riichi: auto-discard: ON", "Auto-win: OFF", "Auto options"),
        ("ja", "リーチ後ツモ切り: ON", "自動和了: OFF", "オート設定"),
    ]:
        spec = panel(tiles=game.tiles, mode=AUTO_PAGE, auto_options=options, locale=locale)
        buttons = {b.custom_id.rsplit(":", 1)[-1]: b for b in spec.buttons}
        assert not any(b.custom_id.startswith("jt:act:") for b in spec.buttons)
        assert (buttons["riichi_discard"].label, buttons["riichi_discard"].style) == (on, "success")
        assert (buttons["auto_win"].label, buttons["auto_win"].style) == (off, "secondary")
        assert buttons["no_calls"].style == "success" and "discard" in buttons and AUTO_PAGE not in buttons
        assert explained in spec.content
    plain = panel(tiles=game.tiles)
    assert PanelId(7, decision.seq, AUTO_PAGE).custom_id in {b.custom_id for b in plain.buttons}


def test_a_waiting_seat_opens_the_auto_page_too() -> None:
    """⚙ Auto pressed while another seat plays: the options, not the waiting panel again (whose
    answer changed nothing, so the click was only acknowledged, and a test waiting for the page
    failed whenever the press landed between two of its own decisions)."""
    game = new_game("nishoku", {}, seed=0)
    view, _ = decisions_met(seed=3)[0]
    spec = panel_spec(
        game_id=7,
        title="二色麻雀",
        view=view,
        decision=None,
        waiting_for=("B",),
        names="ABCD",
        tiles=game.tiles,
        mode=AUTO_PAGE,
        auto_options=AutoOptions(),
    )
    options = {b.custom_id.rsplit(":", 1)[-1] for b in spec.buttons}
    assert {"riichi_discard", "auto_win", "no_calls", "discard"} <= options
    assert not any(b.custom_id.startswith("jt:act:") for b in spec.buttons)


def test_zuno_ron_window_on_the_revealed_discards_says_so_and_names_nobody() -> None:
    """ずーの's ron window offers all four revealed discards at once: the table says calls are open
    on them, naming no seat (neither a discarder nor the claimant) and showing no clock."""
    game = zuno_ron_phase()
    unclaimed = game.unclaimed()
    assert unclaimed is not None and unclaimed.offered_by is None
    names = ("Alice", "Bob", "Carol", "Dave")
    shown = public_table_view(game.public_view(), deadline=1_700_000_000.0, auto=(), unclaimed=unclaimed)
    decisions = [Decision(d.seat, game.sequence, d.actions, d.default, 1_700_000_000.0) for d in game.decisions()]
    for locale, line in (
        ("en-US", "▶ Calls open on the revealed discards"),
        ("ja", "▶ 鳴き確認中（公開された捨て牌）"),
    ):
        spec = table_spec(
            game_id=1, title="ずーの", view=shown, names=names, decisions=decisions, auto=(), over=False, locale=locale
        )
        assert spec.content.splitlines()[-1] == line, spec.content
        assert "<t:" not in spec.content and not any(name in spec.content for name in names)
