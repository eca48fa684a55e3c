"""The variants, each a game class with class-level metadata, and a registry to find them.

>>> find_variant("二色麻雀").variant
'nishoku'
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.engine.game import Game

__all__ = ["VARIANTS", "VariantClass", "find_variant", "new_game"]


class VariantClass(Protocol):
    """What the registry needs from a variant's game class."""

    # Read as attributes of the class object, so plain (not ClassVar) annotations here.
    variant: str
    aliases: tuple[str, ...]
    title: str
    min_players: int
    max_players: int

    def __call__(self, settings: Any = ..., *, seed: int = ..., players: int = ...) -> Game: ...

    def settings_from_json(self, data: dict[str, Any]) -> Any: ...


def _variants() -> tuple[VariantClass, ...]:
    from bot.engine.variants.inage import InageGame
    from bot.engine.variants.nishoku import NishokuGame
    from bot.engine.variants.zuno import ZunoGame

    return (NishokuGame, InageGame, ZunoGame)


VARIANTS: tuple[VariantClass, ...] = _variants()


def find_variant(name: str) -> VariantClass:
    """Look a variant up by its key, an alias, or its Japanese title."""
    wanted = name.strip().lower()
    for variant in VARIANTS:
        if wanted == variant.variant or wanted in variant.aliases or wanted == variant.title:
            return variant
    known = ", ".join(variant.variant for variant in VARIANTS)
    raise ValueError(f"unknown variant {name!r} (known: {known})")


def new_game(variant: str, settings: dict[str, Any] | None = None, *, seed: int, players: int | None = None) -> Game:
    """Build a game from JSON settings (what the store and the calc CLI hold)."""
    cls = find_variant(variant)
    parsed = cls.settings_from_json(settings or {})
    return cls(parsed, seed=seed, players=players if players is not None else cls.max_players)
