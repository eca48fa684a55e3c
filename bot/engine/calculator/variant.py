"""How the calc scores one variant: :class:`VariantCalc`, its own options (:class:`CalcFlag`), the
situations its game never produces and the shared ones it does, and its calculator."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine.calculator.conflicts import SHARED_CONFLICTS, CalcConflict
from bot.engine.calculator.request import CalcError, CalcRequest
from bot.engine.calculator.result import CalcResult

__all__ = ["CalcFlag", "VariantCalc"]


@dataclass(frozen=True, slots=True)
class CalcFlag:
    """A calc CLI option only this variant reads: ``--<name>``, a flag (``bool``) or a value.

    The chosen variant's calculator finds each of its options in ``CalcRequest.options`` by
    ``name``, as given or else ``default``; another variant's option is refused.
    """

    name: str
    help: str
    type: type[bool] | type[int] | type[str] = bool
    default: int | str | None = None
    riichi: bool = False
    """An on/off option that declares a riichi (5等三麻's ``--open-riichi``): given, the request is
    a riichi (``CalcRequest.riichi``), so every check of a riichi sees it."""


@dataclass(frozen=True, slots=True)
class VariantCalc:
    """How the calc scores this variant: its own options and its calculator, which returns the
    scored hand or raises :class:`~bot.engine.calculator.CalcError`."""

    calculate: Callable[[CalcRequest], CalcResult]
    flags: tuple[CalcFlag, ...] = ()
    max_kan: int = 4
    """The most tiles a kan may have in ``--melds`` (チンイツゲーム adds copies to a kan: 8)."""
    conflicts: tuple[CalcConflict, ...] = ()
    """Situations this variant's game never produces, refused besides the shared ones
    (:data:`~bot.engine.calculator.SHARED_CONFLICTS`): いなげ's ダマテン無し, 二色麻雀's pon-only melds."""
    allows: frozenset[str] = frozenset()
    """Names of shared conflicts this variant's game does produce, so they are not refused."""

    @property
    def riichi_flags(self) -> tuple[CalcFlag, ...]:
        """The variant's options that declare a riichi."""
        return tuple(flag for flag in self.flags if flag.riichi)

    def check_situation(self, request: CalcRequest) -> None:
        """Refuse a request whose situation no table of this variant can produce: the first of the
        :data:`~bot.engine.calculator.SHARED_CONFLICTS` this variant does not allow, then its own
        conflicts, that applies is a :class:`~bot.engine.calculator.CalcError` with its message."""
        shared = (conflict for conflict in SHARED_CONFLICTS if conflict.name not in self.allows)
        for conflict in (*shared, *self.conflicts):
            if conflict.applies(request):
                raise CalcError(conflict.message)

    def score(self, request: CalcRequest) -> CalcResult:
        """Score the request: refuse a situation no table produces (:meth:`check_situation`) before
        anything is scored, then the variant's calculator."""
        self.check_situation(request)
        return self.calculate(request)
