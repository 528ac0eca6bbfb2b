"""Names for bot seats: tavern regulars for level bots, the persona for characters."""

from __future__ import annotations

from collections.abc import Iterable

from game.names import BOT_NAMES, free_bot_name
from scenes.i18n import has, tr

#: bot ids that are levels, not characters: such bots get a tavern name
GENERIC_LEVELS = ("easy", "normal", "hard", "random")


def bot_label(game: str, bot_id: str) -> str:
    """The short display name of a bot id (level or persona)."""
    key = f"{game}.bots.{bot_id}"
    return tr(key) if has(key) else bot_id


def bot_seat_name(game: str, bot_id: str, taken: Iterable[str], index: int) -> str:
    """A name for a new bot seat that no other seat uses yet.

    A persona's first seat takes the persona's short name; a second bot of the
    same persona takes a tavern name like a level bot (its plate still says what
    it is), so no two seats read "Casual patron" and "Casual patron 2"."""
    used = {t.lower() for t in taken}
    if bot_id not in GENERIC_LEVELS:
        key = f"{game}.seat_names.{bot_id}"
        # (seat plates and log lines have no room for "Jogador nobre carteador invicto")
        own = tr(key) if has(key) else bot_label(game, bot_id)
        if own.lower() not in used:
            return own
    return free_bot_name(used, index)


def is_tavern_name(name: str) -> bool:
    """Whether a seat carries one of the tavern's names (not a persona's own)."""
    return name.strip().lower() in {n.lower() for n in BOT_NAMES}
