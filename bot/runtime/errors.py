"""Domain errors: raised wherever a request cannot be honoured, turned into an ephemeral reply in
one place (:func:`bot.ui.replies.reply_error`).

Every error carries a message key and its parameters, so the reply is written in the clicker's
language; ``str(error)`` is the English text for logs and tests.

>>> str(StaleClick(seq=3, current=5))
'That button is from an earlier turn (#3); the game is at #5 now. Use your latest panel.'
"""

from __future__ import annotations

from typing import Any, ClassVar

from bot.engine.table import Allowed, Form, OneOf
from bot.engine.variants import find_variant
from bot.runtime.i18n import Locale, is_japanese, text

__all__ = [
    "AlreadyJoined",
    "BadOption",
    "BadSetting",
    "CalcRejected",
    "CancelStale",
    "ChannelBusy",
    "CommandChanged",
    "GameOver",
    "GuildOnly",
    "InvalidButton",
    "JantakuError",
    "LobbyFull",
    "LobbyGone",
    "LobbySaveFailed",
    "MalformedCommand",
    "MissingOption",
    "MoveKept",
    "NeedPlayers",
    "NoChips",
    "NoLobby",
    "NoTable",
    "NotAuto",
    "NotHost",
    "NotInLobby",
    "NotSeated",
    "NotYourTurn",
    "OptionLength",
    "OptionNotAllowed",
    "OptionOfOtherVariant",
    "OptionWrongType",
    "RepeatedOption",
    "SaveFailed",
    "SettingInRules",
    "StaleClick",
    "TablePaused",
    "UnknownGame",
    "UnknownOption",
    "UnknownVariant",
    "UnresolvedOption",
    "allowed_text",
    "shown",
]


class JantakuError(Exception):
    """Something the user asked for cannot be done; the message is safe to show them."""

    key: ClassVar[str] = "internal"

    def __init__(self, **params: Any) -> None:
        self.params = params
        super().__init__(self.message(None))

    def message(self, locale: Locale | None) -> str:
        """The explanation in the user's language."""
        return text(self.key, locale, **self.localized(locale))

    def localized(self, locale: Locale | None) -> dict[str, Any]:
        """The parameters as the message shows them; words among them follow the locale."""
        del locale  # plain values read the same in every language
        return self.params


UNBOUNDED = 2**53
"""A range bound this far out is no bound: Discord's integer options stop at 2^53."""


def shown(value: object, limit: int = 40) -> str:
    """A value a client sent, as a message may quote it: its repr, cut short (a client can send
    a page of text), without backticks that would break the message's code spans.

    >>> shown("abc"), shown(9007199254740992), shown("x" * 100)[-4:]
    ("'abc'", '9007199254740992', "xx…'")
    """
    text_ = repr(value).replace("`", "'")
    return text_ if len(text_) <= limit else text_[: limit - 2] + "…" + text_[-1]


def allowed_text(allowed: Allowed, locale: Locale | None) -> str:
    """What a setting or option may be, in the locale's words: ``from 1 to 16``, `` `p`, `s` ``."""
    if isinstance(allowed, OneOf):
        return ", ".join(f"`{value}`" for value in allowed.values)
    if isinstance(allowed, Form):
        return text("form", locale, example=allowed.example)
    span = {"low": f"{allowed.low:,}", "high": f"{allowed.high:,}", "step": f"{allowed.step:,}"}
    if allowed.step == 1 and allowed.high >= UNBOUNDED:
        return text("range_min", locale, **span)
    if allowed.step == 1 and allowed.low <= -UNBOUNDED:
        return text("range_max", locale, **span)
    return text("range" if allowed.step == 1 else "range_step", locale, **span)


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


class CancelStale(JantakuError):
    """A "Cancel the game" button of a game that has ended meanwhile: nothing is cancelled."""

    key = "cancel_stale"

    def __init__(self, *, game: int) -> None:
        super().__init__(game=game)


class NotYourTurn(JantakuError):
    """A seated player clicked a current button while the table waits for someone else."""

    key = "not_your_turn"


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
        super().__init__(option=option, value=shown(value), choices=choices)


class OptionNotAllowed(JantakuError):
    """An option or setting outside what it may be: a number out of its range, a word not among
    its choices. The message names the option and what it may be."""

    key = "option_range"

    def __init__(self, *, option: str, value: object, allowed: Allowed) -> None:
        self.allowed = allowed
        super().__init__(option=option, value=shown(value))

    def message(self, locale: Locale | None) -> str:
        # A word outside the choices reads as the other refused choices do.
        if isinstance(self.allowed, Form):
            return text("option_form", locale, **self.params, example=self.allowed.example)
        key = BadOption.key if isinstance(self.allowed, OneOf) else self.key
        return text(key, locale, **self.localized(locale))

    def localized(self, locale: Locale | None) -> dict[str, Any]:
        words = "choices" if isinstance(self.allowed, OneOf) else "allowed"
        return {**self.params, words: allowed_text(self.allowed, locale)}


class OptionLength(JantakuError):
    """A text option shorter or longer than it may be."""

    key = "option_length"

    def __init__(self, *, option: str, length: int, low: int, high: int) -> None:
        super().__init__(option=option, length=f"{length:,}", low=f"{low:,}", high=f"{high:,}")


OPTION_KINDS = ("string", "integer", "boolean", "user", "channel", "role", "mentionable", "number", "attachment")
"""Discord's option types by name (``AppCommandOptionType``), each a ``kind_<name>`` text."""


class OptionWrongType(JantakuError):
    """An option or setting of the wrong type: text where a number belongs, a number for on/off."""

    key = "option_type"

    def __init__(self, *, option: str, value: object, kind: str) -> None:
        if kind not in OPTION_KINDS:
            raise ValueError(f"unknown option kind {kind!r}")
        super().__init__(option=option, value=shown(value), kind=kind)

    def localized(self, locale: Locale | None) -> dict[str, Any]:
        return {**self.params, "kind": text(f"kind_{self.params['kind']}", locale)}


class UnresolvedOption(JantakuError):
    """A member (channel, role, file) option whose details Discord did not send with it."""

    key = "unresolved_option"

    def __init__(self, *, option: str, kind: str) -> None:
        super().__init__(option=option, kind=kind)

    def localized(self, locale: Locale | None) -> dict[str, Any]:
        return {**self.params, "kind": text(f"kind_{self.params['kind']}", locale)}


class UnknownOption(JantakuError):
    """An option the command does not have."""

    key = "unknown_option"

    def __init__(self, *, command: str, option: object, known: tuple[str, ...]) -> None:
        super().__init__(command=command, option=shown(option).strip("'\""), known=known)

    def localized(self, locale: Locale | None) -> dict[str, Any]:
        known = ", ".join(f"`{name}`" for name in self.params["known"]) or text("no_options", locale)
        return {**self.params, "known": known}


class OptionOfOtherVariant(JantakuError):
    """A ``/mahjong new`` option that sets another variant's setting, not the chosen one's."""

    key = "option_of_other_variant"

    def __init__(self, *, option: str, variant: str, owners: tuple[str, ...], known: tuple[str, ...]) -> None:
        super().__init__(option=option, variant=variant, owners=owners, known=known)

    def localized(self, locale: Locale | None) -> dict[str, Any]:
        # A Japanese client shows the variants by their titles (bot.ui.command_i18n), an English one by key.
        japanese = is_japanese(locale)
        named = _variant_title if japanese else str
        return {
            **self.params,
            "variant": named(self.params["variant"]),
            "owners": ("、" if japanese else ", ").join(map(named, self.params["owners"])),
            "known": ", ".join(f"`{name}`" for name in self.params["known"]),
        }


def _variant_title(key: str) -> str:
    return find_variant(key).title


class SettingInRules(JantakuError):
    """A setting sent as an option of its own that the command now takes in its ``rules`` text."""

    key = "setting_in_rules"

    def __init__(self, *, command: str, option: str) -> None:
        super().__init__(command=command, option=option)

    def localized(self, locale: Locale | None) -> dict[str, Any]:
        return dict(self.params)


class MissingOption(JantakuError):
    """A required option left out."""

    key = "missing_option"

    def __init__(self, *, command: str, option: str) -> None:
        super().__init__(command=command, option=option)


class RepeatedOption(JantakuError):
    """One option given twice in one command."""

    key = "repeated_option"

    def __init__(self, *, option: str) -> None:
        super().__init__(option=option)


class CommandChanged(JantakuError):
    """A command or subcommand the bot does not have (any more): the client's list is older or
    newer than the bot, as for a moment after a deploy."""

    key = "command_changed"


class MalformedCommand(JantakuError):
    """A command whose options are not shaped as Discord sends them (only a modified client)."""

    key = "malformed_command"


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
