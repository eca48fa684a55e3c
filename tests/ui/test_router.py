"""The click path runs one way: the router hands each kind of button id to its handler in
``bot/ui``, which nothing in the cogs registers; ``bot/ui`` imports no cog, ``bot/runtime`` no
Discord and nothing of ``bot/ui``."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

import bot.ui.router as router_module
from bot.runtime.customid import ActionId, ButtonId, LeaderboardId, LobbyId, PanelId, TableId
from bot.runtime.errors import InvalidButton
from bot.ui.leaderboard import Leaderboards
from bot.ui.lobby_clicks import LobbyClicks
from bot.ui.replies import STARTED
from bot.ui.router import ButtonRouter
from bot.ui.table_clicks import TableClicks
from tests.engine.test_purity import imported_modules

ROOT = Path(__file__).resolve().parents[2]


Calls = list[tuple[str, ButtonId]]
"""Which handler method each click reached, with the id it was handed."""
Click = discord.Interaction[discord.Client]


class TableSpy(TableClicks):
    """The table and panel clicks' handler, recording instead of handling (nothing of the real
    one is built: the router only calls it)."""

    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    async def on_action(self, interaction: Click, button: ActionId) -> None:
        self.calls.append(("on_action", button))

    async def on_panel(self, interaction: Click, button: PanelId) -> None:
        self.calls.append(("on_panel", button))

    async def on_table(self, interaction: Click, button: TableId) -> None:
        self.calls.append(("on_table", button))


class LobbySpy(LobbyClicks):
    """The lobby buttons' handler, recording instead of handling."""

    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    async def on_button(self, interaction: Click, button: LobbyId) -> None:
        self.calls.append(("on_button", button))


class LeaderboardSpy(Leaderboards):
    """The leaderboard pages' handler, recording instead of handling."""

    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    async def on_page(self, interaction: Click, button: LeaderboardId) -> None:
        self.calls.append(("on_page", button))


def _router(calls: Calls) -> ButtonRouter:
    return ButtonRouter(
        lambda: 12.5, table=TableSpy(calls), lobbies=LobbySpy(calls), leaderboards=LeaderboardSpy(calls)
    )


@pytest.mark.parametrize(
    ("button", "handler"),
    [
        (ActionId(7, 3, "discard", (12,)), "on_action"),
        (PanelId(7, 3, "riichi"), "on_panel"),
        (TableId(7, 3, "hand"), "on_table"),
        (LobbyId(55, "join"), "on_button"),
        (LeaderboardId("nishoku", "all", 10), "on_page"),
    ],
)
async def test_each_kind_of_id_reaches_its_handler_with_the_time_it_arrived(button: ButtonId, handler: str) -> None:
    calls: Calls = []
    interaction = SimpleNamespace(extras={})
    # A stand-in for the interaction (the router only stamps its extras and hands it on).
    await _router(calls).dispatch(interaction, button.custom_id)  # type: ignore[arg-type]
    assert calls == [(handler, button)]
    assert interaction.extras[STARTED] == 12.5


async def test_a_malformed_id_is_answered_as_an_invalid_button(monkeypatch: pytest.MonkeyPatch) -> None:
    replied: list[BaseException] = []

    async def reply_error(interaction: object, error: BaseException) -> None:
        replied.append(error)

    monkeypatch.setattr(router_module, "reply_error", reply_error)
    calls: Calls = []
    # A stand-in for the interaction (the router only stamps its extras and hands it on).
    await _router(calls).dispatch(SimpleNamespace(extras={}), "jt:act:1:2:Discard:3")  # type: ignore[arg-type]
    assert calls == [] and [type(error) for error in replied] == [InvalidButton]


def _imports(folder: str) -> dict[str, list[str]]:
    return {str(path.relative_to(ROOT)): imported_modules(path) for path in sorted((ROOT / folder).rglob("*.py"))}


def test_the_discord_side_imports_no_cog_and_the_runtime_no_discord() -> None:
    ui = {path: [n for n in names if n.startswith("cogs")] for path, names in _imports("bot/ui").items()}
    runtime = {
        path: [n for n in names if n.startswith(("discord", "bot.ui", "cogs"))]
        for path, names in _imports("bot/runtime").items()
    }
    assert {path: names for path, names in {**ui, **runtime}.items() if names} == {}


def test_no_cog_registers_a_button_handler() -> None:
    """The cogs declare slash commands only: the router's handlers are bot/ui's."""
    for path in sorted((ROOT / "cogs").glob("*.py")):
        assert ".buttons." not in path.read_text("utf-8"), path.name
