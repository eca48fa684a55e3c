"""``python -m bot``: read the settings, start the bot, exit cleanly on a bad token."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from bot.app import JantakuBot
from bot.config import ConfigError, Settings


async def run(settings: Settings) -> None:
    async with JantakuBot(settings) as bot:
        await bot.start(settings.token)


def main() -> int:
    try:
        settings = Settings.from_env()
    except ConfigError as error:
        print(f"jantaku: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        print("jantaku: Discord rejected DISCORD_TOKEN. Reset the token in the developer portal.", file=sys.stderr)
        return 3
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound, discord.HTTPException) as error:
        print(f"jantaku: cannot reach Discord ({error}). Check the network and try again.", file=sys.stderr)
        return 4
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
