"""Fixtures: a real store with a clock the test controls, on both backends. ``store`` runs each
test twice, on SQLite in a temporary directory and on a fresh database of a throwaway PostgreSQL
server; ``sqlite_store`` is for the tests of what only SQLite has (its file, pragmas, readers)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Store
from tests.storage.helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "jantaku.sqlite3"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def database(request: pytest.FixtureRequest, db_path: Path) -> str:
    """Where the test's store lives: a SQLite file's URL, or a PostgreSQL database's."""
    if request.param == "sqlite":
        return f"sqlite:///{db_path}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def store(database: str, clock: FakeClock) -> AsyncIterator[Store]:
    async with Store.open(database, clock=clock) as opened:
        yield opened


@pytest.fixture
async def sqlite_store(db_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
    async with Store.open(db_path, clock=clock) as opened:
        yield opened
