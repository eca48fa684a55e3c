"""Errors: what the fake answers the bot with, and what it refuses a fake user."""

from __future__ import annotations

from typing import Any


class DiscordHTTPError(Exception):
    """An error response in Discord's shape: ``{"message": ..., "code": ...}``.

    ``kind`` names the violation to record when the error is the bot's fault; leave it None for
    errors a correct bot must expect anyway (e.g. 50007, a user who refuses DMs).
    """

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        kind: str | None = None,
        detail: str | None = None,
        errors: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.kind = kind
        self.detail = detail or message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def unknown_interaction(kind: str | None = "unknown_interaction", detail: str | None = None) -> DiscordHTTPError:
    return DiscordHTTPError(404, 10062, "Unknown interaction", kind=kind, detail=detail)


def unknown_webhook(kind: str | None = "unknown_webhook", detail: str | None = None) -> DiscordHTTPError:
    return DiscordHTTPError(404, 10015, "Unknown Webhook", kind=kind, detail=detail)


def unknown_message(kind: str | None = "unknown_message", detail: str | None = None) -> DiscordHTTPError:
    return DiscordHTTPError(404, 10008, "Unknown Message", kind=kind, detail=detail)


def unknown_channel(detail: str | None = None) -> DiscordHTTPError:
    return DiscordHTTPError(404, 10003, "Unknown Channel", kind="unknown_channel", detail=detail)


def invalid_form_body(kind: str, detail: str, errors: dict[str, Any] | None = None) -> DiscordHTTPError:
    return DiscordHTTPError(400, 50035, "Invalid Form Body", kind=kind, detail=detail, errors=errors)


class InteractionRefused(Exception):
    """A fake user tried something Discord's client would not let a real user do.

    Examples: clicking a component that is not on the message, a disabled button, an ephemeral
    message meant for someone else, or a slash command the user cannot see.
    """
