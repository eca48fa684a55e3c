-- A game's end is posted after its result is committed (as migrations/sqlite/0007_end_shown.sql):
-- end_shown is 0 from the result's commit until the end has been posted.

ALTER TABLE games ADD COLUMN end_shown INTEGER NOT NULL DEFAULT 1 CHECK (end_shown IN (0, 1));
