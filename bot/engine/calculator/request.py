"""What a calculator is asked: :class:`CalcRequest`, parsed and checked, and :class:`CalcError`,
the refusal every step raises with its reason."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.engine.melds import Meld, MeldType
from bot.engine.tiles import Kind, Tile, TileNotationError, parse_tiles

__all__ = [
    "CalcError",
    "CalcRequest",
    "OptionValue",
    "option_tile",
    "option_tiles",
    "request_melds",
    "request_tiles",
]

OptionValue = bool | int | str | None
"""A variant option's value: on/off, a number or a text (None: neither given nor defaulted)."""
_KANS = frozenset({MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN})
_OPEN = frozenset({MeldType.PON, MeldType.CHI, MeldType.MINKAN, MeldType.KAKAN})


class CalcError(ValueError):
    """A request the calculator cannot score; the message says why."""


@dataclass(frozen=True)
class CalcRequest:
    """Everything the calculator was asked, already parsed and checked."""

    variant: str
    hand: tuple[Tile, ...]
    win: Tile
    tsumo: bool
    melds: tuple[tuple[MeldType, tuple[Tile, ...]], ...] = ()
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    seat: int = Kind.EAST
    round: int = Kind.EAST
    dealer: bool = False
    """The winner is the dealer: ``--dealer``, or implied by seat East."""
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False
    starter: bool = False
    """``--dealer`` itself was given: the winner started the hand (天和 rather than 地和) even in a
    variant without seat winds, where seat East implies nothing."""
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    """The chosen variant's own options (its :class:`~bot.engine.calculator.CalcFlag` names), as
    given or their defaults."""

    @property
    def has_kan(self) -> bool:
        """A kan of any kind is among the melds."""
        return any(meld_type in _KANS for meld_type, _ in self.melds)

    @property
    def has_open_meld(self) -> bool:
        """A called meld (pon, chi, open or added kan) is among the melds: an ankan is none."""
        return any(meld_type in _OPEN for meld_type, _ in self.melds)

    def has_meld(self, meld_type: MeldType) -> bool:
        """A meld of that type is among the melds."""
        return any(given is meld_type for given, _ in self.melds)

    def flag(self, name: str) -> bool:
        """The variant's on/off option ``--<name>``."""
        value = self.options[name]
        if not isinstance(value, bool):
            raise TypeError(f"--{name} is not an on/off option")
        return value

    def number(self, name: str) -> int | None:
        """The variant's integer option ``--<name>``, None when neither given nor defaulted."""
        value = self.options[name]
        if isinstance(value, bool) or not isinstance(value, int | None):
            raise TypeError(f"--{name} is not an integer option")
        return value

    def words(self, name: str) -> str | None:
        """The variant's text option ``--<name>``, None when neither given nor defaulted."""
        value = self.options[name]
        if not isinstance(value, str | None):
            raise TypeError(f"--{name} is not a text option")
        return value


def option_tiles(text: str, option: str) -> list[Tile]:
    """Tiles in notation from the option ``--<option>``; a typo is a :class:`CalcError` naming it."""
    try:
        return parse_tiles(text)
    except TileNotationError as error:
        raise CalcError(f"--{option}: {error}") from error


def option_tile(text: str, option: str) -> Tile:
    """The one tile in notation of the option ``--<option>``; none or several is a :class:`CalcError`."""
    tiles = option_tiles(text, option)
    if len(tiles) != 1:
        raise CalcError(f"--{option}: give exactly one tile, not {text!r}")
    return tiles[0]


def request_melds(request: CalcRequest) -> tuple[Meld, ...]:
    """The request's melds as the scorers take them (a kan as big as its tiles)."""
    return tuple(
        Meld(meld_type, min(tile.kind for tile in tiles), size=len(tiles)) for meld_type, tiles in request.melds
    )


def request_tiles(request: CalcRequest) -> list[Tile]:
    """Every tile of the hand and its melds."""
    return list(request.hand) + [tile for _, tiles in request.melds for tile in tiles]
