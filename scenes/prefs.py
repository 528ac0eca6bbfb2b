"""The player's settings, kept in `settings.json` in the config folder.

Hand-edited or damaged files never crash the app: unparsable files are moved
aside (game.storage), and each field that has a wrong type or value falls back
to its default while the rest is kept.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import storage
from scenes.i18n import LANGUAGES, detect_language
from scenes.palette import PALETTES
from scenes.text_scale import TEXT_SIZES

ANIMATION_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.2, "instant": 0.0}
MIN_WINDOW = (1024, 640)
DEFAULT_WINDOW = (1280, 800)


@dataclass
class Settings:
    """Everything the settings screen changes."""

    language: str = "en"
    fullscreen: bool = False
    window_width: int = DEFAULT_WINDOW[0]
    window_height: int = DEFAULT_WINDOW[1]
    music_volume: float = 0.4
    effects_volume: float = 0.8
    animation_speed: str = "normal"
    confirm_quit: bool = True
    show_odds: bool = False
    card_back: str = "crimson"
    #: player colours: "default" (the table's own) or "safe" (colour-blind safe)
    palette: str = "default"
    #: every text of the app at 100, 125 or 150 % (scenes/text_scale.py)
    text_size: int = 100
    #: the port the on-screen host listens on (a router's forwarding rule names it)
    host_port: int = 47474
    #: games whose first match already offered the guided game (asked once, ever)
    guided_offered: list[str] = field(default_factory=list)

    @property
    def speed_factor(self) -> float:
        """Multiplier of animation speed; 0 means instant."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)


CARD_BACKS = ("crimson", "forest")


def valid_port(value: Any) -> bool:
    """A port a host may listen on without special rights (1024-65535)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1024 <= value <= 65535


def _valid(name: str, value: Any) -> bool:
    checks: dict[str, Any] = {
        "language": lambda v: v in LANGUAGES,
        "fullscreen": lambda v: isinstance(v, bool),
        "window_width": lambda v: (
            isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 16384
        ),
        "window_height": lambda v: (
            isinstance(v, int) and not isinstance(v, bool) and 240 <= v <= 16384
        ),
        "music_volume": lambda v: (
            isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1
        ),
        "effects_volume": lambda v: (
            isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1
        ),
        "animation_speed": lambda v: v in ANIMATION_SPEEDS,
        "confirm_quit": lambda v: isinstance(v, bool),
        "show_odds": lambda v: isinstance(v, bool),
        "card_back": lambda v: v in CARD_BACKS,
        "palette": lambda v: v in PALETTES,
        "text_size": lambda v: isinstance(v, int) and not isinstance(v, bool) and v in TEXT_SIZES,
        "host_port": valid_port,
        "guided_offered": lambda v: isinstance(v, list) and all(isinstance(g, str) for g in v),
    }
    try:
        return bool(checks[name](value))
    except TypeError:  # a hand-edited list or object where a word belongs: unhashable
        return False


def settings_path() -> Path:
    """The settings file."""
    return storage.config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str]:
    """The saved settings and a translation key of a problem to report ("" if none)."""
    defaults = Settings(language=detect_language())
    missing = object()
    result = storage.read_json(settings_path(), missing)
    if result.data is missing:
        return defaults, result.problem
    if not isinstance(result.data, dict):  # `null`, a list, a number: not settings
        try:
            storage.move_aside(settings_path())
        except OSError:
            return defaults, "core.storage.unreadable"
        return defaults, "core.storage.corrupt"
    problem = ""
    values = asdict(defaults)
    for f in fields(Settings):
        if f.name in result.data:
            if _valid(f.name, result.data[f.name]):
                values[f.name] = result.data[f.name]
            else:
                problem = "ui.settings.some_reset"
    if problem:
        # The repaired settings will be written over the file: keep the player's
        # original (hand edits included) beside it first.
        storage.copy_aside(settings_path())
    s = Settings(**values)
    s.window_width = max(s.window_width, MIN_WINDOW[0])
    s.window_height = max(s.window_height, MIN_WINDOW[1])
    return s, problem


def save_settings(settings: Settings) -> None:
    """Write the settings atomically."""
    storage.atomic_write_json(settings_path(), asdict(settings))
