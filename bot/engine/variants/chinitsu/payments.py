"""チンイツゲーム's chips (祝儀) for a win (spec §3.11).

「リーチ一発、裏ドラがチップ1枚、本役満がチップ5枚のご祝儀が貰えます」「本役満のご祝儀はツモ、ロンとも
に2人から貰えます」「5の牌は全て赤でドラ扱い（チップはつかない）」.

Who pays what, per payer:

- 一発 and each 裏ドラ: on a ron the discarder alone; on a tsumo each of the other two [recommended].
- 本役満: ``yakuman_chips`` per yakuman (背一色 counts two) from **each** of the two opponents, on a
  ron as on a tsumo. 数え役満 (14 han and more) is no 本役満 and earns none.
- Red fives: nothing.

>>> chips = WinChips(tsumo=False, ippatsu=1, ura=2, yakuman=5)
>>> chips.from_discarder, chips.from_other, chips.total
(8, 5, 13)
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.scoring import HandScore
from bot.engine.tiles import Kind
from bot.engine.variants.chinitsu.settings import ChinitsuSettings
from bot.engine.yaku.context import WinContext

__all__ = ["WinChips", "nagashi_chips", "win_chips"]

_DEFAULT = ChinitsuSettings()


@dataclass(frozen=True, slots=True)
class WinChips:
    """The chips of one win. ``ippatsu`` and ``ura`` are what each payer of them owes (the
    discarder on a ron, each of the two on a tsumo); ``yakuman`` is what each of the two
    opponents owes in every case."""

    tsumo: bool
    ippatsu: int = 0
    ura: int = 0
    yakuman: int = 0

    @property
    def from_discarder(self) -> int:
        """What the discarder of a ron (or each player, on a tsumo) hands over."""
        return self.ippatsu + self.ura + self.yakuman

    @property
    def from_other(self) -> int:
        """What the opponent who did not deal in hands over on a ron (on a tsumo: as the other)."""
        return self.from_discarder if self.tsumo else self.yakuman

    def owed(self, *, discarder: bool) -> int:
        """What one opponent owes: the discarder of a ron, or any payer of a tsumo, or (False on a
        ron) the opponent who did not deal in."""
        return self.from_discarder if discarder or self.tsumo else self.yakuman

    @property
    def total(self) -> int:
        """Everything the winner receives from the two opponents."""
        return self.from_discarder + self.from_other

    def per_payer(self) -> dict[str, int]:
        """The calc's view: ``{"each": n}`` on a tsumo, ``{"discarder": n, "other": m}`` on a ron."""
        if self.tsumo:
            return {"each": self.from_discarder}
        return {"discarder": self.from_discarder, "other": self.from_other}

    def to_json(self) -> dict[str, int]:
        """The items, per payer of each, by their Japanese names."""
        return {"一発": self.ippatsu, "裏ドラ": self.ura, "本役満": self.yakuman}


def win_chips(ctx: WinContext, score: HandScore, settings: ChinitsuSettings = _DEFAULT) -> WinChips:
    """The chips of a scored win; all 0 when the table plays without chips (``chips`` off)."""
    if not settings.chips:
        return WinChips(ctx.tsumo)
    riichi = ctx.riichi or ctx.double_riichi
    return WinChips(
        tsumo=ctx.tsumo,
        ippatsu=settings.ippatsu_chips if ctx.ippatsu and riichi else 0,
        ura=settings.ura_chips * ctx.ura_dora(sanma=True, nuki_kind=Kind.NORTH),
        yakuman=settings.yakuman_chips * score.yakuman,
    )


def nagashi_chips(settings: ChinitsuSettings = _DEFAULT) -> WinChips:
    """流し is a 本役満, so each opponent pays its yakuman chips, as on a tsumo."""
    return WinChips(tsumo=True, yakuman=settings.yakuman_chips if settings.chips else 0)
