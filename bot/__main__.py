"""``python -m bot``: read the settings, open the store, run the bot; exit cleanly on bad setup.

``python -m bot --sandbox`` runs the same bot against a local stand-in for Discord and serves a
page to play it from a browser: no token, no network (see :mod:`bot.sandbox`).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

import aiohttp
import discord

from bot.app import JantakuBot
from bot.config import ConfigError, Settings
from bot.storage import DATABASE_ERRORS, Store
from bot.storage.postgres import redacted

PAYLOAD_LOGGERS = ("discord.http", "discord.webhook.async_", "discord.gateway", "discord.state")

OPEN_ERRORS: tuple[type[Exception], ...] = (*DATABASE_ERRORS, ValueError)
"""What opening the database may raise: the store's and its drivers' errors, and ValueError for a
URL it cannot read. (A tuple named once: mypy cannot type a starred tuple in an ``except``.)"""


class DatabaseError(Exception):
    """The database could not be opened; the message says which and why."""


async def run(settings: Settings) -> None:
    try:
        store = await Store.connect(settings.database)
    except OPEN_ERRORS as error:
        raise DatabaseError(f"cannot open the database {redacted(settings.database)!r}: {error}") from error
    try:
        async with JantakuBot(settings, store=store) as bot:
            await bot.start(settings.token)
    finally:
        await store.close()


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Jantaku, the mahjong host for Discord.")
    parser.add_argument(
        "--sandbox",
        action="store_true",
        help="run against a local stand-in for Discord and play in a browser (no token needed)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="sandbox: the address the page is served on")
    parser.add_argument("--port", type=int, default=None, help="sandbox: the page's port (0 picks a free one)")
    parser.add_argument(
        "--database",
        default=None,
        help="sandbox: keep games in this sqlite:/// or postgresql:// URL (default: a file for this run)",
    )
    parser.add_argument(
        "--discord-world",
        default=None,
        metavar="FILE",
        help="sandbox: keep the local Discord (guild, channels, members, messages) in this SQLite file "
        "(default: beside an SQLite --database; name one to keep it with a postgresql:// database)",
    )
    parser.add_argument(
        "--shards",
        default=None,
        metavar="IDS",
        help="the shards this process runs, as ids and ranges (0-3, 5, 0,2,4-6); needs --shard-count "
        "or JANTAKU_SHARD_COUNT; wins over JANTAKU_SHARDS",
    )
    parser.add_argument(
        "--shard-count",
        default=None,
        metavar="N",
        help="the number of shards across every process of the bot; wins over JANTAKU_SHARD_COUNT",
    )
    args = parser.parse_args(argv)
    if args.sandbox and (args.shards is not None or args.shard_count is not None):
        parser.error("--shards and --shard-count are for the bot on Discord, not --sandbox (one process)")
    if not args.sandbox and (
        args.port is not None or args.database is not None or args.discord_world is not None or args.host != "127.0.0.1"
    ):
        parser.error("--host, --port, --database and --discord-world go with --sandbox")
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error(f"--port must be between 0 and 65535, got {args.port}")
    return args


def _quiet_payload_loggers() -> None:
    # At DEBUG these log whole request and event payloads, private panels (a player's tiles)
    # included; logs are not a place for hidden information.
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))
    # The bot never joins a voice channel: discord.py's warnings about voice libraries would
    # only worry whoever starts it.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def run_sandbox(args: argparse.Namespace) -> int:
    from bot.sandbox.run import DEFAULT_PORT, SandboxConfig, serve

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    _quiet_payload_loggers()
    config = SandboxConfig(
        host=args.host,
        port=DEFAULT_PORT if args.port is None else args.port,
        database=args.database,
        world=args.discord_world,
    )
    try:
        asyncio.run(serve(config))
    except OSError as error:
        print(f"jantaku: cannot serve the sandbox on {config.host}:{config.port} ({error}).", file=sys.stderr)
        print("Choose another port with --port (0 picks a free one).", file=sys.stderr)
        return 4
    except OPEN_ERRORS as error:
        where = redacted(config.database or "")
        print(f"jantaku: cannot open the sandbox's database {where!r}: {error}", file=sys.stderr)
        return 5
    except KeyboardInterrupt:
        return 0
    return 0


def main(argv: Sequence[str] = ()) -> int:
    args = parse_args(argv)
    if args.sandbox:
        return run_sandbox(args)
    try:
        settings = Settings.from_env(flags={"JANTAKU_SHARDS": args.shards, "JANTAKU_SHARD_COUNT": args.shard_count})
    except ConfigError as error:
        print(f"jantaku: {error}", file=sys.stderr)
        print("To try the bot without Discord, run: python -m bot --sandbox", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    _quiet_payload_loggers()
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
    sys.exit(main(sys.argv[1:]))
