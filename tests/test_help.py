"""``/mahjong help``'s content: every button a variant's panels can show is explained, every
special rule's example is a real one, and the picture and the embed fit what Discord accepts."""

from __future__ import annotations

import dataclasses
import io
import random
import sys
from collections import Counter
from collections.abc import Sequence

import pytest
from PIL import Image

from bot.engine.ai import CpuPlayer
from bot.engine.calc import calculate, parse_args
from bot.engine.game import Action, Game
from bot.engine.tiles import Tile, parse_tiles
from bot.engine.variant_ui import HelpRule, VariantHelp
from bot.engine.variants import VARIANTS, find_variant, new_game
from bot.runtime.customid import PanelId, TableId
from bot.ui.help import PANEL_OPS, TABLE_OPS, help_card, help_embed, help_page, unexplained
from render import render_help
from render.text import safe_text

KEYS = [variant.variant for variant in VARIANTS]
LOCALES = ("en-US", "ja")
IMAGE_BUDGET = 70 * 1024
"""The result cards' budget (``tests/render/test_palette.py``): the help picture is one of them."""


def _action_classes() -> list[type[Action]]:
    """Every action class, once per kind (``dataclass(slots=True)`` replaces each class, so each is
    taken from its module)."""
    found: dict[str, type[Action]] = {}
    todo = [Action]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        found[cls.kind] = vars(sys.modules[cls.__module__])[cls.__qualname__]
    del found[Action.kind]
    return list(found.values())


def package_kinds(variant: str) -> set[str]:
    """The action kinds the variant's own package defines (offered in rare moments too: 十三不塔,
    ピンゾロ, the オーラス stop), whether or not a few played games reach them."""
    package = f"bot.engine.variants.{variant}."
    return {cls.kind for cls in _action_classes() if cls.__module__.startswith(package)}


def offered_kinds(variant: str, games: int = 3, seed: int = 7, wander: float = 0.3) -> set[str]:
    """Every action kind the engine offers any seat (its decision, a switchable lock, a free
    action) in CPU-played games that sometimes take any legal action; the clock's time-up is no
    player's button."""
    seen: set[str] = set()
    for number in range(games):
        game: Game = new_game(variant, {}, seed=seed + number)
        cpus = [CpuPlayer(game.shapes, game.tiles, seed=seed + number + seat) for seat in range(game.players)]
        rng = random.Random(seed + number)
        while game.outcome() is None:
            for seat in range(game.players):
                seen |= {action.kind for action in (*game.legal_actions(seat), *game.free_actions(seat))}
            decision = game.decisions()[0]
            playable = [a for a in decision.actions if a.kind not in ("vote_end", "time_up")] or list(decision.actions)
            choice = (
                rng.choice(playable)
                if rng.random() < wander
                else cpus[decision.seat].choose(game.view(decision.seat), playable)
            )
            game.apply(choice)
    return seen - {"time_up"}


def help_of(variant: str) -> VariantHelp:
    help_ = find_variant(variant).ui.help
    assert help_ is not None, f"{variant} has no help"
    return help_


@pytest.mark.slow
@pytest.mark.parametrize("variant", KEYS)
def test_help_lists_every_action_kind_the_engine_offers_and_no_other(variant: str) -> None:
    offered = offered_kinds(variant) | package_kinds(variant)
    declared = set(help_of(variant).actions)
    assert offered - declared == set(), "buttons the help does not explain"
    assert declared - offered == set(), "the help explains buttons this variant never shows"
    assert len(declared) == len(help_of(variant).actions), "a kind listed twice"
    assert unexplained(variant) == []


def test_a_new_action_kind_without_help_text_is_unexplained(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a kind the help lists with no label or explanation is named."""
    cls = find_variant("nishoku")
    extended = dataclasses.replace(help_of("nishoku"), actions=(*help_of("nishoku").actions, "brand_new"))
    monkeypatch.setattr(cls.game, "ui", dataclasses.replace(cls.ui, help=extended))
    assert unexplained("nishoku") == ["brand_new"]


def test_every_table_and_panel_button_op_is_explained() -> None:
    assert set(TableId.OPS) <= set(TABLE_OPS)
    assert set(PanelId.OPS) - set(PanelId.PAGES) <= set(PANEL_OPS)
    for variant in VARIANTS:
        # A tile page is explained with the action kind it chooses, under the page's button.
        kinds = set(help_of(variant.variant).actions)
        assert {page.kind for page in variant.ui.pages} <= kinds


def test_the_help_names_each_button_as_the_panel_labels_it() -> None:
    goto = {button.label for button in help_page("goto", "en-US").buttons}
    assert {"My hand", "Open riichi…", "シュバリー…", "🎲 Roll the dice", "Pon …", "Pass", "I'm back"} <= goto
    zuno = {button.label for button in help_page("zuno", "ja").buttons}
    assert {"ロン …（…）", "ポン … ← …", "⚡ イナズマ…", "終了", "DMで受け取る"} <= zuno


RULES = [(variant.variant, rule) for variant in VARIANTS for rule in help_of(variant.variant).rules]


def _face(tile: Tile) -> Tile:
    return dataclasses.replace(tile, back=None)


def _fits_the_set(tiles: Sequence[Tile], tileset: Sequence[Tile]) -> bool:
    """As many copies of each tile as drawn are in the set; a tile drawn without a back colour
    matches any back (チンイツゲーム's faces come in blue and yellow)."""
    exact, faces = Counter(tileset), Counter(_face(tile) for tile in tileset)
    backed = Counter(tile for tile in tiles if tile.back is not None)
    plain = Counter(tile for tile in tiles if tile.back is None)
    return all(exact[tile] >= count for tile, count in backed.items()) and all(
        faces[tile] - sum(n for t, n in backed.items() if _face(t) == tile) >= count for tile, count in plain.items()
    )


def _values(argv: Sequence[str]) -> dict[str, str]:
    """The calc options that take a value, by name (flags such as ``--tsumo`` take none)."""
    return {
        option: value
        for option, value in zip(argv, [*argv[1:], ""], strict=True)
        if option.startswith("--") and value and not value.startswith("--")
    }


@pytest.mark.parametrize(("variant", "rule"), RULES, ids=[f"{v}-{r.tiles}" for v, r in RULES])
def test_each_special_rule_example_is_real(variant: str, rule: HelpRule) -> None:
    tiles = parse_tiles(rule.tiles)
    tileset = new_game(variant, {}, seed=1).tiles
    assert tiles and _fits_the_set(tiles, tileset), f"{rule.tiles} is not in the {variant} set"
    if rule.whole_set:
        assert sorted(tile.kind for tile in tiles) == sorted({tile.kind for tile in tileset})
    if rule.yaku:
        assert "--variant" not in rule.calc
        request = parse_args(["--variant", variant, *rule.calc])
        result = calculate(request)
        found = {line.name for line in result.yaku} | set(result.chips.items if result.chips else {})
        assert rule.yaku in found, f"{rule.yaku} not in {sorted(found)}"
        args = _values(rule.calc)
        melds = "".join(meld.split(":")[1] for meld in args.get("--melds", "").split(",") if meld)
        drawn = {args.get("--hand", "") + melds, args.get("--river"), args.get("--set-aside")}
        assert rule.tiles in drawn, "the picture must show the tiles the engine scored"
    else:
        assert not rule.calc


def test_a_made_up_yaku_example_fails_the_check() -> None:
    """The example check can fail: 二色麻雀's 新ピンフ hand has no 一発."""
    rule = dataclasses.replace(help_of("nishoku").rules[-1], yaku="一発")
    with pytest.raises(AssertionError, match="一発 not in"):
        test_each_special_rule_example_is_real("nishoku", rule)


@pytest.mark.parametrize("variant", KEYS)
@pytest.mark.parametrize("locale", LOCALES)
def test_help_picture_decodes_within_the_image_budget_and_draws_every_character(variant: str, locale: str) -> None:
    card = help_card(variant, locale)
    assert len(card.rows) >= 2
    for row in card.rows:
        # A character the committed font lacks would be drawn as a box.
        assert safe_text(row.name) == row.name and safe_text(row.text) == row.text, row
    png = render_help(card)
    assert len(png) <= IMAGE_BUDGET
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG" and image.mode == "P" and "transparency" not in image.info
    assert image.width == 720 and 200 < image.height < 1400


@pytest.mark.parametrize("variant", KEYS)
@pytest.mark.parametrize("locale", LOCALES)
def test_help_embed_fits_discord_limits_in_the_readers_language(variant: str, locale: str) -> None:
    page = help_page(variant, locale)
    embed = help_embed(page, locale)
    assert embed.title is not None and len(embed.title) <= 256
    assert embed.description is not None and len(embed.description) <= 4096
    assert len(embed.fields) <= 25 and all(
        len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in embed.fields
    )
    assert len(embed) <= 6000
    title = find_variant(variant).title
    if locale == "ja":
        assert embed.title == f"{title}の遊び方" and "1局の流れ" in embed.description
    else:
        assert embed.title == f"How to play {title} here" and "A hand, step by step" in embed.description
    assert f"/mahjong new variant:{variant}" in embed.description
    assert embed.image.url == "attachment://help.png"


def test_each_variant_tells_its_own_flow() -> None:
    """The steps between the shared ones are the variant's: ずーの's draft, lock-ins and ron phase,
    いなげ's set-aside and vote, チンイツゲーム's 北 and growing kans, 5等's flowers and dice,
    二色麻雀's pon only."""
    flows = {key: " ".join(help_page(key, "en-US").flow) for key in KEYS}
    assert all(word in flows["zuno"] for word in ("Draft", "lock", "Ron phase"))
    assert all(word in flows["inage"] for word in ("Set aside", "Vote to end"))
    assert all(word in flows["chinitsu"] for word in ("北", "Kan: add"))
    assert all(word in flows["goto"] for word in ("Flowers", "Roll the dice"))
    assert "Pon only" in flows["nishoku"]
