"""The typed rows the store hands out: frozen dataclasses, never raw database rows."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from bot.engine.table import TableSettings

__all__ = [
    "PERIODS",
    "AutoOptions",
    "ChipTotals",
    "FinalResult",
    "GameRow",
    "GameStatus",
    "GameSummary",
    "GuildSettings",
    "HandResult",
    "HandRow",
    "LeaderboardRow",
    "LobbyRow",
    "PanelHandle",
    "Period",
    "PlayerRating",
    "PlayerSeat",
    "PlayerStats",
    "ScoreTotals",
    "UnreadableLobby",
]

Period = Literal["all", "30d", "7d"]
"""How far back leaderboards and stats look, by each game's finishing time."""

PERIODS: dict[str, timedelta | None] = {"all": None, "30d": timedelta(days=30), "7d": timedelta(days=7)}


class GameStatus(enum.StrEnum):
    """Where a game is in its life. Only running games are recovered after a restart."""

    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


PICTURE_LOCALES = ("", "en", "ja")
"""A server's ``locale`` setting: follow Discord's preferred locale (empty), English or Japanese."""


@dataclass(frozen=True)
class GuildSettings:
    """A guild's table defaults. Every field has the default a new guild gets.

    >>> settings = GuildSettings(guild_id=1)
    >>> settings.default_variant, settings.turn_seconds, settings.time_bank_seconds, settings.hints, settings.dm_panels
    ('nishoku', 30, 60, True, False)
    """

    guild_id: int
    default_variant: str = "nishoku"
    turn_seconds: int = 30
    """Time for one decision before the bank starts to run."""
    time_bank_seconds: int = 60
    """Extra time per player per game, spent once a turn's own time is gone."""
    hints: bool = True
    """Show waits and ukeire on private panels."""
    dm_panels: bool = False
    """Send private hands by DM instead of ephemeral messages."""
    locale: str = ""
    """The language of the public pictures (table, result cards, standings): ``en`` or ``ja``,
    or empty to follow the server's preferred locale in Discord."""

    def __post_init__(self) -> None:
        if not isinstance(self.default_variant, str) or not self.default_variant:
            raise ValueError("default_variant must be a variant key such as 'nishoku'")
        for name in ("turn_seconds", "time_bank_seconds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be a whole number of seconds, got {value!r}")
        if self.turn_seconds <= 0:
            raise ValueError("turn_seconds must be positive")
        if self.time_bank_seconds < 0:
            raise ValueError("time_bank_seconds cannot be negative")
        for name in ("hints", "dm_panels"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.locale not in PICTURE_LOCALES:
            raise ValueError(f"locale must be one of {PICTURE_LOCALES}, got {self.locale!r}")


@dataclass(frozen=True, slots=True)
class PanelHandle:
    """Where one seat's private panel lives, so the next process can keep editing it.

    An ephemeral panel is the message ``message_id``, edited through the token of the
    interaction it last answered (``application_id``, ``token``) until the token expires, 15
    minutes after ``opened_at`` (Unix time); a DM panel is the message ``message_id`` in the DM
    ``channel_id``, and has no token. The token is a credential for that one reply: it is stored, never logged."""

    seat: int
    opened_at: float
    mode: str
    message_id: int
    application_id: int | None = None
    token: str | None = field(default=None, repr=False)
    channel_id: int | None = None
    locale: str | None = None
    prefers_dm: bool = False
    shown: str = ""
    """A hash (hex) of the text and buttons the panel shows, and of its image: what the next
    process need not send again."""
    image: str = ""

    def __post_init__(self) -> None:
        ephemeral = self.token is not None and self.application_id is not None
        direct = self.token is None and self.channel_id is not None
        if not (ephemeral or direct):
            raise ValueError("a panel lives behind an interaction token or in a DM message")


@dataclass(frozen=True)
class AutoOptions:
    """One player's automatic moves, remembered per guild (the ⚙ Auto buttons on a panel): what
    the table plays for them without a click, as Tenhou's and Mahjong Soul's toggles do. Every
    field has the default a new player gets.

    >>> AutoOptions()
    AutoOptions(riichi_discard=True, auto_win=False, no_calls=False)
    """

    riichi_discard: bool = True
    """In riichi, a drawn tile that cannot win is discarded at once (ツモ切り); a draw that can win
    or offers a kan still asks."""
    auto_win: bool = False
    """A tsumo or ron is taken as soon as it is offered (自動和了)."""
    no_calls: bool = False
    """Claims of pon, chi and kan on others' discards are passed (鳴きなし); never a ron."""

    def __post_init__(self) -> None:
        for name in ("riichi_discard", "auto_win", "no_calls"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, got {getattr(self, name)!r}")


@dataclass(frozen=True)
class PlayerSeat:
    """Who sits in one seat: a Discord user, or a CPU (``user_id`` None).

    >>> PlayerSeat.cpu("CPU 1")
    PlayerSeat(user_id=None, name='CPU 1', is_cpu=True)
    """

    user_id: int | None
    name: str
    is_cpu: bool = False

    def __post_init__(self) -> None:
        if self.is_cpu != (self.user_id is None):
            raise ValueError("a CPU seat has no user_id and a human seat needs one")
        if not self.name:
            raise ValueError("a seat needs a display name")

    @classmethod
    def human(cls, user_id: int, name: str) -> PlayerSeat:
        """A Discord user's seat."""
        return cls(user_id, name, is_cpu=False)

    @classmethod
    def cpu(cls, name: str) -> PlayerSeat:
        """A CPU seat."""
        return cls(None, name, is_cpu=True)


@dataclass(frozen=True)
class LobbyRow:
    """An open lobby as the store keeps it, so that a restart brings it back: its seats, its
    message, and the table it will start (the variant's settings dataclass and the clock)."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    settings: TableSettings
    """The variant's own settings, as the game will be built from them."""
    turn_seconds: float
    bank_seconds: float
    size: int
    """Most players the variant seats."""
    min_size: int
    """Fewest players the variant can start with (0: ``size``)."""
    players: tuple[PlayerSeat, ...]
    message_id: int | None = None
    locale: str | None = None


@dataclass(frozen=True)
class UnreadableLobby:
    """A stored lobby this release cannot read back (a variant or setting since removed, a
    damaged row): the caller drops it, and the row's ``data`` says what it was."""

    id: int
    guild_id: int
    data: str
    error: str


@dataclass(frozen=True)
class GameRow:
    """A stored game. ``players[i]`` sits in the engine's seat ``i``."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    variant: str
    settings: dict[str, Any]
    """The settings JSON as stored, left unparsed: it goes into the game's record as it is (the
    replay file a finished game attaches), and the engine reads it when it replays the record, so
    a row whose settings a later release would refuse still lists in the history."""
    seed: int
    players: tuple[PlayerSeat, ...]
    status: GameStatus
    created_at: datetime
    finished_at: datetime | None
    end_reason: str
    hands_played: int
    action_count: int
    """How many actions the log holds: the next action's ``seq``."""
    turn_seconds: float | None = None
    """The table's own turn clock (None: the guild's default)."""
    bank_seconds: float | None = None
    """The table's own time bank (None: the guild's default)."""

    @property
    def is_running(self) -> bool:
        """Whether the game still takes actions."""
        return self.status is GameStatus.RUNNING

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user sits in, or None."""
        for seat, player in enumerate(self.players):
            if player.user_id == user_id:
                return seat
        return None


@dataclass(frozen=True, kw_only=True)
class HandResult:
    """How one hand ended, seen from the seats: who won, who paid, who was in riichi or tenpai.

    A draw has no winner; a tsumo has a winner and no ``from_seat``.

    >>> HandResult(winner=2, from_seat=0, han=3, points=3900, changes=(-3900, 0, 3900, 0)).is_tsumo
    False
    """

    winner: int | None
    from_seat: int | None
    """The discarder who dealt in (None for a tsumo or a draw)."""
    han: int = 0
    points: int = 0
    changes: tuple[int, ...]
    """Point change per seat."""
    riichi: tuple[int, ...] = ()
    """Seats that declared riichi this hand."""
    tenpai: tuple[int, ...] = ()
    """Seats tenpai at an exhaustive draw."""
    winners: tuple[int, ...] = ()
    """Every seat that won this hand (ずーの and いなげ pay several at once); ``winner`` is the
    first. Empty means just ``winner``."""
    dealt_in: tuple[int, ...] = ()
    """Every discarder someone ronned this hand. Empty means just ``from_seat``.

    >>> HandResult(winner=0, from_seat=1, changes=(8, -4, -4), winners=(0, 2), dealt_in=(1, 2)).winners
    (0, 2)
    >>> HandResult(winner=0, from_seat=1, changes=(4, -4, 0)).dealt_in
    (1,)
    """
    win_points: tuple[int, ...] = ()
    """What each of ``winners`` won, in the same order. Empty means ``points`` for the winner."""
    tsumo: tuple[int, ...] = ()
    """The winners who won by tsumo. Empty means the winner when there is no ``from_seat``."""

    def __post_init__(self) -> None:
        seats = range(len(self.changes))
        if not self.winners and self.winner is not None:
            object.__setattr__(self, "winners", (self.winner,))
        if not self.dealt_in and self.from_seat is not None:
            object.__setattr__(self, "dealt_in", (self.from_seat,))
        if not self.win_points and self.winner is not None:
            object.__setattr__(self, "win_points", (self.points,) + (0,) * (len(self.winners) - 1))
        if not self.tsumo and self.winner is not None and self.from_seat is None:
            object.__setattr__(self, "tsumo", (self.winner,))
        if len(self.win_points) != len(self.winners):
            raise ValueError(f"{len(self.win_points)} win points for {len(self.winners)} winners")
        if any(seat not in self.winners for seat in self.tsumo):
            raise ValueError(f"tsumo seats {self.tsumo} must be winners {self.winners}")
        if self.winners and self.winners[0] != self.winner:
            raise ValueError(f"the first of the winners {self.winners} must be the winner {self.winner}")
        if self.winner is None and self.from_seat is not None:
            raise ValueError("a hand with no winner cannot have a discarder who dealt in")
        if self.from_seat is not None and self.from_seat == self.winner:
            raise ValueError("a winner cannot deal in to themselves")
        for name, seat in (("winner", self.winner), ("from_seat", self.from_seat)):
            if seat is not None and seat not in seats:
                raise ValueError(f"{name} {seat} is not one of the {len(self.changes)} seats")
        for name, listed in (
            ("riichi", self.riichi),
            ("tenpai", self.tenpai),
            ("winners", self.winners),
            ("dealt_in", self.dealt_in),
        ):
            if any(seat not in seats for seat in listed) or len(set(listed)) != len(listed):
                raise ValueError(f"{name} seats {listed} must be distinct seats below {len(self.changes)}")

    @property
    def is_draw(self) -> bool:
        """Nobody won."""
        return self.winner is None

    @property
    def is_tsumo(self) -> bool:
        """The winner drew the winning tile."""
        return self.winner is not None and self.from_seat is None


@dataclass(frozen=True)
class HandRow:
    """A stored hand result."""

    game_id: int
    hand_index: int
    label: str
    result: HandResult


@dataclass(frozen=True)
class PlayerRating:
    """A player's Plackett-Luce skill in one guild and variant.

    ``rating`` is the conservative display value ``mu - 3 * sigma`` (openskill's ordinal): it
    starts at 0 and rises as results come in and the uncertainty shrinks.
    """

    guild_id: int
    variant: str
    user_id: int
    name: str
    mu: float
    sigma: float
    rating: float
    rated_games: int
    updated_at: datetime


@dataclass(frozen=True)
class FinalResult:
    """One seat's standing at the end of a game."""

    seat: int
    user_id: int | None
    name: str
    is_cpu: bool
    points: int
    placement: int
    final_score: float
    rating_before: float | None = None
    rating_after: float | None = None
    chips: int | None = None
    """The seat's chips (祝儀) at the end; None in a game that kept no chips."""

    @property
    def rating_change(self) -> float | None:
        """How much this game moved the player's display rating (None for CPUs and unrated games)."""
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before


@dataclass(frozen=True)
class GameSummary:
    """A game as history lists it: finished games carry their results, best placement first."""

    game_id: int
    guild_id: int
    channel_id: int
    variant: str
    status: GameStatus
    created_at: datetime
    finished_at: datetime | None
    end_reason: str
    hands_played: int
    players: tuple[PlayerSeat, ...]
    results: tuple[FinalResult, ...] = field(default=())


class _HandRates:
    """Rates over hands played; zero rather than undefined before the first hand."""

    hands: int
    wins: int
    deal_ins: int
    riichi_hands: int

    @property
    def win_rate(self) -> float:
        """Hands won / hands played."""
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        """Hands dealt in (a discard another player won on) / hands played."""
        return self.deal_ins / self.hands if self.hands else 0.0

    @property
    def riichi_rate(self) -> float:
        """Hands with a riichi declaration / hands played."""
        return self.riichi_hands / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class LeaderboardRow(_HandRates):
    """One player's line on a guild's leaderboard for one variant and period.

    ``rating`` is the player's current rating whatever the period: ratings move game by game and
    have no per-period value.
    """

    rank: int
    user_id: int
    name: str
    games: int
    average_placement: float
    total_score: float
    hands: int
    wins: int
    deal_ins: int
    riichi_hands: int
    rating: float
    mu: float
    sigma: float
    chips: int = 0
    """Chips (祝儀) won over the period's games that kept chips."""
    chip_games: int = 0
    """How many of the player's games kept chips (none in a variant without them)."""

    @property
    def chips_per_game(self) -> float:
        """Chips per game that kept chips; zero before the first."""
        return self.chips / self.chip_games if self.chip_games else 0.0


@dataclass(frozen=True)
class ChipTotals:
    """A player's chips (祝儀) in one variant: games that kept chips and the chips won over them.

    >>> ChipTotals("zuno", games=5, chips=23).per_game
    4.6
    """

    variant: str
    games: int
    chips: int

    @property
    def per_game(self) -> float:
        """Chips per game; zero before the first."""
        return self.chips / self.games if self.games else 0.0


@dataclass(frozen=True)
class ScoreTotals:
    """A player's final scores in one variant: its games, their sum and the best one. Each
    variant scores in its own unit (points, pt after uma, chips), so totals never add up across
    variants."""

    variant: str
    games: int
    total: float
    best: float


@dataclass(frozen=True)
class PlayerStats(_HandRates):
    """Everything ``/mahjong stats`` shows for one player (all zeros before their first game)."""

    guild_id: int
    user_id: int
    name: str | None
    variant: str | None
    """None: every variant together."""
    period: str
    games: int
    placements: tuple[int, ...]
    """How many times the player finished 1st, 2nd, ... (index 0 is 1st place)."""
    average_placement: float
    total_score: float
    best_score: float | None
    hands: int
    wins: int
    tsumo_wins: int
    deal_ins: int
    riichi_hands: int
    average_win_points: float
    ratings: tuple[PlayerRating, ...]
    """One per variant the player is rated in (just the asked variant when one is given)."""
    chips: tuple[ChipTotals, ...] = ()
    """One per variant in which the player finished games that kept chips, by variant (just the
    asked variant when one is given): chips of different variants are different money, so they
    are never added together."""
    scores: tuple[ScoreTotals, ...] = ()
    """One per variant the player finished games of, by variant (just the asked variant when one
    is given)."""
