"""bench.busy: a command run several times beside spinning processes, which never outlive it."""

from __future__ import annotations

import os
import sys

from bench.busy import busy_cores, main, run_loaded


def test_three_runs_of_a_passing_command_pass_and_report_each_run() -> None:
    results = run_loaded([sys.executable, "-c", "pass"], runs=3, spinners=0, stop_on_failure=True)
    assert [result.run for result in results] == [1, 2, 3]
    assert all(result.returncode == 0 and result.seconds >= 0 for result in results)


def test_a_failing_run_stops_the_series_and_fails_the_whole() -> None:
    assert main(["--per-core", "0", "--runs", "3", "--", sys.executable, "-c", "raise SystemExit(3)"]) == 1
    results = run_loaded([sys.executable, "-c", "raise SystemExit(3)"], runs=3, spinners=0, stop_on_failure=True)
    assert [(result.run, result.returncode) for result in results] == [(1, 3)]


def test_spinners_run_during_the_block_and_are_gone_after_it() -> None:
    with busy_cores(2) as spinners:
        assert all(spinner.poll() is None for spinner in spinners)
        pids = [spinner.pid for spinner in spinners]
    assert all(spinner.returncode is not None for spinner in spinners)
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"spinner {pid} outlived the block")
