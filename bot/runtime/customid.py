"""Button custom_ids: one grammar for every button the bot sends, parsed and checked in one place.

A custom_id is ``jt:<verb>:<field>:...`` with at most 100 characters. Fields are decimal
numbers (game and lobby ids, decision sequence numbers, tile ids joined by ``.``) or short
lower-case words (an action kind, a leaderboard period). The verb never names a seat: the seat
comes from who clicked, so a button copied from someone else's message cannot act for them.

>>> ActionId(game=12, seq=34, kind="discard", args=(17,)).custom_id
'jt:act:12:34:discard:17'
>>> parse("jt:act:12:34:pon:3.4")
ActionId(game=12, seq=34, kind='pon', args=(3, 4))
>>> parse("jt:act:12:34:discard:1:2")
Traceback (most recent call last):
...
bot.runtime.errors.InvalidButton: That button is not valid.

Tile ids appear only on buttons of a player's own panel (ephemeral or DM), for tiles that player
holds; public messages carry game ids and sequence numbers only.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import ClassVar

from bot.engine.game import Action
from bot.engine.variants import tile_pages
from bot.runtime.auto_moves import AutoOption
from bot.runtime.errors import InvalidButton

__all__ = [
    "AUTO_PAGE",
    "PREFIX",
    "TEMPLATE",
    "ActionId",
    "ButtonId",
    "CancelGameId",
    "LeaderboardId",
    "LobbyId",
    "PanelId",
    "TableId",
    "action_args",
    "parse",
]

PREFIX = "jt"
AUTO_PAGE = "auto"
"""The panel op (and panel mode) that shows the player's auto options instead of the tiles."""
PANEL_LANGUAGES = {"locale-en": "en-US", "locale-ja": "ja"}
"""The panel ops that show a seat's panel in a language (its 🌐 button), and that language."""
MAX_LENGTH = 100
MAX_ID = 10**19
"""Snowflakes and row ids fit in 64 bits; anything longer is forged."""

TEMPLATE = re.compile(rf"{PREFIX}:.{{0,{MAX_LENGTH - len(PREFIX) - 1}}}", re.DOTALL)
"""What the single DynamicItem matches: every id with our prefix, valid or not, so that a forged
or outdated id still reaches :func:`parse` and gets an explanation instead of silence."""

_SHAPE = re.compile(rf"{PREFIX}:[a-z]{{1,8}}(?::[0-9a-z._-]{{1,24}}){{0,6}}")

_NUMBER = re.compile(r"[0-9]{1,19}")
_NUMBERS = re.compile(r"[0-9]{1,4}(?:\.[0-9]{1,4}){0,3}")
_WORD = re.compile(r"[a-z0-9_]{1,16}")


def _number(text: str) -> int:
    if not _NUMBER.fullmatch(text) or int(text) >= MAX_ID:
        raise InvalidButton()
    return int(text)


@dataclass(frozen=True, slots=True)
class ButtonId:
    """Base of the parsed ids; ``custom_id`` renders one back."""

    verb: ClassVar[str] = ""

    @property
    def custom_id(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class LobbyId(ButtonId):
    """A lobby button: ``jt:lobby:<lobby>:<op>`` (join, leave, cpu, start, cancel, and help, which
    anyone may press: it explains the lobby's variant and changes nothing)."""

    verb: ClassVar[str] = "lobby"
    OPS: ClassVar[frozenset[str]] = frozenset({"join", "leave", "cpu", "start", "cancel", "help"})
    lobby: int
    op: str

    @property
    def custom_id(self) -> str:
        return f"{PREFIX}:lobby:{self.lobby}:{self.op}"


@dataclass(frozen=True, slots=True)
class TableId(ButtonId):
    """A button on the public table message: ``jt:table:<game>:<seq>:<op>`` (hand, back).

    It carries the sequence number like every game button, but "My hand" and "I'm back" do not
    need it to be current: opening your panel is never stale.
    """

    verb: ClassVar[str] = "table"
    OPS: ClassVar[frozenset[str]] = frozenset({"hand", "back"})
    game: int
    seq: int
    op: str

    @property
    def custom_id(self) -> str:
        return f"{PREFIX}:table:{self.game}:{self.seq}:{self.op}"


@dataclass(frozen=True, slots=True)
class PanelId(ButtonId):
    """A panel button that does not act in the game: ``jt:panel:<game>:<seq>:<op>``.

    A tile page's name (``riichi``, or any registered variant's page, see
    :func:`bot.engine.variants.tile_pages`) switches the panel to that page and ``discard`` back
    to the plain discards; ``dm`` moves the panel to direct messages, ``here`` back to ephemeral
    messages, ``back`` takes the seat off autopilot; ``auto`` shows the player's auto options,
    each of which (``riichi_discard``, ``auto_win``, ``no_calls``) switches that option;
    ``locale-en`` and ``locale-ja`` show the panel in English or Japanese from then on.
    """

    verb: ClassVar[str] = "panel"
    PAGES: ClassVar[frozenset[str]] = frozenset(tile_pages())
    """Every page name any variant's panel may show; a page of another variant is shown as the
    discards, like a page whose choices are gone."""
    OPS: ClassVar[frozenset[str]] = PAGES | {
        "discard",
        "dm",
        "here",
        "back",
        AUTO_PAGE,
        *(option.value for option in AutoOption),
        *PANEL_LANGUAGES,
    }
    game: int
    seq: int
    op: str

    @property
    def custom_id(self) -> str:
        return f"{PREFIX}:panel:{self.game}:{self.seq}:{self.op}"


@dataclass(frozen=True, slots=True)
class ActionId(ButtonId):
    """A game action: ``jt:act:<game>:<seq>:<kind>[:<n>.<n>...]``.

    ``kind`` is the engine's action kind and ``args`` its integer fields after ``seat`` in
    declaration order (a discard's tile, a pon's two tiles), so new variants' actions need no
    new grammar.
    """

    verb: ClassVar[str] = "act"
    game: int
    seq: int
    kind: str
    args: tuple[int, ...] = ()

    @property
    def custom_id(self) -> str:
        base = f"{PREFIX}:act:{self.game}:{self.seq}:{self.kind}"
        return f"{base}:{'.'.join(map(str, self.args))}" if self.args else base


def action_args(action: Action) -> tuple[int, ...]:
    """The action's integer fields after ``seat``, flattened (a flag as 0 or 1): what its button
    carries (:attr:`ActionId.args`). Two actions of one kind never share an id (いなげ's vote and
    its withdrawal)."""
    args: list[int] = []
    for field in dataclasses.fields(action):
        if field.name == "seat":
            continue
        value = getattr(action, field.name)
        if isinstance(value, tuple):
            args.extend(int(item) for item in value)
        elif isinstance(value, int):
            args.append(int(value))
    return tuple(args)


@dataclass(frozen=True, slots=True)
class LeaderboardId(ButtonId):
    """A leaderboard page: ``jt:board:<variant>:<period>:<offset>[:<order>]``; the guild is the
    clicker's. The default order, by rating, is left out, so those pages keep the ids they had
    before there was an order.

    >>> parse("jt:board:nishoku:7d:10")
    LeaderboardId(variant='nishoku', period='7d', offset=10, order='rating')
    >>> LeaderboardId("nishoku", "all", 0, "chips").custom_id
    'jt:board:nishoku:all:0:chips'
    """

    verb: ClassVar[str] = "board"
    variant: str
    period: str
    offset: int
    order: str = "rating"

    @property
    def custom_id(self) -> str:
        base = f"{PREFIX}:board:{self.variant}:{self.period}:{self.offset}"
        return base if self.order == "rating" else f"{base}:{self.order}"


@dataclass(frozen=True, slots=True)
class CancelGameId(ButtonId):
    """The answer to ``/mahjong cancel`` of a running game: ``jt:cancel:<game>:<op>``, ``confirm``
    (cancel it) or ``keep`` (keep playing). Only the host or a member with Manage Server is sent
    one, and a click is checked again; once that game has ended (cancelled by the first of two
    clicks, or followed by another game in the channel) the button is stale.

    >>> parse("jt:cancel:12:confirm")
    CancelGameId(game=12, op='confirm')
    """

    verb: ClassVar[str] = "cancel"
    OPS: ClassVar[frozenset[str]] = frozenset({"confirm", "keep"})
    game: int
    op: str

    @property
    def custom_id(self) -> str:
        return f"{PREFIX}:cancel:{self.game}:{self.op}"


def parse(custom_id: str) -> ButtonId:
    """Parse and check a custom_id; anything malformed raises :class:`InvalidButton`.

    Only the shape is checked here. Whether the game exists, the clicker sits at it and the
    sequence number is current is the actor's business.
    """
    if len(custom_id) > MAX_LENGTH or not _SHAPE.fullmatch(custom_id):
        raise InvalidButton()
    _, verb, *fields = custom_id.split(":")
    if verb == "act" and len(fields) in (3, 4):
        game, seq, kind = _number(fields[0]), _number(fields[1]), fields[2]
        if not _WORD.fullmatch(kind):
            raise InvalidButton()
        args: tuple[int, ...] = ()
        if len(fields) == 4:
            if not _NUMBERS.fullmatch(fields[3]):
                raise InvalidButton()
            args = tuple(int(part) for part in fields[3].split("."))
        return ActionId(game, seq, kind, args)
    if verb in ("table", "panel") and len(fields) == 3:
        cls = TableId if verb == "table" else PanelId
        if fields[2] not in cls.OPS:
            raise InvalidButton()
        return cls(_number(fields[0]), _number(fields[1]), fields[2])
    if verb == "lobby" and len(fields) == 2 and fields[1] in LobbyId.OPS:
        return LobbyId(_number(fields[0]), fields[1])
    if verb == "cancel" and len(fields) == 2 and fields[1] in CancelGameId.OPS:
        return CancelGameId(_number(fields[0]), fields[1])
    if verb == "board" and len(fields) in (3, 4) and all(_WORD.fullmatch(field) for field in fields[:2] + fields[3:]):
        return LeaderboardId(fields[0], fields[1], _number(fields[2]), *fields[3:])
    raise InvalidButton()
