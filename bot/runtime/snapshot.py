"""The table as the runtime hands it to whoever shows it.

:func:`public_table_view` is the public view as the channel may see it (nothing that tells who
may claim a discard); :func:`declarations` are the public facts every panel shows as they happen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.engine.game import Unclaimed
from bot.engine.views import PublicView

__all__ = ["declarations", "public_table_view"]


def public_table_view(
    view: PublicView, *, deadline: float | None, auto: Sequence[int], unclaimed: Unclaimed | None = None
) -> PublicView:
    """The public view as the channel may see it.

    During claims the engine lists every seat that may call the discard in ``deciding``; showing
    that would tell everyone who holds a pair of the tile or waits on it, so only the seat whose
    turn it is stays highlighted. That a claim window is open at all tells as much (one opens
    only when some seat can take the tile), so while one is (``unclaimed``, the game's
    :meth:`~bot.engine.game.Game.unclaimed`) the table shows what it would had nobody been able
    to claim: the seat that plays on is on turn, in the phase play goes on in, with no clock.
    """
    if unclaimed is not None:
        turn = unclaimed.turn
        view = dataclasses.replace(view, phase=unclaimed.phase, turn=turn, deciding=(turn,) if turn is not None else ())
        deadline = None
    deciding = (view.turn,) if view.turn is not None and view.turn in view.deciding else ()
    seats = tuple(dataclasses.replace(seat, auto_played=seat.seat in auto) for seat in view.seats)
    return dataclasses.replace(view, deciding=deciding, deadline=deadline, seats=seats)


def declarations(view: PublicView) -> tuple[tuple[bool, int], ...]:
    """Each seat's riichi and meld count: the public facts a panel must show as they happen."""
    return tuple((seat.riichi, len(seat.melds)) for seat in view.seats)
