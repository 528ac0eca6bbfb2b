"""The text size setting: every text of the app drawn at 100, 125 or 150 %.

One factor, read in one place by each kind of text: `style.font` and
`style.symbols_font` (our own drawn text) and `scaled_theme` (pygame-gui's
theme, its font sizes multiplied when the UI manager is built). No pygame
here: the settings file's validator reads `TEXT_SIZES`.
"""

from __future__ import annotations

from typing import Any

#: the sizes the settings offer, in per cent
TEXT_SIZES: tuple[int, ...] = (100, 125, 150)

_percent = 100


def use_text_size(percent: int) -> None:
    """Draw text at `percent` % from now on (an unknown size draws at 100 %).
    Whoever calls this drops the caches that hold text drawn at the old size."""
    global _percent
    _percent = percent if percent in TEXT_SIZES else 100


def text_size() -> int:
    """The text size in use, in per cent."""
    return _percent


def scaled(px: int | float) -> int:
    """A font size in pixels at the text size in use (exactly `px` at 100 %)."""
    if _percent == 100:
        return int(px)
    return int(round(px * _percent / 100))


def scaled_theme(theme: Any) -> Any:
    """A pygame-gui theme (the parsed JSON) with every "font" block's size
    scaled; at 100 % the very same object."""
    if _percent == 100:
        return theme
    if isinstance(theme, dict):
        out = {k: scaled_theme(v) for k, v in theme.items()}
        font = out.get("font")
        if isinstance(font, dict) and "size" in font:
            out["font"] = {**font, "size": str(scaled(int(font["size"])))}
        return out
    if isinstance(theme, list):
        return [scaled_theme(v) for v in theme]
    return theme
