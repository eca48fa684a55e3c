"""The layers of docs/architecture.md hold: import-linter's contracts in pyproject.toml, run here
so that the README's test command (and CI) fails on an import across a layer, between variants,
in a circle inside the engine, or of discord below the Discord side."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = {"layers", "engine-pure", "variants-independent", "engine-acyclic", "no-discord-below-ui"}
# In a process of its own: import-linter configures logging with dictConfig, which disables every
# logger that exists already, and a test worker's later tests would lose the logs they check.
LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def test_pyproject_declares_every_layer_contract() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]
    assert {contract["id"] for contract in config["contracts"]} == CONTRACTS


def test_every_import_keeps_the_layer_contracts() -> None:
    lint = subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert lint.returncode == 0, lint.stdout + lint.stderr
    assert f"{len(CONTRACTS)} kept, 0 broken" in lint.stdout
