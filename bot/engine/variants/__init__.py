"""The variants, each a game class with class-level metadata, and a registry to find them.

>>> find_variant("二色麻雀").variant
'nishoku'

Each class's ``ui`` (a :class:`~bot.engine.variant_ui.VariantUI`, built in the variant's
``ui.py``) is how it is presented; the shared runtime finds it here, so it keeps no per-variant
lists: :func:`variant_ui` for a view's variant, :func:`tile_pages` for every panel page id.

>>> variant_ui("no such variant") == VariantUI()
True
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.engine.game import Game
from bot.engine.variant_ui import TilePage, VariantUI

__all__ = ["VARIANTS", "VariantClass", "find_variant", "new_game", "tile_pages", "variant_ui"]


class VariantClass(Protocol):
    """What the registry needs from a variant's game class."""

    # Read as attributes of the class object, so plain (not ClassVar) annotations here.
    variant: str
    aliases: tuple[str, ...]
    title: str
    min_players: int
    max_players: int
    has_chips: bool
    """The variant keeps chips (祝儀) beside points: results, stats and leaderboards count them."""
    ui: VariantUI

    def __call__(self, settings: Any = ..., *, seed: int = ..., players: int = ...) -> Game: ...

    def settings_from_json(self, data: dict[str, Any]) -> Any: ...


def _variants() -> tuple[VariantClass, ...]:
    from bot.engine.variants.chinitsu import ChinitsuGame
    from bot.engine.variants.goto import GotoGame
    from bot.engine.variants.inage import InageGame
    from bot.engine.variants.nishoku import NishokuGame
    from bot.engine.variants.zuno import ZunoGame

    return (NishokuGame, InageGame, ZunoGame, ChinitsuGame, GotoGame)


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


def variant_ui(name: str) -> VariantUI:
    """The presentation of a view's variant; an unregistered name (a sample view of a variant
    still to come) gets the empty one, which means "nothing special"."""
    try:
        return find_variant(name).ui
    except ValueError:
        return VariantUI()


def tile_pages() -> dict[str, TilePage]:
    """Every tile page any variant's panel may show, by name: the shared riichi page and each
    variant's own. A name means one page everywhere, since panel button ids carry only the name."""
    pages: dict[str, TilePage] = {}
    for variant in VARIANTS:
        for page in variant.ui.tile_pages:
            if pages.setdefault(page.name, page) != page:
                raise ValueError(f"tile page {page.name!r} of {variant.variant} differs from another variant's")
    return pages
