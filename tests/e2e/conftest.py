"""Fixtures for end-to-end tests against the local fake Discord."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.sandbox.fakediscord import FakeDiscord

from .helpers import manual_clock
from .spies import LogTrap


@asynccontextmanager
async def checked_fake(**options: Any) -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord (``options`` go to :meth:`FakeDiscord.start`) that fails the test at
    its end if the bot broke any rule. Tests that provoke violations on purpose remove them with
    ``fake.take_violations(kind)``. Its time is a manual clock (:func:`helpers.manual_clock`,
    shared with the bots ``make_bot`` wires to it) unless ``clock=None`` asks for the machine's,
    which a bot in a process of its own needs."""
    options.setdefault("clock", manual_clock())
    fake = await FakeDiscord.start(**options)
    try:
        yield fake
    finally:
        await fake.stop()
    fake.assert_clean()
    fake.assert_lean()


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord; the test fails at teardown if the bot broke any rule."""
    async with checked_fake() as fake:
        yield fake


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
