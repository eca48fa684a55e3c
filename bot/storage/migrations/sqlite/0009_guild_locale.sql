-- The language of a server's public pictures (table, result cards, standings): 'en' or 'ja', or
-- '' to follow the server's own preferred locale in Discord (Japanese for ja, else English).
-- Panels follow each player's own locale; help follows its reader's.

ALTER TABLE guild_settings ADD COLUMN locale TEXT NOT NULL DEFAULT '' CHECK (locale IN ('', 'en', 'ja'));
