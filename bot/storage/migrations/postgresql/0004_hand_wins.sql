-- A hand can pay several winners (as migrations/sqlite/0004_hand_wins.sql): each seat's row says
-- what it won and how. Rows written before this migration are filled in from the hand's first win.

ALTER TABLE hand_seats ADD COLUMN win_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hand_seats ADD COLUMN tsumo INTEGER NOT NULL DEFAULT 0 CHECK (tsumo IN (0, 1));

UPDATE hand_seats SET
    win_points = h.points,
    tsumo = CASE WHEN h.from_seat IS NULL THEN 1 ELSE 0 END
FROM hands AS h
WHERE h.game_id = hand_seats.game_id AND h.hand_index = hand_seats.hand_index AND hand_seats.won = 1;
