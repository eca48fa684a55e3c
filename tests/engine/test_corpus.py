"""The recorded corpus replays exactly: every view, event, decision and outcome after every action.

The corpus (``tests/engine/corpus/``, see :mod:`bench.corpus`) was recorded before the hand
engine was shared: 200 seeded games of each table (二色麻雀, ずーの, いなげ for 2 and for 3) and
the 72 games the e2e suite played. The default run checks every e2e game and the first games of
each seeded file; ``JANTAKU_CORPUS=full`` checks all 874 (about half an hour on one core; also
``python -m bench.corpus check``).
"""

from __future__ import annotations

import os

import pytest

from bench import corpus

SAMPLE = None if os.environ.get("JANTAKU_CORPUS") == "full" else 6


def _entries() -> list[corpus.CorpusEntry]:
    chosen: list[corpus.CorpusEntry] = []
    for path in corpus.corpus_files():
        entries = corpus.load(path)
        chosen += entries if path.name.startswith("e2e") or SAMPLE is None else entries[:SAMPLE]
    return chosen


ENTRIES = _entries()


def test_the_corpus_has_every_table_and_the_e2e_games() -> None:
    tables = {entry.table for entry in ENTRIES}
    assert {"nishoku/4", "zuno/4", "inage/2", "inage/3", "chinitsu/3"} <= tables
    assert any(table.startswith("e2e:") for table in tables)
    assert all(entry.checkpoints and entry.checkpoints[-1][0] == len(entry.actions) for entry in ENTRIES)


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.table}-{e.seed}-{len(e.actions)}" for e in ENTRIES])
def test_a_recorded_game_replays_to_what_was_recorded(entry: corpus.CorpusEntry) -> None:
    assert corpus.check_entry(entry) is None


def test_a_changed_rule_is_caught() -> None:
    """The check is not vacuous: an engine that shows one thing differently fails it."""
    entry = next(e for e in ENTRIES if e.table == "nishoku/4" and not e.settings)
    changed = corpus.CorpusEntry(**{**entry.__dict__, "settings": {**entry.settings, "hints": False}})
    problem = corpus.check_entry(changed)
    assert problem is not None and "differs" in problem
