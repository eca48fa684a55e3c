-- Lobbies (tables still gathering players) survive a restart (as migrations/sqlite/0003_lobbies.sql):
-- one row per open lobby, holding what the runtime's Lobby serialises. The id is the runtime's.

CREATE TABLE lobbies (
    id         BIGINT PRIMARY KEY,
    guild_id   BIGINT NOT NULL,
    channel_id BIGINT NOT NULL UNIQUE,
    data       JSON   NOT NULL,
    updated_at BIGINT NOT NULL
);
