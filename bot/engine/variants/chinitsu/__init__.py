"""チンイツゲーム: 3 players, one number suit ×8 per hand (alternating pinzu and souzu), tile backs."""
