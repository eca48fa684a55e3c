"""The one place where errors become replies, and helpers to answer interactions in time.

Cogs and buttons raise; :func:`reply_error` turns a domain error into an ephemeral message in
the user's language and anything unexpected into a logged traceback plus a polite apology.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import aiohttp
import discord
from discord import app_commands

from bot.engine.game import IllegalActionError, NotYourTurnError, RulesError
from bot.runtime.errors import ChannelBusy, CommandChanged, JantakuError, shown
from bot.runtime.i18n import text
from bot.runtime.options import RuntimeOptions
from bot.storage import ChannelBusyError

__all__ = [
    "PUBLIC_DEFER",
    "answered",
    "budget_left",
    "defer_if_slow",
    "deferring",
    "error_message",
    "reply_error",
    "respond",
    "send_ephemeral",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

PUBLIC_DEFER = "jantaku_public_defer"
"""Set in ``interaction.extras`` when we deferred publicly: a later "ephemeral" followup would
be public (Discord keeps the loading message's visibility), so errors edit the original."""

STARTED = "jantaku_started"
"""``interaction.extras`` key: when we began handling it (RuntimeOptions.clock)."""

ANSWERED = "jantaku_answered"
"""``interaction.extras`` key: an initial response took effect although sending it failed (see
:func:`respond`); discord.py's ``response.is_done()`` does not know it."""

ALREADY_ACKNOWLEDGED = 40060
"""Discord's "Interaction has already been acknowledged"."""


def answered(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction has its initial response (also one that :func:`respond` found had
    taken effect on an earlier attempt): later answers go through the token."""
    return interaction.response.is_done() or bool(interaction.extras.get(ANSWERED))


def budget_left(interaction: discord.Interaction[Any], options: RuntimeOptions) -> float:
    """Seconds left of the answer's budget (``ack_budget``), counted from when the interaction
    reached us (``STARTED``, or now): past it, the work in hand is deferred first."""
    started = float(interaction.extras.get(STARTED, options.clock()))
    return options.ack_budget - (options.clock() - started)


def deferring(interaction: discord.Interaction[Any], **options: Any) -> Callable[[], Awaitable[object]]:
    """A deferral of ``interaction`` (``response.defer(**options)``) sent through :func:`respond`."""
    return lambda: respond(interaction, lambda: interaction.response.defer(**options))


async def respond(
    interaction: discord.Interaction[Any], send: Callable[[], Awaitable[T]], *, files: Iterable[discord.File] = ()
) -> T | None:
    """Send an interaction's initial response (``send``), surviving what the network does to it.

    Discord takes one initial response per interaction and refuses any other with 40060, so a
    response may be sent again without showing twice, and 40060 on a retry means an earlier
    attempt took effect: discord.py retries a 5xx on its own, and Discord sometimes acts and
    still answers 5xx. A dropped connection leaves it unknown whether Discord got the response:
    it is sent once more (``files`` are rewound for it). Returns what ``send`` returned, or None
    when an earlier attempt had taken effect (then ``interaction.extras[ANSWERED]`` is set).
    """
    try:
        try:
            return await send()
        except aiohttp.ClientConnectionError as error:
            log.info("interaction %s: the connection dropped while answering (%r); again", interaction.id, error)
            for file in files:
                file.reset()
            return await send()
    except discord.HTTPException as error:
        if error.code != ALREADY_ACKNOWLEDGED:
            raise
        log.info("interaction %s: an earlier attempt of the answer took effect", interaction.id)
        interaction.extras[ANSWERED] = True
        return None


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else error.original
        if inner is None:
            break
        error = inner
    return error


def error_message(error: BaseException, locale: str | None) -> str | None:
    """What to tell the user about ``error``; None when it is a bug (logged by the caller)."""
    error = _unwrap(error)
    if isinstance(error, JantakuError):
        return error.message(locale)
    if isinstance(error, ChannelBusyError):
        return ChannelBusy().message(locale)
    if isinstance(error, NotYourTurnError):
        return text("not_your_decision", locale)
    if isinstance(error, IllegalActionError):
        return text("illegal_action", locale)
    if isinstance(error, RulesError):
        return str(error)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        # The client's commands and the bot's differ, as for a moment after a deploy.
        return CommandChanged().message(locale)
    if isinstance(error, app_commands.TransformerError):
        return text("transform_failed", locale, value=shown(error.value))
    if isinstance(error, app_commands.CheckFailure | app_commands.CommandOnCooldown):
        return str(error)
    return None


async def reply_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Explain ``error`` to the user who caused it, privately; log it when it is a bug."""
    locale = str(interaction.locale) if interaction.locale else None
    inner = _unwrap(error)
    if isinstance(inner, discord.HTTPException) and inner.code == ALREADY_ACKNOWLEDGED:
        # A retried answer whose first attempt took effect: the user has their answer, and
        # anything more (an apology, a followup) would be a second one.
        log.info("interaction %s was already answered: %s", interaction.id, inner)
        interaction.extras[ANSWERED] = True
        return
    message = error_message(error, locale)
    if message is None and isinstance(inner, aiohttp.ClientError | asyncio.TimeoutError):
        log.warning("interaction %s: Discord could not be reached: %r", interaction.id, inner)
        message = text("internal", locale)
    elif message is None:
        log.error("unhandled error in interaction %s", interaction.id, exc_info=_unwrap(error))
        message = text("internal", locale)
    else:
        log.debug("refused interaction %s: %s", interaction.id, _unwrap(error))
    try:
        await send_ephemeral(interaction, message)
    except discord.HTTPException as failure:
        log.warning("could not deliver an error reply for interaction %s: %s", interaction.id, failure)


async def send_ephemeral(interaction: discord.Interaction[Any], content: str) -> None:
    """Say something only the clicker sees, whatever state the interaction is in."""
    if not answered(interaction):
        await respond(interaction, lambda: interaction.response.send_message(content, ephemeral=True))
    elif interaction.extras.get(PUBLIC_DEFER):
        # Only ever used for text that is not secret: the original response is public.
        await interaction.edit_original_response(content=content, attachments=[], view=None)
    else:
        await interaction.followup.send(content, ephemeral=True)


async def defer_if_slow(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    *,
    budget: float,
    defer: Callable[[], Awaitable[object]],
) -> tuple[T, bool]:
    """Run ``work``; if it is not done within ``budget`` seconds, call ``defer`` first.

    Returns the result and whether we deferred, so the caller answers through the initial
    response (one request, the common case) or through the deferred one.
    """
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=max(0.0, budget))
    deferred = False
    if not done and not answered(interaction):
        await defer()
        deferred = True
    return await task, deferred
