"""Fixtures for a real PostgreSQL server: one throwaway cluster per test process, and for each
test a migrated database with no rows in it.

Creating a database takes a PostgreSQL server about 0.3 s, emptying every table of one about
0.05 s, so the tests share one migrated database per process, emptied (identities restarted,
so game ids start at 1 again) before each test that asks for it. A test of the migrations
themselves asks for a new, empty database instead.

Where the server binaries are missing the PostgreSQL half of the tests skips, naming the package
to install; ``.ci/run`` installs it, so CI always runs both halves.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import asyncpg
import pytest

from bot.storage import Store
from bot.storage.pgcluster import ClusterUnavailable, ThrowawayCluster

__all__ = ["PostgresServer", "postgres_server", "postgres_url", "start_cluster_or_skip"]

SHARED_DATABASE = "jantaku_tests"


class PostgresServer:
    """The session's cluster, and the migrated database its tests share."""

    def __init__(self, cluster: ThrowawayCluster) -> None:
        self.cluster = cluster
        self._names = itertools.count(1)
        self._shared_ready = False

    async def clean_database(self) -> str:
        """The URL of the shared migrated database, every table of the schema emptied."""
        url = self.cluster.url(SHARED_DATABASE)
        if not self._shared_ready:
            await self._create(SHARED_DATABASE)
            async with Store.open(url):
                pass
            self._shared_ready = True
            return url
        connection = await asyncpg.connect(url)
        try:
            tables = [
                row["tablename"]
                for row in await connection.fetch(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename != 'schema_migrations'"
                )
            ]
            await connection.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
        finally:
            await connection.close()
        return url

    async def new_database(self) -> str:
        """The URL of a new, empty database (no migrations run)."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        await self._create(name)
        return self.cluster.url(name)

    async def _create(self, name: str) -> None:
        admin = await asyncpg.connect(self.cluster.url("postgres"))
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()


PORT_TAKEN = "Address already in use"
"""What a server says when the free port it was given was taken before it could bind it (by
another test process, or another program: the port is chosen a moment before the server starts)."""


def start_cluster_or_skip(tries: int = 5) -> ThrowawayCluster:
    """A new throwaway server, or a skip that names the package to install. A port taken in the
    moment between its choice and the server's start is not a reason to skip: another is tried."""
    for attempt in range(1, tries + 1):
        try:
            return ThrowawayCluster.start()
        except ClusterUnavailable as error:
            if PORT_TAKEN not in str(error) or attempt == tries:
                pytest.skip(f"PostgreSQL tests need a server: {error}")
    raise AssertionError("every try either started a server or skipped")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for this test process (skips where none can be started)."""
    cluster = start_cluster_or_skip()
    try:
        yield PostgresServer(cluster)
    finally:
        cluster.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> str:
    """A migrated PostgreSQL database with no rows, for one test."""
    return await postgres_server.clean_database()
