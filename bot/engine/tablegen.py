"""Generate the shipped 4-copy suit table: ``python -m bot.engine.tablegen``.

The table maps every suit block of at most 14 tiles with at most 4 copies per rank (405,350 of
them) to its distance vector. Only about 150 distinct vectors exist, so the file stores them
once and then one index byte per block, in the order :func:`~bot.engine.shapes.standard_suit_keys`
walks the blocks, zlib-compressed. Generating it walks the blocks depth-first and advances the
DP one rank per step, so blocks sharing a prefix share the work; and because many prefixes leave
the DP in the same state, the indices of a whole subtree (the ranks still to come, given the DP
state and the tiles left) are computed once and reused wherever that subtree comes again.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

from bot.engine.shapes import STANDARD_SUIT_CAPS, START, SUIT_TABLE_FILE, advance, finish

_State = dict[tuple[int, int, int, int], int]
_StateKey = tuple[tuple[tuple[int, int, int, int], int], ...]


def generate_standard_suit_table() -> bytes:
    """Build the file contents (deterministic: the same bytes on every run)."""
    distinct: dict[tuple[int, ...], int] = {}
    cap = STANDARD_SUIT_CAPS[0]
    # (rank, DP state, tiles so far) -> the index bytes of every block below that node, in walk
    # order. A subtree's first visit walks it in full, in the same order as a plain walk would,
    # so the vectors get the same first-seen indices and the bytes are the same.
    subtrees: dict[tuple[int, _StateKey, int], bytes] = {}

    def walk(rank: int, states: _State, tiles: int) -> bytes:
        if rank == 9:
            vector = finish(states)
            return bytes((distinct.setdefault(vector, len(distinct)) & 0xFF,))
        memo_key = (rank, tuple(sorted(states.items())), tiles)
        known = subtrees.get(memo_key)
        if known is None:
            known = b"".join(
                walk(rank + 1, advance(states, count, cap, may_open_runs=rank <= 6), tiles + count)
                for count in range(min(cap, 14 - tiles) + 1)
            )
            subtrees[memo_key] = known
        return known

    indices = walk(0, START, 0)
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
