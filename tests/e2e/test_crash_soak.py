"""The crash soak, short: a table of every variant while the bot's process is SIGKILLed three times
and restarted on the same SQLite file (``python -m bench.soak`` is the long one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.soak import PLANS, KillWindow, parse_args, soak_run


@pytest.mark.slow  # the bot in its own process, SIGKILLed and restarted
async def test_every_variant_survives_three_sigkills_with_no_accepted_click_lost(tmp_path: Path) -> None:
    args = parse_args(
        [
            *("--games", str(len(PLANS)), "--kills", "3", "--seed", "3"),
            *("--min-gap", "1.5", "--max-gap", "3", "--think-ms", "30", "--cpu-delay", "0.02", "--ramp", "0.5"),
            *("--timeout", "150", "--render-threads", "--workdir", str(tmp_path)),
        ]
    )
    figures = await soak_run(args)
    assert figures["problems"] == [], figures
    assert figures["ok"]
    assert figures["kills"] == 3 and figures["bot_starts"] == 4
    assert figures["variants"] == sorted(plan.label for plan in PLANS)
    # Games were played through clicks, around the kills, and every one got its answer.
    assert figures["clicks_accepted"] > 30 and figures["clicks_lost"] == 0
    assert figures["actions"] > figures["clicks_accepted"]
    assert figures["unanswered_outside"] == 0 and figures["violations_outside"] == 0


def test_a_killed_window_runs_from_a_deadline_before_the_kill_to_the_ready() -> None:
    """An interaction created up to the response deadline before the kill may die with the
    process; one created earlier had its whole deadline while the bot was up."""
    window = KillWindow(killed_at=100.0, ready_at=108.0)
    assert window.covers(97.5, before=3.0) and window.covers(104.0, before=3.0) and window.covers(108.0, before=3.0)
    assert not window.covers(96.9, before=3.0) and not window.covers(108.1, before=3.0)
    assert KillWindow(killed_at=100.0).covers(10_000.0, before=3.0)  # not ready yet: still down
