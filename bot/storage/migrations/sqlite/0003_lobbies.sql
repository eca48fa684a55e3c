-- Lobbies (tables still gathering players) survive a restart: one row per open lobby, holding
-- what the runtime's Lobby serialises. A lobby row is deleted when its game starts or it is
-- cancelled; one left behind by a crash in between is dropped at start-up, because its channel
-- then has a running game.

CREATE TABLE lobbies (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL UNIQUE,
    data       TEXT    NOT NULL CHECK (json_valid(data)),
    updated_at INTEGER NOT NULL
) STRICT;
