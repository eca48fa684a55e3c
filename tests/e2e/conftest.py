"""Fixtures for end-to-end tests against the local fake Discord."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator

import pytest

from bot.sandbox.fakediscord import FakeDiscord

from .spies import LogTrap


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the end-to-end tests one after another on one test worker: each starts a bot and its
    render processes, and their deadlines (Discord's 3 seconds) are real, so two at once on a
    two-core machine would only measure each other. The other tests share the other worker."""
    for item in items:
        if "tests/e2e/" in item.nodeid or item.nodeid.startswith("e2e/"):
            item.add_marker(pytest.mark.xdist_group("e2e"))


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
    fake.assert_lean()


@pytest.fixture
def log_trap() -> Iterator[LogTrap]:
    trap = LogTrap()
    loggers = [logging.getLogger(name) for name in ("bot", "cogs")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(trap)
        logger.setLevel(logging.DEBUG)
    try:
        yield trap
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(trap)
            logger.setLevel(level)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """List the faults each fault-injection test met (its ``faults`` property)."""
    lines = [
        f"{report.nodeid}: {value}"
        for reports in terminalreporter.stats.values()
        for report in reports
        if isinstance(report, pytest.TestReport) and report.when == "call"
        for name, value in report.user_properties
        if name == "faults"
    ]
    if lines:
        terminalreporter.section("faults injected")
        for line in lines:
            terminalreporter.write_line(line)
