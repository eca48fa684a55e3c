"""The calculator library: what every variant's calculator is built from, and the standard rules.

It imports nothing of the variants or their registry, so each variant's ``calc.py`` builds on it
and its :class:`VariantCalc` hangs off the variant's registry entry; the command line front end
(:mod:`bot.engine.calc`, ``python -m bot.engine.calc`` and ``/mahjong calc``) stands above both.

- :mod:`~bot.engine.calculator.request`: :class:`CalcRequest`, :class:`CalcError`, the tiles of an option.
- :mod:`~bot.engine.calculator.conflicts`: :class:`CalcConflict`, :data:`SHARED_CONFLICTS`, :func:`no_chi`…
- :mod:`~bot.engine.calculator.variant`: :class:`VariantCalc` and its options (:class:`CalcFlag`).
- :mod:`~bot.engine.calculator.checks`: tile limits and hand size, and what three-player tables refuse.
- :mod:`~bot.engine.calculator.result`: :class:`CalcResult` (typed, and its JSON), the yaku lines, the payments.
- :mod:`~bot.engine.calculator.standard`: :func:`win_context`, :func:`score_standard`, :data:`STANDARD_CALC`.
"""

from bot.engine.calculator.checks import (
    THREE_PLAYER_SEATS,
    check_hand_size,
    check_three_player_table,
    check_tile_limits,
    check_two_manzu,
)
from bot.engine.calculator.conflicts import SHARED_CONFLICTS, CalcConflict, no_chankan, no_chi
from bot.engine.calculator.request import (
    CalcError,
    CalcRequest,
    OptionValue,
    option_tile,
    option_tiles,
    request_melds,
    request_tiles,
)
from bot.engine.calculator.result import (
    CalcChips,
    CalcExtras,
    CalcResult,
    JsonObject,
    JsonValue,
    hand_result,
    payments,
    yaku_lines,
)
from bot.engine.calculator.standard import STANDARD_CALC, score_standard, win_context
from bot.engine.calculator.variant import CalcFlag, VariantCalc

__all__ = [
    "SHARED_CONFLICTS",
    "STANDARD_CALC",
    "THREE_PLAYER_SEATS",
    "CalcChips",
    "CalcConflict",
    "CalcError",
    "CalcExtras",
    "CalcFlag",
    "CalcRequest",
    "CalcResult",
    "JsonObject",
    "JsonValue",
    "OptionValue",
    "VariantCalc",
    "check_hand_size",
    "check_three_player_table",
    "check_tile_limits",
    "check_two_manzu",
    "hand_result",
    "no_chankan",
    "no_chi",
    "option_tile",
    "option_tiles",
    "payments",
    "request_melds",
    "request_tiles",
    "score_standard",
    "win_context",
    "yaku_lines",
]
