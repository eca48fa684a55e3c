-- Chips (祝儀) are a second ledger beside points in some variants (ずーの, チンイツゲーム): each
-- seat's chips at the end of the game are kept with its final result, so that stats and
-- leaderboards can count them. NULL means the game kept no chips: a variant without them, or a
-- game finished before this migration, whose chips were never stored (they count for nothing
-- rather than for a made-up zero).

ALTER TABLE final_results ADD COLUMN chips INTEGER;
