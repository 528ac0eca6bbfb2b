"""The player colours, by name, in two palettes (issue 50): the table's own
("default") and one colour-blind players can tell apart ("safe").

Every game names its seat and army colours by these six names (War's objectives
say "the red armies"), so a palette changes the shade, never the name; every
colour also keeps its emblem, the second cue. `tests/scenes/test_palette.py`
checks the safe palette with `scenes.colour_vision`: each pair of colours stays
at least `SAFE_MIN_DELTA_E` apart (CIEDE2000) for normal vision and as simulated
for protanopia, deuteranopia and tritanopia.
"""

from __future__ import annotations

Rgb = tuple[int, int, int]

NAMES: tuple[str, ...] = ("white", "red", "black", "blue", "yellow", "green")

PALETTES: dict[str, dict[str, Rgb]] = {
    "default": {
        "white": (236, 236, 230),
        "red": (196, 46, 40),
        "black": (44, 44, 48),
        "blue": (48, 96, 196),
        "yellow": (232, 196, 48),
        "green": (52, 150, 70),
    },
    # Shades from Okabe & Ito's and Paul Tol's schemes, tuned (a search over their
    # variants) so that the closest pair under any of the three dichromacies is
    # as far apart as it gets: 22.2 (protanopia, yellow-green)
    "safe": {
        "white": (250, 250, 250),
        "red": (204, 51, 17),
        "black": (34, 34, 34),
        "blue": (0, 90, 181),
        "yellow": (255, 200, 0),
        "green": (0, 180, 140),
    },
}

#: the safe palette's promise: no two colours closer than this (CIEDE2000)
SAFE_MIN_DELTA_E = 20.0

_active = "default"


def use_palette(name: str) -> None:
    """Choose the palette every table draws from; raises ValueError for an unknown one."""
    global _active
    if name not in PALETTES:
        raise ValueError(f"palette must be one of {', '.join(PALETTES)}, not {name!r}")
    _active = name


def active_palette() -> str:
    """The palette in use."""
    return _active


def colour(name: str) -> Rgb:
    """The shade of a named player colour in the active palette."""
    return PALETTES[_active][name]
