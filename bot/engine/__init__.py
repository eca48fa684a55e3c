"""The pure rules engine: standard library only, no I/O (a test enforces it).

Glossary, as used throughout:

- kind: one of the 38 tile kinds, an int (0-8 萬子, 9-17 筒子, 18-26 索子, 27-33 字牌, 34-37 花牌).
- tile: a physical tile face (:class:`bot.engine.tiles.Tile`): a kind plus red/gold/back/pocchi.
- board: a hand as a count board, 4 bits per kind in one int (:mod:`bot.engine.shapes`).
- shanten: tiles away from tenpai; -1 is a complete hand. Waits: the kinds that complete it.
"""
