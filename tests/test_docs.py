"""Every rule in docs/rules/*.md names a test that exists, so the rulings never drift from the tests."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULE_DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))
TEST_REF = re.compile(r"`((?:tests/[\w/]+\.py::)?test_\w+)`")


@functools.cache
def defined_tests(path: Path) -> frozenset[str]:
    """The test functions a file defines (parsed once: a rules doc names hundreds in one file)."""
    tree = ast.parse(path.read_text("utf-8"))
    functions = (node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef))
    return frozenset(node.name for node in functions if node.name.startswith("test_"))


@pytest.mark.parametrize("doc", RULE_DOCS, ids=lambda path: path.stem)
def test_every_rule_names_an_existing_test(doc: Path) -> None:
    default_file = ROOT / "tests" / "engine" / f"test_{doc.stem}.py"
    references = TEST_REF.findall(doc.read_text("utf-8"))
    assert references, f"{doc.name} names no tests"
    missing = []
    for reference in references:
        path, _, name = reference.rpartition("::")
        file = ROOT / path if path else default_file
        if not file.is_file() or name not in defined_tests(file):
            missing.append(reference)
    assert missing == []


def test_every_rule_row_quotes_its_seed() -> None:
    for doc in RULE_DOCS:
        rows = [line for line in doc.read_text("utf-8").splitlines() if re.match(r"\| \d\d", line)]
        assert rows, doc.name
        assert all("「" in row for row in rows), [row for row in rows if "「" not in row]


@pytest.mark.parametrize("doc", RULE_DOCS, ids=lambda path: path.stem)
def test_every_rules_doc_lists_its_settings_with_their_defaults_and_ranges(doc: Path) -> None:
    from bot.runtime.variants import settings_table

    text = doc.read_text("utf-8")
    heading = "## Table settings: defaults and ranges"
    assert heading in text, doc.name
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    assert table == settings_table(doc.stem)


@pytest.mark.parametrize("doc", RULE_DOCS, ids=lambda path: path.stem)
def test_every_rules_doc_says_which_settings_are_options_and_its_rules_example_opens_a_table(doc: Path) -> None:
    from bot.runtime.variants import build_settings, parse_rules_text, variant_class

    section = " ".join(doc.read_text("utf-8").split("## Table settings: defaults and ranges", 1)[1].split())
    offered = ", ".join(f"`{name}`" for name in variant_class(doc.stem).ui.new_options)
    assert f"Options of their own in `/mahjong new variant:{doc.stem}`: {offered}." in section
    example = re.search(r"`rules: ([^`]+)`", section)
    assert example is not None, doc.name
    values = parse_rules_text(doc.stem, example.group(1))
    assert len(values) >= 2 and build_settings(doc.stem, values).to_json().items() >= values.items()


def test_readme_lists_the_timer_ranges_the_bot_enforces() -> None:
    from bot.runtime.options import TIMER_RANGES, TableTimers
    from bot.storage import GuildSettings

    readme = (ROOT / "README.md").read_text("utf-8")
    defaults = TableTimers()
    assert f"| `turn_seconds` | {defaults.turn_seconds:g} | {TIMER_RANGES['turn_seconds']} |" in readme
    assert f"| `bank_seconds` | {defaults.bank_seconds:g} | {TIMER_RANGES['bank_seconds']} |" in readme
    assert f"| `default_variant` | {GuildSettings(guild_id=1).default_variant} |" in readme
