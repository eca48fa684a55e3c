"""A local fake Discord (REST + gateway) for end-to-end tests of the real discord.py client.

Typical use::

    fake = await FakeDiscord.start()
    guild = fake.add_guild("Mahjong Club")
    table = guild.add_text_channel("table-1")
    alice = guild.add_member("Alice")
    async with running_bot(fake, MyBot()) as bot:
        rec = await alice.slash(table, "demo ping")
        assert rec.message.content == "pong"
    fake.assert_clean()
    await fake.stop()
"""

from . import limits
from ._util import PATIENCE, FakeClock
from .errors import DiscordHTTPError, InteractionRefused
from .faults import FaultInjector, Faults
from .harness import handling_events, redirect_discord, running_bot
from .models import (
    Audience,
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
    RequestRecord,
    SpyEvent,
    Violation,
)
from .server import INVALID_WEBHOOK_TOKEN, UNKNOWN_WEBHOOK, FakeDiscord
from .spec import SpecValidator, default_spec_path, load_spec

__all__ = [
    "INVALID_WEBHOOK_TOKEN",
    "PATIENCE",
    "UNKNOWN_WEBHOOK",
    "Audience",
    "DiscordHTTPError",
    "FakeAttachment",
    "FakeChannel",
    "FakeClock",
    "FakeDiscord",
    "FakeEmoji",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "FaultInjector",
    "Faults",
    "InteractionRecord",
    "InteractionRefused",
    "RequestRecord",
    "SpecValidator",
    "SpyEvent",
    "Violation",
    "default_spec_path",
    "handling_events",
    "limits",
    "load_spec",
    "redirect_discord",
    "running_bot",
]
