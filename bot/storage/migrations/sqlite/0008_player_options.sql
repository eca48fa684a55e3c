-- Each player's auto options (the ⚙ Auto buttons of a panel), remembered per guild: auto-discard
-- in riichi, auto-win, no calls. A player with no row has the defaults (auto-discard on, the
-- others off), so nothing is written until someone changes one.

CREATE TABLE player_options (
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    riichi_discard INTEGER NOT NULL CHECK (riichi_discard IN (0, 1)),
    auto_win       INTEGER NOT NULL CHECK (auto_win IN (0, 1)),
    no_calls       INTEGER NOT NULL CHECK (no_calls IN (0, 1)),
    updated_at     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT;
