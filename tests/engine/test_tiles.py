"""Tile kinds, notation and the tile set of every variant (counts checked against the seeds)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.tiles import (
    Back,
    Kind,
    Suit,
    Tile,
    TileNotationError,
    dora_after,
    format_kinds,
    format_tiles,
    kind_name,
    parse_kinds,
    parse_tiles,
)
from bot.engine.variants.chinitsu.tiles import chinitsu_tileset
from bot.engine.variants.goto.tiles import goto_tileset
from bot.engine.variants.inage.tiles import inage_tileset
from bot.engine.variants.nishoku.tiles import nishoku_tileset
from bot.engine.variants.zuno.tiles import zuno_tileset
from tests.conftest import seed_text

INAGE_SEED = "000_71d312fd0d93721d.txt"
ZUNO_SEED = "001_ec8a60ce93efe5ee.txt"
CHINITSU_SEED = "002_0ce3e7aab54c1b25.txt"
GOTO_SEED = "003_75c9e8506e78b360.txt"
NISHOKU_SEED = "004_2bab2064d36240f8.txt"


def seed_number(seed: str, pattern: str) -> int:
    """The number a seed writes in ``pattern`` (full-width digits normalised first)."""
    text = unicodedata.normalize("NFKC", seed_text(seed))
    match = re.search(pattern, text)
    assert match is not None, f"{pattern!r} not found in {seed}"
    return int(match.group(1))


# --- kinds and notation -----------------------------------------------------------------------


def test_kind_names_follow_mpsz() -> None:
    assert [kind_name(k) for k in (Kind.M1, Kind.P5, Kind.S9, Kind.EAST, Kind.RED, Kind.SPRING, Kind.WINTER)] == [
        "1m",
        "5p",
        "9s",
        "1z",
        "7z",
        "1f",
        "4f",
    ]


@pytest.mark.parametrize(
    ("indicator", "dora", "sanma"),
    [
        ("9p", "1p", False),
        ("4z", "1z", False),
        ("7z", "5z", False),
        ("4f", "1f", False),
        ("1m", "9m", True),
        ("9m", "1m", True),
        ("9m", "1m", False),
        ("3s", "4s", False),
    ],
)
def test_dora_after_wraps_each_family(indicator: str, dora: str, sanma: bool) -> None:
    assert kind_name(dora_after(parse_kinds(indicator)[0], sanma=sanma)) == dora


def test_parse_reads_red_gold_pocchi_back_and_flowers() -> None:
    tiles = parse_tiles("0pg5sY9s0z3f")
    assert tiles == [
        Tile(Kind.P5, red=True),
        Tile(Kind.S5, gold=True),
        Tile(Kind.S5),
        Tile(Kind.S9, back=Back.YELLOW),
        Tile(Kind.WHITE, pocchi=True),
        Tile(Kind.AUTUMN),
    ]


def test_format_groups_runs_of_one_suit_and_back() -> None:
    assert format_tiles(parse_tiles("1p2p3pB4pB5p1z")) == "123pB45p1z"
    assert format_kinds([27, 0, 1]) == "12m1z"


def test_spaces_between_groups_are_ignored() -> None:
    assert parse_kinds("123m 456p") == parse_kinds("123m456p")


@pytest.mark.parametrize(
    ("text", "position", "char"),
    [
        ("12x3m", 2, "x"),
        ("123", 3, None),
        ("8z", 0, "8"),
        ("0f", 0, "0"),
        ("gz", 0, "g"),
        ("5f", 0, "5"),
        ("11m!", 3, "!"),
        ("BBm", 1, "B"),
    ],
)
def test_bad_notation_names_the_character_and_its_position(text: str, position: int, char: str | None) -> None:
    with pytest.raises(TileNotationError) as caught:
        parse_tiles(text)
    assert caught.value.position == position
    message = str(caught.value)
    assert f"position {position}" in message
    assert (repr(char) if char else "end of text") in message


def test_tile_rejects_impossible_attributes() -> None:
    with pytest.raises(ValueError, match="only fives"):
        Tile(Kind.P4, red=True)
    with pytest.raises(ValueError, match="ポッチ"):
        Tile(Kind.GREEN, pocchi=True)


tiles_strategy = st.builds(
    lambda kind, special, back: Tile(
        kind,
        red=special == "red" and kind in (Kind.M5, Kind.P5, Kind.S5),
        gold=special == "gold" and kind in (Kind.M5, Kind.P5, Kind.S5),
        pocchi=special == "pocchi" and kind == Kind.WHITE,
        back=back,
    ),
    st.integers(0, 37),
    st.sampled_from(["", "red", "gold", "pocchi"]),
    st.sampled_from([None, Back.BLUE, Back.YELLOW]),
)


@given(st.lists(tiles_strategy, max_size=30))
def test_format_then_parse_round_trips(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tiles


@given(st.lists(tiles_strategy, max_size=30))
def test_parse_then_format_is_canonical(tiles: list[Tile]) -> None:
    text = format_tiles(tiles)
    assert format_tiles(parse_tiles(text)) == text


# --- tile sets, each count taken from its seed --------------------------------------------------


def test_inage_112_tiles_31_kinds() -> None:
    tileset = inage_tileset()
    assert len(tileset) == seed_number(INAGE_SEED, r"\d+種・(\d+)枚となります")
    assert len(tileset.kinds()) == seed_number(INAGE_SEED, r"(\d+)種・\d+枚となります")
    copies = tileset.copies()
    removed = seed_number(INAGE_SEED, r"二〜八万の7種・(\d+)枚の牌をぬいて")
    assert sum(copies[Kind.M2 : Kind.M8 + 1]) == 0
    assert 136 - removed + 4 == len(tileset)
    assert [copies[k] for k in (Kind.SPRING, Kind.SUMMER, Kind.AUTUMN, Kind.WINTER)] == [1, 1, 1, 1]
    assert not any(tile.is_dora_five for tile in tileset.tiles)


def test_zuno_136_tiles_one_red_five_per_suit() -> None:
    text = seed_text(ZUNO_SEED)
    assert "赤それぞれ1枚" in text
    tileset = zuno_tileset()
    assert len(tileset) == 136
    reds = [tile.kind for tile in tileset.tiles if tile.red]
    assert sorted(reds) == [Kind.M5, Kind.P5, Kind.S5]


@pytest.mark.parametrize("suit", [Suit.PIN, Suit.SOU])
def test_chinitsu_108_tiles_18_kinds_active_suit_times_8(suit: Suit) -> None:
    tileset = chinitsu_tileset(suit)
    assert len(tileset) == seed_number(CHINITSU_SEED, r"\d+種(\d+)枚")
    assert len(tileset.kinds()) == seed_number(CHINITSU_SEED, r"(\d+)種\d+枚")
    per_number_tile = seed_number(CHINITSU_SEED, r"ピンズとソーズは一〜九を使用し、各(\d+)枚")
    per_other_tile = seed_number(CHINITSU_SEED, r"字牌は東南西北と白發中が各(\d+)枚")
    copies = tileset.copies()
    active = range(9, 18) if suit is Suit.PIN else range(18, 27)
    assert all(copies[kind] == per_number_tile for kind in active)
    assert all(copies[kind] == per_other_tile for kind in (Kind.M1, Kind.M9, *range(Kind.EAST, Kind.RED + 1)))
    fives = [tile for tile in tileset.tiles if tile.kind == active[4]]
    assert all(tile.red for tile in fives), "5の牌は全て赤"
    for kind in tileset.kinds():
        backs = [tile.back for tile in tileset.tiles if tile.kind == kind]
        assert backs.count(Back.BLUE) == backs.count(Back.YELLOW) == len(backs) // 2


def test_goto_124_tiles_with_flowers_north_and_black_black_red_gold() -> None:
    text = seed_text(GOTO_SEED)
    assert "5p5sは黒黒赤金" in text
    per_flower = seed_number(GOTO_SEED, r"北と華牌各種(\d+)枚ずつ")
    tileset = goto_tileset()
    copies = tileset.copies()
    assert copies[Kind.NORTH] == per_flower
    assert [copies[k] for k in range(Kind.SPRING, Kind.WINTER + 1)] == [per_flower] * 4
    assert len(tileset) == 108 + 4 * per_flower
    for five in (Kind.P5, Kind.S5):
        faces = [tile for tile in tileset.tiles if tile.kind == five]
        assert sorted((tile.red, tile.gold) for tile in faces) == [
            (False, False),
            (False, False),
            (False, True),
            (True, False),
        ]
    assert sum(tile.pocchi for tile in tileset.tiles) == 1
    assert sum(copies[Kind.M2 : Kind.M8 + 1]) == 0


def test_nishoku_100_tiles_without_manzu() -> None:
    tileset = nishoku_tileset()
    assert len(tileset) == seed_number(NISHOKU_SEED, r"マンズを抜いた(\d+)枚")
    assert sum(tileset.copies()[: Kind.M9 + 1]) == 0
    assert sorted(tile.kind for tile in tileset.tiles if tile.red) == [Kind.P5, Kind.S5]


def test_nishoku_red_count_is_a_table_setting() -> None:
    assert sum(tile.red for tile in nishoku_tileset(red_5p=2, red_5s=0).tiles) == 2
    with pytest.raises(ValueError, match="between 0 and 4"):
        nishoku_tileset(red_5p=5)
