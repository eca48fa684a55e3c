"""5等三麻's wins, chips, dice and the end of its hands and game.

A win is settled in three steps. :func:`settle_win` pays at once what the hand decides — the
points (rounded up, honba 2,000, deposits to the 上家 winner), the chips of §4.7 (Alice run
here), 4北4華's jackpot, トビ, and every seat's 春 — and keeps a :class:`Settlement`. Then the
winners roll their dice one roll at a time (:func:`apply_dice`, phase ``dice``), each roll paid as
it lands. Last, :func:`finish_hand` reports the cards and :func:`end_hand` moves the dealership;
at オーラス a winning dealer first chooses to stop or play on (phase ``stop``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.engine.events import GameOver, Win
from bot.engine.game import Action, Decision, Outcome
from bot.engine.scoring import HandScore
from bot.engine.shapes import add_tile, count_of
from bot.engine.table import ClaimSource
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
    goto_scorer,
)
from bot.engine.variants.goto.chips import final_chips, final_order, spring_chips, tobi_chips
from bot.engine.variants.goto.dice import DiceRun, SnakeEyes
from bot.engine.variants.goto.points import honba_share
from bot.engine.variants.goto.yaku import OPEN_RIICHI
from bot.engine.views import ChipItem, DiceLine, FlipLine, WinView, YakuLine
from bot.engine.yaku.context import WinContext

if TYPE_CHECKING:
    from bot.engine.variants.goto.game import GotoGame

__all__ = [
    "GotoPhase",
    "PendingWin",
    "Settlement",
    "apply_dice",
    "apply_stop",
    "best_tsumo",
    "dice_decision",
    "dice_note",
    "end_hand",
    "pocchi_note",
    "ron_score",
    "settle_draw",
    "settle_win",
]

PLAYERS = 3


class GotoPhase:
    """The phases 5等 adds to the turn cycle's (public view names)."""

    DICE = "dice"
    """The winner rolls the dice (🎲)."""
    STOP = "stop"
    """オーラス: the dealer who won decides whether to stop."""


# --- what a win is worth ----------------------------------------------------------------------------


def seasons(game: GotoGame, seat: int) -> Seasons:
    """The seasons ``seat`` holds as a winner: the flowers it pulled, and (GTS-A13) flowers shown
    as dora indicators, and as ura indicators for a riichi winner (「表ドラ、裏ドラに華牌がめくれると、
    和了った人に効果発動」)."""
    state = game.seats[seat]
    kinds = list(state.flowers)
    if game.settings.flower_indicators:
        shown = list(game.wall.dora)
        if state.riichi:
            shown += game.wall.ura[: game.wall.revealed]
        kinds += [game.kinds[tile] for tile in shown if game.kinds[tile] >= Kind.SPRING]
    return Seasons(
        spring=kinds.count(Kind.SPRING),
        summer=kinds.count(Kind.SUMMER),
        autumn=kinds.count(Kind.AUTUMN),
        winter=kinds.count(Kind.WINTER),
        pulled=len(state.flowers),
        pulled_seasons=len(set(state.flowers)),
    )


def _win_tiles(game: GotoGame, seat: int, tile: int, *, tsumo: bool) -> list[int]:
    """Every tile of the winning hand: concealed (the winning one included) and melded."""
    state = game.seats[seat]
    concealed = list(state.concealed) if tsumo else [*state.concealed, tile]
    return [*concealed, *(t for meld in state.melds for t in meld.tiles)]


def win_context(
    game: GotoGame, seat: int, tile: int, *, tsumo: bool, how: str, as_kind: int | None = None
) -> WinContext:
    """The situation of ``seat`` winning on ``tile`` (a 白ポッチ standing for ``as_kind``)."""
    state = game.seats[seat]
    win_kind = game.kinds[tile] if as_kind is None else as_kind
    if tsumo:
        board = state.board if as_kind is None else add_tile(state.board - (1 << (4 * game.kinds[tile])), as_kind)
        tiles = list(state.concealed)
    else:
        board = add_tile(state.board, win_kind)
        tiles = [*state.concealed, tile]
    first = game.first_go_around and not game.any_call and not state.discarded_once
    flags = frozenset({OPEN_RIICHI}) if state.open_riichi else frozenset()
    ctx = game._win_context(
        seat,
        board,
        win_kind,
        tiles,
        tsumo=tsumo,
        seat_wind=game.seat_wind(seat),
        round_wind=game.round_wind,
        dealer=seat == game.dealer,
        ippatsu=state.riichi and state.ippatsu,
        haitei=tsumo and not game.wall.live and not game.rinshan,
        houtei=not tsumo and how == ClaimSource.DISCARD and not game.wall.live,
        rinshan=tsumo and game.rinshan,
        chankan=how == ClaimSource.KAKAN,
        tenhou=tsumo and first and seat == game.dealer,
        chiihou=tsumo and first and seat != game.dealer,
        renhou=not tsumo and first and seat != game.dealer,
        ura_indicators=tuple(game.kinds[t] for t in game.wall.ura[: game.wall.revealed]),
        nuki_dora=sum(game.kinds[t] == Kind.NORTH for t in state.set_aside),
        honba=game.honba,
        flags=flags,
    )
    # 「黒黒赤金」: a gold five is a dora as the red one is (the table counts the red alone).
    gold = sum(game.tiles[t].gold for t in _win_tiles(game, seat, tile, tsumo=tsumo))
    return replace(ctx, red_dora=ctx.red_dora + gold)


def _assess(
    game: GotoGame, seat: int, tile: int, *, tsumo: bool, how: str, as_kind: int | None = None, alice_chips: int = 0
) -> WinAssessment | None:
    ctx = win_context(game, seat, tile, tsumo=tsumo, how=how, as_kind=as_kind)
    tiles = _win_tiles(game, seat, tile, tsumo=tsumo)
    result = assess_win(
        ctx,
        game.settings,
        seasons=seasons(game, seat),
        red=sum(game.tiles[t].red for t in tiles),
        gold=sum(game.tiles[t].gold for t in tiles),
        pocchi=as_kind is not None,
        alice=alice_chips,
        furiten=game._furiten(seat, game.shapes.waits(_rest(game, seat, tile, tsumo=tsumo))),
    )
    return result if isinstance(result, WinAssessment) else None


def _rest(game: GotoGame, seat: int, tile: int, *, tsumo: bool) -> int:
    board = game.seats[seat].board
    return board - (1 << (4 * game.kinds[tile])) if tsumo else board


def _value(result: WinAssessment) -> tuple[int, int]:
    return result.score.total, result.chips.total()


def best_tsumo(game: GotoGame, seat: int) -> tuple[int | None, WinAssessment] | None:
    """The seat's tsumo on its drawn tile, or None: the tile as it is, or — for a riichi seat
    that drew 白ポッチ — the wait it stands for that is worth the most (高め: points, then chips;
    never a fifth copy of a kind)."""
    state = game.seats[seat]
    tile = state.drawn
    assert tile is not None
    options: list[tuple[int | None, WinAssessment]] = []
    if game.shapes.is_agari(state.board) and not game.pocchi_drawn(seat):
        natural = _assess(game, seat, tile, tsumo=True, how="tsumo")
        if natural is not None:
            options.append((None, natural))
    if game.pocchi_drawn(seat):
        rest = _rest(game, seat, tile, tsumo=True)
        for kind in game.shapes.waits(rest):
            if count_of(rest, kind) >= 4:
                continue
            wild = _assess(game, seat, tile, tsumo=True, how="tsumo", as_kind=kind)
            if wild is not None:
                options.append((kind, wild))
    if not options:
        return None
    return max(options, key=lambda option: _value(option[1]))


def keeps_north(game: GotoGame, seat: int, board: int, kind: int) -> bool:
    """Whether ``seat``'s hand holding 北, completed by ``kind`` into ``board``, may keep its 北: only
    as 国士無双, 小四喜 or 大四喜 (「北は…国士無双と小四喜・大四喜以外では手牌使用禁止」). A closed tsumo
    always has a yaku, so the scorer refuses it for the 北 alone."""
    ctx = WinContext(board, kind, melds=tuple(game.seats[seat].melds), tsumo=True)
    return isinstance(goto_scorer(game.settings).evaluate(ctx), HandScore)


def ron_score(game: GotoGame, seat: int, tile: int, *, how: str) -> WinAssessment | None:
    """The seat's ron on ``tile``, or None (no yaku, 北 in a hand that may not hold it)."""
    if not game.shapes.is_agari(add_tile(game.seats[seat].board, game.kinds[tile])):
        return None
    return _assess(game, seat, tile, tsumo=False, how=how)


def pocchi_note(game: GotoGame, seat: int) -> str:
    """What a riichi seat's drawn 白ポッチ stands for."""
    if game.phase != Phase.TURN or game.turn != seat or not game.pocchi_drawn(seat):
        return ""
    best = best_tsumo(game, seat)
    if best is None or best[0] is None:
        return ""
    return f"白ポッチ: tsumo as {kind_name(best[0])} (高め)"


# --- the settlement ------------------------------------------------------------------------------------


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


def _flip_sequence(game: GotoGame, winner: int) -> list[int]:
    """§4.6 (GTS-A15): the dead-wall tiles where the next kan indicators would go, the rest of
    the dead wall (replacement tiles in draw order, the ura nobody has seen), then the live wall
    from its end."""
    wall = game.wall
    shown_ura = wall.revealed if game.seats[winner].riichi else 0
    return [*wall.indicators[wall.revealed :], *wall.rinshan[::-1], *wall.ura[shown_ura:], *wall.live]


Flips = tuple[tuple[int, int, int, bool], ...]
"""(tile id, matches, chips from each payer, stocked) per flip of a winner's Alice."""


def _run_alice(game: GotoGame, winner: int, tile: int, *, tsumo: bool, pocchi: bool) -> tuple[str, Flips, int]:
    """冬 at the win: アリス, or 半チューリップ after 即ツモ or a 白ポッチ tsumo (stocked on 即ポ)."""
    state = game.seats[winner]
    if not seasons(game, winner).winter or not game.settings.chips:
        return "", (), 0
    board = 0
    for t in _win_tiles(game, winner, tile, tsumo=tsumo):
        board = add_tile(board, game.kinds[t])
    ippatsu_tsumo = tsumo and state.riichi and state.ippatsu
    half = game.settings.half_tulip and tsumo and (ippatsu_tsumo or pocchi)
    stock = game.settings.soku_pocchi_stock if half and pocchi and ippatsu_tsumo else 0
    sequence = _flip_sequence(game, winner)
    closed = not any(meld.is_open for meld in state.melds)
    run = alice(board, [game.kinds[t] for t in sequence], closed=closed, half_tulip=half, stock=stock)
    flips = tuple((sequence[flip.position], flip.matches, flip.chips, flip.stocked) for flip in run.flips)
    return run.name, flips, run.chips


def settle_win(game: GotoGame, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
    """Pay the winners (the 上家 first on a double ron), then roll their dice or end the hand."""
    tsumo = from_seat is None
    planned: list[tuple[int, int | None, WinAssessment, tuple[str, Flips, int]]] = []
    for winner in winners:
        as_kind: int | None = None
        pocchi = False
        if tsumo:
            best = best_tsumo(game, winner)
            assert best is not None  # only wins that score are offered
            as_kind = best[0]
            pocchi = game.pocchi_drawn(winner)
        flip = _run_alice(game, winner, tile, tsumo=tsumo, pocchi=pocchi)
        result = _assess(game, winner, tile, tsumo=tsumo, how=how, as_kind=as_kind, alice_chips=flip[2])
        assert result is not None
        planned.append((winner, as_kind, result, flip))
    if from_seat is not None:
        discarder = game.seats[from_seat]
        if how == ClaimSource.DISCARD:
            if discarder.river[-1].riichi:
                # The riichi declaration tile was ronned: its deposit was never at stake.
                deposit = game.settings.open_riichi_deposit if discarder.open_riichi else 1_000
                game.ledger.refund(from_seat, deposit)
            discarder.river.pop()
            game.last_discard = None
        elif how == ClaimSource.SET_ASIDE:
            # 北 pulled and ronned (``nuki_ron``): it leaves the set-aside tiles, not the hand.
            discarder.set_aside.remove(tile)
        else:
            game._give(discarder, tile)
        game._take(game.seats[winners[0]], tile)
    settlement = Settlement([], dealer_won=game.dealer in winners)
    for number, (winner, as_kind, result, flip) in enumerate(planned):
        settlement.wins.append(_pay_win(game, winner, from_seat, tile, as_kind, result, flip, first=number == 0))
    _pay_tobi(game, settlement.wins[0])
    settlement.springs = _pay_springs(game, settlement)
    game.settlement = settlement
    _next_roll_or_finish(game)


def _pay_win(
    game: GotoGame,
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
    state = game.seats[winner]
    doubled = state.shubarii
    factor = 2 if doubled else 1
    points = [0] * PLAYERS
    chips = [0] * PLAYERS
    items: dict[str, int] = {}
    for payer in range(PLAYERS):
        if payer == winner:
            continue
        if from_seat is not None:
            honba = honba_share(game.honba, tsumo=False, per_honba=game.settings.honba_points)
            owed = score.ron + honba if payer == from_seat else 0
        else:
            base = score.tsumo_dealer if payer == game.dealer else score.tsumo_non_dealer
            owed = base + honba_share(game.honba, tsumo=True, per_honba=game.settings.honba_points)
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
        points[winner] += game.ledger.release()
    game.ledger.pay(points, chips)
    held = tuple(t for t in state.concealed if t != tile)
    rolls = result.dice.rolls if game.settings.dice and game.settings.chips else 0
    summers = effective_summers(game.settings, seasons(game, winner).summer)
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
        ura=tuple(game.wall.ura[: game.wall.revealed]) if state.riichi else (),
        doubled=doubled,
        summers=summers,
        # Below 満貫 each 夏 adds a han (「満貫以下は1飜増し」); a limit goes up a row instead.
        han=max(result.rank.han, score.han),
    )


def _pay_tobi(game: GotoGame, first: PendingWin) -> None:
    """「トビ→3枚」 (+1 a full 10,000 below 0), from each busted seat to the 上家 winner (「トビ賞は
    上家取り」); exactly 0 is no bust."""
    if not game.settings.chips:
        return
    values = chip_values(game.settings)
    for seat in range(PLAYERS):
        owed = tobi_chips(game.points[seat], values) * (2 if first.doubled else 1)
        if seat == first.winner or not owed:
            continue
        change = [0] * PLAYERS
        change[seat], change[first.winner] = -owed, owed
        game.ledger.pay((), change)
        first.chips[seat] -= owed
        first.chips[first.winner] += owed
        first.items.append(("トビ", owed))


def _pay_springs(game: GotoGame, settlement: Settlement) -> list[ChipItem]:
    """「春: 華牌の枚数×1枚オール ※後引きも含む」 at the end of every hand, win or not (GTS-A3 on),
    else only for a winner; a winner also counts the 春 shown as an indicator (GTS-A13)."""
    if not game.settings.chips:
        return []
    winners = {win.winner for win in settlement.wins}
    springs = []
    for seat in range(PLAYERS):
        if seat in winners:
            springs.append(seasons(game, seat).spring)
        elif game.settings.spring_without_win:
            springs.append(game.seats[seat].flowers.count(Kind.SPRING))
        else:
            springs.append(0)
    flowers = [len(state.flowers) for state in game.seats]
    change = spring_chips(springs, flowers)
    if not any(change):
        return []
    game.ledger.pay((), change)
    return [ChipItem("春", change[seat], seat) for seat in range(PLAYERS) if change[seat] > 0]


# --- the dice --------------------------------------------------------------------------------------------


def _rolling(game: GotoGame) -> PendingWin | None:
    settlement = game.settlement
    if settlement is None:
        return None
    return next((win for win in settlement.wins if win.run is not None and not win.run.done), None)


def _next_roll_or_finish(game: GotoGame) -> None:
    if _rolling(game) is not None:
        game.phase = GotoPhase.DICE
    else:
        finish_hand(game)


def dice_decision(game: GotoGame) -> Decision:
    """The winner's next roll, or its choice on ピンゾロ (a timeout takes the 20 chips)."""
    win = _rolling(game)
    assert win is not None
    assert win.run is not None
    if win.run.pending is not None:
        twenty, two = SnakeEyesTwenty(win.winner), SnakeEyesTwo(win.winner)
        return Decision(win.winner, (twenty, two), twenty)
    roll = RollDice(win.winner)
    return Decision(win.winner, (roll,), roll)


def _dice_rng(game: GotoGame, win: PendingWin) -> random.Random:
    """Each roll from the game's seed, the hand and the roll's number: a replay rolls the same."""
    assert win.run is not None
    return random.Random(f"goto:{game.seed}:dice:{game.hand_index}:{win.winner}:{len(win.run.rolls)}")


def apply_dice(game: GotoGame, action: Action) -> None:
    """Throw the roll (or take the ピンゾロ choice) and pay it from each opponent at once."""
    win = _rolling(game)
    assert win is not None
    assert win.run is not None
    before = len(win.run.rolls)
    if isinstance(action, RollDice):
        win.run = win.run.roll(_dice_rng(game, win))
    else:
        win.run = win.run.choose(SnakeEyes.TWO if isinstance(action, SnakeEyesTwo) else SnakeEyes.TWENTY)
    for thrown in win.run.rolls[before:]:
        each = thrown.chips * (2 if win.doubled else 1)
        change = [0] * PLAYERS
        for payer in range(PLAYERS):
            if payer != win.winner:
                change[payer] -= each
                change[win.winner] += each
        game.ledger.pay((), change)
        win.chips = [mine + extra for mine, extra in zip(win.chips, change, strict=True)]
        note = ""
        if thrown.choice is not None:
            note = f"ピンゾロ: {thrown.choice.value}"
        elif thrown.stocked:
            note = "ゾロ目: もう1回"
        win.dice.append((thrown.dice, each, note))
    _next_roll_or_finish(game)


def dice_note(game: GotoGame) -> str:
    """The table's line while dice are rolled: the last roll and what is left."""
    win = _rolling(game)
    if game.phase != GotoPhase.DICE or win is None or win.run is None:
        return ""
    name = game.seat_name(win.winner)
    last = ""
    if win.dice:
        (first, second), each, note = win.dice[-1]
        last = f" · {first}+{second} → {each}枚オール" + (f" ({note})" if note else "")
    if win.run.pending is not None:
        return f"🎲 {name}: ピンゾロ! 2枚+2回 or 20枚+1回{last}"
    return f"🎲 {name}: {win.run.stock} roll(s) to throw{last}"


# --- the end of a hand ------------------------------------------------------------------------------------


def finish_hand(game: GotoGame) -> None:
    """Build the cards of the settled wins and end the hand."""
    settlement = game.settlement
    assert settlement is not None
    cards: list[WinView] = []
    records: list[Win] = []
    for number, win in enumerate(settlement.wins):
        # 春 is the hand's, not a win's: listed once, on the first card.
        card, record = _win_card(game, win, settlement.springs if number == 0 else ())
        cards.append(card)
        records.append(record)
    changes = [game.points[s] - game.hand_start_points[s] for s in range(PLAYERS)]
    chip_changes = [game.chips[s] - game.hand_start_chips[s] for s in range(PLAYERS)]
    game._hand_ended(changes, cards, wins=records, chip_changes=chip_changes)
    game.settlement = None
    end_hand(game, dealer_won=settlement.dealer_won, drawn=settlement.drawn)


def _win_card(game: GotoGame, win: PendingWin, springs: Sequence[ChipItem]) -> tuple[WinView, Win]:
    score = win.score
    yaku = tuple(YakuLine(hit.name, hit.en, hit.han, hit.yakuman) for hit in score.yaku)
    han = score.han if win.han is None else win.han
    if win.summers:
        detail = "1ランクアップ" + (f" ×{win.summers}" if win.summers > 1 else "")
        yaku = (*yaku, YakuLine("夏", "Summer", han - score.han, detail=detail))
    if win.as_kind is not None:
        yaku = (*yaku, YakuLine("白ポッチ", "Pocchi", 0, detail=f"→ {kind_name(win.as_kind)}"))
    items = [ChipItem(name, count) for name, count in win.items]
    items += springs
    card = game._win_card(
        win.winner,
        win.from_seat,
        win.hand,
        win.tile,
        yaku,
        han=han,
        fu=score.fu,
        points=win.points[win.winner],
        point_changes=win.points,
        limit=win.limit,
        chip_changes=tuple(win.chips),
        dora_indicators=game._faces(game.wall.dora),
        ura_indicators=game._faces(win.ura),
        chip_items=tuple(items),
        flip_name=win.flip_name,
        flips=tuple(FlipLine(game.tiles[t], matches, chips, stocked) for t, matches, chips, stocked in win.flips),
        dice=tuple(DiceLine(dice, chips, note) for dice, chips, note in win.dice),
    )
    record = Win(
        win.winner,
        win.from_seat,
        win.tile,
        tuple(game._sorted([*win.hand, win.tile])),
        han,
        win.points[win.winner],
        yaku,
        tuple(win.points),
        chip_changes=tuple(win.chips),
        fu=score.fu,
        yakuman=score.yakuman,
        limit=win.limit,
        ura_indicators=win.ura,
    )
    return card, record


def settle_draw(game: GotoGame) -> None:
    """An exhaustive draw: 流し (a 役満 tsumo, 5 chips all and a roll) for every seat whose
    discards are all yaochū and uncalled, else 「ノーテン罰符は場に4,000点」; 春 either way."""
    nagashi = [seat for seat in range(PLAYERS) if game.is_yaochu_river(seat)]
    if nagashi:
        _settle_nagashi(game, nagashi)
        return
    tenpai = [game.is_tenpai(seat, game.seats[seat].board) for seat in range(PLAYERS)]
    ready = sum(tenpai)
    changes = [0] * PLAYERS
    if 0 < ready < PLAYERS:
        penalty = game.settings.noten_points
        for seat in range(PLAYERS):
            changes[seat] = penalty // ready if tenpai[seat] else -penalty // (PLAYERS - ready)
    game.ledger.pay(changes)
    springs = _pay_springs(game, Settlement([], dealer_won=False, drawn=True))
    card, draw = game._draw_card(
        tenpai,
        changes,
        melds=tuple(tuple(game._meld_view(m) for m in seat.melds) for seat in game.seats),
        chip_changes=tuple(game.chips[s] - game.hand_start_chips[s] for s in range(PLAYERS)),
        chip_items=tuple(springs),
    )
    totals = [game.points[s] - game.hand_start_points[s] for s in range(PLAYERS)]
    chip_totals = [game.chips[s] - game.hand_start_chips[s] for s in range(PLAYERS)]
    game._hand_ended(totals, (card,), draw=draw, chip_changes=chip_totals)
    # 「親はノーテンでも続行」: the dealer keeps the seat on every draw.
    end_hand(game, dealer_won=False, drawn=True)


def _settle_nagashi(game: GotoGame, seats: Sequence[int]) -> None:
    """流し (「流し(役満)」): paid as a 役満 tsumo, with its yakuman chips and one roll."""
    settlement = Settlement([], dealer_won=game.dealer in seats, drawn=True)
    values = chip_values(game.settings)
    for number, winner in enumerate(seats):
        score = goto_scorer(game.settings).nagashi(dealer=winner == game.dealer)
        points = [0] * PLAYERS
        chips = [0] * PLAYERS
        factor = 2 if game.seats[winner].shubarii else 1
        for payer in range(PLAYERS):
            if payer == winner:
                continue
            base = score.tsumo_dealer if payer == game.dealer else score.tsumo_non_dealer
            owed = base + honba_share(game.honba, tsumo=True, per_honba=game.settings.honba_points)
            points[payer] -= owed
            points[winner] += owed
            if game.settings.chips:
                chips[payer] -= values.yakuman * factor
                chips[winner] += values.yakuman * factor
        if number == 0:
            points[winner] += game.ledger.release()
        game.ledger.pay(points, chips)
        tile = game.seats[winner].river[-1].tile
        rolls = 1 if game.settings.dice and game.settings.chips else 0
        settlement.wins.append(
            PendingWin(
                winner=winner,
                from_seat=None,
                tile=tile,
                as_kind=None,
                hand=tuple(game.seats[winner].concealed),
                score=score,
                limit="役満",
                points=points,
                chips=chips,
                items=[("役満", chips[winner])] if chips[winner] else [],
                run=DiceRun(rolls) if rolls else None,
                doubled=factor == 2,
            )
        )
    _pay_tobi(game, settlement.wins[0])
    settlement.springs = _pay_springs(game, settlement)
    game.settlement = settlement
    _next_roll_or_finish(game)


def end_hand(game: GotoGame, *, dealer_won: bool, drawn: bool) -> None:
    """Honba, the dealership, and whether the game is over:

    - 「0点ちょうどは続行」: below 0 ends the game (トビ);
    - 「親はノーテンでも続行、ダブロン時親が和了してれば親続行」: the dealer keeps the seat on every
      draw and on every win of theirs;
    - 「トップが40,000点未満の時の南入、南場は誰かが40,000点を超えたら終了」, and West on (GTS-A11);
    - 「オーラス親の流局辞めなし・何着でも辞めあり・トップでも続行可能」: after a win at オーラス the
      dealer chooses (:func:`apply_stop`).
    """
    game._reveal_wall()
    game.history.append(tuple(game.points))
    game.hand_index += 1
    game.phase = Phase.ENDED
    keeps = dealer_won or drawn
    game.honba = game.honba + 1 if keeps else 0
    if any(points < 0 for points in game.points):
        _finish(game, "トビ")
        return
    if game.south_entered and max(game.points) >= game.settings.return_points:
        _finish(game, "終局")
        return
    if dealer_won and game.oorasu:
        game.phase = GotoPhase.STOP
        return
    _advance(game, keeps=keeps)


def apply_stop(game: GotoGame, *, stop: bool) -> None:
    """The dealer's choice at オーラス: a stop ends the wind round (the South-entry rule then
    applies, [recommended]); playing on keeps the seat."""
    if stop:
        game.honba = 0
        _end_round(game, reason="あがりやめ")
    else:
        _advance(game, keeps=True)


def _advance(game: GotoGame, *, keeps: bool) -> None:
    if keeps:
        game._next_hand()
        return
    game._dealer = (game.dealer + 1) % PLAYERS
    game.round_hand += 1
    if game.round_hand == PLAYERS:
        _end_round(game, reason="終局")
        return
    game._next_hand()


def _end_round(game: GotoGame, *, reason: str) -> None:
    """The end of a wind round: East ends the game with the top at 40,000 or more, else South;
    South (and each round after it) goes on only as sudden death (GTS-A11)."""
    if max(game.points) >= game.settings.return_points:
        _finish(game, reason)
        return
    if game.south_entered and not game.settings.sudden_death:
        _finish(game, reason)
        return
    game.south_entered = True
    winds = (Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH)
    game.round_wind = winds[(winds.index(Kind(game.round_wind)) + 1) % len(winds)]
    game.round_hand = 0
    game._dealer = 0
    game._next_hand()


def _finish(game: GotoGame, reason: str) -> None:
    """「完全順位戦」: the final rank payout in chips (and the 80,000 top's), placements by points
    (ties to the seat nearer the starting dealer); the final score is the seat's chips."""
    if game.settings.chips:
        game.ledger.pay((), final_chips(game.points, 0, chip_values(game.settings)))
    order = final_order(game.points, 0)
    placements = tuple(order.index(seat) + 1 for seat in range(PLAYERS))
    scores = tuple(float(chips) for chips in game.chips)
    game.phase = Phase.ENDED
    game._outcome = Outcome(
        points=tuple(game.points),
        placements=placements,
        final_scores=scores,
        hands_played=game.hand_index,
        reason=reason,
        chips=tuple(game.chips),
    )
    game.pending_events.append(
        GameOver(tuple(game.points), placements, reason, chips=tuple(game.chips), final_scores=scores)
    )
