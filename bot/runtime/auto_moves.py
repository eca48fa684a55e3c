"""The moves a player's auto options make for them (the ⚙ Auto buttons of a panel), as Tenhou's
and Mahjong Soul's toggles do: auto-discard in riichi (ツモ切り, on by default), auto-win (自動和了)
and no calls (鳴きなし).

:func:`automatic_move` reads only the seat's own view and the actions of its decision, and names
one of those actions, or None when the player is asked: so an automatic move is always a legal
action of the decision, and it is played through the same pipeline as a click (stored, replayed).
Nothing here names a variant; each variant's decision shapes fall into these rules:

* **auto-discard in riichi**: a seat in riichi whose decision offers one move only, the drawn
  tile discarded (or, where the tile may not go to the river, set aside: チンイツゲーム's 北,
  5等三麻's 北 and flowers). A draw that can win (a ``Tsumo``) or offers anything else (an
  ankan, いなげ's 横ドラ set aside, ずーの's ポッチ tsumo) asks. In ずーの the discard is locked in
  during the simultaneous phase like any other lock; 5等三麻's open riichi is a riichi like
  another.
* **auto-win**: the first win on offer (a tsumo or a ron; ずーの's several rons one after another,
  then Done), as the CPUs take it.
* **no calls**: a claim that offers only pon, chi and kan (and pass) is passed; a decision that
  offers a ron is the player's (or auto-win's).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence

from bot.engine.game import Action, Chi, Discard, Kan, Pass, Pon, Ron, SetAside, Tsumo
from bot.engine.views import SeatView
from bot.storage import AutoOptions

__all__ = ["AutoOption", "automatic_move", "toggled"]


class AutoOption(enum.StrEnum):
    """One of a player's auto options: a field of :class:`~bot.storage.AutoOptions`, and the op
    of its panel button (``jt:panel:<game>:<seq>:<option>``)."""

    RIICHI_DISCARD = "riichi_discard"
    """Discard a draw that cannot win once in riichi."""
    AUTO_WIN = "auto_win"
    """Take a tsumo or ron as soon as it is offered."""
    NO_CALLS = "no_calls"
    """Pass pon, chi and kan claims on others' discards."""

    def is_on(self, options: AutoOptions) -> bool:
        """Whether this option is on in ``options``."""
        match self:
            case AutoOption.RIICHI_DISCARD:
                return options.riichi_discard
            case AutoOption.AUTO_WIN:
                return options.auto_win
            case AutoOption.NO_CALLS:
                return options.no_calls


def toggled(options: AutoOptions, option: AutoOption) -> AutoOptions:
    """``options`` with ``option`` switched the other way."""
    on = not option.is_on(options)
    match option:
        case AutoOption.RIICHI_DISCARD:
            return dataclasses.replace(options, riichi_discard=on)
        case AutoOption.AUTO_WIN:
            return dataclasses.replace(options, auto_win=on)
        case AutoOption.NO_CALLS:
            return dataclasses.replace(options, no_calls=on)


def automatic_move(options: AutoOptions, view: SeatView, actions: Sequence[Action]) -> Action | None:
    """The action of ``actions`` (a decision's) that the seat's auto options play for it, or None
    when the player is asked (see the module docstring)."""
    wins = [action for action in actions if isinstance(action, Tsumo | Ron)]
    if wins:
        # A win on offer is the player's to take or decline, unless auto-win takes it.
        return wins[0] if options.auto_win else None
    if not actions:
        return None
    passes = [action for action in actions if isinstance(action, Pass)]
    if options.auto_win and view.rons_claimed and len(passes) == len(actions):
        # Every ron of a multi-ron taken (ずーの): what is left is to say Done.
        return passes[0]
    in_riichi = 0 <= view.seat < len(view.public.seats) and view.public.seats[view.seat].riichi
    if options.riichi_discard and in_riichi and len(actions) == 1 and isinstance(actions[0], Discard | SetAside):
        return actions[0]
    if options.no_calls and passes and all(isinstance(action, Pon | Chi | Kan | Pass) for action in actions):
        return passes[0]
    return None
