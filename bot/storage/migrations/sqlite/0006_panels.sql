-- Private panels survive a restart: one row per seat whose panel is open, saying where it lives
-- (an ephemeral reply, through its interaction token, usable for 15 minutes from opened_at; or a
-- DM message) so that the next process keeps editing it instead of leaving it silent. A game's
-- rows are deleted when it ends: a finished game's panels need no more edits.

CREATE TABLE panels (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    opened_at      REAL    NOT NULL,
    application_id INTEGER,
    token          TEXT,
    channel_id     INTEGER,
    message_id     INTEGER,
    locale         TEXT,
    prefers_dm     INTEGER NOT NULL DEFAULT 0 CHECK (prefers_dm IN (0, 1)),
    mode           TEXT    NOT NULL,
    -- Hashes (hex) of the text and buttons, and of the image, the panel shows.
    shown          TEXT    NOT NULL DEFAULT '',
    image          TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seat),
    -- An ephemeral panel is its message behind an application's interaction token; a DM panel
    -- is a message in a DM channel.
    CHECK (message_id IS NOT NULL
           AND ((token IS NOT NULL AND application_id IS NOT NULL) OR (token IS NULL AND channel_id IS NOT NULL)))
) STRICT;
