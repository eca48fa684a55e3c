-- A game's end is shown in its channel (the final table and the standings card) after its result
-- is committed. A crash in between left the players looking at a table that still offered
-- "My hand" and never said the game was over. end_shown is 0 from the result's commit until the
-- end has been posted; start-up posts the end of every finished game still at 0. Games finished
-- before this migration count as shown: their channels moved on long ago.

ALTER TABLE games ADD COLUMN end_shown INTEGER NOT NULL DEFAULT 1 CHECK (end_shown IN (0, 1));
