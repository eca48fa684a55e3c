"""Game records: variant + settings + seed + accepted actions, and exact replay.

>>> record = GameRecord("nishoku", {}, seed=7, players=4)
>>> GameRecord.from_json(record.to_json()) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.game import Action, Game, action_from_json, action_to_json
from bot.engine.variants import SettingValue, new_game

__all__ = ["GameRecord", "replay"]


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game exactly."""

    variant: str
    settings: dict[str, SettingValue]
    """The table settings as JSON, as the store keeps them."""
    seed: int
    players: int
    actions: tuple[dict[str, Any], ...] = field(default=())

    def with_action(self, action: Action) -> GameRecord:
        """A copy with one more accepted action."""
        return replace(self, actions=(*self.actions, action_to_json(action)))

    def start(self) -> Game:
        """The game as it was before its first action: what :func:`replay` applies the actions to,
        and what a caller that steps through them itself starts from."""
        return new_game(self.variant, self.settings, seed=self.seed, players=self.players)

    def to_json(self) -> str:
        """Stable JSON text."""
        return json.dumps(
            {
                "variant": self.variant,
                "settings": self.settings,
                "seed": self.seed,
                "players": self.players,
                "actions": list(self.actions),
            },
            sort_keys=True,
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse what :meth:`to_json` wrote."""
        data = json.loads(text)
        return cls(
            variant=data["variant"],
            settings=dict(data["settings"]),
            seed=int(data["seed"]),
            players=int(data["players"]),
            actions=tuple(data["actions"]),
        )


def replay(record: GameRecord, *, on_step: Callable[[int, Game], None] | None = None) -> Game:
    """Rebuild the game by applying every recorded action in order.

    ``on_step(i, game)`` runs after action ``i`` (and with ``i = -1`` before the first), so a
    caller can compare state hashes along the way. An action the rules refuse raises
    :class:`~bot.engine.game.RulesError`: a record that does not replay is corrupt.
    """
    game = record.start()
    if on_step is not None:
        on_step(-1, game)
    for index, data in enumerate(record.actions):
        game.apply(action_from_json(data))
        if on_step is not None:
            on_step(index, game)
    return game
