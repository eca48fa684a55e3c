"""Guild settings: defaults until changed, typo-proof updates."""

from __future__ import annotations

import pytest

from bot.storage import GuildSettings, Store


async def test_a_new_guild_gets_the_defaults(store: Store) -> None:
    assert await store.guilds.settings(42) == GuildSettings(
        guild_id=42, default_variant="nishoku", turn_seconds=30, time_bank_seconds=60, hints=True, dm_panels=False
    )


async def test_updates_return_and_persist_every_setting(store: Store, database: str) -> None:
    updated = await store.guilds.update_settings(42, turn_seconds=20, dm_panels=True)
    assert (updated.turn_seconds, updated.dm_panels, updated.time_bank_seconds) == (20, True, 60)
    await store.guilds.update_settings(42, hints=False)
    async with Store.open(database) as reopened:
        settings = await reopened.guilds.settings(42)
    assert (settings.turn_seconds, settings.dm_panels, settings.hints) == (20, True, False)
    assert await store.guilds.settings(43) == GuildSettings(guild_id=43)  # other guilds untouched


async def test_the_picture_locale_follows_discord_until_set_and_persists(store: Store, database: str) -> None:
    # Empty: the public pictures follow the server's preferred locale in Discord.
    assert (await store.guilds.settings(42)).locale == ""
    assert (await store.guilds.update_settings(42, locale="ja")).locale == "ja"
    await store.guilds.update_settings(42, hints=False)  # another change keeps it
    async with Store.open(database) as reopened:
        assert (await reopened.guilds.settings(42)).locale == "ja"
    await store.guilds.update_settings(42, locale="")
    assert (await store.guilds.settings(42)).locale == ""


@pytest.mark.parametrize("key", ["turn_secs", "guild_id"])
async def test_an_unknown_setting_is_named_in_the_error(store: Store, key: str) -> None:
    with pytest.raises(TypeError, match=key):
        await store.guilds.update_settings(42, **{key: 10})
    assert await store.guilds.settings(42) == GuildSettings(guild_id=42)


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        pytest.param({"turn_seconds": 0}, ValueError, id="zero-turn"),
        pytest.param({"time_bank_seconds": -1}, ValueError, id="negative-bank"),
        pytest.param({"turn_seconds": "30"}, TypeError, id="text-seconds"),
        pytest.param({"hints": 1}, TypeError, id="int-for-bool"),
        pytest.param({"default_variant": ""}, ValueError, id="empty-variant"),
        pytest.param({"locale": "fr"}, ValueError, id="unknown-locale"),
    ],
)
async def test_bad_values_are_refused_and_nothing_changes(
    store: Store, changes: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        await store.guilds.update_settings(42, **changes)
    assert await store.guilds.settings(42) == GuildSettings(guild_id=42)
