"""The table screens, one per game, and how to open one.

`TABLES` maps a game to "module:Class" of its table scene; a game without an
entry has no table yet and the new-match screen says so plainly.
"""

from __future__ import annotations

import argparse
import importlib
import random
from typing import TYPE_CHECKING, Any

from scenes.i18n import tr
from scenes.names import bot_seat_name

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.base import TableScene
    from scenes.tables.face import SeatSetup

TABLES: dict[str, str] = {
    "war": "scenes.tables.war:WarTable",
    "wyr": "scenes.tables.wyr:WyrTable",
    "wyrt": "scenes.tables.wyrt:WyrtTable",
    "chama": "scenes.tables.chama:ChamaTable",
}


def register_table(game: str, path: str) -> None:
    """Add a table (tests register tables for their tiny games)."""
    TABLES[game] = path


def table_ready(game: str) -> bool:
    """Whether a game has both an engine and a table scene."""
    from game import GAMES
    from game.registry import GAMES as REG

    return game in TABLES and (game in GAMES or game in REG._loaded)


def table_class(game: str) -> type[TableScene]:
    """The table scene class of a game."""
    module, _, cls = TABLES[game].partition(":")
    return getattr(importlib.import_module(module), cls)


def open_table(
    app: AppHost,
    game: str,
    seats: list[SeatSetup],
    seed: int,
    options: dict[str, Any],
    practice: bool = False,
) -> TableScene:
    """Build a new match and its table; raises ValueError (plain words) when impossible."""
    from game import OptionsError, new_match

    options = table_options(game, seats, options)
    try:
        match = new_match(game, [s.name for s in seats], seed=seed, options=options)
    except OptionsError as e:
        from scenes.i18n import tr_error

        raise ValueError(tr_error(e)) from e
    return table_class(game)(app, match, seats, practice=practice)


def table_options(game: str, seats: list[SeatSetup], options: dict[str, Any]) -> dict[str, Any]:
    """The options a new table's match starts from: what the table adds (a
    profile's life points) and the bots' own choices (Wyrt personas). Raises
    ValueError in plain words when the table cannot be played."""
    from game import OptionsError, get_info
    from game.registry import with_bot_choices

    if not table_ready(game):
        raise ValueError(tr("ui.new_match.not_ready", game=tr(f"ui.games.{game}")))
    prepare = getattr(table_class(game), "prepare_options", None)
    if callable(prepare):  # a table may add options the app knows (a profile's life points)
        options = prepare(seats, dict(options))
    try:
        return with_bot_choices(get_info(game), [s.bot for s in seats], options)
    except OptionsError as e:
        from scenes.i18n import tr_error

        raise ValueError(tr_error(e)) from e


def open_table_from_args(app: AppHost, args: argparse.Namespace) -> TableScene:
    """`taverna play <game> --seats … --seed …` (with --autoplay: bots everywhere)."""
    from game import get_info
    from game.registry import bots_only_options, resolve_bot_id
    from scenes.tables.face import SeatSetup

    if not table_ready(args.game):
        # A command-line sentence, not the new-match screen's.
        raise ValueError(
            f"{args.game} cannot be played on screen yet in this version (its table is not "
            f"built); bots can play it headless: taverna simulate {args.game} "
            f"--seats bot:normal,bot:normal"
        )
    info = get_info(args.game)
    specs = [s for s in (args.seats or "").split(",") if s.strip()]
    if not specs:
        specs = ["Ana"] + [f"bot:{info.bot_ids[len(info.bot_ids) // 2]}"] * (
            max(2, info.min_seats) - 1
        )
    seats: list[SeatSetup] = []
    for i, spec in enumerate(specs):
        s = spec.strip()
        if s.lower().startswith("bot:"):
            bot = resolve_bot_id(info, s.split(":", 1)[1])
            if bot not in info.bot_ids and bot != "random":
                raise ValueError(
                    f"{args.game} has no bot {bot!r}; choose one of {', '.join(info.bot_ids)}"
                )
            seats.append(SeatSetup(bot_seat_name(args.game, bot, (x.name for x in seats), i), bot))
        else:
            seats.append(SeatSetup(s, None))
    options = dict(args.option)
    if args.autoplay:
        middle = info.bot_ids[len(info.bot_ids) // 2]
        seats = [SeatSetup(s.name, s.bot or middle) for s in seats]
        options = bots_only_options(info, len(seats), options)  # War: the [R7] timed end
    _dedupe_names(seats)
    seed = args.seed if args.seed is not None else random.randrange(1, 10**6)
    return open_table(
        app,
        args.game,
        seats,
        seed,
        options,
        practice=bool(getattr(args, "practice", False)),
    )


def _dedupe_names(seats: list[SeatSetup]) -> None:
    """Two seats never share a name ("Bot normal", "Bot normal 2")."""
    seen: dict[str, int] = {}
    for s in seats:
        n = seen.get(s.name, 0) + 1
        seen[s.name] = n
        if n > 1:
            s.name = f"{s.name} {n}"
