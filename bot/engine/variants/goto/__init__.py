"""5等三麻: 3 players, 16 flowers, 白ポッチ, Alice, dice and a chip economy."""
