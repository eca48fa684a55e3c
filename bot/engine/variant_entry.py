"""A variant's registry entry: its game class, its settings dataclass and its calculator.

:class:`VariantEntry` is typed in the variant's settings dataclass ``S``, so code that knows the
variant gets its own settings back (``NISHOKU.settings_from_json({})`` is a
:class:`~bot.engine.variants.nishoku.NishokuSettings`). The registry holds entries of every
settings type at once, which Python's types can only say through what they share:
:class:`Variant`, the entry as code that does not know the variant reads it (settings as
:class:`~bot.engine.table.TableSettings`, each checked at run time to be the variant's own).

Each variant's package builds its entry in its ``__init__.py``; nothing here imports a variant.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from bot.engine.calculator import VariantCalc
from bot.engine.game import Game
from bot.engine.table.seats import TableSize
from bot.engine.table.settings import TableSettings
from bot.engine.variant_ui import VariantUI

__all__ = ["GameClass", "JsonSettings", "SettingValue", "Variant", "VariantEntry", "VariantGame"]

S = TypeVar("S", bound=TableSettings)
S_contra = TypeVar("S_contra", bound=TableSettings, contravariant=True)

SettingValue = bool | int | float | str
"""What a table setting is: on/off, a number or a word."""
JsonSettings = Mapping[str, SettingValue]
"""Table settings as JSON (what the store and the calc CLI hold): a value by setting name."""


class GameClass(Protocol):
    """What the registry reads from a variant's game class, whatever its settings."""

    # Read as attributes of the class object, so plain (not ClassVar) annotations here.
    variant: str
    aliases: tuple[str, ...]
    title: str
    table_size: TableSize
    """How many players the variant seats (``min_players`` and ``max_players`` of the entry)."""
    has_chips: bool
    """The variant keeps chips (祝儀) beside points: results, stats and leaderboards count them."""
    ui: VariantUI

    def __call__(self, *, seed: int = ..., players: int | None = ...) -> Game: ...


class VariantGame(GameClass, Protocol[S_contra]):
    """A variant's game class, built from its settings dataclass (None: the defaults)."""

    def __call__(self, settings: S_contra | None = ..., *, seed: int = ..., players: int | None = ...) -> Game: ...


class Variant(Protocol):
    """A registered variant, whatever its settings dataclass: what ``VARIANTS`` holds and
    ``find_variant`` returns. Settings go in and come out as :class:`TableSettings`; a variant
    given another variant's settings refuses them (``TypeError``)."""

    @property
    def game(self) -> GameClass:
        """The game class."""

    @property
    def settings_class(self) -> type[TableSettings]:
        """The settings dataclass."""

    @property
    def calc(self) -> VariantCalc | None:
        """How the calc scores the variant; None: it does not."""

    @property
    def variant(self) -> str:
        """The key (``nishoku``)."""

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names a player may type for it."""

    @property
    def title(self) -> str:
        """The Japanese title (二色麻雀)."""

    @property
    def min_players(self) -> int:
        """The fewest players a table seats."""

    @property
    def max_players(self) -> int:
        """The most players a table seats."""

    @property
    def has_chips(self) -> bool:
        """The variant keeps chips (祝儀) beside points: results, stats and leaderboards count them."""

    @property
    def ui(self) -> VariantUI:
        """How the variant is presented."""

    def settings_from_json(self, data: JsonSettings) -> TableSettings:
        """The settings dataclass from JSON; an unknown key or a value the settings refuse is a
        ``ValueError`` (a value of the wrong kind may be a ``TypeError``)."""

    def game_from_settings(self, settings: TableSettings, *, seed: int, players: int | None = None) -> Game:
        """A game with ``settings``, which must be this variant's (else ``TypeError``);
        ``players`` defaults to the most the variant seats."""

    def new_game_from_json(self, data: JsonSettings | None, *, seed: int, players: int | None = None) -> Game:
        """A game with settings from JSON (None or ``{}``: the defaults)."""


@dataclass(frozen=True)
class VariantEntry(Generic[S]):
    """One variant in the registry, typed in its settings dataclass ``S``: its game class, its
    settings and its calculator (None: the calc does not score it). It is a :class:`Variant`,
    and reads the game class's metadata (``variant``, ``title``, ``ui``…) through to it.

    >>> from bot.engine.variants.nishoku import NISHOKU
    >>> NISHOKU.settings_from_json({"hands": 4}).hands, NISHOKU.title
    (4, '二色麻雀')
    >>> NISHOKU.new_game(NISHOKU.settings_from_json({"hands": 4}), seed=1).players
    4
    """

    game: VariantGame[S]
    settings_class: type[S]
    calc: VariantCalc | None = None

    # The game class's metadata, read through to it (documented in :class:`Variant`).

    @property
    def variant(self) -> str:
        return self.game.variant

    @property
    def aliases(self) -> tuple[str, ...]:
        return self.game.aliases

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def min_players(self) -> int:
        return self.game.table_size.fewest

    @property
    def max_players(self) -> int:
        return self.game.table_size.most

    @property
    def has_chips(self) -> bool:
        return self.game.has_chips

    @property
    def ui(self) -> VariantUI:
        return self.game.ui

    def settings_from_json(self, data: JsonSettings) -> S:
        """The settings dataclass from JSON; an unknown key or a value the settings refuse is a
        ``ValueError`` (a value of the wrong kind may be a ``TypeError``)."""
        return self.settings_class.from_json(dict(data))

    def new_game(self, settings: S | None = None, *, seed: int, players: int | None = None) -> Game:
        """A game with ``settings`` (None: the defaults); ``players`` defaults to the most the
        variant seats."""
        return self.game(settings, seed=seed, players=self.max_players if players is None else players)

    def game_from_settings(self, settings: TableSettings, *, seed: int, players: int | None = None) -> Game:
        """:meth:`new_game` with settings typed as any variant's: they must be this one's."""
        if not isinstance(settings, self.settings_class):
            raise TypeError(f"{type(settings).__name__} are not {self.title} settings")
        return self.new_game(settings, seed=seed, players=players)

    def new_game_from_json(self, data: JsonSettings | None, *, seed: int, players: int | None = None) -> Game:
        """A game with settings from JSON (None or ``{}``: the defaults)."""
        return self.new_game(self.settings_from_json(data or {}), seed=seed, players=players)
