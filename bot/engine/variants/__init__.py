"""The variants and a registry to find them: each variant's entry (a
:class:`~bot.engine.variant_entry.VariantEntry`: its game class with class-level metadata, its
settings dataclass, its calculator), built in the variant's own package.

>>> find_variant("二色麻雀").variant
'nishoku'

Each game class's ``ui`` (a :class:`~bot.engine.variant_ui.VariantUI`, built in the variant's
``ui.py``) is how it is presented; the shared runtime finds it here, so it keeps no per-variant
lists: :func:`variant_ui` for a view's variant, :func:`tile_pages` for every panel page id.

>>> variant_ui("no such variant") == VariantUI()
True

Settings are each variant's dataclass inside the engine and JSON only at the edges (the store,
the calc CLI): :meth:`Variant.settings_from_json` builds the dataclass, :func:`settings_to_json`
writes it back, :func:`game_from_settings` builds a game from it, and :func:`new_game` builds one
from JSON at once.

>>> settings = find_variant("nishoku").settings_from_json({"hands": 4})
>>> settings_to_json(settings)["hands"], game_from_settings(settings, seed=1).variant
(4, 'nishoku')
"""

from __future__ import annotations

from bot.engine.game import Game
from bot.engine.table.settings import TableSettings
from bot.engine.variant_entry import JsonSettings, SettingValue, Variant, VariantEntry
from bot.engine.variant_ui import TilePage, VariantUI
from bot.engine.variants.chinitsu import CHINITSU
from bot.engine.variants.goto import GOTO
from bot.engine.variants.inage import INAGE
from bot.engine.variants.nishoku import NISHOKU
from bot.engine.variants.zuno import ZUNO

__all__ = [
    "VARIANTS",
    "JsonSettings",
    "SettingValue",
    "Variant",
    "VariantEntry",
    "find_variant",
    "game_from_settings",
    "new_game",
    "settings_to_json",
    "tile_pages",
    "variant_of",
    "variant_ui",
]

VARIANTS: tuple[Variant, ...] = (NISHOKU, INAGE, ZUNO, CHINITSU, GOTO)
"""Every registered variant, in the order menus and the calc list them."""


def find_variant(name: str) -> Variant:
    """Look a variant up by its key, an alias, or its Japanese title."""
    wanted = name.strip().lower()
    for variant in VARIANTS:
        if wanted == variant.variant or wanted in variant.aliases or wanted == variant.title:
            return variant
    known = ", ".join(variant.variant for variant in VARIANTS)
    raise ValueError(f"unknown variant {name!r} (known: {known})")


def variant_of(settings: TableSettings) -> Variant:
    """The variant whose settings dataclass ``settings`` are."""
    for variant in VARIANTS:
        if type(settings) is variant.settings_class:
            return variant
    raise TypeError(f"{type(settings).__name__} are no registered variant's settings")


def settings_to_json(settings: TableSettings) -> dict[str, SettingValue]:
    """A variant's settings as JSON (what the store keeps): each setting's value by name."""
    values = settings.to_json()
    for name, value in values.items():
        if not isinstance(value, bool | int | float | str):
            raise TypeError(f"setting {name} is {value!r}: a setting is on/off, a number or a word")
    return values


def game_from_settings(settings: TableSettings, *, seed: int, players: int | None = None) -> Game:
    """A game of the variant whose settings dataclass ``settings`` are; ``players`` defaults to the
    most the variant seats."""
    return variant_of(settings).game_from_settings(settings, seed=seed, players=players)


def new_game(variant: str, settings: JsonSettings | None = None, *, seed: int, players: int | None = None) -> Game:
    """Build a game from JSON settings (what the store and the calc CLI hold)."""
    return find_variant(variant).new_game_from_json(settings, seed=seed, players=players)


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
