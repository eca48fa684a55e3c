"""チンイツゲーム's wins, payments and the end of its hands and game.

:func:`win_allowed` decides whether a seat may win (a yaku, 完全先付け, the dama setting),
:func:`settle_win` pays one or two winners (full value on tsumo and ron, honba, riichi sticks,
chips, 責任払い, the double ron's order and the dobon fee), :func:`settle_draw` pays 流し or the
no-ten penalty, and :func:`end_hand` moves the dealership and ends the game (ドボン, オーラスの
あがりやめ, 返り東場).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.engine.events import GameOver, Win
from bot.engine.game import Outcome, placements_by_points
from bot.engine.scoring import HandScore
from bot.engine.table import ClaimSource
from bot.engine.table.turns import Phase
from bot.engine.tiles import Kind, kind_name
from bot.engine.variants.chinitsu.payments import WinChips, nagashi_chips, win_chips
from bot.engine.variants.chinitsu.points import honba_share
from bot.engine.variants.chinitsu.yaku import ONE_BACK, sakizuke_allows
from bot.engine.views import WinView, YakuLine
from bot.engine.yaku.context import WinContext

if TYPE_CHECKING:
    from bot.engine.variants.chinitsu.game import ChinitsuGame

__all__ = ["end_hand", "sakizuke_note", "score_win", "settle_draw", "settle_win", "win_allowed"]

PLAYERS = 3
DRAGONS = frozenset({Kind.WHITE, Kind.GREEN, Kind.RED})
WINDS = frozenset({Kind.EAST, Kind.SOUTH, Kind.WEST, Kind.NORTH})


# --- may this seat win? ----------------------------------------------------------------------------


def win_context(
    game: ChinitsuGame, seat: int, tile: int, *, tsumo: bool, how: str, kind: int | None = None
) -> WinContext:
    """The situation of ``seat`` winning on ``tile`` (or, ``kind``, on another of its waits)."""
    state = game.seats[seat]
    win_kind = game.kinds[tile] if kind is None else kind
    if tsumo:
        board = state.board if kind is None else state.board - (1 << (4 * game.kinds[tile])) + (1 << (4 * kind))
        tiles = list(state.concealed)
    else:
        board = state.board + (1 << (4 * win_kind))
        tiles = [*state.concealed, tile]
    first = tsumo and game.first_go_around and not game.any_call and not state.discarded_once
    flags = frozenset({ONE_BACK}) if game.single_back(seat, None if tsumo else tile) else frozenset()
    return game._win_context(
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
        tenhou=first and seat == game.dealer,
        chiihou=first and seat != game.dealer,
        ura_indicators=tuple(game.kinds[t] for t in game.wall.ura[: game.wall.revealed]),
        nuki_dora=len(state.set_aside),
        honba=game.honba,
        flags=flags,
    )


def score_win(game: ChinitsuGame, seat: int, tile: int, *, tsumo: bool, how: str) -> HandScore | None:
    return game.scorer.score(win_context(game, seat, tile, tsumo=tsumo, how=how))


def _contexts_by_wait(game: ChinitsuGame, seat: int, tile: int, *, tsumo: bool, how: str) -> dict[int, WinContext]:
    """For each wait of the seat's waiting hand, the same win made on that wait instead."""
    state = game.seats[seat]
    rest = state.board - (1 << (4 * game.kinds[tile])) if tsumo else state.board
    return {kind: win_context(game, seat, tile, tsumo=tsumo, how=how, kind=kind) for kind in game.shapes.waits(rest)}


def sakizuke_ok(game: ChinitsuGame, seat: int, tile: int, *, tsumo: bool, how: str) -> bool:
    """「後ヅケ無し…ただし面前王手飛車は有効」 (完全先付け, CHN-A3): an open hand needs one yaku
    that every wait has; a closed hand some yaku on each wait; riichi is a yaku on every wait."""
    return sakizuke_allows(game.scorer, _contexts_by_wait(game, seat, tile, tsumo=tsumo, how=how))


def win_allowed(game: ChinitsuGame, seat: int, tile: int, *, tsumo: bool, how: str) -> bool:
    """Whether ``seat`` may win on ``tile`` now: the hand scores (a yaku, dora aside), every wait
    has its yaku, and (the CHN-A1 setting) a closed hand rons only in riichi."""
    state = game.seats[seat]
    closed = not any(meld.is_open for meld in state.melds)
    if not tsumo and closed and not state.riichi and not game.settings.dama_ron:
        return False
    if score_win(game, seat, tile, tsumo=tsumo, how=how) is None:
        return False
    return sakizuke_ok(game, seat, tile, tsumo=tsumo, how=how)


def sakizuke_note(game: ChinitsuGame, seat: int) -> str:
    """What a waiting hand should know: the waits a ron would be refused on by 完全先付け."""
    state = game.seats[seat]
    if state.riichi or len(state.concealed) % 3 != 1 or not game.shapes.is_tenpai(state.board):
        return ""
    contexts = _contexts_by_wait(game, seat, state.concealed[0], tsumo=False, how=ClaimSource.DISCARD)
    yaku = {kind: game.scorer.yaku_names(ctx) for kind, ctx in contexts.items()}
    bare = [kind for kind, names in yaku.items() if not names]
    is_open = any(meld.is_open for meld in state.melds)
    if is_open and yaku and not frozenset.intersection(*yaku.values()):
        return "完全先付け: no yaku common to every wait, no win (鳴いた手は全待ちに同じ役が必要)"
    if not is_open and bare:
        names = " ".join(kind_name(kind) for kind in bare)
        return f"完全先付け: no ron while {names} has no yaku — riichi or a yaku on every wait (全待ちに役が必要)"
    return ""


# --- paying a win -----------------------------------------------------------------------------------


def _responsible(game: ChinitsuGame, winner: int, score: HandScore, *, tsumo: bool) -> int | None:
    """責任払い (「大明カン、大三元、大四喜は責任払いあり」): who let the kan tile or the last dragon
    or wind set be called, when the win depends on it."""
    if not game.settings.pao:
        return None
    if tsumo and game.rinshan and game.minkan_from is not None:
        return game.minkan_from
    names = {hit.name for hit in score.yaku}
    for yakuman, kinds, needed in (("大三元", DRAGONS, 3), ("大四喜", WINDS, 4)):
        if yakuman not in names:
            continue
        sets = [meld for meld in game.seats[winner].melds if meld.kind in kinds and meld.is_open]
        if len(sets) == needed and sets[-1].from_seat is not None:
            return sets[-1].from_seat
    return None


def _owed(
    game: ChinitsuGame,
    winner: int,
    score: HandScore,
    chips: WinChips,
    *,
    from_seat: int | None,
    first: bool,
) -> dict[int, tuple[int, int]]:
    """What each opponent owes one winner: (points, chips), before 責任払い. Honba go to the
    first winner only: 1,000 each from the discarder, or ``honba_share`` from each payer."""
    honba = game.honba if first else 0
    owed: dict[int, tuple[int, int]] = {}
    for payer in range(PLAYERS):
        if payer == winner:
            continue
        if from_seat is not None:
            points = score.ron + honba_share(honba, tsumo=False) if payer == from_seat else 0
        else:
            base = score.tsumo_dealer if payer == game.dealer else score.tsumo_non_dealer
            points = base + honba_share(honba, tsumo=True, each_payer=game.settings.honba_each_payer)
        owed[payer] = (points, chips.owed(discarder=payer == from_seat))
    return owed


def _with_pao(
    owed: dict[int, tuple[int, int]], responsible: int | None, *, from_seat: int | None
) -> dict[int, tuple[int, int]]:
    """「ツモの場合は…鳴かせた人が点棒、祝儀両方…鳴かせてない人の振り込みの場合は、点棒、祝儀半分ずつ」."""
    if responsible is None or responsible not in owed:
        return owed
    total_points = sum(points for points, _ in owed.values())
    total_chips = sum(chips for _, chips in owed.values())
    moved = dict.fromkeys(owed, (0, 0))
    if from_seat is None or from_seat == responsible:
        moved[responsible] = (total_points, total_chips)
        return moved
    half_points, half_chips = total_points // 2, total_chips // 2
    moved[responsible] = (half_points, half_chips)
    moved[from_seat] = (total_points - half_points, total_chips - half_chips)
    return moved


def settle_win(game: ChinitsuGame, winners: list[int], *, from_seat: int | None, tile: int, how: str) -> None:
    """Pay the winners, the nearer one first (「ダブロンありで上家から支払いし、点棒がなくなった時点の方へ
    ドボン料が発生します」), then end the hand."""
    tsumo = from_seat is None
    contexts = [win_context(game, winner, tile, tsumo=tsumo, how=how) for winner in winners]
    scores = [game.scorer.score(ctx) for ctx in contexts]
    if from_seat is not None:
        discarder = game.seats[from_seat]
        if how == ClaimSource.DISCARD:
            if discarder.river[-1].riichi:
                # The riichi declaration tile was ronned: its stick was never paid (baseline B6).
                game.ledger.refund(from_seat, 1_000)
            discarder.river.pop()
            game.last_discard = None
        else:
            game._give(discarder, tile)
        game._take(game.seats[winners[0]], tile)
    # Nobody starts a hand at 0 or less (the game would be over): a seat there now got there by
    # its own riichi stick, which busts nobody before the settlement (CHN-A8), so the payment that
    # takes it below is the one that earns the dobon fee.
    busted: set[int] = set()
    cards: list[WinView] = []
    records: list[Win] = []
    for number, (winner, ctx, score) in enumerate(zip(winners, contexts, scores, strict=True)):
        assert score is not None  # only wins that score are offered
        owed = _with_pao(
            _owed(game, winner, score, win_chips(ctx, score, game.settings), from_seat=from_seat, first=number == 0),
            _responsible(game, winner, score, tsumo=tsumo),
            from_seat=from_seat,
        )
        points, chips = _pay(game, winner, owed, first=number == 0, busted=busted)
        card, record = _win_card(game, winner, from_seat, tile, score, points, chips)
        cards.append(card)
        records.append(record)
    _report(game, cards, records)
    end_hand(game, dealer_won=game.dealer in winners, dealer_tenpai=False, drawn=False)


def _pay(
    game: ChinitsuGame, winner: int, owed: dict[int, tuple[int, int]], *, first: bool, busted: set[int]
) -> tuple[list[int], list[int]]:
    """Move one winner's points and chips, the riichi sticks to the first winner (「リーチ棒は
    あがり取り」), and the ドボン料 (CHN-A8) to the winner whose payment took a player to 0 or
    below (``busted`` remembers who already paid one this hand). Returns the changes."""
    points = [0] * PLAYERS
    chips = [0] * PLAYERS
    for payer, (amount, chip_count) in owed.items():
        points[payer] -= amount
        points[winner] += amount
        chips[payer] -= chip_count
        chips[winner] += chip_count
    if first:
        points[winner] += game.ledger.release()
    game.ledger.pay(points, chips)
    for payer in owed:
        if payer not in busted and game.points[payer] <= 0:
            busted.add(payer)
            fee = [0] * PLAYERS
            fee[winner], fee[payer] = game.settings.dobon_chips, -game.settings.dobon_chips
            game.ledger.pay((), fee)
            chips = [chip + extra for chip, extra in zip(chips, fee, strict=True)]
    return points, chips


def _win_card(
    game: ChinitsuGame,
    winner: int,
    from_seat: int | None,
    tile: int,
    score: HandScore,
    points: Sequence[int],
    chips: Sequence[int],
) -> tuple[WinView, Win]:
    state = game.seats[winner]
    hand = [t for t in state.concealed if t != tile]
    yaku = tuple(YakuLine(hit.name, hit.en, hit.han, hit.yakuman) for hit in score.yaku)
    ura = tuple(game.wall.ura[: game.wall.revealed]) if state.riichi else ()
    card = game._win_card(
        winner,
        from_seat,
        hand,
        tile,
        yaku,
        han=score.han,
        fu=score.fu,
        points=points[winner],
        point_changes=points,
        limit=score.limit,
        chip_changes=tuple(chips),
        dora_indicators=game._faces(game.wall.dora),
        ura_indicators=game._faces(ura),
    )
    record = Win(
        winner,
        from_seat,
        tile,
        tuple(game._sorted([*hand, tile])),
        score.han,
        points[winner],
        yaku,
        tuple(points),
        chip_changes=tuple(chips),
        fu=score.fu,
        yakuman=score.yakuman,
        limit=score.limit,
        ura_indicators=ura,
    )
    return card, record


def _report(game: ChinitsuGame, cards: Sequence[WinView], records: Sequence[Win]) -> None:
    changes = [game.points[s] - game.hand_start_points[s] for s in range(PLAYERS)]
    chip_changes = [game.chips[s] - game.hand_start_chips[s] for s in range(PLAYERS)]
    game._hand_ended(changes, cards, wins=records, chip_changes=chip_changes)


# --- a drawn hand ---------------------------------------------------------------------------------------


def settle_draw(game: ChinitsuGame) -> None:
    """「流し」 is a 本役満 paid like a tsumo; otherwise 「ノーテン罰符1000点」 (CHN-A14), where a
    furiten hand is no-ten (「フリテンは一切不可、テンパイにもなりません」)."""
    nagashi = [seat for seat in range(PLAYERS) if game.is_yaochu_river(seat)]
    if nagashi:
        _pay_nagashi(game, nagashi)
        return
    tenpai = []
    for seat in range(PLAYERS):
        board = game.seats[seat].board
        ready = game.shapes.is_tenpai(board) and not game._furiten(seat, game.shapes.waits(board))
        tenpai.append(ready)
    ready_count = sum(tenpai)
    changes = [0] * PLAYERS
    if 0 < ready_count < PLAYERS:
        if game.settings.noten_per_pair:
            for payer in range(PLAYERS):
                for receiver in range(PLAYERS):
                    if tenpai[receiver] and not tenpai[payer]:
                        changes[payer] -= 1_000
                        changes[receiver] += 1_000
        else:
            for seat in range(PLAYERS):
                changes[seat] = 1_000 // ready_count if tenpai[seat] else -1_000 // (PLAYERS - ready_count)
    game.ledger.pay(changes)
    card, draw = game._draw_card(
        tenpai,
        changes,
        melds=tuple(tuple(game._meld_view(m) for m in seat.melds) for seat in game.seats),
    )
    totals = [game.points[s] - game.hand_start_points[s] for s in range(PLAYERS)]
    chip_totals = [game.chips[s] - game.hand_start_chips[s] for s in range(PLAYERS)]
    game._hand_ended(totals, (card,), draw=draw, chip_changes=chip_totals)
    end_hand(game, dealer_won=False, dealer_tenpai=tenpai[game.dealer], drawn=True)


def _pay_nagashi(game: ChinitsuGame, seats: Sequence[int]) -> None:
    busted: set[int] = set()
    cards: list[WinView] = []
    records: list[Win] = []
    for number, winner in enumerate(seats):
        score = game.scorer.nagashi(dealer=winner == game.dealer)
        owed = _owed(game, winner, score, nagashi_chips(game.settings), from_seat=None, first=number == 0)
        points, chips = _pay(game, winner, owed, first=number == 0, busted=busted)
        tile = game.seats[winner].river[-1].tile
        card, record = _win_card(game, winner, None, tile, score, points, chips)
        cards.append(card)
        records.append(record)
    _report(game, cards, records)
    end_hand(game, dealer_won=game.dealer in seats, dealer_tenpai=False, drawn=False)


# --- the end of a hand and of the game -------------------------------------------------------------------


def end_hand(game: ChinitsuGame, *, dealer_won: bool, dealer_tenpai: bool, drawn: bool) -> None:
    """Honba, the dealership, and whether the game is over:

    - 「東場、南場回し親のノーテンの際は、東場は流れ、南場は流れません」: a drawn hand keeps a
      tenpai dealer, and in the South a no-ten one too;
    - 「ドボンは点棒が0になった時点」: a score of 0 or less ends the game;
    - 「オーラスにて、親の方があがられた時点で点棒がトップの場合、あがりやめ」 (ties too);
    - 「最終局を終了した時点で全員が39000点以下の場合は「返り東場」」: then the first hand that
      ends with someone at 40,000 ends the game.
    """
    game._reveal_wall()
    game.history.append(tuple(game.points))
    game.hand_index += 1
    game.phase = Phase.ENDED
    game.honba = game.honba + 1 if dealer_won or drawn else 0
    south = game.round_wind == Kind.SOUTH and not game.kaeri
    keeps = dealer_won or (drawn and (dealer_tenpai or south))
    top = max(game.points)
    if any(points <= 0 for points in game.points):
        _finish(game, "ドボン")
        return
    if dealer_won and game.last_regular_hand and game.points[game.dealer] == top:
        if top >= game.settings.return_points:
            _finish(game, "あがりやめ")
            return
        # The final hand is over but nobody has 40,000 (「原点トップあり」): no 連荘, 返り東場 follows.
        keeps = False
        game.honba = 0
    if game.kaeri and top >= game.settings.return_points:
        _finish(game, "返り東場")
        return
    if not keeps:
        game._dealer = (game.dealer + 1) % PLAYERS
        game.round_hand += 1
        if game.round_hand == PLAYERS:
            game.round_hand = 0
            # 返り東場 goes round the East again until someone reaches 40,000.
            if not game.kaeri:
                if game.round_wind == Kind.EAST:
                    game.round_wind = Kind.SOUTH
                elif top >= game.settings.return_points:
                    _finish(game, "終局")
                    return
                else:
                    game.kaeri = True
                    game.round_wind = Kind.EAST
    game._next_hand()


def _finish(game: ChinitsuGame, reason: str) -> None:
    """Placements by points; the score counts from 40,000, the top takes the オカ (CHN-A15: no uma)."""
    settings = game.settings
    placements = placements_by_points(game.points, first_dealer=0)
    oka = PLAYERS * (settings.return_points - settings.start_points) / 1000
    scores = tuple(
        (points - settings.return_points) / 1000 + (oka if placements[seat] == 1 else 0)
        for seat, points in enumerate(game.points)
    )
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
