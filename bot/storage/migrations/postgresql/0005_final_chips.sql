-- Each seat's chips (祝儀) at the end of the game (as migrations/sqlite/0005_final_chips.sql);
-- NULL means the game kept no chips.

ALTER TABLE final_results ADD COLUMN chips INTEGER;
