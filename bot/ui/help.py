"""``/mahjong help`` and a lobby's Help button: how a hand goes in this bot, what each button
does, and a picture of the variant's special rules with their tiles drawn.

What is said comes from what the bot really shows: the variant's action kinds
(``VariantUI.help.actions``, which ``tests/test_help.py`` holds to the kinds its engine offers),
each labelled as its button is (``button_<kind>``, a tile page's button) and explained by the
variant's own word (``VariantHelp.buttons``) or the shared ``help_action_<kind>``; then the panel's
and the table's own buttons, one entry per :class:`~bot.runtime.customid.PanelId` and
:class:`~bot.runtime.customid.TableId` op. The answer is ephemeral and in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.tiles import parse_tiles
from bot.engine.variant_ui import VariantHelp, VariantUI
from bot.runtime.auto_moves import AutoOption
from bot.runtime.customid import AUTO_PAGE, PANEL_LANGUAGES
from bot.runtime.i18n import Locale, has_text, is_japanese, text
from bot.runtime.rendering import Priority
from bot.runtime.variants import variant_class
from bot.ui.labels import picture_file
from bot.ui.replies import answered, budget_left, defer_if_slow, deferring, respond
from render import render_help
from render.help import HelpCard, HelpRow

if TYPE_CHECKING:
    from bot.runtime.shared import Runtime

__all__ = [
    "PANEL_OPS",
    "TABLE_OPS",
    "HelpButton",
    "HelpPage",
    "action_label",
    "help_card",
    "help_embed",
    "help_page",
    "send_help",
    "unexplained",
]

TABLE_OPS: dict[str, tuple[str, str]] = {
    "hand": ("button_hand", "help_op_hand"),
    "back": ("button_back", "help_op_back"),
}
"""Each op of a table message's buttons (``TableId.OPS``): its label's text key, its help's."""
PANEL_OPS: dict[str, tuple[str, str]] = {
    "discard": ("button_cancel_riichi", "help_op_discard"),
    "dm": ("button_dm", "help_op_dm"),
    "here": ("button_here", "help_op_here"),
    "back": ("button_back", "help_op_back"),
    AUTO_PAGE: ("button_auto", "help_op_auto"),
    **{option.value: (f"button_auto_{option.value}", f"help_op_{option.value}") for option in AutoOption},
    **dict.fromkeys(PANEL_LANGUAGES, ("button_language", "help_op_language")),
}
"""Each op of a panel's own buttons (``PanelId.OPS`` besides the tile pages, which are explained
with the action kind they choose): its label's text key, its help's."""
FIELD_LIMIT = 1024
"""Discord's limit on an embed field's value."""
PICTURE = "help.png"


@dataclass(frozen=True, slots=True)
class HelpButton:
    """One button as the help explains it."""

    label: str
    text: str


@dataclass(frozen=True)
class HelpPage:
    """Everything one answer says, in one language."""

    variant: str
    title: str
    flow: tuple[str, ...]
    buttons: tuple[HelpButton, ...]
    commands: str
    card: HelpCard


def _help_of(ui: VariantUI) -> VariantHelp:
    return ui.help if ui.help is not None else VariantHelp(flow=(), actions=())


def _pick(pair: tuple[str, str], locale: Locale | None) -> str:
    return pair[1] if is_japanese(locale) else pair[0]


def action_label(ui: VariantUI, kind: str, locale: Locale | None) -> str | None:
    """How the panel labels a button of this action kind (its tiles and names left as "…"):
    a tile page's button for the kinds a page chooses, else ``button_<kind>``, else the help's
    own ``help_label_<kind>`` for tile buttons; None when nothing labels it."""
    page = next((page for page in ui.tile_pages if page.kind == kind), None)
    if page is not None:
        return text(page.button, locale)
    for key in (f"button_{kind}", f"help_label_{kind}"):
        if has_text(key):
            return text(key, locale, tiles="…", name="…", tile="…", kind="…")
    return None


def _action_text(help_: VariantHelp, kind: str, locale: Locale | None) -> str | None:
    if kind in help_.buttons:
        return _pick(help_.buttons[kind], locale)
    key = f"help_action_{kind}"
    return text(key, locale) if has_text(key) else None


def unexplained(variant: str) -> list[str]:
    """The action kinds of the variant's help that lack a label or an explanation (a test wants none)."""
    ui = variant_class(variant).ui
    help_ = _help_of(ui)
    return [
        kind
        for kind in help_.actions
        if action_label(ui, kind, None) is None or _action_text(help_, kind, None) is None
    ]


def _buttons(ui: VariantUI, locale: Locale | None) -> tuple[HelpButton, ...]:
    """The table's buttons, the variant's action buttons, then the panel's own."""
    help_ = _help_of(ui)

    def op(label: str, explanation: str) -> HelpButton:
        return HelpButton(text(label, locale), text(explanation, locale))

    buttons = [op(*TABLE_OPS["hand"])]
    for kind in help_.actions:
        label = action_label(ui, kind, locale)
        explanation = _action_text(help_, kind, locale)
        if label is not None and explanation is not None:
            buttons.append(HelpButton(label, explanation))
    if any(page.kind in help_.actions for page in ui.tile_pages):
        buttons.append(op(*PANEL_OPS["discard"]))
    if ui.multi_claim is not None:
        buttons.append(HelpButton(text(ui.multi_claim.done, locale), text("help_op_done", locale)))
    buttons.append(op(*PANEL_OPS["dm"]))
    buttons.append(op(*PANEL_OPS["here"]))
    buttons.append(op(*PANEL_OPS["back"]))
    buttons.append(op(*PANEL_OPS[AUTO_PAGE]))
    buttons += [op(*PANEL_OPS[option.value]) for option in AutoOption]
    buttons.append(op(*PANEL_OPS[next(iter(PANEL_LANGUAGES))]))
    return tuple(buttons)


def help_card(variant: str, locale: Locale | None) -> HelpCard:
    """The picture's contents: the variant's special rules, each with its example tiles."""
    cls = variant_class(variant)
    rows = tuple(
        HelpRow(_pick(rule.name, locale), _pick(rule.text, locale), tuple(parse_tiles(rule.tiles)))
        for rule in _help_of(cls.ui).rules
    )
    return HelpCard(title=cls.title, caption=text("help_picture", locale), rows=rows)


def help_page(variant: str, locale: Locale | None) -> HelpPage:
    """The whole answer for ``variant`` in the locale's language."""
    cls = variant_class(variant)
    help_ = _help_of(cls.ui)
    players = str(cls.max_players) if cls.min_players == cls.max_players else f"{cls.min_players}–{cls.max_players}"
    flow = (
        text("help_flow_lobby", locale, variant=cls.variant, players=players),
        text("help_flow_hand", locale),
        *(_pick(step, locale) for step in help_.flow),
        text("help_flow_clock", locale),
        text("help_flow_auto", locale),
        text("help_flow_result", locale),
    )
    commands = text("help_commands_text", locale) + "\n" + text("help_op_lobby", locale)
    return HelpPage(
        variant=cls.variant,
        title=text("help_title", locale, title=cls.title),
        flow=flow,
        buttons=_buttons(cls.ui, locale),
        commands=commands,
        card=help_card(variant, locale),
    )


def help_embed(page: HelpPage, locale: Locale | None) -> discord.Embed:
    """The answer's embed: the steps as its description, the buttons in fields of at most 1,024
    characters each, the commands, and the picture."""
    steps = "\n".join(f"{number}. {step}" for number, step in enumerate(page.flow, start=1))
    embed = discord.Embed(
        title=page.title,
        description=f"**{text('help_flow', locale)}**\n{steps}",
        colour=0x2E7D32,
    )
    name = text("help_buttons", locale)
    chunk: list[str] = []
    for button in page.buttons:
        line = f"**{button.label}** — {button.text}"
        if chunk and len("\n".join([*chunk, line])) > FIELD_LIMIT:
            embed.add_field(name=name, value="\n".join(chunk), inline=False)
            name, chunk = text("help_buttons_more", locale), []
        chunk.append(line)
    embed.add_field(name=name, value="\n".join(chunk), inline=False)
    embed.add_field(name=text("help_commands", locale), value=page.commands, inline=False)
    embed.set_image(url=f"attachment://{PICTURE}")
    embed.set_footer(text=text("help_footer", locale, variant=page.variant))
    return embed


_PICTURES: dict[tuple[str, bool], bytes] = {}
"""Drawn help pictures by variant and language: the same data always draws the same picture."""


async def send_help(interaction: discord.Interaction[Any], runtime: Runtime[Any], variant: str) -> None:
    """Answer ``interaction`` with the variant's help, ephemerally; nothing else changes.

    The picture is drawn by the render workers in the click lane (once per variant and language,
    then kept); should that take longer than the answer's budget, the interaction is deferred
    first and the answer sent through its token."""
    locale = str(interaction.locale) if interaction.locale else None
    page = help_page(variant, locale)
    key = (page.variant, is_japanese(locale))
    cached = _PICTURES.get(key)
    if cached is not None:
        png = cached
    else:
        png, _ = await defer_if_slow(
            interaction,
            runtime.renderer.render(Priority.CLICK, render_help, page.card),
            budget=budget_left(interaction, runtime.options),
            defer=deferring(interaction, ephemeral=True, thinking=True),
        )
        _PICTURES[key] = png
    embed = help_embed(page, locale)
    file = picture_file(png, PICTURE, embed.title or "")
    if answered(interaction):
        await interaction.edit_original_response(embed=embed, attachments=[file])
        return
    await respond(
        interaction, lambda: interaction.response.send_message(embed=embed, file=file, ephemeral=True), files=[file]
    )
