"""5等三麻 (Gotō sanma): 3 players, 124 tiles (16 flowers, 黒黒赤金 fives, 白ポッチ), a chip economy.

Seed 003 (「5等三麻ルール」), spec §4. So far: the settings (:mod:`.settings`), the shapes
(:mod:`.shapes`), the yaku layer (:mod:`.yaku`), the points table (:mod:`.points`), the chips
(:mod:`.chips`) and the dice (:mod:`.dice`); the game comes next.
"""
