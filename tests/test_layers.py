"""The layers of docs/architecture.md hold: import-linter's contracts in pyproject.toml, run here
so that the README's test command (and CI) fails on an import across a layer, between variants,
in a circle inside the engine, or of discord below the Discord side."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = {"layers", "engine-pure", "variants-independent", "engine-acyclic", "no-discord-below-ui"}


def test_pyproject_declares_every_layer_contract() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]
    assert {contract["id"] for contract in config["contracts"]} == CONTRACTS


def test_every_import_keeps_the_layer_contracts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, report
    assert "0 broken" in report
