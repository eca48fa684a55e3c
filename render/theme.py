"""Colours of the table and the cards; every image is opaque so it reads in Discord's light and dark themes."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_THEME", "NAVY_THEME", "THEMES", "Theme"]

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """A named colour set. Frozen and hashable, so backgrounds can be cached per theme."""

    name: str
    felt: RGB
    """Table cloth in the middle of the image."""
    felt_edge: RGB
    """Table cloth at the corners (a vignette makes the table read as lit from above)."""
    rail: RGB
    """The wooden rim around the cloth."""
    panel: RGB
    """The centre console and the name plates."""
    panel_edge: RGB
    text: RGB
    muted: RGB
    accent: RGB
    """The seat whose turn it is."""
    deciding: RGB
    """Seats that must act in a simultaneous phase."""
    gain: RGB
    loss: RGB
    card: RGB
    """Background of the result cards."""
    card_band: RGB
    series: tuple[RGB, ...] = ((236, 88, 80), (80, 170, 240), (246, 196, 64), (120, 214, 120))
    """Line colours of the standings chart, one per seat."""


DEFAULT_THEME = Theme(
    name="green",
    felt=(30, 104, 70),
    felt_edge=(16, 66, 44),
    rail=(74, 46, 28),
    panel=(16, 30, 26),
    panel_edge=(96, 140, 116),
    text=(242, 240, 230),
    muted=(170, 190, 178),
    accent=(255, 200, 60),
    deciding=(120, 200, 255),
    gain=(120, 230, 140),
    loss=(255, 120, 110),
    card=(22, 58, 42),
    card_band=(14, 40, 30),
)

NAVY_THEME = Theme(
    name="navy",
    felt=(34, 62, 110),
    felt_edge=(18, 34, 66),
    rail=(40, 40, 48),
    panel=(14, 20, 36),
    panel_edge=(110, 130, 180),
    text=(240, 242, 250),
    muted=(170, 180, 210),
    accent=(255, 200, 60),
    deciding=(140, 230, 170),
    gain=(120, 230, 140),
    loss=(255, 120, 110),
    card=(26, 40, 70),
    card_band=(16, 26, 48),
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (DEFAULT_THEME, NAVY_THEME)}
