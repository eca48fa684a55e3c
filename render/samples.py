"""Seeded sample views for tests, the benchmark and the gallery (no game engine needed).

Every function is pure: the same seed gives the same view. The tables are plausible mid-game
positions (rivers, riichi, calls, set-aside tiles, dora) drawn from each variant's real tile
set, not positions reachable by legal play; the チンイツゲーム table is the exception, played
by the real game from a rigged deal (:func:`sample_chinitsu_table`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

from bot.engine.melds import MeldType
from bot.engine.tiles import Kind, Suit, Tile, TileSet, parse_tiles
from bot.engine.variants.chinitsu.tiles import chinitsu_tileset
from bot.engine.variants.goto.tiles import goto_tileset
from bot.engine.variants.inage.tiles import inage_tileset
from bot.engine.variants.nishoku.tiles import nishoku_tileset
from bot.engine.variants.zuno.state import ZunoSeatView
from bot.engine.variants.zuno.tiles import zuno_tileset
from bot.engine.views import (
    ChipItem,
    DiceLine,
    DrawView,
    FlipLine,
    MeldView,
    PublicView,
    RiverTile,
    SeatPublic,
    SeatView,
    StandingsView,
    WinView,
    YakuLine,
)

__all__ = [
    "CHINITSU_RIG",
    "SAMPLE_NAMES",
    "sample_chinitsu_table",
    "sample_chinitsu_win",
    "sample_draft",
    "sample_draw",
    "sample_goto_draw",
    "sample_goto_table",
    "sample_goto_win",
    "sample_names",
    "sample_seat",
    "sample_standings",
    "sample_table",
    "sample_win",
    "sort_tiles",
]

SAMPLE_NAMES: tuple[str, ...] = (
    "Alice",
    "さくら🌸",
    "山田太郎",
    "Zoë",
    "🀄Mahjong Master🀄",
    "Ōtani",
    "李小龍",
    "Очень длинное имя игрока",
    "ボブ",
    "CPU 2",
    "名無しの雀士",
    "👨‍👩‍👧 family",
)

_VARIANTS: dict[int, tuple[str, ...]] = {2: ("inage",), 3: ("goto", "chinitsu", "inage"), 4: ("zuno", "nishoku")}
_BASE_TIME = 1_750_000_000.0


def _tileset(variant: str, rng: random.Random) -> TileSet:
    if variant == "inage":
        return inage_tileset()
    if variant == "zuno":
        return zuno_tileset()
    if variant == "nishoku":
        return nishoku_tileset()
    if variant == "goto":
        return goto_tileset()
    return chinitsu_tileset(rng.choice((Suit.PIN, Suit.SOU)))


def sort_tiles(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Hand order: by kind, plain before red before gold."""
    return tuple(sorted(tiles, key=lambda t: (t.kind, t.red, t.gold, t.pocchi, t.back.value if t.back else "")))


def sample_names(seat_count: int, seed: int = 0) -> list[str]:
    """Display names mixing Latin, Japanese, Cyrillic and emoji."""
    rng = random.Random(seed)
    return rng.sample(SAMPLE_NAMES, seat_count)


def _set_aside_kinds(variant: str) -> tuple[int, ...]:
    if variant == "goto":
        return (Kind.NORTH, Kind.SPRING, Kind.SUMMER, Kind.AUTUMN, Kind.WINTER)
    if variant == "inage":
        return (Kind.WEST, Kind.NORTH, Kind.SPRING, Kind.SUMMER, Kind.AUTUMN, Kind.WINTER)
    if variant == "chinitsu":
        return (Kind.NORTH,)
    return ()


def _meld(rng: random.Random, wall: list[Tile], allow_chi: bool, from_seat: int) -> MeldView:
    """An open meld made around a tile from the wall (pon, chi, or now and then a kan)."""
    base = wall.pop()
    roll = rng.random()
    if allow_chi and base.kind < 27 and base.kind % 9 <= 6 and roll < 0.45:
        tiles = (base, Tile(base.kind + 1, back=base.back), Tile(base.kind + 2, back=base.back))
        return MeldView(MeldType.CHI, tiles, 0, from_seat)
    plain = Tile(base.kind, back=base.back, pocchi=False)
    if roll > 0.88:
        return MeldView(MeldType.ANKAN, (plain, base, plain, plain), None, None)
    if roll > 0.8:
        return MeldView(MeldType.MINKAN, (plain, plain, base, plain), rng.choice((0, 3)), from_seat)
    if roll > 0.74:
        return MeldView(MeldType.KAKAN, (plain, base, plain, plain), 1, from_seat)
    return MeldView(MeldType.PON, (plain, base, plain), rng.randrange(3), from_seat)


def sample_table(seat_count: int, seed: int = 0, *, variant: str | None = None) -> PublicView:
    """A random mid-game table for 2, 3 or 4 seats."""
    rng = random.Random(seed * 7919 + seat_count)
    variant = variant or rng.choice(_VARIANTS[seat_count])
    tileset = _tileset(variant, rng)
    wall = list(tileset.tiles)
    rng.shuffle(wall)
    set_aside_kinds = _set_aside_kinds(variant)
    turns = rng.randint(3, 19 if seat_count == 2 else 15)
    dealer = rng.randrange(seat_count)
    turn = rng.randrange(seat_count)
    winds = seat_count >= 3 and variant != "inage"
    seats = []
    for seat in range(seat_count):
        melds = tuple(
            _meld(rng, wall, variant not in ("nishoku", "inage"), (seat - 1) % seat_count)
            for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3)))
        )
        length = max(0, turns - (1 if seat > turn else 0) - rng.randint(0, 1))
        riichi_at = rng.randrange(length) if length > 3 and not melds and rng.random() < 0.3 else None
        river = []
        for index in range(length):
            tile = wall.pop()
            while tile.kind in set_aside_kinds and rng.random() < 0.7:
                wall.insert(0, tile)
                tile = wall.pop()
            river.append(
                RiverTile(
                    tile,
                    riichi=index == riichi_at,
                    called=rng.random() < 0.06,
                    tsumogiri=rng.random() < 0.35,
                )
            )
        set_aside = (
            tuple(Tile(rng.choice(set_aside_kinds)) for _ in range(rng.choice((0, 0, 1, 2, 3, 5))))
            if set_aside_kinds
            else ()
        )
        has_drawn = seat == turn
        concealed = 13 - 3 * len(melds) + (1 if has_drawn else 0) - (2 if variant == "inage" else 0)
        backs = tuple(wall[-1 - i].back for i in range(concealed)) if variant == "chinitsu" else ()
        chips = rng.randint(-8, 12) if variant in ("zuno", "goto") else None
        seats.append(
            SeatPublic(
                seat=seat,
                wind=Kind.EAST + (seat - dealer) % seat_count if winds else None,
                points=rng.randrange(50, 450) * 100 if variant != "inage" else rng.randint(-30, 60),
                chips=chips,
                river=tuple(river),
                melds=melds,
                set_aside=set_aside,
                concealed_count=concealed,
                concealed_backs=backs,
                has_drawn=has_drawn,
                riichi=riichi_at is not None,
                dealer=seat == dealer,
                auto_played=rng.random() < 0.08,
            )
        )
    last_seat = (turn - 1) % seat_count
    last = (last_seat, len(seats[last_seat].river) - 1) if seats[last_seat].river else None
    simultaneous = variant == "zuno" and rng.random() < 0.4
    round_label = f"{'東南'[rng.randrange(2)]}{dealer + 1}局" if winds else f"第{rng.randint(1, 8)}局"
    return PublicView(
        variant=variant,
        round_label=round_label,
        seats=tuple(seats),
        tiles_left=max(0, len(wall) - 14),
        dora_indicators=tuple(wall[i] for i in range(rng.randint(1, 3))),
        honba=rng.choice((0, 0, 1, 2)),
        riichi_sticks=sum(1 for s in seats if s.riichi) + rng.choice((0, 0, 1)),
        turn=None if simultaneous else turn,
        deciding=tuple(range(seat_count)) if simultaneous else (turn,),
        deadline=_BASE_TIME + rng.randint(5, 60),
        phase="claims" if simultaneous else "discard",
        last_discard=last,
        sequence=rng.randint(1, 400),
    )


def sample_seat(seat_count: int, seed: int = 0, *, hints: bool = True) -> SeatView:
    """A random table seen from the seat whose turn it is, with its hand, legal discards and hints."""
    public = sample_table(seat_count, seed)
    rng = random.Random(seed * 104729 + seat_count)
    seat = public.turn if public.turn is not None else 0
    me = public.seats[seat]
    tileset = _tileset(public.variant, rng)
    pool = list(tileset.tiles)
    rng.shuffle(pool)
    size = me.concealed_count - (1 if me.has_drawn else 0)
    hand = sort_tiles(pool[:size])
    drawn = pool[size] if me.has_drawn else None
    everything = (*hand, drawn) if drawn is not None else hand
    selectable = (drawn,) if me.riichi and drawn is not None else tuple(dict.fromkeys(everything))
    waits: tuple[int, ...] = ()
    ukeire: dict[int, int] = {}
    if hints:
        kinds = sorted({t.kind for t in pool[size + 1 : size + 1 + rng.randint(1, 6)]})
        if rng.random() < 0.5:
            waits = tuple(kinds[:3])
            ukeire = {kind: rng.randint(0, 4) for kind in waits}
        else:
            ukeire = {kind: rng.randint(1, 4) for kind in kinds}
    return SeatView(
        public=public,
        seat=seat,
        hand=hand,
        drawn=drawn,
        selectable=selectable,
        waits=waits,
        ukeire=ukeire,
        furiten=bool(waits) and rng.random() < 0.3,
        private_note="",
    )


def sample_draft(seed: int = 0) -> ZunoSeatView:
    """A ずーの seat holding a draft packet of four (its hand of 13 drawn from the same wall): the
    packet is drawn under the hand, and only this seat's picture shows it."""
    seat = sample_seat(4, seed, hints=False)
    rng = random.Random(seed * 31 + 4)
    pool = list(_tileset("zuno", rng).tiles)
    rng.shuffle(pool)
    hand = sort_tiles(pool[4:17])
    public = dataclasses.replace(seat.public, variant="zuno", phase="draft", turn=seat.seat)
    return ZunoSeatView(
        public=public, seat=seat.seat, hand=hand, drawn=None, selectable=(), packet=sort_tiles(pool[:4])
    )


def _complete_hand(rng: random.Random, suits: Sequence[int] = (0, 1, 2)) -> list[Tile]:
    """Four sets and a pair, mostly runs, with a red five now and then."""
    tiles: list[Tile] = []
    for _ in range(4):
        suit = rng.choice(suits)
        if rng.random() < 0.7:
            start = suit * 9 + rng.randrange(7)
            tiles += [Tile(start), Tile(start + 1), Tile(start + 2)]
        else:
            kind = rng.choice([suit * 9 + rng.randrange(9), 27 + rng.randrange(7)])
            tiles += [Tile(kind)] * 3
    kind = rng.choice([rng.choice(suits) * 9 + rng.randrange(9), 27 + rng.randrange(7)])
    tiles += [Tile(kind)] * 2
    return [Tile(t.kind, red=True) if t.kind in (4, 13, 22) and rng.random() < 0.3 else t for t in tiles]


_YAKU_POOL: tuple[tuple[str, str, int], ...] = (
    ("立直", "Riichi", 1),
    ("一発", "Ippatsu", 1),
    ("門前清自摸和", "Menzen tsumo", 1),
    ("平和", "Pinfu", 1),
    ("断么九", "Tanyao", 1),
    ("一盃口", "Iipeikou", 1),
    ("役牌 中", "Yakuhai: red dragon", 1),
    ("三色同順", "Sanshoku", 2),
    ("一気通貫", "Ittsuu", 2),
    ("混一色", "Honitsu", 3),
    ("清一色", "Chinitsu", 6),
)


def sample_win(seed: int = 0, seat_count: int = 4) -> WinView:
    """A win card: a complete hand, a few yaku, and the payments."""
    rng = random.Random(seed)
    hand = _complete_hand(rng)
    win_tile = hand.pop(rng.randrange(len(hand)))
    melds: tuple[MeldView, ...] = ()
    if rng.random() < 0.4:
        first = sort_tiles(hand)[:3]
        if len({t.kind for t in first}) == 1:
            melds = (MeldView(MeldType.PON, tuple(first), 1, 0),)
            for tile in first:
                hand.remove(tile)
    winner = rng.randrange(seat_count)
    tsumo = rng.random() < 0.5
    from_seat = None if tsumo else (winner + rng.randrange(1, seat_count)) % seat_count
    chosen = rng.sample(_YAKU_POOL, rng.randint(2, 4))
    yaku = [YakuLine(name, en, han) for name, en, han in chosen]
    dora = sum(1 for t in hand if t.red)
    if dora:
        yaku.append(YakuLine("赤ドラ", "Red fives", dora))
    han = sum(line.han for line in yaku)
    fu = rng.choice((30, 40, 50))
    points = min(8000, fu * 2 ** (han + 2) * 4 // 100 * 100 + 100)
    limit = "満貫" if han == 5 else "跳満" if han in (6, 7) else "倍満" if han >= 8 else ""
    changes = [0] * seat_count
    changes[winner] = points
    if tsumo:
        for seat in range(seat_count):
            if seat != winner:
                changes[seat] = -points // (seat_count - 1)
    elif from_seat is not None:
        changes[from_seat] = -points
    chips = tuple(2 if s == winner else -1 if (tsumo or s == from_seat) else 0 for s in range(seat_count))
    return WinView(
        variant="zuno",
        round_label="東2局",
        winner=winner,
        from_seat=from_seat,
        hand=sort_tiles(hand),
        win_tile=win_tile,
        melds=melds,
        yaku=tuple(yaku),
        han=han,
        fu=fu,
        points=points,
        point_changes=tuple(changes),
        chip_changes=chips,
        dora_indicators=(Tile(rng.randrange(34)),),
        ura_indicators=(Tile(rng.randrange(34)),) if any(y.name == "立直" for y in yaku) else (),
        limit_name=limit,
    )


def sample_draw(seed: int = 0, seat_count: int = 4) -> DrawView:
    """An exhaustive draw: some seats tenpai with their hands shown."""
    rng = random.Random(seed)
    tenpai = tuple(rng.random() < 0.5 for _ in range(seat_count))
    hands: list[tuple[Tile, ...] | None] = []
    melds: list[tuple[MeldView, ...]] = []
    for ready in tenpai:
        if not ready:
            hands.append(None)
            melds.append(())
            continue
        hand = _complete_hand(rng)
        hand.pop(rng.randrange(len(hand)))
        seat_melds: tuple[MeldView, ...] = ()
        if rng.random() < 0.35:
            kind = rng.randrange(27, 34)
            seat_melds = (MeldView(MeldType.PON, (Tile(kind),) * 3, 2, 0),)
            hand = hand[3:]
        hands.append(sort_tiles(hand))
        melds.append(seat_melds)
    ready_count = sum(tenpai)
    changes = [0] * seat_count
    if 0 < ready_count < seat_count:
        for seat, ready in enumerate(tenpai):
            changes[seat] = 3000 // ready_count if ready else -3000 // (seat_count - ready_count)
    return DrawView(
        variant="zuno",
        round_label="南3局",
        tenpai=tenpai,
        hands=tuple(hands),
        melds=tuple(melds),
        point_changes=tuple(changes),
        chip_changes=tuple(1 if r else -1 for r in tenpai) if 0 < ready_count < seat_count else (),
    )


def sample_standings(seed: int = 0, seat_count: int = 4) -> StandingsView:
    """Final standings after a random game: a points history whose every hand sums to zero."""
    rng = random.Random(seed)
    start = 25000 if seat_count == 4 else 35000
    history = [tuple([start] * seat_count)]
    labels = []
    for hand in range(rng.randint(7, 12)):
        points = list(history[-1])
        winner = rng.randrange(seat_count)
        loser = rng.choice([s for s in range(seat_count) if s != winner])
        amount = rng.choice((1000, 2000, 3900, 5200, 8000, 12000))
        points[winner] += amount
        points[loser] -= amount
        history.append(tuple(points))
        labels.append(f"{'東南'[hand // seat_count % 2]}{hand % seat_count + 1}")
    final = history[-1]
    order = sorted(range(seat_count), key=lambda s: -final[s])
    placements = [0] * seat_count
    for place, seat in enumerate(order, 1):
        placements[seat] = place
    uma = (30.0, 10.0, -10.0, -30.0) if seat_count == 4 else (20.0, 0.0, -20.0)
    scores = tuple((final[s] - start) / 1000 + uma[placements[s] - 1] for s in range(seat_count))
    return StandingsView(
        # 5等三麻 is not registered yet, so the card is handed its title, which it shows as given
        # (and which the registry will find once the variant registers).
        variant="zuno" if seat_count == 4 else "5等三麻",
        names=tuple(sample_names(seat_count, seed)),
        final_points=final,
        placements=tuple(placements),
        history=tuple(history),
        final_scores=scores,
        chips=tuple(rng.randint(-10, 10) for _ in range(seat_count)),
        hand_labels=tuple(labels),
    )


CHINITSU_RIG: tuple[tuple[str, str, str], str, str] = (
    ("B3333pY333pB44zY44zB1mY9m", "B12406pY6778pB12zY9mB9m", "Y12469pB2468pB5zB6zY7zY1m"),
    "B9pY9pB7pY2pB6p",
    "Y1pY2pB8pY6z",
)
"""The dealer holds seven 3p and four 北; the replacement tiles and first draws are quiet ones."""


def sample_chinitsu_table(
    seed: int = 3, turns: int = 20, *, settings: Mapping[str, bool | int | float | str] | None = None
) -> PublicView:
    """A チンイツゲーム table from the real game: the dealer pulls four 北 and grows a kan of 3p
    to seven tiles (six indicators face up), then everyone plays ``turns`` default moves.

    The hands are rigged in pinzu, so ``seed`` must be one whose first hand is pinzu (3 is).
    """
    from bot.engine.game import Kan, SetAside
    from bot.engine.variants import new_game
    from bot.engine.variants.chinitsu import ChinitsuGame

    game = new_game("chinitsu", settings, seed=seed)
    assert isinstance(game, ChinitsuGame)
    if game.suit is not Suit.PIN:
        raise ValueError(f"seed {seed} starts with a souzu hand; the rig is in pinzu")
    hands, draws, rinshan = CHINITSU_RIG
    game.rig(list(hands), draws, rinshan=rinshan, dealer=0)
    for _ in range(8):
        actions = game.legal_actions(0)
        pull = next((a for a in actions if isinstance(a, SetAside)), None)
        move = pull or next((a for a in actions if isinstance(a, Kan)), None)
        if move is None:
            break
        game.apply(move)
    for _ in range(turns):
        decisions = game.decisions()
        if not decisions:
            break
        game.apply(decisions[0].default)
    return game.public_view()


def sample_chinitsu_win(seat_count: int = 3) -> WinView:
    """A チンイツゲーム 二十倍満 by tsumo: a long yaku list, ten dora, chips to and from everyone."""
    from bot.engine.variants.chinitsu.points import ChinitsuPoints, limit_name, multiple

    yaku = (
        YakuLine("立直", "Riichi", 1),
        YakuLine("一発", "Ippatsu", 1),
        YakuLine("門前清自摸和", "Menzen tsumo", 1),
        YakuLine("清一色", "Chinitsu", 6),
        YakuLine("一気通貫", "Ittsuu", 2),
        YakuLine("一盃口", "Iipeikou", 1),
        YakuLine("ドラ", "Dora", 10),
        YakuLine("裏ドラ", "Ura dora", 14),
        YakuLine("赤ドラ", "Red five", 3),
        YakuLine("抜きドラ", "Nuki dora", 8),
    )
    han = sum(line.han for line in yaku)
    payment = ChinitsuPoints().payment(han, None, 0, dealer=False, tsumo=True, players=3, kiriage=False)
    winner = 1
    dealer = 0
    changes = [0] * seat_count
    for seat in range(seat_count):
        if seat != winner:
            changes[seat] = -(payment.tsumo_dealer if seat == dealer else payment.tsumo_non_dealer)
    changes[winner] = -sum(changes)
    chips = tuple(12 if seat == winner else -6 for seat in range(seat_count))
    return WinView(
        variant="chinitsu",
        round_label="南2局・索子",
        winner=winner,
        from_seat=None,
        hand=sort_tiles(parse_tiles("Y112233sB4sY0sB6sB78sB0sY0s")),
        win_tile=parse_tiles("B9s")[0],
        melds=(),
        yaku=yaku,
        han=han,
        fu=None,
        points=changes[winner],
        point_changes=tuple(changes),
        chip_changes=chips,
        dora_indicators=tuple(parse_tiles("Y9sB3sY8sY4zB2zB7sY1zB2sY1mB7z")),
        ura_indicators=tuple(parse_tiles("B9sY9sB3sY7z")),
        limit_name=limit_name(multiple(han)),
    )


GOTO_OPEN_WAITS: tuple[int, ...] = (Kind.P3, Kind.P6, Kind.P9)
GOTO_SET_ASIDE = "4444f3333f2222f1111f4444z"
"""Sixteen flowers and four 北: the most one 5等三麻 seat can pull."""


def sample_goto_table(
    seed: int = 2, *, open_waits: Sequence[int] = GOTO_OPEN_WAITS, set_aside: str = GOTO_SET_ASIDE
) -> PublicView:
    """A 5等三麻 table with what only it shows: seat 1 in open riichi (its waits public) with a
    gold 5p, a red 5p, a plain 5p and the 白ポッチ in its river; seat 2 holding ``set_aside``
    (16 flowers and 4 北 by default); two dora indicators (a gold 5s and 0z); chips for everyone;
    and the public note of a dice roll."""
    base = sample_table(3, seed, variant="goto")
    fives = tuple(RiverTile(tile) for tile in parse_tiles("gp0p5p0z"))
    seats = list(base.seats)
    seats[0] = dataclasses.replace(seats[0], chips=-12, set_aside=tuple(parse_tiles("4z1f")))
    seats[1] = dataclasses.replace(
        seats[1],
        river=seats[1].river[:3] + fives + (RiverTile(parse_tiles("9m")[0], riichi=True),),
        riichi=True,
        open_waits=tuple(open_waits),
        melds=(),
        concealed_count=13 + (1 if seats[1].has_drawn else 0),
        chips=15,
    )
    seats[2] = dataclasses.replace(seats[2], set_aside=tuple(parse_tiles(set_aside)) if set_aside else (), chips=-3)
    return dataclasses.replace(
        base,
        seats=tuple(seats),
        dora_indicators=tuple(parse_tiles("gs0z")),
        riichi_sticks=2,
        last_discard=(1, len(seats[1].river) - 1),
        note="🎲 3+5 = 8枚オール, 1 roll left",
    )


def sample_goto_win(run: str = "alice") -> WinView:
    """A 5等三麻 倍満 by tsumo with its chips itemised, two dice rolls (doubles, then 2-5) and a
    run of flips: ``"alice"`` (アリス, three flips ending on a miss) or ``"tulip"`` (半チューリップ,
    whose miss is followed by two stocked flips); ``"none"`` leaves the flips out."""
    from bot.engine.variants.goto.points import limit_name, rank, rank_payment

    yaku = (
        YakuLine("立直", "Riichi", 1),
        YakuLine("一発", "Ippatsu", 1),
        YakuLine("門前清自摸和", "Menzen tsumo", 1),
        YakuLine("赤ドラ", "Red five", 1),
        YakuLine("金ドラ", "Gold five", 2),
        YakuLine("抜きドラ", "Nuki dora", 2),
    )
    han = sum(line.han for line in yaku)
    score = rank(han, 40, 0)
    payment = rank_payment(score, dealer=False, tsumo=True)
    winner, dealer = 1, 0
    changes = [0, 0, 0]
    for seat in range(3):
        if seat != winner:
            changes[seat] = -(payment.tsumo_dealer if seat == dealer else payment.tsumo_non_dealer)
    changes[winner] = -sum(changes)
    flips: tuple[FlipLine, ...] = ()
    flip_name = ""
    if run == "alice":
        flip_name = "アリス"
        flips = (
            FlipLine(parse_tiles("gp")[0], 2, 4),
            FlipLine(parse_tiles("3s")[0], 1, 2),
            FlipLine(parse_tiles("9m")[0], 0, 0),
        )
    elif run == "tulip":
        flip_name = "半チューリップ"
        flips = (
            FlipLine(parse_tiles("7p")[0], 1, 2),
            FlipLine(parse_tiles("6z")[0], 0, 0),
            FlipLine(parse_tiles("4p")[0], 2, 4, stocked=True),
            FlipLine(parse_tiles("1m")[0], 0, 0, stocked=True),
        )
    alice = sum(flip.chips for flip in flips)
    items = [
        ChipItem("赤", 2),
        ChipItem("金", 4),
        ChipItem("北", 4),
        ChipItem("一発", 2),
        ChipItem("裏ドラ", 2),
    ]
    if alice:
        items.append(ChipItem(flip_name, 2 * alice))
    dice = (DiceLine((3, 3), 6, "ゾロ目: もう1回"), DiceLine((2, 5), 7))
    items.append(ChipItem("サイコロ", 2 * sum(line.chips for line in dice)))
    received = sum(item.chips for item in items)
    chips = tuple(received if seat == winner else -received // 2 for seat in range(3))
    return WinView(
        # Handed the title, as the registry does not know 5等三麻 yet (see sample_standings).
        variant="5等三麻",
        round_label="東2局",
        winner=winner,
        from_seat=None,
        hand=sort_tiles(parse_tiles("340pg67p789s3345s")),
        win_tile=parse_tiles("6s")[0],
        melds=(),
        yaku=yaku,
        han=han,
        fu=40,
        points=changes[winner],
        point_changes=tuple(changes),
        chip_changes=chips,
        dora_indicators=tuple(parse_tiles("9s0z")),
        ura_indicators=tuple(parse_tiles("2s")),
        limit_name=limit_name(score),
        chip_items=tuple(items),
        flip_name=flip_name,
        flips=flips,
        dice=dice,
    )


def sample_goto_draw() -> DrawView:
    """A 5等三麻 exhaustive draw that still moved chips: a seat holding 春 takes them from each
    opponent (its :class:`ChipItem` names the seat)."""
    hands = (tuple(sort_tiles(parse_tiles("123p456p789s11z22z"))), None, None)
    return DrawView(
        variant="5等三麻",
        round_label="南1局",
        tenpai=(True, False, False),
        hands=hands,
        melds=((), (), ()),
        point_changes=(2000, -1000, -1000),
        chip_changes=(-2, 4, -2),
        chip_items=(ChipItem("春", 4, seat=1),),
    )
