"""Generate the shipped 4-copy suit table: ``python -m bot.engine.tablegen``.

The table maps every suit block of at most 14 tiles with at most 4 copies per rank (405,350 of
them) to its distance vector. Only about 150 distinct vectors exist, so the file stores them
once and then one index byte per block, in the order :func:`~bot.engine.shapes.standard_suit_keys`
walks the blocks, zlib-compressed. Generating it walks the blocks depth-first and advances the
DP one rank per step, so blocks sharing a prefix share the work.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

from bot.engine.shapes import STANDARD_SUIT_CAPS, START, SUIT_TABLE_FILE, advance, finish

_State = dict[tuple[int, int, int, int], int]


def generate_standard_suit_table() -> bytes:
    """Build the file contents (deterministic: the same bytes on every run)."""
    distinct: dict[tuple[int, ...], int] = {}
    indices = bytearray()
    cap = STANDARD_SUIT_CAPS[0]

    def walk(rank: int, states: _State, tiles: int) -> None:
        if rank == 9:
            vector = finish(states)
            index = distinct.setdefault(vector, len(distinct))
            indices.append(index)
            return
        for count in range(min(cap, 14 - tiles) + 1):
            walk(rank + 1, advance(states, count, cap, may_open_runs=rank <= 6), tiles + count)

    walk(0, START, 0)
    if len(distinct) > 255:
        raise RuntimeError(f"{len(distinct)} distinct vectors do not fit one index byte")
    header = bytearray(len(distinct).to_bytes(2, "little"))
    for vector in distinct:
        header += bytes(min(cost, 255) for cost in vector)
    return zlib.compress(bytes(header + indices), 9)


def main() -> int:
    """Write the table next to the engine and print its size."""
    target = Path(__file__).with_name("data") / SUIT_TABLE_FILE
    data = generate_standard_suit_table()
    target.write_bytes(data)
    print(f"wrote {target} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
