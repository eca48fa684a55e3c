"""A win: what the scorer is told of it (:meth:`Winning._win_context`, with the situational flags
of :meth:`Winning._situation`), what each payer owes for the hand, and the result cards and
records of a win or an exhaustive draw."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine.events import ExhaustiveDraw, Win
from bot.engine.scoring import HandScore
from bot.engine.shapes import add_tile
from bot.engine.table.accounting import TileAccounting
from bot.engine.table.base import SeatT, SettingsT
from bot.engine.table.claims import ClaimSource
from bot.engine.tiles import Kind
from bot.engine.views import DrawView, WinView, YakuLine
from bot.engine.yaku.context import WinContext

__all__ = ["Winning"]


class Winning(TileAccounting[SettingsT, SeatT]):
    """What a win is made of and worth to each payer, and how a hand's result is shown."""

    # --- hooks: when a win comes ------------------------------------------------------------------------

    def _last_draw(self) -> bool:
        """Whether the wall has no draw left: a tsumo now is 海底, a ron on a discard 河底."""
        return not self.wall.live

    def _replacement_draw(self, seat: int) -> bool:
        """Whether ``seat``'s drawn tile replaced a kan (嶺上開花); there are no kans by default."""
        return False

    def _first_turn(self, seat: int) -> bool:
        """Whether ``seat`` has not yet discarded in an uninterrupted first go-around (天和, 地和,
        人和); never, by default."""
        return False

    def _waiting_hand(self, seat: int) -> tuple[int, list[int]]:
        """The seat's hand as a ron would complete it: its board and its concealed tiles."""
        state = self.seats[seat]
        return state.board, list(state.concealed)

    # --- what the scorer is told ------------------------------------------------------------------------

    def _win_context(
        self,
        seat_index: int,
        tile: int,
        *,
        tsumo: bool,
        how: str,
        as_kind: int | None = None,
        ippatsu: bool | None = None,
        honba: int | None = None,
        flags: frozenset[str] = frozenset(),
    ) -> WinContext:
        """What the scorer needs to know of ``seat_index`` winning on ``tile`` (``how``: ``tsumo``
        or the claim source), or of a tile standing for ``as_kind`` (a wild tile, another wait):
        its hand (a ron completes :meth:`_waiting_hand`), melds, winds, riichi and 一発 (unless
        ``ippatsu`` says otherwise), indicators, the 北 it pulled, the table's honba (unless
        ``honba`` says otherwise), the variant's ``flags`` and the situation
        (:meth:`_situation`). Red fives are counted over the concealed tiles, the winning one
        included, and the melds."""
        seat = self.seats[seat_index]
        kind = self.kinds[tile] if as_kind is None else as_kind
        if tsumo:
            board, tiles = seat.board, list(seat.concealed)
            if as_kind is not None:
                board = add_tile(board - (1 << (4 * self.kinds[tile])), as_kind)
        else:
            board, tiles = self._waiting_hand(seat_index)
            board, tiles = add_tile(board, kind), [*tiles, tile]
        every = [*tiles, *(t for meld in seat.melds for t in meld.tiles)]
        wind = self.seat_wind(seat_index)
        ctx = WinContext(
            concealed=board,
            win_tile=kind,
            melds=tuple(seat.melds),
            tsumo=tsumo,
            seat_wind=Kind.EAST if wind is None else wind,
            round_wind=self.round_wind,
            dealer=seat_index == self.dealer,
            riichi=seat.riichi,
            double_riichi=seat.double_riichi,
            ippatsu=seat.riichi and seat.ippatsu if ippatsu is None else ippatsu,
            dora_indicators=tuple(self.kinds[indicator] for indicator in self.wall.dora),
            ura_indicators=tuple(self.kinds[indicator] for indicator in self.wall.ura[: self.wall.revealed]),
            red_dora=sum(self.tiles[t].red for t in every),
            nuki_dora=sum(self.kinds[t] == Kind.NORTH for t in seat.set_aside),
            honba=self.honba if honba is None else honba,
            flags=flags,
        )
        return self._situation(ctx, seat_index, how=how)

    def _situation(self, ctx: WinContext, seat: int, *, how: str) -> WinContext:
        """``ctx`` (``seat`` winning, ``how``: ``tsumo`` or the claim source) with the flags of the
        situational yaku, from :meth:`_last_draw`, :meth:`_replacement_draw` and
        :meth:`_first_turn`: 海底 on the last draw (not on a replacement tile), 河底 on the last
        discard, 嶺上開花, 搶槓 on an added kan, 天和 and 地和 on a tsumo in the first
        go-around. A variant overrides it for what it rules otherwise (人和, 海底 on a
        replacement tile)."""
        tsumo = ctx.tsumo
        last = self._last_draw()
        rinshan = tsumo and self._replacement_draw(seat)
        first = tsumo and self._first_turn(seat)
        return dataclasses.replace(
            ctx,
            haitei=tsumo and last and not rinshan,
            houtei=not tsumo and how == ClaimSource.DISCARD and last,
            rinshan=rinshan,
            chankan=how == ClaimSource.KAKAN,
            tenhou=first and ctx.dealer,
            chiihou=first and not ctx.dealer,
        )

    # --- what it is worth to each payer ---------------------------------------------------------------

    def _hand_owed(self, score: HandScore, payer: int, *, from_seat: int | None) -> int:
        """What ``payer`` owes for a win's hand, before honba, sticks and chips: on a ron the
        discarder the ron value and the others nothing; on a tsumo the dealer the dealer's share
        and every other seat theirs."""
        if from_seat is not None:
            return score.ron if payer == from_seat else 0
        return score.tsumo_dealer if payer == self.dealer else score.tsumo_non_dealer

    # --- result cards and records ---------------------------------------------------------------------

    def _win_card(
        self,
        winner: int,
        from_seat: int | None,
        hand: Iterable[int],
        tile: int,
        yaku: Sequence[YakuLine],
        *,
        han: int,
        points: int,
        point_changes: Sequence[int],
        limit: str = "",
        fu: int | None = None,
        **extra: Any,
    ) -> WinView:
        """A win's result card (``hand`` without the winning tile; ``extra``: indicators, chips)."""
        return WinView(
            variant=self.variant,
            round_label=self.round_label,
            winner=winner,
            from_seat=from_seat,
            hand=self._faces(self._sorted(hand)),
            win_tile=self.tiles[tile],
            melds=tuple(self._meld_view(meld) for meld in self.seats[winner].melds),
            yaku=tuple(yaku),
            han=han,
            fu=fu,
            points=points,
            point_changes=tuple(point_changes),
            limit_name=limit,
            **extra,
        )

    def _win_result(
        self,
        winner: int,
        from_seat: int | None,
        tile: int,
        hand: Sequence[int],
        yaku: Sequence[YakuLine],
        *,
        han: int,
        points: int,
        point_changes: Sequence[int],
        chip_changes: Sequence[int] = (),
        fu: int | None = None,
        yakuman: int = 0,
        limit: str = "",
        ura: Sequence[int] = (),
        whole: Sequence[int] | None = None,
        **card: Any,
    ) -> tuple[WinView, Win]:
        """A win's result card and its record, from the same facts: ``hand`` without the winning
        ``tile`` (``whole``: the hand the record keeps, by default the two together), the
        indicators face up and the ``ura`` shown; ``card``: what only the card shows (chips
        itemised, flips, dice)."""
        view = self._win_card(
            winner,
            from_seat,
            hand,
            tile,
            yaku,
            han=han,
            fu=fu,
            points=points,
            point_changes=point_changes,
            limit=limit,
            chip_changes=tuple(chip_changes),
            dora_indicators=self._faces(self.wall.dora),
            ura_indicators=self._faces(ura),
            **card,
        )
        record = Win(
            winner,
            from_seat,
            tile,
            tuple(self._sorted([*hand, tile] if whole is None else whole)),
            han,
            points,
            tuple(yaku),
            tuple(point_changes),
            chip_changes=tuple(chip_changes),
            fu=fu,
            yakuman=yakuman,
            limit=limit,
            ura_indicators=tuple(ura),
        )
        return view, record

    def _draw_card(
        self, tenpai: Sequence[bool], changes: Sequence[int], *, show_melds: bool = False, **extra: Any
    ) -> tuple[DrawView, ExhaustiveDraw]:
        """An exhaustive draw's card and record: tenpai hands shown, the others hidden, and every
        seat's melds where the variant shows them (``show_melds``)."""
        hands = tuple(
            tuple(self._sorted(seat.concealed)) if tenpai[index] else None for index, seat in enumerate(self.seats)
        )
        card = DrawView(
            variant=self.variant,
            round_label=self.round_label,
            tenpai=tuple(tenpai),
            hands=tuple(None if hand is None else self._faces(hand) for hand in hands),
            melds=tuple(
                tuple(self._meld_view(meld) for meld in seat.melds) if show_melds else () for seat in self.seats
            ),
            point_changes=tuple(changes),
            **extra,
        )
        return card, ExhaustiveDraw(tuple(tenpai), hands)
