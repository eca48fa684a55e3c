"""Win, draw and standings cards, and the calculator's row of tiles."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine.melds import MeldType
from bot.engine.tiles import Tile, parse_tiles
from bot.engine.views import MeldView, StandingsView, YakuLine
from render import render_draw, render_standings, render_tiles, render_win
from render.cards import CARD_WIDTH
from render.samples import sample_draw, sample_names, sample_standings, sample_win
from tests.render.helpers import decode, is_opaque


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_win_card(seats: int) -> None:
    for seed in range(4):
        image = decode(render_win(sample_win(seed, seats), sample_names(seats, seed)))
        assert image.width == CARD_WIDTH
        assert 300 < image.height < 700
        assert is_opaque(image)


def test_win_card_with_many_yaku_yakuman_melds_and_no_fu() -> None:
    base = sample_win(1)
    yaku = tuple(
        YakuLine(f"役{i}", f"Yaku number {i}", i % 3 + 1, detail="123456" if i % 4 == 0 else "") for i in range(14)
    )
    view = dataclasses.replace(
        base,
        yaku=(*yaku, YakuLine("国士無双十三面待ち", "Thirteen orphans, 13-sided", 0, yakuman=2)),
        fu=None,
        limit_name="ダブル役満",
        hand=tuple(parse_tiles("19m19p19s1234567z")[:10]),
        melds=(
            MeldView(MeldType.KAKAN, tuple(parse_tiles("5555p")), 1, 2),
            MeldView(MeldType.ANKAN, tuple(parse_tiles("1111z")), None, None),
        ),
        ura_indicators=tuple(parse_tiles("12345z")),
    )
    short = decode(render_win(base, []))
    long = decode(render_win(view, ["👑" * 30]))
    assert long.height > short.height


def test_draw_card_sizes_grow_with_seats() -> None:
    heights = [decode(render_draw(sample_draw(2, seats), sample_names(seats))).height for seats in (2, 3, 4)]
    assert heights == sorted(heights)
    assert len(set(heights)) == 3


def test_draw_card_with_nobody_tenpai() -> None:
    view = dataclasses.replace(
        sample_draw(0), tenpai=(False,) * 4, hands=(None,) * 4, melds=((),) * 4, reason="九種九牌"
    )
    assert decode(render_draw(view, [])).width == CARD_WIDTH


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_standings_card(seats: int) -> None:
    image = decode(render_standings(sample_standings(3, seats)))
    assert image.width == CARD_WIDTH
    assert image.height > 400


def test_standings_with_a_single_point_in_history_and_none_at_all() -> None:
    one = StandingsView(
        variant="inage",
        names=("a", "b"),
        final_points=(0, 0),
        placements=(1, 2),
        history=((0, 0),),
    )
    decode(render_standings(one))
    decode(render_standings(dataclasses.replace(one, history=())))


def test_tiles_row_width_follows_the_count() -> None:
    five = decode(render_tiles(parse_tiles("123m0p5p")))
    fourteen = decode(render_tiles(parse_tiles("123m456p789s11222z")))
    assert fourteen.width - five.width == 9 * 41
    assert five.height == fourteen.height
    assert decode(render_tiles([])).width > 0
    assert decode(render_tiles([Tile(k) for k in range(38)])).width > 38 * 40


def test_red_five_shows_in_the_tiles_row() -> None:
    plain = decode(render_tiles(parse_tiles("5p")))
    red = decode(render_tiles(parse_tiles("0p")))
    assert plain.tobytes() != red.tobytes()
