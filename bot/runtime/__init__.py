"""The asyncio runtime between Discord and the pure engine.

* :mod:`~bot.runtime.actor`: one :class:`TableActor` per channel serialises every input to a game;
* :mod:`~bot.runtime.presenter`: shows a table on Discord (coalesced table edits, private panels);
* :mod:`~bot.runtime.registry`: the running tables, start from a lobby, recovery after a restart;
* :mod:`~bot.runtime.customid` and :mod:`~bot.runtime.router`: button ids and where clicks go;
* :mod:`~bot.runtime.errors` and :mod:`~bot.runtime.replies`: domain errors and the one place
  that turns them into ephemeral replies.

See ``docs/architecture.md`` for the whole data flow.
"""

from bot.runtime.actor import TableActor
from bot.runtime.options import RuntimeOptions, TableTimers
from bot.runtime.registry import Runtime, TableRegistry

__all__ = ["Runtime", "RuntimeOptions", "TableActor", "TableRegistry", "TableTimers"]
