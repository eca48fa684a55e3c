"""5等三麻's chips (spec §4.7, §4.2, §4.6 春) and dice (§4.8)."""

from __future__ import annotations

import random

import pytest

from bot.engine.variants.goto.chips import (
    ChipValues,
    WinFacts,
    chombo_chips,
    final_chips,
    final_order,
    placement_chips,
    spring_chips,
    tobi_chips,
    top_chips,
    win_chips,
)
from bot.engine.variants.goto.dice import (
    DiceFacts,
    DiceRun,
    SnakeEyes,
    dice_triggers,
    roll_dice,
)
from bot.engine.variants.goto.points import rank

# --- win chips ------------------------------------------------------------------------------------


def test_red_5p_1_gold_5s_2_each_from_the_discarder_on_a_ron() -> None:
    chips = win_chips(WinFacts(tsumo=False, red=2, gold=1))
    assert chips.to_json() == {"赤": 2, "金": 2}
    assert chips.per_payer() == {"discarder": 4, "other": 0}
    assert chips.total() == 4


def test_red_and_gold_in_an_open_hand_pon_555p_count_too() -> None:
    # 「鳴き祝儀」: the facts carry no closed flag at all; an open hand's red and gold count.
    assert win_chips(WinFacts(tsumo=True, red=1, gold=1)).per_payer() == {"each": 3}


def test_tsumo_items_from_each_opponent() -> None:
    chips = win_chips(WinFacts(tsumo=True, red=1, ippatsu=True, ura=2))
    assert chips.to_json() == {"赤": 1, "一発": 1, "裏ドラ": 2}
    assert chips.per_payer() == {"each": 4}
    assert chips.total() == 8


def test_north_1_each_and_4_north_4_chips_not_8() -> None:
    # 「4北抜くとドラ8扱い(祝儀は4枚)」
    assert win_chips(WinFacts(tsumo=False, north=3)).to_json() == {"北": 3}
    assert win_chips(WinFacts(tsumo=False, north=4)).to_json() == {"北": 4}


def test_ippatsu_1_and_ura_1_each() -> None:
    assert win_chips(WinFacts(tsumo=False, ippatsu=True, ura=3)).to_json() == {"一発": 1, "裏ドラ": 3}


def test_pocchi_tsumo_1() -> None:
    assert win_chips(WinFacts(tsumo=True, pocchi=True)).to_json() == {"白ポッチツモ": 1}


def test_soku_pocchi_3_plus_ippatsu_1_is_4_not_5() -> None:
    # 「即ポッチ→3枚(一発の1枚も複合するので実質4枚)」
    chips = win_chips(WinFacts(tsumo=True, pocchi=True, ippatsu=True))
    assert chips.to_json() == {"一発": 1, "即ポッチ": 3}
    assert chips.per_payer() == {"each": 4}


def test_alice_chips_tsumo_each_ron_discarder() -> None:
    assert win_chips(WinFacts(tsumo=True, alice=6)).per_payer() == {"each": 6}
    assert win_chips(WinFacts(tsumo=False, alice=6)).per_payer() == {"discarder": 6, "other": 0}


def test_below_sanbaiman_no_limit_chips_baiman_10_han() -> None:
    assert win_chips(WinFacts(tsumo=False, rank=rank(10, None, 0))).to_json() == {}


def test_sanbaiman_3_all_even_on_a_ron() -> None:
    chips = win_chips(WinFacts(tsumo=False, red=1, rank=rank(11, None, 0)))
    assert chips.to_json() == {"赤": 1, "三倍満": 3}
    assert chips.per_payer() == {"discarder": 4, "other": 3}
    assert chips.total() == 7


def test_yakuman_5_all_even_on_a_ron() -> None:
    chips = win_chips(WinFacts(tsumo=False, rank=rank(0, None, 1)))
    assert chips.per_payer() == {"discarder": 5, "other": 5}


def test_kazoe_16_han_riichi_tsumo_chinitsu_dora_8_is_7_all() -> None:
    # 「立直ツモメンチンドラ8は16翻なので16-14で2枚オールは7枚オール」
    chips = win_chips(WinFacts(tsumo=True, rank=rank(16, None, 0)))
    assert chips.to_json() == {"数え役満": 5, "14翻超え": 2}
    assert chips.per_payer() == {"each": 7}
    # The extra han are paid on a ron by both opponents too.
    assert win_chips(WinFacts(tsumo=False, rank=rank(16, None, 0))).per_payer() == {"discarder": 7, "other": 7}


def test_kazoe_16_han_with_summer_is_gobaiman_19_han_15_all() -> None:
    # 「仮に夏を抜いてたら3翻追加扱いで19翻は19-14で5枚オールは15枚オール」
    chips = win_chips(WinFacts(tsumo=True, rank=rank(16, None, 0, summers=1)))
    assert chips.to_json() == {"五倍満": 10, "14翻超え": 5}
    assert chips.per_payer() == {"each": 15}


def test_gobaiman_yakuman_plus_summer_10_all() -> None:
    chips = win_chips(WinFacts(tsumo=False, rank=rank(0, None, 1, summers=1)))
    assert chips.to_json() == {"五倍満": 10}
    assert chips.per_payer() == {"discarder": 10, "other": 10}


def test_double_yakuman_chips_doubled_10_all() -> None:
    assert win_chips(WinFacts(tsumo=False, rank=rank(0, None, 2))).to_json() == {"ダブル役満": 10}
    assert win_chips(WinFacts(tsumo=False, rank=rank(0, None, 2, summers=1))).to_json() == {"ダブル五倍満": 20}


def test_chip_values_are_settings() -> None:
    values = ChipValues(red=2, yakuman=10)
    assert win_chips(WinFacts(tsumo=True, red=1, rank=rank(0, None, 1)), values).per_payer() == {"each": 12}


# --- game chips ----------------------------------------------------------------------------------


def test_tobi_3_plus_1_per_full_10000_below_zero_and_exactly_0_continues() -> None:
    # 「-15,000点のトビは3枚+1枚で4枚」「0点ちょうどは続行」
    assert [tobi_chips(points) for points in (0, -100, -9_900, -10_000, -15_000, -20_000, -35_000)] == [
        0,
        3,
        3,
        4,
        4,
        5,
        6,
    ]


def test_top_80000_3_all_plus_1_per_full_10000_above() -> None:
    # 「100,000点トップの場合は3枚+2枚で5枚オール」
    assert [top_chips(points) for points in (79_900, 80_000, 89_900, 90_000, 100_000)] == [0, 3, 3, 4, 5]


def test_final_payout_2nd_40000_or_more_15_0_minus_15() -> None:
    assert placement_chips([40_000, 55_000, 10_000]) == [0, 15, -15]


def test_final_payout_2nd_below_40000_20_minus_5_minus_15() -> None:
    assert placement_chips([39_900, 55_000, 10_000]) == [-5, 20, -15]


def test_final_tie_goes_to_the_seat_nearer_the_starting_dealer() -> None:
    assert final_order([35_000, 35_000, 35_000], first_dealer=1) == [1, 2, 0]
    assert placement_chips([30_000, 45_000, 30_000], first_dealer=2) == [-15, 20, -5]


def test_final_chips_add_the_top_bonus_from_each_opponent() -> None:
    assert final_chips([100_000, 20_000, -15_000]) == [20 + 2 * 5, -5 - 5, -15 - 5]
    assert sum(final_chips([85_000, 41_000, -21_000])) == 0


def test_spring_pays_flowers_pulled_all_later_ones_included_win_or_not() -> None:
    # 「春: 華牌の枚数×1枚オール ※後引きも含む」: seat 0 holds 春 and pulled 3 flowers in all.
    assert spring_chips([1, 0, 0], [3, 0, 0]) == [6, -3, -3]
    # Two Springs of four flowers: 8 from each; seat 1's Spring of two flowers: 2 from each.
    assert spring_chips([2, 1, 0], [4, 2, 0]) == [16 - 2, 4 - 8, -8 - 2]


def test_chombo_5_all_from_the_offender() -> None:
    assert chombo_chips(0) == [-10, 5, 5]


# --- dice -----------------------------------------------------------------------------------------


def test_dice_one_roll_triggers_soku_pocchi_yakuman_all_star_4_north_4_flowers_gobaiman() -> None:
    facts = [
        DiceFacts(soku_pocchi=True),
        DiceFacts(yakuman=("四暗刻",)),
        DiceFacts(yakuman=("国士無双",)),
        DiceFacts(yakuman=("大三元",), closed=False),
        DiceFacts(yakuman=("国士無双十三面待ち",), furiten=True),
        DiceFacts(all_star=True),
        DiceFacts(north=4),
        DiceFacts(flowers=4),
        DiceFacts(gobaiman=True),
    ]
    assert [dice_triggers(fact).rolls for fact in facts] == [1] * len(facts)
    assert dice_triggers(DiceFacts(north=3, flowers=3)).rolls == 0


@pytest.mark.parametrize(
    "name", ["四暗刻単騎", "国士無双十三面待ち", "大三元", "天和", "地和", "人和", "小四喜", "清老頭", "緑一色"]
)
def test_dice_two_roll_yakuman(name: str) -> None:
    assert dice_triggers(DiceFacts(yakuman=(name,))).rolls == 2


@pytest.mark.parametrize("name", ["大四喜", "字一色", "四槓子", "九蓮宝燈", "純正九蓮宝燈"])
def test_dice_three_roll_yakuman(name: str) -> None:
    assert dice_triggers(DiceFacts(yakuman=(name,))).rolls == 3


def test_dice_stack_kokushi_with_summer_2_soku_po_all_star_suuankou_3() -> None:
    # 「国士無双×夏は2回、即ポ×門前オールスター×四暗刻は3回」
    assert dice_triggers(DiceFacts(yakuman=("国士無双",), gobaiman=True)).rolls == 2
    assert dice_triggers(DiceFacts(yakuman=("四暗刻",), soku_pocchi=True, all_star=True)).rolls == 3
    # A double yakuman stocks each yakuman's rolls: 字一色 3 + 大四喜 3.
    assert dice_triggers(DiceFacts(yakuman=("大四喜", "字一色"))).rolls == 6


def test_dice_4_north_4_flowers_jackpot_100_all_and_2_rolls() -> None:
    triggers = dice_triggers(DiceFacts(north=4, flowers=4))
    assert (triggers.rolls, triggers.jackpot, triggers.items) == (2, 100, (("4北4華", 2),))
    assert dice_triggers(DiceFacts(north=4)).jackpot == 0


def never(run: DiceRun) -> SnakeEyes:
    raise AssertionError("no snake eyes expected")


def test_dice_roll_pays_pip_total_2_5_is_7() -> None:
    # random.Random(1) throws (2, 5).
    run = roll_dice(random.Random(1), 1, never)
    assert [(thrown.dice, thrown.chips) for thrown in run.rolls] == [((2, 5), 7)]
    assert run.chips == 7


def test_dice_doubles_4_4_roll_again_then_1_3() -> None:
    # random.Random(0) throws (4, 4), (1, 3).
    run = roll_dice(random.Random(0), 1, never)
    assert [(thrown.dice, thrown.chips, thrown.stocked) for thrown in run.rolls] == [((4, 4), 8, 1), ((1, 3), 4, 0)]
    assert run.chips == 12


def test_dice_snake_eyes_1_1_two_chips_and_two_stocked_rolls() -> None:
    # random.Random(2) throws (1, 1), (1, 3), (2, 6).
    run = roll_dice(random.Random(2), 1, lambda run: SnakeEyes.TWO)
    assert [(thrown.dice, thrown.chips) for thrown in run.rolls] == [((1, 1), 2), ((1, 3), 4), ((2, 6), 8)]
    assert run.rolls[0].choice is SnakeEyes.TWO
    assert run.chips == 14


def test_dice_snake_eyes_1_1_twenty_chips_and_one_stocked_roll() -> None:
    run = roll_dice(random.Random(2), 1, lambda run: SnakeEyes.TWENTY)
    assert [(thrown.dice, thrown.chips) for thrown in run.rolls] == [((1, 1), 20), ((1, 3), 4)]
    assert run.chips == 24


def test_dice_snake_eyes_is_a_pending_choice_step_by_step() -> None:
    rng = random.Random(2)
    run = DiceRun(1).roll(rng)
    assert (run.pending, run.done, run.rolls) == ((1, 1), False, ())
    with pytest.raises(ValueError, match="choice"):
        run.roll(rng)
    run = run.choose(SnakeEyes.TWENTY)
    assert (run.stock, run.pending) == (1, None)
    run = run.roll(rng)
    assert run.done
    with pytest.raises(ValueError, match="no roll"):
        run.roll(rng)


def test_dice_replay_from_the_same_seed_rolls_the_same() -> None:
    for seed in range(50):
        first = roll_dice(random.Random(seed), 3, lambda run: SnakeEyes.TWO)
        again = roll_dice(random.Random(seed), 3, lambda run: SnakeEyes.TWO)
        assert first == again
        assert len(first.rolls) >= 3


def test_dice_zero_rolls_throw_nothing() -> None:
    rng = random.Random(5)
    state = rng.getstate()
    assert roll_dice(rng, 0, never) == DiceRun(0)
    assert rng.getstate() == state
