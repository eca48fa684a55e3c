"""The sandbox in a real browser: headless Chromium plays a whole hand in two tabs at once.

Needs Debian's ``chromium`` (``apt-get install chromium``) and Playwright from PyPI (a dev
dependency, pointed at that browser: Playwright's own browser download is not used). Skips with
that reason where either is missing.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import types
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from bot.runtime import registry as registry_module
from bot.sandbox.fakediscord import PATIENCE
from bot.sandbox.fakediscord.models import UploadedFile
from bot.sandbox.players import GAME_OVER
from bot.sandbox.run import Sandbox

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

CHROMIUM = os.environ.get("JANTAKU_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# What a sandboxed root CI user needs, and no calls out to Google's hosts (the machine has no network).
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GALLERY = Path(__file__).resolve().parents[2] / "docs" / "gallery"
PATIENCE_MS = int(PATIENCE * 1000)
"""Playwright's waits, in its milliseconds: a bound against a hang, never reached by a browser
that is merely slow beside a loaded machine's other work."""


def _playwright_missing() -> str:
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -e '.[dev]'"
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM}: apt-get install chromium (or set JANTAKU_CHROMIUM)"
    return ""


pytestmark = [
    pytest.mark.skipif(bool(_playwright_missing()), reason=_playwright_missing() or "ready"),
    pytest.mark.slow,  # Chromium playing whole hands
]


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            await launched.close()


async def join(page: Page, url: str, name: str, locale: str = "en-US") -> None:
    await page.goto(url)
    await page.fill("#join-name", name)
    await page.select_option("#join-locale", locale)
    await page.click("#join-form button[type=submit]")
    await page.wait_for_selector("#app:not([hidden])")


async def command(page: Page, text: str) -> None:
    await page.fill("#command-input", text)
    await page.press("#command-input", "Enter")


async def click_button(page: Page, suffix: str) -> None:
    """Click the newest enabled button whose custom_id ends with ``suffix``."""
    from playwright.async_api import Error as PlaywrightError

    button = page.locator(f'button[data-custom-id$="{suffix}"]:not([disabled])').last
    for attempt in range(3):
        await button.wait_for(state="visible", timeout=PATIENCE_MS)
        # A real mouse click where the button is, without Playwright's wait for the layout to settle
        # (the channel scrolls as messages arrive, which it would wait out). A message replaced
        # between the wait and the click hides its button: click the new one, as a player would.
        try:
            await button.click(force=True, timeout=PATIENCE_MS)
            return
        except PlaywrightError:
            if attempt == 2:
                raise


async def action_buttons(page: Page) -> list[dict[str, Any]]:
    """The game-action buttons on the tab's own panel (an ephemeral message) that can be pressed."""
    result: list[dict[str, Any]] = await page.eval_on_selector_all(
        '.message[data-ephemeral] button[data-custom-id^="jt:act:"]:not([disabled])',
        "buttons => buttons.map(b => ({id: b.dataset.customId, style: [...b.classList].join(' ')}))",
    )
    return [b for b in result if ":vote_end" not in b["id"]]


def choose(buttons: list[dict[str, Any]], rng: random.Random) -> str:
    """Win when possible, never call, otherwise discard (the drawn tile half the time)."""
    for kind in ("tsumo", "ron", "pass"):
        for button in buttons:
            if f":{kind}" in button["id"]:
                return str(button["id"])
    discards = [b for b in buttons if ":discard:" in b["id"]] or buttons
    drawn = [b for b in discards if "success" in b["style"]]
    pool = drawn if drawn and rng.random() < 0.5 else discards
    return str(pool[rng.randrange(len(pool))]["id"])


async def tiles_with_emoji(page: Page) -> int:
    """How many discard buttons of the tab's own panel show their tile's emoji picture, loaded
    from the stand-in Discord's CDN route."""
    count: int = await page.eval_on_selector_all(
        '.message[data-ephemeral] button[data-custom-id*=":discard:"] img.emoji[src^="/emojis/"]',
        "pictures => pictures.filter(p => p.complete && p.naturalWidth === 128).length",
    )
    return count


async def shown_pictures(page: Page) -> set[str]:
    urls: list[str] = await page.eval_on_selector_all("img", "images => images.map(i => i.getAttribute('src'))")
    return set(urls)


@pytest.mark.parametrize("seed", [int(os.environ.get("JANTAKU_SANDBOX_SEED", "12"))])
async def test_two_tabs_play_a_whole_hand_and_neither_ever_shows_the_others_hand(
    running_sandbox: Sandbox, browser: Browser, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    # A fixed deal (the registry draws a table's seed with secrets.randbits), so the hand's
    # length, and the test's time, do not vary from run to run.
    monkeypatch.setattr(registry_module, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))
    context = await browser.new_context(viewport={"width": 1500, "height": 1250})
    context.set_default_timeout(PATIENCE_MS)
    alice, bob = await context.new_page(), await context.new_page()
    await join(alice, running_sandbox.url, "Alice")
    await join(bob, running_sandbox.url, "Bob")
    await command(alice, "/mahjong new nishoku hands:1")
    await click_button(bob, ":join")
    await alice.wait_for_selector("text=Players (2/4)", timeout=PATIENCE_MS)
    for seated in (3, 4):
        await click_button(alice, ":cpu")
        # The lobby shows the CPU before the next click goes to its redrawn button.
        await alice.wait_for_selector(f"text=Players ({seated}/4)", timeout=PATIENCE_MS)
    await click_button(alice, ":start")
    for page in (alice, bob):
        await click_button(page, ":hand")
        await page.wait_for_selector('.message[data-ephemeral]:has-text("Your hand")', timeout=PATIENCE_MS)

    fake = running_sandbox.fake
    rng = random.Random(7)
    pages = {"Alice": alice, "Bob": bob}
    members = {name: next(m for m in running_sandbox.guild.members.values() if m.name == name) for name in pages}
    clicks = 0
    emoji_seen: set[str] = set()
    loop = asyncio.get_running_loop()
    moved = loop.time()
    while loop.time() < moved + PATIENCE:  # a hang guard: a slow hand goes on as long as it moves
        text = await alice.inner_text("#messages")
        if GAME_OVER.search(text):
            break
        for name, page in pages.items():
            # What the other player's panels ever showed must never be in this tab.
            others = [
                message
                for message in fake.messages.values()
                if message.ephemeral_to is not None and message.ephemeral_to.id != members[name].id
            ]
            other_pictures = {a.id for m in others for a in m.attachments}
            shown = await shown_pictures(page)
            assert not {url for url in shown if any(f"/{pid}/" in url for pid in other_pictures)}
            shown_ids = set(await page.eval_on_selector_all(".message", "ms => ms.map(m => m.dataset.messageId)"))
            assert not shown_ids & {str(m.id) for m in others}
            buttons = await action_buttons(page)
            if any(":discard:" in b["id"] for b in buttons) and await tiles_with_emoji(page):
                emoji_seen.add(name)
            if buttons:
                target = page.locator(f'.message[data-ephemeral] button[data-custom-id="{choose(buttons, rng)}"]')
                try:
                    await target.click(timeout=2_000, force=True)
                    clicks += 1
                    moved = loop.time()
                except Exception:  # the panel was redrawn between reading and clicking, as for a person
                    continue
                if clicks == 8 and os.environ.get("JANTAKU_GALLERY"):
                    # `JANTAKU_GALLERY=1 pytest tests/sandbox/test_browser.py` refreshes the README's picture.
                    await asyncio.sleep(1.0)
                    await alice.screenshot(path=str(GALLERY / "sandbox.png"))
        await asyncio.sleep(0.15)  # what the tabs show is read again (a browser is polled)
    text = await alice.inner_text("#messages")
    assert GAME_OVER.search(text), f"the hand did not end in the browser after {clicks} clicks"
    assert GAME_OVER.search(await bob.inner_text("#messages"))
    assert clicks >= 4
    # Both tabs saw their tiles as pictures on the buttons (issue 35, item 1).
    assert emoji_seen == set(pages), emoji_seen
    await context.close()


async def test_a_tab_that_chose_japanese_gets_its_replies_in_japanese(
    running_sandbox: Sandbox, browser: Browser
) -> None:
    context = await browser.new_context(viewport={"width": 1300, "height": 900})
    context.set_default_timeout(PATIENCE_MS)
    hana, ann = await context.new_page(), await context.new_page()
    await join(hana, running_sandbox.url, "Hana", locale="ja")
    await join(ann, running_sandbox.url, "Ann")
    await command(hana, "/mahjong rules nishoku")
    await command(ann, "/mahjong rules nishoku")
    reply = hana.locator(".message[data-ephemeral]").last
    await reply.wait_for(timeout=PATIENCE_MS)
    assert "卓の設定（既定値）" in await reply.inner_text()
    english = ann.locator(".message[data-ephemeral]").last
    await english.wait_for(timeout=PATIENCE_MS)
    assert "Table settings (default)" in await english.inner_text()
    # Switched in the page, the next reply follows, once the server has the tab's new locale.
    await ann.select_option("#locale", "ja")
    await ann.wait_for_function("document.documentElement.lang === 'ja'")
    member = next(m for m in running_sandbox.guild.members.values() if m.name == "Ann")
    await running_sandbox.fake.wait_for(lambda: member.user.locale == "ja", what="Ann's locale on the server")
    await command(ann, "/mahjong rules zuno")
    await ann.wait_for_function(
        "[...document.querySelectorAll('.message[data-ephemeral]')].some(m => m.innerText.includes('卓の設定'))",
        timeout=PATIENCE_MS,
    )
    await context.close()


async def test_the_page_draws_japanese_with_its_own_font_and_offers_a_replay_file_for_download(
    running_sandbox: Sandbox, browser: Browser
) -> None:
    context = await browser.new_context(viewport={"width": 1300, "height": 900})
    context.set_default_timeout(PATIENCE_MS)
    page = await context.new_page()
    await join(page, running_sandbox.url, "Hana", locale="ja")
    # The page's own fonts load from the page's server (test_fonts.py checks that they hold every
    # character shown): a machine without a Japanese font still shows 日本語, not 日本□.
    for family in ("Jantaku Sans", "Jantaku Symbols", "Jantaku Emoji"):
        load = "family => document.fonts.load(`15px \"${family}\"`, '日本語 ⚀ 🌐')"
        statuses = await page.evaluate(f"{load}.then(faces => faces.map(face => face.status))", family)
        assert statuses == ["loaded"], (family, statuses)
    replay = b'{"variant": "nishoku"}'
    running_sandbox.fake.rest.create_message(
        running_sandbox.guild.text_channels[0],
        {"content": "replay"},
        [UploadedFile("files[0]", "game-7.json", replay, "application/json")],
    )
    link = page.locator("a.download")
    await link.wait_for(timeout=PATIENCE_MS)
    assert await link.get_attribute("download") == "game-7.json"
    assert f"game-7.json ({len(replay)} B)" in await link.inner_text()
    assert await page.locator("img[alt='game-7.json']").count() == 0, "not drawn as a (broken) picture"
    async with page.expect_download() as download:
        await link.click()
    assert (await download.value).suggested_filename == "game-7.json"
    await context.close()
