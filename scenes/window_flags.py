"""The app window's command-line flags (--size, --lang, --frames, ...).

Shared by the command line (main.py) and by the tools that open the app's
window themselves (`taverna bench`, `taverna soak`), which need the same
arguments the app would get; no pygame here, so `taverna simulate` stays light.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

#: rounds after which bots-only War ends on time (game.war.BOTS_ONLY_ROUNDS; kept
#: as a number here so `--help` does not import the engines)
WAR_BOTS_ROUNDS = 200


def window_size(text: str) -> tuple[int, int]:
    """The size "1280x800" as (1280, 800); an argparse type (at least 320x240)."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    return w, h


def add_gui_flags(p: argparse.ArgumentParser, *, again: bool = False) -> None:
    """The window flags. `again`: a subcommand's copy, which sets only what is
    given after the subcommand ("taverna --size 1024x640 play wyrt" kept the
    subcommand's empty defaults, and the size and language were lost)."""
    # argparse's own defaults (None; False for a switch) unless this is the copy
    unset = argparse.SUPPRESS if again else None
    off = argparse.SUPPRESS if again else False
    p.add_argument(
        "--frames", type=int, help="exit after N frames", default=argparse.SUPPRESS if again else 0
    )
    p.add_argument("--screenshot", metavar="PATH", help="save the last frame as PNG", default=unset)
    p.add_argument(
        "--autoplay",
        action="store_true",
        help=f"bots play every seat (War then ends on time [R7] after {WAR_BOTS_ROUNDS} "
        "rounds unless -o turn_limit=N; 0: no limit)",
        default=off,
    )
    p.add_argument("--lang", choices=["pt", "en"], help="interface language", default=unset)
    p.add_argument(
        "--palette",
        choices=["default", "safe"],
        help="player colours: the table's own or colour-blind safe",
        default=unset,
    )
    p.add_argument(
        "--text-size",
        type=int,
        choices=[100, 125, 150],
        metavar="100|125|150",
        help="every text at this size, in per cent (for this run only)",
        default=unset,
    )
    p.add_argument("--size", type=window_size, help="window size, e.g. 1280x800", default=unset)
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen", default=off)
    p.add_argument(
        "--scene",
        help="open a screen directly (settings, new:<game>, rules, stats, curtain)",
        default=unset,
    )


def window_args(argv: Sequence[str]) -> argparse.Namespace:
    """The app's arguments from window flags alone (what `App` reads), e.g.
    `window_args(["--size", "1280x800", "--lang", "en"])`."""
    parser = argparse.ArgumentParser(prog="taverna")
    add_gui_flags(parser)
    return parser.parse_args(list(argv))
