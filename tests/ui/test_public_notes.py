"""The text side of what a variant makes public: the table's note on the table message and every
panel, another seat's open riichi waits in words, and a hand's itemised chips, flips and dice in
the channel's result caption."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import SimpleNamespace

import pytest

from bot.engine.tiles import Kind
from bot.engine.views import PublicView, SeatView
from bot.runtime import RuntimeOptions
from bot.runtime.presenting import ResultCard
from bot.runtime.rendering import Priority, RenderPool
from bot.runtime.snapshot import TableInfo, TableSnapshot
from bot.storage import GuildSettings, HandEntry, PlayerSeat
from bot.storage.models import HandResult
from bot.ui.components import MessageSpec
from bot.ui.labels import result_extras
from bot.ui.pacing import RateLimiter
from bot.ui.panel_spec import panel_spec
from bot.ui.presenter import DiscordPresenter
from bot.ui.table_spec import table_spec
from render import Language
from render.samples import sample_draw, sample_goto_draw, sample_goto_table, sample_goto_win, sample_win

NAMES = ("Alice", "Bob", "Carol")
NOTE = "🎲 3+5 = 8枚オール, 1 roll left"


@pytest.fixture
def table() -> PublicView:
    view = sample_goto_table()
    assert view.note == NOTE
    return view


def _table(view: PublicView, locale: str | None = None) -> MessageSpec:
    return table_spec(game_id=1, title="T", view=view, names=NAMES, decisions=(), auto=(), over=False, locale=locale)


def _table_text(view: PublicView, locale: str | None = None) -> str:
    return _table(view, locale).content


def _panel_text(view: PublicView, seat: int, locale: str | None = None) -> str:
    seat_view = SeatView(public=view, seat=seat, hand=())
    spec = panel_spec(
        game_id=1,
        title="T",
        view=seat_view,
        decision=None,
        waiting_for=("Bob",),
        names=NAMES,
        tiles=(),
        locale=locale,
    )
    return spec.content


def test_the_table_message_and_every_panel_carry_the_note(table: PublicView) -> None:
    assert NOTE in _table_text(table).splitlines()
    for seat in range(3):
        assert NOTE in _panel_text(table, seat).splitlines()
    quiet = dataclasses.replace(table, note="")
    assert _table_text(quiet).count("\n") == _table_text(table).count("\n") - 1
    assert NOTE not in _panel_text(quiet, 0)
    # A new note is a new message: the key changes, so the table and the panels are redrawn.
    other = dataclasses.replace(table, note="🎲 1+1")
    assert _table(table).key != _table(other).key


@pytest.mark.parametrize(
    ("locale", "phrase"),
    [("en-US", "Bob's open riichi waits on 3p 6p 9p"), ("ja", "Bob のオープン立直の待ち: 3p 6p 9p")],
)
def test_other_seats_read_an_open_riichis_waits(table: PublicView, locale: str, phrase: str) -> None:
    assert table.seats[1].open_waits == (Kind.P3, Kind.P6, Kind.P9)
    assert phrase in _panel_text(table, 0, locale)
    assert phrase in _panel_text(table, 2, locale)
    assert "open riichi" not in _panel_text(table, 1)  # its own waits are its panel's "Waits" line


def test_result_extras_line() -> None:
    alice = result_extras(sample_goto_win("alice"), NAMES)
    assert alice.startswith("🪙 Chips: 赤 +2 · 金 +4")
    assert "アリス, from each payer: 金5p ✓×2 +4 · 3s ✓×1 +2 · 9m ✗" in alice
    assert "🎲 Dice, from each payer: ⚂⚂ +6 (ゾロ目: もう1回) · ⚁⚄ +7" in alice
    tulip = result_extras(sample_goto_win("tulip"), NAMES, "ja")
    assert "半チューリップ（1人あたり）: 7p ✓×1 +2 · 發 ✗ · 4p ✓×2 +4 (ストック) · 1m ✗ (ストック)" in tulip
    assert "🎲 サイコロ（1人あたり）" in tulip
    assert result_extras(sample_goto_draw(), NAMES) == "🪙 Chips: 春 +4 → Bob"
    # Nothing itemised (every other variant): nothing said.
    assert result_extras(sample_win(3), NAMES) == ""
    assert result_extras(sample_draw(3, 3), NAMES) == ""


class _Channel:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, content: str, **_: object) -> None:
        self.sent.append(content)


class _Renderer(RenderPool):
    """Draws every card as the same few bytes, at once (the caption is what is checked), and
    keeps the language each was asked in."""

    def __init__(self) -> None:
        super().__init__(1, processes=False)
        self.languages: list[object] = []

    async def render(
        self, priority: Priority, function: Callable[..., bytes], *args: object, **kwargs: object
    ) -> bytes:
        self.languages.append(kwargs.get("language"))
        return b"png"


class _Guilds:
    """The store's guild settings, as a server set them."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    async def settings(self, guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id=guild_id, locale=self.locale)


def _presenter(channel: _Channel, *, locale: str = "", preferred: str | None = None) -> DiscordPresenter:
    players = tuple(PlayerSeat.cpu(name) for name in NAMES)
    info = TableInfo(
        game_id=1, guild_id=1, channel_id=2, host_id=100, variant="", title="", players=players, tiles=(), locale=None
    )
    snapshot = TableSnapshot(
        info=info,
        sequence=0,
        table=sample_goto_table(),
        seats={},
        decisions={},
        deciding=(),
        auto=(),
        auto_options=(),
        waiting_for=(),
        paused=False,
        finished=False,
        wall_digest=None,
        history=(),
    )
    guild = SimpleNamespace(preferred_locale=preferred) if preferred is not None else None
    client = SimpleNamespace(get_partial_messageable=lambda *_args, **_kw: channel, get_guild=lambda _id: guild)
    return DiscordPresenter(
        # Stand-ins for Discord and the store: a hand's caption only goes to the channel.
        client=client,  # type: ignore[arg-type]
        store=SimpleNamespace(guilds=_Guilds(locale)),  # type: ignore[arg-type]
        snapshot=snapshot,
        options=RuntimeOptions(),
        limiter=RateLimiter(0),
        renderer=_Renderer(),
    )


async def _caption(results: tuple[ResultCard, ...], winner: int | None) -> str:
    channel = _Channel()
    presenter = _presenter(channel)
    entry = HandEntry(0, "東2局", HandResult(winner=winner, from_seat=None, changes=(0, 0, 0)))
    presenter.hand_ended(entry, results)
    await presenter._jobs.popleft()()
    (caption,) = channel.sent
    return caption


@pytest.mark.parametrize(
    ("setting", "preferred", "language"),
    [
        pytest.param("", "ja", Language.JA, id="auto-japanese-server"),
        pytest.param("", "en-US", Language.EN, id="auto-english-server"),
        pytest.param("", None, Language.EN, id="auto-unknown-server"),
        pytest.param("ja", "en-US", Language.JA, id="set-japanese"),
        pytest.param("en", "ja", Language.EN, id="set-english"),
    ],
)
async def test_result_cards_speak_the_servers_picture_language(
    setting: str, preferred: str | None, language: Language
) -> None:
    channel = _Channel()
    presenter = _presenter(channel, locale=setting, preferred=preferred)
    renderer = presenter._renderer
    assert isinstance(renderer, _Renderer)
    entry = HandEntry(0, "東2局", HandResult(winner=0, from_seat=None, changes=(0, 0, 0)))
    presenter.hand_ended(entry, (sample_win(3),))
    await presenter._jobs.popleft()()
    assert renderer.languages == [language]


async def test_the_result_caption_adds_the_extras_line() -> None:
    win = sample_goto_win("alice")
    caption = (await _caption((win,), win.winner)).splitlines()
    assert caption[0].startswith("East 2: Bob wins")
    assert caption[1] == result_extras(win, NAMES)
    draw = (await _caption((sample_goto_draw(),), None)).splitlines()
    assert draw == ["East 2: exhaustive draw", "🪙 Chips: 春 +4 → Bob"]
    plain = (await _caption((sample_win(3, 3),), sample_win(3, 3).winner)).splitlines()
    assert len(plain) == 1
