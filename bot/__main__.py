"""``python -m bot``: read the settings, open the store, run the bot; exit cleanly on bad setup."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from bot.app import JantakuBot
from bot.config import ConfigError, Settings
from bot.storage import StorageError, Store

PAYLOAD_LOGGERS = ("discord.http", "discord.webhook.async_", "discord.gateway", "discord.state")


class DatabaseError(Exception):
    """The database could not be opened; the message says which and why."""


async def run(settings: Settings) -> None:
    try:
        store = await Store.connect(settings.database)
    except (StorageError, ValueError, OSError) as error:
        raise DatabaseError(f"cannot open the database {settings.database!r}: {error}") from error
    try:
        async with JantakuBot(settings, store=store) as bot:
            await bot.start(settings.token)
    finally:
        await store.close()


def main() -> int:
    try:
        settings = Settings.from_env()
    except ConfigError as error:
        print(f"jantaku: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # At DEBUG these log whole request and event payloads, private panels (a player's tiles)
    # included; logs are not a place for hidden information.
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        print("jantaku: Discord rejected DISCORD_TOKEN. Reset the token in the developer portal.", file=sys.stderr)
        return 3
    except DatabaseError as error:
        print(f"jantaku: {error}", file=sys.stderr)
        return 5
    except discord.PrivilegedIntentsRequired:
        print("jantaku: Discord refused the gateway intents this bot asked for.", file=sys.stderr)
        return 4
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound, discord.HTTPException) as error:
        print(f"jantaku: cannot reach Discord ({error}). Check the network and try again.", file=sys.stderr)
        return 4
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
