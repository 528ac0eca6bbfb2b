"""Translations: every user-visible string goes through `tr(key, **params)`.

Files are `assets/translations/<namespace>.<lang>.json` (python-i18n, the
library pygame-gui uses, so UI elements given a key re-translate themselves when
the language changes). Keys look like `ui.menu.play`; placeholders `%{name}`.
"""

from __future__ import annotations

import contextlib
import locale
import os
from collections.abc import Callable
from typing import Any

import i18n

from scenes.paths import TRANSLATIONS

LANGUAGES: tuple[str, ...] = ("pt", "en")
_configured = False
#: key prefix ("war.") -> a function putting that game's ids among a refusal's
#: params in words (the engine speaks in ids, e.g. War's Portuguese board ids)
_PARAM_WORDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _configure() -> None:
    global _configured
    if _configured:
        return
    i18n.set("file_format", "json")
    i18n.set("fallback", "en")
    i18n.set("enable_memoization", True)
    path = str(TRANSLATIONS)
    if path not in i18n.load_path:
        i18n.load_path.append(path)
    _configured = True


def detect_language() -> str:
    """pt when the system locale starts with "pt", else en."""
    candidates = [os.environ.get(v, "") for v in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    for c in candidates:
        if c:
            return "pt" if c.lower().startswith("pt") else "en"
    return "en"


def set_language(lang: str) -> None:
    """Switch the language of `tr` (the UI manager is switched by the app)."""
    _configure()
    i18n.set("locale", lang if lang in LANGUAGES else "en")


def language() -> str:
    """The current language code."""
    _configure()
    return str(i18n.get("locale"))


def tr(key: str, **params: Any) -> str:
    """The text of `key` in the current language; the key itself if missing."""
    _configure()
    return str(i18n.t(key, **params))


#: words on screen: a text as it is, or how to tell it (called again after a
#: language switch, so what stays open rewords itself: dialogs)
Words = str | Callable[[], str]


def later(key: str, **params: Any) -> Callable[[], str]:
    """`tr(key, **params)` told when called, in the language of that moment.

    The params' values are fixed now; a value that is itself callable (another
    `later`, such as a game's name) is told at that moment too."""

    def tell() -> str:
        return tr(key, **{k: v() if callable(v) else v for k, v in params.items()})

    return tell


def said(words: Words) -> str:
    """The text of `words` in the current language."""
    return words() if callable(words) else words


def has(key: str) -> bool:
    """Whether `key` has a translation in the current language."""
    return tr(key, count=1) != key  # a count lets a plural entry (one/many) answer too


def tr_first(keys: list[str], **params: Any) -> str:
    """The first of `keys` that is translated (for game-specific overrides)."""
    for k in keys:
        text = tr(k, **params)
        if text != k:
            return text
    return keys[-1]


def register_param_words(prefix: str, words: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Have `tr_error` pass the params of errors whose key starts with `prefix`
    through `words` (a game's scenes register how its ids read on screen)."""
    _PARAM_WORDS[prefix] = words


def tr_error(exc: Exception) -> str:
    """A readable message for an IllegalAction / OptionsError / other error."""
    key = getattr(exc, "key", None)
    if isinstance(key, str):
        params = dict(getattr(exc, "params", {}) or {})
        for prefix, words in _PARAM_WORDS.items():
            if key.startswith(prefix):
                params = words(params)
        text = tr(key, **params)
        if text != key:
            return text
    return str(exc)


def grouped(amount: int) -> str:
    """A whole number with the thousands separator of the language in use:
    1250 -> "1.250" in Portuguese, "1,250" in English (every amount on screen)."""
    text = f"{amount:,}"
    return text.replace(",", ".") if language() == "pt" else text
