"""A new player's first game in the sandbox, in a real browser, in English and in Japanese.

The path the README and the welcome text suggest: ``/mahjong new`` with no variant (the server's
default), three CPUs, the panel; a riichi, after which the draws that cannot win go out by
themselves (auto-discard is on by default), to the end of the hand. What the player sees is
checked on the page: tile buttons that show tile pictures, pictures drawn in the tab's language,
and a panel clock that counts down (relative timestamps, no wall-clock time).

``JANTAKU_GALLERY=1 pytest tests/sandbox/test_new_player.py`` refreshes the README's screenshots
in ``docs/gallery/`` (``new-player-en.png``, ``new-player-ja.png``).
"""

from __future__ import annotations

import asyncio
import os
import types
from typing import TYPE_CHECKING

import pytest

from bot.runtime import registry as registry_module
from bot.sandbox.players import GAME_OVER
from bot.sandbox.run import Sandbox
from tests.sandbox.test_browser import (
    GALLERY,
    PATIENCE_MS,
    browser,
    click_button,
    command,
    join,
    pytestmark,
    tiles_with_emoji,
)

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

__all__ = ["browser", "pytestmark"]

PANEL = ".message[data-ephemeral]"
SEED = 21
"""A fixed deal (the registry draws a table's seed with secrets.randbits), so the hand's length
does not vary from run to run."""


async def panel_buttons(page: Page, selector: str) -> list[str]:
    ids: list[str] = await page.eval_on_selector_all(
        f"{PANEL} {selector}:not([disabled])", "buttons => buttons.map(b => b.dataset.customId)"
    )
    return ids


async def press(page: Page, custom_id: str) -> bool:
    """Press a panel button as a person would; False if the panel was redrawn under the pointer."""
    try:
        await page.locator(f'{PANEL} button[data-custom-id="{custom_id}"]').last.click(timeout=2_000, force=True)
    except Exception:  # redrawn between reading and clicking: read it again
        return False
    return True


@pytest.mark.parametrize(
    ("locale", "hand_word", "panel_alt"),
    [("en-US", "Your hand", "Your hand and the table: East 1"), ("ja", "あなたの手牌", "あなたの手牌と卓: 東1局")],
)
async def test_a_new_player_plays_a_riichi_hand_to_its_end_in_their_language(
    running_sandbox: Sandbox,
    browser: Browser,
    monkeypatch: pytest.MonkeyPatch,
    locale: str,
    hand_word: str,
    panel_alt: str,
) -> None:
    monkeypatch.setattr(registry_module, "secrets", types.SimpleNamespace(randbits=lambda bits: SEED))
    context = await browser.new_context(viewport={"width": 1400, "height": 1200})
    context.set_default_timeout(PATIENCE_MS)
    page = await context.new_page()
    await join(page, running_sandbox.url, "Newcomer", locale=locale)

    # The first command a newcomer types, with no variant: the server's default one opens.
    await command(page, "/mahjong new hands:1")
    for seated in (2, 3, 4):
        await click_button(page, ":cpu")
        await page.wait_for_selector(f"text=({seated}/4)", timeout=PATIENCE_MS)
    await click_button(page, ":start")
    await click_button(page, ":hand")
    await page.wait_for_selector(f'{PANEL}:has-text("{hand_word}")', timeout=PATIENCE_MS)
    # The panel's picture is drawn in the player's language (its alt text says so, in words a
    # test can read); the table's in the server's (the sandbox guild prefers English).
    await page.wait_for_selector(f'{PANEL} img.picture[alt^="{panel_alt}"]', timeout=PATIENCE_MS)
    await page.wait_for_selector('.message:not([data-ephemeral]) img.picture[alt^="The table: East 1"]')

    actor = next(iter(running_sandbox.bot.runtime.tables.actors()))
    member = next(m for m in running_sandbox.guild.members.values() if m.name == "Newcomer")
    seat = next(s for s, state in enumerate(actor.seats) if state.player.user_id == member.id)

    def river() -> int:
        return len(actor.game.public_view().seats[seat].river)

    clicks_after_riichi = 0
    river_at_riichi = 0
    river_since_riichi = 0
    riichi_declared = False
    clock_seen = False
    emoji_seen = False
    shot = False
    loop = asyncio.get_running_loop()
    moved = loop.time()
    while loop.time() < moved + PATIENCE_MS / 1000:  # a hang guard: a slow hand goes on as long as it moves
        if riichi_declared:
            river_since_riichi = max(river_since_riichi, river())
        if GAME_OVER.search(await page.inner_text("#messages")) or "終了" in await page.inner_text("#messages"):
            break
        actions = await panel_buttons(page, 'button[data-custom-id^="jt:act:"]')
        actions = [a for a in actions if ":vote_end" not in a]
        if not actions:
            await asyncio.sleep(0.15)  # the page is read again (a browser is polled)
            continue
        # A decision on the panel: its clock counts down as two relative timestamps (turn, bank).
        clock_seen = clock_seen or len(await page.query_selector_all(f'{PANEL} .ts[data-style="R"]')) >= 2
        # Its tile buttons show the tiles' pictures (application emojis), not notation.
        emoji_seen = emoji_seen or (any(":discard:" in a for a in actions) and await tiles_with_emoji(page) > 0)
        wins = [a for a in actions if a.split(":")[4] in ("tsumo", "ron")]
        riichi_page = await panel_buttons(page, 'button[data-custom-id$=":riichi"]')
        riichi = [a for a in actions if a.split(":")[4] == "riichi"]
        if wins:
            target = wins[0]
        elif riichi:
            target = riichi[-1]
        elif riichi_page and not riichi_declared:
            if await press(page, riichi_page[-1]):
                moved = loop.time()
            continue
        else:
            passes = [a for a in actions if a.split(":")[4] == "pass"]
            discards = [a for a in actions if a.split(":")[4] == "discard"]
            target = (passes or discards or actions)[-1]
        if not shot and os.environ.get("JANTAKU_GALLERY"):
            await page.screenshot(path=str(GALLERY / f"new-player-{locale[:2]}.png"))
            shot = True
        if await press(page, target):
            moved = loop.time()
            if riichi_declared and ":discard:" in target:
                clicks_after_riichi += 1
            if ":riichi:" in target and not riichi_declared:
                riichi_declared, river_at_riichi = True, river() + 1
    text = await page.inner_text("#messages")
    assert GAME_OVER.search(text) or "終了" in text, "the hand did not end in the browser"
    assert riichi_declared, "the player never declared riichi"
    # Auto-discard: after riichi the draws that could not win went out with no click.
    assert clicks_after_riichi == 0
    assert river_since_riichi > river_at_riichi, "the hand ended before a draw after riichi"
    assert clock_seen, "no panel showed its turn and bank as relative timestamps"
    assert emoji_seen, "no discard button showed its tile's picture"
    await context.close()
