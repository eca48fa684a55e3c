-- Per-table clocks survive a restart (as migrations/sqlite/0002_table_clocks.sql): a table's own
-- turn and bank seconds (NULL: the guild's defaults), and the bank a seat had left after each of
-- its actions (NULL for CPUs and for logs written before this migration).

ALTER TABLE games ADD COLUMN turn_seconds DOUBLE PRECISION CHECK (turn_seconds IS NULL OR turn_seconds > 0);
ALTER TABLE games ADD COLUMN bank_seconds DOUBLE PRECISION CHECK (bank_seconds IS NULL OR bank_seconds >= 0);
ALTER TABLE actions ADD COLUMN bank DOUBLE PRECISION CHECK (bank IS NULL OR bank >= 0);
