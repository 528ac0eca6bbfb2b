"""Names at a table: the tavern's regulars for seats nobody named (proper names,
the same in every language), and the one cleaning every typed or received name
goes through (`clean_name`, `unique_name`)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: names for bot seats
BOT_NAMES = (
    "Borin",
    "Lisandra",
    "Thorgrim",
    "Mirela",
    "Kaelen",
    "Odalys",
    "Tibério",
    "Yasmin",
    "Galvão",
    "Ravena",
    "Dario",
    "Sélia",
)


def free_bot_name(taken: Iterable[str], index: int) -> str:
    """The first tavern name no seat uses yet ("Bot N" when all are taken)."""
    used = {t.lower() for t in taken}
    return next((n for n in BOT_NAMES if n.lower() not in used), f"Bot {index + 1}")


#: the longest name a seat may carry (characters)
MAX_NAME = 24
#: combining marks kept on one letter ("ã" has one; "Zalgo" text has dozens)
_MARKS_PER_LETTER = 2
#: Unicode categories dropped from a name: controls, format characters (bidi
#: overrides, zero-width), lone surrogates, private use, unassigned
_DROPPED = frozenset(("Cc", "Cf", "Cs", "Co", "Cn"))
#: categories that make a name visible (letters, digits, punctuation, symbols)
_VISIBLE = frozenset("LNPS")


def clean_name(raw: object, limit: int = MAX_NAME) -> str:
    """A name made safe to draw, save and print, or "" when nothing visible is left.

    Every name typed at this screen or sent by another machine goes through here:
    valid Unicode only (NFC), no control or format characters, no lone
    surrogates, white space folded to single spaces and trimmed, at most `limit`
    characters and at least one visible one.
    """
    if not isinstance(raw, str):
        return ""
    # Lone surrogates cannot be normalised (nor encoded): they go first.
    text = "".join(ch for ch in raw if not 0xD800 <= ord(ch) <= 0xDFFF)
    text = unicodedata.normalize("NFC", text)
    out: list[str] = []
    marks = 0
    for ch in text:
        cat = unicodedata.category(ch)
        if ch.isspace() or cat in ("Zs", "Zl", "Zp"):
            out.append(" ")
            marks = 0
        elif cat in _DROPPED:
            continue
        elif cat[0] == "M":
            if not out or out[-1] == " " or marks >= _MARKS_PER_LETTER:
                continue
            out.append(ch)
            marks += 1
        else:
            out.append(ch)
            marks = 0
    name = " ".join("".join(out).split())
    name = name[:limit].rstrip()
    if not any(unicodedata.category(ch)[0] in _VISIBLE for ch in name):
        return ""
    return name


def name_key(name: str) -> str:
    """What two names are compared by: "Ana", "ANA" and "Ａｎａ" are one name."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def unique_name(name: str, taken: Iterable[str], limit: int = MAX_NAME) -> str:
    """`name`, or "name (2)", "name (3)" … when another seat already shows it."""
    used = {name_key(t) for t in taken}
    if name_key(name) not in used:
        return name
    n = 2
    while True:
        tail = f" ({n})"
        candidate = name[: max(1, limit - len(tail))].rstrip() + tail
        if name_key(candidate) not in used:
            return candidate
        n += 1
