"""The asyncio runtime between the Discord side (:mod:`bot.ui`) and the pure engine; it imports
no Discord.

* :mod:`~bot.runtime.actor`: one :class:`TableActor` per channel serialises every input to a game
  and hands whoever shows it an immutable snapshot (:mod:`~bot.runtime.snapshot`) through the
  :mod:`~bot.runtime.presenting` protocols; it composes the decisions it waits on
  (:mod:`~bot.runtime.decisions`), the game's views (:mod:`~bot.runtime.views`), the move
  pipeline (:mod:`~bot.runtime.moves`), the pause while the store refuses writes
  (:mod:`~bot.runtime.pausing`) and the moves nobody clicks (:mod:`~bot.runtime.autoplay`);
* :mod:`~bot.runtime.shared`: :class:`Runtime`, what the tables and lobbies share (store, lobbies,
  tables, render workers); :mod:`~bot.runtime.registry`: the running tables, started from a lobby
  or resumed; :mod:`~bot.runtime.recovery`: what the store says was running, back at start-up;
* :mod:`~bot.runtime.customid` and :mod:`~bot.runtime.errors`: button ids and domain errors;
* :mod:`~bot.runtime.lobby`, :mod:`~bot.runtime.variants`, :mod:`~bot.runtime.i18n`,
  :mod:`~bot.runtime.rendering`: lobbies, settings, texts, render workers.

See ``docs/architecture.md`` for the whole data flow.
"""

from bot.runtime.actor import TableActor
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.registry import TableRegistry
from bot.runtime.shared import Runtime

__all__ = ["Runtime", "RuntimeOptions", "TableActor", "TableRegistry", "TableTimers"]
