"""CPU players that play any variant through the Game protocol, seeing only their own view.

The ladder (after kobalab's majiang-ai and tenhou-python-bot): take any win; discard for the
lowest shanten, then the most live tiles that help (ukeire counted against what is visible);
call only when the call keeps a yaku in reach and brings the hand closer; declare riichi when
tenpai on a live wait; against a riichi, fold with genbutsu and suji when two or more away.
The CPU only ever picks from the legal actions it is given, so it cannot act illegally.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.engine.game import Action, Discard, Kan, Pass, Pick, Pon, Riichi, Ron, SetAside, Tsumo
from bot.engine.shapes import ShapeRules, add_tile, count_of, pack, remove_tile
from bot.engine.tiles import HONORS, NUM_STANDARD_KINDS, Kind, Tile, is_honor, suit_of
from bot.engine.views import SeatView

__all__ = ["CpuPlayer"]

DRAGONS = frozenset({Kind.WHITE, Kind.GREEN, Kind.RED})


@dataclass
class CpuPlayer:
    """A heuristic CPU for one seat. ``tiles`` maps tile ids to faces (the variant's tile set)."""

    shapes: ShapeRules
    tiles: Sequence[Tile]
    seed: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, view: SeatView, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (which must be the seat's legal actions)."""
        for action in actions:
            if isinstance(action, Tsumo | Ron):
                return action
        discardable = {self.tiles[a.tile].kind for a in actions if isinstance(a, Discard | Riichi)}
        set_aside = self._choose_set_aside(view, [a for a in actions if isinstance(a, SetAside)], discardable)
        if set_aside is not None:
            return set_aside
        picks = [a for a in actions if isinstance(a, Pick)]
        if picks:
            return self._choose_pick(view, picks)
        discards = [a for a in actions if isinstance(a, Discard | Riichi)]
        own_kans = [a for a in actions if isinstance(a, Kan) and len(a.tiles) in (1, 4)]
        kan = self._choose_own_kan(view, own_kans) if discards else None
        if kan is not None:
            return kan
        if discards:
            return self._choose_discard(view, actions)
        pons = [a for a in actions if isinstance(a, Pon)]
        if pons and self._wants_pon(view, pons[0]):
            return pons[0]
        for action in actions:
            if isinstance(action, Pass):
                return action
        return actions[0]

    # --- what the seat can see ------------------------------------------------------------------

    def _hand_board(self, view: SeatView) -> int:
        tiles = list(view.hand) + ([view.drawn] if view.drawn is not None else [])
        return pack(tile.kind for tile in tiles)

    @staticmethod
    def _visible_board(view: SeatView) -> int:
        kinds = [entry.tile.kind for seat in view.public.seats for entry in seat.river if not entry.called]
        kinds += [tile.kind for seat in view.public.seats for meld in seat.melds for tile in meld.tiles]
        kinds += [tile.kind for tile in view.public.dora_indicators]
        kinds += [tile.kind for seat in view.public.seats for tile in seat.set_aside]
        return pack(kinds)

    def _threats(self, view: SeatView) -> list[int]:
        return [seat.seat for seat in view.public.seats if seat.riichi and seat.seat != view.seat]

    # --- set-aside tiles (横ドラ, 抜きドラ, flowers) --------------------------------------------------

    def _choose_set_aside(
        self, view: SeatView, options: Sequence[SetAside], discardable: Collection[int]
    ) -> SetAside | None:
        """Set aside a flower, a tile the river may not take (チンイツゲーム's North), or an honour
        held alone: it forms nothing in hand, and setting it aside is worth a dora and a
        replacement tile."""
        board = self._hand_board(view)
        for action in options:
            kind = self.tiles[action.tile].kind
            lone_honour = is_honor(kind) and count_of(board, kind) == 1
            # On a turn (there are discards), a kind with no discard may only ever be set aside.
            stuck = bool(discardable) and kind not in discardable
            if kind >= NUM_STANDARD_KINDS or stuck or lone_honour:
                return action
        return None

    # --- discards -------------------------------------------------------------------------------

    def _choose_discard(self, view: SeatView, actions: Sequence[Action]) -> Action:
        board = self._hand_board(view)
        visible = self._visible_board(view)
        by_kind: dict[int, Action] = {}
        riichi_by_kind: dict[int, Riichi] = {}
        for action in actions:
            if isinstance(action, Riichi):
                riichi_by_kind.setdefault(self.tiles[action.tile].kind, action)
            elif isinstance(action, Discard):
                face = self.tiles[action.tile]
                # Keep red fives: prefer discarding a plain copy of the same kind.
                current = by_kind.get(face.kind)
                if current is None or (self.tiles[current.tile].red and not face.red):  # type: ignore[attr-defined]
                    by_kind[face.kind] = action
        shantens = {kind: self.shapes.shanten(remove_tile(board, kind)) for kind in by_kind}
        best_shanten = min(shantens.values())
        threats = self._threats(view)
        # Live tiles (34 shanten calls a candidate) only where they can decide: among the best
        # discards, or, against a riichi, wherever the fold or the weave below may look.
        if not threats:
            worth = best_shanten
        elif best_shanten >= 2:
            worth = max(shantens.values())
        else:
            worth = best_shanten + 1
        options = []
        for kind, action in by_kind.items():
            shanten = shantens[kind]
            counted = shanten <= worth and shanten < 8
            ukeire = sum(self.shapes.ukeire(remove_tile(board, kind), visible).values()) if counted else 0
            options.append((kind, action, shanten, ukeire))
        if threats and best_shanten >= 2:
            return min(options, key=lambda o: (self._danger(view, o[0], threats), o[2], -o[3]))[1]
        if threats and best_shanten == 1:
            # Weave: keep progress but do not push a very dangerous tile.
            safe = [o for o in options if o[2] <= best_shanten + 1 and self._danger(view, o[0], threats) <= 2]
            if safe:
                return min(safe, key=lambda o: (o[2], -o[3], self._danger(view, o[0], threats)))[1]
        best = min(options, key=lambda o: (o[2], -o[3], self._keep_value(view, o[0], board)))
        kind, action, shanten, ukeire = best
        if shanten == 0 and kind in riichi_by_kind and ukeire > 0 and view.public.tiles_left >= 4:
            return self._riichi_of(actions, riichi_by_kind[kind])
        return action

    def _riichi_of(self, actions: Sequence[Action], plain: Riichi) -> Riichi:
        """The plain riichi, or now and then another kind on the same tile (5等三麻's open riichi),
        as often as that kind's ``cpu_share`` says."""
        others = [a for a in actions if isinstance(a, Riichi) and a.cpu_share > 0 and a.tile == plain.tile]
        for action in others:
            if self._rng.random() < action.cpu_share:
                return action
        return plain

    def _choose_own_kan(self, view: SeatView, kans: Sequence[Kan]) -> Kan | None:
        """A concealed or added kan that costs the hand nothing: the shanten after setting the
        tiles aside is no worse than the best discard's (a kan adds a dora and a rinshan draw).
        Never while someone else is in riichi: the new dora helps them as much."""
        if not kans or self._threats(view):
            return None
        board = self._hand_board(view)
        now = self.shapes.shanten(board)
        for kan in kans:
            kind = self.tiles[kan.tiles[0]].kind
            after = board
            for _ in kan.tiles:
                after = remove_tile(after, kind)
            if self.shapes.shanten(after) <= now:
                return kan
        return None

    def _choose_pick(self, view: SeatView, picks: Sequence[Pick]) -> Pick:
        """A draft: take the tile after which the best discard leaves the lowest shanten, then the
        most live tiles; a tile that completes the hand wins outright."""
        board = self._hand_board(view)
        shanten: dict[Pick, int] = {}
        rests: dict[Pick, list[int]] = {}
        for pick in picks:
            after = add_tile(board, self.tiles[pick.tile].kind)
            if self.shapes.shanten(after) < 0:
                return pick
            rests[pick] = [remove_tile(after, kind) for kind in range(NUM_STANDARD_KINDS) if count_of(after, kind)]
            shanten[pick] = min(self.shapes.shanten(rest) for rest in rests[pick])
        best = min(shanten.values())
        tied = [pick for pick in picks if shanten[pick] == best]
        if len(tied) == 1:
            return tied[0]
        # Live tiles are counted only between the picks that tie on shanten: the costly part.
        visible = self._visible_board(view)

        def value(pick: Pick) -> tuple[int, bool]:
            ukeire = max(
                sum(self.shapes.ukeire(rest, visible).values())
                for rest in rests[pick]
                if self.shapes.shanten(rest) == best
            )
            return (-ukeire, not self.tiles[pick.tile].red)

        return min(tied, key=value)

    def _keep_value(self, view: SeatView, kind: int, board: int) -> int:
        """Lower means a better discard among equals: lone honours and terminals go first."""
        if is_honor(kind):
            value = 10 if self._is_yakuhai(view, kind) else 0
            return value + 5 * (count_of(board, kind) - 1)
        rank = kind % 9 + 1
        neighbours = sum(
            count_of(board, other)
            for other in (kind - 2, kind - 1, kind + 1, kind + 2)
            if 0 <= other < 27 and other // 9 == kind // 9
        )
        return 4 * neighbours + (3 if 3 <= rank <= 7 else 1) + 2 * (count_of(board, kind) - 1)

    def _danger(self, view: SeatView, kind: int, threats: Sequence[int]) -> int:
        """0 = genbutsu against every threat; higher is riskier."""
        worst = 0
        for threat in threats:
            river = {entry.tile.kind for entry in view.public.seats[threat].river}
            if kind in river:
                continue
            if is_honor(kind):
                seen = count_of(self._visible_board(view), kind)
                danger = 1 if seen >= 3 else 2 if seen == 2 else 4
            else:
                rank = kind % 9 + 1
                suji = [kind - 3] if rank > 3 else []
                suji += [kind + 3] if rank < 7 else []
                suji_safe = bool(suji) and all(other in river for other in suji)
                # Terminals can only be waited on from one side, so they are safer than middles.
                danger = (2 if suji_safe else 3) if rank in (1, 9) else (3 if suji_safe else 6)
            worst = max(worst, danger)
        return worst

    # --- calls ----------------------------------------------------------------------------------

    def _is_yakuhai(self, view: SeatView, kind: int) -> bool:
        seat = view.public.seats[view.seat]
        return kind in DRAGONS or (kind in HONORS and kind in (seat.wind, self._round_wind(view)))

    @staticmethod
    def _round_wind(view: SeatView) -> int | None:
        label = view.public.round_label
        return Kind.EAST + "東南西北".index(label[0]) if label and label[0] in "東南西北" else None

    def _wants_pon(self, view: SeatView, pon: Pon) -> bool:
        if self._threats(view):
            return False
        board = self._hand_board(view)
        kind = self.tiles[pon.tiles[0]].kind
        before = self.shapes.shanten(board)
        after_call = remove_tile(remove_tile(board, kind), kind)
        # After a pon the hand discards once, so judge the best shanten after one discard.
        after = min(
            self.shapes.shanten(remove_tile(after_call, other)) for other in range(34) if count_of(after_call, other)
        )
        if after >= before:
            return False
        return self._keeps_a_yaku(view, board, kind)

    def _keeps_a_yaku(self, view: SeatView, board: int, kind: int) -> bool:
        if self._is_yakuhai(view, kind):
            return True
        melds = view.public.seats[view.seat].melds
        kinds = [k for k in range(34) for _ in range(count_of(board, k))]
        kinds += [tile.kind for meld in melds for tile in meld.tiles]
        kinds.append(kind)
        if any(self._is_yakuhai(view, k) and kinds.count(k) >= 3 for k in set(kinds)):
            return True
        simples = all(not is_honor(k) and k % 9 not in (0, 8) for k in kinds)
        if simples:
            return True
        suits = {suit_of(k) for k in kinds if not is_honor(k)}
        return len(suits) <= 1
