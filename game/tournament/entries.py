"""Entrants: the bots a tournament can enter, and checking an entrant's name and bot."""

from __future__ import annotations

from collections.abc import Sequence

from game.registry import OptionsError, get_info, make_bot
from game.tournament.errors import TournamentError

#: An entrant as given to `create_tournament`: a human's name, or (name, bot id).
EntrantSpec = str | tuple[str, str | None]


def bot_choices(game: str) -> list[str]:
    """Bot ids a tournament of `game` can enter: the game's bots, else "random"."""
    info = get_info(game)
    return list(info.bot_ids) if info.make_bot is not None else ["random"]


def check_name(name: str, taken: set[str]) -> str:
    """`name` stripped; refused when empty or already `taken`."""
    clean = str(name).strip()
    if not clean:
        raise TournamentError("tournament.errors.empty_name", "every entrant needs a name")
    if clean in taken:
        raise TournamentError(
            "tournament.errors.duplicate_name", f"two entrants are called {clean!r}", name=clean
        )
    return clean


def check_bot(game: str, bot: str | None) -> None:
    """Refuse a bot id `game` does not have (None, a human, always passes)."""
    if bot is None:
        return
    try:
        make_bot(game, bot)
    except OptionsError:
        raise TournamentError(
            "tournament.errors.unknown_bot",
            f"{game} has no bot {bot!r}; choose one of {', '.join(bot_choices(game))}",
            bot=bot,
            choices=", ".join(bot_choices(game)),
        ) from None


def bot_entrants(game: str, count: int, bot_ids: Sequence[str] = ()) -> list[EntrantSpec]:
    """`count` bot entrants cycling through `bot_ids` (default: `bot_choices`).

    Names read "<bot id> #<k>" so every entrant's name is unique.
    """
    ids = list(bot_ids) or bot_choices(game)
    return [(f"{ids[k % len(ids)]} #{k + 1}", ids[k % len(ids)]) for k in range(count)]
