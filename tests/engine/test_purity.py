"""The rules core imports only the standard library and itself."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "bot" / "engine"
FORBIDDEN = ("discord", "asyncio", "PIL", "sqlite3", "aiosqlite", "cogs", "render", "bot.storage", "bot.runtime")


def imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_engine_imports_no_io_or_ui() -> None:
    offenders = {
        str(path.relative_to(ENGINE)): [name for name in imported_modules(path) if name.startswith(FORBIDDEN)]
        for path in ENGINE.rglob("*.py")
    }
    offenders = {path: names for path, names in offenders.items() if names}
    assert offenders == {}


def test_purity_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "leaky.py"
    module.write_text("import asyncio\nfrom PIL import Image\nfrom discord.ext import commands\n", "utf-8")
    assert [name for name in imported_modules(module) if name.startswith(FORBIDDEN)] == [
        "asyncio",
        "PIL",
        "discord.ext",
    ]
