-- The language of a server's public pictures (as migrations/sqlite/0009_guild_locale.sql).

ALTER TABLE guild_settings ADD COLUMN locale TEXT NOT NULL DEFAULT '' CHECK (locale IN ('', 'en', 'ja'));
