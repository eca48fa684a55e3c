"""5等三麻's wins, chips, dice and the end of its hands and game.

:class:`GotoHand` is the half of :class:`~bot.engine.variants.goto.game.GotoGame` that settles
a hand. A win is settled in three steps. ``_win`` pays at once what the hand decides — the
points (rounded up, honba 2,000, deposits to the 上家 winner), the chips of §4.7 (Alice run
here), 4北4華's jackpot, トビ, and every seat's 春 — and keeps a :class:`Settlement`. Then the
winners roll their dice one roll at a time (``_apply_dice``, phase ``dice``), each roll paid as
it lands. Last, ``_finish_hand`` reports the cards and ``_end_hand`` moves the dealership; at
オーラス a winning dealer first chooses to stop or play on (phase ``stop``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bot.engine.events import Win
from bot.engine.game import Action, Decision
from bot.engine.scoring import HandScore
from bot.engine.shapes import add_tile, count_of
from bot.engine.table import Seat, TurnGame, split_noten_penalty
from bot.engine.table.turns import Phase
from bot.engine.tiles import Kind, kind_name
from bot.engine.variants.goto.actions import RollDice, SnakeEyesTwenty, SnakeEyesTwo
from bot.engine.variants.goto.alice import alice
from bot.engine.variants.goto.assess import (
    Seasons,
    WinAssessment,
    assess_win,
    chip_values,
    effective_summers,
)
from bot.engine.variants.goto.chips import final_chips, spring_chips, tobi_chips
from bot.engine.variants.goto.dice import DiceRun, SnakeEyes
from bot.engine.variants.goto.points import honba_share
from bot.engine.variants.goto.settings import GotoSettings
from bot.engine.variants.goto.yaku import OPEN_RIICHI, GotoScorer
from bot.engine.views import ChipItem, DiceLine, FlipLine, WinView, YakuLine
from bot.engine.yaku.context import WinContext

__all__ = ["GotoHand", "GotoPhase", "GotoSeat", "PendingWin", "Settlement"]

PLAYERS = 3
SEAT_NAMES = ("東家", "南家", "西家")
"""From the dealer round the table (three players: no North seat)."""


class GotoPhase:
    """The phases 5等 adds to the turn cycle's (public view names)."""

    DICE = "dice"
    """The winner rolls the dice (🎲)."""
    STOP = "stop"
    """オーラス: the dealer who won decides whether to stop."""


def _value(result: WinAssessment) -> tuple[int, int]:
    return result.score.total, result.chips.total()


@dataclass
class PendingWin:
    """One winner's part of a settlement, kept until its dice are rolled and the card is built."""

    winner: int
    from_seat: int | None
    tile: int
    as_kind: int | None
    hand: tuple[int, ...]
    score: HandScore
    limit: str
    points: list[int]
    chips: list[int]
    items: list[tuple[str, int]]
    flip_name: str = ""
    flips: tuple[tuple[int, int, int, bool], ...] = ()
    """(tile id, matches, chips from each payer, stocked) per flip."""
    run: DiceRun | None = None
    dice: list[tuple[tuple[int, int], int, str]] = field(default_factory=list)
    ura: tuple[int, ...] = ()
    doubled: bool = False
    """シュバリー: the chips this winner receives count double (Spring aside)."""
    summers: int = 0
    """The 夏 that raised the score (「夏: 和了時点数1ランクアップ」), shown on the card."""
    han: int | None = None
    """The han paid for, 夏's included (None: the score's own)."""


@dataclass
class Settlement:
    """A hand's wins (or 流し) while their dice are rolled."""

    wins: list[PendingWin]
    dealer_won: bool
    drawn: bool = False
    springs: list[ChipItem] = field(default_factory=list)


Flips = tuple[tuple[int, int, int, bool], ...]
"""(tile id, matches, chips from each payer, stocked) per flip of a winner's Alice."""


@dataclass
class GotoSeat(Seat):
    open_riichi: bool = False
    open_waits: tuple[int, ...] = ()
    """The waits shown by an open riichi (kinds), fixed when it was declared."""
    shubarii: bool = False
    """This hand's riichi is シュバリー: chips received count double (Spring aside)."""
    flowers: list[int] = field(default_factory=list)
    """The flowers pulled this hand (kinds), in order; 北 are the rest of ``set_aside``."""


class GotoHand(TurnGame[GotoSettings, GotoSeat]):
    """How a 5等三麻 hand is won, paid and ended, with its dice and オーラス stop, and when the
    game is over."""

    scorer: GotoScorer
    """The table's scorer for a winner without 夏 (:func:`~bot.engine.variants.goto.assess.goto_scorer`)."""
    round_hand: int
    """0–2: 東1局 … 東3局; then 南, and on (GTS-A11)."""
    south_entered: bool
    """南入 has happened: from then on 40,000 ends the game at once, in every wind round after
    South too (West, North, East again: sudden death)."""
    settlement: Settlement | None
    """A hand's wins while the dice are being rolled and the dealer decides (else None)."""

    def seat_name(self, seat: int) -> str:
        """東家, 南家 or 西家: how the engine's own texts name a seat (the runtime has the names)."""
        return SEAT_NAMES[(seat - self.dealer) % PLAYERS]

    @property
    def oorasu(self) -> bool:
        """The wind round's last hand (東3局, 南3局, …)."""
        return self.round_hand == PLAYERS - 1

    def pocchi_drawn(self, seat_index: int) -> bool:
        """A riichi seat drew a 白ポッチ: a wild tsumo (「立直後白ポッチ」)."""
        seat = self.seats[seat_index]
        return seat.riichi and seat.drawn is not None and self.tiles[seat.drawn].pocchi

    def is_tenpai(self, seat_index: int, board: int) -> bool:
        """Tenpai as 5等 counts it (riichi, the draw): a hand holding 北 waits only on what makes it
        a 国士無双, 小四喜 or 大四喜, the one hands that may keep it (「北は…手牌使用禁止」)."""
        waits = self.shapes.waits(board)
        if not count_of(board, Kind.NORTH):
            return bool(waits)
        return any(self._keeps_north(seat_index, add_tile(board, kind), kind) for kind in waits)

    # --- what a win is worth ----------------------------------------------------------------------------

    def _seasons(self, seat: int) -> Seasons:
        """The seasons ``seat`` holds as a winner: the flowers it pulled, and (GTS-A13) flowers shown
        as dora indicators, and as ura indicators for a riichi winner (「表ドラ、裏ドラに華牌がめくれると、
        和了った人に効果発動」)."""
        state = self.seats[seat]
        kinds = list(state.flowers)
        if self.settings.flower_indicators:
            shown = list(self.wall.dora)
            if state.riichi:
                shown += self.wall.ura[: self.wall.revealed]
            kinds += [self.kinds[tile] for tile in shown if self.kinds[tile] >= Kind.SPRING]
        return Seasons(
            spring=kinds.count(Kind.SPRING),
            summer=kinds.count(Kind.SUMMER),
            autumn=kinds.count(Kind.AUTUMN),
            winter=kinds.count(Kind.WINTER),
            pulled=len(state.flowers),
            pulled_seasons=len(set(state.flowers)),
        )

    def _win_tiles(self, seat: int, tile: int, *, tsumo: bool) -> list[int]:
        """Every tile of the winning hand: concealed (the winning one included) and melded."""
        state = self.seats[seat]
        concealed = list(state.concealed) if tsumo else [*state.concealed, tile]
        return [*concealed, *(t for meld in state.melds for t in meld.tiles)]

    def _situation(self, ctx: WinContext, seat: int, *, how: str) -> WinContext:
        # 「人和」 (a 役満 here): a ron before the seat's first discard, in an uncalled first go-around.
        renhou = not ctx.tsumo and self._first_turn(seat) and not ctx.dealer
        return replace(super()._situation(ctx, seat, how=how), renhou=renhou)

    def _context(self, seat: int, tile: int, *, tsumo: bool, how: str, as_kind: int | None = None) -> WinContext:
        """The situation of ``seat`` winning on ``tile`` (a 白ポッチ standing for ``as_kind``)."""
        flags = frozenset({OPEN_RIICHI}) if self.seats[seat].open_riichi else frozenset()
        ctx = self._win_context(seat, tile, tsumo=tsumo, how=how, as_kind=as_kind, flags=flags)
        # 「黒黒赤金」: a gold five is a dora as the red one is (the table counts the red alone).
        gold = sum(self.tiles[t].gold for t in self._win_tiles(seat, tile, tsumo=tsumo))
        return replace(ctx, red_dora=ctx.red_dora + gold)

    def _assess(
        self, seat: int, tile: int, *, tsumo: bool, how: str, as_kind: int | None = None, alice_chips: int = 0
    ) -> WinAssessment | None:
        ctx = self._context(seat, tile, tsumo=tsumo, how=how, as_kind=as_kind)
        tiles = self._win_tiles(seat, tile, tsumo=tsumo)
        result = assess_win(
            ctx,
            self.settings,
            seasons=self._seasons(seat),
            red=sum(self.tiles[t].red for t in tiles),
            gold=sum(self.tiles[t].gold for t in tiles),
            pocchi=as_kind is not None,
            alice=alice_chips,
            furiten=self._furiten(seat, self.shapes.waits(self._rest(seat, tile, tsumo=tsumo))),
        )
        return result if isinstance(result, WinAssessment) else None

    def _rest(self, seat: int, tile: int, *, tsumo: bool) -> int:
        board = self.seats[seat].board
        return board - (1 << (4 * self.kinds[tile])) if tsumo else board

    def _best_tsumo(self, seat: int) -> tuple[int | None, WinAssessment] | None:
        """The seat's tsumo on its drawn tile, or None: the tile as it is, or — for a riichi seat
        that drew 白ポッチ — the wait it stands for that is worth the most (高め: points, then chips;
        never a fifth copy of a kind)."""
        state = self.seats[seat]
        tile = state.drawn
        assert tile is not None
        options: list[tuple[int | None, WinAssessment]] = []
        if self.shapes.is_agari(state.board) and not self.pocchi_drawn(seat):
            natural = self._assess(seat, tile, tsumo=True, how="tsumo")
            if natural is not None:
                options.append((None, natural))
        if self.pocchi_drawn(seat):
            rest = self._rest(seat, tile, tsumo=True)
            for kind in self.shapes.waits(rest):
                if count_of(rest, kind) >= 4:
                    continue
                wild = self._assess(seat, tile, tsumo=True, how="tsumo", as_kind=kind)
                if wild is not None:
                    options.append((kind, wild))
        if not options:
            return None
        return max(options, key=lambda option: _value(option[1]))

    def _keeps_north(self, seat: int, board: int, kind: int) -> bool:
        """Whether ``seat``'s hand holding 北, completed by ``kind`` into ``board``, may keep its 北: only
        as 国士無双, 小四喜 or 大四喜 (「北は…国士無双と小四喜・大四喜以外では手牌使用禁止」). A closed tsumo
        always has a yaku, so the scorer refuses it for the 北 alone."""
        ctx = WinContext(board, kind, melds=tuple(self.seats[seat].melds), tsumo=True)
        return isinstance(self.scorer.evaluate(ctx), HandScore)

    def _ron_score(self, seat: int, tile: int, *, how: str) -> WinAssessment | None:
        """The seat's ron on ``tile``, or None (no yaku, 北 in a hand that may not hold it)."""
        if not self.shapes.is_agari(add_tile(self.seats[seat].board, self.kinds[tile])):
            return None
        return self._assess(seat, tile, tsumo=False, how=how)

    def _pocchi_note(self, seat: int) -> str:
        """What a riichi seat's drawn 白ポッチ stands for."""
        if self.phase != Phase.TURN or self.turn != seat or not self.pocchi_drawn(seat):
            return ""
        best = self._best_tsumo(seat)
        if best is None or best[0] is None:
            return ""
        return f"白ポッチ: tsumo as {kind_name(best[0])} (高め)"

    # --- the settlement ------------------------------------------------------------------------------------

    def _flip_sequence(self, winner: int) -> list[int]:
        """§4.6 (GTS-A15): the dead-wall tiles where the next kan indicators would go, the rest of
        the dead wall (replacement tiles in draw order, the ura nobody has seen), then the live wall
        from its end."""
        wall = self.wall
        shown_ura = wall.revealed if self.seats[winner].riichi else 0
        return [*wall.indicators[wall.revealed :], *wall.rinshan[::-1], *wall.ura[shown_ura:], *wall.live]

    def _run_alice(self, winner: int, tile: int, *, tsumo: bool, pocchi: bool) -> tuple[str, Flips, int]:
        """冬 at the win: アリス, or 半チューリップ after 即ツモ or a 白ポッチ tsumo (stocked on 即ポ)."""
        state = self.seats[winner]
        if not self._seasons(winner).winter or not self.settings.chips:
            return "", (), 0
        board = 0
        for t in self._win_tiles(winner, tile, tsumo=tsumo):
            board = add_tile(board, self.kinds[t])
        ippatsu_tsumo = tsumo and state.riichi and state.ippatsu
        half = self.settings.half_tulip and tsumo and (ippatsu_tsumo or pocchi)
        stock = self.settings.soku_pocchi_stock if half and pocchi and ippatsu_tsumo else 0
        sequence = self._flip_sequence(winner)
        run = alice(board, [self.kinds[t] for t in sequence], closed=state.closed, half_tulip=half, stock=stock)
        flips = tuple((sequence[flip.position], flip.matches, flip.chips, flip.stocked) for flip in run.flips)
        return run.name, flips, run.chips

    def _win(self, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
        """Pay the winners (the 上家 first on a double ron), then roll their dice or end the hand."""
        tsumo = from_seat is None
        planned: list[tuple[int, int | None, WinAssessment, tuple[str, Flips, int]]] = []
        for winner in winners:
            as_kind: int | None = None
            pocchi = False
            if tsumo:
                best = self._best_tsumo(winner)
                assert best is not None  # only wins that score are offered
                as_kind = best[0]
                pocchi = self.pocchi_drawn(winner)
            flip = self._run_alice(winner, tile, tsumo=tsumo, pocchi=pocchi)
            result = self._assess(winner, tile, tsumo=tsumo, how=how, as_kind=as_kind, alice_chips=flip[2])
            assert result is not None
            planned.append((winner, as_kind, result, flip))
        if from_seat is not None:
            # 北 pulled and ronned (``nuki_ron``) leaves the set-aside tiles, not the hand.
            self._take_claimed(winners[0], from_seat, tile, how)
        settlement = Settlement([], dealer_won=self.dealer in winners)
        for number, (winner, as_kind, result, flip) in enumerate(planned):
            settlement.wins.append(self._pay_win(winner, from_seat, tile, as_kind, result, flip, first=number == 0))
        self._pay_tobi(settlement.wins[0])
        settlement.springs = self._pay_springs(settlement)
        self.settlement = settlement
        self._next_roll_or_finish()

    def _pay_win(
        self,
        winner: int,
        from_seat: int | None,
        tile: int,
        as_kind: int | None,
        result: WinAssessment,
        flip: tuple[str, Flips, int],
        *,
        first: bool,
    ) -> PendingWin:
        """One winner's points and chips: honba to every winner (「本場は両方に払う」), the deposits to
        the first (「供託…上家取り」), chips ×2 for a シュバリー."""
        score = result.score
        state = self.seats[winner]
        doubled = state.shubarii
        factor = 2 if doubled else 1
        points = [0] * PLAYERS
        chips = [0] * PLAYERS
        items: dict[str, int] = {}
        for payer in range(PLAYERS):
            if payer == winner:
                continue
            owed = self._hand_owed(score, payer, from_seat=from_seat)
            if from_seat is None or payer == from_seat:
                owed += honba_share(self.honba, tsumo=from_seat is None, per_honba=self.settings.honba_points)
            points[payer] -= owed
            points[winner] += owed
            payer_items = list(result.chips.from_all)
            if from_seat is None or payer == from_seat:
                payer_items = list(result.chips.from_payer) + payer_items
            if result.dice.jackpot:
                payer_items.append(("4北4華", result.dice.jackpot))
            for name, count in payer_items:
                chips[payer] -= count * factor
                chips[winner] += count * factor
                items[name] = items.get(name, 0) + count * factor
        if first:
            points[winner] += self.ledger.release()
        self.ledger.pay(points, chips)
        held = tuple(t for t in state.concealed if t != tile)
        rolls = result.dice.rolls if self.settings.dice and self.settings.chips else 0
        summers = effective_summers(self.settings, self._seasons(winner).summer)
        return PendingWin(
            winner=winner,
            from_seat=from_seat,
            tile=tile,
            as_kind=as_kind,
            hand=held,
            score=score,
            limit=result.rank.name,
            points=points,
            chips=chips,
            items=list(items.items()),
            flip_name=flip[0],
            flips=flip[1],
            run=DiceRun(rolls) if rolls else None,
            ura=tuple(self.wall.ura[: self.wall.revealed]) if state.riichi else (),
            doubled=doubled,
            summers=summers,
            # Below 満貫 each 夏 adds a han (「満貫以下は1飜増し」); a limit goes up a row instead.
            han=max(result.rank.han, score.han),
        )

    def _pay_tobi(self, first: PendingWin) -> None:
        """「トビ→3枚」 (+1 a full 10,000 below 0), from each busted seat to the 上家 winner (「トビ賞は
        上家取り」); exactly 0 is no bust."""
        if not self.settings.chips:
            return
        values = chip_values(self.settings)
        for seat in range(PLAYERS):
            owed = tobi_chips(self.points[seat], values) * (2 if first.doubled else 1)
            if seat == first.winner or not owed:
                continue
            change = [0] * PLAYERS
            change[seat], change[first.winner] = -owed, owed
            self.ledger.pay((), change)
            first.chips[seat] -= owed
            first.chips[first.winner] += owed
            first.items.append(("トビ", owed))

    def _pay_springs(self, settlement: Settlement) -> list[ChipItem]:
        """「春: 華牌の枚数×1枚オール ※後引きも含む」 at the end of every hand, win or not (GTS-A3 on),
        else only for a winner; a winner also counts the 春 shown as an indicator (GTS-A13)."""
        if not self.settings.chips:
            return []
        winners = {win.winner for win in settlement.wins}
        springs = []
        for seat in range(PLAYERS):
            if seat in winners:
                springs.append(self._seasons(seat).spring)
            elif self.settings.spring_without_win:
                springs.append(self.seats[seat].flowers.count(Kind.SPRING))
            else:
                springs.append(0)
        flowers = [len(state.flowers) for state in self.seats]
        change = spring_chips(springs, flowers)
        if not any(change):
            return []
        self.ledger.pay((), change)
        return [ChipItem("春", change[seat], seat) for seat in range(PLAYERS) if change[seat] > 0]

    # --- the dice --------------------------------------------------------------------------------------------

    def _rolling(self) -> PendingWin | None:
        settlement = self.settlement
        if settlement is None:
            return None
        return next((win for win in settlement.wins if win.run is not None and not win.run.done), None)

    def _next_roll_or_finish(self) -> None:
        if self._rolling() is not None:
            self.phase = GotoPhase.DICE
        else:
            self._finish_hand()

    def _dice_decision(self) -> Decision:
        """The winner's next roll, or its choice on ピンゾロ (a timeout takes the 20 chips)."""
        win = self._rolling()
        assert win is not None
        assert win.run is not None
        if win.run.pending is not None:
            twenty, two = SnakeEyesTwenty(win.winner), SnakeEyesTwo(win.winner)
            return Decision(win.winner, (twenty, two), twenty)
        roll = RollDice(win.winner)
        return Decision(win.winner, (roll,), roll)

    def _dice_rng(self, win: PendingWin) -> random.Random:
        """Each roll from the game's seed, the hand and the roll's number: a replay rolls the same."""
        assert win.run is not None
        return random.Random(f"goto:{self.seed}:dice:{self.hand_index}:{win.winner}:{len(win.run.rolls)}")

    def _apply_dice(self, action: Action) -> None:
        """Throw the roll (or take the ピンゾロ choice) and pay it from each opponent at once."""
        win = self._rolling()
        assert win is not None
        assert win.run is not None
        before = len(win.run.rolls)
        if isinstance(action, RollDice):
            win.run = win.run.roll(self._dice_rng(win))
        else:
            win.run = win.run.choose(SnakeEyes.TWO if isinstance(action, SnakeEyesTwo) else SnakeEyes.TWENTY)
        for thrown in win.run.rolls[before:]:
            each = thrown.chips * (2 if win.doubled else 1)
            change = [0] * PLAYERS
            for payer in range(PLAYERS):
                if payer != win.winner:
                    change[payer] -= each
                    change[win.winner] += each
            self.ledger.pay((), change)
            win.chips = [mine + extra for mine, extra in zip(win.chips, change, strict=True)]
            note = ""
            if thrown.choice is not None:
                note = f"ピンゾロ: {thrown.choice.value}"
            elif thrown.stocked:
                note = "ゾロ目: もう1回"
            win.dice.append((thrown.dice, each, note))
        self._next_roll_or_finish()

    def _dice_note(self) -> str:
        """The table's line while dice are rolled: the last roll and what is left."""
        win = self._rolling()
        if self.phase != GotoPhase.DICE or win is None or win.run is None:
            return ""
        name = self.seat_name(win.winner)
        last = ""
        if win.dice:
            (first, second), each, note = win.dice[-1]
            last = f" · {first}+{second} → {each}枚オール" + (f" ({note})" if note else "")
        if win.run.pending is not None:
            return f"🎲 {name}: ピンゾロ! 2枚+2回 or 20枚+1回{last}"
        return f"🎲 {name}: {win.run.stock} roll(s) to throw{last}"

    # --- the end of a hand ------------------------------------------------------------------------------------

    def _finish_hand(self) -> None:
        """Build the cards of the settled wins and end the hand."""
        settlement = self.settlement
        assert settlement is not None
        cards: list[WinView] = []
        records: list[Win] = []
        for number, win in enumerate(settlement.wins):
            # 春 is the hand's, not a win's: listed once, on the first card.
            card, record = self._card(win, settlement.springs if number == 0 else ())
            cards.append(card)
            records.append(record)
        self._hand_ended(cards, wins=records)
        self.settlement = None
        self._end_hand(dealer_won=settlement.dealer_won, drawn=settlement.drawn)

    def _card(self, win: PendingWin, springs: Sequence[ChipItem]) -> tuple[WinView, Win]:
        score = win.score
        yaku = score.lines()
        han = score.han if win.han is None else win.han
        if win.summers:
            detail = "1ランクアップ" + (f" ×{win.summers}" if win.summers > 1 else "")
            yaku = (*yaku, YakuLine("夏", "Summer", han - score.han, detail=detail))
        if win.as_kind is not None:
            yaku = (*yaku, YakuLine("白ポッチ", "Pocchi", 0, detail=f"→ {kind_name(win.as_kind)}"))
        items = [ChipItem(name, count) for name, count in win.items]
        return self._win_result(
            win.winner,
            win.from_seat,
            win.tile,
            win.hand,
            yaku,
            han=han,
            fu=score.fu,
            yakuman=score.yakuman,
            points=win.points[win.winner],
            point_changes=win.points,
            chip_changes=win.chips,
            limit=win.limit,
            ura=win.ura,
            chip_items=(*items, *springs),
            flip_name=win.flip_name,
            flips=tuple(FlipLine(self.tiles[t], matches, chips, stocked) for t, matches, chips, stocked in win.flips),
            dice=tuple(DiceLine(dice, chips, note) for dice, chips, note in win.dice),
        )

    def _exhaustive_draw(self) -> None:
        """An exhaustive draw: 流し (a 役満 tsumo, 5 chips all and a roll) for every seat whose
        discards are all yaochū and uncalled, else 「ノーテン罰符は場に4,000点」; 春 either way."""
        nagashi = [seat for seat in range(PLAYERS) if self.is_yaochu_river(seat)]
        if nagashi:
            self._settle_nagashi(nagashi)
            return
        tenpai = [self.is_tenpai(seat, self.seats[seat].board) for seat in range(PLAYERS)]
        changes = split_noten_penalty(tenpai, self.settings.noten_points)
        self.ledger.pay(changes)
        springs = self._pay_springs(Settlement([], dealer_won=False, drawn=True))
        card, draw = self._draw_card(
            tenpai,
            changes,
            show_melds=True,
            chip_changes=self._changes_since_deal()[1],
            chip_items=tuple(springs),
        )
        self._hand_ended((card,), draw=draw)
        # 「親はノーテンでも続行」: the dealer keeps the seat on every draw.
        self._end_hand(dealer_won=False, drawn=True)

    def _settle_nagashi(self, seats: Sequence[int]) -> None:
        """流し (「流し(役満)」): paid as a 役満 tsumo, with its yakuman chips and one roll."""
        settlement = Settlement([], dealer_won=self.dealer in seats, drawn=True)
        values = chip_values(self.settings)
        for number, winner in enumerate(seats):
            score = self.scorer.nagashi(dealer=winner == self.dealer)
            points = [0] * PLAYERS
            chips = [0] * PLAYERS
            factor = 2 if self.seats[winner].shubarii else 1
            for payer in range(PLAYERS):
                if payer == winner:
                    continue
                owed = self._hand_owed(score, payer, from_seat=None)
                owed += honba_share(self.honba, tsumo=True, per_honba=self.settings.honba_points)
                points[payer] -= owed
                points[winner] += owed
                if self.settings.chips:
                    chips[payer] -= values.yakuman * factor
                    chips[winner] += values.yakuman * factor
            if number == 0:
                points[winner] += self.ledger.release()
            self.ledger.pay(points, chips)
            tile = self.seats[winner].river[-1].tile
            rolls = 1 if self.settings.dice and self.settings.chips else 0
            settlement.wins.append(
                PendingWin(
                    winner=winner,
                    from_seat=None,
                    tile=tile,
                    as_kind=None,
                    hand=tuple(self.seats[winner].concealed),
                    score=score,
                    limit="役満",
                    points=points,
                    chips=chips,
                    items=[("役満", chips[winner])] if chips[winner] else [],
                    run=DiceRun(rolls) if rolls else None,
                    doubled=factor == 2,
                )
            )
        self._pay_tobi(settlement.wins[0])
        settlement.springs = self._pay_springs(settlement)
        self.settlement = settlement
        self._next_roll_or_finish()

    def _end_hand(self, *, dealer_won: bool, drawn: bool) -> None:
        """Honba, the dealership, and whether the game is over:

        - 「0点ちょうどは続行」: below 0 ends the game (トビ);
        - 「親はノーテンでも続行、ダブロン時親が和了してれば親続行」: the dealer keeps the seat on every
          draw and on every win of theirs;
        - 「トップが40,000点未満の時の南入、南場は誰かが40,000点を超えたら終了」, and West on (GTS-A11);
        - 「オーラス親の流局辞めなし・何着でも辞めあり・トップでも続行可能」: after a win at オーラス the
          dealer chooses (:meth:`_apply_stop`).
        """
        self._close_hand()
        keeps = dealer_won or drawn
        self.honba = self.honba + 1 if keeps else 0
        if any(points < 0 for points in self.points):
            self._finish("トビ")
            return
        if self.south_entered and max(self.points) >= self.settings.return_points:
            self._finish("終局")
            return
        if dealer_won and self.oorasu:
            self.phase = GotoPhase.STOP
            return
        self._advance(keeps=keeps)

    def _apply_stop(self, *, stop: bool) -> None:
        """The dealer's choice at オーラス: a stop ends the wind round (the South-entry rule then
        applies, [recommended]); playing on keeps the seat."""
        if stop:
            self.honba = 0
            self._end_round(reason="あがりやめ")
        else:
            self._advance(keeps=True)

    def _advance(self, *, keeps: bool) -> None:
        if keeps:
            self._next_hand()
            return
        self.dealer = (self.dealer + 1) % PLAYERS
        self.round_hand += 1
        if self.round_hand == PLAYERS:
            self._end_round(reason="終局")
            return
        self._next_hand()

    def _end_round(self, *, reason: str) -> None:
        """The end of a wind round: East ends the game with the top at 40,000 or more, else South;
        South (and each round after it) goes on only as sudden death (GTS-A11)."""
        if max(self.points) >= self.settings.return_points:
            self._finish(reason)
            return
        if self.south_entered and not self.settings.sudden_death:
            self._finish(reason)
            return
        self.south_entered = True
        winds = (Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH)
        self.round_wind = winds[(winds.index(Kind(self.round_wind)) + 1) % len(winds)]
        self.round_hand = 0
        self.dealer = 0
        self._next_hand()

    def _finish(self, reason: str) -> None:
        # After the オーラス stop the table leaves its ``stop`` phase.
        self.phase = Phase.ENDED
        super()._finish(reason)

    def _settle_game(self) -> None:
        """「完全順位戦」: the final rank payout in chips (and the 80,000 top's)."""
        if self.settings.chips:
            self.ledger.pay((), final_chips(self.points, self.first_dealer, chip_values(self.settings)))

    def _final_scores(self, placements: tuple[int, ...]) -> tuple[float, ...]:
        """The final score is the seat's chips."""
        return tuple(float(chips) for chips in self.chips)
