"""Domain errors: raised wherever a request cannot be honoured, turned into an ephemeral reply in
one place (:func:`bot.runtime.replies.reply_error`).

Every error carries a message key and its parameters, so the reply is written in the clicker's
language; ``str(error)`` is the English text for logs and tests.

>>> str(StaleClick(seq=3, current=5))
'That button is from an earlier turn (#3); the game is at #5 now. Use your latest panel.'
"""

from __future__ import annotations

from typing import Any, ClassVar

from bot.runtime.i18n import Locale, text

__all__ = [
    "AlreadyJoined",
    "BadOption",
    "BadSetting",
    "CalcRejected",
    "ChannelBusy",
    "GameOver",
    "GuildOnly",
    "InvalidButton",
    "JantakuError",
    "LobbyFull",
    "LobbyGone",
    "LobbySaveFailed",
    "MoveKept",
    "NeedPlayers",
    "NoChips",
    "NoLobby",
    "NoTable",
    "NotAuto",
    "NotHost",
    "NotInLobby",
    "NotSeated",
    "SaveFailed",
    "StaleClick",
    "TablePaused",
    "UnknownGame",
    "UnknownVariant",
]


class JantakuError(Exception):
    """Something the user asked for cannot be done; the message is safe to show them."""

    key: ClassVar[str] = "internal"

    def __init__(self, **params: Any) -> None:
        self.params = params
        super().__init__(text(self.key, None, **params))

    def message(self, locale: Locale | None) -> str:
        """The explanation in the user's language."""
        return text(self.key, locale, **self.params)


class InvalidButton(JantakuError):
    """A custom_id we never sent (forged, or from a message we no longer recognise)."""

    key = "invalid_button"


class StaleClick(JantakuError):
    """The button belongs to a decision that is already over."""

    key = "stale_click"

    def __init__(self, *, seq: int, current: int) -> None:
        super().__init__(seq=seq, current=current)


class NotSeated(JantakuError):
    """The clicker does not play at this table."""

    key = "not_seated"


class NoTable(JantakuError):
    """No running game in this channel."""

    key = "no_table"


class GameOver(JantakuError):
    """The game the button belongs to has ended (or was cancelled)."""

    key = "game_over"


class NoLobby(JantakuError):
    """No open lobby in this channel."""

    key = "no_lobby"


class LobbyGone(JantakuError):
    """A button of a lobby that no longer exists."""

    key = "lobby_gone"


class ChannelBusy(JantakuError):
    """The channel already has a lobby or a game."""

    key = "channel_busy"


class NotHost(JantakuError):
    """Only the host or a member with Manage Server may do this."""

    key = "not_host"


class AlreadyJoined(JantakuError):
    """Joining twice."""

    key = "already_joined"


class NotInLobby(JantakuError):
    """Leaving a lobby you are not in."""

    key = "not_joined"


class LobbyFull(JantakuError):
    """Every seat is taken."""

    key = "lobby_full"


class NeedPlayers(JantakuError):
    """Starting with empty seats."""

    key = "need_players"

    def __init__(self, *, variant: str, needed: int, have: int) -> None:
        super().__init__(variant=variant, needed=needed, have=have)


class GuildOnly(JantakuError):
    """A command that only makes sense in a server channel."""

    key = "guild_only"


class NotAuto(JantakuError):
    """Pressing "I'm back" while playing normally."""

    key = "not_auto"


class SaveFailed(JantakuError):
    """The action could not be committed, so it was rolled back."""

    key = "save_failed"


class TablePaused(JantakuError):
    """The store refuses writes for now, so the table is paused and takes no click."""

    key = "table_paused"


class MoveKept(TablePaused):
    """The click that found the store refusing writes: its move waits, and is played once stored."""

    key = "move_kept"


class LobbySaveFailed(JantakuError):
    """The store refused a lobby change, which was undone."""

    key = "lobby_save_failed"


class BadSetting(JantakuError):
    """A table setting the variant rejects."""

    key = "bad_setting"

    def __init__(self, *, detail: str) -> None:
        super().__init__(detail=detail)


class BadOption(JantakuError):
    """A command option with a value the command does not offer (a client can send anything)."""

    key = "bad_option"

    def __init__(self, *, option: str, value: object, choices: str) -> None:
        super().__init__(option=option, value=value, choices=choices)


class NoChips(JantakuError):
    """Asking for chips (祝儀) of a variant that keeps none."""

    key = "no_chips"

    def __init__(self, *, variant: str) -> None:
        super().__init__(variant=variant)


class CalcRejected(JantakuError):
    """``/mahjong calc`` could not score the hand; the calculator says why."""

    key = "calc_error"

    def __init__(self, *, detail: str) -> None:
        super().__init__(detail=detail)


class UnknownVariant(JantakuError):
    """A variant name we do not host."""

    key = "unknown_variant"

    def __init__(self, *, name: str) -> None:
        super().__init__(name=name)


class UnknownGame(JantakuError):
    """``/mahjong replay`` with an id that is not a game of this server."""

    key = "no_game_id"

    def __init__(self, *, game: int) -> None:
        super().__init__(game=game)
