"""Fixtures for end-to-end tests against the local fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .fakediscord import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord; the test fails at teardown if the bot broke any rule.

    Tests that provoke violations on purpose remove them with ``fake.take_violations(kind)``.
    """
    fake = await FakeDiscord.start()
    try:
        yield fake
    finally:
        await fake.stop()
    fake.assert_clean()
