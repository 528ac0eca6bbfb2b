"""Where the app's data-only assets live (fonts, theme, translations, rules)."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
TRANSLATIONS = ASSETS / "translations"
RULES = ASSETS / "rules"
FONTS = ASSETS / "fonts"
THEME = ASSETS / "theme" / "theme.json"
ICON = ASSETS / "icon" / "taverna-64.png"
