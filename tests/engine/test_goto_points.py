"""5等三麻's points (spec §4.5): every example row of the seed's 「点数計算」 and 「基本ルール」."""

from __future__ import annotations

import pytest

from bot.engine.scoring import StandardPoints
from bot.engine.variants.goto.points import (
    GotoPoints,
    Tier,
    honba_share,
    north_dora,
    noten_payments,
    rank,
    rank_payment,
)

TABLE = GotoPoints()
FOUR = StandardPoints()


def pay(
    han: int, fu: int | None = None, yakuman: int = 0, *, dealer: bool, tsumo: bool, summers: int = 0
) -> tuple[int, ...]:
    """(ron, from the dealer, from each child, total) of a win at the 3-player table."""
    paid = GotoPoints(summers=summers).payment(han, fu, yakuman, dealer=dealer, tsumo=tsumo, players=3, kiriage=False)
    return paid.ron, paid.tsumo_dealer, paid.tsumo_non_dealer, paid.total


def four_player(han: int, fu: int, *, dealer: bool) -> tuple[int, int]:
    """The 4-player tsumo shares (from a child, from the dealer; the dealer's tsumo: each)."""
    paid = FOUR.payment(han, fu, 0, dealer=dealer, tsumo=True, players=4, kiriage=False)
    return paid.tsumo_non_dealer, paid.tsumo_dealer


# 「子 満貫未満ツモ」: (han, fu) giving the 4-player row, the 4-player row, the 5等 row (child, dealer).
CHILD_TSUMO_ROWS = [
    (1, 30, (300, 500), (2_000, 2_000)),
    (1, 40, (400, 700), (2_000, 2_000)),
    (2, 30, (500, 1_000), (2_000, 2_000)),
    (2, 40, (700, 1_300), (2_000, 3_000)),
    (2, 50, (800, 1_600), (2_000, 3_000)),
    (3, 30, (1_000, 2_000), (2_000, 3_000)),
    (3, 40, (1_300, 2_600), (3_000, 4_000)),
    (3, 50, (1_600, 3_200), (3_000, 5_000)),
]
# 「親 満貫未満ツモ」: (han, fu), the 4-player ○ all, the 5等 ○ all.
DEALER_TSUMO_ROWS = [
    (1, 30, 500, 2_000),
    (1, 40, 700, 2_000),
    (2, 30, 1_000, 2_000),
    (2, 40, 1_300, 3_000),
    (2, 50, 1_600, 3_000),
    (3, 30, 2_000, 3_000),
    (3, 40, 2_600, 4_000),
    (3, 50, 3_200, 5_000),
]
# 「満貫ツモ 3,000-5,000 … 五倍満ツモ 11,000-21,000」 and 「満貫ツモ 5,000オール … 五倍満ツモ 21,000オール」:
# han (or yakuman, summers), name, child ron, child tsumo (child, dealer), dealer ron, dealer tsumo each.
LIMIT_ROWS = [
    (5, 0, 0, "満貫", 8_000, (3_000, 5_000), 12_000, 5_000),
    (6, 0, 0, "跳満", 12_000, (4_000, 7_000), 18_000, 7_000),
    (8, 0, 0, "倍満", 16_000, (5_000, 9_000), 24_000, 9_000),
    (11, 0, 0, "三倍満", 24_000, (7_000, 13_000), 36_000, 13_000),
    (14, 0, 0, "数え役満", 32_000, (9_000, 17_000), 48_000, 17_000),
    (0, 1, 0, "役満", 32_000, (9_000, 17_000), 48_000, 17_000),
    (0, 1, 1, "五倍満", 40_000, (11_000, 21_000), 60_000, 21_000),
    (14, 0, 1, "五倍満", 40_000, (11_000, 21_000), 60_000, 21_000),
]


@pytest.mark.parametrize(("han", "fu", "four", "goto"), CHILD_TSUMO_ROWS)
def test_child_tsumo_below_mangan_rounds_each_share_up_then_adds_1000(
    han: int, fu: int, four: tuple[int, int], goto: tuple[int, int]
) -> None:
    assert four_player(han, fu, dealer=False) == four
    child, dealer = goto
    assert pay(han, fu, dealer=False, tsumo=True) == (0, dealer, child, child + dealer)


@pytest.mark.parametrize(("han", "fu", "four", "goto"), DEALER_TSUMO_ROWS)
def test_dealer_tsumo_below_mangan_rounds_up_then_adds_1000_all(han: int, fu: int, four: int, goto: int) -> None:
    assert four_player(han, fu, dealer=True)[0] == four
    assert pay(han, fu, dealer=True, tsumo=True) == (0, 0, goto, 2 * goto)


def test_ron_5200_3_han_40_fu_rounds_up_to_6000() -> None:
    assert FOUR.payment(3, 40, 0, dealer=False, tsumo=False, players=4, kiriage=False).ron == 5_200
    assert pay(3, 40, dealer=False, tsumo=False) == (6_000, 0, 0, 6_000)
    # The dealer's 7,700 (3 han 40 fu) is 8,000; a child's 1,000 (1 han 30 fu) stays 1,000.
    assert pay(3, 40, dealer=True, tsumo=False)[0] == 8_000
    assert pay(1, 30, dealer=False, tsumo=False)[0] == 1_000


def test_seed_example_1300_2600_is_2000_3000_then_3000_4000() -> None:
    assert pay(3, 40, dealer=False, tsumo=True)[1:3] == (4_000, 3_000)


@pytest.mark.parametrize(
    ("han", "yakuman", "summers", "name", "child_ron", "child_tsumo", "dealer_ron", "dealer_tsumo"), LIMIT_ROWS
)
def test_limit_row_mangan_to_gobaiman(
    han: int,
    yakuman: int,
    summers: int,
    name: str,
    child_ron: int,
    child_tsumo: tuple[int, int],
    dealer_ron: int,
    dealer_tsumo: int,
) -> None:
    child, dealer = child_tsumo
    assert pay(han, None, yakuman, dealer=False, tsumo=False, summers=summers) == (child_ron, 0, 0, child_ron)
    assert pay(han, None, yakuman, dealer=False, tsumo=True, summers=summers) == (0, dealer, child, child + dealer)
    assert pay(han, None, yakuman, dealer=True, tsumo=False, summers=summers) == (dealer_ron, 0, 0, dealer_ron)
    assert pay(han, None, yakuman, dealer=True, tsumo=True, summers=summers) == (0, 0, dealer_tsumo, 2 * dealer_tsumo)
    paid = GotoPoints(summers=summers).payment(han, None, yakuman, dealer=False, tsumo=False, players=3, kiriage=False)
    assert paid.limit == name


def test_limit_han_bands_5_mangan_6_7_haneman_8_10_baiman_11_13_sanbaiman_14_kazoe() -> None:
    tiers = {han: rank(han, None, 0).tier for han in (5, 6, 7, 8, 10, 11, 12, 13, 14, 20)}
    assert tiers == {
        5: Tier.MANGAN,
        6: Tier.HANEMAN,
        7: Tier.HANEMAN,
        8: Tier.BAIMAN,
        10: Tier.BAIMAN,
        11: Tier.SANBAIMAN,
        12: Tier.SANBAIMAN,
        13: Tier.SANBAIMAN,
        14: Tier.YAKUMAN,
        20: Tier.YAKUMAN,
    }


def test_mangan_by_fu_4_han_40_fu_and_3_han_70_fu_and_4_han_30_fu_same_as_mangan() -> None:
    assert rank(4, 40, 0).tier is Tier.MANGAN
    assert rank(3, 70, 0).tier is Tier.MANGAN
    # 4 han 30 fu (7,700; 2,000-3,900) is below 満貫, but rounds to the same payments.
    assert rank(4, 30, 0).tier is Tier.BELOW
    assert pay(4, 30, dealer=False, tsumo=False) == pay(5, None, dealer=False, tsumo=False)
    assert pay(4, 30, dealer=False, tsumo=True) == pay(5, None, dealer=False, tsumo=True)
    assert pay(4, 30, dealer=True, tsumo=True) == pay(5, None, dealer=True, tsumo=True)


def test_han_above_14_pay_as_yakuman_and_count_extra_han_for_chips() -> None:
    for han in (14, 16, 20, 30):
        assert pay(han, dealer=False, tsumo=False)[0] == 32_000
        assert rank(han, None, 0).extra_han == han - 14
    assert rank(13, None, 0).extra_han == 0
    # A 本役満 has no extra han.
    assert rank(0, None, 1).extra_han == 0


def test_summer_below_mangan_adds_a_han_keeping_fu_2_han_40_fu_is_3_han_40_fu() -> None:
    assert rank(2, 40, 0, summers=1) == rank(3, 40, 0)
    assert pay(2, 40, dealer=False, tsumo=False, summers=1)[0] == 6_000
    # 3 han 60 fu (1,920 base) plus a han reaches 満貫.
    assert rank(3, 60, 0, summers=1).tier is Tier.MANGAN


def test_summer_raises_each_limit_one_row_mangan_to_haneman_yakuman_to_gobaiman() -> None:
    raised = {tier: rank(han, None, 0, summers=1).tier for tier, han in ((Tier.MANGAN, 5), (Tier.SANBAIMAN, 13))}
    assert raised == {Tier.MANGAN: Tier.HANEMAN, Tier.SANBAIMAN: Tier.YAKUMAN}
    assert rank(0, None, 1, summers=1).tier is Tier.GOBAIMAN


def test_summer_on_kazoe_16_han_counts_19_han_for_chips() -> None:
    # 「立直ツモメンチンドラ8は16翻…仮に夏を抜いてたら3翻追加扱いで19翻は19-14で5枚」
    assert rank(16, None, 0).extra_han == 2
    raised = rank(16, None, 0, summers=1)
    assert (raised.tier, raised.chip_han, raised.extra_han) == (Tier.GOBAIMAN, 19, 5)
    # 「例: 14翻は17翻」
    assert rank(14, None, 0, summers=1).chip_han == 17


def test_several_summers_stack_capped_at_gobaiman() -> None:
    assert rank(5, None, 0, summers=2).tier is Tier.BAIMAN
    assert rank(5, None, 0, summers=9).tier is Tier.GOBAIMAN
    assert rank(0, None, 1, summers=3).tier is Tier.GOBAIMAN
    # The cap: a second 夏 on a 数え役満 adds no more chip han.
    assert rank(14, None, 0, summers=2).chip_han == 17


def test_double_yakuman_64000_96000_tsumo_17000_33000_and_33000_all() -> None:
    assert pay(0, None, 2, dealer=False, tsumo=False) == (64_000, 0, 0, 64_000)
    assert pay(0, None, 2, dealer=False, tsumo=True) == (0, 33_000, 17_000, 50_000)
    assert pay(0, None, 2, dealer=True, tsumo=False) == (96_000, 0, 0, 96_000)
    assert pay(0, None, 2, dealer=True, tsumo=True) == (0, 0, 33_000, 66_000)


def test_limit_names_of_every_row_and_multiple_yakuman() -> None:
    names = [rank(han, None, 0).name for han in (5, 6, 8, 11, 14)]
    assert names == ["満貫", "跳満", "倍満", "三倍満", "数え役満"]
    assert rank(3, 30, 0).name == ""
    assert [rank(0, None, count).name for count in (1, 2, 3, 4)] == ["役満", "ダブル役満", "トリプル役満", "四倍役満"]
    assert [rank(0, None, count, summers=1).name for count in (1, 2)] == ["五倍満", "ダブル五倍満"]
    assert rank(15, None, 0, summers=1).name == "五倍満"


def test_double_yakuman_with_summer_pays_twice_gobaiman_80000() -> None:
    assert pay(0, None, 2, dealer=False, tsumo=False, summers=1)[0] == 80_000


def test_honba_2000_child_mangan_1_honba_tsumo_4000_6000_ron_10000() -> None:
    # 「子の満貫1本場はツモの場合3,000-5,000は4,000-6,000、ロンの場合8,000は10,000」
    mangan_tsumo = rank_payment(rank(5, None, 0), dealer=False, tsumo=True)
    share = honba_share(1, tsumo=True)
    assert (mangan_tsumo.tsumo_non_dealer + share, mangan_tsumo.tsumo_dealer + share) == (4_000, 6_000)
    assert rank_payment(rank(5, None, 0), dealer=False, tsumo=False).ron + honba_share(1, tsumo=False) == 10_000
    assert (TABLE.honba_ron, TABLE.honba_tsumo) == (2_000, 1_000)
    assert honba_share(3, tsumo=False) == 6_000


def test_noten_penalty_4000_to_the_field_one_or_two_tenpai() -> None:
    assert noten_payments([True, False, False]) == (4_000, -2_000, -2_000)
    assert noten_payments([False, True, True]) == (-4_000, 2_000, 2_000)
    assert noten_payments([True, True, True]) == (0, 0, 0)
    assert noten_payments([False, False, False]) == (0, 0, 0)


def test_four_north_pulled_count_8_dora() -> None:
    assert [north_dora(count) for count in range(5)] == [0, 1, 2, 3, 8]


def test_riichi_stick_1000() -> None:
    assert TABLE.deposit == 1_000
