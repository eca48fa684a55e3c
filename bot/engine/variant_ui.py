"""How a variant meets its players: texts, panel pages, table lines, its rules summary and its help.

Each variant's package has a ``ui.py`` that builds one :class:`VariantUI`, and its game class
carries it as ``ui``; the shared runtime (panels, texts, ``/mahjong rules``, ``/mahjong help``,
result cards) reads it through the registry (:mod:`bot.engine.variants`) instead of keeping lists
of its own. Everything here is plain data (standard library only), so a new variant's
presentation is one module beside its rules. (How the calc scores a variant is not presentation:
its :class:`~bot.engine.calculator.VariantCalc` hangs off the variant's registry entry.)

It lives beside the registry rather than inside ``bot/engine/variants/`` because
:class:`~bot.engine.table.TableGame` needs the empty default, and importing anything from the
variants package first builds the registry, which imports every game, which imports
``bot.engine.table``.

>>> thunder = TilePage(name="thunder", kind="thunder_riichi", prompt="panel_thunder", button="button_thunder")
>>> [page.name for page in VariantUI(pages=(thunder,)).tile_pages]
['riichi', 'thunder']
>>> VariantUI().page("thunder") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = [
    "RIICHI_PAGE",
    "HelpRule",
    "MultiClaim",
    "SettingText",
    "TilePage",
    "VariantHelp",
    "VariantUI",
]

Texts = Mapping[str, tuple[str, str]]
"""Text key -> (English, Japanese); ``str.format`` templates, as in :mod:`bot.runtime.i18n`."""


@dataclass(frozen=True, slots=True)
class TilePage:
    """A page of tile buttons a panel switches to, for actions that pick one tile of the hand
    besides a plain discard (riichi, ずーの's イナズマリーチ): 14 discards and 14 riichi discards
    would not fit in one message's 25 buttons.

    ``name`` is the page's panel button id (``jt:panel:<game>:<seq>:<name>``, lower-case letters);
    the page shows the tile buttons of the actions of ``kind``, under the text ``prompt``, and is
    opened by a button labelled with the text ``button``.
    """

    name: str
    kind: str
    prompt: str
    button: str


RIICHI_PAGE = TilePage(name="riichi", kind="riichi", prompt="panel_riichi", button="button_riichi")
"""The shared riichi page, offered by every variant whose decisions include a riichi discard."""


@dataclass(frozen=True, slots=True)
class MultiClaim:
    """Several claims in one decision, one click each, then a Done button (ずーの's multi-ron).

    While the decision offers several actions of ``kind``, or the seat has claimed some already
    (``SeatView.rons_claimed``), the panel says ``prompt`` (its clock on a line of its own), then ``claimed``
    (with ``names``) once it has, and its pass button reads ``done`` instead. It goes by the
    decision, not the phase: the table's phase never says that a claim window is open.
    """

    kind: str
    prompt: str
    claimed: str
    done: str = "button_done"


@dataclass(frozen=True, slots=True)
class SettingText:
    """A table setting as players read it, in both languages: in Japanese, its ``/mahjong new``
    option's ``name`` (short, typed by players: letters, digits, ``-`` and ``_`` only, lower case)
    and what it sets in ``text``; in English (the name is the setting's own), what it sets in
    ``english``; and for a setting that is one of some words, each word's Japanese.

    These are the player's texts: ``/mahjong rules`` lists every setting by them (with its value
    and range, :mod:`bot.ui.rules`) and ``/mahjong new`` describes its options by them (with the
    range and default added, cut to Discord's 100 characters). The setting's ``doc=`` is the
    maintainers' (the rule IDs and the seed's words, for the rules documents); no player sees it.
    So ``english`` is plain and short, as a rule screen says it, and of an option of its own
    (:attr:`VariantUI.new_options`) a few words that fit Discord's one line with the range.
    ``tests/test_player_texts.py`` holds every one to that: no rule IDs, markdown that renders."""

    name: str
    text: str
    english: str
    choices: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    # The texts of settings several variants have, written once.

    @classmethod
    def hints(cls) -> SettingText:
        """``hints``, which every variant has (:class:`~bot.engine.table.TableSettings`): every
        :class:`VariantUI` takes it unless it names its own."""
        return cls("ヒント", "手牌パネルに待ちと受け入れを表示する", "Show waits and ukeire on the private panel.")

    @classmethod
    def start_points(cls, japanese: str) -> SettingText:
        """``start_points``; its Japanese text says how many (``持ち点（５万点持ち）``: ``japanese`` is
        what stands in brackets)."""
        return cls("持ち点", f"持ち点（{japanese}）", "Points each player starts with")

    @classmethod
    def ippatsu_chips(cls) -> SettingText:
        """``ippatsu_chips``, the chips a riichi win with 一発 takes (both sanma variants)."""
        return cls("一発チップ", "一発のチップ", "Chips for a riichi win in one go-around (ippatsu)")

    @classmethod
    def ura_chips(cls) -> SettingText:
        """``ura_chips``, the chips each ura dora of a riichi win takes (both sanma variants)."""
        return cls("裏ドラチップ", "裏ドラ1枚ごとのチップ", "Chips for each ura dora of a riichi win")

    @classmethod
    def return_points(cls, japanese: str, english: str) -> SettingText:
        """``return_points``, the points final scores are counted from; its texts say what they
        are here (``返し点（…）``: ``japanese`` is what stands in brackets)."""
        return cls("返し点", f"返し点（{japanese}）", english)


@dataclass(frozen=True, slots=True)
class HelpRule:
    """One of a variant's special rules as ``/mahjong help`` draws it: a name and a sentence
    (English, Japanese) beside example ``tiles`` (mpsz notation, see :mod:`bot.engine.tiles`).

    Every example is a real one, and ``tests/test_help.py`` holds it to that: its tiles exist in
    the variant's tile set (as many copies as drawn). With ``whole_set`` the tiles are one of each
    kind the set holds, no more and no fewer (二色麻雀's tiles without manzu). With ``yaku`` the
    example is a win: ``calc`` are the calc CLI's arguments that score it (``--variant`` is the
    variant's own), the engine's scorer must find that yaku (or chip item: 5等三麻's 白ポッチ), and
    ``tiles`` are what those arguments' ``--hand`` (followed by the tiles of ``--melds``),
    ``--river`` or ``--set-aside`` say.
    """

    name: tuple[str, str]
    text: tuple[str, str]
    tiles: str
    whole_set: bool = False
    yaku: str = ""
    calc: tuple[str, ...] = ()


@dataclass(frozen=True)
class VariantHelp:
    """What ``/mahjong help`` says of a variant besides the shared texts.

    ``flow`` is how a hand goes in this bot, step by step (English, Japanese); ``actions`` is
    every action kind the variant's panels may show, in the order the help lists them
    (``tests/test_help.py`` compares it with the kinds the engine offers in played games and
    every action class of the variant's package: a new kind without help fails there);
    ``buttons`` explains a kind whose button does something this variant's own way (kind ->
    English, Japanese), the others are the shared ``help_action_<kind>`` texts; ``rules`` are
    the special rules the help's picture draws.
    """

    flow: tuple[tuple[str, str], ...]
    actions: tuple[str, ...]
    buttons: Texts = field(default_factory=lambda: MappingProxyType({}))
    rules: tuple[HelpRule, ...] = ()


@dataclass(frozen=True)
class VariantUI:
    """A variant's presentation; every field's default means "nothing special here"."""

    summary: tuple[str, str] | None = None
    """The rules in brief (English, Japanese), written for players, for ``/mahjong rules``; every
    variant has one (``tests/test_player_texts.py``), None only for the engine's empty default."""
    texts: Texts = field(default_factory=lambda: MappingProxyType({}))
    """The variant's own texts (action buttons ``button_<kind>``, prompts, table lines); shared
    texts stay in :mod:`bot.runtime.i18n`, and no key may be defined twice."""
    waiting: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Phase -> text key of the table's line while several seats decide at once in that phase
    (with ``deadline``); any other phase with several deciders is a claim on a discard."""
    pages: tuple[TilePage, ...] = ()
    """Tile pages besides the shared :data:`RIICHI_PAGE`."""
    multi_claim: MultiClaim | None = None
    settings_ja: Mapping[str, SettingText] = field(default_factory=lambda: MappingProxyType({}))
    """Setting name -> its texts for players (:class:`SettingText`: its Japanese option, and what it
    sets in English and Japanese); every setting has one (those the command takes through
    ``rules`` too, so a setting that gets an option needs nothing new), the one place its player
    texts are written.
    ``hints``, which every variant has, comes with the shared :meth:`SettingText.hints` unless the
    variant says otherwise."""
    new_options: tuple[str, ...] = ()
    """The settings ``/mahjong new <variant>`` offers as options of their own, in this order: the
    few a host changes at the table (the game's length, start points, red fives, hints). Every
    setting, these too, can be given in its ``rules`` option as ``key=value``. Few, because
    Discord refuses ``/mahjong`` whole when its names and descriptions pass 8,000 characters, and
    every variant's options count."""
    help: VariantHelp | None = None
    """What ``/mahjong help`` and a lobby's Help button explain; None: only the shared texts."""

    def __post_init__(self) -> None:
        if "hints" not in self.settings_ja:
            object.__setattr__(
                self, "settings_ja", MappingProxyType({**self.settings_ja, "hints": SettingText.hints()})
            )

    @property
    def tile_pages(self) -> tuple[TilePage, ...]:
        """Every tile page a panel of this variant may show: the shared riichi page, then its own."""
        return (RIICHI_PAGE, *self.pages)

    def page(self, name: str) -> TilePage | None:
        """The tile page of that name, or None (``discard`` and unknown names)."""
        return next((page for page in self.tile_pages if page.name == name), None)
