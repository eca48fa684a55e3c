"""Tiles as application emojis: the registry the buttons read, and its sync at start-up.

Every tile face a button can show (each variant's tile set: suits, honours, red and gold fives,
白ポッチ, flowers, チンイツゲーム's two backs) is an application emoji made from the table's own
sprites (:mod:`render.emoji`). At start-up :func:`sync_tile_emojis` lists the application's
emojis, creates only those missing (in parallel, a few at a time), and fills the process's
:class:`TileEmojis`, from which the panels build their tile buttons (emoji plus a short label,
:func:`bot.ui.labels.tile_mark`).

Idempotent across restarts and processes: emojis belong to the application, not to a shard, so
every process lists them and a restart finds them all there. Two processes starting at once may
both create one; Discord refuses the second (the name is taken) and the loser lists again. Only
emojis named as :mod:`render.emoji` names them are read, and none is ever deleted. Where Discord
refuses the sync (or no emoji can be had), the registry lacks those faces and their buttons say
the tile in words (:func:`bot.ui.labels.tile_label`), as before; it is logged once and the game
goes on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import discord

from bot.engine.tiles import Tile
from bot.engine.variants import VARIANTS
from render.emoji import EMOJI_PREFIX, EmojiPicture, tile_emoji

__all__ = [
    "CREATING_AT_ONCE",
    "STARTUP_WAIT",
    "EmojiSync",
    "TileEmoji",
    "TileEmojis",
    "button_faces",
    "sync_tile_emojis",
]

log = logging.getLogger(__name__)

CREATING_AT_ONCE = 8
"""Creates in flight together: against the local fake all ~100 take about a second this way
(docs/architecture.md); discord.py waits out any rate limit Discord answers."""
STARTUP_WAIT = 30.0
"""Seconds start-up waits for the sync (only a first start creates anything); the rest goes on
in the background and the buttons it misses meanwhile say their tiles in words."""


@dataclass(frozen=True, slots=True)
class TileEmoji:
    """An application emoji, as a component carries it (``{"id", "name"}``)."""

    id: int
    name: str


class TileEmojis:
    """The tile emojis this process may put on buttons, by face (back colour included).

    Empty until the sync fills it, and for good where Discord refused it: a face without an emoji
    is a button labelled in words.
    """

    def __init__(self) -> None:
        self._by_tile: dict[Tile, TileEmoji] = {}

    def get(self, tile: Tile) -> TileEmoji | None:
        """The emoji of this face, if there is one."""
        return self._by_tile.get(tile)

    def add(self, tile: Tile, emoji: TileEmoji) -> None:
        self._by_tile[tile] = emoji

    def __len__(self) -> int:
        return len(self._by_tile)


@cache
def button_faces() -> tuple[Tile, ...]:
    """Every tile face any variant's buttons can show: the union of the variants' tile sets."""
    faces: set[Tile] = set()
    for variant in VARIANTS:
        faces.update(variant.new_game_from_json(None, seed=0).tiles)
    return tuple(sorted(faces, key=str))


@dataclass
class EmojiSync:
    """What one sync did (logged, and read by tests)."""

    listed: int = 0
    """The application's emojis of ours found at the start."""
    created: int = 0
    raced: int = 0
    """Creates refused because another process made that emoji meanwhile."""
    failed: int = 0


def _already_taken(error: discord.HTTPException) -> bool:
    """Discord's answer to a create whose name another process took first: 400 ``50035`` with
    ``APPLICATION_EMOJI_NAME_ALREADY_TAKEN`` on the name (discord.py keeps only its message)."""
    return error.status == 400 and error.code == 50035 and "already taken" in str(error.text).lower()


async def _ours(client: discord.Client) -> dict[str, discord.Emoji]:
    return {
        emoji.name: emoji for emoji in await client.fetch_application_emojis() if emoji.name.startswith(EMOJI_PREFIX)
    }


async def sync_tile_emojis(
    client: discord.Client, emojis: TileEmojis, faces: Iterable[Tile] | None = None
) -> EmojiSync:
    """List the application's emojis, create those of ``faces`` (every button face by default)
    that are missing, and put each face's emoji in ``emojis`` as soon as it is known."""
    report = EmojiSync()
    pictures = await asyncio.to_thread(
        lambda: [tile_emoji(face) for face in (button_faces() if faces is None else faces)]
    )
    try:
        existing = await _ours(client)
    except discord.DiscordException as error:
        log.warning("tile emojis unavailable, buttons name their tiles in words: %s", error)
        report.failed = len(pictures)
        return report
    report.listed = sum(picture.name in existing for picture in pictures)
    _register(emojis, pictures, existing)
    missing = [picture for picture in pictures if picture.name not in existing]
    gate = asyncio.Semaphore(CREATING_AT_ONCE)
    errors: list[discord.DiscordException] = []

    async def create(picture: EmojiPicture) -> None:
        async with gate:
            try:
                emoji = await client.create_application_emoji(name=picture.name, image=picture.png)
            except discord.DiscordException as error:
                if isinstance(error, discord.HTTPException) and _already_taken(error):
                    report.raced += 1
                else:
                    report.failed += 1
                    errors.append(error)
                return
        report.created += 1
        emojis.add(picture.tile, TileEmoji(emoji.id, emoji.name))

    await asyncio.gather(*(create(picture) for picture in missing))
    if errors:
        log.warning(
            "%d tile emojis could not be created, their buttons name the tiles in words: %s", len(errors), errors[0]
        )
    if report.raced:
        # Another process made them meanwhile: theirs are as good as ours.
        try:
            _register(emojis, pictures, await _ours(client))
        except discord.DiscordException as error:
            log.warning("tile emojis: listing again failed: %s", error)
    log.info(
        "tile emojis: %d found, %d created, %d made elsewhere meanwhile, %d failed",
        report.listed,
        report.created,
        report.raced,
        report.failed,
    )
    return report


def _register(emojis: TileEmojis, pictures: Iterable[EmojiPicture], existing: dict[str, discord.Emoji]) -> None:
    for picture in pictures:
        emoji = existing.get(picture.name)
        if emoji is not None:
            emojis.add(picture.tile, TileEmoji(emoji.id, emoji.name))
