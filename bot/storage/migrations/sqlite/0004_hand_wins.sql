-- A hand can pay several winners (ずーの's simultaneous rons and tsumos, いなげ's double ron), so
-- each seat's row says what it won and how: the hand's row keeps only the first win. Rows written
-- before this migration are filled in from that first win, which was then the only one stored.

ALTER TABLE hand_seats ADD COLUMN win_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hand_seats ADD COLUMN tsumo INTEGER NOT NULL DEFAULT 0 CHECK (tsumo IN (0, 1));

UPDATE hand_seats SET
    win_points = (SELECT h.points FROM hands AS h
                  WHERE h.game_id = hand_seats.game_id AND h.hand_index = hand_seats.hand_index),
    tsumo = (SELECT h.from_seat IS NULL FROM hands AS h
             WHERE h.game_id = hand_seats.game_id AND h.hand_index = hand_seats.hand_index)
WHERE won = 1;
