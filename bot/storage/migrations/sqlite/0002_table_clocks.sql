-- Per-table clocks survive a restart: a table's own turn and bank seconds (the lobby may set
-- them; NULL means "the guild's defaults", as before this migration), and the bank a seat had
-- left after each of its actions (NULL for CPUs and for logs written before this migration).

ALTER TABLE games ADD COLUMN turn_seconds REAL CHECK (turn_seconds IS NULL OR turn_seconds > 0);
ALTER TABLE games ADD COLUMN bank_seconds REAL CHECK (bank_seconds IS NULL OR bank_seconds >= 0);
ALTER TABLE actions ADD COLUMN bank REAL CHECK (bank IS NULL OR bank >= 0);
