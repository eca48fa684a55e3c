"""Spies for the end-to-end tests that look at every public payload: :class:`ConcealedFaceSpy`
(no concealed face in a public image or string) and :class:`LogTrap` (no tile in a log line)."""

from __future__ import annotations

import dataclasses
import logging
import re
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

import bot.ui.presenter as presenter_module
from bot.app import JantakuBot
from bot.engine.events import Event
from bot.engine.game import Action
from bot.engine.tiles import Tile
from bot.engine.variants.chinitsu import ChinitsuSettings
from bot.engine.views import PublicView, RiverTile
from bot.runtime import TableActor
from bot.sandbox.fakediscord import SpyEvent
from bot.sandbox.players import ACT
from bot.ui.labels import tile_label
from render import Language
from tests.engine.rigging import as_table

from .helpers import HiddenInformationSpy

__all__ = ["MPSZ_RUN", "ConcealedFaceSpy", "LogTrap"]


# --- the spy: no concealed face anywhere public ------------------------------------------------------

MPSZ_RUN = re.compile(r"[0-9]{2,}[mpsz]|Tile\(")
"""A hand written out (``123p``) or a tile's repr: never in a log line."""


def _tiles_in(value: object) -> Iterator[Tile]:
    """Every Tile inside a view, however deep; a called discard only once (in its meld: it is
    drawn in the river too, marked, as the same physical tile)."""
    if isinstance(value, RiverTile) and value.called:
        return
    if isinstance(value, Tile):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _tiles_in(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _tiles_in(item)


class ConcealedFaceSpy(HiddenInformationSpy):
    """:class:`HiddenInformationSpy` (private images only to their seat, no concealed tile id in
    anyone else's button, no action button or panel text in public), and:

    * every public table image is drawn from a view whose tiles are all public at that view's
      move (rivers, melds, 北 pulled, dora indicators: compared face by face, back colour and red
      five included, with what the engine called public after that move), and whose backs are
      only colours, listed sorted (their order would follow the hidden faces), or none at all
      when ``backs_public`` is off;
    * no public string (text, embeds, labels, custom_ids, attachment names and descriptions)
      carries a ``jt:act`` id, and none names a concealed hand written out;
    * no log line of the bot writes out a hand, a tile, or a tile-carrying button id.
    """

    def __init__(self, bot: JantakuBot, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(bot, monkeypatch)
        self.public_faces: dict[tuple[int, int], Counter[Tile]] = {}
        """(game, sequence) -> the public tiles' faces after the move that led there."""
        self.table_views = 0
        self.strings_checked = 0
        self.problems: list[str] = []
        # Read where the presenter looks it up (not from ``render``), so that a spy set up before
        # this one stays in the chain; the module imports it without re-exporting it.
        real_render_table = presenter_module.render_table  # type: ignore[attr-defined]

        def recording_render_table(
            view: PublicView, names: Sequence[str], *, bottom: int = 0, language: Language = Language.JA
        ) -> bytes:
            # Raised in the renderer, a leak only shows as a failed table update in the log:
            # kept here too, so :meth:`check` names it.
            try:
                self._check_public_view(view)
            except AssertionError as error:
                self.problems.append(str(error))
                raise
            return real_render_table(view, names, bottom=bottom, language=language)

        monkeypatch.setattr(presenter_module, "render_table", recording_render_table)

    def _watch_deals(self, actor: TableActor) -> None:
        super()._watch_deals(actor)
        game = actor.game
        wrapped = game.apply

        def apply(action: Action) -> list[Event]:
            events = wrapped(action)
            self.snapshot(actor)
            return events

        self.snapshot(actor)
        game.apply = apply  # type: ignore[method-assign]  # the spy wraps the running game's own apply

    def snapshot(self, actor: TableActor) -> None:
        """Note what is public now (a test that rigs the deal calls this: the move stays 0)."""
        game = actor.game
        self.public_faces[(actor.game_id, game.sequence)] = Counter(game.tiles[t] for t in game.public_tiles())

    def _check_public_view(self, view: PublicView) -> None:
        self._refresh_actors()
        (actor,) = self.actors.values()
        game = as_table(actor.game)
        self.table_views += 1
        public = self.public_faces.get((actor.game_id, view.sequence))
        if public is not None:
            shown = Counter(_tiles_in(view))
            hidden = shown - public
            assert not hidden, f"the table image at move {view.sequence} shows tiles nobody may see: {hidden}"
        backs_public = isinstance(game.settings, ChinitsuSettings) and game.settings.backs_public
        for seat in view.seats:
            if backs_public:
                assert len(seat.concealed_backs) in (0, seat.concealed_count), seat
                values = [back.value if back is not None else "" for back in seat.concealed_backs]
                assert values == sorted(values), f"seat {seat.seat}'s backs are in hand order: {values}"
            else:
                assert seat.concealed_backs == (), "backs shown with backs_public off"
        if not backs_public:
            assert view.wall_backs == (), "the wall's backs shown where they are not public"

    def check(self) -> None:
        """Fail on any table image drawn from a view that showed something hidden."""
        assert not self.problems, self.problems
        assert self.table_views > 0 and self.strings_checked > 0

    def __call__(self, event: SpyEvent) -> None:
        super().__call__(event)
        if event.audience.kind != "public":
            return
        hands = []
        for actor in self.actors.values():
            game = as_table(actor.game)
            for seat in range(game.players):
                concealed = sorted(game.concealed_tiles(seat), key=lambda t: (game.kinds[t], t))
                if len(concealed) >= 4:
                    hands.append("".join(str(game.tiles[t]) for t in concealed))
                    hands.append(" ".join(tile_label(game.tiles[t]) for t in concealed))
        for string in event.strings():
            self.strings_checked += 1
            assert not re.search(r"jt:act:", string), f"an action id in public: {string!r}"
            for hand in hands:
                assert hand not in string, f"a concealed hand in public: {string!r}"


class LogTrap(logging.Handler):
    """Every record the bot logs while a test runs."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def check(self) -> None:
        for record in self.records:
            line = record.getMessage()
            assert not MPSZ_RUN.search(line), f"a log line writes out tiles: {line!r}"
            act = ACT.search(line)
            assert act is None or act["args"] is None, f"a log line has a tile id: {line!r}"
        errors = [r.getMessage() for r in self.records if r.levelno >= logging.ERROR]
        assert not errors, errors
