"""Hand analysis: our shanten/agari against `mahjong` and `xiangting`, and a brute-force reference
for what they cannot do (8 copies, 11-tile hands, いなげ's kokushi and 五対子半)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import mahjong.agari
import mahjong.shanten
import pytest
import xiangting

from bot.engine import shapes
from bot.engine.shapes import (
    CHINITSU_KOKUSHI,
    FIVE_PAIRS_AND_A_HALF,
    INAGE_KOKUSHI,
    SEVEN_PAIRS_REPEATED,
    STANDARD,
    Group,
    PairsForm,
    Shape,
    ShapeRules,
    hand,
    pack,
    pack_counts,
    unpack,
)
from bot.engine.tiles import YAOCHU, Suit, format_kinds, parse_kinds
from bot.engine.variants.chinitsu.tiles import chinitsu_tileset
from bot.engine.variants.goto.tiles import goto_tileset
from bot.engine.variants.inage.tiles import inage_tileset
from tests.engine.reference import (
    kokushi_targets,
    pairs_targets,
    reference_shanten,
    reference_waits,
    regular_targets,
)

INAGE = ShapeRules(limits=inage_tileset().copies(), pairs=FIVE_PAIRS_AND_A_HALF, kokushi=INAGE_KOKUSHI)
CHINITSU = ShapeRules(limits=chinitsu_tileset(Suit.PIN).copies(), pairs=SEVEN_PAIRS_REPEATED, kokushi=CHINITSU_KOKUSHI)
SANMA = ShapeRules(limits=goto_tileset().copies()[:34] + (0,) * 4)


def random_hands(count: int, size: int, seed: int, wall: list[int]) -> list[list[int]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        counts = [0] * 34
        for kind in rng.sample(wall, size):
            counts[kind] += 1
        hands.append(counts)
    return hands


STANDARD_WALL = [kind for kind in range(34) for _ in range(4)]
SANMA_WALL = [kind for kind in range(34) if not 1 <= kind <= 7 for _ in range(4)]


# --- examples, in tile notation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        ("123m456p789s1122z", 0),
        ("123m456p789s11222z", -1),
        ("1122m3344p5566s7z", 0),
        ("19m19p19s1234567z", 0),
        ("119m19p19s123456z", 0),
        ("119m19p19s1234567z", -1),
        ("147m258p369s1234z", 6),
        ("13579m2468p1357s", 4),
    ],
)
def test_shanten_standard_examples(tiles: str, expected: int) -> None:
    assert STANDARD.shanten(hand(tiles)) == expected


def test_shanten_11111111p234567p_complete_with_8_copies() -> None:
    assert CHINITSU.shanten(hand("11111111p234567p")) == -1
    assert CHINITSU.is_agari(hand("11111111p234567p"))


def test_shanten_555555p123p789p1z_tenpai_with_8_copies() -> None:
    assert CHINITSU.shanten(hand("555555p123p789p1z")) == 0
    # The same shape in a 4-copy set needs two more fives that do not exist.
    assert STANDARD.regular_shanten(hand("5555p123p789p122s")) == 1


def test_chinitsu_5th_copy_wait_1111p_is_real_with_8_copies() -> None:
    board = hand("1111p234p567p789p")
    assert format_kinds(CHINITSU.waits(board, formal=False)) == "147p"
    assert format_kinds(STANDARD.waits(board, formal=False)) == "47p"


def test_seven_pairs_with_repeats_11112233445566p() -> None:
    assert CHINITSU.shanten(hand("11112233445566p")) == -1
    # Four of a kind is one pair of the usual 七対子, but two pairs where repeats are allowed.
    assert STANDARD.pairs_shanten(hand("1111m2233445566p")) == 1
    repeated = ShapeRules(pairs=SEVEN_PAIRS_REPEATED)
    assert repeated.pairs_shanten(hand("1111m2233445566p")) == -1


def test_inage_11_tile_123p456s789p11z_complete() -> None:
    assert INAGE.shanten(hand("123p456s789p11z")) == -1
    assert format_kinds(INAGE.waits(hand("123p456s789p1z"))) == "1z"


def test_inage_kokushi_119m19p19s1234z_complete() -> None:
    assert INAGE.kokushi_shanten(hand("119m19p19s1234z")) == -1
    assert INAGE.is_agari(hand("119m19p19s1234z"))
    assert not INAGE.is_agari(hand("1199m19p19s123z"))  # two pairs is not the いなげ kokushi


def test_inage_five_pairs_and_a_half_1133p5577s11z1f_complete_with_a_flower_single() -> None:
    assert INAGE.is_agari(hand("1133p5577s11z1f"))
    assert INAGE.pairs_shanten(hand("1133p5577s11z")) == 0
    assert len(INAGE.waits(hand("1133p5577s11z"))) == 31 - 5  # any other kind of the set


def test_inage_five_pairs_tenpai_1133p5577s1z2z_waits_on_both_singles() -> None:
    assert format_kinds(INAGE.waits(hand("1133p5577s1z2z"))) == "12z"


def test_inage_formal_wait_1111p234s567s_on_the_5th_copy() -> None:
    board = hand("1111p234s567s")
    assert format_kinds(INAGE.waits(board)) == "1p"
    assert INAGE.waits(board, formal=False) == []
    assert INAGE.is_tenpai(board)
    assert not INAGE.is_tenpai(board, formal=False)


def test_flowers_in_hand_are_dead_weight_for_sets() -> None:
    assert INAGE.regular_shanten(hand("123p456s789p1z1f")) == 0
    assert not INAGE.is_regular_agari(hand("123p456s789p1f1f"[:-2] + "1z"))


def test_nishoku_has_no_manzu_so_no_kokushi_or_manzu_waits() -> None:
    nishoku = ShapeRules(limits=(0,) * 9 + (4,) * 25, kokushi=None)
    assert nishoku.kokushi_shanten(hand("19p19s1234567z")) == shapes.INFINITE
    assert nishoku.waits(hand("123p456p789p123s5z")) == [parse_kinds("5z")[0]]


def test_sanma_cannot_wait_on_2m() -> None:
    board = hand("13m456p789p123s55z")
    assert STANDARD.shanten(board) == 0
    assert SANMA.regular_shanten(board) == 1


def test_decompositions_111222333m456p55z_has_both_readings() -> None:
    readings = STANDARD.decompositions(hand("111222333m456p55z"))
    assert len(readings) == 2
    assert {r.sets[:3] for r in readings} == {
        (Group(0, False), Group(1, False), Group(2, False)),
        (Group(0, True), Group(0, True), Group(0, True)),
    }
    assert all(r.pair == parse_kinds("5z")[0] and r.shape is Shape.REGULAR for r in readings)


def test_decompositions_22334455667788p_reads_as_pairs_and_as_sets() -> None:
    readings = STANDARD.decompositions(hand("22334455667788p"))
    shapes_found = Counter(r.shape for r in readings)
    assert shapes_found[Shape.PAIRS] == 1
    assert shapes_found[Shape.REGULAR] >= 2


def test_decompositions_reassemble_to_the_hand() -> None:
    rng = random.Random(5)
    for board in (hand("123456789p11122s"), hand("11122233344455s"), hand("12345678999m")):
        for reading in STANDARD.decompositions(board):
            kinds = [k for group in reading.sets for k in group.kinds()] + [reading.pair] * 2
            assert pack(kinds) == board
        rng.random()
    assert STANDARD.decompositions(hand("123m456p789s1123z")) == []


def test_ukeire_counts_live_copies_against_visible_tiles() -> None:
    board = hand("23m456p789s123s55z")
    visible = hand("1m1m4m")
    accepted = STANDARD.ukeire(board, visible)
    assert accepted == {0: 2, 3: 3}


def test_discard_options_prefer_the_isolated_honour() -> None:
    options = STANDARD.discard_options(hand("23m456p789s123s55z7z"))
    best = min(options, key=lambda option: (option[1], -option[2]))
    assert format_kinds([best[0]]) == "7z"


# --- cross-checks against the two oracles --------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", [13, 14])
def test_shanten_equals_mahjong_and_xiangting_on_10000_random_hands(size: int) -> None:
    mismatches = []
    for counts in random_hands(10_000, size, seed=size, wall=STANDARD_WALL):
        ours = STANDARD.shanten(pack_counts(counts))
        theirs = mahjong.shanten.Shanten.calculate_shanten(counts)
        rust = xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1
        if not ours == theirs == rust:
            mismatches.append((counts, ours, theirs, rust))
    assert mismatches == []


@pytest.mark.parametrize("size", [13, 14])
def test_sanma_shanten_equals_xiangting_three_player(size: int) -> None:
    for counts in random_hands(3000, size, seed=100 + size, wall=SANMA_WALL):
        rust = xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.THREE) - 1
        assert SANMA.shanten(pack_counts(counts)) == rust, counts


@pytest.mark.parametrize("size", [4, 7, 10, 11])
def test_short_hand_regular_shanten_equals_mahjong(size: int) -> None:
    for counts in random_hands(2000, size, seed=200 + size, wall=STANDARD_WALL):
        theirs = mahjong.shanten.Shanten.calculate_shanten_for_regular_hand(counts)
        assert STANDARD.regular_shanten(pack_counts(counts)) == theirs, counts


def complete_hands(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    hands: list[list[int]] = []
    while len(hands) < count:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for step in range(3):
                    counts[start + step] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            hands.append(counts)
    return hands


@pytest.mark.slow
def test_agari_equals_mahjong_on_10000_random_and_10000_complete_hands() -> None:
    hands = random_hands(10_000, 14, seed=3, wall=STANDARD_WALL) + complete_hands(10_000, seed=4)
    mismatches = [
        counts for counts in hands if STANDARD.is_agari(pack_counts(counts)) != mahjong.agari.Agari.is_agari(counts)
    ]
    assert mismatches == []
    assert sum(STANDARD.is_agari(pack_counts(c)) for c in hands) >= 10_000


# --- brute force where no oracle reaches ------------------------------------------------------------

SMALL_PIN_UNIVERSE = list(range(9, 18))
EIGHT_COPIES = tuple(8 if 9 <= kind < 18 else 0 for kind in range(38))


@pytest.mark.slow
@pytest.mark.parametrize("size", [7, 8, 10, 11])
def test_8_copy_single_suit_shanten_equals_brute_force(size: int) -> None:
    rules = ShapeRules(limits=EIGHT_COPIES, pairs=None, kokushi=None)
    targets = regular_targets(SMALL_PIN_UNIVERSE, EIGHT_COPIES, sets=size // 3)
    wall = [kind for kind in SMALL_PIN_UNIVERSE for _ in range(8)]
    for counts in random_hands(150, size, seed=300 + size, wall=wall):
        kinds = [k for k in range(34) for _ in range(counts[k])]
        assert rules.shanten(pack(kinds)) == reference_shanten(kinds, targets), format_kinds(kinds)


@pytest.mark.slow
def test_11_tile_hands_with_honours_equal_brute_force() -> None:
    universe = [*range(18, 27), 27, 31]
    limits = inage_tileset().copies()
    targets = regular_targets(universe, limits, sets=3)
    wall = [kind for kind in universe for _ in range(4)]
    for size in (10, 11):
        for counts in random_hands(120, size, seed=400 + size, wall=wall):
            kinds = [k for k in range(34) for _ in range(counts[k])]
            assert INAGE.regular_shanten(pack(kinds)) == reference_shanten(kinds, targets), format_kinds(kinds)


@pytest.mark.slow
def test_inage_kokushi_shanten_equals_brute_force() -> None:
    yaochu = sorted(k for k in range(34) if inage_tileset().copies()[k] and k in YAOCHU)
    targets = kokushi_targets(yaochu, size=11, distinct=10)
    wall = [kind for kind in yaochu for _ in range(4)] + [12, 13, 21, 22] * 2
    for size in (10, 11):
        for counts in random_hands(150, size, seed=500 + size, wall=wall):
            kinds = [k for k in range(34) for _ in range(counts[k])]
            assert INAGE.kokushi_shanten(pack(kinds)) == reference_shanten(kinds, targets), format_kinds(kinds)


def test_five_pairs_and_a_half_shanten_equals_brute_force() -> None:
    universe = [9, 10, 11, 12, 27, 28, 29]
    limits = inage_tileset().copies()
    targets = pairs_targets(universe, limits, pairs=5, singles=1)
    wall = [kind for kind in universe for _ in range(4)]
    for size in (10, 11):
        for counts in random_hands(150, size, seed=600 + size, wall=wall):
            kinds = [k for k in range(34) for _ in range(counts[k])]
            assert INAGE.pairs_shanten(pack(kinds)) == reference_shanten(kinds, targets), format_kinds(kinds)


SEVEN_PAIRS_TWO_DOUBLED = PairsForm("七対子", pairs=7, repeats=True, doubled=2)


def doubled_pairs_targets(kinds: list[int], limits: tuple[int, ...], doubled: int) -> list[Counter[int]]:
    """Seven pairs, a kind giving two of them for at most ``doubled`` kinds, within the limits."""
    targets = []
    for pair_kinds in itertools.combinations_with_replacement(kinds, 7):
        counts = Counter(pair_kinds)
        if max(counts.values()) <= 2 and sum(count == 2 for count in counts.values()) <= doubled:
            target = Counter({kind: 2 * count for kind, count in counts.items()})
            if all(count <= limits[kind] for kind, count in target.items()):
                targets.append(target)
    return targets


@pytest.mark.slow
def test_seven_pairs_two_doubled_11113333557799p_equals_brute_force() -> None:
    universe = [*range(9, 18), 27, 28]
    limits = tuple(8 if 9 <= kind < 18 else 4 if kind in (27, 28) else 0 for kind in range(38))
    rules = ShapeRules(limits=limits, pairs=SEVEN_PAIRS_TWO_DOUBLED, kokushi=None)
    assert rules.pairs_shanten(hand("11113333557799p")) == -1
    # A third kind used four times gives one pair: the other two 5p wait for a new kind.
    assert rules.pairs_shanten(hand("11113333555599p")) == 1
    targets = doubled_pairs_targets(universe, limits, doubled=2)
    wall = [kind for kind in universe for _ in range(limits[kind])]
    for size in (13, 14):
        for counts in random_hands(100, size, seed=800 + size, wall=wall):
            kinds = [k for k in range(34) for _ in range(counts[k])]
            assert rules.pairs_shanten(pack(kinds)) == reference_shanten(kinds, targets), format_kinds(kinds)


def test_doubled_needs_a_repeats_form_of_pairs_only() -> None:
    with pytest.raises(ValueError, match="doubled"):
        PairsForm("七対子", pairs=7, doubled=2)
    with pytest.raises(ValueError, match="doubled"):
        PairsForm("五対子半", pairs=5, singles=1, repeats=True, doubled=1)


@pytest.mark.slow
def test_formal_waits_equal_brute_force_including_the_5th_copy() -> None:
    universe = [18, 19, 20, 21, 22, 27]
    beyond_limits = (5,) * 38  # one more than exists: a formal wait may be on the 5th copy
    targets = regular_targets(universe, beyond_limits, sets=3)
    rules = ShapeRules(limits=inage_tileset().copies(), pairs=None, kokushi=None)
    wall = [kind for kind in universe for _ in range(4)]
    checked = 0
    for counts in random_hands(3000, 10, seed=700, wall=wall):
        kinds = [k for k in range(34) for _ in range(counts[k])]
        expected = reference_waits(kinds, targets) & set(universe)
        assert set(rules.waits(pack(kinds))) & set(universe) == expected, format_kinds(kinds)
        checked += bool(expected)
    assert checked > 50


def test_chinitsu_kokushi_needs_all_11_kinds() -> None:
    assert CHINITSU.kokushi_shanten(hand("19m19p1234567z111z")) == -1
    assert CHINITSU.kokushi_shanten(hand("19m19p1234567z11z")) == 0
    assert CHINITSU.kokushi_shanten(hand("19m1p1234567z1111z")) == 0


# --- the shipped table ---------------------------------------------------------------------------


@pytest.mark.slow
def test_shipped_suit_table_matches_the_dp_on_2000_blocks() -> None:
    table = shapes._block_table(shapes.STANDARD_SUIT_CAPS, True)
    rng = random.Random(11)
    keys = list(shapes.standard_suit_keys())
    assert len(table) >= len(keys) == 405_350
    for key, _tiles in rng.sample(keys, 2000):
        counts = unpack(key)[:9]
        expected = shapes.block_vector(counts, shapes.STANDARD_SUIT_CAPS, runs=True)
        assert shapes._vectors[table[key]] == expected, counts


@pytest.mark.slow
def test_shipped_suit_table_is_exactly_what_tablegen_writes() -> None:
    from importlib import resources

    from bot.engine.tablegen import generate_standard_suit_table

    shipped = resources.files("bot.engine.data").joinpath(shapes.SUIT_TABLE_FILE).read_bytes()
    assert generate_standard_suit_table() == shipped
