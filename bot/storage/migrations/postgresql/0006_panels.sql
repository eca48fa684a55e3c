-- Private panels survive a restart (as migrations/sqlite/0006_panels.sql): one row per seat whose
-- panel is open, saying where it lives (an ephemeral reply through its interaction token, or a DM).

CREATE TABLE panels (
    game_id        BIGINT           NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER          NOT NULL CHECK (seat >= 0),
    opened_at      DOUBLE PRECISION NOT NULL,
    application_id BIGINT,
    token          TEXT,
    channel_id     BIGINT,
    message_id     BIGINT,
    locale         TEXT,
    prefers_dm     INTEGER          NOT NULL DEFAULT 0 CHECK (prefers_dm IN (0, 1)),
    mode           TEXT             NOT NULL,
    -- Hashes (hex) of the text and buttons, and of the image, the panel shows.
    shown          TEXT             NOT NULL DEFAULT '',
    image          TEXT             NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seat),
    CHECK (message_id IS NOT NULL
           AND ((token IS NOT NULL AND application_id IS NOT NULL) OR (token IS NULL AND channel_id IS NOT NULL)))
);
