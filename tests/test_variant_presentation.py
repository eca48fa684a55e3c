"""Each variant's presentation lives in its own ``ui.py``: the shared runtime, the cogs and the
renderer name no variant, every action has a label, every text is defined once, and the calc
refuses a variant's option for any other variant."""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine.calc import parse_args
from bot.engine.calculator import CalcError, CalcFlag
from bot.engine.game import Action, TimeUp, VoteEnd
from bot.engine.variants import VARIANTS, Variant, tile_pages
from bot.engine.variants.zuno import ZunoGame
from bot.runtime.customid import PanelId, parse
from bot.runtime.i18n import defined_twice, has_text, text
from bot.ui.labels import action_label

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("bot/runtime", "bot/ui", "cogs", "render")
UPCOMING = ("chinitsu", "goto")
"""Variants still to come: named nowhere in shared code either, so they will need no runtime change."""
ALLOWED = {
    "render/samples.py": "sample views of all five variants (tile sets, set-aside kinds, points) for the "
    "render tests, the benchmark and the gallery: fixture data, not code any table runs",
}
"""Shared files allowed to name variants, and why."""
PATTERNS = (r"zuno_\w*", r"juusan_futou")
"""Variant-only action kinds, spelled out so this test does not rest on the registry alone."""


def _action_classes() -> list[type[Action]]:
    """Every action class there is, once per kind: ``dataclass(slots=True)`` replaces each class,
    and the class it replaced stays among the subclasses, so each is taken from its module."""
    found: dict[str, type[Action]] = {}
    todo = [Action]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        found[cls.kind] = vars(sys.modules[cls.__module__])[cls.__qualname__]
    del found[Action.kind]
    return list(found.values())


def variant_words() -> set[str]:
    """What shared code must not name: variant keys, variant-only action kinds, variant pages
    and variant text keys (each read through the registry instead)."""
    words = {variant.variant for variant in VARIANTS} | set(UPCOMING)
    words |= {cls.kind for cls in _action_classes() if cls.__module__ != "bot.engine.game"}
    for variant in VARIANTS:
        words |= {page.name for page in variant.ui.pages} | set(variant.ui.texts)
    return words


def mentions(source: str, words: set[str]) -> list[tuple[int, str]]:
    """(line, word) for each variant word in the code and comments of ``source``; docstrings
    (with their doctests) and other bare string statements may name variants."""
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for number in range(node.lineno - 1, node.end_lineno or node.lineno):
                lines[number] = ""
    alternatives = [re.escape(word) for word in sorted(words, key=len, reverse=True)] + list(PATTERNS)
    pattern = re.compile(rf"(?<![A-Za-z0-9_])(?:{'|'.join(alternatives)})(?![A-Za-z0-9_])")
    return [(number, match.group()) for number, line in enumerate(lines, 1) for match in pattern.finditer(line)]


def test_shared_code_names_no_variant() -> None:
    words = variant_words()
    assert {"zuno", "nishoku", "inage", "zuno_ron", "juusan_futou", "inazuma", "panel_zuno_ron"} <= words
    offenders = {}
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            found = mentions(path.read_text("utf-8"), words)
            if found and name not in ALLOWED:
                offenders[name] = found
    assert offenders == {}, "per-variant knowledge belongs in the variant's ui.py (VariantUI)"


def test_the_check_reads_code_and_comments_but_not_docstrings() -> None:
    source = '''"""Module docstring: zuno is fine here.

>>> kind = "zuno_ron"
"""
X = {"inazuma": 1}  # a comment naming nishoku
MODE = "zuno_inazuma"


def f() -> None:
    """Docstrings may say juusan_futou."""
    return goto
'''
    assert mentions(source, variant_words()) == [(5, "inazuma"), (5, "nishoku"), (6, "zuno_inazuma"), (11, "goto")]


def test_no_text_key_is_defined_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    assert defined_twice() == {}
    clash = dataclasses.replace(ZunoGame.ui, texts={**ZunoGame.ui.texts, "button_pass": ("Skip", "スキップ")})
    monkeypatch.setattr(ZunoGame, "ui", clash)
    assert defined_twice() == {"button_pass": ["shared", "zuno"]}


def _sample(cls: type[Action]) -> Iterator[Action]:
    """Instances of an action class with every field filled (a vote both ways)."""
    values: dict[str, Any] = {}  # the fields of whichever action class: only Any fits them all
    for field in dataclasses.fields(cls):
        annotation = str(field.type)
        values[field.name] = (1, 2) if "tuple" in annotation else True if annotation == "bool" else 1
    yield cls(**values)
    if cls.kind == VoteEnd.kind:
        yield VoteEnd(seat=1, end=False)


def test_every_action_kind_has_a_button_label_in_english_and_japanese() -> None:
    """Every action any registered variant can produce is labelled, in both languages, by its
    texts: tile choices by their page's (or the shared discard/draft) texts, the rest by
    ``button_<kind>``. Only the clock's time-up is never a button."""
    game = ZunoGame(seed=1)
    public, tiles, names = game.public_view(), game.tiles, ("A", "B", "C", "D")
    pages = {page.kind: page for page in tile_pages().values()}
    checked = set()
    labels: dict[Action, str] = {}
    for cls in _action_classes():
        if cls.kind in (TimeUp.kind, "discard", "pick"):
            continue
        checked.add(cls.kind)
        if cls.kind in pages:
            page = pages[cls.kind]
            for locale in ("en-US", "ja"):
                assert text(page.prompt, locale, deadline="").strip() and text(page.button, locale).strip()
            continue
        assert cls.kind == VoteEnd.kind or has_text(f"button_{cls.kind}"), f"no button_{cls.kind} text"
        for action in _sample(cls):
            english, japanese = (action_label(action, public, names, tiles, locale) for locale in ("en-US", "ja"))
            for label in (english, japanese):
                assert label and "{" not in label and not label.startswith(cls.kind), (action, label)
            assert english != japanese, (action, english)
            labels[action] = english
    assert {"zuno_ron", "zuno_pocchi", "juusan_futou", "set_aside", "vote_end", "riichi", "zuno_inazuma"} <= checked
    assert labels[VoteEnd(seat=1)] != labels[VoteEnd(seat=1, end=False)]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.variant)
def test_every_text_a_variant_names_exists(variant: Variant) -> None:
    ui = variant.ui
    keys = [*ui.waiting.values(), *(key for page in ui.pages for key in (page.prompt, page.button))]
    if ui.multi_claim is not None:
        keys += [ui.multi_claim.prompt, ui.multi_claim.claimed, ui.multi_claim.done]
    missing = [key for key in keys if not has_text(key)]
    assert missing == []
    for key in keys:
        for locale in ("en-US", "ja"):
            assert text(key, locale, deadline="<t:1:R>", names="Bob")


def test_every_page_is_a_panel_button() -> None:
    pages = tile_pages()
    assert set(pages) == PanelId.PAGES and {"riichi", "inazuma"} <= PanelId.PAGES
    for name in pages:
        assert name not in {"discard", "dm", "here", "back"}
        assert parse(PanelId(7, 8, name).custom_id) == PanelId(7, 8, name)


@pytest.mark.parametrize(
    ("variant", "flag"),
    [(variant, flag) for variant in VARIANTS if variant.calc for flag in variant.calc.flags],
    ids=lambda value: getattr(value, "name", None) or getattr(value, "variant", ""),
)
def test_a_calc_option_is_refused_for_every_other_variant(variant: Variant, flag: CalcFlag) -> None:
    given = [f"--{flag.name}"] + ([] if flag.type is bool else ["1" if flag.type is int else "1m"])
    hand = ["--hand", "234567p345678s99s", "--win", "2p", "--ron"]
    owners = [other for other in VARIANTS if other.calc and flag.name in {f.name for f in other.calc.flags}]
    titles = " / ".join(owner.title for owner in owners)
    keys = " or ".join(f"--variant {owner.variant}" for owner in owners)
    others = ["riichi", *(other.variant for other in VARIANTS if other.calc and other not in owners)]
    for other in others:
        with pytest.raises(CalcError) as refused:
            parse_args(["--variant", other, *hand, *given])
        assert str(refused.value) == f"--{flag.name} is a {titles} rule ({keys})"
    for owner in owners:
        parse_args(["--variant", owner.variant, *hand, *given])
