-- Each player's auto options, remembered per guild (as migrations/sqlite/0008_player_options.sql).

CREATE TABLE player_options (
    guild_id       BIGINT  NOT NULL,
    user_id        BIGINT  NOT NULL,
    riichi_discard INTEGER NOT NULL CHECK (riichi_discard IN (0, 1)),
    auto_win       INTEGER NOT NULL CHECK (auto_win IN (0, 1)),
    no_calls       INTEGER NOT NULL CHECK (no_calls IN (0, 1)),
    updated_at     BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
