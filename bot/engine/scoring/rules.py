"""A variant's scoring rules (:class:`ScoringRules`: shapes, yaku, points table, fu and dora
rules, compiled once into the tables the scorer reads), the standard ones, and the prices of han
a CPU player sets on a hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.scoring.points import PointsTable, StandardPoints
from bot.engine.scoring.results import Payment
from bot.engine.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, ShapeRules
from bot.engine.tiles import NUM_KINDS, NUM_STANDARD_KINDS, Kind, dora_after
from bot.engine.yaku.fu import FuRules
from bot.engine.yaku.table import STANDARD_YAKU, YakuTable

__all__ = ["PRICED_HAN", "STANDARD_RULES", "ScoringRules", "han_prices"]


class _PaymentTable(dict[int, Payment]):
    """``han | fu << 8 | yakuman << 16 | dealer << 24 | tsumo << 25`` -> the points table's
    payment. A points table is a pure function of its arguments, so each is asked once."""

    def __init__(self, points: PointsTable, players: int, kiriage: bool) -> None:
        super().__init__()
        self.points = points
        self.players = players
        self.kiriage = kiriage

    def __missing__(self, key: int) -> Payment:
        han, fu, yakuman = key & 0xFF, key >> 8 & 0xFF, key >> 16 & 0xFF
        payment = self.points.payment(
            han,
            fu or None,
            yakuman,
            dealer=bool(key >> 24 & 1),
            tsumo=bool(key >> 25 & 1),
            players=self.players,
            kiriage=self.kiriage,
        )
        self[key] = payment
        return payment


class _PairFuTable(dict[int, tuple[int, ...]]):
    """``seat << 6 | round`` -> pair fu of every kind."""

    def __init__(self, fu: FuRules) -> None:
        super().__init__()
        self.fu = fu

    def __missing__(self, key: int) -> tuple[int, ...]:
        table = self.fu.pair_table(key >> 6, key & 0x3F)
        self[key] = table
        return table


@dataclass(frozen=True, eq=False)
class ScoringRules:
    """Everything a variant decides about scoring a win.

    ``shapes`` are the winning shapes, ``yaku`` the yaku table, ``points`` the points table.
    ``kiriage`` rounds 4 han 30 fu and 3 han 60 fu up to 満貫. ``players`` counts the winner
    and everyone who pays a tsumo. ``sanma_dora``: a 1m indicator points to 9m. ``red_dora``
    counts the context's red fives, ``ura_dora`` the ura indicators of a riichi hand.
    ``nuki_kind`` is the kind pulled as 抜きドラ: each pulled tile counts 1, plus whatever the
    indicators make that kind worth (None: pulled tiles count 1 each and nothing more).

    The other fields are compiled from these once, for the scorer: ``dora_shifts`` (per
    indicator, 4 × the kind it points to: that kind's field in a board), ``pair_fu`` (pair fu
    by seat and round wind), ``fu_additions`` (closed, tsumo -> the fu added to the sets' fu when
    they have some, and when they have none), ``payment_table`` (the points table's payments by han, fu, yakuman and
    situation), ``always_pairs`` (a pairs shape with lone tiles, tried on every board) and
    ``standard_special`` (plain 七対子 and 国士無双 over four copies of each kind).
    """

    shapes: ShapeRules = STANDARD
    yaku: YakuTable = STANDARD_YAKU
    points: PointsTable = field(default_factory=StandardPoints)
    fu: FuRules = field(default_factory=FuRules)
    kiriage: bool = False
    players: int = 4
    sanma_dora: bool = False
    red_dora: bool = True
    ura_dora: bool = True
    nuki_kind: int | None = Kind.NORTH
    dora_shifts: tuple[int, ...] = field(init=False, repr=False)
    pair_fu: _PairFuTable = field(init=False, repr=False)
    fu_additions: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False)
    payment_table: _PaymentTable = field(init=False, repr=False)
    always_pairs: bool = field(init=False, repr=False)
    standard_special: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # 4 × the kind each indicator points to: the shift of that kind's field in a board.
        dora4 = tuple(4 * dora_after(kind, sanma=self.sanma_dora) for kind in range(NUM_KINDS))
        object.__setattr__(self, "dora_shifts", dora4)
        object.__setattr__(self, "pair_fu", _PairFuTable(self.fu))
        additions = tuple(
            tuple(self.fu.additions(closed=bool(closed), tsumo=bool(tsumo)) for tsumo in (0, 1)) for closed in (0, 1)
        )
        object.__setattr__(self, "fu_additions", additions)
        object.__setattr__(self, "payment_table", _PaymentTable(self.points, self.players, self.kiriage))
        # A pairs shape with lone tiles (五対子半) may have odd counts, so it is always tried.
        object.__setattr__(self, "always_pairs", self.shapes.pairs is not None and self.shapes.pairs.singles > 0)
        # Plain 七対子 and 国士無双 over four copies of every kind read straight off the board.
        shapes = self.shapes
        standard_special = (
            shapes.pairs == SEVEN_PAIRS
            and shapes.kokushi == THIRTEEN_ORPHANS
            and all(limit == 4 for limit in shapes.limits[:NUM_STANDARD_KINDS])
        )
        object.__setattr__(self, "standard_special", standard_special)


STANDARD_RULES = ScoringRules()
"""Standard 4-player riichi: baseline B2-B4, open tanyao, red fives, no kiriage."""


PRICED_HAN = 13
"""The most han :func:`han_prices` prices (a 役満 or 数え役満 in most tables)."""


def han_prices(rules: ScoringRules) -> tuple[int, ...]:
    """What a non-dealer's ron is worth by han, from none to :data:`PRICED_HAN` (40 fu where
    the table counts fu): the price a CPU sets on a hand it is building.

    >>> han_prices(ScoringRules())[:6]
    (0, 1300, 2600, 5200, 8000, 8000)
    """
    points, players, kiriage = rules.points, rules.players, rules.kiriage
    ron = [
        points.payment(han, 40, 0, dealer=False, tsumo=False, players=players, kiriage=kiriage).ron
        for han in range(1, PRICED_HAN + 1)
    ]
    return (0, *ron)
