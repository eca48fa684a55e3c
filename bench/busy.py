"""Run a command several times in a row while busy processes keep every core loaded.

    python -m bench.busy [--per-core 1] [--runs 3] -- .venv/bin/python -m pytest -q

CI shares its machine, and a test that passes alone but fails beside other work costs a whole
retry. This is the loaded machine on demand: it starts ``--per-core`` spinning processes for each
core (at the command's own priority, so they compete for every slice), runs the command
``--runs`` times one after the other, stops the spinners, and prints one line per run (its wall
time and exit status) and a summary. It exits 0 only when every run did: with ``--runs 3`` that
is "passed three times in a row on a loaded machine", the proof issue 34 asks of the test suite.

The spinners are plain ``python -c 'while True: pass'`` processes in their own process group, killed
on any exit of this one (Ctrl-C included); the command's output goes to this process's, so the
test report is read as usual.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass

__all__ = ["RunResult", "busy_cores", "main", "run_loaded"]

SPIN = "while True: pass"


@dataclass(frozen=True, slots=True)
class RunResult:
    """One run of the command: its number (from 1), exit status and wall time."""

    run: int
    returncode: int
    seconds: float
    load_before: float
    """The one-minute load average when the run started (the spinners' load shows here)."""


@contextmanager
def busy_cores(count: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` spinning processes for the length of the block, killed however it ends."""
    spinners = [
        subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL, start_new_session=True)
        for _ in range(count)
    ]
    try:
        yield spinners
    finally:
        for spinner in spinners:
            spinner.kill()
        for spinner in spinners:
            spinner.wait()


def run_loaded(command: Sequence[str], *, runs: int, spinners: int, stop_on_failure: bool) -> list[RunResult]:
    """Run ``command`` ``runs`` times in a row beside ``spinners`` busy processes."""
    results: list[RunResult] = []
    with busy_cores(spinners):
        for run in range(1, runs + 1):
            load = os.getloadavg()[0]
            print(f"bench.busy: run {run}/{runs} beside {spinners} busy processes: {' '.join(command)}", flush=True)
            started = time.monotonic()
            returncode = subprocess.call(list(command))
            result = RunResult(run, returncode, round(time.monotonic() - started, 1), round(load, 2))
            results.append(result)
            print(f"bench.busy: {json.dumps(asdict(result))}", flush=True)
            if returncode and stop_on_failure:
                break
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.busy", description=__doc__.split("\n\n", 1)[0] if __doc__ else None
    )
    parser.add_argument("--per-core", type=int, default=1, help="busy processes per core (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="how many times to run the command in a row (default 3)")
    parser.add_argument("--keep-going", action="store_true", help="run every time even after a failure")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    if args.per_core < 0 or args.runs < 1:
        parser.error("--per-core must be 0 or more and --runs 1 or more")
    # A SIGTERM ends us through the finally blocks, so the spinners never outlive this process.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    spinners = args.per_core * (os.cpu_count() or 1)
    results = run_loaded(command, runs=args.runs, spinners=spinners, stop_on_failure=not args.keep_going)
    passed = sum(1 for result in results if result.returncode == 0)
    times = ", ".join(f"{result.seconds:.0f} s" for result in results)
    print(f"bench.busy: {passed} of {len(results)} runs passed beside {spinners} busy processes; wall times {times}")
    return 0 if passed == len(results) == args.runs else 1


if __name__ == "__main__":
    raise SystemExit(main())
