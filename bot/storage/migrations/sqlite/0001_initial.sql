-- The first schema: guild settings, games and their seats, the action log, hand and final
-- results, and ratings.
--
-- Conventions: times are Unix seconds (UTC); seats are the engine's 0-based seat indexes;
-- booleans are 0/1; JSON columns hold exactly what the engine serialises. STRICT tables make
-- SQLite refuse a value of the wrong type instead of silently storing it.

CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    default_variant   TEXT    NOT NULL,
    turn_seconds      INTEGER NOT NULL CHECK (turn_seconds > 0),
    time_bank_seconds INTEGER NOT NULL CHECK (time_bank_seconds >= 0),
    hints             INTEGER NOT NULL CHECK (hints IN (0, 1)),
    dm_panels         INTEGER NOT NULL CHECK (dm_panels IN (0, 1)),
    updated_at        INTEGER NOT NULL
) STRICT;

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    message_id   INTEGER,
    host_id      INTEGER NOT NULL,
    variant      TEXT    NOT NULL,
    settings     TEXT    NOT NULL CHECK (json_valid(settings)),
    -- TEXT because a seed is any Python int; INTEGER would overflow past 64 bits.
    seed         TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'cancelled')),
    created_at   INTEGER NOT NULL,
    finished_at  INTEGER,
    end_reason   TEXT    NOT NULL DEFAULT '',
    hands_played INTEGER NOT NULL DEFAULT 0,
    CHECK ((status = 'running') = (finished_at IS NULL))
) STRICT;

-- One table per channel: the runtime runs one actor per channel, and this stops a second
-- process or a double-clicked Start from opening a parallel game there.
CREATE UNIQUE INDEX games_one_running_per_channel ON games (channel_id) WHERE status = 'running';
CREATE INDEX games_by_guild ON games (guild_id, variant, status, finished_at);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER,
    name    TEXT    NOT NULL,
    is_cpu  INTEGER NOT NULL CHECK (is_cpu IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) = (is_cpu = 1))
) STRICT, WITHOUT ROWID;

-- NULLs are distinct in a UNIQUE index, so any number of CPUs fit but a human sits only once.
CREATE UNIQUE INDEX game_players_one_seat_per_user ON game_players (game_id, user_id);
CREATE INDEX game_players_by_user ON game_players (user_id, game_id);

-- The event-sourcing log: (variant, settings, seed) plus these actions rebuild any game.
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    action     TEXT    NOT NULL CHECK (json_valid(action)),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE hands (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand_index  INTEGER NOT NULL CHECK (hand_index >= 0),
    label       TEXT    NOT NULL,
    winner_seat INTEGER,
    from_seat   INTEGER,
    han         INTEGER NOT NULL DEFAULT 0,
    points      INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand_index),
    CHECK (winner_seat IS NOT NULL OR from_seat IS NULL),
    CHECK (from_seat IS NULL OR from_seat != winner_seat)
) STRICT, WITHOUT ROWID;

-- One row per seat per hand. won and dealt_in repeat what hands says so that win and deal-in
-- rates are plain SUMs over a player's rows, with no CASE over the hand's seats.
CREATE TABLE hand_seats (
    game_id      INTEGER NOT NULL,
    hand_index   INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    point_change INTEGER NOT NULL,
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    dealt_in     INTEGER NOT NULL CHECK (dealt_in IN (0, 1)),
    riichi       INTEGER NOT NULL CHECK (riichi IN (0, 1)),
    tenpai       INTEGER NOT NULL CHECK (tenpai IN (0, 1)),
    PRIMARY KEY (game_id, hand_index, seat),
    FOREIGN KEY (game_id, hand_index) REFERENCES hands (game_id, hand_index) ON DELETE CASCADE,
    FOREIGN KEY (game_id, seat) REFERENCES game_players (game_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE final_results (
    game_id       INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    points        INTEGER NOT NULL,
    placement     INTEGER NOT NULL CHECK (placement >= 1),
    final_score   REAL    NOT NULL,
    -- The display rating around this game, so history can show "+1.8"; NULL for CPUs.
    rating_before REAL,
    rating_after  REAL,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES game_players (game_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Plackett-Luce skill per guild and variant. name is the latest display name, for leaderboards.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL CHECK (sigma > 0),
    rating      REAL    NOT NULL,
    rated_games INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, user_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX ratings_by_rating ON ratings (guild_id, variant, rating DESC);
